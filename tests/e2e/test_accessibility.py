"""Every screen passes axe-core's WCAG 2.2 AA rules with no critical or serious finding
(``page_support.axe_findings``), and the app works by keyboard and screen reader: focus lands on
the new screen's heading after a route change, the arrow keys walk the cards of a hand, and what
the other seats do is said once in the polite live region ``[data-testid=announcer]``.

The screens of one visit share a page (one boot of Pyodide): the app changes screens by the
URL's hash, and each screen's findings are gathered, so one failure lists every screen to fix.
Both visits run in both themes: the system's light and the system's dark (Playwright's
``color_scheme`` emulation; tests/e2e/test_themes.py has the dark theme chosen by the setting).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from page_support import (
    ACTION,
    GAME_IDS,
    OVER,
    PASS,
    READY,
    TABLE,
    OpenApp,
    Shot,
    axe_findings,
    follow,
    settle,
    steady,
)

ANNOUNCER = "[data-testid=announcer]"
LOBBY = "[data-testid=lobby]"
#: A game in progress with the person to act: the table as a player sees it mid-game.
MID_GAME = {
    "checks": "#/checks/play?seats=human,bot:easy&seed=4&delay=0",
    "checkmate": "#/checkmate/play?seats=human,bot:easy&seed=4&delay=0",
    "private-checkers": "#/private-checkers/play?seats=human,bot:easy&seed=4&delay=0",
    "chess-cards": "#/chess-cards/play?seats=human,bot:easy&seed=4&delay=0&match=0",
    "check": "#/check/play?seats=human,bot:easy&seed=4&delay=0",
}
#: Bots only, seeded, no delay: the table reaches its end within seconds.
TO_THE_END = {
    "checks": "#/checks/play?seats=bot:easy,bot:easy&seed=1&delay=0",
    "checkmate": "#/checkmate/play?seats=bot:easy,bot:easy&seed=1&delay=0",
    "private-checkers": "#/private-checkers/play?seats=bot:easy,bot:easy&seed=1&delay=0",
    "chess-cards": "#/chess-cards/play?seats=bot:easy,bot:easy&seed=1&delay=0&match=0",
    "check": "#/check/play?seats=bot:easy,bot:easy&seed=1&delay=0",
}
#: Two people at one device on a game of hidden hands: the pass-the-device screen comes first.
PASSING = "#/checks/play?seats=human:Ann,human:Bob&seed=8"


def check(page: Page, screen: str, found: dict[str, list[str]]) -> None:
    """Gather the axe findings of what ``page`` shows now under ``screen``."""
    problems = axe_findings(page)
    if problems:
        found[screen] = problems


def report(found: dict[str, list[str]]) -> str:
    return "\n\n".join(f"== {screen}:\n" + "\n".join(problems) for screen, problems in found.items())


def go(page: Page, route: str, ready: str) -> None:
    """Follow ``route`` inside the running app and wait for ``ready`` to show."""
    follow(page, route)
    expect(page.locator(ready).first).to_be_visible()


def mid_game(page: Page) -> None:
    """Wait until the person may act (steady), then, where the table offers a pick first (a
    checker to move), pick it, so the table shows what a turn looks like halfway."""
    steady(page)
    if page.locator(ACTION).count() == 0 and page.locator(f"{TABLE} button[data-pick]").count():
        page.locator(f"{TABLE} button[data-pick]").first.click()
        settle(page)


# ----------------------------------------------------------------------------- axe on every screen


#: The system's colour scheme each visit runs under: the page follows it (ui/shell.css's tokens).
SCHEMES = ["light", "dark"]
#: The page's background in each (``--page``).
PAGE_COLOUR = {"light": "rgb(244, 241, 234)", "dark": "rgb(18, 22, 20)"}


@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_screen_of_a_visit_has_no_serious_finding(page: Page, open_app: OpenApp, shot: Shot,
                                                        scheme: str) -> None:
    found: dict[str, list[str]] = {}
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    open_app(page, "#/")
    # The page took the scheme's colours (ui/shell.css: --page), the ones axe then judges.
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == PAGE_COLOUR[scheme]
    check(page, "gallery", found)
    go(page, "#/checks", "[data-testid=setup]")
    check(page, "setup of Checks", found)
    go(page, "#/private-checkers/rules", "[data-testid=rules] h1")
    check(page, "rules of Saving Private Checkers", found)
    for game in GAME_IDS:
        go(page, MID_GAME[game], TABLE)
        mid_game(page)
        check(page, f"{game} mid-game", found)
        go(page, TO_THE_END[game], TABLE)
        expect(page.locator(OVER)).to_have_count(1, timeout=90_000)
        check(page, f"{game} at the end", found)
    # The last game's replay, from its result panel.
    page.locator("[data-testid=replay-link]").click()
    expect(page.locator("[data-testid=replay] " + TABLE)).to_be_visible()
    check(page, "replay viewer", found)
    go(page, PASSING, PASS)
    check(page, "pass-the-device screen", found)
    page.locator(PASS).click()
    expect(page.locator(ACTION).first).to_be_visible()
    check(page, "Checks, the first of two people at one device", found)
    assert not found, report(found)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_hosts_lobby_and_the_join_screen_have_no_serious_finding(
        new_context: Callable[..., BrowserContext], base_url: str, broker: str, scheme: str) -> None:
    found: dict[str, list[str]] = {}

    def new_context_in_scheme() -> BrowserContext:
        return new_context(color_scheme=scheme)

    host = new_context_in_scheme().new_page()
    host.goto(f"{base_url}index.html#/checks/play?seats=human,friend&seed=5&delay=0&broker={broker}",
              wait_until="domcontentloaded")
    host.wait_for_selector(READY, state="attached", timeout=60_000)
    expect(host.locator(f"{LOBBY} [data-testid=connection][data-state=connected]")).to_have_count(1, timeout=30_000)
    check(host, "host's lobby", found)
    link = host.locator("[data-testid=invite-link]").get_attribute("href") or ""
    guest = new_context_in_scheme().new_page()
    guest.goto(link, wait_until="domcontentloaded")
    guest.wait_for_selector(READY, state="attached", timeout=60_000)
    expect(guest.locator("[data-testid=join] input[name=name]")).to_be_visible()
    expect(guest.locator("[data-testid=room-about]")).to_contain_text("Checks, hosted by", timeout=30_000)
    check(guest, "join screen", found)
    guest.fill("input[name=name]", "Bo")
    guest.click("button[data-cmd=join]")
    expect(guest.locator("[data-testid=join-lobby]")).to_be_visible(timeout=30_000)
    check(guest, "a friend's lobby", found)
    typed = new_context_in_scheme().new_page()
    typed.goto(f"{base_url}index.html#/join", wait_until="domcontentloaded")
    typed.wait_for_selector(READY, state="attached", timeout=60_000)
    check(typed, "join by code", found)
    typed.fill("input[name=code]", "K7QXS")
    typed.click("button[data-cmd=join]")
    expect(typed.locator("[data-testid=join-error]")).to_contain_text("has no S")
    check(typed, "join by code, refused", found)
    assert not found, report(found)


# ----------------------------------------------------------------------------- keyboard, screen reader


def focused(page: Page) -> dict[str, str]:
    """What has focus: its tag, its text and its ``data-card`` (if any)."""
    return page.evaluate("""() => { const e = document.activeElement;
        return {tag: e.tagName.toLowerCase(), text: e.textContent.trim(), card: e.dataset.card || ''} }""")


def test_focus_goes_to_the_new_screens_heading_after_a_route_change(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/")
    # A page's first screen focuses its heading in the frame after it is ready (ui/main.py).
    expect(page.locator("#app h1")).to_be_focused()
    page.locator('#app [data-game="checkmate"] a.game-card').click()
    expect(page.locator("[data-testid=setup]")).to_be_visible()
    expect(page.locator("h1")).to_be_focused()
    assert focused(page)["text"] == "Checkmate: new game"
    page.keyboard.press("Tab")  # Tab goes on from the heading, into the new screen
    assert focused(page)["tag"] != "body", focused(page)
    follow(page, MID_GAME["checks"])
    expect(page.locator(f"{TABLE} h1")).to_be_focused()
    page.go_back()
    expect(page.locator("[data-testid=setup] h1")).to_be_focused()


@pytest.mark.parametrize("game", ["checks", "chess-cards"])
def test_arrow_keys_move_between_the_cards_of_a_hand(page: Page, open_app: OpenApp, game: str) -> None:
    open_app(page, MID_GAME[game])
    steady(page)
    hand = page.locator(f"{TABLE} [data-keynav]")
    cards = hand.locator("button")
    count = cards.count()
    assert count >= 3, f"{game}: {count} cards in the hand"
    cards.first.focus()
    first = focused(page)["card"]
    scrolled = page.evaluate("window.scrollY")
    page.keyboard.press("ArrowRight")
    expect(cards.nth(1)).to_be_focused()
    assert page.evaluate("window.scrollY") == scrolled  # the key moved focus, it did not scroll
    page.keyboard.press("ArrowDown")
    expect(cards.nth(2)).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(cards.nth(1)).to_be_focused()
    page.keyboard.press("End")
    expect(cards.last).to_be_focused()
    page.keyboard.press("ArrowRight")  # the last card stays the last
    expect(cards.last).to_be_focused()
    page.keyboard.press("Home")
    expect(cards.first).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(cards.first).to_be_focused()
    assert focused(page)["card"] == first


def test_a_bots_move_is_announced_once_in_words(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/checks/play?seats=human,bot:easy&seed=4&delay=0")
    steady(page)
    announcer = page.locator(ANNOUNCER)
    expect(announcer).to_have_attribute("aria-live", "polite")
    # The person plays: their own move is not said; the bot's answer is, as the log says it.
    log = page.locator("[data-testid=moves] li")
    before = log.count()
    if page.locator(ACTION).count() == 0:  # a card to pick first, then the pile it goes on
        page.locator(f"{TABLE} button[data-pick]").first.click()
    page.locator(ACTION).first.click()
    expect(log).to_have_count(before + 2)
    steady(page)
    bot_line = log.first.inner_text()  # the log shows the latest first
    assert bot_line.startswith("Bot"), bot_line
    expect(announcer).to_have_text(re.compile(r"^Bot \(easy\) plays .+ onto pile \d\.?$"))
    said = " ".join(announcer.inner_text().split()).rstrip(".")
    assert " ".join(bot_line.split()).rstrip(".") == said
    # Said once: no other live region of the page (the turn line, a result) says the move too.
    others = page.locator(f"[aria-live]:not({ANNOUNCER}), [role=status], [role=alert]").all_inner_texts()
    assert not [text for text in others if said in " ".join(text.split())], others
