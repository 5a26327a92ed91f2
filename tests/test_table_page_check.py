"""The Check! table read from a page in CPython (``fake_page``), from stacked decks (``deck=``: seat
0's four cards, then seat 1's, ..., then the draw pile): the peek, a turn, the matching window
and its countdown, a King's ability, calling Check, the penalty of a wrong match, the memory aid,
two people passing the device, refusals. The browser's half is tests/e2e/test_check_ui.py."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from fake_page import Page, opened


@pytest.fixture
def app() -> Iterator[Page]:
    yield from opened()


RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def deck(*cards: str) -> str:
    """The full stacked deck: ``cards`` first, then every other card in a fixed order."""
    rest = [rank + suit for suit in "SHDC" for rank in RANKS if rank + suit not in cards]
    return ",".join([*cards, *rest])


PERSON = ("4S", "5S", "7S", "KS")
BOTS = ("2H", "3H", "4H", "6H", "2D", "3D", "4D", "6D", "2C", "3C", "5C", "6C")
GAME_ROUTE = ("#/check/play?seats=human,bot:easy,bot:easy,bot:easy&seed=5&delay=0&undo=0"
              "&match_seconds=15&deck=" + deck(*PERSON, *BOTS, "7C"))
MINE = "[data-testid=seat-0]"


def two_seat_route(seats: str, first_draw: str = "8C", seconds: int = 8) -> str:
    """The person's grid against 2H 3H KH 6H (the KH in the bottom row, known to its owner)."""
    return (f"#/check/play?seats={seats}&seed=2&delay=0&undo=0&match_seconds={seconds}&deck="
            + deck(*PERSON, "2H", "3H", "KH", "6H", first_draw))


def start(app: Page, route: str) -> None:
    """Open a play route: the table seats everyone itself (the bots join in their turn, at once)
    and the game opens on the peek."""
    app.open(route)
    if app.get("[data-testid=table]", "data-phase") == "lobby":  # a bot joins in its turn
        assert app.text("[data-testid=status]") == "The players take their seats…"
        app.advance(1)
    assert app.get("[data-testid=table]", "data-phase") == "peek"


def until(app: Page, selector: str, click: bool = True) -> None:
    """Pass every matching window until ``selector`` is offered, then click it (unless not
    ``click``)."""
    for _ in range(200):
        wanted = app.find(selector)
        if wanted is not None:
            if click:
                app.click(wanted)
            return
        passing = app.find("button[data-action=pass]")
        if passing is not None:
            app.click(passing)
        else:
            app.advance(500)
    raise AssertionError(f"{selector} was never offered: {app.text()[:600]}")


