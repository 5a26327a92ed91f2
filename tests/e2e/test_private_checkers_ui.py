"""Saving Private Checkers played through the browser UI, from seeded routes, with the conftest
guard on (console errors, page errors, .py-error banners and foreign requests fail the test).

A person moves the way the table offers it: pick a checker (``data-pick``), then a highlighted
square (``data-action``); a black card turns the stockpile into ``data-action`` discard buttons.
The helper clicks the first offered action, else the first checker that can be picked.
"""

from __future__ import annotations

import re

from page_support import (
    ACTION, PASS, PHONE, SETTLED, TABLE, OpenApp, Shot, assert_fits, final_result, play_out,
)
from playwright.sync_api import Page, expect

from engine.private_checkers import stacked_deck

PICK = "button[data-pick]"
ALL_VARIANTS = "assassins=1&kings=1&queens=1&footmen=1"

#: Light's half-deck in the order it is dealt: squares a1..h4 get the first sixteen (so b4, d4,
#: f4 and h4, where Light's first move lands, hold the four high spades), the last ten are
#: Light's stockpile (all 6 or lower: no discard can save a checker on those spades).
BLAST_LIGHT = ("7H 8H 9H TH JH QH KH 5S 6S 7S 8S 9S KS QS JS TS "
               "AH 2H 3H 4H 5H 6H AS 2S 3S 4S").split()
BLAST_DARK = [rank + suit for suit in "DC" for rank in "A23456789TJQK"]
BLAST_DECK = ",".join(stacked_deck(BLAST_LIGHT, BLAST_DARK))


def act_or_pick(page: Page) -> str:
    """A turn's click: the first offered action, else the first checker that can be picked."""
    actions = page.locator(ACTION)
    if actions.count():
        action = actions.first.get_attribute("data-action") or ""
        actions.first.click()
        return action
    pick = page.locator(PICK).first
    square = pick.get_attribute("data-pick") or ""
    pick.click()
    return f"pick {square}"


def click_through(page: Page) -> list[str]:
    """Play the person's moves until the game is over; returns the actions clicked."""
    return [done for done in play_out(page, act_or_pick, max_turns=600)
            if done != "pass" and not done.startswith("pick ")]


def fits(page: Page, shot: Shot, name: str) -> None:
    """The page scrolls no sideways (on a phone), and a screenshot of it as ``name``."""
    assert_fits(page)
    shot(page, name)


def test_whole_game_against_a_bot_with_all_variants(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, f"#/private-checkers/play?seats=human,bot:easy&seed=12&delay=0&{ALL_VARIANTS}")
    table = page.locator(TABLE)
    expect(table).to_be_visible()
    expect(page.locator("[data-testid=board] .spc-dark-square")).to_have_count(32)
    expect(page.locator("[data-testid=board] .spc-piece")).to_have_count(24)
    expect(page.locator("[data-testid=counts]")).to_contain_text("Variants: Assassins, Kings, Queens, Footmen")
    # Your own stockpile is shown, the bot's is not.
    expect(page.locator("[data-testid=stockpile-0] .spc-card")).to_have_count(10)
    expect(page.locator("[data-testid=stockpile-1]")).to_have_count(0)
    # Picking a checker shows where it may go.
    page.locator('button[data-pick="c3"]').click()
    expect(page.locator(ACTION)).to_have_count(2)
    assert sorted(page.locator(ACTION).evaluate_all("els => els.map(e => e.dataset.action)")) == ["c3-b4", "c3-d4"]
    shot(page, "private-checkers-table-1280")
    clicked = click_through(page)
    assert clicked, "the person made no move"
    assert all(re.fullmatch(r"[a-h][1-8]([-x*][a-h][1-8]|\^)|discard (10|[A2-9JQK])[HS]", a) for a in clicked), clicked
    result = page.locator("[data-testid=result]")
    expect(result).to_be_visible()
    expect(result).to_contain_text(re.compile(r"You win|Bot \(easy\) wins|Draw"))
    expect(result).to_contain_text(re.compile(r"rescued \d+-\d+, captured \d+-\d+"))
    expect(page.locator("[data-testid=victories]")).to_contain_text(re.compile(r"Rescued \d+–\d+"))
    assert page.locator(ACTION).count() == 0
    shot(page, "private-checkers-result-1280")


