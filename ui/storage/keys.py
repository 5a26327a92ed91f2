"""What the app keeps in the browser's storage, by key, and which keys are there.

Apart from ``ui.storage.saves`` (which reads and writes the values) so that the page can tell
whether the gallery has a list of games above it without importing the saved games' code and
the engine at its start: a first visit has nothing to list.
"""

from __future__ import annotations

from typing import Any

PREFIX = "five-checks:"
GAME_KEY = PREFIX + "game:"  # a game in progress
DONE_KEY = PREFIX + "done:"  # a finished game in the history
ROOM_KEY = PREFIX + "room:"  # a friend's room joined from this device (its seat's token)
STATS_KEY = PREFIX + "stats"


def stored_keys(storage: Any, prefix: str) -> list[str]:
    """The keys of ``storage`` (the Web Storage interface) that start with ``prefix``, sorted;
    none when the storage cannot be read."""
    try:
        count = int(storage.length)
        keys = [storage.key(index) for index in range(count)]
    except Exception:
        return []
    return sorted(key for key in keys if isinstance(key, str) and key.startswith(prefix))


def lists_anything(storage: Any, problem: str = "") -> bool:
    """Whether a list above the gallery would show anything: a game in progress, a friend's room
    joined from this device, or ``problem`` (the sentence that this browser keeps nothing)."""
    return bool(problem) or any(stored_keys(storage, prefix) for prefix in (GAME_KEY, ROOM_KEY))
