"""What the benchmarks share: the two-seat duel loop of the bot benchmarks and the report tables
(``table``, which every benchmark prints with, and the bot tables built on it).

Each game's benchmark (``bench/<game>_bots.py``) plays its own games and hands them to ``duel``;
the tables print the results. Tables to read, never assertions: timings depend on the machine.
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Callable, Iterable, Sequence


# --- strength -----------------------------------------------------------------------------------


def duel(strong: str, weak: str, games: int, play: Callable[[list[str], int], Sequence[int]]) -> dict:
    """Wins/draws/losses of ``strong`` against ``weak`` in a two-seat game; the strong level deals
    the even seeds. ``play(levels by seat, seed)`` plays one game and returns the seats' scores
    (each game's benchmark passes its own; Chess Cards' is ``play_timed_game``)."""
    wins = draws = losses = 0
    diff = 0
    started = time.perf_counter()
    for seed in range(games):
        if seed % 2 == 0:
            mine, theirs = play([strong, weak], seed)
        else:
            theirs, mine = play([weak, strong], seed)
        wins += mine > theirs
        draws += mine == theirs
        losses += mine < theirs
        diff += mine - theirs
    return {"pair": f"{strong} vs {weak}", "games": games, "wins": wins, "draws": draws,
            "losses": losses, "diff": diff / max(1, games), "seconds": time.perf_counter() - started}


# --- reports --------------------------------------------------------------------------------------


def p95(values: list[float]) -> float:
    """Nearest-rank 95th percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def ms(value: float) -> str:
    return f"{value:.3f}" if value < 10 else f"{value:,.0f}"


def table(title: str, header: str, lines: Iterable[str]) -> str:
    """A report table: its title, a blank line, the column header, then one line per row."""
    return "\n".join([title, "", header, *lines])


def think_table(rows: list[dict], where: str) -> str:
    def line(row: dict) -> str:
        values = row["all"]
        return (f"{row['level']:<8} {row['games']:>5} {len(values):>9} "
                f"{ms(statistics.median(values)):>10} {ms(p95(values)):>10} {ms(max(values)):>10} "
                f"{ms(statistics.median(row['first'])):>19}")

    return table(f"Think time per decision, {where}",
                 f"{'level':<8} {'games':>5} {'decisions':>9} {'median ms':>10} {'p95 ms':>10} "
                 f"{'max ms':>10} {'1st move median ms':>19}", map(line, rows))


def strength_table(rows: list[dict], options: dict) -> str:
    return table(
        f"Strength: each level against the level below, seats alternating ({describe(options)})",
        f"{'pair':<18} {'games':>5} {'wins':>5} {'draws':>5} {'losses':>6} {'win %':>6} "
        f"{'mean diff':>9} {'time s':>7}",
        (f"{row['pair']:<18} {row['games']:>5} {row['wins']:>5} {row['draws']:>5} "
         f"{row['losses']:>6} {100 * row['wins'] / row['games']:>6.1f} {row['diff']:>+9.1f} "
         f"{row['seconds']:>7.1f}" for row in rows),
    )


def describe(options: dict) -> str:
    return ", ".join(f"{name} {'on' if value else 'off'}" for name, value in options.items())