def test_a_stacked_deck_shows_a_blow_up(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, f"#/private-checkers/play?seats=human,bot:random&seed=1&delay=0&deck={BLAST_DECK}")
    page.locator('button[data-pick="c3"]').click()
    page.locator('button[data-action="c3-d4"]').click()
    # The queen of spades turned up: the stockpile becomes the choice of a discard.
    discard = page.locator("[data-testid=discard]")
    expect(discard).to_be_visible()
    expect(page.locator("[data-testid=status]")).to_contain_text("black Q♠ turned up under your checker on d4")
    expect(discard.locator(ACTION)).to_have_count(10)
    shot(page, "private-checkers-discard-1280")
    discard.locator('button[data-action="discard 6H"]').click()
    banner = page.locator("[data-testid=blowup]")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("QS beats the discarded 6H")
    expect(page.locator('[data-square="d4"].spc-blast')).to_have_count(1)
    expect(page.locator('[data-square="d4"] .spc-piece')).to_have_count(0)
    expect(page.locator("[data-testid=discards]")).to_contain_text("6♥")
    shot(page, "private-checkers-blowup-1280")
    # The banner stays through the bot's answer and goes with the person's next move.
    page.wait_for_function(SETTLED, timeout=60_000)
    expect(banner).to_be_visible()


def test_the_table_fits_a_phone(page: Page, open_app: OpenApp, shot: Shot) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, f"#/private-checkers/play?seats=human,bot:random&seed=1&delay=0&deck={BLAST_DECK}")
    assert_fits(page)
    page.locator('button[data-pick="e3"]').click()
    page.locator('button[data-action="e3-f4"]').click()
    expect(page.locator("[data-testid=discard]")).to_be_visible()
    fits(page, shot, "private-checkers-discard-360")
    page.locator("[data-testid=discard] " + ACTION).first.click()
    expect(page.locator("[data-testid=blowup]")).to_be_visible()
    fits(page, shot, "private-checkers-blowup-360")
    click_through(page)
    fits(page, shot, "private-checkers-result-360")


def test_two_people_pass_the_device_and_see_only_their_stockpile(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/private-checkers/play?seats=human:Ann,human:Bob&seed=5")
    passing = page.locator("[data-testid=pass-screen]")
    expect(passing).to_contain_text("Pass the device to Ann")
    expect(page.locator("[data-testid=board]")).to_have_count(0)
    page.locator(PASS).click()
    expect(page.locator("[data-testid=stockpile-0] .spc-card")).to_have_count(10)
    expect(page.locator("[data-testid=stockpile-1]")).to_have_count(0)
    page.locator('button[data-pick="a3"]').click()
    page.locator('button[data-action="a3-b4"]').click()
    while page.locator("[data-testid=discard]").count():
        page.locator("[data-testid=discard] " + ACTION).first.click()
    expect(passing).to_contain_text("Pass the device to Bob")
    page.locator(PASS).click()
    # Bob plays Dark: his side of the board is at the bottom, his stockpile is shown.
    expect(page.locator("[data-testid=board]")).to_have_attribute("aria-label", "Board, Dark at the bottom")
    expect(page.locator("[data-testid=stockpile-1] .spc-card")).to_have_count(10)
    expect(page.locator("[data-testid=stockpile-0]")).to_have_count(0)
    shot(page, "private-checkers-hotseat-1280")


def test_teams_of_bots_play_to_the_end(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/private-checkers/play?seats=bot:random,bot:easy,bot:random,bot:easy&seed=4&delay=0")
    result = final_result(page, timeout_ms=120_000)
    expect(result.locator(".result-scores li")).to_have_count(4)
    expect(page.locator("[data-testid=side-0]")).to_contain_text("Bot (random)")


def test_setup_offers_the_variants(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/private-checkers")
    setup = page.locator("[data-testid=setup]")
    for label in ("Assassins", "Kings", "Queens", "Footmen"):
        expect(setup).to_contain_text(label)


def test_rules_page(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/private-checkers/rules")
    rules = page.locator("[data-testid=rules]")
    expect(rules.locator("h1")).to_have_text("Saving Private Checkers")
    for heading in ("The cards under the squares", "Rescuing kings", "Variants", "Three or four players"):
        expect(rules.locator("h2", has_text=heading)).to_be_visible()
