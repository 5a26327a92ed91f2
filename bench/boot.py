#!/usr/bin/env python3
"""Boot benchmark: how long the app takes to start, and how many bytes it downloads, against a
bare PyScript page on npm's runtime, on an unthrottled link and on emulated 4G and Fast 3G.

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
* the longest main-thread task before data-ready (median): how long the page may not answer;
* the bytes the server sent until data-ready (headers and bodies, counted by the server, which
  compresses nothing, as ``python3 -m http.server`` does; ``--gzip``: every page from a
  compressing host). "dist, gzip host" is the built site from a server that compresses text and
  wasm as most hosts do: it should be no slower than from the plain one.

Each network profile (``PROFILES``: none, 4G and Fast 3G, emulated by Chromium through CDP's
``Network.emulateNetworkConditions``) loads the bare page and the built site from both hosts,
each cold and on a second visit; the unthrottled one also the vendored bare page and the working
tree. The bare page and the built site are served as a static host serves them
(``Cache-Control: max-age=600``, ``STATIC_HOSTS``), so the bare page's second visit comes from
the browser's HTTP cache and the built site's from its service worker.

Then each page's median time to data-ready over the bare page's on the same profile, against its
goal (``GOALS``). A table to read, never an assertion: timings depend on the machine.

Usage: ``python3 -m bench.boot [-n 3] [--warmup 1] [--profiles none,4G,Fast3G] [--gzip] [--json]
[--compare DIR] [--compare-dist DIR] [--pages 'app (tree)/dist']`` (``make bench`` runs it);
``--compare`` loads another checkout too (an older commit: before and after a change),
unthrottled; ``--compare-dist`` another built site (an older commit's ``make dist``), cold and on
a second visit, on every profile; ``--pages`` only the pages named (and the bare page). Each
page's ratio to the bare page is given over the runs too (median, quartiles, range), each load
over the bare page's of the same run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from bench.bot_report import p95, table
from tools.browser import ChromiumRecord, crash_reports, find_chromium, launch
from tools.serve import serve, url_of

ROOT = Path(__file__).resolve().parent.parent

READY_TIMEOUT_MS = 120_000
#: Chromium's log and crash dumps (tools/browser.py), read when a page crashes.
LOG_DIR = ROOT / "test-results" / "boot"
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
#: and the built site (``make dist``, built afresh into a temporary folder), on local servers.
PAGES = {
    "bare": ("bench/bare.html", "npm runtime", False),
    "bare second visit": ("bench/bare.html", "npm runtime", True),
    "bare (vendored)": ("bench/bare.html", "tree", False),
    "app (tree)": ("index.html", "tree", False),
    "dist": ("index.html", "dist", False),
    "dist second visit": ("index.html", "dist", True),
    "dist, gzip host": ("index.html", "dist gzip", False),
    "dist gzip, 2nd visit": ("index.html", "dist gzip", True),
}
#: The servers that answer as a static host does (``Cache-Control: max-age=600``, as ``make
#: serve-dist`` and GitHub Pages): a second visit of the bare page comes from the HTTP cache, as
#: it would from such a host. The working tree is served as ``make play`` does (``no-cache``).
STATIC_HOSTS = ("npm runtime", "dist", "dist gzip")
STATIC_MAX_AGE = 600
#: Network profiles: name -> (download bit/s, upload bit/s, round trip ms), or None (no
#: emulation); and the pages each loads.
PROFILES = {
    "none": None,
    "4G": (9_000_000, 1_500_000, 150),
    "Fast3G": (1_600_000, 750_000, 150),
}
THROTTLED_PAGES = ("bare", "bare second visit", "dist", "dist second visit", "dist, gzip host",
                   "dist gzip, 2nd visit")
#: The goals of the issues, each a median time to data-ready over the bare page's on the same
#: profile: (profile or None for every profile, page) -> goal.
GOALS = {("none", "app (tree)"): 1.15, ("none", "dist"): 1.05, ("none", "dist second visit"): 0.6,
         ("4G", "dist"): 0.5, ("Fast3G", "dist"): 0.5}
#: The most a cold visit of the built site may download until ready (bytes).
BYTES_GOAL = 6_000_000


@dataclass
class Series:
    """Measurements of one page over the runs."""

    path: str
    ready_ms: list[float] = field(default_factory=list)
    fcp_ms: list[float] = field(default_factory=list)
    longest_task_ms: list[float] = field(default_factory=list)
    requests: list[int] = field(default_factory=list)
    bytes_sent: list[int] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    crashes: list[str] = field(default_factory=list)
    #: The run of each ``ready_ms``: a page is paired with the bare page of the same run.
    runs: list[int] = field(default_factory=list)


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


def throttle(page, profile: tuple[int, int, int] | None) -> None:
    """Emulate a network on ``page`` (Chromium's DevTools protocol), or nothing for ``None``."""
    if profile is None:
        return
    down, up, rtt = profile
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": rtt,
        "downloadThroughput": down / 8, "uploadThroughput": up / 8})


