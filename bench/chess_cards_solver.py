#!/usr/bin/env python3
"""Chess Cards solver benchmark: time to solve a fresh deal exactly, in CPython.

For each option combination (Queen's Privilege on/off x Sacrifices on/off) the exact solver
(``engine.chess_cards_solver``, what the ``perfect`` bot runs) solves N seeded fresh deals from
the first lead, each with a fresh table (a cold start, as a page's first game), and the table
gives the median, p95 and max time per deal and the table size (positions stored). Sacrifices on
multiply the plays of every turn: seconds and up to a million positions per deal, so it has
its own, smaller N and its own table, printed as each deal finishes.

Then the lighter model the ``hard`` bot searches (``mate_sacrifices_only``: a sacrifice is tried
only on the lead that mates), which only differs from the exact solver when sacrifices are on.

``--compare``: the baseline solver (``bench/chess_cards_solver_v1.py``, an earlier and simpler
implementation) and the engine's side by side on the same fresh deals (sacrifices on, Queen's Privilege on
and off: the defaults), alternating which goes first. Each solve runs in its own forked process,
so each has a cold table and its own peak resident memory. Prints each deal as it finishes, then
median / p95 / max time, positions stored and peak memory per solver, the ratio of the medians,
and whether the two values agree on every deal.

A table to read, never an assertion: timings depend on the machine.

Usage: ``python3 -m bench.chess_cards_solver [-n 20] [--sacrifice-n 5] [--hard-n 20] [--seed0 0]``
or ``python3 -m bench.chess_cards_solver --compare [-n 20] [--seed0 0]`` (about 30 minutes for
20 deals per privilege setting: run it with ``nohup`` and nothing else heavy at the same time).
"""

from __future__ import annotations

import argparse
import gc
import math
import multiprocessing
import os
import platform
import resource
import statistics
import sys
import time
from typing import Any

import engine.chess_cards_solver as current
from bench import chess_cards_solver_v1 as baseline
from engine import GAMES
from engine.chess_cards_solver import Solver, chess_cards_state, solve

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
        state = chess_cards_state(GAME.new(seed=seed, options={"privilege": privilege, "sacrifice": sacrifice,
                                                               "match": False}))
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


SOLVERS = {"old": baseline, "new": current}


def _peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def _solve_in_child(name: str, privilege: bool, seed: int, out: multiprocessing.Queue) -> None:
    module = SOLVERS[name]
    state = chess_cards_state(GAME.new(seed=seed, options={"privilege": privilege, "sacrifice": True,
                                                           "match": False}))
    solver = module.Solver(privilege, True)
    started = time.perf_counter()
    value, play = module.solve(state, solver)
    seconds = time.perf_counter() - started
    guide = getattr(solver, "_guide", None)
    out.put({"seconds": seconds, "value": value, "play": str(play), "table": len(solver.table),
             "guide": len(guide.table) if guide is not None else 0, "peak_mb": _peak_mb()})


def solve_forked(name: str, privilege: bool, seed: int) -> dict[str, Any]:
    """One cold solve by the named solver in a forked process (its own memory)."""
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_solve_in_child, args=(name, privilege, seed, queue))
    child.start()
    result = queue.get()
    child.join()
    return result


def compare(seeds: range) -> int:
    print(f"Chess Cards exact solver, old (bench/chess_cards_solver_v1.py) against new "
          f"(engine/chess_cards_solver.py), fresh deals, sacrifices on, a cold table per solve "
          f"in its own process (CPython {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} cores)")
    rows = []
    for privilege in (True, False):
        print(f"  privilege {on_off(privilege)}:", flush=True)
        for number, seed in enumerate(seeds):
            order = ("old", "new") if number % 2 == 0 else ("new", "old")
            results = {name: solve_forked(name, privilege, seed) for name in order}
            old, new = results["old"], results["new"]
            rows.append((privilege, seed, old, new))
            agree = "same" if old["value"] == new["value"] else "DIFFERENT"
            print(f"    seed {seed:>3}: old {old['seconds']:6.1f} s {old['table']:>9,} positions, "
                  f"new {new['seconds']:6.1f} s {new['table']:>9,} (+{new['guide']:,} guide), "
                  f"ratio {new['seconds'] / old['seconds']:.2f}, value {old['value']:+d} / "
                  f"{new['value']:+d} {agree}", flush=True)

    print(f"\n{'solver, privilege':<22} {'deals':>5} {'median s':>9} {'p95 s':>9} {'max s':>9} "
          f"{'positions med':>14} {'positions max':>14} {'peak MB med':>12} {'peak MB max':>12}")
    for which in (True, False, None):
        chosen = [r for r in rows if which is None or r[0] == which]
        for name in ("old", "new"):
            runs = [r[2] if name == "old" else r[3] for r in chosen]
            seconds = [r["seconds"] for r in runs]
            tables = [r["table"] + r["guide"] for r in runs]
            peaks = [r["peak_mb"] for r in runs]
            label = f"{name}, {'both' if which is None else on_off(which)}"
            print(f"{label:<22} {len(runs):>5} {statistics.median(seconds):>9.2f} "
                  f"{p95(seconds):>9.2f} {max(seconds):>9.2f} {int(statistics.median(tables)):>14,} "
                  f"{max(tables):>14,} {statistics.median(peaks):>12.0f} {max(peaks):>12.0f}")
        olds = [r[2]["seconds"] for r in chosen]
        news = [r[3]["seconds"] for r in chosen]
        ratios = [n / o for o, n in zip(olds, news, strict=True)]
        print(f"{'':<22} new/old: median time {statistics.median(news) / statistics.median(olds):.2f}, "
              f"median of per-deal ratios {statistics.median(ratios):.2f}, worst {max(ratios):.2f}")
    same = sum(r[2]["value"] == r[3]["value"] for r in rows)
    print(f"\nvalues equal on {same} of {len(rows)} deals"
          + ("" if same == len(rows) else ": DIFFERENT VALUES"))
    print("positions: table entries when the solve ended (new: exact table + its guide's); "
          "peak MB: the solving process's peak resident memory (a fork of this one)")
    return 0 if same == len(rows) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Exact Chess Cards solver time per fresh deal.")
    parser.add_argument("-n", "--deals", type=int, default=20,
                        help="deals per combination with sacrifices off (default 20)")
    parser.add_argument("--sacrifice-n", type=int, default=5,
                        help="deals per combination with sacrifices on: seconds each (default 5)")
    parser.add_argument("--hard-n", type=int, default=20,
                        help="deals per combination for the hard model (default 20)")
    parser.add_argument("--seed0", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--compare", action="store_true",
                        help="old against new solver side by side, -n deals per privilege setting")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(range(args.seed0, args.seed0 + args.deals))

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
