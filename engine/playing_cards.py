"""The standard deck: 52 cards and two Jokers, shared by the games played with ordinary cards.

A card is written rank then suit: ``AS``, ``7C``, ``10H``, ``QD``; the Jokers are ``RJ`` (red)
and ``BJ`` (black). ``PlayingCard.parse`` also reads ``T`` for ten, lower case and the suit signs
(``th``, ``Q♠``), so people may type what they are used to; ``str`` always gives the form above.

A card is one small int (``index``: 0..51 by suit ``S H C D`` then rank Ace..King, 52 and 53 the
red and the black Joker), so cards hash fast and the same in every process; rank, suit and colour
are read from tables computed once, since the bots' searches read them constantly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from engine.core import InvalidNotation, Reason

#: Suits in display order (the colours alternate).
SUITS = "SHCD"
SUIT_COLOURS = {"S": "black", "H": "red", "C": "black", "D": "red"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"}
#: Rank names by rank number: 1 is the Ace, 13 the King.
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_WORDS = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
JOKER_NAMES = {"red": "RJ", "black": "BJ"}
_SIGNS = (("♠", "S"), ("♥", "H"), ("♣", "C"), ("♦", "D"))


@dataclass(frozen=True, order=True)
class PlayingCard:
    """One card of the standard deck, by its place in display order (see the module docstring)."""

    index: int

    @property
    def is_joker(self) -> bool:
        return self.index >= 52

    @property
    def rank(self) -> int:
        """1 (Ace) .. 13 (King); 0 for a Joker."""
        return _RANKS[self.index]

    @property
    def suit(self) -> str:
        """``S H C D``; ``""`` for a Joker."""
        return _SUITS[self.index]

    @property
    def colour(self) -> str:
        """``"red"`` or ``"black"`` (a Joker has a colour and no suit)."""
        return _COLOURS[self.index]

    @property
    def name(self) -> str:
        """In English, for logs and tests: ``"Queen of spades"``, ``"red Joker"`` (a table names a card
        through the catalog: ``ui.tables.playing_cards.card_name``)."""
        if self.is_joker:
            return f"{self.colour} Joker"
        return f"{RANK_WORDS.get(self.rank, RANK_NAMES[self.rank])} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        # A table: views and logs name cards by the million in a search or a test run.
        return _TEXTS[self.index]

    def __repr__(self) -> str:
        return f"PlayingCard({self})"

    @classmethod
    def parse(cls, text: str) -> PlayingCard:
        """``"10H"``, ``"TH"``, ``"th"``, ``"Q♠"``, ``"RJ"`` -> the card; a card is read as its
        notation. Raises InvalidNotation."""
        # Views name cards exactly as ``str(card)`` does, and a search parses thousands of views.
        exact = _BY_NAME.get(text) if isinstance(text, str) else None
        if exact is not None:
            return exact
        token = str(text).strip().upper()
        for sign, letter in _SIGNS:
            token = token.replace(sign, letter)
        if token[:1] == "T":
            token = "10" + token[1:]
        card = _BY_NAME.get(token)
        if card is None:
            raise InvalidNotation(
                f"invalid card {text!r}: write a rank (A 2-10 J Q K) and a suit (S H C D), "
                "like 10H or QS, or RJ / BJ for the red and the black Joker",
                Reason("invalid card {card}", card=str(text)))
        return card

    @classmethod
    def of(cls, rank: int, suit: str) -> PlayingCard:
        """The card of ``rank`` (1..13) and ``suit`` (``S H C D``)."""
        return CARDS[SUITS.index(suit) * 13 + rank - 1]


_RANKS = tuple(index % 13 + 1 for index in range(52)) + (0, 0)
_SUITS = tuple(SUITS[index // 13] for index in range(52)) + ("", "")
_COLOURS = tuple(SUIT_COLOURS[suit] for suit in _SUITS[:52]) + ("red", "black")
_TEXTS = tuple(RANK_NAMES[rank] + suit for rank, suit in zip(_RANKS[:52], _SUITS[:52], strict=True)) + (
    JOKER_NAMES["red"], JOKER_NAMES["black"])
#: All 54 cards in display order; ``STANDARD`` is the 52 without the Jokers.
CARDS: tuple[PlayingCard, ...] = tuple(PlayingCard(index) for index in range(54))
STANDARD: tuple[PlayingCard, ...] = CARDS[:52]
RED_JOKER, BLACK_JOKER = CARDS[52], CARDS[53]
_BY_NAME: dict[str, PlayingCard] = {str(card): card for card in CARDS}


class _Ordered(Protocol):
    @property
    def index(self) -> int: ...


CardT = TypeVar("CardT", bound=_Ordered)


def sort_cards(cards: Iterable[CardT]) -> tuple[CardT, ...]:
    """Cards in display order (by ``index``): suits then ranks for the standard deck, and the
    same for any card type that numbers its cards in display order (Chess Cards' twenty)."""
    return tuple(sorted(cards, key=_index))


def card_names(cards: Iterable[object]) -> list[str]:
    """The cards' notation, in the order given (JSON-safe, for views and logs)."""
    return [str(card) for card in cards]


def _index(card: _Ordered) -> int:
    return card.index
