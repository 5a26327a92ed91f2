"""The messages between a host's browser and its guests': JSON text, one object per message, each
with a ``type``.

Host to guest:

- ``{"type": "welcome", "room", "game", "seat", "token", "names"}``: the guest has its seat; the
  ``token`` takes the same seat again after a reload or a lost connection;
- ``{"type": "lobby", "seats": [{"seat", "name", "status"}], "started"}``: who sits where;
  ``status`` is ``open``, ``joined``, ``away``, ``bot`` or ``here`` (a person at the host's device);
- ``{"type": "view", "game", "seat", "ply", "view", "legal"}``: ``view`` is exactly
  ``state.view(seat)`` after ``ply`` actions and ``legal`` the notation of that seat's legal
  actions; sent whenever either changes and on every (re)join;
- ``{"type": "refused", "ply", "action", "reason"}``: the host's engine refused an action;
- ``{"type": "clock", "kind", "ply", "left_ms"}``: a timed event started on the host's clock
  (Check!'s matching window: ``kind`` ``clock``; ``""`` when none runs any more) with the ms it
  had left when sent; the guest counts down from there, less half its round trip;
- ``{"type": "pong", "t"}``: the answer to a ping, with its ``t``;
- ``{"type": "chat", "seat", "name", "text"}``; ``{"type": "record", "record"}`` once the game is
  over; ``{"type": "closed", "reason"}`` when the host ends the room.

Guest to host: ``{"type": "join", "name", "token"?}``, ``{"type": "act", "ply", "action"}``,
``{"type": "chat", "text"}``, ``{"type": "ping", "t"}`` (the guest's clock, echoed back: its
round trip).

No message carries a hidden card but ``view``, which carries what its seat may know. ``decode``
checks a message's shape; ``ProtocolError`` says what is wrong, and the receiver ignores the
message with a warning.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

#: The longest name and chat line a guest may send (longer ones are cut, never refused).
MAX_NAME = 24
MAX_CHAT = 500

#: The fields each message type must carry, with their JSON types.
FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "welcome": {"room": (str,), "game": (str,), "seat": (int,), "token": (str,), "names": (list,)},
    "lobby": {"seats": (list,), "started": (bool,)},
    "view": {"game": (str,), "seat": (int,), "ply": (int,), "view": (dict,), "legal": (list,)},
    "refused": {"ply": (int,), "action": (str,), "reason": (str,)},
    "chat": {"text": (str,)},
    "record": {"record": (dict,)},
    "closed": {"reason": (str,)},
    "clock": {"kind": (str,), "ply": (int,), "left_ms": (int, float)},
    "ping": {"t": (int, float)},
    "pong": {"t": (int, float)},
    "join": {"name": (str,)},
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
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise ProtocolError(f"{kind!r} message: field {name!r} is missing or not {types[0].__name__}")
    return message


def view_message(game: str, seat: int, ply: int, view: Mapping[str, Any], legal: Sequence[Any]) -> dict[str, Any]:
    return {"type": "view", "game": game, "seat": seat, "ply": ply, "view": dict(view),
            "legal": [str(action) for action in legal]}


def act_message(ply: int, action: Any) -> dict[str, Any]:
    return {"type": "act", "ply": ply, "action": str(action)}


def clean_text(text: str, longest: int) -> str:
    """A guest's name or chat line: one line of printable text, at most ``longest`` characters."""
    return " ".join("".join(char for char in text if char.isprintable()).split())[:longest]
