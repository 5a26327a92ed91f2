"""Right to left: a language written right to left gives the page ``<html dir="rtl">`` and a
mirrored layout (ui/style.css's logical properties), and the arrow keys walk a hand toward its end.

``lang=qps-rtl``, the pseudo-locale's English on a mirrored page (tools/catalog.py), shows the
mirroring to a reader of English; Arabic itself is tests/e2e/test_arabic.py. Choosing English on
the gallery's Language control turns the page back.

The CPython side (the direction table, the browser's preferences, the control's markup, the
arrow keys' steps) is tests/test_language_choice.py.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from page_support import READY, OpenApp, assert_fits, axe_findings, follow, steady

PHONE = {"width": 390, "height": 844}
LANGUAGE = "[data-testid=language]"
HAND = "[data-keynav]"


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not on the page"
    return found


def test_the_gallery_and_a_table_are_mirrored_right_to_left(page: Page, open_app: OpenApp) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, "#/?lang=qps-rtl")
    html = page.locator("html")
    expect(html).to_have_attribute("dir", "rtl")
    expect(html).to_have_attribute("lang", "en")  # the pseudo-locale is English, disguised
    # The gallery: the heading and each row start at the right; a control's label comes first.
    expect(page.locator(LANGUAGE)).to_be_visible()
    heading = box(page, "#app h1")
    assert heading["x"] + heading["width"] > PHONE["width"] - 40, heading
    label, first = box(page, f"{LANGUAGE} .theme-label"), box(page, f"{LANGUAGE} button")
    assert label["x"] > first["x"], (label, first)
    assert_fits(page)
    assert axe_findings(page) == []

    # A table: the hand's first card at the right, the bar's tools at the left of its title.
    follow(page, "#/checks/play?seats=human,bot:easy&seed=3&delay=0")
    expect(html).to_have_attribute("dir", "rtl")  # remembered: lang= is kept as the setting
    steady(page)
    cards = page.locator(f"{HAND} button")
    assert cards.count() >= 2
    first_card, second_card = cards.nth(0).bounding_box(), cards.nth(1).bounding_box()
    assert first_card is not None and second_card is not None
    assert first_card["x"] > second_card["x"], (first_card, second_card)
    tools, title = box(page, ".cc-bar-tools"), box(page, ".cc-bar-title")
    assert tools["x"] < title["x"], (tools, title)
    assert_fits(page)
    assert axe_findings(page) == []

    # The arrow keys: Left goes on toward the hand's end (it lies to the left), Right comes back.
    cards.nth(0).focus()
    page.keyboard.press("ArrowLeft")
    expect(cards.nth(1)).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(cards.nth(0)).to_be_focused()

    # A board is not mirrored: its files go a to h left to right in every language.
    follow(page, "#/private-checkers/play?seats=human,bot:easy&seed=3&delay=0")
    steady(page)
    squares = page.locator(".spc-board .spc-cell")
    first_square, second_square = squares.nth(0).bounding_box(), squares.nth(1).bounding_box()
    assert first_square is not None and second_square is not None
    assert first_square["x"] < second_square["x"], (first_square, second_square)
    assert_fits(page)
    assert axe_findings(page) == []

    # Back to English: the shared page is left as the next test expects it (its reset empties
    # the storage, not the language the page speaks).
    follow(page, "#/?lang=en")
    expect(html).to_have_attribute("dir", "ltr")
    expect(page.locator("#app h1")).to_have_text("Five Checks")


def test_choosing_english_on_the_gallery_turns_the_page_back(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/?lang=qps-rtl")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator(f"{LANGUAGE} button[aria-pressed=true]")).to_have_text("qps-rtl")
    page.locator(f'{LANGUAGE} button[data-cmd="lang:en"]').click()
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    expect(page.locator("#app h1")).to_have_text("Five Checks")
    # Remembered; the control offers the build's languages, each named in itself.
    assert page.evaluate("() => JSON.parse(localStorage.getItem('five-checks:settings')).lang") == "en"
    expect(page.locator(f"{LANGUAGE} button[aria-pressed=true]")).to_have_text("English")
    expect(page.locator(f'{LANGUAGE} button[data-cmd="lang:ar"]')).to_have_text("العربية")
    page.reload()
    page.wait_for_selector(READY, state="attached")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    expect(page.locator("#app h1")).to_have_text("Five Checks")
