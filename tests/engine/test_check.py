"""Rules scenarios for Check! (v2.0), from stacked decks.

Sections 5 to 11 of the rule text (``seeds/004_...txt``) and the Check! rulings are each a test
here, with the text's King-on-King example played as written (Alice seat 0, Bob seat 1).
Deals and move scripts are written as ``check_helpers`` describes.
"""

from __future__ import annotations

import random

import pytest

from check_helpers import lobby, play, started
from engine import CLOCK, GAMES, IllegalAction, InvalidNotation, Record, SetupError
from engine.check import Exchange, Match, Pass, Peek, Skip, Timeout, stacked_deck
from engine.core import render_reason
from support import refuse

GAME = GAMES["check"]
ALICE, BOB, CAROL = 0, 1, 2
#: Three grids with no rank shared between two seats' top rows.
A3, B3, C3 = "5S 6S 7S 8S", "5H 6H 7H 8H", "9D 10D 2D 3D"


# --- helpers ------------------------------------------------------------------------------------


def card(state, viewer: int | None, owner: int, slot: int) -> str | None:
    """What ``viewer`` sees at ``owner``'s ``slot`` (``None``: face down)."""
    cell = state.view(viewer)["grids"][owner][slot]
    assert cell is not None, f"seat {owner} has no card in slot {slot}"
    return cell["card"]


def legal(state, seat: int) -> set[str]:
    return set(map(str, state.legal_actions(seat)))


def turn_of(state) -> int | None:
    """The seat whose turn it is, when the game waits for one seat's turn (phase "turn")."""
    waiting = state.to_act()
    return waiting[0] if state.view(None)["phase"] == "turn" and len(waiting) == 1 else None


# --- section 5: setup -------------------------------------------------------------------------


def test_lobby_join_then_the_game_master_starts_and_locks_it():
    state = lobby(A3, B3, C3)
    assert state.view(None)["phase"] == "lobby" and state.view(None)["game_master"] == 0
    assert state.to_act() == (BOB,)  # the Game Master is in; the next seat may join
    refuse(state, ALICE, "start", "every seat must join")
    state = state.apply(BOB, "join")
    refuse(state, BOB, "start", "only the Game Master")
    state = state.apply(CAROL, "join")
    assert state.to_act() == (ALICE,) and legal(state, ALICE) == {"start"}
    state = state.apply(ALICE, "start")
    assert state.view(None)["phase"] == "peek"
    refuse(state, BOB, "join", "lobby is locked")


def test_seats_join_in_seat_order_so_join_order_is_seat_order():
    """Ruling 1: a join is accepted only from the next seat in order."""
    state = lobby(A3, B3, C3, "2C 3C 4C 5C")
    assert state.to_act() == (BOB,) and legal(state, CAROL) == set()
    refuse(state, CAROL, "join", "seats join in seat order: seat 1 joins next")
    refuse(state, 3, "join", "seat 1 joins next")
    refuse(state, ALICE, "join", "seat 0 has already joined")
    state = state.apply(BOB, "join")
    assert state.to_act() == (CAROL,)
    refuse(state, BOB, "join", "seat 1 has already joined")
    refuse(state, 3, "join", "seat 2 joins next")
    state = play(state, "2:join, 3:join")
    assert state.view(None)["joined"] == [0, 1, 2, 3]
    assert [entry["seat"] for entry in state.view(None)["log"] if entry["kind"] == "join"] == [1, 2, 3]
    # A record whose joins come out of order does not replay.
    text = Record.from_state(lobby(A3, B3, C3)).to_json().replace('"moves": []', '"moves": [[2, "join"]]')
    with pytest.raises(IllegalAction, match="record move 1: .*seat 1 joins next"):
        Record.from_json(text).replay()


