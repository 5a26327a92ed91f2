#!/usr/bin/env python3
"""Render the rules of every game, ``docs/rules/<id>.md``, into ``docs/rules/<id>.html``.

Each page stands alone: the site's styles, breadcrumbs back to the gallery and to the game's
setup (``../../index.html#/<id>``), and no script at all, so it is readable with JavaScript off
and before Python has started (the static shell of index.html links to it). The app's
``#/<id>/rules`` route fetches the same file and shows its ``[data-rules-body]`` element, so
both show one HTML (ui/screens/rules.py). The pages sit beside their sources so that ``docs/rules/`` is
the one folder to host (README "Host it") and a link from one .md to another (``check.md``)
keeps its meaning once both are HTML.

Markdown is CommonMark plus tables (markdown-it-py, pinned in requirements-build.txt), with:

* raw HTML and images off: the text is prose, and everything the page shows comes from here;
* headings get ids (``## The cards`` -> ``id="the-cards"``) so a section can be linked;
* a ``>`` block is a note (``aside.note``), as the app styles it;
* a table is wrapped in ``div.table-wrap``, which scrolls sideways on a phone, not the page;
* a code span in card notation (`` `bQ` ``) becomes the card chip of the Chess Cards table;
* a link may go to another rules page (``check.md``, ``check.md#scoring``) or to an app route
  (``#/checks/play?seats=human,bot``). The page gets an ``href`` that works from
  ``docs/rules/`` and the app route in ``data-route``, which the app follows instead. Any other
  link stops the build: the app works offline and does not send readers elsewhere by surprise.

Every language the build has a catalog for (``tools.catalog.languages``: Arabic) has its pages
too: ``docs/rules/<lang>/<id>.md`` -> ``docs/rules/<lang>/<id>.html``, ``<html lang dir>`` of
that language, the frame's words (breadcrumbs, buttons, title) from its catalog, links to the
sibling pages of the same language, app routes carrying ``lang=<lang>``. A heading may give its
id, ``## البطاقات {#the-cards}``, so that a translated page keeps the English page's anchors:
the build fails naming the ids a translated page lacks or adds. A game whose text a language
does not have yet gets its English text in that language's frame (marked ``lang="en"``), so
that the app finds a page for every game in every language it offers.

The output is git-ignored and rebuilt by ``make vendor``; a file is rewritten only when its
content changes. Usage: ``python3 -m tools.build_rules [--check]`` (``--check``: exit 1 if a
page is missing or stale, write nothing).
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import escape
from importlib import metadata
from pathlib import Path
from typing import Any

from ui.app.catalog import CATALOG, entry, game_title
from ui.app.routes import parse_hash
from ui.kit import i18n
from ui.kit.dom import Node, classes
from ui.kit.i18n import _, translated
from ui.screens.rules import (
    PAGE_DESCRIPTION,
    ROUTE_ATTR,
    RULES_DIR,
    article,
    code_node,
    folder,
    page_path,
    source_path,
)

ROOT = Path(__file__).resolve().parent.parent

LIBRARY = "markdown-it-py"
REQUIREMENTS = ROOT / "requirements-build.txt"
#: index.html as seen from docs/rules/, where the pages are.
INDEX = "../" * RULES_DIR.count("/") + "../index.html"
#: The comment that marks a page as built here (so a stale page may be removed).
MARK = "Built by tools/build_rules.py"

#: A heading's own id at its end: ``## البطاقات {#the-cards}``.
_EXPLICIT_ID = re.compile(r"\s*\{#(?P<id>[a-z0-9][a-z0-9-]*)\}\s*$")

_SIBLING = re.compile(r"(?:\./)?(?P<id>[a-z0-9-]+)\.md(?P<anchor>#[a-z0-9-]+)?")

PAGE = """\
<!doctype html>
<html lang="{lang}" dir="{dir}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{page_title}</title>
  <meta name="description"
        content="{description}">
  <meta name="generator" content="{library} {version}">
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="{up}ui/shell.css">
  <link rel="stylesheet" href="{up}ui/style.css">
