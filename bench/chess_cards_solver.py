#!/usr/bin/env python3
"""Chess Cards solver benchmark: time to solve a fresh deal exactly, in CPython.

For each option combination (Queen's Privilege on/off x Sacrifices on/off) the exact solver
(``engine.chess_cards_solver``, what the ``perfect`` bot runs) solves N seeded fresh deals from
the first lead, each with a fresh table (a cold start, as a page's first game), and the table
gives the median, p95 and max time per deal and the table size (positions stored). Sacrifices on
multiply the plays of every turn: tens of seconds and millions of positions per deal, so it has
its own, smaller N and its own table, printed as each deal finishes.

Then the lighter model the ``hard`` bot searches (``mate_sacrifices_only``: a sacrifice is tried
only on the lead that mates), which only differs from the exact solver when sacrifices are on.

A table to read, never an assertion: timings depend on the machine.

Usage: ``python3 bench/chess_cards_solver.py [-n 20] [--sacrifice-n 5] [--hard-n 20] [--seed0 0]``.
"""

from __future__ import annotations

import argparse
import gc
import math
import platform
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import GAMES  # noqa: E402
from engine.chess_cards_solver import Solver, solve  # noqa: E402

GAME = GAMES["chess-cards"]


def p95(values: list[float]) -> float:
    """Nearest-rank 95th percentile (of 5 or fewer values: the maximum)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def solve_deals(privilege: bool, sacrifice: bool, seeds: range, *, light: bool = False,
                progress: bool = False) -> list[tuple[int, float, int, int]]:
    """(seed, seconds, table size, value) per fresh deal, each with a fresh solver."""
    out = []
    for seed in seeds:
        state = GAME.new(seed=seed, options={"privilege": privilege, "sacrifice": sacrifice,
                                             "match": False})
        solver = Solver(privilege, sacrifice, mate_sacrifices_only=light)
        started = time.perf_counter()
        value, _ = solve(state, solver)
        seconds = time.perf_counter() - started
        out.append((seed, seconds, len(solver.table), value))
        del solver
        gc.collect()
        if progress:
            print(f"    seed {seed}: {seconds:6.1f} s, {out[-1][2]:>9,} positions, value {value:+d}",
                  flush=True)
    return out


def row(label: str, results: list[tuple[int, float, int, int]]) -> str:
    seconds = [r[1] for r in results]
    sizes = [r[2] for r in results]
    return (f"{label:<34} {len(results):>5} {statistics.median(seconds):>9.3f} {p95(seconds):>9.3f} "
            f"{max(seconds):>9.3f} {int(statistics.median(sizes)):>11,} {max(sizes):>11,}")


HEADER = (f"{'model, options':<34} {'deals':>5} {'median s':>9} {'p95 s':>9} {'max s':>9} "
          f"{'table med':>11} {'table max':>11}")


def on_off(flag: bool) -> str:
    return "on" if flag else "off"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Exact Chess Cards solver time per fresh deal.")
    parser.add_argument("-n", "--deals", type=int, default=20,
                        help="deals per combination with sacrifices off (default 20)")
    parser.add_argument("--sacrifice-n", type=int, default=5,
                        help="deals per combination with sacrifices on: tens of seconds each (default 5)")
    parser.add_argument("--hard-n", type=int, default=20,
                        help="deals per combination for the hard model (default 20)")
    parser.add_argument("--seed0", type=int, default=0, help="first seed (default 0)")
    args = parser.parse_args(argv)

    print(f"Chess Cards solver, fresh deals from the first lead, a fresh table per deal "
          f"(CPython {platform.python_version()}, {platform.machine()})")

    print("\nExact solver, sacrifices off")
    print(HEADER)
    for privilege in (True, False):
        results = solve_deals(privilege, False, range(args.seed0, args.seed0 + args.deals))
        print(row(f"exact, privilege {on_off(privilege)}", results), flush=True)

    print("\nHard bot's model (sacrifice only on a mating lead), sacrifices on")
    print(HEADER)
    for privilege in (True, False):
        results = solve_deals(privilege, True, range(args.seed0, args.seed0 + args.hard_n), light=True)
        print(row(f"hard model, privilege {on_off(privilege)}", results), flush=True)

    print(f"\nExact solver, sacrifices on ({args.sacrifice_n} deals per combination; slow)")
    exact_on = {}
    for privilege in (True, False):
        print(f"  privilege {on_off(privilege)}:", flush=True)
        exact_on[privilege] = solve_deals(privilege, True,
                                          range(args.seed0, args.seed0 + args.sacrifice_n),
                                          progress=True)
    print(HEADER)
    for privilege, results in exact_on.items():
        print(row(f"exact, privilege {on_off(privilege)}, sacrifice on", results))

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peak_mb = peak / (1 << 20) if sys.platform == "darwin" else peak / 1024
    print(f"\npeak resident memory of this run: {peak_mb:,.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
