"""Seat names at a table: bots of one level are told apart by their seat number (every game's
table applies ``distinct_bot_names``, ui/tables/base.py)."""

from __future__ import annotations

from ui.app.play_setup import SeatSpec, bot_name, distinct_bot_names, parse_seats

LEVELS = ("easy", "medium", "hard")


def names(seats: tuple[SeatSpec, ...]) -> list[str]:
    return [spec.name for spec in seats]


def test_bots_of_one_level_are_numbered_by_seat_and_a_lone_bot_keeps_its_name() -> None:
    seats = parse_seats("human,bot:easy,bot:hard,bot:easy", (2, 4), LEVELS)
    assert names(seats) == ["You", "Bot (easy)", "Bot (hard)", "Bot (easy)"]
    named = distinct_bot_names(seats)
    assert names(named) == ["You", "Bot 2 (easy)", "Bot (hard)", "Bot 4 (easy)"]
    assert [(spec.kind, spec.level) for spec in named] == [(spec.kind, spec.level) for spec in seats]
    assert distinct_bot_names(named) == named  # a saved game's names stay as they are


def test_people_keep_the_names_they_typed_even_when_equal() -> None:
    seats = (SeatSpec("human", "Ann"), SeatSpec("human", "Ann"), SeatSpec("bot", bot_name("easy"), "easy"))
    assert distinct_bot_names(seats) == seats