def test_deal_is_four_cards_in_a_grid_and_each_seat_sees_only_its_bottom_row():
    state = lobby(A3, B3, C3)
    state = play(state, "1:join, 2:join, 0:start")
    assert state.zones()["grid0"] == ("5S", "6S", "7S", "8S")
    assert state.zones()["grid2"] == ("9D", "10D", "2D", "3D")
    assert len(state.zones()["draw"]) == 52 - 12
    assert [card(state, BOB, BOB, slot) for slot in range(4)] == [None, None, "7H", "8H"]
    assert [card(state, BOB, ALICE, slot) for slot in range(4)] == [None] * 4
    assert [card(state, None, BOB, slot) for slot in range(4)] == [None] * 4
    # Ruling 8: the peek lasts until each seat confirms; then the Game Master plays first.
    assert state.to_act() == (0, 1, 2)
    state = play(state, "1:ready, 0:ready")
    assert state.to_act() == (CAROL,)
    state = state.apply(CAROL, "ready")
    assert turn_of(state) == ALICE
    # The seats remember their bottom row after it is turned face down again.
    assert card(state, ALICE, ALICE, 2) == "7S"


# --- section 6: the turn ----------------------------------------------------------------------


def test_first_turn_cannot_take_from_the_empty_discard_pile():
    state = started(A3, B3, C3)
    assert legal(state, ALICE) == {"draw", "check"}  # ruling 2
    refuse(state, ALICE, "take 0", "discard pile is empty")


def test_drawn_card_is_seen_by_the_drawer_only_and_swapped_in_face_down():
    state = started(A3, B3, C3, draws="4C")
    state = state.apply(ALICE, "draw")
    assert state.view(ALICE)["drawn"] == "4C"
    assert state.view(BOB)["drawn"] is None and state.view(BOB)["holding"] is True
    assert legal(state, ALICE) == {"replace 0", "replace 1", "replace 2", "replace 3", "discard"}
    refuse(state, ALICE, "check", "start of a turn")
    state = state.apply(ALICE, "replace 0")
    assert state.view(None)["discard_top"] == "5S"  # the replaced card goes face up
    assert card(state, ALICE, ALICE, 0) == "4C" and card(state, BOB, ALICE, 0) is None
    assert state.view(None)["phase"] == "matching"


def test_discarding_the_drawn_card_leaves_the_grid_alone():
    state = started(A3, B3, C3, draws="4C", then="0:draw, 0:discard")
    assert state.zones()["grid0"] == ("5S", "6S", "7S", "8S")
    assert state.view(None)["discard_top"] == "4C"


def test_taking_the_discard_must_swap_and_everyone_sees_where_it_went():
    state = started(A3, B3, C3, draws="4C", then="0:draw, 0:replace 0, -1:timeout")
    assert state.to_act() == (BOB,)
    assert {"take 0", "take 1", "take 2", "take 3"} <= legal(state, BOB)
    state = state.apply(BOB, "take 2")
    assert state.zones()["grid1"] == ("5H", "6H", "5S", "8H")
    assert state.view(None)["discard_top"] == "7H"
    assert card(state, CAROL, BOB, 2) == "5S" and card(state, ALICE, BOB, 2) == "5S"
    assert state.view(None)["phase"] == "matching"  # the swapped-out card opens a stage


@pytest.mark.parametrize("special", ["KC", "QC", "JC"])
def test_no_king_queen_or_jack_from_the_discard_pile(special: str):
    state = started(A3, B3, C3, draws=special, then="0:draw, 0:discard, -1:timeout, 0:skip")
    if special != "JC":
        state = state.apply(ALICE, "skip")  # K and Q: skip the peek, then the swap
    assert state.to_act() == (BOB,)
    assert legal(state, BOB) == {"draw", "check"}
    refuse(state, BOB, "take 0", "King, Queen or Jack")


def test_a_special_card_swapped_into_the_grid_does_not_trigger():
    state = started(A3, B3, C3, draws="KC", then="0:draw, 0:replace 1, -1:timeout")
    assert state.view(None)["stack"] == [] and state.to_act() == (BOB,)


# --- section 7: the matching stage ------------------------------------------------------------


