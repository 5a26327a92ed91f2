"""Rules scenarios for Checkmate (Jordan and Palestine), from stacked decks, for 2, 3 and 4 seats.

Every sentence of the rule text (``seeds/001_...txt``) and every ruling in ``RULINGS.md``
("Checkmate") is a requirement here: the deal, the dealer's free opening card, matching by rank
or suit (the text's six of clubs), Jokers by colour, the obligation to play, drawing any card of
the fan, Aces taking Kings around the table, "last card", and every special ending.

Seat 0 deals and opens; turn order is seat order. ``deal`` stacks whole hands, ``race`` reaches an
endgame through a quick run of matching plays (see ``checkmate_helpers``).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise
from typing import Any

import pytest

from checkmate_helpers import (
    GAME,
    announce_due,
    cards,
    deal,
    names,
    play,
    race,
    with_empty_stock,
)
from engine import InvalidNotation, Record, SetupError
from engine.checkmate import (
    Announce,
    Card,
    Draw,
    Give,
    Play,
    matches,
    stacked_deck,
)
from engine.core import RETIRED_VIEW_KEYS, VIEW_KEYS, GameSummary
from engine.playing_cards import BLACK_JOKER, CARDS, RED_JOKER
from support import refuse

SEATS = [2, 3, 4]
#: Why a game ends when a seat cannot play and the fan is empty (the seat's number goes in).
STUCK = ("seat {} has no card that fits and the stockpile is empty, so nobody can go out: this "
         "game has no winner")


def plays(state, seat: int) -> set[str]:
    return {str(action) for action in state.legal_actions(seat) if isinstance(action, Play)}


def hand(state, seat: int) -> list[str]:
    return state.view(seat)["hand"]


def others(players: int, *rows: str) -> list[str]:
    """Hands for seats 1.. (as many as ``players`` needs), from ``rows`` in order."""
    return list(rows[:players - 1])


def opened(top: str, players: int, *rows: str, stock: str = ""):
    """The state after seat 0 opens with ``top``; seats 1.. hold ``rows`` (see ``others``)."""
    return deal([top] + others(players, *rows), stock=stock, players=players).apply(0, top)


# --- players and cards, the deal -----------------------------------------------------------------


def test_the_pack_is_52_cards_and_a_red_and_a_black_joker() -> None:
    deck = GAME.deck_cards(2, {"games": 1})
    assert len(deck) == 54 and len(set(deck)) == 54
    assert "RJ" in deck and "BJ" in deck
    assert Counter(card[-1] for card in deck if card not in ("RJ", "BJ")) == {
        "S": 13, "H": 13, "D": 13, "C": 13}
    assert RED_JOKER.colour == "red" and BLACK_JOKER.colour == "black"


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players: int) -> None:
    with pytest.raises(SetupError):
        GAME.new(seed=1, players=players)


@pytest.mark.parametrize("players", SEATS)
def test_ten_cards_each_dealt_singly_from_the_dealers_next_seat(players: int) -> None:
    deck = [str(card) for card in reversed(CARDS)]
    state = GAME.new(seed=0, players=players, deck=deck)
    for seat in range(players):
        # Dealt singly: seat 1 gets deck[0], deck[players], ...; the dealer (seat 0) is last.
        expected = {deck[(seat - 1) % players + players * round_] for round_ in range(10)}
        assert set(hand(state, seat)) == expected
    # The rest is the fan, face down, in deck order: 34, 24 or 14 cards.
    assert state.view(0)["stock"] == 54 - 10 * players
    assert state.zones()["stock"] == tuple(deck[10 * players:])


@pytest.mark.parametrize("players", SEATS)
def test_stacked_deck_deals_the_hands_asked_for(players: int) -> None:
    hands = [CARDS[10 * seat:10 * seat + 10] for seat in range(players)]
    state = GAME.new(seed=0, players=players, deck=stacked_deck(hands, cards("BJ RJ")))
    for seat in range(players):
        assert hand(state, seat) == names(hands[seat])
    assert state.zones()["stock"][:2] == ("BJ", "RJ")


# --- the dealer opens; turn order ------------------------------------------------------------------


@pytest.mark.parametrize("players", SEATS)
def test_the_dealer_opens_with_any_card(players: int) -> None:
    state = deal(["9S 2H KD RJ AC"], players=players)
    assert state.to_act() == (0,)
    assert plays(state, 0) == set(hand(state, 0)) and len(state.legal_actions(0)) == 10
    assert all(state.legal_actions(seat) == () for seat in range(1, players))
    state = state.apply(0, "9S")
    assert state.view(None)["top"] == "9S" and state.view(None)["pile"] == ["9S"]


@pytest.mark.parametrize("players", SEATS)
def test_play_passes_round_in_seat_order(players: int) -> None:
    # Everyone holds spades to follow the opening spade.
    state = deal(["2S 3S", "4S", "5S", "6S"][:players], players=players)
    order = []
    state = state.apply(0, "2S")
    for card in ["4S", "5S", "6S"][:players - 1] + ["3S"]:
        seat = state.to_act()[0]
        order.append(seat)
        state = state.apply(seat, card)
    assert order == list(range(1, players)) + [0]
    assert state.to_act() == (1,)


# --- matching ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", SEATS)
def test_on_the_six_of_clubs_play_a_club_or_a_six(players: int) -> None:
    state = opened("6C", players, "6H 2C 9C KD 3S 4S 5S 7D 8D 10D", "6D", "QC")
    assert plays(state, 1) == {"6H", "2C", "9C"}
    refuse(state, 1, "3S", "3S matches neither the rank nor the suit of the top card 6C")
    refuse(state, 1, "QC", "QC is not in seat 1's hand")


@pytest.mark.parametrize("players", SEATS)
def test_a_player_who_can_play_may_not_draw(players: int) -> None:
    state = opened("6C", players, "2C 3S 4S 5S 7D 8D 10D JD QD 9H", "6D", "QC")
    assert not any(isinstance(action, Draw) for action in state.legal_actions(1))
    refuse(state, 1, "draw:1", "seat 1 holds a playable card \\(2C\\) and must play it rather than draw")


@pytest.mark.parametrize("players", SEATS)
def test_a_player_who_cannot_play_draws_any_card_of_the_fan(players: int) -> None:
    state = opened("6C", players, "2H 3S 4S 5S 7D 8D 10D JD QD 9H", "6D", "QC",
                   stock="9D 8H 7H 5D 6S")
    fan = 54 - 10 * players
    assert state.legal_actions(1) == tuple(Draw(position) for position in range(1, fan + 1))
    # The fifth card, not the top one: 6S matches the six and must be played at once.
    after = state.apply(1, "draw:5")
    assert after.view(None)["top"] == "6S" and after.view(None)["stock"] == fan - 1
    assert len(hand(after, 1)) == 10
    assert after.view(None)["log"][-1] == {"kind": "play", "seat": 1, "card": "6S", "drawn": True}
    assert after.to_act() == (2 % players,)
    refuse(state, 1, Draw(fan + 1), f"the stockpile has {fan} cards: there is no card {fan + 1}")


@pytest.mark.parametrize("players", SEATS)
def test_a_drawn_card_that_does_not_match_is_kept(players: int) -> None:
    state = opened("6C", players, "2H 3S 4S 5S 7D 8D 10D JD QD 9H", "6D", "QC", stock="9D 8H")
    after = state.apply(1, "draw:2")
    assert "8H" in hand(after, 1) and len(hand(after, 1)) == 11
    assert after.view(None)["top"] == "6C"
    assert after.to_act() == (2 % players,)
    # The kept card is seen by its drawer only.
    assert after.view(1)["log"][-1] == {"kind": "draw", "seat": 1, "card": "8H"}
    assert after.view(0)["log"][-1] == {"kind": "draw", "seat": 1}
    assert after.view(None)["hand_sizes"][1] == 11


# --- Jokers ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", SEATS)
def test_any_red_card_goes_on_the_red_joker_and_no_black_one(players: int) -> None:
    state = opened("RJ", players, "2H 9D KD 3S 4C 5S 7C 8S 10C BJ")
    assert plays(state, 1) == {"2H", "9D", "KD"}
    refuse(state, 1, "BJ", "BJ does not go on RJ: a Joker only matches its own colour")
    refuse(state, 1, "3S", "a Joker only matches its own colour")


@pytest.mark.parametrize("players", SEATS)
def test_any_black_card_goes_on_the_black_joker(players: int) -> None:
    state = opened("BJ", players, "2H 9D KD 3S 4C 5S 7C 8S 10C RJ")
    assert plays(state, 1) == {"3S", "4C", "5S", "7C", "8S", "10C"}
    refuse(state, 1, "RJ", "RJ does not go on BJ")


@pytest.mark.parametrize("players", SEATS)
def test_a_joker_goes_on_any_card_of_its_colour(players: int) -> None:
    state = opened("5D", players, "RJ BJ 3S 4C 6S 7C 8S 10C JS QS")
    assert plays(state, 1) == {"RJ"}
    state = opened("5C", players, "RJ BJ 3H 4D 6H 7D 8H 10D JH QH")
    assert plays(state, 1) == {"BJ"}


def test_matching_table() -> None:
    card = Card.parse
    assert matches(card("9C"), card("6C")) and matches(card("6H"), card("6C"))
    assert not matches(card("9H"), card("6C"))
    assert matches(RED_JOKER, card("AH")) and matches(card("QD"), RED_JOKER)
    assert not matches(RED_JOKER, card("AS")) and not matches(card("QS"), RED_JOKER)
    assert matches(BLACK_JOKER, card("2C")) and matches(card("KS"), BLACK_JOKER)
    assert not matches(RED_JOKER, BLACK_JOKER) and not matches(BLACK_JOKER, RED_JOKER)


# --- Aces and Kings -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", SEATS)
def test_an_ace_takes_a_king_from_the_next_seat(players: int) -> None:
    giver = 2 % players
    hands = ["5S", "AS", "9D", "9H"][:players]
    hands[giver] = "KH 9C"
    state = deal(hands, players=players)
    state = play(state, "0:5S 1:AS")
    assert state.to_act() == (giver,)
    assert state.legal_actions(giver) == (Give(Card.parse("KH")),)
    assert state.view(None)["call"] == {"ace_player": 1, "giver": giver}
    assert state.view(None)["turn"] == 1 and state.view(None)["mover"] == giver
    refuse(state, giver, "give:9C", "9C is not a King")
    state = state.apply(giver, "give:KH")
    assert "KH" in hand(state, 1) and "KH" not in hand(state, giver)
    assert state.view(None)["log"][-1] == {"kind": "give", "seat": giver, "card": "KH", "to": 1}
    assert state.view(None)["known"][1] == ["KH"]
    # The turn then passes to the seat after the Ace player.
    assert state.to_act() == (2 % players,) and state.view(None)["phase"] == "play"


@pytest.mark.parametrize("players", SEATS)
def test_the_giver_chooses_which_king(players: int) -> None:
    hands = ["5S", "AS 4S", "KH KC 3S", "6S"][:players]
    if players == 2:
        hands = ["5S KH KC 3S", "AS 4S"]
    giver = 2 % players
    state = play(deal(hands, players=players), "0:5S 1:AS")
    assert set(map(str, state.legal_actions(giver))) == {"give KH", "give KC"}
    state = state.apply(giver, "give:KC")
    assert "KC" in hand(state, 1) and "KH" in hand(state, giver)


@pytest.mark.parametrize("players", [3, 4])
def test_the_call_passes_over_seats_without_a_king(players: int) -> None:
    # Seat 1 plays the Ace; seats 2 (and 3) have no King; seat 0, the last one round, gives.
    state = deal(["5S KD", "AS", "9D", "9H"][:players], players=players)
    state = play(state, "0:5S 1:AS")
    assert state.to_act() == (0,) and state.legal_actions(0) == (Give(Card.parse("KD")),)
    state = state.apply(0, "give:KD")
    assert "KD" in hand(state, 1)
    assert state.to_act() == (2,)  # the seat after the Ace player, not after the giver


@pytest.mark.parametrize("players", SEATS)
def test_an_ace_with_no_king_in_other_hands_brings_nothing(players: int) -> None:
    # The Ace player's own King does not count; the other Kings are in the fan.
    state = deal(["5S", "AS KS"], players=players)
    state = play(state, "0:5S 1:AS")
    assert state.view(None)["call"] is None and state.to_act() == (2 % players,)
    assert state.view(None)["log"][-1] == {"kind": "no-king", "seat": 1}
    assert len(hand(state, 1)) == 9


@pytest.mark.parametrize("players", SEATS)
def test_the_dealers_opening_ace_calls_for_a_king_too(players: int) -> None:
    state = deal(["AH", "KS 2C"], players=players).apply(0, "AH")
    assert state.to_act() == (1,) and state.legal_actions(1) == (Give(Card.parse("KS")),)
    refuse(state, 1, "2C", "seat 1 must first give a King to seat 0, who played an Ace")
    state = state.apply(1, "give:KS")
    assert "KS" in hand(state, 0) and state.to_act() == (1,)
    refuse(state, 1, "give:KS", "not that seat's turn|no Ace is waiting")


def test_only_the_giver_may_act_while_a_king_is_owed() -> None:
    state = play(deal(["5S", "AS", "KH"], players=3), "0:5S 1:AS")
    refuse(state, 1, "4S", "it is not that seat's turn")
    refuse(state, 0, "give:KH", "it is not that seat's turn")
    refuse(state, 2, "give:KS", "KS is not in seat 2's hand")


# --- "last card" ---------------------------------------------------------------------------------------------------


def to_one_card(players: int, announce: bool = False):
    """Seat 0 has just played down to one card (7H) on 2H; the others hold a heart and a
    spare each, so that the hearts keep 7H playable until seat 0's next turn."""
    return race(["7H", "3H 9S", "4H 9C", "5H 9D"][:players], top="2H", announce=announce)


