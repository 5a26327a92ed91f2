"""The Theme setting (ui/kit/theme.py): the page follows the system's light or dark unless a
person chose one, the choice is kept and applied before the first paint (index.html's first
script), the browser bar's colour goes with it, and the dark theme chosen by the setting passes
axe-core as the system's does (tests/e2e/test_accessibility.py runs every screen in both).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from page_support import READY, OpenApp, axe_findings, follow, steady

#: Each test on a cold page of its own: the theme is applied before the first paint, and a
#: chosen theme stays on the page's <html>.
pytestmark = pytest.mark.cold

SETTINGS = "five-checks:settings"
THEME = "[data-testid=theme]"
#: ``--page`` in each theme, as the browser computes it.
PAGE_COLOUR = {"light": "rgb(244, 241, 234)", "dark": "rgb(18, 22, 20)"}
#: The bar's colour in each theme (the two ``meta[name=theme-color]`` of index.html).
BAR_COLOUR = {"light": "#1d6b45", "dark": "#121614"}


def page_colour(page: Page) -> str:
    return str(page.evaluate("getComputedStyle(document.body).backgroundColor"))


def bar_colour(page: Page) -> str:
    """The theme-color the browser takes: the first meta tag whose media matches."""
    return str(page.evaluate("""() => [...document.querySelectorAll('meta[name="theme-color"]')]
        .find(meta => !meta.media || matchMedia(meta.media).matches).content"""))


def kept(page: Page) -> dict[str, object]:
    return dict(json.loads(page.evaluate(f"localStorage.getItem('{SETTINGS}') || '{{}}'")))


def choose_before_load(page: Page, theme: str) -> None:
    """Keep ``theme`` in the app's settings before the page's first script runs."""
    page.add_init_script(f"localStorage.setItem('{SETTINGS}', JSON.stringify({{theme: '{theme}'}}))")


def test_the_page_follows_the_system_until_a_theme_is_chosen(page: Page, open_app: OpenApp) -> None:
    page.emulate_media(color_scheme="dark")
    open_app(page, "#/")
    assert page_colour(page) == PAGE_COLOUR["dark"]
    assert bar_colour(page) == BAR_COLOUR["dark"]
    assert page.get_attribute("html", "data-theme") is None
    control = page.locator(THEME)
    expect(control.locator("button[aria-pressed=true]")).to_have_text("System")
    # Light, by the control: the colours, the scheme of the browser's own controls and the bar.
    control.locator('button[data-cmd="theme:light"]').click()
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert page_colour(page) == PAGE_COLOUR["light"]
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light"
    assert bar_colour(page) == BAR_COLOUR["light"]
    expect(control.locator("button[aria-pressed=true]")).to_have_text("Light")
    expect(control.locator('button[data-cmd="theme:light"]')).to_be_focused()  # pressed in place, not redrawn
    assert kept(page).get("theme") == "light"
    # Back to System: the system's dark again, and its changes followed from then on.
    control.locator('button[data-cmd="theme:system"]').click()
    assert page.get_attribute("html", "data-theme") is None
    assert page_colour(page) == PAGE_COLOUR["dark"]
    assert bar_colour(page) == BAR_COLOUR["dark"]
    assert "theme" not in kept(page)  # the default is not written down
    page.emulate_media(color_scheme="light")
    assert page_colour(page) == PAGE_COLOUR["light"]
    assert bar_colour(page) == BAR_COLOUR["light"]


def test_a_chosen_dark_theme_is_there_before_the_first_paint(page: Page, open_app: OpenApp) -> None:
    page.emulate_media(color_scheme="light")
    choose_before_load(page, "dark")
    open_app(page, "#/", wait_ready=False)
    # The static shell, before any Python has run: already dark.
    assert page.locator(READY).count() == 0
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page_colour(page) == PAGE_COLOUR["dark"]
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "dark"
    assert bar_colour(page) == BAR_COLOUR["dark"]
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    expect(page.locator(f"{THEME} button[aria-pressed=true]")).to_have_text("Dark")
    assert page_colour(page) == PAGE_COLOUR["dark"]


def test_screens_in_the_dark_theme_chosen_by_the_setting_have_no_serious_finding(
        page: Page, open_app: OpenApp) -> None:
    page.emulate_media(color_scheme="light")
    choose_before_load(page, "dark")
    found: dict[str, list[str]] = {}
    open_app(page, "#/")
    assert page_colour(page) == PAGE_COLOUR["dark"]
    screens = [
        ("gallery", None, THEME),
        ("setup of Checkmate", "#/checkmate", "[data-testid=setup]"),
        ("lesson of Checks", "#/checks/learn?delay=0", "[data-coach-target]"),
        ("Chess Cards mid-game", "#/chess-cards/play?seats=human,bot:easy&seed=3&delay=0&match=0", "[data-action]"),
        ("Check! mid-game", "#/check/play?seats=human,bot:easy&seed=3&delay=0", "[data-action]"),
    ]
    for name, route, ready in screens:
        if route is not None:
            follow(page, route)
        expect(page.locator(ready).first).to_be_visible(timeout=30_000)
        if route is not None and "play" in route:
            steady(page)
        problems = axe_findings(page)
        if problems:
            found[name] = problems
    assert not found, "\n\n".join(f"== {name}:\n" + "\n".join(lines) for name, lines in found.items())
