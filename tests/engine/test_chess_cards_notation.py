"""Chess Cards notation and records.

Notation (the rule text's scoresheet, and the engine docstring): a play is its card, suit in
lowercase and piece in uppercase (``rR`` red rook, ``yB`` yellow bishop), preceded by the
sacrificed card in brackets and followed by ``*`` for Queen's Privilege. The scoresheet marks ``#``
(mate) and ``!`` (one per overmate unit) may follow and are ignored.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chess_cards_helpers import ALL, GAME, OPTIONS, SEEDS, deal, play
from engine import IllegalAction, InvalidNotation, Record, SetupError
from engine.chess_cards import stacked_deck
from support import playout, refuse


def playout_states(seed: int, options: dict) -> list:
    """Every state of a seeded random game (a whole match when ``match`` is on)."""
    return list(playout("chess-cards", seed, options=options))


# --- str(action) and parsing --------------------------------------------------------------------

# Seat 0 holds the black queen and the white pawn (among others).
DEALER = "bQ bR bB bN bP rN yN wN wB wP"


def test_notation_of_plays():
    state = deal(DEALER)
    texts = {str(action) for action in state.legal_actions(0)}
    assert {"bQ", "bQ*", "wP", "(wP)bQ", "(wP)bQ*", "(bQ)wP", "(bR)bN"} <= texts
    assert "(wP)wP" not in texts
    assert not any(text.endswith("*") and not text.endswith("Q*") for text in texts)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("bQ", "bQ"),
        ("bq", "bQ"),
        ("BQ", "bQ"),
        ("Bq", "bQ"),
        ("  bQ  ", "bQ"),
        ("bQ*", "bQ*"),
        ("bQ *", "bQ*"),
        ("bq*", "bQ*"),
        ("(wP)bQ*", "(wP)bQ*"),
        ("(wp)bq*", "(wP)bQ*"),
        ("(WP)BQ*", "(wP)bQ*"),
        ("( wP ) bQ *", "(wP)bQ*"),
        ("(wP) bQ", "(wP)bQ"),
        ("bQ#", "bQ"),
        ("bQ!", "bQ"),
        ("bQ!!!!!", "bQ"),
        ("bQ#!!", "bQ"),
        ("bQ*#", "bQ*"),
        ("(wP)bQ*!!", "(wP)bQ*"),
        ("bQ #", "bQ"),
        ("wn", "wN"),
        ("RB", "rB"),
        ("yb", "yB"),
    ],
)
def test_lenient_parsing(text: str, expected: str):
    action = GAME.parse_action(deal(DEALER), text)
    assert str(action) == expected
    assert action == GAME.parse_action(deal(DEALER), expected)


def test_applying_lenient_text_equals_applying_the_action():
    state = deal(DEALER)
    by_text = state.apply(0, " ( wp ) BQ * #")
    by_action = state.apply(0, GAME.parse_action(state, "(wP)bQ*"))
    assert by_text.view(None) == by_action.view(None)
    assert by_text.history == by_action.history
    assert by_text.view(None)["lead"] == "(wP)bQ*"


@pytest.mark.parametrize(
    "text",
    [
        "", "   ", "zz", "bX", "xQ", "Qb", "bQQ", "b Q", "bK", "bQ**", "bQ-", "bQ rR", "()bQ",
        "(bQ", "bQ)", "(wP)", "(wP)(wN)bQ", "((wP))bQ", "(xx)bQ", "(wP)bZ", "*bQ", "#bQ",
        "bQ#*", "b", "1", "queen", "bQ\nrR", "[wP]bQ",
    ],
)
def test_garbage_raises_invalid_notation_naming_the_text(text: str):
    state = deal(DEALER)
    with pytest.raises(InvalidNotation) as info:
        GAME.parse_action(state, text)
    assert repr(text) in str(info.value) or (text.strip() and text in str(info.value))
    refuse(state, 0, text)  # InvalidNotation is an IllegalAction


def test_invalid_notation_is_an_illegal_action():
    assert issubclass(InvalidNotation, IllegalAction)
    with pytest.raises(IllegalAction, match="nonsense"):
        deal(DEALER).apply(0, "nonsense")


def test_well_formed_but_illegal_text_is_illegal_not_invalid():
    state = deal(DEALER)
    with pytest.raises(IllegalAction) as info:
        state.apply(0, "rQ")  # a real card, not in seat 0's hand
    assert not isinstance(info.value, InvalidNotation)
    assert "rQ" in str(info.value) and "seat 0" in str(info.value)


# --- round trips over many positions ------------------------------------------------------------


def check_round_trip(state) -> int:
    checked = 0
    for seat in state.to_act():
        for action in state.legal_actions(seat):
            text = str(action)
            assert GAME.parse_action(state, text) == action
            assert GAME.parse_action(state, text.lower()) == action
            assert GAME.parse_action(state, text.upper()) == action
            assert GAME.parse_action(state, f"  {text.replace(')', ') ')}  #") == action
            checked += 1
    return checked


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, options=OPTIONS)
def test_every_legal_action_round_trips(seed: int, options: dict[str, bool]):
    for state in playout_states(seed, options):
        check_round_trip(state)
        for seat in state.to_act():
            actions = state.legal_actions(seat)
            action = actions[len(actions) // 2]
            by_text = state.apply(seat, str(action))
            by_action = state.apply(seat, action)
            assert by_text.view(None) == by_action.view(None)
            assert by_text.history == by_action.history


def test_round_trip_in_many_seeded_positions():
    checked = 0
    for seed in range(40):
        for state in playout_states(seed, {"privilege": True, "sacrifice": True, "match": True}):
            checked += check_round_trip(state)
    assert checked > 10_000


# --- records ------------------------------------------------------------------------------------

OVERMATE_DEALER = "bQ rR yQ yB wQ rN rP yP wB wN"
OVERMATE_SCRIPT = (
    "0:(rN)rR 1:rB 0:(rP)yQ 1:yR 0:(yP)yB 1:yN 0:(wB)wQ 1:wR "
    "0:(wN)bQ 1:bR 0:bQ 1:bB 0:bQ 1:bN 0:bQ 1:bP 0:bQ 1:rQ 0:bQ"
)


def test_record_of_a_stacked_match_round_trips():
    state = play(deal(OVERMATE_DEALER, match=True), OVERMATE_SCRIPT + " 1:bQ")
    record = Record.from_state(state)
    data = json.loads(record.to_json())
    assert set(data) == {"game", "seed", "players", "options", "deck", "moves"}
    assert data["game"] == "chess-cards"
    assert data["players"] == 2
    assert data["options"] == {"privilege": True, "sacrifice": True, "match": True}
    dealer = OVERMATE_DEALER.split()
    assert data["deck"] == list(stacked_deck(dealer, [c for c in ALL if c not in dealer]))
    expected_moves = [[int(token[0]), token[2:]] for token in (OVERMATE_SCRIPT + " 1:bQ").split()]
    assert data["moves"] == expected_moves
    again = Record.from_json(record.to_json())
    assert again == record
    replayed = again.replay()
    assert replayed.view(None) == state.view(None)
    assert replayed.history == state.history
    assert replayed.view(None)["finished"][0]["details"]["mate"]["score"] == 990
    assert not replayed.is_over()
    assert replayed.view(None)["game_number"] == 2
    assert replayed.view(None)["lead"] == "bQ"  # seat 1 led game 2; seat 0 replies
    assert replayed.to_act() == (0,)


def test_record_replays_lenient_notation():
    state = deal(DEALER)
    record = Record.from_state(state)
    text = json.dumps({**json.loads(record.to_json()), "moves": [[0, " ( wp ) BQ * "]]})
    replayed = Record.from_json(text).replay()
    assert replayed.view(None)["lead"] == "(wP)bQ*"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, options=OPTIONS, cut=st.floats(min_value=0, max_value=1))
def test_seeded_records_replay_exactly(seed: int, options: dict[str, bool], cut: float):
    states = playout_states(seed, options)
    for state in (states[int(cut * (len(states) - 1))], states[-1]):
        record = Record.from_state(state)
        assert record.deck is None and record.seed == seed
        again = Record.from_json(record.to_json())
        assert again == record
        replayed = again.replay()
        assert replayed.view(None) == state.view(None)
        assert replayed.history == state.history
        assert replayed.is_over() == state.is_over()
        assert replayed.result() == state.result()


def test_replaying_an_illegal_move_names_the_move_number():
    state = play(deal(DEALER), "0:bQ 1:rQ")  # seat 1 holds queens, no black card
    data = json.loads(Record.from_state(state).to_json())
    data["moves"].append([1, "yQ"])  # seat 0 holds the initiative: not seat 1's turn
    with pytest.raises(IllegalAction, match=r"record move 3.*seat 1"):
        Record.from_json(json.dumps(data)).replay()
    data["moves"][-1] = [0, "zz"]
    with pytest.raises(InvalidNotation, match=r"record move 3.*zz"):
        Record.from_json(json.dumps(data)).replay()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "{",
        "[]",
        "42",
        "null",
        '{"game": "chess-cards"}',
        '{"game": "chess-cards", "seed": 1, "players": 2}',
        '{"game": "chess-cards", "seed": 1, "players": 2, "moves": "bQ"}',
        '{"game": "chess-cards", "seed": 1, "players": 2, "moves": [["0", "bQ"]]}',
        '{"game": "chess-cards", "seed": 1, "players": 2, "moves": [[0]]}',
        '{"game": "chess-cards", "seed": 1, "players": 2, "moves": [], "deck": "bQ"}',
        '{"game": "chess-cards", "seed": 1, "players": 2, "moves": [], "deck": [1, 2]}',
        '{"game": "chess-cards", "seed": 1, "players": 2, "moves": [], "options": ["match"]}',
        '{"game": "chess-cards", "seed": 1, "players": 2, "moves": [], "options": "match"}',
    ],
)
def test_record_from_bad_json_raises_setup_error(text: str):
    with pytest.raises(SetupError, match="not a game record"):
        Record.from_json(text)


@pytest.mark.parametrize("key, value", [("seed", "x"), ("seed", 1.5), ("players", True), ("players", "2")])
def test_record_with_a_seed_or_player_count_that_is_no_whole_number_is_refused(key, value):
    data = {"game": "chess-cards", "seed": 1, "players": 2, "moves": [], key: value}
    with pytest.raises(SetupError, match=f"{key} must be a whole number"):
        Record.from_json(json.dumps(data))


@pytest.mark.parametrize(
    "data, pattern",
    [
        ({"game": "chess", "seed": 1, "players": 2, "moves": []}, "unknown game"),
        ({"game": "chess-cards", "seed": 1, "players": 3, "moves": []}, "players"),
        ({"game": "chess-cards", "seed": 1, "players": 2, "moves": [], "options": {"x": 1}}, "unknown option"),
        ({"game": "chess-cards", "seed": 1, "players": 2, "moves": [], "deck": ALL[:19]}, "20"),
    ],
)
def test_record_with_a_bad_setup_raises_setup_error_on_replay(data, pattern):
    record = Record.from_json(json.dumps(data))
    with pytest.raises(SetupError, match=pattern):
        record.replay()
