"""What the shared pieces of a table (``ui.tables.parts``, ``last_move``, ``announcer``) read of
the table they draw for: a protocol that ``ui.tables.base.GameTable`` meets, so that the pieces
need not import the base that imports them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol

from engine import Game
from ui.app.play_setup import PlaySetup, SeatSpec


class Table(Protocol):
    """A game's table as its shared pieces read it."""

    game: Game
    game_id: ClassVar[str]
    short_title: ClassVar[str]
    explains_itself: ClassVar[bool]
    quiet_actions: ClassVar[tuple[type, ...]]
    quiet_kind: ClassVar[str]
    fixed_title: str
    setup: PlaySetup
    flow: Any
    room: Any
    root: Any
    readonly: bool
    humans: tuple[int, ...]
    solo: bool
    how_open: bool | None

    @property
    def seats(self) -> tuple[SeatSpec, ...]: ...

    @property
    def reader(self) -> int | None: ...

    def name(self, seat: int) -> str: ...

    def viewer(self) -> int | None: ...

    def view(self) -> dict[str, Any]: ...

    def human_to_act(self) -> int | None: ...

    def card_words(self, text: str) -> str: ...

    def news(self, moves: Sequence[tuple[int, Any]], entries: Sequence[Mapping[str, Any]]) -> list[str]: ...

