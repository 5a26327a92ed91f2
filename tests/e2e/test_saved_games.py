"""Issue 12 through the browser: saved games that survive reloads and Back/Forward, Continue and
discard from the gallery, a corrupt saved record, takebacks against bots, honest play URLs (no
seed until the end), one click one move, and records with the replay viewer.

The page contract these tests read (ARCHITECTURE.md, issue 12): the table's ``data-ply`` (actions applied
since the game or match began), play URLs ``#/<game>/play?id=<id>``, ``localStorage`` keys
``five-checks:game:<id>`` / ``five-checks:done:<id>``, ``[data-testid=continue]``,
``button[data-cmd=undo]``, the result panel's ``download`` / ``record-link`` / ``replay-link``,
and ``#/<game>/replay``. The conftest guard fails every test on a console error, a page error,
a ``.py-error`` banner or a request leaving 127.0.0.1 — so a corrupt saved record that logs an
error fails here too. Bots answer at once (``delay=0``) except where a test needs them slow.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from engine import GAMES, IllegalAction, SetupError
from engine.core import Record
from page_support import (
    ACTION,
    CONTINUE,
    DONE_KEY,
    GAME_IDS,
    GAME_KEY,
    LOG_OF,
    NEXT_GAME,
    OVER,
    PASS,
    RESULT,
    TABLE,
    UNDO,
    OpenApp,
    current_hash,
    first_action,
    follow,
    play_out,
    ply,
    reload,
    saved_id,
    settle,
    steady,
    stored,
)

Turn = Callable[[Page], str]

PICK = "button[data-pick]"
REPLAY = "[data-testid=replay]"
RECORD_ERROR = "[data-testid=record-error]"
#: Seeds whose games the person opens or leads (Chess Cards seed 7: seat 0 leads).
SEEDS = {"checks": 11, "checkmate": 21, "private-checkers": 12, "chess-cards": 7, "check": 2}


def bot_route(game: str, extra: str = "", seed: int | None = None) -> str:
    """The play route of a person against an easy bot, seeded, bots answering at once."""
    seed = SEEDS[game] if seed is None else seed
    return f"#/{game}/play?seats=human,bot:easy&seed={seed}&delay=0{extra}"


# ----------------------------------------------------------------------------- a person's turns


def click_action(page: Page, action: str) -> str:
    page.locator(f'{ACTION}[data-action="{action}"]').first.click()
    return action


def act_or_pick(page: Page) -> str:
    """The first offered action, else the first thing that can be picked (a checker, a card)."""
    if page.locator(ACTION).count():
        return first_action(page)
    pick = page.locator(PICK).first
    what = pick.get_attribute("data-pick") or ""
    pick.click()
    return f"pick {what}"


def last_or_first(page: Page) -> str:
    """Checkmate: "Last card!" when offered, else the first offered action."""
    if page.locator(f'{ACTION}[data-action="last"]').count():
        return click_action(page, "last")
    return first_action(page)


def checks_turns() -> Turn:
    """Checks: a cash every other turn when one is offered, else a card of the hand and then the
    last pile offered for it (as tests/e2e/test_checks_ui.py plays)."""
    taken = [0]

    def turn(page: Page) -> str:
        if page.locator(NEXT_GAME).count():
            return click_action(page, NEXT_GAME)
        taken[0] += 1
        cash = page.locator("button.ck-cash[data-action]")
        if taken[0] % 2 == 1 and cash.count():
            return _click_first(cash)
        card = page.locator('button[data-pick^="card:"]').first
        name = (card.get_attribute("data-pick") or "")[len("card:"):]
        card.click()
        target = page.locator(f'button[data-action^="{name}>"]')
        expect(target.first).to_be_visible()
        return _click_first(target.last)

    return turn


def _click_first(buttons: Locator) -> str:
    button = buttons.first
    action = button.get_attribute("data-action") or ""
    button.click()
    return action


def check_turn(page: Page) -> str:
    """Check!: be ready, call Check at the first chance, pass every matching window, draw and
    throw the drawn card, skip abilities; else the first offered action."""
    if page.locator("button[data-pick=call-check]").count():  # Calling Check asks first
        page.locator("button[data-pick=call-check]").click()
    for action in ("ready", "check", "pass", "draw", "discard", "skip"):
        button = page.locator(f'{ACTION}[data-action="{action}"]')
        if button.count():
            # A matching window may close (the clock, a bot's match) before the click lands.
            with contextlib.suppress(PlaywrightTimeout):
                button.first.click(timeout=2000)
            return action
    return act_or_pick(page)


def turns_of(game: str) -> Turn:
    return {
        "checks": checks_turns(),
        "checkmate": last_or_first,
        "private-checkers": act_or_pick,
        "chess-cards": first_action,
        "check": check_turn,
    }[game]


def begin_check(page: Page) -> None:
    """Check! opens on the deal: the table seats everyone itself (no lobby screen)."""
    expect(page.locator(TABLE)).to_have_attribute("data-phase", "peek")


def play_some(page: Page, game: str, person_turns: int) -> int:
    """Make ``person_turns`` of the person's turns (bots answer in between), then wait until the
    person is to act with no bot still answering; returns the ply then.

    Check! plays ready, draw, discard and then passes the matching windows until the person is to
    draw again: a moment with no clock running, so nothing can happen while the page reloads."""
    if game == "check":
        for action in ("ready", "draw", "discard"):
            settle(page)
            click_action(page, action)
        for _ in range(200):
            settle(page)
            if page.locator(f'{ACTION}[data-action="draw"]').count():
                break
            check_turn(page)
        else:
            raise AssertionError("the person was never to draw again")
        return steady(page)
    turn, made = turns_of(game), 0
    for _ in range(4 * person_turns):
        if made == person_turns:
            break
        settle(page)
        assert not page.locator(OVER).count(), "the game ended before the test could reload it"
        if not turn(page).startswith("pick "):  # a pick only selects: not a turn yet
            made += 1
    assert made == person_turns, f"only {made} of {person_turns} turns made"
    return steady(page)


def find_in(node: object, wanted: Callable[[dict], bool]) -> dict | None:
    """The first JSON object under ``node`` (itself included) that ``wanted`` accepts."""
    if isinstance(node, dict):
        if wanted(node):
            return node
        children = list(node.values())
    elif isinstance(node, list):
        children = node
    else:
        return None
    for child in children:
        found = find_in(child, wanted)
        if found is not None:
            return found
    return None


def seed_in(text: str) -> int:
    """The seed a saved game carries (the first ``"seed"`` anywhere in its JSON)."""
    found = find_in(json.loads(text), lambda node: isinstance(node.get("seed"), int))
    assert found is not None, f"no seed in the saved game: {text[:300]}"
    return found["seed"]


def record_in(text: str) -> Record:
    """The engine Record a saved game holds (wherever the save format keeps it)."""
    found = find_in(json.loads(text), lambda node: {"game", "seed", "players", "moves"} <= node.keys())
    assert found is not None, f"no record in the saved game: {text[:300]}"
    return Record.from_json(json.dumps(found))


def assert_url_names_a_saved_game(page: Page, game: str) -> str:
    """The play URL is ``#/<game>/play?id=<id>``: an id, no seed, no deck; returns the id."""
    hash_ = current_hash(page)
    assert hash_.startswith(f"#/{game}/play?"), hash_
    assert "seed=" not in hash_ and "deck=" not in hash_, hash_
    return saved_id(page)


