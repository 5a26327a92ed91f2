"""What a step showed a seat (``engine.knowledge.reveals``) and how far a takeback goes
(``undo_point``), in all five games.

Scenarios come from stacked decks: for each hidden-information game a step that shows a seat a
card it could not see (a draw, a bot's card from its hand, a flipped board card, a peek) and one
that shows it nothing new. Seeded random playouts then check the definition against each game's
own idea of a new card, that the answers are reproducible, that ``undo_point`` never goes back
past a revealing step, and that the states ``determinize`` deals show the seat its own view.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from typing import Any

import pytest

import engine.knowledge as knowledge
from check_helpers import started
from checkmate_helpers import deal as checkmate_deal
from engine import CLOCK, GAMES, State
from engine.checks import stacked_deck as checks_deck
from engine.chess_cards import stacked_deck as chess_cards_deck
from engine.knowledge import UNDO_NONE, UNDO_OVER, reveals, undo_point
from engine.playing_cards import ACE
from engine.private_checkers import stacked_deck as private_checkers_deck
from private_checkers_helpers import position
from support import playout, random_actor

# --- helpers ------------------------------------------------------------------------------------


def steps(start: State, script: Iterable[tuple[int, str]]) -> list[State]:
    """Every state from the deal (``start`` replayed from its game's start, when it has a
    history) to the state after each ``(seat, notation)`` of ``script``: the list
    ``undo_point`` takes, ``states[ply]`` after ``ply`` actions."""
    states = [start]
    if start.history:
        states = [start.game.new(seed=start.seed, players=start.players,
                                 options=dict(start.options), deck=start.deck)]
        for seat, action in start.history:
            states.append(states[-1].apply(seat, action))
        assert states[-1] == start
    for seat, text in script:
        states.append(states[-1].apply(seat, text))
    return states


def shown(states: list[State], ply: int, seat: int) -> bool:
    """Whether step ``ply`` (from ``states[ply]`` to ``states[ply + 1]``) revealed to ``seat``."""
    acting, action = states[ply + 1].history[ply]
    return reveals(states[ply], acting, action, states[ply + 1], seat)


def script(text: str) -> list[tuple[int, str]]:
    """``"1:KS>1; 0:2H>2"`` as ``(seat, notation)`` pairs."""
    pairs = []
    for token in text.split(";"):
        seat, notation = token.strip().split(":", 1)
        pairs.append((int(seat), notation.strip()))
    return pairs


def refused_by(ply: int, seat: int, notation: str) -> str:
    who = "the clock" if seat == CLOCK else f"seat {seat}"
    return f"move {ply} by {who}, {notation}, showed you something you could not know before"


# --- Checks -------------------------------------------------------------------------------------


def checks_start():
    """Seat 1 (the non-dealer, first to move) holds KS 5H 4D (total 9), seat 0 holds 2H 3H 6C;
    pile 6's upcard 9C is worth 9; the refill deck starts with 8D."""
    deck = checks_deck(["KS 5H 4D"], ["2H 3H 6C"], ["AC", "5D", "QH", "2C", "KD", "9C"], ["8D"])
    return GAMES["checks"].new(seed=0, deck=deck)


def test_checks_a_card_played_from_a_hand_is_news_to_the_other_seat_only():
    states = steps(checks_start(), script("1:KS>1; 0:2H>2"))
    assert not shown(states, 0, 1)  # seat 1 held KS
    assert shown(states, 0, 0)  # seat 0 could not see seat 1's hand
    assert not shown(states, 1, 0)
    assert shown(states, 1, 1)


def test_checks_a_cash_shows_the_hand_to_the_other_seat_and_the_refill_to_both():
    states = steps(checks_start(), script("1:cash 6"))
    assert states[1].view(0)["log"][-1]["shown"] == ["KS", "5H", "4D"]
    assert shown(states, 0, 0)
    assert shown(states, 0, 1)  # the refill 8D came face up from the deck


