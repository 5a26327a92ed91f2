"""The Chess Cards solver thinking ahead: it works on the position on the table in the background,
so that a Hint answers at once and the exact answer comes soon after.

An exact solution of a fresh deal with sacrifices on takes the solver many seconds in the page,
far too long to start only when someone asks. So from the moment a person is to act, ``Solving``
searches that position in background slices (``Timers.drive(..., background=True)``): first
with the light model (a sacrifice only on a mating lead: the hard bot's model, a fraction of a
second), then exactly. Both solvers keep their tables between moves (``model_solver``), so each later position
starts mostly solved, and the perfect bot's reply and the analysis of a finished game use what
was proved here.

``advice()`` answers at once with the best thing known: the exact best play and its value, else
the light model's play (a suggestion), else the easy bot's rule of thumb. When the exact answer
arrives, ``on_news`` is called (the table redraws its Hint). The work stops when the position
changes (it restarts on the new one), when nobody at the device is to act (a bot searches its own
moves; then the table is not waiting for advice), and when the game ends or the screen is left
(the screen clears its timers).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, cast

from engine.bots.chess_cards import BOTS, model_solver
from engine.chess_cards import ChessCardsState, Play
from engine.chess_cards_solver import solve_steps
from engine.core import Game
from ui.kit.i18n import _
from ui.kit.timers import Job, Timers, now_ms

#: Solver positions per step of background work: a few milliseconds in the page, so a slice
#: rarely overruns ``BACKGROUND_SLICE_MS`` by much.
BACKGROUND_NODES = 600

#: Where advice comes from, weakest first.
RULE, LIGHT, EXACT = "rule", "light", "exact"


@dataclass(frozen=True)
class Advice:
    """The best play known for the seat to act. ``value`` (the exact score difference of this
    game for that seat, with best play) only when ``source`` is ``EXACT``."""

    play: Play
    source: str
    value: int | None = None

    @property
    def exact(self) -> bool:
        return self.source == EXACT


class Solving:
    """The solver's work on one table's position (see the module docstring)."""

    def __init__(self, game: Game, timers: Timers, on_news: Callable[[], None],
                 clock: Callable[[], float] = now_ms) -> None:
        self.game = game
        self.timers = timers
        self.on_news = on_news
        self.clock = clock
        self.state: ChessCardsState | None = None
        self.light: Advice | None = None
        self.exact: Advice | None = None
        self.error = ""
        self.job: Job | None = None
        #: page times (ms) for measuring: when this position's work started, when it was solved.
        self.started_ms = 0.0
        self.solved_ms: float | None = None

    def follow(self, state: ChessCardsState, active: bool) -> None:
        """``state`` is the position on the table; work on it while ``active`` (someone at the
        device is to act in it). What was found for an earlier position is dropped; what its
        search proved stays in the solvers' tables."""
        if state is not self.state:
            self.stop()
            self.state = state
            self.light = self.exact = None
            self.error = ""
            self.solved_ms = None
        if not active or state.is_over():
            self.stop()
        elif self.exact is None and not self.error and not self.running:
            self.started_ms = self.clock()
            self.job = self.timers.drive(self._work(state), self._done, self._failed, background=True)

    @property
    def running(self) -> bool:
        return self.job is not None and self.job.running

    def stop(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = None

    def advice(self) -> Advice:
        """The best play known now for the seat to act in the followed position, at once.
        Raises ValueError when no position is followed or it is over."""
        if self.state is None or self.state.is_over():
            raise ValueError("no position to advise on")
        return self.exact or self.light or Advice(rule_of_thumb(self.game, self.state), RULE)

    def _work(self, state: ChessCardsState) -> Generator[None, None, tuple[int, Play]]:
        # Without sacrifices the light model is the exact one: straight to the exact search.
        if self.light is None and state.options["sacrifice"]:
            _unused, play = yield from solve_steps(state, BACKGROUND_NODES, model_solver(state, "light"))
            self.light = Advice(play, LIGHT)
            self.on_news()
        return (yield from solve_steps(state, BACKGROUND_NODES, model_solver(state, "exact")))

    def _done(self, result: Any) -> None:
        value, play = result
        self.exact = Advice(play, EXACT, int(value))
        self.solved_ms = self.clock()
        self.job = None
        self.on_news()

    def _failed(self, error: BaseException) -> None:
        print(f"five-checks: the solver failed: {error!r}")  # for developers
        self.error = _("The solver failed.")
        self.job = None
        self.on_news()


def rule_of_thumb(game: Game, state: ChessCardsState) -> Play:
    """The easy bot's choice (take a mate, else lead what is hardest to answer, reply cheaply):
    instant, and better than nothing while the searches run."""
    seat = state.to_act()[0]
    easy = next(bot for bot in BOTS if bot.level == "easy")
    # Every Chess Cards action is a Play (``engine.chess_cards``).
    return cast(Play, easy.choose(game, state.view(seat), state.legal_actions(seat), random.Random(0), 0))