</head>
<body>
  <!-- {mark} from {source}: do not edit, `make vendor` writes it again. -->
  <main class="shell static-page">
    <header class="site-bar"><a href="{index}">{site}</a></header>
    {article}
  </main>
</body>
</html>
"""


class BuildError(Exception):
    """A rules text the build cannot turn into a page (the message names file and problem)."""


class Raw(str):
    """HTML the build already wrote (the rendered Markdown): ``to_html`` passes it through.

    A ``str`` subclass, so ``ui.kit.dom.h`` keeps it as a child like any text.
    """


# ----------------------------------------------------------------------------- the library


def pinned_version(package: str = LIBRARY) -> str:
    """The version requirements-build.txt pins for ``package``."""
    for line in REQUIREMENTS.read_text(encoding="utf-8").splitlines():
        name, _, version = line.split("#", 1)[0].strip().partition("==")
        if name.strip().lower() == package.lower() and version:
            return version.strip()
    raise BuildError(f"{REQUIREMENTS.name} does not pin {package}")


def check_library() -> str:
    """The installed version of the library; BuildError unless it is the pinned one."""
    wanted = pinned_version()
    try:
        have = metadata.version(LIBRARY)
    except metadata.PackageNotFoundError:
        have = None
    if have != wanted:
        found = f"{LIBRARY} {have} is installed" if have else f"{LIBRARY} is not installed"
        raise BuildError(f"{found} but {REQUIREMENTS.name} pins {wanted}: run `make vendor` "
                         f"(or pip install -r {REQUIREMENTS.name})")
    return have


def markdown() -> Any:
    """The configured parser and renderer (see the module docstring for the choices)."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table").disable("image")
    md.core.ruler.push("rules_ids_and_links", _ids_and_links)
    md.add_render_rule("code_inline", _code_inline)
    md.add_render_rule("table_open", _table_open)
    md.add_render_rule("table_close", _table_close)
    md.add_render_rule("blockquote_open", lambda *_: '<aside class="note">\n')
    md.add_render_rule("blockquote_close", lambda *_: "</aside>\n")
    return md


def _code_inline(renderer: Any, tokens: list[Any], index: int, options: Any, env: dict) -> str:
    return to_html(code_node(tokens[index].content))


def _table_open(renderer: Any, tokens: list[Any], index: int, options: Any, env: dict) -> str:
    return '<div class="table-wrap">\n' + renderer.renderToken(tokens, index, options, env)


def _table_close(renderer: Any, tokens: list[Any], index: int, options: Any, env: dict) -> str:
    return renderer.renderToken(tokens, index, options, env) + "</div>\n"


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def _explicit_id(inline: Any) -> str:
    """The id a heading gives itself (``{#the-cards}`` at its end), taken out of its text; ""
    when it gives none."""
    found = _EXPLICIT_ID.search(inline.content)
    if found is None:
        return ""
    inline.content = inline.content[:found.start()]
    last = inline.children[-1] if inline.children else None
    if last is not None and last.type == "text":
        last.content = _EXPLICIT_ID.sub("", last.content)
    return found["id"]


def _ids_and_links(state: Any) -> None:
    """Core rule: an id on every heading, a scope on header cells, both targets on every link."""
    source = state.env.get("source", "?")
    lang = state.env.get("lang", i18n.SOURCE)
    taken: set[str] = set()
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            given = _explicit_id(tokens[index + 1])
            base = given or slug(tokens[index + 1].content)
            ident, number = base, 1
            while ident in taken:  # two headings of the same name: the second gets "-2"
                if given:
                    raise BuildError(f"{source}: two headings have the id {given!r}")
                number += 1
                ident = f"{base}-{number}"
            taken.add(ident)
            token.attrSet("id", ident)
            state.env.setdefault("ids", []).append(ident)
        elif token.type == "th_open":  # a header cell heads its column (tables have one header row)
            token.attrSet("scope", "col")
        for child in token.children or ():
            if child.type == "link_open":
                href, route = link_targets(str(child.attrGet("href")), source, lang)
                child.attrSet("href", href)
                child.attrSet(ROUTE_ATTR, route)


