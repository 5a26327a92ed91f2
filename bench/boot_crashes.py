#!/usr/bin/env python3
"""Renderer crashes while pages boot: how often, and why.

Boots pages over and over in loops that run side by side, each loop a process with its own
Chromium (``tools/browser.py``, the e2e suite's flags), as the e2e suite loads the machine: a
fresh context per visit, one boot, then ``--reloads`` reloads of the same page, each waited for
until ``html[data-ready="1"]``. The pages:

* ``tree``: the app from the working tree (``make play``);
* ``dist``: the built site (``make dist``), served as ``tools/serve.py --root dist`` does; its
  reloads start from the service worker and, once stored, the interpreter snapshot;
* ``bare``: ``bench/bare.html``, PyScript with no app code, on the vendored runtime (the
  standard library compiled, as the app's);
* ``bare-npm``: the same page on Pyodide as npm ships it (the standard library as sources).

Every crash is recorded with its reason: Playwright's ``crash`` event, the dump Chromium's crash
handler wrote (the process, the signal, the crash keys: ``tools/browser.py:crash_reports``) and
the lines of Chromium's log (``--enable-logging=stderr``) that came with it. Each loop keeps its
log and dumps in ``--out`` (``test-results/boot-crashes/`` by default), with ``events.jsonl``,
one line per boot.

Prints a table: page, boots, crashes, timeouts, median time to ready, reasons. A rate to read,
never an assertion. ``--arg`` adds Chromium flags, ``--no-dev-shm-flag`` drops the
``--disable-dev-shm-usage`` Playwright adds, ``--open K`` keeps K earlier contexts open (many
contexts in one browser), ``--hog GB`` holds that much memory in another process while the
loops run: conditions that might raise the rate. ``--guard`` and ``--tracing`` load the pages as
the e2e suite does: every request routed through Playwright (``page_support.PageGuard``) and
Playwright's tracing on, with screenshots and DOM snapshots (``--tracing=retain-on-failure``; a
visit's trace is kept in ``--out`` only when it failed). ``--route R`` boots the app (``tree``,
``dist``) into a route rather than its first screen (a game: ``'#/checks/play?seats=human,bot:easy'``);
``--no-jspi`` hides WebAssembly's JavaScript Promise Integration from the page, so that Pyodide runs
Python on the thread's own stack instead of the secondary stacks it switches to with JSPI.
``--gwp-asan`` turns on Chromium's sampling allocator GWP-ASan in every process
(``GWP_ASAN_EVERYWHERE``): left to itself it is on in a share of the renderers (1% on Linux, ten
times that on development builds) and records a stack trace for each allocation it samples, by
walking the frame pointers up to the thread's stack end; a walk that starts on a stack of
Pyodide's under JSPI reads past that stack's end. The condition, made certain; its own sampling
rate is kept (sampling more often fills its few slots at start, and then records nothing).

Usage: ``python3 -m bench.boot_crashes [--boots 300] [--loops 2] [--pages tree,dist,bare]``
(``--boots``: boots and reloads per page, over all loops).
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from tools.browser import ChromiumRecord, crash_reports, find_chromium, launch, telling

ROOT = Path(__file__).resolve().parent.parent
READY = 'html[data-ready="1"]'
READY_TIMEOUT_MS = 120_000
PAGES = ("tree", "dist", "bare", "bare-npm")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def server(root: Path) -> Iterator[str]:
    """``tools/serve.py --root root`` in its own process, as ``make serve-dist`` runs it."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "tools.serve", "--root", str(root), "--port", str(port),
                                "--quiet"], stdout=subprocess.DEVNULL, cwd=ROOT)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/"
    finally:
        process.terminate()
        process.wait()


def bare_on_npm_runtime(folder: Path) -> Path:
    """A folder serving bench/bare.html on Pyodide as npm ships it (links, not copies)."""
    (folder / "bench").mkdir(parents=True)
    (folder / "bench" / "bare.html").symlink_to(ROOT / "bench" / "bare.html")
    (folder / "vendor").mkdir()
    (folder / "vendor" / "pyscript").symlink_to(ROOT / "vendor" / "pyscript")
    (folder / "vendor" / "pyodide").symlink_to(ROOT / "node_modules" / "pyodide")
    return folder


