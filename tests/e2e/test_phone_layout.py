"""Every table on a 390x844 phone, mid-game on the person's turn: no visible text under 11 px,
every control a target of at least 24x24 CSS px (WCAG 2.2 AA, 2.5.8), no text cut short, and
the decision in view without scrolling: the person's hand, the line that asks for the decision
and every control of it that is on (``[data-action]``, ``[data-pick]``).

Each table is opened once, in the session's page, and measured in the page by one
``page.evaluate`` of ``MEASURE`` per moment (its turn; for a turn made of a pick and a target,
after the pick too); a failure lists the elements at fault.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from page_support import ACTION, OVER, TABLE, OpenApp, Shot
from test_private_checkers_ui import SAFE_DECK

PHONE = {"width": 390, "height": 844}
SMALLEST_TEXT_PX = 11
SMALLEST_TARGET_PX = 24
PICK = f"{TABLE} button[data-pick]:not([aria-disabled=true])"

#: One measurement of the page as it is, from the top of the page (what a person sees without
#: scrolling). ``must_see``: selectors of elements that must lie wholly inside the viewport.
MEASURE = """must_see => {
    window.scrollTo(0, 0);
    const vw = document.documentElement.clientWidth, vh = window.innerHeight;
    const shown = el => el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
    // Inside a 1px clipped box (the visually hidden text of screen readers): not seen.
    const clipped = el => {
        for (let at = el; at && at !== document.body; at = at.parentElement) {
            const box = at.getBoundingClientRect();
            if (box.width <= 1 || box.height <= 1) return true;
        }
        return false;
    };
    const name = el => {
        const bits = [el.tagName.toLowerCase()];
        if (typeof el.className === 'string' && el.className.trim())
            bits.push('.' + el.className.trim().split(/\\s+/).join('.'));
        for (const key of ['action', 'pick', 'try', 'testid', 'cmd', 'square', 'card'])
            if (el.dataset[key] !== undefined) bits.push(`[data-${key}=${el.dataset[key]}]`);
        const text = (el.innerText || el.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ');
        return bits.join('') + (text ? ` "${text.slice(0, 30)}"` : '');
    };
    const small = [], cut = [];
    let smallest = Infinity;
    for (const el of document.querySelectorAll('body *')) {
        const own = [...el.childNodes].some(node => node.nodeType === 3 && node.textContent.trim());
        if (!own || !shown(el) || clipped(el)) continue;
        const style = getComputedStyle(el);
        const size = parseFloat(style.fontSize);
        if (size < 1) continue;  // a word kept for its name only (an icon shows instead)
        smallest = Math.min(smallest, size);
        if (size < SMALLEST_TEXT) small.push(`${name(el)} ${size.toFixed(1)}px`);
        if (style.textOverflow === 'ellipsis' && style.overflowX !== 'visible') {
            // The words' own width against the box's: an ellipsis cuts them when it is wider.
            const words = document.createRange();
            words.selectNodeContents(el);
            const wide = words.getBoundingClientRect().width, box = el.getBoundingClientRect().width;
            if (wide > box + 0.5) cut.push(`${name(el)} shows ${box.toFixed(1)} of ${wide.toFixed(1)}px`);
        }
    }
    const targets = document.querySelectorAll(
        'button, a[href], [data-action], [data-pick], [data-try], input:not([type=hidden]), select, textarea, summary');
    const tiny = [];
    for (const el of targets) {
        if (!shown(el) || clipped(el)) continue;
        const box = el.getBoundingClientRect();
        if (box.width < SMALLEST_TARGET - 0.01 || box.height < SMALLEST_TARGET - 0.01)
            tiny.push(`${name(el)} ${box.width.toFixed(1)}x${box.height.toFixed(1)}`);
    }
    const where = el => {
        const box = el.getBoundingClientRect();
        return `${name(el)} at ${Math.round(box.top)}..${Math.round(box.bottom)}`;
    };
    const inView = el => {
        const box = el.getBoundingClientRect();
        return box.top >= -0.5 && box.left >= -0.5 && box.bottom <= vh + 0.5 && box.right <= vw + 0.5
            && box.width > 0 && box.height > 0;
    };
    const decision = [...document.querySelectorAll(
        ':is([data-action], [data-pick]):not([aria-disabled=true])')]
        .filter(el => el.closest('[data-testid=table]') && shown(el));
    const outside = [];
    for (const selector of must_see) {
        const found = [...document.querySelectorAll(selector)].filter(shown);
        if (!found.length) outside.push(`${selector}: not on the page`);
        for (const el of found) if (!inView(el)) outside.push(`${selector}: ${where(el)}`);
    }
    for (const el of decision) if (!inView(el)) outside.push(where(el));
    return {smallest, small, cut, tiny, outside, decisions: decision.length,
            wider: document.documentElement.scrollWidth - vw};
}""".replace("SMALLEST_TEXT", str(SMALLEST_TEXT_PX)).replace("SMALLEST_TARGET", str(SMALLEST_TARGET_PX))


#: The person (seat 0) is to act, something of theirs is on, and no card is in flight; or the
#: game is over.
PERSON_TO_ACT = """() => {
    const table = document.querySelector('[data-testid=table]');
    if (!table) return false;
    if (table.dataset.over === '1') return true;
    if (document.getAnimations().some(a => a.id === 'motion' && a.playState === 'running')) return false;
    return (table.dataset.toAct || '').split(',').includes('0')
        && !!table.querySelector(':is([data-action], [data-pick]):not([aria-disabled=true])');
}"""


def person_to_act(page: Page, timeout_ms: int = 90_000) -> None:
    """Wait for ``PERSON_TO_ACT``."""
    page.wait_for_function(PERSON_TO_ACT, timeout=timeout_ms)


def measure(page: Page, must_see: list[str]) -> dict[str, Any]:
    return page.evaluate(MEASURE, must_see)


def problems(found: dict[str, Any]) -> list[str]:
    """What a measurement found wrong, one line each."""
    lines = [f"text under {SMALLEST_TEXT_PX}px: {item}" for item in found["small"]]
    lines += [f"target under {SMALLEST_TARGET_PX}x{SMALLEST_TARGET_PX}: {item}" for item in found["tiny"]]
    lines += [f"cut short: {item}" for item in found["cut"]]
    lines += [f"out of view: {item}" for item in found["outside"]]
    if found["wider"] > 0:
        lines.append(f"the page is {found['wider']}px wider than the phone")
    if not found["decisions"]:
        lines.append("no control of the decision is on: not the person's turn")
    return lines


@dataclass(frozen=True)
class Table:
    """A table at a moment of the person's turn: ``route``, then ``turns`` decisions made by
    ``take_turn``; ``hand`` and ``prompt`` must be in view, and for a turn made of a pick, the
    targets the first pick opens."""

    route: str
    hand: str
    prompt: str
    turns: int = 3
    picks: bool = False


def act(page: Page) -> None:
    """One decision of the person: the first action, else the first pick and then the first
    action it opens."""
    if page.locator(ACTION).count() == 0:
        page.locator(PICK).first.click()
    page.locator(ACTION).first.click()


TABLES = {
    "checks": Table("#/checks/play?seats=human,bot:easy&seed=3&delay=0",
                    "[data-testid=hand-0]", "[data-testid=prompt]", picks=True),
    "checkmate-2": Table("#/checkmate/play?seats=human,bot:easy&seed=21&delay=0",
                         "[data-testid=hand]", "[data-testid=status]"),
    "checkmate-3": Table("#/checkmate/play?seats=human,bot:easy,bot:random&seed=4&delay=0",
                         "[data-testid=hand]", "[data-testid=status]"),
    "checkmate-4": Table("#/checkmate/play?seats=human,bot:easy,bot:random,bot:easy&seed=9&delay=0",
                         "[data-testid=hand]", "[data-testid=status]", turns=5),
    "private-checkers": Table("#/private-checkers/play?seats=human,bot:easy&seed=3&delay=0",
                              "[data-testid=stockpile-0]", "[data-testid=status]", picks=True),
    "chess-cards": Table("#/chess-cards/play?seats=human,bot:medium&seed=7&delay=0",
                         "[data-testid=hand-0]", "[data-testid=prompt]", turns=4),
    "check-2": Table("#/check/play?seats=human,bot:easy&seed=3&delay=0",
                     "[data-testid=seat-0]", "[data-testid=prompt]"),
    "check-4": Table("#/check/play?seats=human,bot:easy,bot:medium,bot:easy&seed=5&delay=0",
                     "[data-testid=seat-0]", "[data-testid=prompt]"),
}


def to_turn(page: Page, open_app: OpenApp, table: Table, take_turn: Callable[[Page], None] = act) -> None:
    """Open ``table`` on the phone and play its first decisions: on the person's turn after."""
    page.set_viewport_size(PHONE)
    open_app(page, table.route)
    for _ in range(table.turns):
        person_to_act(page)
        assert not page.locator(OVER).count(), "the game ended before mid-game"
        take_turn(page)
    person_to_act(page)
    assert not page.locator(OVER).count(), "the game ended before mid-game"


@pytest.mark.parametrize("name", TABLES)
def test_a_turn_reads_and_fits_on_a_phone(page: Page, open_app: OpenApp, shot: Shot, name: str) -> None:
    table = TABLES[name]
    to_turn(page, open_app, table)
    shot(page, f"phone-{name}-390")
    found = problems(measure(page, [table.hand, table.prompt]))
    if table.picks and not found:
        # The second half of the turn: what the first pick can go to, with the prompt.
        page.locator(PICK).first.click()
        expect(page.locator(f"{TABLE} [data-action]").first).to_be_attached()
        found = [f"after a pick: {line}" for line in problems(measure(page, [table.hand, table.prompt]))]
    assert not found, f"{name} at 390x844:\n  " + "\n  ".join(found)


def test_checkmate_draws_with_one_button_and_a_fan_on_demand(page: Page, open_app: OpenApp, shot: Shot) -> None:
    """No card fits: the stockpile is one "Draw" button with its count, in view with the hand;
    the fan of face-down cards opens on demand, each card a target to tap, and draws that card."""
    draw = "[data-testid=fan] button.cm-draw"
    to_turn(page, open_app, replace(TABLES["checkmate-2"], turns=0))
    for _ in range(40):
        if page.locator(f"{draw}[data-action]").count():
            break
        act(page)
        person_to_act(page)
        assert not page.locator(OVER).count(), "the game ended before the person had to draw"
    else:
        raise AssertionError("the person never had to draw")
    stock = int(page.locator("[data-testid=fan]").get_attribute("data-count") or "0")
    expect(page.locator(draw)).to_contain_text(f"{stock} face down")
    # The one control of the draw: the fan's cards stay folded away on a phone.
    expect(page.locator(f"[data-testid=fan] {ACTION}:visible")).to_have_count(1)
    shot(page, "phone-checkmate-draw-390")
    found = problems(measure(page, [draw, "[data-testid=hand]", "[data-testid=status]"]))
    assert not found, "the draw at 390x844:\n  " + "\n  ".join(found)
    page.locator("[data-testid=fan] [data-cmd=fan]").click()
    expect(page.locator("[data-testid=fan] button.cm-fan-card[data-action]:visible")).to_have_count(stock)
    shot(page, "phone-checkmate-fan-390")
    found = measure(page, [])
    assert not found["tiny"] and not found["small"], f"the open fan: {found['tiny'] + found['small']}"
    before = int(page.locator(TABLE).get_attribute("data-ply") or "0")
    chosen = page.locator("[data-testid=fan] button.cm-fan-card[data-action]").nth(stock // 2)
    expect(chosen).to_have_attribute("data-action", f"draw {stock // 2 + 1}")
    chosen.click()
    expect(page.locator(TABLE)).not_to_have_attribute("data-ply", str(before))


def test_private_checkers_discard_is_in_view_with_its_prompt(page: Page, open_app: OpenApp, shot: Shot) -> None:
    """A black card turned up under the person's checker: the stockpile to discard from, the
    status that asks for it and the line on which discards are safe, all in view with the board."""
    route = f"#/private-checkers/play?seats=human,bot:random&seed=1&delay=0&deck={SAFE_DECK}"
    to_turn(page, open_app, Table(route, "[data-testid=stockpile-0]", "[data-testid=status]", turns=0))
    page.locator('button[data-pick="c3"]').click()
    page.locator('button[data-action="c3-d4"]').click()
    expect(page.locator("[data-testid=status]")).to_contain_text("Discard a card of your stockpile.")
    person_to_act(page)
    shot(page, "phone-private-checkers-discard-390")
    found = problems(measure(page, ["[data-testid=stockpile-0]", "[data-testid=status]", "[data-testid=discard]"]))
    assert not found, "the discard at 390x844:\n  " + "\n  ".join(found)
