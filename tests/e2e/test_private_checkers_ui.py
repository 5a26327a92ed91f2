"""Saving Private Checkers played through the browser UI, from seeded routes, with the conftest
guard on (console errors, page errors, .py-error banners and foreign requests fail the test).

A person moves the way the table offers it: pick a checker (``data-pick``), then a highlighted
square (``data-action``); a black card turns the stockpile's cards (always buttons) into
``data-action`` discards, each marked safe or not. The helper clicks the first offered action,
else the first checker that can be picked.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from engine.private_checkers import stacked_deck
from page_support import (
    ACTION,
    PASS,
    PHONE,
    SETTLED,
    TABLE,
    OpenApp,
    Shot,
    assert_fits,
    final_result,
    mark,
    marked,
    play_out,
    ply,
    steady,
)

PICK = "button[data-pick]"
ALL_VARIANTS = "assassins=1&kings=1&queens=1&footmen=1"

#: Light's half-deck in the order it is dealt: squares a1..h4 get the first sixteen (so b4, d4,
#: f4 and h4, where Light's first move lands, hold the four high spades), the last ten are
#: Light's stockpile (all 6 or lower: no discard can save a checker on those spades).
BLAST_LIGHT = ("7H 8H 9H TH JH QH KH 5S 6S 7S 8S 9S KS QS JS TS "
               "AH 2H 3H 4H 5H 6H AS 2S 3S 4S").split()
BLAST_DARK = [rank + suit for suit in "DC" for rank in "A23456789TJQK"]
BLAST_DECK = ",".join(stacked_deck(BLAST_LIGHT, BLAST_DARK))
#: The person's stockpile while a black card asks for a discard (Light's, seat 0).
DISCARDS = f"[data-testid=stockpile-0] {ACTION}"
#: Light's black cards on the board lie on a1, c1 and d4 (the JS), every other square is red; the
#: stockpile is the other ten spades, of which only the QS and KS are not lower than the JS.
SAFE_LIGHT = ("2S 3S AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH JS QH KH "
              "AS 4S 5S 6S 7S 8S 9S 10S QS KS").split()
#: Dark's black cards on the board lie on its back row (d8, f8, h8): every square in play is red.
RED_DARK = [f"{rank}D" for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split()] + [
    f"{rank}C" for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
SAFE_DECK = ",".join(stacked_deck(SAFE_LIGHT, RED_DARK))
#: As SAFE_LIGHT with the JH on d4 and the JS on b4: c3-d4 lands on a red card.
RED_DECK = ",".join(stacked_deck(SAFE_LIGHT[:12] + ["JS", "JH"] + SAFE_LIGHT[14:], RED_DARK))


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
    # Who won and by which victory, then each side's counts: the score said once.
    expect(result.locator("h2")).to_have_text(re.compile(
        r"^((You win|Bot \(easy\) wins) a (survival|tactical|total) victory|Draw: .+)\.$"))
    sides = result.locator("[data-testid=victories] li")
    expect(sides).to_have_count(2)
    # A side and who plays it, with no bot's name in a second pair of brackets (issue 31).
    expect(sides.first).to_have_text(re.compile(r"^Light · You: \d+ rescued, \d+ captured$"))
    expect(sides.last).to_have_text(re.compile(r"^Dark · Bot \(easy\): \d+ rescued, \d+ captured$"))
    assert len(re.findall(r"rescued", result.inner_text())) == 2, result.inner_text()
    assert page.locator(ACTION).count() == 0
    shot(page, "private-checkers-result-1280")


def test_a_stacked_deck_shows_a_blow_up(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, f"#/private-checkers/play?seats=human,bot:random&seed=1&delay=0&deck={BLAST_DECK}")
    page.locator('button[data-pick="c3"]').click()
    page.locator('button[data-action="c3-d4"]').click()
    # The queen of spades turned up: the stockpile becomes the choice of a discard, and no card
    # of it is high enough.
    expect(page.locator("[data-testid=discard]")).to_contain_text("none is high enough")
    expect(page.locator("[data-testid=status]")).to_contain_text(
        re.compile("black Q♠\ufe0e? turned up under your checker on d4"))
    expect(page.locator(DISCARDS)).to_have_count(10)
    expect(page.locator("[data-testid=stockpile-0] .spc-unsafe")).to_have_count(10)
    shot(page, "private-checkers-discard-1280")
    page.locator(f'{DISCARDS}[data-action="discard 6H"]').click()
    banner = page.locator("[data-testid=blowup]")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text(re.compile("Q♠\ufe0e? beats the discarded 6♥"))
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
    page.locator(DISCARDS).first.click()
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
        page.locator(DISCARDS).first.click()
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
    # One line per side, its players named (two bots of one level, told apart by their seat):
    # the score of a team game said once.
    expect(result.locator(".result-scores li")).to_have_count(2)
    expect(result.locator(".result-scores li").first).to_contain_text("Light · Bot 1 (random), Bot 3 (random):")
    expect(page.locator("[data-testid=side-0]")).to_contain_text("Bot 1 (random)")


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


# --- issue 13: the stockpile keeps its cards, safe discards, refusals, contrast -----------------

STOCK = "[data-testid=stockpile-0]"
ALERT = f"{TABLE} p[role=alert]"



def wait_for_reply(page: Page, ply_at_least: int) -> None:
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=table]')?.dataset.ply) >= n", arg=ply_at_least)
    steady(page)


#: WCAG 2 contrast of the text of every element ``selector`` finds against what lies behind it:
#: the computed text colour composited over the computed background colours of the element and
#: its ancestors (down to the first opaque one). A background image (a gradient) under the text
#: or a translucent element cannot be measured this way: they are reported as problems.
CONTRAST = """selector => {
    const rgba = text => { const parts = text.match(/[\\d.]+/g).map(Number);
                           return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1]; };
    const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
    const luminance = colour => { const [r, g, b] = colour.slice(0, 3).map(v => { v /= 255;
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
    return [...document.querySelectorAll(selector)].map(el => {
        const layers = [];
        let opaque = false;
        for (let at = el; at; at = at.parentElement) {
            const style = getComputedStyle(at);
            if (style.opacity !== '1') return {el: el.textContent, problem: 'opacity ' + style.opacity};
            if (opaque) continue;
            const colour = rgba(style.backgroundColor);
            if (colour[3] > 0) layers.push(colour);
            if (colour[3] === 1) { opaque = true; continue; }
            if (style.backgroundImage !== 'none') return {el: el.textContent, problem: 'image behind'};
        }
        let back = [255, 255, 255, 1];
        for (const layer of layers.reverse()) back = over(layer, back);
        const text = over(rgba(getComputedStyle(el).color), back);
        const [a, b] = [luminance(text), luminance(back)].sort((x, y) => y - x);
        return {el: el.textContent, ratio: (a + 0.05) / (b + 0.05)};
    });
}"""

#: The square names, the card labels on the board, the side panels (pile labels and counts), the
#: stockpile's ranks and marks, the discards.
LABELS = {
    "square names": "[data-testid=board] .spc-coord",
    "board card labels": "[data-testid=board] :is(.spc-label, .spc-seen)",
    "side panels": "[data-testid^=side-] :is(h2, p)",
    "stockpile ranks": f"{STOCK} .spc-rank",
    "stockpile marks": f"{STOCK} .spc-mark:not(:empty)",
    "discards": "[data-testid=discards] :is(h2, .spc-card, .spc-note)",
}


def assert_readable(page: Page, *required: str) -> None:
    """Every label of ``LABELS`` at WCAG AA contrast (4.5:1); ``required`` kinds must be there."""
    for kind, selector in LABELS.items():
        found = page.evaluate(CONTRAST, selector)
        if kind in required:
            assert found, f"no {kind} on the page"
        poor = [item for item in found if "problem" in item or item["ratio"] < 4.5]
        assert not poor, f"{kind} below 4.5:1: {poor}"


def test_the_stockpile_marks_the_safe_discards_and_keeps_its_cards(page: Page, open_app: OpenApp,
                                                                   shot: Shot) -> None:
    open_app(page, f"#/private-checkers/play?seats=human,bot:random&seed=1&delay=0&deck={SAFE_DECK}")
    steady(page)
    # The stockpile is the person's hand: buttons, whatever the moment (here nothing to discard).
    tags = page.locator(f"{STOCK} [data-card]").evaluate_all("els => els.map(el => el.tagName)")
    assert tags == ["BUTTON"] * 10, tags
    assert_readable(page, "square names", "side panels", "stockpile ranks", "discards")
    for selector in (STOCK, f'{STOCK} [data-card="4S"]', '[data-square="d4"]'):
        mark(page, selector)
    before = ply(page)
    page.locator('button[data-pick="c3"]').click()
    page.locator('button[data-action="c3-d4"]').click()
    # The JS turned up: the engine's rule says which discards save the checker, the QS and KS.
    expect(page.locator("[data-testid=discard]")).to_contain_text("one marked “safe” keeps your checker")
    expect(page.locator("[data-testid=status]")).to_contain_text("Discard a card of your stockpile.")
    expect(page.locator(DISCARDS)).to_have_count(10)
    safe = page.locator(f"{STOCK} .spc-safe").evaluate_all("els => els.map(el => el.dataset.card)")
    assert safe == ["QS", "KS"], safe
    expect(page.locator(f"{STOCK} .spc-unsafe")).to_have_count(8)
    expect(page.locator(f'{STOCK} [data-card="KS"]')).to_have_attribute(
        "aria-label", re.compile(r"^Discard the King of spades: safe, the checker survives, K♠\ufe0e?$"))
    assert_readable(page, "square names", "board card labels", "stockpile ranks", "stockpile marks")
    shot(page, "private-checkers-safe-discards-1280")
    page.locator(f'{DISCARDS}[data-action="discard KS"]').click()
    wait_for_reply(page, before + 3)  # the step, the discard, the bot's reply
    expect(page.locator("[data-testid=blowup]")).to_have_count(0)
    expect(page.locator("[data-testid=discards]")).to_contain_text("K♠")
    assert "KS" not in page.locator(f"{STOCK} [data-card]").evaluate_all("els => els.map(el => el.dataset.card)")
    for selector in (STOCK, f'{STOCK} [data-card="4S"]', '[data-square="d4"]'):
        assert marked(page, selector), f"{selector} was drawn anew"
    assert_readable(page, "square names", "board card labels", "discards")


def test_keyboard_focus_goes_to_a_checker_after_the_bots_reply(page: Page, open_app: OpenApp) -> None:
    open_app(page, f"#/private-checkers/play?seats=human,bot:random&seed=1&delay=0&deck={SAFE_DECK}")
    steady(page)
    before = ply(page)
    page.locator('button[data-pick="a3"]').focus()
    page.keyboard.press("Enter")
    target = page.locator('button[data-action="a3-b4"]')  # a red card: no discard
    target.focus()
    page.keyboard.press("Enter")
    wait_for_reply(page, before + 2)
    focus = page.evaluate("""() => { const el = document.activeElement;
        return {pick: el?.getAttribute('data-pick'), board: !!el?.closest('[data-testid=board]')}; }""")
    assert focus["board"] and focus["pick"], focus
    assert page.locator(f'button[data-pick="{focus["pick"]}"]').count() == 1


def test_refused_clicks_say_why(page: Page, open_app: OpenApp) -> None:
    """Two people at one device: Ann steps c3-d4, Bob answers b6-c5, and Ann must capture."""
    open_app(page, f"#/private-checkers/play?seats=human:Ann,human:Bob&seed=1&deck={RED_DECK}")
    page.locator(PASS).click()
    # A checker of Ann's that has nowhere to go.
    page.locator('[data-square="a1"]').click(force=True)  # aria-disabled: the click still lands
    expect(page.locator(ALERT)).to_have_text("The checker on a1 cannot move now.")
    # A stockpile card while no black card asks for one.
    page.locator(f'{STOCK} [data-card="4S"]').click(force=True)
    expect(page.locator(ALERT)).to_have_text("There is no black card to answer with a discard.")
    page.locator('button[data-pick="c3"]').click()
    page.locator('button[data-action="c3-d4"]').click()
    page.locator(PASS).click()
    # Bob's view: a checker of Ann's is not his to move (the reason names his side).
    page.locator('[data-square="d4"]').click(force=True)
    expect(page.locator(ALERT)).to_have_text("Dark has no piece on d4.")
    page.locator('button[data-pick="b6"]').click()
    page.locator('button[data-action="b6-c5"]').click()
    page.locator(PASS).click()
    # Ann may only capture: a click on another checker of hers says so.
    expect(page.locator(f"{TABLE} button[data-pick]")).to_have_count(1)
    at = ply(page)
    page.locator('[data-square="e3"]').click(force=True)
    expect(page.locator(ALERT)).to_have_text("A capture is possible, and capturing is compulsory.")
    assert ply(page) == at
    page.locator('button[data-pick="d4"]').click()
    page.locator('button[data-action="d4xb6"]').click()
    expect(page.locator(ALERT)).to_have_count(0)
