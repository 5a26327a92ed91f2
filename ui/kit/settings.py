"""The app's own settings (not a game's): one JSON object in ``localStorage["five-checks:settings"]``.

It holds ``motion`` (false when a person turned the tables' animations off: the "Motion" toggle
of every table's bar, ``ui.kit.motion``), ``sound`` (false when they turned the tables' sounds
off: the "Sound" toggle, ``ui.kit.sound``) and how rooms with friends on other devices connect:
``broker`` (the PeerJS broker's address; "" for the public one) and a TURN server for networks
that block direct connections (``turn_url``, ``turn_user``, ``turn_password``); and
``how_to_win_seen``, the games whose "How to win" box a table has shown open once (a table
opens it on a person's first game of that game only); ``name``, the name this device last used in
a room (the host's lobby and the join screen offer it again); ``theme``, the colours the page
takes ("system": the system's light or dark, else "light" or "dark"; ``ui.kit.theme``, and the
first script of index.html, which reads it before the first paint); ``lang``, the language last
chosen (a route's ``lang=``; "" for the source, English: ``ui.kit.i18n``). A missing or unreadable entry means
the defaults; a browser that keeps nothing (storage off, some private modes) keeps the settings
in memory for the page's life, so a toggle still works until the page closes.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from ui.kit.dom import present
from ui.kit.web_storage import MemoryStorage

#: The storage key: one entry for all settings, beside the saved games' ``five-checks:`` keys.
KEY = "five-checks:settings"
#: What a setting is when nobody chose.
DEFAULTS: dict[str, Any] = {"motion": True, "sound": True, "broker": "", "turn_url": "", "turn_user": "",
                            "turn_password": "", "how_to_win_seen": [], "name": "", "theme": "system", "lang": ""}

_STORAGE: list[Any] = []


def storage() -> Any:
    """The page's ``localStorage``, or a ``MemoryStorage`` when the browser refuses it."""
    if not _STORAGE:
        try:
            from pyscript import window

            found = window.localStorage
            found.getItem(KEY)  # some browsers throw only on first use
            _STORAGE.append(found)
        except Exception:
            _STORAGE.append(MemoryStorage())
    return _STORAGE[0]


def read(store: Any = None) -> dict[str, Any]:
    """All settings: the defaults, overridden by what ``store`` (the page's storage) holds.
    Never raises: an entry that is not a JSON object, or a storage that throws, gives the
    defaults."""
    settings = dict(DEFAULTS)
    try:
        text = (store if store is not None else storage()).getItem(KEY)
        kept = json.loads(str(text)) if present(text) else {}
    except Exception:
        return settings
    if isinstance(kept, dict):
        settings.update({name: value for name, value in kept.items()
                         if name in DEFAULTS and isinstance(value, type(DEFAULTS[name]))})
    return settings


def write(changes: dict[str, Any], store: Any = None) -> dict[str, Any]:
    """Keep ``changes`` on top of the settings held now and return them all. A storage that
    refuses the write (full, off) is ignored: the page goes on with the new settings in memory
    only if the caller keeps the returned value."""
    settings = {**read(store), **changes}
    # Only what a person chose is kept: a default that changes later reaches them.
    chosen = {name: value for name, value in settings.items() if value != DEFAULTS.get(name)}
    with contextlib.suppress(Exception):
        (store if store is not None else storage()).setItem(KEY, json.dumps(chosen, sort_keys=True))
    return settings
