"""The message catalog (``ui.kit.i18n``, ``tools/catalog.py``): every call is a literal that
Babel extracts, a language's catalog lacking a message fails the check, the pseudo-locale shows
every message accented in brackets with its placeholders whole, and English is the source.

The page's side (``lang=qps`` in a route) is tests/e2e/test_pseudo_locale.py.
"""

from __future__ import annotations

import ast
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from tools import catalog as catalog_tool
from ui.kit import i18n

ROOT = Path(__file__).resolve().parent.parent
CALLS = {"_": 1, "gettext": 1, "pgettext": 2, "ngettext": 2, "npgettext": 3, "N_": 1}


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("locale") / "messages.pot"
    catalog_tool.extract(path)
    return path


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    i18n.install(i18n.SOURCE)


def compiled(messages: dict[str | tuple[str, str], str | tuple[str, ...]], plural: str = "") -> bytes:
    catalog = Catalog(locale="fr" if not plural else None)
    for key, string in messages.items():
        if isinstance(key, tuple) and key[0].startswith("ctx:"):
            catalog.add(key[1], string, context=key[0][4:])
        else:
            catalog.add(key, string)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def python_sources() -> list[Path]:
    return sorted([*ROOT.glob("ui/**/*.py"), *ROOT.glob("engine/**/*.py")])


def test_every_catalog_call_is_a_literal() -> None:
    """Babel reads only literals: an f-string, a sum or a name inside ``_()`` would leave the
    message out of the catalog (and its words in English in every language)."""
    bad: list[str] = []
    for path in python_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CALLS):
                continue
            wanted = CALLS[node.func.id]
            args = node.args[:wanted]
            if len(args) < wanted or not all(isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                                              for arg in args):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}")
    assert not bad, "catalog calls that are not literals:\n" + "\n".join(bad)


def test_the_extraction_finds_the_calls_and_the_lessons(template: Path) -> None:
    messages = catalog_tool.read_po(template)
    assert messages.get("Something went wrong") is not None  # ui/main.py
    # A lesson's coach's words (docs/learn/checks.json), extracted by tools.catalog.extract_lesson.
    ids = {message.id for message in messages if message.id}
    assert "Your first game of Checks" in ids
    assert any(isinstance(text, str) and text.startswith("You dealt, so the bot went first") for text in ids)
    assert len(ids) > 200


