#!/usr/bin/env python3
"""Engine benchmark: full random games per second, per game id in ``engine.GAMES``.

Every seat that may act picks a uniformly random legal action (seeded), from the deal to the end
of the game (of the match, where a game plays a match by default), through the public contract
only: ``to_act``, ``legal_actions``, ``apply``, ``is_over``. Each game is run for a time budget
per seat count (its minimum and maximum) with its default options, and the table gives games per
second, actions per second, microseconds per action and the mean length of a game.

``--browser`` runs the same measurement inside the app page (system Chromium through Playwright,
the app served from this repository): the page's own Python interpreter, the one the UI runs on,
is reached through PyScript's public JS API (``whenDefined("py")`` then ``run(code)``), so the
numbers are those of the engine as the page loads it. Needs ``make vendor`` first.

A table to read, never an assertion: timings depend on the machine.

Usage: ``python3 -m bench.engine_speed [--seconds 2] [--browser] [--json]``.
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.bot_report import table

ROOT = Path(__file__).resolve().parent.parent

READY_TIMEOUT_MS = 120_000


# --- the measurement (self-contained: its source also runs inside the page) --------------------


def measure_random_games(seconds: float) -> list[dict[str, Any]]:
    """Seeded random games of every registered game for ``seconds`` per (game, seat count)."""
    import random
    import time

    from engine import GAMES

    rows = []
    for game_id, game in GAMES.items():
        for players in sorted({game.min_players, game.max_players}):
            games = actions = 0
            started = time.perf_counter()
            elapsed = 0.0
            while elapsed < seconds or games < 3:
                seed = games
                rng = random.Random(seed)
                state = game.new(seed=seed, players=players)
                while not state.is_over():
                    seat = rng.choice(state.to_act())
                    state = state.apply(seat, rng.choice(state.legal_actions(seat)))
                    actions += 1
                games += 1
                elapsed = time.perf_counter() - started
            rows.append({
                "game": game_id, "players": players,
                "options": ",".join(f"{o.name}={o.default}" for o in game.options) or "-",
                "games": games, "actions": actions, "seconds": elapsed,
            })
    return rows


# --- running Python inside the app page -------------------------------------------------------------


class PagePython:
    """The app page's own Python interpreter, driven from here.

    ``run(source, expression)`` executes ``source`` (function definitions) in the page's
    interpreter and returns ``json.loads`` of the JSON text that ``expression`` evaluates to.
    PyScript (0.7) resolves ``whenDefined("py")`` with an object whose ``run(code)`` evaluates
    Python on the main-thread interpreter of the ``<script type="py">`` tags: the app's, with
    ``engine`` already on its path. No hook of the app is needed.
    """

    def __init__(self, browser: Any, base_url: str) -> None:
        self.page = browser.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(f"{base_url}index.html#/", wait_until="domcontentloaded")
        self.page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=READY_TIMEOUT_MS)
        self.user_agent = self.page.evaluate("navigator.userAgent")
        self.python = self.run("", "__import__('sys').version.split()[0]")

    def run(self, source: str, expression: str) -> Any:
        code = f"{source}\nimport json as _json\n_json.dumps({expression})\n"
        text = self.page.evaluate(
            """async (code) => {
                const { whenDefined } = await import('./vendor/pyscript/core.js');
                const py = await whenDefined('py');
                return String(await py.run(code));
            }""",
            code,
        )
        return json.loads(text)


@contextmanager
def browser_session() -> Iterator[PagePython]:
    """One ``PagePython`` on the app served locally, in a headless Chromium."""
    from playwright.sync_api import sync_playwright  # a bench dependency only

    from tools.browser import launch
    from tools.serve import serve, url_of

    server = serve(ROOT, "127.0.0.1", 0)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            try:
                # A long measurement holds the page's only thread: no Playwright timeout applies
                # to evaluate, so nothing to raise here.
                yield PagePython(browser, url_of(server))
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def source_of(*functions: Any) -> str:
    return "\n\n".join(inspect.getsource(function) for function in functions)


# --- report ---------------------------------------------------------------------------------------


def report(rows: list[dict[str, Any]], where: str) -> str:
    header = (f"{'game':<18} {'seats':>5} {'games/s':>9} {'actions/s':>10} {'us/action':>10} "
              f"{'actions/game':>13} {'games':>6}  options")
    lines = [f"{row['game']:<18} {row['players']:>5} {row['games'] / row['seconds']:>9.1f} "
             f"{row['actions'] / row['seconds']:>10.0f} "
             f"{1e6 * row['seconds'] / row['actions']:>10.1f} "
             f"{row['actions'] / row['games']:>13.1f} {row['games']:>6}  {row['options']}"
             for row in rows]
    return table(f"Random games, {where}", header, lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Full random games per second per game.")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="time budget per game and seat count (default 2)")
    parser.add_argument("--browser", action="store_true",
                        help="also measure inside the app page (Chromium, Pyodide)")
    parser.add_argument("--json", action="store_true", help="print raw rows as JSON instead")
    args = parser.parse_args(argv)

    import platform

    results = {"cpython": measure_random_games(args.seconds)}
    wheres = {"cpython": f"CPython {platform.python_version()} ({platform.machine()})"}
    if args.browser:
        with browser_session() as page:
            results["browser"] = page.run(source_of(measure_random_games),
                                          f"measure_random_games({args.seconds!r})")
            wheres["browser"] = f"in the app page: Pyodide (Python {page.python}), headless Chromium"
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print("\n\n".join(report(rows, wheres[name]) for name, rows in results.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