# ----------------------------------------------------------------------------- one loop


@dataclass
class Boot:
    """One navigation (a boot or a reload) and what came of it."""

    loop: int
    page: str
    kind: str  # "boot" or "reload"
    outcome: str  # "ready", "crash", "timeout", "error"
    ms: float
    reason: str = ""
    log: list[str] = field(default_factory=list)
    memory: str = ""


def memory() -> str:
    """The machine's memory as the kernel sees it (a balloon or another process may take it)."""
    info = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
    return ", ".join(f"{key} {int(info[key].split()[0]) // 1024} MB"
                     for key in ("MemTotal", "MemAvailable", "Committed_AS") if key in info)


def note_crash(into: list[float], _page: Any) -> None:
    into.append(time.time())


def continue_route(route: Any) -> None:
    route.continue_()


#: Run before any script of the page: Pyodide uses JSPI when ``WebAssembly.Suspending`` (or the
#: older ``Suspender``) exists.
NO_JSPI = "for (const name of ['Suspending', 'Suspender', 'promising']) delete WebAssembly[name];"
#: GWP-ASan (for malloc and for PartitionAlloc) in every process (Chromium's parameter:
#: components/gwp_asan/client/gwp_asan.cc).
_EVERY_PROCESS = "ProcessSamplingProbability/1.0"
GWP_ASAN_EVERYWHERE = f"--enable-features=GwpAsanMalloc:{_EVERY_PROCESS},GwpAsanPartitionAlloc:{_EVERY_PROCESS}"


def run_loop(loop: int, pages: list[str], urls: dict[str, str], visits: int, reloads: int,
             out: Path, args: list[str], keep_open: int, drop_dev_shm_flag: bool,
             guard: bool = False, tracing: bool = False, no_jspi: bool = False) -> None:
    """One loop: ``visits`` visits (a boot and ``reloads`` reloads each), pages in turn; one
    line of ``events.jsonl`` per navigation. ``guard``: every request goes through Playwright's
    routing, as the e2e suite's ``PageGuard`` has it; ``tracing``: Playwright traces each
    visit as the suite does (kept only for a visit that failed)."""
    from playwright.sync_api import Error, sync_playwright

    log_dir = out / f"loop-{loop}"
    record = ChromiumRecord(log_dir)
    mark = record.mark()
    events = (out / "events.jsonl").open("a")
    with sync_playwright() as playwright:
        ignored = ["--disable-dev-shm-usage"] if drop_dev_shm_flag else None
        browser = launch(playwright, log_dir=log_dir, extra_args=tuple(args), ignore_default_args=ignored)
        opened: list[Any] = []
        for visit in range(visits):
            name = pages[visit % len(pages)]
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            if guard:
                context.route("**/*", continue_route)
            if no_jspi:
                context.add_init_script(NO_JSPI)
            if tracing:
                context.tracing.start(screenshots=True, snapshots=True, sources=True)
            failed = False
            page = context.new_page()
            crashed: list[float] = []
            page.on("crash", partial(note_crash, crashed))
            for step in range(reloads + 1):
                kind = "boot" if step == 0 else "reload"
                start = time.monotonic()
                outcome, detail = "ready", ""
                try:
                    if step == 0:
                        page.goto(urls[name], wait_until="domcontentloaded", timeout=READY_TIMEOUT_MS)
                    else:
                        page.reload(wait_until="domcontentloaded", timeout=READY_TIMEOUT_MS)
                    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
                except Error as exc:
                    detail = str(exc).splitlines()[0]
                    outcome = ("crash" if crashed or "crashed" in detail.lower()
                               else "timeout" if "Timeout" in detail else "error")
                ms = (time.monotonic() - start) * 1000
                boot = Boot(loop, name, kind, outcome, ms)
                if outcome != "ready":
                    time.sleep(2)  # the crash handler writes its dump
                    reports = crash_reports(record.dumps, newer_than=mark.time)
                    boot.reason = "; ".join(r.reason() for r in reports) or f"no dump ({detail[:120]})"
                    boot.log = telling(record.log_since(mark))
                    boot.memory = memory()
                mark = record.mark()
                events.write(json.dumps(boot.__dict__) + "\n")
                events.flush()
                if outcome != "ready":
                    print(f"  loop {loop}: {name} {kind} {outcome}: {boot.reason} [{boot.memory}] {boot.log[:3]}",
                          file=sys.stderr, flush=True)
                    failed = True
                    break
            if tracing:
                try:
                    context.tracing.stop(path=out / f"trace-{loop}-{visit}.zip" if failed else None)
                except Error as exc:
                    print(f"  loop {loop}: no trace: {str(exc).splitlines()[0]}", file=sys.stderr, flush=True)
            opened.append(context)
            while len(opened) > keep_open:
                opened.pop(0).close()
        for context in opened:
            context.close()
        browser.close()
    events.close()


