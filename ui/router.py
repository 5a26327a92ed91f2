"""Which screen a route shows. Every failure becomes a page with a way back, never a traceback.

    #/                       gallery
    #/<id>                   setup
    #/<id>/rules             rules page
    #/<id>/play?...          table          (bad parameters: an error page naming the problem)
"""

from __future__ import annotations

from typing import Any

from engine import GAMES, EngineError
from engine.bots import levels
from ui.catalog import entry
from ui.gallery import GalleryScreen
from ui.routes import Route, RouteError, parse_play
from ui.rules import RulesScreen
from ui.screen import MessageScreen, Navigate, Screen
from ui.setup import SetupScreen

HOME = ("#/", "All games")


def _tables() -> dict[str, Any]:
    from ui.check_table import CheckTable
    from ui.checkmate_table import CheckmateTable
    from ui.checks_table import ChecksTable
    from ui.chess_cards_table import ChessCardsTable
    from ui.private_checkers_table import PrivateCheckersTable

    return {"checks": ChecksTable, "checkmate": CheckmateTable,
            "private-checkers": PrivateCheckersTable, "chess-cards": ChessCardsTable, "check": CheckTable}


def resolve(route: Route, root: Any, navigate: Navigate, shell: Any | None) -> Screen:
    parts = route.parts
    if not parts:
        return GalleryScreen(root, navigate, shell)
    game_id = parts[0]
    item = entry(game_id)
    if item is None:
        return MessageScreen(root, navigate, "Page not found",
                             f"There is no game called “{game_id}” here.", [HOME])
    game = GAMES[game_id]
    rest = parts[1:]
    if not rest:
        return SetupScreen(root, navigate, game_id, route.query)
    if rest == ("rules",):
        return RulesScreen(root, navigate, game_id, game.title)
    if rest == ("play",):
        back = [(f"#/{game_id}", "Set up the game again"), HOME]
        try:
            setup = parse_play(game_id, route.query, [option.name for option in game.options],
                               (game.min_players, game.max_players), levels(game_id))
            return _tables()[game_id](root, navigate, setup)
        except (RouteError, EngineError) as error:  # SetupError, or a card that does not parse
            return MessageScreen(root, navigate, "This game cannot start", _sentence(str(error)), back)
    return MessageScreen(root, navigate, "Page not found",
                         f"{game.title} has no page “{'/'.join(rest)}”.",
                         [(f"#/{game_id}", game.title), HOME])


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")) if text else text
