#!/usr/bin/env python3
"""Boot benchmark: how long the app takes to start, against a bare PyScript page on npm's runtime.

Loads, alternately in one browser run, a bare PyScript page (``bench/bare.html``: one inline
``<script type="py">`` that sets data-ready), the app from the working tree (``make play``), the
built site (``make dist``) on a cold visit, and the built site on a second visit (the service
worker installed and the interpreter snapshot stored by a first visit in the same context), each
in a fresh context (cold cache, empty storage). The app runs Pyodide with its standard library
compiled (tools/vendor.py), so the bare page is loaded twice: on the runtime as npm ships it
(``node_modules/``: the baseline of the goals), and on the vendored one (what the app itself
adds to a start on its runtime). It prints per page the median and p95 of:

* time to ``html[data-ready]`` (the UI is up and interactive), from navigation start;
* first contentful paint (the static shell: should stay tiny whatever Python costs);
* the longest main-thread task before data-ready (median): how long the page may not answer.

Then each page's median time to data-ready over the bare page's, against its goal (``GOALS``). A
table to read, never an assertion: timings depend on the machine.

Usage: ``python3 -m bench.boot [-n 10] [--warmup 1] [--json] [--compare DIR]`` (``make bench``
runs it); ``--compare`` loads another checkout too (an older commit: before and after a change).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from bench.bot_report import p95, table
from tools.browser import find_chromium, launch
from tools.serve import serve, url_of

ROOT = Path(__file__).resolve().parent.parent

READY_TIMEOUT_MS = 120_000
LOCAL_HOSTS = {"127.0.0.1", "localhost"}

# Records the moment data-ready appears, on the page's own clock (ms since navigation start),
# so Playwright's round trips do not pollute the measure.
READY_PROBE = """
(() => {
  const mark = () => {
    if (window.__readyAt === undefined && document.documentElement?.hasAttribute('data-ready'))
      window.__readyAt = performance.now();
  };
  new MutationObserver(mark).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
  // The longest main-thread task before data-ready: how long the page cannot answer a click.
  window.__longestTask = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (window.__readyAt === undefined || entry.startTime < window.__readyAt)
        window.__longestTask = Math.max(window.__longestTask, entry.duration);
  }).observe({type: 'longtask', buffered: true});
})();
"""

#: name -> (path, which server, second visit): the bare page on npm's runtime, the working tree
#: and the built site (``make dist``, built afresh into a temporary folder), on three local servers.
PAGES = {
    "bare": ("bench/bare.html", "npm runtime", False),
    "bare (vendored)": ("bench/bare.html", "tree", False),
    "app (tree)": ("index.html", "tree", False),
    "dist": ("index.html", "dist", False),
    "dist second visit": ("index.html", "dist", True),
}
#: The targets, each a median time to data-ready over the bare page's.
GOALS = {"app (tree)": 1.05, "dist": 1.05, "dist second visit": 0.6}


@dataclass
class Series:
    """Measurements of one page over the runs."""

    path: str
    ready_ms: list[float] = field(default_factory=list)
    fcp_ms: list[float] = field(default_factory=list)
    longest_task_ms: list[float] = field(default_factory=list)
    requests: list[int] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def measure(page, url: str) -> tuple[float, float | None, float, list[str], list[str]]:
    """Load ``url`` in ``page``: (ms to data-ready, ms to first contentful paint, longest task
    before data-ready in ms, requests, errors)."""
    requests: list[str] = []
    errors: list[str] = []
    # Passive listeners only: routing every request through Playwright would add latency
    # per request (and turn the HTTP cache off), and so penalise the page with more files.
    page.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS, polling=50)
    page.wait_for_timeout(100)  # long tasks are reported after they end
    ready, fcp, longest = page.evaluate(
        """() => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0];
            return [window.__readyAt, fcp ? fcp.startTime : null, window.__longestTask];
        }"""
    )
    return float(ready), (float(fcp) if fcp is not None else None), float(longest), requests, errors


def load_once(browser, url: str, *, second_visit: bool = False):
    """One load in a fresh context (cold HTTP cache, empty storage, no service worker). With
    ``second_visit``, a first visit comes before it in the same context and its service worker
    is waited for: what a person meets the next time they come (see ``measure``)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        context.add_init_script(READY_PROBE)
        if second_visit:
            first = context.new_page()
            first.goto(url)
            first.wait_for_function("window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS)
            # The worker registers once the app is ready and precaches the site, and the page
            # stores an interpreter snapshot (pwa/interpreter.mjs): wait for both.
            first.wait_for_function(
                "navigator.serviceWorker.ready.then(r => !!r.active && r.active.state === 'activated')",
                timeout=READY_TIMEOUT_MS)
            first.wait_for_selector("html[data-snapshot=saved]", state="attached",
                                    timeout=READY_TIMEOUT_MS)
            first.close()
        return measure(context.new_page(), url)
    finally:
        context.close()


def bare_on_npm_runtime(folder: Path) -> Path:
    """A folder serving bench/bare.html with Pyodide as npm ships it (links, not copies)."""
    stock = ROOT / "node_modules" / "pyodide"
    if not (stock / "python_stdlib.zip").is_file():
        raise SystemExit("boot: node_modules/pyodide is missing: run `make vendor`")
    (folder / "bench").mkdir(parents=True)
    (folder / "bench" / "bare.html").symlink_to(ROOT / "bench" / "bare.html")
    (folder / "vendor").mkdir()
    (folder / "vendor" / "pyscript").symlink_to(ROOT / "vendor" / "pyscript")
    (folder / "vendor" / "pyodide").symlink_to(stock)
    return folder


def run(runs: int, warmup: int, compare: Path | None = None) -> dict[str, Series]:
    from playwright.sync_api import sync_playwright  # imported late: only the bench needs it

    from tools import build_dist

    pages = dict(PAGES)
    if compare is not None:
        pages["app (compared)"] = ("index.html", "compared", False)
    series = {name: Series(path) for name, (path, _, _) in pages.items()}
    with tempfile.TemporaryDirectory(prefix="five-checks-dist-") as folder:
        build_dist.build(Path(folder) / "dist")
        servers = {"tree": serve(ROOT, "127.0.0.1", 0), "dist": serve(Path(folder) / "dist", "127.0.0.1", 0),
                   "npm runtime": serve(bare_on_npm_runtime(Path(folder) / "bare"), "127.0.0.1", 0)}
        if compare is not None:
            servers["compared"] = serve(compare, "127.0.0.1", 0)
        try:
            with sync_playwright() as playwright:
                browser = launch(playwright)
                try:
                    for i in range(warmup + runs):
                        # Alternate the order so that no page always gets the warmer slot.
                        order = list(pages) if i % 2 == 0 else list(reversed(pages))
                        for name in order:
                            path, where, second = pages[name]
                            ready, fcp, longest, requests, errors = load_once(
                                browser, url_of(servers[where]) + path, second_visit=second)
                            if i < warmup:
                                continue
                            s = series[name]
                            s.ready_ms.append(ready)
                            s.longest_task_ms.append(longest)
                            if fcp is not None:
                                s.fcp_ms.append(fcp)
                            s.requests.append(len(requests))
                            s.foreign += [u for u in requests if urlsplit(u).hostname not in LOCAL_HOSTS
                                          and urlsplit(u).scheme in ("http", "https")]
                            s.errors += errors
                        if i >= warmup:
                            print(f"  run {i - warmup + 1}/{runs}: "
                                  + ", ".join(f"{n} {series[n].ready_ms[-1]:.0f} ms" for n in pages),
                                  file=sys.stderr, flush=True)
                finally:
                    browser.close()
        finally:
            for server in servers.values():
                server.shutdown()
                server.server_close()
    return series


def report(series: dict[str, Series], runs: int) -> str:
    bare = statistics.median(series["bare"].ready_ms)
    browser = find_chromium() or "Playwright's bundled Chromium"
    rows = []
    for name, s in series.items():
        fcp_med = f"{statistics.median(s.fcp_ms):.0f} ms" if s.fcp_ms else "n/a"
        fcp_p95 = f"{p95(s.fcp_ms):.0f} ms" if s.fcp_ms else "n/a"
        rows.append(
            f"{name:<20} {statistics.median(s.ready_ms):>10.0f} ms {p95(s.ready_ms):>7.0f} ms "
            f"{statistics.median(s.ready_ms) / bare:>6.3f} "
            f"{fcp_med:>11} {fcp_p95:>8} {statistics.median(s.longest_task_ms):>9.0f} ms "
            f"{statistics.median(s.requests):>9.0f}"
        )
    lines = [table(
        f"Boot benchmark: {runs} loads per page, alternated, fresh context each ({browser}, headless)",
        f"{'page':<20} {'ready median':>13} {'ready p95':>10} {'/bare':>6} {'FCP median':>11} {'FCP p95':>8} "
        f"{'long task':>12} {'requests':>9}",
        rows), ""]
    for name, goal in GOALS.items():
        ratio = statistics.median(series[name].ready_ms) / bare
        lines.append(f"{name}/bare, median time to data-ready: {ratio:.3f} "
                     f"(goal <= {goal}: {'ok' if ratio <= goal else 'OVER GOAL'})")
    vendored = statistics.median(series["bare (vendored)"].ready_ms)
    for name in ("app (tree)", "dist"):
        lines.append(f"{name}/bare (vendored), what the app adds to a start on its own runtime: "
                     f"{statistics.median(series[name].ready_ms) / vendored:.3f} (no goal)")
    for name, s in series.items():
        if s.foreign:
            lines.append(f"WARNING: {name} requested other hosts: {sorted(set(s.foreign))}")
        if s.errors:
            lines.append(f"WARNING: {name} logged errors: {sorted(set(s.errors))[:5]}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Boot time of the app vs a bare PyScript page.")
    parser.add_argument("-n", "--runs", type=int, default=10, help="measured loads per page (default 10)")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured load pairs first (default 1)")
    parser.add_argument("--json", action="store_true", help="print raw measurements as JSON instead")
    parser.add_argument("--compare", type=Path, metavar="DIR",
                        help="another checkout of the app (an older commit, say) to load alongside, "
                             "as 'app (compared)' (it needs its own vendor/ or a link to this one)")
    args = parser.parse_args(argv)
    series = run(args.runs, args.warmup, args.compare)
    if args.json:
        print(json.dumps({name: s.__dict__ for name, s in series.items()}, indent=2))
    else:
        print(report(series, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
