#!/usr/bin/env python3
"""Friends on their own devices, measured with the app itself: an action's round trip between two
devices, the bytes a guest receives per move, and how long a guest takes to get in.

The working tree served by tools/serve.py, the project's PeerJS broker (tools/broker.py) on
loopback, one headless Chromium (tools/browser.py's flags) with one browser context per device:
the host's page opens a room (``seats=`` with a ``friend``), a fresh context opens its invite link,
joins, and both play whole games, each person (the host's and the guest's) clicking its first
legal action, as tests/e2e/test_friends.py plays (such games are short: 10 to 25 plies), one
move at a time (the next click waits until both tables show the last move). Pages ask for
reduced motion, as the e2e tests do. Nothing in the app is hooked: an init script in every
context records, in the page, with ``performance.timeOrigin + performance.now()`` (both contexts
run in one browser on one machine, so their clocks compare):

* every click on a ``button[data-action]`` (a capturing listener on ``window``, before the app's),
  with the table's ``data-ply`` then;
* every change of the table's ``data-ply``/``data-over`` (a MutationObserver on the document:
  its records arrive once the task that redrew the table is done, so "the table shows it" is the
  end of that task, the earliest the screen could show it);
* every text sent and received by a data channel (``tools.browser.DATA_CHANNEL_TAP``, as the e2e
  suite reads it): "on the wire" runs from ``send`` until the receiving page's ``message``
  event, so it includes any wait for that page's busy main thread.

Tables:

1. **Round trip of an action.** For a move of the guest: from its click until the host's table
   shows the new ply, and until the guest's own table shows it (the host's ``view`` came back).
   For a move of the host's person: until its table shows it, and until the guest's does. Then
   where a move spends that time: the clicking page's handling until its message leaves, each
   message on the wire (loopback), the host's engine and redraw, the guest's redraw of a view.
2. **Bytes per move.** All the text the guest's data channel received over a game (welcome and
   lobby included), divided by the game's plies; the ``view`` messages apart; the largest message;
   what the guest sent (``up``); how long the game took to play here (``play s``, from Start to
   both tables over, the driver's waits included).
3. **Joining, cold.** A fresh context (empty cache) opens the invite link: from the navigation's
   start until the join form is ready (``input[name=name]`` and ``html[data-ready]``); from the
   click on Join until the lobby shows this device's seat ("you"), split at the ``join`` message
   leaving (PeerJS loaded, the broker's introduction, WebRTC's handshakes) and the host's
   ``welcome`` arriving. Each game's guest joins cold, and ``--joins`` more do. And the host's
   page (one context for all its rooms: warm after the first): until ``html[data-ready]``, then
   until its room is open (PeerJS loaded, the room registered at the broker).

On loopback the wire is nearly free: what remains is the pages' own work (Pyodide, the engine,
the redraws), on a machine that may be shared: the load average is printed with the tables.
Tables to read, never assertions.

Usage: ``python3 -m bench.friends [--games 2] [--joins 2] [--seed 1] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.bot_report import ms, p95, table
from tools.browser import play_until_over

if TYPE_CHECKING:  # playwright is a bench dependency only
    from playwright.sync_api import Browser, BrowserContext, Locator, Page

ROOT = Path(__file__).resolve().parent.parent

#: The games played: (game id, title, seats, more of the route).
GAMES: tuple[tuple[str, str, str, str], ...] = (
    ("checks", "Checks", "human:Ann,friend", ""),
    ("chess-cards", "Chess Cards", "friend,human:Ann", "&match=0"),
)

#: Recorded in every page, in ``window.__bench`` (see the module's docstring). Times are
#: ``performance.timeOrigin + performance.now()`` (ms since the epoch), but for the marks of a
#: page's own load (``form``, ``ready``, ``room``: ms since the navigation started).
RECORDER = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const B = window.__bench = {clicks: [], plies: [], marks: {}};
  const plyOf = () => {
    const table = document.querySelector('[data-testid=table]');
    return table ? Number(table.dataset.ply) : -1;
  };
  window.addEventListener('click', event => {
    const button = event.target instanceof Element
      && event.target.closest('button[data-action], button[data-cmd=join]');
    if (button) B.clicks.push([now(), button.dataset.action || 'join', plyOf()]);
  }, true);
  let shown = null;
  const look = () => {
    const t = now();
    const table = document.querySelector('[data-testid=table]');
    if (table) {
      const key = table.dataset.ply + '/' + (table.dataset.over || '');
      if (key !== shown) {
        shown = key;
        B.plies.push([t, Number(table.dataset.ply), table.dataset.over === '1']);
      }
    }
    const m = B.marks;
    if (m.ready === undefined && document.querySelector('html[data-ready="1"]')) m.ready = performance.now();
    if (m.form === undefined && m.ready !== undefined && document.querySelector('input[name=name]')) {
      m.form = performance.now();
    }
    if (m.room === undefined
        && document.querySelector('[data-testid=lobby] [data-testid=connection][data-state="connected"]')) {
      m.room = performance.now();
    }
    if (m.you === undefined && document.querySelector('[data-testid=join-lobby]')
        && [...document.querySelectorAll('[data-testid=join-lobby] [data-testid=seat] .room-seat-status')]
             .some(element => element.textContent.trim() === 'you')) {
      m.you = t;
    }
  };
  new MutationObserver(look).observe(document, {
    subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ['data-ply', 'data-over', 'data-ready', 'data-state', 'data-testid'],
  });
})();
"""

