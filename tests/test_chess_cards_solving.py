"""``ui.tables.chess_cards_solving.Solving``: the solver thinking ahead on the table's position.

The page drives the work with background timers; here a stand-in for ``Timers`` keeps the work
and runs it step by step, so each stage (rule of thumb, light model, exact) can be looked at.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Any

import pytest

from engine import GAMES
from engine.chess_cards_solver import Solver, solve
from ui.kit.timers import Job
from ui.tables.chess_cards_solving import EXACT, LIGHT, RULE, Solving, rule_of_thumb

GAME = GAMES["chess-cards"]


class StepTimers:
    """Keeps the generator ``Solving`` hands to ``drive`` and runs it when told."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Job, Generator[Any, Any, Any], Callable[[Any], None], bool]] = []

    def drive(self, work: Generator[Any, Any, Any], done: Callable[[Any], None],
              failed: Callable[[BaseException], None] | None = None, slice_ms: float | None = None,
              *, background: bool = False) -> Job:
        job = Job()
        self.jobs.append((job, work, done, background))
        return job

    def step(self, count: int = 1) -> bool:
        """Run the newest job ``count`` steps (or to its end); whether it finished."""
        job, work, done, _ = self.jobs[-1]
        for _ in range(count):
            if job.cancelled:
                return False
            try:
                next(work)
            except StopIteration as finished:
                job.finished = True
                done(finished.value)
                return True
        return False

    def finish(self) -> None:
        while not self.step(1000):
            pass


def deal(sacrifice: bool, seed: int = 3, plays: int = 0) -> Any:
    """A seeded deal, ``plays`` plays in (each the rule of thumb's): a fresh deal with
    sacrifices takes the exact solver far longer than a test should."""
    state = GAME.new(seed=seed, options={"sacrifice": sacrifice, "privilege": True, "match": False})
    for _ in range(plays):
        state = state.apply(state.to_act()[0], rule_of_thumb(GAME, state))
    return state


@pytest.fixture
def news() -> list[int]:
    return []


def make(news: list[int]) -> tuple[Solving, StepTimers]:
    timers = StepTimers()
    clock = lambda: time.monotonic() * 1000  # noqa: E731
    return Solving(GAME, timers, lambda: news.append(1), clock), timers  # type: ignore[arg-type]


def test_advice_is_there_at_once_then_the_light_model_then_the_exact_answer(news: list[int]) -> None:
    solving, timers = make(news)
    state = deal(sacrifice=True, plays=4)
    solving.follow(state, active=True)
    assert len(timers.jobs) == 1 and timers.jobs[0][3], "one background job"
    first = solving.advice()
    assert first.source == RULE and first.value is None
    assert first.play == rule_of_thumb(GAME, state)
    assert first.play in state.legal_actions(state.to_act()[0])
    while solving.light is None:
        assert not timers.step()
    assert solving.advice().source == LIGHT and news == [1]
    timers.finish()
    exact = solving.advice()
    assert exact.source == EXACT and exact.exact and news == [1, 1]
    value, _ = solve(state, Solver(True, True))
    assert exact.value == value  # the exact answer, as a fresh solver finds it
    # The best play reaches that value: after it, the opponent's best is minus the value.
    seat = state.to_act()[0]
    after = state.apply(seat, exact.play)
    reply_value, _ = solve(after, Solver(True, True))
    assert (reply_value if after.to_act()[0] == seat else -reply_value) == value
    assert solving.solved_ms is not None and solving.solved_ms >= solving.started_ms


def test_without_sacrifices_it_goes_straight_to_the_exact_search(news: list[int]) -> None:
    solving, timers = make(news)
    solving.follow(deal(sacrifice=False), active=True)
    timers.finish()
    assert solving.light is None and solving.advice().source == EXACT and news == [1]


def test_a_new_position_drops_the_old_answer_and_starts_again(news: list[int]) -> None:
    solving, timers = make(news)
    state = deal(sacrifice=False)
    solving.follow(state, active=True)
    timers.finish()
    seat = state.to_act()[0]
    after = state.apply(seat, solving.advice().play)
    solving.follow(after, active=True)
    assert len(timers.jobs) == 2 and solving.advice().source == RULE
    timers.finish()
    assert solving.advice().source == EXACT
    # The same position again changes nothing: no new job.
    solving.follow(after, active=True)
    assert len(timers.jobs) == 2


def test_it_stops_when_nobody_at_the_device_is_to_act_and_resumes_after(news: list[int]) -> None:
    solving, timers = make(news)
    # A deal no other test solves: the solvers' tables outlive a test (as they outlive a move).
    state = deal(sacrifice=True, seed=11)
    solving.follow(state, active=True)
    timers.step(2)
    solving.follow(state, active=False)
    job = timers.jobs[-1][0]
    assert job.cancelled and not solving.running
    assert not timers.step(), "a stopped job does no more work"
    solving.follow(state, active=True)  # the same position: work resumes in a new job
    assert len(timers.jobs) == 2 and solving.running


def test_a_finished_game_gets_no_work_and_no_advice(news: list[int]) -> None:
    solving, timers = make(news)
    state = deal(sacrifice=False)
    while not state.is_over():
        seat = state.to_act()[0]
        state = state.apply(seat, state.legal_actions(seat)[0])
    solving.follow(state, active=True)
    assert timers.jobs == []
    with pytest.raises(ValueError):
        solving.advice()
