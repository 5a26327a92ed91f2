"""The page's one saved-game store: ``window.localStorage``, or, when the browser gives none
(storage off, some private modes), a store in memory and a sentence saying games are not kept.

The store's code (``ui.storage.saves``, with the engine's records) is imported when a screen first
uses the store, never at the page's start: the gallery asks only ``lists_anything``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.kit.i18n import _
from ui.kit.web_storage import MemoryStorage
from ui.storage import keys

if TYPE_CHECKING:
    from ui.storage.saves import Store

#: The page's storage and the sentence saying it keeps nothing ("" when it does), once read.
_STORAGE: list[tuple[Any, str]] = []
_STORE: list[Store] = []


def storage() -> tuple[Any, str]:
    """The page's Web Storage (``window.localStorage``, else one in memory) and the sentence
    saying games are not kept ("" when they are)."""
    if not _STORAGE:
        from pyscript import window

        try:
            found = window.localStorage
            found.getItem("five-checks:probe")  # some browsers throw only on first use
            _STORAGE.append((found, ""))
        except Exception as error:
            _STORAGE.append((MemoryStorage(), _("This browser keeps no games for this site ({why}): a game ends "
                                                "when the page closes.", why=type(error).__name__)))
    return _STORAGE[0]


def lists_anything() -> bool:
    """Whether the gallery has a list above it (``ui.storage.keys.lists_anything``)."""
    return keys.lists_anything(*storage())


def store() -> Store:
    """The store of this page (opened on first use)."""
    if not _STORE:
        from ui.storage.saves import Store

        _STORE.append(Store(*storage()))
    return _STORE[0]
