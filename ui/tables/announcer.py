"""What the other seats did, said aloud in the page's polite live region
(``[data-testid=announcer]``, ``ui.kit.access.announce``): a subscriber of a flow's events.

Once a change has settled, it says what the other seats (a bot, a friend, the clock) did since
the last time: the new lines of the view's log in the table's own words (``log_news``),
or ``Table.news`` where the table writes no log lines. A person's own move is not said (they
made it), nor a position reached by a takeback or a new deal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine import Action
from ui.kit import access
from ui.kit.dom import text_of
from ui.tables.drawn import Table
from ui.tables.events import Event, Played, Rewound, Settled


class Announcer:
    """The announcer of one table (see the module docstring)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        #: The other seats' actions since the last announcement.
        self.moves: list[tuple[int, Action | str]] = []
        #: How long the view's log was at the last announcement (None: not yet drawn).
        self.log_length: int | None = None

    def heard(self, event: Event) -> None:
        if isinstance(event, Played) and event.by != "person":
            self.moves.append((event.seat, event.action if event.action is not None else event.notation))
        elif isinstance(event, Rewound):
            self.moves.clear()
            self.log_length = None
        elif isinstance(event, Settled):
            self.tell()

    def tell(self) -> None:
        table = self.table
        if table.readonly:
            return
        log = table.view().get("log")
        log = log if isinstance(log, list) else []
        moves, self.moves = self.moves, []
        told, self.log_length = self.log_length, len(log)
        if told is None or not moves or len(log) < told:
            return
        entries = [entry for entry in log[told:] if entry.get("seat") not in table.humans]
        words = table.news(moves, entries)
        text = " ".join(line if line.endswith((".", "!", "?")) else line + "." for line in words if line)
        if text:
            access.announce(table.root.ownerDocument, text)


def log_news(entries: Sequence[Mapping[str, Any]], log_line: Callable[[Mapping[str, Any]], Any]) -> list[str]:
    """The log ``entries`` in words, as a table with log lines writes them (``log_line``)."""
    return [text_of(line) for line in (log_line(entry) for entry in entries) if line is not None]
