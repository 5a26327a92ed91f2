"""The lists of saved games (ui/screens/saved_lists.py) and where the gallery and setup put them.

The lists are ``ui.kit.dom`` Node trees built from a ``Store`` over ``MemoryStorage``: plain Python,
so these tests read the trees the page would mount, attribute by attribute.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from engine import Record
from ui.app.play_setup import SeatSpec
from ui.kit.dom import Node
from ui.kit.web_storage import MemoryStorage
from ui.screens.gallery import GalleryScreen
from ui.screens.saved_lists import (
    ListActions,
    continue_section,
    history_section,
    replay_link,
    stats_section,
    storage_problem,
)
from ui.screens.setup import SetupScreen
from ui.storage.saves import GAME_KEY, SavedGame, Store, Tally

TITLES = {"checks": "Checks", "chess-cards": "Chess Cards (MATE)"}
MINUTE = 60_000.0
YOU = SeatSpec("human", "You")
HARD = SeatSpec("bot", "Bot (hard)", "hard")
EASY = SeatSpec("bot", "Bot (easy)", "easy")


# -- reading Node trees ---------------------------------------------------------------------------

def walk(node: Node) -> Iterator[Node]:
    yield node
    for child in node.children:
        if isinstance(child, Node):
            yield from walk(child)


def text(node: Node | str) -> str:
    if isinstance(node, str):
        return node
    return "".join(text(child) for child in node.children)


def find(node: Node, tag: str | None = None, **attrs: Any) -> list[Node]:
    """Nodes under ``node`` with ``tag`` whose attributes hold ``attrs`` (``True``: present;
    underscores in names stand for dashes)."""
    found = []
    for item in walk(node):
        if tag is not None and item.tag != tag:
            continue
        if all((name.replace("_", "-") in item.attrs) if value is True
               else item.attrs.get(name.replace("_", "-")) == value for name, value in attrs.items()):
            found.append(item)
    return found


def one(node: Node, tag: str | None = None, **attrs: Any) -> Node:
    found = find(node, tag, **attrs)
    assert len(found) == 1, f"{len(found)} matches for {tag} {attrs}"
    return found[0]


def page(nodes: list[Node]) -> Node:
    return Node("body", {}, nodes)


# -- a store with games -----------------------------------------------------------------------

class Clock:
    def __init__(self, now: float = 1_000_000_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def make_store(storage: Any | None = None, clock: Clock | None = None, problem: str = "") -> Store:
    return Store(storage if storage is not None else MemoryStorage(), problem,
                 clock=clock or Clock(), rng=random.Random(7))


def game(store: Store, game_id: str = "checks", seats: tuple[SeatSpec, ...] = (YOU, HARD), moves: int = 3,
         result: dict[str, Any] | None = None) -> SavedGame:
    record = Record(game=game_id, seed=5, players=len(seats),
                    moves=[(index % len(seats), f"m{index}") for index in range(moves)])
    return SavedGame(id=store.new_id(), record=record, seats=seats, result=result)


def won_by(*seats: int) -> dict[str, Any]:
    return {"scores": [0, 0], "winners": list(seats), "reason": "test"}


# -- Continue -----------------------------------------------------------------------------------

def test_no_game_in_progress_means_no_continue_section() -> None:
    assert continue_section([], 0.0, game_titles=TITLES, show_game=True) is None


def test_continue_lists_each_game_with_its_link_move_time_and_discard_button() -> None:
    clock = Clock()
    store = make_store(clock=clock)
    older = store.save(game(store, moves=3))
    clock.now += 2 * MINUTE
    newer = store.save(game(store, "chess-cards", (YOU, EASY), moves=7))
    clock.now += 5 * MINUTE
    section = continue_section(store.games(), store.now(), game_titles=TITLES, show_game=True)
    assert section is not None and section.attrs["data-testid"] == "continue" and section.tag == "section"
    assert "Continue" in text(one(section, "h2"))
    items = find(section, "li")
    # The latest played first.
    assert [item.attrs["data-save-id"] for item in items] == [newer.id, older.id]
    assert [item.attrs["data-game"] for item in items] == ["chess-cards", "checks"]
    link = one(items[1], "a", **{"class": "continue-link"})
    assert link.attrs["href"] == f"#/checks/play?id={older.id}"
    assert "Checks against Bot (hard)" in text(link)
    assert "move 3" in text(link) and "7 min ago" in text(link)
    assert "move 7" in text(items[0]) and "5 min ago" in text(items[0])
    button = one(items[1], "button")
    assert button.attrs["data-cmd"] == f"discard:{older.id}" and text(button) == "Discard"
    assert "Checks" in button.attrs["aria-label"] and "Bot (hard)" in button.attrs["aria-label"]


def test_on_a_setup_page_the_game_title_is_left_out() -> None:
    store = make_store()
    store.save(game(store))
    section = continue_section(store.games("checks"), store.now(), game_titles=TITLES, show_game=False)
    assert section is not None
    link_text = text(one(section, "a"))
    assert link_text.startswith("Against Bot (hard)") and "Checks" not in link_text
    # The discard button still names the game for a screen reader.
    assert "Checks" in one(section, "button").attrs["aria-label"]


def test_opponents_are_named_once_with_a_count_and_people_only_tables_read_as_versus() -> None:
    store = make_store()
    store.save(game(store, seats=(YOU, HARD, HARD)))
    store.save(game(store, seats=(SeatSpec("human", "Ann"), SeatSpec("human", "Bob"))))
    section = continue_section(store.games(), store.now(), game_titles=TITLES, show_game=True)
    assert section is not None
    texts = sorted(text(link) for link in find(section, "a"))
    assert any(t.startswith("Checks against Bot (hard) ×2") for t in texts), texts
    assert any(t.startswith("Checks: Ann vs Bob") for t in texts), texts


def test_an_unreadable_saved_game_is_listed_with_its_reason_and_a_discard_button() -> None:
    storage = MemoryStorage()
    store = make_store(storage)
    kept = store.save(game(store))
    storage.setItem(GAME_KEY + "broken1", "{not json")
    storage.setItem(GAME_KEY + "other2", '{"schema": 99}')
    section = continue_section(store.games("checks"), store.now(), game_titles=TITLES, show_game=False)
    assert section is not None
    problems = find(section, "li", data_save_problem=True)
    assert sorted(item.attrs["data-save-id"] for item in problems) == ["broken1", "other2"]
    for item in problems:
        assert "A saved game cannot be read: " in text(item)
        assert one(item, "button").attrs["data-cmd"] == f"discard:{item.attrs['data-save-id']}"
        assert not find(item, "a")  # nothing to open
    assert "schema 99" in text(next(item for item in problems if item.attrs["data-save-id"] == "other2"))
    # The readable game is still there.
    assert one(section, "li", data_save_id=kept.id).attrs["data-game"] == "checks"


# -- statistics ---------------------------------------------------------------------------------

def test_no_statistics_before_a_game_is_played() -> None:
    assert stats_section({}, ("easy", "hard")) is None
    assert stats_section({"hard": Tally()}, ("easy", "hard")) is None


def test_statistics_rows_by_level_weakest_first_with_a_total() -> None:
    stats = {"hard": Tally(3, 1, 0, 2), "easy + hard": Tally(1, 0, 1, 0), "easy": Tally(2, 2, 0, 0)}
    section = stats_section(stats, ("random", "easy", "hard"))
    assert section is not None and section.attrs["data-testid"] == "stats"
    rows = find(section, "tr", data_level=True)
    assert [row.attrs["data-level"] for row in rows] == ["easy", "hard", "easy + hard"]
    hard = rows[1]
    assert {cell.attrs["data-stat"]: text(cell) for cell in find(hard, "td")} == \
        {"played": "3", "won": "1", "drawn": "0", "lost": "2"}
    header = [text(cell) for cell in find(one(section, "thead"), "th")]
    assert header == ["Bot level", "Played", "Won", "Drawn", "Lost"]
    total = one(section, "tr", **{"class": "stats-total"})
    assert [text(cell) for cell in find(total, "td")] == ["6", "3", "1", "2"]


def test_a_single_level_has_no_total_row() -> None:
    section = stats_section({"hard": Tally(1, 1, 0, 0)}, ("hard",))
    assert section is not None and not find(section, "tr", **{"class": "stats-total"})


def test_finished_games_count_in_the_statistics_shown() -> None:
    store = make_store()
    store.finish(game(store, result=won_by(0)))
    store.finish(game(store, result=won_by(1)))
    store.finish(game(store, seats=(YOU, EASY), result=won_by(0, 1)))
    section = stats_section(store.stats("checks"), ("random", "easy", "hard"))
    assert section is not None
    cells = {(row.attrs["data-level"], cell.attrs["data-stat"]): text(cell)
             for row in find(section, "tr", data_level=True) for cell in find(row, "td")}
    assert cells[("hard", "played")] == "2" and cells[("hard", "won")] == "1" and cells[("hard", "lost")] == "1"
    assert cells[("easy", "drawn")] == "1"


# -- history ------------------------------------------------------------------------------------

def test_no_history_means_no_section_and_the_record_link_stands_alone() -> None:
    assert history_section([], 0.0, game="checks") is None
    link = one(replay_link("checks"), "a")
    assert link.attrs["href"] == "#/checks/replay" and text(link) == "Open a record file"


def test_history_says_the_result_opponents_and_when_with_a_replay_link() -> None:
    clock = Clock()
    store = make_store(clock=clock)
    won = store.finish(game(store, result=won_by(0)))
    clock.now += MINUTE
    lost = store.finish(game(store, result=won_by(1)))
    clock.now += MINUTE
    people = (SeatSpec("human", "Ann"), SeatSpec("human", "Bob"))
    ann = store.finish(game(store, seats=people, result=won_by(0)))
    clock.now += MINUTE
    drawn = store.finish(game(store, seats=people, result=won_by()))
    clock.now += 3 * 86_400_000
    section = history_section(store.history("checks"), store.now(), game="checks")
    assert section is not None and section.attrs["data-testid"] == "history"
    assert "Recent games" in text(one(section, "h2"))
    items = find(section, "li")
    assert [item.attrs["data-done-id"] for item in items] == [drawn.id, ann.id, lost.id, won.id]
    assert [item.attrs["data-result"] for item in items] == ["drawn", "winners", "lost", "won"]
    assert "Drawn" in text(items[0]) and "Ann vs Bob" in text(items[0])
    assert "Ann won" in text(items[1])
    assert "Lost" in text(items[2]) and "against Bot (hard)" in text(items[2])
    assert "Won" in text(items[3]) and "3 days ago" in text(items[3])
    for item in items:
        replay = one(item, "a")
        assert replay.attrs["href"] == f"#/checks/replay?id={item.attrs['data-done-id']}"
        assert text(replay) == "Replay"
    # The record-file link comes last, inside the section.
    links = find(section, "a")
    assert links[-1].attrs["href"] == "#/checks/replay" and text(links[-1]) == "Open a record file"
    assert "4 finished games kept" in text(section)


def test_history_shows_the_latest_ten_and_says_how_many_are_kept() -> None:
    clock = Clock()
    store = make_store(clock=clock)
    ids = []
    for _ in range(12):
        clock.now += MINUTE
        ids.append(store.finish(game(store, result=won_by(0))).id)
    section = history_section(store.history("checks"), store.now(), game="checks")
    assert section is not None
    shown = [item.attrs["data-done-id"] for item in find(section, "li", data_done_id=True)]
    assert shown == list(reversed(ids))[:10]
    assert "The latest 10 of 12 finished games" in text(section)
    assert "last 100" in text(section)


def test_an_unreadable_finished_game_is_listed_with_a_remove_button() -> None:
    storage = MemoryStorage()
    store = make_store(storage)
    storage.setItem("five-checks:done:bad3", "[]")
    section = history_section(store.history("checks"), store.now(), game="checks")
    assert section is not None
    item = one(section, "li", data_done_problem=True)
    assert "A finished game cannot be read" in text(item)
    assert one(item, "button").attrs["data-cmd"] == "forget:bad3"


# -- storage and the lists' buttons --------------------------------------------------------------

def test_storage_problem_line_only_when_the_store_has_one() -> None:
    assert storage_problem(make_store()) is None
    line = storage_problem(make_store(problem="This browser keeps no games."))
    assert line is not None and line.attrs["data-testid"] == "storage-problem"
    assert text(line) == "This browser keeps no games."


def test_discard_removes_the_game_and_restore_brings_it_back() -> None:
    store = make_store()
    saved = store.save(game(store, moves=4))
    actions = ListActions(store, TITLES)
    assert actions.command(f"discard:{saved.id}")
    assert store.games() == []
    note = one(page(actions.notes()), "p", data_testid="discarded")
    assert "Checks against Bot (hard), move 4" in text(note)
    assert one(note, "button").attrs["data-cmd"] == "restore"
    assert actions.command("restore")
    back = store.games()
    assert [item.id for item in back] == [saved.id] and back[0].saved is not None
    assert back[0].saved.record == saved.record
    assert actions.notes() == []


def test_discarding_an_unreadable_game_offers_nothing_to_bring_back() -> None:
    storage = MemoryStorage()
    store = make_store(storage)
    storage.setItem(GAME_KEY + "broken1", "nope")
    actions = ListActions(store, TITLES)
    assert actions.command("discard:broken1")
    assert store.games() == [] and actions.notes() == []


def test_forget_removes_a_finished_game_but_not_its_statistics() -> None:
    store = make_store()
    done = store.finish(game(store, result=won_by(0)))
    assert ListActions(store, TITLES).command(f"forget:{done.id}")
    assert store.history() == [] and store.stats("checks")["hard"].won == 1


def test_other_commands_are_left_to_the_screen() -> None:
    actions = ListActions(make_store(), TITLES)
    assert not actions.command("start") and not actions.command("reseed") and not actions.command("")


def test_a_refused_discard_is_said_and_the_game_stays() -> None:
    class Refusing(MemoryStorage):
        def removeItem(self, key: str) -> None:
            raise RuntimeError("SecurityError: the operation is insecure")

    store = make_store(Refusing())
    saved = store.save(game(store))
    actions = ListActions(store, TITLES)
    assert actions.command(f"discard:{saved.id}")
    alert = one(page(actions.notes()), "p", data_testid="list-problem")
    assert "refused" in text(alert) and alert.attrs["role"] == "alert"
    assert [item.id for item in store.games()] == [saved.id]


# -- the screens ------------------------------------------------------------------------------

class Field:
    """A form control as ``on_change`` sees it."""

    def __init__(self, field: str, checked: bool = False, value: str = "") -> None:
        self.attrs = {"data-field": field}
        self.checked = checked
        self.value = value

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)


def setup_screen(store: Store, game_id: str = "checks",
                 query: tuple[tuple[str, str], ...] = ()) -> SetupScreen:
    navigate: Callable[[str], None] = lambda target: None  # noqa: E731
    return SetupScreen(None, navigate, game_id, query, store=store)


def test_setup_shows_continue_before_the_form_and_results_after_it() -> None:
    store = make_store()
    store.save(game(store))
    store.save(game(store, "chess-cards"))  # another game's: not listed here
    store.finish(game(store, result=won_by(0)))
    body = page(setup_screen(store).render())
    order = [node for node in walk(body)
             if node.attrs.get("data-testid") in ("continue", "start", "stats", "history")]
    assert [node.attrs["data-testid"] for node in order] == ["continue", "start", "stats", "history"]
    continuing = one(body, "section", data_testid="continue")
    assert [item.attrs["data-game"] for item in find(continuing, "li")] == ["checks"]
    # The sticky start row belongs to the form's section; the records sit outside it.
    setup = one(body, "section", data_testid="setup")
    assert not find(setup, data_testid="stats") and not find(setup, data_testid="history")


def test_setup_without_saved_games_still_links_the_replay_viewer() -> None:
    body = page(setup_screen(make_store()).render())
    assert not find(body, data_testid="continue") and not find(body, data_testid="stats")
    assert not find(body, data_testid="history")
    assert one(body, "a", href="#/checks/replay")


def test_takebacks_checkbox_on_by_default_and_off_gives_undo_0() -> None:
    screen = setup_screen(make_store())
    box = one(page(screen.render()), "input", id="undo")
    assert box.attrs["data-field"] == "undo" and box.attrs["checked"] is True
    assert "undo=" not in screen.play_setup().to_hash()
    screen.on_change(Field("undo", checked=False))
    assert screen.play_setup().undo is False and screen.play_setup().to_hash().endswith("&undo=0")
    assert one(page(screen.render()), "input", id="undo").attrs["checked"] is False


def test_takebacks_are_not_offered_to_people_sharing_the_device() -> None:
    screen = setup_screen(make_store(), "chess-cards")
    screen.on_change(Field("undo", checked=False))
    screen.kinds = ["human", "human"]
    assert not find(page(screen.render()), "input", id="undo")
    assert screen.play_setup().undo is True  # nothing to switch off: the link says nothing


def test_setup_prefills_takebacks_off_from_the_route() -> None:
    screen = setup_screen(make_store(), "checks", (("seats", "human,bot:hard"), ("undo", "0")))
    assert one(page(screen.render()), "input", id="undo").attrs["checked"] is False
    assert "undo=0" in screen.play_setup().to_hash()


def test_takebacks_help_differs_with_hidden_cards() -> None:
    open_game = text(one(page(setup_screen(make_store(), "chess-cards").render()), "label", **{"for": "undo"}))
    hidden = text(one(page(setup_screen(make_store(), "checks").render()), "label", **{"for": "undo"}))
    assert "Allow takebacks" in open_game and "Allow takebacks" in hidden
    assert "no card" in hidden and "no card" not in open_game


def test_setup_shows_the_storage_problem() -> None:
    body = page(setup_screen(make_store(problem="Nothing is kept.")).render())
    assert text(one(body, "p", data_testid="storage-problem")) == "Nothing is kept."


def test_gallery_lists_games_in_progress_of_every_game_above_the_games() -> None:
    store = make_store(problem="Nothing is kept.")
    first = store.save(game(store))
    second = store.save(game(store, "chess-cards"))
    screen = GalleryScreen(None, lambda target: None, None, store=store)
    nodes = screen.render()
    tags = [node.attrs.get("data-testid") or node.attrs.get("class") for node in nodes]
    assert tags.index("storage-problem") < tags.index("continue") < tags.index("gallery")
    section = one(page(nodes), "section", data_testid="continue")
    assert {item.attrs["data-save-id"] for item in find(section, "li")} == {first.id, second.id}
    assert any(text(link).startswith("Chess Cards (MATE) against") for link in find(section, "a"))
    # Nothing extra when nothing is saved and storage works.
    assert [node.attrs.get("class") for node in GalleryScreen(None, lambda target: None, None,
                                                              store=make_store()).render()] \
        == ["shell-header", "gallery", "shell-join", "theme-control", "theme-control language-control"]


def test_names_that_look_like_markup_stay_text() -> None:
    """Names reach the page as text nodes only: one that looks like markup stays a string."""
    store = make_store()
    sneaky = SeatSpec("human", "<img src=x onerror=alert(1)>")
    store.save(game(store, seats=(sneaky, SeatSpec("human", "Bo"))))
    section = continue_section(store.games(), store.now(), game_titles=TITLES, show_game=True)
    assert section is not None
    assert not find(section, "img")
    assert "<img src=x onerror=alert(1)> vs Bo" in text(section)
