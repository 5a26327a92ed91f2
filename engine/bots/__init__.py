"""Computer players.

A bot decides from what its seat may see (``state.view(seat)``) and the legal actions, never from
the full state. Each bot is an object with ``think(game, view, legal, rng, budget_ms)``, a
generator that yields ``None`` between slices of work (so the page can repaint between them) and
returns the chosen action, and ``choose(...)``, which runs ``think`` to the end.

    bot = get_bot("chess-cards", "hard")
    action = bot.choose(game, state.view(seat), state.legal_actions(seat), random.Random(1), 500)
"""

from __future__ import annotations

from engine.bots import check, checkmate, checks, chess_cards, private_checkers
from engine.bots.base import Bot, RandomBot, Thinking
from engine.core import SetupError

__all__ = ["BOTS", "Bot", "RandomBot", "Thinking", "get_bot", "levels"]


def _registry() -> dict[str, dict[str, Bot]]:
    return {
        "checks": {bot.level: bot for bot in (RandomBot(), *checks.BOTS)},
        "check": {bot.level: bot for bot in (RandomBot(), *check.BOTS)},
        "checkmate": {bot.level: bot for bot in checkmate.BOTS},
        "private-checkers": {bot.level: bot for bot in (RandomBot(), *private_checkers.BOTS)},
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
