"""The last move marked: what the bot just did carries ``[data-last-move]`` on the table (the pile
it played to, the squares its checker left and reached, the card it played) and on its log
lines, until the person acts. Which elements must be marked is read from the saved game's
record, so the test knows the bot's move without trusting the page."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from page_support import ACTION, GAME_KEY, TABLE, OpenApp, saved_id, steady

MARKED = f"{TABLE} [data-last-move]:not(li):not(td)"
MARKED_LOG = f"{TABLE} :is(li, td)[data-last-move]"  # a log line, a score sheet's cell


def act(page: Page) -> None:
    """One decision of the person: the first action, or a pick (a card, a checker) and then the
    first action it opens."""
    if page.locator(ACTION).count() == 0:
        page.locator(f"{TABLE} button[data-pick]").first.click()
    page.locator(ACTION).first.click()


def bot_moves_since_person(page: Page) -> list[str]:
    """The bot's moves (notation) since the person's last one, from the saved record."""
    stored = page.evaluate("key => localStorage.getItem(key)", f"{GAME_KEY}{saved_id(page)}")
    moves = json.loads(stored)["record"]["moves"]
    found: list[str] = []
    for seat, notation in reversed(moves):
        if seat == 0:
            break
        found.append(notation)
    return found[::-1]


def expected(game: str, moves: list[str]) -> list[str]:
    """Selectors that must be marked after the bot's ``moves``."""
    last = moves[-1]
    if game == "checks":
        return [f'[data-pile="{last.split(">")[1]}"]'] if ">" in last else []
    if game == "private-checkers":
        squares = [part for move in moves if not move.startswith("discard")
                   for part in move.replace("x", "-").replace("*", "-").split("-")]
        return [f'[data-square="{square.strip("^")}"]' for square in squares if square.strip("^")]
    if game == "checkmate":
        return [f'[data-testid=pile][data-top="{last}"]'] if not last.startswith(("draw", "give", "last")) else []
    return []  # chess-cards: checked by the card in the slot below


@pytest.mark.parametrize("game", ["checks", "checkmate", "private-checkers", "chess-cards"])
def test_the_bots_last_move_is_marked_until_the_person_acts(page: Page, open_app: OpenApp, game: str) -> None:
    open_app(page, f"#/{game}/play?seats=human,bot:easy&seed=4&delay=1500")
    steady(page)
    for _ in range(4):  # the person leads (or must finish a move: a discard): act until the bot has
        if bot_moves_since_person(page):
            break
        act(page)
        steady(page)
    moves = bot_moves_since_person(page)
    assert moves, "the bot never moved"
    expect(page.locator(MARKED).first).to_be_visible()
    for selector in expected(game, moves):
        expect(page.locator(f"{TABLE} {selector}").first).to_have_attribute("data-last-move", "")
    if game == "chess-cards":  # the trick slot of the bot's card
        card = moves[-1].rstrip("*").split(")")[-1]
        slot = page.locator(f"{TABLE} .cc-slot[data-last-move]")
        expect(slot).to_have_count(1)
        expect(slot).to_contain_text(card)
    expect(page.locator(MARKED_LOG).first).to_be_visible()
    before = int(page.locator(TABLE).get_attribute("data-ply") or 0)
    act(page)
    expect(page.locator(TABLE)).not_to_have_attribute("data-ply", str(before))
    # The person has acted: until the bot answers (1.5 s), nothing of the bot's is marked.
    assert page.locator(MARKED).count() == 0
    assert page.locator(MARKED_LOG).count() == 0


def test_the_tab_title_says_when_it_is_the_persons_turn(page: Page, open_app: OpenApp) -> None:
    """A tab in the back says "Your turn" in its title while the person is to act, and only then."""
    open_app(page, "#/checks/play?seats=human,bot:easy&seed=4&delay=1500")
    your_turn = "() => document.title.startsWith('Your turn — Checks')"
    # The bot moves first in Checks (seat 1): not the person's turn yet.
    expect(page.locator(f"{TABLE}[data-to-act='1']")).to_be_attached()
    assert not page.evaluate(your_turn), page.title()
    page.wait_for_function(your_turn)
    act(page)
    expect(page.locator(f"{TABLE}[data-to-act='1']")).to_be_attached()
    assert page.title().startswith("Checks"), page.title()
