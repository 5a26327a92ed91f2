"""The saved-game format and store (ui/storage/saves.py): round trips, versions, corrupt input, the
history and statistics, a full or missing storage, records as files and links."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from engine import GAMES, Record, SetupError
from ui.app.play_setup import PlaySetup, SeatSpec
from ui.kit.web_storage import MemoryStorage
from ui.storage.saves import (
    DONE_KEY,
    GAME_KEY,
    HISTORY_LIMIT,
    SCHEMA,
    STATS_KEY,
    SavedGame,
    SaveError,
    StorageError,
    Store,
    ago,
    outcome,
    pack_record,
    read_record,
    record_json,
    unpack_record,
)

YOU = SeatSpec("human", "You")
HARD = SeatSpec("bot", "Bot (hard)", "hard")
EASY = SeatSpec("bot", "Bot (easy)", "easy")


def played(game_id: str, seed: int, moves: int) -> Record:
    """A record of ``moves`` actions (each seat's first legal action) from a seeded deal."""
    state = GAMES[game_id].new(seed=seed)
    for _ in range(moves):
        seat = state.to_act()[0]
        state = state.apply(seat, state.legal_actions(seat)[0])
    return Record.from_state(state)


def finished(game_id: str, seed: int) -> tuple[Record, dict]:
    state = GAMES[game_id].new(seed=seed)
    while not state.is_over():
        seat = state.to_act()[0]
        state = state.apply(seat, state.legal_actions(seat)[0])
    result = state.result()
    return Record.from_state(state), {"scores": list(result.scores), "winners": list(result.winners),
                                      "reason": result.reason}


def a_game(id: str = "abc123", seats=(YOU, HARD), moves: int = 3, **changes) -> SavedGame:
    return replace(SavedGame(id=id, record=played("checks", 7, moves), seats=tuple(seats),
                             created=1000.0, updated=2000.0), **changes)


def store(storage=None, clock=None) -> Store:
    ticks = iter(range(10_000, 10_000_000, 1000))
    return Store(storage if storage is not None else MemoryStorage(), clock=clock or (lambda: next(ticks)),
                 rng=random.Random(5))


# -- the format -----------------------------------------------------------------------------


def test_a_saved_game_round_trips_and_replays_to_the_same_state() -> None:
    saved = a_game(seed_given=True, delay_ms=0, undo=False, shown=1)
    again = SavedGame.from_json(saved.to_json())
    assert again == saved
    assert again.record.replay() == saved.record.replay()
    assert again.ply == 3 and again.game == "checks"
    assert json.loads(saved.to_json())["schema"] == SCHEMA


def test_its_setup_is_the_play_setup_it_was_started_with() -> None:
    saved = a_game(seed_given=False, delay_ms=50, undo=False)
    assert saved.setup() == PlaySetup("checks", (YOU, HARD), seed=7, options=dict(saved.record.options),
                                      delay_ms=50, seed_given=False, undo=False)


@pytest.mark.parametrize("text, problem", [
    ("{not json", "not JSON"),
    ("[1, 2]", "expected a JSON object"),
    (json.dumps({"schema": 99}), "schema 99"),
    (json.dumps({"schema": SCHEMA, "id": "a"}), "missing 'record'"),
    (None, "nothing readable"),
])
def test_unreadable_values_are_refused_with_what_is_wrong(text, problem) -> None:
    with pytest.raises(SaveError, match=problem):
        SavedGame.from_json(text)


@pytest.mark.parametrize("change, problem", [
    (lambda d: d["record"].update(moves="all of them"), "moves must be"),
    (lambda d: d["record"].update(seed="seven"), "seed must be a whole number"),
    (lambda d: d.update(seats=[{"kind": "ghost", "name": "x"}] * 2), "a person, a bot or a friend"),
    (lambda d: d.update(seats=d["seats"][:1]), "1 seats for 2 players"),
    (lambda d: d.update(delay="slow"), "delay must be a number"),
    (lambda d: d.update(result={"winners": 0}), "scores and winners"),
])
def test_a_saved_game_edited_by_hand_is_refused(change, problem) -> None:
    data = json.loads(a_game().to_json())
    change(data)
    with pytest.raises(SaveError) as refused:
        SavedGame.from_json(json.dumps(data))
    # The engine's own words, where it refused, are for developers; a person reads the catalog's.
    assert problem in str(refused.value) or (problem in refused.value.detail and "its record is not one this "
                                             "version reads" in str(refused.value)), (str(refused.value),
                                                                                       refused.value.detail)


# -- the store ------------------------------------------------------------------------------


def test_save_then_load_gives_the_game_back_stamped_with_the_time() -> None:
    games = store()
    saved = games.save(a_game())
    assert saved.updated == 10_000
    assert games.load("abc123") == saved
    assert [item.id for item in games.games("checks")] == ["abc123"]
    assert games.games("checkmate") == []


def test_a_missing_game_is_a_save_error_naming_it() -> None:
    with pytest.raises(SaveError, match="no saved game 'nope'"):
        store().load("nope")


def test_new_ids_are_opaque_and_unused() -> None:
    games = store()
    first = games.new_id()
    games.save(a_game(id=first))
    second = games.new_id()
    assert first != second and first.isalnum() and len(first) == 10


def test_games_in_progress_list_the_latest_first_and_unreadable_ones_with_their_problem() -> None:
    storage = MemoryStorage()
    games = store(storage)
    games.save(a_game(id="old"))
    games.save(a_game(id="new"))
    storage.setItem(GAME_KEY + "bad", "{oops")
    listed = games.games()
    assert [item.id for item in listed] == ["bad", "new", "old"]
    assert listed[0].saved is None and "not JSON" in listed[0].problem
    games.discard("bad")
    assert [item.id for item in games.games()] == ["new", "old"]


def test_finishing_moves_a_game_to_the_history_and_counts_it_once() -> None:
    games = store()
    record, result = finished("checks", 3)
    saved = a_game(record=record, result=result)
    games.save(a_game())  # in progress before it ended
    games.finish(saved)
    games.finish(saved)  # written again (a reload of the finished game): counted once
    assert games.games() == []
    assert [item.id for item in games.history("checks")] == ["abc123"]
    assert games.load("abc123").result == result
    tally = games.stats("checks")["hard"]
    assert tally.played == 1
    verdict = outcome(saved)
    assert verdict is not None and getattr(tally, verdict[1]) == 1


def test_outcomes_for_the_person_against_bots() -> None:
    base = a_game(result={"scores": [3, 1], "winners": [0], "reason": ""})
    assert outcome(base) == ("hard", "won")
    assert outcome(replace(base, result={"scores": [1, 3], "winners": [1], "reason": ""})) == ("hard", "lost")
    assert outcome(replace(base, result={"scores": [2, 2], "winners": [], "reason": ""})) == ("hard", "drawn")
    assert outcome(replace(base, seats=(YOU, SeatSpec("human", "Ann")))) is None  # people only
    assert outcome(replace(base, seats=(HARD, EASY))) is None  # bots only
    assert outcome(replace(base, result=None)) is None
    three = replace(base, seats=(YOU, EASY, HARD))
    assert outcome(three)[0] == "easy + hard"


def test_the_history_keeps_the_last_hundred() -> None:
    storage = MemoryStorage()
    games = store(storage)
    record, result = finished("chess-cards", 1)
    for number in range(HISTORY_LIMIT + 3):
        games.finish(a_game(id=f"g{number:03}", record=record, result=result))
    kept = [item.id for item in games.history()]
    assert len(kept) == HISTORY_LIMIT
    assert kept[0] == f"g{HISTORY_LIMIT + 2:03}" and "g000" not in kept and "g002" not in kept
    assert sum(games.stats("chess-cards")["hard"].to_list()[1:]) == HISTORY_LIMIT + 3  # stats keep all


def test_unreadable_statistics_start_again_without_touching_games() -> None:
    storage = MemoryStorage()
    games = store(storage)
    storage.setItem(STATS_KEY, "][")
    assert games.stats("checks") == {}
    record, result = finished("checks", 3)
    games.finish(a_game(record=record, result=result))
    assert games.stats("checks")["hard"].played == 1


def test_a_full_storage_raises_storage_error_and_keeps_what_was_there() -> None:
    storage = MemoryStorage(quota=800)
    games = store(storage)
    games.save(a_game(id="small"))
    big = a_game(id="big", record=finished("checks", 3)[0])
    with pytest.raises(StorageError, match="full"):
        games.save(big)
    assert [item.id for item in games.games()] == ["small"]


def test_a_storage_that_throws_lists_nothing_and_refuses_writes_with_a_reason() -> None:
    class Broken:
        length = 0

        def getItem(self, key):
            raise RuntimeError("SecurityError: access denied")

        def setItem(self, key, value):
            raise RuntimeError("SecurityError: access denied")

        def removeItem(self, key):
            raise RuntimeError("SecurityError: access denied")

        def key(self, index):
            return None

    games = Store(Broken())
    assert games.games() == [] and games.history() == []
    with pytest.raises(StorageError, match="SecurityError"):
        games.save(a_game())


def test_a_finished_game_is_found_by_its_id_in_the_history() -> None:
    games = store()
    record, result = finished("checks", 3)
    games.finish(a_game(record=record, result=result))
    assert games.load("abc123").result is not None
    games.forget("abc123")
    with pytest.raises(SaveError):
        games.load("abc123")
    assert games._get(DONE_KEY + "abc123") is None


# -- records as files and links -------------------------------------------------------------


def test_a_record_file_carries_names_the_engine_ignores() -> None:
    record = played("checkmate", 4, 5)
    text = record_json(record, ["Ann", "Bot (hard)"])
    assert Record.from_json(text) == record
    assert read_record(text) == (record, ["Ann", "Bot (hard)"])
    assert read_record(record.to_json()) == (record, None)
    # Names that do not fit the seats are dropped; odd characters are cleaned like typed names.
    assert read_record(record_json(record, ["only one"]))[1] is None
    assert read_record(record_json(record, ["A,\u0007nn", ""]))[1] == ["Ann", "Seat 2"]


def test_a_link_packs_a_record_and_unpacks_it_again() -> None:
    record = played("private-checkers", 2, 12)
    packed = pack_record(record, ["You", "Bot (easy)"])
    assert packed.replace("-", "").replace("_", "").isalnum()
    assert unpack_record(packed) == (record, ["You", "Bot (easy)"])
    assert len(packed) < len(record.to_json())


@pytest.mark.parametrize("text", ["", "!!!", pack_record(played("checks", 1, 2))[:-9]])
def test_a_damaged_link_is_a_setup_error(text) -> None:
    with pytest.raises(SetupError, match="not a game record"):
        unpack_record(text)


def test_ago_in_words() -> None:
    minute = 60_000
    assert ago(0, 30_000) == "just now"
    assert ago(0, 5 * minute) == "5 min ago"
    assert ago(0, 3 * 60 * minute) == "3 h ago"
    assert ago(0, 30 * 60 * minute) == "yesterday"
    assert ago(0, 3 * 24 * 60 * minute) == "3 days ago"
