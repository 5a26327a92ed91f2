"""A frozen copy of the bots as they were before the stronger searches (issue 30), to measure
today's bots against: the yardstick must not move when ``engine/bots/`` does.

The copy is the bots' source at commit ``FROZEN_AT``, read from git and loaded as modules of their
own (``frozen_bots.<name>``), so the benchmarks measure exactly that code without a second copy of
it in the tree. They run on today's engine (the rules have not changed; only their speed may have).

Levels: ``then-<level>`` is the frozen ``<level>``; ``then-hard8x`` is the frozen ``hard`` given 8x
its iterations, the ceiling of the issue: how much a bigger search of the old kind would add.
``get_bot`` takes these names as well as today's levels.
"""

from __future__ import annotations

import copy
import functools
import subprocess
import sys
import types
from pathlib import Path

from engine.bots import Bot
from engine.bots import get_bot as current_bot

#: The last commit with the old bots (main, 2026-11-27).
FROZEN_AT = "444bd41"
PREFIX = "then-"
#: The ceiling's iteration factor.
CEILING = 8
#: The bot modules of each game, and the shared search they import, in import order.
MODULES = ("ismcts", "checks", "checkmate", "check", "private_checkers", "chess_cards")
MODULE_OF = {"checks": "checks", "checkmate": "checkmate", "check": "check",
             "private-checkers": "private_checkers", "chess-cards": "chess_cards"}
ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def frozen_module(name: str) -> types.ModuleType:
    """``engine/bots/<name>.py`` at ``FROZEN_AT``, importing the frozen search, not today's."""
    if name != "ismcts":
        frozen_module("ismcts")
    source = subprocess.run(["git", "show", f"{FROZEN_AT}:engine/bots/{name}.py"], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout
    source = source.replace("from engine.bots.ismcts import", "from frozen_bots.ismcts import")
    if "frozen_bots" not in sys.modules:
        sys.modules["frozen_bots"] = types.ModuleType("frozen_bots")
    module = types.ModuleType(f"frozen_bots.{name}")
    module.__file__ = f"{FROZEN_AT}:engine/bots/{name}.py"
    sys.modules[module.__name__] = module
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module


@functools.cache
def frozen_bot(game_id: str, level: str) -> Bot:
    """The frozen bot of ``game_id`` at ``level`` (``hard8x``: ``hard`` with 8x its iterations)."""
    wanted = "hard" if level == "hard8x" else level
    if wanted == "random":
        return current_bot(game_id, "random")  # the base RandomBot, unchanged
    found = {bot.level: bot for bot in frozen_module(MODULE_OF[game_id]).BOTS}
    bot = found[wanted]
    if level == "hard8x":
        bot = copy.copy(bot)
        bot.iterations *= CEILING
        return Unhurried(bot)
    return bot


class Unhurried(Bot):
    """A bot whose search is never cut short by a time budget: the ceiling runs all its
    iterations, whatever budget the benchmark's game gives the table's bots."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = bot.level
        self.description = bot.description

    def think(self, game, view, legal, rng, budget_ms):
        return self.bot.think(game, view, legal, rng, 0)


def get_bot(game_id: str, level: str) -> Bot:
    """Today's bot, or the frozen one for a ``then-`` level."""
    if level.startswith(PREFIX):
        return frozen_bot(game_id, level[len(PREFIX):])
    return current_bot(game_id, level)
