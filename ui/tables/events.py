"""What happens at a table, as typed events: one stream per game in progress.

A flow (``ui.tables.flow.TableFlow`` on the device that runs the game, a guest's
``ui.friends.guest.GuestFlow``, the replay viewer's and a lesson's flows alike) publishes on its
``events`` what happened, once, as a value: an action played and by whom, an action refused with
the engine's reason, the seats now to act, a countdown's time left, a bot's long think, the end
of the game, a change of connection, and ``Settled`` when one change is complete and the screen
may be drawn. Whatever reacts subscribes in a module of its own: the table redraws, the
announcer says the other seats' moves (``ui.tables.announcer``), motion animates the latest
action, an embedding page hears the moves (``ui.app.embed``), a room sends the friends their
views (``ui.friends.hosting``), and sound plays (``ui.kit.sound``). None of them reaches into
another's insides, and the flow knows none of them.

Events are frozen values (equal when they say the same thing), so tests compare what a flow
published with what it should have.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from engine import IllegalAction

#: Who took an action: a person at this device, a bot, a friend on another device (or, on a
#: friend's device, anybody but its own person), or the clock of a timed event.
By = Literal["person", "bot", "friend", "clock"]


@dataclass(frozen=True)
class Played:
    """``seat`` took the action ``notation``; ``ply`` actions have been played since the game
    began, this one included. ``before`` is the position it was taken in and ``action`` the
    engine's value, where this device runs the game (None on a friend's device, which only
    receives views)."""

    seat: int
    notation: str
    by: By
    ply: int
    before: Any = field(default=None, compare=False, repr=False)
    action: Any = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Refused:
    """The action ``notation`` of ``seat`` was not played: ``error`` is the exception that says
    why (``engine.IllegalAction`` or one of the flow's own), phrased by the table that shows it
    (``ui.tables.phrasing.refusal``)."""

    seat: int
    notation: str
    error: IllegalAction = field(compare=False)


@dataclass(frozen=True)
class Rewound:
    """The position changed without a new action: a takeback, a replay step, a position sent
    again. What was chosen for the old position no longer applies."""

    ply: int


@dataclass(frozen=True)
class TurnPassed:
    """The seats to act changed. The clock of a timed event is listed (``engine.CLOCK``) while
    one is due: a seat left alone to act in another's window does not have the turn yet."""

    to_act: tuple[int, ...]
    ply: int


@dataclass(frozen=True)
class TimeLeft:
    """A timed event's time left (``kind``: the flow's name for it, such as ``clock``)."""

    kind: str
    left_ms: float


@dataclass(frozen=True)
class Thinking:
    """The bot of ``seat`` has been thinking for ``seconds`` (said only after a while)."""

    seat: int
    seconds: int


@dataclass(frozen=True)
class GameOver:
    """The game (the whole match, where it plays several) is over: ``result`` is its JSON
    summary (``TableFlow.result_data``): ``scores``, ``winners``, the reason."""

    result: Mapping[str, Any] = field(compare=False)
    winners: tuple[int, ...] = ()


@dataclass(frozen=True)
class Connection:
    """The link to the other devices changed: ``state`` is ``[data-testid=connection]``'s
    ``data-state`` (``connecting``, ``connected``, ``host-away``, ``reconnecting``,
    ``host-gone``, ``failed``)."""

    state: str


@dataclass(frozen=True)
class Settled:
    """One change is complete (an action and what it set going, a takeback, a pause, a failure,
    a choice made ahead): draw the screen now."""


Event = Played | Refused | Rewound | TurnPassed | TimeLeft | Thinking | GameOver | Connection | Settled
Handler = Callable[[Event], None]


class Events:
    """A flow's stream: ``subscribe`` a handler, ``publish`` an event to every handler in the
    order they subscribed. A handler subscribed while an event is being published hears the
    next one, not that one."""

    def __init__(self) -> None:
        self._handlers: list[Handler] = []
        #: The seats to act last published (``TurnPassed`` is said only when they change).
        self.to_act: tuple[int, ...] | None = None

    def subscribe(self, handler: Handler) -> Callable[[], None]:
        """Hear every event from now on; returns the call that stops it."""
        self._handlers.append(handler)

        def unsubscribe() -> None:
            if handler in self._handlers:
                self._handlers.remove(handler)

        return unsubscribe

    def publish(self, event: Event) -> None:
        for handler in list(self._handlers):
            handler(event)

    def turn(self, to_act: tuple[int, ...], ply: int) -> None:
        """Publish ``TurnPassed`` if the seats to act are not those said last."""
        if to_act != self.to_act:
            self.to_act = to_act
            self.publish(TurnPassed(to_act, ply))
