"""The Web Storage interface (``localStorage``) in Python's hands: a stand-in over a dict."""

from __future__ import annotations


class MemoryStorage:
    """The Web Storage interface over a dict (tests; and the page when storage is refused, so
    a game still plays, unsaved). ``quota`` (characters) imitates a full storage."""

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)
