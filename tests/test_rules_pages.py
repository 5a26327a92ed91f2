"""The rules pages that ``make vendor`` builds (tools/build_rules.py): one standalone page per
game, everything its Markdown says, links that lead somewhere, and the pinned library.

The fixture runs the build (idempotent: a page is rewritten only when its text changed), so this
module checks exactly the files the app and the e2e tests serve. The Markdown is read here with
a few regular expressions, independently of the library, so the two are compared rather than
the library with itself.
"""

from __future__ import annotations

import re
from dataclasses import replace
from html.parser import HTMLParser
from importlib import metadata
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from engine import GAMES
from engine.bots import levels
from tools import build_rules as builder
from ui.app.catalog import CATALOG
from ui.app.play_setup import parse_play
from ui.app.routes import RouteError, parse_hash

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class Element:
    def __init__(self, tag: str, attrs: dict[str, str], in_body: bool) -> None:
        self.tag = tag
        self.attrs = attrs
        self.in_body = in_body  # inside [data-rules-body]: the rendered Markdown
        self.text = ""


class Page(HTMLParser):
    """Every element of a page with its attributes and text content, in document order."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[Element] = []
        self._open: list[Element] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        in_body = any(e.in_body or "data-rules-body" in e.attrs for e in self._open)
        element = Element(tag, values, in_body)
        self.elements.append(element)
        if tag not in VOID:
            self._open.append(element)

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            if self._open.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for element in self._open:
            element.text += data

    def body(self, *tags: str) -> list[Element]:
        return [e for e in self.elements if e.in_body and e.tag in tags]

    def all(self, *tags: str) -> list[Element]:
        return [e for e in self.elements if e.tag in tags]

    def ids(self) -> set[str]:
        return {e.attrs["id"] for e in self.elements if "id" in e.attrs}


@pytest.fixture(scope="module")
def pages() -> dict[str, Page]:
    builder.build(log=lambda _line: None)
    return {path.stem: Page(path.read_text(encoding="utf-8")) for path in sorted(RULES.glob("*.html"))}


def plain(markdown: str) -> str:
    """Inline Markdown as the text a reader sees (markers gone, links as their label)."""
    pieces = re.split(r"`([^`]*)`", markdown)  # odd pieces: code spans, taken as they are
    for index in range(0, len(pieces), 2):
        pieces[index] = re.sub(r"\*", "", re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", pieces[index]))
    return " ".join("".join(pieces).split())


def squash(text: str) -> str:
    # A card chip shows a piece glyph before its notation; the Markdown has only the notation.
    return " ".join(re.sub(r"[\u2654-\u265f]\ufe0e?", "", text).split())


def source(game_id: str) -> str:
    return (RULES / f"{game_id}.md").read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- one page per game


def test_one_page_per_game(pages: dict[str, Page]) -> None:
    assert set(pages) == set(GAMES) == {item.id for item in CATALOG}
    for game_id, page in pages.items():
        title = GAMES[game_id].title
        assert [e.text for e in page.all("title")] == [f"{title}: rules — Five Checks"]
        assert [squash(e.text) for e in page.body("h1")] == [title], game_id
        # No script of any kind: the page is complete with JavaScript off.
        assert not page.all("script"), game_id
        # The site's styles, from the site itself.
        sheets = [e.attrs["href"] for e in page.all("link") if e.attrs.get("rel") == "stylesheet"]
        assert sheets == ["../../ui/shell.css", "../../ui/style.css"], sheets


def test_every_heading_of_the_markdown_is_in_the_page(pages: dict[str, Page]) -> None:
    for game_id, page in pages.items():
        wanted = [(f"h{len(m[1])}", plain(m[2])) for m in re.finditer(r"(?m)^(#{1,6})\s+(.+?)\s*$", source(game_id))]
        found = [(e.tag, squash(e.text)) for e in page.body("h1", "h2", "h3", "h4", "h5", "h6")]
        assert found == wanted, game_id
        assert all("id" in e.attrs for e in page.body("h1", "h2", "h3", "h4")), "headings can be linked"


def test_every_list_item_is_in_the_page(pages: dict[str, Page]) -> None:
    for game_id, page in pages.items():
        items = re.findall(r"(?m)^\s*(?:[-*+]|\d+[.)])\s+(.+)$", source(game_id))
        found = [squash(e.text) for e in page.body("li")]
        assert len(found) == len(items), game_id
        for item, text in zip(items, found, strict=True):
            assert text.startswith(plain(item)), (game_id, item, text)
        numbered = bool(re.search(r"(?m)^\s*\d+[.)]\s", source(game_id)))
        assert bool(page.body("ol")) == numbered, game_id

def test_every_table_is_in_the_page(pages: dict[str, Page]) -> None:
    for game_id, page in pages.items():
        blocks = re.findall(r"(?m)(?:^\|.*\|[ \t]*\n?)+", source(game_id))
        tables = page.body("table")
        assert len(tables) == len(blocks), game_id
        cells = [plain(cell) for block in blocks for cell in block.splitlines()[0].strip().strip("|").split("|")]
        assert [squash(e.text) for e in page.body("th")] == cells, game_id
        # Every line of a block but the delimiter row is a row of the table.
        assert len(page.body("tr")) == sum(len(block.strip().splitlines()) - 1 for block in blocks), game_id
        # Each table sits in a wrapper that scrolls sideways on a phone, not the whole page.
        assert len([e for e in page.body("div") if e.attrs.get("class") == "table-wrap"]) == len(blocks)


def test_every_link_of_the_markdown_is_in_the_page(pages: dict[str, Page]) -> None:
    for game_id, page in pages.items():
        links = re.findall(r"(?<!!)\[([^\]]+)\]\(([^)\s]+)\)", source(game_id))
        found = [(squash(e.text), e.attrs.get("data-route", "")) for e in page.body("a")]
        assert len(found) == len(links), game_id
        for (label, href), (text, route) in zip(links, found, strict=True):
            assert text == plain(label)
            assert route == builder.link_targets(href, game_id)[1]


def test_card_notation_is_drawn_as_cards(pages: dict[str, Page]) -> None:
    chips = [e for e in pages["chess-cards"].body("span") if "chip" in e.attrs.get("class", "").split()]
    assert {e.attrs["data-card"] for e in chips} >= {"bQ", "rR", "yB", "wP"}
    assert all(e.attrs["title"] for e in chips), "a chip names its card for a screen reader"


# ----------------------------------------------------------------------------- links


def check_route(route: str, where: str) -> None:
    """An app route that leads to a screen, not to "page not found" or a refused play route."""
    parsed = parse_hash(route)
    # ui.main takes lang= (the language of a translated page's links) before any screen reads the route.
    parsed = replace(parsed, query=tuple(item for item in parsed.query if item[0] != "lang"))
    if not parsed.parts:
        return
    game_id, rest = parsed.parts[0], parsed.parts[1:]
    assert game_id in GAMES, f"{where}: {route} names no game"
    assert rest in ((), ("rules",), ("play",)), f"{where}: {route} is no screen"
    if rest == ("play",):
        game = GAMES[game_id]
        try:
            parse_play(game_id, parsed.query, [o.name for o in game.options],
                       (game.min_players, game.max_players), levels(game_id))
        except RouteError as error:
            pytest.fail(f"{where}: {route}: {error}")


def check_link(page_file: Path, href: str) -> None:
    where = f"{page_file.relative_to(ROOT)}: {href}"
    parts = urlsplit(href)
    assert not parts.scheme and not parts.netloc, f"{where} leaves the site"
    target = (page_file.parent / parts.path).resolve() if parts.path else page_file
    assert target.is_file(), f"{where}: no file {target}"
    assert target.is_relative_to(ROOT), f"{where} leaves the repository"
    if parts.fragment.startswith("/"):  # an app route, which index.html follows
        assert target == ROOT / "index.html", f"{where}: an app route outside index.html"
        check_route("#" + parts.fragment, where)
    elif parts.fragment:
        assert parts.fragment in Page(target.read_text(encoding="utf-8")).ids(), f"{where}: no such id"


def test_every_relative_link_resolves(pages: dict[str, Page]) -> None:
    checked = 0
    for game_id, page in pages.items():
        page_file = RULES / f"{game_id}.html"
        for element in page.all("a", "link"):
            href = element.attrs.get("href", "")
            if href.startswith("data:"):
                continue
            check_link(page_file, href)
            checked += 1
            if "data-route" in element.attrs:
                check_route(element.attrs["data-route"], f"{page_file.name}: {href}")
        # Back to the game's setup and to the gallery, and on to every other game's rules.
        hrefs = {e.attrs.get("href") for e in page.all("a")}
        assert {"../../index.html", f"../../index.html#/{game_id}"} <= hrefs, game_id
        assert {f"{other}.html" for other in GAMES if other != game_id} <= hrefs, game_id
    assert checked >= 10 * len(pages)


def test_the_static_shell_links_every_rules_page() -> None:
    index = ROOT / "index.html"
    shell = Page(index.read_text(encoding="utf-8"))
    rules = [e.attrs["href"] for e in shell.all("a") if e.attrs.get("href", "").startswith("docs/rules/")]
    assert rules == [f"docs/rules/{item.id}.html" for item in CATALOG]
    for href in rules:
        check_link(index, href)


def test_a_link_the_app_cannot_follow_stops_the_build() -> None:
    md = builder.markdown()
    with pytest.raises(builder.BuildError, match="https://example.com"):
        builder.body_html(md, "checks", "See [elsewhere](https://example.com).")
    with pytest.raises(builder.BuildError, match="nowhere.md"):
        builder.body_html(md, "checks", "See [nothing](nowhere.md).")
    html = builder.body_html(md, "checks", "[Check!](check.md#scoring) or [play](#/check/play?seats=human,bot)")
    assert 'href="check.html#scoring" data-route="#/check/rules"' in html
    assert 'href="../../index.html#/check/play?seats=human,bot" data-route="#/check/play?seats=human,bot"' in html


def test_markdown_cannot_inject_markup() -> None:
    html = builder.body_html(builder.markdown(), "checks", '<script>alert(1)</script> <b onclick="x">b</b>\n\n> note')
    assert "<script" not in html and "<b " not in html
    assert "&lt;script&gt;" in html
    assert '<aside class="note">' in html


# ----------------------------------------------------------------------------- the library


def test_the_library_is_the_pinned_one(pages: dict[str, Page]) -> None:
    pinned = builder.pinned_version("markdown-it-py")
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned)
    assert metadata.version("markdown-it-py") == pinned
    assert metadata.version("mdurl") == builder.pinned_version("mdurl")
    for game_id, page in pages.items():
        generator = [e.attrs["content"] for e in page.all("meta") if e.attrs.get("name") == "generator"]
        assert generator == [f"markdown-it-py {pinned}"], game_id


def test_the_build_is_up_to_date_and_idempotent(pages: dict[str, Page]) -> None:
    assert builder.build(write=False) == []
    assert builder.main(["--check"]) == 0


def test_the_old_renderer_is_gone() -> None:
    assert not (ROOT / "ui" / "markdown.py").exists()
    assert "markdown" not in (ROOT / "pyscript.toml").read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- other languages


def translations() -> list[tuple[str, str]]:
    """(language, game id) of every rules text a translator wrote (docs/rules/<lang>/<id>.md)."""
    return [(lang, path.stem) for lang in builder.languages()[1:]
            for path in sorted((RULES / lang).glob("*.md"))]


def test_every_language_has_a_page_per_game_in_its_own_words(pages: dict[str, Page]) -> None:
    from ui.app.catalog import game_title
    from ui.kit import i18n
    from ui.kit.i18n import _

    assert builder.languages()[1:] == list(i18n.LANGUAGES[1:]) == ["ar"]
    for lang in builder.languages()[1:]:
        folder = RULES / lang
        assert {path.stem for path in folder.glob("*.html")} == set(GAMES), lang
        with builder.speaking(lang):
            for game_id in GAMES:
                page_file = folder / f"{game_id}.html"
                page = Page(page_file.read_text(encoding="utf-8"))
                html = page.all("html")[0]
                assert (html.attrs["lang"], html.attrs["dir"]) == (lang, i18n.direction(lang))
                title = game_title(game_id)
                assert title != GAMES[game_id].title, "the title is translated"
                assert [e.text for e in page.all("title")] == [_("{game}: rules — Five Checks", game=title)]
                crumbs = next(e for e in page.all("nav") if e.attrs.get("class") == "crumbs")
                assert crumbs.text.split(" › ") == [_("All games"), title, _("rules")]
                hrefs = [e.attrs["href"] for e in page.all("a")]
                # Within the language: the siblings beside it, the app in this language.
                assert {f"{other}.html" for other in GAMES if other != game_id} <= set(hrefs)
                assert f"../../../index.html#/?lang={lang}" in hrefs
                assert f"../../../index.html#/{game_id}?lang={lang}" in hrefs
                for href in hrefs:
                    check_link(page_file, href)
                    if "#/" in href:
                        assert href.endswith(f"lang={lang}"), href
                # A game whose text is not translated yet: the English text, marked as such.
                body = next(e for e in page.all("div") if "data-rules-body" in e.attrs)
                translated = (RULES / lang / f"{game_id}.md").is_file()
                marked = (body.attrs.get("lang"), body.attrs.get("dir"))
                assert marked == ((None, None) if translated else ("en", "ltr"))
                english_h1 = [squash(e.text) for e in pages[game_id].body("h1")]
                if not translated:
                    assert [squash(e.text) for e in page.body("h1")] == english_h1


def test_a_translated_page_keeps_the_english_anchors(pages: dict[str, Page]) -> None:
    from ui.app.catalog import game_title

    assert ("ar", "checkmate") in translations()
    for lang, game_id in translations():
        page = Page((RULES / lang / f"{game_id}.html").read_text(encoding="utf-8"))
        ids = [e.attrs["id"] for e in page.body("h1", "h2", "h3", "h4", "h5", "h6")]
        assert ids == [e.attrs["id"] for e in pages[game_id].body("h1", "h2", "h3", "h4", "h5", "h6")], (lang, game_id)
        # The {#id} is gone from the text; the text is the translator's, not the English.
        headings = [squash(e.text) for e in page.body("h1", "h2", "h3")]
        assert not any("{#" in text for text in headings)
        assert not set(headings) & {squash(e.text) for e in pages[game_id].body("h2", "h3")}, (lang, game_id)
        # Its heading is the game's title as the catalog says it in that language.
        with builder.speaking(lang):
            assert [squash(e.text) for e in page.body("h1")] == [game_title(game_id)], (lang, game_id)
    page = Page((RULES / "ar" / "checkmate.html").read_text(encoding="utf-8"))
    assert [squash(e.text) for e in page.body("h1")] == ["كش مات"]


def test_a_heading_may_give_its_own_id() -> None:
    md = builder.markdown()
    html = builder.body_html(md, "checks", "## البطاقات {#the-cards}\n\n## *Jokers* {#jokers}\n\n## Plain words\n")
    assert '<h2 id="the-cards">البطاقات</h2>' in html
    assert '<h2 id="jokers"><em>Jokers</em></h2>' in html
    assert '<h2 id="plain-words">Plain words</h2>' in html
    with pytest.raises(builder.BuildError, match="two headings have the id 'x'"):
        builder.body_html(md, "checks", "## A {#x}\n\n## B {#x}\n")


def test_a_translation_whose_anchors_differ_stops_the_build() -> None:
    english: list[str] = []
    builder.body_html(builder.markdown(), "checks", "# Checks\n\n## The cards\n\n## Scoring\n", ids=english)
    assert english == ["checks", "the-cards", "scoring"]
    ids: list[str] = []
    arabic = "# تشيكس {#checks}\n\n## الأوراق {#cards}\n\n## النقاط {#scoring}\n"
    builder.body_html(builder.markdown(), "checks", arabic, "ar", ids)
    with pytest.raises(builder.BuildError, match=r"docs/rules/ar/checks.md: .*lacks the-cards; adds cards"):
        builder.same_ids("docs/rules/ar/checks.md", ids, english)
    builder.same_ids("docs/rules/ar/checks.md", english, english)


def test_a_translated_page_links_its_siblings_and_the_app_in_its_language() -> None:
    html = builder.body_html(builder.markdown(), "checks",
                             "[كِش!](check.md#scoring) [العب](#/check/play?seats=human,bot) [الكل](#/)", "ar")
    assert 'href="check.html#scoring" data-route="#/check/rules"' in html
    assert ('href="../../../index.html#/check/play?seats=human,bot&amp;lang=ar" '
            'data-route="#/check/play?seats=human,bot"') in html
    assert 'href="../../../index.html#/?lang=ar" data-route="#/"' in html


def test_the_screen_fetches_the_page_of_the_readers_language() -> None:
    from ui.screens.rules import page_language, page_path

    assert page_path("checkmate") == "docs/rules/checkmate.html"
    assert page_path("checkmate", "ar") == "docs/rules/ar/checkmate.html"
    assert page_language("ar") == "ar"
    # A language with no pages (a pseudo-locale, one the build lacks): the English page.
    assert page_language("qps") == page_language("qps-rtl") == page_language("fr") == "en"
    assert page_language("en") == "en"
