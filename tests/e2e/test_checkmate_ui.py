"""Checkmate played through the browser UI, from seeded routes, with the conftest guard on.

Every test here also fails on a console error, a page error, a .py-error banner or a request
leaving 127.0.0.1 (tests/e2e/conftest.py). Moves are made the way a person makes them: by
clicking ``button[data-action]`` elements — "Last card!" whenever it is offered, else the first
card (or face-down fan card) offered.

The stacked-deck route is checked against the engine: the test replays the same deal in CPython
with the same bot and the same seeded generator the table uses, picks the seed and derives the
person's clicks from that replay, then makes exactly those clicks in the page.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

import page_support as pages
from engine import GAMES
from engine.bots import get_bot
from engine.checkmate import Announce, stacked_deck
from page_support import (
    OpenApp,
    Shot,
    assert_fits,
    final_result,
    interlude,
    mark,
    marked,
    phone_game,
    play_out,
    ply,
    steady,
)
from ui.tables.flow import bot_rng

LAST = "button[data-action=last]"
HAND = "[data-testid=table] [data-testid=hand]"
ALERT = "[data-testid=table] p[role=alert]"
#: The person deals and opens; the bot answers 8S, and the person holds the 8H (seed 21).
TWO_SEATS = "#/checkmate/play?seats=human,bot:easy&seed=21&delay=0"


def say_last_or_first(page: Page) -> str:
    """A turn: click "Last card!" when offered, else the first offered action."""
    button = page.locator(LAST) if page.locator(LAST).count() else page.locator(pages.ACTION).first
    action = button.get_attribute("data-action") or ""
    button.click()
    return action


def check_result(page: Page) -> str:
    """The end of a single game: the winner (or a draw) said once in the headline, then why;
    no list of scores (a single game has none but the win) and nothing left to play."""
    result = page.locator(pages.RESULT)
    expect(result).to_be_visible()
    headline = result.locator("h2").inner_text()
    assert re.fullmatch(r"(You win|Bot \((easy|random|hard)\) wins|Draw)\.", headline), headline
    expect(result.locator(".result-reason")).to_have_count(1)
    expect(result.locator(".result-scores")).to_have_count(0)
    assert page.locator(pages.ACTION).count() == 0  # nothing left to play
    return result.inner_text()


# --- whole games ------------------------------------------------------------------------------


def test_whole_two_seat_game_against_a_bot(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/checkmate/play?seats=human,bot:easy&seed=21&delay=0")
    table = page.locator(pages.TABLE)
    expect(table).to_have_attribute("data-phase", "opening")
    # The dealer opens with any card: all ten are offered.
    expect(page.locator(f"[data-seat='0'] {pages.ACTION}")).to_have_count(10)
    shot(page, "checkmate-2p-1280")
    clicked = play_out(page, say_last_or_first)
    assert all(re.fullmatch(r"(10|[2-9AJQK])[SHDC]|[RB]J|draw \d+|give K[SHDC]|last", a)
               for a in clicked), clicked
    text = check_result(page)
    expect(page.locator("[data-testid=log]")).to_be_visible()
    shot(page, "checkmate-2p-result-1280")
    winner = page.locator(pages.RESULT).get_attribute("data-winner")
    assert (winner == "0") == ("You win" in text)


def test_whole_four_seat_game_one_person_three_bots(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/checkmate/play?seats=human,bot:easy,bot:random,bot:hard&seed=5&delay=0")
    # The other hands are card backs with counts, in turn order after you.
    for seat in (1, 2, 3):
        expect(page.locator(f"[data-testid=count-{seat}]")).to_have_attribute("data-count", "10")
    expect(page.locator(".cm-direction")).to_contain_text("You → Bot (easy) → Bot (random) → Bot (hard)")
    expect(page.locator("[data-testid=fan]")).to_have_attribute("data-count", "14")
    shot(page, "checkmate-4p-1280")

    def watch(page: Page) -> str:
        if page.locator("[data-testid=fan] button[data-action]").count():
            # A draw is offered only with no playable card: no card of the hand is a button.
            assert page.locator(f".cm-mine .cm-hand {pages.ACTION}").count() == 0
        return say_last_or_first(page)

    play_out(page, watch)
    check_result(page)
    shot(page, "checkmate-4p-result-1280")


def test_bots_of_one_level_are_told_apart_by_their_seat(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/checkmate/play?seats=human,bot:easy,bot:easy,bot:hard&seed=5&delay=0")
    for seat, name in ((1, "Bot 2 (easy)"), (2, "Bot 3 (easy)"), (3, "Bot (hard)")):
        expect(page.locator(f"[data-testid=name-{seat}]")).to_have_text(name)
    expect(page.locator(".cm-direction")).to_contain_text("You → Bot 2 (easy) → Bot 3 (easy) → Bot (hard)")


def test_four_seat_game_on_a_phone(page: Page, open_app: OpenApp, shot: Shot) -> None:
    phone_game(page, open_app, shot, "#/checkmate/play?seats=human,bot:easy,bot:random,bot:easy&seed=9&delay=0",
               "checkmate-4p", say_last_or_first)
    check_result(page)
    assert_fits(page)
    shot(page, "checkmate-4p-result-360")


# --- the stacked-deck route: an Ace brings a King, and "last card" -------------------------------

PERSON = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"
BOT = "KS KC 2S 3S 4S 5S 6S 7S 8S 9S"


def person_choice(state) -> str:
    """The person's policy in the route: say "last card" when due, open with the Ace (it calls
    for a King), then play the first card offered, or draw the first card of the fan."""
    legal = [str(action) for action in state.legal_actions(0)]
    if "last" in legal:
        return "last"
    if "AH" in legal:
        return "AH"
    return legal[0]


def replay(seed: int, deck: tuple[str, ...]) -> tuple[list[str], object]:
    """The route's game in CPython, the way the table runs it (same bot, same generator):
    the person's clicks in order and the final state."""
    game = GAMES["checkmate"]
    state = game.new(seed=seed, players=2, deck=deck)
    bot = get_bot("checkmate", "easy")
    clicks: list[str] = []
    while not state.is_over():
        if 1 in state.due:  # the table asks a bot that owes "last card" first
            state = state.apply(1, Announce())
        elif 0 in state.due or state.to_act()[0] == 0:
            clicks.append(person_choice(state))
            state = state.apply(0, clicks[-1])
        else:
            rng = bot_rng(seed, 1, len(state.history))
            state = state.apply(1, bot.choose(game, state.view(1), state.legal_actions(1), rng, 1500))
    return clicks, state