@pytest.mark.parametrize("players", SEATS)
def test_last_card_is_due_when_a_hand_drops_to_one(players: int) -> None:
    state = to_one_card(players)
    assert state.view(None)["hand_sizes"][0] == 1
    assert state.to_act() == (1, 0) and state.legal_actions(0) == (Announce(),)
    assert state.view(None)["due"] == [0]
    state = state.apply(0, "last")
    assert state.to_act() == (1,) and state.view(None)["announced"] == [0]
    assert state.view(None)["log"][-1] == {"kind": "last", "seat": 0}


@pytest.mark.parametrize("players", SEATS)
def test_last_card_is_offered_only_while_it_is_due(players: int) -> None:
    opening = deal([], players=players)
    refuse(opening, 0, "last", "'last card' is said with exactly one card in hand; seat 0 holds 10")
    state = to_one_card(players)
    # Once the next seat has acted, the moment is gone.
    late = state.apply(1, "3H")
    assert Announce() not in late.legal_actions(0)
    assert {"kind": "missed", "seat": 0} in late.view(None)["log"]
    refuse(late, 0, "last", "it is not that seat's turn|seat 0 missed the moment")
    said = state.apply(0, "last")
    refuse(said, 0, "last", "not that seat's turn")


@pytest.mark.parametrize("players", SEATS)
def test_playing_the_last_card_after_saying_it_wins(players: int) -> None:
    state = to_one_card(players).apply(0, "last")
    state = announce_due(play(state, " ".join(f"{seat}:{card}H" for seat, card in
                                              zip(range(1, players), "345", strict=False))))
    state = announce_due(state)
    assert state.to_act() == (0,) and plays(state, 0) == {"7H"}
    state = state.apply(0, "7H")
    assert state.is_over()
    result = state.result()
    assert result.winners == (0,) and result.scores == (1,) + (0,) * (players - 1)
    assert result.reason == "seat 0 played their last card and went out"


