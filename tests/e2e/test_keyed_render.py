"""A redraw keeps the page's elements: ``ui.kit.dom.patch`` changes what changed and no more.

Proof through the page, with the conftest guard on:

* identity: an element is marked with a JS property (``el.__mark``), the person plays and a bot
  replies, and the element found again (by what it shows: its card, its seat) still carries the
  mark, so it is the same DOM node, not a look-alike drawn anew. This holds for the seats, piles
  and table, and for a card of the person's hand, which the tables draw as one ``button`` for its
  whole life in the hand (playable or not) in a hand container that never moves;
* focus: a keyboard player who plays a card finds focus, after the bot's reply, on a card of
  their hand that plays (a ``data-action``/``data-pick`` button), not on the page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from page_support import TABLE, OpenApp, mark, marked, ply, steady

CHESS_CARDS = "#/chess-cards/play?seats=human,bot:easy&seed=3&delay=0"
CHECKS = "#/checks/play?seats=human,bot:easy&seed=3&delay=0"

#: The person's hand (seat 0, drawn at the bottom) in each table.
CC_HAND = '.cc-seat[data-seat="0"] .cc-hand'
CK_HAND = "[data-testid=hand-0]"



def cards(page: Page, hand: str) -> list[str]:
    return page.locator(f"{hand} [data-card]").evaluate_all("els => els.map(el => el.dataset.card)")


def reply_after(page: Page, before: int) -> None:
    """Wait for the person's action and the bot's reply (two plies at least), then until the
    person may act again and nothing moves."""
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=table]')?.dataset.ply) >= n", arg=before + 2,
        timeout=60_000)
    steady(page)


def focused(page: Page, hand: str) -> dict[str, object]:
    """What has keyboard focus: its tag, action or pick, seat, and whether it is in ``hand``."""
    return page.evaluate("""hand => {
        const el = document.activeElement;
        return {tag: el ? el.tagName : null,
                action: el?.getAttribute('data-action'), pick: el?.getAttribute('data-pick'),
                seat: el?.closest('[data-seat]')?.getAttribute('data-seat') ?? null,
                inTable: !!el?.closest('[data-testid=table]'),
                inHand: !!el?.closest(hand),
                html: el ? el.outerHTML.slice(0, 160) : ''};
    }""", hand)


def the_same_card(page: Page, hand: str, card: str) -> dict[str, object]:
    """The card ``card`` of ``hand`` now: its tag, whether it carries the mark, whether it plays."""
    return page.evaluate("""([hand, card]) => {
        const el = document.querySelector(`${hand} [data-card="${card}"]`);
        return el && {tag: el.tagName, marked: el.__mark === 1,
                      plays: el.hasAttribute('data-action') || el.hasAttribute('data-pick')};
    }""", [hand, card])


# ----------------------------------------------------------------------------- Chess Cards


def play_chess_cards(page: Page, *, keyboard: bool = False) -> tuple[str, str]:
    """The person plays the first card they can; returns (a card kept in hand, the one played)."""
    steady(page)
    playable = page.locator(f"{CC_HAND} button[data-action]")
    played = playable.first.get_attribute("data-card") or ""
    kept = next(card for card in cards(page, CC_HAND) if card != played)
    mark(page, f'{CC_HAND} [data-card="{kept}"]')
    before = ply(page)
    if keyboard:
        playable.first.focus()
        page.keyboard.press("Enter")
    else:
        playable.first.click()
    reply_after(page, before)
    return kept, played


def test_chess_cards_seats_and_table_keep_their_nodes(page: Page, open_app: OpenApp) -> None:
    open_app(page, CHESS_CARDS)
    steady(page)
    for selector in (TABLE, '.cc-seat[data-seat="0"]', '.cc-seat[data-seat="1"]', "[data-testid=moves]"):
        mark(page, selector)
    play_chess_cards(page)
    for selector in (TABLE, '.cc-seat[data-seat="0"]', '.cc-seat[data-seat="1"]', "[data-testid=moves]"):
        assert marked(page, selector), f"{selector} was drawn anew"


# ----------------------------------------------------------------------------- Checks


def play_checks(page: Page, *, keyboard: bool = False) -> tuple[str, str]:
    """The person picks the first card they can play and plays it onto the first pile offered;
    returns (a card kept in hand, the one played)."""
    steady(page)
    pick = page.locator(f"{CK_HAND} button[data-pick]").first
    played = pick.get_attribute("data-card") or ""
    kept = next(card for card in cards(page, CK_HAND) if card != played)
    mark(page, f'{CK_HAND} [data-card="{kept}"]')
    before = ply(page)
    target = page.locator(f'button[data-action^="{played}>"]').first
    if keyboard:
        pick.focus()
        page.keyboard.press("Enter")
        # The picked card keeps its node, so it keeps focus: the person goes on from there.
        assert page.evaluate("() => document.activeElement?.getAttribute('data-pick')") == f"card:{played}"
        target.focus()
        page.keyboard.press("Enter")
    else:
        pick.click()
        target.click()
    reply_after(page, before)
    return kept, played


def test_checks_hand_piles_and_seats_keep_their_nodes(page: Page, open_app: OpenApp) -> None:
    open_app(page, CHECKS)
    steady(page)
    kept = [TABLE, CK_HAND, "[data-testid=piles]", '[data-pile="1"]', '.ck-seat[data-seat="0"]',
            '.ck-seat[data-seat="1"]']
    for selector in kept:
        mark(page, selector)
    play_checks(page)
    for selector in kept:
        assert marked(page, selector), f"{selector} was drawn anew"


# ----------------------------------------------------------------------------- both tables

#: Each table: its route, the person's hand, how the person plays, and what a hand card that
#: plays carries (Chess Cards: the action itself; Checks: a pick, then the pile).
TABLES = {
    "chess-cards": (CHESS_CARDS, CC_HAND, play_chess_cards, "action"),
    "checks": (CHECKS, CK_HAND, play_checks, "pick"),
}


@pytest.mark.parametrize("game", TABLES)
def test_a_hand_card_is_the_same_node_after_a_move_and_the_reply(page: Page, open_app: OpenApp, game: str) -> None:
    route, hand, play, _ = TABLES[game]
    open_app(page, route)
    kept, played = play(page)
    assert played not in cards(page, hand)
    # The card stayed in the hand through the bot's turn (when it could not be played) and is
    # the same element now that it can be again.
    assert the_same_card(page, hand, kept) == {"tag": "BUTTON", "marked": True, "plays": True}


@pytest.mark.parametrize("game", TABLES)
def test_focus_is_on_the_hand_after_the_bots_reply(page: Page, open_app: OpenApp, game: str) -> None:
    route, hand, play, plays_by = TABLES[game]
    open_app(page, route)
    play(page, keyboard=True)
    # In Checks the turn ended on a pile; the next one starts from the hand, so focus is back there.
    now = focused(page, hand)
    assert now["tag"] == "BUTTON" and now[plays_by] and now["inHand"], now
    assert now["seat"] == "0", now
