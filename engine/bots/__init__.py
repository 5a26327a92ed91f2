"""Computer players.

A bot decides from what its seat may see (``state.view(seat)``) and the legal actions, never from
the full state. Each bot is an object with ``think(game, view, legal, rng, budget_ms)``, a
generator that yields ``None`` between slices of work (so the page can repaint between them) and
returns the chosen action, and ``choose(...)``, which runs ``think`` to the end.

    bot = get_bot("chess-cards", "hard")
    action = bot.choose(game, state.view(seat), state.legal_actions(seat), random.Random(1), 500)
"""

from __future__ import annotations

import random
from typing import Any, Generator, Mapping, Sequence

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
                return done.value


class RandomBot(Bot):
    """Any legal action, uniformly: the baseline every other level must beat."""

    level = "random"
    description = "plays any legal move"

    def think(self, game, view, legal, rng, budget_ms):  # type: ignore[override]
        if not legal:
            raise SetupError("a bot was asked to act with no legal action")
        return rng.choice(list(legal))
        yield  # pragma: no cover - makes this a generator


def _registry() -> dict[str, dict[str, Bot]]:
    from engine.bots import check, checkmate, checks, chess_cards

    return {
        "checks": {bot.level: bot for bot in (RandomBot(), *checks.BOTS)},
        "check": {bot.level: bot for bot in (RandomBot(), *check.BOTS)},
        "checkmate": {bot.level: bot for bot in checkmate.BOTS},
        "chess-cards": {bot.level: bot for bot in (RandomBot(), *chess_cards.BOTS)},
    }


BOTS: dict[str, dict[str, Bot]] = _registry()


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
