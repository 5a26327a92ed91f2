"""The five games the app is meant to offer, and which of them can be played yet.

A game is live when the engine registers it (``engine.GAMES``) and the UI has a table for it;
the others answer every route with an "in preparation" page instead of an error.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    seats: str


CATALOG: tuple[Entry, ...] = (
    Entry("checks", "Checks", "2 players"),
    Entry("checkmate", "Checkmate", "2–4 players"),
    Entry("private-checkers", "Saving Private Checkers", "2 players (teams for 3–4)"),
    Entry("chess-cards", "Chess Cards (MATE)", "2 players"),
    Entry("check", "Check!", "2–6 players"),
)

#: Games with a table in ui/ (the engine may know more games than the UI can show yet).
TABLES: frozenset[str] = frozenset({"chess-cards", "check"})


def entry(game_id: str) -> Entry | None:
    return next((item for item in CATALOG if item.id == game_id), None)


def is_live(game_id: str) -> bool:
    from engine import GAMES

    return game_id in TABLES and game_id in GAMES