@pytest.mark.parametrize("players", SEATS)
def test_a_last_card_played_without_saying_it_is_a_draw(players: int) -> None:
    state = to_one_card(players)
    for seat in range(1, players):
        state = announce_due(state.apply(seat, f"{seat + 2}H"))
    # Seat 0 missed its moment; it may not say it now on its own turn either.
    refuse(state, 0, "last", "seat 0 missed the moment to say 'last card'")
    state = state.apply(0, "7H")
    assert state.is_over()
    assert state.result().winners == () and state.result().scores == (0,) * players
    assert state.result().reason == ("seat 0 played their last card without having said 'last "
                                     "card', so this game has no winner")


def test_a_giver_left_with_one_card_must_say_it_before_its_own_play() -> None:
    # Seat 1 plays an Ace from two cards; seat 2 gives its King from two cards and is next.
    state = race(["7H", "AH 9C", "KS 3H"], top="2H")
    state = state.apply(1, "AH")
    assert state.to_act() == (2, 1)  # seat 1 is down to one card while the King is owed
    state = state.apply(2, "give:KS")
    assert hand(state, 1) == ["KS", "9C"] and state.view(None)["due"] == [2]
    assert state.to_act() == (2,)
    assert set(map(str, state.legal_actions(2))) == {"last", "3H"}
    assert state.apply(2, "3H").result().winners == ()
    won = play(state, "2:last 2:3H")
    assert won.result().winners == (2,)


