"""Computer players.

A bot decides from what its seat may see (``state.view(seat)``) and the legal actions, never from
the full state. Each bot is an object with ``think(game, view, legal, rng, budget_ms)``, a
generator that yields ``None`` between slices of work (so the page can repaint between them) and
returns the chosen action, and ``choose(...)``, which runs ``think`` to the end.

    bot = get_bot("chess-cards", "hard")
    action = bot.choose(game, state.view(seat), state.legal_actions(seat), random.Random(1), 500)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, ClassVar

from engine.bots.base import Bot, RandomBot, Thinking
from engine.core import LazyRegistry, SetupError

__all__ = ["BOTS", "Bot", "RandomBot", "Thinking", "get_bot", "levels"]


class BotRegistry(LazyRegistry[Mapping[str, Bot]]):
    """Each game's bots by level, weakest first. A game's bot module is imported the first
    time its bots are asked for, so a page imports the bots of the game it shows only."""

    #: id -> (module of its bots, whether the shared RandomBot comes first; Checkmate has its own).
    WHERE: ClassVar[dict[str, Any]] = {
        "checks": ("engine.bots.checks", True),
        "checkmate": ("engine.bots.checkmate", False),
        "private-checkers": ("engine.bots.private_checkers", True),
        "chess-cards": ("engine.bots.chess_cards", True),
        "check": ("engine.bots.check", True),
    }

    def load(self, where: Any) -> Mapping[str, Bot]:
        module, with_random = where
        found = importlib.import_module(module).BOTS
        return {bot.level: bot for bot in ((RandomBot(), *found) if with_random else found)}


BOTS = BotRegistry()


def levels(game_id: str) -> tuple[str, ...]:
    """The bot levels a game offers, weakest first."""
    return tuple(BOTS.get(game_id, {}))


def get_bot(game_id: str, level: str) -> Bot:
    """The bot of ``game_id`` at ``level``; SetupError naming the levels when there is none."""
    bots = BOTS.get(game_id)
    if not bots:
        raise SetupError(f"no bots for game {game_id!r}")
    if level not in bots:
        raise SetupError(f"{game_id}: no bot level {level!r} (levels: {', '.join(bots)})")
    return bots[level]
