"""Shared helpers of the Chess Cards tests: stacked deals, move scripts, seeded random play. What
every game's tests share (JSON views, refused actions, bot decisions, playouts) is in
``support.py``."""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

from hypothesis import strategies as st

from engine import GAMES
from engine.chess_cards import Play, stacked_deck

GAME = GAMES["chess-cards"]

#: The 20 cards, suits black > red > yellow > white, pieces Q > R > B > N > P.
ALL = "bQ bR bB bN bP rQ rR rB rN rP yQ yR yB yN yP wQ wR wB wN wP".split()

#: Hypothesis: any seed, and every combination of the three options.
SEEDS = st.integers(min_value=0, max_value=2**32)
OPTIONS = st.fixed_dictionaries(
    {"privilege": st.booleans(), "sacrifice": st.booleans(), "match": st.booleans()})


def deal(dealer: str, other: str | None = None, **options: Any):
    """A single game (match off unless asked) with ``dealer`` dealt to seat 0 and ``other``
    (default: the 10 remaining cards) to seat 1."""
    dealer_cards = dealer.split()
    other_cards = other.split() if other is not None else [c for c in ALL if c not in dealer_cards]
    assert sorted(dealer_cards + other_cards) == sorted(ALL), "test data: not a deal of the 20 cards"
    assert len(dealer_cards) == 10
    resolved = {"privilege": True, "sacrifice": True, "match": False}
    resolved.update(options)
    return GAME.new(seed=0, players=2, options=resolved, deck=stacked_deck(dealer_cards, other_cards))


def play(state, script: str):
    """Apply ``"0:bQ 1:bR ..."``, each play by the seat written before the colon."""
    for token in script.split():
        seat, text = token.split(":", 1)
        state = state.apply(int(seat), text)
    return state


def alternate(first: str, second: str) -> str:
    """A script for ``play`` in which the seats take turns, seat 0 first: ``first`` lists seat
    0's plays in order, ``second`` seat 1's. ``alternate("bQ bR", "yQ yR")`` is
    ``"0:bQ 1:yQ 0:bR 1:yR"``."""
    return " ".join(f"0:{mine} 1:{theirs}"
                    for mine, theirs in zip(first.split(), second.split(), strict=True))


def mostly_plain(plain_share: float = 0.6):
    """A playout policy (``support.playout``) that plays without a sacrifice ``plain_share`` of
    the time (when it can), else any legal play: random games that still reach deep positions."""
    def policy(state, seat: int, rng: random.Random) -> Play:
        actions = state.legal_actions(seat)
        plain = [action for action in actions if action.sacrifice is None]
        return rng.choice(plain if plain and rng.random() < plain_share else actions)

    return policy


def run(thinking: Generator[None, None, Any]) -> tuple[int, Any]:
    """Drive a sliced computation (a bot's ``think``, the solver's ``solve_steps``) to its end:
    how many times it yielded (each yield must be a bare ``None``), and what it returned."""
    yields = 0
    while True:
        try:
            assert next(thinking) is None
        except StopIteration as done:
            return yields, done.value
        yields += 1
