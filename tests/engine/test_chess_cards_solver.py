"""The Chess Cards exact solver against an independent brute-force minimax.

The reference below (``brute_value``) knows nothing of the solver: it walks the game tree through
the public engine API only (``state.to_act``, ``state.legal_actions``, ``state.apply``) and reads
a finished game's score difference from ``state.finished[-1]`` (the engine's own record of how
the game ended). It memoizes on a key of the state's public fields that decides the rest of the
game: hands, each seat's last played card (replayed once a hand is empty), sacrifice counts
(a mate's multiplier), move number, leader, pending lead, game number.

Small positions come from seeded random playouts of seeded deals, stopped once both hands hold at
most a few cards, for every combination of the options Queen's Privilege and Sacrifices. The
solver's value must equal the reference exactly, and its play must be legal and reach that value.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chess_cards_helpers import GAME, deal, mostly_plain, play, run
from engine import IllegalAction
from engine.chess_cards_solver import INF, Solver, analyze, solve, solve_steps
from support import playout

OPTION_COMBOS = [
    pytest.param(privilege, sacrifice, id=f"privilege={privilege}-sacrifice={sacrifice}")
    for privilege in (True, False)
    for sacrifice in (True, False)
]

#: The rule text's mate values; the suit is irrelevant.
VALUES = {"Q": 11, "R": 10, "B": 4, "N": 3, "P": 7}


# --- the reference -------------------------------------------------------------------------------


def position_key(state) -> tuple:
    """Everything the rest of the current game depends on, from public state fields."""
    return (
        state.game_number,
        state.hands,
        tuple(pile[-1] if pile else None for pile in state.played),
        tuple(len(pile) for pile in state.sacrificed),
        state.move_number,
        state.leader,
        state.lead,
    )


def outcome(state, seat: int, action, memo: dict) -> int:
    """Score difference of the current game for ``seat`` after ``action``, best play after it."""
    after = state.apply(seat, action)
    if len(after.finished) > len(state.finished):  # this game ended (a match may go on)
        game = after.finished[-1]
        return game.scores[seat] - game.scores[1 - seat]
    value = brute_value(after, memo)
    return value if after.to_act()[0] == seat else -value


def brute_value(state, memo: dict | None = None) -> int:
    """Plain minimax over every legal action: the current game's score difference for the seat
    to act, with best play by both."""
    memo = {} if memo is None else memo
    key = position_key(state)
    if key not in memo:
        seat = state.to_act()[0]
        memo[key] = max(outcome(state, seat, action, memo) for action in state.legal_actions(seat))
    return memo[key]


# --- positions -----------------------------------------------------------------------------------


def endgame(seed: int, cards: int, **options: Any):
    """A seeded deal played at random until both hands hold at most ``cards`` cards; ``None``
    when the game ended before. Half the turns play without a sacrifice, so positions mix hands
    of different sizes and sacrifice counts."""
    resolved = {"privilege": True, "sacrifice": True, "match": False}
    resolved.update(options)
    # Each size its own games. Hands shrink at a reply, so the first small position is a lead:
    # half the time take one more play to stop at a reply instead.
    seed = seed * 7919 + cards
    one_more = random.Random(seed).random() < 0.5
    small = None
    for state in playout("chess-cards", seed, mostly_plain(0.5), options=resolved):
        if state.is_over():
            return None
        if small is not None:  # unless that play ended the game (a match deals the next)
            return state if state.game_number == small.game_number else None
        if resolved["match"] and state.game_number == 1 and seed % 2:
            continue  # odd seeds of a match: reach the second game first
        if max(len(hand) for hand in state.hands) <= cards:
            if state.lead is not None or not one_more:
                return state
            small = state
    return None


def endgames(count: int, cards: int, **options: Any) -> Iterator:
    found = 0
    for seed in range(10 * count):
        state = endgame(seed, cards, **options)
        if state is not None:
            found += 1
            yield state
            if found == count:
                return
    raise AssertionError(f"only {found} of {count} endgames reached")  # pragma: no cover


def cards_for(sacrifice: bool) -> int:
    # With sacrifices a turn has up to n * (n - 1) more plays: 3-card hands keep the brute force
    # fast; without, 4-card hands.
    return 3 if sacrifice else 4


#: (cards per hand at most, positions) checked against the brute force per option combination.
SIZES = {True: [(3, 120), (4, 30), (5, 6)], False: [(4, 100), (5, 30), (6, 8)]}


# --- exact value against the brute force -------------------------------------------------------


@pytest.mark.parametrize("privilege, sacrifice", OPTION_COMBOS)
def test_solve_equals_brute_force_on_endgames(privilege: bool, sacrifice: bool):
    phases = set()
    positions = [state for cards, count in SIZES[sacrifice]
                 for state in endgames(count, cards, privilege=privilege, sacrifice=sacrifice)]
    for state in positions:
        memo: dict = {}
        expected = brute_value(state, memo)
        value, action = solve(state)
        where = f"{state.view(None)['hands']} lead={state.view(None)['lead']} seed={state.seed}"
        assert value == expected, where
        seat = state.to_act()[0]
        assert action in state.legal_actions(seat), where
        assert outcome(state, seat, action, memo) == expected, f"{action} does not reach the value: {where}"
        phases.add(state.view(None)["phase"])
    assert phases == {"lead", "reply"}, "the endgames should cover leads and replies"


@pytest.mark.parametrize("privilege, sacrifice", OPTION_COMBOS)
def test_solve_with_a_fresh_table_and_from_a_json_view(privilege: bool, sacrifice: bool):
    """The value does not depend on what the shared table holds, nor on rebuilding the position
    from a JSON view (how the bots see it)."""
    for state in endgames(8, cards_for(sacrifice), privilege=privilege, sacrifice=sacrifice):
        expected = brute_value(state)
        from_view = GAME.from_view(json.loads(json.dumps(state.view(state.to_act()[0]))))
        assert solve(from_view)[0] == expected
        assert solve(state, Solver(privilege, sacrifice))[0] == expected


@pytest.mark.parametrize("privilege, sacrifice", OPTION_COMBOS)
def test_solver_line_played_to_the_end_scores_the_value(privilege: bool, sacrifice: bool):
    """Both seats following the solver from an endgame score exactly the value it announced."""
    for state in endgames(10, cards_for(sacrifice) + 1, privilege=privilege, sacrifice=sacrifice):
        seat = state.to_act()[0]
        value, _ = solve(state)
        while not state.is_over():
            mover = state.to_act()[0]
            state = state.apply(mover, solve(state)[1])
        scores = state.finished[-1].scores
        assert scores[seat] - scores[1 - seat] == value


@pytest.mark.parametrize("sacrifice", [True, False])
def test_solve_in_a_match_values_the_current_game_only(sacrifice: bool):
    """In a match (game 1 or game 2) the value is the current game's score difference."""
    games = set()
    for state in endgames(12, cards_for(sacrifice), sacrifice=sacrifice, match=True):
        assert solve(state)[0] == brute_value(state)
        games.add(state.game_number)
    assert games == {1, 2}


