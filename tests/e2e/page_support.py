"""What the browser tests share besides the fixtures of ``conftest.py``: the fixtures' types
(``OpenApp``, ``Shot``, ``PageGuard``), viewports, the five games as the gallery lists them,
selectors of the page contract (ARCHITECTURE.md: ``data-ready``, ``data-over``, ``data-action``,
``data-pick``), the loop that plays a game to its end through the page, and the checks every
game's table gets: no sideways scrolling, the pause on a game's result in a series, the result.

Imported as ``from page_support import ...`` (pyproject.toml's pytest ``pythonpath`` has this folder).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Locator, Page, Route, WebError, expect

OpenApp = Callable[..., Page]
#: A new device of a room with friends (the ``device`` fixture): a page in its own browser context.
Device = Callable[..., Page]
Shot = Callable[[Page, str], Path]

LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost"})


@dataclass
class PageGuard:
    """What the pages of a context did that a test must not tolerate, plus a log of every
    request (the ``page_guard`` fixture of ``conftest.py``, which ``watch``es every context a
    test opens)."""

    requests: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    crashes: list[str] = field(default_factory=list)

    def watch(self, context: BrowserContext) -> None:
        """Guard every page of ``context``, popups and workers included: its requests (those to
        another host are aborted), console errors, uncaught errors and renderer crashes."""
        context.route("**/*", self.on_route)
        context.on("console", self.on_console)
        context.on("weberror", self.on_web_error)
        context.on("page", lambda page: page.on("crash", self.on_crash))

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            location = message.location or {}
            where = f" ({location.get('url')}:{location.get('lineNumber')})" if location.get("url") else ""
            self.console_errors.append(f"{message.text}{where}")

    def on_page_error(self, error: Exception) -> None:
        self.page_errors.append(str(error))

    def on_web_error(self, error: WebError) -> None:
        self.page_errors.append(str(error.error))

    def on_crash(self, page: Page) -> None:
        # Why is in Chromium's log and crash dump: conftest.py adds them to the failure.
        self.crashes.append(f"the renderer crashed (page.on('crash')) at {page.url}")

    def on_route(self, route: Route) -> None:
        url = route.request.url
        self.requests.append(url)
        parts = urlsplit(url)
        # data:/blob: never reach the network; anything with a host must be this machine.
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOCAL_HOSTS:
            self.foreign.append(url)
            route.abort("blockedbyclient")
            return
        route.continue_()

    def clear(self) -> None:
        """Forget recorded problems (for tests that provoke them on purpose)."""
        self.foreign.clear()
        self.console_errors.clear()
        self.page_errors.clear()
        self.crashes.clear()

    def problems(self, page: Page | None) -> list[str]:
        found = list(self.crashes)
        found += [f"request left 127.0.0.1: {u}" for u in self.foreign]
        found += [f"console error: {m}" for m in self.console_errors]
        found += [f"page error: {m}" for m in self.page_errors]
        if page is not None and not page.is_closed() and not self.crashes:
            try:
                banners = page.locator(".py-error").all_inner_texts()
            except Exception as exc:  # a page gone is itself the problem
                banners = [f"(could not read the page: {exc})"]
            found += [f".py-error banner: {banner.strip()}" for banner in banners]
        return found


#: The five games in the gallery's order, with their titles.
GAME_IDS = ("checks", "checkmate", "private-checkers", "chess-cards", "check")
GAME_TITLES = ("Checks", "Checkmate", "Saving Private Checkers", "Chess Cards", "Check!")

PHONE = {"width": 360, "height": 740}
#: Set on <html> once Python is up and the first screen is interactive.
READY = 'html[data-ready="1"]'
TABLE = "[data-testid=table]"
OVER = '[data-testid=table][data-over="1"]'
RESULT = "[data-testid=result]"
ACTION = "button[data-action]"
PASS = "[data-testid=pass-done]"
NEXT_GAME = "[data-action=next-game]"
#: The result of one game of a series, shown while the table waits for NEXT_GAME.
INTERLUDE = "[data-testid=game-result]"

#: True once the page waits for a person (an action, a pick, the pass-the-device screen) or the
#: game is over: bots move on their own, so this is the moment a test may act again.
SETTLED = """() => !!(document.querySelector('[data-testid=table][data-over="1"]')
                     || document.querySelector('button[data-action], button[data-pick]')
                     || document.querySelector('[data-testid=pass-done]'))"""


def settle(page: Page, timeout_ms: int = 90_000) -> None:
    """Wait until a person may act or the game is over (see ``SETTLED``)."""
    page.wait_for_function(SETTLED, timeout=timeout_ms)


def overflow(page: Page) -> int:
    """How many CSS pixels the page is wider than its viewport (0: no sideways scrolling)."""
    return page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth")


def assert_fits(page: Page) -> None:
    """The page is no wider than its viewport: nothing to scroll sideways (on a phone too)."""
    wider = overflow(page)
    width = (page.viewport_size or {}).get("width")
    assert wider <= 0, f"the page is {wider}px wider than its {width}px viewport"


def interlude(page: Page, number: int, timeout_ms: int = 60_000) -> Locator:
    """The result of game ``number`` of a series, once the table shows it and holds its bots
    (``data-paused``) until someone clicks NEXT_GAME."""
    shown = page.locator(INTERLUDE)
    expect(shown).to_be_visible(timeout=timeout_ms)
    expect(shown).to_have_attribute("data-game", str(number))
    expect(page.locator(TABLE)).to_have_attribute("data-paused", "1")
    return shown


def final_result(page: Page, timeout_ms: int = 60_000) -> Locator:
    """The table's result, once the table is over (the last game of a series included)."""
    expect(page.locator(OVER)).to_have_count(1, timeout=timeout_ms)
    return page.locator(RESULT)