READY = 'html[data-ready="1"]'
TABLE = "[data-testid=table]"
ACTION = "button[data-action]"
PICK = "button[data-pick]"
LOBBY_OPEN = '[data-testid=lobby] [data-testid=connection][data-state="connected"]'
#: How long a step waits for the other device, and for a page to boot.
WAIT_MS = 30_000
BOOT_MS = 120_000

#: What a page shows now: its table's ply, whether the game is over, what a person may click.
LOOK = """() => {
  const table = document.querySelector('[data-testid=table]');
  return {ply: table ? Number(table.dataset.ply) : -1, over: !!table && table.dataset.over === '1',
          actions: document.querySelectorAll('button[data-action]').length,
          picks: document.querySelectorAll('button[data-pick]').length};
}"""

#: The page's table has moved past ``before`` (or the game is over).
MOVED = ("before => { const t = document.querySelector('[data-testid=table]');"
         " return !!t && (t.dataset.over === '1' || Number(t.dataset.ply) > before); }")


@dataclass
class Message:
    """One text on a data channel: when (ms since the epoch), its size in UTF-8 bytes, and what
    it says (``{}`` for a text that is not a JSON object)."""

    t: float
    size: int
    body: dict[str, Any]

    @property
    def kind(self) -> str:
        return str(self.body.get("type", "?"))

    @property
    def ply(self) -> int:
        value = self.body.get("ply", -1)
        return value if isinstance(value, int) else -1


def messages(raw: list[list[Any]]) -> list[Message]:
    found = []
    for t, text in raw:
        try:
            body = json.loads(text)
        except ValueError:
            body = {}
        found.append(Message(float(t), len(str(text).encode()), body if isinstance(body, dict) else {}))
    return found


@dataclass
class Record:
    """What one page recorded (``RECORDER``), read back once its game is over."""

    recv: list[Message]
    sent: list[Message]
    clicks: list[tuple[float, str, int]]
    plies: list[tuple[float, int, bool]]
    marks: dict[str, float]

    @classmethod
    def read(cls, page: Page) -> Record:
        raw = page.evaluate("window.__bench")
        wire = page.evaluate("({recv: window.__wire.recv, sent: window.__wire.sent})")
        return cls(messages(wire["recv"]), messages(wire["sent"]),
                   [(float(t), str(a), int(p)) for t, a, p in raw["clicks"]],
                   [(float(t), int(p), bool(o)) for t, p, o in raw["plies"]],
                   {key: float(value) for key, value in raw["marks"].items()})

    def shown(self, after: float, past: int) -> float | None:
        """When this page's table first showed a ply past ``past``, at or after ``after``."""
        return next((t for t, ply, _ in self.plies if t >= after and ply > past), None)


