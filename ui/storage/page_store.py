"""The page's one saved-game store: ``window.localStorage``, or, when the browser gives none
(storage off, some private modes), a store in memory and a sentence saying games are not kept."""

from __future__ import annotations

from ui.kit.i18n import _
from ui.kit.web_storage import MemoryStorage
from ui.storage.saves import Store

_STORE: list[Store] = []


def store() -> Store:
    """The store of this page (opened on first use)."""
    if not _STORE:
        from pyscript import window

        try:
            storage = window.localStorage
            storage.getItem("five-checks:probe")  # some browsers throw only on first use
            _STORE.append(Store(storage))
        except Exception as error:
            _STORE.append(Store(MemoryStorage(), _("This browser keeps no games for this site ({why}): a game ends "
                                                   "when the page closes.", why=type(error).__name__)))
    return _STORE[0]
