"""Checks bots: legal from the JSON view, blind to hidden cards, deterministic, and ordered in
strength where that is cheap to show (easy against random; hard is measured in ``bench/``).

The ``hard`` level searches thousands of deals per decision, so the tests give it few positions,
or a cheaper subclass with fewer iterations where only its behaviour (not its strength) matters.
"""

from __future__ import annotations

import random

import pytest

from engine import GAMES, State
from engine.bots import get_bot, levels
from engine.bots.checks import (
    HardBot,
    Table,
    declined_cashes,
    distinct_choices,
    exposure,
    lean,
)
from engine.checks import CARDS, Card, Cash, Move, Play, stacked_deck, worth
from engine.core import evolve
from support import bot_policy, decide, playout
from support import positions as seeded_positions

GAME = GAMES["checks"]
LEVELS = levels("checks")


class QuickHard(HardBot):
    iterations = 60
    slice_iterations = 10


def positions(seeds: range, every: int = 1, games: int = 1) -> list[State]:
    """Live states of seeded random games (or series of ``games``), every ``every``-th one."""
    return seeded_positions("checks", seeds, every=every, options={"games": games})


def test_levels_weakest_first() -> None:
    assert LEVELS == ("random", "easy", "hard")
    for level in LEVELS:
        bot = get_bot("checks", level)
        assert bot.level == level and bot.description


@pytest.mark.parametrize("level", ["random", "easy"])
def test_fast_levels_play_legal_actions_everywhere(level: str) -> None:
    states = positions(range(4))
    assert any(isinstance(a, Cash) for s in states for a in s.legal_actions(s.to_act()[0]))
    for index, state in enumerate(states):
        action = decide(level, state, seed=index)
        assert action in state.legal_actions(state.to_act()[0])


def test_hard_plays_legal_actions_in_a_series() -> None:
    bot = QuickHard()
    for index, state in enumerate(positions(range(2), every=9, games=3)):
        assert decide(bot, state, seed=index) in state.legal_actions(state.to_act()[0])


def test_easy_takes_the_tallest_matching_pile() -> None:
    state = GAME.new(deck=stacked_deck(["2H 10H JH"], ["2S QS KS"],
                                   piles=["3C", "QD", "2D", "KD", "7S", "AC"]))
    state = state.apply(1, "2H>1")  # pile 1 is now 3C 2H: a 2-headed pile of two cards
    assert state.view(0)["point_total"] == 2
    cashes = {str(a) for a in state.legal_actions(0) if isinstance(a, Cash)}
    assert cashes == {"cash 1", "cash 3"}
    assert str(decide("easy", state)) == "cash 1"


def test_easy_plays_where_the_opponent_gains_least() -> None:
    state = GAME.new(deck=stacked_deck(["4H 3C 10D"], ["2S 6D 7D"],
                                   piles=["AC", "2D", "QD", "4C", "KD", "8S"]))
    legal = state.legal_actions(1)
    assert not [a for a in legal if isinstance(a, Cash)]  # 4 + 3 + 0 = 7: no 7 on the board
    chosen = decide("easy", state)
    piles = [tuple(Card.parse(n) for n in pile) for pile in state.view(None)["piles"]]

    def after(action: Play) -> int:
        board = list(piles)
        board[action.pile] = board[action.pile] + (action.card,)
        return exposure(board)

    assert after(chosen) == min(after(a) for a in legal if isinstance(a, Play))


def test_exposure_counts_the_tallest_pile_per_upcard_value() -> None:
    def board(*piles: str):
        return [tuple(Card.parse(n) for n in pile.split()) for pile in piles]

    # Two 0-headed piles (heights 2 and 1) count 2; a 5-headed pile of 3 counts 3; empty: 0.
    assert exposure(board("AC KS", "QD", "2C 3D 5H", "")) == 2 + 3
    assert exposure(board("AC", "AD", "AS 2S")) == 1 + 2