def first(found: Sequence[Message], test: Callable[[Message], bool], after: float | None) -> float | None:
    if after is None:
        return None
    return next((m.t for m in found if m.t >= after and test(m)), None)


def gap(start: float | None, end: float | None) -> float | None:
    return None if start is None or end is None else end - start


@dataclass
class Game:
    """One game played between the host's page and a guest's: the moves' times and the wire."""

    game: str
    title: str
    seed: int
    plies: int = 0
    #: measure -> values (ms), for the moves of the guest and of the host's person.
    times: dict[str, list[float]] = field(default_factory=dict)
    to_guest: list[int] = field(default_factory=list)
    view_sizes: list[int] = field(default_factory=list)
    largest: tuple[int, str] = (0, "")
    from_guest: int = 0
    play_s: float = 0.0

    def add(self, measure: str, value: float | None) -> None:
        if value is not None:
            self.times.setdefault(measure, []).append(value)


@dataclass
class Join:
    """One cold join: ms from the invite link's navigation to the join form, then from the
    click on Join to its steps."""

    game: str
    form: float
    click_to_you: float | None
    click_to_join_sent: float | None
    join_sent_to_welcome: float | None
    welcome_to_you: float | None


# ----------------------------------------------------------------------------- playing


def press(button: Locator) -> None:
    """Click ``button``; where a neighbour overlaps it, the click goes to the button itself
    (as tests/e2e/test_friends.py does)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        button.click(timeout=1000)
    except PlaywrightTimeout:
        button.dispatch_event("click", timeout=1000)


def act_once(pages: Sequence[Page]) -> bool:
    """On the first page where a person may act, click its first action (picking first where it
    needs a pick); then wait until every page shows the move. False when nobody may act now."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for page in pages:
        now = page.evaluate(LOOK)
        if now["over"] or not (now["actions"] or now["picks"]):
            continue
        try:
            if not now["actions"]:
                press(page.locator(PICK).first)
                page.locator(ACTION).first.wait_for(state="attached", timeout=5000)
            press(page.locator(ACTION).first)
        except PlaywrightTimeout:
            continue  # redrawn meanwhile, or the turn passed: look again
        for each in pages:  # one move at a time: the next click waits for both tables
            each.wait_for_function(MOVED, arg=now["ply"], timeout=WAIT_MS)
        return True
    return False


def play(pages: Sequence[Page], max_turns: int = 1000) -> None:
    """Every person plays its first legal action until both tables are over."""
    play_until_over(pages, over=lambda page: bool(page.evaluate(LOOK)["over"]), act=lambda: act_once(pages),
                    wait=lambda: pages[0].wait_for_timeout(100), patience=150, max_turns=max_turns)


def open_room(page: Page, base: str, game: str, seats: str, extra: str, seed: int, broker: str) -> str:
    """The host's page opens a room; returns its invite link once the room is open."""
    page.goto(f"{base}index.html#/{game}/play?seats={seats}&seed={seed}&delay=0&broker={broker}{extra}",
              wait_until="domcontentloaded")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    page.wait_for_selector(LOBBY_OPEN, timeout=WAIT_MS)
    return page.locator("[data-testid=invite-link]").get_attribute("href") or ""


def device(browser: Browser) -> BrowserContext:
    """A new device: a browser context with an empty cache, at the e2e tests' size, asking for
    reduced motion as they do, its pages recorded (``RECORDER``)."""
    from tools.browser import DATA_CHANNEL_TAP

    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    context.add_init_script(DATA_CHANNEL_TAP)  # the wire: window.__wire
    context.add_init_script(RECORDER)
    return context


