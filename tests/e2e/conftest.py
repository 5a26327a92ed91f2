"""End-to-end fixtures: the app served locally, driven by Chromium through Playwright's sync API.

Fixtures (plain ``playwright`` package, not the pytest-playwright plugin, whose ``page`` and
``browser`` fixtures these would shadow anyway):

* ``base_url`` (session): ``http://127.0.0.1:<free port>/``, tools/serve.py on the repo root.
* ``browser`` (session): system Chromium (tools/browser.py), else Playwright's own.
* ``context`` / ``page``: a fresh context (own cache and storage) and page per test.
  The page is guarded: the test FAILS on any console error, any ``pageerror``, any ``.py-error``
  banner left on the page, and any request to a host other than 127.0.0.1/localhost (such
  requests are aborted, so nothing leaves the machine, and recorded).
* ``page_guard``: that guard (``page_support.PageGuard``), to read ``requests``/``foreign`` or
  ``clear()`` expected noise.
* ``open_app(page, route="#/")``: load ``<base>/index.html<route>`` and wait for
  ``html[data-ready="1"]`` (Pyodide boot takes seconds: 60 s by default, ``E2E_READY_TIMEOUT``).
* ``shot(page, name)``: full-page screenshot in ``test-artifacts/<name>.png``.

A failing test also leaves ``test-artifacts/FAILED-<test>.png``.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
# Make `tools` and this folder's `page_support` importable whatever pytest's import mode.
for folder in (ROOT, Path(__file__).resolve().parent):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from page_support import READY, OpenApp, PageGuard, Shot, served  # noqa: E402
from tools.browser import launch  # noqa: E402

ARTIFACTS = ROOT / "test-artifacts"
READY_TIMEOUT_MS = int(float(os.environ.get("E2E_READY_TIMEOUT", "60")) * 1000)
DEFAULT_VIEWPORT = {"width": 1280, "height": 800}


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


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    browser = launch(playwright_session, headless=os.environ.get("E2E_HEADED") != "1")
    try:
        yield browser
    finally:
        browser.close()


# ----------------------------------------------------------------------------- context, page


@pytest.fixture
def page_guard() -> PageGuard:
    return PageGuard()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "motion: the test's pages animate (the others ask for reduced motion)")


@pytest.fixture
def context(browser: Browser, page_guard: PageGuard, request: pytest.FixtureRequest) -> Iterator[BrowserContext]:
    # Pages ask for reduced motion, as a person may, unless the test is about motion: a click on
    # a card in flight waits for it to land, which would slow every whole game played here
    # (tests/e2e/test_motion.py proves the motion itself).
    motion = request.node.get_closest_marker("motion") is not None
    context = browser.new_context(viewport=DEFAULT_VIEWPORT, reduced_motion="no-preference" if motion else "reduce")
    # Context-wide, so popups and workers of the page are covered as well.
    context.route("**/*", page_guard.on_route)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def page(context: BrowserContext, page_guard: PageGuard) -> Iterator[Page]:
    page = context.new_page()
    page.on("console", page_guard.on_console)
    page.on("pageerror", page_guard.on_page_error)
    yield page  # the guard is checked in pytest_runtest_call below, while the page is alive


@pytest.fixture
def open_app(base_url: str) -> OpenApp:
    def open_app(page: Page, route: str = "#/", *, wait_ready: bool = True,
                 timeout_ms: int = READY_TIMEOUT_MS) -> Page:
        """Load ``index.html<route>`` and wait until the UI has set ``html[data-ready="1"]``."""
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
    """Fail a test that used ``page`` if the page misbehaved, reported as the test's failure.

    Runs right after the test body, before fixture teardown closes the page, so `.py-error`
    banners can still be read. A test that already failed gets a FAILED-<name>.png screenshot.
    """
    funcargs = getattr(item, "funcargs", {})
    page: Page | None = funcargs.get("page")
    guard: PageGuard | None = funcargs.get("page_guard")
    try:
        result = yield
    except BaseException as exc:
        if page is not None and not page.is_closed():
            try:
                _shot(page, f"FAILED-{item.name}")
            except Exception:  # noqa: BLE001 - a screenshot must not mask the real failure
                pass
        if guard is not None:
            # e.g. a timeout waiting for data-ready is usually explained by a .py-error banner
            for problem in guard.problems(page):
                exc.add_note(problem)
        raise
    if page is not None and guard is not None:
        problems = guard.problems(page)
        if problems:
            try:
                _shot(page, f"FAILED-{item.name}")
            except Exception:  # noqa: BLE001
                pass
            pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)
    return result
