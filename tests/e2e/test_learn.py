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

import pytest
from playwright.sync_api import Page, expect

import page_support as pages
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


#: Where the coach's target is, against the viewport, and the smallest text of the coach's panel.
TARGET_PLACE = """() => {
  const target = document.querySelector('[data-coach-target]');
  const box = target.getBoundingClientRect();
  const sizes = [...document.querySelectorAll('[data-testid=coach] *')]
    .filter(el => el.childNodes.length && [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
    .map(el => parseFloat(getComputedStyle(el).fontSize));
  const coach = document.querySelector('[data-testid=coach]').getBoundingClientRect();
  return {coachBottom: coach.bottom, top: box.top, bottom: box.bottom, left: box.left,
          right: box.right, width: box.width, height: box.height, viewWidth: innerWidth,
          viewHeight: innerHeight, smallest: Math.min(...sizes)};
}"""


def target_in_view(page: Page) -> None:
    """The coach's target lies wholly in the viewport as the app left it (the person scrolls
    nothing), clear of the coach's panel, is a target of at least 24x24 px, and the coach's words are 11 px or more."""
    place = page.evaluate(TARGET_PLACE)
    # Not under the coach's panel either, which stays on top as the page scrolls.
    assert place["top"] >= place["coachBottom"] - 1 and place["bottom"] <= place["viewHeight"], place
    assert place["left"] >= 0 and place["right"] <= place["viewWidth"], place
    assert place["width"] >= 24 and place["height"] >= 24, place
    assert place["smallest"] >= 11, place


def follow_the_coach(page: Page, shot: Shot, name: str, *, max_clicks: int = 500, stop_after: int = -1,
                     check: Callable[[Page], None] | None = None,
                     off_script: bool = True) -> tuple[list[str], list[str]]:
    """Click the coach's targets until the game is over (after the script, the first control
    that plays) or ``stop_after`` clicks, ``check``-ing the page before each, and with
    ``off_script`` one click off the script on the way; returns the targets clicked and the
    coach's answers to the clicks off the script."""
    clicked: list[str] = []
    answers: list[str] = []
    for count in range(max_clicks):
        page.wait_for_function(NEXT, timeout=60_000)
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
            if count < 2:
                shot(page, f"learn-{name}-step-{count + 1}")
            element = page.locator(TARGET).first
            clicked.append(element.get_attribute("data-action") or element.get_attribute("data-pick") or "")
            element.click()
            continue
        free = page.locator("button[data-action]")
        (free if free.count() else page.locator("button[data-pick]")).first.click()
    raise AssertionError(f"no end after {max_clicks} clicks: {clicked[-20:]}")


@pytest.mark.parametrize("game_id", pages.GAME_IDS)
def test_a_coached_game_played_by_following_the_coach(page: Page, open_app: OpenApp, shot: Shot, game_id: str) -> None:
    data = lesson(game_id)
    open_app(page, f"#/{game_id}/learn?delay=150")
    coach = page.locator(COACH)
    expect(coach).to_be_visible()
    first_words = str(data["start"] or data["steps"][0]["say"])  # type: ignore[index]
    expect(coach).to_contain_text(first_words.split(".")[0][:40])
    expect(page.locator(TARGET).first).to_be_visible()
    assert_accessible(page, f"{game_id} lesson, first step")
    clicked, answers = follow_the_coach(page, shot, f"{game_id}-1280")
    assert answers, "one click off the script was answered"
    assert answers[0].strip(), answers
    steps = data["steps"]
    learner = [step["action"] for step in steps if step["seat"] == 0 and step.get("say")]  # type: ignore[union-attr]
    assert [action for action in learner if action not in clicked] == [], "every learner step had its target"
    result = pages.final_result(page)
    expect(result).to_be_visible()
    expect(page.locator("[data-testid=real-game]")).to_have_attribute("href", f"#/{game_id}/play?seats=human,bot")
    if data.get("end"):
        expect(coach).to_contain_text(str(data["end"])[:30])
    assert_accessible(page, f"{game_id} lesson, its end")
    shot(page, f"learn-{game_id}-end-1280")


@pytest.mark.parametrize("game_id", ["chess-cards", "check"])
def test_a_coached_game_on_a_phone(page: Page, open_app: OpenApp, shot: Shot, game_id: str) -> None:
    """At 390x844, each of the first twelve targets the coach points at is in view as the app
    leaves the page (the whole lesson is played at 1280 above)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, f"#/{game_id}/learn?delay=150")
    expect(page.locator(COACH)).to_be_visible()
    assert_fits(page)
    expect(page.locator(TARGET).first).to_be_visible()
    shot(page, f"learn-{game_id}-390")
    # No click off the script here: a control scrolled under the coach's panel takes no click.
    clicked, _ = follow_the_coach(page, shot, f"{game_id}-390", stop_after=12, check=target_in_view,
                                  off_script=False)
    assert len(clicked) == 12 or page.locator(pages.OVER).count(), clicked
    shot(page, f"learn-{game_id}-390-later")


def test_the_gallery_and_the_setup_offer_the_lesson(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/checks")
    link = page.locator("[data-testid=learn-link]")
    expect(link).to_have_attribute("href", "#/checks/learn")
    open_app(page, "#/")
    expect(page.locator("a[href='#/chess-cards/learn']")).to_be_visible()
    page.locator("a[href='#/chess-cards/learn']").click()
    expect(page.locator(COACH)).to_be_visible()
