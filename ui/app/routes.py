"""Routes: the URL hash as data.

Pure Python (no browser import) so it reads the same under CPython and in the page.

    #/                                   gallery
    #/<id>                               setup of a game
    #/<id>/rules                         rules page
    #/<id>/play?seats=human,bot:hard&seed=123&privilege=0&deck=bQ,rR,...   a new game
    #/<id>/play?id=k3m9x2pq7a                                             a saved game
    #/<id>/replay[?id=<saved id>|?r=<packed record>]                      the record viewer
    #/join/<code>[?broker=<url>]                                           a friend's room

What a play route asks for (its seats and options) is read by ``ui.app.play_setup``; this module
is what the page's start needs to follow any route, and so makes little at import: under
Pyodide, a frozen dataclass costs the start about 4 ms and a compiled pattern about 1 ms (its
patterns are text, compiled by ``re`` on first use).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ui.kit.i18n import _

if TYPE_CHECKING:
    import random

#: How long a bot move is shown as "thinking" at least, so a person can follow it.
DEFAULT_DELAY_MS = 700
MAX_DELAY_MS = 10_000


class RouteError(ValueError):
    """A route that cannot be followed; the message is shown on the page as it is."""


@dataclass(frozen=True)
class Route:
    """``#/a/b?x=1`` -> parts ``("a", "b")``, query ``(("x", "1"),)``."""

    parts: tuple[str, ...]
    query: tuple[tuple[str, str], ...] = ()

    @property
    def path(self) -> str:
        return "#/" + "/".join(part if re.fullmatch(_PLAIN, part) else _urls().quote(part, safe="-_.")
                               for part in self.parts)


def parse_hash(hash_text: str) -> Route:
    """The route of a ``location.hash`` (with or without the leading ``#``)."""
    text = hash_text[1:] if hash_text.startswith("#") else hash_text
    path, _sep, query = text.partition("?")
    parts = tuple(_urls().unquote(part) if "%" in part else part for part in path.split("/") if part)
    return Route(parts, tuple(_urls().parse_qsl(query, keep_blank_values=True)) if query else ())


#: A route's part that reads the same quoted: most of them (``checks``, ``play``).
_PLAIN = r"[A-Za-z0-9_.\-]*"


def _urls() -> Any:
    """``urllib.parse``, imported when a route needs quoting: it imports ``ipaddress``, whose
    tables cost about 60 ms of the page's start under Pyodide, and the routes a page usually opens
    with (``#/``, ``#/checks``) need none."""
    import urllib.parse

    return urllib.parse


def quick_game_route(game_id: str) -> str:
    """A new game of ``game_id`` against a bot of the default level, at once."""
    return f"#/{game_id}/play?seats=human,bot"


def play_hash(game_id: str, params: Sequence[tuple[str, str]]) -> str:
    """``#/<id>/play?...`` with each value quoted (names may hold any character but commas)."""
    query = "&".join(f"{name}={_urls().quote(value, safe=',:*()')}" for name, value in params)
    return f"#/{game_id}/play" + (f"?{query}" if query else "")


def check_broker(text: str) -> str:
    """A broker's address as given (``http://127.0.0.1:9000/``), or "" for the public one.
    Raises RouteError for anything but an http(s) URL with a host."""
    text = text.strip()
    if not text:
        return ""
    parts = _urls().urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise RouteError(_("broker: {broker} is not an http(s) address like http://127.0.0.1:9000/",
                           broker=repr(text)))
    try:
        port_ok = parts.port != 0  # reading the port raises ValueError for a bad one
    except ValueError:
        port_ok = False
    if not port_ok:
        raise RouteError(_("broker: {broker} has no valid port number", broker=repr(text)))
    return text


#: Room codes: five characters with no look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V).
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTWXY"
CODE_LENGTH = 5


#: Characters a person may type for one of the alphabet's, read as that one. The alphabet leaves
#: out whole families of look-alikes (0 O, 1 I L, 2 Z, 5 S, 8 B, U V), so a code read off a
#: screen or said aloud is mostly unambiguous; what is left: a round letter for the D it was
#: read as, a stroke for the 7, 8 and B for the 3, V for the Y, and the Cyrillic and Greek
#: capitals that look like Latin ones (a phone's other keyboard).
LOOK_ALIKES = str.maketrans({
    "0": "D", "O": "D", "1": "7", "I": "7", "8": "3", "B": "3", "V": "Y",
    "А": "A", "С": "C", "Е": "E", "Н": "H", "К": "K", "М": "M", "Р": "P", "Т": "T", "Х": "X", "У": "Y",
    "Α": "A", "Ε": "E", "Η": "H", "Κ": "K", "Μ": "M", "Ν": "N", "Ρ": "P", "Τ": "T", "Χ": "X", "Υ": "Y",
})


def room_code(text: str) -> str:
    """A room code as typed, checked: any case, spaces, dashes and dots ignored, full-width
    characters as their plain selves, look-alikes as the alphabet's (``LOOK_ALIKES``). Raises
    RouteError saying what is wrong."""
    plain = unicodedata.normalize("NFKC", text)
    code = "".join(char for char in plain if not char.isspace() and char not in "-–—._").upper().translate(LOOK_ALIKES)
    if not code:
        raise RouteError(_("type the room code: five letters and digits, like K7QXM"))
    strange = sorted({char for char in code if char not in CODE_ALPHABET})
    if strange:
        raise RouteError(_("{typed} is not a room code: a code has no {strange} (codes use the digits "
                           "3 4 6 7 9 and letters that no digit looks like, as in K7QXM)",
                           typed=repr(text.strip()), strange=", ".join(strange)))
    if len(code) != CODE_LENGTH:
        raise RouteError(_("{typed} is not a room code: a code has five letters and digits, "
                           "like K7QXM (this has {count})", typed=repr(text.strip()), count=len(code)))
    return code


def new_room_code(rng: random.Random) -> str:
    return "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def saved_id(query: Sequence[tuple[str, str]]) -> str | None:
    """The saved game a play route names (``?id=...``), or None for a new game. Raises
    RouteError when ``id`` comes with anything that would start a new game instead."""
    names = [name for name, _unused in query]
    if "id" not in names:
        return None
    extra = [name for name in names if name not in ("id", "delay")]
    if extra:
        raise RouteError(_("a saved game's route takes only its id (got {name} as well)", name=repr(extra[0])))
    game_id = dict(query)["id"].strip()
    if not game_id or not game_id.isalnum():
        raise RouteError(_("id: {id} is not the id of a saved game", id=repr(game_id)))
    return game_id