# ----------------------------------------------------------------------------- 1. reload, each game


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_reload_brings_the_game_back_and_it_plays_to_the_end(page: Page, open_app: OpenApp, game: str) -> None:
    open_app(page, bot_route(game))
    if game == "check":
        begin_check(page)
    game_id = assert_url_names_a_saved_game(page, game)
    before = play_some(page, game, person_turns=3)
    assert before >= 3, before
    log = page.locator(LOG_OF[game])
    text = log.inner_text()
    assert text.strip(), "nothing in the log to compare"
    assert f"{GAME_KEY}{game_id}" in stored(page, GAME_KEY)

    reload(page)
    # The same game at the same position: same ply, same log, the same URL (no seed in it).
    expect(page.locator(TABLE)).to_have_attribute("data-ply", str(before))
    assert steady(page) == before  # and nothing replayed or dealt anew behind it
    assert log.inner_text() == text
    assert assert_url_names_a_saved_game(page, game) == game_id
    if game == "check":
        expect(page.locator("[data-testid=lobby]")).to_have_count(0)

    play_out(page, turns_of(game), max_turns=600)
    result = page.locator(RESULT)
    expect(result).to_be_visible()
    assert ply(page) > before
    winners = result.get_attribute("data-winner")
    # Finished: kept in the history (not in progress any more), counted in the setup's stats.
    keys = page.evaluate("Object.keys(localStorage)")
    assert f"{DONE_KEY}{game_id}" in keys, keys
    assert f"{GAME_KEY}{game_id}" not in keys, keys
    follow(page, f"#/{game}")
    row = page.locator('[data-testid=stats] tr[data-level="easy"]')
    expect(row.locator("td[data-stat=played]")).to_have_text("1")
    counts = {stat: int(row.locator(f"td[data-stat={stat}]").inner_text()) for stat in ("won", "drawn", "lost")}
    assert sum(counts.values()) == 1, counts
    # A shared win (Check!) is the app's call; a clear result is not.
    expected = {"0": "won", "1": "lost", "": "drawn"}.get(winners or "")
    if expected is not None:
        assert counts[expected] == 1, (counts, winners)
    expect(page.locator(f'[data-testid=history] a[href^="#/{game}/replay?id={game_id}"]')).to_have_count(1)
    expect(page.locator(CONTINUE)).to_have_count(0)  # no game in progress left


