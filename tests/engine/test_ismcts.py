"""The generic information-set MCTS bot, exercised on Chess Cards (its views rebuild exactly).

The hidden-information side (``from_view`` dealing unseen cards at random) is exercised by each
hidden-information game's own bot tests; here: legality, determinism, slicing, and that the search
finds what the exact solver knows is right.
"""

from __future__ import annotations

import random

import pytest

from engine import GAMES
from engine.bots import RandomBot
from engine.bots.ismcts import ISMCTSBot
from engine.chess_cards_solver import solve
from engine.core import SetupError

GAME = GAMES["chess-cards"]
OPTIONS = {"sacrifice": False, "privilege": True, "match": False}


class Searcher(ISMCTSBot):
    iterations = 400


def advance(seed: int, plies: int):
    """A random single game ``plies`` plays in (or the end, if it comes first)."""
    rng = random.Random(seed)
    state = GAME.new(seed=seed, options=OPTIONS)
    for _ in range(plies):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def decide(bot, state, seed: int = 1, budget_ms: int = 60_000):
    seat = state.to_act()[0]
    return bot.choose(GAME, state.view(seat), state.legal_actions(seat), random.Random(seed), budget_ms)


def test_same_view_and_rng_give_the_same_action():
    state = advance(3, 4)
    assert decide(Searcher(), state, seed=5) == decide(Searcher(), state, seed=5)


def test_a_single_legal_action_is_returned_without_search():
    class Counting(Searcher):
        calls = 0

        def iterate(self, *args):  # type: ignore[override]
            Counting.calls += 1

    state = advance(0, 0)
    seat = state.to_act()[0]
    only = state.legal_actions(seat)[:1]
    assert Counting().choose(GAME, state.view(seat), only, random.Random(0)) == only[0]
    assert Counting.calls == 0


def test_think_yields_every_slice_and_returns_a_legal_action():
    state = advance(2, 2)
    seat = state.to_act()[0]
    bot = Searcher()
    thinking = bot.think(GAME, state.view(seat), state.legal_actions(seat), random.Random(0), 60_000)
    yields = 0
    while True:
        try:
            next(thinking)
            yields += 1
        except StopIteration as done:
            action = done.value
            break
    assert yields == bot.iterations // bot.slice_iterations
    assert action in state.legal_actions(seat)


def test_a_view_without_a_seat_is_refused():
    state = advance(0, 0)
    view = dict(state.view(0))
    del view["seat"]
    with pytest.raises(SetupError, match="seat"):
        Searcher().choose(GAME, view, state.legal_actions(0), random.Random(0))


@pytest.mark.parametrize("seed", range(8))
def test_endgame_choice_keeps_the_exact_outcome(seed: int):
    """Late in a deal the tree covers the whole game: the choice keeps the best outcome (win,
    draw or loss; the reward counts outcomes, not margins)."""
    state = advance(seed, 12)
    if state.is_over():
        pytest.fail(f"seed {seed}: the game ended early; pick another test position")
    seat = state.to_act()[0]
    best_value, _ = solve(state)
    chosen = decide(Searcher(), state, seed=seed)
    after = state.apply(seat, chosen)
    value = (-solve(after)[0] if not after.is_over() and after.to_act()[0] != seat
             else (solve(after)[0] if not after.is_over() else None))
    if value is None:
        scores = after.result().scores
        value = scores[seat] - scores[1 - seat]
    def outcome(score: int) -> int:
        return (score > 0) - (score < 0)

    assert outcome(value) == outcome(best_value), f"seed {seed}: {chosen} keeps {value}, best is {best_value}"


def test_beats_random_from_fresh_deals():
    bots = {0: Searcher(), 1: RandomBot()}
    wins = losses = 0
    for seed in range(12):
        state = GAME.new(seed=seed, options=OPTIONS)
        strong = seed % 2  # alternate seats
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            bot = bots[0] if seat == strong else bots[1]
            action = bot.choose(GAME, state.view(seat), state.legal_actions(seat), rng, 60_000)
            state = state.apply(seat, action)
        result = state.result()
        wins += strong in result.winners
        losses += (1 - strong) in result.winners
    assert wins >= 9 and losses <= 2, (wins, losses)
