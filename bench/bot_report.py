"""What the benchmarks share: the timed game of the bot benchmarks, the two-seat duel loop and
the report tables (``table``, which every benchmark prints with, and the bot tables built on it).

Each game's benchmark (``bench/<game>_bots.py``) plays its games through ``timed_game``, times
them with ``think_row`` and plays levels against each other with ``duels``; the tables print the
results. Tables to read, never assertions: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

# --- a timed game (self-contained: ``engine_speed.source_of`` sends it into the page too) -------


def timed_game(game_id: str, level_by_side: list, seed: int, budget_ms: int, *,
               options: dict | None = None, players: int | None = None,
               next_seat: Callable[[Any], int] | None = None,
               worth_timing: Callable[[Sequence[Any]], bool] | None = None) -> tuple:
    """One seeded game between bot levels, played as the table plays it: the final state and
    each side's decision times (ms), from the JSON view to the chosen action (``Bot.choose``).

    A level per side: seat ``s`` plays for side ``s % len(level_by_side)`` (the seats of two
    teams alternate). Each bot sees only the JSON view of its seat; one generator seeded ``seed``
    serves them all. The seat asked is ``next_seat(state)`` (default: the first to act); a
    decision is timed when ``worth_timing(legal actions)`` says so (default: every decision).
    """
    # Imports inside, and the annotations above quoted: the page runs this function's source on
    # its own, without this module.
    import json
    import random
    import time

    from engine import GAMES

    if any(level.startswith("then-") for level in level_by_side):
        from bench.frozen_bots import get_bot  # the frozen levels: CPython benchmarks only
    else:
        from engine.bots import get_bot

    game = GAMES[game_id]
    bots = [get_bot(game_id, level) for level in level_by_side]
    state = game.new(seed=seed, players=players, options=options)
    rng = random.Random(seed)
    times: list = [[] for _ in bots]
    while not state.is_over():
        seat = state.to_act()[0] if next_seat is None else next_seat(state)
        side = seat % len(bots)
        view = json.loads(json.dumps(state.view(seat)))
        legal = state.legal_actions(seat)
        started = time.perf_counter()
        action = bots[side].choose(game, view, legal, rng, budget_ms)
        elapsed = (time.perf_counter() - started) * 1000
        if worth_timing is None or worth_timing(legal):
            times[side].append(elapsed)
        state = state.apply(seat, action)
    return state, times


def think_row(level: str, games: list) -> dict:
    """A row of ``think_table`` (self-contained too): ``games`` holds, game by game, the decision
    times (ms) of ``level`` in order; the row keeps them all and each game's first. A level
    that never had to think gets a single 0."""
    every = [value for times in games for value in times]
    first = [times[0] for times in games if times]
    return {"level": level, "games": len(games), "all": every or [0.0], "first": first or [0.0]}


def self_play_row(level: str, games: int, play: Callable[[list[str], int], dict[str, Any]]) -> dict[str, Any]:
    """The ``think_row`` of ``level`` playing itself in ``games`` seeded games (self-contained
    too). ``play(levels by side, seed)`` plays one game and returns its ``times`` per side; a
    game's times are both sides' one after the other, so its first is the cold start."""
    timed = []
    for seed in range(games):
        times = play([level, level], seed)["times"]
        timed.append(times[0] + times[1])
    return think_row(level, timed)


# --- the command line -------------------------------------------------------------------------


def bench_parser(game: str, games: int, games_help: str, think_games: int, think_help: str, *,
                 browser: bool = False) -> argparse.ArgumentParser:
    """The options every game's bot benchmark takes (``--games``, ``--think-games``, the halves to
    skip and, with ``browser``, ``--browser``); each benchmark adds its own."""
    parser = argparse.ArgumentParser(description=f"{game} bots: think time and strength.")
    parser.add_argument("--games", type=int, default=games, help=f"{games_help} (default {games})")
    parser.add_argument("--think-games", type=int, default=think_games,
                        help=f"{think_help} (default {think_games})")
    parser.add_argument("--skip-strength", action="store_true", help="think time only")
    parser.add_argument("--skip-think", action="store_true", help="strength only")
    parser.add_argument("--match", default="",
                        help="pairs strong:weak (levels, or bench/frozen_bots.py's then-hard and "
                             "then-hard8x) to play --match-games games each, timed in the same games")
    parser.add_argument("--match-games", type=int, default=60, help="games per --match pair (60)")
    if browser:
        parser.add_argument("--browser", action="store_true",
                            help="also time the decisions inside the app page (Chromium, Pyodide)")
    return parser


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


def duels(pairs: Iterable[tuple[str, str, int]],
          play: Callable[[list[str], int], Sequence[int]]) -> list[dict]:
    """``duel`` of every (strong, weak, games) pair with games to play, each one's time told on
    stderr as it ends: the rows of ``strength_table``."""
    rows = []
    for strong, weak, games in pairs:
        if games > 0:
            rows.append(duel(strong, weak, games, play))
            print(f"  {strong} vs {weak}: {games} games in {rows[-1]['seconds']:.1f} s",
                  file=sys.stderr, flush=True)
    return rows


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


# --- the issue-30 yardstick: today's hard against the frozen bots, times from the same games ------


def match(strong: str, weak: str, games: int, play: Callable[[list[str], int], dict],
          players: int = 2, first_seed: int = 0) -> dict:
    """One seat of ``strong`` against ``weak`` in every other seat over ``games`` seeded games,
    the strong seat rotating with the seed (at two seats: alternating). ``play(levels by seat,
    seed)`` returns ``scores`` (per seat, higher is better; equal best scores share the game) and
    ``times`` (per seat, ms per decision). The decision times of both levels come from these
    same games, so a time ratio between them is measured in one run on one machine. The seeds
    run from ``first_seed`` (``--first-seed``: further seeds than a run before, the same deals
    for every bot)."""
    wins = draws = losses = 0
    times: dict[str, list[float]] = {strong: [], weak: []}
    started = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        seat = seed % players
        levels = [weak] * players
        levels[seat] = strong
        played = play(levels, seed)
        scores = played["scores"]
        best = max(scores)
        top = [index for index, score in enumerate(scores) if score == best]
        if scores[seat] < best:
            losses += 1
        elif len(top) == 1:
            wins += 1
        else:
            draws += 1
        for index, spent in enumerate(played["times"]):
            times[levels[index]].extend(spent)
        # Running counts, so that a run cut short still tells what it measured.
        print(f"  {strong} vs {weak} ({players} seats): {seed + 1 - first_seed} games (seed {seed}), "
              f"{wins} wins {draws} draws {losses} losses", file=sys.stderr, flush=True)
    row = {"pair": f"{strong} vs {weak}", "players": players, "games": games, "wins": wins,
           "draws": draws, "losses": losses, "seconds": time.perf_counter() - started,
           "strong_ms": times[strong] or [0.0], "weak_ms": times[weak] or [0.0]}
    print(f"  {row['pair']} ({players} seats): {games} games in {row['seconds']:.1f} s",
          file=sys.stderr, flush=True)
    return row


def parse_pairs(text: str) -> list[tuple[str, str]]:
    """``"hard:then-hard8x,hard:easy"`` -> [("hard", "then-hard8x"), ("hard", "easy")]."""
    return [tuple(part.split(":", 1)) for part in text.split(",") if part]  # type: ignore[misc]


def match_table(rows: list[dict], where: str) -> str:
    """Score % is wins plus half the draws (at more seats a shared first place is a draw); the
    think times (ms per decision) are those of the two levels in the same games, CPython; the
    ratio is of the mean times (medians hide the searched decisions among quick ones)."""
    def line(row: dict) -> str:
        score = 100 * (row["wins"] + row["draws"] / 2) / row["games"]
        strong, weak = row["strong_ms"], row["weak_ms"]
        ratio = statistics.fmean(strong) / max(statistics.fmean(weak), 1e-9)
        return (f"{row['pair']:<22} {row['players']:>5} {row['games']:>5} {row['wins']:>5} "
                f"{row['draws']:>5} {row['losses']:>6} {score:>7.1f} "
                f"{ms(statistics.median(strong)):>8} {ms(p95(strong)):>8} {ms(statistics.fmean(strong)):>8} "
                f"{ms(statistics.median(weak)):>8} {ms(p95(weak)):>8} {ms(statistics.fmean(weak)):>8} "
                f"{ratio:>6.2f}")

    return table(f"Strength and think time, one seat of the first level against the second, "
                 f"seats rotating ({where})",
                 f"{'pair':<22} {'seats':>5} {'games':>5} {'wins':>5} {'draws':>5} {'losses':>6} "
                 f"{'score %':>7} {'1st med':>8} {'1st p95':>8} {'1st mean':>8} {'2nd med':>8} "
                 f"{'2nd p95':>8} {'2nd mean':>8} {'ratio':>6}", map(line, rows))


def run_matches(text: str, games: int, play: Callable[[list[str], int], dict], where: str,
                players: int = 2) -> None:
    """The ``--match`` option of each bot benchmark: print ``match_table`` for the pairs."""
    rows = [match(strong, weak, games, play, players) for strong, weak in parse_pairs(text)]
    print(match_table(rows, where) + "\n", flush=True)