def test_checks_undo_goes_back_over_own_harmless_plays_only():
    states = steps(checks_start(), script("1:KS>1; 0:2H>2"))
    assert undo_point(states, 0) == (1, "")
    # Seat 1's takeback would also undo seat 0's 2H, which seat 1 has seen come out of a hand.
    assert undo_point(states, 1) == (-1, refused_by(2, 0, "2H>2"))
    assert undo_point(states[:2], 1) == (0, "")
    assert undo_point(states[:2], 0) == (-1, UNDO_NONE)


# --- Checkmate ----------------------------------------------------------------------------------


def test_checkmate_a_draw_shows_the_drawer_a_card():
    # Seat 0 deals and opens 7C; seat 1 follows with 8C; seat 0 holds nothing that goes on
    # 8C and draws the fan's first card 2H, which does not go on it either.
    start = checkmate_deal(["7C 2S 3S 4S 5S 6S 9S 10S QS JS", "8C"], stock="2H")
    states = steps(start, script("0:7C; 1:8C; 0:draw 1"))
    assert states[3].view(0)["log"][-1] == {"kind": "draw", "seat": 0, "card": "2H"}
    assert shown(states, 2, 0)
    # The other seat learns something too: seat 0 had no card for 8C, or it could not draw.
    assert shown(states, 2, 1)
    assert undo_point(states, 0) == (-1, refused_by(3, 0, "draw 1"))


def test_checkmate_own_play_is_no_news_a_play_from_a_hidden_hand_is():
    start = checkmate_deal(["7C 2S 3S 4S 5S 6S 9S 10S QS JS", "8C"])
    states = steps(start, script("0:7C; 1:8C"))
    assert not shown(states, 0, 0)
    assert shown(states, 0, 1)
    assert shown(states, 1, 0)  # 8C came out of seat 1's hidden hand
    assert undo_point(states[:2], 0) == (0, "")
    assert undo_point(states, 0) == (-1, refused_by(2, 1, "8C"))


def test_checkmate_a_king_everyone_saw_handed_over_is_no_news_when_played():
    # Seat 0 opens the Ace of hearts; seat 1, the only one with a King, must give it (KH).
    start = checkmate_deal(["AH 7H 2S 3S 4S 5S 6S 9S 10S QS", "KH 5H"])
    states = steps(start, script("0:AH; 1:give KH; 1:5H; 0:KH"))
    assert shown(states, 0, 0)  # the Ace showed who holds a King
    assert states[2].view(1)["known"][0] == ["KH"]
    assert not shown(states, 3, 1)  # seat 1 knew seat 0 held KH
    assert shown(states, 2, 0)


# --- Saving Private Checkers ---------------------------------------------------------------------

#: Light's 26 cards in deck order: squares 0..15 (a1 c1 e1 g1 b2 ... h4) then the stockpile. d4
#: (square 13) holds the black 2S; the stockpile holds KS.
LIGHT = ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2S AS 3S "
         "4S 5S 6S 7S 8S 9S 10S JS QS KS").split()
#: Dark's 26 cards: squares 16..31 (a5 c5 ... h8) then the stockpile; a5 holds the red AD.
DARK = ("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC 2C 3C "
        "4C 5C 6C 7C 8C 9C 10C JC QC KC").split()


def private_checkers_start():
    return GAMES["private-checkers"].new(seed=0, deck=private_checkers_deck(LIGHT, DARK))


def test_private_checkers_a_landing_that_turns_a_card_shows_it_to_everyone():
    states = steps(private_checkers_start(), script("0:c3-d4; 0:discard KS; 1:b6-a5"))
    assert states[1].view(1)["squares"][13]["card"] == "2S"
    assert shown(states, 0, 0) and shown(states, 0, 1)
    assert shown(states, 2, 0) and shown(states, 2, 1)  # a5's AD turned up


def test_private_checkers_a_discard_is_news_to_the_other_side_only():
    states = steps(private_checkers_start(), script("0:c3-d4; 0:discard KS"))
    assert not shown(states, 1, 0)  # Light knew its stockpile and saw the 2S turn up
    assert shown(states, 1, 1)
    # Light may choose its discard again, but not take back the landing that turned the 2S.
    assert undo_point(states, 0) == (1, "")
    assert undo_point(states[:2], 0) == (-1, refused_by(1, 0, "c3-d4"))
    assert undo_point(states, 1) == (-1, UNDO_NONE)


