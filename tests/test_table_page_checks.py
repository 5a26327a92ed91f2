"""The Checks table read from a page in CPython (``fake_page``): a card picked then a pile, the
refusals and what they say, the cards beneath a pile, a cash, two people passing the device, a
series held between its games. The browser's half (layout, focus, motion) is
tests/e2e/test_checks_ui.py."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from fake_page import Page, opened


@pytest.fixture
def app() -> Iterator[Page]:
    yield from opened()


CARD = "[data-testid=hand-0] button[data-pick^='card:']"
ALONE = "#/checks/play?seats=human,bot:easy&seed=3&delay=0&undo=0"


def test_a_card_is_picked_then_played_onto_a_pile(app: Page) -> None:
    app.open(ALONE)
    app.advance(1_000)  # the bot, not the dealer, opens
    assert app.ply() == 1 and app.get("[data-testid=table]", "data-to-act") == "0"
    assert app.text("[data-testid=status]") == "Your turn."
    cards = app.all(CARD)
    assert len(cards) == 3 and all(card.getAttribute("aria-pressed") == "false" for card in cards)
    assert app.text("[data-testid=prompt]") in (
        "Cash a highlighted pile, or pick a card to play onto any pile.",
        "No pile matches your total: pick a card to play onto a pile.")
    assert re.fullmatch(r"Point total \d", app.text("[data-testid=point-total]"))
    assert app.text("[data-testid=checks-0]") == "0 checks"
    assert app.text("[data-testid=moves]").startswith("MovesBot (easy) ")
    assert app.find("[data-testid=moves] li[data-last-move]") is not None

    # A pile clicked before a card: how a play is made, and why the pile cannot be cashed.
    upcard = app.one("[data-pile] button[data-try^='cash']:not(.ck-cashable)")
    number = (upcard.getAttribute("data-try") or "").split()[-1]
    app.click(upcard)
    assert app.alert().startswith(f"To play onto pile {number}, pick a card of your hand first, then the pile."), \
        app.alert()
    assert "It cannot be cashed: the point total" in app.alert()
    assert app.ply() == 1

    # The card picked: every pile with cards is a target; picked again, it is put back.
    card = cards[0].getAttribute("data-card")
    app.click(cards[0])
    assert app.get(CARD, "aria-pressed") == "true"
    assert app.text("[data-testid=prompt]").startswith("Now pick the pile for the ")
    targets = [action for action in app.actions() if ">" in action]
    assert targets and all(action.startswith(f"{card}>") for action in targets)
    # The same upcard element is now the target of the play onto its pile.
    assert app.get(f"[data-pile='{number}'] .card", "data-action") == f"{card}>{number}"
    app.click(CARD)
    assert app.get(CARD, "aria-pressed") == "false"
    assert not [action for action in app.actions() if ">" in action]

    app.click(CARD)
    app.click(f"[data-pile='{number}'] button[data-action]")
    assert app.ply() == 2 and not app.alert()
    assert "You play" in app.text("[data-testid=moves]")
    assert app.get("[data-testid=table]", "data-to-act") == "1"
    assert len(app.all("[data-testid=hand-0] [data-card]")) == 2
    assert app.text("[data-testid=status]").startswith("Bot (easy)")
    app.advance(1_000)
    assert app.ply() == 3
    assert app.find("[data-pile][data-last-move]") is not None  # where the bot played


def test_a_card_clicked_out_of_turn_says_whose_turn_it_is(app: Page) -> None:
    # The bot moves first and holds its move for ten seconds.
    app.open("#/checks/play?seats=human,bot:easy&seed=3&delay=10000&undo=0")
    assert app.get("[data-testid=table]", "data-to-act") == "1"
    hand = app.all("[data-testid=hand-0] button[data-card]")
    assert len(hand) == 3 and not app.all(CARD)
    assert all(card.getAttribute("aria-disabled") == "true" for card in hand)
    app.click(hand[0])
    assert app.alert() == "Not your turn: Bot (easy) to play."
    assert app.ply() == 0
    app.advance(10_000)
    assert app.ply() == 1 and not app.alert()  # the bot's move clears the refusal


def test_the_cards_beneath_a_pile_are_listed_on_demand(app: Page) -> None:
    app.open(ALONE)
    app.play_on(until=lambda: any(int(pile.getAttribute("data-height") or 0) > 1
                                  for pile in app.all("[data-pile]")))
    pile = next(pile for pile in app.all("[data-pile]") if int(pile.getAttribute("data-height") or 0) > 1)
    number = pile.getAttribute("data-pile")
    opener = app.one(f"[data-pile='{number}'] button[data-cmd^='pile:']")
    assert opener.getAttribute("aria-expanded") == "false" and not opener.disabled
    assert app.find(f"[data-testid=beneath-{number}]") is None
    app.click(opener)
    assert app.get(f"[data-pile='{number}'] button[data-cmd^='pile:']", "aria-expanded") == "true"
    beneath = app.all(f"[data-testid=beneath-{number}] [data-card]")
    assert len(beneath) == int(pile.getAttribute("data-height") or 0) - 1
    app.click(opener)
    assert app.find(f"[data-testid=beneath-{number}]") is None
    # A one-card pile has nothing beneath: its button is disabled and a click does nothing.
    single = next((pile for pile in app.all("[data-pile]") if pile.getAttribute("data-height") == "1"), None)
    if single is not None:
        button = app.one(f"[data-pile='{single.getAttribute('data-pile')}'] button[data-cmd^='pile:']")
        assert button.disabled
        app.click(button)
        assert app.get(f"[data-pile='{single.getAttribute('data-pile')}'] button[data-cmd^='pile:']",
                       "aria-expanded") == "false"


def test_a_cash_takes_the_pile_and_the_hand(app: Page) -> None:
    app.open(ALONE)
    app.play_on(until=lambda: app.find("button.ck-cash") is not None)
    cash = app.one("button.ck-cash")
    assert re.fullmatch(r"Cash: \d+ checks?", app.text(cash))
    assert app.text("[data-testid=prompt]") == "Cash a highlighted pile, or pick a card to play onto any pile."
    worth = int(app.text(cash).split()[1])
    before = int(app.text("[data-testid=checks-0]").split()[0])
    app.click(cash)
    assert int(app.text("[data-testid=checks-0]").split()[0]) == before + worth
    assert "You cash pile" in app.text("[data-testid=moves]")


def test_a_takeback_is_refused_once_the_bot_showed_a_card(app: Page) -> None:
    """Every move of the bot shows a card the person could not know: no takeback past it."""
    app.open("#/checks/play?seats=human,bot:easy&seed=3&delay=0")
    app.play_on(until=lambda: app.ply() >= 3 and app.get("[data-testid=table]", "data-to-act") == "0")
    reason = app.text("[data-testid=undo-reason]")
    assert reason.startswith("Move 3 by Bot (easy)") and reason.endswith(
        "showed you something you could not know before."), reason
    app.click("[data-cmd=undo]")
    assert app.alert() == "No takeback. " + reason, app.alert()
    assert app.ply() == 3


def test_two_people_pass_the_device_and_see_only_their_own_hand(app: Page) -> None:
    app.open("#/checks/play?seats=human:Ann,human:Bob&seed=8")
    # Bob (not the dealer) moves first: the table waits behind the pass screen.
    assert app.text("[data-testid=pass-screen] h1") == "Pass the device to Bob"
    assert app.get("[data-testid=table]", "data-passing") == "1"
    assert not app.all("[data-card]")  # no card at all while passing
    assert app.document.title.startswith("Bob’s turn — ")
    app.click("[data-testid=pass-done]")
    assert len(app.all("[data-testid=hand-1] button[data-card]")) == 3
    assert not app.all("[data-testid=hand-0] [data-card]")
    assert app.text(".ck-seat[data-seat='1'] .tag-turn") == "Bob’s turn"
    assert app.text("[data-testid=status]") == "Bob: your turn."
    app.click("[data-testid=hand-1] button[data-pick]")
    app.click("[data-pile] button[data-action]")
    assert app.text("[data-testid=pass-screen] h1") == "Pass the device to Ann"
    app.click("[data-testid=pass-done]")
    assert app.ply() == 1
    assert len(app.all("[data-testid=hand-0] button[data-card]")) == 3
    assert not app.all("[data-testid=hand-1] [data-card]")
    # People at one device are named, never "you"; the game plays to its end between them.
    passes = 0
    while not app.over():
        if app.find("[data-testid=pass-done]") is not None:
            passes += 1
            app.click("[data-testid=pass-done]")
            continue
        app.play_on(until=lambda: app.over() or app.find("[data-testid=pass-done]") is not None)
    assert passes >= 10
    headline = app.text("[data-testid=result] h2")
    assert re.fullmatch(r"(Ann|Bob) wins\.|Draw\.", headline), headline
    assert "You" not in app.text("[data-testid=result]")


def test_a_series_holds_each_game_until_the_next_is_dealt(app: Page) -> None:
    app.open("#/checks/play?seats=bot:easy,bot:random&seed=5&delay=0&games=3")
    for number in (1, 2):
        for _ in range(300):
            if app.find("[data-testid=game-result]") is not None:
                break
            app.advance(1_000)
        table = app.table()
        assert table.getAttribute("data-paused") == "1" and table.getAttribute("data-to-act") == ""
        interlude = app.text("[data-testid=game-result]")
        assert interlude.startswith(f"Game {number} of 3 is over"), interlude
        assert re.search(r"Games won: Bot \(easy\) \d : \d Bot \(random\)", interlude)
        assert app.text("[data-testid=where]") == f"Game {number} of 3 · over"
        ply = app.ply()
        app.advance(10_000)
        assert app.ply() == ply  # the bots wait for the next deal
        assert app.text("[data-testid=next-game]") == f"Start game {number + 1}"
        app.click("[data-testid=next-game]")
        assert app.find("[data-testid=game-result]") is None
        assert app.text("[data-testid=where]") == f"Game {number + 1} of 3"
        assert app.text("[data-testid=series] h2") == "Series"
        assert len(app.all("[data-testid=series] li")) == number
        assert app.text("[data-testid=moves] h2") == f"Moves of game {number + 1}"
    for _ in range(300):
        if app.over():
            break
        app.advance(1_000)
    result = app.one("[data-testid=result]")
    assert re.fullmatch(r"(Bot \(easy\) wins the series|Bot \(random\) wins the series|Drawn series)\.",
                        app.text("[data-testid=result] h2")), app.text(result)
    assert len(app.all("[data-testid=result] .ck-games li")) == 3
    assert app.text("[data-testid=end-reason]").startswith("Game 3, the last of the series: ")
    assert "games won" in app.text("[data-testid=result] .result-scores")
    # A new deal: the same seats, another seed.
    app.click("[data-cmd=new-deal]")
    assert app.ply() == 0 and "seed=5&" not in app.routes[-1] + "&"