# --- the special endings with Aces and Kings ------------------------------------------------------------------


def king_for_last_ace(players: int):
    """Seat 0 holds only AH (said) on 2H; seat 1 holds KS KC and the spare 9D, so it draws
    9S when it cannot play; the others hold a heart and a spare."""
    state = race(["AH", "KS KC", "4H 9C", "5H 9D"][:players], top="2H", stock="9S 6H")
    state = state.apply(1, "draw:1")  # 9S does not match 2H: kept
    return announce_due(play(state, " ".join(f"{seat}:{seat + 2}H" for seat in range(2, players))))


@pytest.mark.parametrize("players", SEATS)
def test_an_ace_as_last_card_does_not_end_the_play_while_a_king_comes(players: int) -> None:
    state = king_for_last_ace(players)
    assert 0 in state.view(None)["announced"]
    state = state.apply(0, "AH")
    assert not state.is_over() and state.to_act() == (1,)
    state = state.apply(1, "give:KC")
    # The Ace player accepts the King and must say "last card" again; play goes on.
    assert hand(state, 0) == ["KC"] and 0 not in state.view(None)["announced"]
    assert state.to_act() == (1, 0) and state.legal_actions(0) == (Announce(),)
    state = state.apply(0, "last")
    assert state.to_act() == (1,) and not state.is_over()


