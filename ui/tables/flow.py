"""A game in progress, with no page in it: ``TableFlow``.

The flow owns what happens at a table whoever is watching it:

- the positions so far (``states``) and the position's ``epoch``, which goes up on every change
  of position (an action, a takeback, a replay step): a bot's answer, a timed event or a click
  belongs to the epoch, or the ply, it was made for, and is dropped when the game moved on;
- who is to act and what each seat may do (``view``, ``legal_actions``); seats are pluggable:
  a person at this device (``people``), a bot (``bots``), a seat whose actions arrive from
  elsewhere (any other seat: ``act`` takes them like a click);
- bots thinking in slices through a ``Timers`` interface, several at once where several seats
  act at once, a quick answer held back (``bot_delay_ms``) so that a person sees it coming;
- every timed event, through one mechanism (``Running``): the engine's ``CLOCK`` event comes
  due after ``clock_ms`` (Check!'s matching window), and a game's flow may hold the bots for a
  while (Checkmate's grace for "last card", ``ui.tables.game_flows``);
- takebacks (``undo``) as far as they show a person nothing new (``engine.knowledge.undo_point``);
- saving after every action through a ``Store`` (``ui.storage.saves.Store`` or a fake);
- actions people chose ahead (``play_when_due``), played as soon as the rules allow them;
- the pause between the games of a match or series (``paused``, ``deal_next``).

The flow publishes what happens on its ``events`` (``ui.tables.events``): the table redraws on
them and never applies an action itself; the announcer, motion, an embedding page, a room and
sound each subscribe on their own. The flow imports nothing from the browser: the unit tests run it in CPython with
fake timers and a fake store (``tests/test_table_flow.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from engine import CLOCK, GAMES, Action, IllegalAction, Reason, Record, State
from engine.bots import Bot, get_bot
from engine.knowledge import undo_point
from ui.app.play_setup import PlaySetup, distinct_bot_names
from ui.kit.i18n import _
from ui.kit.words import level_word
from ui.storage.saves import SavedGame, StorageError
from ui.tables.events import By, Events, GameOver, Played, Refused, Rewound, Settled, Thinking, TimeLeft

#: Think budget handed to the bots (searching levels use it; the others answer at once).
BOT_BUDGET_MS = 1500
#: How often a countdown publishes the time left.
CLOCK_TICK_MS = 200
#: How long a timed event takes to come due when the game's flow does not say (``clock_ms``).
DEFAULT_CLOCK_MS = 5000
#: After how long a bot's think is said to take a while, and how often its seconds are told.
THINKING_SHOWN_MS = 2000
THINKING_TICK_MS = 1000


class Job(Protocol):
    """Work being driven in slices: ``cancel`` stops it at its next slice."""

    finished: bool

    def cancel(self) -> None: ...


class Timers(Protocol):
    """What the flow needs of time: ``ui.kit.timers.Timers`` in the page, a fake in tests."""

    def later(self, delay_ms: float, callback: Callable[[], None]) -> Any: ...

    def drive(self, work: Generator[Any, Any, Any], done: Callable[[Any], None],
              failed: Callable[[BaseException], None] | None = None) -> Job: ...

    def now_ms(self) -> float: ...


class Store(Protocol):
    """Where games in progress are kept: ``ui.storage.saves.Store`` or a fake. ``save`` and
    ``finish`` raise ``StorageError`` when the browser keeps nothing."""

    def new_id(self) -> str: ...

    def now(self) -> float: ...

    def save(self, game: SavedGame) -> Any: ...

    def finish(self, game: SavedGame) -> Any: ...


class StalePosition(IllegalAction):
    """An action chosen for a position the game has left (a click on an old table, a late
    message): refused, and nothing changes."""


class NotNow(IllegalAction):
    """An action the flow does not take now for a reason of its own (``TableFlow.not_now``),
    already said in words for people."""


class Returned(IllegalAction):
    """An action sent elsewhere to be played (a friend's, to the host's device) that came back
    refused: ``refused`` is the refusal the other side raised, rebuilt here from its data
    (``ui.tables.phrasing.refusal_data``), so that this device says it in its own words."""

    def __init__(self, message: str, refused: IllegalAction) -> None:
        super().__init__(message, refused.reason)
        self.refused = refused


class FlowStopped(IllegalAction):
    """The flow takes no action now, for the reason ``kind``: ``over`` (the game is over),
    ``paused`` (between the games of a match), ``readonly`` or ``failed`` (stopped by a
    failure)."""

    def __init__(self, message: str, reason: str | None = None, kind: str = "stopped") -> None:
        super().__init__(message, reason)
        self.kind = kind


@dataclass
class Asked:
    """A bot seat's decision under way: the epoch it was asked in (``key``), the timed window it
    was asked in (the clock's window, or None outside a timed window), and its work."""

    key: int
    window: int | None
    job: Job | None = None


@dataclass
class Running:
    """A timed event running: what it belongs to (``key``; a new key starts a new countdown),
    when it falls due (``deadline``, in the timers' milliseconds), what it does then (``fire``)
    and whether bots wait for it (``holds_bots``)."""

    kind: str
    key: Hashable
    deadline: float
    fire: Callable[[], None]
    holds_bots: bool = False


@dataclass(frozen=True)
class Timed:
    """A game flow's answer to "what timed event is due now": see ``TableFlow.timed``."""

    kind: str
    key: Hashable
    ms: float
    fire: Callable[[], None]
    holds_bots: bool = False


class TableFlow:
    """A game in progress (see the module docstring): built from a play route's ``setup`` or a
    ``saved`` game, driven by ``timers``, kept in ``store``; ``readonly`` for the replay viewer
    (no bots, no saves, any position through ``goto``).

    Raises SetupError (bad option, bad deck, unreadable record) and IllegalAction (a saved move
    the rules refuse)."""

    #: Whose device the countdowns wait for ("": none; a guest's flow names its silent host).
    clock_held = ""

    def __init__(self, setup: PlaySetup, timers: Timers, *, saved: SavedGame | None = None,
                 store: Store | None = None, readonly: bool = False) -> None:
        self.game = GAMES[setup.game_id]
        if not readonly:  # a replay shows the names as they were saved
            setup = replace(setup, seats=distinct_bot_names(setup.seats))
        self.setup = setup
        self.seats = setup.seats
        self.timers = timers
        self.readonly = readonly
        #: What happens, for whoever follows the game (``ui.tables.events``).
        self.events = Events()
        #: Every position so far: the start, then one per action (takebacks cut it short).
        self.states: list[State] = (Record.from_json(saved.record.to_json()).states() if saved else
                                    [self.game.new(setup.seed, players=len(self.seats),
                                                   options=setup.options, deck=setup.deck)])
        self.state: State = self.states[-1]
        self.epoch = 0
        self.store = None if readonly else store
        self.save_id = saved.id if saved else ""
        self.created = saved.created if saved else 0.0
        #: Why the game could not be saved (storage full or off): said once, play goes on.
        self.save_problem = ""
        self.bots: dict[int, Bot] = {} if readonly else {
            seat: get_bot(self.game.id, spec.level) for seat, spec in enumerate(self.seats) if spec.is_bot}
        #: Pacing randomness (a bot's reaction time), seeded from the deal.
        self.rngs = {seat: random.Random(setup.seed * 1009 + seat) for seat in self.bots}
        #: The seats of people at this device; a seat that is neither theirs nor a bot's is played
        #: from elsewhere, its actions handed to ``act`` as they arrive.
        self.people: tuple[int, ...] = () if readonly else tuple(
            seat for seat, spec in enumerate(self.seats) if spec.kind == "human")
        #: The seat drawn nearest the player (the first person; seat 0 when only bots play).
        self.bottom = self.people[0] if self.people else 0
        #: One person against bots, with takebacks allowed in setup (never with friends, who
        #: would see a game they played in go back).
        self.undo_offered = len(self.people) == 1 and bool(self.bots) and setup.undo and not setup.has_friends
        #: The room of a game with friends on other devices, as it is saved (``ui.friends.room``).
        self.room: dict[str, Any] | None = dict(saved.room) if saved and saved.room is not None else None
        self._undo: tuple[int, tuple[int, str]] | None = None  # (epoch, undo_point)
        #: The bot to name as thinking (the first bot to act with a decision under way).
        self.thinking: int | None = None
        self.asked: dict[int, Asked] = {}
        #: Actions people chose ahead, by seat, played as soon as they are legal.
        self.ahead: dict[int, Action] = {}
        #: While the engine's clock is to act: the epoch it came due in (its window's identity).
        self.clock_key: int | None = None
        self.countdown: Running | None = None
        #: A failure that stops the flow (a bot that raised, a move of a bot refused).
        self.error = ""
        #: Finished games of a match or series whose result was dismissed.
        self.shown = saved.shown if saved else 0
        self._views: dict[int | None, dict[str, Any]] = {}

    # -- what each seat may know and do ----------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """``state.view(seat)`` of the position now, worked out once per position and seat (read
        it, never change it); None is the spectator's view, which holds what everybody knows."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """The engine's legal actions of ``seat`` now; none while the flow waits (paused,
        stopped, read-only)."""
        if self.readonly or self.paused or self.error:
            return ()
        return self.state.legal_actions(seat)

    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (the engine's ``CLOCK`` while a timed event is due)."""
        return self.state.to_act()

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """The actions so far, as ``(seat, action)`` pairs, oldest first."""
        return self.state.history

    def record(self) -> Record:
        """The game so far as a record (to download, link to or replay)."""
        return Record.from_state(self.state)

    @property
    def ply(self) -> int:
        """Actions applied since the game (or match) began."""
        return len(self.state.history)

    def person_to_act(self) -> int | None:
        """The person at this device whose action moves the play on now, if any."""
        return next((seat for seat in self.state.to_act() if seat in self.people), None)

    def bot_to_act(self) -> int | None:
        return next((seat for seat in self.state.to_act() if seat in self.bots), None)

    def games_finished(self) -> int:
        """How many games of the match or series are over (their summaries in the view)."""
        return len(self.view(None).get("finished", ()))

    @property
    def paused(self) -> bool:
        """True while the flow waits for a person before play goes on: a game of a match or
        series has ended and its result stays on screen until ``deal_next``."""
        return self.games_finished() > self.shown and not self.state.is_over()

    def result_data(self) -> dict[str, Any] | None:
        """The result as JSON values, or None while the game goes on."""
        result = self.state.result() if self.state.is_over() else None
        if result is None:
            return None
        return result.to_dict()

    # -- starting, saving ------------------------------------------------------------------

    def start(self, run: bool = True) -> None:
        """Save the game under its id (a new one for a new game) and, if ``run``, set going
        what acts on its own (not yet: a room's game waiting in its lobby)."""
        if self.readonly:
            return
        if self.store is not None and not self.save_id:
            self.save_id = self.store.new_id()
            self.created = self.store.now()
        self.save()
        if run:
            self.schedule()

    def saved(self) -> SavedGame:
        """The game as it is kept: its record so far, seats and settings."""
        return SavedGame(
            id=self.save_id, record=Record.from_state(self.state), seats=self.seats,
            seed_given=self.setup.seed_given, delay_ms=self.setup.delay_ms, undo=self.setup.undo,
            shown=self.shown, created=self.created, result=self.result_data(), room=self.room)

    def save(self) -> None:
        """Keep the game as it stands (a finished one goes to the history); a refusal is kept in
        ``save_problem`` and play goes on."""
        if self.store is None or not self.save_id:
            return
        try:
            saved = self.saved()
            (self.store.finish if saved.result is not None else self.store.save)(saved)
        except StorageError as error:
            self.save_problem = _("This game is not being saved: {why}.", why=error)

    # -- actions ---------------------------------------------------------------------------

    def act(self, seat: int, action: Action | str, *, ply: int | None = None, by: By = "person") -> None:
        """The action of a person (``by``: here, or a friend elsewhere) for ``seat``, chosen at
        position ``ply`` (None: the position now). Raises what ``refusal`` returns, after
        publishing it as ``Refused``; nothing changes then."""
        error = self.refusal(seat, action, ply=ply)
        if error is not None:
            self.events.publish(Refused(seat, str(action), error))
            raise error
        self._apply(seat, self.parse(action), by)

    def refusal(self, seat: int, action: Action | str, *, ply: int | None = None) -> IllegalAction | None:
        """Why ``act`` would refuse this action now, as the exception it would raise, or None
        (nothing is played either way): ``StalePosition`` when the game has left position
        ``ply``, ``FlowStopped`` while the flow takes no action, ``NotNow`` when the flow itself
        refuses it (``not_now``), the engine's ``InvalidNotation``, ``NotYourTurn`` or
        ``IllegalAction`` (with the rules' ``reason``) when the rules do."""
        if ply is not None and ply != self.ply:
            return StalePosition(f"action {str(action)!r} by seat {seat} was chosen at ply {ply}; "
                                 f"the game is at ply {self.ply}")
        stopped = self._stopped(seat, action)
        if stopped is not None:
            return stopped
        if seat in self.bots:
            return IllegalAction(f"illegal action {str(action)!r} by seat {seat}: a bot plays that seat")
        try:
            chosen = self.parse(action)
            why = self.not_now(seat, chosen)
            if why:
                return NotNow(why)
            self.state.apply(seat, chosen)
        except IllegalAction as error:
            return error
        return None

    def not_now(self, seat: int, action: Action) -> str:
        """Why this table does not take ``action`` of ``seat`` now although the rules may, in
        words for people; "" when nothing but the rules decides (a coached game's flow answers
        a click off its script here: ``ui.learn.lesson``)."""
        return ""

    def parse(self, action: Action | str) -> Action:
        """An action, from notation text if need be (raises ``InvalidNotation``)."""
        return self.game.parse_action(self.state, action) if isinstance(action, str) else action

    def play_when_due(self, seat: int, action: Action) -> None:
        """A person's action chosen ahead: played as soon as it is legal for ``seat`` (other
        seats' actions may come in between)."""
        self.ahead[seat] = action
        self.schedule()
        self.events.publish(Settled())

    def deal_next(self) -> None:
        """Go on after a game of a match or series whose result was on screen."""
        self.shown = self.games_finished()
        self.save()
        self.schedule()
        self.settle()

    def _stopped(self, seat: int, action: Action | str) -> FlowStopped | None:
        kind, why = (("over", "the game is over") if self.state.is_over()
                     else ("readonly", "the table is read-only") if self.readonly
                     else ("failed", "the game has stopped") if self.error
                     else ("paused", "the next game of the match has not been dealt yet") if self.paused
                     else ("", ""))
        return FlowStopped(f"illegal action {str(action)!r} by seat {seat}: {why}", why, kind) if kind else None

    def _apply(self, seat: int, action: Action, by: By) -> None:
        before = self.state
        after = before.apply(seat, action)
        self.states.append(after)
        self._moved_to(after)
        self.events.publish(Played(seat, str(action), by, self.ply, before, action))
        self.save()
        self.schedule()
        result = self.result_data()
        if result is not None:
            self.events.publish(GameOver(result, tuple(result["winners"])))
        self.settle()

    def settle(self) -> None:
        """Publish the seats to act, if they changed, and that the change is complete."""
        self.events.turn(self.to_act(), self.ply)
        self.events.publish(Settled())

    def _moved_to(self, state: State) -> None:
        self.state = state
        self.epoch += 1
        self._views.clear()

    def fail(self, message: str) -> None:
        """Stop the flow with ``message`` (a bot that failed): nothing acts on its own after."""
        self.error = message
        self.thinking = None
        self.countdown = None
        self._drop_asked(())
        self.events.publish(Settled())

    # -- what acts on its own --------------------------------------------------------------

    def schedule(self) -> None:
        """Set going what acts on its own now, unless the game is over, paused, read-only or
        stopped: the countdown of a timed event, an action a person chose ahead, and a bot for
        every bot seat to act that has no decision under way. Inside a timed window a bot's
        answer holds while the window lasts (other seats acting meanwhile do not void it) if it
        is still legal; elsewhere any action voids the answers under way."""
        self.thinking = None
        if self.state.is_over() or self.paused or self.error or self.readonly:
            self._drop_asked(())
            self.clock_key = None
            self.countdown = None
            return
        to_act = self.state.to_act()
        if CLOCK not in to_act:
            self.clock_key = None
        elif self.clock_key is None:
            self.clock_key = self.epoch  # the window opens; its time runs until the event
        self._run_countdown(self.timed())
        if self.countdown is not None and self.countdown.holds_bots:
            return
        for seat in to_act:
            chosen = self.ahead.get(seat)
            if chosen is not None and chosen in self.state.legal_actions(seat):
                del self.ahead[seat]
                self._apply(seat, chosen, "person" if seat in self.people else "friend")
                return
        self._drop_asked(to_act)
        for seat in to_act:
            if seat in self.bots:
                if seat not in self.asked:
                    self._think(seat)
                if self.thinking is None:
                    self.thinking = seat

    # -- timed events ----------------------------------------------------------------------

    def timed(self) -> Timed | None:
        """The timed event due now, if any: here the engine's clock event, played ``clock_ms``
        after it came due (the engine never reads a clock). A game's flow adds its own."""
        if self.clock_key is None:
            return None
        return Timed("clock", ("clock", self.clock_key), self.clock_ms(), self._clock_event)

    def clock_ms(self) -> float:
        """How long after it comes due the clock's event is played."""
        return DEFAULT_CLOCK_MS

    def _clock_event(self) -> None:
        events = self.state.legal_actions(CLOCK)
        if events:
            self._apply(CLOCK, events[0], "clock")

    def countdown_left_ms(self, kind: str | None = None) -> float:
        """Milliseconds left of the countdown running (of that ``kind``, if given); 0 if none."""
        countdown = self.countdown
        if countdown is None or (kind is not None and countdown.kind != kind):
            return 0.0
        return max(0.0, countdown.deadline - self.timers.now_ms())

    def _run_countdown(self, timed: Timed | None) -> None:
        if timed is None:
            self.countdown = None
            return
        if self.countdown is not None and self.countdown.key == timed.key:
            return  # still the same event: its time keeps running
        countdown = self.countdown = Running(timed.kind, timed.key, self.timers.now_ms() + timed.ms,
                                               timed.fire, timed.holds_bots)
        self.timers.later(min(CLOCK_TICK_MS, timed.ms), lambda: self._tick(countdown))

    def _tick(self, countdown: Running) -> None:
        if self.countdown is not countdown or self.error or self.paused:
            return  # a stale countdown: the event it timed is gone
        left = countdown.deadline - self.timers.now_ms()
        if left <= 0:
            self.countdown = None
            countdown.fire()
            return
        self.events.publish(TimeLeft(countdown.kind, left))
        self.timers.later(min(CLOCK_TICK_MS, left), lambda: self._tick(countdown))

    # -- bots ------------------------------------------------------------------------------

    def _holds(self, asked: Asked) -> bool:
        """Whether a decision asked for earlier still answers the state now: nothing happened
        since, or it was asked in the timed window still open."""
        return asked.key == self.epoch or (asked.window is not None and asked.window == self.clock_key)

    def _drop_asked(self, to_act: Sequence[int]) -> None:
        for seat, asked in list(self.asked.items()):
            if seat not in to_act or not self._holds(asked):
                if asked.job is not None:
                    asked.job.cancel()
                del self.asked[seat]

    def _think(self, seat: int) -> None:
        """Ask the bot of ``seat`` for its action now; its answer comes back to ``_bot_plays``."""
        state = self.state
        if self.thinking is None:
            self.thinking = seat
        key = self.epoch
        asked = self.asked[seat] = Asked(key, self.clock_key if CLOCK in state.to_act() else None)
        work = self.bots[seat].think(self.game, state.view(seat), state.legal_actions(seat),
                                     bot_rng(self.setup.seed, seat, len(state.history)), BOT_BUDGET_MS)
        started = self.timers.now_ms()

        def done(action: Action) -> None:
            # Hold a quick answer back a little: a move that appears instantly is easy to miss.
            wait = self.bot_delay_ms(seat) - (self.timers.now_ms() - started)
            self.timers.later(wait, lambda: self._bot_plays(seat, action, asked))

        def failed(error: BaseException) -> None:
            print(f"five-checks: the {self.seats[seat].level} bot failed: {error!r}")  # for developers
            self.fail(_("The {level} bot failed, and the game cannot go on.", level=level_word(self.seats[seat].level)))

        def still_thinking() -> None:
            job = asked.job
            if self.thinking != seat or self.epoch != key or job is None or job.finished:
                return
            self.events.publish(Thinking(seat, int((self.timers.now_ms() - started) / 1000)))
            self.timers.later(THINKING_TICK_MS, still_thinking)

        asked.job = self.timers.drive(work, done, failed)
        self.timers.later(THINKING_SHOWN_MS, still_thinking)

    def bot_delay_ms(self, seat: int) -> float:
        """How long after it was asked a bot's answer is played (the route's ``delay``)."""
        return self.setup.delay_ms

    def _bot_plays(self, seat: int, action: Action, asked: Asked) -> None:
        """A bot's answer arrives: play it unless the game moved on meanwhile (in a timed
        window, unless it is no longer legal: then the bot is asked again)."""
        if self.asked.get(seat) is not asked or not self._holds(asked) or self.error or self.paused:
            return
        del self.asked[seat]
        if asked.key != self.epoch and action not in self.state.legal_actions(seat):
            self._think(seat)
            return
        try:
            self._apply(seat, action, "bot")
        except IllegalAction as error:
            print(f"five-checks: a bot's action was refused: {error}")  # for developers
            self.fail(_("A bot chose an action the rules refuse, and the game cannot go on."))

    # -- takebacks -------------------------------------------------------------------------

    def undo_state(self) -> tuple[int, str]:
        """The ply a takeback returns to and "", or -1 and why there is none now."""
        if not self.undo_offered:
            return -1, Reason("takebacks are off in this game")
        if self._undo is None or self._undo[0] != self.epoch:
            self._undo = (self.epoch, undo_point(self.states, self.bottom, [s.name for s in self.seats]))
        return self._undo[1]

    def undo(self) -> str:
        """Take back the person's last decision and the bots' replies after it; "" when done,
        else why not (nothing changes then)."""
        target, why = self.undo_state()
        if target < 0:
            return why
        del self.states[target + 1:]
        self.ahead.clear()
        self._moved_to(self.states[-1])
        self.events.publish(Rewound(self.ply))
        self.shown = min(self.shown, self.games_finished())
        self.save()
        self.schedule()
        self.settle()
        return ""

    # -- the replay viewer -----------------------------------------------------------------

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` actions (read-only flows: the replay viewer)."""
        self._moved_to(self.states[max(0, min(ply, len(self.states) - 1))])
        self.events.publish(Rewound(self.ply))
        # Between the games of a match the viewer goes straight on: no "next game" pause.
        self.shown = self.games_finished()


def bot_rng(seed: int, seat: int, ply: int) -> random.Random:
    """The generator a bot decides with: seeded by the deal, the seat and the move, so a reload
    or a takeback meets the same reply."""
    return random.Random(f"{seed}:{seat}:{ply}")