def test_stacked_route_ace_brings_a_king_and_last_card(page: Page, open_app: OpenApp, shot: Shot) -> None:
    deck = stacked_deck([PERSON.split(), BOT.split()])
    # The first seed whose game has the person say "last card" and go out.
    for seed in range(1, 400):
        clicks, final = replay(seed, deck)
        if "last" in clicks and final.result().winners == (0,):
            break
    else:
        raise AssertionError("no seed gives the route its ending")
    open_app(page, f"#/checkmate/play?seats=human,bot:easy&seed={seed}&delay=0&deck={','.join(deck)}")
    for number, action in enumerate(clicks):
        button = page.locator(f'button[data-action="{action}"]').first
        expect(button).to_be_visible(timeout=30_000)
        if action == "last" and page.locator(pages.TABLE).get_attribute("data-to-act").startswith("0"):
            # On the person's own turn nobody else moves meanwhile: time for a picture.
            shot(page, "checkmate-last-card-1280")
        button.click()
        if number == 0:
            # The opening Ace calls for a King: the bot gives one, openly.
            log = page.locator("[data-testid=log]")
            expect(log).to_contain_text(re.compile(r"Bot \(easy\) gives K[♠♣]\ufe0e? to you"))
            expect(page.locator(".cm-mine [data-card^=K]")).to_have_count(1)
            shot(page, "checkmate-ace-king-1280")
        if action == "last":
            expect(page.locator("[data-testid=last-0]")).to_be_visible()
            expect(page.locator("[data-testid=log]")).to_contain_text("You say “last card!”")
    result = final_result(page, timeout_ms=30_000)
    expect(result).to_have_attribute("data-winner", "0")
    expect(result).to_contain_text("You win")
    shot(page, "checkmate-route-result-1280")


# --- several people at one device --------------------------------------------------------------


