"""End-to-end fixtures: the app served locally, driven by Chromium through pytest-playwright.

pytest-playwright's fixtures (``browser``, ``new_context``, ``context``, ``page``), configured here:

* ``base_url`` (session): ``http://127.0.0.1:<free port>/``, tools/serve.py on the repo root.
  Every context gets it as its base URL, so ``page.goto("index.html")`` works too.
* ``broker`` (session): the project's PeerJS broker (tools/broker.py, npm ``peer``) on a free
  loopback port, as the URL a page's ``broker=`` takes (``http://127.0.0.1:<port>/``); it gives
  up on a message for an absent peer after ``BROKER_EXPIRE_MS`` (``peer``'s default is 5 s).
* ``browser_type_launch_args`` (session): the system Chromium when there is one, else
  Playwright's own, with the offline flags (``tools/browser.py``: ``CHROMIUM_ARGS``), WebAssembly
  compiled by V8's baseline compiler alone unless ``--turbofan`` (``BASELINE_WASM``), and
  Chromium's log (``--enable-logging=stderr``) and crash dumps kept in
  ``<--output>/chromium/`` (``test-results/chromium/chromium.log`` and ``crash-dumps/``).
* ``browser_context_args`` (session): a 1280x800 viewport, and reduced motion, as a person may
  ask for, unless the test is marked ``motion``; a test that needs another context says so with
  ``@pytest.mark.browser_context_args(...)``.
* ``new_context``: every context a test opens (``context`` is one) is guarded by ``page_guard``
  (``page_support.PageGuard``): the test FAILS on any console error, any uncaught page error,
  a renderer crash, any ``.py-error`` banner left on ``page``, and any request to a host other
  than 127.0.0.1/localhost (such requests are aborted, so nothing leaves the machine, and
  recorded). ``page_guard`` reads ``requests``/``foreign`` or ``clear()``s expected noise.
* ``page``: a page already booted, shared by the tests of the whole session (a "warm" page,
  ``page_support.WarmPage``): booting Pyodide takes seconds, following a route takes
  milliseconds. Before each test it is reset (``WarmPage.take``): the app is routed away from
  the last test's screen, ``localStorage``/``sessionStorage`` are emptied, the viewport and the
  mouse are put back, and the guard forgets the last test; after a failed test it is replaced.
  A test gets a cold page of its own context instead (the plugin's ``page``) when it is marked
  ``cold`` (it needs a cold start: boot, reload-free listeners or routes on the page, an embed,
  the service worker, several devices), ``motion`` or ``browser_context_args``.
* ``open_app(page, route="#/")``: on a booted page, follow ``route`` inside the running app (a
  hash change, as a link does) and wait until the router has drawn it; on any other page, load
  ``<base>/index.html<route>`` and wait for ``html[data-ready="1"]`` (Pyodide boot takes
  seconds: 60 s by default, ``E2E_READY_TIMEOUT``). ``wait_ready=False`` always loads afresh.
* ``shot(page, name)``: full-page screenshot in ``test-artifacts/<name>.png``, to look at.

The plugin's options work as usual: ``--headed``, ``--slowmo``, ``--tracing``, ``--video``,
``--screenshot``, ``--output``. A failed test leaves a screenshot of each page it had open in
``test-results/<test>/`` (``failed-<n>.png``; the plugin's own ``--screenshot only-on-failure``
would screenshot every page of every test at its close, to throw the passing ones away), with
its trace too when run with ``--tracing retain-on-failure`` (off by default: recording every
cold context made the multi-device tests a third slower). A test that fails after a Chromium
process crashed says which process, on which signal and with which lines of Chromium's log.
"""

from __future__ import annotations

import contextlib
import os
import re
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright
from playwright.sync_api import Error as PlaywrightError

from page_support import READY, Device, OpenApp, PageGuard, Shot, WarmPage, asks_embed, booted, follow_route, served
from tools.broker import Broker
from tools.browser import DATA_CHANNEL_TAP, ChromiumRecord, Mark, launch_options

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
READY_TIMEOUT_MS = int(float(os.environ.get("E2E_READY_TIMEOUT", "60")) * 1000)
DEFAULT_VIEWPORT = {"width": 1280, "height": 800}
#: The test broker's wait for an absent peer: a guest learns sooner that a room is not there.
BROKER_EXPIRE_MS = 2000

CHROMIUM_RECORD = pytest.StashKey[ChromiumRecord]()
TEST_MARK = pytest.StashKey[Mark]()
WARM = pytest.StashKey[WarmPage]()
#: Whether the test failed (its setup or its call): its pages are screenshot before they close.
FAILED = pytest.StashKey[bool]()
#: The one warm page's tests before it is replaced by a new one: Pyodide's heap only grows.
WARM_USES = 60


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:120] or "page"