@pytest.mark.parametrize("players", SEATS)
def test_an_ace_as_last_card_wins_when_nobody_has_a_king(players: int) -> None:
    state = race(["AH", "3H 9S", "4H 9C", "5H 9D"][:players], top="2H")
    state = announce_due(play(state, " ".join(f"{seat}:{seat + 2}H" for seat in range(1, players))))
    state = state.apply(0, "AH")
    assert state.is_over() and state.result().winners == (0,)


@pytest.mark.parametrize("players", SEATS)
def test_an_unannounced_last_ace_is_a_draw_even_if_a_king_would_come(players: int) -> None:
    state = race(["AH", "KS KC", "4H 9C", "5H 9D"][:players], top="2H", stock="9S", announce=False)
    state = announce_due(state.apply(1, "draw:1"))
    state = announce_due(play(state, " ".join(f"{seat}:{seat + 2}H" for seat in range(2, players))))
    state = state.apply(0, "AH")
    assert state.is_over() and state.result().winners == ()


def last_king_given_away(players: int, stock: str = "5H 9S"):
    """Seat 0 holds only AH, seat 1 only KS (both said); the others hold a heart and a spare.
    Seat 0 plays the Ace, seat 1 gives its last card away and has none left."""
    state = race(["AH", "KS", "3H 9C", "4H 9D"][:players], top="2H", stock=stock)
    state = announce_due(play(state, " ".join(f"{seat}:{seat + 1}H" for seat in range(2, players))))
    return state.apply(0, "AH").apply(1, "give:KS")


