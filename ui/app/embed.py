"""Embedding: ``embed=1`` in any route shows the app alone inside another site's frame, and
lets that site follow the game and start another.

The protocol (README "Embed it"). The framed app posts to ``window.parent``:

- ``{"source": "five-checks", "type": "ready", "route": "#/..."}`` once the first screen is up;
- ``{"source": "five-checks", "type": "resize", "height": 734}``: the height of the content in CSS
  pixels, whenever it changes, so the host can size the frame to it;
- ``{"source": "five-checks", "type": "move", "game": "checks", "id": "<saved game>", "seat": 1,
  "action": "7C>2", "ply": 12}``: every action applied (``action`` in the game's notation, ``ply``
  the table's ``data-ply`` after it);
- ``{"source": "five-checks", "type": "game-over", "game": "checks", "id": "...", "result":
  {"scores": [...], "winners": [...], "reason": "..."}}`` once, when a game (or match) ends.

It obeys one message from its parent window (and from no other window):
``{"source": "five-checks", "type": "new-game", "route": "#/chess-cards/play?seats=human,bot"}``
opens that route (a route of one of the games; the app stays embedded). Anything else that
reaches it is ignored with a console warning: a page may receive messages from many sources.

Messages are posted with the target origin ``"*"``: they carry nothing private (the moves are
those the host's visitor sees), and the app cannot know who may frame it.

``read_request`` is pure (unit-tested in CPython); ``Host`` is the page side.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from ui.app.routes import parse_hash

SOURCE = "five-checks"
#: The route parameter that turns embedding on.
PARAM = "embed"
#: The route parameter that lets an embedded table make sounds (off in a frame unless asked).
SOUND_PARAM = "sound"


class EmbedMessageError(ValueError):
    """A message the embedded app does not obey; the text says why (logged as a warning)."""


def read_request(data: Any, games: Mapping[str, Any] | set[str] | tuple[str, ...]) -> str:
    """The route a host's message asks to open. Raises EmbedMessageError for anything that is
    not ``{"source": "five-checks", "type": "new-game", "route": "#/<game>/..."}`` with a
    known game."""
    if not isinstance(data, dict):
        raise EmbedMessageError(f"not an object: {type(data).__name__}")
    if data.get("source") != SOURCE:
        raise EmbedMessageError(f"source is {data.get('source')!r}, not {SOURCE!r}")
    kind = data.get("type")
    if kind != "new-game":
        raise EmbedMessageError(f"unknown type {kind!r} (the app obeys only 'new-game')")
    route = data.get("route")
    if not isinstance(route, str) or not route.startswith("#/"):
        raise EmbedMessageError(f"route must be text starting with '#/' (got {route!r})")
    parts = parse_hash(route).parts
    if not parts or parts[0] not in games:
        raise EmbedMessageError(f"route {route!r} names no game (games: {', '.join(games)})")
    return route


def embedded_hash(hash_text: str) -> str:
    """``hash_text`` with ``embed=1`` in its query (once), so a reload inside the frame stays
    embedded."""
    path, _, query = hash_text.partition("?")
    params = [part for part in query.split("&") if part and part.split("=", 1)[0] != PARAM]
    return f"{path}?{'&'.join([*params, f'{PARAM}=1'])}"


def without_embed(hash_text: str) -> str:
    """``hash_text`` without its ``embed`` parameter: the same screen on the full site."""
    path, _, query = hash_text.partition("?")
    params = [part for part in query.split("&") if part and part.split("=", 1)[0] != PARAM]
    return f"{path}?{'&'.join(params)}" if params else path


def address(hash_text: str) -> str:
    """The address to write for ``hash_text``: embedded pages keep ``embed=1`` in it (and
    ``sound=1`` when the frame's route asked for sound)."""
    if not EMBEDDED:
        return hash_text
    if SOUND and not asks_sound(hash_text):
        path, _, query = hash_text.partition("?")
        hash_text = f"{path}?{'&'.join([*filter(None, query.split('&')), f'{SOUND_PARAM}=1'])}"
    return embedded_hash(hash_text)


def asks_sound(hash_text: str) -> bool:
    """Whether a route lets an embedded table make sounds (``sound=1``)."""
    return (SOUND_PARAM, "1") in parse_hash(hash_text).query


def asks_embed(hash_text: str) -> bool:
    """Whether a route turns embedding on (``embed=1``)."""
    return (PARAM, "1") in parse_hash(hash_text).query


class Host:
    """The page that frames the app: where messages go, and where ``new-game`` comes from.
    Made once, at boot, when the first route asks for ``embed=1`` and the app is framed."""

    def __init__(self, window: Any, navigate: Callable[[str], None], games: tuple[str, ...]) -> None:
        from pyodide.ffi import create_proxy

        self.window = window
        self.navigate = navigate
        self.games = games
        self.height = -1
        self.ended: set[str] = set()
        self._message = create_proxy(self._on_message)
        window.addEventListener("message", self._message)
        self._resize = create_proxy(lambda *_: self.resized())
        self._observer = window.ResizeObserver.new(self._resize)
        # The app's own element, not the document's: a document is never shorter than its
        # frame, so its height could grow with the frame but never shrink back.
        self.content = window.document.getElementById("app")
        self._observer.observe(self.content)

    def post(self, kind: str, **data: Any) -> None:
        from js import Object
        from pyodide.ffi import to_js

        message = to_js({"source": SOURCE, "type": kind, **data}, dict_converter=Object.fromEntries)
        self.window.parent.postMessage(message, "*")

    def resized(self) -> None:
        height = math.ceil(self.content.getBoundingClientRect().bottom + self.window.scrollY)
        if height != self.height:
            self.height = height
            self.post("resize", height=height)

    def _on_message(self, event: Any) -> None:
        from js import Object

        if not bool(getattr(Object, "is")(event.source, self.window.parent)):
            self.window.console.warn("five-checks: a message from a window other than the parent was ignored")
            return
        data = event.data
        try:
            route = read_request(data.to_py() if hasattr(data, "to_py") else data, self.games)
        except EmbedMessageError as error:
            self.window.console.warn(f"five-checks: a message was ignored: {error}")
            return
        self.navigate(route)


#: Whether this page was opened with ``embed=1`` (set by ``ui.main`` at boot, for the page's life).
EMBEDDED = False
#: Whether the embedded page's route asked for sound (``sound=1``; set by ``ui.main`` at boot).
SOUND = False
#: The page that frames this one, when embedded in a frame (set by ``ui.main`` at boot).
HOST: Host | None = None


def moved(game: str, save_id: str, seat: int, action: str, ply: int) -> None:
    """Tell the host an action was applied (nothing when not embedded)."""
    if HOST is not None:
        HOST.post("move", game=game, id=save_id, seat=seat, action=action, ply=ply)


def game_over(game: str, save_id: str, result: Mapping[str, Any]) -> None:
    """Tell the host a game (or match) is over, once per saved game."""
    if HOST is not None and save_id not in HOST.ended:
        HOST.ended.add(save_id)
        HOST.post("game-over", game=game, id=save_id, result=dict(result))