def _shot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{_slug(name)}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# ----------------------------------------------------------------------------- server, browser


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    with served(ROOT) as url:
        yield url


@pytest.fixture
def new_device(new_context: Callable[..., BrowserContext]) -> Device:
    """A new device of a room with friends: a page in its own browser context, its data channels
    tapped (``window.__wire``)."""

    def open_device(**context_args: Any) -> Page:
        context = new_context(**context_args)
        context.add_init_script(DATA_CHANNEL_TAP)
        return context.new_page()

    return open_device


@pytest.fixture(scope="session")
def broker() -> Iterator[str]:
    with Broker("127.0.0.1", 0, expire_ms=BROKER_EXPIRE_MS) as running:
        yield running.url


#: V8's baseline WebAssembly compiler only (Liftoff), without its optimizing one (TurboFan). Every
#: cold page compiles Pyodide's interpreter afresh, and while it boots TurboFan recompiles its hot
#: functions on background threads: measured on this 2-core machine, a cold boot of the app took
#: 2.1 s of the renderer's CPU with it and 1.05 s without, and the browser tests with three
#: workers 643 s with it and 576 s without (most of them boot pages; a page that computes long,
#: the Chess Cards hint, is slower so). What a page does is the same under either compiler;
#: ``--turbofan`` runs the tests as browsers run the site. The benchmarks (bench/) never use this.
BASELINE_WASM = ("--js-flags=--liftoff-only",)


def _worker_suffix() -> str:
    """``-gw0``, ``-gw1``... under pytest-xdist (each worker its own Chromium), else ``""``."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return f"-{worker}" if worker else ""


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], browser_name: str,
                             playwright: Playwright, pytestconfig: pytest.Config,
                             delete_output_dir: None) -> dict[str, Any]:
    """The plugin's options (``--headed``, ``--slowmo``) with the executable, the flags and the
    crash record of ``tools/browser.py``; ``delete_output_dir``, the plugin's emptying of
    ``--output``, comes first."""
    if browser_name != "chromium":
        return browser_type_launch_args
    record = ChromiumRecord(Path(pytestconfig.getoption("--output")).absolute() / f"chromium{_worker_suffix()}")
    pytestconfig.stash[CHROMIUM_RECORD] = record
    tiers = () if pytestconfig.getoption("--turbofan") else BASELINE_WASM
    return {**browser_type_launch_args,
            **launch_options(log_dir=record.log_dir, bundled=playwright.chromium.executable_path,
                             extra_args=tiers)}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # Reduced motion: a click on a card in flight waits for it to land, which would slow every
    # whole game played here (tests/e2e/test_motion.py, marked `motion`, proves the motion).
    return {"viewport": DEFAULT_VIEWPORT, "reduced_motion": "reduce", **browser_context_args}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("motion") is not None:
            item.add_marker(pytest.mark.browser_context_args(reduced_motion="no-preference"))


def warm(item: pytest.Item) -> bool:
    """Whether ``item``'s ``page`` is the shared booted page (see ``page``)."""
    return ("page" in getattr(item, "fixturenames", ())
            and not any(item.get_closest_marker(name) for name in ("cold", "motion", "browser_context_args")))


# ----------------------------------------------------------------------------- contexts, pages


@pytest.fixture(scope="session")
def warm_page(browser: Browser, browser_context_args: dict[str, Any], base_url: str,
              pytestconfig: pytest.Config) -> Iterator[WarmPage]:
    """The booted page the tests share (made on first use, see ``page``)."""
    shared = WarmPage(browser, browser_context_args, base_url, DEFAULT_VIEWPORT, uses=WARM_USES)
    pytestconfig.stash[WARM] = shared
    yield shared
    shared.close()


@pytest.fixture
def page_guard(request: pytest.FixtureRequest) -> PageGuard:
    if warm(request.node):
        return request.getfixturevalue("warm_page").guard  # one guard, emptied for each test
    return PageGuard()


@pytest.fixture
def page(request: pytest.FixtureRequest, page_guard: PageGuard) -> Page:
    """The shared booted page, reset for this test; a new page in a new context for a test
    marked ``cold``, ``motion`` or ``browser_context_args`` (see the module's docstring)."""
    if not warm(request.node):
        context: BrowserContext = request.getfixturevalue("context")
        return context.new_page()
    shared: WarmPage = request.getfixturevalue("warm_page")
    return shared.take()


