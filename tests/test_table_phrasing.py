"""The engine's reasons as a table says them (``ui.tables.phrasing``): built once from the parts
of a ``Reason``, the verbs agreeing with "you", and the engine's own sentence unchanged."""

from __future__ import annotations

import pytest

from checkmate_helpers import deal, race
from engine import GAMES, IllegalAction, NotYourTurn, Reason
from engine.core import SeatRef
from flow_support import EASY_BOT, YOU, flow_at
from ui.tables.checkmate import CheckmateTable
from ui.tables.events import Refused
from ui.tables.flow import FlowStopped
from ui.tables.phrasing import Phrasing, refusal
from ui.tables.playing_cards import with_signs

NAMES = ["You", "Bo", "Cy"]


def test_a_reason_reads_as_the_engines_sentence_and_keeps_its_parts() -> None:
    reason = Reason("{seat} {holds|hold} {count} cards: {card} is not in {seat's} hand", seat=1, count=3, card="7C")
    assert reason == "seat 1 holds 3 cards: 7C is not in seat 1's hand"
    assert reason.parts == {"seat": 1, "count": 3, "card": "7C"} and isinstance(reason.parts["seat"], SeatRef)


@pytest.mark.parametrize(("you", "said"), [
    (1, "7♣︎ is not in your hand."),
    (None, "7♣︎ is not in Bo's hand."),
    (0, "7♣︎ is not in Bo's hand."),
])
def test_the_table_says_a_seat_by_name_or_as_you(you: int | None, said: str) -> None:
    reason = Reason("{card} is not in {seat's} hand", seat=1, card="7C")
    assert Phrasing(NAMES, you, with_signs).sentence(reason) == said


def test_other_seats_in_a_sentence_keep_their_names_and_the_verb_agrees_with_its_subject() -> None:
    reason = Reason("{seat} must first give a King to {seat_ace}, who played an Ace", seat=0, seat_ace=2)
    assert Phrasing(NAMES, 0, with_signs).sentence(reason) == "You must first give a King to Cy, who played an Ace."
    assert Phrasing(NAMES, 2, with_signs).sentence(reason) == "You must first give a King to you, who played an Ace."


def test_engine_text_the_catalog_does_not_hold_is_never_shown_as_it_is() -> None:
    # Plain text, or a template the catalog has no sentence for: a sentence of the catalog instead.
    assert Phrasing(NAMES, 0, with_signs).sentence("no Ace is waiting for a King") == "The rules do not allow that now."
    unknown = Reason("{seat} {holds|hold} {count} cards", seat=1, count=3)
    assert Phrasing(NAMES, 1, with_signs).sentence(unknown) == "The rules do not allow that now."
    assert Phrasing(NAMES, 1, with_signs).sentence(unknown, "The game is over.") == "The game is over."


def test_every_seat_reason_of_the_engines_reads_right_for_you() -> None:
    # Seat 0 holds one card and owes "last card"; saying it twice, or at another moment, is refused.
    state = race(["7H", "3H 9S"], top="2H", announce=False).apply(0, "last")
    reason = state.why_illegal(0, GAMES["checkmate"].parse_action(state, "last"))
    assert isinstance(reason, Reason)
    assert Phrasing(NAMES, 0, with_signs).sentence(reason) == "You have already said 'last card'."
    opening = deal([], players=2)
    reason = opening.why_illegal(0, GAMES["checkmate"].parse_action(opening, "last"))
    assert Phrasing(NAMES, 0, with_signs).sentence(reason) == (
        "'last card' is said with exactly one card in hand; you hold 10.")


def test_a_refusal_is_phrased_from_the_exception_that_refused_it() -> None:
    flow, timers, heard = flow_at(deal(["7C 2S 3S 4S 5S 6S 9S 10S QS JS", "8C"], stock="2H"),
                                  (YOU, EASY_BOT), delay_ms=5_000)
    phrasing = Phrasing(["You", "Bot (easy)"], 0, with_signs)

    def why(notation: str) -> str:
        error = flow.refusal(0, notation)
        return "" if error is None else refusal(error, phrasing, 0)

    assert why("8C") == "8♣︎ is not in your hand."
    assert why("7C") == ""
    flow.act(0, "7C")
    assert why("2S") == "Not your turn: Bot (easy) to play."
    assert why("zz") == "The rules do not allow that now."  # notation only a developer writes
    with pytest.raises(IllegalAction):
        flow.act(0, "2S")
    refused = [event for event in heard.events if isinstance(event, Refused)]
    assert [(event.seat, event.notation) for event in refused] == [(0, "2S")]
    assert isinstance(refused[0].error, NotYourTurn) and refused[0].error.to_act == (1,)
    assert refusal(FlowStopped("stopped", kind="paused"), phrasing, 0).startswith("This game is over: press")


def test_checkmate_says_its_phrase_in_curly_quotes() -> None:
    state = race(["7H", "3H 9S"], top="2H", announce=False).apply(0, "last")
    reason = state.why_illegal(0, GAMES["checkmate"].parse_action(state, "last"))
    table = object.__new__(CheckmateTable)  # its words need nothing of a table drawn on a page
    assert Phrasing(NAMES, 0, table.card_words).sentence(reason) == "You have already said “last card”."
