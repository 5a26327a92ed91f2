"""Choosing the page's language and its direction (``ui.kit.i18n``'s language-choice part, the
gallery's Language control, the arrow keys of a hand right to left).

The page's side (``<html dir>``, the mirrored layout) is tests/e2e/test_right_to_left.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fake_page import FakeDocument, FakeWindow
from tools import catalog as catalog_tool
from ui.kit import access, i18n
from ui.kit.dom import Node, build, text_of
from ui.screens import gallery

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("lang", "expected"), [
    ("ar", "rtl"), ("ar-JO", "rtl"), ("he", "rtl"), ("fa", "rtl"), ("ur-PK", "rtl"), ("AR_jo", "rtl"),
    ("qps-rtl", "rtl"), ("en", "ltr"), ("en-GB", "ltr"), ("qps", "ltr"), ("fr", "ltr"), ("arn", "ltr"),
])
def test_the_direction_follows_the_language_s_script(lang: str, expected: str) -> None:
    assert i18n.direction(lang) == expected


@pytest.mark.parametrize(("browser", "expected"), [
    (["en-GB"], "en"),
    (["ar-JO", "en"], "ar"),
    (["ar"], "ar"),
    (["xx-YY"], "en"),  # unknown: English
    ([], "en"),
    (["fr-FR", "ar-JO", "en"], "ar"),  # the first the build has, in the browser's order
    (["en-US", "ar"], "en"),
    (["pt-br"], "pt-BR"),  # said as the build spells it
    (["pt-PT"], "pt-BR"),  # the same primary language
])
def test_the_browser_s_preferences_are_matched_against_the_build_s_catalogs(browser: list[str], expected: str) -> None:
    assert i18n.preferred(browser, ("en", "ar", "pt-BR")) == expected


def test_the_route_then_the_setting_then_the_browser_then_english() -> None:
    have = ("en", "ar")
    assert i18n.preferred(["ar-JO"], have) == "ar"
    assert i18n.chosen((("lang", "qps"),), "de", ["ar"]) == "qps"
    assert i18n.chosen((), "de", ["ar"]) == "de"
    # With the build's own languages (English alone today), a browser in Arabic reads English.
    assert i18n.chosen((), "", ["xx"]) == "en"
    assert i18n.chosen((), "", [*(code for code in i18n.LANGUAGES if code != "en"), "en"]) == i18n.LANGUAGES[-1]


def test_the_page_knows_the_languages_the_build_compiles() -> None:
    """The list the page reads without a fetch is the committed catalogs' (a translator adding
    locale/<lang>/LC_MESSAGES/messages.po adds the code to ``i18n.LANGUAGES``), English first,
    each named in itself."""
    assert (i18n.SOURCE, *catalog_tool.languages()) == i18n.LANGUAGES
    assert catalog_tool.PSEUDO_RTL == i18n.PSEUDO_RTL
    for code in i18n.LANGUAGES:
        assert code in i18n.NAMES, f"{code} has no name in itself in i18n.NAMES"
    assert i18n.name("ar") == "العربية"
    assert i18n.name("qps-rtl") == "qps-rtl"


def _find(node: Node, found: list[Node]) -> list[Node]:
    found.append(node)
    for child in node.children:
        if isinstance(child, Node):
            _find(child, found)
    return found


def test_the_language_control_names_each_language_in_itself() -> None:
    control = gallery.language_control("ar", ("en", "ar"))
    assert control is not None
    nodes = _find(control, [])
    assert control.attrs["data-testid"] == "language" and control.attrs["role"] == "group"
    label = next(node for node in nodes if node.attrs.get("id") == control.attrs["aria-labelledby"])
    assert text_of(label) == "Language"
    buttons = [node for node in nodes if node.tag == "button"]
    assert [(b.attrs["data-cmd"], b.attrs["lang"], b.attrs["dir"], b.attrs["aria-pressed"], text_of(b))
            for b in buttons] == [("lang:en", "en", "ltr", "false", "English"),
                                  ("lang:ar", "ar", "rtl", "true", "العربية")]


def test_the_control_offers_a_way_back_and_nothing_when_there_is_no_choice() -> None:
    assert gallery.offered("en", ("en",)) == ()
    assert gallery.language_control("en", ()) is None
    assert gallery.offered("en", ("en", "ar")) == ("en", "ar")
    # A pseudo-locale is not a language of the build: the control offers it and English.
    assert gallery.offered("qps-rtl", ("en",)) == ("en", "qps-rtl")
    control = gallery.language_control("qps-rtl", ("en", "qps-rtl"))
    assert control is not None
    pseudo = [node for node in _find(control, []) if node.attrs.get("data-cmd") == "lang:qps-rtl"]
    assert pseudo[0].attrs["lang"] == "en"  # English, disguised


def test_a_language_button_asks_for_its_language_and_nothing_else_does() -> None:
    document = FakeDocument(FakeWindow())
    control = gallery.language_control("en", ("en", "ar"))
    assert control is not None
    element = build(control, document)
    buttons = list(element.querySelectorAll("button"))
    assert [gallery.chosen_language(button) for button in buttons] == ["en", "ar"]
    other = document.createElement("button")
    other.setAttribute("data-cmd", "theme:dark")
    assert gallery.chosen_language(other) is None
    bad = document.createElement("button")
    bad.setAttribute("data-cmd", "lang:../../etc")
    assert gallery.chosen_language(bad) is None


def test_the_arrow_keys_step_toward_the_reading_direction() -> None:
    assert [access.arrow_step(key) for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "x")] \
        == [-1, 1, -1, 1, 0]
    assert [access.arrow_step(key, "rtl") for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")] \
        == [1, -1, -1, 1]


@pytest.mark.parametrize(("direction", "key", "expected"), [
    ("ltr", "ArrowRight", "c2"), ("ltr", "ArrowLeft", "c0"),
    ("rtl", "ArrowLeft", "c2"), ("rtl", "ArrowRight", "c0"),
])
def test_a_hand_is_walked_toward_its_end_in_either_direction(direction: str, key: str, expected: str) -> None:
    document = FakeDocument(FakeWindow())
    document.documentElement.setAttribute("dir", direction)
    hand = document.createElement("div")
    hand.setAttribute("data-keynav", "")
    for index in range(3):
        card = document.createElement("button")
        card.setAttribute("id", f"c{index}")
        hand.append(card)
    document.body.append(hand)
    middle = document.getElementById("c1")
    assert middle is not None
    middle.focus()
    assert access.arrow_move(middle, key)
    assert document.activeElement.getAttribute("id") == expected


def test_the_replay_s_arrow_keys_follow_the_reading_direction() -> None:
    assert [access.reading_key(key) for key in ("ArrowLeft", "ArrowRight", "Home")] \
        == ["ArrowLeft", "ArrowRight", "Home"]
    assert [access.reading_key(key, "rtl") for key in ("ArrowLeft", "ArrowRight", "End")] \
        == ["ArrowRight", "ArrowLeft", "End"]


def test_an_invite_link_carries_no_language() -> None:
    """Each friend reads the game in their own language: the link names the room, not the
    host's language, even when the host's address asked for one."""
    from ui.friends.panels import invite_link

    link = invite_link("http://127.0.0.1:8000/index.html#/checks/play?seats=human,friend&lang=ar", "ABCD", "")
    assert link == "http://127.0.0.1:8000/index.html#/join/ABCD"
    assert "lang" not in invite_link("http://x/index.html#/?lang=qps-rtl", "WXYZ", "wss://broker.example/")
