"""``ui.kit.motion.plan`` (which thing goes from where to where) and ``ui.kit.settings``, without a browser.

A thing is measured as a node, a key and a box; the page numbers its nodes, here a node is a
plain object (two things are one node when they hold the same object).
The page itself (the animations started, reduced motion, the toggle) is tested in
tests/e2e/test_motion.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from ui.kit import settings
from ui.kit.motion import MOST_AT_ONCE, Box, Cue, Step, Thing, plan
from ui.kit.web_storage import MemoryStorage

HAND = Box(0, 500, 400, 100)  # seat 0's area
BOT = Box(0, 0, 400, 100)  # seat 1's area
STOCK = Box(300, 250, 60, 80)
#: The default cue of planned(): seat 0 moved.
FIRST_SEAT = Cue(0)


def card(value: str, x: float, y: float, node: Any = None, w: float = 50, h: float = 70) -> Thing:
    return Thing(node if node is not None else object(), f"card:{value}", Box(x, y, w, h))


def piece(side: str, x: float, y: float, node: Any = None) -> Thing:
    return Thing(node if node is not None else object(), f"piece:{side}", Box(x, y, 40, 40))


def back(x: float, y: float, node: Any = None, down: bool = True) -> Thing:
    return Thing(node if node is not None else object(), "", Box(x, y, 50, 70), down)


def planned(before: list[Thing], after: list[Thing], cue: Cue | None = FIRST_SEAT,
            stock: Box | None = STOCK) -> list[Step]:
    return plan(before, after, cue, lambda: {0: HAND, 1: BOT}, lambda: stock)


def kinds(steps: list[Step]) -> list[tuple[str, str]]:
    return [(step.kind, step.thing.key) for step in steps]


# -- found again ----------------------------------------------------------------------------


def test_a_card_drawn_anew_in_another_container_travels_from_where_it_was() -> None:
    kept = object()
    before = [card("7H", 10, 520), card("AC", 70, 520, kept)]
    after = [card("7H", 150, 260), card("AC", 70, 520, kept)]  # played to a pile; AC stays
    steps = planned(before, after, Cue.of(0, "7H>1"))
    assert kinds(steps) == [("move", "card:7H")]
    assert steps[0].start == Box(10, 520, 50, 70)
    assert steps[0].thing is after[0]


def test_a_node_that_stays_in_place_or_barely_moves_is_left_alone_and_one_that_slides_glides() -> None:
    still, lifted, slid = object(), object(), object()
    before = [card("AC", 0, 520, still), card("4C", 60, 517, lifted), card("9D", 120, 520, slid)]
    after = [card("AC", 0, 520, still), card("4C", 60, 520, lifted), card("9D", 60, 520, slid)]
    steps = planned(before, after)
    assert kinds(steps) == [("move", "card:9D")]
    assert steps[0].start == Box(120, 520, 50, 70)


def test_a_second_copy_of_a_card_leaves_from_the_same_place() -> None:
    # Chess Cards: the card played goes to its slot and, as a chip, to the played pile.
    before = [card("bQ", 10, 520)]
    after = [card("bQ", 150, 250), card("bQ", 20, 600, w=40, h=20)]
    steps = planned(before, after, Cue.of(0, "bQ"))
    assert kinds(steps) == [("move", "card:bQ"), ("move", "card:bQ")]
    assert [step.start for step in steps] == [Box(10, 520, 50, 70)] * 2


def test_a_card_whose_value_still_shows_elsewhere_flies_there_when_it_goes() -> None:
    chip = card("bQ", 20, 600, w=40, h=20)
    before = [card("bQ", 150, 250), chip]
    after = [Thing(chip.node, chip.key, chip.box)]
    steps = planned(before, after)
    assert kinds(steps) == [("fly", "card:bQ")]
    assert steps[0].thing is before[0] and steps[0].end == chip.box


# -- nowhere before ---------------------------------------------------------------------------


def test_a_card_the_action_names_comes_from_the_acting_seat_and_another_from_the_stock() -> None:
    old_top = card("2S", 150, 250)
    before = [old_top]
    after = [card("8S", 150, 250), card("QD", 250, 250)]  # 8S played by seat 1; QD a refill
    steps = planned(before, after, Cue.of(1, "8S"))
    assert kinds(steps) == [("enter", "card:8S"), ("enter", "card:QD"), ("stay", "card:2S")]
    assert steps[0].start is not None and (steps[0].start.cx, steps[0].start.cy) == (BOT.cx, BOT.cy)
    assert steps[1].start is not None and (steps[1].start.cx, steps[1].start.cy) == (STOCK.cx, STOCK.cy)
    assert steps[2].thing is old_top  # the covered card waits under the one landing on it


def test_a_card_that_comes_into_the_acting_seats_own_hand_is_drawn_from_the_stock() -> None:
    before = [card("AC", 0, 520)]
    after = [card("AC", 0, 520, before[0].node), card("KD", 60, 520)]
    steps = planned(before, after, Cue.of(0, "draw 3"))
    assert kinds(steps) == [("enter", "card:KD")]
    assert steps[0].start is not None and steps[0].start.cx == STOCK.cx


def test_a_back_drawn_anew_in_its_place_stays_there() -> None:
    # Check!: the places of the person's grid become buttons when a drawn card may go there.
    before = [back(100, 500), back(160, 500), back(20, 250)]
    after = [back(100, 500), back(160, 500), back(20, 250, before[2].node), card("10H", 200, 250)]
    assert kinds(planned(before, after, Cue.of(0, "draw"))) == [("enter", "card:10H")]


def test_a_card_leaves_a_hidden_hand_from_its_back_and_a_drawn_one_from_the_card_taken() -> None:
    hand_back, fan_back = back(100, 20), back(300, 260)  # a bot's hidden card; the stockpile's
    played = planned([hand_back, fan_back, card("2S", 150, 250)], [card("8S", 150, 250)], Cue.of(1, "8S"))
    assert kinds(played) == [("enter", "card:8S"), ("stay", "card:2S")]
    assert played[0].start == Box(100, 20, 50, 70) and not played[0].dealt
    kept = card("AC", 0, 520)
    drawn = planned([kept, fan_back], [card("AC", 0, 520, kept.node), card("KD", 60, 520)],
                    Cue.of(0, "draw 3"))
    assert kinds(drawn) == [("enter", "card:KD")]
    assert drawn[0].start == Box(300, 260, 50, 70) and drawn[0].dealt


def test_without_a_stock_or_a_source_outside_it_a_card_appears_in_place() -> None:
    before = [card("AC", 0, 520)]
    after = [card("AC", 0, 520, before[0].node), card("KD", 60, 520)]
    assert kinds(planned(before, after, Cue.of(0, "draw 3"), stock=None)) == [("appear", "card:KD")]


def test_a_face_where_a_back_was_flips_and_a_back_turning_up_in_place_flips() -> None:
    board_card = object()
    before = [back(100, 100), back(200, 100, board_card), card("AC", 0, 520)]
    after = [card("9H", 100, 100), back(200, 100, board_card, down=False), card("AC", 0, 520, before[2].node)]
    steps = planned(before, after)
    assert sorted(kinds(steps)) == [("flip", ""), ("flip", "card:9H")]


def test_cards_taken_up_with_a_packet_turning_face_up_come_from_it() -> None:
    # Checks: a half-trick turns up and its cards go into the hand.
    packet = object()
    before = [back(10, 560, packet), card("2H", 150, 250)]
    after = [back(10, 560, packet, down=False), card("2H", 150, 250, before[1].node),
             card("5C", 100, 520), card("6C", 160, 520)]
    steps = planned(before, after, Cue.of(1, "cash 2"))
    assert kinds(steps) == [("flip", ""), ("enter", "card:5C"), ("enter", "card:6C")]
    assert all(step.start is not None and step.start.cx == 35 for step in steps[1:])


def test_a_new_deal_or_a_table_shown_anew_is_not_animated() -> None:
    before = [card("AC", 0, 520)]
    dealt = [card(f"{rank}S", 10 * rank, 520) for rank in range(2, 3 + MOST_AT_ONCE)]
    assert not [step for step in planned(before, dealt) if step.kind == "enter"]
    assert planned([], dealt) == []  # the pass-the-device screen was up: nothing to tell
    assert planned(before, []) == []  # the table is being hidden: no copy of a hand shows


def test_a_layout_shift_moves_every_thing_along_and_still_tells_the_move() -> None:
    # A prompt line went: the whole hand and its face-down packets slide up; a card came.
    nodes = [object() for _ in range(12)]
    before = [back(40 * index, 560, node) for index, node in enumerate(nodes)] + [card("2H", 150, 250)]
    after = ([back(40 * index, 530, node) for index, node in enumerate(nodes) if index != 3]
             + [card("QD", 150, 250)])
    steps = planned(before, after, Cue.of(1, "cash 2"))
    assert kinds(steps) == [("move", "")] * 11 + [("enter", "card:QD"), ("fly", "card:2H")]
    assert steps[-2].start is not None and steps[-2].start.cx == STOCK.cx  # a refill from the stock
    assert steps[-1].end is not None and steps[-1].end.cx == BOT.cx  # the cashed card to its taker


def test_without_an_action_things_only_glide() -> None:
    slid = object()
    before = [card("AC", 0, 520, slid), card("2H", 150, 250)]
    after = [card("AC", 0, 560, slid), card("KD", 60, 520)]
    assert kinds(planned(before, after, cue=None)) == [("move", "card:AC")]


# -- checkers ---------------------------------------------------------------------------------


def test_a_checker_slides_to_the_next_square_and_jumps_farther_and_a_captured_one_shrinks_away() -> None:
    stays = object()
    before = [piece("light", 0, 300), piece("light", 100, 300, stays), piece("dark", 50, 250)]
    stepped = [piece("light", 50, 250), piece("light", 100, 300, stays)]
    assert kinds(planned(before[:2], stepped)) == [("move", "piece:light")]
    jumped = [piece("light", 100, 200), piece("light", 100, 300, stays)]
    steps = planned(before, jumped)
    assert kinds(steps) == [("jump", "piece:light"), ("leave", "piece:dark")]
    assert steps[0].start == Box(0, 300, 40, 40)
    assert steps[1].thing is before[2]


def test_checkers_of_a_side_pair_with_the_nearest_that_left() -> None:
    before = [piece("dark", 0, 0), piece("dark", 400, 0)]
    after = [piece("dark", 420, 60), piece("dark", 0, 0, before[0].node)]
    steps = planned(before, after)
    assert kinds(steps) == [("move", "piece:dark")]
    assert steps[0].start == Box(400, 0, 40, 40)


def test_a_cue_names_the_cards_of_its_notation() -> None:
    assert Cue.of(2, "give KS") == Cue(2, frozenset({"give", "KS"}))
    assert "10H" in Cue.of(0, "10H>3").cards
    assert Cue.of(-1, "close").seat is None  # the clock is no seat


# -- settings -----------------------------------------------------------------------------------


def test_settings_default_to_motion_on_and_keep_a_choice() -> None:
    store = MemoryStorage()
    assert settings.read(store) == settings.DEFAULTS and settings.DEFAULTS["motion"] is True
    settings.write({"motion": False}, store)
    assert store.getItem(settings.KEY) == '{"motion": false}'  # only what was chosen is kept
    assert settings.read(store)["motion"] is False
    settings.write({"broker": "http://10.0.0.2:9000/"}, store)
    assert store.getItem(settings.KEY) == '{"broker": "http://10.0.0.2:9000/", "motion": false}'
    settings.write({"motion": True}, store)  # back to the default: no longer kept
    assert store.getItem(settings.KEY) == '{"broker": "http://10.0.0.2:9000/"}'


@pytest.mark.parametrize("text", ["not json", "[1, 2]", '{"motion": "no"}', '{"other": 1}'])
def test_unreadable_settings_give_the_defaults(text: str) -> None:
    store = MemoryStorage()
    store.setItem(settings.KEY, text)
    assert settings.read(store) == settings.DEFAULTS


def test_a_storage_that_refuses_never_stops_the_page() -> None:
    class Refusing:
        def getItem(self, key: str) -> str:
            raise RuntimeError("SecurityError")

        def setItem(self, key: str, value: str) -> None:
            raise RuntimeError("QuotaExceededError")

    assert settings.read(Refusing()) == settings.DEFAULTS
    assert settings.write({"motion": False}, Refusing()) == {**settings.DEFAULTS, "motion": False}