def test_distinct_choices_keep_one_action_per_outcome() -> None:
    state = GAME.new(deck=stacked_deck(["KH QC 5D"], ["2S 6D 7D"],
                                   piles=["AC", "AD", "QD", "4C", "KD", "7S"]))
    view = state.view(1)
    legal = state.legal_actions(1)
    kept = distinct_choices(view, legal)
    assert set(kept) <= set(legal)
    # KH and QC are both worth 0, so two card values; the piles are two lone Aces, two lone
    # zero cards, a lone 4 and a lone 7: four kinds. The total 5 matches no pile.
    assert len(legal) == 3 * 6
    assert len(kept) == 2 * 4 and all(isinstance(a, Play) for a in kept)


def test_the_search_table_follows_the_engine_rules() -> None:
    """``Table`` is a lean copy of the rules on card worths; played move for move next to the
    engine (its rollout policy choosing, the engine playing a card of the worth chosen), it
    must keep the same hands, piles and counts and end every game as the engine would."""
    for state in positions(range(3), every=5):
        for key in range(3):
            expected = state
            table = Table.of(state)
            rng = random.Random(key)
            while not expected.is_over():
                seat = expected.to_act()[0]
                assert table.turn == seat
                assert table.hands[seat] == [worth(card) for card in expected.hands[seat]]
                assert table.heights == [len(pile) for pile in expected.piles]
                assert table.counts == [len(cards) for cards in expected.checks]
                played, pile = table.rollout_move(rng)
                assert (played, pile) in [lean(a) for a in expected.legal_actions(seat)]
                action = Cash(pile) if played < 0 else Play(
                    next(card for card in expected.hands[seat] if worth(card) == played), pile)
                table.move(played, pile)
                expected = expected.apply(seat, action)
            assert table.turn == -1
            assert tuple(table.counts) == expected.result().scores


def test_the_search_table_offers_one_move_per_outcome() -> None:
    """``Table.options``: the cashes and plays of the seat to act, piles of the same height and
    upcard worth counted once, cards of the same worth once."""
    state = GAME.new(deck=stacked_deck(["KH QC 5D"], ["2S 6D 7D"],
                                   piles=["AC", "AD", "QD", "4C", "KD", "7S"]))
    options = Table.of(state).options()
    assert sorted(options) == sorted((w, pile) for w in (0, 5) for pile in (0, 2, 3, 5))
    table = Table.of(state)
    table.move(5, 3)  # seat 1 plays 5D onto the 4: seat 0 (2S 6D 7D, total 5) may cash it
    assert (-1, 3) in table.options()


def test_easy_beats_random() -> None:
    wins = 0
    for seed in range(40):
        easy = seed % 2  # the levels change seats from game to game
        bots = {easy: get_bot("checks", "easy"), 1 - easy: get_bot("checks", "random")}
        *_, final = playout("checks", seed, bot_policy(bots))
        scores = final.result().scores
        wins += scores[easy] > scores[1 - easy]
    assert wins >= 32


def late_position(mine: str, theirs: str, piles: list[str]) -> State:
    """A late position of a single game, seat 0 to act: both half-trick rows and the deck used
    up, ``mine`` and ``theirs`` in hand, ``piles`` on the board (cards bottom first), and every
    other card already cashed by seat 0. Seat 0 can then work out the other hand exactly: it
    holds the only cards seat 0 has not seen."""
    def cards(text: str) -> tuple[Card, ...]:
        return tuple(Card.parse(name) for name in text.split())

    board = tuple(cards(pile) for pile in piles)
    hands = (cards(mine), cards(theirs))
    used = {card for pile in board for card in pile} | set(hands[0]) | set(hands[1])
    cashed = tuple(card for card in CARDS if card not in used)
    start = GAME.new(seed=1)
    return evolve(start, hands=hands, rows=((), ()), piles=board, stock=(),
                  checks=(cashed, ()), turn=0)


def test_hard_does_not_head_a_pile_with_the_total_the_other_hand_must_have() -> None:
    """The blunder of issue 30: the other seat's total was plain to see (0), and hard played a
    King onto a tall pile, which the other seat cashed at once. Here seat 0 holds KS and 4H
    (total 4, no 4 showing), seat 1 holds only 10D (total 0, no 0 showing): the King on any pile
    hands seat 1 that pile, the 4 keeps it starved (and seat 1 must then feed seat 0)."""
    state = late_position("KS 4H", "10D", ["2C 5D 7H", "3S", "6C", "8D", "9H", "AS"])
    king_plays = [a for a in state.legal_actions(0) if isinstance(a, Play) and a.card == Card.parse("KS")]
    fed = state.apply(0, Play(Card.parse("KS"), 0))
    assert Cash(0) in fed.legal_actions(1), "the King on the tall pile must feed seat 1"
    assert king_plays
    for seed in range(4):
        chosen = decide("hard", state, seed=seed)
        assert isinstance(chosen, Play) and chosen.card == Card.parse("4H"), (seed, str(chosen))