# ----------------------------------------------------------------------------- 2. Back / Forward


def test_back_to_setup_lists_the_game_and_forward_comes_back_to_it(page: Page, open_app: OpenApp) -> None:
    # The setup filled in like a route (delay 0, single game). Seed 7, not the setup's random one:
    # some deals are mated within three moves, and a finished game is not listed to continue.
    open_app(page, f"#/chess-cards?seats=human,bot:easy&seed={SEEDS['chess-cards']}&delay=0&match=0")
    expect(page.locator(CONTINUE)).to_have_count(0)
    page.locator("[data-testid=start]").click()
    expect(page.locator(TABLE)).to_be_visible()
    settle(page)
    game_id = assert_url_names_a_saved_game(page, "chess-cards")
    start = ply(page)
    settle(page)
    first_action(page)
    played = steady(page)
    assert played > start

    page.go_back()
    expect(page.locator("[data-testid=setup]")).to_be_visible()
    entry = page.locator(f'{CONTINUE} li[data-save-id="{game_id}"]')
    expect(entry).to_have_attribute("data-game", "chess-cards")
    expect(entry.locator("a.continue-link")).to_have_attribute("href", f"#/chess-cards/play?id={game_id}")

    page.go_forward()
    expect(page.locator(TABLE)).to_have_attribute("data-ply", str(played))
    assert steady(page) == played  # not dealt again
    assert saved_id(page) == game_id


# ----------------------------------------------------------------------------- 3. Continue


def test_two_games_in_progress_continue_from_the_gallery_and_one_is_discarded(page: Page, open_app: OpenApp) -> None:
    open_app(page, bot_route("chess-cards", "&match=0"))
    cards_id = assert_url_names_a_saved_game(page, "chess-cards")
    cards_ply = play_some(page, "chess-cards", 2)
    follow(page, bot_route("checkmate"))
    page.wait_for_function("() => location.hash.includes('/checkmate/play?id=')")
    expect(page.locator("[data-testid=fan]")).to_be_visible()  # the Checkmate table is up
    mate_id = assert_url_names_a_saved_game(page, "checkmate")
    mate_ply = play_some(page, "checkmate", 2)
    assert mate_id != cards_id

    follow(page, "#/")
    listed = page.locator(f"{CONTINUE} li[data-save-id]")
    expect(listed).to_have_count(2)
    for game, game_id, at in (("chess-cards", cards_id, cards_ply), ("checkmate", mate_id, mate_ply)):
        entry = page.locator(f'{CONTINUE} li[data-save-id="{game_id}"]')
        expect(entry).to_have_attribute("data-game", game)
        text = entry.inner_text()
        assert re.search(rf"\bmove {at}\b", text, re.I), f"{game}: ply {at} not shown as 'move {at}': {text!r}"
        assert re.search(r"easy", text, re.I), f"{game}: the opponent is not named: {text!r}"

    # Each continues at its own ply.
    for game, game_id, at in (("checkmate", mate_id, mate_ply), ("chess-cards", cards_id, cards_ply)):
        follow(page, "#/")
        page.locator(f'{CONTINUE} li[data-save-id="{game_id}"] a.continue-link').click()
        expect(page.locator(TABLE)).to_have_attribute("data-ply", str(at))
        assert steady(page) == at
        assert current_hash(page).startswith(f"#/{game}/play?") and saved_id(page) == game_id

    # Discard one: gone from the list and from storage, for good; the other stays.
    follow(page, "#/")
    page.locator(f'button[data-cmd="discard:{cards_id}"]').click()
    expect(page.locator(f'{CONTINUE} li[data-save-id="{cards_id}"]')).to_have_count(0)
    expect(page.locator(f'{CONTINUE} li[data-save-id="{mate_id}"]')).to_have_count(1)
    assert f"{GAME_KEY}{cards_id}" not in stored(page, GAME_KEY)
    reload(page)
    expect(page.locator(f"{CONTINUE} li[data-save-id]")).to_have_count(1)
    expect(page.locator(f'{CONTINUE} li[data-save-id="{mate_id}"]')).to_have_count(1)