def test_brute_force_reaches_hand_picked_positions():
    """The rule text's bishop mate on move 7 (4 x (7 + 1) = 32 after one sacrifice) is one line
    of this position; the solver and the reference agree on what best play is worth."""
    state = play(deal("bQ bR bB bN bP rB yB wB wQ wR"),
                 "0:bQ 1:yQ 0:bR 1:yR 0:bN 1:wN 0:bP 1:wP 0:rB 1:rN 0:yB 1:yN")
    assert state.move_number == 7
    expected = brute_value(state)
    assert expected >= 32  # the text's line is available, so best play does at least as well
    value, action = solve(state)
    assert value == expected
    assert outcome(state, 0, action, {}) == expected


# --- errors, slices, analysis ---------------------------------------------------------------------


@pytest.mark.parametrize("match", [False, True])
def test_solve_refuses_a_finished_game(match: bool):
    state = GAME.new(seed=3, options={"match": match})
    rng = random.Random(3)
    while not state.is_over():
        seat = state.to_act()[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    with pytest.raises(IllegalAction, match="finished"):
        solve(state)
    with pytest.raises(IllegalAction, match="finished"):
        next(solve_steps(state))


def test_solve_steps_with_a_tiny_budget_yields_then_gives_the_solve_answer():
    state = endgame(12, 6, sacrifice=False)
    assert state is not None
    # A fresh table: nothing known yet.
    yields, (value, action) = run(solve_steps(state, 50, Solver(True, False)))
    assert yields >= 3
    expected_value, expected_action = solve(state)
    assert value == expected_value == brute_value(state)
    seat = state.to_act()[0]
    assert action in state.legal_actions(seat)
    # Equal-valued plays may be named differently by differently filled tables; the play must
    # still be a best one.
    assert outcome(state, seat, action, {}) == value


def test_solve_steps_resumes_with_a_larger_budget_than_needed_without_yielding():
    state = endgame(5, 3, sacrifice=True)
    assert state is not None
    thinking = solve_steps(state, 10**9, Solver(True, True))
    with pytest.raises(StopIteration) as done:
        next(thinking)
    assert done.value.value[0] == brute_value(state)


@pytest.mark.parametrize("privilege, sacrifice", OPTION_COMBOS)
def test_analyze_loss_is_zero_for_best_moves_and_exact_for_bad_ones(privilege: bool, sacrifice: bool):
    bad_seen = 0
    for state in endgames(10, cards_for(sacrifice), privilege=privilege, sacrifice=sacrifice):
        seat = state.to_act()[0]
        memo: dict = {}
        best = brute_value(state, memo)
        actions = state.legal_actions(seat)
        report = analyze([(state, seat, action) for action in actions])
        assert len(report) == len(actions)
        for action, entry in zip(actions, report, strict=True):
            played = outcome(state, seat, action, memo)
            assert entry["seat"] == seat and entry["action"] == str(action)
            assert entry["best_value"] == best
            assert entry["played_value"] == played
            assert entry["loss"] == best - played >= 0
            assert (entry["loss"] == 0) == (played == best)
            best_play = GAME.parse_action(state, entry["best"])
            assert outcome(state, seat, best_play, memo) == best
            bad_seen += entry["loss"] > 0
    assert bad_seen, "some endgame should offer a losing move"


def test_analyze_a_line_with_a_deliberate_blunder():
    """The 110 position one move early: seat 0 leads on move 9 and mates with the black queen on
    move 10; leading the queen now instead throws the mate away."""
    state = deal("bQ bR bN rQ rB rP yQ yB wQ wB", sacrifice=False)
    state = play(state, "0:bR 1:bB 0:bN 1:bP 0:rQ 1:rR 0:rB 1:rN 0:yQ 1:yR "
                        "0:yB 1:yN 0:wQ 1:wR 0:wB 1:wN")
    assert state.move_number == 9 and state.to_act() == (0,)
    memo: dict = {}
    best = brute_value(state, memo)
    losses = {}
    for action in state.legal_actions(0):
        (entry,) = analyze([(state, 0, action)])
        losses[str(action)] = entry["loss"]
        assert entry["loss"] == best - outcome(state, 0, action, memo)
    assert losses["rP"] == 0  # the rule text's line: then bQ mates on move 10 for 110
    assert best == 110
    assert min(losses.values()) == 0 and max(losses.values()) > 0
    # A whole line: the best lead, the forced reply, then the mate.
    steps = []
    line = state
    for token in "0:rP 1:yP 0:bQ".split():
        seat, text = token.split(":")
        action = GAME.parse_action(line, text)
        steps.append((line, int(seat), action))
        line = line.apply(int(seat), action)
    report = analyze(steps)
    assert [entry["loss"] for entry in report] == [0, 0, 0]
    assert [entry["played_value"] for entry in report] == [110, -110, 110]


# --- mate scores from the rule text ----------------------------------------------------------------


def rule_text_score(piece: str, move: int, sacrifices: int) -> int:
    """'value of the mating card x (number of the move + cards sacrificed) x overmate bonus'; a
    multiplier above 10 is overmate by the excess, and the bonus is that excess plus one."""
    multiplier = move + sacrifices
    bonus = multiplier - 10 + 1 if multiplier > 10 else 1
    return VALUES[piece] * multiplier * bonus


# Seat 0 has sacrificed n cards, has no card left in hand and replays the black queen on move 10;
# seat 1 keeps only the white pawn, which cannot answer it (the rule text's overmate table).
MATE_IN_ONE = {
    0: ("bQ bR bN rQ rB rP yQ yB wQ wB",
        "0:bR 1:bB 0:bN 1:bP 0:rQ 1:rR 0:rB 1:rN 0:yQ 1:yR 0:yB 1:yN 0:wQ 1:wR 0:wB 1:wN "
        "0:rP 1:yP", 110),
    1: ("bQ bB bP rQ rB rP yQ yB wQ wB",
        "0:bB 1:bN 0:rQ 1:rR 0:rB 1:rN 0:yQ 1:yR 0:yB 1:yN 0:wQ 1:wR 0:wB 1:wN "
        "0:rP 1:yP 0:(bP)bQ 1:bR", 242),
    2: ("bQ bN rQ rB yQ yB wQ wB rP yP",
        "0:bN 1:bP 0:rQ 1:rR 0:rB 1:rN 0:yQ 1:yR 0:yB 1:yN 0:wQ 1:wR 0:(rP)wB 1:wN "
        "0:(yP)bQ 1:bR 0:bQ 1:bB", 396),
    3: ("bQ rQ rB yQ yB wQ wB bP rP yP",
        "0:rQ 1:rR 0:rB 1:rN 0:yQ 1:yR 0:yB 1:yN 0:(bP)wQ 1:wR 0:(rP)wB 1:wN "
        "0:(yP)bQ 1:bR 0:bQ 1:bB 0:bQ 1:bN", 572),
    4: ("bQ rQ rB yQ yB wQ rP yP wB wN",
        "0:rQ 1:rR 0:rB 1:rN 0:(rP)yQ 1:yR 0:(yP)yB 1:yN 0:(wB)wQ 1:wR "
        "0:(wN)bQ 1:bR 0:bQ 1:bB 0:bQ 1:bN 0:bQ 1:bP", 770),
    5: ("bQ rR yQ yB wQ rN rP yP wB wN",
        "0:(rN)rR 1:rB 0:(rP)yQ 1:yR 0:(yP)yB 1:yN 0:(wB)wQ 1:wR "
        "0:(wN)bQ 1:bR 0:bQ 1:bB 0:bQ 1:bN 0:bQ 1:bP 0:bQ 1:rQ", 990),
}


@pytest.mark.parametrize("match", [False, True], ids=["single", "match"])
@pytest.mark.parametrize("sacrifices", sorted(MATE_IN_ONE))
def test_mate_in_one_value_is_the_rule_text_score(sacrifices: int, match: bool):
    dealer, script, text_score = MATE_IN_ONE[sacrifices]
    state = play(deal(dealer, match=match), script)
    assert state.move_number == 10 and state.to_act() == (0,)
    assert len(state.sacrificed[0]) == sacrifices
    assert rule_text_score("Q", 10, sacrifices) == text_score
    value, action = solve(state)
    assert value == text_score
    assert str(action) in {"bQ", "bQ*"}
    assert value == brute_value(state)


def test_mate_in_one_value_at_a_reply_is_negative_for_the_replier():
    """Seat 1 answers seat 0's lead on move 9 in the 110 position: whatever it does, seat 0
    mates on move 10, so the reply is worth -110 to seat 1."""
    state = deal("bQ bR bN rQ rB rP yQ yB wQ wB", sacrifice=False)
    state = play(state, "0:bR 1:bB 0:bN 1:bP 0:rQ 1:rR 0:rB 1:rN 0:yQ 1:yR "
                        "0:yB 1:yN 0:wQ 1:wR 0:wB 1:wN 0:rP")
    assert state.to_act() == (1,)
    value, action = solve(state)
    assert value == -rule_text_score("Q", 10, 0) == -110
    assert str(action) in {"yP", "wP"}  # either pawn answers; the other is mated


def test_a_large_table_is_emptied_when_a_new_deal_starts(monkeypatch: pytest.MonkeyPatch):
    """Memory stays bounded over many deals, and a later position of the same deal keeps it."""
    import engine.chess_cards_solver as solver_module

    monkeypatch.setattr(solver_module, "MAX_TABLE_ENTRIES", 10)
    solver = Solver(privilege=True, sacrifice=False)
    options = {"sacrifice": False, "match": False}
    first = GAME.new(seed=1, options=options)
    solve(first, solver)
    filled = len(solver.table)
    assert filled > 10
    seat = first.to_act()[0]
    later = first.apply(seat, first.legal_actions(seat)[0])
    solve(later, solver)
    assert len(solver.table) >= filled, "a position of the same deal must keep the table"
    solve(GAME.new(seed=2, options=options), solver)
    fresh = Solver(privilege=True, sacrifice=False)
    solve(GAME.new(seed=2, options=options), fresh)
    assert len(solver.table) == len(fresh.table), "the old deal's positions were kept"


def test_a_large_table_is_kept_for_earlier_positions_and_the_next_game_of_a_match(
        monkeypatch: pytest.MonkeyPatch):
    """The analysis of a finished game goes back to its first position after the game's last
    search, and game 2 of a match deals the same hands exchanged: both belong to the deal, so
    what the table proved answers them without a search."""
    import engine.chess_cards_solver as solver_module

    monkeypatch.setattr(solver_module, "MAX_TABLE_ENTRIES", 10)
    solver = Solver(privilege=True, sacrifice=False)
    first = GAME.new(seed=1, options={"sacrifice": False, "match": True})
    value, _ = solve(first, solver)
    assert len(solver.table) > 10
    state = first
    for _ in range(3):  # a few plays in, as the game's later searches
        seat = state.to_act()[0]
        state = state.apply(seat, state.legal_actions(seat)[0])
    solve(state, solver)
    assert solve(first, solver)[0] == value
    assert solver.nodes == 0, "the first position was searched again: the table was emptied"
    while state.game_number == 1:  # on to game 2: the same hands, exchanged
        seat = state.to_act()[0]
        state = state.apply(seat, state.legal_actions(seat)[0])
    assert state.game_number == 2 and state.move_number == 1
    # Game 1's first lead (seat 0's hand against seat 1's) is game 2's: seat 1 now holds that
    # hand and leads.
    assert solve(state, solver)[0] == value
    assert solver.nodes == 0, "game 2's first position was searched again"


def test_a_small_table_is_kept_across_deals():
    solver = Solver(privilege=True, sacrifice=False)
    options = {"sacrifice": False, "match": False}
    solve(GAME.new(seed=1, options=options), solver)
    filled = len(solver.table)
    solve(GAME.new(seed=2, options=options), solver)
    assert len(solver.table) > filled


# --- the position key: a mate's multiplier follows from the hand ----------------------------------


def test_multiplier_is_ten_minus_the_cards_held_while_a_hand_is_not_empty():
    """Why the solver's key holds neither the move number nor the sacrifice counts while a hand
    holds cards: a seat with cards has played one card per move and put out the rest, so
    move number + its sacrifices is 11 minus its cards before it plays this move (10 minus them
    after), and a mate's multiplier is 10 minus the cards the mater holds after the mating lead.
    Only a seat with an empty hand needs its multiplier (and last card) in the key: there the
    multiplier keeps growing with the move number."""
    options = {"privilege": True, "sacrifice": True, "match": False}
    mates = {"from a hand": 0, "from an empty hand": set()}
    for seed in range(400):
        before = None
        for state in playout("chess-cards", seed, mostly_plain(0.5), options=options):
            if not state.is_over():
                for seat in (0, 1):
                    if state.hands[seat]:
                        played = len(state.played[seat]) == state.move_number  # led this move
                        expected = (10 if played else 11) - len(state.hands[seat])
                        assert state.move_number + len(state.sacrificed[seat]) == expected
            elif state.finished[-1].details["mate"] is not None:
                mate = state.finished[-1].details["mate"]
                seat = mate["seat"]
                if before.hands[seat]:
                    assert mate["multiplier"] == 10 - len(state.hands[seat])
                    mates["from a hand"] += 1
                else:
                    assert mate["multiplier"] > 10
                    mates["from an empty hand"].add(mate["multiplier"])
            before = state
    assert mates["from a hand"] > 100
    assert len(mates["from an empty hand"]) >= 2, "an empty hand's multiplier varies"


# --- reference values: an independent solver's ---------------------------------------------------------

#: Values computed by the baseline solver (``bench/chess_cards_solver_v1.py``), regenerated by
#: ``bench/chess_cards_reference.py``: mid-game positions of seeded playouts (every option
#: combination) with the value of every legal action, and fresh deals with sacrifices on with
#: the baseline's best line to the end.
REFERENCE = json.loads((Path(__file__).parent / "data" / "chess_cards_reference.json").read_text())

#: The unit suite keeps to the quicker entries, by the baseline's time for each (``seconds``): up
#: to ``ROOT_UP_TO`` the value and best play are checked, up to ``ALL_ACTIONS_UP_TO`` every legal
#: action's value too. ``CHESS_CARDS_REFERENCE=all`` in the environment checks every entry fully
#: (several minutes).
EVERYTHING = os.environ.get("CHESS_CARDS_REFERENCE") == "all"
ROOT_UP_TO = INF if EVERYTHING else 12.0
ALL_ACTIONS_UP_TO = INF if EVERYTHING else 2.5


def replay(seed: int, options: dict, moves: list) -> Any:
    state = GAME.new(seed=seed, options=options)
    for seat, text in moves:
        state = state.apply(seat, text)
    return state


def value_of(state, seat: int, action, solver: Solver) -> int:
    """The current game's score difference for ``seat`` after it plays ``action`` (best play
    after it, by ``solver``)."""
    after = state.apply(seat, action)
    if len(after.finished) > len(state.finished):
        game = after.finished[-1]
        return game.scores[seat] - game.scores[1 - seat]
    value, _ = solve(after, solver)
    return value if after.to_act()[0] == seat else -value


def check_against_reference(state, value: int, actions: dict | None = None) -> None:
    """The solver's value is the reference value and its play reaches it (applied, then the
    position after it solved); with ``actions``, every legal action is worth its reference."""
    where = f"{state.view(None)['hands']} lead={state.view(None)['lead']} seed={state.seed}"
    solver = Solver(bool(state.options["privilege"]), bool(state.options["sacrifice"]))
    seat = state.to_act()[0]
    solved, best = solve(state, solver)
    assert solved == value, where
    assert best in state.legal_actions(seat), where
    assert value_of(state, seat, best, solver) == value, f"{best} does not reach {value}: {where}"
    if actions is not None:
        found = {str(action): value_of(state, seat, action, solver)
                 for action in state.legal_actions(seat)}
        assert found == actions, where


@pytest.mark.parametrize("privilege, sacrifice", OPTION_COMBOS)
def test_midgame_values_equal_the_reference(privilege: bool, sacrifice: bool):
    options = {"privilege": privilege, "sacrifice": sacrifice, "match": False}
    entries = [entry for entry in REFERENCE["positions"] if entry["options"] == options]
    assert len(entries) >= 20
    checked = every_action = 0
    for entry in entries:
        if entry["seconds"] > ROOT_UP_TO:
            continue
        state = replay(entry["seed"], options, entry["moves"])
        cheap = entry["seconds"] <= ALL_ACTIONS_UP_TO
        check_against_reference(state, entry["value"], entry["actions"] if cheap else None)
        checked += 1
        every_action += cheap
    assert checked >= len(entries) - 5 and every_action >= len(entries) - 10


#: Plies of the baseline's best line played before a fresh deal is checked (the reply of move
#: 2): much quicker to solve than the deal, with most of the game still ahead.
LINE_PLIES = 3


@pytest.mark.parametrize("privilege", [True, False], ids=["privilege", "no-privilege"])
def test_fresh_deal_lines_equal_the_reference(privilege: bool):
    """Every stored fresh deal (sacrifices on), a few moves down the baseline's best line."""
    deals = [fresh for fresh in REFERENCE["deals"] if fresh["options"]["privilege"] == privilege]
    assert len(deals) >= 20
    for fresh in deals:
        line = fresh["line"]
        assert line[0][2] == fresh["value"] and line[0][1] == fresh["best"]
        plies = min(LINE_PLIES, len(line) - 1)  # a short line ends in an early mate
        state = replay(fresh["seed"], fresh["options"], [move[:2] for move in line[:plies]])
        seat, _, value = line[plies]
        assert state.to_act() == (seat,)
        check_against_reference(state, value)


@pytest.mark.parametrize("privilege", [True, False], ids=["privilege", "no-privilege"])
def test_a_whole_fresh_deal_equals_the_reference(privilege: bool):
    """One whole fresh deal with sacrifices per privilege setting (the baseline's smallest), or
    every one with ``CHESS_CARDS_REFERENCE=all``."""
    deals = [fresh for fresh in REFERENCE["deals"] if fresh["options"]["privilege"] == privilege]
    for fresh in deals if EVERYTHING else [min(deals, key=lambda fresh: fresh["table"])]:
        check_against_reference(GAME.new(seed=fresh["seed"], options=fresh["options"]), fresh["value"])


def test_solve_steps_in_small_slices_with_sacrifices_equals_the_reference():
    """The guided search (the cheap model's value, then null windows) resumes across slices."""
    entry = max((entry for entry in REFERENCE["positions"]
                 if entry["options"]["sacrifice"] and entry["seconds"] <= ALL_ACTIONS_UP_TO),
                key=lambda entry: entry["seconds"])
    state = replay(entry["seed"], entry["options"], entry["moves"])
    solver = Solver(entry["options"]["privilege"], True)
    yields, (value, action) = run(solve_steps(state, 300, solver))
    assert yields >= 5
    assert value == entry["value"]
    assert entry["actions"][str(action)] == value


def test_the_guide_table_is_emptied_with_the_solver_table(monkeypatch: pytest.MonkeyPatch):
    """With sacrifices the solver keeps a second, cheap solver (its guide): a new deal that
    empties the exact table empties the guide's too, so memory stays bounded."""
    import engine.chess_cards_solver as solver_module

    quick = sorted((entry for entry in REFERENCE["positions"]
                    if entry["options"] == {"privilege": True, "sacrifice": True, "match": False}),
                   key=lambda entry: (entry["seconds"] > 0.3, -len(entry["actions"])))
    first, second = (replay(entry["seed"], entry["options"], entry["moves"]) for entry in quick[:2])
    assert first.seed != second.seed
    solver = Solver(privilege=True, sacrifice=True)
    solve(first, solver)
    # A limit the exact table passes and the guide's does not: the guide goes because the exact
    # table went.
    limit = len(solver.guide().table)
    assert 10 < limit < len(solver.table)
    monkeypatch.setattr(solver_module, "MAX_TABLE_ENTRIES", limit)
    solve(second, solver)
    fresh = Solver(privilege=True, sacrifice=True)
    solve(second, fresh)
    assert len(solver.table) == len(fresh.table)
    assert len(solver.guide().table) == len(fresh.guide().table), "the old deal's guide was kept"


def test_no_slice_searches_more_than_its_budget_with_sacrifices(monkeypatch: pytest.MonkeyPatch):
    """The guide and the null-window searches share each slice's node budget (a slice that
    overran would make the page stutter)."""
    import engine.chess_cards_solver as solver_module

    searched = [0]  # positions searched by the solver and its guide together

    class Counting(Solver):
        @property
        def nodes(self) -> int:
            return self.__dict__.get("_count", 0)

        @nodes.setter
        def nodes(self, value: int) -> None:
            if value == self.nodes + 1:
                searched[0] += 1
            self.__dict__["_count"] = value

    monkeypatch.setattr(solver_module, "Solver", Counting)  # the guide is one too
    entry = next(entry for entry in REFERENCE["positions"]
                 if entry["options"]["sacrifice"] and 0.5 < entry["seconds"] <= ALL_ACTIONS_UP_TO)
    state = replay(entry["seed"], entry["options"], entry["moves"])
    budget = 400
    thinking = solve_steps(state, budget, Counting(entry["options"]["privilege"], True))
    slices = []
    while True:
        before = searched[0]
        try:
            next(thinking)
        except StopIteration as done:
            value = done.value[0]
            break
        slices.append(searched[0] - before)
    assert value == entry["value"]
    assert len(slices) >= 5
    # Each slice stops at the first position past its budget.
    assert max(slices) == budget + 1
