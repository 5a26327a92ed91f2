"""The Saving Private Checkers table read from a page in CPython (``fake_page``), from stacked
decks (``deck=``): a checker picked then its square, a black card that asks for a discard (safe or
not, by the engine's rule), a blow-up, refusals in the engine's words, two people passing the
device. The browser's half is tests/e2e/test_private_checkers_ui.py."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from engine.private_checkers import stacked_deck
from fake_page import Page, opened


@pytest.fixture
def app() -> Iterator[Page]:
    yield from opened()


#: Light's half-deck in the order it is dealt: a1..h4 get the first sixteen (b4, d4, f4 and h4,
#: where Light's first move lands, hold the four high spades); the last ten, Light's stockpile,
#: are all 6 or lower: no discard saves a checker on those spades.
BLAST_LIGHT = ("7H 8H 9H TH JH QH KH 5S 6S 7S 8S 9S KS QS JS TS "
               "AH 2H 3H 4H 5H 6H AS 2S 3S 4S").split()
BLAST_DARK = [rank + suit for suit in "DC" for rank in "A23456789TJQK"]
#: Light's black cards on the board lie on a1, c1 and d4 (the JS); the stockpile holds the other
#: spades, of which only the QS and KS are not lower than the JS.
SAFE_LIGHT = ("2S 3S AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH JS QH KH "
              "AS 4S 5S 6S 7S 8S 9S 10S QS KS").split()
#: Dark's black cards lie on its back row: every square in play is red.
RED_DARK = [f"{rank}D" for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split()] + [
    f"{rank}C" for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
#: As SAFE_LIGHT with the JH on d4 and the JS on b4: c3-d4 lands on a red card.
RED_LIGHT = SAFE_LIGHT[:12] + ["JS", "JH"] + SAFE_LIGHT[14:]

STOCK = "[data-testid=stockpile-0]"
DISCARDS = f"{STOCK} button[data-action]"


def route(light: list[str], dark: list[str], seats: str = "human,bot:random") -> str:
    return (f"#/private-checkers/play?seats={seats}&seed=1&delay=0&undo=0"
            f"&deck={','.join(stacked_deck(light, dark))}")


def test_a_black_card_that_no_discard_beats_blows_the_checker_up(app: Page) -> None:
    app.open(route(BLAST_LIGHT, BLAST_DARK))
    assert app.text("[data-testid=status]") == "You: pick a checker to move."
    assert app.text("[data-testid=where]") == "Turn 1 · Light to move"
    assert app.text("[data-testid=log]") == "What happenedLight moves first."
    app.click("button[data-pick=c3]")
    assert app.get("button[data-pick=c3]", "aria-pressed") == "true"
    assert app.text("[data-testid=status]") == "You: choose where the checker on c3 goes."
    assert sorted(app.actions()) == ["c3-b4", "c3-d4"]
    app.click("button[data-action=c3-d4]")
    # The queen of spades turned up: the stockpile is now the choice of a discard.
    assert app.text("[data-testid=discard]") == (
        "Discard one card: none is high enough, your checker is blown up whatever you choose.")
    assert re.search("a black Q♠︎? turned up under your checker on d4", app.text("[data-testid=status]"))
    assert len(app.all(DISCARDS)) == 10
    assert len(app.all(f"{STOCK} .spc-unsafe")) == 10
    assert app.one(STOCK).scrolled == 1  # brought into view once, for a phone
    app.click("[data-cmd=motion]")  # drawn again at the same position: not scrolled again
    assert app.one(STOCK).scrolled == 1
    app.click("[data-cmd=motion]")
    app.click(f"{DISCARDS}[data-action='discard 6H']")
    banner = app.text("[data-testid=blowup]")
    assert re.search("Q♠︎? beats the discarded 6♥", banner), banner
    assert app.find("[data-square=d4].spc-blast") is not None
    assert app.find("[data-square=d4] .spc-piece") is None
    assert "6♥" in app.text("[data-testid=discards]")
    assert re.fullmatch(r"Light: 0 captured · 0 rescued.*", app.text("[data-side='0']"))
    # The banner stays through the bot's answer and goes with the person's next move.
    app.advance(1_000)
    assert app.find("[data-testid=blowup]") is not None
    assert app.find("[data-square][data-last-move]") is not None  # the bot's checker, from and to
    app.play_on(until=lambda: app.find("[data-testid=blowup]") is None)


def test_the_stockpile_marks_the_safe_discards(app: Page) -> None:
    app.open(route(SAFE_LIGHT, RED_DARK))
    cards = app.all(f"{STOCK} [data-card]")
    assert [card.tagName for card in cards] == ["BUTTON"] * 10
    assert all(card.getAttribute("aria-disabled") == "true" for card in cards)
    app.click("button[data-pick=c3]")
    app.click("button[data-action=c3-d4]")
    assert app.text("[data-testid=discard]") == (
        "Discard one card: one marked “safe” keeps your checker, a lower one blows it up.")
    assert app.text("[data-testid=status]").endswith("Discard a card of your stockpile.")
    assert [card.getAttribute("data-card") for card in app.all(f"{STOCK} .spc-safe")] == ["QS", "KS"]
    assert len(app.all(f"{STOCK} .spc-unsafe")) == 8
    assert app.get(f"{STOCK} [data-card=KS]", "aria-label") == (
        "Discard the King of spades: safe, the checker survives, K♠︎")
    assert app.text(f"{STOCK} [data-card=KS] .spc-mark") == "safe"
    app.click(f"{DISCARDS}[data-action='discard KS']")
    assert app.find("[data-testid=blowup]") is None
    assert "K♠" in app.text("[data-testid=discards]")
    assert "KS" not in [card.getAttribute("data-card") for card in app.all(f"{STOCK} [data-card]")]
    assert app.text("[data-testid=discards] h2") == "Discards (1)"


def test_refused_clicks_say_why(app: Page) -> None:
    """Two people at one device: Ann steps c3-d4, Bob answers b6-c5, and Ann must capture."""
    app.open(route(RED_LIGHT, RED_DARK, "human:Ann,human:Bob"))
    assert app.text("[data-testid=pass-screen] h1") == "Pass the device to Ann"
    assert app.find("[data-testid=board]") is None
    app.click("[data-testid=pass-done]")
    # A checker of Ann's that has nowhere to go.
    app.click("[data-square=a1]")
    assert app.alert() == "The checker on a1 cannot move now."
    # A stockpile card while no black card asks for one.
    app.click(f"{STOCK} [data-card='4S']")
    assert app.alert() == "There is no black card to answer with a discard."
    app.click("button[data-pick=c3]")
    # An empty square that the picked checker cannot reach.
    app.click("[data-square=h4]")
    assert app.alert(), "a square the checker cannot reach says why"
    app.click("button[data-action=c3-d4]")
    assert app.text("[data-testid=pass-screen] h1") == "Pass the device to Bob"
    app.click("[data-testid=pass-done]")
    # Bob's view: his side at the bottom; a checker of Ann's is not his to move.
    assert app.get("[data-testid=board]", "aria-label") == "Board, Dark at the bottom"
    assert len(app.all("[data-testid=stockpile-1] .spc-card")) == 10
    assert app.find(STOCK) is None
    app.click("[data-square=d4]")
    assert app.alert() == "Dark has no piece on d4."
    app.click("button[data-pick=b6]")
    app.click("button[data-action=b6-c5]")
    app.click("[data-testid=pass-done]")
    # Ann may only capture: a click on another checker of hers says so.
    assert len(app.all("[data-testid=table] button[data-pick]")) == 1
    at = app.ply()
    app.click("[data-square=e3]")
    assert app.alert() == "A capture is possible, and capturing is compulsory."
    assert app.ply() == at
    app.click("button[data-pick=d4]")
    app.click("button[data-action=d4xb6]")
    assert app.text("[data-testid=pass-screen] h1") == "Pass the device to Bob"
    app.click("[data-testid=pass-done]")
    assert not app.alert()
    assert app.text("[data-side='0'] b") == "1"  # Light captured one


def test_the_variants_are_named_in_the_bar(app: Page) -> None:
    app.open("#/private-checkers/play?seats=human,bot:easy&seed=12&delay=0&undo=0"
             "&assassins=1&kings=1&queens=1&footmen=1")
    counts = app.text("[data-testid=counts]")
    assert counts.startswith("Light: 0 captured · 0 rescued") and "Variants: " in counts, counts
    assert len(app.all("[data-testid=board] [data-square]")) == 32
    assert len(app.all("[data-testid=board] .spc-light-square")) == 32
