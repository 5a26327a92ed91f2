"""Saving Private Checkers bots: legal, deterministic, sliced, blind to what their side cannot
see, and sensible where the answer is clear.

Every bot gets only ``state.view(seat)`` sent through JSON, the legal actions and a seeded
``random.Random``. Strength over many games (hard against easy) is for ``bench/``; here only
easy against random, which is quick.
"""

from __future__ import annotations

import random

import pytest

from engine.bots import get_bot, levels
from engine.bots.ismcts import ISMCTSBot
from engine.bots.private_checkers import (
    CardsISMCTSBot,
    _exposed,
    _moved,
    card_odds,
    search_board,
    sound_moves,
)
from engine.core import evolve
from engine.private_checkers import DECK, Step, is_black, owner, parse_square
from private_checkers_helpers import ALL_VARIANTS, GAME, play, position
from support import decide, json_view, positions

GAME_ID = "private-checkers"
LEVELS = levels(GAME_ID)
SEARCHES = ("medium", "hard")
BYSTANDER = {"h8": "m", "a1": "M"}


def test_levels_weakest_first():
    assert LEVELS == ("random", "easy", "medium", "hard")
    for level in LEVELS:
        assert get_bot(GAME_ID, level).description


@pytest.mark.parametrize("players, options", [(2, {}), (2, ALL_VARIANTS), (4, ALL_VARIANTS)])
def test_every_level_plays_legal_actions(players, options):
    states = positions(GAME_ID, range(3), players=players, options=options)
    phases = {state.phase for state in states}
    assert {"move", "discard"} <= phases
    for index, state in enumerate(states):
        for level in LEVELS:
            if level in SEARCHES and index % 12:
                continue  # the searches are the slow ones: a sample of the positions
            seat = state.to_act()[0]
            assert decide(level, state, seed=index) in state.legal_actions(seat)


@pytest.mark.parametrize("level", LEVELS)
def test_no_bot_reads_the_face_down_cards_or_the_other_stockpile(level):
    """Boards that differ only in what the seat cannot see (the face-down cards, the other
    side's stockpile) give the seat the same view, and the bot the same decision."""
    checked = 0
    every = 25 if level in SEARCHES else 7
    bot = get_bot(GAME_ID, level)
    if level == "hard":
        # Hard's own search with a tenth of its iterations: what it reads is the same however
        # long it searches, and the test's 50-odd decisions take a tenth of the time.
        bot = CardsISMCTSBot()
        bot.iterations = CardsISMCTSBot.iterations // 10
    for state in positions(GAME_ID, range(20, 23), options=ALL_VARIANTS, every=every):
        seat = state.to_act()[0]
        for key in range(3):
            other = GAME.determinize(state, seat, random.Random(key))
            assert other.view(seat) == state.view(seat)
            differs = (other.cards != state.cards or other.stockpiles[1 - seat % 2]
                       != state.stockpiles[1 - seat % 2])
            checked += differs
            assert decide(bot, other, seed=5) == decide(bot, state, seed=5)
    assert checked > 6  # the hidden cards did differ


@pytest.mark.parametrize("level", ["easy", *SEARCHES])
def test_a_black_card_is_answered_with_the_lowest_saving_discard(level):
    stock = ["2H", "5H", "8H", "TH", "KH", "3S", "4S", "6S", "7S", "AS"]
    state = play(position({"c3": "M", **BYSTANDER}, cards={"d4": "8S"}, stock=(stock, None)),
                 "c3-d4")
    assert str(decide(level, state)) == "discard 8H"
    doomed = play(position({"c3": "M", **BYSTANDER}, cards={"d4": "KS"},
                           stock=(stock[:4] + stock[5:] + ["QS"], None)), "c3-d4")
    assert str(decide(level, doomed)) == "discard AS"  # nothing saves it: give up the least


@pytest.mark.parametrize("level", ["easy", *SEARCHES])
def test_a_king_at_home_is_rescued(level):
    state = position({"c1": "K", "a3": "M", "h8": "m", "f8": "m"})
    assert str(decide(level, state)) == "c1^"


@pytest.mark.parametrize("level", ["easy", *SEARCHES])
def test_a_known_deadly_card_is_avoided(level):
    """d4 was seen: a king of spades, and the stockpile holds no king. c3-b4 is as good apart
    from that, and only what the side knows tells them apart."""
    stock = ["2H", "5H", "8H", "TH", "QH", "3S", "4S", "6S", "7S", "AS"]
    state = position({"c3": "M", **BYSTANDER}, cards={"d4": "KS", "b4": "3H"}, seen=["d4"],
                     stock=(stock, None))
    assert str(decide(level, state)) == "c3-b4"


def test_the_odds_come_from_what_the_side_knows():
    """Light's own half holds exactly the 16 of its cards that are not in its stockpile; Dark's
    half may hold any of Dark's 26 cards, none seen yet. Deadly: black and above Light's best
    stockpile card."""
    state = GAME.new(seed=2)
    odds = card_odds(state.view(0))
    assert set(odds) == set(range(32))
    best = max(card.rank for card in state.stockpiles[0])
    own = sum(is_black(card) and card.rank > best for card in state.cards[:16])
    theirs = sum(is_black(card) and card.rank > best for card in DECK if owner(card) == 1)
    assert odds[parse_square("d4")] == pytest.approx(own / 16)
    assert odds[parse_square("d6")] == pytest.approx(theirs / 26)


