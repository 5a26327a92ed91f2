#!/usr/bin/env python3
"""Chess Cards Hint benchmark, in the page: how soon the Hint answers and turns exact.

For each of N seeded deals (sacrifices and Queen's Privilege on, the defaults; one game), a
person (seat 0, who leads first) plays the `perfect` bot. At each of the person's turns the
bench presses Hint as soon as the turn comes (the worst case: the solver thinking ahead has had
no head start beyond the bot's reply) and records, on the page's own clock:

* how long the Hint took to show something (a suggestion: rule of thumb or light model);
* how long until it showed the exact best move and value; at move 1 the Hint is pressed a second
  after the deal (the end of the page's start) and the time is counted from the deal;
* the longest gap between two animation frames while the solver worked (the page must never
  stutter: the bound is 100 ms);

then plays the exact best move (the Hint's "Play it"). It also records how long the perfect bot took to reply, and,
after the game, how long until the analysis of the game (each move against perfect play) is
complete. Medians and p95 per move (1, 2, 3, later) over the deals.

A table to read, never an assertion: timings depend on the machine.

Usage: ``python3 -m bench.chess_cards_hint [-n 20] [--seed0 0] [--no-sacrifice] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.bot_report import p95, table
from tools.browser import find_chromium, launch
from tools.serve import serve, url_of

ROOT = Path(__file__).resolve().parent.parent

ROUTE = "#/chess-cards/play?seats=human,bot:perfect&seed={seed}&delay=0&match=0&sacrifice={sacrifice}"
TIMEOUT_MS = 600_000
SETTLE_MS = 1000

# Frame gaps (a requestAnimationFrame loop) and the Hint's timings, on the page's clock.
PROBE = """
(() => {
  new MutationObserver(() => {
    if (window.__readyAt === undefined && document.documentElement.hasAttribute('data-ready'))
      window.__readyAt = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  window.__gap = 0;
  let last = performance.now();
  const frame = (now) => {
    window.__gap = Math.max(window.__gap, now - last); last = now; requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.__hint = () => new Promise((resolve) => {
    const hint = () => document.querySelector('[data-testid=hint]');
    const start = performance.now();
    window.__gap = 0;
    document.querySelector('[data-testid=hint-button]').click();  // handled at once, in Python
    const shown = performance.now() - start;
    const first = hint() ? hint().dataset.advice : null;
    const finish = () => resolve({ shown, first, exact: performance.now() - start, gap: window.__gap,
                                   fromDeal: performance.now() - window.__readyAt });
    if (hint() && hint().dataset.advice === 'exact') return finish();
    const watch = new MutationObserver(() => {
      if (hint() && hint().dataset.advice === 'exact') { watch.disconnect(); finish(); }
    });
    watch.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
})();
"""

PERSON_TO_ACT = """() => {
  const table = document.querySelector('[data-testid=table]');
  if (table && table.dataset.over === '1') return 'over';
  const button = document.querySelector('[data-testid=hint-button]');
  return button && !button.disabled ? 'turn' : false;
}"""


@dataclass
class Deal:
    seed: int
    moves: list[dict[str, Any]] = field(default_factory=list)  # window.__hint()'s JSON
    bot_ms: list[float] = field(default_factory=list)
    analysis_ms: float | None = None


def play_deal(browser, base: str, seed: int, sacrifice: bool = True) -> Deal:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    try:
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(base + ROUTE.format(seed=seed, sacrifice=int(sacrifice)))
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        # The page's own start ends with a few long tasks (the first draw): let them pass, so
        # that the frame gaps measured are the solver's. It is at work from the deal on.
        page.wait_for_timeout(SETTLE_MS)
        deal = Deal(seed)
        played_at = 0.0  # when the person's last move was made: the bot's reply comes after it
        while True:
            state = page.wait_for_function(PERSON_TO_ACT, timeout=TIMEOUT_MS, polling=20).json_value()
            if state == "over":
                break
            if deal.moves:
                deal.bot_ms.append(page.evaluate("performance.now()") - played_at)
            deal.moves.append(page.evaluate("window.__hint()"))
            button = page.locator("[data-testid=play-hint]")
            played_at = page.evaluate("performance.now()")
            button.click()
        over_at = page.evaluate("performance.now()")
        page.wait_for_selector("[data-testid=analysis][data-status=done]", state="attached",
                               timeout=TIMEOUT_MS)
        deal.analysis_ms = page.evaluate("performance.now()") - over_at
        return deal
    finally:
        context.close()


def label(move: int) -> str:
    return f"move {move}" if move <= 3 else "move 4+"


def report(deals: list[Deal]) -> str:
    rows = []
    groups: dict[str, list[dict]] = {}
    for deal in deals:
        for number, move in enumerate(deal.moves, start=1):
            groups.setdefault(label(number), []).append(move)
    for name, moves in groups.items():
        shown = [float(m["shown"]) for m in moves]
        exact = [float(m["fromDeal" if name == "move 1" else "exact"]) / 1000 for m in moves]
        gaps = [float(m["gap"]) for m in moves]
        firsts = {str(m["first"]) for m in moves}
        rows.append(f"{name:<9} {len(moves):>5} {statistics.median(shown):>8.0f} {p95(shown):>7.0f} "
                    f"{statistics.median(exact):>9.2f} {p95(exact):>8.2f} {max(gaps):>9.0f}  "
                    f"{', '.join(sorted(firsts))}")
    bot = [ms / 1000 for deal in deals for ms in deal.bot_ms]
    analysis = [deal.analysis_ms / 1000 for deal in deals if deal.analysis_ms is not None]
    browser = find_chromium() or "Playwright's bundled Chromium"
    lines = [table(
        f"Chess Cards Hint in the page: {len(deals)} deals, Hint pressed as each turn comes "
        f"({browser}, headless)",
        f"{'turn':<9} {'hints':>5} {'shown ms':>8} {'p95':>7} {'exact s':>9} {'p95':>8} "
        f"{'max gap ms':>10}  first shown",
        rows), "move 1's exact time is counted from the deal (the Hint pressed a second after it).", ""]
    if bot:
        lines.append(f"perfect bot's reply: median {statistics.median(bot):.2f} s, p95 {p95(bot):.2f} s, "
                     f"max {max(bot):.2f} s over {len(bot)} replies")
    if analysis:
        lines.append(f"analysis complete after the game: median {statistics.median(analysis):.2f} s, "
                     f"p95 {p95(analysis):.2f} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Chess Cards Hint answer times in the page.")
    parser.add_argument("-n", "--deals", type=int, default=20, help="seeded deals (default 20)")
    parser.add_argument("--seed0", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--no-sacrifice", action="store_true",
                        help="sacrifices off (the solver is then fast: a quick check of the bench)")
    parser.add_argument("--json", action="store_true", help="print the raw measurements as JSON too")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright  # imported late: only the bench needs it

    server = serve(ROOT, "127.0.0.1", 0)
    deals = []
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            try:
                for seed in range(args.seed0, args.seed0 + args.deals):
                    deal = play_deal(browser, url_of(server) + "index.html", seed,
                                     sacrifice=not args.no_sacrifice)
                    deals.append(deal)
                    first = deal.moves[0]
                    print(f"  seed {seed}: move 1 exact {float(first['fromDeal']) / 1000:.1f} s after the deal, "
                          f"{len(deal.moves)} hints, analysis {deal.analysis_ms or 0:.0f} ms",
                          file=sys.stderr, flush=True)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(report(deals))
    if args.json:
        print(json.dumps([asdict(deal) for deal in deals], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