def test_every_unlocked_seat_may_act_at_once_including_the_discarder():
    state = started(A3, B3, C3, draws="4C", match_seconds=8, then="0:draw, 0:discard")
    assert state.to_act() == (ALICE, BOB, CAROL, CLOCK)
    assert state.legal_actions(CLOCK) == (Timeout(),)
    assert Pass() in state.legal_actions(ALICE) and Match(3) in state.legal_actions(CAROL)
    assert state.view(None)["options"]["match_seconds"] == 8  # ruling 9: the UI's timer


def test_a_pass_is_final_and_all_passes_end_the_stage():
    state = started(A3, B3, C3, draws="4C", then="0:draw, 0:discard, 1:pass")
    assert state.to_act() == (ALICE, CAROL, CLOCK)
    refuse(state, BOB, "match 0", "pass is final")
    state = play(state, "2:pass, 0:pass")
    assert turn_of(state) == BOB


def test_the_timer_ends_the_stage_as_a_pass_for_everyone_left():
    state = started(A3, B3, C3, draws="4C", then="0:draw, 0:discard, 2:pass, -1:timeout")
    assert state.to_act() == (BOB,)
    refuse(state, CLOCK, "timeout", "no matching stage")


def test_first_correct_match_wins_shrinks_the_grid_and_seals_the_pile_for_the_rest_of_the_turn():
    state = started(A3, "KH 6H 7H 8H", "9D 10D KD 3D", draws="KC",
                    then="0:draw, 0:discard")  # the KC; Bob and Carol both hold a King
    state = state.apply(BOB, "match 0")
    view = state.view(None)
    assert view["grids"][BOB][0] is None  # a hole: positions stay stable
    assert len(state.zones()["grid1"]) == 3
    assert view["discard_top"] == "KH" and view["sealed"] is True
    # Ruling 4: no new stage; Carol's King is too late. The seal holds while the abilities of
    # this turn resolve (Bob's King first, then Alice's).
    assert state.to_act() == (BOB,) and view["phase"] == "ability"
    refuse(state, CAROL, "match 2", "not that seat's turn")
    state = play(state, "1:skip, 1:skip")
    assert state.view(None)["sealed"] is True
    # Ruling 10: the seal lifts when the next player's turn begins.
    state = play(state, "0:skip, 0:skip")
    assert state.to_act() == (BOB,) and state.view(None)["sealed"] is False
    refuse(state, BOB, "take 1", "King, Queen or Jack")  # a King is never taken back


def test_the_seal_lifts_at_the_next_turn_so_the_next_player_may_take_the_matched_card():
    """Ruling 10: Carol matches Alice's 5S with her 5D; Bob, next to play, takes the 5D."""
    state = started(A3, B3, "9D 10D 5D 3D", draws="4C 4D",
                    then="0:draw, 0:replace 0")  # 5S discarded
    state = state.apply(CAROL, "match 2")
    view = state.view(None)
    assert view["discard_top"] == "5D" and view["grids"][CAROL][2] is None
    assert turn_of(state) == BOB and view["sealed"] is False
    assert {"draw", "take 0", "take 1", "take 2", "take 3", "check"} == legal(state, BOB)
    state = state.apply(BOB, "take 1")
    assert state.zones()["grid1"] == ("5H", "5D", "7H", "8H")
    assert state.view(None)["discard_top"] == "6H" and state.view(None)["sealed"] is False
    assert card(state, ALICE, BOB, 1) == "5D"  # everyone saw where it went


def test_the_seal_also_lifts_for_the_matcher_when_the_next_turn_is_theirs():
    state = started(A3, B3, C3, draws="4C 4D",
                    then="0:draw, 0:replace 0, 1:match 0")  # Bob matches 5S with 5H, then plays
    assert state.to_act() == (BOB,) and "take 1" in legal(state, BOB)
    state = play(state, "1:draw, 1:discard")
    assert state.view(None)["sealed"] is False and state.view(None)["discard_top"] == "4D"