def test_hard_cashes_the_zero_rather_than_head_a_tall_pile_with_a_king() -> None:
    """The blunder of issue 30 as the person saw it: a 0 showed and hard, its own total 0,
    played a King onto a three-card pile instead of cashing, and the other seat, whose total
    was plain to see (0), cashed the King's pile. Here seat 0 holds KS and 10H (total 0) with
    JC showing, seat 1 holds only QD: cashing the JC takes three checks and leaves seat 1
    nothing; the King on the tall pile hands seat 1 five."""
    state = late_position("KS 10H", "QD", ["2C 5D 7H", "JC", "3S", "6C", "8D", "9H"])
    assert Cash(1) in state.legal_actions(0)
    fed = state.apply(0, Play(Card.parse("KS"), 0))
    assert Cash(0) in fed.legal_actions(1), "the King on the tall pile must feed seat 1"
    for seed in range(4):
        assert decide("hard", state, seed=seed) == Cash(1), seed


def test_hard_reads_a_declined_cash_and_does_not_head_a_pile_with_a_king() -> None:
    """The blunder of issue 30 as it happened: the other seat had just played a card rather
    than cash, which told what its total could not be, and hard played a King for it to cash.
    Here seat 1 has just played 2D onto the 8D; of the cards seat 0 has not seen (QD 3H 4C 6S),
    any but QD would have let seat 1 cash before it played (3, 4 or 6 plus the 2 made a 5, 6 or
    8, all showing), so seat 1 most likely holds the QD: total 0. A King on any pile would hand
    it that pile; the 4H keeps it starved. (The search before issue 30, which dealt the unseen
    cards uniformly, played the King in half of these seeds.)"""
    def cards(text: str) -> tuple[Card, ...]:
        return tuple(Card.parse(name) for name in text.split())

    board = tuple(cards(pile) for pile in ["2C 5D 7H", "5S", "6C", "8D 2D", "9H", "AS"])
    hands, rows = (cards("KS 4H"), cards("QD")), ((), (cards("3H 4C 6S"),))
    used = {card for pile in board for card in pile} | {*hands[0], *hands[1], *rows[1][0]}
    cashed = tuple(card for card in CARDS if card not in used)
    state = evolve(GAME.new(seed=1), hands=hands, rows=rows, piles=board, stock=(),
                   checks=(cashed, ()), turn=0, log=(Move(1, Play(Card.parse("2D"), 3)),))
    for seed in range(6):
        chosen = decide("hard", state, seed=seed)
        assert isinstance(chosen, Play) and chosen.card == Card.parse("4H"), (seed, str(chosen))


def test_declined_cashes_read_each_play_from_the_hand_held() -> None:
    """Each play the other seat made from the hand it holds now, with the piles as they were
    just before it: the worth it has played since (to add to its hidden hand's) and the upcard
    worths it could have cashed."""
    state = GAME.new(deck=stacked_deck(["KH QC 5D"], ["2S 6D 7D"],
                                   piles=["AC", "AD", "QD", "4C", "KD", "7S"]))
    state = state.apply(1, Play(Card.parse("5D"), 0))  # seat 1: 5D onto the AC
    assert declined_cashes(state.view(0)) == [(5, frozenset({1, 0, 4, 7}))]
    state = state.apply(0, Play(Card.parse("2S"), 3))  # seat 0: 2S onto the 4C
    state = state.apply(1, Play(Card.parse("KH"), 1))  # seat 1: KH onto the AD
    assert declined_cashes(state.view(0)) == [(0, frozenset({5, 1, 0, 2, 7})),
                                              (5, frozenset({1, 0, 4, 7}))]
    assert declined_cashes(state.view(1)) == [(2, frozenset({5, 1, 0, 4, 7}))]