def join(browser: Browser, link: str, game: str) -> tuple[Page, Join]:
    """A fresh context (a device that never saw the site) opens ``link`` and joins as Bo."""
    guest = device(browser).new_page()
    guest.goto(link, wait_until="domcontentloaded")
    guest.wait_for_function("() => window.__bench.marks.form !== undefined", timeout=BOOT_MS)
    guest.fill("input[name=name]", "Bo")
    guest.click("button[data-cmd=join]")
    guest.wait_for_function("() => window.__bench.marks.you !== undefined", timeout=WAIT_MS)
    record = Record.read(guest)
    clicked = next((t for t, what, _ in record.clicks if what == "join"), None)
    join_sent = first(record.sent, lambda m: m.kind == "join", clicked)
    welcome = first(record.recv, lambda m: m.kind == "welcome", join_sent)
    you = record.marks.get("you")
    return guest, Join(game, record.marks["form"], gap(clicked, you), gap(clicked, join_sent),
                       gap(join_sent, welcome), gap(welcome, you))


def start(host: Page, guest: Page, seat: int) -> None:
    host.locator(f'[data-testid=seat][data-seat="{seat}"][data-status="joined"]').wait_for(timeout=WAIT_MS)
    host.click("button[data-cmd=start]")
    for page in (host, guest):
        page.locator(TABLE).wait_for(timeout=WAIT_MS)


GUEST_CLICK_HOST = "guest's move: click → host's table shows it"
GUEST_CLICK_GUEST = "guest's move: click → guest's table shows it"
HOST_CLICK_HOST = "host's move: click → host's table shows it"
HOST_CLICK_GUEST = "host's move: click → guest's table shows it"

#: Where a move's time goes, in the order it passes.
GUEST_STEPS = (
    ("guest: click → act sent", "g.click", "g.act"),
    ("wire: act, guest → host", "g.act", "h.act"),
    ("host: act received → table shows it", "h.act", "h.shown"),
    ("host: act received → view sent", "h.act", "h.view"),
    ("wire: view, host → guest", "h.view", "g.view"),
    ("guest: view received → table shows it", "g.view", "g.shown"),
)
HOST_STEPS = (
    ("host: click → table shows it", "h.click", "h.shown"),
    ("host: click → view sent", "h.click", "h.view"),
    ("wire: view, host → guest", "h.view", "g.view"),
    ("guest: view received → table shows it", "g.view", "g.shown"),
)


def first_clicks(record: Record) -> list[tuple[float, int]]:
    """The first click on an action at each ply (a second one at the same ply changed nothing)."""
    seen: dict[int, float] = {}
    for t, what, ply in record.clicks:
        if what != "join" and ply >= 0 and ply not in seen:
            seen[ply] = t
    return sorted((t, ply) for ply, t in seen.items())


def analyse(result: Game, host: Record, guest: Record) -> None:
    """The moves' times and the wire's bytes of one game from both pages' records."""
    def view_after(found: list[Message], ply: int, after: float | None) -> float | None:
        return first(found, lambda m: m.kind == "view" and m.ply > ply, after)

    def act_at(found: list[Message], ply: int, after: float | None) -> float | None:
        return first(found, lambda m: m.kind == "act" and m.ply == ply, after)

    for clicked, ply in first_clicks(guest):
        points: dict[str, float | None] = {"g.click": clicked}
        points["g.act"] = act_at(guest.sent, ply, clicked)
        points["h.act"] = act_at(host.recv, ply, points["g.act"])
        points["h.shown"] = host.shown(clicked, ply)
        points["h.view"] = view_after(host.sent, ply, points["h.act"])
        points["g.view"] = view_after(guest.recv, ply, points["h.view"])
        points["g.shown"] = guest.shown(clicked, ply)
        result.add(GUEST_CLICK_HOST, gap(clicked, points["h.shown"]))
        result.add(GUEST_CLICK_GUEST, gap(clicked, points["g.shown"]))
        for name, start_at, end_at in GUEST_STEPS:
            result.add(name + " [g]", gap(points[start_at], points[end_at]))
    for clicked, ply in first_clicks(host):
        points = {"h.click": clicked, "h.shown": host.shown(clicked, ply),
                  "h.view": view_after(host.sent, ply, clicked)}
        points["g.view"] = view_after(guest.recv, ply, points["h.view"])
        points["g.shown"] = guest.shown(clicked, ply)
        result.add(HOST_CLICK_HOST, gap(clicked, points["h.shown"]))
        result.add(HOST_CLICK_GUEST, gap(clicked, points["g.shown"]))
        for name, start_at, end_at in HOST_STEPS:
            result.add(name + " [h]", gap(points[start_at], points[end_at]))
    result.plies = max(ply for _, ply, _ in host.plies)
    result.to_guest = [m.size for m in guest.recv]
    result.view_sizes = [m.size for m in guest.recv if m.kind == "view"]
    biggest = max(guest.recv, key=lambda m: m.size)
    result.largest = (biggest.size, biggest.kind)
    result.from_guest = sum(m.size for m in guest.sent)


