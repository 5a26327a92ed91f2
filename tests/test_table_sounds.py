"""The table's sounds (``ui.kit.sound``) over the events of real games, in CPython.

Whole seeded games are played through ``ui.tables.game_flows.new_flow`` on virtual timers
(``flow_support.FakeTimers``), a person at seat 0 choosing seeded random moves against bots, and a
``Sound`` hears the flow's event stream; what it plays is compared with what the game did, worked
out from the flow's positions and history, not from the events.

Until the flow publishes its own stream, ``stream`` publishes the same typed events
(``ui.tables.events``) from the flow's listener calls.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

from engine import CLOCK, GAMES, IllegalAction
from flow_support import FakeTimers
from ui.app.play_setup import PlaySetup, SeatSpec
from ui.kit import settings, sound
from ui.kit.web_storage import MemoryStorage
from ui.tables.events import Events, GameOver, Played, Refused, Rewound, Settled, Thinking, TimeLeft, TurnPassed
from ui.tables.flow import TableFlow
from ui.tables.game_flows import new_flow
from ui.tables.sounds import VERB_SOUNDS, Heard, Sound, action_sound, sound_for, whole_seconds

YOU = SeatSpec("human", "You")


class Game:
    """A seeded game of ``game_id``: a person at seat 0 against ``bots``, what each sound was
    played at (the ply, and the seconds the countdown showed), and every event."""

    def __init__(self, game_id: str, seed: int, bots: Sequence[str] = ("easy",), **options: Any) -> None:
        seats = (YOU, *(SeatSpec("bot", f"Bot {n}", level) for n, level in enumerate(bots, 1)))
        self.timers = FakeTimers()
        self.flow = new_flow(PlaySetup(game_id=game_id, seats=seats, seed=seed, options=options, delay_ms=300),
                             self.timers)
        events = self.flow.events
        self.events: list[Any] = []
        events.subscribe(self.events.append)
        self.sounds: list[tuple[str, int, float]] = []
        self.sound = Sound(player=lambda name: self.sounds.append(
            (name, self.flow.ply, self.flow.countdown_left_ms())))
        self.unsubscribe = self.sound.attach(events, 0, self.flow.people)
        self.rng = random.Random(seed)

    def play(self, *, in_windows: bool = True, limit: int = 20_000) -> Game:
        """To the end: the person answers with a seeded random move after a seeded pause (never
        inside Check!'s matching windows unless ``in_windows``), the bots on their timers."""
        flow = self.flow
        flow.start()
        flow.settle()  # as the table does once the flow has started
        for _ in range(limit):
            if flow.state.is_over():
                return self
            if flow.paused:
                flow.deal_next()
                continue
            seat = flow.person_to_act()
            window = flow.game.id == "check" and flow.view(None)["phase"] == "matching"
            if seat is not None and (in_windows or not window) and self.rng.random() < 0.4:
                # Never Check!'s call while there is another move: a longer game, more windows.
                legal = [action for action in flow.legal_actions(seat) if str(action) != "check"]
                flow.act(seat, self.rng.choice(legal or flow.legal_actions(seat)))
                continue
            self.timers.advance(100)
        raise AssertionError(f"{flow.game.id}: no end after {limit} steps")

    def named(self, name: str) -> list[tuple[str, int, float]]:
        return [heard for heard in self.sounds if heard[0] == name]


GAME_BOTS = {"checks": ("easy",), "checkmate": ("easy", "easy", "easy"), "private-checkers": ("easy",),
             "chess-cards": ("easy",), "check": ("easy", "easy")}
SEEDS = (3, 11)


# --- what each action sounds like ----------------------------------------------------------------


@pytest.mark.parametrize("notation, expected", [
    ("7H>2", "play"), ("cash 3", "draw"),  # Checks
    ("QS", "play"), ("RJ", "play"), ("draw 4", "draw"), ("give KS", "play"), ("last", None),  # Checkmate
    ("c3-d4", "play"), ("c3xe5", "play"), ("d4*e5", "play"), ("c1^", "play"), ("discard 7S", "play"),
    ("bQ", "play"), ("(wP)bQ*", "play"),  # Chess Cards
    ("draw", "draw"), ("take 2", "draw"), ("peek 1.3", "draw"), ("replace 2", "play"), ("discard", "play"),
    ("match 0", "play"), ("swap 0.2 1.3", "play"), ("check", None), ("pass", None), ("timeout", None),
    ("join", None), ("start", None), ("ready", None), ("skip", None),  # Check!
])
def test_a_card_alone_is_a_play_and_a_verb_sounds_as_it_moves_cards(notation: str, expected: str | None) -> None:
    assert action_sound(notation) == expected


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_verb_the_games_play_has_a_sound_or_is_silent_on_purpose(game_id: str) -> None:
    """Every action of seeded games, each game's verbs all listed in ``VERB_SOUNDS``: a verb added
    to an engine makes this fail until someone decides how it sounds."""
    played: set[str] = set()
    for seed in SEEDS:
        game = Game(game_id, seed, GAME_BOTS[game_id]).play()
        played.update(str(action) for _, action in game.flow.history)
    verbs = {text.split(" ")[0] for text in played if re.fullmatch(r"[a-z]+", text.split(" ")[0])}
    assert verbs <= set(VERB_SOUNDS), verbs - set(VERB_SOUNDS)
    sounds = {text: action_sound(text) for text in played}
    assert set(sounds.values()) <= {"play", "draw", None}
    assert "play" in sounds.values()  # every game puts something down


# --- whole games ----------------------------------------------------------------------------------


def person_gets_the_turn(flow: TableFlow, since: int) -> int:
    """How many times the turn came to seat 0 from another seat, from the positions: the seat
    alone to act became 0 after being another seat's; while several seats may act at once, or
    the clock is due (a matching window), it is nobody's turn."""
    count = 0
    sole: int | None = None
    for state in flow.states[since:]:
        to_act = state.to_act()
        if len(to_act) == 1:
            if to_act[0] == 0 and sole not in (None, 0):
                count += 1
            sole = to_act[0]
    return count


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_sounds_each_move_your_turns_and_the_end(game_id: str, seed: int) -> None:
    game = Game(game_id, seed, GAME_BOTS[game_id]).play()
    flow = game.flow
    history = [str(action) for _, action in flow.history]
    # A card put down, drawn or turned: one sound per action that moves a card.
    moves = [action_sound(text) for text in history]
    assert len(game.named("play")) == moves.count("play") > 0
    assert len(game.named("draw")) == moves.count("draw")
    # Your turn: each time it came to you from someone else, and only then.
    turns = game.named("turn")
    heard_from = next(event.ply for event in game.events if isinstance(event, TurnPassed))
    assert len(turns) == person_gets_the_turn(flow, heard_from) > 0
    for _, ply, _ in turns:
        assert flow.states[ply].to_act() == (0,)
    # The end, from your side, once and last.
    winners = flow.result_data()["winners"]  # type: ignore[index]
    expected = "win" if 0 in winners else "loss" if winners else None
    ends = [name for name, _, _ in game.sounds if name in ("win", "loss")]
    assert ends == ([expected] if expected else [])
    if expected:
        assert game.sounds[-1][0] == expected
    assert not game.named("refused")  # nobody was refused anything
    if game_id != "check" and game_id != "checkmate":
        assert not game.named("tick")  # no timed event in these games


def test_turns_in_a_two_seat_game_are_the_moves_after_the_bots() -> None:
    """Checks, where seats alternate: a chime before each of your moves but the first of a run,
    counted from the history alone."""
    game = Game("checks", 5).play()
    seats = [seat for seat, _ in game.flow.history]
    after_bot = sum(1 for before, seat in zip(seats, seats[1:], strict=False) if seat == 0 and before != 0)
    assert len(game.named("turn")) == after_bot > 5


@pytest.mark.parametrize("seed", SEEDS)
def test_a_matching_window_ticks_its_last_three_seconds_once_each(seed: int) -> None:
    """Check! with a person who lets every matching window run out: each window that the clock
    closed ticked at 3, 2 and 1 s left, and no other time."""
    game = Game("check", seed, ("easy", "easy")).play(in_windows=False)
    timeouts = sum(1 for seat, _ in game.flow.history if seat == CLOCK)
    ticks = game.named("tick")
    assert timeouts > 2
    assert len(ticks) == 3 * timeouts
    shown = [whole_seconds(left) for _, _, left in ticks]
    assert shown == [3, 2, 1] * timeouts


def test_the_turn_after_a_window_in_your_own_turn_stays_silent() -> None:
    """Check!: your discard opens a matching window for everybody; when it closes and your turn
    goes on (an ability to use), the turn did not come to you from anyone."""
    seen = Heard().after(TurnPassed((0,), 4))
    assert sound_for(TurnPassed((0, 1, 2), 5), 0, (0,), seen) is None  # the window opens
    seen = seen.after(TurnPassed((0, 1, 2), 5))
    assert sound_for(TurnPassed((0,), 8), 0, (0,), seen) is None  # the window closes: still yours
    seen = seen.after(TurnPassed((1,), 9))
    assert sound_for(TurnPassed((0, 1, 2), 10), 0, (0,), seen) is None  # Bot 1's window
    seen = seen.after(TurnPassed((0, 1, 2), 10))
    assert sound_for(TurnPassed((0,), 12), 0, (0,), seen) == "turn"  # now it is yours


def test_left_alone_in_a_window_is_not_your_turn_until_the_clock_closes_it() -> None:
    seen = Heard().after(TurnPassed((2,), 7))
    for to_act in ((0, 1, CLOCK), (0, CLOCK)):  # Bot 2 discarded; Bot 1 passed, you did not
        assert sound_for(TurnPassed(to_act, 8), 0, (0,), seen) is None
        seen = seen.after(TurnPassed(to_act, 8))
    assert sound_for(TurnPassed((0,), 10), 0, (0,), seen) == "turn"  # the clock closed it


# --- each event alone -----------------------------------------------------------------------------


def test_your_turn_needs_someone_before_you_and_is_yours_alone() -> None:
    assert sound_for(TurnPassed((0,), 0), 0, (0,)) is None  # the start: nobody had the turn
    after_bot = Heard().after(TurnPassed((1,), 1))
    assert sound_for(TurnPassed((0,), 2), 0, (0,), after_bot) == "turn"
    assert sound_for(TurnPassed((2,), 2), 0, (0,), after_bot) is None  # another seat's turn
    assert sound_for(TurnPassed((0,), 2), None, (), after_bot) is None  # nobody here plays
    # People sharing the device (no reader): each one's turn chimes, passed from one to another.
    assert sound_for(TurnPassed((0,), 2), None, (0, 2), after_bot) == "turn"
    assert sound_for(TurnPassed((2,), 3), None, (0, 2), Heard(sole=0)) == "turn"


def test_a_refusal_buzzes_for_the_people_here_only() -> None:
    error = IllegalAction("illegal action 'KS' by seat 0: not your turn")
    assert sound_for(Refused(0, "KS", error), 0, (0,)) == "refused"
    assert sound_for(Refused(1, "KS", error), 0, (0,)) is None  # a friend's, refused by the host
    assert sound_for(Refused(1, "KS", error), None, (0, 1)) == "refused"


def test_the_end_sounds_from_the_readers_side() -> None:
    def over(*winners: int) -> GameOver:
        return GameOver({"scores": [0, 0, 0], "winners": list(winners), "reason": {}}, winners)

    assert sound_for(over(0), 0, (0,)) == "win"
    assert sound_for(over(0, 2), 2, (2,)) == "win"  # a team, or a shared first place
    assert sound_for(over(1), 0, (0,)) == "loss"
    assert sound_for(over(), 0, (0,)) is None  # no winner: neither
    assert sound_for(over(1), None, (0, 1)) == "win"  # two people here: one of them won
    assert sound_for(over(2), None, (0, 1)) == "loss"  # a bot beat the people here
    assert sound_for(over(1), None, ()) is None  # only bots played


def test_a_countdown_ticks_once_a_second_in_its_last_three_only() -> None:
    heard = Heard()
    ticks = []
    for left in range(5000, -1, -200):  # the flow says the time left every 200 ms
        event = TimeLeft("clock", left)
        ticks.append((left, sound_for(event, 0, (0,), heard)))
        heard = heard.after(event)
    assert [left for left, name in ticks if name == "tick"] == [3000, 2000, 1000]
    # Late timers skip a boundary's exact time: still one tick in each second.
    heard = Heard()
    late = [4900, 3100, 2950, 2500, 1900, 1700, 850, 120]
    names = []
    for left in late:
        names.append(sound_for(TimeLeft("grace", left), 0, (0,), heard))
        heard = heard.after(TimeLeft("grace", left))
    assert names == [None, None, "tick", None, "tick", None, "tick", None]
    assert sound_for(TimeLeft("clock", 2500), None, (), Heard()) is None  # nobody here plays


def test_other_events_are_silent() -> None:
    for event in (Rewound(3), Thinking(1, 4), Settled(), Played(-1, "timeout", "clock", 7)):
        assert sound_for(event, 0, (0,), Heard(sole=1)) is None


def test_a_sound_stops_hearing_once_detached() -> None:
    events = Events()
    events.turn((1,), 0)
    heard: list[str] = []
    stop = Sound(player=heard.append).attach(events, 0, (0,))
    events.publish(Played(1, "QS", "bot", 1))
    events.turn((0,), 1)  # the turn said before attaching counts: this one comes from seat 1
    events.publish(Played(0, "draw 2", "person", 2))
    stop()
    events.publish(Played(0, "QH", "person", 3))
    assert heard == ["play", "turn", "draw"]


# --- the toggle and its setting -------------------------------------------------------------------


@pytest.fixture
def page_settings(monkeypatch: pytest.MonkeyPatch) -> MemoryStorage:
    """The app's settings in a storage of the test's, and the module's state fresh."""
    store = MemoryStorage()
    monkeypatch.setattr(settings, "_STORAGE", [store])
    monkeypatch.setattr(sound, "_STATE", {})
    monkeypatch.setattr(sound, "unlock", lambda: None)  # no page to start audio in
    return store


def test_sound_is_on_by_default_and_the_toggle_is_remembered(page_settings: MemoryStorage) -> None:
    assert settings.DEFAULTS["sound"] is True
    assert sound.wanted()
    node = sound.button()
    assert (node.tag, node.attrs["data-cmd"], node.attrs["aria-pressed"], node.children) == (
        "button", "sound", "true", ["Sound"])
    assert sound.toggle() is False
    assert sound.button().attrs["aria-pressed"] == "false"
    assert settings.read(page_settings)["sound"] is False
    sound._STATE.clear()  # a new page: read from the settings again
    assert not sound.wanted()
    assert sound.toggle() is True and settings.read(page_settings)["sound"] is True


def test_an_embedded_table_is_silent_unless_its_route_asks(page_settings: MemoryStorage,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.app import embed

    monkeypatch.setattr(sound, "_EMBEDDED", {})
    sound.embedded(asked=False)
    assert not sound.wanted()
    assert sound.toggle() is True  # turned on in the frame, for this page only
    assert "sound" not in str(page_settings.getItem(settings.KEY))
    sound.embedded(asked=True)
    assert sound.wanted()
    assert embed.asks_sound("#/checks/play?seats=human,bot&embed=1&sound=1")
    monkeypatch.setattr(embed, "EMBEDDED", True)
    monkeypatch.setattr(embed, "SOUND", True)
    assert embed.address("#/checks/play?id=abc") == "#/checks/play?id=abc&sound=1&embed=1"
