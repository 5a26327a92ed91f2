#!/usr/bin/env python3
"""Chess Cards bots benchmark: think time per decision per level, and strength.

Think time: each level plays seeded games against itself and every decision is timed, from the
JSON view to the chosen action (``Bot.choose``: all of ``think``'s slices). The solver tables the
search levels share are emptied before each game, so the first decision of a game is a cold
start (as the first game in a fresh page); later decisions mostly read the table. The table gives
median, p95 and max per decision and the median of each game's first decision.

Strength: each level against the level below (easy-random, medium-easy, hard-medium,
perfect-hard) over seeded games, seats alternating (the stronger level deals the even seeds);
wins, draws, losses of the stronger level and its mean score difference per game. The exact
levels are slow to start a deal with sacrifices on (hard about a second, perfect tens of seconds
per deal), so they get fewer games by default.

Options default to the app's (Queen's Privilege, Sacrifices, a match of two games);
``--no-sacrifice``, ``--no-privilege`` and ``--single`` turn them off.

``--browser`` also measures the think time inside the app page (headless Chromium, Pyodide; see
``bench/engine_speed.py``: the page's own interpreter, reached through PyScript's
``whenDefined("py")``). The in-page clock is ``performance.now()``, coarsened by the browser
(about 0.1 ms), so the sub-millisecond medians there are rough.

A table to read, never an assertion: timings depend on the machine.

Usage: ``python3 -m bench.chess_cards_bots [--games 300] [--hard-games 40] [--perfect-games 4]
[--think-games 40] [--no-sacrifice] [--no-privilege] [--single] [--skip-strength] [--browser]``.
"""

from __future__ import annotations

import json
import platform
import sys
from typing import Any

from bench.bot_report import (
    bench_parser,
    describe,
    duels,
    self_play_row,
    strength_table,
    think_row,
    think_table,
    timed_game,
)
from engine.bots import levels

LEVELS = levels("chess-cards")


# --- the measurements (self-contained: their source also runs inside the page) -------------------


def play_timed_game(level_by_seat: list, seed: int, options: dict) -> dict:
    """One seeded game between two levels (``timed_game``): final scores and each seat's
    decision times (ms). The solver tables shared by the search levels are emptied first, so
    every game starts cold."""
    import engine.bots.chess_cards as bot_module
    import engine.chess_cards_solver as solver_module

    solver_module._SOLVERS.clear()
    bot_module._LIGHT_SOLVERS.clear()
    state, times = timed_game("chess-cards", level_by_seat, seed, 1000, options=options)
    return {"scores": list(state.result().scores), "times": times}


def think_times(level: str, games: int, options: dict) -> dict:
    """Decision times (ms) of ``level`` playing itself in ``games`` seeded games, plus each
    game's first decision (the cold start)."""
    return self_play_row(level, games, lambda levels, seed: play_timed_game(levels, seed, options))


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser("Chess Cards", 300, "games per pair of the fast levels (easy-random, medium-easy)",
                          40, "self-play games per fast level for think time", browser=True)
    parser.add_argument("--hard-games", type=int, default=40, help="hard vs medium games (default 40)")
    parser.add_argument("--perfect-games", type=int, default=4,
                        help="perfect vs hard games (default 4; with sacrifices on each deal costs "
                             "perfect tens of seconds)")
    parser.add_argument("--think-exact-games", type=int, default=None,
                        help="self-play games for hard and perfect (default: 10 for hard, 2 for "
                             "perfect with sacrifices on, 10 with them off)")
    parser.add_argument("--no-sacrifice", action="store_true", help="Sacrifices off")
    parser.add_argument("--no-privilege", action="store_true", help="Queen's Privilege off")
    parser.add_argument("--single", action="store_true", help="single games instead of matches")
    parser.add_argument("--browser-levels", default=",".join(LEVELS),
                        help="levels timed in the browser (default: all)")
    parser.add_argument("--json", action="store_true", help="print raw results as JSON instead")
    args = parser.parse_args(argv)

    options = {"privilege": not args.no_privilege, "sacrifice": not args.no_sacrifice,
               "match": not args.single}

    def games_for(level: str) -> int:
        if level in ("random", "easy", "medium"):
            return args.think_games
        if args.think_exact_games is not None:
            return args.think_exact_games
        return 2 if level == "perfect" and options["sacrifice"] else 10

    results: dict[str, Any] = {"options": options}

    def show(text: str) -> None:
        if not args.json:
            print(text + "\n", flush=True)

    if not args.skip_think:
        results["think"] = [think_times(level, games_for(level), options) for level in LEVELS]
        where = f"CPython {platform.python_version()} ({platform.machine()}), {describe(options)}"
        show(think_table(results["think"], where))
    if args.browser:
        from bench.engine_speed import browser_session, source_of

        chosen = [level for level in args.browser_levels.split(",") if level]
        with browser_session() as page:
            source = source_of(timed_game, think_row, self_play_row, play_timed_game, think_times)
            rows = []
            for level in chosen:
                rows.append(page.run(source, f"think_times({level!r}, {games_for(level)}, {options!r})"))
                print(f"  browser: {level} timed", file=sys.stderr, flush=True)
            results["browser"] = rows
            where = (f"in the app page: Pyodide (Python {page.python}), headless Chromium, "
                     f"{describe(options)}")
            text = think_table(rows, where)
            if page.errors:
                text += f"\nWARNING: the page reported errors: {page.errors[:3]}"
            show(text)
    if not args.skip_strength:
        pairs = [("easy", "random", args.games), ("medium", "easy", args.games),
                 ("hard", "medium", args.hard_games)]
        if options["sacrifice"]:  # without sacrifices hard and perfect search the same model
            pairs.append(("perfect", "hard", args.perfect_games))
        rows = duels(pairs, lambda levels, seed: play_timed_game(levels, seed, options)["scores"])
        results["strength"] = rows
        text = strength_table(rows, options)
        if not options["sacrifice"]:
            text += "\n(perfect vs hard not played: without sacrifices both search the same exact model)"
        show(text)
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