def test_a_failed_match_shows_the_card_and_costs_a_face_down_penalty_card():
    state = started(A3, B3, C3, draws="4C QH", then="0:draw, 0:replace 0")  # 5S on the pile
    state = state.apply(CAROL, "match 0")  # 9D: the wrong rank
    assert state.zones()["grid2"] == ("9D", "10D", "2D", "3D", "QH")
    for viewer in (ALICE, BOB, CAROL):
        assert card(state, viewer, CAROL, 0) == "9D"  # ruling 5: shown to everyone
        assert card(state, viewer, CAROL, 4) is None  # ... the penalty card to nobody
    assert state.view(None)["last_try"] == [CAROL, 0, "9D"]
    # The stage goes on for everyone, and Carol may try again.
    assert state.to_act() == (ALICE, BOB, CAROL, CLOCK)
    state = state.apply(CAROL, "match 4")
    assert len(state.zones()["grid2"]) == 6
    state = state.apply(BOB, "match 0")
    assert state.zones()["grid1"] == ("6H", "7H", "8H")


def test_locked_seats_do_not_take_part_in_the_matching_stage():
    state = started(A3, B3, C3, draws="4C", then="0:check, 1:draw, 1:discard")
    assert state.to_act() == (BOB, CAROL, CLOCK)
    refuse(state, ALICE, "match 0", "locked")


# --- section 8: abilities ---------------------------------------------------------------------


def test_king_peeks_at_two_cards_for_its_owner_only_then_swaps_blind():
    state = started(A3, B3, C3, draws="KC", then="0:draw, 0:discard, -1:timeout")
    assert state.to_act() == (ALICE,)
    assert {"peek 1.0", "peek 0.0", "skip"} <= legal(state, ALICE)
    assert not any(text.startswith("swap") for text in legal(state, ALICE))
    state = state.apply(ALICE, "peek 1.0")
    assert card(state, ALICE, BOB, 0) == "5H"
    assert card(state, BOB, BOB, 0) is None and card(state, CAROL, BOB, 0) is None
    refuse(state, ALICE, "peek 1.0", "already peeked")
    state = state.apply(ALICE, "peek 2.1")
    assert card(state, ALICE, CAROL, 1) == "10D"
    refuse(state, ALICE, "peek 0.0", "peeks are done")
    state = state.apply(ALICE, "swap 0.0 1.0")
    assert state.zones()["grid0"][0] == "5H" and state.zones()["grid1"][0] == "5S"
    # Ruling 6: a blind swap; Alice's memory follows the card she peeked at.
    assert card(state, ALICE, ALICE, 0) == "5H" and card(state, ALICE, BOB, 0) is None
    assert card(state, BOB, BOB, 0) is None
    assert state.to_act() == (BOB,)


def test_queen_peeks_at_one_card_and_jack_only_swaps():
    state = started(A3, B3, C3, draws="QC JC", then="0:draw, 0:discard, -1:timeout, 0:peek 0.1")
    assert card(state, ALICE, ALICE, 1) == "6S"
    assert not any(text.startswith("peek") for text in legal(state, ALICE))
    state = play(state, "0:swap 1.2 2.2")
    assert state.zones()["grid1"][2] == "2D" and state.zones()["grid2"][2] == "7H"
    # Bob knew his 7H at 1.2: his memory moves with it to Carol's slot 2.
    assert card(state, BOB, CAROL, 2) == "7H" and card(state, BOB, BOB, 2) is None
    state = play(state, "1:draw, 1:discard, -1:timeout")
    assert state.to_act() == (BOB,)
    assert not any(text.startswith("peek") for text in legal(state, BOB))
    assert Exchange((0, 0), (2, 3)) in state.legal_actions(BOB) and Skip() in state.legal_actions(BOB)


def test_abilities_can_be_skipped_in_parts():
    state = started(A3, B3, C3, draws="KC", then="0:draw, 0:discard, -1:timeout, 0:skip")
    assert state.view(None)["stack"][0]["peeks_left"] == 0
    assert any(text.startswith("swap") for text in legal(state, ALICE))
    state = state.apply(ALICE, "skip")
    assert state.view(None)["stack"] == [] and state.to_act() == (BOB,)
    assert state.zones()["grid0"] == ("5S", "6S", "7S", "8S")


