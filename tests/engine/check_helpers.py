"""Shared helpers of the Check! tests: stacked deals past the lobby, and move scripts.

Deals are built with ``stacked_deck(grids, draws)``: grid cards in slots 0..3 (0 1 on top, 2 3 at the
bottom), then the draw pile from the top. Scripts are ``"0:draw, 0:replace 1, -1:timeout"``: the
seat (``-1`` is the clock), a colon and the action in notation.
"""

from __future__ import annotations

from typing import Any

from engine import GAMES
from engine.check import stacked_deck

GAME = GAMES["check"]


def lobby(*grids: str, draws: str = "", **options: Any):
    return GAME.new(seed=1, players=len(grids), options=options, deck=stacked_deck(grids, draws))


def started(*grids: str, draws: str = "", then: str = "", **options: Any):
    """Everyone joined, the Game Master started, everyone looked at their bottom row; then the
    moves of the script ``then``, if any."""
    state = lobby(*grids, draws=draws, **options)
    for seat in range(1, len(grids)):
        state = state.apply(seat, "join")
    state = state.apply(0, "start")
    for seat in range(len(grids)):
        state = state.apply(seat, "ready")
    return play(state, then) if then else state


def play(state, script: str):
    for step in script.split(","):
        seat, action = step.split(":")
        state = state.apply(int(seat), action.strip())
    return state
