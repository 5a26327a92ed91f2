"""The Checkmate table read from a page in CPython (``fake_page``), from stacked deals played to a
position with the engine and opened as saved games: "last card" and its grace counting down, an
Ace that calls for a King, the fan, refusals in the engine's words, two people passing the device,
four seats, a series held between its games. The browser's half is
tests/e2e/test_checkmate_ui.py."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from checkmate_helpers import deal, race
from fake_page import Page, opened


@pytest.fixture
def app() -> Iterator[Page]:
    yield from opened()


HAND = "[data-testid=hand]"
#: Seat 0 just played down to one card (it owes "last card"); seat 1 moves next.
LAST_CARD_DUE = (["5H", "6H 7H"], "9H")
#: Seat 0 opens with an Ace; seat 1 holds two Kings.
ACE_AND_KINGS = ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", "KS KC 2S 3S 4S 5S 6S 7S 8S 9S"]


def countdown(app: Page) -> float:
    text = app.text("[data-testid=last-card-row] [data-testid=countdown]")
    found = re.fullmatch(r"(\d+\.\d) s", text)
    assert found, text
    return float(found.group(1))


def test_the_bot_waits_for_the_persons_last_card_and_the_seconds_tick(app: Page) -> None:
    hands, top = LAST_CARD_DUE
    app.open_saved(race(hands, top, announce=False), "human,bot:easy")
    assert app.get("[data-testid=table]", "data-to-act") == "1,0"
    assert app.actions() == ["last"]
    assert app.text("[data-testid=status]") == "Bot (easy) waits a moment for your “last card”."
    assert countdown(app) == 4.0
    app.advance(1_000)
    assert countdown(app) == 3.0  # the flow's ticks rewrite the seconds in place
    ply = app.ply()
    app.click("[data-testid=last-card]")
    assert app.ply() == ply + 1
    assert app.text("[data-testid=last-0]") == "last card!"
    assert "You say “last card!”" in app.text("[data-testid=log]")
    assert app.find("[data-testid=last-card-row]") is None
    app.advance(1_000)
    assert app.ply() >= ply + 2  # the bot moved on
    assert app.find("[data-testid=log] li[data-last-move]") is not None


def test_a_moment_let_pass_is_missed_and_going_out_does_not_count(app: Page) -> None:
    hands, top = LAST_CARD_DUE
    app.open_saved(race(hands, top, announce=False), "human,bot:easy")
    app.advance(4_500)  # the grace runs out: the bot moves
    log = app.text("[data-testid=log]")
    assert "You miss the moment to say “last card”" in log, log
    assert app.find("[data-testid=last-card-row]") is None


def test_people_at_one_device_are_asked_first_and_may_let_the_moment_pass(app: Page) -> None:
    hands, top = LAST_CARD_DUE
    app.open_saved(race(hands, top, announce=False), "human:Ann,human:Bob")
    assert app.text("[data-testid=pass-screen] h1") == "Pass the device to Ann"
    assert app.find(".cm-mine") is None  # no hand behind the screen
    app.click("[data-testid=pass-done]")
    row = app.text("[data-testid=last-card-row]")
    assert row == "Last card!Say it before anyone else moves, or going out will not count.Let the moment pass", row
    assert app.text("[data-testid=status]") == "Bob’s turn."
    app.click("[data-cmd=waive]")
    assert app.text("[data-testid=pass-screen] h1") == "Pass the device to Bob"
    app.click("[data-testid=pass-done]")
    assert app.text(".cm-mine [data-testid=name-1]") == "Bob’s hand"
    assert app.find("[data-testid=last-card-row]") is None


def test_an_ace_calls_for_a_king_that_the_bot_gives(app: Page) -> None:
    app.open_saved(deal(ACE_AND_KINGS), "human,bot:easy")
    assert app.text("[data-testid=status]") == "You deal: open the play pile with any card."
    assert app.get("[data-testid=pile]", "data-top") == ""
    app.click(f"{HAND} button[data-action=AH]")
    assert app.text("[data-testid=status]") == "Bot (easy) is thinking…"
    assert app.text("[data-seat='1'] .tag-turn") == "thinking…"
    assert app.text("[data-testid=tally]") == "2 players · first to go out wins"
    app.advance(1_000)
    log = app.text("[data-testid=log]")
    assert re.search(r"Bot \(easy\) gives K[♠♣]︎? to you", log), log
    assert len(app.all(f"{HAND} [data-card^=K]")) == 1
    assert len(app.all(f"{HAND} [data-card]")) == 10  # the Ace went, a King came


def test_a_person_gives_a_king_behind_the_pass_screen(app: Page) -> None:
    app.open_saved(deal([*ACE_AND_KINGS, "QS QC QD JS JC JD 10S 10C 10D 9C"]), "human:Ann,human:Bob,bot:easy")
    assert app.text("[data-testid=pass-screen] h1") == "Pass the device to Ann"
    app.click("[data-testid=pass-done]")
    assert app.text(".cm-mine [data-testid=name-0]") == "Ann’s hand"
    assert app.text("[data-testid=status]") == "You deal: open the play pile with any card."
    app.click(f"{HAND} button[data-action=AH]")
    # Bob must give a King: Ann's cards are hidden until Bob takes the device.
    assert app.text("[data-testid=pass-screen] h1") == "Pass the device to Bob"
    app.click("[data-testid=pass-done]")
    assert app.text("[data-testid=status]") == "Ann played an Ace: give a King."
    assert app.text("[data-testid=prompt]") == "Give one of your Kings: tap it."
    assert sorted(app.actions()) == ["give KC", "give KS"]
    assert app.text(".cm-mine [data-tag], .cm-mine .tag-turn") == "gives a King"
    app.click(f"{HAND} button[data-try='give 2S']")
    assert app.alert() == "2♠︎ is not a King."
    app.click("button[data-action='give KS']")
    assert not app.alert()
    assert "Bob gives K♠︎ to Ann" in app.text("[data-testid=log]")
    # The turn passes to the seat after the Ace player: Bob, who still holds the device.
    assert app.text(".cm-mine [data-testid=name-1]") == "Bob’s hand"
    assert app.get("[data-testid=count-0]", "data-count") == "10"


def test_nobody_has_a_king_to_give(app: Page) -> None:
    app.open_saved(deal(["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", "2S 3S 4S 5S 6S 7S 8S 9S 10S QS"]),
                   "human,bot:easy")
    app.click(f"{HAND} button[data-action=AH]")
    app.advance(1_000)
    assert "Nobody has a King to give to Bot (easy)" in app.text("[data-testid=log]") or \
        "Nobody has a King to give to you" in app.text("[data-testid=log]"), app.text("[data-testid=log]")


def test_no_card_fits_so_a_card_of_the_fan_is_drawn(app: Page) -> None:
    app.open_saved(race(["2S 3S 4S 5S 6S 9S 10S QS", "2D 3D 4D 5D 6D 7D 9D 10D"], "8C"), "human,bot:easy")
    assert app.text("[data-testid=status]") == "No card fits: draw one from the stockpile."
    assert app.text("[data-testid=fan] .cm-label") == "Stockpile · 34 face down: draw, or pick any card"
    # Every card of the hand is a button; none plays, and a click says why.
    assert not app.all(f"{HAND} button[data-action]")
    app.click(f"{HAND} button[data-try='2S']")
    assert app.alert() == "2♠︎ matches neither the rank nor the suit of the top card 8♣︎."
    # On a phone the fan opens on demand.
    toggle = app.one("[data-cmd=fan]")
    assert toggle.getAttribute("aria-expanded") == "false" and app.text(toggle) == "Choose a card"
    app.click(toggle)
    assert app.get("[data-cmd=fan]", "aria-expanded") == "true"
    assert "cm-fan-open" in (app.get("[data-testid=fan]", "class") or "")
    assert app.text("[data-cmd=fan]") == "Hide the fan"
    assert len([action for action in app.actions() if action.startswith("draw ")]) == 35  # "Draw" + 34
    app.click("[data-testid=fan] .cm-fan-cards button[data-action='draw 3']")
    assert app.ply() == 5 and not app.alert()
    assert re.search(r"You draw (and play \S+|\S+ and keep it)", app.text("[data-testid=log]"))


def test_a_fan_card_is_refused_while_a_card_of_the_hand_fits(app: Page) -> None:
    app.open_saved(race(["2S 3S 4S 5S 6S 9S 10S QC", "2D 3D 4D 5D 6D 7D 9D 10D"], "8C"), "human,bot:easy")
    assert app.actions() == ["QC"]
    assert app.text("[data-testid=status]") == "Your turn: play a card of the top card’s rank or suit."
    app.click("[data-testid=fan] .cm-fan-cards button[data-try]")
    assert app.alert() == "You hold a playable card (Q♣︎) and must play it rather than draw.", app.alert()
    app.click("[data-testid=fan] button[data-try^='draw'].cm-draw")
    assert app.alert() == "You hold a playable card (Q♣︎) and must play it rather than draw."
    app.click(f"{HAND} button[data-action=QC]")
    assert not app.alert()


def test_four_seats_in_turn_order(app: Page) -> None:
    app.open("#/checkmate/play?seats=human,bot:easy,bot:random,bot:easy&seed=5&delay=0&undo=0")
    order = app.text(".cm-direction")
    assert order == "Turn order: You → Bot 2 (easy) → Bot (random) → Bot 4 (easy) → …", order
    assert len(app.all(".cm-others [data-seat]")) == 3
    assert len(app.all(".cm-arrow")) == 2
    app.play_on(until=lambda: app.ply() >= 8)
    for seat in (1, 2, 3):
        count = int(app.get(f"[data-testid=count-{seat}]", "data-count") or "-1")
        assert app.text(f"[data-testid=count-{seat}] .cm-count") == f"{count} card{'s' if count != 1 else ''}"


def test_a_series_holds_each_result_and_keeps_the_tally(app: Page) -> None:
    app.open("#/checkmate/play?seats=bot:easy,bot:random&seed=12&delay=0&games=3")
    for number in (1, 2):
        for _ in range(300):
            if app.find("[data-testid=game-result]") is not None:
                break
            app.advance(1_000)
        interlude = app.text("[data-testid=game-result]")
        assert interlude.startswith(f"Game {number} of 3: "), interlude
        assert re.search(r"deals game \d( again)? \(the dealer", interlude), interlude
        assert app.find("[data-testid=status]") is None  # only the finished game's result shows
        assert app.text("[data-testid=where]") == f"Game {number} of 3 · over"
        app.click("[data-testid=next-game]")
        assert re.fullmatch(rf"Game {number + 1} of 3 · .+ dealt", app.text("[data-testid=where]"))
    for _ in range(300):
        if app.over():
            break
        app.advance(1_000)
    assert app.text("[data-testid=status]") == "The game is over."
    deals = app.all("[data-testid=result] .cm-deals li")
    assert len(deals) == 3
    wins = [int(app.text(strong)) for strong in app.all("[data-testid=result] .result-scores strong")]
    winners = [element.getAttribute("data-winner") for element in deals]
    assert wins == [winners.count("0"), winners.count("1")]
    assert app.text("[data-testid=tally]").startswith(f"Bot (easy) {wins[0]}")
    headline = app.text("[data-testid=result] h2")
    assert re.fullmatch(r"Bot \((easy|random)\) wins the series\.|Drawn the series\.|Draw\.", headline), headline
