"""The five games the app offers, in gallery order, with what the setup screen says of them.

Every entry has its engine in ``engine.GAMES``, its table in ``ui.navigation`` and its rules page in
``docs/rules/<id>.md`` (``tests/test_catalog.py`` holds them to it).
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
          "Checkers on a board of face-down cards: every landing turns one over.",
          ("Light: moves first", "Dark", "Light, teammate of seat 1", "Dark, teammate of seat 2")),
    Entry("chess-cards", "Chess Cards (MATE)", "2 players",
          "Twenty cards, all of them open, no luck:",
          ("deals and leads the first game", "leads the second game")),
    Entry("check", "Check!", "2–6 players",
          "Remember your face-down cards, race to match the discard, call Check when you are low."),
)

def entry(game_id: str) -> Entry | None:
    return next((item for item in CATALOG if item.id == game_id), None)