def test_king_on_king_resolves_last_in_first_out():
    """The text's example: Alice discards a King, Bob matches it with his King; Bob resolves his
    ability first, then Alice resolves hers."""
    state = started("5S 6S 7S 8S", "KH 6H 7H 8H", C3, draws="KC",
                    then="0:draw, 0:discard, 1:match 0")
    stack = state.view(None)["stack"]
    assert [(entry["owner"], entry["card"]) for entry in stack] == [(ALICE, "KC"), (BOB, "KH")]
    assert state.to_act() == (BOB,)  # last in, first out
    refuse(state, ALICE, "peek 1.1", "not that seat's turn")
    state = play(state, "1:peek 0.0, 1:peek 0.1, 1:swap 0.0 1.1")
    assert card(state, BOB, BOB, 1) == "5S"
    assert state.to_act() == (ALICE,)  # then Alice's King
    state = play(state, "0:peek 1.1, 0:skip, 0:skip")
    assert card(state, ALICE, BOB, 1) == "5S"
    assert turn_of(state) == BOB


def test_locked_seats_cards_cannot_be_targeted():
    state = started(A3, B3, C3, draws="KC", then="0:check, 1:draw, 1:discard, -1:timeout")
    assert state.to_act() == (BOB,)
    refuse(state, BOB, "peek 0.0", "seat 0 is locked")
    assert Peek((0, 0)) not in state.legal_actions(BOB)
    state = state.apply(BOB, "skip")
    refuse(state, BOB, "swap 0.0 1.0", "seat 0 is locked")
    assert all(0 not in (a.first[0], a.second[0])
               for a in state.legal_actions(BOB) if isinstance(a, Exchange))


#: Bob matches Alice's 2, 3 and 4 and ends up holding only his King.
SHRINK = ("2S 3S 4S 5S", "2H 3H 4H KH")
SHRINK_SCRIPT = (
    "0:draw, 0:discard, 1:match 0, 1:draw, 1:discard, -1:timeout, "
    "0:draw, 0:discard, 1:match 1, 1:draw, 1:discard, -1:timeout, "
    "0:draw, 0:discard, 1:match 2, 1:draw, 1:discard, -1:timeout"
)


def test_emptying_the_grid_is_an_automatic_check_and_the_matchers_ability_fizzles():
    state = started(*SHRINK, draws="2C 9C 3C 10C 4C 8C KC", then=SHRINK_SCRIPT)
    assert state.zones()["grid1"] == ("KH",)
    state = play(state, "0:draw, 0:discard, 1:match 3")
    view = state.view(None)
    assert view["locked"] == [BOB] and view["caller"] == BOB
    # Bob's King fizzles (he is locked); Alice's King resolves, then her final turn (ruling 7).
    assert [(a["owner"], a["card"]) for a in view["stack"]] == [(ALICE, "KC")]
    assert state.to_act() == (ALICE,)
    state = play(state, "0:skip, 0:skip")
    assert turn_of(state) == ALICE
    assert "check" not in legal(state, ALICE)
    state = play(state, "0:draw, 0:discard, 0:pass")
    assert state.is_over()
    assert state.result().scores == (2 + 3 + 4 + 5, 0) and state.result().winners == (BOB,)


