"""Which screen a route shows. Every failure becomes a page with a way back, never a traceback.

    #/                       gallery
    #/<id>                   setup
    #/<id>/rules             rules page
    #/<id>/learn             a coached first game
    #/<id>/play?...          a new game's table (bad parameters: an error page naming the problem)
    #/<id>/play?id=<saved>   a saved game's table, where it was left
    #/<id>/replay[?...]      the record viewer
    #/join/<code>[?broker=]  a friend's device joins a room hosted elsewhere
"""

from __future__ import annotations

import contextlib
import importlib
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ui.app import loading
from ui.app.catalog import entry, game_title
from ui.app.routes import MAX_DELAY_MS, Route, RouteError, check_broker, saved_id
from ui.app.screen import MessageScreen, Navigate, Screen
from ui.kit import settings
from ui.kit.i18n import _
from ui.screens.gallery import GalleryScreen
from ui.storage import page_store
from ui.storage.page_store import store

if TYPE_CHECKING:
    from engine import EngineError

def home() -> tuple[str, str]:
    """The link back to the gallery, in the page's language."""
    return ("#/", _("All games"))


#: Each game's table: (module, class), imported when a route shows the game.
TABLES = {
    "checks": ("ui.tables.checks", "ChecksTable"),
    "checkmate": ("ui.tables.checkmate", "CheckmateTable"),
    "private-checkers": ("ui.tables.private_checkers", "PrivateCheckersTable"),
    "chess-cards": ("ui.tables.chess_cards", "ChessCardsTable"),
    "check": ("ui.tables.check", "CheckTable"),
}


def game_modules(game_id: str) -> tuple[str, str, str]:
    """The modules of ``game_id``: its rules (``engine.GAMES``), its bots (``engine.bots.BOTS``)
    and its table (``TABLES``), all three named alike (``engine.checks``, ``engine.bots.checks``,
    ``ui.tables.checks``): told from the table's name, so that the engine is not imported before
    a route needs it."""
    table = TABLES[game_id][0]
    name = table.rpartition(".")[2]
    return f"engine.{name}", f"engine.bots.{name}", table


#: The module of each screen a route may show beside the gallery and a game's table.
SCREENS = {"": "ui.screens.setup", "rules": "ui.screens.rules", "learn": "ui.learn.screen",
           "replay": "ui.screens.replay"}
#: A room's module, for a table with friends on other devices; the join screen's.
ROOM, JOIN = "ui.friends.hosting", "ui.screens.join"
#: The lists of games in progress above the gallery; the saved games' store (with the engine).
LISTS, SAVES = "ui.screens.saved_lists", "ui.storage.saves"
#: The engine's reasons in the catalog: a play route's page saying why a game cannot start.
REASONS = "ui.kit.reasons"


def later_modules(route: Route) -> tuple[str, ...]:
    """The modules ``route``'s screen imports that the start did not (``ui.app.loading`` fetches
    them first where the page started with only the first screen's): the screen's module, and
    for a game's setup its rules and bots, for a table (played, coached or replayed) its rules,
    bots and table, with a room when friends play. A route that shows a page of its own (not
    found, a bad address) needs nothing."""
    parts = route.parts
    if not parts:  # the gallery: the lists above it, when there is one
        return (LISTS,) if page_store.lists_anything() else ()
    if parts[0] == "join":
        return (JOIN, SAVES)
    if entry(parts[0]) is None or len(parts) > 2:
        return ()
    rules, bots, table = game_modules(parts[0])
    rest = parts[1] if len(parts) > 1 else ""
    if rest == "rules":
        return (SCREENS[rest],)
    if rest == "":
        return (SCREENS[rest], rules, bots)
    if rest in ("learn", "replay"):
        return (SCREENS[rest], rules, bots, table, SAVES)
    if rest == "play":
        if loading.missing(SAVES):  # whether friends play a saved game is read from it
            return (rules, bots, table, SAVES, REASONS)
        return (rules, bots, table, SAVES, REASONS, *((ROOM,) if _with_friends(route) else ()))
    return ()


def _with_friends(route: Route) -> bool:
    """Whether a table route seats friends on other devices: its saved game does, or a seat of its
    ``seats=`` is of the kind ``friend`` (read before the game's modules are here; a route that
    is wrong otherwise shows a page saying why, with no room)."""
    from ui.storage.saves import SaveError

    try:
        found = saved_id(route.query)
        if found is not None:
            return store().load(found).setup().has_friends
    except (RouteError, SaveError):
        return False
    seats = dict(route.query).get("seats", "")
    return any(item.split(":", 1)[0].strip().lower() == "friend" for item in seats.split(","))


def table_class(game_id: str) -> Any:
    """The table of ``game_id``: only the game a route shows is imported (with its engine and
    bots), so the first screen of a visit loads no other game."""
    module, name = TABLES[game_id]
    return getattr(importlib.import_module(module), name)