# ----------------------------------------------------------------------------- the table


def report(out: Path, condition: str) -> str:
    boots = [json.loads(line) for line in (out / "events.jsonl").read_text().splitlines() if line]
    lines = [f"Boot crashes, {condition} ({find_chromium() or 'Playwright Chromium'})",
             f"{'page':<9} {'boots':>6} {'crashes':>8} {'timeouts':>9} {'errors':>7} "
             f"{'ready median':>13}  reasons"]
    for name in PAGES:
        mine = [b for b in boots if b["page"] == name]
        if not mine:
            continue
        outcomes = Counter(b["outcome"] for b in mine)
        ready = [b["ms"] for b in mine if b["outcome"] == "ready"]
        reasons = Counter(b["reason"] for b in mine if b["outcome"] != "ready")
        told = "; ".join(f"{n}x {r}" for r, n in reasons.most_common()) or "-"
        median = f"{statistics.median(ready):.0f} ms" if ready else "n/a"
        lines.append(f"{name:<9} {len(mine):>6} {outcomes['crash']:>8} {outcomes['timeout']:>9} "
                     f"{outcomes['error']:>7} {median:>13}  {told}")
    total = Counter(b["outcome"] for b in boots)
    lines.append(f"{'all':<9} {len(boots):>6} {total['crash']:>8} {total['timeout']:>9} {total['error']:>7}")
    logs = [line for b in boots for line in b.get("log", [])]
    if logs:
        lines.append("Chromium's log around the failures:")
        lines += [f"  {n}x {line}" for line, n in Counter(
            re.sub(r"^\[[^\]]*\]", "", line) for line in logs).most_common(10)]
    return "\n".join(lines)