def phone_game(page: Page, open_app: OpenApp, shot: Shot, route: str, name: str,
               take_turn: Callable[[Page], str]) -> None:
    """A whole game on a phone's screen: ``route`` opened at ``PHONE`` size fits it (screenshot
    ``<name>-table-360``), and is played out with ``take_turn``; the caller checks the end."""
    page.set_viewport_size(PHONE)
    open_app(page, route)
    assert_fits(page)
    shot(page, f"{name}-table-360")
    play_out(page, take_turn)


def play_out(page: Page, take_turn: Callable[[Page], str], *, max_turns: int = 400,
             timeout_ms: int = 90_000) -> list[str]:
    """Play until the table is over: each time the page settles, pass the device if it asks,
    else let ``take_turn`` act (it returns what it did, for the failure message and the test)."""
    done: list[str] = []
    for _ in range(max_turns):
        settle(page, timeout_ms)
        if page.locator(OVER).count():
            return done
        if page.locator(PASS).count():
            page.locator(PASS).click()
            done.append("pass")
            continue
        done.append(take_turn(page))
    raise AssertionError(f"no end after {max_turns} turns: {done[-20:]}")


def first_action(page: Page) -> str:
    """A turn that clicks the first offered action."""
    button = page.locator(ACTION).first
    action = button.get_attribute("data-action") or ""
    button.click()
    return action


# ----------------------------------------------------------------------------- saved games (issue 12)

#: Where each game's table lists what has happened (its log or score sheet): the text a reload
#: must bring back unchanged.
LOG_OF = {
    "checks": "[data-testid=moves]",
    "checkmate": "[data-testid=log]",
    "private-checkers": "[data-testid=log]",
    "chess-cards": "[data-testid=moves]",
    "check": "[data-testid=log]",
}
UNDO = "button[data-cmd=undo]"
CONTINUE = "[data-testid=continue]"
#: The storage keys of a game in progress and of a finished one (issue 12).
GAME_KEY = "five-checks:game:"
DONE_KEY = "five-checks:done:"


def ply(page: Page, scope: str = "") -> int:
    """The table's ``data-ply`` (``scope``: a selector the table sits in, e.g. the replay)."""
    value = page.locator(f"{scope} {TABLE}".strip()).get_attribute("data-ply")
    assert value is not None and value.isdigit(), f"the table has no data-ply (got {value!r})"
    return int(value)


