#!/usr/bin/env python3
"""Render benchmark: the time to draw one move, keyed patch against a full mount, in the page.

In the app page (headless Chromium, the app served from this repository, the page's own Python:
``engine_speed.PagePython``) each game's table is built by the router from a play route and
shown, move after move, the positions of a seeded random playout (``--moves`` of them, a new
deal when a game ends; the result between the games of a match is not held on screen), in a
root of its own laid out like the app's. Every move is timed three
ways over the same positions, each pass from a fresh root:

* ``patch``: ``ui.kit.dom.patch`` of the table's tree onto the last one (what the app does);
* ``mount``: ``ui.kit.dom.mount`` of the same tree (every element built anew: the app before the
  keyed patch);
* ``patch+FLIP``: what ``Screen.show`` does with motion on: ``Motion.measure`` before the patch,
  the patch, then ``Motion.play`` (measure again, pair, start the animations).

Each time runs from the tree's hand-over to the DOM until a forced layout (``offsetHeight``)
returns, so the browser's style and layout work for the change is counted; building the tree
(``table.render()``, the same in all three) is reported apart, as are ``Motion.measure`` alone
(one of the two a draw makes), how many things it finds and how many animations a draw starts
(its flights), and what the FLIP work adds to a patch (the difference of the medians). Tables to read, never
assertions: timings depend on the machine (and on what else runs on it).

Usage: ``python3 -m bench.render [--moves 80] [--seed 1] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

from bench.bot_report import ms, p95, table
from bench.engine_speed import browser_session, source_of

#: The tables measured, as a person meets them (one person against bots).
ROUTES = {
    "chess-cards": "#/chess-cards/play?seats=human,bot:easy&seed={seed}",
    "checks": "#/checks/play?seats=human,bot:easy&seed={seed}",
    "checkmate": "#/checkmate/play?seats=human,bot:easy,bot:easy,bot:easy&seed={seed}",
    "private-checkers": "#/private-checkers/play?seats=human,bot:easy&seed={seed}",
    "check": "#/check/play?seats=human,bot:easy,bot:easy&seed={seed}",
}


#: Moves drawn first and not counted (the page's caches, Pyodide's warm-up).
WARM_UP = 5


def measure_renders(route: str, moves: int, seed: int) -> dict[str, Any]:
    """Runs in the page: see the module docstring. Returns the times (ms) by kind, per move."""
    import random
    import statistics
    import time

    WARM_UP = 5

    from js import document

    from engine import CLOCK, State
    from ui.app.routes import parse_hash
    from ui.kit import motion
    from ui.kit.dom import forget, mount, patch
    from ui.navigation import resolve
    from ui.tables.base import GameTable

    app = document.getElementById("app")
    app.style.display = "none"  # only the bench's roots are laid out
    kinds = ("patch", "mount", "flip")
    roots = {}
    for kind in kinds:
        roots[kind] = document.createElement("main")
        roots[kind].className = "shell"
        document.body.append(roots[kind])
    table = resolve(parse_hash(route), roots["patch"], lambda _target: None, None)
    if not isinstance(table, GameTable):
        raise ValueError(f"{route} does not open a game table")

    # A seeded random playout: the positions to draw, each with the deal it belongs to, its ply
    # in that deal and the action that led to it. The flow holds one deal's states at a time (its
    # takeback works out the undo point from them).
    rng = random.Random(seed)
    state = table.flow.state
    deals: list[list[State]] = [[state]]
    positions: list[tuple[int, int, motion.Cue | None]] = [(0, 0, None)]
    deal = seed
    while len(positions) <= moves + WARM_UP:
        if state.is_over():
            deal += 1
            state = table.game.new(deal, players=len(table.seats), options=table.setup.options)
            deals.append([state])
            positions.append((len(deals) - 1, 0, None))
            continue
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state = state.apply(seat, action)
        deals[-1].append(state)
        positions.append((len(deals) - 1, len(deals[-1]) - 1,
                          motion.Cue.of(None if seat == CLOCK else seat, str(action))))

    def show(deal_number: int, ply: int) -> None:
        """The flow at that position, as the replay viewer shows one (``goto``)."""
        if table.flow.states[0] is not deals[deal_number][0]:
            table.flow.states[:] = deals[deal_number]
        table.flow.goto(ply)

    def now() -> float:
        return time.perf_counter() * 1000

    flip = motion.Motion()
    times: dict[str, list[float]] = {"build": [], "patch": [], "mount": [], "flip": [], "measure": []}
    movable: list[int] = []
    started_animations: list[int] = []
    show(0, 0)
    for root in roots.values():
        patch(root, table.render(), document)
    int(roots["patch"].offsetHeight)
    # The three ways take turns on every move (in a rotating order), each on its own root, so a
    # machine busy with something else slows them alike.
    for number, (deal_number, ply, cue) in enumerate(positions[1:]):
        show(deal_number, ply)  # no pause on a finished game of a match either
        warm = number < WARM_UP
        for turn in range(len(kinds)):
            kind = kinds[(number + turn) % len(kinds)]
            root = roots[kind]
            started = now()
            nodes = table.render()
            built = now()
            if kind == "patch":
                patch(root, nodes, document)
            elif kind == "mount":
                mount(root, *nodes)
            else:
                before = flip.measure(root)
                patch(root, nodes, document)
                count = flip.play(root, before, cue)
            int(root.offsetHeight)  # style and layout of the change, as the next frame would
            done = now()
            flip.stop()  # moves come seconds apart in play: every flight has landed
            if warm:
                continue
            times[kind].append(done - built)
            if kind == "patch":
                times["build"].append(built - started)
            if kind == "flip":
                started = now()
                things = flip.measure(root)
                times["measure"].append(now() - started)
                movable.append(len(things))
                started_animations.append(count)
    for root in roots.values():
        forget(root)
        root.remove()
    app.style.display = ""
    return {"times": times, "movable": statistics.median(movable) if movable else 0,
            "animations": statistics.mean(started_animations) if started_animations else 0,
            "nodes": int(document.getElementsByTagName("*").length)}


def guarded(route: str, moves: int, seed: int) -> dict[str, Any]:
    """Runs in the page: ``measure_renders``, or the traceback of its failure."""
    import traceback

    try:
        return measure_renders(route, moves, seed)
    except Exception:
        return {"error": traceback.format_exc()}


def report(results: dict[str, dict[str, Any]], where: str, moves: int) -> str:
    def cell(values: list[float]) -> str:
        return f"{ms(statistics.median(values)):>7} {ms(p95(values)):>7}"

    lines = []
    for game, result in results.items():
        times = result["times"]
        patch_ms, mount_ms, flip_ms = (statistics.median(times[kind]) for kind in ("patch", "mount", "flip"))
        lines.append(f"{game:<17} {cell(times['build'])}   {cell(times['patch'])}   {cell(times['mount'])}"
                     f"   {cell(times['flip'])}   {ms(flip_ms - patch_ms):>7}   {cell(times['measure'])}"
                     f"   {result['movable']:>6.0f}   {result['animations']:>6.1f}"
                     f"   {mount_ms / patch_ms if patch_ms else 0:>5.1f}x")
    header = (f"{'':<17} {'build tree':>15}   {'patch':>15}   {'mount':>15}   {'patch+FLIP':>15}   "
              f"{'FLIP +':>7}   {'measure':>15}   {'things':>6}   {'flights':>6}   {'mount/':>6}\n"
              f"{'game':<17} {'median':>7} {'p95':>7}   {'median':>7} {'p95':>7}   {'median':>7} {'p95':>7}   "
              f"{'median':>7} {'p95':>7}   {'median':>7}   {'median':>7} {'p95':>7}   {'median':>6}   "
              f"{'mean':>6}   {'patch':>6}")
    return table(f"Time to draw one move, ms ({moves} moves per game; DOM work + forced layout; "
                 f"tree building apart), {where}", header, lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time to draw one move: keyed patch, full mount, with FLIP.")
    parser.add_argument("--moves", type=int, default=80, help="positions drawn per game (default 80)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the playouts")
    parser.add_argument("--games", default=",".join(ROUTES), help="comma-separated game ids")
    parser.add_argument("--json", action="store_true", help="print raw timings as JSON instead")
    args = parser.parse_args(argv)

    results: dict[str, dict[str, Any]] = {}
    with browser_session() as page:
        source = source_of(measure_renders, guarded)
        for game in args.games.split(","):
            route = ROUTES[game].format(seed=args.seed)
            results[game] = page.run(source, f"guarded({route!r}, {args.moves}, {args.seed})")
            if "error" in results[game]:
                raise SystemExit(f"{game}: the page failed:\n{results[game]['error']}")
            print(f"  {game}: done", file=sys.stderr, flush=True)
        where = f"in the app page: Pyodide (Python {page.python}), headless Chromium"
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(report(results, where, args.moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
