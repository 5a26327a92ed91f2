#!/usr/bin/env python3
"""Check! bots benchmark: win rates between levels and think time per decision.

Games are played the way the table plays them: each bot gets only the JSON view of its seat. In a
matching window every bot seat still in it decides at once; the matches are played in the order
of the bots' reaction delays (``engine.bots.check.reaction_ms``, plus a little seeded jitter),
so a quicker level wins a race; when nobody matches the window closes as on the timer.

Strength: for each pair of levels, seeded games at a table of ``--seats`` seats (default 4), the
two levels alternating around the table and the seats rotated between seeds; a level's win rate
counts shared wins as fractions. Think time: median, p95 and max per decision per level.

A table to read, never an assertion. Usage: ``python3 -m bench.check_bots [--games 100]
[--seats 4] [--pairs easy-random,medium-easy,hard-medium] [--think-games 3]
[--match hard:then-hard8x,hard:easy --match-games 60]``. ``--match`` plays one seat of the first
level against ``--seats`` - 1 of the second (``--seats 2``: the two alternating); at four seats
(``--seats 4 --match hard:easy``) it also prints the share of games the one hard seat won.
``--browser`` also times the decisions inside the app page (headless Chromium, Pyodide;
``bench/engine_speed.py``) in the same self-play games as the CPython think times.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from bench.bot_report import match, match_table, ms, p95, parse_pairs, think_row, think_table
from bench.frozen_bots import get_bot
from engine import CLOCK, GAMES
from engine.bots.check import reaction_ms
from engine.check import CheckState, Match, Phase

GAME = GAMES["check"]
#: A game still running after this many actions is stopped and scored as it lies.
MAX_ACTIONS = 3000


def decide(bot, state, seat, rng, times):
    view = json.loads(json.dumps(state.view(seat)))
    started = time.perf_counter()
    action = bot.choose(GAME, view, state.legal_actions(seat), rng, 1000)
    times.append((time.perf_counter() - started) * 1000)
    return action


def play_game(levels: list[str], seed: int, times: dict[str, list[float]] | None = None):
    """One seeded game, a level per seat; returns the final state."""
    rng = random.Random(seed)
    bots = [get_bot("check", level) for level in levels]
    times = times if times is not None else {level: [] for level in levels}
    state = GAME.new(seed=seed, players=len(levels))
    assert isinstance(state, CheckState)
    while not state.is_over() and len(state.history) < MAX_ACTIONS:
        if state.phase is Phase.MATCHING:
            seats = [seat for seat in state.to_act() if seat != CLOCK]
            chosen = {seat: decide(bots[seat], state, seat, rng, times[levels[seat]]) for seat in seats}
            racing = sorted((reaction_ms(levels[seat]) + rng.uniform(0, 300), seat)
                            for seat, action in chosen.items() if isinstance(action, Match))
            if racing:
                seat = racing[0][1]
                state = state.apply(seat, chosen[seat])
            else:
                state = state.apply(CLOCK, "timeout")
            continue
        seat = state.to_act()[0]
        state = state.apply(seat, decide(bots[seat], state, seat, rng, times[levels[seat]]))
    return state


def check_think_times(level: str, games: int, seats: int) -> dict:
    """The ``think_row`` of ``level`` in every seat of ``games`` seeded games, played as
    ``play_game`` plays them (self-contained: its source also runs inside the page)."""
    import json
    import random
    import time
    from typing import Any  # noqa: F401 - the page, without the module's imports, reads the annotations

    from engine import CLOCK, GAMES
    from engine.bots import get_bot
    from engine.bots.check import reaction_ms
    from engine.check import Match, Phase

    game = GAMES["check"]
    bot = get_bot("check", level)
    timed = []

    def decide(state: Any, seat: int, rng: random.Random, times: list) -> Any:
        view = json.loads(json.dumps(state.view(seat)))
        started = time.perf_counter()
        action = bot.choose(game, view, state.legal_actions(seat), rng, 1000)
        times.append((time.perf_counter() - started) * 1000)
        return action

    for seed in range(games):
        rng = random.Random(1000 + seed)
        state: Any = game.new(seed=1000 + seed, players=seats)
        times: list = []
        while not state.is_over() and len(state.history) < 3000:
            if state.phase is Phase.MATCHING:
                chosen = {seat: decide(state, seat, rng, times) for seat in state.to_act() if seat != CLOCK}
                racing = sorted((reaction_ms(level) + rng.uniform(0, 300), seat)
                                for seat, action in chosen.items() if isinstance(action, Match))
                state = state.apply(racing[0][1], chosen[racing[0][1]]) if racing else state.apply(CLOCK, "timeout")
                continue
            seat = state.to_act()[0]
            state = state.apply(seat, decide(state, seat, rng, times))
        timed.append(times)
    return think_row(level, timed)


def duel(strong: str, weak: str, games: int, seats: int) -> dict:
    """Mean win share per seat of ``strong`` and ``weak`` (alternating seats, rotated per seed)."""
    share = {strong: 0.0, weak: 0.0}
    started = time.perf_counter()
    for seed in range(games):
        levels = [(strong, weak)[(seat + seed) % 2] for seat in range(seats)]
        result = play_game(levels, seed).result()
        if result is None:
            continue
        for seat in result.winners:
            share[levels[seat]] += 1 / len(result.winners)
    count = {level: sum(1 for seed in range(games) for seat in range(seats)
                        if (strong, weak)[(seat + seed) % 2] == level) for level in share}
    return {"pair": f"{strong} vs {weak}", "games": games,
            "strong": share[strong] / count[strong], "weak": share[weak] / count[weak],
            "seconds": time.perf_counter() - started}


def won_game(levels: list[str], seed: int) -> dict:
    """``play_game`` scored for ``bot_report.match``: 1 for each winner, 0 for the others (a
    game stopped unfinished leaves every seat at 0), and each level's decision times (ms),
    given once, at the first seat of that level."""
    times: dict[str, list[float]] = {level: [] for level in levels}
    result = play_game(levels, seed, times).result()
    winners = result.winners if result is not None else ()
    firsts = {level: levels.index(level) for level in levels}
    return {"scores": [int(seat in winners) for seat in range(len(levels))],
            "times": [times[level] if firsts[level] == seat else [] for seat, level in enumerate(levels)]}


def run_seats(text: str, games: int, where: str, players: int) -> None:
    """``--match`` at ``players`` seats: ``bot_report``'s table and, at more than two seats,
    the share of games the one strong seat won outright against the others (a shared or
    drawn game is no win), beside an even share."""
    rows = [match(strong, weak, games, won_game, players) for strong, weak in parse_pairs(text)]
    print(match_table(rows, where) + "\n", flush=True)
    if players > 2:
        print(f"Wins of the one strong seat against {players - 1} seats of the other level "
              f"({where})\n\n{'pair':<22} {'seats':>5} {'games':>5} {'wins':>5} {'win %':>6} "
              f"{'even %':>6}")
        for row in rows:
            print(f"{row['pair']:<22} {players:>5} {row['games']:>5} {row['wins']:>5} "
                  f"{100 * row['wins'] / row['games']:>6.1f} {100 / players:>6.1f}")
        print(flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check! bots: win rates and think time.")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--pairs", default="easy-random,medium-easy,hard-medium")
    parser.add_argument("--think-games", type=int, default=3,
                        help="self-play games per level for think time (default 3; hard is slow)")
    parser.add_argument("--match", default="",
                        help="pairs strong:weak (levels, or bench/frozen_bots.py's then-hard and "
                             "then-hard8x): one strong seat against weak ones, timed in the same games")
    parser.add_argument("--match-games", type=int, default=60, help="games per --match pair (60)")
    parser.add_argument("--skip-strength", action="store_true", help="think time only")
    parser.add_argument("--browser", action="store_true",
                        help="also time the decisions inside the app page (Chromium, Pyodide)")
    args = parser.parse_args(argv)
    if args.match:
        run_seats(args.match, args.match_games, f"Check!, {args.seats} seats", args.seats)
        return 0
    if not args.skip_strength:
        print(f"Win share per seat, {args.seats} seats, levels alternating (1/{args.seats} = even)\n")
        print(f"{'pair':<18} {'games':>5} {'strong %':>9} {'weak %':>7} {'time s':>7}")
    for pair in args.pairs.split(",") if not args.skip_strength else ():
        strong, weak = pair.split("-")
        row = duel(strong, weak, args.games, args.seats)
        print(f"{row['pair']:<18} {row['games']:>5} {100 * row['strong']:>9.1f} "
              f"{100 * row['weak']:>7.1f} {row['seconds']:>7.1f}", flush=True)
    times: dict[str, list[float]] = {}
    for level in ("random", "easy", "medium", "hard"):
        times[level] = []
        for seed in range(args.think_games):
            play_game([level] * args.seats, 1000 + seed, {level: times[level]})
    print(f"\nThink time per decision (CPython)\n\n{'level':<8} {'decisions':>9} {'median ms':>10} "
          f"{'p95 ms':>10} {'max ms':>10}")
    for level, values in times.items():
        print(f"{level:<8} {len(values):>9} {ms(statistics.median(values)):>10} "
              f"{ms(p95(values)):>10} {ms(max(values)):>10}")
    if args.browser:
        import inspect

        from bench.engine_speed import browser_session

        with browser_session() as page:
            source = "\n\n".join(inspect.getsource(function) for function in (think_row, check_think_times))
            rows = []
            for level in ("random", "easy", "medium", "hard"):
                rows.append(page.run(source, f"check_think_times({level!r}, {args.think_games}, {args.seats})"))
                print(f"  browser: {level} timed", file=sys.stderr, flush=True)
            text = think_table(rows, f"in the app page: Pyodide (Python {page.python}), headless Chromium, "
                                     f"self-play at {args.seats} seats")
            if page.errors:
                text += f"\nWARNING: the page reported errors: {page.errors[:3]}"
            print("\n" + text, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