def test_a_whole_game_against_three_bots(app: Page) -> None:
    start(app, GAME_ROUTE)
    assert app.find("[data-testid=lobby]") is None
    assert app.text("[data-testid=status]") == "Look at your bottom row"
    assert app.text("[data-testid=prompt]") == "Remember your bottom row, then turn it face down."
    # The bottom row is shown until the person is ready; the top row stays face down.
    assert app.get(f"{MINE} [data-pos='0.2']", "title") == "7 of spades"
    assert app.get(f"{MINE} [data-pos='0.3']", "title") == "King of spades"
    assert len(app.all(f"{MINE} .pc-card")) == 2
    assert [app.text(number) for number in app.all(f"{MINE} .cx-num")] == ["1", "2", "3", "4"]
    assert app.get(f"{MINE} [data-pos='0.3']", "aria-label") == "Your card 4: King of spades, K♠︎"
    assert "sat down first" in app.text("[data-testid=log]")
    app.click("button[data-action=ready]")
    assert not app.all(f"{MINE} .pc-card")  # memory aid off: all face down again

    # Turn 1: draw the 7C (only the drawer sees it), throw it, match it with the 7S.
    app.click("button[data-action=draw]")
    assert "7" in app.text("[data-testid=drawn]")
    assert app.text("[data-testid=prompt]") == "Click one of your cards to put the drawn card there, or discard it."
    app.click("button[data-action=discard]")
    assert app.text("[data-testid=window] .cx-window-what") == "Match the 7♣︎!"
    assert re.fullmatch(r"\d+\.\d s", app.text("[data-testid=countdown]"))
    assert app.text("[data-testid=prompt]").startswith("Click a card of yours of rank 7 to match it, or pass.")
    app.click("button[data-action='match 2']")
    assert "You matched 7♣︎ with 7♠︎" in app.text("[data-testid=log]")
    assert len(app.all(f"{MINE} .cx-hole")) == 1
    assert [app.text(number) for number in app.all(f"{MINE} .cx-num")] == ["1", "2", "3", "4"]

    # The bots' round is marked until the person's own turn is played.
    until(app, "button[data-action=draw]", click=False)
    assert app.all("[data-testid=table] .cx-pile[data-last-move]")
    marked = [app.text(line) for line in app.all("[data-testid=log] li[data-last-move]")]
    assert marked and all(line.startswith("Bot") for line in marked), marked
    assert app.text("[data-testid=status]") == "Your turn"

    # Turn 2: the drawn card where the King was; the King's ability: two peeks and a swap.
    app.click("button[data-action=draw]")
    assert not app.all("[data-testid=table] [data-last-move]")
    app.click("button[data-action='replace 3']")
    until(app, "button[data-action='peek 1.0']")
    assert "pc-card" in (app.get("[data-testid=seat-1] [data-pos='1.0']", "class") or "")
    assert app.text("[data-testid=prompt]").startswith("King: click a card to peek at (1 left)")
    app.click("button[data-action='peek 2.1']")
    assert app.text("[data-testid=prompt]") == "King: pick two cards to swap them, or skip the swap."
    app.click("button[data-pick='0.0']")
    assert app.text("[data-testid=prompt]") == "Now pick the card to swap it with, or skip the swap."
    app.click("button[data-action='swap 0.0 1.0']")
    assert "You swapped your own card 1 with Bot 2 (easy)'s card 1" in app.text("[data-testid=log]")

    # Turn 3: call Check, a step that asks first; Cancel goes back to the turn.
    until(app, "button[data-pick=call-check]")
    assert app.text("[data-testid=prompt]").startswith("Call Check? This is your last turn")
    assert app.text("button[data-action=check]") == "Yes, call Check"
    assert app.find("button[data-action=draw]") is None
    app.click(f"{MINE} [data-pos='0.1']")  # a place of the grid while the question is open
    assert app.alert() == "Answer first: call Check, or cancel."
    app.click("button[data-pick=cancel-check]")
    assert app.find("button[data-action=check]") is None and app.find("button[data-action=draw]") is not None
    app.click("button[data-pick=call-check]")
    app.click("button[data-action=check]")
    assert "called Check!" in app.text(MINE)
    for _ in range(200):
        if app.over():
            break
        passing = app.find("button[data-action=pass]")
        app.click(passing) if passing is not None else app.advance(500)
    reason = app.text("[data-testid=end-reason]")
    assert re.fullmatch(r"You called Check and every other player took one final turn; the totals are you -?\d+, "
                        r".+ -?\d+, and .+ (has|have|share) the lowest, -?\d+\.", reason), reason
    assert "Bot 4 (easy)" in app.text("[data-testid=result] li[data-seat='3']")
    assert app.text("[data-testid=status]") == "Round over"
    # The final reveal: every card of every grid face up; only the draw pile shows its back.
    assert len(app.all("[data-testid=table] .pc-back")) == 1
    assert "You's" not in app.text()


def test_king_on_king_resolves_last_in_first_out(app: Page) -> None:
    start(app, two_seat_route("human,bot:easy"))
    app.click("button[data-action=ready]")
    app.click("button[data-action=draw]")
    app.click("button[data-action='replace 3']")  # the KS goes to the pile; the bot matches it with its KH
    until(app, "[data-testid=prompt]", click=False)
    for _ in range(20):
        if app.text("[data-testid=prompt]").startswith("King: click a card to peek at"):
            break
        app.advance(500)
    log = app.text("[data-testid=log]")
    assert "Bot (easy) matched K♠︎ with K♥︎" in log, log
    # The bot's King (last in) was used first, then the person is asked for theirs.
    latest = log.split("matched K♠︎ with K♥︎")[0]
    assert "Bot (easy) peeked" in latest or "Bot (easy) skipped" in latest, latest
    # What the bot just did is marked: the emptied place and the pile.
    assert app.get("[data-testid=seat-1] [data-pos='1.2']", "data-last-move") == ""
    assert "cx-hole" in (app.get("[data-testid=seat-1] [data-pos='1.2']", "class") or "")
    assert app.get("[data-testid=discard-pile]", "data-last-move") == ""
    app.click("button[data-action=skip]")
    app.click("button[data-action=skip]")
    assert app.get("[data-testid=table]", "data-phase") != "ability"
    assert "You skipped the swap" in app.text("[data-testid=log]")


