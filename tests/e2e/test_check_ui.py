"""Check! played through the browser UI, from stacked-deck routes, with the conftest guard on.

The deck is stacked (``deck=``: seat 0's four cards, then seat 1's, ..., then the draw pile), so
the person's own cards and first draw are known: their bottom row is 7S (place 2) and KS
(place 3), and the first card drawn is 7C. Bots answer at once (``delay=0``), so in every
matching window the person sees the bots' passes already made.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from page_support import PHONE, TABLE, OpenApp, Shot, assert_fits, final_result

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


def button(page: Page, action: str):
    return page.locator(f'button[data-action="{action}"]')


def until(page: Page, action: str, *, timeout_s: float = 60) -> None:
    """Pass every matching window until ``action`` is offered, then click it."""
    for _ in range(int(timeout_s * 10)):
        if button(page, action).count():
            button(page, action).first.click()
            return
        if button(page, "pass").count():
            try:  # the window may close (a bot's match) between seeing the button and the click
                button(page, "pass").first.click(timeout=1000)
            except PlaywrightTimeout:
                pass
            continue
        page.wait_for_timeout(100)
    raise AssertionError(f"{action!r} was never offered; the table says: {page.locator(TABLE).inner_text()}")


def start_from_lobby(page: Page, open_app: OpenApp, route: str, shot: Shot | None = None, name: str = "") -> None:
    open_app(page, route)
    expect(page.locator("[data-testid=lobby]")).to_be_visible()
    expect(page.locator("[data-testid=lobby-seat-0]")).to_contain_text("Game Master")
    if shot is not None:
        shot(page, name)
    button(page, "start").click()
    expect(page.locator(TABLE)).to_have_attribute("data-phase", "peek")


def test_whole_game_against_three_bots(page: Page, open_app: OpenApp, shot: Shot) -> None:
    start_from_lobby(page, open_app, GAME_ROUTE, shot, "check-lobby-1280")
    # The bottom row is shown until the person is ready; the top row stays face down.
    mine = page.locator("[data-testid=seat-0]")
    expect(mine.locator('[data-pos="0.2"]')).to_have_attribute("title", "7 of spades")
    expect(mine.locator('[data-pos="0.3"]')).to_have_attribute("title", "King of spades")
    assert mine.locator(".pc-card").count() == 2
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
    expect(page.locator("[data-testid=log]")).to_contain_text("You matched 7C with 7S")
    expect(mine.locator(".cx-hole")).to_have_count(1)

    # Turn 2: put the drawn card where the King was; the King's ability: two peeks and a swap.
    until(page, "draw")
    button(page, "replace 3").click()
    until(page, "peek 1.0")
    expect(page.locator('[data-testid=seat-1] [data-pos="1.0"]')).to_have_class(re.compile("pc-card"))
    button(page, "peek 2.1").click()
    shot(page, "check-ability-1280")
    page.locator('button[data-pick="0.0"]').click()
    button(page, "swap 0.0 1.0").click()
    expect(page.locator("[data-testid=log]")).to_contain_text("You swapped your own card 1 with Bot (easy)'s card 1")

    # Turn 3: call Check; the bots take their final turns and the round ends.
    until(page, "check")
    expect(page.locator("[data-testid=seat-0]")).to_contain_text("called Check!")
    result = final_result(page)
    expect(result).to_contain_text("the Final Turns are over")
    expect(result).to_contain_text("You called Check.")
    expect(result.locator('li[data-seat="3"]')).to_contain_text("Bot 4 (medium)")  # numbered by seat
    assert re.search(r"\b(You win|wins|win)\.", result.inner_text()), result.inner_text()
    # The final reveal: every card of every grid face up.
    assert page.locator(f"{TABLE} .pc-back").count() == 1  # only the draw pile shows its back
    shot(page, "check-result-1280")


def test_king_on_king_resolves_last_in_first_out_on_a_phone(page: Page, open_app: OpenApp, shot: Shot) -> None:
    page.set_viewport_size(PHONE)
    start_from_lobby(page, open_app, STACK_ROUTE, shot, "check-lobby-360")
    assert_fits(page)
    button(page, "ready").click()
    button(page, "draw").click()
    button(page, "replace 3").click()  # the KS goes to the pile; the bot matches it with its KH
    log = page.locator("[data-testid=log]")
    expect(log).to_contain_text("Bot (medium) matched KS with KH")
    # The bot's King (last in) is used first, then the person is asked for theirs.
    expect(page.locator("[data-testid=prompt]")).to_contain_text("King: click a card to peek at")
    after_match = log.inner_text().split("matched KS with KH")[0]  # the log lists the latest first
    assert "Bot (medium) peeked" in after_match or "Bot (medium) skipped" in after_match, after_match
    assert "You peeked" not in after_match and "You skipped" not in after_match
    shot(page, "check-stack-360")
    assert_fits(page)
    button(page, "skip").click()
    button(page, "skip").click()
    expect(page.locator(TABLE)).not_to_have_attribute("data-phase", "ability")
    expect(log).to_contain_text("You skipped the swap")


def test_the_clock_closes_the_matching_window(page: Page, open_app: OpenApp) -> None:
    start_from_lobby(page, open_app, two_seat_route("human,bot:easy", seconds=3))
    button(page, "ready").click()
    button(page, "draw").click()
    button(page, "discard").click()  # the 8C: nobody can match; the person does not answer
    expect(page.locator("[data-testid=countdown]")).to_be_visible()
    expect(page.locator("[data-testid=log]")).to_contain_text("Time is up for matching", timeout=10_000)


def test_memory_aid_and_a_failed_match_penalty(page: Page, open_app: OpenApp) -> None:
    start_from_lobby(page, open_app, two_seat_route("human,bot:easy"))
    button(page, "ready").click()
    page.locator("[data-testid=memory-aid]").click()
    mine = page.locator("[data-testid=seat-0]")
    expect(mine.locator(".pc-card")).to_have_count(2)  # the remembered bottom row
    button(page, "draw").click()
    button(page, "discard").click()
    button(page, "match 2").click()  # a 7 on the 8C: wrong rank
    expect(page.locator("[data-testid=penalty]")).to_contain_text("You tried 7♠")
    expect(mine.locator(".cx-card")).to_have_count(5)


def test_two_people_pass_the_device_for_private_moments(page: Page, open_app: OpenApp) -> None:
    start_from_lobby(page, open_app, two_seat_route("human:Ann,human:Ben", first_draw="2C"))
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
    expect(page.locator("[data-testid=discard-pile]")).to_contain_text("Discard · 2")
    expect(button(page, "draw")).to_be_visible()
    page.locator("button[data-pick=take]").click()
    button(page, "take 1").click()
    expect(page.locator("[data-testid=log]")).to_contain_text("Ben took 2H into card 2 and discarded 3H")


def test_lobby_adds_and_removes_seats_then_locks(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/check/play?seats=human,bot:easy&seed=9&delay=0")
    lobby = page.locator("[data-testid=lobby]")
    page.locator("[data-testid=gm-name]").fill("Zoë <b>")
    page.locator("[data-testid=add-level]").select_option("hard")
    page.locator("button[data-cmd=add-bot]").click()
    page.locator("button[data-cmd=add-person]").click()
    expect(lobby.locator("li")).to_have_count(4)
    page.locator('button[data-cmd="remove:1"]').click()  # the easy bot leaves
    expect(lobby.locator("li")).to_have_count(3)
    expect(lobby).to_contain_text("Bot (hard)")
    shot(page, "check-lobby-edited-1280")
    button(page, "start").click()
    # Two people now: the first private moment (the peek) waits behind the pass screen.
    expect(page.locator("[data-testid=pass-screen]")).to_contain_text("Pass the device to Zoë <b>")
    # The address names the saved game (its seats as started are in the save), not the deal.
    assert re.fullmatch(r"#/check/play\?id=[a-z0-9]+", page.evaluate("location.hash"))
    expect(page.locator("[data-testid=log]")).to_have_count(0)  # nothing of the table shows yet
    page.locator("button[data-cmd=pass-done]").click()
    log = page.locator("[data-testid=log]")
    expect(log).to_contain_text("the lobby is locked")
    assert page.locator("button[data-cmd=add-bot]").count() == 0
    # Ruling 1: the seats joined in seat order (the log lists the latest first).
    lines = log.inner_text()
    assert lines.index("Player 2 joined") < lines.index("Bot (hard) joined") < lines.index("opened the lobby")
