"""Check! bots: legal everywhere, memory (easy forgets), Check calls, abilities, matching, the
reaction delays, and no bot reading a face-down card it has not seen.

Bots decide through ``support.decide``: the JSON view of their seat (plain JSON only), the legal
actions and a seeded ``random.Random``, with a budget generous enough that hard always runs its
full, seeded search.
"""

from __future__ import annotations

import copy
import random

import pytest

from check_helpers import play, started
from engine import CLOCK, GAMES
from engine.bots import get_bot, levels
from engine.bots.check import SearchBot, reaction_ms, remember
from engine.check import CallCheck, Match, Pass, Phase
from support import decide

GAME = GAMES["check"]
LEVELS = levels("check")
RULE_LEVELS = ("easy", "medium")


def bot_game(level_by_seat: list[str], seed: int, max_actions: int = 2000):
    """A seeded game of bots; in a matching window the quickest matching bot plays first."""
    state = GAME.new(seed=seed, players=len(level_by_seat))
    states = [state]
    while not state.is_over():
        assert len(state.history) < max_actions, "a bots' game did not end"
        if state.phase is Phase.MATCHING:
            seats = [seat for seat in state.to_act() if seat != CLOCK]
            chosen = {seat: decide(level_by_seat[seat], state, seat, seed) for seat in seats}
            for seat, action in chosen.items():
                assert action in state.legal_actions(seat)
            matches = sorted((reaction_ms(level_by_seat[s]), s) for s, a in chosen.items()
                             if isinstance(a, Match))
            state = state.apply(matches[0][1], chosen[matches[0][1]]) if matches else state.apply(CLOCK, "timeout")
        else:
            seat = state.to_act()[0]
            action = decide(level_by_seat[seat], state, seat, seed)
            assert action in state.legal_actions(seat), f"{level_by_seat[seat]} chose {action}"
            state = state.apply(seat, action)
        states.append(state)
    return states


# --- levels and delays --------------------------------------------------------------------------


def test_levels_weakest_first_and_quicker_as_they_get_stronger():
    assert LEVELS == ("random", "easy", "medium", "hard")
    assert reaction_ms("easy") > reaction_ms("medium") > reaction_ms("hard")
    assert get_bot("check", "hard").reaction_ms == reaction_ms("hard")
    assert all(reaction_ms(level) < 5000 for level in LEVELS)  # inside the default window


@pytest.mark.parametrize("seed", range(3))
def test_rule_levels_play_whole_games_with_legal_actions(seed: int):
    states = bot_game(["easy", "medium", "easy", "medium"][: 2 + seed], seed)
    assert states[-1].is_over() and states[-1].result().winners


def test_hard_plays_a_whole_game_against_medium():
    states = bot_game(["hard", "medium"], 3)
    assert states[-1].is_over()


# --- memory, Check, abilities, matching -------------------------------------------------------


def test_easy_forgets_some_old_memories_that_medium_keeps():
    states = bot_game(["medium", "medium", "medium"], 5)
    late = [s for s in states if s.phase is Phase.TURN and s.turns >= 8]
    assert late, "the game was too short to test forgetting"
    forgotten = 0
    for state in late:
        for seat in range(3):
            full = remember(state, seat, forgets=False).known
            easy = remember(state, seat, forgets=True).known
            assert set(easy) <= set(full)
            forgotten += len(full) - len(easy)
    assert forgotten > 0


def test_medium_and_hard_call_check_with_a_low_known_hand():
    state = started("AS AH 2S 2H", "10H JH QH KH", draws="KC 9C",
                    then="0:draw, 0:discard, -1:timeout, 0:peek 0.0, 0:peek 0.1, 0:skip, "
                         "1:draw, 1:discard, -1:timeout")
    assert decide("medium", state, 0) == CallCheck()
    for seed in range(2):
        assert decide("hard", state, 0, seed=seed) == CallCheck()  # searched, and it pays


def test_bots_do_not_call_check_on_an_unknown_high_hand():
    state = started("KS QS JS 10S", "AH 2H 3H 4H")
    for level in RULE_LEVELS:
        assert decide(level, state, 0) != CallCheck()


def test_a_bot_matches_a_card_it_remembers_and_passes_otherwise():
    state = started("5S 6S 7S 8S", "5H 6H 7H 8H", draws="7C", then="0:draw, 0:discard")
    assert decide("medium", state, 1) == Match(2)  # it looked at its 7H in the bottom row
    assert decide("medium", state, 0) == Match(2)
    state = started("5S 6S 7S 8S", "5H 6H 7H 8H", draws="5C", then="0:draw, 0:discard")
    assert decide("medium", state, 1) == Pass()  # its 5H is face down and unknown


def test_king_peeks_at_own_unknown_cards_then_gives_away_a_high_card():
    state = started("5S 6S KD QD", "5H 6H 7H 8H", draws="KC", then="0:draw, 0:discard, -1:timeout")
    assert str(decide("medium", state, 0)) == "peek 0.0"
    state = play(state, "0:peek 0.0, 0:peek 0.1")
    action = str(decide("medium", state, 0))
    assert action.startswith("swap 0.2 1.") , action  # its King (13) goes to Bob


