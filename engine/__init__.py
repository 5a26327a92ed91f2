"""Rules engines for five "check" card games, in pure Python (no browser imports).

``GAMES`` maps a game id to its :class:`~engine.core.Game`; see ``engine.core`` for the contract.
"""

from engine.core import (
    CLOCK,
    GAMES,
    Action,
    EngineError,
    Game,
    GameSummary,
    IllegalAction,
    InvalidNotation,
    Option,
    Record,
    Result,
    SetupError,
    State,
)
from engine.check import Check
from engine.checkmate import Checkmate
from engine.checks import Checks
from engine.chess_cards import ChessCards
from engine.private_checkers import PrivateCheckers

GAMES.update(
    (game.id, game) for game in (Checks(), Checkmate(), PrivateCheckers(), ChessCards(), Check())
)

__all__ = [
    "CLOCK", "Action", "EngineError", "Game", "GAMES", "GameSummary", "IllegalAction", "InvalidNotation",
    "Option", "Record", "Result", "SetupError", "State",
]
