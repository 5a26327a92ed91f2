"""``lang=qps``, the pseudo-locale: every message of the catalog is shown accented in brackets, so
a word a person reads that is still plain English is a string outside the catalog.

The walk opens screens in ``lang=qps`` and reads the page's visible text: no word of three plain
(unaccented ASCII) letters or more is allowed but people's names, the games' titles and card
notation. The tables (ui/tables/) are not in the catalog yet: the walk covers the screens that
are (the gallery, each setup page, the join screen, the replay viewer's opener, a page not
found, each lesson's coach and a host's lobby), reading a lesson and a lobby in their own panel.

The CPython side (extraction, the catalog check, the pseudo catalog) is tests/test_i18n.py.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from page_support import GAME_IDS, READY, OpenApp, Shot

#: Each test on a cold page of its own: the chosen language is the page's, and its catalog is fetched only when chosen.
pytestmark = pytest.mark.cold

#: The games' titles, the names the routes below give people, and the languages of the gallery's
#: Language control, each named in itself (the pseudo-locale by its code): allowed as they are.
ALLOWED = {"Checks", "Checkmate", "Saving", "Private", "Checkers", "Chess", "Cards", "MATE", "Check",
           "Five", "Ann", "English", "qps"}
_PLAIN = re.compile(r"(?<![^\W\d_])[A-Za-z]{3,}(?![^\W\d_])")


def plain_words(text: str) -> list[str]:
    """The words of ``text`` written with three plain ASCII letters or more (a word with one
    accented letter in it is a translated word), less the allowed ones."""
    return [word for word in _PLAIN.findall(text) if word not in ALLOWED]


def visible_text(page: Page) -> str:
    """The app's visible text and the page's title."""
    return str(page.evaluate("() => document.querySelector('#app').innerText + ' ' + document.title"))


def test_plain_words_finds_english_and_spares_what_is_allowed() -> None:
    assert plain_words("[Ýóú ŵîñ.] Ann plays 4H and bQ in Chess Cards") == ["plays", "and"]
    assert plain_words("[Þļáý ţĥé 10D] Checks") == []


def test_the_pseudo_catalog_is_fetched_only_when_chosen(page: Page, open_app: OpenApp) -> None:
    catalogs: list[str] = []
    page.on("request", lambda request: catalogs.append(request.url) if "/locale/" in request.url else None)
    open_app(page, "#/")
    assert catalogs == []  # English, the source: no catalog
    open_app(page, "#/?lang=qps")
    expect(page.locator("#app h1")).to_have_text("[Ƒîṽé Çĥéçķš]")
    assert [url.split("/locale/", 1)[1] for url in catalogs] == ["qps/LC_MESSAGES/messages.mo"]
    # Remembered: the next visit without lang= speaks it too.
    page.reload()
    page.wait_for_selector(READY, state="attached")
    expect(page.locator("#app h1")).to_have_text("[Ƒîṽé Çĥéçķš]")


#: (name, route, the part of the page read: "" for the whole app). The tables (ui/tables/) are
#: not in the catalog yet: a lesson is read in its coach's panel, a lobby in the lobby itself.
ROUTES = [
    ("gallery", "#/?lang=qps", ""),
    ("join", "#/join?lang=qps", ""),
    ("not found", "#/zz?lang=qps", ""),
    ("replay opener", "#/checks/replay?lang=qps", ""),
    *[(f"setup {game}", f"#/{game}?lang=qps", "") for game in GAME_IDS],
    *[(f"lesson {game}", f"#/{game}/learn?delay=0&lang=qps", "[data-testid=coach]") for game in GAME_IDS],
]


@pytest.mark.parametrize(("name", "route", "within"), ROUTES, ids=[name for name, _, _ in ROUTES])
def test_no_plain_english_on_a_screen_in_the_pseudo_locale(page: Page, open_app: OpenApp, shot: Shot,
                                                           name: str, route: str, within: str) -> None:
    open_app(page, route)
    if within:
        expect(page.locator(within)).to_be_visible()
        text = page.locator(within).inner_text()
    else:
        text = visible_text(page)
    shot(page, f"qps {name}")
    assert plain_words(text) == [], text


def test_no_plain_english_in_a_lobby_in_the_pseudo_locale(page: Page, open_app: OpenApp, broker: str,
                                                         shot: Shot) -> None:
    open_app(page, f"#/checks/play?seats=human:Ann,friend&broker={broker}&lang=qps")
    lobby = page.locator("[data-testid=lobby]")
    expect(lobby.locator("[data-testid=connection]")).to_have_attribute("data-state", "connected", timeout=30_000)
    text = lobby.inner_text()
    shot(page, "qps lobby")
    # The invite link is an address, the room code five letters and digits: neither is words.
    link = lobby.locator("[data-testid=invite-link]").inner_text()
    code = lobby.locator("[data-testid=room-code]").inner_text()
    assert plain_words(text.replace(link, "").replace(code, "")) == [], text