# ----------------------------------------------------------------------------- 4. a corrupt record


def test_a_corrupt_saved_record_is_listed_as_a_problem_and_the_good_game_stays(page: Page, open_app: OpenApp) -> None:
    open_app(page, bot_route("chess-cards", "&match=0"))
    good_id = assert_url_names_a_saved_game(page, "chess-cards")
    at = play_some(page, "chess-cards", 1)
    follow(page, "#/")
    page.evaluate("""() => {
        localStorage.setItem('five-checks:game:bad1', '{not json');
        localStorage.setItem('five-checks:game:bad2', JSON.stringify({schema: 999, record: 'from the future'}));
    }""")
    reload(page)  # the guard fails the test on any console or page error from here on

    problems = page.locator(f"{CONTINUE} li[data-save-problem]")
    expect(problems).to_have_count(2)
    for text in problems.all_inner_texts():
        assert text.strip(), "a problem listed without a reason"
    expect(page.locator(f'{CONTINUE} li[data-save-id="{good_id}"] a.continue-link')).to_be_visible()

    page.locator('li[data-save-problem] button[data-cmd="discard:bad1"]').click()
    expect(problems).to_have_count(1)
    assert page.evaluate("localStorage.getItem('five-checks:game:bad1')") is None
    assert page.evaluate("localStorage.getItem('five-checks:game:bad2')") is not None  # not dropped unasked
    page.locator(f'{CONTINUE} li[data-save-id="{good_id}"] a.continue-link').click()
    expect(page.locator(TABLE)).to_have_attribute("data-ply", str(at))


# ----------------------------------------------------------------------------- 5. undo


def test_undo_in_chess_cards_goes_back_to_the_start(page: Page, open_app: OpenApp) -> None:
    open_app(page, bot_route("chess-cards", "&match=0&sacrifice=0"))
    expect(page.locator(TABLE)).to_have_attribute("data-to-act", "0")  # the person leads
    expect(page.locator(UNDO)).to_be_disabled()  # nothing to take back yet
    at = play_some(page, "chess-cards", 3)
    log = page.locator(LOG_OF["chess-cards"])
    seen = [at]
    while seen[-1] > 0:
        assert len(seen) <= at + 1, f"undo never reached ply 0: {seen}"
        expect(page.locator(UNDO)).to_be_enabled()
        page.locator(UNDO).click()
        page.wait_for_function(f"() => document.querySelector('{TABLE}').dataset.ply !== '{seen[-1]}'")
        seen.append(steady(page))
        assert seen[-1] < seen[-2], f"an undo did not go back: {seen}"
    assert seen[-1] == 0
    expect(page.locator(TABLE)).to_have_attribute("data-to-act", "0")
    expect(page.locator(ACTION).first).to_be_visible()  # the person leads again
    expect(page.locator(UNDO)).to_be_disabled()
    assert log.locator("[data-notation]").count() == 0, log.inner_text()