def hog(gigabytes: float) -> subprocess.Popen[bytes]:
    """Another process holding ``gigabytes`` of touched memory until it is stopped."""
    code = ("import mmap,sys,time\n"
            f"m = mmap.mmap(-1, int({gigabytes} * 2**30))\n"
            "for i in range(0, len(m), 4096): m[i] = 1\n"
            "print('held', flush=True)\ntime.sleep(10**6)\n")
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.readline()
    return process


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Renderer crashes while pages boot.")
    parser.add_argument("--boots", type=int, default=300, help="boots and reloads per page, all loops (300)")
    parser.add_argument("--reloads", type=int, default=2, help="reloads after each boot (2)")
    parser.add_argument("--loops", type=int, default=2, help="loops side by side, a browser each (2)")
    parser.add_argument("--pages", default="tree,dist,bare", help=f"comma-separated, of {','.join(PAGES)}")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site (make dist)")
    parser.add_argument("--out", type=Path, default=ROOT / "test-results" / "boot-crashes")
    parser.add_argument("--arg", action="append", default=[], help="one more Chromium flag")
    parser.add_argument("--no-dev-shm-flag", action="store_true",
                        help="drop Playwright's --disable-dev-shm-usage (shared memory in /dev/shm)")
    parser.add_argument("--open", type=int, default=0, metavar="K", help="keep K earlier contexts open")
    parser.add_argument("--hog", type=float, default=0, metavar="GB", help="hold GB of memory meanwhile")
    parser.add_argument("--guard", action="store_true",
                        help="route every request through Playwright, as the e2e suite's PageGuard does")
    parser.add_argument("--tracing", action="store_true",
                        help="Playwright's tracing on (screenshots, snapshots), as the e2e suite has it")
    parser.add_argument("--route", default="", help="boot the app (tree, dist) into this route, e.g. a game's")
    parser.add_argument("--no-jspi", action="store_true",
                        help="hide WebAssembly's JSPI from the pages (Pyodide then runs on the thread's stack)")
    parser.add_argument("--gwp-asan", action="store_true",
                        help="Chromium's GWP-ASan in every process (GWP_ASAN_EVERYWHERE)")
    parser.add_argument("--loop", type=int, help=argparse.SUPPRESS)  # a loop's own process
    parser.add_argument("--urls", help=argparse.SUPPRESS)
    parser.add_argument("--visits", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    pages = args.pages.split(",")
    if args.loop is not None:
        run_loop(args.loop, pages, json.loads(args.urls), args.visits, args.reloads, args.out,
                 args.arg, args.open, args.no_dev_shm_flag, args.guard, args.tracing, args.no_jspi)
        return 0

    unknown = set(pages) - set(PAGES)
    if unknown:
        parser.error(f"unknown pages: {sorted(unknown)}")
    if "dist" in pages and not (args.dist / "index.html").is_file():
        raise SystemExit(f"boot_crashes: no built site in {args.dist}: run `make dist`")
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "events.jsonl").write_text("")
    condition = ", ".join([f"{args.loops} loops", f"{args.reloads} reloads per boot"]
                          + args.arg + (["no --disable-dev-shm-usage"] if args.no_dev_shm_flag else [])
                          + ([f"{args.open} contexts kept open"] if args.open else [])
                          + ([f"{args.hog:g} GB held elsewhere"] if args.hog else [])
                          + (["requests routed through Playwright"] if args.guard else [])
                          + (["Playwright tracing"] if args.tracing else [])
                          + ([f"app booted into {args.route}"] if args.route else [])
                          + (["GWP-ASan in every process"] if args.gwp_asan else [])
                          + (["JSPI hidden"] if args.no_jspi else []))
    visits = -(-args.boots * len(pages) // (args.reloads + 1) // args.loops)
    with ExitStack() as stack, tempfile.TemporaryDirectory(prefix="boot-crashes-") as folder:
        urls: dict[str, str] = {}
        if {"tree", "bare"} & set(pages):
            tree = stack.enter_context(server(ROOT))
            urls.update(tree=tree + "index.html" + args.route, bare=tree + "bench/bare.html")
        if "dist" in pages:
            urls["dist"] = stack.enter_context(server(args.dist)) + "index.html" + args.route
        if "bare-npm" in pages:
            urls["bare-npm"] = stack.enter_context(server(bare_on_npm_runtime(Path(folder)))) + "bench/bare.html"
        held = hog(args.hog) if args.hog else None
        started = time.time()
        try:
            loops = [subprocess.Popen([sys.executable, "-m", "bench.boot_crashes", "--loop", str(i),
                                       "--urls", json.dumps(urls), "--visits", str(visits),
                                       "--reloads", str(args.reloads),
                                       "--pages", ",".join(pages), "--out", str(args.out),
                                       "--open", str(args.open)]
                                      + [f"--arg={a}" for a in args.arg]
                                      + ([f"--arg={GWP_ASAN_EVERYWHERE}"] if args.gwp_asan else [])
                                      + (["--no-dev-shm-flag"] if args.no_dev_shm_flag else [])
                                      + (["--guard"] if args.guard else [])
                                      + (["--tracing"] if args.tracing else [])
                                      + (["--no-jspi"] if args.no_jspi else []), cwd=ROOT)
                     for i in range(args.loops)]
            for process in loops:
                process.wait()
        finally:
            if held is not None:
                held.terminate()
    print(report(args.out, condition))
    print(f"({time.time() - started:.0f} s; logs and dumps in {args.out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
