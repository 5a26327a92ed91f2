"""What the other seats just did, for ``[data-last-move]``: the actions since the person in front
of the screen last acted, and the log lines that tell of them.

A game whose tables mark more than the latest action says which of its actions do not end "since
I last acted" (``Table.quiet_actions``, with the log's ``quiet_kind``): in Check! a pass in
another seat's matching window is no move of the watcher's, so a round of bots stays marked
until the watcher's own turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import CLOCK, Action
from ui.tables.drawn import Table


def watcher(table: Table) -> int | None:
    """The seat whose "since I last acted" the marks count from: the person in front of the
    screen; None where nobody is (bots only, all cards open to people taking turns, the
    replay viewer), and then only the latest action is marked."""
    return None if table.readonly else table.viewer()


def last_moves(table: Table) -> list[tuple[int, Action]]:
    """The actions of the other seats since the watcher last acted, oldest first (the clock's
    events pass through unmarked); the latest action alone when there is no watcher."""
    history = table.flow.history
    me = watcher(table)
    if me is None:
        return [move for move in history[-1:] if move[0] != CLOCK]
    moves = []
    for seat, action in reversed(history):
        if seat == me and not isinstance(action, table.quiet_actions):
            break
        if seat != me and seat != CLOCK:
            moves.append((seat, action))
    return moves[::-1]


def recent(table: Table, log: Sequence[Mapping[str, Any]]) -> set[int]:
    """Indexes of the log entries that tell of ``last_moves``: the entries at the end of the
    log by other seats than the watcher (the watcher's quiet lines among them unmarked); by
    the latest mover, when there is no watcher."""
    moves = last_moves(table)
    if not moves:
        return set()
    me = watcher(table)
    marked: set[int] = set()
    for index in range(len(log) - 1, -1, -1):
        seat = log[index].get("seat")
        if me is not None and seat == me:
            if table.quiet_kind and log[index].get("kind") == table.quiet_kind:
                continue
            break
        if me is None and seat is not None and seat != moves[-1][0]:
            break
        marked.add(index)
    return marked