def test_easy_beats_random():
    wins = losses = 0
    for seed in range(16):
        order = ("easy", "random") if seed % 2 == 0 else ("random", "easy")
        bots = [get_bot(GAME_ID, level) for level in order]
        state = GAME.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            state = state.apply(seat, bots[seat].choose(GAME, json_view(state, seat),
                                                       state.legal_actions(seat), rng, 1000))
        easy = 0 if seed % 2 == 0 else 1
        wins += easy in state.result().winners
        losses += (1 - easy) in state.result().winners
    assert wins >= 12 and losses <= 2, (wins, losses)


# --- issue 30: blunders a newcomer exploits, which hard must not make -----------------------------


def test_hard_does_not_walk_its_only_king_onto_a_known_black_card_with_no_stockpile():
    """Turn 68 of the issue's game: the only king stood beside face-down cards it had seen, the
    stockpile was used up, and it stepped onto a black one and blew up. Here d6, f6 and d4 hold
    black cards Light has seen, f4 a red one: with nothing to discard, only e5-f4 survives."""
    spent = ["3S", "5S", "6S", "7S", "8S", "TS", "JS", "QS", "KS", "AS"]  # the whole stockpile
    state = position({"e5": "K", "h8": "m", "b8": "m"},
                     cards={"d6": "9C", "f6": "4C", "d4": "2S", "f4": "7H"},
                     seen=["d6", "f6", "d4", "f4"], stock=([], None), discards=spent,
                     turns=(68, 67))
    assert {str(action) for action in state.legal_actions(0)} == {"e5-d6", "e5-f6", "e5-d4", "e5-f4"}
    for seed in range(3):
        assert str(decide("hard", state, seed=seed)) == "e5-f4"


def test_hard_does_not_hand_over_a_free_capture():
    """Turn 19 of the issue's game: a step that a Dark man takes at once, for nothing. c3-d4
    walks into e5's jump (e5xc3); c3-b4 is safe. The cards under both are face up, so no card
    risk tells them apart: only the capture does."""
    state = position({"c3": "M", "e5": "m", "a1": "M", "g7": "m"}, up=["d4", "b4"])
    after = play(state, "c3-d4")
    assert any("x" in str(action) for action in after.legal_actions(1)), "d4 must be capturable"
    for seed in range(3):
        assert str(decide("hard", state, seed=seed)) != "c3-d4"


def test_hard_searches_a_trade_the_exposure_rule_would_refuse():
    """c3-d4 lets e5 jump it (e5xc3, a1 stops it there), and b2 jumps back (b2xd4): a trade.
    The exposure rule drops it before any search; hard's root keeps it for the search to judge
    (the free capture above is the search's to refuse)."""
    state = position({"c3": "M", "b2": "M", "a1": "M", "e5": "m", "h8": "m"}, up=["c3", "d4", "b4", "a3"])
    after = play(play(state, "c3-d4"), "e5xc3")
    assert "b2xd4" in {str(action) for action in after.legal_actions(0)}
    legal = state.legal_actions(0)
    refused = {str(action) for action in sound_moves(GAME, json_view(state, 0), legal, random.Random(0))}
    kept = {str(action) for action in sound_moves(GAME, json_view(state, 0), legal, random.Random(0),
                                                   exposure=CardsISMCTSBot.shun_exposure)}
    assert "c3-d4" not in refused
    assert "c3-d4" in kept


@pytest.mark.parametrize("players, options", [(2, {}), (4, ALL_VARIANTS)])
def test_the_search_board_follows_the_engine_rules(players, options):
    """``SearchBoard`` is the engine without its log, with faster move generation: played next
    to the engine through whole random games, it offers the same actions in the same order and
    reaches the same positions."""
    fields = ("cards", "face_up", "seen", "pieces", "stockpiles", "discards", "captured",
              "rescued", "side", "turns", "quiet", "pending", "over")
    for seed in range(6):
        state = GAME.new(seed=seed, players=players, options=options)
        board = search_board(state)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            assert board.to_act() == state.to_act()
            legal = state.legal_actions(seat)
            assert board.legal_actions(seat) == legal
            action = rng.choice(legal)
            state, board = state.apply(seat, action), board._apply(seat, action)
            assert [getattr(board, name) for name in fields] == [getattr(state, name) for name in fields]
        assert board.is_over() and board.result().scores == state.result().scores


def test_guarded_rollouts_see_the_captures_the_engine_sees():
    """``_exposed``, which keeps the rollouts' steps out of reach, answers as the engine's
    ``threatened`` does for every step of a few random games."""
    steps = 0
    for seed in range(4):
        state = GAME.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                if isinstance(action, Step) and state.pending is None:
                    moved = evolve(state, pieces=_moved(state, action.origin, action.target))
                    expected = action.target in moved.threatened(state.side)
                    assert _exposed(state.pieces, state.side, action.origin, action.target) == expected
                    steps += 1
            state = state.apply(seat, rng.choice(legal))
    assert steps > 500


@pytest.mark.parametrize("players, limit", [(2, 16), (4, 400)])
def test_the_plain_rollouts_play_as_the_engine_rollouts(players, limit):
    """Under the plain rules hard's rollouts play on lists (``plain_rollout``); from every
    position of a few random games, with the same seed, they give the same rewards as the
    shared search's rollout on the engine's board: the same moves, the same random draws."""
    bot = CardsISMCTSBot()
    bot.rollout_limit = limit
    compared = finished = 0
    for seed in range(3):
        board = search_board(GAME.new(seed=seed, players=players))
        rng = random.Random(seed)
        while not board.is_over():
            for key in range(2):
                expected = ISMCTSBot.rollout(bot, board, random.Random(key))
                assert bot.rollout(board, random.Random(key)) == expected
                compared += 1
                finished += set(expected.values()) <= {0.0, 0.5, 1.0}
            seat = board.to_act()[0]
            board = board._apply(seat, rng.choice(board.legal_actions(seat)))
    assert compared > 200 and finished > 0
