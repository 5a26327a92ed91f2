"""What a click on a table asks for, parsed once into a typed command.

A table's controls say what they do in their attributes (the UI's conventions):
``data-action="<notation>"`` plays an action (``data-seat`` names whose, where several people
may act at once), ``data-try`` is an action that cannot be played now (the click says why),
``data-pick`` selects without playing (a card before its target) and ``data-cmd`` asks the
table for something else (take back, open a pile, show the hint). ``parse`` reads them once,
splitting a value such as ``pile:3`` into its name and argument, and the table dispatches the
value by its name through a table of handlers (``handles``), never through a chain of string
comparisons.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ui.kit.dom import attr


@dataclass(frozen=True)
class Play:
    """Play the action ``notation`` (of ``seat`` where the control names it)."""

    notation: str
    seat: int | None = None


@dataclass(frozen=True)
class Try:
    """A control for the action ``notation`` that cannot be played now: say why."""

    notation: str
    seat: int | None = None


@dataclass(frozen=True)
class Pick:
    """Select something (``name``, with ``value`` after a colon: ``card:7C``) without playing."""

    name: str
    value: str = ""


@dataclass(frozen=True)
class Do:
    """Any other request of the table (``name``, with ``value`` after a colon: ``pile:3``)."""

    name: str
    value: str = ""


Command = Play | Try | Pick | Do


def parse(element: Any) -> Command | None:
    """The command of a clicked element, or None when it asks nothing of the table."""
    seat_text = attr(element, "data-seat")
    seat = int(seat_text) if seat_text.lstrip("-").isdigit() else None
    tried = attr(element, "data-try")
    if tried:
        return Try(tried, seat)
    action = attr(element, "data-action")
    if action:
        return Play(action, seat)
    pick = attr(element, "data-pick")
    if pick:
        name, _, value = pick.partition(":")
        return Pick(name, value)
    command = attr(element, "data-cmd")
    if command:
        name, _, value = command.partition(":")
        return Do(name, value)
    return None


F = TypeVar("F", bound=Callable[..., Any])

_GATHERED: dict[type, dict[str, str]] = {}

#: A handler's name for what it takes: ``handles("*")`` takes the picks no other handler names.
ANY = "*"


def handles(*names: str) -> Callable[[F], F]:
    """Mark a table method as the handler of the ``Pick`` or ``Do`` commands ``names``; the
    table's class gathers its handlers (its own and its bases') into its ``handlers``."""

    def mark(method: F) -> F:
        method.handles = names  # type: ignore[attr-defined]
        return method

    return mark


def gather(cls: type) -> dict[str, str]:
    """The handlers of ``cls`` by command name: the method names marked with ``handles``, a
    subclass's over its bases' (gathered once per class)."""
    found = _GATHERED.get(cls)
    if found is not None:
        return found
    found = _GATHERED[cls] = {}
    for klass in reversed(cls.__mro__):
        for method_name, method in vars(klass).items():
            for name in getattr(method, "handles", ()):
                found[name] = method_name
    return found