def test_private_checkers_a_landing_on_a_face_up_card_shows_nothing():
    start = position({"c3": "M", "h8": "m"}, cards={"d4": "9H"}, up=["d4"])
    states = steps(start, script("0:c3-d4"))
    assert not shown(states, 0, 0) and not shown(states, 0, 1)
    assert undo_point(states, 0) == (0, "")


# --- Check! -------------------------------------------------------------------------------------

ALICE, BOB = 0, 1


def check_start(draws: str):
    """Alice's grid 5S 6S 7S 8S (she looked at 7S 8S), Bob's 5H 6H 7H 8H; ``draws`` on top of
    the draw pile. Everyone has joined, the game started and both seats looked."""
    return started("5S 6S 7S 8S", "5H 6H 7H 8H", draws=draws)


def test_check_a_draw_a_discard_and_a_peek_show_what_each_seat_could_not_see():
    start = check_start("KC")
    states = steps(start, [(ALICE, "draw"), (ALICE, "discard"), (CLOCK, "timeout"),
                           (ALICE, "peek 1.0"), (ALICE, "peek 0.2")])
    draw, discard, timeout, peek, own_peek = range(len(start.history), len(states) - 1)
    # The draw: Alice sees KC, Bob only that she holds a card.
    assert shown(states, draw, ALICE) and not shown(states, draw, BOB)
    # The discard: Bob sees KC now; Alice knew it.
    assert not shown(states, discard, ALICE) and shown(states, discard, BOB)
    # The clock closes the matching window: nothing to see.
    assert not shown(states, timeout, ALICE) and not shown(states, timeout, BOB)
    # The King's peek at Bob's top-left card shows it to Alice alone...
    assert states[peek + 1].view(ALICE)["grids"][BOB][0]["card"] == "5H"
    assert shown(states, peek, ALICE) and not shown(states, peek, BOB)
    # ...a peek at her own bottom row card she already knew shows her nothing.
    assert not shown(states, own_peek, ALICE) and not shown(states, own_peek, BOB)
    assert undo_point(states, ALICE) == (own_peek, "")
    assert undo_point(states[:own_peek + 1], ALICE) == (-1, refused_by(peek + 1, ALICE, "peek 1.0"))


def test_check_the_deal_shows_each_seat_its_bottom_row():
    lobby = GAMES["check"].new(seed=1, players=2)
    states = steps(lobby, [(BOB, "join"), (ALICE, "start"), (ALICE, "ready")])
    assert not shown(states, 0, ALICE) and not shown(states, 0, BOB)
    assert shown(states, 1, ALICE) and shown(states, 1, BOB)
    assert not shown(states, 2, ALICE)  # looking done: the cards stay in her memory
    assert undo_point(states, ALICE) == (2, "")
    assert undo_point(states[:3], ALICE) == (-1, refused_by(2, ALICE, "start"))


def test_check_a_takeback_goes_back_over_passes_and_the_clock():
    start = check_start("9C")
    states = steps(start, [(ALICE, "draw"), (ALICE, "discard"), (BOB, "pass"), (CLOCK, "timeout")])
    draw, discard, bob_pass, timeout = range(len(start.history), len(states) - 1)
    assert undo_point(states, BOB) == (bob_pass, "")
    # Alice's last decision is her discard, and nothing since showed her anything; the draw
    # before it did.
    assert undo_point(states, ALICE) == (discard, "")
    assert undo_point(states[:discard + 1], ALICE) == (-1, refused_by(draw + 1, ALICE, "draw"))


# --- Chess Cards --------------------------------------------------------------------------------


def test_chess_cards_shows_nothing_and_always_goes_back():
    hands = ("bQ bR bB bN bP rQ rR rB rN rP".split(), "yQ yR yB yN yP wQ wR wB wN wP".split())
    start = GAMES["chess-cards"].new(seed=0, options={"match": False},
                                     deck=chess_cards_deck(*hands))
    states = steps(start, script("0:bQ; 1:yQ"))
    assert not any(shown(states, ply, seat) for ply in range(2) for seat in range(2))
    assert undo_point(states, 0) == (0, "")
    assert undo_point(states, 1) == (1, "")


