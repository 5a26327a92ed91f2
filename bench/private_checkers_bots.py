#!/usr/bin/env python3
"""Saving Private Checkers bots benchmark: think time per decision per level, and strength.

Think time: each level plays seeded games against itself; every decision is timed from the JSON
view to the chosen action (``Bot.choose``: all of ``think``'s slices; no time budget, so the
searches run their full iteration count). Strength: each level against the level below
(easy-random, medium-easy, hard-medium) over seeded games, seats alternating (the
stronger level is Light on even seeds). A game's score per seat is its side's victories
(survival and tactical, two for a total victory); a win is a game the level's side won.

Tables (``think_table``, ``strength_table``) are those of ``bench/bot_report.py``. ``--browser`` also times
the decisions inside the app page (headless Chromium, Pyodide; ``bench/engine_speed.py``), in the
same self-play games. A table to read, never an assertion: timings depend on the machine.

Usage: ``python3 -m bench.private_checkers_bots [--games 200] [--search-games 20]
[--think-games 10] [--think-search-games 2] [--variants] [--players 2] [--browser]
[--match hard:then-hard8x,hard:easy --match-games 30]``.
"""

from __future__ import annotations

import platform
import sys
from typing import Any

from bench.bot_report import (
    bench_parser,
    describe,
    duels,
    run_matches,
    self_play_row,
    strength_table,
    think_row,
    think_table,
    timed_game,
)
from engine.bots import levels

LEVELS = levels("private-checkers")
VARIANTS = ("assassins", "kings", "queens", "footmen")


# --- the measurements (self-contained: their source also runs inside the page) -------------------


def play_timed_game(level_by_side: list, seed: int, options: dict, players: int = 2) -> dict:
    """One seeded game (``timed_game``: with teams, seat ``s`` plays for side ``s % 2``): the
    result's scores per side and each side's decision times (ms). No time budget: the searches
    run their full iteration count."""
    state, times = timed_game("private-checkers", level_by_side, seed, 0, options=options,
                              players=players)
    scores = state.result().scores
    return {"scores": [scores[0], scores[1]], "times": times}


def think_times(level: str, games: int, options: dict, players: int) -> dict:
    """Decision times (ms) of ``level`` playing itself in ``games`` seeded games."""
    return self_play_row(level, games, lambda levels, seed: play_timed_game(levels, seed, options, players))


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser("Saving Private Checkers", 200, "easy vs random games", 10, "self-play games per level",
                          browser=True)
    parser.add_argument("--search-games", type=int, default=20,
                        help="medium vs easy and hard vs medium games (default 20)")
    parser.add_argument("--think-search-games", type=int, default=2,
                        help="self-play games of medium and hard (default 2)")
    parser.add_argument("--variants", action="store_true", help="all four variants on")
    parser.add_argument("--players", type=int, default=2, help="2, or 3-4 for teams")
    args = parser.parse_args(argv)
    options = {name: args.variants for name in VARIANTS}
    if args.match:
        run_matches(args.match, args.match_games,
                    lambda levels, seed: play_timed_game(levels, seed, options, args.players),
                    f"Saving Private Checkers, {describe(options)}")
        return 0
    if not args.skip_think:
        searches = ("medium", "hard")
        rows = [think_times(level, args.think_search_games if level in searches else args.think_games,
                            options, args.players) for level in LEVELS]
        print(think_table(rows, f"CPython {platform.python_version()} ({platform.machine()}), "
                                f"{args.players} players, {describe(options)}") + "\n", flush=True)
    if args.browser:
        from bench.engine_speed import browser_session, source_of

        with browser_session() as page:
            source = source_of(timed_game, think_row, self_play_row, play_timed_game, think_times)
            in_page: list[Any] = []
            for level in LEVELS:
                games = args.think_search_games if level in ("medium", "hard") else args.think_games
                in_page.append(page.run(source, f"think_times({level!r}, {games}, {options!r}, {args.players})"))
                print(f"  browser: {level} timed", file=sys.stderr, flush=True)
            text = think_table(in_page, f"in the app page: Pyodide (Python {page.python}), headless Chromium, "
                                        f"{args.players} players, {describe(options)}")
            if page.errors:
                text += f"\nWARNING: the page reported errors: {page.errors[:3]}"
            print(text + "\n", flush=True)
    if not args.skip_strength:
        pairs = [("easy", "random", args.games), ("medium", "easy", args.search_games),
                 ("hard", "medium", args.search_games)]
        rows = duels(pairs, lambda levels, seed: play_timed_game(levels, seed, options, args.players)["scores"])
        print(strength_table(rows, options), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