def measure(games: int, joins: int, seed: int, log: Callable[[str], None]) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright  # a bench dependency only

    from tools.broker import Broker
    from tools.browser import launch
    from tools.serve import serve, url_of

    load_before = os.getloadavg()
    server = serve(ROOT, "127.0.0.1", 0)
    played: list[Game] = []
    joined: list[Join] = []
    #: Each room's host page: ms from its navigation to html[data-ready], and on to the room open.
    rooms: list[tuple[float, float]] = []
    try:
        with Broker("127.0.0.1", 0) as broker, sync_playwright() as playwright:
            browser = launch(playwright)
            try:
                base = url_of(server)
                host_context = device(browser)
                plan = [(spec, seed + n) for n in range(games) for spec in GAMES]
                plan += [(GAMES[0], seed + games + n) for n in range(joins)]
                for number, ((game, title, seats, extra), game_seed) in enumerate(plan):
                    playing = number < games * len(GAMES)
                    host = host_context.new_page()
                    link = open_room(host, base, game, seats, extra, game_seed, broker.url)
                    marks = Record.read(host).marks
                    rooms.append((marks["ready"], marks["room"] - marks["ready"]))
                    guest, entry = join(browser, link, game)
                    joined.append(entry)
                    if playing:
                        start(host, guest, seats.split(",").index("friend"))
                        started = time.monotonic()
                        play([host, guest])
                        result = Game(game, title, game_seed)
                        analyse(result, Record.read(host), Record.read(guest))
                        result.play_s = time.monotonic() - started
                        played.append(result)
                        log(f"{title} (seed {game_seed}): {result.plies} plies in {result.play_s:.0f} s")
                    else:
                        log(f"join {number - games * len(GAMES) + 1}: form {entry.form:,.0f} ms")
                    guest.context.close()
                    host.close()
                version = browser.version
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return {"browser": version, "load_before": load_before, "load_after": os.getloadavg(),
            "cpus": os.cpu_count(), "commit": commit(), "games": [vars(g) for g in played],
            "joins": [vars(j) for j in joined], "rooms": rooms}


def commit() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return head + ("+changes" if dirty else "")


# ----------------------------------------------------------------------------- tables


def stats(values: Sequence[float]) -> str:
    if not values:
        return f"{0:>4} {'-':>10} {'-':>10} {'-':>10}"
    return f"{len(values):>4} {ms(statistics.median(values)):>10} {ms(p95(list(values))):>10} {ms(max(values)):>10}"