def test_the_clock_closes_the_matching_window(app: Page) -> None:
    start(app, two_seat_route("human,bot:easy", seconds=3))
    app.click("button[data-action=ready]")
    app.click("button[data-action=draw]")
    app.click("button[data-action=discard]")  # the 8C: nobody can match; the person does not answer
    assert "-1" not in (app.get("[data-testid=table]", "data-to-act") or "")  # the clock is no seat
    first = float(app.text("[data-testid=countdown]").split()[0])
    app.advance(1_000)
    assert float(app.text("[data-testid=countdown]").split()[0]) == pytest.approx(first - 1, abs=0.21)
    assert "passed" in app.text("[data-testid=seat-1]") or "Passed: Bot (easy)" in app.text("[data-testid=window]")
    app.advance(2_500)
    assert "Time is up for matching" in app.text("[data-testid=log]")


def test_the_memory_aid_and_a_failed_match_penalty(app: Page) -> None:
    start(app, two_seat_route("human,bot:easy"))
    app.click("button[data-action=ready]")
    app.click("[data-testid=memory-aid]")
    assert app.text("[data-testid=memory-aid]") == "Memory aid: on"
    assert len(app.all(f"{MINE} .pc-card")) == 2  # the remembered bottom row
    app.click("button[data-action=draw]")
    app.click("button[data-action=discard]")
    app.click("button[data-action='match 2']")  # a 7 on the 8C: wrong rank
    assert app.text("[data-testid=penalty]") == "You tried 7♠︎: wrong rank, a penalty card was added to your grid."
    assert len(app.all(f"{MINE} .cx-card")) == 5
    assert [app.text(number) for number in app.all(f"{MINE} .cx-num")] == ["1", "2", "3", "4", "5"]
    app.click("[data-testid=memory-aid]")
    assert app.text("[data-testid=memory-aid]") == "Memory aid: off"


def test_two_people_pass_the_device_for_private_moments(app: Page) -> None:
    start(app, two_seat_route("human:Ann,human:Ben", first_draw="2C"))
    assert app.text("[data-testid=pass-screen] h1") == "Pass the device to Ann"
    assert not app.all(".pc-card")
    app.click("button[data-cmd=pass-done]")
    app.click("button[data-action=ready]")
    assert app.text("[data-testid=pass-screen] h1") == "Pass the device to Ben"
    app.click("button[data-cmd=pass-done]")
    app.click("button[data-action=ready]")
    app.click("button[data-action=draw]")
    assert app.text("[data-testid=pass-screen] h1") == "Pass the device to Ann"  # the drawn card is Ann's
    app.click("button[data-cmd=pass-done]")
    app.click("button[data-action=discard]")
    # The matching window is for both at once, with no card faces on screen.
    assert app.find("button[data-action=pass][data-seat='0']") is not None
    assert app.text("button[data-action=pass][data-seat='1']") == "Ben: pass"
    assert app.find("[data-testid=memory-aid]") is None
    app.click("button[data-action='match 0'][data-seat='1']")  # Ben's 2H
    assert "Ben to play" in app.text("[data-testid=status]")
    assert "2 cards" in app.text("[data-testid=discard-pile]")
    app.click("button[data-pick=take]")
    assert app.get("button[data-pick=take]", "aria-pressed") == "true"
    assert app.text("[data-testid=prompt]") == "Click the card of yours to swap the discard with."
    app.click("button[data-action='take 1']")
    assert "Ben took 2♥︎ into card 2 and discarded 3♥︎" in app.text("[data-testid=log]")


def test_refused_clicks_say_why(app: Page) -> None:
    start(app, two_seat_route("human,bot:easy"))
    app.click("button[data-action=ready]")
    at = app.ply()
    # A place of the person's before anything is drawn: there is no discard to take yet.
    app.click(f"{MINE} [data-pos='0.0']")
    assert app.alert() == "The discard pile is empty."
    app.click("button[data-action=draw]")
    # The bot's card while the drawn card waits: the engine's reason, in words.
    app.click("[data-testid=seat-1] [data-pos='1.0']")
    assert app.alert() == "The drawn card must go into a slot or onto the discard pile."
    assert app.ply() == at + 1  # only the draw was played
    app.click("button[data-action=discard]")
    assert not app.alert()