def test_undo_is_refused_after_a_draw_in_checkmate(page: Page, open_app: OpenApp) -> None:
    open_app(page, bot_route("checkmate"))
    draw = page.locator(f'{ACTION}[data-action^="draw "]')
    for _ in range(200):
        settle(page)
        assert not page.locator(OVER).count(), "the game ended without the person drawing"
        if draw.count():
            break
        last_or_first(page)
    else:
        raise AssertionError("the person never had to draw")
    before = ply(page)
    draw.first.click()
    page.wait_for_function(f"() => document.querySelector('{TABLE}').dataset.ply !== '{before}'")
    steady(page)
    after = ply(page)
    undo = page.locator(UNDO)
    expect(undo).to_be_visible()
    expect(undo).to_be_disabled()  # disabled or aria-disabled
    reason = page.locator("[data-testid=undo-reason]")
    expect(reason).to_have_count(1)  # (it may be there for screen readers only)
    why = (reason.text_content() or "").strip()
    assert why, "no reason given"
    assert (undo.get_attribute("title") or "").strip() == why, "the button's title does not give the reason"
    # A click that reaches it anyway (an aria-disabled button still gets clicks) takes nothing back.
    undo.click(force=True)
    expect(page.locator(f"{TABLE} [role=alert]")).to_contain_text("No takeback")  # the click is handled
    assert ply(page) == after


