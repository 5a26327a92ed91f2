"""The tables' sounds in the page (issue 32, part 3): counted from the page's audio calls.

An init script wraps the page's Web Audio API before the app starts: every ``AudioContext`` made
and every sound source started (``start`` of ``OscillatorNode`` and ``AudioBufferSourceNode``: each note and
noise burst of ``pwa/sound.mjs``), each counted as early when the page had had no person's gesture yet (a
trusted press or key, heard first), in ``window.__audio``. How many times each sound
played is the sound module's own count (``played``, read from the very module the page imported),
compared with what the game did, from its saved record.

* A short game (a Chess Cards match against a bot): nothing is made, started or even downloaded
  before the first click; after it, a card sound for every card played, a chime each time the
  turn came back to the person, a buzz for the refused click, and a win or a loss at the end.
* The table's "Sound" toggle: off, it is kept across a reload, and the moves make no sound.
* Embedded (``embed=1``): silent, the module never loaded, unless the route says ``sound=1``.
* A table opened after a press elsewhere on the page sounds from its first move.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

from page_support import DONE_KEY, OVER, TABLE, OpenApp, follow, play_out, reload, saved_id, steady

#: Each test on a cold page of its own: nothing may sound before the page's first gesture,
#: and the sound module's state is the page's.
pytestmark = pytest.mark.cold

RECORDER = """
window.__audio = {contexts: 0, early: 0, started: 0};
// A person's gesture, as the page sees it: a trusted press or key, heard before the app hears it.
// (navigator.userActivation cannot tell here: pages opened by the test count as activated.)
let gestured = false;
for (const kind of ['pointerdown', 'keydown']) {
  window.addEventListener(kind, (event) => { if (event.isTrusted) gestured = true; }, true);
}
const Made = window.AudioContext;
window.AudioContext = class extends Made {
  constructor(...args) {
    super(...args);
    window.__audio.contexts += 1;
    if (!gestured) window.__audio.early += 1;
  }
};
// A buffer source has a start of its own (with an offset and a duration): both are wrapped.
for (const kind of [OscillatorNode, AudioBufferSourceNode]) {
  const start = kind.prototype.start;
  kind.prototype.start = function (...args) {
    window.__audio.started += 1;
    if (!gestured) window.__audio.early += 1;
    return start.apply(this, args);
  };
}
"""

#: The sources each sound starts (pwa/sound.mjs): noise bursts for the cards, notes (with their
#: shimmer an octave up) for the rest.
SOURCES = {"play": 1, "draw": 2, "turn": 3, "refused": 1, "tick": 1, "win": 8, "loss": 6}
#: The sound module's counts of each sound played (the page's own module: imported by the same URL).
PLAYED = "async () => (await import(new URL('./pwa/sound.mjs', document.baseURI).href)).played"
TOGGLE = f"{TABLE} button[data-cmd=sound]"
SETTINGS = "five-checks:settings"
MATCH = "#/chess-cards/play?seats=human,bot:easy&seed=4&delay=300"
CHECKS = "#/checks/play?seats=human,bot:easy&seed=3&delay=300"


def audio(page: Page) -> dict[str, int]:
    return page.evaluate("() => window.__audio")


def module_requests(page: Page) -> list[str]:
    """Every request of the sound module from now on (the list grows as the page asks)."""
    asked: list[str] = []

    def seen(request: Request) -> None:
        if request.url.endswith("/pwa/sound.mjs"):
            asked.append(request.url)

    page.on("request", seen)
    return asked


def sounds_played(page: Page, total: int, timeout_ms: int = 15_000) -> dict[str, int]:
    """The module's counts once ``total`` sounds have played (the last ones follow the game's
    end by a few milliseconds), or as they are after ``timeout_ms``."""
    played: dict[str, int] = page.evaluate(PLAYED)
    for _ in range(timeout_ms // 100):
        if sum(played.values()) >= total:
            break
        page.wait_for_timeout(100)
        played = page.evaluate(PLAYED)
    return played


def test_a_short_game_sounds_after_the_first_gesture_only(page: Page, open_app: OpenApp) -> None:
    page.add_init_script(RECORDER)
    asked = module_requests(page)
    open_app(page, MATCH)
    start = steady(page)
    # Before any gesture: the bot may have led, but nothing was made, started or downloaded.
    assert audio(page) == {"contexts": 0, "early": 0, "started": 0}
    assert asked == []
    expect(page.locator(TOGGLE)).to_have_attribute("aria-pressed", "true")

    refused: list[str] = []

    def take_turn(turn_page: Page) -> str:
        # Once, the person clicks a card the rules refuse (a reply that does not follow), then plays.
        tried = turn_page.locator(f"{TABLE} button[data-try]")
        if not refused and tried.count():
            refused.append(tried.first.get_attribute("data-try") or "")
            tried.first.click(force=True)  # aria-disabled: the click still lands, and is refused
        button = turn_page.locator(f"{TABLE} button[data-action]").first
        action = button.get_attribute("data-action") or ""
        button.click()
        return action

    game_id = saved_id(page)
    play_out(page, take_turn)
    expect(page.locator(OVER)).to_have_count(1)
    done = json.loads(page.evaluate("key => localStorage.getItem(key)", DONE_KEY + game_id))
    moves = done["record"]["moves"]
    seats = [seat for seat, _ in moves]
    winners = done["result"]["winners"]
    # What the game did after the first click (the position at `start` was there before it).
    expected = {
        "play": len(moves) - start,  # every Chess Cards action is a card played
        "turn": sum(1 for index in range(start + 1, len(moves)) if seats[index] == 0 and seats[index - 1] != 0),
        "refused": len(refused),
        "win": int(0 in winners),
        "loss": int(bool(winners) and 0 not in winners),
    }
    assert refused and expected["turn"] > 2 and expected["win"] + expected["loss"] == 1
    played = sounds_played(page, sum(expected.values()))
    assert {name: count for name, count in played.items() if count} == {
        name: count for name, count in expected.items() if count}, (played, expected)
    recorded = audio(page)
    assert recorded["contexts"] == 1 and recorded["early"] == 0
    # The page's audio calls agree: each sound started its own notes and noise bursts.
    assert recorded["started"] == sum(SOURCES[name] * count for name, count in expected.items())
    assert len(asked) == 1  # loaded once, after the first gesture


def test_the_sound_toggle_silences_the_table_and_is_kept(page: Page, open_app: OpenApp) -> None:
    page.add_init_script(RECORDER)
    open_app(page, CHECKS)
    steady(page)
    toggle = page.locator(TOGGLE)
    expect(toggle).to_have_text("Sound")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    kept = json.loads(page.evaluate("key => localStorage.getItem(key)", SETTINGS))
    assert kept["sound"] is False

    def move(at: Page) -> int:
        before = steady(at)
        pick = at.locator("[data-testid=hand-0] button[data-pick]").first
        card = pick.get_attribute("data-card")
        pick.click()
        at.locator(f'button[data-action^="{card}>"]').first.click()
        at.wait_for_function("n => Number(document.querySelector('[data-testid=table]').dataset.ply) >= n",
                             arg=before + 2, timeout=30_000)
        return steady(at)

    move(page)
    assert audio(page)["started"] == 0  # off: a card played and the bot's reply, not a sound
    reload(page)
    toggle = page.locator(TOGGLE)
    expect(toggle).to_have_attribute("aria-pressed", "false")  # kept across the reload
    move(page)
    assert audio(page) == {"contexts": 0, "early": 0, "started": 0}  # off from the start: nothing made
    toggle.click()  # on again: the click itself starts audio
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert json.loads(page.evaluate("key => localStorage.getItem(key)", SETTINGS)).get("sound", True) is True
    move(page)
    played = sounds_played(page, 2)
    assert played["play"] + played["draw"] >= 2 and audio(page)["started"] >= 2


def test_an_embedded_table_is_silent_unless_its_route_asks(page: Page, open_app: OpenApp) -> None:
    page.add_init_script(RECORDER)
    asked = module_requests(page)
    open_app(page, MATCH + "&embed=1")
    steady(page)
    expect(page.locator(TOGGLE)).to_have_attribute("aria-pressed", "false")
    before = steady(page)
    page.locator(f"{TABLE} button[data-action]").first.click()
    page.wait_for_function("n => Number(document.querySelector('[data-testid=table]').dataset.ply) > n",
                           arg=before, timeout=30_000)
    steady(page)
    assert audio(page) == {"contexts": 0, "early": 0, "started": 0}
    assert asked == []

    other = page.context.new_page()
    other.add_init_script(RECORDER)
    open_app(other, MATCH + "&embed=1&sound=1")
    before = steady(other)
    expect(other.locator(TOGGLE)).to_have_attribute("aria-pressed", "true")
    hash_text: Any = other.evaluate("location.hash")
    assert "sound=1" in hash_text and "embed=1" in hash_text  # a reload in the frame keeps it
    other.locator(f"{TABLE} button[data-action]").first.click()
    other.wait_for_function("n => Number(document.querySelector('[data-testid=table]').dataset.ply) > n",
                            arg=before, timeout=30_000)
    assert sounds_played(other, 1)["play"] >= 1
    assert audio(other)["started"] >= 1 and audio(other)["early"] == 0


def test_a_table_opened_after_a_gesture_sounds_from_its_first_move(page: Page, open_app: OpenApp) -> None:
    """A press anywhere on the page before the table (the setup's Start, here the gallery's
    background): browsers let audio start from then on, so two bots' moves sound at once."""
    page.add_init_script(RECORDER)
    open_app(page, "#/")
    page.mouse.click(5, 5)
    assert audio(page)["contexts"] == 0  # no table, no sound
    follow(page, "#/checks/play?seats=bot:easy,bot:easy&seed=2&delay=300")
    played = sounds_played(page, 3)
    assert played["play"] + played["draw"] >= 3, played
    assert played["turn"] == played["win"] == played["loss"] == 0  # nobody plays here
    assert audio(page)["contexts"] == 1 and audio(page)["early"] == 0
