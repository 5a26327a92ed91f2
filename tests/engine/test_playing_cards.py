"""The shared standard deck: notation that round-trips, the forms people type, clear refusals."""

from __future__ import annotations

import pytest

from engine import InvalidNotation
from engine.playing_cards import (
    BLACK_JOKER,
    CARDS,
    RED_JOKER,
    STANDARD,
    PlayingCard,
)


def test_fifty_four_distinct_cards_fifty_two_standard():
    assert len(CARDS) == 54 and len(set(CARDS)) == 54
    assert len(STANDARD) == 52 and not any(card.is_joker for card in STANDARD)
    assert {(card.rank, card.suit) for card in STANDARD} == {(r, s) for r in range(1, 14) for s in "SHCD"}


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_notation_round_trips(card: PlayingCard):
    assert PlayingCard.parse(str(card)) == card


@pytest.mark.parametrize("text, expected", [
    ("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("10h", "10H"), ("q♠", "QS"), ("A♦", "AD"),
    (" 7c ", "7C"), ("rj", "RJ"), ("BJ", "BJ"),
])
def test_forms_people_type(text: str, expected: str):
    assert str(PlayingCard.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "1H", "11S", "QX", "JJ", "10", "H10", "KSS"])
def test_bad_cards_are_refused_with_the_forms_that_work(text: str):
    with pytest.raises(InvalidNotation, match="rank .* and a suit"):
        PlayingCard.parse(text)


def test_names_and_colours():
    assert PlayingCard.parse("QS").name == "Queen of spades"
    assert PlayingCard.parse("10H").name == "10 of hearts"
    assert RED_JOKER.name == "red Joker" and BLACK_JOKER.colour == "black"
    assert PlayingCard.parse("AD").colour == "red" and PlayingCard.parse("AC").colour == "black"
    assert PlayingCard.of(12, "H") == PlayingCard.parse("QH")