@pytest.mark.parametrize("players", SEATS)
def test_a_king_given_away_as_last_card_does_not_end_the_play(players: int) -> None:
    state = last_king_given_away(players)
    assert not state.is_over() and state.view(None)["hand_sizes"][:2] == [1, 0]
    # Seat 0 says "last card" again for the King; seat 1, with no card, must draw.
    state = state.apply(0, "last")
    assert state.to_act() == (1,)
    assert all(isinstance(action, Draw) for action in state.legal_actions(1))


@pytest.mark.parametrize("players", SEATS)
def test_the_empty_handed_player_wins_with_a_drawn_card_that_matches(players: int) -> None:
    state = last_king_given_away(players).apply(0, "last")
    state = state.apply(1, "draw:1")  # 5H on AH: played at once, no "last card" needed
    assert state.is_over() and state.result().winners == (1,)


@pytest.mark.parametrize("players", SEATS)
def test_the_empty_handed_player_keeps_a_drawn_card_that_does_not_match(players: int) -> None:
    state = last_king_given_away(players).apply(0, "last")
    state = state.apply(1, "draw:2")  # 9S on AH: kept; now one card, so "last card" is due
    assert not state.is_over() and hand(state, 1) == ["9S"]
    assert state.to_act() == (2 % players, 1) and state.legal_actions(1) == (Announce(),)


@pytest.mark.parametrize("players", SEATS)
def test_a_king_given_away_with_the_stockpile_empty_is_a_draw(players: int) -> None:
    state = race(["AH", "KS", "3H 9C", "4H 9D"][:players], top="2H")
    state = announce_due(play(with_empty_stock(state),
                              " ".join(f"{seat}:{seat + 1}H" for seat in range(2, players))))
    state = state.apply(0, "AH").apply(1, "give:KS")
    assert state.is_over()
    assert state.result().winners == ()
    assert state.result().reason == STUCK.format(1)


@pytest.mark.parametrize("players", SEATS)
def test_anyone_who_cannot_play_with_the_stockpile_empty_ends_in_a_draw(players: int) -> None:
    state = with_empty_stock(deal(["6C 2S"] + others(players, "2H 3S 4S 5S 7S 8S 9S 10S JS QS", "7C", "8C"),
                                  players=players))
    state = state.apply(0, "6C")
    assert state.is_over() and state.result().winners == ()
    assert state.result().reason == STUCK.format(1)


def test_the_stockpile_runs_out_in_real_play_with_four_seats() -> None:
    # Seat 0 opens AH and receives seat 1's King; from then on nobody can play from hand, and
    # every card drawn from the fan fits and is played at once, until the fan is empty and
    # seat 3 cannot play on 2D.
    fan = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH RJ 2D"
    state = deal(["AH AD 5D 9D KD 3D 6D 7D 10D JD",
                  "KS 2S 2C 6S 6C 10S 10C 4D 8D QD",
                  "3S 3C 7S 7C JS JC AS AC 4S 4C",
                  "5S 5C 8S 8C 9S 9C QS QC KC BJ"], stock=fan)
    state = play(state, "0:AH 1:give:KS")
    for turn in range(14):
        seat = state.to_act()[0]
        assert state.legal_actions(seat) == tuple(Draw(p) for p in range(1, 15 - turn))
        state = state.apply(seat, "draw:1")
    assert state.is_over() and state.view(None)["stock"] == 0
    assert state.result().reason == STUCK.format(3)