def test_two_people_pass_the_device_and_a_person_gives_a_king(page: Page, open_app: OpenApp, shot: Shot) -> None:
    deck = stacked_deck([PERSON.split(), BOT.split(), "QS QC QD JS JC JD 10S 10C 10D 9C".split()])
    open_app(page, f"#/checkmate/play?seats=human:Ann,human:Bob,bot:easy&seed=3&delay=0&deck={','.join(deck)}")
    passing = page.locator("[data-testid=pass-screen]")
    expect(passing).to_contain_text("Pass the device to Ann")
    expect(page.locator(".cm-mine")).to_have_count(0)  # no hand shows behind the screen
    page.locator(pages.PASS).click()
    expect(page.locator(".cm-mine [data-testid=name-0]")).to_have_text("Ann’s hand")
    page.locator('.cm-mine button[data-action="AH"]').click()
    # Bob must give a King: the table hides Ann's cards until Bob takes the device.
    expect(passing).to_contain_text("Pass the device to Bob")
    shot(page, "checkmate-pass-1280")
    page.locator(pages.PASS).click()
    expect(page.locator(".cm-mine [data-testid=name-1]")).to_have_text("Bob’s hand")
    expect(page.locator("[data-testid=status]")).to_have_text("Ann played an Ace: give a King.")
    gives = page.locator(f".cm-mine {pages.ACTION}")
    assert sorted(gives.evaluate_all("els => els.map(e => e.dataset.action)")) == ["give KC", "give KS"]
    shot(page, "checkmate-give-king-1280")
    page.locator('button[data-action="give KS"]').click()
    # The turn passes to the seat after the Ace player: Bob again, who still holds the device.
    expect(page.locator("[data-testid=count-0]")).to_have_attribute("data-count", "10")
    expect(page.locator("[data-testid=count-0] + .cm-known, [data-seat='0'] .cm-known")).to_contain_text("K♠")
    expect(page.locator(".cm-mine [data-testid=name-1]")).to_have_text("Bob’s hand")
    expect(page.locator("[data-testid=log]")).to_contain_text("Bob gives K♠")


def test_a_series_holds_each_result_and_keeps_the_tally(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/checkmate/play?seats=bot:easy,bot:random&seed=12&delay=0&games=3")
    for number in (1, 2):
        game_result = interlude(page, number)
        # The dealer rule, said in words: the next dealer is named with the reason.
        expect(game_result).to_contain_text(re.compile(r"deals game \d( again)? \(the dealer"))
        if number == 1:
            shot(page, "checkmate-series-interlude-1280")
        page.locator(pages.NEXT_GAME).click()
    result = final_result(page)
    expect(result.locator(".cm-deals li")).to_have_count(3)
    expect(result.locator(".result-scores")).to_have_count(1)  # the games won, said once
    wins = [int(text) for text in result.locator(".result-scores strong").all_inner_texts()]
    winners = result.locator(".cm-deals li").evaluate_all("els => els.map(e => e.dataset.winner)")
    assert wins == [winners.count("0"), winners.count("1")]
    expect(page.locator("[data-testid=tally]")).to_contain_text(f"Bot (easy) {wins[0]}")


# --- issue 13: the hand keeps its elements, focus stays on it, refusals say why -----------------



def hand_cards(page: Page) -> list[str]:
    return page.locator(f"{HAND} [data-card]").evaluate_all("els => els.map(el => el.dataset.card)")


def play_and_wait_for_the_reply(page: Page, *, keyboard: bool) -> tuple[str, str]:
    """The person plays the first playable card of the hand (with the keyboard: focus and
    Enter) and the bot replies; returns (a card kept in hand, marked, the card played)."""
    steady(page)
    playable = page.locator(f"{HAND} button[data-action]").first
    played = playable.get_attribute("data-card") or ""
    kept = next(card for card in hand_cards(page) if card != played)
    mark(page, f'{HAND} [data-card="{kept}"]')
    mark(page, HAND)
    before = ply(page)
    if keyboard:
        playable.focus()
        page.keyboard.press("Enter")
    else:
        playable.click()
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=table]')?.dataset.ply) >= n", arg=before + 2)
    steady(page)
    return kept, played


def test_a_hand_card_is_one_element_through_a_move_and_the_bots_reply(page: Page, open_app: OpenApp) -> None:
    open_app(page, TWO_SEATS)
    kept, played = play_and_wait_for_the_reply(page, keyboard=False)
    assert played not in hand_cards(page)
    assert marked(page, f'{HAND} [data-card="{kept}"]'), f"{kept} was drawn anew"
    assert marked(page, HAND), "the hand's container was drawn anew"
    # Every card of the hand is a button, playable now or not.
    tags = page.locator(f"{HAND} [data-card]").evaluate_all("els => els.map(el => el.tagName)")
    assert tags and set(tags) == {"BUTTON"}, tags
    assert page.locator(f"{HAND} button[data-try][aria-disabled=true]").count() >= 1


