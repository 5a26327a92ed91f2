"""Rules scenarios for Chess Cards (Lovett's MATE), from stacked decks.

Every sentence of the rule text (``seeds/003_...txt``) and every ruling in ``RULINGS.md``
("Chess Cards") is a requirement here; the worked numbers of the text (3, 110, 32, 36, 990 and the
overmate table) are reached through real games, and the expected values are written out as the
text gives them, never computed with the engine's own helpers.

Seats: seat 0 deals the first game and leads its first move; the stacked deck is built with
``stacked_deck(dealer_hand, other_hand)``. Scripts are written ``"0:bQ 1:(rP)bR ..."``: the
seat, a colon and the play in notation.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from chess_cards_helpers import ALL, GAME, OPTIONS, SEEDS, alternate, deal, mostly_plain, play
from engine import InvalidNotation, Record, SetupError
from engine.chess_cards import stacked_deck
from support import playout, refuse

#: Mating values from the rule text: queen 11, rook 10, bishop 4, knight 3, pawn 7, any suit.
VALUES = {"Q": 11, "R": 10, "B": 4, "N": 3, "P": 7}
SUITS = "bryw"  # highest first
PIECES = "QRBNP"  # highest first


# --- helpers ------------------------------------------------------------------------------------


def plain_plays(state, seat: int) -> set[str]:
    """Legal plays of ``seat`` without sacrifice or privilege, as notation."""
    return {text for text in map(str, state.legal_actions(seat)) if "(" not in text and "*" not in text}


def hand(state, seat: int) -> set[str]:
    return set(state.view(None)["hands"][seat])


def entry(number: int, leader: int, lead: str, reply: str | None) -> dict[str, Any]:
    """A move of the log (or of a finished game's ``details``): the leader's lead and the reply,
    or no reply when the lead gave mate."""
    return {"kind": "move" if reply is not None else "mate", "seat": leader, "number": number,
            "leader": leader, "lead": lead, "reply": reply}


def mate_of(state, game: int = 0) -> dict[str, Any]:
    mate = state.view(None)["finished"][game]["details"]["mate"]
    assert mate is not None, "expected the game to end in mate"
    return mate


# --- the deal -----------------------------------------------------------------------------------


def test_deck_order_packets_of_five_non_dealer_first():
    """'10 cards are dealt to each player in groups of 5': deck[0:5] and deck[10:15] go to the
    non-dealer (seat 1), deck[5:10] and deck[15:20] to the dealer (seat 0)."""
    state = GAME.new(seed=0, players=2, deck=ALL)
    assert hand(state, 1) == {"bQ", "bR", "bB", "bN", "bP", "yQ", "yR", "yB", "yN", "yP"}
    assert hand(state, 0) == {"rQ", "rR", "rB", "rN", "rP", "wQ", "wR", "wB", "wN", "wP"}
    view = state.view(None)
    assert view["dealer"] == 0
    assert state.to_act() == (0,)  # "The dealer opens"
    assert view["played"] == [[], []] and view["sacrificed"] == [[], []]
    assert view["move_number"] == 1


def test_deck_as_text_is_accepted():
    state = GAME.new(seed=0, players=2, deck=",".join(ALL))
    assert hand(state, 1) == {"bQ", "bR", "bB", "bN", "bP", "yQ", "yR", "yB", "yN", "yP"}
    state = GAME.new(seed=0, players=2, deck=" ".join(ALL))
    assert hand(state, 0) == {"rQ", "rR", "rB", "rN", "rP", "wQ", "wR", "wB", "wN", "wP"}


def test_stacked_deck_order():
    dealer = "bQ bR bB bN bP rQ rR rB rN rP".split()
    other = "yQ yR yB yN yP wQ wR wB wN wP".split()
    deck = stacked_deck(dealer, other)
    assert list(deck) == (
        "yQ yR yB yN yP bQ bR bB bN bP wQ wR wB wN wP rQ rR rB rN rP".split()
    )
    state = GAME.new(seed=0, players=2, deck=deck)
    assert hand(state, 0) == set(dealer)
    assert hand(state, 1) == set(other)


def test_stacked_deck_needs_ten_cards_each():
    with pytest.raises(SetupError, match="10"):
        stacked_deck(ALL[:9], ALL[9:19])


@pytest.mark.parametrize("seed", [0, 1, 2, 7, 123, 2**31 + 5])
def test_seeded_deal_is_deterministic_and_complete(seed: int):
    first = GAME.new(seed=seed, players=2)
    again = GAME.new(seed=seed, players=2)
    assert first.view(None) == again.view(None)
    hands = first.view(None)["hands"]
    assert len(hands[0]) == 10 and len(hands[1]) == 10
    assert len(set(hands[0])) == 10 and len(set(hands[1])) == 10
    assert set(hands[0]).isdisjoint(hands[1])
    assert sorted(hands[0] + hands[1]) == sorted(ALL)
    assert first.to_act() == (0,)


def test_different_seeds_give_different_deals():
    deals = {tuple(GAME.new(seed=seed, players=2).view(None)["hands"][0]) for seed in range(20)}
    assert len(deals) > 10


@pytest.mark.parametrize(
    "deck, why",
    [
        (ALL[:19], "19 cards"),
        (ALL + ["bQ"], "21 cards"),
        (ALL[:19] + ["bQ"], "a duplicate"),
        ([], "no cards"),
    ],
)
def test_bad_deck_sizes_and_duplicates(deck, why):
    with pytest.raises(SetupError, match="20"):
        GAME.new(seed=0, players=2, deck=deck)


@pytest.mark.parametrize("name", ["xZ", "bK", "Q", "bQQ", "7", "zz"])
def test_unknown_card_name_in_deck_is_a_setup_error(name: str):
    """A stacked deck naming a card that does not exist is a bad setup: SetupError (the contract:
    'Raises SetupError for ... a deck that is not a permutation of the game's cards'), with the
    offending name in the message."""
    deck = ALL[:19] + [name]
    with pytest.raises(SetupError) as info:
        GAME.new(seed=0, players=2, deck=deck)
    assert name in str(info.value)


@pytest.mark.parametrize(
    "kwargs, pattern",
    [
        ({"players": 1}, "players"),
        ({"players": 3}, "players"),
        ({"players": 0}, "players"),
        ({"players": "2"}, "players"),
        ({"seed": "7"}, "seed"),
        ({"seed": True}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"options": {"queens": True}}, "unknown option"),
        ({"options": {"privilege": "maybe"}}, "privilege"),
        ({"options": {"sacrifice": 2}}, "sacrifice"),
        ({"options": {"match": None}}, "match"),
    ],
)
def test_bad_setup_raises_setup_error(kwargs, pattern):
    arguments = {"seed": 0, "players": 2}
    arguments.update(kwargs)
    with pytest.raises(SetupError, match=pattern):
        GAME.new(**arguments)


def test_options_from_route_text_are_coerced():
    state = GAME.new(seed=3, players=2, options={"sacrifice": "off", "privilege": "0", "match": "no"})
    assert state.view(None)["options"] == {"sacrifice": False, "privilege": False, "match": False}
    assert all("(" not in str(a) and "*" not in str(a) for a in state.legal_actions(0))


def test_game_description():
    assert GAME.id == "chess-cards"
    assert GAME.min_players == 2 and GAME.max_players == 2
    defaults = {option.name: option.default for option in GAME.options}
    # RULINGS 4 and 5: Queen's Privilege and sacrifices default on; a match is the default game.
    assert defaults == {"privilege": True, "sacrifice": True, "match": True}


# --- the reply: follow suit, else match the piece, else mate -----------------------------------

# Seat 1 holds three red cards, so any red card answers a red lead, and nothing else does.
FOLLOW_OTHER = "rQ rN rP yR yP wQ wR wB bB bP"
FOLLOW_DEALER = "bQ bR bN rR rB yQ yB yN wN wP"


def test_reply_must_follow_suit_any_card_of_the_suit():
    state = play(deal(FOLLOW_DEALER, FOLLOW_OTHER), "0:rR")
    assert state.to_act() == (1,)
    assert plain_plays(state, 1) == {"rQ", "rN", "rP"}
    for card in ("rQ", "rN", "rP"):
        after = state.apply(1, card)
        assert after.view(None)["move_number"] == 2
        assert after.view(None)["played"] == [["rR"], [card]]


@pytest.mark.parametrize("card", ["yR", "bB", "wQ", "yP"])
def test_reply_off_suit_refused_while_holding_the_suit(card: str):
    """yR matches the piece, but seat 1 holds red cards: it must follow suit."""
    state = play(deal(FOLLOW_DEALER, FOLLOW_OTHER), "0:rR")
    error = refuse(state, 1, card, r"(?i)follow suit")
    assert "seat 1" in str(error) and card in str(error)


def test_reply_with_a_card_not_in_hand_refused():
    state = play(deal(FOLLOW_DEALER, FOLLOW_OTHER), "0:rR")
    refuse(state, 1, "rB", r"rB is not in seat 1's hand")
    refuse(state, 1, "rR", r"(?i)not in seat 1's hand")  # the led card itself


# Seat 1 has no yellow card: a yellow lead must be answered by the same piece.
PIECE_OTHER = "bR bB bP rQ rN rP wQ wR wB wN"
PIECE_DEALER = "bQ bN rR rB yQ yR yB yN yP wP"


@pytest.mark.parametrize(
    "lead, replies",
    [("yB", {"bB", "wB"}), ("yR", {"bR", "wR"}), ("yN", {"rN", "wN"}), ("yQ", {"rQ", "wQ"}), ("yP", {"bP", "rP"})],
)
def test_lacking_the_suit_the_reply_must_match_the_piece(lead: str, replies: set[str]):
    state = play(deal(PIECE_DEALER, PIECE_OTHER), f"0:{lead}")
    assert plain_plays(state, 1) == replies
    for card in sorted(hand(state, 1) - replies):
        refuse(state, 1, card, r"(?i)match the piece")


def test_lacking_suit_and_piece_is_mate_immediately_and_leader_scores():
    """Knight mate on the first move: 'Score = 3 x 1 = 3'."""
    state = deal("bQ bR bB bN bP rN yN wN wB wP")  # seat 1: no black card, no knight
    assert hand(state, 1) == {"rQ", "rR", "rB", "rP", "yQ", "yR", "yB", "yP", "wQ", "wR"}
    state = state.apply(0, "bN")
    assert state.is_over()
    assert state.to_act() == ()
    assert state.legal_actions(1) == () and state.legal_actions(0) == ()
    result = state.result()
    assert result.scores == (3, 0)
    assert result.winners == (0,)
    assert result.reason == ("mate: seat 0 led bN on move 1 and seat 1 has no card that may answer "
                             "it, so the game ends and seat 0 scores 3 points")
    view = state.view(None)
    assert view["log"] == [entry(1, 0, "bN", None)]
    game = view["finished"][0]
    assert game["scores"] == [3, 0] and game["winners"] == [0] and game["winner"] == 0
    assert game["reason"] == result.reason
    assert game["details"]["moves"] == [entry(1, 0, "bN", None)]
    assert game["details"]["mate"] == {
        "seat": 0, "card": "bN", "value": 3, "move": 1, "sacrifices": 0, "multiplier": 1,
        "overmate": 0, "bonus": 1, "score": 3, "marks": "",
    }


@pytest.mark.parametrize("card", ALL)
def test_value_table_suit_irrelevant(card: str):
    """Mate on move 1 with each of the 20 cards scores the piece value x 1:
    Queen=11 Rook=10 Bishop=4 Knight=3 Pawn=7, whatever the suit."""
    defenceless = [c for c in ALL if c[0] != card[0] and c[1] != card[1]]
    assert len(defenceless) == 12
    other = defenceless[:10]
    dealer = [c for c in ALL if c not in other]
    state = deal(" ".join(dealer), " ".join(other)).apply(0, card)
    assert state.is_over()
    expected = {"Q": 11, "R": 10, "B": 4, "N": 3, "P": 7}[card[1]]
    assert state.result().scores == (expected, 0)
    assert mate_of(state)["score"] == expected


def test_mate_on_move_one_after_a_sacrifice_doubles():
    """Multiplier = move number + cards sacrificed = 1 + 1: a rook scores 10 x 2 = 20."""
    state = deal("bQ bR bB bN bP rN yN wN wB wP")  # seat 1: rooks rR yR wR, no black
    state = state.apply(0, "(bQ)bR")
    assert not state.is_over()  # seat 1 holds rooks
    state = deal("bQ bR bB bN bP rR yR wR wB wP")  # seat 1: no black card, no rook
    state = state.apply(0, "(wP)bR")
    assert state.result().scores == (20, 0)
    assert mate_of(state)["multiplier"] == 2


# --- initiative ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "deal_cards, lead, reply, next_leader",
    [
        # Suit followed: the higher piece takes the initiative.
        ("suit", "rR", "rN", 0),  # the lead is the higher piece: the leader keeps it
        ("suit", "rR", "rP", 0),
        ("suit", "rR", "rQ", 1),  # the reply is the higher piece: the replier leads
        ("suit", "rB", "rQ", 1),
        ("suit", "rB", "rN", 0),
        # Piece matched: the higher suit takes it.
        ("piece", "yB", "bB", 1),  # the reply is the higher suit: the replier leads
        ("piece", "yB", "wB", 0),  # the lead is the higher suit: the leader keeps it
        ("piece", "yN", "rN", 1),
        ("piece", "yN", "wN", 0),
        ("piece", "yQ", "rQ", 1),
        ("piece", "yQ", "wQ", 0),
    ],
)
def test_initiative_goes_to_the_higher_piece_or_suit(deal_cards: str, lead: str, reply: str,
                                                     next_leader: int):
    dealer, other = {"suit": (FOLLOW_DEALER, FOLLOW_OTHER), "piece": (PIECE_DEALER, PIECE_OTHER)}[deal_cards]
    state = play(deal(dealer, other), f"0:{lead} 1:{reply}")
    assert state.to_act() == (next_leader,)
    assert state.view(None)["leader"] == next_leader
    assert state.view(None)["log"][0] == entry(1, 0, lead, reply)
    refuse(state, 1 - next_leader, sorted(hand(state, 1 - next_leader))[0], r"(?i)not that seat's turn")


def test_winner_of_the_initiative_leads_and_can_lead_anything():
    state = play(deal(FOLLOW_DEALER, FOLLOW_OTHER), "0:rR 1:rQ")
    assert state.to_act() == (1,)
    assert plain_plays(state, 1) == hand(state, 1)  # a lead is free: any card in hand
    refuse(state, 0, "bQ", r"(?i)seat 0.*not that seat's turn")
    state = state.apply(1, "wB")  # seat 0 holds white wN, wP only
    assert plain_plays(state, 0) == {"wN", "wP"}
    state = state.apply(0, "wN")
    assert state.to_act() == (1,)  # bishop over knight: seat 1 keeps leading
    assert state.view(None)["move_number"] == 3


# --- move numbers and the draw ------------------------------------------------------------------

DRAW_DEALER = "bQ bB bP rQ rB yQ yB yP wQ wB"
DRAW_OTHER = "bR bN rR rN rP yR yN wR wN wP"
DRAW_SCRIPT = [
    ("bQ", "bR"), ("bB", "bN"), ("rQ", "rR"), ("rB", "rN"), ("yQ", "yR"),
    ("yB", "yN"), ("wQ", "wR"), ("wB", "wN"), ("bP", "rP"), ("yP", "wP"),
]


def test_move_numbers_and_a_drawn_game_with_all_cards_played():
    """No mate once every card is played: a draw, and neither player scores."""
    state = deal(DRAW_DEALER, DRAW_OTHER)
    for number, (lead, reply) in enumerate(DRAW_SCRIPT, start=1):
        assert state.view(None)["move_number"] == number
        assert state.to_act() == (0,)
        state = state.apply(0, lead)
        assert state.view(None)["move_number"] == number  # a move is a lead and its reply
        assert state.view(None)["lead"] == lead
        assert state.to_act() == (1,)
        state = state.apply(1, reply)
        if number < 10:
            assert state.view(None)["log"][-1] == entry(number, 0, lead, reply)
    assert state.is_over()
    result = state.result()
    assert result.scores == (0, 0)
    assert result.winners == ()
    assert result.reason == "both hands are played out without a mate, so nobody scores"
    game = state.view(None)["finished"][0]
    assert game["details"]["mate"] is None
    assert game["scores"] == [0, 0]
    assert [move["number"] for move in game["details"]["moves"]] == list(range(1, 11))
    assert state.view(None)["hands"] == [[], []]


# --- scoring with the text's numbers ------------------------------------------------------------


def test_queen_mate_on_move_ten_scores_110():
    """'Mating with a Queen on the 10th move: Score = 11 x 10 = 110.'"""
    state = deal("bQ bR bN rQ rB rP yQ yB wQ wB")
    state = play(
        state,
        "0:bR 1:bB 0:bN 1:bP 0:rQ 1:rR 0:rB 1:rN 0:yQ 1:yR "
        "0:yB 1:yN 0:wQ 1:wR 0:wB 1:wN 0:rP 1:yP",
    )
    assert state.view(None)["move_number"] == 10
    assert hand(state, 1) == {"wP"}
    state = state.apply(0, "bQ")
    assert state.result().scores == (110, 0)
    assert mate_of(state) == {
        "seat": 0, "card": "bQ", "value": 11, "move": 10, "sacrifices": 0, "multiplier": 10,
        "overmate": 0, "bonus": 1, "score": 110, "marks": "",
    }


BISHOP_DEALER = "bQ bR bB bN bP rB yB wB wQ wR"  # seat 1: no black card and no bishop


@pytest.mark.parametrize(
    "script, sacrifices, score",
    [
        # 'Score = 4 x (7 + 1) = 32 for one card sacrificed'
        ("0:bQ 1:yQ 0:bR 1:yR 0:bN 1:wN 0:bP 1:wP 0:rB 1:rN 0:yB 1:yN 0:(wQ)bB", 1, 32),
        # 'Score = 4 x (7 + 2) = 36 for two cards sacrificed'
        ("0:(wR)bQ 1:yQ 0:bR 1:yR 0:bN 1:wN 0:bP 1:wP 0:rB 1:rN 0:yB 1:yN 0:(wQ)bB", 2, 36),
        # the opponent's sacrifices do not count for the mater
        ("0:bQ 1:yQ 0:bR 1:yR 0:bN 1:wN 0:bP 1:wP 0:rB 1:(rQ)rN 0:yB 1:(rR)yN 0:(wQ)bB", 1, 32),
        ("0:bQ 1:yQ 0:bR 1:yR 0:bN 1:wN 0:bP 1:wP 0:rB 1:rN 0:yB 1:yN 0:bB", 0, 28),
    ],
)
def test_bishop_mate_on_move_seven(script: str, sacrifices: int, score: int):
    state = play(deal(BISHOP_DEALER), script)
    assert state.is_over()
    assert state.result().scores == (score, 0)
    mate = mate_of(state)
    assert (mate["card"], mate["move"], mate["sacrifices"]) == ("bB", 7, sacrifices)
    assert mate["multiplier"] == 7 + sacrifices
    assert mate["overmate"] == 0 and mate["bonus"] == 1 and mate["marks"] == ""


# Overmate n: seat 0 sacrifices n cards, runs out of cards in hand by leading the black queen on
# move 10 - n, replays it on every later move and mates on move 10. Seat 1 answers the queen with
# black cards (and finally the red queen), and keeps the white pawn, which cannot answer it.
# Each entry: seat 0's (the dealer's) hand, the score, and the nine moves before the mate, seat
# 0's plays (a sacrificed card in brackets before the card played) against seat 1's answers.
OVERMATES = {
    1: ("bQ bB bP rQ rB rP yQ yB wQ wB", 242,  # 11 x (10 + 1) x 2
        alternate("bB rQ rB yQ yB wQ wB rP (bP)bQ", "bN rR rN yR yN wR wN yP bR")),
    2: ("bQ bN rQ rB yQ yB wQ wB rP yP", 396,  # 11 x (10 + 2) x 3
        alternate("bN rQ rB yQ yB wQ (rP)wB (yP)bQ bQ", "bP rR rN yR yN wR wN bR bB")),
    3: ("bQ rQ rB yQ yB wQ wB bP rP yP", 572,  # 11 x (10 + 3) x 4
        alternate("rQ rB yQ yB (bP)wQ (rP)wB (yP)bQ bQ bQ", "rR rN yR yN wR wN bR bB bN")),
    4: ("bQ rQ rB yQ yB wQ rP yP wB wN", 770,  # 11 x (10 + 4) x 5
        alternate("rQ rB (rP)yQ (yP)yB (wB)wQ (wN)bQ bQ bQ bQ", "rR rN yR yN wR bR bB bN bP")),
    5: ("bQ rR yQ yB wQ rN rP yP wB wN", 990,  # 11 x (10 + 5) x 6, 'the theoretical maximum'
        alternate("(rN)rR (rP)yQ (yP)yB (wB)wQ (wN)bQ bQ bQ bQ bQ", "rB yR yN wR bR bB bN bP rQ")),
}


@pytest.mark.parametrize("overmate", [1, 2, 3, 4, 5])
def test_overmate_bonus_table(overmate: int):
    """Overmate number n (multiplier above 10) multiplies the score by n + 1 (n = 1..5)."""
    dealer, score, script = OVERMATES[overmate]
    state = play(deal(dealer), script)
    assert state.view(None)["move_number"] == 10
    assert hand(state, 0) == set()
    assert hand(state, 1) == {"wP"}
    assert len(state.view(None)["sacrificed"][0]) == overmate
    state = state.apply(0, "bQ")  # the last played card, again
    assert state.is_over()
    assert state.result().scores == (score, 0)
    assert state.result().winners == (0,)
    mate = mate_of(state)
    assert mate == {
        "seat": 0, "card": "bQ", "value": 11, "move": 10, "sacrifices": overmate,
        "multiplier": 10 + overmate, "overmate": overmate, "bonus": overmate + 1,
        "score": score, "marks": "!" * overmate,
    }
    assert state.result().reason.startswith(f"overmate {'!' * overmate}: seat 0 led bQ on move 10 and ")


def test_theoretical_maximum_990_step_by_step():
    """'if move 5 by Player A was a Queen, and mate was given on the tenth move by this player,
    he having played his fifth card also as his sixth, seventh, eighth, ninth and tenth cards':
    11 x (10 + 5) x 6 = 990."""
    dealer, _, script = OVERMATES[5]
    state = deal(dealer)
    tokens = script.split()
    state = play(state, " ".join(tokens[:10]))  # moves 1-5: five sacrifices, queen led on move 5
    view = state.view(None)
    assert view["move_number"] == 6
    assert view["sacrificed"][0] == ["rN", "rP", "yP", "wB", "wN"]
    assert view["played"][0] == ["rR", "yQ", "yB", "wQ", "bQ"]
    assert view["hands"][0] == []
    assert view["last_played"][0] == "bQ"
    # Out of cards in hand: the only play is the last played card (with or without privilege).
    assert {str(a) for a in state.legal_actions(0)} == {"bQ", "bQ*"}
    refuse(state, 0, "rR", r"(?i)last played card bQ")
    refuse(state, 0, "wN", r"(?i)last played card bQ")  # sacrificed: out of play
    for move in range(6, 10):
        state = play(state, " ".join(tokens[2 * move - 2: 2 * move]))
        view = state.view(None)
        assert view["log"][-1] == entry(move, 0, "bQ", tokens[2 * move - 1][2:])
        assert view["last_played"][0] == "bQ" and view["hands"][0] == []
    state = state.apply(0, "bQ")
    assert state.result().scores == (990, 0)
    assert mate_of(state)["marks"] == "!!!!!"


def test_a_replayed_card_is_the_same_card_not_a_copy():
    """'he must (and can only) use his last played card': the card is played again, it is not a
    new card. Wherever the engine says the cards are (``zones()``), the 20 cards are each there
    exactly once, also after replays (the card-conservation contract of ``engine.core.State.zones``)."""
    dealer, _, script = OVERMATES[5]
    state = deal(dealer)
    for token in (script + " 0:bQ").split():
        seat, text = token.split(":", 1)
        state = state.apply(int(seat), text)
        held = sorted(card for cards in state.zones().values() for card in cards)
        assert held == sorted(ALL), f"after {token}: zones hold {held}"


def test_990_in_a_match_is_game_one_and_counts_in_the_totals():
    dealer, _, script = OVERMATES[5]
    state = play(deal(dealer, match=True), script + " 0:bQ")
    assert not state.is_over()
    view = state.view(None)
    assert view["game_number"] == 2
    assert view["finished"][0]["details"]["mate"]["score"] == 990
    assert view["totals"] == [990, 0]


# --- Queen's Privilege --------------------------------------------------------------------------

# Seat 1: black rook and bishop, and the red queen.
PRIV_OTHER = "bR bB rQ rN rP yR yN wR wN wP"
PRIV_DEALER = "bQ bN bP rR rB yQ yB yP wQ wB"


def test_privilege_reply_must_be_a_queen_even_holding_the_suit():
    state = play(deal(PRIV_DEALER, PRIV_OTHER), "0:bQ*")
    assert state.view(None)["lead"] == "bQ*"
    assert plain_plays(state, 1) == {"rQ"}
    refuse(state, 1, "bR", r"(?i)Queen's Privilege")
    refuse(state, 1, "bB", r"(?i)Queen's Privilege")
    after = state.apply(1, "rQ")
    assert after.to_act() == (0,)  # queen against queen: black is the higher suit
    assert after.view(None)["log"][0] == entry(1, 0, "bQ*", "rQ")


def test_without_privilege_the_same_queen_lead_must_be_followed_by_suit():
    state = play(deal(PRIV_DEALER, PRIV_OTHER), "0:bQ")
    assert plain_plays(state, 1) == {"bR", "bB"}
    refuse(state, 1, "rQ", r"(?i)follow suit")


def test_privilege_reply_queen_of_higher_suit_wins_the_initiative():
    state = deal("bN bP rQ rB rP yQ yB yP wQ wB")  # seat 1 holds bQ, and red rR rN
    state = state.apply(0, "rQ*")
    assert plain_plays(state, 1) == {"bQ"}
    refuse(state, 1, "rR", r"(?i)Queen's Privilege")
    state = state.apply(1, "bQ")
    assert state.to_act() == (1,)


def test_privilege_without_a_queen_the_reply_follows_suit():
    state = deal("bQ bP rQ rB rP yQ yB yP wQ wB")  # seat 1: no queen
    assert not any(card[1] == "Q" for card in hand(state, 1))
    led = state.apply(0, "bQ*")
    assert plain_plays(led, 1) == {"bR", "bB", "bN"}
    refuse(led, 1, "rR", r"(?i)Queen's Privilege")
    led = state.apply(0, "yQ*")
    assert plain_plays(led, 1) == {"yR", "yN"}


def test_privilege_without_queen_or_suit_is_mate():
    """Seat 1 has no queen and no white card: its many other cards do not save it."""
    state = deal("bQ rQ yQ wQ wR wB wN wP yN yP")
    state = state.apply(0, "wQ*")
    assert state.is_over()
    assert state.result().scores == (11, 0)
    assert mate_of(state)["card"] == "wQ"
    assert state.view(None)["finished"][0]["details"]["moves"][0]["lead"] == "wQ*"


def test_privilege_only_on_a_queen_lead():
    state = deal(PRIV_DEALER, PRIV_OTHER)
    refuse(state, 0, "bN*", r"(?i)only a queen")
    refuse(state, 0, "(wB)rR*", r"(?i)only a queen")
    assert {"bQ*", "yQ*", "wQ*", "(wB)bQ*"} <= {str(a) for a in state.legal_actions(0)}
    assert all(str(a).endswith("Q*") for a in state.legal_actions(0) if "*" in str(a))
    # A reply never announces it, not even a queen reply.
    led = state.apply(0, "bQ*")
    refuse(led, 1, "rQ*", r"(?i)only a lead")
    led = state.apply(0, "rR")
    refuse(led, 1, "rQ*", r"(?i)only a lead")


def test_privilege_refused_when_the_option_is_off():
    state = deal(PRIV_DEALER, PRIV_OTHER, privilege=False)
    refuse(state, 0, "bQ*", r"(?i)Queen's Privilege is off")
    refuse(state, 0, "(wB)bQ*", r"(?i)Queen's Privilege is off")
    assert not any("*" in str(a) for a in state.legal_actions(0))
    assert "bQ" in plain_plays(state, 0)


def test_privilege_with_a_sacrifice_in_the_same_turn():
    state = play(deal(PRIV_DEALER, PRIV_OTHER), "0:(wB)bQ*")
    view = state.view(None)
    assert view["sacrificed"][0] == ["wB"]
    assert view["lead"] == "(wB)bQ*"
    assert plain_plays(state, 1) == {"rQ"}


# --- sacrifice ----------------------------------------------------------------------------------


def test_sacrifice_at_the_start_of_a_lead_and_of_a_reply_is_public_and_out_of_play():
    state = deal(DRAW_DEALER, DRAW_OTHER)
    state = state.apply(0, "(yP)bQ")
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["sacrificed"] == [["yP"], []]
        assert view["played"] == [["bQ"], []]
        assert "yP" not in view["hands"][0] and "bQ" not in view["hands"][0]
        assert len(view["hands"][0]) == 8
    state = state.apply(1, "(rP)bR")
    view = state.view(1)
    assert view["sacrificed"] == [["yP"], ["rP"]]
    assert view["log"][0] == entry(1, 0, "(yP)bQ", "(rP)bR")
    assert len(view["hands"][1]) == 8
    # Out of play for good: it can be neither played nor sacrificed again.
    refuse(state, 0, "yP", r"yP is not in seat 0's hand")
    refuse(state, 0, "(yP)bB", r"yP is not in seat 0's hand")


def test_one_sacrifice_per_turn_and_then_a_normal_play():
    state = deal(DRAW_DEALER, DRAW_OTHER)
    with pytest.raises(InvalidNotation):
        state.apply(0, "(yP)(wB)bQ")  # two sacrifices in one turn cannot even be written
    refuse(state, 0, "(yP)", r"(?i)invalid")  # a sacrifice alone is no turn
    refuse(state, 0, "(bQ)bQ", r"(?i)both sacrificed and played")
    refuse(state, 0, "(bR)bQ", r"bR is not in seat 0's hand")
    assert all(str(a).count("(") <= 1 for a in state.legal_actions(0))
    # Every sacrifice of the hand can precede every lead of another card.
    sacrificing = {str(a) for a in state.legal_actions(0) if "(" in str(a) and "*" not in str(a)}
    cards = DRAW_DEALER.split()
    assert sacrificing == {f"({s}){c}" for s in cards for c in cards if s != c}


def test_sacrifice_refused_when_the_option_is_off():
    state = deal(DRAW_DEALER, DRAW_OTHER, sacrifice=False)
    refuse(state, 0, "(yP)bQ", r"(?i)sacrifices are off")
    assert not any("(" in str(a) for a in state.legal_actions(0))
    state = state.apply(0, "bQ")
    refuse(state, 1, "(rP)bR", r"(?i)sacrifices are off")
    assert not any("(" in str(a) for a in state.legal_actions(1))


# Seat 0 sacrifices once, seat 1 twice: the game lasts 10 - min(1, 2) = 9 moves, and seat 1
# (out of cards after move 8) answers move 9 with its last played card.
NINE_MOVES = (
    "0:(yP)bQ 1:(rP)bR 0:bB 1:(wN)bN 0:rQ 1:rR 0:rB 1:rN 0:yQ 1:yR "
    "0:yB 1:yN 0:wQ 1:wR 0:bP 1:wP"
)


def test_sacrifice_needs_two_cards_in_hand():
    state = play(deal(DRAW_DEALER, DRAW_OTHER), NINE_MOVES)
    assert hand(state, 0) == {"wB"}
    refuse(state, 0, "(wB)bQ", r"(?i)needs another card")
    refuse(state, 0, "(wB)wB", r"(?i)both sacrificed and played")
    assert {str(a) for a in state.legal_actions(0)} == {"wB"}


def test_game_with_sacrifices_lasts_ten_minus_the_smaller_count_and_is_drawn():
    state = play(deal(DRAW_DEALER, DRAW_OTHER), NINE_MOVES)
    assert state.view(None)["move_number"] == 9
    state = state.apply(0, "wB")
    assert hand(state, 1) == set()
    assert {str(a) for a in state.legal_actions(1)} == {"wP"}  # its last played card, legal (white)
    refuse(state, 1, "wN", r"(?i)last played card wP")
    state = state.apply(1, "wP")
    assert state.is_over()  # both hands are empty
    assert state.result().scores == (0, 0)
    assert state.result().winners == ()
    game = state.view(None)["finished"][0]
    assert game["details"]["mate"] is None
    assert len(game["details"]["moves"]) == 9
    assert game["details"]["moves"][-1] == entry(9, 0, "wB", "wP")


def test_sacrifice_changes_what_is_a_legal_reply():
    """The reply is judged on the hand left after the sacrifice: seat 1's only red card is the red
    pawn; sacrificing it leaves no red card, so the rooks become legal replies to a red rook."""
    state = deal("bQ bR bP rQ rR rB rN yQ yB wB")  # seat 1: bB bN rP yR yN yP wQ wR wN wP
    state = state.apply(0, "rR")
    assert plain_plays(state, 1) == {"rP"}
    refuse(state, 1, "yR", r"(?i)follow suit")
    plays = {str(a) for a in state.legal_actions(1)}
    assert "(rP)yR" in plays and "(rP)wR" in plays
    assert {p for p in plays if p.startswith("(rP)")} == {"(rP)yR", "(rP)wR"}
    # Sacrificing any other card leaves the obligation to follow suit unchanged.
    for other in ("bB", "bN", "yR", "yN", "yP", "wQ", "wR", "wN", "wP"):
        assert {p for p in plays if p.startswith(f"({other})")} == {f"({other})rP"}
    refuse(state, 1, "(bB)yR", r"(?i)follow suit")
    refuse(state, 1, "(rP)bB", r"(?i)match the piece")
    after = state.apply(1, "(rP)yR")
    assert after.view(None)["sacrificed"][1] == ["rP"]
    assert after.to_act() == (0,)  # rook against rook: red is higher than yellow


def test_sacrificing_the_only_queen_under_privilege_allows_following_suit():
    state = play(deal(PRIV_DEALER, PRIV_OTHER), "0:bQ*")
    plays = {str(a) for a in state.legal_actions(1)}
    assert "(rQ)bR" in plays and "(rQ)bB" in plays
    assert "(wP)bR" not in plays and "(wP)rQ" in plays
    state = state.apply(1, "(rQ)bB")
    assert state.to_act() == (0,)


# --- out of cards in hand -----------------------------------------------------------------------

# Seat 1 sacrifices five times and is out of cards after move 5 with the red pawn last played.
OUT_DEALER = "bQ bB wQ wB rQ rR yB yN yP wP"
OUT_SCRIPT = "0:bQ 1:(bP)bR 0:bB 1:(rB)bN 0:wQ 1:(rN)wR 0:wB 1:(yQ)wN 0:rQ 1:(yR)rP"


def test_empty_hand_replies_with_last_played_card_then_is_mated():
    state = play(deal(OUT_DEALER), OUT_SCRIPT)
    view = state.view(None)
    assert view["hands"][1] == [] and view["last_played"][1] == "rP"
    assert view["sacrificed"][1] == ["bP", "rB", "rN", "yQ", "yR"]
    state = state.apply(0, "rR")
    assert {str(a) for a in state.legal_actions(1)} == {"rP"}
    refuse(state, 1, "rB", r"(?i)no card in hand.*last played card rP")
    refuse(state, 1, "bR", r"(?i)last played card rP")
    state = state.apply(1, "rP")  # legal: it follows suit
    assert state.to_act() == (0,)
    assert state.view(None)["log"][-1] == entry(6, 0, "rR", "rP")
    state = state.apply(0, "yB")  # the red pawn cannot answer a yellow bishop: mate
    assert state.is_over()
    # 4 x 7: the replier's five sacrifices do not count for the mater.
    assert state.result().scores == (28, 0)
    mate = mate_of(state)
    assert (mate["seat"], mate["move"], mate["sacrifices"], mate["multiplier"]) == (0, 7, 0, 7)


def test_player_out_of_cards_leads_its_last_played_card():
    """After winning the initiative, an empty-handed player must lead its last card again."""
    state = play(deal(OUT_DEALER), OUT_SCRIPT)
    # The white pawn is answered by piece with the red pawn: red beats white, seat 1 leads.
    state = play(state, "0:wP 1:rP")
    assert state.to_act() == (1,)
    assert {str(a) for a in state.legal_actions(1)} == {"rP"}
    refuse(state, 1, "yQ", r"(?i)last played card rP")
    state = state.apply(1, "rP")
    assert state.view(None)["lead"] == "rP"
    assert state.view(None)["last_played"][1] == "rP"
    assert plain_plays(state, 0) == {"rR"}  # seat 0 must follow suit
    state = state.apply(0, "rR")
    assert state.to_act() == (0,)  # rook over pawn
    assert state.view(None)["move_number"] == 8
    state = state.apply(0, "yB")
    assert state.result().scores == (32, 0)  # bishop 4 x move 8
    assert mate_of(state)["move"] == 8


# --- the match ----------------------------------------------------------------------------------

MATCH_DEALER = "bQ bR bB bN bP rN yN wN wB wP"  # seat 1: no black card, no knight
MATCH_OTHER = "rQ rR rB rP yQ yR yB yP wQ wR"


@pytest.mark.parametrize(
    "game_one, game_two, scores, winners",
    [
        ("0:bN", "1:bN", (3, 3), ()),  # equal totals: the match is drawn
        ("0:bQ 1:rQ 0:bN", "1:bN", (6, 3), (0,)),
        ("0:bN", "1:bQ 0:rQ 1:bN", (3, 6), (1,)),
    ],
)
def test_match_of_two_games_hands_exchanged(game_one, game_two, scores, winners):
    state = deal(MATCH_DEALER, MATCH_OTHER, match=True)
    state = play(state, game_one)
    # Game 1 is over but the match is not: game 2 starts at once.
    assert not state.is_over()
    assert state.result() is None
    view = state.view(None)
    assert view["game_number"] == 2
    assert view["dealer"] == 1
    assert view["move_number"] == 1
    assert view["log"] == [] and view["played"] == [[], []] and view["sacrificed"] == [[], []]
    assert set(view["hands"][0]) == set(MATCH_OTHER.split())  # the hands are exchanged
    assert set(view["hands"][1]) == set(MATCH_DEALER.split())
    assert state.to_act() == (1,)  # the first game's non-dealer opens the second
    assert view["totals"] == [scores[0], 0]
    assert len(view["finished"]) == 1
    assert view["finished"][0]["scores"] == [scores[0], 0]
    refuse(state, 0, "rQ", r"(?i)seat 0.*not that seat's turn")
    state = play(state, game_two)
    assert state.is_over()
    result = state.result()
    assert result.scores == scores
    assert result.winners == winners
    view = state.view(None)
    assert [game["number"] for game in view["finished"]] == [1, 2]
    assert view["finished"][1]["scores"] == [0, scores[1]]
    assert view["finished"][1]["details"]["mate"]["seat"] == 1
    assert view["finished"][1]["dealer"] == 1
    assert set(view["finished"][1]["details"]["hands"][1]) == set(MATCH_DEALER.split())
    assert view["totals"] == list(scores)


def test_drawn_match_of_two_drawn_games():
    state = deal(DRAW_DEALER, DRAW_OTHER, match=True)
    state = play(state, " ".join(f"0:{lead} 1:{reply}" for lead, reply in DRAW_SCRIPT))
    assert not state.is_over()
    assert state.view(None)["finished"][0]["details"]["mate"] is None
    state = play(state, " ".join(f"1:{lead} 0:{reply}" for lead, reply in DRAW_SCRIPT))
    assert state.is_over()
    assert state.result().scores == (0, 0)
    assert state.result().winners == ()


def test_single_game_when_match_is_off():
    state = play(deal(MATCH_DEALER, MATCH_OTHER, match=False), "0:bN")
    assert state.is_over()
    assert state.result().scores == (3, 0)
    assert state.view(None)["games"] == 1
    assert len(state.view(None)["finished"]) == 1


# --- refusals: wrong seat, after the end --------------------------------------------------------


def test_wrong_seat_is_refused_naming_the_seat():
    state = deal(FOLLOW_DEALER, FOLLOW_OTHER)
    assert state.legal_actions(1) == ()
    error = refuse(state, 1, "rQ", r"(?i)seat 1")
    assert "turn" in str(error)
    state = state.apply(0, "rR")
    assert state.legal_actions(0) == ()
    refuse(state, 0, "bQ", r"(?i)seat 0.*not that seat's turn")


@pytest.mark.parametrize("match", [False, True])
def test_every_action_refused_after_the_end(match: bool):
    state = play(deal(MATCH_DEALER, MATCH_OTHER, match=match), "0:bN" + (" 1:bN" if match else ""))
    assert state.is_over()
    assert state.to_act() == ()
    for seat in (0, 1):
        assert state.legal_actions(seat) == ()
        for card in ALL:
            for text in (card, f"{card}*", f"(bQ){card}", f"(wP){card}*"):
                refuse(state, seat, text, r"(?i)over")
    refuse(state, 0, "garbage", r"(?i)invalid")


# --- properties over random playouts ------------------------------------------------------------


def ref_replies(available: list[str], lead: str, privilege: bool) -> set[str]:
    """The text's reply rule, written independently of the engine."""
    if privilege:
        queens = {card for card in available if card[1] == "Q"}
        if queens:
            return queens
        return {card for card in available if card[0] == lead[0]}
    same_suit = {card for card in available if card[0] == lead[0]}
    if same_suit:
        return same_suit
    return {card for card in available if card[1] == lead[1]}


def ref_leader_keeps(lead: str, reply: str) -> bool:
    if lead[0] == reply[0]:
        return PIECES.index(lead[1]) < PIECES.index(reply[1])
    assert lead[1] == reply[1]
    return SUITS.index(lead[0]) < SUITS.index(reply[0])


_NOTATION = re.compile(r"^(?:\((\w\w)\))?(\w\w)(\*)?$")


def split_play(text: str) -> tuple[str | None, str, bool]:
    match = _NOTATION.match(text)
    assert match, f"unexpected notation {text!r}"
    return match.group(1), match.group(2), bool(match.group(3))


def expected_plays(view: dict[str, Any], seat: int) -> set[str]:
    options = view["options"]
    in_hand = view["hands"][seat]
    lead = view["lead"]
    sacrifices: list[str | None] = [None]
    if options["sacrifice"] and len(in_hand) >= 2:
        sacrifices += in_hand
    plays = set()
    for sacrifice in sacrifices:
        left = [card for card in in_hand if card != sacrifice]
        available = left or [view["last_played"][seat]]
        if lead is None:
            cards = set(available)
        else:
            _, lead_card, privilege = split_play(lead)
            cards = ref_replies(available, lead_card, privilege)
        prefix = f"({sacrifice})" if sacrifice else ""
        for card in cards:
            plays.add(prefix + card)
            if lead is None and card[1] == "Q" and options["privilege"]:
                plays.add(prefix + card + "*")
    return plays


def check_finished_game(game: dict[str, Any]) -> None:
    """Game length, sacrifice counts and the mate score, all from the text's rules."""
    moves, mate = game["details"]["moves"], game["details"]["mate"]
    sacrifices = [0, 0]
    for move in moves:
        assert move == entry(move["number"], move["leader"], move["lead"], move["reply"])
        leader = move["leader"]
        sacrifices[leader] += move["lead"].startswith("(")
        if move["reply"] is not None:
            sacrifices[1 - leader] += move["reply"].startswith("(")
    assert max(sacrifices) <= 5
    limit = 10 - min(sacrifices)
    assert [move["number"] for move in moves] == list(range(1, len(moves) + 1))
    if mate is None:
        # no mate: the game ends when both hands are out, after exactly 10 - min(s0, s1) moves
        assert len(moves) == limit
        assert game["scores"] == [0, 0] and game["winners"] == []
        assert all(move["reply"] is not None for move in moves)
        return
    assert len(moves) <= limit
    last = moves[-1]
    assert last["reply"] is None and mate["move"] == last["number"]
    assert mate["seat"] == last["leader"]
    assert mate["card"] == split_play(last["lead"])[1]
    assert mate["sacrifices"] == sacrifices[mate["seat"]]
    multiplier = mate["move"] + mate["sacrifices"]
    overmate = max(0, multiplier - 10)
    assert mate["multiplier"] == multiplier
    assert mate["overmate"] == overmate
    assert mate["bonus"] == overmate + 1
    assert mate["marks"] == "!" * overmate
    score = VALUES[mate["card"][1]] * multiplier * (overmate + 1)
    assert mate["score"] == score
    expected = [0, 0]
    expected[mate["seat"]] = score
    assert game["scores"] == expected
    assert game["winners"] == [mate["seat"]] and game["winner"] == mate["seat"]


def check_step(state, after) -> None:
    """One play of a random game (``state`` to ``after``) against the text's rules."""
    view = state.view(None)
    seat = view["leader"] if view["lead"] is None else 1 - view["leader"]
    assert state.to_act() == (seat,) and view["turn"] == seat
    assert state.legal_actions(1 - seat) == ()
    assert {str(a) for a in state.legal_actions(seat)} == expected_plays(view, seat)
    assert after.history[-1][0] == seat
    action = after.history[-1][1]
    sacrifice, card, privilege = split_play(str(action))
    new = after.view(None)
    game_ended = len(new["finished"]) > len(view["finished"])
    if view["lead"] is None:
        replier = 1 - seat
        available = view["hands"][replier] or [view["last_played"][replier]]
        mate = not ref_replies(available, card, privilege)
        assert game_ended == mate
        if mate:
            assert new["finished"][-1]["details"]["mate"]["seat"] == seat
            assert new["finished"][-1]["details"]["mate"]["move"] == view["move_number"]
        else:
            assert new["lead"] == str(action)
            assert after.to_act() == (replier,)
    else:
        lead_card = split_play(view["lead"])[1]
        leader = view["leader"]
        next_leader = leader if ref_leader_keeps(lead_card, card) else seat
        hands_left = [len(cards) for cards in view["hands"]]
        hands_left[seat] -= (sacrifice is not None) + (card in view["hands"][seat])
        if hands_left == [0, 0]:
            assert game_ended and new["finished"][-1]["details"]["mate"] is None
        else:
            assert not game_ended
            assert new["leader"] == next_leader
            assert new["move_number"] == view["move_number"] + 1
    if game_ended and not after.is_over():
        # the second game of the match: hands exchanged, seat 1 leads
        assert new["game_number"] == 2 and after.to_act() == (1,)
        first = new["finished"][0]["details"]["hands"]
        assert set(new["hands"][0]) == set(first[1])
        assert set(new["hands"][1]) == set(first[0])


def random_playout(seed: int, options: dict[str, bool]):
    """Play a seeded game to the end, checking each step against the text's rules."""
    states = list(playout("chess-cards", seed, mostly_plain(), options=options))
    assert len(states) <= 2 * 10 * 2 + 1, "a match has at most 2 games of 10 moves"
    for state, after in pairwise(states):
        check_step(state, after)
    state = states[-1]
    view = state.view(None)
    assert len(view["finished"]) == (2 if options["match"] else 1)
    for game in view["finished"]:
        check_finished_game(game)
    totals = [sum(game["scores"][seat] for game in view["finished"]) for seat in (0, 1)]
    result = state.result()
    assert list(result.scores) == totals
    if totals[0] == totals[1]:
        assert result.winners == ()
    else:
        assert result.winners == ((0,) if totals[0] > totals[1] else (1,))
    return state


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, options=OPTIONS)
def test_random_playouts_follow_the_rules(seed: int, options: dict[str, bool]):
    """Every step of random seeded games agrees with an independent model of the text: the legal
    plays, mate, initiative, move numbers, the end of a game (at most 10 - min(s0, s1) moves,
    exactly that many in a draw), the score with the overmate bonus and the match totals."""
    random_playout(seed, options)


def test_random_playouts_reach_overmate_and_draws():
    """The random playouts above do reach the interesting endings (a sanity check of the test)."""
    seen = {"overmate": 0, "draw": 0, "mate": 0}
    for number in range(300):
        state = random_playout(number, {"privilege": True, "sacrifice": True, "match": True})
        for game in state.view(None)["finished"]:
            if game["details"]["mate"] is None:
                seen["draw"] += 1
            elif game["details"]["mate"]["overmate"]:
                seen["overmate"] += 1
            else:
                seen["mate"] += 1
    assert all(seen.values()), seen


def test_replay_of_a_scripted_game_through_a_record():
    dealer, _, script = OVERMATES[5]
    state = play(deal(dealer), script + " 0:bQ")
    again = Record.from_json(Record.from_state(state).to_json()).replay()
    assert again.view(None) == state.view(None)
    assert again.result() == state.result()