#: True once ``SETTLED`` holds, no card is in flight (``ui.kit.motion``'s animations, id
#: ``motion``) and no bot is to act (so none is answering): the game is over or paused, or
#: ``data-to-act`` names none of the bot seats of the saved game the URL names.
STEADY = """() => {
    const table = document.querySelector('[data-testid=table]');
    if (!table || !(SETTLED)()) return false;
    if (document.getAnimations().some(a => a.id === 'motion' && a.playState === 'running')) return false;
    if (table.dataset.over === '1' || table.dataset.paused === '1') return true;
    const id = (decodeURIComponent(location.hash).match(/[?&]id=([A-Za-z0-9]+)/) || [])[1];
    const saved = id && localStorage.getItem('five-checks:game:' + id);
    if (!saved) throw new Error('steady: no saved game names the seats (' + location.hash + ')');
    const bots = JSON.parse(saved).seats.flatMap((seat, index) => seat.kind === 'bot' ? [index] : []);
    return !(table.dataset.toAct || '').split(',').some(seat => seat !== '' && bots.includes(Number(seat)));
}""".replace("SETTLED", SETTLED)


def steady(page: Page, timeout_ms: int = 90_000) -> int:
    """Wait until a person may act or the game is over, nothing is in flight and no bot is to
    act, so none is still answering (``STEADY``); returns the ply then."""
    page.wait_for_function(STEADY, timeout=timeout_ms)
    return ply(page)


def follow(page: Page, route: str, timeout_ms: int = 60_000) -> None:
    """Go to ``route`` inside the running app (a hash change, as a link does; no reload), and
    return once the app has shown it: the app may rewrite the hash at once (a play route becomes
    ``?id=``), so the change is awaited, then the fetching of the screen's modules, if any
    (``ui.app.loading``: meanwhile the app's root says it is busy)."""
    page.evaluate(_FOLLOW, [route, timeout_ms])
    page.wait_for_function(NOT_BUSY, timeout=timeout_ms)


def reload(page: Page, timeout_ms: int = 60_000) -> None:
    """A real reload of the page, then wait until the app is up again."""
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(READY, state="attached", timeout=timeout_ms)


def current_hash(page: Page) -> str:
    return page.evaluate("decodeURIComponent(location.hash)")


def saved_id(page: Page) -> str:
    """The saved game's id the play URL names (``#/<game>/play?id=<id>``); fails when none."""
    import re  # local: the rest of this module has no use for it

    found = re.search(r"[?&]id=([A-Za-z0-9]+)(&|$)", current_hash(page))
    assert found, f"the play URL names no saved game: {current_hash(page)!r}"
    return found.group(1)


def stored(page: Page, prefix: str) -> dict[str, str]:
    """Every ``localStorage`` entry whose key starts with ``prefix``, by key."""
    return page.evaluate(
        """prefix => Object.fromEntries(Object.keys(localStorage)
                .filter(k => k.startsWith(prefix)).map(k => [k, localStorage.getItem(k)]))""",
        prefix)


def mark(page: Page, selector: str) -> None:
    """Put a JS property on the one element ``selector`` finds (it must find exactly one): a
    later ``marked`` tells whether the page still shows that very DOM node."""
    found = page.evaluate("""selector => {
        const all = document.querySelectorAll(selector);
        if (all.length === 1) all[0].__mark = 1;
        return all.length;
    }""", selector)
    assert found == 1, f"{selector} found {found} elements"


def marked(page: Page, selector: str) -> bool:
    """Whether the element ``selector`` finds now is the one marked (the same DOM node)."""
    return page.evaluate("selector => document.querySelector(selector)?.__mark === 1", selector)


# ----------------------------------------------------------------------------- one booted page for many tests

#: Where a shared page waits between two tests: a route no screen answers (the router draws its
#: "not found" page, which reads no storage), so the next test's route is always a change.
BETWEEN_TESTS = "#/between-tests"

#: Set ``location.hash`` and resolve once the app's router has drawn it. The router listens to
#: ``hashchange`` since boot, so a listener added now runs after it, in the same dispatch.
#: The app is not fetching the modules of the screen asked for (``ui.main``: ``aria-busy``).
NOT_BUSY = "() => !document.querySelector('#app')?.hasAttribute('aria-busy')"

