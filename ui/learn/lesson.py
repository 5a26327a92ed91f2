"""A coached first game, as data and as a flow: ``Lesson``, ``Coach`` and ``coached_flow``.

A lesson is a stacked deal against a bot with a script: every action of the first part of the game,
in order, the person's and the bot's, each with what the coach says about it. The coach says what
to do next and why before each of the person's actions and comments on the others' after them,
bringing in each rule of the game where it first matters (``rule``: a key of the lesson's
``rules``). The person's clicks are real actions on the engine; a click off the script is
refused with the coach's explanation instead of being played (``TableFlow.not_now``), and the
bot's scripted answers come from the script. Once the script is played through, the game goes on
as an ordinary game against the bot's level, to its end.

Lessons live beside the rules pages, in ``docs/learn/<id>.json`` (``parse_lesson`` reads one and
says what is wrong with a bad one); ``tests/test_lessons.py`` plays each through in CPython, so a
script the engine refuses fails there, not in front of a learner. Nothing here touches the page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine import CLOCK, GAMES, Action, SetupError, State
from engine.bots import levels
from ui.app.play_setup import PlaySetup, parse_seats
from ui.app.routes import RouteError
from ui.kit.i18n import N_, _, translated
from ui.tables.events import Settled
from ui.tables.flow import Asked, TableFlow, Timed, Timers
from ui.tables.game_flows import FLOWS

#: Where the lessons are, relative to index.html (and to the repository).
LEARN_DIR = "docs/learn"
#: The seat the learner plays.
LEARNER = 0
#: What the coach says when the real countdown of a ``hurry`` step ran out.
TIME_UP = N_("Time is up: in a real game the window would be closed now, and the chance gone. "
             "This once the lesson holds it open for you.")


def lesson_path(game_id: str) -> str:
    return f"{LEARN_DIR}/{game_id}.json"


class LessonError(SetupError):
    """A lesson file that is not a lesson: its text says what is wrong and where."""


@dataclass(frozen=True)
class Step:
    """One action of the script: ``seat`` (``CLOCK`` for a timed event) takes ``action`` (its
    notation). ``say``: for the learner's action, what to do and why, shown before it (none for
    an action the flow takes for people by itself, such as joining Check!'s lobby); for
    another seat's, a comment shown once it has happened. ``rules``: the rules it brings in.
    ``picks``: the ``data-pick`` clicks that lead to the action's button on the table (a card
    before its pile). ``off``: what the coach answers a click off the script here (by default,
    the step's own words again). ``hurry``: the learner's action in a timed window (Check!'s
    matching) runs against the game's real countdown instead of a window held open; if the time
    runs out first, the lesson says so and holds the window then (a missed window would leave
    the script)."""

    seat: int
    action: str
    say: str = ""
    rules: tuple[str, ...] = ()
    picks: tuple[str, ...] = ()
    off: str = ""
    hurry: bool = False


@dataclass(frozen=True)
class Lesson:
    """A coached game (see the module docstring): the deal (``seats``, ``seed``, ``options``,
    ``deck``), the ``rules`` it brings in (key -> title), the ``steps`` of its script, and what
    the coach says at the ``start``, once the script is over (``free``) and at the end."""

    game_id: str
    seats: tuple[str, ...]
    seed: int
    options: Mapping[str, Any]
    deck: tuple[str, ...] | None
    rules: Mapping[str, str]
    steps: tuple[Step, ...]
    start: str = ""
    free: str = ""
    end: str = ""
    minutes: int = 3
    delay_ms: int = 1200
    title: str = field(default="")

    def setup(self) -> PlaySetup:
        """The play setup of the lesson's deal (no takebacks: the script goes one way)."""
        game = GAMES[self.game_id]
        specs = parse_seats(",".join(self.seats), (game.min_players, game.max_players), levels(self.game_id))
        return PlaySetup(self.game_id, specs, self.seed, dict(self.options), self.deck,
                         delay_ms=self.delay_ms, undo=False)

    def step(self, ply: int) -> Step | None:
        """The script's action at ``ply`` (actions played so far); None once it is over."""
        return self.steps[ply] if 0 <= ply < len(self.steps) else None

    def first_steps(self) -> dict[str, int]:
        """Each rule, with the ply of the step that brings it in."""
        found: dict[str, int] = {}
        for ply, step in enumerate(self.steps):
            for rule in step.rules:
                found.setdefault(rule, ply)
        return found


def parse_lesson(data: Any) -> Lesson:
    """A lesson from its JSON value; raises ``LessonError`` saying what is wrong (the whole
    script is then refused: a lesson that cannot be followed to the end is not shown)."""
    if not isinstance(data, dict):
        raise LessonError("a lesson is a JSON object")
    game_id = data.get("game")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise LessonError(f"unknown game {game_id!r} (games: {', '.join(GAMES)})")
    seats = data.get("seats")
    if not (isinstance(seats, list) and seats and all(isinstance(seat, str) for seat in seats)):
        raise LessonError("seats: a list of seats such as [\"human\", \"bot:easy\"]")
    if seats[LEARNER] != "human" or any(seat == "human" for seat in seats[1:]):
        raise LessonError("seats: the learner sits first (\"human\"); every other seat is a bot")
    rules = data.get("rules", {})
    if not (isinstance(rules, dict) and all(isinstance(v, str) for v in rules.values())):
        raise LessonError("rules: an object of rule keys and titles")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError("steps: a non-empty list")
    steps = tuple(_step(index, raw, len(seats), rules) for index, raw in enumerate(raw_steps, start=1))
    deck = data.get("deck")
    if deck is not None and not (isinstance(deck, list) and all(isinstance(card, str) for card in deck)):
        raise LessonError("deck: a list of card names")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise LessonError("options: an object of the game's options")
    texts = {key: data.get(key, "") for key in ("start", "free", "end", "title")}
    if not all(isinstance(text, str) for text in texts.values()):
        raise LessonError("start, free, end and title are texts")
    # The coach's words in the page's language (tools/catalog.py extracts them from the file).
    texts = {key: translated(text) for key, text in texts.items()}
    numbers = {key: data.get(key, default) for key, default in (("seed", 1), ("minutes", 3), ("delay_ms", 1200))}
    if not all(isinstance(value, int) and not isinstance(value, bool) for value in numbers.values()):
        raise LessonError("seed, minutes and delay_ms are whole numbers")
    lesson = Lesson(game_id=game_id, seats=tuple(seats), options=dict(options),
                    deck=None if deck is None else tuple(deck),
                    rules={key: translated(title) for key, title in rules.items()}, steps=steps,
                    **texts, **numbers)
    try:
        lesson.setup()
    except RouteError as error:
        raise LessonError(f"seats: {error}") from None
    return lesson


def _step(number: int, raw: Any, players: int, rules: Mapping[str, str]) -> Step:
    where = f"step {number}"
    if not isinstance(raw, dict):
        raise LessonError(f"{where}: an object with seat and action")
    seat, action = raw.get("seat"), raw.get("action")
    if not (isinstance(seat, int) and (seat == CLOCK or 0 <= seat < players)):
        raise LessonError(f"{where}: seat is a seat number from 0 (or {CLOCK} for the clock)")
    if not isinstance(action, str) or not action:
        raise LessonError(f"{where}: action is the notation of an action")
    brought = raw.get("rule", [])
    brought = [brought] if isinstance(brought, str) else brought
    if not (isinstance(brought, list) and all(isinstance(rule, str) for rule in brought)):
        raise LessonError(f"{where}: rule is a rule's key or a list of them")
    unknown = [rule for rule in brought if rule not in rules]
    if unknown:
        raise LessonError(f"{where}: rule {unknown[0]!r} is not one of the lesson's rules")
    picks = raw.get("picks", [])
    if not (isinstance(picks, list) and all(isinstance(pick, str) for pick in picks)):
        raise LessonError(f"{where}: picks is a list of data-pick values")
    say, off = raw.get("say", ""), raw.get("off", "")
    if not (isinstance(say, str) and isinstance(off, str)):
        raise LessonError(f"{where}: say and off are texts")
    hurry = raw.get("hurry", False)
    if not isinstance(hurry, bool) or (hurry and seat != LEARNER):
        raise LessonError(f"{where}: hurry (true or false) is for the learner's own steps")
    return Step(seat, action, translated(say), tuple(brought), tuple(picks), translated(off), hurry)


def play_through(lesson: Lesson) -> list[State]:
    """Every state of the lesson's script applied to its deal: the start, then one per step.
    Raises ``LessonError`` naming the step whose action the engine refuses."""
    setup = lesson.setup()
    state = GAMES[lesson.game_id].new(setup.seed, players=len(setup.seats), options=setup.options,
                                      deck=setup.deck)
    states = [state]
    for number, step in enumerate(lesson.steps, start=1):
        try:
            state = state.apply(step.seat, step.action)
        except SetupError as error:
            raise LessonError(f"step {number}: {error}") from None
        except Exception as error:  # IllegalAction, InvalidNotation: the script is wrong here
            raise LessonError(f"step {number} ({step.seat}: {step.action}): {error}") from None
        states.append(state)
    return states


@dataclass(frozen=True)
class Said:
    """What the coach says at a position: ``lines`` (oldest first: comments on what the others
    did since the learner last acted, then what to do now), the step the learner is to take (or
    None), and how far the script has come."""

    lines: tuple[str, ...]
    step: Step | None
    done: int
    total: int
    rule: str = ""


class Coach:
    """The coach of a lesson: what it says at each position and what it answers a click off the
    script. Reads only the lesson and the number of actions played."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson

    def said(self, ply: int, over: bool, late: bool = False) -> Said:
        """What the coach says after ``ply`` actions (``late``: the time of a ``hurry`` step
        ran out)."""
        lesson = self.lesson
        total = len(lesson.steps)
        if over:
            return Said((lesson.end,) if lesson.end else (), None, total, total)
        # Comments on what the others did since the learner's last action, oldest first (an
        # action the flow took for the learner, such as Check!'s start, is not theirs).
        last = max((index for index in range(min(ply, total))
                    if lesson.steps[index].seat == LEARNER and lesson.steps[index].say), default=-1)
        comments = [step.say for step in lesson.steps[last + 1:min(ply, total)] if step.say]
        step = lesson.step(ply)
        if step is None:
            lines = [*comments, lesson.free] if lesson.free else comments
            return Said(tuple(lines), None, total, total)
        if last < 0 and lesson.start:  # the learner has not acted yet: the opening words stay
            comments.insert(0, lesson.start)
        if step.seat == LEARNER:
            if step.say:
                comments.append(step.say)
            if late:
                comments.append(translated(TIME_UP))
            titles = " · ".join(lesson.rules[rule] for rule in step.rules)
            return Said(tuple(comments), step, ply, total, titles)
        return Said(tuple(comments), None, ply, total)

    def off_script(self, ply: int, seat: int, action: Action) -> str:
        """What the coach answers the learner's ``action`` at ``ply``: "" when it is the
        script's (or the script is over), else why to do the script's action instead."""
        step = self.lesson.step(ply)
        if step is None or seat != LEARNER:
            return ""
        if step.seat != LEARNER:
            return _("Wait a moment: watch what the bot does first.")
        if str(action) == step.action:
            return ""
        return step.off or _("Not that one yet. {say}", say=step.say)


class CoachedFlow(TableFlow):
    """The flow of a lesson, mixed before the game's own flow (``coached_flow``): the learner's
    actions off the script are refused with the coach's words, the bots play the script's
    actions, and a timed event (Check!'s matching window) waits while the script expects
    someone to act in it. After the script, the game goes on as an ordinary one."""

    lesson: Lesson
    coach: Coach

    def not_now(self, seat: int, action: Action) -> str:
        return self.coach.off_script(self.ply, seat, action) or super().not_now(seat, action)

    def _think(self, seat: int) -> None:
        step = self.lesson.step(self.ply)
        if step is None:
            super()._think(seat)
            return
        if step.seat != seat:
            return  # not this bot's action in the script: asked again at the next change
        action = self.parse(step.action)
        if self.thinking is None:
            self.thinking = seat
        asked = self.asked[seat] = Asked(self.epoch, self.clock_key if CLOCK in self.state.to_act() else None)
        self.timers.later(self.bot_delay_ms(seat), lambda: self._bot_plays(seat, action, asked))

    def schedule(self) -> None:
        super().schedule()
        if self.thinking is not None and self.thinking not in self.asked:
            self.thinking = None  # a bot the script keeps waiting is not thinking

    #: The ply at which a ``hurry`` step's time ran out (-1: none).
    late_ply = -1

    def late(self) -> bool:
        """The real countdown of the step now (a ``hurry`` one) ran out."""
        return self.late_ply == self.ply

    def holds_clock(self) -> bool:
        """The engine's clock is due (a matching window is open) but the script's next action
        is someone's in the window: the window stays open until it is taken; a ``hurry``
        step's only once its real time has run out."""
        step = self.lesson.step(self.ply)
        return (step is not None and step.seat != CLOCK and CLOCK in self.state.to_act()
                and (not step.hurry or self.late()))

    def timed(self) -> Timed | None:
        timed = super().timed()
        if timed is None or timed.kind != "clock":
            return timed
        if self.holds_clock():
            return None
        step = self.lesson.step(self.ply)
        if step is not None and step.hurry:
            # The real countdown, but its end holds the window instead of closing it.
            return replace(timed, fire=self._time_up)
        return timed

    def _time_up(self) -> None:
        self.late_ply = self.ply
        self.schedule()
        self.events.publish(Settled())


def coached_flow(lesson: Lesson, timers: Timers) -> CoachedFlow:
    """A flow that plays ``lesson``: ``CoachedFlow`` over the game's own flow class."""
    base = FLOWS.get(lesson.game_id, TableFlow)
    flow_class = type(f"Coached{base.__name__}", (CoachedFlow, base), {})
    flow: CoachedFlow = flow_class(lesson.setup(), timers)
    flow.lesson = lesson
    flow.coach = Coach(lesson)
    return flow


#: A person's pace through a lesson, which its label (``minutes``, "Learn to play, N minutes")
#: states: the coach's words read at 200 words a minute (words that ask to look at the table
#: read slower than prose), 2 seconds to find and tap each control the coach points at, the
#: bot's answers at the lesson's pace (``delay_ms``), and a timed event (Check!'s matching window)
#: its seconds.
WORDS_PER_MINUTE = 200
SECONDS_PER_TAP = 2.0
TIMED_EVENT_SECONDS = 5.0


def paced_seconds(lesson: Lesson) -> float:
    """How long ``lesson`` takes a person who follows the coach, at the pace above: everything the
    coach says (the start, each step's words, each rule's title, the end), each tap of the
    learner's steps (the picks that lead to an action, then the action), each bot's answer."""
    words = " ".join([lesson.start, lesson.end, *(step.say for step in lesson.steps),
                      *(lesson.rules[rule] for step in lesson.steps for rule in step.rules)]).split()
    # The learner's steps with no words are taken by the flow itself (joining Check!'s table).
    taps = sum(1 + len(step.picks) for step in lesson.steps if step.seat == LEARNER and step.say)
    answers = sum(1 for step in lesson.steps if step.seat not in (LEARNER, CLOCK))
    timed = sum(1 for step in lesson.steps if step.seat == CLOCK)
    return (len(words) * 60 / WORDS_PER_MINUTE + taps * SECONDS_PER_TAP + answers * lesson.delay_ms / 1000
            + timed * TIMED_EVENT_SECONDS)


def paced_minutes(lesson: Lesson) -> int:
    """``paced_seconds`` in whole minutes, rounded up: what the lesson's label says."""
    return -int(-paced_seconds(lesson) // 60)


def coverage(lesson: Lesson) -> Sequence[str]:
    """The lesson's rules that no step brings in (a lesson should bring in all of them)."""
    brought = lesson.first_steps()
    return [rule for rule in lesson.rules if rule not in brought]
