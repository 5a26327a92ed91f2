"""Why a game ended, as the tables say it: each engine's end reason is a ``Reason`` (template and
parts), kept through ``Result`` and ``GameSummary`` JSON, and phrased with the players' names and
"you" (``ui.tables.phrasing``); and the "How to win" text each table shows (``ui.app.catalog``)."""

from __future__ import annotations

import json

import pytest

from chess_cards_helpers import deal as chess_deal
from engine import GAMES, GameSummary, Reason, Result
from engine.checks import summarize
from engine.core import match_result, reason_of
from private_checkers_helpers import play as checkers_play
from private_checkers_helpers import position
from ui.app.catalog import CATALOG
from ui.kit import settings
from ui.kit.web_storage import MemoryStorage
from ui.tables.phrasing import Phrasing
from ui.tables.playing_cards import with_signs

NAMES = ["Ann", "Bo"]


def said(reason: str, you: int | None) -> str:
    return Phrasing(NAMES, you, with_signs).sentence(reason)


def test_a_results_reason_keeps_its_template_through_json() -> None:
    reason = Reason("{seat} {has|have} already said 'last card'", seat=1)
    result = Result((9, 4), (1,), reason)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["reason"] == "seat 1 has already said 'last card'"
    again = Result.from_dict(data)
    assert again == result and isinstance(again.reason, Reason)
    assert said(again.reason, 1) == "You have already said 'last card'."
    assert said(again.reason, 0) == "Bo has already said 'last card'."
    # A reason the catalog has no sentence for is never shown in the engine's English.
    assert said(Reason("{seat} {has|have} the lowest, {best}", seat=1, best=4), 1) == "The rules do not allow that now."
    # A record written before reasons had templates reads back as its plain sentence.
    old = reason_of({"reason": "3 checks to 1"})
    assert old == "3 checks to 1" and not isinstance(old, Reason)


def test_a_game_summary_keeps_its_template_through_json() -> None:
    summary = summarize(number=1, dealer=0, checks=(20, 14), left_on_board=6, left_in_deck=0)
    data = json.loads(json.dumps(summary.to_dict()))
    again = GameSummary.from_dict(data)
    assert again.to_dict() == summary.to_dict()
    assert said(reason_of(data), 0) == ("Both hands are played out and you won more checks, 20 to 14; "
                                       "the 6 cards on the board count for nobody.")
    assert said(reason_of(data), None) == ("Both hands are played out and Ann won more checks, 20 to "
                                          "14; the 6 cards on the board count for nobody.")


def test_a_drawn_checks_game_says_which_cards_count_for_nobody() -> None:
    summary = summarize(number=1, dealer=0, checks=(20, 20), left_on_board=4, left_in_deck=8)
    assert summary.reason == ("both hands are played out with the checks tied, 20 each, so neither wins; the 4 "
                              "cards on the board and the 8 cards left in the deck count for nobody")
    one = summarize(number=1, dealer=0, checks=(30, 21), left_on_board=0, left_in_deck=1)
    assert one.reason.endswith("won more checks, 30 to 21; the 1 card left in the deck counts for nobody")


def test_a_match_result_names_each_games_seats_and_the_verbs_agree() -> None:
    games = [GameSummary(1, 0, (1, 0), (0,), Reason("{seat} {has|have} more, {more}", seat=0, more=3)),
             GameSummary(2, 1, (0, 1), (1,), Reason("{seat} {has|have} more, {more}", seat=1, more=5))]
    result = match_result(games, (1, 1))
    assert result.reason == "match 1-1: game 1: seat 0 has more, 3; game 2: seat 1 has more, 5"
    # The tables say each game's own reason (a match's is put together for logs): its parts keep
    # every game's seats as data, through JSON too.
    again = Result.from_dict(json.loads(json.dumps(result.to_dict()))).reason
    assert isinstance(again, Reason)
    assert {name: again.parts[name] for name in ("seat_g1", "more_g1", "seat_g2", "more_g2")} == {
        "seat_g1": 0, "more_g1": 3, "seat_g2": 1, "more_g2": 5}
    assert said(again, 0) == "Match 1-1. Game 1: The game is over. Game 2: The game is over."  # no such templates
    out = [GameSummary(1, 0, (1, 0), (0,), Reason("{seat} played {their|your} last card and went out", seat=0)),
           GameSummary(2, 1, (0, 1), (1,), Reason("{seat} played {their|your} last card and went out", seat=1))]
    series = Result.from_dict(json.loads(json.dumps(match_result(out, (1, 1), "series").to_dict()))).reason
    assert said(series, 0) == ("Series 1-1. Game 1: You played your last card and went out. Game 2: Bo played "
                               "their last card and went out.")


def test_checkmate_says_who_went_out() -> None:
    from checkmate_helpers import announce_due, race

    state = race(["7H", "3H 9S"], top="2H", announce=False).apply(0, "last")
    state = announce_due(announce_due(state.apply(1, "3H")))
    state = state.apply(0, "7H")
    assert state.is_over()
    assert said(state.result().reason, 0) == "You played your last card and went out."
    assert said(state.result().reason, 1) == "Ann played their last card and went out."


def test_chess_cards_says_what_was_mated_and_by_what() -> None:
    state = chess_deal("bQ bR bB bN bP rN yN wN wB wP").apply(0, "bN")
    reason = state.result().reason
    assert said(reason, 1) == ("Mate: Ann led bN on move 1 and you have no card that may answer it, "
                               "so the game ends and Ann scores 3 points.")
    assert said(reason, 0) == ("Mate: you led bN on move 1 and Bo has no card that may answer it, "
                               "so the game ends and you score 3 points.")
    summary = state.view(0)["finished"][0]
    assert said(reason_of(summary), 0) == said(reason, 0)


def test_private_checkers_says_which_side_cannot_move() -> None:
    state = checkers_play(position({"a3": "m", "b2": "M", "c1": "M", "e3": "M"}), "e3-f4")
    assert said(state.result().reason, 0) == "Dark has no legal move: no victory for either side."


@pytest.mark.parametrize("entry", CATALOG, ids=lambda entry: entry.id)
def test_every_game_says_how_to_win_in_sixty_words_at_most(entry) -> None:
    assert entry.id in GAMES and 20 <= len(entry.how_to_win.split()) <= 60


def test_every_victory_of_private_checkers_is_explained() -> None:
    entry = next(item for item in CATALOG if item.id == "private-checkers")
    assert all(entry.term(kind) for kind in ("survival", "tactical", "total"))
    assert entry.term("no such word") == ""


def test_the_games_whose_how_to_win_was_shown_are_kept_and_only_then() -> None:
    store = MemoryStorage()
    assert settings.read(store)["how_to_win_seen"] == []
    settings.write({"motion": True}, store)
    assert json.loads(store.getItem(settings.KEY)) == {}  # defaults are not kept
    settings.write({"how_to_win_seen": ["checks"]}, store)
    assert settings.read(store)["how_to_win_seen"] == ["checks"]
    assert json.loads(store.getItem(settings.KEY)) == {"how_to_win_seen": ["checks"]}