def report(results: dict[str, Any]) -> str:
    games = results["games"]
    titles = list(dict.fromkeys(g["title"] for g in games))

    def values(title: str, measure: str) -> list[float]:
        return [v for g in games if g["title"] == title for v in g["times"].get(measure, [])]

    header = f"{'game':<12} {'measure':<46} {'n':>4} {'median ms':>10} {'p95 ms':>10} {'max ms':>10}"
    trips = [f"{title:<12} {measure:<46} {stats(values(title, measure))}"
             for title in titles
             for measure in (GUEST_CLICK_HOST, GUEST_CLICK_GUEST, HOST_CLICK_HOST, HOST_CLICK_GUEST)]
    steps = []
    for title in titles:
        for mover, suffix, names in (("the guest's moves", " [g]", GUEST_STEPS),
                                     ("the host's person's moves", " [h]", HOST_STEPS)):
            steps.append(f"{title:<12} ({mover})")
            steps += [f"{'':<12} {name:<46} {stats(values(title, name + suffix))}" for name, _, _ in names]
    wire_rows = []
    for g in games:
        total = sum(g["to_guest"])
        views = sum(g["view_sizes"])
        plies = max(1, g["plies"])
        wire_rows.append(
            f"{g['title']:<12} {g['seed']:>4} {g['plies']:>5} {len(g['to_guest']):>5} {total:>9,} "
            f"{total / plies:>9,.0f} {len(g['view_sizes']):>5} {views / max(1, len(g['view_sizes'])):>9,.0f} "
            f"{g['largest'][0]:>8,} {g['largest'][1]:<7} {g['from_guest'] / plies:>8,.0f} {g['play_s']:>6.0f}")
    joins = results["joins"]

    def join_line(name: str, found: list[float | None]) -> str:
        present = [v for v in found if v is not None]
        low = ms(min(present)) if present else "-"
        return f"{name:<54} {stats(present)} {low:>10}"

    join_rows = [
        join_line("invite link opened → join form ready", [j["form"] for j in joins]),
        join_line("Join clicked → lobby shows this device's seat", [j["click_to_you"] for j in joins]),
        join_line("  click → join message sent (PeerJS, broker, WebRTC)", [j["click_to_join_sent"] for j in joins]),
        join_line("  join sent → welcome received (the host)", [j["join_sent_to_welcome"] for j in joins]),
        join_line("  welcome received → seat shown", [j["welcome_to_you"] for j in joins]),
        join_line("host: page opened → html[data-ready] (warm cache)", [boot for boot, _ in results["rooms"][1:]]),
        join_line("host: html[data-ready] → room open (lobby connected)", [room for _, room in results["rooms"]]),
    ]
    load = " ".join(f"{v:.2f}" for v in results["load_before"])
    load_after = " ".join(f"{v:.2f}" for v in results["load_after"])
    where = (f"headless Chromium {results['browser']}, two contexts, the project's broker on loopback, "
             f"tree {results['commit']}")
    parts = [
        f"Friends on their own devices, measured in the app: {where}",
        f"Load average (1, 5, 15 min) at the start: {load}; at the end: {load_after}; {results['cpus']} CPUs",
        "",
        table("Round trip of an action (each person clicks its first legal action; one move at a time)",
              header, trips),
        "",
        table("Where a move's time goes (ms between the recorded points)", header, steps),
        "",
        table("Bytes per move: text received by the guest's data channel over a whole game",
              f"{'game':<12} {'seed':>4} {'plies':>5} {'msgs':>5} {'bytes':>9} {'B/ply':>9} {'views':>5} "
              f"{'B/view':>9} {'largest':>8} {'type':<7} {'up B/ply':>8} {'play s':>6}", wire_rows),
        "",
        table("Joining from the invite link, cold (a fresh context each time); the host's room opening",
              f"{'measure':<54} {'n':>4} {'median ms':>10} {'p95 ms':>10} {'max ms':>10} {'min ms':>10}",
              join_rows),
    ]
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Round trips, bytes per move and join times of a game with "
                                                 "a friend on another device, measured in the app.")
    parser.add_argument("--games", type=int, default=2,
                        help="whole games of each of Checks and Chess Cards (default 2)")
    parser.add_argument("--joins", type=int, default=2,
                        help="cold joins timed besides each game's own guest (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (the next ones count up)")
    parser.add_argument("--json", action="store_true", help="print the raw results as JSON instead")
    args = parser.parse_args(argv)
    results = measure(args.games, args.joins, args.seed, lambda line: print(line, file=sys.stderr, flush=True))
    print(json.dumps(results, indent=2) if args.json else report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