def link_targets(href: str, source: str, lang: str = i18n.SOURCE) -> tuple[str, str]:
    """A link of the Markdown -> (its href on the static page of ``lang``, the app route it
    stands for). A sibling page is the one of the same language, in the same folder."""
    if href.startswith("#/"):
        return static_link(href, lang), href
    sibling = _SIBLING.fullmatch(href)
    if sibling and entry(sibling["id"]) is not None:
        return f"{sibling['id']}.html{sibling['anchor'] or ''}", f"#/{sibling['id']}/rules"
    raise BuildError(
        f"{source}: the link {href!r} leads nowhere the app can follow: link another rules page "
        f"(check.md, check.md#a-heading) or an app route (#/check/play?seats=human,bot)")


# ----------------------------------------------------------------------------- the page


def index_link(lang: str = i18n.SOURCE) -> str:
    """index.html as seen from the folder of ``lang``'s pages."""
    return "../" * (folder(lang).count("/") + 1) + "index.html"


def static_link(route: str, lang: str = i18n.SOURCE) -> str:
    """An app route as an href from the pages of ``lang``: rules pages link each other directly;
    a route of another language than English carries ``lang=`` so the app opens in it."""
    parts = parse_hash(route).parts
    if len(parts) == 2 and parts[1] == "rules" and entry(parts[0]) is not None:
        return f"{parts[0]}.html"
    if lang != i18n.SOURCE:
        return index_link(lang) + route + ("&" if "?" in route else "?") + f"{i18n.PARAM}={lang}"
    return INDEX if not parts else INDEX + route


def to_html(node: Node | str) -> str:
    """HTML text of a ``ui.kit.dom`` tree (text escaped, ``Raw`` passed through)."""
    if isinstance(node, Raw):
        return str(node)
    if isinstance(node, str):
        return escape(node, quote=False)
    attrs = []
    for name, value in node.attrs.items():
        if value is None or value is False:
            continue
        if value is True:
            attrs.append(f" {name}")
            continue
        text = value if name != "class" or isinstance(value, str) else classes(*value)
        attrs.append(f' {name}="{escape(str(text))}"')
    inner = "".join(to_html(child) for child in node.children)
    return f"<{node.tag}{''.join(attrs)}>{inner}</{node.tag}>"