_FOLLOW = """([route, timeoutMs]) => new Promise((resolve, reject) => {
    if (location.hash === route) { resolve(false); return; }
    const timer = setTimeout(() => reject(new Error('no hashchange for ' + route)), timeoutMs);
    window.addEventListener('hashchange', () => { clearTimeout(timer); resolve(true); }, {once: true});
    location.hash = route;
})"""


def booted(page: Page, base_url: str) -> bool:
    """Whether ``page`` runs the app, booted and not embedded (an embed is embedded for its life),
    so that a route can be followed inside it."""
    if page.is_closed() or not page.url.startswith(f"{base_url}index.html"):
        return False
    return bool(page.evaluate("""() => document.documentElement.dataset.ready === '1'
                                       && !document.documentElement.hasAttribute('data-embed')"""))


def asks_embed(route: str) -> bool:
    """Whether ``route`` turns embedding on (``embed=1``), which the app reads at boot only."""
    query = route.partition("?")[2]
    return "embed=1" in query.split("&")


def follow_route(page: Page, route: str, timeout_ms: int = 60_000) -> None:
    """Route the running app to ``route`` as a link would, through ``BETWEEN_TESTS`` so the hash
    always changes (the same route again restarts its screen, as a fresh load would), and return
    once the router has drawn it."""
    page.evaluate(_FOLLOW, [BETWEEN_TESTS, timeout_ms])
    follow(page, route, timeout_ms)


class WarmPage:
    """One booted page for many tests (the ``page`` fixture of conftest.py): its own context,
    watched by its own ``guard``, reset before each test (``take``), replaced after a failure,
    a crash, or ``uses`` tests."""

    def __init__(self, browser: Browser, context_args: dict[str, Any], base_url: str,
                 viewport: dict[str, int], *, uses: int) -> None:
        self.browser = browser
        self.context_args = context_args
        self.base_url = base_url
        self.viewport = viewport
        self.uses = uses
        self.guard = PageGuard()
        self.context: BrowserContext | None = None
        self.page: Page | None = None
        self.served = 0
        self.dirty = False

    def take(self) -> Page:
        """The page, reset for the next test: routed away from the last screen (which disposes
        it: its bots and timers stop), its storage emptied, the viewport and the mouse put back,
        the guard emptied. A page that is not the booted app (a test loaded another page) is
        left where it is, its storage emptied: ``open_app`` loads the app afresh."""
        if self.dirty or self.served >= self.uses or self.page is None or self.page.is_closed():
            self.close()
            self.context = self.browser.new_context(**self.context_args)
            # The same guard object throughout: the test's ``page_guard`` was handed out already.
            self.guard.watch(self.context)
            self.page = self.context.new_page()
            self.page.on("crash", lambda _page: setattr(self, "dirty", True))
            self.served = 0
        page = self.page
        self.served += 1
        if page.viewport_size != self.viewport:
            page.set_viewport_size(self.viewport)
        # A test may have emulated the system's dark scheme (the accessibility visits in both).
        page.emulate_media(color_scheme=self.context_args.get("color_scheme", "light"))
        if booted(page, self.base_url):
            follow_route(page, BETWEEN_TESTS)
        if page.url.startswith(self.base_url):
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        page.mouse.move(0, 0)
        self.guard.clear()
        self.guard.requests.clear()
        return page

    def failed(self, screenshot: Path) -> None:
        """After a failed test: what the page showed, then a new page for the next test."""
        self.dirty = True
        if self.page is not None and not self.page.is_closed():
            try:
                screenshot.parent.mkdir(parents=True, exist_ok=True)
                self.page.screenshot(path=str(screenshot), full_page=True)
            except Exception:  # a crashed page shows nothing: the test's own failure says why
                pass

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.page = None
        self.dirty = False


@contextmanager
def served(root: Path) -> Iterator[str]:
    """``root`` served on a free local port (tools/serve.py) for as long as the block runs: its
    base URL, ending in "/"."""
    from tools.serve import serve, url_of

    server = serve(root, "127.0.0.1", 0)
    try:
        yield url_of(server)
    finally:
        server.shutdown()
        server.server_close()


