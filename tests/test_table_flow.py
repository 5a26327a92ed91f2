"""The game flow without a page (``ui.tables.flow``), in CPython with fake timers and a fake store.

The timers are virtual (``flow_support.FakeTimers``): ``advance(ms)`` runs whatever falls due in
that time, in order, so the tests say exactly when a bot's answer, a countdown or a grace comes,
without waiting for it.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from checkmate_helpers import race
from engine import CLOCK, GAMES, IllegalAction, Record
from engine.bots import get_bot
from engine.checkmate import Announce
from flow_support import ANN, BO, EASY_BOT, YOU, FakeStore, FakeTimers, flow_at, opening
from ui.app.play_setup import PlaySetup, SeatSpec
from ui.storage.saves import SavedGame
from ui.tables.flow import CLOCK_TICK_MS, FlowStopped, StalePosition, TableFlow, bot_rng
from ui.tables.game_flows import LAST_CARD_GRACE_MS, CheckmateFlow

# --- bots ---------------------------------------------------------------------------------------


def test_a_bots_answer_arrives_after_its_delay_and_is_applied_once() -> None:
    flow, timers, heard = flow_at(opening(), (YOU, EASY_BOT), delay_ms=700)
    flow.act(0, "7C")
    assert flow.ply == 1 and flow.thinking == 1
    before = flow.state
    expected = get_bot("checkmate", "easy").choose(
        flow.game, before.view(1), before.legal_actions(1), bot_rng(flow.setup.seed, 1, 1), 1500)
    timers.advance(699)
    assert flow.ply == 1  # answered at once, but held back so that the person sees it come
    timers.advance(1)
    assert flow.state.history[1:] == ((1, expected),)
    timers.advance(60_000)  # nothing else falls due: the person is to act
    assert heard.played == [(0, "7C"), (1, str(expected))]
    assert flow.person_to_act() == 0 and not flow.asked


def test_a_bots_answer_for_a_position_taken_back_is_dropped() -> None:
    flow, timers, heard = flow_at(opening(), (YOU, EASY_BOT), delay_ms=700)
    flow.act(0, "7C")
    timers.advance(300)  # the bot has answered; its move waits for its delay
    assert flow.undo() == ""
    assert flow.ply == 0 and heard.played == [(0, "7C")]
    timers.advance(60_000)
    assert flow.ply == 0  # the old answer never lands, and the person is to act again


def test_a_bot_that_fails_stops_the_flow_with_its_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    flow, timers, heard = flow_at(opening(), (YOU, EASY_BOT))

    def broken(*args: Any) -> Generator[None, None, Any]:
        yield
        raise RuntimeError("out of ideas")

    monkeypatch.setattr(flow.bots[1], "think", broken)  # bots are shared: put it back after
    flow.act(0, "7C")
    timers.advance(100)
    assert flow.error == "The easy bot failed, and the game cannot go on."
    with pytest.raises(FlowStopped, match="the game has stopped"):
        flow.act(0, "2S")
    assert flow.legal_actions(0) == ()


# --- clicks -------------------------------------------------------------------------------------


def test_an_action_for_an_old_position_is_refused_and_changes_nothing() -> None:
    store = FakeStore()
    flow, timers, heard = flow_at(opening(), (YOU, EASY_BOT), store=store)
    flow.act(0, "7C", ply=0)
    timers.advance(100)
    assert flow.ply == 2
    saves, state = len(store.saves), flow.state
    with pytest.raises(StalePosition, match="chosen at ply 0; the game is at ply 2"):
        flow.act(0, "draw 1", ply=0)
    assert flow.state is state and len(store.saves) == saves
    flow.act(0, "draw 1", ply=2)
    assert flow.state.history[-1] == (0, flow.parse("draw 1"))


def test_an_illegal_action_is_refused_with_the_engines_reason() -> None:
    flow, timers, heard = flow_at(opening(), (YOU, EASY_BOT))
    with pytest.raises(IllegalAction, match="8C is not in seat 0's hand"):
        flow.act(0, "8C")
    with pytest.raises(IllegalAction, match="a bot plays that seat"):
        flow.act(1, "8C")
    assert flow.ply == 0 and heard.played == []


# --- saving -------------------------------------------------------------------------------------


def test_every_action_is_saved_and_the_end_goes_to_the_history() -> None:
    store = FakeStore()
    start = race(["7H", "3H 9S"], top="2H", announce=False)
    flow, timers, heard = flow_at(start, (YOU, ANN), store=store)
    plies = len(start.history)
    flow.act(0, "last")
    flow.act(1, "3H")
    flow.act(0, "7H")
    assert flow.state.is_over()
    assert [len(game.record.moves) for game in store.saves] == [plies, plies + 1, plies + 2]
    assert [game.id for game in store.saves] == ["game-1"] * 3
    (finished,) = store.finished
    assert finished.record.to_json() == Record.from_state(flow.state).to_json()
    assert finished.result == flow.result_data() and finished.result is not None


def test_a_store_that_refuses_says_so_once_and_play_goes_on() -> None:
    flow, timers, heard = flow_at(opening(), (YOU, ANN), store=FakeStore(full=True))
    assert flow.save_problem == "This game is not being saved: the browser's storage is full."
    flow.act(0, "7C")
    assert flow.ply == 1


# --- takebacks ----------------------------------------------------------------------------------


def test_takebacks_stop_where_something_was_revealed() -> None:
    flow, timers, heard = flow_at(opening(), (YOU, EASY_BOT), delay_ms=0)
    assert flow.undo() == "you have made no move yet"
    flow.act(0, "7C")
    timers.advance(100)
    # The bot's card came out of a hand the person could not see: taking back 7C would undo it.
    why = flow.undo()
    reply = f"by {flow.seats[1].name}, {flow.state.history[1][1]},"
    assert why == f"move 2 {reply} showed you something you could not know before"
    assert flow.ply == 2


def test_a_takeback_goes_back_to_before_the_persons_decision() -> None:
    start = race(["7H", "3H 9S"], top="2H", announce=False)
    flow, timers, heard = flow_at(start, (YOU, EASY_BOT), delay_ms=5_000)
    plies = len(start.history)
    flow.act(0, "last")  # the person's own announcement shows them nothing new
    assert flow.undo() == ""
    assert flow.ply == plies and flow.state.legal_actions(0) == (Announce(),)


# --- timed events -------------------------------------------------------------------------------


def matching_window(flow: TableFlow) -> None:
    """Check! with two people: the lobby fills by itself, both look at their cards, seat 0 draws
    and puts the card in place 0: the matching window opens."""
    flow.act(0, "ready")
    flow.act(1, "ready")
    flow.act(0, "draw")
    flow.act(0, "replace 0")


def test_the_clock_event_falls_at_its_time() -> None:
    lobby = GAMES["check"].new(3, players=2, options={"match_seconds": 3})
    flow, timers, heard = flow_at(lobby, (ANN, BO))
    assert [seat for seat, _ in heard.played] == [1, 0]  # the join and the Game Master's start
    matching_window(flow)
    assert CLOCK in flow.state.to_act() and flow.countdown is not None
    timers.advance(2_999)
    assert flow.state.history[-1][0] != CLOCK
    assert 0 < flow.countdown_left_ms() <= CLOCK_TICK_MS
    assert heard.ticks >= 10  # the seconds left were told as they ran
    timers.advance(CLOCK_TICK_MS)
    assert flow.state.history[-1] == (CLOCK, flow.state.history[-1][1])
    assert str(flow.state.history[-1][1]) == "timeout" and CLOCK not in flow.state.to_act()


def test_a_countdown_whose_window_closed_early_does_nothing() -> None:
    lobby = GAMES["check"].new(3, players=2, options={"match_seconds": 3})
    flow, timers, heard = flow_at(lobby, (ANN, BO))
    matching_window(flow)
    flow.act(0, "pass")
    flow.act(1, "pass")  # everyone passed: the window is over before its time
    assert CLOCK not in flow.state.to_act() and flow.countdown is None
    plies = flow.ply
    timers.advance(10_000)
    assert flow.ply == plies and all(seat != CLOCK for seat, _ in flow.state.history)


def test_the_grace_for_last_card_holds_the_next_bot() -> None:
    # Seat 0 has just played down to one card and owes "last card"; the bot of seat 1 moves next.
    start = race(["7H", "3H 9S"], top="2H", announce=False)
    flow, timers, heard = flow_at(start, (YOU, EASY_BOT))
    assert isinstance(flow, CheckmateFlow) and flow.in_grace()
    plies = flow.ply
    timers.advance(LAST_CARD_GRACE_MS - 1)
    assert flow.ply == plies and not flow.asked  # the bot has not even been asked
    assert flow.countdown_left_ms("grace") == 1
    timers.advance(1)
    timers.advance(100)  # the bot is asked once the grace is over, and answers at once
    assert flow.ply > plies and flow.state.history[plies][0] == 1
    assert all(seat == 1 for seat, _ in flow.state.history[plies:])  # its play, its own "last card"
    assert Announce() not in flow.state.legal_actions(0)  # the moment has passed


def test_the_grace_for_last_card_holds_a_friends_next_action() -> None:
    # As above, but a friend on another device plays seat 1: its play arrives during the grace.
    start = race(["7H", "3H 9S"], top="2H", announce=False)
    flow, timers, heard = flow_at(start, (YOU, SeatSpec("friend", "Bo")))
    assert isinstance(flow, CheckmateFlow) and flow.in_grace()
    plies = flow.ply
    play = next(action for action in flow.state.legal_actions(1) if str(action) != "last")
    flow.act(1, str(play), ply=plies)
    timers.advance(LAST_CARD_GRACE_MS - 1)
    assert flow.ply == plies and heard.played == []  # held, not refused
    timers.advance(1)
    assert heard.played == [(1, str(play))]
    with pytest.raises(StalePosition):  # a friend's action for a position gone is refused
        flow.act(1, str(play), ply=plies)


def test_saying_last_card_in_the_grace_lets_the_bot_go_on() -> None:
    start = race(["7H", "3H 9S"], top="2H", announce=False)
    flow, timers, heard = flow_at(start, (YOU, EASY_BOT))
    timers.advance(1_000)
    flow.act(0, "last")
    assert not flow.in_grace() and flow.countdown is None
    timers.advance(100)
    assert heard.played[0] == (0, "last") and heard.played[1][0] == 1


# --- between games, read-only -------------------------------------------------------------------


def test_a_read_only_flow_runs_nothing_and_goes_to_any_position() -> None:
    start = race(["7H", "3H 9S"], top="2H", announce=False)
    record = Record.from_state(start)
    setup = PlaySetup(game_id="checkmate", seats=(YOU, EASY_BOT), seed=record.seed)
    timers = FakeTimers()
    flow = TableFlow(setup, timers, saved=SavedGame(id="x", record=record, seats=setup.seats), readonly=True)
    flow.start()
    timers.advance(60_000)
    assert flow.ply == len(start.history) and not flow.bots and flow.legal_actions(0) == ()
    flow.goto(1)
    assert flow.ply == 1
    with pytest.raises(FlowStopped, match="read-only"):
        flow.act(0, "last")