# --- a series: the totals and the dealer ------------------------------------------------------------------------


def quick_win(winner: int, players: int = 3):
    """A three-game series in which ``winner`` (0 or 1) plays out the first deal."""
    if winner == 0:
        state = race(["7H", "3H 9S", "4H 9C"][:players], top="2H", games=3)
        state = announce_due(play(state, " ".join(f"{s}:{s + 2}H" for s in range(1, players))))
        return state.apply(0, "7H")
    # Seat 0's last card 9S does not fit: it draws 9D and keeps it; seat 1 goes out.
    state = race(["9S", "8H", "4H 9C"][:players], top="2H", stock="9D", games=3)
    state = announce_due(state.apply(2, "4H")) if players == 3 else state
    return state.apply(0, "draw:1").apply(1, "8H")


def test_a_dealer_who_wins_passes_the_deal_to_the_next_seat() -> None:
    state = quick_win(0)
    assert state.view(None)["totals"] == [1, 0, 0] and state.game_number == 2
    assert state.dealer == 1 and state.to_act() == (1,) and state.view(None)["phase"] == "opening"
    assert state.view(None)["hand_sizes"] == [10, 10, 10] and state.view(None)["pile"] == []
    assert state.view(None)["finished"][0]["winner"] == 0 and not state.is_over()


def test_a_finished_game_is_summed_up_with_its_top_card() -> None:
    summary = quick_win(0).view(None)["finished"][0]
    assert summary == {"number": 1, "dealer": 0, "scores": [1, 0, 0], "winners": [0], "winner": 0,
                       "reason": "seat 0 played their last card and went out",
                       "reason_template": "{seat} played {their|your} last card and went out",
                       "reason_parts": {"seat": 0}, "details": {"top": "7H"}}
    assert GameSummary.from_dict(summary).to_dict() == summary


def test_a_dealer_who_does_not_win_deals_again() -> None:
    state = quick_win(1)
    assert state.view(None)["totals"] == [0, 1, 0] and state.dealer == 0 and state.to_act() == (0,)


def test_a_drawn_deal_keeps_the_dealer_and_the_totals() -> None:
    state = race(["7H", "3H 9S"], top="2H", games=3, announce=False)
    state = announce_due(state.apply(1, "3H")).apply(0, "7H")  # seat 0 never said it
    assert state.view(None)["totals"] == [0, 0] and state.dealer == 0
    assert state.view(None)["finished"][0]["winner"] is None


@pytest.mark.parametrize("players", SEATS)
def test_a_series_counts_wins_and_follows_the_dealer_rule(players: int) -> None:
    state = GAME.new(seed=11, players=players, options={"games": 5})
    while not state.is_over():
        state = announce_due(state) if state.due else state
        seat = state.to_act()[0]
        state = state.apply(seat, state.legal_actions(seat)[-1])
    deals = state.view(None)["finished"]
    assert len(deals) == 5 and deals[0]["dealer"] == 0
    for before, after in pairwise(deals):
        passes = before["winner"] == before["dealer"]
        assert after["dealer"] == ((before["dealer"] + 1) % players if passes else before["dealer"])
    tally = [sum(deal["winner"] == seat for deal in deals) for seat in range(players)]
    result = state.result()
    assert list(result.scores) == tally == state.view(None)["totals"]
    best = max(tally)
    leaders = [seat for seat in range(players) if tally[seat] == best]
    assert result.winners == (tuple(leaders) if len(leaders) == 1 and best else ())