def test_a_catalog_lacking_a_message_of_the_source_fails_the_check(template: Path, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    source = catalog_tool.read_po(template)
    locale = tmp_path / "locale"
    po = locale / "fr" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    whole = Catalog(locale="fr")
    for message in source:
        if message.id:
            string = tuple(f"fr {form}" for form in message.id) if isinstance(message.id, tuple) else f"fr {message.id}"
            whole.add(message.id, string, context=message.context)
    with po.open("wb") as stream:
        write_po(stream, whole)
    assert catalog_tool.check(template, locale) == 0

    lacking = Catalog(locale="fr")
    dropped = None
    for message in whole:
        if message.id and dropped is None:
            dropped = message.id
            continue
        if message.id:
            lacking.add(message.id, message.string, context=message.context)
    with po.open("wb") as stream:
        write_po(stream, lacking)
    assert catalog_tool.check(template, locale) == 1
    assert f"missing: {dropped!r}" in capsys.readouterr().err


def test_an_untranslated_message_fails_the_check_too(template: Path, tmp_path: Path) -> None:
    source = catalog_tool.read_po(template)
    po = tmp_path / "locale" / "fr" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    empty = Catalog(locale="fr")
    for message in source:
        if message.id:
            empty.add(message.id, "" if isinstance(message.id, str) else ("", ""), context=message.context)
    with po.open("wb") as stream:
        write_po(stream, empty)
    assert missing_all(catalog_tool.missing(po, template), len([m for m in source if m.id]))


def missing_all(gaps: list[str], count: int) -> bool:
    return len(gaps) == count and all(gap.startswith("untranslated: ") for gap in gaps)


def test_the_pseudo_locale_accents_and_brackets_keeping_placeholders_and_cards() -> None:
    assert i18n.pseudo("You win.") == "[Ýóú ŵîñ.]"
    assert i18n.pseudo("{name} wins.") == "[{name} ŵîñš.]"
    assert i18n.pseudo("Play 10D or bQ on pile {pile}.") == "[Þļáý 10D óŕ bQ óñ þîļé {pile}.]"
    assert i18n.pseudo("") == ""


def test_the_pseudo_catalog_is_the_template_accented(template: Path, tmp_path: Path) -> None:
    po = catalog_tool.pseudo(template, tmp_path)
    pseudo = catalog_tool.read_po(po)
    message = pseudo.get("Something went wrong")
    assert message is not None and message.string == "[Šóɱéţĥîñĝ ŵéñţ ŵŕóñĝ]"
    assert all(message.string for message in pseudo if message.id)


def test_english_is_the_source_and_a_catalog_translates_with_its_parts_named() -> None:
    assert i18n.language() == "en"
    assert i18n._("{name} wins.", name="Ann") == "Ann wins."
    assert i18n.ngettext("{n} card", "{n} cards", 1) == "1 card"
    assert i18n.ngettext("{n} card", "{n} cards", 3) == "3 cards"
    assert i18n.pgettext("you", "{name} played {card}.", name="You", card="7C") == "You played 7C."
    mo = compiled({"{name} wins.": "{name} gagne.", ("{n} card", "{n} cards"): ("{n} carte", "{n} cartes"),
                   ("ctx:you", "{name} played {card}."): "Vous avez joué {card}."})
    i18n.install("fr", mo)
    assert i18n.language() == "fr"
    assert i18n._("{name} wins.", name="Ann") == "Ann gagne."
    assert i18n.ngettext("{n} card", "{n} cards", 2) == "2 cartes"
    assert i18n.pgettext("you", "{name} played {card}.", name="You", card="7C") == "Vous avez joué 7C."
    assert i18n._("Not in this catalog.") == "Not in this catalog."  # English, the fallback
    assert i18n.translated("") == ""  # not the catalog's header
    i18n.install("de", None)  # a catalog that could not be read: English
    assert (i18n.language(), i18n.asked()) == ("en", "de")


def test_a_sentence_with_nodes_for_parts_keeps_them_where_the_language_puts_them() -> None:
    chip = object()  # a node: spliced never turns it into text
    assert i18n.spliced(i18n._("{name} plays {card}"), name="Ann", card=chip) == ["Ann", " plays ", chip]
    assert i18n.spliced(i18n._("Known to hold {cards}"), cards=[chip]) == ["Known to hold ", [chip]]
    i18n.install("fr", compiled({"{name} plays {card}": "{card} : joué par {name}"}))
    assert i18n.spliced(i18n._("{name} plays {card}"), name="Ann", card=chip) == [chip, " : joué par ", "Ann"]


def test_the_language_comes_from_the_route_then_the_setting() -> None:
    assert i18n.chosen((("lang", "qps"),), "ar") == "qps"
    assert i18n.chosen((("seed", "3"),), "ar") == "ar"
    assert i18n.chosen((), "") == "en"
    assert i18n.chosen((("lang", "../../etc"),), "") == "en"  # never a path
    assert i18n.catalog_path("qps") == "locale/qps/LC_MESSAGES/messages.mo"


def test_the_names_the_app_gives_are_said_in_the_page_s_language() -> None:
    from ui.kit.words import shown_name

    names = ["You", "Bot (hard)", "Bot 2 (easy)", "Player 3", "Friend 2", "Ann", "Bot (Ann)"]
    assert [shown_name(name) for name in names] == names  # English: the names as they are
    i18n.install("fr", compiled({("ctx:a seat's name", "You"): "Vous", "Bot ({level})": "Robot ({level})",
                                 "Bot {number} ({level})": "Robot {number} ({level})", "hard": "fort",
                                 "easy": "facile", "Player {number}": "Joueur {number}"}))
    assert [shown_name(name) for name in names] == ["Vous", "Robot (fort)", "Robot 2 (facile)", "Joueur 3",
                                                    "Friend 2", "Ann", "Bot (Ann)"]


def test_a_tie_and_a_drawn_card_are_not_the_verb_to_draw() -> None:
    """English says "draw" for a tie, for taking a card and for the card taken; Arabic has three
    words, so the tie and the drawn card are messages of their own (a context each)."""
    from ui.tables.parts import headline

    i18n.install("ar", (ROOT / "locale/ar/LC_MESSAGES/messages.mo").read_bytes())
    to_draw = i18n._("Draw")
    assert headline(None, []) == "تعادل" != to_draw  # type: ignore[arg-type]  # a tie reads no table
    assert i18n.pgettext("tie", "draw") == "تعادل"
    assert i18n.pgettext("drawn card", "Drawn") not in (to_draw, i18n._("Drawn"))


def test_arabic_counts_take_its_six_plural_forms() -> None:
    """Arabic says none, one, two, a few (3-10), many (11-99) and the rest differently: the
    catalog's Plural-Forms picks the form by the number, as Babel's Arabic rule has it."""
    i18n.install("ar", (ROOT / "locale/ar/LC_MESSAGES/messages.mo").read_bytes())
    said = {n: i18n.ngettext("{n} face down", "{n} face down", n) for n in (0, 1, 2, 3, 10, 11, 99, 100, 102, 103)}
    assert said[0] == "لا أوراق مقلوبة"
    assert said[1] == "ورقة واحدة مقلوبة"
    assert said[2] == "ورقتان مقلوبتان"
    assert said[3] == "3 أوراق مقلوبة" and said[10] == "10 أوراق مقلوبة" and said[103] == "103 أوراق مقلوبة"
    assert said[11] == "11 ورقة مقلوبة" and said[99] == "99 ورقة مقلوبة"
    assert said[100] == "100 ورقة مقلوبة" and said[102] == "102 ورقة مقلوبة"
    # Six forms, each its own: the header is Arabic's, not English's two.
    catalog = i18n._state["catalog"]
    assert {catalog.plural(n) for n in said} == {0, 1, 2, 3, 4, 5}
