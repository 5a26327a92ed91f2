#!/usr/bin/env python3
"""The link between devices (``pwa/room-link.mjs``): round trips over a data channel, and how long
a guest takes to get in.

Two browser contexts of one headless Chromium (two devices; tools/browser.py's flags), each on a
plain file of the site served from this repository, with the module imported as the app imports
it; the project's PeerJS broker (tools/broker.py) on loopback. Measured in the pages
(``performance.now()``):

* round trip: the host sends a message, the guest's ``on.message`` sends it straight back, the
  host's ``on.message`` takes the time; one message at a time, ``--messages`` of them (after a few
  not counted), for a small message (a game action's size) and a 20 kB one (a large view);
* ``openRoom`` until it resolves (the room registered at the broker; PeerJS's script loaded);
* ``joinRoom`` until ``on.status("connected")``: the guest's first join (its page loads PeerJS),
  then ``--joins`` more, each a new guest on the same page (``close()`` of the last one first):
  a new Peer registered at the broker, the offer through it, ICE on loopback, the channel open.

On loopback these times are the floor: the broker's introduction, WebRTC's handshakes and the
browsers' own work; a real network adds its round trips to each. Tables to read, never
assertions.

Usage: ``python3 -m bench.room_link [--messages 200] [--joins 20] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

from bench.bot_report import ms, p95, table

ROOT = Path(__file__).resolve().parent.parent
#: A page of the site's origin at its root that runs nothing of its own (see
#: tests/e2e/test_room_link.py: a page made up by Playwright may not reach a loopback broker).
LINK_PAGE = "pyproject.toml"
WARM_UP = 10

SETUP = """async () => { window.link = await import("./pwa/room-link.mjs"); }"""

OPEN = """async ([code, broker]) => {
  window.connected = [];
  const start = performance.now();
  window.room = await link.openRoom(code, {broker, iceServers: []}, {
    connected: (id) => connected.push(id),
    message: (id, text) => window.onEcho?.(id, text),
  });
  return performance.now() - start;
}"""

JOIN = """([code, broker]) => new Promise((resolve, reject) => {
  window.guest?.close();
  const start = performance.now();
  const timer = setTimeout(() => reject(new Error("not connected in 30 s")), 30000);
  window.guest = link.joinRoom(code, {broker, iceServers: []}, {
    status: (state, detail) => {
      if (state === "connected") { clearTimeout(timer); resolve(performance.now() - start); }
      if (state === "failed") { clearTimeout(timer); reject(new Error(detail)); }
    },
    message: (text) => guest.send(text),
  });
})"""

ROUND_TRIPS = """async ([id, size, count, warmUp]) => {
  const times = [];
  for (let n = 0; n < count + warmUp; n++) {
    const text = JSON.stringify({type: "view", n, pad: "x".repeat(size)});
    const start = performance.now();
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no echo of message ${n} in 10 s`)), 10000);
      window.onEcho = (from, echoed) => {
        if (from === id && echoed === text) { clearTimeout(timer); resolve(); }
      };
      if (!room.send(id, text)) reject(new Error("the channel is not open"));
    });
    if (n >= warmUp) times.push(performance.now() - start);
  }
  return times;
}"""


def measure(messages: int, joins: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright  # a bench dependency only

    from tools.broker import Broker
    from tools.browser import launch
    from tools.serve import serve, url_of

    server = serve(ROOT, "127.0.0.1", 0)
    try:
        with Broker("127.0.0.1", 0) as broker, sync_playwright() as playwright:
            browser = launch(playwright)
            try:
                base = url_of(server)
                host, guest = (browser.new_context().new_page() for _ in range(2))
                for page in (host, guest):
                    page.goto(base + LINK_PAGE)
                    page.evaluate(SETUP)
                code = "bench"
                opened = host.evaluate(OPEN, [code, broker.url])
                first = guest.evaluate(JOIN, [code, broker.url])
                again = [guest.evaluate(JOIN, [code, broker.url]) for _ in range(joins)]
                host.wait_for_function(f"connected.length === {joins + 1}")
                conn_id = host.evaluate("connected.at(-1)")
                small = host.evaluate(ROUND_TRIPS, [conn_id, 0, messages, WARM_UP])
                large = host.evaluate(ROUND_TRIPS, [conn_id, 20_000, messages, WARM_UP])
                small_bytes = len(json.dumps({"type": "view", "n": 100, "pad": ""}, separators=(",", ":")))
                return {"open": opened, "first_join": first, "joins": again, "small": small,
                        "small_bytes": small_bytes, "large": large, "browser": browser.version}
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def report(results: dict[str, Any]) -> str:
    def line(name: str, values: list[float]) -> str:
        return (f"{name:<38} {len(values):>5} {ms(statistics.median(values)):>10} "
                f"{ms(p95(values)):>10} {ms(max(values)):>10}")

    rows = [
        line(f"round trip, {results['small_bytes']} B message", results["small"]),
        line("round trip, 20 kB message", results["large"]),
        line("openRoom until open", [results["open"]]),
        line("joinRoom until connected, first", [results["first_join"]]),
        line("joinRoom until connected, again", results["joins"]),
    ]
    where = (f"pwa/room-link.mjs between two contexts of headless Chromium {results['browser']}, "
             "the project's broker on loopback")
    return table(f"The link between devices, {where}",
                 f"{'measure':<38} {'n':>5} {'median ms':>10} {'p95 ms':>10} {'max ms':>10}", rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Round trips over the link between devices, and join times.")
    parser.add_argument("--messages", type=int, default=200, help="round trips per message size (default 200)")
    parser.add_argument("--joins", type=int, default=20, help="joins timed after the first (default 20)")
    parser.add_argument("--json", action="store_true", help="print raw timings as JSON instead")
    args = parser.parse_args(argv)
    results = measure(args.messages, args.joins)
    print(json.dumps(results, indent=2) if args.json else report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
