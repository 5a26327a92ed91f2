"""Check! played through the browser UI, from stacked-deck routes, with the conftest guard on.

A play route (or the setup screen's Start) opens straight on the game: the table plays the
engine's lobby itself (people join in their seats' turn, the Game Master starts), so every test
begins at the peek. The deck is stacked (``deck=``: seat 0's four cards, then seat 1's, ..., then the draw pile), so
the person's own cards and first draw are known: their bottom row is 7S (place 2) and KS
(place 3), and the first card drawn is 7C. Bots answer at once (``delay=0``), so in every
matching window the person sees the bots' passes already made.
"""

from __future__ import annotations

import contextlib
import re

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from page_support import (
    PHONE,
    TABLE,
    OpenApp,
    Shot,
    assert_fits,
    current_hash,
    final_result,
    mark,
    marked,
    ply,
    reload,
    steady,
)

RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def deck(*cards: str) -> str:
    """The full stacked deck: ``cards`` first, then every other card in a fixed order."""
    rest = [rank + suit for suit in "SHDC" for rank in RANKS if rank + suit not in cards]
    return ",".join([*cards, *rest])


PERSON = ("4S", "5S", "7S", "KS")
BOTS = ("2H", "3H", "4H", "6H", "2D", "3D", "4D", "6D", "2C", "3C", "5C", "6C")
GAME_ROUTE = ("#/check/play?seats=human,bot:easy,bot:medium,bot:medium&seed=5&delay=0"
              "&match_seconds=15&deck=" + deck(*PERSON, *BOTS, "7C"))


def two_seat_route(seats: str, first_draw: str = "8C", seconds: int = 8) -> str:
    """The person's grid against 2H 3H KH 6H (the KH in the bottom row, known to its owner)."""
    return (f"#/check/play?seats={seats}&seed=2&delay=0&match_seconds={seconds}&deck="
            + deck(*PERSON, "2H", "3H", "KH", "6H", first_draw))


STACK_ROUTE = two_seat_route("human,bot:medium")
#: Six seats (no bot holds a 7), the person's first draw the 7C again.
SIX_ROUTE = ("#/check/play?seats=human,bot:easy,bot:medium,bot:medium,bot:hard,bot:easy&seed=5&delay=0"
             "&match_seconds=15&deck=" + deck(*PERSON, *BOTS, "4C", "5D", "8D", "9D", "10D", "8C", "9C", "10C", "7C"))
TABLE_SIZE = {"width": 1280, "height": 800}
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def signs(text: str) -> re.Pattern[str]:
    """A log line as the table shows it: its cards with suit signs (``7C`` -> ``7♣``, maybe
    with the text-style selector after the sign), never in notation."""
    parts = re.split(r"\b((?:10|[2-9JQKA])[SHDC])\b", text)
    return re.compile("".join(re.escape(part) if index % 2 == 0 else
                              re.escape(part[:-1] + SUITS[part[-1]]) + "\ufe0e?"
                              for index, part in enumerate(parts)))


def button(page: Page, action: str):
    return page.locator(f'button[data-action="{action}"]')


def until(page: Page, action: str, *, timeout_s: float = 60, selector: str = "", click: bool = True) -> None:
    """Pass every matching window until ``action`` is offered (or ``selector`` is there), then
    click it (unless not ``click``)."""
    wanted = page.locator(selector) if selector else button(page, action)
    passes = button(page, "pass")
    for _ in range(int(timeout_s * 10)):
        try:  # whichever comes first: what is wanted, or a window to pass
            wanted.or_(passes).first.wait_for(state="attached", timeout=timeout_s * 1000)
        except PlaywrightTimeout:
            break
        if wanted.count():
            if click:
                wanted.first.click()
            return
        # The window may close (a bot's match) between seeing the button and the click.
        with contextlib.suppress(PlaywrightTimeout):
            passes.first.click(timeout=1000)
    raise AssertionError(f"{selector or action!r} was never offered; the table says: "
                         f"{page.locator(TABLE).inner_text()}")


CALL_CHECK = "button[data-pick=call-check]"