def test_hard_does_not_hand_over_a_king_queen_or_jack_it_holds():
    """Issue 30: hard's King handed the person a Queen, which the person soon replaced and
    discarded, for a peek and a swap that took hard's Ace. Here seat 0 knows its KD and QD
    (bottom row) and resolves a King's swap: medium gives its King away (13 points off its
    total); hard keeps its King and Queen to discard for their abilities itself."""
    state = started("5S 6S KD QD", "5H 6H 7H 8H", draws="KC",
                    then="0:draw, 0:discard, -1:timeout, 0:peek 0.0, 0:peek 0.1")
    handing = {str(action) for action in state.legal_actions(0)
               if str(action).startswith(("swap 0.2 1.", "swap 0.3 1."))}
    assert str(decide("medium", state, 0)) in handing  # the rules of thumb alone do hand it over
    for seed in range(3):
        assert str(decide("hard", state, 0, seed=seed)) not in handing


def closing_in():
    """Issue 30: hard sat on a 23-point grid while the person matched down to one card and
    called Check. Here seat 0 learns its grid (10S 9D 2H 2C, 23 points: a King's two peeks),
    while seat 1 matches three cards away (4C, 7H, 8D) and keeps a lone Ace it knows; seat 1
    has just discarded a 5H, and the next draw is a Jack."""
    return started(
        "10S 9D 2H 2C", "7H 8D 4C AS", draws="KC QC 4S QD 7C 3D 8S 5H JS",
        then="0:draw, 0:discard, -1:timeout, 0:peek 0.0, 0:peek 0.1, 0:skip, "
             "1:draw, 1:discard, -1:timeout, 1:peek 1.0, 1:skip, "
             "0:draw, 0:discard, 1:match 2, "
             "1:draw, 1:discard, -1:timeout, 1:peek 1.1, 1:skip, "
             "0:draw, 0:discard, 1:match 0, "
             "1:draw, 1:discard, -1:timeout, "
             "0:draw, 0:discard, 1:match 1, "
             "1:draw, 1:discard, -1:timeout")


def test_hard_facing_a_one_card_hand_plays_for_points_and_never_calls_check():
    """Seat 1 will call Check next turn. Calling Check on 23 points loses for sure; so does
    putting the 5H over a 2. Hard takes the 5H over its 10S (five points off) or draws, for a
    King, Queen or Jack to swap its 10S onto the lone card (the only way back into the round)."""
    state = closing_in()
    assert state.scores() == (23, -1) and state.hand_size(1) == 1 and state.turn == 0
    assert CallCheck() in state.legal_actions(0)
    for seed in range(3):
        assert str(decide("hard", state, 0, seed=seed)) in ("take 0", "draw")


def test_hard_swaps_a_high_card_onto_a_one_card_hand_with_a_jack():
    """Seat 1 will call Check on its next turn: a Jack's blind swap that hands it the 10S or
    the 9D for its lone card is the one move that changes the count by ten points or more."""
    state = play(closing_in(), "0:draw, 0:discard, -1:timeout")
    assert state.phase is Phase.ABILITY and str(state.stack[-1].card) == "JS"
    for seed in range(3):
        assert str(decide("hard", state, 0, seed=seed)) in ("swap 0.0 1.3", "swap 0.1 1.3")


# --- no cheating --------------------------------------------------------------------------------


def live_positions(seed: int):
    return [s for s in bot_game(["medium", "easy", "medium"], seed) if not s.is_over()]


@pytest.mark.parametrize("level", RULE_LEVELS)
def test_rule_bots_never_read_a_face_down_card(level: str):
    """The rule levels are deterministic; their rng only deals the cards they cannot see. So
    any change of decision with the rng would mean they read a face-down card."""
    checked = 0
    for state in live_positions(11)[::3]:
        for seat in [s for s in state.to_act() if s != CLOCK]:
            decisions = {str(decide(level, state, seat, seed)) for seed in range(4)}
            assert len(decisions) == 1, f"{level} at {state.phase}: {decisions}"
            checked += 1
    assert checked > 20



def test_hard_rollout_settles_a_matching_window_as_the_seats_would_one_by_one():
    """The search's rollout settles a matching window in one step; asking the seats in turn
    (the shared rollout's way) must leave the same cards in the same places."""
    hard = get_bot("check", "hard")
    assert isinstance(hard, SearchBot)
    windows = [state for state in bot_game(["medium", "medium", "medium"], 2)
               if state.phase is Phase.MATCHING and not state.is_over()]
    assert windows
    for state in windows:
        quick = copy.copy(hard)
        quick.rollout_limit = quick.final_limit = 1
        seen: list = []
        quick.evaluate = seen.append  # type: ignore[method-assign,assignment]
        quick.rollout(state, random.Random(0))
        slow = state
        while slow.phase is Phase.MATCHING:
            seat = slow.to_act()[0]
            slow = slow._apply(seat, hard.policy.choose(slow, seat, slow.legal_actions(seat))
                               if seat != CLOCK else slow.legal_actions(CLOCK)[0])
        assert (seen[0].grids, seen[0].discard, seen[0].phase, seen[0].turn) == \
            (slow.grids, slow.discard, slow.phase, slow.turn)
