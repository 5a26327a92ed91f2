"""What every game table shares: the state, the seats, bots thinking in slices, people's clicks.

A game's table subclasses ``GameTable``, sets ``game_id`` and draws its own board in ``render``
from ``self.view()`` (never from the full state: the table holds no rule logic and shows no more
than the seat in front of the screen may know) and its buttons from ``self.legal(seat)``. The base
is the only place that applies actions, and does the flow:

- starts the game a play route asks for (``PlaySetup``) or continues a saved one (``SavedGame``),
  saves it after every action (``ui.storage.saves``; a finished game goes to the history) and names it in
  the URL by its saved id, never by its seed;
- takes back the one person's last decision against bots (``undo``) as far as doing so shows them
  nothing they could not see before (``engine.knowledge.undo_point``);
- lets every bot seat to act think (``Bot.think`` driven by the screen's timers, so the page stays
  live; several at once where several seats act at once), holds a quick answer back
  (``bot_delay_ms``: ``delay_ms`` by default) so a person sees it coming, and shows a seconds
  counter in ``[data-testid=status]`` during a long think;
- runs the engine's clock: while ``CLOCK`` is to act (a timed event is due, such as the end of a
  matching window) a timer plays its event after ``clock_ms()``, and the seconds left tick in
  ``[data-testid=countdown]`` (``clock_text()``). Inside such a timed window a bot's answer holds
  while the window lasts (other seats acting meanwhile do not void it) if it is still legal;
  elsewhere any action voids the answers under way and the bots to act are asked again;
- plays the actions people chose ahead (``play_when_due``) as soon as the rules allow them;
- turns a click on ``<button data-action="<notation>">`` into the action of the person to act, or
  of the seat in its ``data-seat`` where several people may act at once; ``data-pick`` clicks go
  to ``pick`` and ``data-cmd`` clicks to ``command``;
- with hidden information and several people at one device, puts a "pass the device" screen
  (``pass_screen``) between their turns, so nobody sees another's hand;
- ``again_row`` and ``result_panel`` give every game the same end-of-game panel, with the
  record to download, link to or replay;
- read-only (``readonly``), it is the replay viewer's board: no bots, no saves, no buttons, the
  view of the seat being watched, any position of the game (``goto``).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Mapping, Sequence

from engine import CLOCK, GAMES, Action, IllegalAction, Record, State
from engine.bots import get_bot
from engine.knowledge import undo_point
from ui.app import embed
from ui.kit import motion
from ui.kit.dom import Node, attr, classes, h, present
from ui.tables.playing_cards import with_signs
from ui.app.routes import PlaySetup, distinct_bot_names
from ui.storage.saves import SavedGame, StorageError, Store, pack_record, record_json
from ui.app.screen import Navigate, Screen
from ui.kit.timers import Job, now_ms

#: The button that deals on after a game of a match or series: not an engine action (the state
#: has dealt the next game already); tests and players click it like one.
NEXT_GAME = "next-game"

#: A seat named in an engine sentence ("seat 1", "seat 1's"), to be said by name.
_SEAT_IN_TEXT = re.compile(r"\bseat (\d+)('s)?")

#: The engine's verbs after a seat ("seat 0 holds"), as they agree with "you".
_YOU_FORMS = {"is": "are", "has": "have", "holds": "hold", "was": "were", "does": "do", "needs": "need"}
_YOU_VERB = re.compile(r"\b([Yy]ou) (is|has|holds|was|does|needs)\b")

#: Think budget handed to the bots (searching levels use it; the others answer at once).
BOT_BUDGET_MS = 1500
#: How often the countdown of a timed event is redrawn.
CLOCK_TICK_MS = 200
#: How long a timed event takes to come due when the table does not say (``clock_ms``).
DEFAULT_CLOCK_MS = 5000


@dataclass
class Asked:
    """A bot seat's decision under way: the table's ``epoch`` when it was asked (``key``) and the
    timed window it was asked in (the clock's ``key``, or None outside a timed window)."""

    key: int
    window: int | None
    job: Job | None = None


class GameTable(Screen):
    """Base of the game tables; see the module docstring for what it does for them."""

    game_id: ClassVar[str]
    #: The game's name as the table shows it (its bar, its label) where shorter than the title.
    short_title: ClassVar[str] = ""

    def __init__(self, root: Any, navigate: Navigate, setup: PlaySetup, saved: SavedGame | None = None,
                 store: Store | None = None, *, readonly: bool = False) -> None:
        """A table for ``setup``: a new game, or the saved game ``saved`` at its last position.
        Raises SetupError (bad option, bad deck, unreadable record) and IllegalAction (a saved
        move the rules refuse): the router shows them as a page."""
        super().__init__(root, navigate)
        self.game = GAMES[self.game_id]
        if not readonly:  # a replay shows the names as they were saved
            setup = replace(setup, seats=distinct_bot_names(setup.seats))
        self.setup = setup
        self.seats = setup.seats
        self.readonly = readonly
        #: Every position so far: the start, then one per action (takebacks cut it short).
        self.states: list[State] = (Record.from_json(saved.record.to_json()).states() if saved else
                                    [self.game.new(setup.seed, players=len(self.seats),
                                                   options=setup.options, deck=setup.deck)])
        self.state: State = self.states[-1]
        #: Goes up on every change of position (an action or a takeback): a bot's answer, a
        #: timer or a click belongs to the epoch it was made in.
        self.epoch = 0
        self.store = None if readonly else store
        self.save_id = saved.id if saved else ""
        self.created = saved.created if saved else 0.0
        #: Why the game could not be saved (storage full or off): said once, play goes on.
        self.save_problem = ""
        self.bots = {} if readonly else {seat: get_bot(self.game.id, spec.level)
                                         for seat, spec in enumerate(self.seats) if spec.is_bot}
        # UI pacing randomness (a bot's reaction time), seeded from the deal.
        self.rngs = {seat: random.Random(setup.seed * 1009 + seat) for seat in self.bots}
        self.humans = () if readonly else tuple(seat for seat, spec in enumerate(self.seats)
                                                if not spec.is_bot)
        #: The seat drawn nearest the player (the first person; seat 0 when only bots play).
        self.bottom = self.humans[0] if self.humans else 0
        self.solo = len(self.humans) == 1
        #: Several people share the device and each may see something the others may not.
        self.private = not self.game.perfect_information and len(self.humans) > 1
        #: One person against bots, with takebacks allowed in setup.
        self.undo_offered = self.solo and bool(self.bots) and setup.undo
        self._undo: tuple[int, tuple[int, str]] | None = None  # (epoch, undo_point) cache
        #: The replay viewer's choice of whose cards to show (None: the spectator's view).
        self.watching: int | None = None
        #: The person who last confirmed they hold the device (private tables only).
        self.holder: int | None = None
        self.thinking: int | None = None
        #: The bot seats' decisions under way, by seat.
        self.asked: dict[int, Asked] = {}
        #: Actions people chose ahead, by seat, played as soon as they are legal.
        self.ahead: dict[int, Action] = {}
        #: While the clock's event is due: the actions applied when it came due, and when it falls.
        self.clock_key: int | None = None
        self.clock_deadline = 0.0
        self._seen: tuple[Any, int | None, dict[str, Any]] | None = None
        self.error = ""  # a failure that stops the table (a bot that raised)
        self.notice = ""  # a refused click: shown, and the game goes on
        # Finished games of a match or series whose result was dismissed.
        self.shown = saved.shown if saved else 0
        names = " v ".join(spec.name for spec in self.seats)
        self.title = f"{self.game.title}: {names} — Five Checks"

    # -- what the screen shows -------------------------------------------------------------

    def viewer(self) -> int | None:
        """The seat whose view the screen shows: the one person, the person holding the device,
        or nobody (a spectator's view) when only bots play or the device is being passed."""
        if self.readonly:
            return self.watching
        if self.solo:
            return self.humans[0]
        if self.private:
            return self.holder
        return None  # perfect information (the spectator sees it all) or bots only

    def view(self) -> dict[str, Any]:
        """The view of the seat in front of the screen (worked out once per state and viewer;
        read it, never change it)."""
        viewer = self.viewer()
        seen = self._seen
        if seen is None or seen[0] is not self.state or seen[1] != viewer:
            seen = self._seen = (self.state, viewer, self.state.view(viewer))
        return seen[2]

    def show(self) -> None:
        super().show()
        title = self.tab_title()
        document = self.root.ownerDocument
        if str(document.title) != title:
            document.title = title

    def tab_title(self) -> str:
        """The tab's title: it starts with "Your turn" while the person is to act, so a tab in
        the back says when to come back."""
        seat = self.human_to_act()
        if seat is None or self.readonly or self.paused or self.error:
            return self.title
        return ("Your turn — " if self.solo else f"{self.name(seat)}’s turn — ") + self.title

    def legal(self, seat: int | None) -> tuple[Any, ...]:
        """The engine's legal actions of ``seat`` now, for the table to turn into buttons (by
        their types): none for a spectator, a bot, a paused table or a hidden one."""
        if seat is None or seat not in self.humans or self.paused or self.needs_pass():
            return ()
        return self.state.legal_actions(seat)

    def needs_pass(self) -> bool:
        """A person is to act who is not the one holding the device: hide the table first."""
        seat = self.human_to_act()
        return self.private and seat is not None and seat != self.holder and not self.error

    # -- flow ------------------------------------------------------------------------------

    def start(self) -> None:
        if self.readonly:
            self.show()
            return
        if self.store is not None:
            if not self.save_id:
                self.save_id = self.store.new_id()
                self.created = self.store.now()
            self.save()
            # The address names the saved game, never the deal: a reload continues it, and a
            # link shows nobody the seed of cards they could not see.
            from pyscript import window

            window.history.replaceState(None, "", embed.address(f"#/{self.game_id}/play?id={self.save_id}"))
        self.schedule()
        self.show()

    def saved(self) -> SavedGame:
        """The game as it is kept: its record so far, seats and settings."""
        return SavedGame(
            id=self.save_id, record=Record.from_state(self.state), seats=self.seats,
            seed_given=self.setup.seed_given, delay_ms=self.setup.delay_ms, undo=self.setup.undo,
            shown=self.shown, created=self.created,
            result=self.result_data())

    def result_data(self) -> dict[str, Any] | None:
        """The result as JSON values (kept with the game, told to an embedding page), or None
        while the game goes on."""
        if not self.state.is_over():
            return None
        result = self.state.result()
        return {"scores": list(result.scores), "winners": list(result.winners), "reason": result.reason}

    def save(self) -> None:
        """Keep the game as it stands (a finished one goes to the history); a refusal is said
        on the table once and the game goes on."""
        if self.store is None or not self.save_id:
            return
        try:
            saved = self.saved()
            (self.store.finish if saved.result is not None else self.store.save)(saved)
        except StorageError as error:
            self.save_problem = f"This game is not being saved: {error}."

    @property
    def paused(self) -> bool:
        """True while the table waits for a person before play goes on: a game of a match or
        series has ended and its result stays on screen until someone presses ``NEXT_GAME``."""
        return self.games_finished() > self.shown and not self.state.is_over()

    def games_finished(self) -> int:
        """Hook: how many games of the match or series are over (the state knows; 0 if none)."""
        return 0

    def human_to_act(self) -> int | None:
        return next((seat for seat in self.state.to_act() if seat in self.humans), None)

    def bot_to_act(self) -> int | None:
        return next((seat for seat in self.state.to_act() if seat in self.bots), None)

    def schedule(self) -> None:
        """Set going what acts on its own now, unless the game is over, paused or stopped by an
        error: the clock of a timed event, an action a person chose ahead, and a bot for every
        bot seat to act that has no decision under way (see the module docstring)."""
        self.thinking = None
        if self.state.is_over() or self.paused or self.error or self.readonly:
            self._drop_asked(())
            self.clock_key = None
            return
        to_act = self.state.to_act()
        self._run_clock(to_act)
        for seat in to_act:
            chosen = self.ahead.get(seat)
            if chosen is not None and chosen in self.state.legal_actions(seat):
                del self.ahead[seat]
                self.play(seat, chosen)
                return
        self._drop_asked(to_act)
        for seat in to_act:
            if seat in self.bots:
                if seat not in self.asked:
                    self.think(seat)
                if self.thinking is None:
                    self.thinking = seat

    def _holds(self, asked: Asked) -> bool:
        """Whether a decision asked for earlier still answers the state now: nothing happened
        since, or it was asked in the timed window still open."""
        return asked.key == self.epoch or (
            asked.window is not None and asked.window == self.clock_key)

    def _drop_asked(self, to_act: Sequence[int]) -> None:
        """Stop the decisions under way that no longer answer the state (see ``_holds``)."""
        for seat, asked in list(self.asked.items()):
            if seat not in to_act or not self._holds(asked):
                if asked.job is not None:
                    asked.job.cancel()
                del self.asked[seat]

    def think(self, seat: int) -> None:
        """Ask the bot of ``seat`` for its action now; its answer comes back to ``bot_plays``."""
        state = self.state
        if self.thinking is None:
            self.thinking = seat
        key = self.epoch
        asked = self.asked[seat] = Asked(key, self.clock_key if CLOCK in state.to_act() else None)
        thinking = self.bots[seat].think(self.game, state.view(seat), state.legal_actions(seat),
                                         bot_rng(self.setup.seed, seat, len(state.history)), BOT_BUDGET_MS)
        started = now_ms()

        def done(action: Any) -> None:
            # Hold a quick answer back a little: a move that appears instantly is easy to miss.
            wait = self.bot_delay_ms(seat) - (now_ms() - started)
            self.timers.later(wait, lambda: self.bot_plays(seat, action, asked))

        def failed(error: BaseException) -> None:
            self.fail(f"The {self.seats[seat].level} bot failed: {error}")

        def clock() -> None:
            # A long think shows it is alive: seconds so far.
            if self.thinking != seat or self.epoch != key or job.finished:
                return
            line = self.root.querySelector("[data-testid=status]")
            if present(line):
                line.textContent = f"{self.name(seat)} is thinking… {int((now_ms() - started) / 1000)} s"
            self.timers.later(1000, clock)

        job = asked.job = self.timers.drive(thinking, done, failed)
        self.timers.later(2000, clock)

    def bot_delay_ms(self, seat: int) -> float:
        """Hook: how long after it was asked a bot's answer is played (the route's ``delay``)."""
        return self.setup.delay_ms

    def bot_plays(self, seat: int, action: Any, asked: Asked) -> None:
        """A bot's answer arrives: play it unless the game moved on meanwhile (in a timed
        window, unless it is no longer legal: then the bot is asked again)."""
        if self.asked.get(seat) is not asked or not self._holds(asked) or self.error or self.paused:
            return
        del self.asked[seat]
        if asked.key != self.epoch and action not in self.state.legal_actions(seat):
            self.think(seat)
            return
        self.play(seat, action)

    def play_when_due(self, seat: int, action: Action) -> None:
        """A person's action chosen ahead: played by the base as soon as it is legal for ``seat``
        (the table's own moves may come in between, bots' among them)."""
        self.ahead[seat] = action
        self.schedule()

    # -- the clock of timed events ---------------------------------------------------------

    def clock_ms(self) -> float:
        """Hook: how long after it comes due the clock's event is played."""
        return DEFAULT_CLOCK_MS

    def clock_text(self) -> str:
        """The seconds left before the clock's event, for ``[data-testid=countdown]``."""
        left = max(0.0, self.clock_deadline - now_ms()) if self.clock_key is not None else 0.0
        return f"{left / 1000:.1f} s"

    def _run_clock(self, to_act: Sequence[int]) -> None:
        if CLOCK not in to_act:
            self.clock_key = None
            return
        if self.clock_key is not None:
            return  # the event came due earlier and is still due: its time keeps running
        key = self.clock_key = self.epoch
        self.clock_deadline = now_ms() + self.clock_ms()
        self.timers.later(CLOCK_TICK_MS, lambda: self._clock_tick(key))

    def _clock_tick(self, key: int) -> None:
        if key != self.clock_key or self.error or self.paused:
            return
        left = self.clock_deadline - now_ms()
        if left <= 0:
            events = self.state.legal_actions(CLOCK)
            if events:
                self.play(CLOCK, events[0])  # the engine never reads a clock: the page's timer does
            return
        line = self.root.querySelector("[data-testid=countdown]")
        if present(line):
            line.textContent = self.clock_text()
        self.timers.later(min(CLOCK_TICK_MS, left), lambda: self._clock_tick(key))

    def play(self, seat: int, action: Any) -> bool:
        """Apply ``action`` (an Action or notation) for ``seat``; False (and a notice) if refused."""
        before = self.state
        try:
            if isinstance(action, str):
                action = self.game.parse_action(before, action)
            after = before.apply(seat, action)
        except IllegalAction as error:
            if seat in self.bots:
                self.fail(str(error))
            else:
                self.notice = self.explain(seat, action if isinstance(action, str) else str(action))
                self.show()
            return False
        self.states.append(after)
        self.moved_to(after)
        self.played(before, seat, action)
        self.save()
        self.tell_host(seat, action)
        self.schedule()
        self.show()
        return True

    def tell_host(self, seat: int, action: Action) -> None:
        """An embedding page hears of every action and of the end (``ui.app.embed``)."""
        embed.moved(self.game_id, self.save_id, seat, str(action), len(self.state.history))
        result = self.result_data()
        if result is not None:
            embed.game_over(self.game_id, self.save_id, result)

    def moved_to(self, state: State) -> None:
        """Make ``state`` the position on the table (an action, a takeback, a replay step)."""
        self.state = state
        self.epoch += 1
        self.notice = ""
        self.changed()

    def played(self, before: State, seat: int, action: Any) -> None:
        """Hook: ``action`` by ``seat`` led from ``before`` to ``self.state`` (analysis)."""

    def changed(self) -> None:
        """Hook: the position changed (an action, a takeback, a replay step): drop the choices
        a person had half made (a picked card) and what was worked out for the old position."""

    # -- what the other seats just did ([data-last-move]) -----------------------------------

    def watcher(self) -> int | None:
        """The seat whose "since I last acted" the marks count from: the person in front of the
        screen; None where nobody is (bots only, all cards open to people taking turns, the
        replay viewer), and then only the latest action is marked."""
        return None if self.readonly else self.viewer()

    def last_moves(self) -> list[tuple[int, Action]]:
        """The actions of the other seats since the watcher last acted, oldest first (the clock's
        events pass through unmarked); the latest action alone when there is no watcher."""
        history = self.state.history
        me = self.watcher()
        if me is None:
            return [move for move in history[-1:] if move[0] != CLOCK]
        moves = []
        for seat, action in reversed(history):
            if seat == me:
                break
            if seat != CLOCK:
                moves.append((seat, action))
        return moves[::-1]

    def recent(self, log: Sequence[Mapping[str, Any]]) -> set[int]:
        """Indexes of the log entries that tell of ``last_moves``: the entries at the end of the
        log by other seats than the watcher (by the latest mover, when there is no watcher)."""
        moves = self.last_moves()
        if not moves:
            return set()
        me = self.watcher()
        marked: set[int] = set()
        for index in range(len(log) - 1, -1, -1):
            seat = log[index].get("seat")
            if (seat == me) if me is not None else (seat != moves[-1][0] and seat is not None):
                break
            marked.add(index)
        return marked

    # -- takebacks -------------------------------------------------------------------------

    def undo_state(self) -> tuple[int, str]:
        """The ply a takeback returns to and "" — or -1 and why there is none now."""
        if not self.undo_offered:
            return -1, "takebacks are off in this game"
        if self._undo is None or self._undo[0] != self.epoch:
            self._undo = (self.epoch, undo_point(self.states, self.bottom, self.names()))
        return self._undo[1]

    def undo(self) -> None:
        """Take back the person's last decision (and the bots' replies after it)."""
        target, why = self.undo_state()
        if target < 0:
            self.notice = f"No takeback: {why}."
            self.show()
            return
        del self.states[target + 1:]
        self.ahead.clear()
        self.moved_to(self.states[-1])
        self.shown = min(self.shown, self.games_finished())
        self.save()
        self.schedule()
        self.show()

    def undo_button(self) -> Node | None:
        """``[data-cmd=undo]`` for a person playing bots; nothing otherwise. When a takeback is
        not possible now it is marked disabled (``aria-disabled``, not ``disabled``, so that a
        click still arrives and says why on the table) with the reason beside it for readers."""
        if not self.undo_offered:
            return None
        target, why = self.undo_state()
        reason = "" if target >= 0 else why[:1].upper() + why[1:] + "."
        return h("span", {"class": "undo-tool"},
                 h("button", {"type": "button", "class": "tool", "data-cmd": "undo",
                              "aria-disabled": "true" if reason else None,
                              "title": reason or "Take back your last move",
                              "aria-describedby": "undo-reason" if reason else None}, "Take back"),
                 h("span", {"id": "undo-reason", "class": "visually-hidden",
                            "data-testid": "undo-reason"}, reason) if reason else None)

    # -- the replay viewer's board ---------------------------------------------------------

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` actions (read-only tables: the replay viewer)."""
        self.moved_to(self.states[max(0, min(ply, len(self.states) - 1))])
        # Between the games of a match the viewer goes straight on: no "next game" pause.
        self.shown = self.games_finished()

    def fail(self, message: str) -> None:
        self.error = message
        self.thinking = None
        self.show()

    # -- events ----------------------------------------------------------------------------

    def on_click(self, element: Any) -> None:
        action = attr(element, "data-action")
        seat = attr(element, "data-seat")
        pick = attr(element, "data-pick")
        command = attr(element, "data-cmd")
        if self.readonly:
            return
        refused = attr(element, "data-try")
        if refused:
            person = self.viewer()
            self.notice = self.explain(int(seat) if seat else self.bottom if person is None else person, refused)
            self.show()
        elif action and seat:
            self.act_as(int(seat), action)
        elif action:
            self.act(action)
        elif pick:
            self.pick(pick)
        elif command == "pass-done":
            self.holder = self.human_to_act()
            self.show()
        elif command == "undo":
            self.undo()
        elif command == "motion":
            motion.choose(not motion.wanted())
            self.show()
        elif command == "again":
            self.navigate(replace(self.setup, seed_given=True).to_hash())
        elif command == "new-deal":
            self.navigate(with_seed(self.setup, random.SystemRandom().randint(0, 999_999)).to_hash())
        elif command == "download":
            from ui.kit.files import download

            download(f"{self.game_id}-{self.save_id or self.setup.seed}.json",
                     record_json(Record.from_state(self.state), self.names()))
        elif command == "copy-link":
            from ui.kit.files import copy_text

            copy_text(self.root, self.record_link())
        elif command:
            self.command(command)

    def act(self, notation: str) -> None:
        """A person's ``data-action`` click: the action of the person to act, if any."""
        if notation == NEXT_GAME:
            self.shown = self.games_finished()
            self.save()
            self.schedule()
            self.show()
            return
        seat = self.human_to_act()
        if seat is not None and not self.paused and not self.needs_pass():
            self.play(seat, notation)

    def act_as(self, seat: int, notation: str) -> None:
        """A ``data-action`` click on a button that names its seat (``data-seat``): where several
        people may act at once, such as a matching window, the button says whose it is."""
        if (seat in self.humans and seat in self.state.to_act() and not self.paused
                and not self.needs_pass()):
            self.play(seat, notation)

    def pick(self, pick: str) -> None:
        """Hook: a ``data-pick`` click (a selection that changes no state)."""

    # -- refusals --------------------------------------------------------------------------

    def offer(self, notation: str, legal: bool) -> dict[str, Any]:
        """The attributes of a control for the action ``notation`` of the person in front: a
        ``data-action`` when it is legal now; else ``data-try`` and ``aria-disabled`` (not
        ``disabled``: the click must still arrive), and the click says why (``explain``). A
        card drawn this way is the same element whether it can be played or not, so it keeps
        its DOM node (and focus) from one move to the next."""
        if legal:
            return {"data-action": notation}
        return {"data-try": notation, "aria-disabled": "true"}

    def explain(self, seat: int, notation: str) -> str:
        """Why ``seat`` cannot take the action ``notation`` now, for people: the engine's own
        reason (``State.why_illegal``) in the table's words (``words``)."""
        state = self.state
        try:
            action = self.game.parse_action(state, notation)
        except IllegalAction as error:
            return self.words(str(error))
        if state.is_over():
            return "The game is over."
        if self.paused:
            return "This game is over: press the button to deal the next one."
        to_act = [other for other in state.to_act() if other != CLOCK]
        if seat not in state.to_act():
            if not to_act:
                return "Wait a moment: the table is about to go on."
            who = " and ".join(self.name(other) for other in to_act)
            mine = "your" if self.solo and seat == self.bottom else f"{self.name(seat)}’s"
            return f"Not {mine} turn: {who} to play."
        if action in state.legal_actions(seat):
            return ""
        return self.words(state.why_illegal(seat, action))

    def words(self, text: str) -> str:
        """An engine sentence as the table says it: seats by name ("your" hand for the one
        person, the verb agreeing: "you hold"), cards with the table's signs (``card_words``),
        a capital and a full stop."""
        def seat(found: Any) -> str:
            number, owner = int(found.group(1)), bool(found.group(2))
            if number >= len(self.seats):
                return found.group(0)
            if self.solo and number == self.bottom:
                return "your" if owner else "you"
            return self.name(number) + ("’s" if owner else "")

        text = self.card_words(_SEAT_IN_TEXT.sub(seat, text.strip()))
        text = _YOU_VERB.sub(lambda found: f"{found.group(1)} {_YOU_FORMS[found.group(2)]}", text)
        if not text:
            return text
        text = text[:1].upper() + text[1:]
        return text if text.endswith((".", "!", "?")) else text + "."

    def card_words(self, text: str) -> str:
        """Hook: the cards an engine sentence names in notation, as the table shows them
        (standard cards with suit signs; a game with its own deck overrides this)."""
        return with_signs(text)

    def command(self, command: str) -> None:
        """Hook: a ``data-cmd`` click the base does not know."""

    # -- words and shared pieces -----------------------------------------------------------

    def name(self, seat: int) -> str:
        return "Clock" if seat == CLOCK else self.seats[seat].name

    def is_you(self, seat: int) -> bool:
        """The one person playing bots is addressed as "You" (their default name)."""
        return self.solo and seat == self.bottom and self.name(seat) == "You"

    def turn_text(self, seat: int) -> str:
        if self.seats[seat].is_bot or self.readonly:
            return f"{self.name(seat)} to play"
        if self.solo:
            return "Your turn"
        return f"{self.name(seat)}’s turn"

    def pass_screen(self) -> Node:
        """Shown instead of the table while the device goes to the next person."""
        seat = self.human_to_act()
        name = self.name(seat) if seat is not None else ""
        return h("section", {"class": "panel pass-screen", "data-testid": "pass-screen"},
                 h("h2", None, f"Pass the device to {name}"),
                 h("p", None, "The table is hidden so that nobody sees a hand that is not theirs. ",
                   f"{name}, press the button when only you can see the screen."),
                 h("button", {"type": "button", "class": "primary", "data-cmd": "pass-done",
                              "data-testid": "pass-done", "autofocus": True},
                   f"I am {name}: show my cards"))

    def game_name(self) -> str:
        return self.short_title or self.game.title

    def frame(self, css: str, view: Mapping[str, Any], bar: Node, *body: Any,
              alert: str = "cc-error", phase: bool = False) -> Node:
        """``[data-testid=table]``, the section a table draws into: its ``bar``, then the failure
        that stopped the table or the refused click in ``p[role=alert]`` (class ``alert``) while
        there is one, then the ``body``. It carries what tests and styles read: ``data-over`` once
        the game (or match) is over, ``data-paused`` between the games of a match or series,
        ``data-game-number`` where the game plays several, ``data-phase`` where the table asks
        for it (``phase``), ``data-to-act``, the seats to act (none while over or paused; the
        clock of a timed event is no seat), and ``data-ply``, the actions played so far.
        Its class is ``css``, with ``<css>-over`` once over."""
        over = view["result"] is not None
        paused = self.paused
        message = self.error or self.notice
        return h("section", {
            "class": classes(css, over and f"{css}-over"),
            "data-testid": "table",
            "data-game": self.game_id,
            "data-over": "1" if over else None,
            "data-paused": "1" if paused else None,
            "data-game-number": view.get("game_number"),
            "data-ply": len(self.state.history),
            "data-readonly": "1" if self.readonly else None,
            "data-phase": view["phase"] if phase else None,
            "data-to-act": "" if over or paused else ",".join(
                str(seat) for seat in view["to_act"] if seat != CLOCK),
            "aria-label": f"{self.game_name()} table",
        },
            bar,
            h("p", {"class": alert, "role": "alert"}, message) if message else None,
            h("p", {"class": "save-problem", "data-testid": "save-problem"}, self.save_problem)
            if self.save_problem else None,
            *body)

    def bar(self, where: str, score: Node | None, *tools: Any, css: str = "") -> Node:
        """The header over the board: the game's name, a link back to its setup screen, and
        ``where`` (which game of a match, how far it has come); the ``score``; the table's
        ``tools``, the takeback, the "Motion" toggle (``[data-cmd=motion]``, ``aria-pressed``:
        cards travel or not, ``ui.kit.motion``), then a link to the rules. ``css`` adds the game's
        own class."""
        return h("header", {"class": classes("cc-bar", css)},
                 h("div", {"class": "cc-bar-title"},
                   h("a", {"href": f"#/{self.game_id}", "class": "cc-home",
                           "title": "Set up another game"}, self.game_name()),
                   h("span", {"class": "cc-where", "data-testid": "where"}, where)),
                 score,
                 h("div", {"class": "cc-bar-tools"}, *(() if self.readonly else tools), self.undo_button(),
                   self.motion_button(), self.rules_link()))

    def motion_button(self) -> Node | None:
        """The "Motion" toggle of a table's bar (``[data-cmd=motion]``, ``aria-pressed``: cards
        travel or not, ``ui.kit.motion``); none in the replay viewer."""
        return None if self.readonly else h("button", motion.toggle_attrs(), "Motion")

    def rules_link(self) -> Node:
        """The last tool of a table's bar: the game's rules, in a new tab."""
        return h("a", {"class": "tool", "href": f"#/{self.game_id}/rules", "target": "_blank",
                       "rel": "noopener"}, "Rules")

    def score_pair(self, label: str, scores: Sequence[Any], *extra: Any) -> Node:
        """``[data-testid=totals]`` for a two-seat game, "Ann 3 : 1 Bo", then ``extra``."""
        return h("div", {"class": "cc-bar-score", "data-testid": "totals", "aria-label": label},
                 h("span", {"class": "cc-score-name"}, self.name(0)), " ",
                 h("b", None, scores[0]), h("span", {"class": "cc-score-sep"}, " : "),
                 h("b", None, scores[1]), " ",
                 h("span", {"class": "cc-score-name"}, self.name(1)),
                 *extra)

    def to_act_line(self, seat: int, verb: str = "", suffix: str = "") -> str:
        """A status line for ``seat`` to act: ``Bo is thinking…``, ``Bo to <verb>.``, ``Your turn
        to <verb>.`` (the one person) or ``Ann: your turn to <verb>.`` (several people at the
        device); without a ``verb`` a bot is "to play" and a person's turn is just "your turn".
        ``suffix`` goes before the full stop."""
        name = self.name(seat)
        if self.thinking == seat:
            return f"{name} is thinking…"
        if self.seats[seat].is_bot or self.readonly:
            return f"{name} to {verb or 'play'}{suffix}."
        turn = f"turn to {verb}" if verb else "turn"
        return f"Your {turn}{suffix}." if self.solo else f"{name}: your {turn}{suffix}."

    def headline(self, winners: Sequence[int], what: str = "") -> str:
        """``You win`` / ``Ann wins`` / ``Ann and Bo win`` / ``Draw``, with ``what`` after it."""
        if not winners:
            return "Draw" if not what else f"Drawn {what}"
        if self.solo and list(winners) == [self.bottom] and self.is_you(self.bottom):
            text = "You win"
        elif len(winners) == 1:
            text = f"{self.name(winners[0])} wins"
        else:
            text = " and ".join([", ".join(self.name(s) for s in winners[:-1]), self.name(winners[-1])]) + " win"
        return f"{text} {what}".rstrip()

    def again_row(self) -> Node | None:
        """What to do after the end: the same deal again (its seed, now that every card has been
        played, may be seen), a new deal, another setup; the record to replay, keep or share."""
        if self.readonly:
            return None
        return h("div", {"class": "after-game"},
                 h("p", {"class": "again-row"},
                   h("button", {"type": "button", "data-cmd": "again", "data-testid": "replay-deal"},
                     f"Replay this deal (#{self.setup.seed})"),
                   h("button", {"type": "button", "data-cmd": "new-deal", "class": "primary"}, "New deal"),
                   h("a", {"class": "button-link", "href": setup_hash(self.setup)}, "Change setup")),
                 h("p", {"class": "record-row"},
                   h("a", {"class": "button-link", "data-testid": "replay-link",
                           "href": f"#/{self.game_id}/replay?id={self.save_id}"}, "Watch the replay")
                   if self.save_id else None,
                   h("button", {"type": "button", "data-cmd": "download"}, "Download the record"),
                   h("label", {"class": "record-link"},
                     h("span", {"class": "visually-hidden"}, "Link to this game’s record"),
                     h("input", {"type": "text", "readonly": True, "value": self.record_link(),
                                 "data-testid": "record-link"})),
                   h("button", {"type": "button", "data-cmd": "copy-link"}, "Copy link")))

    def record_link(self) -> str:
        """A link that opens this game's record in the replay viewer, on any device."""
        from pyscript import window

        here = str(window.location.href).split("#", 1)[0]
        return f"{here}#/{self.game_id}/replay?r={pack_record(Record.from_state(self.state), self.names())}"

    def names(self) -> list[str]:
        return [spec.name for spec in self.seats]

    def result_panel(self, *details: Any) -> Node | None:
        """``[data-testid=result]``: who won, every seat's score, the reason, then ``details``
        (nothing while the game goes on)."""
        result = self.view()["result"]
        if result is None:
            return None
        return h("section", {"class": "panel result", "data-testid": "result",
                             "data-winner": ",".join(map(str, result["winners"])), "aria-live": "polite"},
                 h("h2", None, self.headline(result["winners"]) + "."),
                 h("ul", {"class": "result-scores"},
                   [h("li", {"data-seat": seat},
                      h("span", None, self.name(seat)), " ", h("strong", None, str(score)))
                    for seat, score in enumerate(result["scores"])]),
                 h("p", {"class": "result-reason"}, result["reason"]) if result["reason"] else None,
                 details,
                 self.again_row())


def bot_rng(seed: int, seat: int, ply: int) -> random.Random:
    """The generator a bot decides with: seeded by the deal, the seat and the move, so a
    reload or a takeback meets the same reply."""
    return random.Random(f"{seed}:{seat}:{ply}")


def with_seed(setup: PlaySetup, seed: int) -> PlaySetup:
    return replace(setup, seed=seed % 1_000_000, seed_given=True)


def setup_hash(setup: PlaySetup) -> str:
    """The setup screen of the game, filled in like this one."""
    return f"#/{setup.game_id}?" + setup.to_hash().split("?", 1)[1]