# --- undo_point's edges -------------------------------------------------------------------------


def test_a_finished_game_takes_nothing_back():
    states = list(playout("chess-cards", 3, options={"match": False}))
    assert states[-1].is_over()
    assert undo_point(states, 0) == (-1, UNDO_OVER)
    assert undo_point(states[:-1], 0)[1] == ""


def test_undo_point_refuses_a_list_that_is_not_the_games_plies():
    states = steps(checks_start(), script("1:KS>1; 0:2H>2"))
    with pytest.raises(ValueError, match="one state per ply"):
        undo_point(states[1:], 0)
    with pytest.raises(ValueError, match="states"):
        undo_point([], 0)
    with pytest.raises(ValueError, match="seat 2"):
        shown(states, 0, 2)


def test_undo_point_works_out_only_the_steps_since_the_decision_and_only_once(monkeypatch):
    asked: list[tuple[int, int]] = []

    def counting(before, seat_acting, action, after, seat, **options):
        asked.append((len(before.history), seat))
        return reveals(before, seat_acting, action, after, seat, **options)

    monkeypatch.setattr(knowledge, "reveals", counting)
    monkeypatch.setattr(knowledge, "_ANSWERS", {})
    start = check_start("9C")
    states = steps(start, [(ALICE, "draw"), (ALICE, "discard"), (BOB, "pass"), (CLOCK, "timeout")])
    first = len(start.history)
    assert undo_point(states, BOB) == (first + 2, "")
    assert asked == [(first + 3, BOB), (first + 2, BOB)]  # newest first, back to Bob's pass
    assert undo_point(states, BOB) == (first + 2, "")
    assert len(asked) == 2  # the answers were kept
    asked.clear()
    assert undo_point(states, ALICE) == (first + 1, "")
    assert asked == [(first + 3, ALICE), (first + 2, ALICE), (first + 1, ALICE)]
    asked.clear()
    assert undo_point(states[:first + 2], ALICE) == (-1, refused_by(first + 1, ALICE, "draw"))
    assert asked == [(first, ALICE)]


# --- seeded playouts ----------------------------------------------------------------------------


def keeps_playing(state: State, seat: int, rng: random.Random):
    """Random play that calls Check! only late, so that a Check! playout sees turns, windows and
    abilities rather than ending at once."""
    actions = state.legal_actions(seat)
    later = [action for action in actions if str(action) != "check"]
    return rng.choice(later if later and len(state.history) < 60 else actions)


#: (game, seed, players, options, plies): short seeded playouts of every game.
PLAYOUTS = [
    ("checks", 4, 2, {"games": 3}, 60),
    ("checkmate", 5, 3, {}, 50),
    ("private-checkers", 6, 2, {"kings": True, "queens": True, "footmen": True, "assassins": True}, 50),
    ("check", 7, 3, {}, 55),
    ("chess-cards", 8, 2, {"match": True}, 40),
]


def seeded_states(game_id: str, seed: int, players: int, options: dict[str, Any], plies: int):
    game = GAMES[game_id]
    deck = list(game.deck_cards(players, game.resolve_options(options)))
    random.Random(seed).shuffle(deck)
    return list(itertools.islice(
        playout(game_id, seed, keeps_playing, players=players, options=options, deck=deck,
                actor=random_actor(seed)), plies + 1))


@pytest.fixture(scope="module", params=PLAYOUTS, ids=[entry[0] for entry in PLAYOUTS])
def played(request):
    """A seeded playout and, per step and seat, whether the step revealed something to it."""
    states = seeded_states(*request.param)
    table = {(ply, seat): shown(states, ply, seat)
             for ply in range(len(states) - 1) for seat in range(states[0].players)}
    return states, table


def test_reveals_answers_the_same_every_time(played):
    states, table = played
    for (ply, seat), answer in table.items():
        if ply % 5 == 0:
            assert shown(states, ply, seat) is answer, (ply, seat)