def resolve(route: Route, root: Any, navigate: Navigate, shell: Any | None) -> Screen:
    keep_broker(route)
    parts = route.parts
    if not parts:
        return GalleryScreen(root, navigate, shell)
    game_id = parts[0]
    if game_id == "join":
        from ui.screens.join import JoinScreen

        return JoinScreen(root, navigate, "/".join(parts[1:]), route.query, store(), table_class)
    item = entry(game_id)
    if item is None:
        return MessageScreen(root, navigate, _("Page not found"),
                             _("There is no game called “{game}” here.", game=game_id), [home()])
    rest = parts[1:]
    # Each screen's module is imported when a route first shows it (``later_modules``, fetched
    # first by ui.main): the start imports what the gallery needs, not the setup form, the rules
    # page, a game, the bots, a lesson, a room or the replay viewer (issue 31).
    if rest == ("rules",):
        from ui.screens.rules import RulesScreen

        return RulesScreen(root, navigate, game_id, game_title(game_id))  # no game's rules to import for its page
    if not rest:
        from ui.screens.setup import SetupScreen

        return SetupScreen(root, navigate, game_id, route.query)
    if rest == ("learn",):
        from ui.learn.screen import LearnScreen

        return LearnScreen(root, navigate, game_id, table_class, _delay(dict(route.query).get("delay")))
    if rest == ("play",):
        from engine import GAMES, EngineError

        back = [(f"#/{game_id}", _("Set up the game again")), home()]
        try:
            found = saved_id(route.query)
            if found is not None:
                return _saved_table(root, navigate, game_id, found, dict(route.query).get("delay"))
            from engine.bots import levels
            from ui.app.play_setup import parse_play

            game = GAMES[game_id]
            setup = parse_play(game_id, route.query, [option.name for option in game.options],
                               (game.min_players, game.max_players), levels(game_id))
            if game_id == "check" and setup.has_friends and setup.seats[0].kind != "human":
                # Check!'s Game Master opens the lobby and starts: in a room, the host.
                raise RouteError(_("seat 1: in Check! the host is the Game Master, so seat 1 is a person "
                                   "at this device (like seats=human,friend)"))
            return with_room(table_class(game_id)(root, navigate, setup, store=store()))
        except RouteError as error:
            return MessageScreen(root, navigate, _("This game cannot start"), _sentence(str(error)), back)
        except EngineError as error:  # SetupError, or a card that does not parse
            return MessageScreen(root, navigate, _("This game cannot start"), engine_sentence(error), back)
    if rest == ("replay",):
        from ui.screens.replay import ReplayScreen

        return ReplayScreen(root, navigate, game_id, route.query, table_class(game_id))
    return MessageScreen(root, navigate, _("Page not found"),
                         _("{game} has no page “{page}”.", game=game_title(game_id), page="/".join(rest)),
                         [(f"#/{game_id}", game_title(game_id)), home()])


def keep_broker(route: Route) -> None:
    """A route's ``broker=`` (any route: ``HOST=0.0.0.0 make play`` prints the gallery's with
    the local broker) becomes the setting every room opens on; a bad one is left to the screens
    that read it to say so."""
    given = dict(route.query).get("broker", "").strip()
    if given:
        with contextlib.suppress(RouteError):
            settings.write({"broker": check_broker(given)})


def with_room(table: Any) -> Any:
    """A table with friends on other devices gets its room: the room of the last table, when the
    host dealt another game in it; else a new one, or the one its saved game keeps. A finished
    game's table opens none."""
    if table.setup.has_friends and not table.flow.state.is_over():
        from ui.friends.hosting import HostSide, adopt_room

        table.room = adopt_room(table) or HostSide(table)
    return table


def _saved_table(root: Any, navigate: Navigate, game_id: str, found: str, delay: str | None) -> Screen:
    """The table of saved game ``found``, where it was left; a page saying why when it cannot
    be opened (the saved game stays listed, to discard or to open with another version)."""
    from engine import EngineError
    from ui.storage.saves import SaveError

    title = game_title(game_id)
    links = [(f"#/{game_id}", _("{game}: games in progress", game=title)), home()]
    try:
        saved = store().load(found)
    except SaveError as error:
        return MessageScreen(root, navigate, _("This saved game cannot be opened"), _sentence(str(error)), links)
    if saved.game != game_id:
        return MessageScreen(root, navigate, _("This saved game cannot be opened"),
                             _("It is a game of {saved}, not of {game}.",
                               saved=game_title(saved.game), game=title),
                             links)
    setup = saved.setup()
    delay_ms = _delay(delay)
    if delay_ms is not None:
        setup = replace(setup, delay_ms=delay_ms)
    try:
        return with_room(table_class(game_id)(root, navigate, setup, saved, store()))
    except EngineError as error:  # a move the rules refuse: edited by hand, or another version
        return MessageScreen(root, navigate, _("This saved game cannot be replayed"), engine_sentence(error), links)


def _delay(text: str | None) -> int | None:
    """A route's ``delay=`` (milliseconds a bot's answer is held back), if it is a number."""
    return min(int(text), MAX_DELAY_MS) if text is not None and text.isdigit() else None


def engine_sentence(error: EngineError) -> str:
    """Why the engine refused, as a person reads it: the catalog's sentence for its ``reason``
    (``ui.kit.reasons``), else a sentence of the catalog that says what was refused; the
    engine's own text is for developers (the page's console)."""
    from ui.kit import reasons  # a play route's (``later_modules``), not the first visit's

    print(f"five-checks: {error!r}")
    said = reasons.sentence(getattr(error, "reason", None) or "", str, None)
    return said if said is not None else _("This version of the app cannot set up this game as asked.")


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")) if text else text
