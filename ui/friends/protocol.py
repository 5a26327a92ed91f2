"""The messages between a host's browser and its guests': JSON text, one object per message, each
with a ``type``.

Host to guest:

- ``{"type": "room", "game", "host", "seats", "started", "watchers"}``: the answer to ``hello``,
  what the join screen says before the person joins (the game, who hosts it, the seats as in
  ``lobby``);
- ``{"type": "welcome", "room", "game", "seat", "token", "names"}``: the guest has its seat; the
  ``token`` takes the same seat again after a reload or a lost connection; a watcher's welcome
  has ``seat`` null and an empty ``token``;
- ``{"type": "full", "started"}``: no seat is open for a newcomer (the device may watch);
- ``{"type": "lobby", "seats": [{"seat", "name", "status"}], "started", "watchers"}``: who sits
  where; ``status`` is ``open``, ``joined``, ``away``, ``bot`` or ``here`` (a person at the host's
  device); ``watchers`` the names of the devices watching;
- ``{"type": "view", "game", "seat", "ply", "view", "legal"}``: ``view`` is exactly
  ``state.view(seat)`` after ``ply`` actions and ``legal`` the notation of that seat's legal
  actions; sent whenever either changes and on every (re)join. To a watcher, ``seat`` is null,
  ``view`` is ``state.view(None)`` and ``legal`` is empty;
- ``{"type": "standings", "deals", "rows": [{"seat", "name", "wins", "total"}]}``: the room's
  score across the deals played in it (``total`` null where the game keeps no running score);
- ``{"type": "refused", "ply", "action", "reason", "refusal"}``: the host refused an action;
  ``reason`` is the engine's text, for developers; ``refusal`` the refusal as data
  (``ui.tables.phrasing.refusal_data``: its kind and the rules' reason as template id and
  parts), which the guest says in its own reader's language;
- ``{"type": "clock", "kind", "ply", "left_ms"}``: a timed event started on the host's clock
  (Check!'s matching window: ``kind`` ``clock``; ``""`` when none runs any more) with the ms it
  had left when sent; the guest counts down from there, less half its round trip;
- ``{"type": "pong", "t"}``: the answer to a ping, with its ``t``;
- ``{"type": "chat", "seat", "name", "text"}``; ``{"type": "record", "record"}`` once the game is
  over; ``{"type": "closed", "reason"}`` when the host ends the room, ``reason`` one of
  ``CLOSED``'s ids, which the guest says in its own words.

Guest to host: ``{"type": "hello"}`` (what is this room?), ``{"type": "join", "name",
"token"?}``, ``{"type": "watch", "name"}``, ``{"type": "act", "ply", "action"}``, ``{"type":
"chat", "text"}``, ``{"type": "ping", "t"}`` (the guest's clock, echoed back: its round trip,
and both ends' heartbeat: a guest that hears no ``pong`` for a few seconds knows the host has
gone quiet, a host that hears no ``ping`` knows the guest has).

No message carries a hidden card but ``view``, which carries what its seat may know. ``decode``
checks a message's shape; ``ProtocolError`` says what is wrong, and the receiver ignores the
message with a warning.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ui.kit.i18n import N_

#: The longest name and chat line a guest may send (longer ones are cut, never refused).
MAX_NAME = 24
MAX_CHAT = 500

#: Why the host closed the room for a device (``closed``'s ``reason``), by id: each device says it.
CLOSED = {
    "left": N_("the host left the game"),
    "ended": N_("the host ended the game"),
    "seat-given": N_("the host gave your seat to someone else"),
    "seat-gone": N_("this device's seat is no longer in the room"),
}

#: The fields each message type must carry, with their JSON types.
#: A seat, or null for a watcher.
SEAT = (int, type(None))

FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "room": {"game": (str,), "host": (str,), "seats": (list,), "started": (bool,), "watchers": (list,)},
    "welcome": {"room": (str,), "game": (str,), "seat": SEAT, "token": (str,), "names": (list,)},
    "full": {"started": (bool,)},
    "lobby": {"seats": (list,), "started": (bool,)},
    "view": {"game": (str,), "seat": SEAT, "ply": (int,), "view": (dict,), "legal": (list,)},
    "standings": {"deals": (int,), "rows": (list,)},
    "refused": {"ply": (int,), "action": (str,), "reason": (str,)},
    "chat": {"text": (str,)},
    "record": {"record": (dict,)},
    "closed": {"reason": (str,)},
    "clock": {"kind": (str,), "ply": (int,), "left_ms": (int, float)},
    "ping": {"t": (int, float)},
    "pong": {"t": (int, float)},
    "hello": {},
    "join": {"name": (str,)},
    "watch": {"name": (str,)},
    "act": {"ply": (int,), "action": (str,)},
}


class ProtocolError(ValueError):
    """A message that is not one of the protocol's: not JSON, not an object, an unknown
    ``type``, or a field missing or of the wrong type."""


def encode(message: Mapping[str, Any]) -> str:
    """One message as JSON text (compact, in the order written)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def decode(text: Any) -> dict[str, Any]:
    """The message ``text`` carries, checked against ``FIELDS``; raises ``ProtocolError``."""
    if not isinstance(text, str):
        raise ProtocolError(f"a message is JSON text, not {type(text).__name__}")
    try:
        message = json.loads(text)
    except ValueError as error:
        raise ProtocolError(f"not JSON: {error}") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object")
    kind = message.get("type")
    fields = FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError(f"unknown message type {kind!r}")
    for name, types in fields.items():
        value = message.get(name)
        # A JSON true is no number: bool is a subclass of int in Python.
        if name not in message or not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise ProtocolError(f"{kind!r} message: field {name!r} is missing or not {types[0].__name__}")
    return message


def view_message(game: str, seat: int | None, ply: int, view: Mapping[str, Any],
                 legal: Sequence[Any]) -> dict[str, Any]:
    return {"type": "view", "game": game, "seat": seat, "ply": ply, "view": dict(view),
            "legal": [str(action) for action in legal]}


def act_message(ply: int, action: Any) -> dict[str, Any]:
    return {"type": "act", "ply": ply, "action": str(action)}


def clean_text(text: str, longest: int) -> str:
    """A guest's name or chat line: one line of printable text, at most ``longest`` characters."""
    return " ".join("".join(char for char in text if char.isprintable()).split())[:longest]
