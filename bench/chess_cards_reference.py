#!/usr/bin/env python3
"""Regenerates ``tests/engine/data/chess_cards_reference.json``: exact Chess Cards values computed
by the baseline solver (``bench/chess_cards_solver_v1.py``, an earlier and simpler implementation),
which the unit tests hold the current solver to.

Two kinds of entries, each with a fresh baseline solver (a cold table):
- ``deals``: fresh single-game deals from the first lead, sacrifices on, Queen's Privilege on and
  off (seeds 0..N-1 each): the value for the seat to act, the baseline's best play, and its
  whole best line to the end of the game (``line``: seat, play, value before that play for that
  seat), whose later positions are quick to check.
- ``positions``: mid-game positions of seeded random playouts (every combination of Queen's
  Privilege and Sacrifices), written as the moves that lead to them, with the value, the best
  play and, for every legal action, its value for the seat that plays it.

Slow on purpose: a fresh deal with sacrifices takes the baseline 5-40 s, the whole file about
30-40 minutes on one core of a busy machine (see ``seconds`` in the entries). Run it in the background:
``nohup python3 -m bench.chess_cards_reference > /tmp/reference.log 2>&1 &``. The file is
rewritten after every entry, so an interrupted run keeps what it finished; ``--resume`` keeps
the entries already in the file and computes only the missing ones.

Usage: ``python3 -m bench.chess_cards_reference [--deals 20] [--positions 25] [--resume]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from bench import chess_cards_solver_v1 as baseline
from engine import GAMES
from engine.chess_cards import Play
from engine.chess_cards_solver import chess_cards_state

ROOT = Path(__file__).resolve().parent.parent

GAME = GAMES["chess-cards"]
OUT = ROOT / "tests" / "engine" / "data" / "chess_cards_reference.json"


def options(privilege: bool, sacrifice: bool) -> dict[str, bool]:
    return {"privilege": privilege, "sacrifice": sacrifice, "match": False}


def replay(seed: int, opts: dict[str, bool], moves: list[list[Any]]):
    state = GAME.new(seed=seed, options=opts)
    for seat, text in moves:
        state = state.apply(seat, text)
    return state


def action_value(state, seat: int, action, solver) -> int:
    """The current game's score difference for ``seat`` after it plays ``action``, best play on."""
    after = state.apply(seat, action)
    if len(after.finished) > len(state.finished):
        game = after.finished[-1]
        return game.scores[seat] - game.scores[1 - seat]
    value, _ = baseline.solve(after, solver)
    return value if after.to_act()[0] == seat else -value


def midgame(seed: int, privilege: bool, sacrifice: bool) -> tuple[list[list[Any]], Any] | None:
    """A seeded random playout stopped after a seeded number of plays (None if the game ended
    first or the seat to act has a single legal action). Most plays are plain (no sacrifice):
    random sacrifices soon leave a hand that is mated at once."""
    rng = random.Random(seed * 7 + 2 * privilege + sacrifice)
    stop = rng.randint(1, 12) if sacrifice else rng.randint(1, 15)
    state = chess_cards_state(GAME.new(seed=seed, options=options(privilege, sacrifice)))
    moves: list[list[Any]] = []
    for _ in range(stop):
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        plain = [action for action in actions if isinstance(action, Play) and action.sacrifice is None]
        action = rng.choice(plain if plain and rng.random() < 0.85 else actions)
        state = chess_cards_state(state.apply(seat, action))
        if state.is_over():
            return None
        moves.append([seat, str(action)])
    if len(state.legal_actions(state.to_act()[0])) < 2:
        return None
    return moves, state


def write(data: dict[str, Any]) -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1)
    OUT.write_text(text + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20, help="fresh deals per privilege setting")
    parser.add_argument("--positions", type=int, default=25,
                        help="mid-game positions per option combination")
    parser.add_argument("--resume", action="store_true", help="keep the entries already written")
    args = parser.parse_args(argv)

    data: dict[str, Any] = {
        "about": "Exact values by the baseline solver (bench/chess_cards_solver_v1.py); "
                 "regenerate with bench/chess_cards_reference.py. Values are the current game's "
                 "score difference for the seat to act (actions: for the seat that plays it).",
        "positions": [],
        "deals": [],
    }
    if args.resume and OUT.exists():
        data = json.loads(OUT.read_text())
        data["deals"] = [deal for deal in data["deals"] if "line" in deal]  # an older format
    started = time.perf_counter()

    have = {(p["seed"], p["options"]["privilege"], p["options"]["sacrifice"]) for p in data["positions"]}
    for sacrifice in (False, True):
        for privilege in (True, False):
            found = sum(1 for p in data["positions"] if p["options"] == options(privilege, sacrifice))
            seed = 0
            while found < args.positions:
                seed += 1
                if (seed, privilege, sacrifice) in have:
                    continue
                made = midgame(seed, privilege, sacrifice)
                if made is None:
                    continue
                moves, state = made
                t0 = time.perf_counter()
                solver = baseline.Solver(privilege, sacrifice)
                value, best = baseline.solve(state, solver)
                seat = state.to_act()[0]
                actions = {str(a): action_value(state, seat, a, solver)
                           for a in state.legal_actions(seat)}
                assert max(actions.values()) == value and actions[str(best)] == value
                seconds = time.perf_counter() - t0
                data["positions"].append({
                    "seed": seed, "options": options(privilege, sacrifice), "moves": moves,
                    "value": value, "best": str(best), "actions": actions,
                    "seconds": round(seconds, 2),
                })
                found += 1
                write(data)
                print(f"position seed {seed} privilege={privilege} sacrifice={sacrifice} "
                      f"plies {len(moves)}: {value:+d} ({len(actions)} actions, {seconds:.1f} s)",
                      flush=True)

    done = {(d["seed"], d["options"]["privilege"]) for d in data["deals"]}
    for seed in range(args.deals):
        for privilege in (True, False):
            if (seed, privilege) in done:
                continue
            state = chess_cards_state(GAME.new(seed=seed, options=options(privilege, True)))
            solver = baseline.Solver(privilege, True)
            t0 = time.perf_counter()
            value, best = baseline.solve(state, solver)
            seconds = time.perf_counter() - t0
            table = len(solver.table)
            line = []
            while not state.is_over():
                seat = state.to_act()[0]
                line_value, play = baseline.solve(state, solver)
                line.append([seat, str(play), line_value])
                state = chess_cards_state(state.apply(seat, play))
            assert line[0][2] == value
            data["deals"].append({
                "seed": seed, "options": options(privilege, True), "value": value,
                "best": str(best), "table": table, "seconds": round(seconds, 2), "line": line,
            })
            del solver
            write(data)
            print(f"deal seed {seed} privilege={privilege}: {value:+d} ({seconds:.1f} s)", flush=True)
    print(f"done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
