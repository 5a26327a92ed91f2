#!/usr/bin/env python3
"""Checkmate bots benchmark: think time per decision per level, and strength, for 2-4 seats.

Think time: each level plays seeded games against the easy level (seat 0 is the timed level) and
every decision that needs thought is timed, from the JSON view to the chosen action (``Bot.choose``:
all of ``think``'s slices). Moves every level makes without thinking (saying "last card", a draw
from the face-down fan, a single legal action) are left out, so the medians are of real choices.

Strength: one seat of the stronger level against weaker levels in every other seat (easy vs
random, hard vs easy), the strong seat rotating with the seed; wins, drawn deals (no winner) and
losses of the strong seat, its win rate and the share a seat of equal strength would win
(the non-drawn deals divided by the seats).

``--browser`` also measures the think time inside the app page (see ``bench/engine_speed.py``).

A table to read, never an assertion: timings depend on the machine.

Usage: ``python3 -m bench.checkmate_bots [--games 300] [--hard-games 60] [--think-games 6]
[--seats 2,3,4] [--skip-strength] [--skip-think] [--browser]
[--match hard:then-hard8x,hard:easy --match-games 60 --first-seed 0]``. At more than two seats
``--match`` also prints the share of games the one strong seat won (``--seats 4 --match
hard:easy``: one hard against three easy).
"""

from __future__ import annotations

import json
import platform
import sys
import time
from typing import Any

from bench.bot_report import bench_parser, match, match_table, parse_pairs, think_row, think_table, timed_game
from engine.bots import levels

LEVELS = levels("checkmate")


# --- the measurements (self-contained: their source also runs inside the page) -------------------


def play_timed_game(level_by_seat: list, seed: int) -> dict:
    """One seeded game (``timed_game``); the winners and each seat's times (ms) for decisions
    that needed thought.

    The table's order: a seat that owes "last card" is asked first, then the seat to move."""
    import random

    from engine.bots.checkmate import obvious, speaker_first

    state, times = timed_game(
        "checkmate", level_by_seat, seed, 60000, players=len(level_by_seat),
        next_seat=speaker_first, worth_timing=lambda legal: obvious(legal, random.Random(0)) is None)
    return {"winners": list(state.result().winners), "times": times}


def think_times(level: str, games: int, players: int) -> dict:
    """Decision times (ms) of ``level`` in seat 0 against easy seats, and each game's first."""
    timed = [play_timed_game([level] + ["easy"] * (players - 1), seed)["times"][0]
             for seed in range(games)]
    return think_row(f"{level} {players}p", timed)


def won_game(level_by_seat: list, seed: int) -> dict:
    """``play_timed_game`` scored for ``bot_report.match``: 1 for the winner, 0 for the others
    (a deal with no winner leaves every seat at 0: a draw)."""
    played = play_timed_game(level_by_seat, seed)
    scores = [int(seat in played["winners"]) for seat in range(len(level_by_seat))]
    return {"scores": scores, "times": played["times"]}


def run_seats(text: str, games: int, where: str, players: int, first_seed: int = 0) -> None:
    """``--match`` at ``players`` seats: ``bot_report``'s table and, at more than two seats,
    the share of games the one strong seat won outright against the others (a shared or
    drawn game is no win), beside an even share."""
    rows = [match(strong, weak, games, won_game, players, first_seed)
            for strong, weak in parse_pairs(text)]
    print(match_table(rows, where) + "\n", flush=True)
    if players > 2:
        print(f"Wins of the one strong seat against {players - 1} seats of the other level "
              f"({where})\n\n{'pair':<22} {'seats':>5} {'games':>5} {'wins':>5} {'win %':>6} "
              f"{'even %':>6}")
        for row in rows:
            print(f"{row['pair']:<22} {players:>5} {row['games']:>5} {row['wins']:>5} "
                  f"{100 * row['wins'] / row['games']:>6.1f} {100 / players:>6.1f}")
        print(flush=True)


