"""Shared helpers of the Chess Cards tests: stacked deals, move scripts, state snapshots."""

from __future__ import annotations

from typing import Any

from engine import GAMES
from engine.chess_cards import deck_from_hands

GAME = GAMES["chess-cards"]

#: The 20 cards, suits black > red > yellow > white, pieces Q > R > B > N > P.
ALL = "bQ bR bB bN bP rQ rR rB rN rP yQ yR yB yN yP wQ wR wB wN wP".split()


def deal(dealer: str, other: str | None = None, **options: Any):
    """A single game (match off unless asked) with ``dealer`` dealt to seat 0 and ``other``
    (default: the 10 remaining cards) to seat 1."""
    dealer_cards = dealer.split()
    other_cards = other.split() if other is not None else [c for c in ALL if c not in dealer_cards]
    assert sorted(dealer_cards + other_cards) == sorted(ALL), "test data: not a deal of the 20 cards"
    assert len(dealer_cards) == 10
    resolved = {"privilege": True, "sacrifice": True, "match": False}
    resolved.update(options)
    return GAME.new(seed=0, players=2, options=resolved, deck=deck_from_hands(dealer_cards, other_cards))


def play(state, script: str):
    """Apply ``"0:bQ 1:bR ..."``, each play by the seat written before the colon."""
    for token in script.split():
        seat, text = token.split(":", 1)
        state = state.apply(int(seat), text)
    return state


def snapshot(state) -> tuple:
    """Everything observable about a state, to prove a refused action changed nothing."""
    return (
        state.view(None), state.view(0), state.view(1), state.history, state.to_act(),
        state.legal_actions(0), state.legal_actions(1), state.is_over(), state.result(),
        state.zones(),
    )
