"""Checks played through the browser UI, from seeded routes, with the conftest guard on.

Every test here also fails on a console error, a page error, a .py-error banner or a request
leaving 127.0.0.1 (tests/e2e/conftest.py). Moves are made as a person makes them: a cash is one
click on a highlighted pile's "Cash" button; a play is a click on a card of the hand
(``data-pick``), then on a pile (``data-action``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

import page_support as pages
from page_support import OpenApp, Shot, assert_fits, final_result, interlude, play_out, settle
from ui.kit.i18n import ngettext

CASH = "button.ck-cash[data-action]"
CARD = 'button[data-pick^="card:"]'
ALERT = "[data-testid=table] p[role=alert]"
#: A standard card in notation (``KC``, ``10H``) in running text: the table shows signs instead.
RAW_CARD = re.compile(r"\b(10|[2-9JQKA])[SHCD]\b")


def turns(before_turn: Callable[[Page], None] | None = None) -> Callable[[Page], str]:
    """A person's turns for ``play_out``: the next game of a series when it waits, else a cash
    every other turn when one is offered, else a card of the hand and then a pile for it."""
    taken = [0]

    def take_turn(page: Page) -> str:
        if page.locator(pages.NEXT_GAME).count():
            page.locator(pages.NEXT_GAME).click()
            return "next-game"
        if before_turn is not None:
            before_turn(page)
        taken[0] += 1
        if taken[0] % 2 == 1 and page.locator(CASH).count():
            action = page.locator(CASH).first.get_attribute("data-action") or ""
            page.locator(CASH).first.click()
            return action
        card = page.locator(CARD).first
        name = (card.get_attribute("data-pick") or "")[len("card:"):]
        card.click()
        expect(page.locator(f'{CARD}[aria-pressed="true"]')).to_have_count(1)
        target = page.locator(f'button[data-action^="{name}>"]')
        expect(target.first).to_be_visible()
        action = target.last.get_attribute("data-action") or ""
        target.last.click()
        return action

    return take_turn


def test_whole_game_against_a_bot(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/checks/play?seats=human,bot:easy&seed=11&delay=0")
    expect(page.locator(pages.TABLE)).to_be_visible()
    # Seat 0 (you) deals, so the bot moves first; then your hand and total are on show.
    settle(page)
    expect(page.locator("[data-testid=point-total]")).to_contain_text(re.compile(r"Point total \d"))
    expect(page.locator("[data-testid=piles] [data-pile]")).to_have_count(6)
    expect(page.locator("[data-testid=deck]")).to_contain_text("to refill")
    # The bot's hand is shown as backs only: no face of it reaches the page.
    expect(page.locator("[data-testid=hand-1] [data-card]")).to_have_count(0)
    shot(page, "checks-table-1280")
    card = page.locator(CARD).first
    card.click()
    expect(page.locator('button[data-action*=">"]')).to_have_count(6)
    shot(page, "checks-picked-1280")
    card.click()  # a second click puts the card back
    expect(page.locator('button[data-action*=">"]')).to_have_count(0)

    moves = play_out(page, turns())
    assert all(re.fullmatch(r"cash [1-6]|(10|[2-9AJQK])[SHCD]>[1-6]", move) for move in moves), moves
    result = page.locator(pages.RESULT)
    expect(result).to_be_visible()
    expect(result).to_contain_text(re.compile(r"You win|Bot \(easy\) wins|Draw"))
    expect(result).to_contain_text("count for nobody")
    counts = [int(page.locator(f"[data-testid=result] li[data-seat='{seat}'] strong").inner_text())
              for seat in (0, 1)]
    assert 0 < sum(counts) <= 52
    # The score is said once: one count per seat, not again in the headline or a reason line.
    text = result.inner_text()
    said = [ngettext("{n} check", "{n} checks", count) for count in counts]
    assert re.findall(r"\d+ checks?\b", text) == said, text
    expect(page.locator("[data-testid=moves] li").first).to_be_visible()
    # The log shows cards with the table's suit signs, never in notation.
    log = page.locator("[data-testid=moves]").inner_text()
    assert re.search("[♣♦♥♠]", log) and not RAW_CARD.search(log), log
    expect(page.locator("button[data-action]:not([data-cmd])")).to_have_count(0)
    shot(page, "checks-result-1280")


def test_whole_game_on_a_phone(page: Page, open_app: OpenApp, shot: Shot) -> None:
    page.set_viewport_size(pages.PHONE)
    open_app(page, "#/checks/play?seats=human,bot:random&seed=3&delay=0")
    settle(page)
    assert_fits(page)
    shot(page, "checks-table-360")
    page.locator(CARD).first.click()
    assert_fits(page)
    shot(page, "checks-picked-360")
    page.locator(CARD).first.click()
    play_out(page, turns())
    expect(page.locator(pages.RESULT)).to_be_visible()
    assert_fits(page)
    shot(page, "checks-result-360")


def test_two_people_pass_the_device(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/checks/play?seats=human:Ann,human:Bob&seed=8")
    # Bob (the non-dealer) moves first: the table waits behind the pass screen.
    passing = page.locator("[data-testid=pass-screen]")
    expect(passing).to_contain_text("Pass the device to Bob")
    expect(page.locator("[data-card]")).to_have_count(0)  # no card at all while passing
    shot(page, "checks-pass-1280")
    page.locator(pages.PASS).click()
    expect(page.locator("[data-testid=hand-1] button[data-card]")).to_have_count(3)
    expect(page.locator("[data-testid=hand-0] [data-card]")).to_have_count(0)
    shot(page, "checks-hotseat-1280")

    def only_the_holder_sees_a_hand(page: Page) -> None:
        seat = int(page.locator(pages.TABLE).get_attribute("data-to-act") or "0")
        expect(page.locator(f"[data-testid=hand-{1 - seat}] [data-card]")).to_have_count(0)
        expect(page.locator(f".ck-seat[data-seat='{seat}'] .tag-turn")).to_have_text(
            f"{('Ann', 'Bob')[seat]}’s turn")

    done = play_out(page, turns(only_the_holder_sees_a_hand))
    assert done.count("pass") >= 10, done  # the screen came back between the two people
    result = page.locator(pages.RESULT)
    expect(result).to_contain_text(re.compile(r"(Ann|Bob) wins|Draw"))


def test_a_series_pauses_between_games(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/checks/play?seats=bot:easy,bot:random&seed=5&delay=0&games=3")
    for number in (1, 2):
        game_result = interlude(page, number)
        expect(game_result).to_contain_text(f"Game {number} of 3 is over")
        expect(game_result).to_contain_text("deals game")
        page.locator(pages.NEXT_GAME).click()
    result = final_result(page)
    expect(result).to_contain_text("Game 3")
    expect(result).to_contain_text("series")
    expect(page.locator("[data-testid=series-score]")).to_contain_text("games won")


def test_the_cards_beneath_a_pile_are_public(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/checks/play?seats=human:Ann,human:Bob&seed=4")
    page.locator(pages.PASS).click()
    card = page.locator(CARD).first
    name = (card.get_attribute("data-pick") or "")[len("card:"):]
    card.click()
    page.locator(f'button[data-action="{name}>1"]').click()
    page.locator(pages.PASS).click()  # Ann's turn: the pile Bob built is public to her too
    # Bob's hand stays secret: his move shows the card played, not his point total (ruling 8).
    line = page.locator("[data-testid=moves] li")
    expect(line).to_have_text(re.compile(r"^Bob plays \S+ onto pile 1$"))
    expect(line.locator("[data-card]")).to_have_attribute("data-card", name)
    pile = page.locator("[data-pile='1']")
    expect(pile).to_have_attribute("data-height", "2")
    expect(pile.locator(".card").first).to_have_attribute("data-card", name)
    pile.locator("button.ck-height").click()
    expect(page.locator("[data-testid=beneath-1] [data-card]")).to_have_count(1)
    pile.locator("button.ck-height").click()
    expect(page.locator("[data-testid=beneath-1]")).to_have_count(0)


def test_rules_page_and_gallery_link(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/")
    page.locator('[data-game="checks"] a.game-card').click()
    expect(page).to_have_url(re.compile(r"#/checks$"))
    setup = page.locator("[data-testid=setup]")
    expect(setup).to_be_visible()
    expect(setup).to_contain_text("Games in the series")
    shot(page, "checks-setup-1280")
    open_app(page, "#/checks/rules")
    expect(page.locator("h1")).to_have_text("Checks")
    expect(page.locator("body")).to_contain_text("Your point total")
    expect(page.locator("table").first).to_contain_text("Queen")
    shot(page, "checks-rules-1280")


def test_the_hard_bot_moves_in_the_page(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/checks/play?seats=human,bot:hard&seed=2&delay=0")
    # The hard bot (seat 1, not the dealer) moves first, searching in slices.
    settle(page)
    expect(page.locator("[data-testid=moves] li")).to_have_count(1)
    expect(page.locator("[data-testid=moves] li")).to_contain_text("Bot (hard)")


def test_a_card_clicked_out_of_turn_says_whose_turn_it_is(page: Page, open_app: OpenApp) -> None:
    # The bot (seat 1, not the dealer) moves first and holds its move for ten seconds.
    open_app(page, "#/checks/play?seats=human,bot:easy&seed=3&delay=10000")
    expect(page.locator(pages.TABLE)).to_have_attribute("data-to-act", "1")
    hand = page.locator("[data-testid=hand-0] button[data-card]")
    expect(hand).to_have_count(3)  # the person's cards are buttons on the bot's turn too
    assert page.locator(f"[data-testid=hand-0] {CARD}").count() == 0
    # aria-disabled: Playwright would wait for it to be enabled; a person's click lands.
    hand.first.click(force=True)
    expect(page.locator(ALERT)).to_have_text("Not your turn: Bot (easy) to play.")


def test_a_pile_clicked_before_a_card_says_how_to_play_and_why_no_cash(page: Page, open_app: OpenApp,
                                                                        shot: Shot) -> None:
    open_app(page, "#/checks/play?seats=human,bot:easy&seed=3&delay=0")
    expect(page.locator(CARD).first).to_be_visible(timeout=30_000)
    upcard = page.locator("[data-pile] button.card[data-try^='cash']:not(.ck-cashable)").first
    number = (upcard.get_attribute("data-try") or "").split()[-1]
    upcard.click(force=True)  # aria-disabled: see above
    alert = page.locator(ALERT)
    expect(alert).to_contain_text(f"To play onto pile {number}, pick a card of your hand first")
    # The engine's reason for the cash, with the upcard in suit signs.
    expect(alert).to_contain_text("It cannot be cashed: the point total")
    expect(alert).to_contain_text(f"pile {number}'s upcard")
    text = alert.inner_text()
    assert re.search("[♣♦♥♠]", text) and not RAW_CARD.search(text), text
    shot(page, "checks-refused-1280")
    # With a card picked, the same upcard element is the target of the play.
    upcard.evaluate("el => { el.__mark = 1 }")
    page.locator(CARD).first.click()
    target = page.locator(f"[data-pile='{number}'] button.card[data-action]")
    expect(target).to_have_count(1)
    assert target.evaluate("el => el.__mark") == 1
