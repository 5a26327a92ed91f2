"""Motion with meaning (issue 13, part 2): cards and checkers travel, and only when wanted.

* A person's move and a bot's reply start animations (``Element.animate``, id ``motion``) on the
  very elements that moved: the card in Chess Cards' lead and reply slots, the card on Checks'
  pile, the checker on the square it reached in Saving Private Checkers; a round of four-seat
  Checkmate shows each bot's card in its own draw, each with its own flight.
* A click while things are in flight (frozen mid-way here, so the test does not race the clock)
  lands on the card under the pointer and plays it.
* The system's ``prefers-reduced-motion: reduce``, and separately the table's "Motion" toggle
  (kept across a reload), leave no animation at all: not one ``animate`` call, and
  ``document.getAnimations()`` (CSS transitions included) empty.

An init script records every ``Element.prototype.animate`` call with where its element stands
(``window.__motion``), so a flight that has already landed is still seen; ``getAnimations`` is
polled as well where a move's animation is asked for while it runs.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from page_support import TABLE, OpenApp, follow, reload, steady

#: These pages animate (every other e2e test asks for reduced motion: tests/e2e/conftest.py).
pytestmark = pytest.mark.motion

RECORDER = """
window.__motion = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const first = Array.isArray(frames) ? frames[0] : null;
  if (options && options.id === 'motion') (window.__motion_targets ||= []).push(this);
  window.__motion.push({
    id: options && typeof options === 'object' ? options.id : null,
    ply: Number(document.querySelector('[data-testid=table]')?.dataset.ply ?? -1),
    card: this.dataset?.card ?? null,
    piece: this.classList.contains('spc-piece'),
    ghost: this.classList.contains('motion-ghost'),
    square: this.closest('[data-square]')?.dataset.square ?? null,
    slot: this.closest('[data-testid]')?.dataset.testid ?? null,
    pile: this.closest('[data-pile]')?.dataset.pile ?? null,
    transform: first && first.transform ? String(first.transform) : null,
  });
  const animation = animate.call(this, frames, options);
  // A test freezes the flights started from a ply on at their first frame (``__freeze_from``),
  // however late a busy machine's next frame would have seen them running.
  const ply = window.__motion[window.__motion.length - 1].ply;
  if (options && options.id === 'motion' && window.__freeze_from !== undefined && ply >= window.__freeze_from) {
    animation.pause();
  }
  return animation;
};
"""

#: Whether an animation of ours was started on an element ``selector`` matches (``RECORDER``:
#: asked of the record, not of the running animations, which a busy machine may see only once
#: a 240 ms flight has ended).
ANIMATED_ON = """selector => (window.__motion_targets || []).some(element => element.matches?.(selector))"""

SETTINGS = "five-checks:settings"
TOGGLE = f"{TABLE} button[data-cmd=motion]"
#: A discard the person must choose when a black card turned up under their checker.
DISCARD = f'{TABLE} button[data-action^="discard "]'


def records(page: Page) -> list[dict[str, Any]]:
    return page.evaluate("() => window.__motion")


def wait_ply(page: Page, at_least: int) -> None:
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=table]')?.dataset.ply) >= n", arg=at_least,
        timeout=60_000)


def animated_at(page: Page, plies: int, **where: Any) -> list[dict[str, Any]]:
    """The animations started while the table showed ``plies`` actions on elements matching
    ``where`` (field -> value)."""
    return [record for record in records(page) if record["id"] == "motion" and record["ply"] == plies
            and all(record[name] == value for name, value in where.items())]


# ----------------------------------------------------------------------------- motion on


def test_moves_and_replies_travel_and_a_click_mid_flight_plays(page: Page, open_app: OpenApp) -> None:
    page.add_init_script(RECORDER)

    # Chess Cards: the card led flies to the lead slot, the bot's reply to the reply slot.
    open_app(page, "#/chess-cards/play?seats=human,bot:easy&seed=3&delay=400")
    before = steady(page)
    led = page.locator('.cc-seat[data-seat="0"] button[data-action]').first
    card = led.get_attribute("data-card")
    led.click()
    page.wait_for_function(ANIMATED_ON, arg=f'[data-testid=lead] [data-card="{card}"]', timeout=10_000)
    wait_ply(page, before + 2)
    reply = page.locator("[data-testid=reply] [data-card]").get_attribute("data-card")
    assert animated_at(page, before + 1, card=card, slot="lead")
    moved = animated_at(page, before + 2, card=reply, slot="reply")
    assert moved and moved[0]["transform"] and "translate(" in moved[0]["transform"], records(page)

    # A click while the reply is in flight: freeze every flight at its first frame after the
    # bot's reply is drawn, then click a card of the person's hand where it is seen.
    before = steady(page)
    page.evaluate("n => { window.__freeze_from = n; }", before + 2)
    page.locator('.cc-seat[data-seat="0"] button[data-action]').first.click()
    page.wait_for_function("""n => Number(document.querySelector('[data-testid=table]')?.dataset.ply) >= n
        && document.getAnimations().some(a => a.id === 'motion' && a.playState === 'paused')""",
                           arg=before + 2, timeout=60_000)
    page.evaluate("() => { delete window.__freeze_from; }")
    target = page.locator('.cc-seat[data-seat="0"] button[data-action]').first
    played = target.get_attribute("data-card")
    box = target.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_ply(page, before + 3)
    # Played (here it gives mate): a card is played once a game, so there it is on the sheet.
    expect(page.locator(f'[data-testid=moves] [data-card="{played}"]')).to_have_count(1)

    # Checks: the card played lands on its pile; the bot's card (played or refilled) on its pile.
    follow(page, "#/checks/play?seats=human,bot:easy&seed=3&delay=400")
    page.wait_for_selector(f'{TABLE}[data-game="checks"]')
    before = steady(page)
    pick = page.locator("[data-testid=hand-0] button[data-pick]").first
    card = pick.get_attribute("data-card")
    pick.click()
    page.locator(f'button[data-action^="{card}>"]').first.click()
    page.wait_for_function(ANIMATED_ON, arg=f'[data-pile] [data-card="{card}"]', timeout=10_000)
    wait_ply(page, before + 2)
    pile = page.locator(".ck-pile[data-last-move]").first.get_attribute("data-pile")
    top = page.locator(f'.ck-pile[data-pile="{pile}"] .card[data-card]').first.get_attribute("data-card")
    assert animated_at(page, before + 2, card=top, pile=pile), records(page)

    # Private Checkers: the checker goes to the square it reached; so does the bot's.
    follow(page, "#/private-checkers/play?seats=human,bot:easy&seed=5&delay=400")
    page.wait_for_selector(f'{TABLE}[data-game="private-checkers"]')
    before = steady(page)
    page.locator("[data-testid=board] button[data-pick]").first.click()
    target = page.locator("[data-testid=board] button[data-action]").first
    square = target.get_attribute("data-square")
    target.click()
    wait_ply(page, before + 1)
    assert animated_at(page, before + 1, piece=True, square=square), records(page)
    if page.locator(DISCARD).count():
        page.locator(DISCARD).first.click()  # a black card turned up
    after = steady(page)
    reached = page.locator(f"{TABLE} [data-square][data-last-move]").evaluate_all(
        "els => els.map(el => el.dataset.square)")
    assert any(animated_at(page, plies, piece=True, square=square)
               for plies in range(before + 2, after + 1) for square in reached), records(page)


def test_a_round_of_four_seat_checkmate_shows_each_bot_in_turn(page: Page, open_app: OpenApp) -> None:
    page.add_init_script(RECORDER)
    open_app(page, "#/checkmate/play?seats=human,bot:easy,bot:easy,bot:easy&seed=3&delay=300")
    before = steady(page)
    page.locator(".cm-mine button[data-action]").first.click()
    wait_ply(page, before + 4)
    # Every action of the round drew its own pile card flying in, one draw after another.
    tops = [record["ply"] for record in records(page)
            if record["id"] == "motion" and record["card"] and record["slot"] == "pile"]
    assert sorted(set(tops)) == [before + 1, before + 2, before + 3, before + 4], records(page)


# ----------------------------------------------------------------------------- motion off


def assert_still(page: Page) -> None:
    """No animation started, none running (CSS transitions included)."""
    assert records(page) == []
    assert page.evaluate("() => document.getAnimations().length") == 0


def test_the_systems_reduced_motion_starts_no_animation(page: Page, open_app: OpenApp) -> None:
    page.add_init_script(RECORDER)
    page.emulate_media(reduced_motion="reduce")
    open_app(page, "#/checks/play?seats=human,bot:easy&seed=3&delay=0")
    before = steady(page)
    pick = page.locator("[data-testid=hand-0] button[data-pick]").first
    card = pick.get_attribute("data-card")
    pick.click()
    page.locator(f'button[data-action^="{card}>"]').first.click()
    assert_still(page)
    wait_ply(page, before + 2)
    steady(page)
    assert_still(page)
    expect(page.locator(TOGGLE)).to_have_attribute("aria-pressed", "true")  # the app's own choice stands


def test_the_motion_toggle_turns_motion_off_and_is_kept(page: Page, open_app: OpenApp) -> None:
    page.add_init_script(RECORDER)
    open_app(page, "#/private-checkers/play?seats=human,bot:easy&seed=5&delay=0")
    toggle = page.locator(TOGGLE)
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.locator('html[data-motion="off"]')).to_have_count(1)
    kept = json.loads(page.evaluate("key => localStorage.getItem(key)", SETTINGS))
    # The choice is kept; besides it, only that this game's How-to-win box has been shown.
    assert kept == {"motion": False, "how_to_win_seen": ["private-checkers"]}

    def move() -> None:
        before = steady(page)
        page.locator("[data-testid=board] button[data-pick]").first.click()
        page.locator("[data-testid=board] button[data-action]").first.click()
        if page.locator(DISCARD).count():
            page.locator(DISCARD).first.click()
        wait_ply(page, before + 2)
        steady(page)

    move()
    assert_still(page)
    reload(page)  # the choice is kept: still off after a reload
    expect(page.locator(TOGGLE)).to_have_attribute("aria-pressed", "false")
    expect(page.locator('html[data-motion="off"]')).to_have_count(1)
    move()
    assert_still(page)

    page.locator(TOGGLE).click()  # and on again: the next move travels
    expect(page.locator(TOGGLE)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("html[data-motion]")).to_have_count(0)
    move()
    assert [record for record in records(page) if record["id"] == "motion" and record["piece"]]