# --- strength -----------------------------------------------------------------------------------


def duel(strong: str, weak: str, players: int, games: int) -> dict:
    """One ``strong`` seat (rotating) against ``weak`` in every other seat."""
    wins = draws = losses = 0
    started = time.perf_counter()
    for seed in range(games):
        seat = seed % players
        levels_by_seat = [weak] * players
        levels_by_seat[seat] = strong
        winners = play_timed_game(levels_by_seat, seed)["winners"]
        wins += seat in winners
        draws += not winners
        losses += bool(winners) and seat not in winners
    return {"pair": f"{strong} vs {weak}", "players": players, "games": games, "wins": wins,
            "draws": draws, "losses": losses, "seconds": time.perf_counter() - started}


def strength_table(rows: list[dict]) -> str:
    lines = [
        "Strength: one seat of the stronger level, the other seats of the weaker, seats rotating",
        "",
        f"{'pair':<16} {'seats':>5} {'games':>5} {'wins':>5} {'draws':>5} {'losses':>6} "
        f"{'win %':>6} {'fair %':>6} {'time s':>7}",
    ]
    for row in rows:
        decided = row["games"] - row["draws"]
        fair = 100 * decided / row["players"] / row["games"]
        lines.append(
            f"{row['pair']:<16} {row['players']:>5} {row['games']:>5} {row['wins']:>5} "
            f"{row['draws']:>5} {row['losses']:>6} {100 * row['wins'] / row['games']:>6.1f} "
            f"{fair:>6.1f} {row['seconds']:>7.1f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser("Checkmate", 300, "easy vs random games per seat count",
                          6, "timed games per level and seat count", browser=True)
    parser.add_argument("--hard-games", type=int, default=60, help="hard vs easy games per seat count")
    parser.add_argument("--seats", default="2,3,4", help="seat counts (default 2,3,4)")
    parser.add_argument("--json", action="store_true", help="print raw results as JSON instead")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="the seed of each --match's first game (default 0), the games on "
                             "consecutive seeds: seeds 200-399 after a run of 0-199")
    args = parser.parse_args(argv)
    seats = [int(part) for part in args.seats.split(",") if part]
    results: dict[str, Any] = {}
    if args.match:
        for players in seats:
            run_seats(args.match, args.match_games, f"Checkmate, {players} seats, seeds "
                      f"{args.first_seed}-{args.first_seed + args.match_games - 1}", players,
                      args.first_seed)
        return 0

    def show(text: str) -> None:
        if not args.json:
            print(text + "\n", flush=True)

    if not args.skip_think:
        results["think"] = [think_times(level, args.think_games, players)
                            for players in seats for level in LEVELS]
        show(think_table(results["think"], f"CPython {platform.python_version()} "
                                           f"({platform.machine()}), against easy seats"))
    if args.browser:
        from bench.engine_speed import browser_session, source_of

        with browser_session() as page:
            source = source_of(timed_game, think_row, play_timed_game, think_times)
            rows = [page.run(source, f"think_times({level!r}, {args.think_games}, {players})")
                    for players in seats for level in LEVELS]
            results["browser"] = rows
            text = think_table(rows, f"in the app page: Pyodide (Python {page.python}), "
                                     "headless Chromium, against easy seats")
            if page.errors:
                text += f"\nWARNING: the page reported errors: {page.errors[:3]}"
            show(text)
    if not args.skip_strength:
        rows = []
        for players in seats:
            for strong, weak, games in (("easy", "random", args.games),
                                        ("hard", "easy", args.hard_games)):
                if games > 0:
                    rows.append(duel(strong, weak, players, games))
                    print(f"  {strong} vs {weak}, {players} seats: {games} games in "
                          f"{rows[-1]['seconds']:.1f} s", file=sys.stderr, flush=True)
        results["strength"] = rows
        show(strength_table(rows))
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
