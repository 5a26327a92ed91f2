"""Fakes for the game flow's tests (``ui.tables.flow``): virtual timers, a store that keeps every
save, a recorder of the events it published, and a flow started at any position."""

from __future__ import annotations

import heapq
from collections.abc import Callable

from checkmate_helpers import deal
from engine import Record, State
from ui.app.play_setup import PlaySetup, SeatSpec
from ui.kit.timers import Timers
from ui.storage.saves import SavedGame, StorageError
from ui.tables.events import Event, Played, Settled, TimeLeft
from ui.tables.flow import TableFlow
from ui.tables.game_flows import new_flow

YOU = SeatSpec("human", "You")
ANN, BO = SeatSpec("human", "Ann"), SeatSpec("human", "Bo")
EASY_BOT = SeatSpec("bot", "Bot (easy)", "easy")


class FakeTimers(Timers):
    """The page's timers on virtual time: callbacks run when ``advance`` passes their time. Work
    is driven by the page's own ``Timers.drive``; since virtual time stands still while a slice
    runs, a bot's whole think takes one slice."""

    def __init__(self) -> None:
        super().__init__()
        self.now = 0.0
        self._queue: list[tuple[float, int, Callable[[], None]]] = []
        self._count = 0

    def now_ms(self) -> float:
        return self.now

    def later(self, delay_ms: float, callback: Callable[[], None]) -> int:
        self._count += 1
        heapq.heappush(self._queue, (self.now + max(0.0, delay_ms), self._count, callback))
        return self._count

    def in_background(self, callback: Callable[[], None]) -> None:
        self.later(0, callback)

    def advance(self, ms: float) -> None:
        end = self.now + ms
        while self._queue and self._queue[0][0] <= end:
            due, _, callback = heapq.heappop(self._queue)
            self.now = max(self.now, due)
            callback()
        self.now = end


class FakeStore:
    """Keeps every save, in order; ``full`` refuses them as a full browser storage would."""

    def __init__(self, full: bool = False) -> None:
        self.saves: list[SavedGame] = []
        self.finished: list[SavedGame] = []
        self.full = full

    def new_id(self) -> str:
        return "game-1"

    def now(self) -> float:
        return 1_000.0

    def save(self, game: SavedGame) -> None:
        if self.full:
            raise StorageError("the browser's storage is full")
        self.saves.append(game)

    def finish(self, game: SavedGame) -> None:
        self.finished.append(game)


class Heard:
    """Every event a flow published (subscribe it: ``flow.events.subscribe(heard)``)."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def __call__(self, event: Event) -> None:
        self.events.append(event)

    @property
    def played(self) -> list[tuple[int, str]]:
        return [(event.seat, event.notation) for event in self.events if isinstance(event, Played)]

    @property
    def changes(self) -> int:
        return sum(isinstance(event, Settled) for event in self.events)

    @property
    def ticks(self) -> int:
        return sum(isinstance(event, TimeLeft) for event in self.events)


def flow_at(state: State, seats: tuple[SeatSpec, ...], *, delay_ms: int = 0,
            store: FakeStore | None = None) -> tuple[TableFlow, FakeTimers, Heard]:
    """A started flow at ``state`` (its record replayed, as a saved game is), its fake timers and
    the events it published."""
    record = Record.from_state(state)
    setup = PlaySetup(game_id=state.game_id, seats=seats, seed=record.seed, options=dict(record.options),
                      delay_ms=delay_ms)
    saved = SavedGame(id="game-1" if store is not None else "", record=record, seats=seats, delay_ms=delay_ms)
    timers = FakeTimers()
    flow = new_flow(setup, timers, saved=saved, store=store)
    heard = Heard()
    flow.events.subscribe(heard)
    flow.start()
    return flow, timers, heard


def opening() -> State:
    """Checkmate, seat 0 deals and opens 7C; seat 1 holds 8C; seat 0 has nothing for 8C and the
    fan's first card is 2H."""
    return deal(["7C 2S 3S 4S 5S 6S 9S 10S QS JS", "8C"], stock="2H")