def test_a_discarders_ability_fizzles_when_its_owner_matched_out():
    state = started("2S 3S 4S KS", "5H 6H 7H 8H",
                    draws="2C 9C 3C 10C 4C 9H KC")
    state = play(state, (
        "0:draw, 0:discard, 0:match 0, 1:draw, 1:discard, -1:timeout, "
        "0:draw, 0:discard, 0:match 1, 1:draw, 1:discard, -1:timeout, "
        "0:draw, 0:discard, 0:match 2, 1:draw, 1:discard, -1:timeout, "
        "0:draw, 0:discard, 0:match 3"
    ))
    view = state.view(None)
    assert view["locked"] == [ALICE] and view["stack"] == []  # both Kings fizzled
    fizzled = [entry for entry in view["log"] if entry["kind"] == "fizzle"]
    assert fizzled == [  # her matched King (last in) first, then her discarded one
        {"kind": "fizzle", "seat": ALICE, "text": f"{{0}}'s {king} fizzles: the seat is locked", "seats": [ALICE],
         "parts": {"card": king}}
        for king in ("KS", "KC")
    ]
    assert state.to_act() == (BOB,)  # Bob's final turn


# --- section 9: Check and the Final Turns ------------------------------------------------------


def test_calling_check_ends_the_turn_locks_and_gives_each_other_seat_one_final_turn():
    grids = (A3, B3, C3, "JC QC KC AC")
    state = started(*grids, then="0:draw, 0:discard, -1:timeout, 1:draw, 1:discard, -1:timeout")
    state = state.apply(CAROL, "check")
    view = state.view(None)
    assert view["caller"] == CAROL and view["locked"] == [CAROL]
    assert state.to_act() == (3,) and view["final_queue"] == [0, 1]  # from the caller's left
    assert "check" not in legal(state, 3)
    refuse(state, 3, "check", "Final Turns")
    state = play(state, "3:draw, 3:discard")
    assert CAROL not in state.to_act()
    state = play(state, "-1:timeout, 0:draw, 0:discard, -1:timeout, 1:draw, 1:discard")
    assert not state.is_over()
    state = state.apply(CLOCK, "timeout")
    assert state.is_over() and state.result().reason == (
        "seat 2 called Check and every other player took one final turn; the totals are "
        "seat 0 26, seat 1 26, seat 2 24, seat 3 35, and seat 2 has the lowest, 24")
    reason = state.result().reason
    names = "Ann Bo Carol Dan".split()
    assert render_reason(reason.template, reason.parts, names.__getitem__, None) == (
        "Carol called Check and every other player took one final turn; the totals are "
        "Ann 26, Bo 26, Carol 24, Dan 35, and Carol has the lowest, 24")
    # Said to Carol herself, the verb agrees with "you".
    assert render_reason(reason.template, reason.parts,
                         lambda seat: "you" if seat == CAROL else names[seat], CAROL).endswith(
        "Ann 26, Bo 26, you 24, Dan 35, and you have the lowest, 24")
    refuse(state, CAROL, "draw", "game is over")


def test_an_automatic_check_during_the_final_turns_only_locks_the_seat():
    state = started(*SHRINK, draws="2C 9C 3C 10C 4C 8C KC", then=SHRINK_SCRIPT + ", 0:check")
    assert state.to_act() == (BOB,)
    state = play(state, "1:draw, 1:discard, 1:match 3")
    view = state.view(None)
    assert view["caller"] == ALICE and view["locked"] == [ALICE, BOB]
    assert state.is_over()  # both of Bob's Kings fizzle; nobody is owed a turn
    assert state.result().winners == (BOB,)


# --- section 10: scoring ----------------------------------------------------------------------


def test_card_values_and_the_final_reveal():
    state = started("AS JS QS KS", "10H 2H 3H 4H", then="0:check, 1:draw, 1:discard, 1:pass")
    assert state.is_over()
    assert state.result().scores == (-1 + 11 + 12 + 13, 10 + 2 + 3 + 4)
    assert state.result().winners == (BOB,)
    assert [card(state, None, ALICE, slot) for slot in range(4)] == ["AS", "JS", "QS", "KS"]
    assert card(state, BOB, ALICE, 0) == "AS"


def test_tied_lowest_scores_all_win():
    state = started("AS 2S 3S 4S", "AH 2H 3H 4H", "KD KC QD QC",
                    then="0:check, 1:draw, 1:discard, -1:timeout, 2:draw, 2:discard, -1:timeout")
    assert state.result().scores == (8, 8, 50) and state.result().winners == (ALICE, BOB)