# ----------------------------------------------------------------------------- accessibility (axe-core)

#: axe-core's script, the pinned dev dependency (package.json): injected by the tests only.
AXE_SCRIPT = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
#: The rules of WCAG 2.2 level AA that axe-core can check, by their tags.
WCAG_AA_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
#: The findings a screen must not have.
BLOCKING = ("critical", "serious")

_AXE_RUN = """async ([include, tags]) => {
    const results = await axe.run(include ? {include: [include]} : document,
                                  {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
    return results.violations.map(rule => ({
        id: rule.id, impact: rule.impact, help: rule.help,
        nodes: rule.nodes.map(node => ({target: node.target.join(' '), impact: node.impact,
                                        summary: node.failureSummary || ''}))}));
}"""


def axe_findings(page: Page, include: str | None = None) -> list[str]:
    """The critical and serious findings of axe-core (WCAG 2.2 AA rules) on what ``page`` shows
    now (``include``: only inside that selector), each as "rule (impact): help" with the selectors
    of the elements to fix and why; [] when there is none. axe-core is injected on first use and
    stays for the page's life (the app changes screens without reloading)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        assert AXE_SCRIPT.exists(), f"{AXE_SCRIPT} is missing: run `make vendor` (npm ci)"
        page.add_script_tag(path=str(AXE_SCRIPT))
    found: list[str] = []
    for rule in page.evaluate(_AXE_RUN, [include, list(WCAG_AA_TAGS)]):
        nodes = [node for node in rule["nodes"] if (node["impact"] or rule["impact"]) in BLOCKING]
        if not nodes:
            continue
        lines = [f"    {node['target']}: {' '.join(node['summary'].split())[:300]}" for node in nodes[:8]]
        more = [f"    ... and {len(nodes) - 8} more"] if len(nodes) > 8 else []
        found.append("\n".join([f"{rule['id']} ({rule['impact']}): {rule['help']}", *lines, *more]))
    return found


def assert_accessible(page: Page, screen: str, include: str | None = None) -> None:
    """No critical or serious axe-core finding on what ``page`` shows now (``screen`` names it
    in the failure)."""
    found = axe_findings(page, include)
    assert not found, f"{screen}: {len(found)} accessibility rule(s) fail:\n" + "\n".join(found)


def accept_broker_outage(guard: PageGuard, broker_url: str) -> None:
    """Chromium logs each failed WebSocket to a broker that is away as a console error: those,
    for this broker, are expected; anything else still fails the test."""
    port = re.escape(broker_url.removeprefix("http://").rstrip("/"))
    other = [error for error in guard.console_errors
             if not re.match(rf"WebSocket connection to 'ws://{port}/peerjs\?", error)]
    assert other == [], other
    guard.console_errors.clear()


def python_value(page: Page, expression: str) -> str:
    """The ``str`` of a Python expression evaluated in the page's interpreter: a new
    ``<script type="py">`` added to the page, which PyScript runs with the interpreter it has."""
    page.evaluate("""expression => {
        delete document.documentElement.dataset.pyValue;
        const script = document.createElement('script');
        script.type = 'py';
        script.textContent = 'import js\\njs.document.documentElement.dataset.pyValue = str(' + expression + ')';
        document.body.append(script);
    }""", expression)
    page.wait_for_selector("html[data-py-value]", state="attached")
    return page.locator("html").get_attribute("data-py-value") or ""


def python_result(page: Page, code: str) -> str:
    """The ``str`` of the variable ``result`` after running the Python ``code`` in the page (as
    ``python_value`` does)."""
    page.evaluate("""code => {
        delete document.documentElement.dataset.pyValue;
        const script = document.createElement('script');
        script.type = 'py';
        script.textContent = code + '\\nimport js\\njs.document.documentElement.dataset.pyValue = str(result)';
        document.body.append(script);
    }""", code)
    page.wait_for_selector("html[data-py-value]", state="attached")
    return page.locator("html").get_attribute("data-py-value") or ""