def start_game(page: Page, open_app: OpenApp, route: str) -> None:
    """Open a play route: the table seats everyone itself and the game opens on the peek."""
    open_app(page, route)
    expect(page.locator(TABLE)).to_have_attribute("data-phase", "peek")
    expect(page.locator("[data-testid=lobby]")).to_have_count(0)


#: The bounding boxes (relative to the viewport) of what must not move when a matching window
#: opens: every seat, every place of every grid, the piles, the window's place.
BOXES = """() => Object.fromEntries(
    ['[data-testid^=seat-]', '.cx-slot', '.cx-centre', '.cx-piles', '[data-testid=draw-pile]',
     '[data-testid=discard-pile]', '.cx-window']
    .flatMap(sel => [...document.querySelectorAll(sel)].map((el, i) => { const b = el.getBoundingClientRect();
      return [`${sel} #${i}`, [b.x, b.y, b.width, b.height].map(Math.round)]; })))"""


def next_frame(page: Page) -> None:
    """Return once the browser has drawn the page as it is now (two animation frames on)."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def in_viewport(page: Page, selector: str) -> None:
    """``selector`` is wholly inside the viewport (seen without scrolling)."""
    box = page.locator(selector).bounding_box()  # relative to the viewport
    size = page.viewport_size or {}
    assert box is not None, f"{selector} is not on screen"
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= size["width"], (selector, box, size)
    assert box["y"] + box["height"] <= size["height"], (selector, box, size)


def test_whole_game_against_three_bots(page: Page, open_app: OpenApp, shot: Shot) -> None:
    start_game(page, open_app, GAME_ROUTE)
    # The bottom row is shown until the person is ready; the top row stays face down.
    mine = page.locator("[data-testid=seat-0]")
    expect(mine.locator('[data-pos="0.2"]')).to_have_attribute("title", "7 of spades")
    expect(mine.locator('[data-pos="0.3"]')).to_have_attribute("title", "King of spades")
    assert mine.locator(".pc-card").count() == 2
    # Every place shows its number, the one the log uses ("card 1" is slot 0).
    expect(mine.locator(".cx-num")).to_have_text(["1", "2", "3", "4"])
    # The name says the place and the card, then what the face shows ("K♠"), as speech input says it.
    expect(mine.locator('[data-pos="0.3"]')).to_have_attribute(
        "aria-label", re.compile(r"^Your card 4: King of spades, K♠\ufe0e?$"))
    shot(page, "check-peek-1280")
    button(page, "ready").click()
    expect(mine.locator(".pc-card")).to_have_count(0)  # memory aid off: all face down again

    # Turn 1: draw the 7C (only the drawer sees it), throw it, match it with the 7S.
    button(page, "draw").click()
    expect(page.locator("[data-testid=drawn]")).to_contain_text("7")
    button(page, "discard").click()
    expect(page.locator("[data-testid=window]")).to_contain_text("Match the 7♣")
    shot(page, "check-window-1280")
    button(page, "match 2").click()
    expect(page.locator("[data-testid=log]")).to_contain_text(signs("You matched 7C with 7S"))
    expect(mine.locator(".cx-hole")).to_have_count(1)
    expect(mine.locator(".cx-num")).to_have_text(["1", "2", "3", "4"])  # the hole keeps its number

    # The bots' round is marked until the person's own turn is played (their passes in the
    # bots' windows do not clear it): the piles the bots used and their log lines.
    until(page, "draw", click=False)
    table = page.locator(TABLE)
    assert table.locator(".cx-pile[data-last-move]").count() >= 1
    marked = page.locator("[data-testid=log] li[data-last-move]").all_inner_texts()
    assert marked and all(line.startswith("Bot") for line in marked), marked
    assert any(" drew from the draw pile" in line or " took " in line for line in marked), marked
    shot(page, "check-bots-round-marked-1280")

    # Turn 2: put the drawn card where the King was; the King's ability: two peeks and a swap.
    button(page, "draw").click()
    expect(table.locator("[data-last-move]")).to_have_count(0)
    button(page, "replace 3").click()
    until(page, "peek 1.0")
    expect(page.locator('[data-testid=seat-1] [data-pos="1.0"]')).to_have_class(re.compile("pc-card"))
    button(page, "peek 2.1").click()
    shot(page, "check-ability-1280")
    page.locator('button[data-pick="0.0"]').click()
    button(page, "swap 0.0 1.0").click()
    expect(page.locator("[data-testid=log]")).to_contain_text("You swapped your own card 1 with Bot (easy)'s card 1")

    # Turn 3: call Check, a step that asks first; Cancel goes back to the turn.
    until(page, "", selector=CALL_CHECK)
    prompt = page.locator("[data-testid=prompt]")
    expect(prompt).to_contain_text("Call Check? This is your last turn")
    expect(button(page, "check")).to_have_text("Yes, call Check")
    expect(button(page, "draw")).to_have_count(0)
    page.locator("button[data-pick=cancel-check]").click()
    expect(button(page, "check")).to_have_count(0)
    expect(button(page, "draw")).to_be_visible()
    page.locator(CALL_CHECK).click()
    shot(page, "check-call-check-1280")
    button(page, "check").click()
    expect(page.locator("[data-testid=seat-0]")).to_contain_text("called Check!")
    result = final_result(page)
    # Why the round ended, in the table's words: the caller, the totals compared, the lowest.
    expect(result.locator("[data-testid=end-reason]")).to_have_text(re.compile(
        r"^You called Check and every other player took one final turn; the totals are you -?\d+, "
        r".+ -?\d+, and .+ (has|have|share) the lowest, -?\d+\.$"))
    expect(result.locator(".result-scores")).to_have_count(1)  # the totals, said once
    expect(result.locator('li[data-seat="3"]')).to_contain_text("Bot 4 (medium)")  # numbered by seat
    assert re.search(r"\b(You win|wins|win)\.", result.inner_text()), result.inner_text()
    # The final reveal: every card of every grid face up.
    assert page.locator(f"{TABLE} .pc-back").count() == 1  # only the draw pile shows its back
    # The person named "You" owns "your" cards, in the log and in what a screen reader reads.
    assert "You's" not in page.locator(TABLE).inner_text()
    assert page.locator(f"{TABLE} [aria-label*=\"You's\"]").count() == 0
    shot(page, "check-result-1280")


def test_king_on_king_resolves_last_in_first_out_on_a_phone(page: Page, open_app: OpenApp, shot: Shot) -> None:
    page.set_viewport_size(PHONE)
    start_game(page, open_app, STACK_ROUTE)
    shot(page, "check-peek-360")
    assert_fits(page)
    button(page, "ready").click()
    button(page, "draw").click()
    button(page, "replace 3").click()  # the KS goes to the pile; the bot matches it with its KH
    log = page.locator("[data-testid=log]")
    expect(log).to_contain_text(signs("Bot (medium) matched KS with KH"))
    # The bot's King (last in) is used first, then the person is asked for theirs.
    expect(page.locator("[data-testid=prompt]")).to_contain_text("King: click a card to peek at")
    after_match = re.split(signs("matched KS with KH"), log.inner_text())[0]  # the latest first
    assert "Bot (medium) peeked" in after_match or "Bot (medium) skipped" in after_match, after_match
    assert "You peeked" not in after_match and "You skipped" not in after_match
    shot(page, "check-stack-360")
    assert_fits(page)
    button(page, "skip").click()
    button(page, "skip").click()
    expect(page.locator(TABLE)).not_to_have_attribute("data-phase", "ability")
    expect(log).to_contain_text("You skipped the swap")


def test_the_last_move_is_marked_until_the_person_acts(page: Page, open_app: OpenApp, shot: Shot) -> None:
    """The bot's match of the person's King (the bot's KH from its place 3, slot 2) and its
    King's ability are marked: the emptied place, the pile, the log lines since the person's
    last action; the person's own moves are not; the marks go when the person acts."""
    start_game(page, open_app, STACK_ROUTE)
    button(page, "ready").click()
    button(page, "draw").click()
    button(page, "replace 3").click()
    expect(page.locator("[data-testid=prompt]")).to_contain_text("King: click a card to peek at")
    table = page.locator(TABLE)
    matched = page.locator('[data-testid=seat-1] [data-pos="1.2"]')
    expect(matched).to_have_class(re.compile("cx-hole"))
    expect(matched).to_have_attribute("data-last-move", "")
    expect(page.locator("[data-testid=discard-pile]")).to_have_attribute("data-last-move", "")
    expect(page.locator("[data-testid=draw-pile]")).not_to_have_attribute("data-last-move", re.compile(".*"))
    marked = page.locator("[data-testid=log] li[data-last-move]")
    expect(marked.last).to_contain_text(signs("Bot (medium) matched KS with KH"))  # the oldest marked
    assert all(not line.startswith("You ") for line in marked.all_inner_texts()), marked.all_inner_texts()
    expect(page.locator("[data-testid=log] li:not([data-last-move])").first).to_contain_text(
        "You swapped the drawn card into card 4")
    # Whatever else the bot's ability touched is marked too, and only places of the grids.
    for pos in table.locator(".cx-slot [data-last-move]").evaluate_all("els => els.map(e => e.dataset.pos)"):
        assert re.fullmatch(r"[01]\.\d+", pos), pos
    shot(page, "check-last-move-1280")
    button(page, "skip").click()  # the person acts: the marks go
    expect(table.locator("[data-last-move]")).to_have_count(0)


@pytest.mark.parametrize("size", [TABLE_SIZE, PHONE], ids=["1280x800", "360x740"])
@pytest.mark.parametrize("seats", [4, 6])
def test_nothing_moves_when_the_matching_window_opens(page: Page, open_app: OpenApp, shot: Shot,
                                                      size: dict[str, int], seats: int) -> None:
    """Issue 13: the table keeps every region's size when a window opens; the person's grid and
    the countdown are inside the viewport during the window, without scrolling."""
    page.set_viewport_size(size)
    route = GAME_ROUTE if seats == 4 else SIX_ROUTE
    start_game(page, open_app, route)
    button(page, "ready").click()
    button(page, "draw").click()
    expect(page.locator("[data-testid=drawn]")).to_contain_text("7")
    next_frame(page)
    before = page.evaluate(BOXES)
    button(page, "discard").click()
    expect(page.locator("[data-testid=window]")).to_be_visible()
    expect(page.locator('[data-testid=seat-1]')).to_contain_text("passed")  # the bots' passes are in
    next_frame(page)
    during = page.evaluate(BOXES)
    moved = {key: (before.get(key), box) for key, box in during.items() if before.get(key) != box}
    assert not moved, f"moved when the window opened: {moved}"
    in_viewport(page, "[data-testid=seat-0] .cx-grid")
    in_viewport(page, "[data-testid=countdown]")
    assert page.evaluate("window.scrollY") == 0
    assert_fits(page)
    shot(page, f"check-window-{seats}-seats-{size['width']}")


def test_the_clock_closes_the_matching_window(page: Page, open_app: OpenApp) -> None:
    start_game(page, open_app, two_seat_route("human,bot:easy", seconds=3))
    button(page, "ready").click()
    button(page, "draw").click()
    button(page, "discard").click()  # the 8C: nobody can match; the person does not answer
    expect(page.locator("[data-testid=countdown]")).to_be_visible()
    expect(page.locator("[data-testid=log]")).to_contain_text("Time is up for matching", timeout=10_000)


def test_memory_aid_and_a_failed_match_penalty(page: Page, open_app: OpenApp) -> None:
    start_game(page, open_app, two_seat_route("human,bot:easy"))
    button(page, "ready").click()
    page.locator("[data-testid=memory-aid]").click()
    mine = page.locator("[data-testid=seat-0]")
    expect(mine.locator(".pc-card")).to_have_count(2)  # the remembered bottom row
    button(page, "draw").click()
    button(page, "discard").click()
    button(page, "match 2").click()  # a 7 on the 8C: wrong rank
    expect(page.locator("[data-testid=penalty]")).to_contain_text("You tried 7♠")
    expect(mine.locator(".cx-card")).to_have_count(5)
    expect(mine.locator(".cx-num")).to_have_text(["1", "2", "3", "4", "5"])  # the penalty card is card 5


def test_two_people_pass_the_device_for_private_moments(page: Page, open_app: OpenApp) -> None:
    start_game(page, open_app, two_seat_route("human:Ann,human:Ben", first_draw="2C"))
    gate = page.locator("[data-testid=pass-screen]")
    expect(gate).to_contain_text("Pass the device to Ann")
    assert page.locator(".pc-card").count() == 0
    page.locator("button[data-cmd=pass-done]").click()
    button(page, "ready").click()
    expect(gate).to_contain_text("Pass the device to Ben")
    page.locator("button[data-cmd=pass-done]").click()
    button(page, "ready").click()
    button(page, "draw").click()
    expect(gate).to_contain_text("Pass the device to Ann")  # the drawn card is Ann's alone
    page.locator("button[data-cmd=pass-done]").click()
    button(page, "discard").click()
    # The matching window is for both at once, with no card faces on screen.
    expect(page.locator('button[data-action="pass"][data-seat="0"]')).to_be_visible()
    expect(page.locator('button[data-action="pass"][data-seat="1"]')).to_be_visible()
    assert page.locator("[data-testid=memory-aid]").count() == 0
    page.locator('button[data-action="match 0"][data-seat="1"]').click()  # Ben's 2H
    expect(page.locator("[data-testid=status]")).to_contain_text("Ben to play")
    # Ruling 10: the seal lifts as Ben's turn begins, so he may take the 2H he just matched.
    expect(page.locator("[data-testid=discard-pile]")).to_contain_text("2 cards")
    expect(button(page, "draw")).to_be_visible()
    page.locator("button[data-pick=take]").click()
    button(page, "take 1").click()
    expect(page.locator("[data-testid=log]")).to_contain_text(signs("Ben took 2H into card 2 and discarded 3H"))


def test_the_setup_screen_starts_the_game_and_the_seats_join_in_seat_order(page: Page, open_app: OpenApp,
                                                                           shot: Shot) -> None:
    """No lobby screen: the setup chooses the seats, Start opens the table, which plays the
    engine's lobby (joins in seat order, then the Game Master's start) by itself."""
    open_app(page, "#/check?seats=human,bot:easy&delay=0&seed=9")
    page.locator("[data-testid=seat-count]").select_option("3")
    page.locator("[data-testid=seat-1]").select_option("bot:hard")
    page.locator("[data-testid=seat-2]").select_option("human")
    page.locator("#seat-name-0").fill("Zoë <b>")
    shot(page, "check-setup-1280")
    page.locator("[data-testid=start]").click()
    # Two people now: the first private moment (the peek) waits behind the pass screen.
    expect(page.locator("[data-testid=pass-screen]")).to_contain_text("Pass the device to Zoë <b>")
    expect(page.locator(TABLE)).to_have_attribute("data-phase", "peek")
    expect(page.locator("[data-testid=lobby]")).to_have_count(0)
    # The address names the saved game (its seats as started are in the save), not the deal.
    assert re.fullmatch(r"#/check/play\?id=[a-z0-9]+", current_hash(page))
    expect(page.locator("[data-testid=log]")).to_have_count(0)  # nothing of the table shows yet
    page.locator("button[data-cmd=pass-done]").click()
    log = page.locator("[data-testid=log]")
    expect(log).to_contain_text("Zoë <b> started the game")
    # Ruling 1: the seats joined in seat order (the log lists the latest first).
    lines = log.inner_text()
    assert (lines.index("Zoë <b> started the game") < lines.index("Player 3 joined")
            < lines.index("Bot (hard) joined") < lines.index("Zoë <b> sat down first")), lines
    # Everyone is at this device: no lobby, no Game Master, in the log or at the table.
    table_text = page.locator(TABLE).inner_text()
    assert "lobby" not in table_text.lower() and "game master" not in table_text.lower(), table_text
    expect(page.locator("[data-testid=name-1]")).to_have_text("Bot (hard)")


def test_a_reload_comes_back_to_the_same_ply(page: Page, open_app: OpenApp) -> None:
    """The game is saved after every action: a reload at the peek, in a matching window and
    in the person's turn shows the same position (``data-ply``)."""
    start_game(page, open_app, two_seat_route("human,bot:easy", seconds=15))
    at_peek = ply(page)
    reload(page)
    expect(page.locator(TABLE)).to_have_attribute("data-ply", str(at_peek))
    expect(page.locator(TABLE)).to_have_attribute("data-phase", "peek")
    button(page, "ready").click()
    button(page, "draw").click()
    button(page, "discard").click()
    expect(page.locator("[data-testid=window]")).to_be_visible()
    in_window = ply(page)
    reload(page)
    expect(page.locator(TABLE)).to_have_attribute("data-ply", str(in_window))
    expect(page.locator("[data-testid=window]")).to_be_visible()
    until(page, "draw", click=False)  # the person passes, and every window till their turn
    at_turn = steady(page)
    reload(page)
    expect(page.locator(TABLE)).to_have_attribute("data-ply", str(at_turn))
    assert steady(page) == at_turn


# --- issue 13: the person's places keep their elements, focus, refusals, logs with suit signs ----

MINE = "[data-testid=seat-0]"
ALERT = f"{TABLE} p[role=alert]"
RAW_CARD = re.compile(r"\b(10|[2-9JQKA])[SHDC]\b")



def test_the_persons_places_are_one_element_through_a_round(page: Page, open_app: OpenApp) -> None:
    """The person puts the drawn card in place 2; the window closes on the clock, the bot plays
    its turn; the person's place 1 (untouched), place 2 (replaced) and the grid are the same
    nodes all along, buttons whatever they offer."""
    start_game(page, open_app, two_seat_route("human,bot:easy", seconds=3))
    button(page, "ready").click()
    for selector in (f"{MINE} .cx-grid", f'{MINE} [data-pos="0.0"]', f'{MINE} [data-pos="0.1"]'):
        mark(page, selector)
    button(page, "draw").click()
    button(page, "replace 1").click()
    expect(page.locator("[data-testid=window]")).to_be_visible()
    expect(button(page, "draw")).to_be_visible(timeout=30_000)  # the bot's turn is over
    for selector in (f"{MINE} .cx-grid", f'{MINE} [data-pos="0.0"]', f'{MINE} [data-pos="0.1"]'):
        assert marked(page, selector), f"{selector} was drawn anew"
    tags = page.locator(f"{MINE} [data-pos]").evaluate_all("els => els.map(el => el.tagName)")
    assert tags == ["BUTTON"] * 4, tags
    # The log names the cards with the table's suit signs, never in notation.
    log = page.locator("[data-testid=log]")
    expect(log).to_contain_text(signs("You swapped the drawn card into card 2 and discarded 5S"))
    assert not RAW_CARD.search(log.inner_text()), log.inner_text()


def test_keyboard_focus_is_on_a_control_after_the_bots_turn(page: Page, open_app: OpenApp) -> None:
    start_game(page, open_app, two_seat_route("human,bot:easy", seconds=3))
    button(page, "ready").click()
    button(page, "draw").focus()
    page.keyboard.press("Enter")
    place = button(page, "replace 1")
    place.focus()
    page.keyboard.press("Enter")
    # Nothing pressed meanwhile: the windows close on the clock, the bot plays its turn.
    expect(button(page, "draw")).to_be_visible(timeout=30_000)
    page.wait_for_function("() => document.activeElement?.getAttribute('data-action') === 'draw'")
    assert page.evaluate("() => !!document.activeElement.closest('[data-testid=table]')")


def test_refused_clicks_say_why(page: Page, open_app: OpenApp) -> None:
    start_game(page, open_app, two_seat_route("human,bot:easy"))
    button(page, "ready").click()
    expect(button(page, "draw")).to_be_visible()
    at = ply(page)
    # A place of the person's before anything is drawn: there is no discard to take yet.
    page.locator(f'{MINE} [data-pos="0.0"]').click(force=True)  # aria-disabled: the click still lands
    expect(page.locator(ALERT)).to_have_text("The discard pile is empty.")
    button(page, "draw").click()
    # The bot's card while the drawn card waits: the engine's reason, in words.
    page.locator('[data-testid=seat-1] [data-pos="1.0"]').click(force=True)
    expect(page.locator(ALERT)).to_have_text("The drawn card must go into a slot or onto the discard pile.")
    assert ply(page) == at + 1  # only the draw was played
    button(page, "discard").click()
    expect(page.locator(ALERT)).to_have_count(0)