# --- notation, views, records ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text, action", [
    ("7C", Play(Card.parse("7C"))), ("10H", Play(Card.parse("10H"))),
    ("RJ", Play(RED_JOKER)), ("BJ", Play(BLACK_JOKER)),
    ("draw 3", Draw(3)), ("give KS", Give(Card.parse("KS"))), ("last", Announce()),
])
def test_notation_round_trips(text: str, action: Any) -> None:
    assert GAME.parse_action(None, text) == action and str(action) == text


@pytest.mark.parametrize("text, canonical", [
    ("th", "10H"), ("q♠", "QS"), ("draw:12", "draw 12"), ("d3", "draw 3"),
    ("give:ks", "give KS"), ("give ks", "give KS"), ("Last card!", "last"),
])
def test_notation_variants_are_read(text: str, canonical: str) -> None:
    assert str(GAME.parse_action(None, text)) == canonical


@pytest.mark.parametrize("text", ["11H", "1S", "KX", "draw:0", "draw:x", "give:", "give:Z9", "lastly", "J"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidNotation):
        GAME.parse_action(None, text)


def test_every_card_name_parses_back() -> None:
    assert [Card.parse(str(card)) for card in CARDS] == list(CARDS)


@pytest.mark.parametrize("players", SEATS)
def test_views_show_only_the_own_hand(players: int) -> None:
    state = deal(["6C"], players=players)
    for seat in range(players):
        view = state.view(seat)
        assert view["hand"] == hand(state, seat) and len(view["hand"]) == 10
        assert view["hand_sizes"] == [10] * players and view["stock"] == 54 - 10 * players
        assert all(name not in str(view) for other in range(players) if other != seat
                   for name in state.zones()[f"hand{other}"] if name not in view["hand"])
    assert "hand" not in state.view(None)


def test_views_speak_the_shared_vocabulary() -> None:
    """Every view has the keys every game's view has, no retired name, and a log of objects
    with a kind and a seat; the mover is None once the series is over."""
    state = GAME.new(seed=4, players=3, options={"games": 3})
    while True:
        for seat in (None, 0, 1, 2):
            view = state.view(seat)
            assert set(VIEW_KEYS) <= set(view) and not set(RETIRED_VIEW_KEYS) & set(view)
            assert all("kind" in entry and "seat" in entry for entry in view["log"])
            assert view["mover"] == (state.to_act()[0] if state.to_act() else None)
        if state.is_over():
            break
        state = announce_due(state) if state.due else state
        seat = state.to_act()[0]
        state = state.apply(seat, state.legal_actions(seat)[0])
    assert len(state.view(None)["finished"]) == 3


@pytest.mark.parametrize("players", [3, 4])
def test_a_search_state_keeps_what_a_king_call_revealed(players: int) -> None:
    # Seat 1's Ace passed over seat 2 (and 3): no King there; seat 0 must hold one.
    state = play(deal(["5S KD", "AS", "9D", "9H"][:players], players=players), "0:5S 1:AS")
    view = state.view(1)
    for key in range(30):
        sampled = GAME.from_view(view, random.Random(key))
        assert sampled.view(1) == view and sampled.to_act() == (0,)
        assert any(card.rank == 13 for card in sampled.hands[0])
        assert all(card.rank != 13 for seat in range(2, players) for card in sampled.hands[seat])


def test_a_search_state_keeps_the_kings_everyone_saw_handed_over() -> None:
    state = play(deal(["5S", "AS", "KH"], players=3), "0:5S 1:AS 2:give:KH")
    view = state.view(0)
    for key in range(10):
        assert Card.parse("KH") in GAME.from_view(view, random.Random(key)).hands[1]


def test_a_record_of_a_game_with_every_kind_of_action_replays() -> None:
    state = last_king_given_away(3).apply(0, "last").apply(1, "draw:2")
    kinds = {type(action) for _, action in state.history}
    assert kinds == {Play, Draw, Give, Announce}
    assert Record.from_json(Record.from_state(state).to_json()).replay() == state
