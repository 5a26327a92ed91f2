"""Saving Private Checkers: a scenario for every rule, ruling and variant.

Positions are written as pieces and cards on named squares (``private_checkers_helpers``) and
go through the position notation. Light (seat 0) moves up from row 1, Dark (seat 1) down from
row 8; Light's cards are hearts and spades on rows 1-4, Dark's diamonds and clubs on rows 5-8.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import IllegalAction, InvalidNotation, Record, SetupError
from engine.private_checkers import (
    DECK,
    SQUARE_NAMES,
    Card,
    Discard,
    Jump,
    Rescue,
    Step,
    Strike,
    owner,
    parse_square,
    stacked_deck,
    survives,
)
from engine.private_checkers_fen import from_fen, to_fen
from private_checkers_helpers import (
    ALL_VARIANTS,
    GAME,
    notations,
    perft,
    piece_at,
    play,
    position,
)

#: A Dark man far from the action, so that Dark still has a piece and a move.
BYSTANDER = {"h8": "m"}
#: A Light man on its home row, so that Light still has a piece when the one in play is lost.
SPARE = {"g1": "M"}
LIGHT_STOCK = ["2H", "5H", "8H", "10H", "KH", "3S", "4S", "6S", "7S", "AS"]


def square_view(state, seat, name):
    return state.view(seat)["squares"][parse_square(name)]


# --- setup --------------------------------------------------------------------------------------


def test_setup_lays_each_half_deck_on_its_own_half_and_keeps_ten_in_the_stockpile():
    state = GAME.new(seed=5)
    for square in range(32):
        side = 0 if square < 16 else 1
        assert owner(state.cards[square]) == side, SQUARE_NAMES[square]
    assert all(card.suit in "HS" for card in state.stockpiles[0])
    assert all(card.suit in "DC" for card in state.stockpiles[1])
    assert [len(pile) for pile in state.stockpiles] == [10, 10]
    assert Counter(state.cards + state.stockpiles[0] + state.stockpiles[1]) == Counter(DECK)
    assert state.face_up == frozenset()
    light = [name for name in SQUARE_NAMES if piece_at(state, name) == "M"]
    dark = [name for name in SQUARE_NAMES if piece_at(state, name) == "m"]
    assert len(light) == len(dark) == 12
    assert {name[1] for name in light} == {"1", "2", "3"}
    assert {name[1] for name in dark} == {"6", "7", "8"}
    assert state.to_act() == (0,)
    assert notations(state) == {"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}


def test_stacked_deck_deals_each_side_its_suits_in_deck_order():
    deck = list(reversed(DECK))
    state = GAME.new(seed=0, deck=[str(card) for card in deck])
    light = [card for card in deck if card.suit in "HS"]
    dark = [card for card in deck if card.suit in "DC"]
    assert list(state.cards[:16]) == light[:16]
    assert list(state.cards[16:]) == dark[:16]
    assert set(state.stockpiles[0]) == set(light[16:])
    assert set(state.stockpiles[1]) == set(dark[16:])
    assert state.deck == tuple(str(card) for card in deck)


def test_stacked_deck_is_written_from_each_sides_cards():
    light = [card for card in reversed(DECK) if owner(card) == 0]
    dark = [str(card) for card in DECK if owner(card) == 1]
    state = GAME.new(seed=0, deck=stacked_deck(light, dark))
    assert list(state.cards[:16]) == light[:16]
    assert [str(card) for card in state.cards[16:]] == dark[:16]
    assert set(state.stockpiles[0]) == set(light[16:])
    with pytest.raises(SetupError, match="Dark's stacked cards must be the 26 diamonds and clubs"):
        stacked_deck(light, dark[:-1] + ["AH"])
    with pytest.raises(SetupError, match="bad stacked deck for Light"):
        stacked_deck(light[:-1] + ["ZZ"], dark)


def test_the_log_names_the_kind_the_seat_and_the_square_of_each_event():
    state = play(GAME.new(seed=0, deck=[str(card) for card in DECK]), "c3-b4")
    log = state.view(1)["log"]
    assert [(entry["kind"], entry["seat"], entry["square"]) for entry in log] == [
        ("move", 0, "b4"), ("flip", 0, "b4")]
    assert log[-1]["text"] == "KH turns up on b4" and log[-1]["number"] == 1
    over = position({"c3": "M", "d4": "m"})
    over = play(over, "c3xe5")
    assert over.is_over() and over.view(0)["log"][-1]["kind"] == "end"
    assert over.view(0)["log"][-1]["seat"] is None and over.view(0)["log"][-1]["square"] is None


def test_a_side_sees_its_stockpile_but_no_face_down_card_and_not_the_other_stockpile():
    state = GAME.new(seed=9)
    mine = state.view(0)
    assert mine["stockpiles"][0] == [str(card) for card in state.stockpiles[0]]
    assert mine["stockpiles"][1] is None and mine["stock_counts"] == [10, 10]
    assert all(square["card"] is None for square in mine["squares"])
    assert state.view(1)["stockpiles"][0] is None
    assert state.view(None)["stockpiles"] == [None, None]


def test_determinize_keeps_what_the_side_knows_and_deals_only_its_own_unknown_cards_at_home():
    state = play(GAME.new(seed=21), "c3-d4")
    hidden_own = {state.cards[square] for square in range(16) if square not in state.face_up}
    other_half = set()
    for key in range(20):
        sampled = GAME.determinize(state, 0, random.Random(key))
        assert sampled.stockpiles[0] == state.stockpiles[0]
        assert {sampled.cards[square] for square in range(16) if square not in state.face_up} == hidden_own
        assert sampled.cards[parse_square("d4")] == state.cards[parse_square("d4")]
        other_half.add(sampled.cards[16:])
    assert len(other_half) > 1  # the other side's cards are dealt at random


# --- moving and capturing -----------------------------------------------------------------------


def test_men_step_only_forward_and_kings_every_way():
    state = position({"d4": "M", "f4": "K", **BYSTANDER})
    assert notations(state) == {"d4-c5", "d4-e5", "f4-e5", "f4-g5", "f4-e3", "f4-g3"}
    dark = position({"e5": "m", "a1": "M"}, side="D")
    assert notations(dark) == {"e5-d4", "e5-f4"}


def test_capturing_is_compulsory_and_the_capture_may_be_chosen():
    state = position({"c3": "M", "g3": "M", "d4": "m", "h4": "m", **BYSTANDER})
    assert notations(state) == {"c3xe5"}  # g3's jump over h4 would leave the board
    state = position({"c3": "M", "e3": "M", "d4": "m", "f4": "m", **BYSTANDER})
    assert notations(state) == {"c3xe5", "e3xc5", "e3xg5"}
    with pytest.raises(IllegalAction, match="capturing is compulsory"):
        state.apply(0, "c3-b4")
    after = state.apply(0, "e3xg5")
    assert piece_at(after, "f4") == "" and piece_at(after, "g5") == "M"
    assert after.captured == (1, 0)


def test_a_capturing_piece_must_jump_on_and_may_choose_its_way():
    state = position({"a3": "M", "g3": "M", "b4": "m", "d6": "m", "b6": "m", **BYSTANDER})
    state = play(state, "a3xc5")
    assert state.to_act() == (0,) and state.view(0)["phase"] == "jump"
    assert notations(state) == {"c5xa7", "c5xe7"}
    with pytest.raises(IllegalAction, match="must go on capturing"):
        state.apply(0, "g3-h4")
    state = play(state, "c5xe7")
    assert state.captured == (2, 0) and state.to_act() == (1,)
    assert piece_at(state, "e7") == "M"


def test_a_man_reaching_the_far_row_is_crowned_and_its_move_ends():
    state = position({"b6": "M", "c7": "m", "e7": "m", **BYSTANDER}, cards={"d8": "5D"})
    state = play(state, "b6xd8")
    assert piece_at(state, "d8") == "K"
    assert state.to_act() == (1,)  # a king could jump e7 now, but the crowning ended the move


def test_a_king_crowned_on_the_far_row_then_moves_back():
    state = position({"b8": "K", "a1": "m"}, side="L")
    assert notations(state) == {"b8-a7", "b8-c7"}


# --- flipping the cards -------------------------------------------------------------------------


def test_landing_turns_a_face_down_card_up_and_a_face_up_card_down():
    state = position({"c3": "M", **BYSTANDER}, cards={"d4": "9H"})
    state = play(state, "c3-d4")
    assert square_view(state, 1, "d4") == {"square": "d4", "card": "9H", "up": True,
                                            "piece": {"side": 0, "rank": "man"}}
    assert state.to_act() == (1,)  # a red card asks for nothing
    state = position({"c3": "M", **BYSTANDER}, cards={"d4": "9H"}, up=["d4"])
    state = play(state, "c3-d4")
    # Face down again; everyone saw it, so the views remember it.
    assert square_view(state, None, "d4")["up"] is False
    assert square_view(state, None, "d4")["card"] == "9H"
    assert state.to_act() == (1,)


def test_every_landing_of_a_multi_jump_turns_its_card():
    state = position({"a3": "M", "b4": "m", "d6": "m", **BYSTANDER},
                     cards={"c5": "4D", "e7": "6D"}, up=["e7"])
    state = play(state, "a3xc5", "c5xe7")
    assert parse_square("c5") in state.face_up
    assert parse_square("e7") not in state.face_up and parse_square("e7") in state.seen


def test_a_black_card_asks_the_mover_for_a_stockpile_card_of_their_choice():
    state = position({"c3": "M", **BYSTANDER}, cards={"d4": "8S"}, stock=(LIGHT_STOCK, None))
    state = play(state, "c3-d4")
    assert state.to_act() == (0,) and state.view(0)["phase"] == "discard"
    assert notations(state) == {f"discard {card}" for card in LIGHT_STOCK}
    with pytest.raises(IllegalAction, match="discard a stockpile card first"):
        state.apply(0, "d4-e5")
    with pytest.raises(IllegalAction, match="7D is not in Light's stockpile"):
        state.apply(0, "discard 7D")
    with pytest.raises(IllegalAction, match="not that seat's turn"):
        state.apply(1, "h8-g7")
    # Equal or higher: the piece survives; the discard is public.
    for survivor in ("8H", "10H", "KH"):
        after = play(state, f"discard {survivor}")
        assert piece_at(after, "d4") == "M" and after.to_act() == (1,)
        assert after.discards == (Card.parse(survivor),)
        assert Card.parse(survivor) not in after.stockpiles[0]
        assert after.view(1)["discards"] == [survivor]


def test_a_lower_discard_blows_the_piece_up_and_nobody_captures_it():
    state = position({"c3": "M", **SPARE, **BYSTANDER}, cards={"d4": "8S"},
                     stock=(LIGHT_STOCK, None))
    state = play(state, "c3-d4", "discard 7S")
    assert piece_at(state, "d4") == ""
    assert state.captured == (0, 0) and state.to_act() == (1,)
    assert state.log[-1].kind == "blowup" and state.log[-1].square == "d4"
    assert state.view(1)["log"][-1]["kind"] == "blowup"


@pytest.mark.parametrize("board, discard, safe", [
    ("8S", "8H", True), ("8S", "9H", True), ("8S", "7S", False),
    ("KC", "KH", True), ("KC", "QH", False), ("AS", "AH", True), ("2C", "AH", False),
])
def test_a_discard_is_safe_when_it_is_not_lower_than_the_board_card(board, discard, safe):
    assert survives(Card.parse(board), Card.parse(discard)) is safe


def test_survives_tells_of_every_discard_what_the_rules_then_do():
    for board in ("2S", "8S", "KS"):  # the stockpile holds an ace (low) and a king (high)
        state = position({"c3": "M", **SPARE, **BYSTANDER}, cards={"d4": board},
                         stock=(LIGHT_STOCK, None))
        state = play(state, "c3-d4")
        for action in state.legal_actions(0):
            after = state.apply(0, action)
            assert survives(Card.parse(board), action.card) == (piece_at(after, "d4") == "M"), (board, action)


def test_a_black_card_with_an_empty_stockpile_blows_the_piece_up_at_once():
    gone = ["2H", "5H", "8H", "TH", "KH", "3S", "4S", "6S", "7S", "AS"]
    state = position({"c3": "M", **SPARE, **BYSTANDER}, cards={"d4": "9S"}, stock=([], None),
                     discards=gone)
    state = play(state, "c3-d4")
    assert piece_at(state, "d4") == "" and state.to_act() == (1,)
    assert state.log[-1].kind == "blowup"


def test_a_blow_up_in_the_middle_of_a_multi_jump_keeps_the_captures_made():
    start = position({"c3": "M", "d4": "m", "f6": "m", **SPARE, **BYSTANDER},
                     cards={"e5": "9C", "g7": "4D"}, stock=(LIGHT_STOCK, None))
    state = play(start, "c3xe5")
    assert state.view(0)["phase"] == "discard"
    blown = play(state, "discard 5H")
    assert piece_at(blown, "e5") == "" and piece_at(blown, "d4") == ""
    assert piece_at(blown, "f6") == "m"
    assert blown.captured == (1, 0) and blown.to_act() == (1,)
    # Surviving the card, the piece must jump on.
    survived = play(state, "discard 10H")
    assert survived.to_act() == (0,) and notations(survived) == {"e5xg7"}
    done = play(survived, "e5xg7")
    assert done.captured == (2, 0) and piece_at(done, "g7") == "M"


def test_a_black_card_on_the_far_row_is_resolved_before_crowning():
    start = position({"b6": "M", "c7": "m", **BYSTANDER}, cards={"d8": "9C"},
                     stock=(LIGHT_STOCK, None))
    blown = play(start, "b6xd8", "discard 8H")
    assert piece_at(blown, "d8") == "" and blown.captured == (1, 0)
    crowned = play(start, "b6xd8", "discard 10H")
    assert piece_at(crowned, "d8") == "K"


# --- rescue -------------------------------------------------------------------------------------


def test_a_king_on_its_home_row_may_be_rescued():
    state = position({"c1": "K", "a3": "M", **BYSTANDER})
    assert "c1^" in notations(state)
    state = play(state, "c1^")
    assert state.rescued == (1, 0) and piece_at(state, "c1") == ""
    assert state.to_act() == (1,)


def test_only_a_king_on_its_own_home_row_may_leave_the_board():
    state = position({"a1": "M", "b8": "K", **BYSTANDER})
    with pytest.raises(IllegalAction, match="only a king on its own home row"):
        state.apply(0, "a1^")
    with pytest.raises(IllegalAction, match="only a king on its own home row"):
        state.apply(0, "b8^")
    dark = position({"e1": "k", "b2": "M"}, side="D")
    assert notations(dark) == {"e1-d2", "e1-f2"}  # Dark's home row is row 8


def test_a_capture_comes_before_a_rescue():
    state = position({"c1": "K", "c3": "M", "d4": "m", **BYSTANDER})
    assert notations(state) == {"c3xe5"}
    with pytest.raises(IllegalAction, match="capturing is compulsory"):
        state.apply(0, "c1^")


# --- the end and the victories ------------------------------------------------------------------


def test_rescuing_the_last_piece_ends_the_game_with_a_survival_victory():
    state = play(position({"c1": "K", **BYSTANDER}), "c1^")
    assert state.is_over() and state.to_act() == ()
    result = state.result()
    assert result.winners == (0,) and result.scores == (1, 0)
    assert result.reason == ("only Dark's pieces are left on the board: survival victory for Light "
                             "(rescued 1-0, captured 0-0)")
    assert "only Dark's pieces are left" in state.log[-1].text


def test_taking_the_last_enemy_piece_ends_the_game_with_a_tactical_victory():
    state = play(position({"c3": "M", "d4": "m"}), "c3xe5")
    assert state.is_over()
    assert state.result().winners == (0,)
    assert state.result().reason == ("only Light's pieces are left on the board: tactical victory "
                                     "for Light (rescued 0-0, captured 1-0)")
    assert state.view(0)["victories"] == [["tactical"], []]


def test_an_empty_board_ends_the_game():
    stock = LIGHT_STOCK[:4] + LIGHT_STOCK[5:] + ["KH"]
    state = position({"c3": "M", "d4": "m"}, cards={"e5": "KC"}, stock=(stock, None))
    state = play(state, "c3xe5", "discard 2H")
    assert state.is_over() and all(piece is None for piece in state.pieces)
    assert "the board is empty" in state.log[-1].text
    assert state.result().winners == (0,)
    assert state.result().reason.startswith(
        "the board is empty: every piece was captured, blown up or rescued: tactical victory for Light")


def test_a_side_that_cannot_move_ends_the_game():
    state = position({"a3": "m", "b2": "M", "c1": "M", "e3": "M"})
    state = play(state, "e3-f4")
    assert state.is_over()
    assert "Dark has no legal move" in state.log[-1].text
    result = state.result()
    assert result.winners == () and result.scores == (0, 0)
    assert result.reason == ("Dark has no legal move: no victory for either side "
                             "(rescued 0-0, captured 0-0)")


def test_forty_turns_of_nothing_but_king_steps_end_the_game():
    """Two kings could shuffle over harmless cards for ever: the project ends the game after
    forty turns in a row of king steps, and the counts decide as usual."""
    red = {"c3": "2H", "d4": "3H", "f6": "4D", "e7": "5D"}
    state = position({"c3": "K", "f6": "k"}, cards=red, captured=(2, 1), quiet=38)
    state = play(state, "c3-d4")
    assert state.quiet == 39 and not state.is_over()
    state = play(state, "f6-e7")
    assert state.is_over() and "40 turns went by with nothing but king moves" in state.log[-1].text
    assert state.result().winners == (0,)
    assert state.result().reason == ("40 turns went by with nothing but king moves (no capture, "
                                     "discard or rescue): tactical victory for Light (rescued 0-0, "
                                     "captured 2-1)")
    # Any other move starts the count again: a man's step, a capture, a discard.
    man = play(position({"c3": "M", "f6": "k"}, cards=red, quiet=30), "c3-d4")
    assert man.quiet == 0
    black = play(position({"c3": "K", "f6": "k"}, cards={"d4": "3S"}, quiet=30,
                          stock=(["2H", "5H", "8H", "TH", "KH", "4S", "6S", "7S", "AS", "9S"], None)),
                 "c3-d4", "discard 5H")
    assert black.quiet == 0


@pytest.mark.parametrize("rescued, captured, victories, winners, scores", [
    ((2, 1), (5, 3), [["survival", "tactical"], []], (0,), (2, 0)),
    ((2, 1), (3, 5), [["survival"], ["tactical"]], (), (1, 1)),
    ((1, 1), (4, 3), [["tactical"], []], (0,), (1, 0)),
    ((0, 2), (2, 2), [[], ["survival"]], (1,), (0, 1)),
    ((1, 1), (2, 2), [[], []], (), (0, 0)),
])
def test_survival_tactical_and_total_victories(rescued, captured, victories, winners, scores):
    state = position({"c3": "M"}, rescued=rescued, captured=captured)
    assert state.is_over()
    assert state.view(None)["victories"] == victories
    assert state.result().winners == winners and state.result().scores == scores
    if victories[0] == ["survival", "tactical"]:
        assert state.result().reason == ("only Light's pieces are left on the board: total victory "
                                         "for Light (rescued 2-1, captured 5-3)")


# --- Assassins ----------------------------------------------------------------------------------


@pytest.mark.parametrize("assassin", ["QS", "JH"])
def test_capturing_a_piece_on_a_face_up_assassin_costs_the_capturer(assassin):
    start = position({"c3": "M", "d4": "m", **SPARE, **BYSTANDER}, cards={"d4": assassin},
                     up=["d4"], assassins=True)
    state = play(start, "c3xe5")
    assert state.captured == (1, 1)
    assert piece_at(state, "c3") == piece_at(state, "d4") == piece_at(state, "e5") == ""
    assert parse_square("e5") not in state.face_up  # taken before it landed: no card turned
    assert state.to_act() == (1,)
    assert any(entry.kind == "assassin" for entry in state.log)


def test_assassins_act_only_face_up_and_only_with_the_variant():
    face_down = position({"c3": "M", "d4": "m", **BYSTANDER}, cards={"d4": "QS"}, assassins=True)
    assert play(face_down, "c3xe5").captured == (1, 0)
    off = position({"c3": "M", "d4": "m", **BYSTANDER}, cards={"d4": "QS"}, up=["d4"])
    assert play(off, "c3xe5").captured == (1, 0)
    red_queen = position({"c3": "M", "d4": "m", **BYSTANDER}, cards={"d4": "QH"}, up=["d4"],
                         assassins=True)
    assert play(red_queen, "c3xe5").captured == (1, 0)


def test_an_assassin_ends_a_multi_jump():
    state = position({"a3": "M", "b4": "m", "d6": "m", **SPARE, **BYSTANDER}, cards={"b4": "JH"},
                     up=["b4"], assassins=True)
    state = play(state, "a3xc5")
    assert state.captured == (1, 1) and state.to_act() == (1,)
    assert piece_at(state, "d6") == "m"


# --- Kings, Queens --------------------------------------------------------------------------------


def test_turning_up_a_king_crowns_the_piece_only_with_the_variant():
    state = play(position({"c3": "M", **BYSTANDER}, cards={"d4": "KH"}, kings=True), "c3-d4")
    assert piece_at(state, "d4") == "K" and state.to_act() == (1,)
    plain = play(position({"c3": "M", **BYSTANDER}, cards={"d4": "KH"}), "c3-d4")
    assert piece_at(plain, "d4") == "M"


def test_a_black_king_is_resolved_first_and_a_blown_up_piece_is_not_crowned():
    start = position({"c3": "M", **BYSTANDER}, cards={"d4": "KS"}, stock=(LIGHT_STOCK, None),
                     kings=True)
    assert piece_at(play(start, "c3-d4", "discard KH"), "d4") == "K"
    blown = play(start, "c3-d4", "discard 10H")
    assert piece_at(blown, "d4") == "" and not any(entry.kind == "promote" for entry in blown.log)


def test_a_promotion_by_card_ends_a_multi_jump():
    state = position({"c3": "M", "d4": "m", "f6": "m", **BYSTANDER}, cards={"e5": "KD"}, kings=True)
    state = play(state, "c3xe5")
    assert piece_at(state, "e5") == "K" and state.to_act() == (1,)
    assert piece_at(state, "f6") == "m"


def test_a_queen_captures_both_ways_but_steps_only_forward():
    state = play(position({"c3": "M", **BYSTANDER}, cards={"d4": "QH"}, queens=True), "c3-d4")
    assert piece_at(state, "d4") == "Q"
    queen = position({"d4": "Q", **BYSTANDER}, queens=True)
    assert notations(queen) == {"d4-c5", "d4-e5"}
    backwards = position({"d4": "Q", "c3": "m", **BYSTANDER}, queens=True)
    assert notations(backwards) == {"d4xb2"}
    dark = position({"e5": "q", "f6": "M", "a1": "M"}, side="D", queens=True)
    assert notations(dark) == {"e5xg7"}


def test_a_queen_on_the_far_row_becomes_a_king():
    state = play(position({"c7": "Q", "a1": "m"}, cards={"d8": "5D"}, queens=True), "c7-d8")
    assert piece_at(state, "d8") == "K"


def test_a_king_is_not_demoted_by_a_queen_or_a_jack():
    for card in ("QH", "JH"):
        state = play(position({"c3": "K", **BYSTANDER}, cards={"d4": card}, **ALL_VARIANTS), "c3-d4")
        assert piece_at(state, "d4") == "K"
    queen = play(position({"c3": "Q", **BYSTANDER}, cards={"d4": "JH"}, **ALL_VARIANTS), "c3-d4")
    assert piece_at(queen, "d4") == "Q"


def test_a_queen_or_footman_turning_up_a_king_is_crowned():
    for letter in ("Q", "F"):
        state = play(position({"c3": letter, **BYSTANDER}, cards={"d4": "KH"}, **ALL_VARIANTS),
                     "c3-d4")
        assert piece_at(state, "d4") == "K"


# --- Footmen --------------------------------------------------------------------------------------


def test_turning_up_a_jack_makes_a_footman():
    state = play(position({"c3": "M", **BYSTANDER}, cards={"d4": "JH"}, footmen=True), "c3-d4")
    assert piece_at(state, "d4") == "F"
    assert square_view(state, 1, "d4")["piece"] == {"side": 0, "rank": "footman"}
    plain = play(position({"c3": "M", **BYSTANDER}, cards={"d4": "JH"}), "c3-d4")
    assert piece_at(plain, "d4") == "M"


def test_a_footman_captures_in_place_in_any_direction_and_becomes_a_man():
    state = position({"d4": "F", "e5": "m", "f6": "m", "c3": "m", "b2": "m", **BYSTANDER},
                     footmen=True)
    # The capture in place is a capture: compulsory, and the only kind offered here.
    assert notations(state) == {"d4*e5", "d4*c3"}
    with pytest.raises(IllegalAction, match="capturing is compulsory"):
        state.apply(0, "d4-c5")
    face_up_before = state.face_up
    after = play(state, "d4*e5")
    assert piece_at(after, "d4") == "M" and piece_at(after, "e5") == ""
    assert after.captured == (1, 0) and after.to_act() == (1,)
    assert after.face_up == face_up_before  # the footman did not move: no card turned


def test_a_footman_may_also_jump_and_stays_a_footman():
    state = position({"d4": "F", "e5": "m", **BYSTANDER}, footmen=True)
    assert notations(state) == {"d4*e5", "d4xf6"}
    after = play(state, "d4xf6")
    assert piece_at(after, "f6") == "F"


def test_a_footman_striking_an_assassin_is_taken():
    state = position({"d4": "F", "e5": "m", "f6": "m", **BYSTANDER}, cards={"e5": "QC"},
                     up=["e5"], footmen=True, assassins=True)
    state = play(state, "d4*e5")
    assert state.captured == (1, 1) and piece_at(state, "d4") == ""


def test_a_strike_is_refused_to_a_man_and_to_a_distant_target():
    state = position({"d4": "M", "c5": "m", "e7": "m", **BYSTANDER}, footmen=True)
    with pytest.raises(IllegalAction, match="only a footman can capture in place"):
        state.apply(0, "d4*c5")


# --- teams ----------------------------------------------------------------------------------------


def turn_order(players: int, turns: int) -> list[int]:
    """The seats that start each of the first ``turns`` turns of a seeded random game."""
    state = GAME.new(seed=3, players=players)
    rng = random.Random(3)
    order = []
    while len(order) < turns:
        side = state.side
        order.append(state.to_act()[0])
        while not state.is_over() and state.side == side:
            seat = state.to_act()[0]
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return order


def test_teammates_take_their_sides_turns_in_turn():
    assert turn_order(2, 6) == [0, 1, 0, 1, 0, 1]
    assert turn_order(3, 8) == [0, 1, 2, 1, 0, 1, 2, 1]
    assert turn_order(4, 8) == [0, 1, 2, 3, 0, 1, 2, 3]


def test_teammates_share_a_stockpile_and_a_victory():
    state = GAME.new(seed=4, players=4)
    assert state.view(2)["stockpiles"] == state.view(0)["stockpiles"]
    assert state.view(3)["stockpiles"][1] == state.view(1)["stockpiles"][1]
    assert state.view(2)["stockpiles"][1] is None
    over = position({"c3": "M"}, captured=(3, 1), players=4)
    assert over.result().winners == (0, 2) and over.result().scores == (1, 0, 1, 0)
    over3 = position({"c3": "m"}, captured=(1, 3), players=3)
    assert over3.result().winners == (1,) and over3.result().scores == (0, 1, 0)


def test_a_teammate_cannot_play_for_the_seat_whose_turn_it_is():
    state = GAME.new(seed=4, players=4)
    with pytest.raises(IllegalAction, match="not that seat's turn"):
        state.apply(2, "c3-d4")


# --- notation -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text, action", [
    ("c3-d4", Step(parse_square("c3"), parse_square("d4"))),
    ("c3xe5", Jump(parse_square("c3"), parse_square("e5"))),
    ("d4*e5", Strike(parse_square("d4"), parse_square("e5"))),
    ("c1^", Rescue(parse_square("c1"))),
    ("discard 7S", Discard(Card.of(7, "S"))),
    ("discard 10S", Discard(Card.of(10, "S"))),
])
def test_actions_are_written_and_read_back(text, action):
    assert GAME.parse_action(None, text) == action
    assert str(action) == text


def test_loose_notation_is_read_too():
    assert GAME.parse_action(None, " C3 - D4 ") == Step(parse_square("c3"), parse_square("d4"))
    assert GAME.parse_action(None, "DISCARD th") == Discard(Card.of(10, "H"))


@pytest.mark.parametrize("text", ["c3-d9", "b3-c4", "discard 1X", "c3", "x", "discard", "c1^^"])
def test_bad_notation_is_refused(text):
    with pytest.raises(InvalidNotation):
        GAME.parse_action(None, text)


# --- the position notation --------------------------------------------------------------------------


def test_the_starting_position_in_notation():
    deck = [str(card) for card in DECK]
    state = GAME.new(seed=0, deck=deck)
    fen = to_fen(state)
    rows = fen.split()[0].split("/")
    # Light's cards in deck order are the hearts, then the spades: AH..KH, AS, 2S, 3S on a1..h4.
    assert rows[7] == "AHM,2HM,3HM,4HM"
    assert rows[4] == "KH,AS,2S,3S"
    assert rows[0] == "KCm,ADm,2Dm,3Dm"  # Dark's: the clubs, then the diamonds
    assert fen.split()[1:] == ["L", "-", "4S5S6S7S8S9S10SJSQSKS", "4D5D6D7D8D9D10DJDQDKD", "-",
                               "0-0", "0-0", "0-0", "0"]
    assert to_fen(from_fen(fen)) == fen


def test_the_notation_round_trips_through_play():
    for seed in range(8):
        options = ALL_VARIANTS if seed % 2 else {}
        state = GAME.new(seed=seed, players=2 + seed % 3, options=options)
        rng = random.Random(seed)
        while not state.is_over():
            fen = to_fen(state)
            again = from_fen(fen, state.players, options)
            assert to_fen(again) == fen
            for name in ("cards", "face_up", "seen", "pieces", "stockpiles", "discards",
                         "captured", "rescued", "side", "turns", "quiet", "pending", "over"):
                assert getattr(again, name) == getattr(state, name), name
            assert again.legal_actions(again.to_act()[0]) == state.legal_actions(state.to_act()[0])
            seat = state.to_act()[0]
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert from_fen(to_fen(state), state.players, options).is_over()


def test_a_position_with_a_move_in_progress_round_trips():
    state = position({"c3": "M", "d4": "m", "f6": "m", **BYSTANDER}, cards={"e5": "9C"},
                     stock=(LIGHT_STOCK, None))
    pending = play(state, "c3xe5")
    assert to_fen(pending).split()[2] == "e5x?"
    assert from_fen(to_fen(pending)).legal_actions(0) == pending.legal_actions(0)
    jumping = play(pending, "discard 10H")
    assert to_fen(jumping).split()[2] == "e5"
    assert notations(from_fen(to_fen(jumping))) == {"e5xg7"}


@pytest.mark.parametrize("spoil, message", [
    (lambda fen: fen.replace(" L ", " X "), "side to move"),
    (lambda fen: " ".join(fen.split()[:-1]), "10 fields"),
    (lambda fen: fen[:-1] + "x", "bad quiet turn count"),
    (lambda fen: fen.replace("/", "|", 1), "8 rows"),
    (lambda fen: fen.replace("AH", "ZZ", 1), "bad square"),
    (lambda fen: fen.replace("AH", "2H", 1), "each of the 52 cards"),
    (lambda fen: fen.replace("0-0 0-0 0-0", "0-0 0-0 x"), "bad counts"),
])
def test_bad_positions_are_refused(spoil, message):
    fen = to_fen(GAME.new(seed=0, deck=[str(card) for card in DECK]))
    with pytest.raises(SetupError, match=message):
        from_fen(spoil(fen))


# --- move counts (perft) --------------------------------------------------------------------------


def test_with_harmless_cards_the_move_counts_are_those_of_checkers():
    """Red cards on rows 3 to 6: no landing within four turns asks for anything, so the counts
    are the known American checkers perft numbers from the opening."""
    red = {}
    hearts = iter(f"{rank}H" for rank in "A23456789T")
    diamonds = iter(f"{rank}D" for rank in "A23456789T")
    for name in SQUARE_NAMES:
        if name[1] in "34":
            red[name] = next(hearts)
        elif name[1] in "56":
            red[name] = next(diamonds)
    start = GAME.new(seed=0)
    pieces = {name: piece_at(start, name) for name in SQUARE_NAMES if piece_at(start, name)}
    state = position(pieces, cards=red)
    assert [perft(state, depth) for depth in (1, 2, 3, 4)] == [7, 49, 302, 1469]


def test_move_count_regressions_from_fixed_positions():
    """Counted once by this engine and kept. Black cards add the discard choices (ten per black
    card while the stockpile is full); the variants change what a landing does."""
    start = GAME.new(seed=0, deck=[str(card) for card in DECK])
    assert [perft(start, depth) for depth in (1, 2)] == [52, 3640]
    pieces = {"c3": "M", "e3": "M", "a5": "K", "d4": "m", "f6": "m", "b6": "f", "h6": "q"}
    cards = {"e5": "9C", "g5": "JD", "d6": "KC", "c5": "QD"}
    plain = position(pieces, cards=cards, up=["f6"])
    assert [perft(plain, depth) for depth in (1, 2, 3, 4)] == [12, 39, 130, 1079]
    variants = position(pieces, cards=cards, up=["f6"], **ALL_VARIANTS)
    assert [perft(variants, depth) for depth in (1, 2, 3, 4)] == [12, 20, 109, 1120]


# --- records ----------------------------------------------------------------------------------------


def test_a_whole_game_replays_from_its_record():
    state = GAME.new(seed=77, players=2, options=ALL_VARIANTS)
    rng = random.Random(77)
    while not state.is_over():
        seat = state.to_act()[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    replayed = Record.from_json(Record.from_state(state).to_json()).replay()
    assert replayed == state and replayed.result() == state.result()
