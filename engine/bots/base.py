"""The bot base classes every level builds on (``engine.bots`` registers the levels)."""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping, Sequence
from typing import Any

from engine.core import Action, Game, SetupError

Thinking = Generator[None, None, Action]


class Bot:
    """Base class: subclasses implement ``think``; ``choose`` drains it."""

    level: str = ""
    description: str = ""

    def think(
        self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
        rng: random.Random, budget_ms: int,
    ) -> Thinking:
        raise NotImplementedError

    def choose(
        self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
        rng: random.Random, budget_ms: int = 1000,
    ) -> Action:
        thinking = self.think(game, view, legal, rng, budget_ms)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                action: Action = done.value
                return action


class RandomBot(Bot):
    """Any legal action, uniformly: the baseline every other level must beat."""

    level = "random"
    description = "plays any legal move"

    def think(
        self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
        rng: random.Random, budget_ms: int,
    ) -> Thinking:
        if not legal:
            raise SetupError("a bot was asked to act with no legal action")
        return rng.choice(list(legal))
        yield  # pragma: no cover - makes this a generator