def body_html(md: Any, game_id: str, text: str, lang: str = i18n.SOURCE,
              ids: list[str] | None = None) -> str:
    """The rendered Markdown of one game (what goes inside ``[data-rules-body]``) on the page of
    ``lang``; the ids of its headings are appended to ``ids``."""
    env: dict[str, Any] = {"source": source_path(game_id, lang), "lang": lang, "ids": []}
    html = str(md.render(text, env))
    if ids is not None:
        ids.extend(env["ids"])
    return html


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """``ui.kit.i18n`` speaks ``lang`` meanwhile, from its committed catalog compiled here (the
    page's words need no ``make catalog`` first); English again after."""
    if lang == i18n.SOURCE:
        yield
        return
    from babel.messages.mofile import write_mo

    from tools.catalog import DOMAIN, LOCALE, read_po

    compiled = io.BytesIO()
    write_mo(compiled, read_po(LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"))
    i18n.install(lang, compiled.getvalue())
    try:
        yield
    finally:
        i18n.install(i18n.SOURCE)


def page_html(md: Any, version: str, game_id: str, text: str, lang: str = i18n.SOURCE,
              text_lang: str = "", ids: list[str] | None = None) -> str:
    """The page of ``game_id`` in ``lang`` (its catalog installed: ``speaking``) around the
    Markdown ``text``, written in ``text_lang`` when that is not ``lang``."""
    item = entry(game_id)
    if item is None:
        raise BuildError(f"{source_path(game_id, lang)}: no game {game_id!r} in ui/app/catalog.py")
    body = Raw("\n" + body_html(md, game_id, text, text_lang or lang, ids))
    title = game_title(game_id, item.title)
    return PAGE.format(
        lang=lang, dir=i18n.direction(lang), library=LIBRARY, version=version, mark=MARK,
        page_title=escape(_("{game}: rules — Five Checks", game=title)),
        description=escape(translated(PAGE_DESCRIPTION, game=title)), site=escape(_("Five Checks")),
        up="../" * (folder(lang).count("/") + 1), index=index_link(lang),
        source=source_path(game_id, text_lang or lang),
        article=to_html(article(game_id, body, lambda route: static_link(route, lang), text_lang)),
    )


def same_ids(source: str, ids: list[str], english: list[str]) -> None:
    """BuildError unless a translated page has exactly the English page's heading ids (a link
    with an anchor leads to the same section in every language)."""
    lacking = [ident for ident in english if ident not in ids]
    extra = [ident for ident in ids if ident not in english]
    if lacking or extra:
        said = [f"lacks {', '.join(lacking)}" if lacking else "", f"adds {', '.join(extra)}" if extra else ""]
        raise BuildError(f"{source}: its headings' ids differ from the English page's: "
                         f"{'; '.join(part for part in said if part)} (give a heading the English "
                         f"id at its end: ## … {{#the-id}})")


def languages() -> list[str]:
    """The languages with pages: English and every language the build has a catalog for."""
    from tools.catalog import languages as with_catalog

    return [i18n.SOURCE, *with_catalog()]


def build(write: bool = True, log: Callable[[str], None] = print) -> list[Path]:
    """Every page that is missing or differs from its source's rendering (written if ``write``)."""
    version = check_library()
    md = markdown()
    english = ROOT / RULES_DIR
    sources = {path.stem: path for path in sorted(english.glob("*.md"))}
    missing = [item.id for item in CATALOG if item.id not in sources]
    if missing:
        raise BuildError(f"no rules text for {', '.join(missing)} in {RULES_DIR}/")
    changed: list[Path] = []
    wanted: set[Path] = set()
    english_ids: dict[str, list[str]] = {}
    counts: list[str] = []
    for lang in languages():
        here = ROOT / folder(lang)
        texts = {path.stem: path for path in sorted(here.glob("*.md"))}
        translated_here = 0
        with speaking(lang):
            for game_id in [*sources, *(stem for stem in texts if stem not in sources)]:
                text_lang = "" if game_id in texts or lang == i18n.SOURCE else i18n.SOURCE
                source = texts.get(game_id) or sources[game_id]
                ids: list[str] = []
                html = page_html(md, version, game_id, source.read_text(encoding="utf-8"), lang,
                                 text_lang, ids)
                if lang == i18n.SOURCE:
                    english_ids[game_id] = ids
                elif not text_lang:
                    translated_here += 1
                    same_ids(source_path(game_id, lang), ids, english_ids[game_id])
                target = ROOT / page_path(game_id, lang)
                wanted.add(target)
                if not target.is_file() or target.read_text(encoding="utf-8") != html:
                    changed.append(target)
                    if write:
                        target.parent.mkdir(parents=True, exist_ok=True)
                        target.write_text(html, encoding="utf-8")
        counts.append(f"{lang} {translated_here if lang != i18n.SOURCE else len(sources)}/{len(sources)}")
    stale = [path for path in [*english.glob("*.html"), *english.glob("*/*.html")]
             if path not in wanted and MARK in path.read_text(encoding="utf-8")]
    for path in stale:  # the page of a text (or a language) that is gone
        changed.append(path)
        if write:
            path.unlink()
    if write:
        log(f"rules: {LIBRARY} {version}: pages in {RULES_DIR}/ (texts written: {', '.join(counts)}), "
            f"{len(changed)} written or removed")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a page is missing or stale")
    args = parser.parse_args(argv)
    try:
        changed = build(write=not args.check)
    except BuildError as error:
        print(f"rules: {error}", file=sys.stderr)
        return 2
    if args.check and changed:
        for path in changed:
            print(f"rules: out of date: {path.relative_to(ROOT)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
