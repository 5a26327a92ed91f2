"""The app boots offline: static shell first, then Python sets data-ready; nothing leaves 127.0.0.1.

These checks hold whatever the UI renders on top of the shell: they look for the five game
titles in #app rather than for the shell's own markup (the UI replaces it once it is up).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from page_support import GAME_IDS, GAME_TITLES, PHONE, READY, OpenApp, PageGuard, Shot, assert_fits

#: The boot itself: a cold page each.
pytestmark = pytest.mark.cold


def test_app_boots_and_shows_the_gallery(page: Page, open_app: OpenApp,
                                         page_guard: PageGuard) -> None:
    open_app(page, "#/")
    assert page.locator(READY).count() == 1
    assert "Five Checks" in page.title()
    text = page.locator("#app").inner_text()
    for title in GAME_TITLES:
        assert title in text, f"gallery lacks {title!r}"
    # The runtime really came from this origin (and nothing else was even attempted).
    assert any(u.endswith("/vendor/pyodide/pyodide.asm.wasm") for u in page_guard.requests)
    assert any(u.endswith("/vendor/pyscript/core.js") for u in page_guard.requests)
    assert page_guard.foreign == []


def test_python_gets_no_jspi(page: Page, open_app: OpenApp) -> None:
    """The page hides WebAssembly's JSPI before Pyodide looks for it (index.html says why), and
    the app boots all the same."""
    open_app(page, "#/")
    assert page.evaluate("() => ['Suspending', 'Suspender', 'promising'].filter(name => name in WebAssembly)") == []


def test_phone_width(page: Page, open_app: OpenApp, shot: Shot) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, "#/")
    # No sideways scrolling on a 360px phone.
    assert_fits(page)
    path = shot(page, "boot-gallery-360")
    assert path.stat().st_size > 0


def test_shell_paints_before_python(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/", wait_ready=False)
    # The static gallery is in the HTML itself: visible before any Python has run.
    page.wait_for_selector("#app .gallery", state="visible", timeout=10_000)
    shot(page, "boot-shell-1280")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    paint, ready = page.evaluate(
        """() => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0];
            return [fcp ? fcp.startTime : null, performance.now()];
        }"""
    )
    assert paint is not None and paint < ready


@pytest.mark.browser_context_args(java_script_enabled=False, viewport=PHONE)
def test_static_shell_without_javascript(page: Page, base_url: str, shot: Shot) -> None:
    """The shell alone (no JS, so no Python): five games, each a link to its setup."""
    page.goto(f"{base_url}index.html")
    games = page.locator("#app [data-game]")
    assert games.evaluate_all("els => els.map(e => e.dataset.game)") == list(GAME_IDS)
    cards = page.locator("#app a.game-card")
    assert cards.evaluate_all("els => els.map(e => e.getAttribute('href'))") == [f"#/{game}" for game in GAME_IDS]
    # With no script at all, the rules links open the static rules pages.
    rules = page.locator("#app a[data-rules]")
    assert rules.evaluate_all("els => els.map(e => e.getAttribute('href'))") == [
        f"docs/rules/{game}.html" for game in GAME_IDS]
    expect(page.locator("#app svg.game-picture")).to_have_count(len(GAME_IDS))
    assert page.locator("#boot[role=progressbar]").is_visible()
    assert_fits(page)
    shot(page, "shell-nojs-360")


def test_guard_blocks_and_records_foreign_requests(page: Page, base_url: str, page_guard: PageGuard) -> None:
    """The no-network guard itself works: a CDN request is aborted and recorded."""
    page.goto(f"{base_url}pyscript.toml")  # any local page will do; no need to boot Python
    # evaluate awaits the fetch, which the guard has aborted by then
    page.evaluate("fetch('https://foreign.example/runtime.mjs').catch(() => null)")
    assert page_guard.foreign == ["https://foreign.example/runtime.mjs"]
    page_guard.clear()  # provoked on purpose: do not fail this test for it
