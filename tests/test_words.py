"""Words that read right (issue 31), in CPython where the tables phrase them: every table drawn
at every position of whole seeded games against a bot, its text and its controls' names read
for a count that disagrees with its noun ("1 cards"), a name in a second pair of brackets
("Dark (Bot (hard))") and a card named twice ("the black rook (the black rook)"); and the
helpers all of them say counts and names with (``ui.kit.words``)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine import GAMES, State
from flow_support import YOU, flow_at
from ui.app.play_setup import SeatSpec
from ui.kit.dom import Node
from ui.kit.words import with_players
from ui.learn.lesson import lesson_path, parse_lesson
from ui.navigation import table_class
from ui.tables import parts
from ui.tables.chess_cards_look import with_names

ROOT = Path(__file__).resolve().parent.parent
HARD_BOT = SeatSpec("bot", "Bot (hard)", "hard")

#: "1 cards", "1 checks", "1 points": a count of one with a plural noun.
ONE_WITH_A_PLURAL = re.compile(r"\b1 (cards|checks|points|turns|moves|kings|checkers)\b")
#: A bracket inside a bracket: "Dark (Bot (hard))".
NESTED_BRACKETS = re.compile(r"\([^()]*\([^()]*\)[^()]*\)")
#: The same words twice, the second time in brackets: "the black rook (the black rook)".
NAMED_TWICE = re.compile(r"\b(the [a-z]+ [a-z]+) \(\1\)")


def test_a_side_with_its_players_puts_no_name_in_brackets() -> None:
    assert with_players("Dark", ["Bot (hard)"]) == "Dark · Bot (hard)"
    assert with_players("Light", ["You", "Bot 3 (easy)"]) == "Light · You, Bot 3 (easy)"
    assert with_players("Light", []) == "Light"


def test_a_chess_card_is_named_once() -> None:
    assert with_names("Play the black rook (bR).") == "Play the black rook."
    assert with_names("Lead yN: the bot has no yellow.") == "Lead the yellow knight: the bot has no yellow."
    # Notation after another card's name is that card, named as the table names it.
    assert with_names("the red rook (bR)") == "the red rook (the black rook)"


def words(nodes: Any) -> list[str]:
    """Every text a person may read or hear in ``nodes``: the texts, and the names and titles of
    the elements (a screen reader says those), and all of it in order as one text (a count in a
    <b> and its noun after it are read together)."""
    found: list[str] = []

    def gather(item: Any) -> None:
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, Node):
            found.extend(str(item.attrs[key]) for key in ("aria-label", "title") if item.attrs.get(key))
            for child in item.children:
                gather(child)
        elif isinstance(item, (list, tuple)):
            for child in item:
                gather(child)

    gather(nodes)
    return [*found, " ".join(part.strip() for part in found)]


def positions(game_id: str, seed: int) -> list[State]:
    """Every position of a seeded random game to its end (two seats: the person and a bot)."""
    rng = random.Random(seed)
    state = GAMES[game_id].new(seed=seed, players=2)
    states = [state]
    while not state.is_over() and len(states) < 400:
        seat = state.to_act()[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state)
    return states


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_position_of_a_game_reads_right(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table_type = table_class(game_id)
    # The link to a finished game's record names the page's own address: none in CPython.
    monkeypatch.setattr(parts, "record_link", lambda table: "#/replay")
    seen: set[str] = set()
    for seed in (1, 2):
        states = positions(game_id, seed)
        # Every position of a short game, else every fourth and the end: the words are the same.
        step = 1 if len(states) < 120 else 4
        for state in [*states[::step], states[-1]]:
            flow, _timers, _heard = flow_at(state, (YOU, HARD_BOT))
            table = table_type(None, lambda _route: None, flow.setup, flow=flow)
            seen.update(words(table.render()))
    for text in seen:
        assert not ONE_WITH_A_PLURAL.search(text), text
        assert not NESTED_BRACKETS.search(text), text
        assert not NAMED_TWICE.search(text), text
    assert any("Bot (hard)" in text for text in seen)  # the name the brackets would have doubled


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_coachs_words_read_right_at_the_table(game_id: str) -> None:
    """Every line of a lesson as its table writes it (the table's own card words)."""
    lesson = parse_lesson(json.loads((ROOT / lesson_path(game_id)).read_text(encoding="utf-8")))
    table = object.__new__(table_class(game_id))  # its words need nothing of a table drawn on a page
    lines = [lesson.start, lesson.free, lesson.end, *(step.say for step in lesson.steps),
             *(step.off for step in lesson.steps)]
    for line in filter(None, lines):
        text = table.card_words(line)
        assert not ONE_WITH_A_PLURAL.search(text), text
        assert not NESTED_BRACKETS.search(text), text
        assert not NAMED_TWICE.search(text), text


# ----------------------------------------------------------------------------- the games' titles


def test_a_game_is_named_by_one_helper_through_the_catalog() -> None:
    from tools.build_rules import speaking
    from ui.app.catalog import game_title, game_titles
    from ui.kit import i18n

    i18n.install(i18n.SOURCE)
    # The English titles are the engine's, each one message in the context "game title".
    assert game_titles() == {game_id: game.title for game_id, game in GAMES.items()}
    assert game_title("nonesuch") == "nonesuch" and game_title("nonesuch", "Nonesuch") == "Nonesuch"
    with speaking("ar"):
        arabic = game_titles()
        assert arabic["checkmate"] == "كش مات" and arabic["check"] == "كِش!"
        assert all(arabic[game_id] != game.title for game_id, game in GAMES.items())
    assert game_title("checkmate") == "Checkmate"


def test_no_screen_names_a_game_by_its_english_title() -> None:
    """Every place a person reads a game's name asks ``game_title``: none reads ``.title`` of a
    game or a catalog entry (English) to show it."""
    found = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(r"\b(game|item|entry|other|self\.game|table\.game)\.title\b", line) and "fallback" not in line:
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert [line for line in found if "game_title(" not in line] == []