@pytest.fixture
def new_context(new_context: Callable[..., BrowserContext], page_guard: PageGuard,
                request: pytest.FixtureRequest) -> Iterator[Callable[..., BrowserContext]]:
    """The plugin's ``new_context`` (traced if asked, closed after the test), each context
    guarded by ``page_guard``; after a failed test, a screenshot of each of its pages.

    The contexts still open are closed here, before the plugin would: Playwright's tracing can
    fail to zip a trace on a loaded machine ("Tracing.stop: file data stream has unexpected
    number of bytes", a file of the trace still being written), and the plugin would then
    report an error for a test that passed and leave the context open. That trace is lost:
    the test's outcome stands, a warning says so, and the context is closed all the same.
    """
    opened: list[BrowserContext] = []

    def guarded(**kwargs: Any) -> BrowserContext:
        context = new_context(**kwargs)
        page_guard.watch(context)
        opened.append(context)
        context.on("close", lambda closed: opened.remove(closed) if closed in opened else None)
        return context

    yield guarded
    if request.node.stash.get(FAILED, False):
        folder = Path(request.config.getoption("--output")) / _slug(request.node.nodeid)
        pages = [page for context in opened for page in context.pages if not page.is_closed()]
        for number, page in enumerate(pages):
            folder.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(PlaywrightError):  # a crashed page has no picture to give
                page.screenshot(path=str(folder / f"failed-{number}.png"), full_page=True)
    for context in list(opened):
        try:
            context.close()  # the plugin's close: trace and screenshots first
        except PlaywrightError as exc:
            if "Tracing.stop" not in str(exc):
                raise
            warnings.warn(f"the trace of this test was not saved: {str(exc).splitlines()[0]}", stacklevel=1)
            BrowserContext.close(context)  # Playwright's own close, which the plugin replaced


@pytest.fixture
def open_app(base_url: str) -> OpenApp:
    def open_app(page: Page, route: str = "#/", *, wait_ready: bool = True,
                 timeout_ms: int = READY_TIMEOUT_MS) -> Page:
        """Load ``index.html<route>`` and wait until the UI has set ``html[data-ready="1"]``."""
        if wait_ready and booted(page, base_url) and not asks_embed(route):
            follow_route(page, route, timeout_ms)
            return page
        if page.url != "about:blank" and (not wait_ready or page.url.startswith(f"{base_url}index.html")):
            # A real load, not a same-document hash change (into an app still booting, or
            # embedded: the app reads that at boot only).
            page.goto("about:blank")
        page.goto(f"{base_url}index.html{route}", wait_until="domcontentloaded")
        if wait_ready:
            page.wait_for_selector(READY, state="attached", timeout=timeout_ms)
        return page

    return open_app


@pytest.fixture
def shot() -> Shot:
    return _shot


# ----------------------------------------------------------------------------- the guard as a check


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail a test whose guarded pages misbehaved, reported as the test's failure.

    Runs right after the test body, before fixture teardown closes the page, so `.py-error`
    banners can still be read.
    """
    funcargs = getattr(item, "funcargs", {})
    page: Page | None = funcargs.get("page")
    guard: PageGuard | None = funcargs.get("page_guard")
    try:
        result = yield
    except BaseException as exc:
        if guard is not None:
            # e.g. a timeout waiting for data-ready is usually explained by a .py-error banner
            for problem in guard.problems(page):
                exc.add_note(problem)
        raise
    if guard is not None:
        problems = guard.problems(page)
        if problems:
            pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)
    return result


# ----------------------------------------------------------------------------- why Chromium crashed


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    record = item.config.stash.get(CHROMIUM_RECORD, None)
    if record is not None:
        item.stash[TEST_MARK] = record.mark()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[pytest.TestReport]:
    """A failed test's report gets a "Chromium" section when a Chromium process crashed while
    it ran: the crash dump's process, signal and crash keys, and the telling lines of the log."""
    report = yield
    if report.failed:
        item.stash[FAILED] = True
    shared = item.config.stash.get(WARM, None)
    if report.failed and shared is not None and warm(item):
        # No trace of a shared context per test: its screenshot then, and a new page after it.
        output = Path(item.config.getoption("--output")) / _slug(item.nodeid)
        shared.failed(output / "warm-page-failed.png")
    record = item.config.stash.get(CHROMIUM_RECORD, None)
    mark = item.stash.get(TEST_MARK, None)
    if report.failed and record is not None and mark is not None:
        found = record.since(mark)
        if found:
            report.sections.append(("Chromium", "\n".join(found)))
    return report