def test_no_undo_when_switched_off_in_setup_or_with_two_people(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/chess-cards?seats=human,bot:easy&delay=0&match=0")
    box = page.locator("input#undo[data-field=undo]")
    expect(box).to_be_checked()  # on by default
    box.uncheck()
    page.locator("[data-testid=start]").click()
    expect(page.locator(TABLE)).to_be_visible()
    settle(page)
    if page.locator(ACTION).count():
        first_action(page)
    steady(page)
    assert ply(page) > 0
    expect(page.locator(UNDO)).to_have_count(0)

    follow(page, "#/chess-cards/play?seats=human:Ann,human:Bob&seed=8&match=0")
    expect(page.locator("[data-testid=name-0]")).to_have_text("Ann")
    for _ in range(2):
        settle(page)
        if page.locator(PASS).count():
            page.locator(PASS).click()
        first_action(page)
    steady(page)
    assert ply(page) >= 2
    expect(page.locator(UNDO)).to_have_count(0)


# ----------------------------------------------------------------------------- 6. no seed until the end


def test_a_game_started_without_a_seed_shows_none_until_the_end(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/checkmate/play?seats=human,bot:easy&delay=0")
    game_id = assert_url_names_a_saved_game(page, "checkmate")
    seed = seed_in(stored(page, GAME_KEY)[f"{GAME_KEY}{game_id}"])
    hand = page.locator(".cm-mine [data-card]")
    expect(hand.first).to_be_visible()
    dealt = hand.evaluate_all("els => els.map(e => e.dataset.card)")
    whole = re.compile(rf"(?<!\d){seed}(?!\d)")
    turns = [0]

    def hides_the_seed(page: Page) -> str:
        turns[0] += 1
        assert "seed" not in current_hash(page), current_hash(page)
        if turns[0] % 5 == 1:  # the page text is longer to read: every fifth turn
            shown = page.locator("#app").inner_text()
            assert not whole.search(shown), f"the seed {seed} is on the page during the game"
        return last_or_first(page)

    play_out(page, hides_the_seed)
    assert "seed" not in current_hash(page), current_hash(page)
    result = page.locator(RESULT)
    expect(result).to_be_visible()
    # Now the deal may be told, with a way to play it again.
    again = result.get_by_role("button", name=re.compile(r"replay this deal", re.I)).or_(
        result.get_by_role("link", name=re.compile(r"replay this deal", re.I)))
    expect(again).to_have_count(1)
    assert whole.search(result.inner_html()), f"the result does not give the seed {seed}: {result.inner_text()}"
    # And it deals the same cards again, as a new saved game.
    again.click()
    page.wait_for_function("old => location.hash.includes('play?id=') && !location.hash.includes(old)", arg=game_id)
    expect(page.locator(OVER)).to_have_count(0)
    expect(hand.first).to_be_visible()
    assert hand.evaluate_all("els => els.map(e => e.dataset.card)") == dealt


# ----------------------------------------------------------------------------- 7. one click, one move


def test_a_double_click_plays_one_move(page: Page, open_app: OpenApp) -> None:
    # 1. While the bot thinks (it waits 3 s), the second click of a double click plays nothing.
    open_app(page, "#/chess-cards/play?seats=human,bot:easy&seed=7&delay=3000&match=0&sacrifice=0")
    expect(page.locator(TABLE)).to_have_attribute("data-to-act", "0")
    before = ply(page)
    page.locator(ACTION).first.dblclick()
    # Both clicks are handled when dblclick returns (the page's click handler is synchronous): the
    # second played nothing, while the bot is to act.
    expect(page.locator(TABLE)).to_have_attribute("data-ply", str(before + 1))
    expect(page.locator(TABLE)).to_have_attribute("data-to-act", "1")
    assert ply(page) == before + 1
    # Nor is the second click kept for later: an action chosen ahead is played as soon as the
    # bot's answer is applied, in the same task, so once the bot has answered it is the person's
    # turn at the ply after the bot's.
    expect(page.locator(TABLE)).to_have_attribute("data-ply", str(before + 2), timeout=20_000)
    expect(page.locator(TABLE)).to_have_attribute("data-to-act", "0")
    assert steady(page) == before + 2

    # 2. The case of the issue: a reply that wins the lead, so the same person is to act at once
    # and the second click lands on a card of the new position. The engine finds such a reply
    # in the saved game; until then the person plays the first card offered.
    follow(page, "#/chess-cards/play?seats=human,bot:easy&seed=6&delay=0&match=0&sacrifice=0")
    page.wait_for_function("() => location.hash.includes('play?id=')")
    target = ""
    for _ in range(30):
        steady(page)
        assert not page.locator(OVER).count(), "no reply that keeps the person on move came up"
        state = record_in(stored(page, GAME_KEY)[f"{GAME_KEY}{saved_id(page)}"]).replay()
        assert len(state.history) == ply(page)
        if state.to_act() == (0,) and state.history and state.history[-1][0] == 1:
            target = next((str(action) for action in state.legal_actions(0)
                           if state.apply(0, action).to_act() == (0,)), "")
            if target:
                break
        first_action(page)
    assert target, "no reply that keeps the person on move came up"
    before = ply(page)
    page.locator(f'{ACTION}[data-action="{target}"]').dblclick()
    expect(page.locator(TABLE)).to_have_attribute("data-ply", str(before + 1))
    assert steady(page) == before + 1  # the person is to lead: nobody else moves meanwhile
    moves = record_in(stored(page, GAME_KEY)[f"{GAME_KEY}{saved_id(page)}"]).moves
    assert moves[before:] == [(0, target)], moves[before:]


# ----------------------------------------------------------------------------- 8. records, replay


def notations(page: Page, scope: str = "") -> list[str]:
    return page.locator(f"{scope} [data-testid=moves] [data-notation]".strip()).evaluate_all(
        "els => els.map(e => e.dataset.notation)")


def illegal_variant(record: Record) -> tuple[str, str]:
    """The record's JSON with one move changed to a card already played (a move the rules refuse),
    and the engine's message for it."""
    data = json.loads(record.to_json())
    for number in range(2, len(data["moves"])):
        tampered = json.loads(json.dumps(data))
        tampered["moves"][number][1] = data["moves"][0][1]
        text = json.dumps(tampered)
        try:
            Record.from_json(text).replay()
        except (IllegalAction, SetupError) as error:
            return text, str(error)
    raise AssertionError("no move of the record could be made illegal")


def other_game_record() -> str:
    """A legal Checkmate record (two moves): a record, but not of Chess Cards."""
    state = GAMES["checkmate"].new(seed=1, players=2)
    for _ in range(2):
        seat = state.to_act()[0]
        state = state.apply(seat, state.legal_actions(seat)[0])
    return Record.from_state(state).to_json()


def open_text(page: Page, text: str) -> None:
    """Paste ``text`` and open it (unfolding "open another record" first, as a person would)."""
    field = page.locator("textarea[data-field=record-text]")
    if not field.is_visible():
        page.locator("details:has(textarea[data-field=record-text]) > summary").click()
    field.fill(text)
    page.locator("button[data-cmd=open-text]").click()


def test_a_finished_games_record_downloads_replays_and_tampering_is_refused(
        page: Page, open_app: OpenApp, tmp_path: Path) -> None:
    open_app(page, bot_route("chess-cards", "&match=0&sacrifice=0", seed=4))
    game_id = assert_url_names_a_saved_game(page, "chess-cards")
    play_out(page, first_action)
    result = page.locator(RESULT)
    expect(result).to_be_visible()
    final, winner, played = ply(page), result.get_attribute("data-winner"), notations(page)
    assert played, "no moves on the score sheet"
    link = page.locator("[data-testid=record-link]").input_value()
    assert re.search(r"#/chess-cards/replay\?r=\S+", link), link
    expect(page.locator("a[data-testid=replay-link]")).to_have_attribute("href", f"#/chess-cards/replay?id={game_id}")

    with page.expect_download() as info:
        page.locator("button[data-cmd=download]").click()
    download = info.value
    assert download.suggested_filename == f"chess-cards-{game_id}.json"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    record = Record.from_json(path.read_text())
    state = record.replay()  # the engine agrees with the page
    assert state.over and len(state.history) == final
    # The sheet lists the moves by seat (a column each), so compare them as a multiset.
    assert Counter(text for _, text in record.moves) == Counter(played)

    # The viewer: open the file, step through it.
    follow(page, "#/chess-cards/replay")
    viewer = page.locator(REPLAY)
    expect(viewer).to_be_visible()
    page.locator("input[type=file][data-field=record-file]").set_input_files(str(path))
    table = viewer.locator(TABLE)
    expect(table).to_be_visible()
    assert viewer.locator(ACTION).count() == 0  # read-only

    def at(n: int) -> None:
        expect(table).to_have_attribute("data-ply", str(n))

    page.locator("button[data-cmd=first]").click()
    at(0)
    page.locator("button[data-cmd=forward]").click()
    at(1)
    page.keyboard.press("ArrowRight")
    at(2)
    page.keyboard.press("ArrowLeft")
    at(1)
    page.keyboard.press("End")
    at(final)
    page.keyboard.press("Home")
    at(0)
    page.locator('[data-testid=replay-moves] button[data-cmd="step:3"]').click()
    at(3)
    page.locator("button[data-cmd=back]").click()
    at(2)
    page.locator("button[data-cmd=last]").click()
    at(final)
    expect(table).to_have_attribute("data-over", "1")
    expect(viewer.locator(RESULT)).to_have_attribute("data-winner", winner or "")
    assert notations(page, REPLAY) == played
    assert viewer.locator(ACTION).count() == 0

    # Bad records are refused with the engine's message; the record on show stays as it was.
    hash_before = current_hash(page)
    illegal_text, illegal_message = illegal_variant(record)
    bad_file = tmp_path / "tampered.json"
    bad_file.write_text(illegal_text)
    try:
        Record.from_json("{not json").replay()
    except SetupError as error:
        not_json_message = str(error).split(":")[0]  # "not a game record"; the JSON parser's words may vary
    # In an order where each case's message differs from the one before, so each is seen anew.
    cases = [
        ("file", str(bad_file), illegal_message),
        ("text", "{not json", not_json_message),
        ("text", other_game_record(), ""),  # the app's own words: only "another message" is checked
        ("text", illegal_text, illegal_message),
    ]
    error = page.locator(RECORD_ERROR)
    shown = ""
    for how, what, message in cases:
        if how == "file":
            page.locator("input[type=file][data-field=record-file]").set_input_files(what)
        else:
            open_text(page, what)
        expect(error).to_be_visible()
        expect(error).to_have_attribute("role", "alert")
        if message:
            expect(error).to_contain_text(message)
        else:
            expect(error).not_to_have_text(shown)
        shown = error.inner_text()
        at(final)
        assert notations(page, REPLAY) == played, f"{how}: the record on show changed"
        assert current_hash(page) == hash_before, f"{how}: the URL changed"

    # The link opens the same record; so does the history's replay link.
    for route in (link, f"#/chess-cards/replay?id={game_id}"):
        follow(page, "#/")
        expect(page.locator(REPLAY)).to_have_count(0)
        if route.startswith("http"):
            page.goto(route)  # the whole link, as pasted into the address bar (same page: no reload)
        else:
            follow(page, route[route.index("#"):])
        expect(page.locator(REPLAY)).to_be_visible()
        page.keyboard.press("End")  # (the viewer may open at the end already: then "last" is disabled)
        at(final)
        assert notations(page, REPLAY) == played
