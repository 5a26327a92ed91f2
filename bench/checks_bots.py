#!/usr/bin/env python3
"""Checks bots benchmark: think time per decision per level, and strength.

Think time: each level plays seeded single games against ``easy`` (so the positions are those of
real play) and each of its decisions is timed, from the JSON view to the chosen action
(``Bot.choose``: all of ``think``'s slices). Strength: ``easy`` against ``random``, ``hard``
against ``easy`` and against ``random`` over seeded games, seats alternating (the stronger level
deals the even seeds). The tables come from ``bench/bot_report.py``.

``--browser`` also times the decisions inside the app page (headless Chromium, Pyodide), as
``bench/bot_report.py`` does for Chess Cards.

A table to read, never an assertion: timings depend on the machine.

Usage: ``python3 -m bench.checks_bots [--games 300] [--hard-games 200] [--think-games 20]
[--skip-strength] [--skip-think] [--browser] [--match hard:then-hard8x,hard:easy --match-games 60]``.
"""

from __future__ import annotations

import platform
import sys
from typing import Any

from bench.bot_report import bench_parser, duels, run_matches, strength_table, think_row, think_table, timed_game

OPTIONS = {"single games": True}


# --- the measurements (self-contained: their source also runs inside the page) -------------------


def play_timed_checks_game(level_by_seat: list, seed: int) -> dict:
    """One seeded game of Checks between two levels (``timed_game``): final checks and each
    seat's decision times (ms)."""
    state, times = timed_game("checks", level_by_seat, seed, 10_000)
    return {"scores": list(state.result().scores), "times": times}


def checks_think_times(level: str, games: int) -> dict:
    """Decision times (ms) of ``level`` against ``easy`` over ``games`` seeded games (the level
    deals the even seeds)."""
    timed = []
    for seed in range(games):
        mine = seed % 2
        seats = [level, "easy"] if mine == 0 else ["easy", level]
        timed.append(play_timed_checks_game(seats, seed)["times"][mine])
    return think_row(level, timed)


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser("Checks", 300, "easy vs random games", 20, "games timed per level", browser=True)
    parser.add_argument("--hard-games", type=int, default=200,
                        help="hard vs easy and hard vs random games (200 each)")
    args = parser.parse_args(argv)
    if args.match:
        run_matches(args.match, args.match_games, play_timed_checks_game, "Checks, single games")
        return 0
    levels = ("random", "easy", "hard")
    if not args.skip_think:
        rows = [checks_think_times(level, args.think_games) for level in levels]
        print(think_table(rows, f"CPython {platform.python_version()} ({platform.machine()}), "
                                "single games against easy") + "\n", flush=True)
    if args.browser:
        from bench.engine_speed import browser_session, source_of

        with browser_session() as page:
            source = source_of(timed_game, think_row, play_timed_checks_game, checks_think_times)
            in_page: list[Any] = []
            for level in levels:
                in_page.append(page.run(source, f"checks_think_times({level!r}, {args.think_games})"))
                print(f"  browser: {level} timed", file=sys.stderr, flush=True)
            text = think_table(in_page, f"in the app page: Pyodide (Python {page.python}), "
                                     "headless Chromium, single games against easy")
            if page.errors:
                text += f"\nWARNING: the page reported errors: {page.errors[:3]}"
            print(text + "\n", flush=True)
    if not args.skip_strength:
        pairs = [("easy", "random", args.games), ("hard", "easy", args.hard_games),
                 ("hard", "random", args.hard_games)]
        rows = duels(pairs, lambda levels, seed: play_timed_checks_game(levels, seed)["scores"])
        print(strength_table(rows, OPTIONS), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