# --- section 11: edge cases -------------------------------------------------------------------


def test_empty_draw_pile_reshuffles_the_discards_under_the_top_then_the_draw_is_impossible():
    state = started(A3, B3, draws="9C 10C", then="0:draw, 0:discard, -1:timeout, 1:draw, 1:discard")
    assert state.view(None)["draw_count"] == 42
    for _ in range(42):
        state = state.apply(ALICE, "match 0")  # 5S on 10C: a penalty card each time
    assert state.view(None)["draw_count"] == 0 and len(state.zones()["grid0"]) == 46
    state = state.apply(ALICE, "match 0")
    # 11.A: 9C (under the top) became the draw pile and went to Alice; 10C stays on top.
    assert state.zones()["grid0"][-1] == "9C" and state.zones()["discard"] == ("10C",)
    assert state.view(None)["reshuffles"] == 1
    # 11.B: nothing left to draw: the round ends at once and is scored as it stands.
    state = state.apply(ALICE, "match 0")
    result = state.result()
    assert state.is_over() and result.winners == (BOB,)
    totals = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(result.scores))
    assert result.reason == ("the round ends at once: the draw pile is empty when a penalty card "
                             f"is due; the totals are {totals}, and seat 1 has the lowest, "
                             f"{result.scores[BOB]}")


def test_an_impossible_draw_at_the_start_of_a_turn_ends_the_round():
    state = started(A3, B3, draws="9C 10C", then="0:draw, 0:discard, -1:timeout, 1:draw, 1:discard")
    for _ in range(42):
        state = state.apply(ALICE, "match 0")
    state = play(state, "0:match 0, -1:timeout")  # the reshuffled 9C is the last penalty card
    assert state.view(None)["draw_count"] == 0 and state.view(None)["discard_count"] == 1
    assert state.to_act() == (ALICE,)
    state = state.apply(ALICE, "draw")
    assert state.is_over() and state.result().reason.startswith(
        "the round ends at once: the draw pile is empty when a card must be drawn; the totals are ")


# --- notation, views and records --------------------------------------------------------------


def test_notation_refusals():
    state = started(A3, B3)
    with pytest.raises(InvalidNotation, match="lower position first"):
        GAME.parse_action(state, "swap 1.0 0.2")
    with pytest.raises(InvalidNotation, match="expected one of"):
        state.apply(ALICE, "draw two")
    assert GAME.parse_action(state, "  SWAP 0.2   1.0 ") == Exchange((0, 2), (1, 0))


def test_bad_stacked_decks_are_refused():
    with pytest.raises(SetupError, match="each of the 52 cards"):
        GAME.new(players=2, deck=["AS"] * 52)
    with pytest.raises(SetupError, match="repeats a card"):
        stacked_deck(["AS 2S 3S 4S", "AS 2H 3H 4H"])


def test_stacked_decks_read_every_card_spelling_and_keep_the_canonical_one():
    assert stacked_deck(["as th 3♠ 4s", "2H 3H 4H 5H"])[:5] == ("AS", "10H", "3S", "4S", "2H")
    canonical = stacked_deck([A3, B3])
    spelled = [name.lower().replace("10", "t") for name in canonical]
    state = GAME.new(seed=1, players=2, deck=spelled)
    assert state.deck == canonical
    assert state.zones() == GAME.new(seed=1, players=2, deck=canonical).zones()
    with pytest.raises(SetupError, match="bad stacked deck"):
        GAME.new(players=2, deck=["1X", *canonical[1:]])
    with pytest.raises(SetupError, match="unknown card"):
        stacked_deck(["AS 2S 3S 1X", "2H 3H 4H 5H"])


