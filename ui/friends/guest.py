"""A guest's side of a room: the game as the views from the host show it (``GuestFlow``).

A guest's table is a table like any other, drawn from a flow's ``view(seat)`` and legal actions;
here they are what the host last sent (``ui.friends.protocol``): the guest holds no deck, no seed
and no record until the game is over. An action is sent to the host (``send``) for the ply it was
chosen at, and takes effect when the host's next view arrives; a refusal arrives with the host
engine's reason.

The engine still reads the guest's notation: ``game.from_view`` builds a position consistent with
the view (hidden cards filled in at random, never shown) so that the legal actions' notation
parses into the engine's own ``Action`` values and the tables draw them by their types.

Timed events run on the host's clock: a ``clock`` message says how long the one running had left
when it was sent; the guest counts down from there, less half the round trip it measures with
``ping`` messages (``rtt_ms``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from engine import CLOCK, GAMES, Action, IllegalAction, Reason, Record, State
from ui.app.play_setup import PlaySetup, SeatSpec
from ui.friends.protocol import act_message
from ui.tables.events import By, Events, GameOver, Played, Refused, Rewound, Settled, TimeLeft
from ui.tables.flow import CLOCK_TICK_MS, FlowStopped, Returned, StalePosition, Timers
from ui.tables.phrasing import refusal_error

#: The round trip assumed until a ping has measured one.
DEFAULT_RTT_MS = 100.0


class GuestFlow:
    """The flow of a guest's table: ``receive`` the host's messages, ``act`` sends an action.

    It answers a table's questions as ``TableFlow`` does (``view``, ``legal_actions``, ``to_act``,
    ``ply``, ``history``...) from the last view received; everything a host's flow decides
    (bots, saving, takebacks, the next game of a match) is the host's, so here it does nothing."""

    readonly = False
    undo_offered = False
    paused = False
    save_id = ""
    save_problem = ""
    thinking: int | None = None
    bots: dict[int, Any] = {}

    def __init__(self, game_id: str, seat: int | None, names: list[str], send: Callable[[dict[str, Any]], None],
                 timers: Timers | None = None) -> None:
        self.game = GAMES[game_id]
        #: This device's seat; None for a watcher, who sees the spectator's view and never acts.
        self.seat = seat
        self.send = send
        self.timers = timers
        #: What happens, for whoever follows the game (``ui.tables.events``).
        self.events = Events()
        self.people: tuple[int, ...] = (seat,) if seat is not None else ()
        self.bottom = seat if seat is not None else 0
        #: The host's name while it has gone quiet (its page asleep): countdowns wait for it.
        self.clock_held = ""
        #: The host has gone for good: nothing more can be played from here.
        self.stopped = False
        #: The action sent and not yet answered by the host (its notation), if any.
        self.pending = ""
        self._held_left = 0.0
        self._final_history: tuple[tuple[int, Action], ...] = ()
        self.seats = tuple(SeatSpec("friend", name) for name in names)
        self.setup = PlaySetup(game_id, self.seats, 0, delay_ms=0, undo=False)
        self.ply = -1
        self.epoch = 0
        self._view: dict[str, Any] = {}
        self._legal: tuple[Action, ...] = ()
        self.state: State | None = None
        #: The host's reason for the last action it refused, until the next view (the engine's
        #: text, for developers), and the refusal itself, rebuilt from its data (``returned``).
        self.refused = ""
        self.returned: IllegalAction | None = None
        #: The game's record, once the game is over and the host has sent it.
        self.final: Record | None = None
        self.error = ""
        #: The measured round trip to the host (``ping``/``pong``).
        self.rtt_ms = DEFAULT_RTT_MS
        #: When the host's timed event falls due, on this device's clock (None: none runs).
        self.deadline: float | None = None
        self._ticking = False

    # -- what arrives --------------------------------------------------------------------

    def receive(self, message: dict[str, Any]) -> None:
        """A checked message from the host (``protocol.decode``)."""
        kind = message["type"]
        if kind == "view" and message["seat"] == self.seat and message["game"] == self.game.id:
            old, over = self.ply, self.result_data() is not None
            if message["ply"] < self.ply:
                self.final = None  # the host dealt a new game in the room ("Play again")
            self.ply = message["ply"]
            self._view = message["view"]
            self.state = self.game.from_view(self._view, random.Random(self.ply))
            self._legal = tuple(self.game.parse_action(self.state, text) for text in message["legal"])
            self.refused = ""
            self.pending = ""
            self.epoch += 1
            self._publish_news(old, over)
        elif kind == "lobby":
            self.seats = tuple(SeatSpec("bot" if entry["status"] == "bot" else "friend", str(entry["name"]))
                               for entry in message["seats"])
        elif kind == "refused":
            self.refused = message["reason"]
            self.pending = ""
            text = f"illegal action {message['action']!r} by seat {self.seat}: {message['reason']}"
            self.returned = Returned(text, refusal_error(message.get("refusal"), text))
            if self.seat is not None:
                self.events.publish(Refused(self.seat, message["action"], self.returned))
            self.events.publish(Settled())
        elif kind == "record":
            self.final = Record.from_json(json.dumps(message["record"]))
            # Replayed once: every draw asks for the history (a long game's replay is slow in the page).
            self._final_history = tuple(self.final.replay().history)
            self.events.publish(Settled())
        elif kind == "clock":
            self._clock(message)
        elif kind == "pong" and self.timers is not None:
            self.rtt_ms = max(0.0, self.timers.now_ms() - float(message["t"]))

    def _publish_news(self, old: int, was_over: bool) -> None:
        """What the new view tells: the actions since the last one (as far as this seat's view
        of the game shows them), or a new deal; the end; the seats to act."""
        if self.ply < old or old < 0:
            self.events.publish(Rewound(self.ply))
        else:
            history = self.history
            news = history[len(history) - (self.ply - old):] if 0 < self.ply - old <= len(history) else ()
            for number, (seat, action) in enumerate(news, start=old + 1):
                self.events.publish(Played(seat, str(action), self._by(seat), number, None, action))
        result = self.result_data()
        if result is not None and not was_over:
            self.events.publish(GameOver(result, tuple(result.get("winners", ()))))
        self.events.turn(self.to_act(), self.ply)
        self.events.publish(Settled())

    def _by(self, seat: int) -> By:
        if seat == CLOCK:
            return "clock"
        if seat == self.seat:
            return "person"
        return "bot" if 0 <= seat < len(self.seats) and self.seats[seat].is_bot else "friend"

    def ping(self) -> None:
        """Ask the host for a pong, to measure the round trip."""
        if self.timers is not None:
            self.send({"type": "ping", "t": self.timers.now_ms()})

    def _clock(self, message: dict[str, Any]) -> None:
        if self.timers is None or not message["kind"]:
            self.deadline = None
            return
        self.deadline = self.timers.now_ms() + float(message["left_ms"]) - self.rtt_ms / 2
        if not self._ticking:
            self._ticking = True
            self.timers.later(CLOCK_TICK_MS, self._tick)

    def _tick(self) -> None:
        if self.deadline is None or self.timers is None or self.countdown_left_ms() <= 0:
            self._ticking = False
            return
        self.events.publish(TimeLeft("clock", self.countdown_left_ms()))
        self.timers.later(CLOCK_TICK_MS, self._tick)

    # -- the table's questions -----------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """The view the host sent: the guest's own, whoever the table asks for; once the host has
        gone, with nobody to act (the table stays as it was, and plays nothing)."""
        if self.stopped and self._view:
            return {**self._view, "to_act": []}
        return self._view

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        return self._legal if seat == self.seat and not self.stopped else ()

    def to_act(self) -> tuple[int, ...]:
        return tuple(self._view.get("to_act", ()))

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """What the guest can know of the actions so far: those of the position built from its
        view (the whole game once the host has sent the record)."""
        if self.final is not None:
            return self._final_history
        return self.state.history if self.state is not None else ()

    @property
    def states(self) -> list[State]:
        return [self.state] if self.state is not None else []

    def record(self) -> Record:
        """The game's record: the host sends it once the game is over."""
        if self.final is None:
            raise FlowStopped("the record of a game with friends comes from the host when it is over")
        return self.final

    def person_to_act(self) -> int | None:
        return self.seat if self.seat in self.to_act() and not self.stopped else None

    def bot_to_act(self) -> int | None:
        return next((seat for seat in self.to_act() if 0 <= seat < len(self.seats) and self.seats[seat].is_bot),
                    None)

    def games_finished(self) -> int:
        return len(self._view.get("finished", ()))

    def result_data(self) -> dict[str, Any] | None:
        result = self._view.get("result")
        return dict(result) if isinstance(result, dict) else None

    def countdown_left_ms(self, kind: str | None = None) -> float:
        if self.deadline is None or self.timers is None or kind not in (None, "clock"):
            return 0.0
        if self.clock_held:
            return self._held_left
        return max(0.0, self.deadline - self.timers.now_ms())

    def hold(self, host: str) -> None:
        """The host ``host`` has gone quiet (its clock, which the guest's countdown mirrors, is
        asleep too): the countdown stops where it is; ``hold("")`` when the host is heard again,
        and it runs on until the host's next word on it."""
        if host and not self.clock_held:
            self._held_left = self.countdown_left_ms()
        elif not host and self.clock_held and self.deadline is not None and self.timers is not None:
            self.deadline = self.timers.now_ms() + self._held_left
        self.clock_held = host

    def in_grace(self) -> bool:
        return False

    def not_now(self, seat: int, action: Action) -> str:
        """The host's engine decides on the guest's actions: nothing of the guest's own."""
        return ""

    def parse(self, action: Action | str) -> Action:
        if self.state is None:
            raise FlowStopped(f"illegal action {str(action)!r}: the game has not reached this device yet")
        return self.game.parse_action(self.state, action) if isinstance(action, str) else action

    # -- what the guest does -------------------------------------------------------------

    def act(self, seat: int, action: Action | str, *, ply: int | None = None, by: By = "person") -> None:
        """Send the guest's action to the host, for the position it was chosen at; raises what
        ``refusal`` returns, after publishing it as ``Refused``."""
        error = self.refusal(seat, action, ply=ply)
        if error is not None:
            self.events.publish(Refused(seat, str(action), error))
            raise error
        chosen = self.parse(action)
        self.pending = str(chosen)
        self.send(act_message(self.ply, chosen))
        self.events.publish(Settled())  # the table says the move is sent, until the host answers

    def refusal(self, seat: int, action: Action | str, *, ply: int | None = None) -> IllegalAction | None:
        """Why ``act`` would refuse this action, or None: another seat's action, a watcher's or
        one after the host has gone; an old position (``StalePosition``); an action the last
        view does not offer, with the rules' reason as far as this device's view can tell it
        (the host's engine decides on the guest's own)."""
        if seat != self.seat or self.stopped:
            return FlowStopped(f"illegal action {str(action)!r} by seat {seat}: "
                               + ("the host has gone" if self.stopped else
                                  "this device only watches" if self.seat is None else
                                  f"this device plays seat {self.seat}"))
        if ply is not None and ply != self.ply:
            return StalePosition(f"action {str(action)!r} by seat {seat} was chosen at ply {ply}; "
                                 f"the game is at ply {self.ply}")
        try:
            chosen = self.parse(action)
            if chosen in self._legal:
                return None
            if self.state is not None:
                self.state.apply(seat, chosen)  # raises with the rules' reason, where the view tells it
        except IllegalAction as error:
            return error
        return IllegalAction(f"illegal action {str(action)!r} by seat {seat}: not offered now", "not offered now")

    def settle(self) -> None:
        """Publish that the table may be drawn (a guest's table after it is first built)."""
        self.events.publish(Settled())

    def start(self) -> None:
        """The host starts the game; a guest's table has nothing to start."""

    def play_when_due(self, seat: int, action: Action) -> None:
        """Chosen ahead: sent now (the host's engine says whether it counts)."""
        if seat == self.seat and not self.stopped:
            self.send(act_message(self.ply, action))

    def deal_next(self) -> None:
        """The host deals the next game of a match."""

    def undo_state(self) -> tuple[int, str]:
        return -1, Reason("takebacks are off in games with friends")

    def undo(self) -> str:
        return Reason("takebacks are off in games with friends")

    def waive(self, seat: int) -> None:
        """Only people at one device let a "last card" moment pass this way."""

    def goto(self, ply: int) -> None:
        """Only the replay viewer moves through positions."""