def load_once(browser, url: str, *, second_visit: bool = False,
              profile: tuple[int, int, int] | None = None, log: list | None = None):
    """One load in a fresh context (cold HTTP cache, empty storage, no service worker). With
    ``second_visit``, a first visit comes before it in the same context (not throttled) and,
    on the built site, its service worker and interpreter snapshot are waited for: what a person
    meets the next time they come (see ``measure``). With ``log`` (the server's), also the bytes
    sent for the measured load until it was ready."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        context.add_init_script(READY_PROBE)
        if second_visit:
            first = context.new_page()
            first.goto(url)
            first.wait_for_function("window.__readyAt !== undefined", timeout=READY_TIMEOUT_MS)
            if first.locator('meta[name="five-checks-version"]').count():
                # The built site: its worker registers once the app is ready and precaches the
                # site, and the page stores an interpreter snapshot (pwa/interpreter.mjs).
                first.wait_for_function(
                    "navigator.serviceWorker.ready.then(r => !!r.active && r.active.state === 'activated')",
                    timeout=READY_TIMEOUT_MS)
                first.wait_for_selector("html[data-snapshot=saved]", state="attached",
                                        timeout=READY_TIMEOUT_MS)
            first.close()
        page = context.new_page()
        throttle(page, profile)
        start = len(log) if log is not None else 0
        result = measure(page, url)
        sent = sum(entry[1] for entry in log[start:]) if log is not None else 0
        return (*result, sent)
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


def run(runs: int, warmup: int, compare: Path | None = None, profiles: tuple[str, ...] = tuple(PROFILES),
        gzip: bool = False, compare_dist: Path | None = None,
        only: tuple[str, ...] = ()) -> dict[tuple[str, str], Series]:
    from playwright.sync_api import Error as PlaywrightError  # imported late: only the bench needs it
    from playwright.sync_api import sync_playwright

    from tools import build_dist

    pages = dict(PAGES)
    throttled: tuple[str, ...] = THROTTLED_PAGES
    if compare is not None:
        pages["app (compared)"] = ("index.html", "compared", False)
    if compare_dist is not None:
        pages["dist (compared)"] = ("index.html", "compared dist", False)
        pages["compared, 2nd visit"] = ("index.html", "compared dist", True)
        throttled += ("dist (compared)", "compared, 2nd visit")
    plan = [(profile, name) for profile in profiles for name in pages
            if (profile == "none" or name in throttled) and (not only or name in only or name == "bare")]
    series = {key: Series(pages[key[1]][0]) for key in plan}
    logs: dict[str, list] = {}
    with tempfile.TemporaryDirectory(prefix="five-checks-dist-") as folder:
        build_dist.build(Path(folder) / "dist")
        roots = {"tree": ROOT, "dist": Path(folder) / "dist", "dist gzip": Path(folder) / "dist",
                 "npm runtime": bare_on_npm_runtime(Path(folder) / "bare")}
        if compare is not None:
            roots["compared"] = compare
        if compare_dist is not None:
            roots["compared dist"] = compare_dist
        servers = {}
        for where, root in roots.items():
            logs[where] = []
            servers[where] = serve(root, "127.0.0.1", 0, compress=gzip or where == "dist gzip",
                                   max_age=STATIC_MAX_AGE if where in (*STATIC_HOSTS, "compared dist") else None,
                                   log=logs[where])
        try:
            with sync_playwright() as playwright:
                record = ChromiumRecord(LOG_DIR / "chromium")
                browser = launch(playwright, log_dir=record.log_dir)
                try:
                    for i in range(warmup + runs):
                        # Alternate the order so that no page always gets the warmer slot.
                        order = plan if i % 2 == 0 else list(reversed(plan))
                        for key in order:
                            profile, name = key
                            path, where, second = pages[name]
                            mark = record.mark()
                            try:
                                ready, fcp, longest, requests, errors, sent = load_once(
                                    browser, url_of(servers[where]) + path, second_visit=second,
                                    profile=PROFILES[profile], log=logs[where])
                            except PlaywrightError as exc:
                                # A renderer crash is a finding, not a reason to lose the run: it
                                # is counted for the page, with the reason Chromium recorded.
                                if "crashed" not in str(exc).lower():
                                    raise
                                time.sleep(2)  # the crash handler writes its dump
                                reasons = [r.reason() for r in crash_reports(record.dumps, newer_than=mark.time)]
                                found = f"{'; '.join(reasons) or 'no dump'} ({str(exc).splitlines()[0]})"
                                series[key].crashes.append(found)
                                print(f"  CRASH: {profile} {name}: {found}", file=sys.stderr, flush=True)
                                continue
                            if i < warmup:
                                continue
                            s = series[key]
                            s.ready_ms.append(ready)
                            s.runs.append(i)
                            s.longest_task_ms.append(longest)
                            s.bytes_sent.append(sent)
                            if fcp is not None:
                                s.fcp_ms.append(fcp)
                            s.requests.append(len(requests))
                            s.foreign += [u for u in requests if urlsplit(u).hostname not in LOCAL_HOSTS
                                          and urlsplit(u).scheme in ("http", "https")]
                            s.errors += errors
                        if i >= warmup:
                            print(f"  run {i - warmup + 1}/{runs}: "
                                  + ", ".join(f"{p} {n} {series[(p, n)].ready_ms[-1]:.0f} ms" for p, n in plan
                                              if series[(p, n)].ready_ms),
                                  file=sys.stderr, flush=True)
                finally:
                    browser.close()
        finally:
            for server in servers.values():
                server.shutdown()
                server.server_close()
    return series


def median(values: list[float] | list[int]) -> float:
    """The median, or NaN when no load gave a value (every one crashed)."""
    return statistics.median(values) if values else float("nan")


def report(series: dict[tuple[str, str], Series], runs: int, gzip: bool = False) -> str:
    browser = find_chromium() or "Playwright's bundled Chromium"
    rows = []
    for (profile, name), s in series.items():
        if not s.ready_ms or not series[(profile, "bare")].ready_ms:
            rows.append(f"{profile:<7} {name:<20} no load of it or of the bare page was ready")
            continue
        bare = median(series[(profile, "bare")].ready_ms)
        fcp_med = f"{median(s.fcp_ms):.0f} ms" if s.fcp_ms else "n/a"
        rows.append(
            f"{profile:<7} {name:<20} {median(s.bytes_sent) / 1e6:>7.2f} MB "
            f"{median(s.ready_ms):>9.0f} ms {p95(s.ready_ms):>7.0f} ms "
            f"{median(s.ready_ms) / bare:>6.3f} "
            f"{fcp_med:>8} {median(s.longest_task_ms):>8.0f} ms {median(s.requests):>5.0f}"
        )
    host = "a gzip-compressing server" if gzip else "a server that compresses nothing"
    lines = [table(
        f"Boot benchmark: {runs} loads per page and profile, alternated, fresh context each "
        f"({browser}, headless), from {host}",
        f"{'network':<7} {'page':<20} {'bytes':>10} {'ready med':>12} {'p95':>10} {'/bare':>6} "
        f"{'FCP med':>8} {'long task':>11} {'reqs':>5}",
        rows), ""]
    for (profile, name), goal in GOALS.items():
        if (profile, name) not in series:
            continue
        ratio = median(series[(profile, name)].ready_ms) / median(
            series[(profile, "bare")].ready_ms)
        lines.append(f"{profile} {name}/bare, median time to data-ready: {ratio:.3f} "
                     f"(goal <= {goal}: {'ok' if ratio <= goal else 'OVER GOAL'})")
    for (profile, name), s in series.items():
        # The spread of the ratio: each load over the bare page's of the same run (the two
        # loaded moments apart, so a busy machine slows both).
        bare_runs = dict(zip(series[(profile, "bare")].runs, series[(profile, "bare")].ready_ms, strict=True))
        ratios = sorted(ready / bare_runs[run] for run, ready in zip(s.runs, s.ready_ms, strict=True)
                        if run in bare_runs)
        if name != "bare" and len(ratios) >= 2:
            quartiles = statistics.quantiles(ratios, n=4)
            lines.append(f"{profile} {name}/bare per run: median {median(ratios):.3f}, quartiles "
                         f"{quartiles[0]:.3f}-{quartiles[2]:.3f}, range {ratios[0]:.3f}-{ratios[-1]:.3f} "
                         f"({len(ratios)} runs)")
    for (profile, name), s in series.items():
        if name == "dist":
            sent = median(s.bytes_sent)
            lines.append(f"{profile} dist, bytes until ready: {sent / 1e6:.2f} MB "
                         f"(goal <= {BYTES_GOAL / 1e6:.0f} MB: {'ok' if sent <= BYTES_GOAL else 'OVER GOAL'})")
    if ("none", "bare (vendored)") in series:
        vendored = median(series[("none", "bare (vendored)")].ready_ms)
        for name in ("app (tree)", "dist"):
            if ("none", name) not in series:  # --pages left it out
                continue
            lines.append(f"{name}/bare (vendored), what the app adds to a start on its own runtime: "
                         f"{median(series[('none', name)].ready_ms) / vendored:.3f} (no goal)")
    for (profile, name), s in series.items():
        if s.foreign:
            lines.append(f"WARNING: {profile} {name} requested other hosts: {sorted(set(s.foreign))}")
        if s.crashes:
            lines.append(f"CRASHED: {profile} {name}, {len(s.crashes)} loads: {s.crashes} (Chromium's log and "
                         f"dumps in {LOG_DIR / 'chromium'})")
        if s.errors:
            lines.append(f"WARNING: {profile} {name} logged errors: {sorted(set(s.errors))[:5]}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Boot time of the app vs a bare PyScript page.")
    parser.add_argument("-n", "--runs", type=int, default=3, help="measured loads per page and profile (default 3)")
    parser.add_argument("--profiles", default=",".join(PROFILES),
                        help=f"network profiles to load, of {', '.join(PROFILES)} (default all)")
    parser.add_argument("--gzip", action="store_true", help="serve as a compressing host does")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured load pairs first (default 1)")
    parser.add_argument("--json", action="store_true", help="print raw measurements as JSON instead")
    parser.add_argument("--pages", default="",
                        help="load only these pages, separated by '/' (the bare page always), e.g. "
                             "'app (tree)/dist/app (compared)': a shorter run on a busy machine")
    parser.add_argument("--compare", type=Path, metavar="DIR",
                        help="another checkout of the app (an older commit, say) to load alongside, "
                             "as 'app (compared)' (it needs its own vendor/ or a link to this one)")
    parser.add_argument("--compare-dist", type=Path, metavar="DIR",
                        help="another built site (an older commit's dist/) to load alongside the built site, "
                             "cold and on a second visit, as 'dist (compared)'")
    args = parser.parse_args(argv)
    profiles = tuple(name.strip() for name in args.profiles.split(",") if name.strip())
    unknown = [name for name in profiles if name not in PROFILES]
    if unknown or "none" not in profiles and args.compare is not None:
        parser.error(f"unknown profile {unknown}" if unknown else "--compare needs the profile none")
    if args.compare_dist is not None and not (args.compare_dist / "index.html").is_file():
        parser.error(f"--compare-dist: no built site in {args.compare_dist}")
    only = tuple(name.strip() for name in args.pages.split("/") if name.strip())
    series = run(args.runs, args.warmup, args.compare, profiles, args.gzip, args.compare_dist, only)
    if args.json:
        print(json.dumps({f"{p} {n}": s.__dict__ for (p, n), s in series.items()}, indent=2))
    else:
        print(report(series, args.runs, args.gzip))
    return 0


if __name__ == "__main__":
    sys.exit(main())
