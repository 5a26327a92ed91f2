"""The rules pages in the browser: static pages that need no JavaScript, the same HTML in the
app's ``#/<id>/rules`` route, and links that work before Python is ready.

The pages are build output (``make vendor`` runs tools/build_rules.py; ``make test`` runs it
first). The conftest guard fails each test that uses ``page`` on a console error, a page error or
a request that leaves 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Response, Route, expect

from page_support import PHONE, OpenApp, Shot, assert_fits, axe_findings

PageGuard = Any  # conftest.PageGuard (test modules do not import conftest)

ROOT = Path(__file__).resolve().parents[2]
GAME_IDS = ("checks", "checkmate", "private-checkers", "chess-cards", "check")
DESKTOP = {"width": 1280, "height": 800}
#: Pyodide's WebAssembly binary: until it has come, no Python runs in the page.
WASM = "pyodide.asm.wasm"

#: The rendered Markdown of the page, with the one attribute the app sets differently (the
#: href of a link that stands for an app route, see ui/screens/rules.py) left out.
BODY_HTML = """() => {
    const body = document.querySelector('[data-rules-body]').cloneNode(true);
    body.querySelectorAll('a[data-route]').forEach(a => a.removeAttribute('href'));
    return body.innerHTML.trim();
}"""
LOADED = '[data-testid=rules] [data-rules-body][data-loaded="1"]'


@pytest.fixture(autouse=True, scope="module")
def built_pages() -> None:
    missing = [game for game in GAME_IDS if not (ROOT / "docs" / "rules" / f"{game}.html").is_file()]
    if missing:
        pytest.fail(f"no built rules page for {', '.join(missing)}: run `make vendor` "
                    "(or python3 -m tools.build_rules)", pytrace=False)


@pytest.mark.cold  # a listener of its own on the page
def test_static_rules_page_is_complete_and_styled(page: Page, base_url: str, shot: Shot) -> None:
    failed: list[str] = []
    page.on("response", lambda response: _record_failure(response, failed))
    for viewport, width in ((DESKTOP, 1280), (PHONE, 360)):
        page.set_viewport_size(viewport)
        page.goto(f"{base_url}docs/rules/chess-cards.html")
        rules = page.locator("[data-testid=rules]")
        expect(rules.locator("h1")).to_have_text("Chess Cards (MATE)")
        for heading in ("The cards", "Queen's Privilege", "Overmate", "Notation"):
            expect(rules.locator("h2", has_text=heading)).to_be_visible()
        # The site's own look: its background, its card chips, its buttons.
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(244, 241, 234)"
        assert rules.locator(".chip[data-card=bQ]").count() >= 1
        expect(rules.locator(".button-link.primary")).to_have_text("Play against a bot")
        # A table wider than a phone scrolls in its own box; the page never scrolls sideways.
        assert_fits(page)
        shot(page, f"rules-static-chess-cards-{width}")
    assert failed == []


@pytest.mark.browser_context_args(java_script_enabled=False, viewport=PHONE)
def test_static_shell_rules_link_works_without_javascript(page: Page, base_url: str, shot: Shot) -> None:
    page.goto(f"{base_url}index.html")
    page.locator('[data-game="checkmate"] a[data-rules]').click()
    expect(page).to_have_url(f"{base_url}docs/rules/checkmate.html")
    expect(page.locator("[data-testid=rules] h1")).to_have_text("Checkmate")
    assert_fits(page)
    shot(page, "rules-static-checkmate-nojs-360")
    # From one rules page to another and back to the gallery, still with no script at all.
    page.locator(".rules-others a", has_text="Check!").click()
    expect(page).to_have_url(f"{base_url}docs/rules/check.html")
    expect(page.locator("[data-testid=rules] h1")).to_have_text("Check!")
    page.locator(".crumbs a", has_text="All games").click()
    expect(page).to_have_url(f"{base_url}index.html")
    expect(page.locator("#app [data-game]")).to_have_count(len(GAME_IDS))


def test_static_shell_rules_link_works_before_python_is_ready(page: Page, open_app: OpenApp) -> None:
    # Pyodide's binary is held back, so Python cannot be ready when the link is clicked (once
    # it is, the app takes the click: the race a fast start would otherwise win).
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(f"**/{WASM}", hold)
    try:
        open_app(page, "#/", wait_ready=False)
        link = page.locator('[data-game="private-checkers"] a[data-rules]')
        expect(link).to_be_visible()
        assert held, "the page did not ask for Pyodide's binary"
        assert page.locator('html[data-ready="1"]').count() == 0, "Python was ready already"
        link.click()
        expect(page.locator("[data-testid=rules] h1")).to_have_text("Saving Private Checkers")
        assert page.url.endswith("/docs/rules/private-checkers.html")
    finally:
        page.unroute(f"**/{WASM}")
        for route in held:
            with contextlib.suppress(PlaywrightError):  # its page is gone, and the request with it
                route.abort()


def test_the_app_shows_the_same_rules_as_the_static_page(page: Page, base_url: str, shot: Shot) -> None:
    page.goto(f"{base_url}docs/rules/chess-cards.html")
    static = page.evaluate(BODY_HTML)
    assert "<h1" in static and "<table" in static
    # The static page leads into the app: its setup, where the rules are one link away.
    page.locator("[data-testid=rules] .start-row a", has_text="Set up a game").click()
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=120_000)
    expect(page.locator("[data-testid=setup]")).to_be_visible()
    page.locator('[data-testid=setup] a[href="#/chess-cards/rules"]').click()
    page.wait_for_selector(LOADED)
    assert page.evaluate(BODY_HTML) == static
    assert page.title() == "Chess Cards (MATE): rules — Five Checks"
    # Inside the app every link is a route of the app, never a way out of it.
    hrefs = page.locator("[data-testid=rules] a[href]").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert hrefs and all(href.startswith("#/") for href in hrefs), hrefs
    shot(page, "rules-app-chess-cards-1280")
    page.set_viewport_size(PHONE)
    assert_fits(page)
    shot(page, "rules-app-chess-cards-360")
    # On to another game's rules without leaving the app.
    page.locator(".rules-others a", has_text="Checks").click()
    expect(page).to_have_url(re.compile(r"index\.html#/checks/rules$"))
    expect(page.locator(LOADED).locator("h1")).to_have_text("Checks")


@pytest.mark.cold  # a route of its own on the page
def test_a_missing_rules_page_is_said_on_the_page(page: Page, open_app: OpenApp, page_guard: PageGuard) -> None:
    page.route("**/docs/rules/check.html", lambda route: route.fulfill(status=404, body="not here"))
    open_app(page, "#/check/rules")
    expect(page.locator("[data-testid=rules] [role=alert]")).to_contain_text("missing from this copy")
    expect(page.locator('[data-testid=rules] .crumbs a[href="#/check"]')).to_be_visible()
    page_guard.clear()  # the browser logs the 404 provoked here as a console error


def _record_failure(response: Response, failed: list[str]) -> None:
    if response.status >= 400:
        failed.append(f"{response.status} {response.url}")


ARABIC_PHONE = {"width": 390, "height": 844}


@pytest.mark.cold  # the language is the page's (and its setting): a page of its own
def test_the_rules_and_the_gallery_in_arabic(page: Page, open_app: OpenApp, base_url: str, shot: Shot,
                                             page_guard: PageGuard) -> None:
    # Before Python runs: the shell is already Arabic, right to left, its English gallery held back.
    open_app(page, "#/checkmate/rules?lang=ar", wait_ready=False)
    html = page.locator("html")
    expect(html).to_have_attribute("dir", "rtl")
    expect(html).to_have_attribute("lang", "ar")
    ready, app_shown, label = page.evaluate("""() => [document.documentElement.hasAttribute('data-ready'),
        getComputedStyle(document.getElementById('app')).display !== 'none',
        document.querySelector('#boot .boot-label').textContent]""")
    if not ready:  # read at one instant: the bar in Arabic, the English gallery held back
        assert re.search("جارٍ|بايثون", label) and not app_shown, (label, app_shown)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=120_000)
    rules = page.locator(LOADED)
    expect(rules.locator("h1")).to_have_text("كش مات")
    # The English anchors, the Arabic headings.
    expect(rules.locator("h2#last-card")).to_have_text("«آخر ورقة!»")
    expect(rules.locator("h2#aces-and-kings")).to_have_text("الآص والشايب")
    expect(html).to_have_attribute("dir", "rtl")
    assert page.title() == "كش مات: القواعد — خمس ألعاب كِش"
    expect(page.locator("[data-testid=rules] .crumbs")).to_have_text("كل الألعاب › كش مات › القواعد")
    for width, viewport in ((1280, DESKTOP), (390, ARABIC_PHONE)):
        page.set_viewport_size(viewport)
        assert_fits(page)
        shot(page, f"rules-app-checkmate-ar-{width}")
    in_app = page.evaluate(BODY_HTML)
    found = {"rules in the app": axe_findings(page)}
    # The gallery in Arabic, titles and all.
    page.set_viewport_size(DESKTOP)
    open_app(page, "#/")
    expect(page.locator('#app [data-game="checkmate"] h2')).to_have_text("كش مات")
    expect(page.locator('#app [data-game="check"] h2')).to_have_text("كِش!")
    shot(page, "gallery-ar-1280")
    page.set_viewport_size(ARABIC_PHONE)
    assert_fits(page)
    shot(page, "gallery-ar-390")
    found["gallery"] = axe_findings(page)
    # The static Arabic page is the same text, right to left, with Arabic breadcrumbs.
    page.goto(f"{base_url}docs/rules/ar/checkmate.html")
    expect(html).to_have_attribute("dir", "rtl")
    assert page.evaluate(BODY_HTML) == in_app
    expect(page.locator(".crumbs a").first).to_have_text("كل الألعاب")
    shot(page, "rules-static-checkmate-ar-390")
    found["static rules page"] = axe_findings(page)
    assert not any(found.values()), found  # axe-core: no critical or serious finding in Arabic
    # A language's page that cannot be read (a copy built before it had them): the English one.
    page.route("**/docs/rules/ar/check.html", lambda route: route.fulfill(status=404, body="not here"))
    open_app(page, "#/check/rules?lang=ar")
    expect(page.locator(LOADED).locator("h1")).to_have_text("Check!")
    expect(page.locator(LOADED)).to_have_attribute("lang", "en")
    expect(page.locator(LOADED)).to_have_attribute("dir", "ltr")
    expect(page.locator("[data-testid=rules] .crumbs")).to_contain_text("كِش!")
    page_guard.clear()  # the browser logs the 404 provoked here as a console error
