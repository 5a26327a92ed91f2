"""The flow's event stream (``ui.tables.events``) and the typed commands of a click
(``ui.tables.commands``), in CPython: what a flow publishes for a person's move, a bot's, the
clock's, a refusal, a takeback and the end; that a subscriber may leave; and that a click's
attributes parse once into the command the tables' handlers are found by."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine import CLOCK, IllegalAction, NotYourTurn, Reason
from flow_support import EASY_BOT, YOU, FakeTimers, Heard, flow_at, opening
from ui.app.play_setup import PlaySetup, SeatSpec
from ui.tables import commands
from ui.tables.check import CheckTable
from ui.tables.checkmate import CheckmateTable
from ui.tables.checks import ChecksTable
from ui.tables.chess_cards import ChessCardsTable
from ui.tables.commands import ANY, Do, Pick, Play, Try
from ui.tables.events import Events, GameOver, Played, Refused, Rewound, Settled, TurnPassed
from ui.tables.game_flows import new_flow
from ui.tables.private_checkers import PrivateCheckersTable


def test_a_move_and_the_bots_answer_are_published_with_who_made_them() -> None:
    flow, timers, heard = flow_at(opening(), (YOU, EASY_BOT), delay_ms=700)
    heard.events.clear()
    flow.act(0, "7C")
    played = [event for event in heard.events if isinstance(event, Played)]
    assert [(event.seat, event.notation, event.by, event.ply) for event in played] == [(0, "7C", "person", 1)]
    assert played[0].before is not None and played[0].action is not None  # the host's device has both
    # The change is drawn once it has settled: the seats to act, then Settled, last.
    assert heard.events[-2:] == [TurnPassed((1,), 1), Settled()]
    timers.advance(700)
    answer = [event for event in heard.events if isinstance(event, Played)][-1]
    assert (answer.seat, answer.by, answer.ply) == (1, "bot", 2)
    assert heard.events[-1] == Settled() and TurnPassed((0,), 2) in heard.events


def test_a_refused_action_is_published_with_the_exception_and_changes_nothing() -> None:
    flow, timers, heard = flow_at(opening(), (YOU, EASY_BOT), delay_ms=700)
    heard.events.clear()
    with pytest.raises(IllegalAction) as raised:
        flow.act(0, "8C")
    assert heard.events == [Refused(0, "8C", raised.value)]
    assert flow.ply == 0 and isinstance(raised.value.reason, Reason) and "not in" in raised.value.reason
    flow.act(0, "7C")
    with pytest.raises(NotYourTurn):
        flow.act(0, "2S")
    assert flow.refusal(0, "2S") is not None and flow.refusal(1, "8C") is not None


def test_a_takeback_is_published_as_rewound_not_as_a_move() -> None:
    flow, timers, heard = flow_at(opening(), (YOU, EASY_BOT), delay_ms=700)
    flow.act(0, "7C")
    heard.events.clear()
    assert flow.undo() == ""  # before the bot's answer lands
    assert Rewound(0) in heard.events and not any(isinstance(event, Played) for event in heard.events)
    assert heard.events[-1] == Settled()


def test_a_whole_bot_game_ends_with_one_game_over() -> None:
    seats = (SeatSpec("bot", "Ann", "easy"), SeatSpec("bot", "Bo", "easy"))
    timers = FakeTimers()
    flow = new_flow(PlaySetup("check", seats, 5, delay_ms=0), timers)
    heard = Heard()
    flow.events.subscribe(heard)
    flow.start()
    for _ in range(2000):
        if flow.state.is_over():
            break
        timers.advance(500)
    assert flow.state.is_over()
    over = [event for event in heard.events if isinstance(event, GameOver)]
    assert len(over) == 1 and over[0].winners == tuple(flow.state.result().winners)
    played = [event for event in heard.events if isinstance(event, Played)]
    assert [event.ply for event in played] == list(range(1, flow.ply + 1))
    assert all((event.seat == CLOCK) == (event.by == "clock") for event in played)
    assert {event.by for event in played} <= {"bot", "clock"}


def test_a_subscriber_that_leaves_hears_nothing_more() -> None:
    events = Events()
    first, second = Heard(), Heard()
    stop = events.subscribe(first)
    events.subscribe(second)
    events.publish(Settled())
    stop()
    events.publish(Rewound(3))
    assert first.events == [Settled()] and second.events == [Settled(), Rewound(3)]
    events.turn((1,), 4)
    events.turn((1,), 5)  # the same seats: not said again
    assert [event for event in second.events if isinstance(event, TurnPassed)] == [TurnPassed((1,), 4)]


def element(**attrs: str) -> SimpleNamespace:
    """A clicked element as ``ui.kit.dom.attr`` reads it."""
    return SimpleNamespace(getAttribute=lambda name: attrs.get(name.replace("data-", "data_").replace("-", "_")))


@pytest.mark.parametrize(("attrs", "command"), [
    ({"data_action": "7C"}, Play("7C")),
    ({"data_action": "match 2", "data_seat": "1"}, Play("match 2", 1)),
    ({"data_try": "draw 3", "data_seat": "0"}, Try("draw 3", 0)),
    ({"data_pick": "card:7C"}, Pick("card", "7C")),
    ({"data_pick": "0.2"}, Pick("0.2")),
    ({"data_cmd": "pile:3"}, Do("pile", "3")),
    ({"data_cmd": "undo"}, Do("undo")),
    ({}, None),
])
def test_a_click_is_parsed_once_into_its_command(attrs: dict[str, str], command: object) -> None:
    assert commands.parse(element(**attrs)) == command


def test_each_table_finds_its_handlers_by_command_name() -> None:
    assert commands.gather(ChecksTable) == {"card": "pick_card", "pile": "open_pile"}
    assert commands.gather(CheckmateTable) == {"fan": "toggle_fan", "waive": "waive"}
    assert set(commands.gather(CheckTable)) == {"take", "call-check", "cancel-check", ANY, "memory"}
    assert set(commands.gather(ChessCardsTable)) == {"hint", "sacrifice", "sac", "privilege"}
    assert commands.gather(PrivateCheckersTable) == {ANY: "pick_checker"}
