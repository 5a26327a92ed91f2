"""Every ending says why, and every table says how to win.

Bots play each game out from a seeded route (``delay=0``); the result panel then shows
``[data-testid=end-reason]``, the engine's reason in the table's words (names, never "seat 1").
The "How to win" box is open on a person's first game of a game at this device and closed on
the next. Between the two games of a Chess Cards match the last position stays on the table.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

import page_support as pages
from page_support import OpenApp, Shot, final_result, interlude

#: A whole game between bots, seeded, for each game.
BOTS_ROUTES = {
    "checks": "#/checks/play?seats=bot:easy,bot:easy&seed=1&delay=0",
    "checkmate": "#/checkmate/play?seats=bot:easy,bot:easy&seed=1&delay=0",
    "private-checkers": "#/private-checkers/play?seats=bot:easy,bot:easy&seed=1&delay=0",
    "chess-cards": "#/chess-cards/play?seats=bot:easy,bot:easy&seed=1&delay=0&match=0",
    "check": "#/check/play?seats=bot:easy,bot:easy&seed=1&delay=0",
}
#: What each game's end reason says, whichever way the game ended.
REASONS = {
    "checks": r"^Both hands are played out (and .+ won more checks, \d+ to \d+|with the checks tied, \d+ each)",
    "checkmate": r"played (their|your) last card|has no card that fits and the stockpile is empty",
    "private-checkers": r"(has no legal move|pieces are left on the board|the board is empty|turns went by"
                        r").*: (no victory for either side|(survival|tactical|total) victory for (Light|Dark))",
    "chess-cards": r"^((Mate|Overmate !+): .+ led .+ on move \d+ and .+ has no card that may answer it"
                   r"|Both hands are played out without a mate)",
    "check": r"^(.+ called Check and every other player took one final turn|The round ends at once: .+)"
             r"; the totals are .+, and .+ (has|share) the lowest, -?\d+\.$",
}
SEAT_NUMBER = re.compile(r"\bseat \d\b", re.IGNORECASE)


@pytest.mark.parametrize("game_id", pages.GAME_IDS)
def test_every_ending_says_why_in_the_tables_words(page: Page, open_app: OpenApp, shot: Shot,
                                                  game_id: str) -> None:
    open_app(page, BOTS_ROUTES[game_id])
    reason = final_result(page, timeout_ms=120_000).locator("[data-testid=end-reason]")
    expect(reason).to_have_count(1)
    expect(reason).to_have_text(re.compile(REASONS[game_id]))
    text = reason.inner_text()
    assert not SEAT_NUMBER.search(text), text
    if game_id == "private-checkers" and "victory for" in text:
        # A victory named in the reason is explained after it.
        assert re.search(r"A (survival|tactical|total) victory: ", text), text
    if game_id == "chess-cards" and text.startswith(("Mate", "Overmate")):
        assert "Mate: the reply can follow neither the led colour nor the led piece" in text, text
    shot(page, f"ending-{game_id}-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(reason).to_be_visible()
    shot(page, f"ending-{game_id}-390")


def test_how_to_win_is_open_on_the_first_game_then_remembered_closed(page: Page, open_app: OpenApp) -> None:
    box = page.locator("details[data-testid=how-to-win]")
    open_app(page, "#/checks/play?seats=human,bot:easy&seed=3&delay=0")
    expect(box).to_have_attribute("open", "")
    expect(box).to_contain_text("Win more checks")
    # The next game of the same game at this device: closed, and a click still opens it.
    open_app(page, "#/checks/play?seats=human,bot:easy&seed=4&delay=0")
    expect(page.locator(pages.TABLE)).to_be_visible()
    expect(box).not_to_have_attribute("open", "")
    box.locator("summary").click()
    expect(box).to_have_attribute("open", "")
    # Another game is another first game.
    open_app(page, "#/check/play?seats=human,bot:easy&seed=4&delay=0")
    expect(box).to_have_attribute("open", "")
    expect(box).to_contain_text("lowest total")


def test_check_shows_its_card_values_and_checks_its_half_tricks(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/check/play?seats=human,bot:easy&seed=4&delay=0")
    expect(page.locator("[data-testid=card-values]")).to_have_text(
        "Card values: A −1, 2–10 as shown, J 11, Q 12, K 13. Lowest total wins.")
    open_app(page, "#/checks/play?seats=human,bot:easy&seed=3&delay=0")
    expect(page.locator("[data-testid=half-tricks-note]")).to_contain_text("six face-down hands of three cards")


def test_chess_cards_keeps_the_last_position_in_view_between_the_games(page: Page, open_app: OpenApp,
                                                                      shot: Shot) -> None:
    open_app(page, "#/chess-cards/play?seats=bot:random,bot:random&seed=5&delay=0")
    game_result = interlude(page, 1, timeout_ms=60_000)
    board = page.locator("[data-testid=final-position]")
    expect(board).to_be_visible()
    expect(board.locator(".cc-seat")).to_have_count(2)
    expect(board.locator(".cc-slot-lead .card")).to_be_visible()
    expect(game_result.locator("[data-testid=end-reason]")).to_have_text(re.compile(REASONS["chess-cards"]))
    shot(page, "chess-cards-between-games-1280")
    page.locator(pages.NEXT_GAME).click()
    expect(board).to_have_count(0)
    expect(final_result(page, timeout_ms=60_000).locator("[data-testid=end-reason]")).to_have_count(1)
