"""``lang=qps``, the pseudo-locale: every message of the catalog is shown accented in brackets, so
a word a person reads that is still plain English is a string outside the catalog.

The walks open screens in ``lang=qps`` and read the page's visible text: no word of three plain
(unaccented ASCII) letters or more is allowed but people's names and card notation (the games'
titles are messages of the catalog too: ``ui.app.catalog.game_title``). One walk reads the
screens (the gallery, the join screen, a page not found, the replay viewer's opener, each setup
page and each lesson, its table and its coach); one reads each of the five tables mid-game (a
person to act, after a few moves) and at its end (bots only, seeded), then the replay viewer of
the last game; one reads a host's lobby. A walk shares one page (one boot of Pyodide: the
language is the page's, so not the suite's shared page) and gathers what every screen shows, so
one failure lists every screen to fix.

The CPython side (extraction, the catalog check, the pseudo catalog) is tests/test_i18n.py.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from page_support import (
    ACTION,
    GAME_IDS,
    OVER,
    PASS,
    READY,
    TABLE,
    OpenApp,
    Shot,
    follow,
    settle,
    steady,
)

#: Each test on a cold page of its own: the chosen language is the page's, and its catalog is fetched only when chosen.
pytestmark = pytest.mark.cold

#: The names the routes below give people, and the languages of the gallery's Language control,
#: each named in itself (the pseudo-locale by its code): allowed as they are. Not the games'
#: titles: those are the catalog's (pgettext "game title") and must show accented.
ALLOWED = {"Five", "Ann", "English", "qps"}
_PLAIN = re.compile(r"(?<![^\W\d_])[A-Za-z]{3,}(?![^\W\d_])")


def plain_words(text: str) -> list[str]:
    """The words of ``text`` written with three plain ASCII letters or more (a word with one
    accented letter in it is a translated word), less the allowed ones."""
    return [word for word in _PLAIN.findall(text) if word not in ALLOWED]


def visible_text(page: Page, within: str = "#app") -> str:
    """The visible text of ``within`` (the app by default, with the page's title)."""
    if within != "#app":
        return page.locator(within).inner_text()
    return str(page.evaluate("() => document.querySelector('#app').innerText + ' ' + document.title"))


def read(page: Page, screen: str, found: dict[str, str], shot: Shot, within: str = "#app") -> None:
    """Gather under ``screen`` the plain words of what ``page`` shows now (and a screenshot)."""
    text = visible_text(page, within)
    shot(page, f"qps {screen}")
    words = plain_words(text)
    if words:
        found[screen] = f"{sorted(set(words))}\n{text}"


def report(found: dict[str, str]) -> str:
    return "\n\n".join(f"== {screen}: {text}" for screen, text in found.items())


def go(page: Page, route: str, ready: str) -> None:
    """Follow ``route`` inside the running app and wait for ``ready`` to show."""
    follow(page, route)
    expect(page.locator(ready).first).to_be_visible()


def test_plain_words_finds_english_and_spares_what_is_allowed() -> None:
    assert plain_words("[Ýóú ŵîñ.] Ann plays 4H and bQ in [Çĥéšš Çáŕðš]") == ["plays", "and"]
    assert plain_words("[Þļáý ţĥé 10D] Checks") == ["Checks"]


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


#: (name, route, what shows once it is drawn).
SCREENS = [
    ("gallery", "#/?lang=qps", "#app h1"),
    ("join", "#/join?lang=qps", "#app h1"),
    ("not found", "#/zz?lang=qps", "#app h1"),
    ("replay opener", "#/checks/replay?lang=qps", "#app h1"),
    *[(f"setup {game}", f"#/{game}?lang=qps", "[data-testid=setup]") for game in GAME_IDS],
    *[(f"lesson {game}", f"#/{game}/learn?delay=0&lang=qps", "[data-testid=coach]") for game in GAME_IDS],
]


def test_no_plain_english_on_the_screens_in_the_pseudo_locale(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/?lang=qps")
    found: dict[str, str] = {}
    for name, route, ready in SCREENS:
        go(page, route, ready)
        if name.startswith("lesson"):
            settle(page)  # the bot has answered: the coach waits for the learner
        read(page, name, found, shot)
    assert not found, report(found)


#: A game in progress with the person to act, seeded: a few moves are made, then it is read.
MID_GAME = {
    "checks": "#/checks/play?seats=human:Ann,bot:easy&seed=3&delay=0&lang=qps",
    "checkmate": "#/checkmate/play?seats=human:Ann,bot:easy&seed=3&delay=0&lang=qps",
    "private-checkers": "#/private-checkers/play?seats=human:Ann,bot:easy&seed=3&delay=0&lang=qps",
    "chess-cards": "#/chess-cards/play?seats=human:Ann,bot:easy&seed=3&delay=0&match=0&lang=qps",
    "check": "#/check/play?seats=human:Ann,bot:easy&seed=3&delay=0&lang=qps",
}
#: Bots only, seeded, no delay: the table reaches its end within seconds.
TO_THE_END = {
    "checks": "#/checks/play?seats=bot:easy,bot:easy&seed=3&delay=0&lang=qps",
    "checkmate": "#/checkmate/play?seats=bot:easy,bot:easy&seed=3&delay=0&lang=qps",
    "private-checkers": "#/private-checkers/play?seats=bot:easy,bot:easy&seed=3&delay=0&lang=qps",
    "chess-cards": "#/chess-cards/play?seats=bot:easy,bot:easy&seed=3&delay=0&match=0&lang=qps",
    "check": "#/check/play?seats=bot:easy,bot:easy&seed=3&delay=0&lang=qps",
}
#: How many of the person's actions are made before the table is read mid-game.
MOVES = 3


def a_few_moves(page: Page) -> None:
    """Make ``MOVES`` of the person's actions (passing the device when asked), then pick what the
    table offers to pick first where it offers no action (a checker to move), so the table shows
    a turn halfway."""
    for _ in range(MOVES):
        steady(page)
        if page.locator(OVER).count():
            return
        if page.locator(PASS).count():
            page.locator(PASS).click()
            continue
        if page.locator(f"{TABLE} {ACTION}").count():
            page.locator(f"{TABLE} {ACTION}").first.click()
    steady(page)
    if page.locator(f"{TABLE} {ACTION}").count() == 0 and page.locator(f"{TABLE} button[data-pick]").count():
        page.locator(f"{TABLE} button[data-pick]").first.click()
        settle(page)


def test_no_plain_english_on_the_tables_in_the_pseudo_locale(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/?lang=qps")
    found: dict[str, str] = {}
    for game in GAME_IDS:
        go(page, MID_GAME[game], TABLE)
        a_few_moves(page)
        read(page, f"{game} mid-game", found, shot)
        go(page, TO_THE_END[game], TABLE)
        expect(page.locator(OVER)).to_have_count(1, timeout=120_000)
        read(page, f"{game} at the end", found, shot)
    # The last game's replay, from its result panel.
    page.locator("[data-testid=replay-link]").click()
    expect(page.locator("[data-testid=replay] " + TABLE)).to_be_visible()
    read(page, "replay viewer", found, shot)
    assert not found, report(found)


def test_no_plain_english_in_a_lobby_in_the_pseudo_locale(page: Page, open_app: OpenApp, broker: str,
                                                         shot: Shot) -> None:
    open_app(page, f"#/checks/play?seats=human:Ann,friend&broker={broker}&lang=qps")
    lobby = page.locator("[data-testid=lobby]")
    expect(lobby.locator("[data-testid=connection]")).to_have_attribute("data-state", "connected", timeout=30_000)
    # The invite link is an address, the room code five letters and digits: neither is words.
    link = lobby.locator("[data-testid=invite-link]").inner_text()
    code = lobby.locator("[data-testid=room-code]").inner_text()
    text = visible_text(page).replace(link, "").replace(code, "")
    shot(page, "qps lobby")
    assert plain_words(text) == [], text
