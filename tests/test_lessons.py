"""Coached first games (``ui.learn.lesson``), in CPython: every lesson of ``docs/learn/`` is played
through on the engine and through its coached flow with fake timers, as a learner following the
coach would, with clicks off the script on the way; the coach's words at each position; bad
lesson files refused with what is wrong.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine import CLOCK, GAMES, IllegalAction
from engine.chess_cards import Card
from flow_support import EASY_BOT, YOU, FakeTimers, Heard, flow_at
from ui.kit.dom import text_of
from ui.learn.lesson import (
    LEARNER,
    TIME_UP,
    Coach,
    LessonError,
    coached_flow,
    coverage,
    lesson_path,
    parse_lesson,
    play_through,
)
from ui.tables import parts
from ui.tables.chess_cards import ChessCardsTable
from ui.tables.chess_cards_look import piece_name
from ui.tables.flow import NotNow

ROOT = Path(__file__).resolve().parent.parent


def lesson_data(game_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / lesson_path(game_id)).read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_has_a_lesson_the_engine_plays_through(game_id: str) -> None:
    lesson = parse_lesson(lesson_data(game_id))
    assert lesson.game_id == game_id
    states = play_through(lesson)
    assert len(states) == len(lesson.steps) + 1
    assert not coverage(lesson), f"rules no step brings in: {coverage(lesson)}"
    assert lesson.steps[0].seat == LEARNER or lesson.start, "the coach opens the lesson"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_learner_following_the_coach_plays_the_lesson_to_the_end(game_id: str) -> None:
    """Through the coached flow: at each of the learner's steps a click off the script (another
    legal action, when there is one) is refused with the coach's words and changes nothing; the
    script's action is played; the bots and the clock play theirs. After the script the learner
    plays on (any legal action) until the game is over."""
    lesson = parse_lesson(lesson_data(game_id))
    expected = play_through(lesson)
    timers = FakeTimers()
    flow = coached_flow(lesson, timers)
    heard = Heard()
    flow.events.subscribe(heard)
    flow.start()
    refused = 0
    for ply, step in enumerate(lesson.steps):
        for _ in range(200):  # the bots' and the clock's actions come after their delays
            if flow.ply > ply or (step.seat == LEARNER and LEARNER in flow.to_act()):
                break
            timers.advance(500)
        if step.seat == LEARNER and flow.ply == ply:  # else the flow played it for the learner
            assert step.say, f"step {ply + 1}: the coach says what to do and why"
            others = [action for action in flow.legal_actions(LEARNER) if str(action) != step.action]
            if others:
                with pytest.raises(NotNow) as refusal:
                    flow.act(LEARNER, others[0], ply=ply)
                assert str(refusal.value) == (step.off or f"Not that one yet. {step.say}")
                assert flow.ply == ply
                refused += 1
            flow.act(LEARNER, step.action, ply=ply)
        # Actions the flow takes at once (a bot joining Check!'s lobby, the learner's start) may
        # come in the same moment as the step before them.
        assert flow.ply >= ply + 1, f"step {ply + 1} ({step.seat}: {step.action}) was not played"
        assert flow.state.history[:ply + 1] == expected[ply + 1].history
    assert refused >= 1, "a lesson offers the learner a choice at least once"
    rng = random.Random(0)
    for _ in range(3000):
        if flow.state.is_over():
            break
        if LEARNER in flow.to_act() and flow.legal_actions(LEARNER):
            flow.act(LEARNER, rng.choice(flow.legal_actions(LEARNER)))
        else:
            timers.advance(500)
        if flow.paused:
            flow.deal_next()
    assert flow.state.is_over(), "the lesson's game ends"


def test_the_coach_says_what_to_do_and_comments_on_the_bots_answers() -> None:
    lesson = parse_lesson(lesson_data("chess-cards"))
    coach = Coach(lesson)
    first = coach.said(0, over=False)
    assert first.lines == (lesson.start, lesson.steps[0].say)
    assert first.step == lesson.steps[0] and first.rule == lesson.rules["threat"]
    waiting = coach.said(1, over=False)  # the bot is to answer: the coach points at nothing
    assert waiting.step is None and waiting.lines == ()
    bot_first = parse_lesson(lesson_data("checks"))
    assert bot_first.steps[0].seat != LEARNER  # the bot opens: the opening words stay until the learner acts
    assert Coach(bot_first).said(1, over=False).lines[0] == bot_first.start
    after = coach.said(2, over=False)  # the bot answered: its comment, then the next step
    assert after.lines == (lesson.steps[1].say, lesson.steps[2].say)
    ended = coach.said(len(lesson.steps), over=True)
    assert ended.lines == (lesson.end,) and ended.step is None


def test_the_bot_plays_the_scripts_answer_not_its_own() -> None:
    lesson = parse_lesson(lesson_data("chess-cards"))
    timers = FakeTimers()
    flow = coached_flow(lesson, timers)
    flow.start()
    flow.act(LEARNER, lesson.steps[0].action)
    timers.advance(lesson.delay_ms - 1)
    assert flow.ply == 1  # held back like any bot's answer, so the learner sees it come
    timers.advance(1)
    assert [str(action) for _, action in flow.state.history] == [lesson.steps[0].action, lesson.steps[1].action]


def test_a_click_while_the_bot_is_to_answer_is_explained() -> None:
    lesson = parse_lesson(lesson_data("chess-cards"))
    flow = coached_flow(lesson, FakeTimers())
    flow.start()
    flow.act(LEARNER, lesson.steps[0].action)
    assert "watch what the bot does" in flow.not_now(LEARNER, flow.parse("bQ"))


def test_a_check_lesson_holds_the_matching_window_open_for_the_learner() -> None:
    """The clock's event waits while the script expects an action inside its window, and falls
    due when the script's next action is the clock's."""
    lesson = parse_lesson(lesson_data("check"))
    clock_steps = [ply for ply, step in enumerate(lesson.steps) if step.seat == CLOCK]
    assert clock_steps, "the Check! lesson lets a matching window close"
    timers = FakeTimers()
    flow = coached_flow(lesson, timers)
    flow.start()
    for ply, step in enumerate(lesson.steps):
        for _ in range(200):
            if flow.ply > ply or (step.seat == LEARNER and LEARNER in flow.to_act()):
                break
            timers.advance(100)
        if step.seat == LEARNER and flow.ply == ply:
            if CLOCK in flow.to_act():
                # A hurry step's window runs its real seconds first (the countdown shows them).
                assert (flow.countdown_left_ms("clock") > 0) == step.hurry, step
                assert flow.holds_clock() != step.hurry
                timers.advance(600_000)  # far longer than any window: still open
                assert flow.ply == ply
                if step.hurry:  # its time ran out: the coach says so, and the lesson waits
                    assert flow.late() and not flow.countdown_left_ms("clock")
                    assert Coach(lesson).said(ply, over=False, late=True).lines[-1] == TIME_UP
                    assert flow.holds_clock()
            flow.act(LEARNER, step.action)
        assert flow.ply >= ply + 1
    assert any(step.hurry for step in lesson.steps), "the lesson shows one real countdown"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_following_the_coach_reaches_the_end_of_the_game(game_id: str) -> None:
    """The script plays the whole game: the coach is there to its last move."""
    lesson = parse_lesson(lesson_data(game_id))
    assert play_through(lesson)[-1].is_over()


def test_the_check_lesson_shows_a_jacks_swap_and_speaks_of_no_lobby() -> None:
    lesson = parse_lesson(lesson_data("check"))
    states = play_through(lesson)
    jacks = [ply for ply, step in enumerate(lesson.steps)
             if step.action.startswith("swap") and states[ply].view(None)["discard_top"].startswith("J")]
    assert jacks, "a jack's swap is played"
    words = " ".join([lesson.start, lesson.free, lesson.end, *(step.say for step in lesson.steps)]).lower()
    assert "lobby" not in words and "game master" not in words
    first_match = next(ply for ply, step in enumerate(lesson.steps) if step.seat == LEARNER and "match" in step.action)
    hurried = next(ply for ply, step in enumerate(lesson.steps) if step.hurry)
    assert first_match < hurried, "the real countdown comes after a match with no hurry"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(game="poker"), "unknown game 'poker'"),
    (lambda d: d.update(seats=["bot:easy", "human"]), "the learner sits first"),
    (lambda d: d["steps"][0].update(rule="nonsense"), "step 1: rule 'nonsense'"),
    (lambda d: d["steps"].insert(1, {"seat": 0, "action": "wQ", "say": "again"}), "step 2 (0: wQ)"),
    (lambda d: d.update(steps=[]), "steps: a non-empty list"),
])
def test_a_bad_lesson_is_refused_saying_what_is_wrong(change: Any, message: str) -> None:
    data = lesson_data("chess-cards")
    change(data)
    with pytest.raises(LessonError, match=message.replace("(", r"\(").replace(")", r"\)")):
        play_through(parse_lesson(data))


def test_a_lessons_actions_are_the_engines_notation() -> None:
    """A script's action is written as the engine writes it, so the table's buttons match it."""
    for game_id in GAMES:
        lesson = parse_lesson(lesson_data(game_id))
        states = play_through(lesson)
        for state, step in zip(states, lesson.steps, strict=False):
            action = state.game.parse_action(state, step.action)
            assert str(action) == step.action, f"{game_id}: write {str(action)!r}, not {step.action!r}"
            with pytest.raises(IllegalAction):
                state.apply(step.seat, "not an action")


@pytest.mark.parametrize(("game_id", "word", "plainly"), [
    ("checks", "half-trick", "packets of three, called half-tricks"),
    ("chess-cards", "initiative", "whose turn it is to lead holds what the game calls the initiative"),
])
def test_a_word_of_the_game_is_said_plainly_where_it_first_appears(game_id: str, word: str, plainly: str) -> None:
    lesson = parse_lesson(lesson_data(game_id))
    lines = [lesson.start, *(step.say for step in lesson.steps)]
    assert plainly in next(line for line in lines if word in line.lower())


def test_the_chess_cards_lesson_gives_each_pieces_value() -> None:
    lesson = parse_lesson(lesson_data("chess-cards"))
    words = " ".join([lesson.start, *(step.say for step in lesson.steps)])
    for card in ("bQ", "bR", "bB", "bN", "bP"):
        piece = Card.parse(card).piece
        assert f"{piece_name(card)} {piece.value}" in words, piece


def test_a_chess_cards_lesson_grades_none_of_its_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lesson's moves are the coach's: its analysis says so and marks no turn as costly (a
    real game's analysis grades every turn against perfect play)."""
    final = play_through(parse_lesson(lesson_data("chess-cards")))[-1]
    flow, _timers, _heard = flow_at(final, (YOU, EASY_BOT))
    assert ChessCardsTable.graded  # a real game's analysis grades
    table = type("Lesson", (ChessCardsTable,), {"graded": False})(None, lambda _route: None, flow.setup, flow=flow)
    monkeypatch.setattr(parts, "record_link", lambda table: "#/replay")  # no page address in CPython
    table._analyse(1)
    assert not table.analyses
    said = text_of(table.render())
    assert "the lesson’s moves" in said and "costly" not in said and "given away" not in said, said