def test_keyboard_focus_is_on_the_hand_after_the_bots_reply(page: Page, open_app: OpenApp) -> None:
    open_app(page, TWO_SEATS)
    play_and_wait_for_the_reply(page, keyboard=True)
    focus = page.evaluate("""() => {
        const el = document.activeElement;
        return {action: el?.getAttribute('data-action'), card: el?.dataset.card ?? null,
                inHand: !!el?.closest('[data-testid=hand]')};
    }""")
    first = page.locator(f"{HAND} button[data-action]").first.get_attribute("data-card")
    assert focus == {"action": first, "card": first, "inHand": True}, focus


def test_a_refused_click_says_why(page: Page, open_app: OpenApp) -> None:
    open_app(page, TWO_SEATS)
    page.locator(f"{HAND} button[data-action]").first.click()  # the person opens: 6S
    expect(page.locator("[data-testid=pile]")).to_have_attribute("data-top", "8S")  # the bot's reply
    steady(page)
    before = ply(page)
    # A card that fits neither rank nor suit: the engine's reason, with the table's suit signs.
    page.locator(f'{HAND} button[data-try="4H"]').click(force=True)  # aria-disabled: clicks still land
    expect(page.locator(ALERT)).to_have_text(re.compile(
        r"^4♥\ufe0e? matches neither the rank nor the suit of the top card 8♠\ufe0e?\.$"))
    # The fan while a card of the hand fits: drawing is refused, in the person's words.
    page.locator("[data-testid=fan] button").first.click(force=True)
    expect(page.locator(ALERT)).to_have_text(re.compile(
        r"^You hold a playable card \(8♥\ufe0e?\) and must play it rather than draw\.$"))
    assert ply(page) == before  # nothing was played
    page.locator(f'{HAND} button[data-action="8H"]').click()
    expect(page.locator(ALERT)).to_have_count(0)  # a move clears the refusal


def grace_route() -> tuple[int, tuple[str, ...], list[str], int]:
    """The first seed of the stacked deal where the person comes down to one card with the
    bot to move next: the seed, the deck, the person's clicks, and the index of that "last"."""
    deck = stacked_deck([PERSON.split(), BOT.split()])
    game = GAMES["checkmate"]
    for seed in range(1, 200):
        clicks, _ = replay(seed, deck)
        state = game.new(seed=seed, players=2, deck=deck)
        # Walk the same game again to see who moves when the person says "last card".
        bot = get_bot("checkmate", "easy")
        index = 0
        while not state.is_over():
            if 1 in state.due:
                state = state.apply(1, Announce())
            elif 0 in state.due or state.to_act()[0] == 0:
                if clicks[index] == "last" and state.to_act()[0] != 0:
                    return seed, deck, clicks, index
                state = state.apply(0, clicks[index])
                index += 1
            else:
                rng = bot_rng(seed, 1, len(state.history))
                state = state.apply(1, bot.choose(game, state.view(1), state.legal_actions(1), rng, 1500))
    raise AssertionError("no seed gives the grace its moment")


def seconds(text: str) -> float:
    found = re.fullmatch(r"(\d+\.\d) s", text.strip())
    assert found, f"not a countdown: {text!r}"
    return float(found.group(1))


def test_the_last_card_grace_counts_down(page: Page, open_app: OpenApp, shot: Shot) -> None:
    """The person comes down to one card and the bot is next: the bot holds back for a few
    seconds, and the seconds left tick down beside the "Last card!" button, on screen."""
    seed, deck, clicks, at = grace_route()
    open_app(page, f"#/checkmate/play?seats=human,bot:easy&seed={seed}&delay=0&deck={','.join(deck)}")
    for action in clicks[:at]:
        button = page.locator(f'button[data-action="{action}"]').first
        expect(button).to_be_visible(timeout=30_000)
        button.click()
    countdown = page.locator("[data-testid=last-card-row] [data-testid=countdown]")
    expect(countdown).to_be_visible(timeout=30_000)
    expect(page.locator(pages.TABLE)).to_have_attribute("data-to-act", re.compile(r"^1,0$"))
    box = countdown.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, box  # no scrolling
    first = seconds(countdown.inner_text())
    assert 0 < first <= 4.0, first
    page.wait_for_function(
        """first => { const el = document.querySelector('[data-testid=countdown]');
                      return el && parseFloat(el.textContent) < first - 0.5; }""", arg=first)
    expect(page.locator("[data-testid=status]")).to_contain_text("waits a moment for your “last card”")
    shot(page, "checkmate-last-card-grace-1280")
    page.locator(LAST).click()
    expect(page.locator("[data-testid=last-0]")).to_be_visible()
    expect(countdown).to_have_count(0)
