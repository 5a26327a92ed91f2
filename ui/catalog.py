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
    #: One line under the setup screen's heading: what kind of game this is.
    setup_line: str = ""
    #: What each seat does that the others do not, by seat number (shown beside the seat).
    roles: tuple[str, ...] = ()


CATALOG: tuple[Entry, ...] = (
    Entry("checks", "Checks", "2 players",
          "Cash piles whose top card matches your hand's total; the deck runs out, checks count.",
          ("deals the first game", "moves first")),
    Entry("checkmate", "Checkmate", "2–4 players",
          "Match by rank or suit, call for Kings with Aces, and never forget to say “last card”.",
          ("deals and opens the first game",)),
    Entry("private-checkers", "Saving Private Checkers", "2 players (teams for 3–4)",
          "Checkers on a board of face-down cards: every landing turns one over."),
    Entry("chess-cards", "Chess Cards (MATE)", "2 players",
          "Twenty cards, all of them open, no luck:",
          ("deals and leads the first game", "leads the second game")),
    Entry("check", "Check!", "2–6 players",
          "Remember your face-down cards, race to match the discard, call Check when you are low."),
)

#: Games with a table in ui/ (the engine may know more games than the UI can show yet).
TABLES: frozenset[str] = frozenset({"checks", "checkmate", "chess-cards", "check"})


def entry(game_id: str) -> Entry | None:
    return next((item for item in CATALOG if item.id == game_id), None)


def is_live(game_id: str) -> bool:
    from engine import GAMES

    return game_id in TABLES and game_id in GAMES