def test_views_never_show_cards_a_seat_has_not_seen_and_from_view_keeps_them():
    state = started(A3, B3, C3, draws="KC QD",
                    then="0:draw, 0:discard, -1:timeout, 0:peek 1.0, 0:skip")
    seen = {(o, s) for o in range(3) for s in range(4) if card(state, ALICE, o, s)}
    assert seen == {(ALICE, 2), (ALICE, 3), (BOB, 0)}
    rebuilt = GAME.from_view(state.view(ALICE), random.Random(5))
    assert rebuilt.view(ALICE) == state.view(ALICE)
    assert rebuilt.zones()["grid1"][0] == "5H"  # a card Alice knows stays put
    others = {GAME.from_view(state.view(ALICE), random.Random(k)).zones()["grid1"][1] for k in range(8)}
    assert len(others) > 1  # cards she has not seen are dealt at random


def face_up(state, viewer: int | None, owner: int) -> list[bool]:
    return [cell["up"] for cell in state.view(viewer)["grids"][owner] if cell is not None]


def test_views_say_which_cards_lie_face_up_for_their_seat_now():
    """Cards lie face down even when known (a memory game) but in the moments the rules show
    them: the bottom row until ready, an ability's peeks, a failed try, the final reveal."""
    state = play(lobby(A3, B3, draws="KC 4C"), "1:join, 0:start")
    assert face_up(state, ALICE, ALICE) == [False, False, True, True]
    assert face_up(state, BOB, ALICE) == [False] * 4 and face_up(state, None, ALICE) == [False] * 4
    state = state.apply(ALICE, "ready")
    assert face_up(state, ALICE, ALICE) == [False] * 4 and face_up(state, BOB, BOB) == [False, False, True, True]
    assert card(state, ALICE, ALICE, 2) == "7S"  # still known
    state = play(state, "1:ready, 0:draw, 0:discard, -1:timeout, 0:peek 1.0")
    view = state.view(ALICE)
    assert view["ability"] == {"owner": ALICE, "card": "KC", "peeks_left": 1, "peeked": [[BOB, 0]]}
    assert face_up(state, ALICE, BOB) == [True, False, False, False]
    assert face_up(state, BOB, BOB) == [False] * 4
    state = state.apply(ALICE, "skip")
    assert face_up(state, ALICE, BOB) == [True, False, False, False]  # until the ability ends
    state = state.apply(ALICE, "skip")
    assert face_up(state, ALICE, BOB) == [False] * 4 and state.view(ALICE)["ability"] is None
    state = play(state, "1:draw, 1:discard, 0:match 1")  # 6S on the 4C: shown to everyone
    for viewer in (None, ALICE, BOB):
        assert face_up(state, viewer, ALICE) == [False, True, False, False, False]
    state = play(state, "-1:timeout, 0:check, 1:draw, 1:discard, 1:pass")
    assert state.is_over()  # the final reveal: every card face up for everyone
    assert all(all(face_up(state, viewer, seat)) for viewer in (None, ALICE, BOB) for seat in (ALICE, BOB))


def test_views_carry_positions_seats_to_act_and_grid_sizes():
    state = started(A3, B3, C3, draws="4C", then="0:draw, 0:discard")
    view = state.view(BOB)
    assert view["to_act"] == [ALICE, BOB, CAROL, CLOCK] and view["seat"] == BOB
    assert [cell["pos"] for cell in view["grids"][CAROL]] == ["2.0", "2.1", "2.2", "2.3"]
    assert view["hand_sizes"] == [4, 4, 4]
    state = state.apply(CAROL, "match 0")  # 9D on the 4C: a penalty card
    assert state.view(None)["hand_sizes"] == [4, 4, 5]
    assert state.view(None)["log"][-1] == {
        "kind": "miss", "seat": CAROL, "text": "{0} tried 9D on 4C: wrong rank, penalty card", "seats": [CAROL],
        "parts": {"card": "9D", "top": "4C"}}


def test_a_record_replays_the_king_on_king_game():
    state = started("5S 6S 7S 8S", "KH 6H 7H 8H", C3, draws="KC",
                    then="0:draw, 0:discard, 1:match 0, 1:skip, 1:skip, 0:skip")
    replayed = Record.from_json(Record.from_state(state).to_json()).replay()
    assert replayed == state
