"""The coached first games (``#/<id>/learn``) played in the page, as a learner would: by clicking
what the coach points at (``[data-coach-target]``), with one click off the script on the way,
answered by the coach's words; then to the end of the game, where the coach offers a real game.

The lessons themselves (their scripts legal, every rule brought in) are proved in CPython by
tests/test_lessons.py; here the page must draw what the script needs: a target at every step.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import page_support as pages
from engine import CLOCK
from page_support import OpenApp, Shot, assert_accessible, assert_fits

ROOT = Path(__file__).resolve().parents[2]
COACH = "[data-testid=coach]"
TARGET = "[data-coach-target]"
ALERT = "[data-testid=table] p[role=alert]"

#: The page is ready for the learner's next click: a target is drawn, the game is over, or the
#: script is played through and the learner may act freely.
NEXT = """() => {
  const table = document.querySelector('[data-testid=table]');
  if (!table) return false;
  if (table.dataset.over === '1' || document.querySelector('[data-coach-target]')) return true;
  const coach = document.querySelector('[data-testid=coach]');
  return !!coach && coach.dataset.step === coach.dataset.steps
    && !!document.querySelector('button[data-action], button[data-pick]');
}"""


def lesson(game_id: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((ROOT / "docs" / "learn" / f"{game_id}.json").read_text(encoding="utf-8"))
    return data


def click_off_script(page: Page) -> str | None:
    """Click a playing control the coach does not point at, if one is drawn; return the alert
    the table shows then (the coach's answer), else None."""
    other = page.locator(f"button[data-action]:not({TARGET}):not([data-action=next-game]), "
                         f"button[data-try]:not({TARGET})")
    if not other.count():
        return None
    ply = pages.ply(page)
    other.first.click(force=True)  # a data-try control is aria-disabled: its click says why
    alert = page.locator(ALERT)
    expect(alert).to_be_visible()
    assert pages.ply(page) == ply, "a click off the script is not played"
    return alert.inner_text()


#: Each element of ``selector`` as the person sees it: wholly in the viewport as the app left it
#: (the person scrolls nothing), and on top (the element at its centre is it or inside it: not
#: under the coach's panel, an alert or a flying card), with its size; and the smallest text of
#: the coach's panel.
PLACES = """(selector) => {
  const sizes = [...document.querySelectorAll('[data-testid=coach] *')]
    .filter(el => el.checkVisibility() && [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
    .map(el => parseFloat(getComputedStyle(el).fontSize));
  return [...document.querySelectorAll(selector)].map(el => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {what: el.outerHTML.slice(0, 120), top: box.top, bottom: box.bottom, left: box.left,
            right: box.right, width: box.width, height: box.height,
            shown: el.checkVisibility(),
            inView: box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth,
            onTop: !!hit && el.contains(hit), under: hit ? hit.outerHTML.slice(0, 120) : null,
            smallest: Math.min(...sizes)};
  });
}"""


def assert_seen(page: Page, selector: str) -> list[dict[str, Any]]:
    """Every element of ``selector`` shown (at least one) is in view and on top (``PLACES``)."""
    # A control the layout hides at this width (Checkmate's fan of backs on a phone, where its
    # Draw button does the same) is no target: another with the same action is shown.
    places = [place for place in page.evaluate(PLACES, selector) if place["shown"]]
    assert places, f"nothing shown matches {selector}"
    for place in places:
        assert place["inView"] and place["onTop"], str(place)
    return places


def target_seen(page: Page) -> None:
    """The coach's target is in view and on top; on a phone it is at least 24x24 px and the
    coach's words are 11 px or more."""
    places = assert_seen(page, TARGET)
    if page.viewport_size and page.viewport_size["width"] < 700:
        for place in places:
            assert place["width"] >= 24 and place["height"] >= 24 and place["smallest"] >= 11, place


def viewport_shot(page: Page, name: str) -> None:
    """What a phone's screen shows (not the whole page): the target must be in it."""
    path = ROOT / "test-artifacts"  # where the shot fixture writes its full-page shots
    path.mkdir(exist_ok=True)
    page.screenshot(path=str(path / f"{name}.png"))


def wait_for_next(page: Page, clock: Callable[[Page], None] | None) -> None:
    """Wait (a minute at most) until the page is ready for the learner's next click, calling
    ``clock`` on the way, if given, as the page moves on."""
    if clock is None:
        page.wait_for_function(NEXT, timeout=60_000)
        return
    for _ in range(120):
        clock(page)
        try:
            page.wait_for_function(NEXT, timeout=500)
            return
        except PlaywrightTimeoutError:
            continue
    raise AssertionError("the page was not ready for the next click within a minute")


def follow_the_coach(page: Page, shot: Shot, name: str, *, max_clicks: int = 500, stop_after: int = -1,
                     check: Callable[[Page], None] | None = None,
                     off_script: bool = True, shots: bool = True,
                     clock: Callable[[Page], None] | None = None) -> tuple[list[str], list[str]]:
    """Click the coach's targets until the game is over (after the script, the first control
    that plays) or ``stop_after`` clicks, ``check``-ing the page before each, and with
    ``off_script`` one click off the script on the way; returns the targets clicked and the
    coach's answers to the clicks off the script. ``clock``, if given, is called before each
    wait for the next click (to move the page's clock on over a timed event)."""
    clicked: list[str] = []
    answers: list[str] = []
    for count in range(max_clicks):
        wait_for_next(page, clock)
        if count == stop_after:
            return clicked, answers
        if page.locator(pages.OVER).count():
            return clicked, answers
        target = page.locator(TARGET)
        if target.count():
            if check is not None:
                check(page)  # before a screenshot, which may scroll the page
            if off_script and not answers:
                answer = click_off_script(page)
                if answer is not None:
                    answers.append(answer)
                    expect(page.locator(TARGET).first).to_be_visible()
            if shots and count < 2:
                shot(page, f"learn-{name}-step-{count + 1}")
            element = page.locator(TARGET).first
            clicked.append(element.get_attribute("data-action") or element.get_attribute("data-pick") or "")
            element.click()
            continue
        free = page.locator("button[data-action]")
        (free if free.count() else page.locator("button[data-pick]")).first.click()
    raise AssertionError(f"no end after {max_clicks} clicks: {clicked[-20:]}")


SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


@pytest.mark.parametrize("size", list(SIZES))
# Check!'s lesson moves the page's clock (``Page.clock``): a page of its own, not the shared one.
@pytest.mark.parametrize("game_id", [pytest.param(game_id, marks=pytest.mark.cold) if game_id == "check" else game_id
                                     for game_id in pages.GAME_IDS])
def test_a_coached_game_followed_to_its_end(page: Page, open_app: OpenApp, shot: Shot, game_id: str,
                                           size: str) -> None:
    """The learner follows the coach to the game's end at a phone's size and a desktop's: at every
    step the target (the second end of a move too, once its first is picked) is in view and on
    top, and at the end the result and "Play a real game" are. The bots answer at once
    (``delay=0``): the pace is not what is tested here."""
    phone = size == "phone"
    page.set_viewport_size(SIZES[size])
    data = lesson(game_id)
    timed = [index for index, step in enumerate(data["steps"]) if step["seat"] == CLOCK]  # type: ignore[index]
    seconds = int(data.get("options", {}).get("match_seconds", 0))  # type: ignore[attr-defined]
    if timed:
        page.clock.install()  # time flows as usual, and a timed step's wait is skipped
    open_app(page, f"#/{game_id}/learn?delay=0")
    coach = page.locator(COACH)
    expect(coach).to_be_visible()
    first_words = str(data["start"] or data["steps"][0]["say"])  # type: ignore[index]
    if not phone:  # a phone shows the newest words first, "More" the rest
        expect(coach).to_contain_text(first_words.split(".")[0][:40])
    expect(page.locator(TARGET).first).to_be_visible()
    if phone:
        assert_fits(page)
    else:
        assert_accessible(page, f"{game_id} lesson, first step")
    steps = [0]
    said_last_card: list[bool] = []

    def check(page: Page) -> None:
        target_seen(page)
        if page.locator(f"[data-testid=last-card]{TARGET}").count():
            # "Last card!" waits to be pressed while the bot's cards travel: its row lies above
            # a card in flight (ui/kit/motion.py lifts those to z-index 3; motion is off here).
            assert page.evaluate("""() => +getComputedStyle(
                document.querySelector('[data-testid=last-card-row]')).zIndex""") > 3
            said_last_card.append(True)
        steps[0] += 1
        if phone and steps[0] <= 3:
            viewport_shot(page, f"learn-{game_id}-390-step-{steps[0]}")

    def clock(page: Page) -> None:
        # The script's next action is the clock's (a matching window closing when its seconds
        # are up): those seconds pass at once. The learner's own timed step runs in real time.
        if timed and pages.ply(page) in timed:
            page.clock.fast_forward(seconds * 1000)

    # A click off the script at the desktop's size only: its answer, a line above the table,
    # moves the target, which the phone's run proves in view without it.
    clicked, answers = follow_the_coach(page, shot, f"{game_id}-{size}", check=check, off_script=not phone,
                                        shots=False, clock=clock)
    if not phone:
        assert answers and answers[0].strip(), answers
    learner = [step["action"] for step in data["steps"] if step["seat"] == 0 and step.get("say")]  # type: ignore[union-attr,index]
    assert [action for action in learner if action not in clicked] == [], "every learner step had its target"
    assert page.locator(pages.OVER).count(), "following the coach reaches the end of the game"
    result = pages.final_result(page)
    expect(result).to_be_visible()
    expect(page.locator("[data-testid=real-game]")).to_have_attribute("href", f"#/{game_id}/play?seats=human,bot")
    assert_seen(page, "[data-testid=real-game]")
    assert_seen(page, "[data-testid=end-reason]")
    if data.get("end"):
        expect(coach).to_contain_text(str(data["end"])[:30])
    if game_id == "checkmate":
        assert said_last_card, "the lesson has the learner say “last card”"
        # The learner went out: the empty hand's sentence spans the hand, not one card's
        # column (it wrapped a word per line there).
        widths = page.evaluate("""() => {
          const empty = document.querySelector('[data-testid=hand] .cm-empty');
          return [empty.getBoundingClientRect().width, empty.parentElement.clientWidth];
        }""")
        assert widths[0] >= 0.8 * widths[1], widths
    if phone:
        viewport_shot(page, f"learn-{game_id}-390-end")
    else:
        assert_accessible(page, f"{game_id} lesson, its end")
        shot(page, f"learn-{game_id}-end-1280")


def test_the_coach_on_a_phone_opens_its_earlier_words(page: Page, open_app: OpenApp) -> None:
    """On a phone the coach shows its newest line; "More" shows the rest and keeps the target
    in view and on top."""
    page.set_viewport_size(SIZES["phone"])
    open_app(page, "#/checks/learn?delay=0")
    coach = page.locator(COACH)
    expect(page.locator(TARGET).first).to_be_visible()
    hidden = coach.locator(".coach-line").first
    more = coach.locator("[data-cmd=coach-more]")
    if coach.locator(".coach-line").count() < 2:
        page.locator(TARGET).first.click()  # a step with the bot's move to tell about
        page.wait_for_function(NEXT)
    expect(hidden).to_be_hidden()
    more.click()
    expect(more).to_have_attribute("aria-expanded", "true")
    expect(hidden).to_be_visible()
    target_seen(page)


def test_the_gallery_and_the_setup_offer_the_lesson(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/checks")
    link = page.locator("[data-testid=learn-link]")
    expect(link).to_have_attribute("href", "#/checks/learn")
    open_app(page, "#/")
    expect(page.locator("a[href='#/chess-cards/learn']")).to_be_visible()
    page.locator("a[href='#/chess-cards/learn']").click()
    expect(page.locator(COACH)).to_be_visible()
