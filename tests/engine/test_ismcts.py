"""The generic information-set MCTS bot, exercised on Chess Cards (its views rebuild exactly).

The hidden-information side (``from_view`` dealing unseen cards at random) is exercised by each
hidden-information game's own bot tests; here: legality, determinism, slicing, and that the search
finds what the exact solver knows is right.
"""

from __future__ import annotations

import random
from collections import deque
from itertools import islice

import pytest

from engine import GAMES, State
from engine.bots import RandomBot
from engine.bots.ismcts import ISMCTSBot
from engine.chess_cards_solver import solve
from engine.core import SetupError
from support import decide, playout, think

GAME = GAMES["chess-cards"]
OPTIONS = {"sacrifice": False, "privilege": True, "match": False}


class Searcher(ISMCTSBot):
    iterations = 400


def advance(seed: int, plies: int) -> State:
    """A random single game ``plies`` plays in (or the end, if it comes first)."""
    return deque(islice(playout(GAME.id, seed, options=OPTIONS), plies + 1), maxlen=1)[0]


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
    bot = Searcher()
    yielded, action = think(bot, state)
    assert yielded == [None] * (bot.iterations // bot.slice_iterations)
    assert action in state.legal_actions(state.to_act()[0])


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
    searcher, random_bot = Searcher(), RandomBot()
    wins = losses = 0
    for seed in range(12):
        strong = seed % 2  # alternate seats

        def policy(state: State, seat: int, rng: random.Random, strong: int = strong):
            bot = searcher if seat == strong else random_bot
            return bot.choose(GAME, state.view(seat), state.legal_actions(seat), rng, 60_000)

        final = deque(playout(GAME.id, seed, policy, options=OPTIONS), maxlen=1)[0]
        result = final.result()
        wins += strong in result.winners
        losses += (1 - strong) in result.winners
    assert wins >= 9 and losses <= 2, (wins, losses)