def test_undo_point_never_goes_back_past_a_revealing_step(played):
    states, table = played
    for now in range(len(states)):
        for seat in range(states[0].players):
            point, reason = undo_point(states[:now + 1], seat)
            mine = [ply for ply, (actor, _) in enumerate(states[now].history) if actor == seat]
            if states[now].is_over():
                assert (point, reason) == (-1, UNDO_OVER)
            elif not mine:
                assert (point, reason) == (-1, UNDO_NONE)
            elif point >= 0:
                assert point == mine[-1] and reason == ""
                assert not any(table[ply, seat] for ply in range(point, now))
            else:
                newest = max(ply for ply in range(mine[-1], now) if table[ply, seat])
                actor, action = states[now].history[newest]
                assert reason == refused_by(newest + 1, actor, str(action))


def test_a_perfect_information_game_reveals_nothing(played):
    states, table = played
    if GAMES[states[0].game_id].perfect_information:
        assert not any(table.values())
    else:
        assert any(table.values()) and not all(table.values())


def test_determinized_states_show_the_seat_its_own_view(played):
    states, _ = played
    game = GAMES[states[0].game_id]
    for ply, state in enumerate(states[::4]):
        for seat in range(state.players):
            view = state.view(seat)
            for sample in range(2):
                world = game.determinize(state, seat, random.Random(f"{ply}:{sample}"))
                assert world.view(seat) == view, (ply, seat)
                # reveals builds the view once and deals from it again and again: from_view must
                # leave the view it is given as it was.
                if not game.perfect_information:
                    game.from_view(view, random.Random(sample))
                    assert view == state.view(seat)


def visible_cards(view: dict[str, Any]) -> set[str]:
    """Every card name a Saving Private Checkers or Check! view shows its seat."""
    if view["game"] == "private-checkers":
        cards = {square["card"] for square in view["squares"]} | set(view["discards"])
        cards |= {card for pile in view["stockpiles"] if pile for card in pile}
    else:
        cards = {cell["card"] for grid in view["grids"] for cell in grid if cell}
        cards |= {view["discard_top"], view["drawn"]}
        cards |= {view["last_try"][2]} if view["last_try"] else set()
    return cards - {None}


def test_the_definition_agrees_with_each_games_idea_of_a_new_card(played):
    """Every hidden thing of Saving Private Checkers and Check! is a card, so a step reveals
    exactly when it shows the seat a card name it could not see before. In Checks a seat's own
    move reveals exactly when it takes up new cards (its next half-trick, a new deal) or a cash
    turns a refill up; a move from the other hand always reveals. In Checkmate a seat's own play of
    a card that calls for no King, in the same deal, reveals nothing."""
    states, table = played
    game_id = states[0].game_id
    checked: list[bool] = []
    for (ply, seat), answer in table.items():
        before, after = states[ply], states[ply + 1]
        actor, action = after.history[ply]
        if game_id in ("private-checkers", "check"):
            new = visible_cards(after.view(seat)) - visible_cards(before.view(seat))
            assert answer is bool(new), (ply, seat, str(action), new)
        elif game_id == "checks" and actor == seat:
            # A cash empties the hand and turns a refill up while the deck lasts.
            cash = not hasattr(action, "card")
            old_hand = set() if cash else set(before.view(seat)["hand"]) - {str(action.card)}
            picked_up = not set(after.view(seat)["hand"]) <= old_hand
            refill = cash and before.view(seat)["deck_count"] > 0
            assert answer is (picked_up or refill), (ply, seat, str(action))
        elif game_id == "checks":
            assert answer, (ply, seat, str(action))
        elif (game_id == "checkmate" and actor == seat and type(action).__name__ == "Play"
              and action.card.rank != ACE and after.game_number == before.game_number
              and not after.is_over()):
            assert not answer, (ply, seat, str(action))
        else:
            continue
        checked.append(answer)
    # The playouts are long enough to see both answers where both are possible.
    expected = {"chess-cards": set(), "checkmate": {False}}.get(game_id, {False, True})
    assert set(checked) == expected
