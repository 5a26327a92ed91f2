"""Rules engines for five "check" card games, in pure Python (no browser imports).

``GAMES`` maps a game id to its :class:`~engine.core.Game`; see ``engine.core`` for the contract.
A game's module is imported when the game is first asked for (``engine.core.GameRegistry``).
"""

from engine.core import (
    CLOCK,
    GAMES,
    Action,
    EngineError,
    Game,
    GameIsOver,
    GameSummary,
    IllegalAction,
    InvalidNotation,
    NotYourTurn,
    Option,
    Reason,
    Record,
    Result,
    SetupError,
    State,
)

__all__ = [
    "CLOCK", "Action", "EngineError", "Game", "GAMES", "GameIsOver", "GameSummary", "IllegalAction",
    "InvalidNotation", "NotYourTurn", "Option", "Reason", "Record", "Result", "SetupError", "State",
]
