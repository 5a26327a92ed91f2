#!/usr/bin/env python3
"""Trace which standard-library modules the page's Python imports, into ``pwa/stdlib-modules.txt``.

The built site ships only those modules of Pyodide's standard library (tools/build_dist.py): the
whole library is 615 entries, of which a start, every screen and a whole game of each game import
about a fifth. This runs the app from the working tree in Chromium, goes through every route
(the gallery, each game's setup, rules, a saved game reopened, a replay), plays a seeded bots-only
game of each game to its end, formats a traceback (what an error on the page does), and then
lists every module Python loaded from the standard library's archive.

The list is committed; run this again after the app starts importing other modules (the build's
own check, ``tools/build_dist.py``'s ``stdlib_modules``, fails naming any module the app imports
that the list lacks) or after a Pyodide upgrade::

    python3 -m tools.trace_stdlib            # rewrites pwa/stdlib-modules.txt
    python3 -m tools.trace_stdlib --check    # exit 1 when the trace finds a module not listed
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tools.browser import launch
from tools.serve import serve, url_of

ROOT = Path(__file__).resolve().parent.parent

LIST = ROOT / "pwa" / "stdlib-modules.txt"
READY = 'html[data-ready="1"]'
OVER = '[data-testid=table][data-over="1"]'
TIMEOUT_MS = 180_000
GAMES = ("checks", "checkmate", "private-checkers", "chess-cards", "check")
#: Options that make a bots-only game short and deterministic, per game.
EXTRA = {"chess-cards": "&match=0"}

#: Python run in the page after the tour: the names of the modules imported that the standard
#: library's archive has (those Python loaded from it, and those it has frozen copies of, such as
#: ``abc``, which an archive without them would still be asked for by name), as JSON in
#: <html data-stdlib>.
PROBE = """
import js, json, sys, traceback, zipfile
try:
    raise ValueError("a traceback, formatted as an error on the page would be")
except ValueError as error:
    traceback.format_exception(error)
archive = next(path for path in sys.path if path.startswith("/lib/python3") and path.endswith(".zip"))
with zipfile.ZipFile(archive) as stdlib:
    known = {name.removesuffix(".pyc").removesuffix(".py").removesuffix("/__init__").replace("/", ".")
             for name in stdlib.namelist() if name.endswith((".py", ".pyc"))}
# Frozen modules (abc, os, codecs, ...) are built into the interpreter: listed as such, not shipped.
names = sorted(name + (" frozen" if getattr(sys.modules[name].__spec__, "origin", None) == "frozen" else "")
               for name in known.intersection(sys.modules))
js.document.documentElement.dataset.stdlib = json.dumps(names)
"""

HEADER = """\
# Standard-library modules the page's Python imports, traced by tools/trace_stdlib.py (every
# route, a whole game of each game, a formatted traceback); tools/build_dist.py ships only these
# (and the packages they are in) of Pyodide's python_stdlib.zip. One module a line; "frozen"
# after a name: built into the interpreter, imported but not shipped.
"""


def run_python(page, code: str) -> None:
    page.evaluate("""code => {
        const script = document.createElement('script');
        script.type = 'py';
        script.textContent = code;
        document.body.append(script);
    }""", code)


def trace() -> list[str]:
    from playwright.sync_api import sync_playwright

    server = serve(ROOT, "127.0.0.1", 0)
    base = url_of(server)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                errors: list[str] = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                page.goto(base + "index.html#/", wait_until="domcontentloaded")
                page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)

                def go(route: str) -> None:
                    page.evaluate("route => { location.hash = route }", route)
                    page.wait_for_timeout(300)

                for game in GAMES:
                    go(f"#/{game}")
                    go(f"#/{game}/rules")
                    go(f"#/{game}/play?seats=bot:easy,bot:easy&seed=1&delay=0{EXTRA.get(game, '')}")
                    page.wait_for_selector(OVER, state="attached", timeout=TIMEOUT_MS)
                    saved = page.evaluate("location.hash")
                    go(saved.replace("/play?", "/replay?"))
                    go(saved)
                go("#/")
                run_python(page, PROBE)
                page.wait_for_selector("html[data-stdlib]", state="attached", timeout=TIMEOUT_MS)
                names = json.loads(page.locator("html").get_attribute("data-stdlib") or "[]")
                if errors:
                    raise SystemExit(f"trace_stdlib: the page failed: {errors}")
                return names
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def read_list(path: Path = LIST) -> list[str]:
    return [line.split()[0] for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Trace the standard-library modules the page imports.")
    parser.add_argument("--check", action="store_true", help="only compare with the committed list")
    args = parser.parse_args(argv)
    names = trace()
    if args.check:
        missing = sorted({name.split()[0] for name in names} - set(read_list()))
        if missing:
            print(f"trace_stdlib: not in {LIST.relative_to(ROOT)}: {', '.join(missing)}", file=sys.stderr)
            return 1
        print(f"trace_stdlib: all {len(names)} traced modules are listed")
        return 0
    LIST.write_text(HEADER + "".join(f"{name}\n" for name in names), encoding="utf-8")
    print(f"trace_stdlib: {len(names)} modules written to {LIST.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
