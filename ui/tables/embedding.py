"""The page a game is embedded in hears of every action and of the end (``ui.app.embed``): a
subscriber of a flow's events."""

from __future__ import annotations

from collections.abc import Callable

from ui.app import embed
from ui.tables.events import Event, Events, GameOver, Played


def follow(events: Events, game_id: str, save_id: Callable[[], str]) -> Callable[[], None]:
    """Post ``move`` and ``game-over`` to the embedding page for ``events`` of the game
    ``game_id`` saved as ``save_id()``; returns the call that stops it."""

    def heard(event: Event) -> None:
        if isinstance(event, Played):
            embed.moved(game_id, save_id(), event.seat, event.notation, event.ply)
        elif isinstance(event, GameOver):
            embed.game_over(game_id, save_id(), event.result)

    return events.subscribe(heard)
