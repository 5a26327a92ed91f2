"""Shared helpers of the Checkmate tests: stacked deals, quick races to an endgame, scripts.

Seat 0 deals the first game and opens the play pile. Scripts are written ``"0:7C 1:draw:2 2:last"``:
the seat, a colon and the action in notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import GAMES
from engine.checkmate import Card, matches, stacked_deck
from engine.core import evolve
from engine.playing_cards import ACE, CARDS, KING

GAME = GAMES["checkmate"]


def cards(text: str) -> list[Card]:
    return [Card.parse(name) for name in text.split()]


def names(items: Sequence[Any]) -> list[str]:
    return [str(item) for item in items]


def _filler_order() -> list[Card]:
    """Cards to fill unspecified hand places: plain ranks first, so that Aces, Kings and Jokers
    stay in the fan unless a test deals them on purpose."""
    plain = [card for card in CARDS if not card.is_joker and card.rank not in (ACE, KING)]
    return plain + [card for card in CARDS if card not in plain]


def deal(hands: Sequence[str], stock: str = "", players: int | None = None, **options: Any):
    """A game whose seats hold ``hands`` (cards as text; a short hand is filled up to ten with
    plain cards nobody asked for) and whose fan starts with ``stock``."""
    players = players or len(hands)
    wanted = [cards(hand) for hand in hands] + [[] for _ in range(players - len(hands))]
    fan = cards(stock)
    used = {card for hand in wanted for card in hand} | set(fan)
    spare = [card for card in _filler_order() if card not in used]
    full = []
    for hand in wanted:
        need = 10 - len(hand)
        full.append(hand + spare[:need])
        spare = spare[need:]
    return GAME.new(seed=0, players=players, options=options, deck=stacked_deck(full, fan))


def play(state, script: str):
    """Apply ``"0:7C 1:draw:2 ..."``, each action by the seat written before the first colon."""
    for token in script.split():
        seat, text = token.split(":", 1)
        state = state.apply(int(seat), text)
    return state


def announce_due(state):
    """Every seat for which "last card" is due says it."""
    for seat in sorted(state.due):
        state = state.apply(seat, "last")
    return state


def race(hands: Sequence[str], top: str, stock: str = "", announce: bool = True, **options: Any):
    """The state after a quick run of plays that leaves each seat holding ``hands[seat]`` with
    ``top`` (played last) on the pile: seat 0 opens and every turn is a play of a card that
    matches the one before (no Aces, Kings or Jokers among them). ``announce``: seats say
    "last card" as soon as it is due during the run."""
    players = len(hands)
    final = [cards(hand) for hand in hands]
    total = sum(10 - len(hand) for hand in final)
    for seat, hand in enumerate(final):
        plays = len(range(seat, total, players))
        if len(hand) != 10 - plays:
            raise ValueError(f"test data: after {total} plays seat {seat} holds {10 - plays} cards")
    last = Card.parse(top)
    taken = {card for hand in final for card in hand} | set(cards(stock)) | {last}
    pool = [card for card in CARDS if card not in taken and not card.is_joker
            and card.rank not in (ACE, KING)]
    chain = _chain_to(last, total, pool)
    if chain is None:
        raise ValueError("test data: no run of matching plain cards reaches the top card")
    for index, card in enumerate(chain):
        final[index % players].append(card)
    state = GAME.new(seed=0, players=players, options=options,
                     deck=stacked_deck(final, cards(stock)))
    for index, card in enumerate(chain):
        state = state.apply(index % players, str(card))
        if announce:
            state = announce_due(state)
    return state


def _chain_to(last: Card, length: int, pool: list[Card]) -> list[Card] | None:
    """``length`` cards ending with ``last``, each matching the one before, from ``pool``."""
    chain = [last]
    used = {last}

    def extend() -> bool:
        if len(chain) == length:
            return True
        head = chain[0]
        options = sorted((card for card in pool if card not in used and matches(head, card)),
                         key=lambda card: (card.suit != head.suit, card.index))
        for card in options:
            chain.insert(0, card)
            used.add(card)
            if extend():
                return True
            chain.pop(0)
            used.discard(card)
        return False

    return chain if extend() else None


def with_empty_stock(state):
    """The same position with the fan played out: its cards go under the play pile. (Emptying a
    34-card fan by real plays takes a long game; the rule under test starts after that.)"""
    return evolve(state, stock=(), pile=state.stock + state.pile)


