"""What every game table shares: drawing a game in progress and handing people's clicks to it.

A game's table subclasses ``GameTable``, sets ``game_id`` and draws its own board in ``render``
from ``self.view()`` (never from the full state: the table holds no rule logic and shows no more
than the seat in front of the screen may know) and its buttons from ``self.legal(seat)``. The game
itself runs in the table's flow (``ui.tables.flow.TableFlow``, built by
``ui.tables.game_flows.new_flow``): the positions, bots, timed events, takebacks and saving. The
table hears of every change (it is the flow's listener) and redraws; it hands the flow the
actions and commands of people's clicks, and:

- names the saved game in the URL by its saved id, never by its seed;
- turns a click on ``<button data-action="<notation>">`` into the action of the person to act, or
  of the seat in its ``data-seat`` where several people may act at once, for the position it was
  drawn at (``data-ply``); ``data-pick`` clicks go to ``pick`` and ``data-cmd`` clicks to
  ``command``; a refused click says why in the table's words (``ui.tables.phrasing``);
- with hidden information and several people at one device, puts a "pass the device" screen
  (``pass_screen``) between their turns, so nobody sees another's hand;
- shows a bot's long think in ``[data-testid=status]`` and a timed event's seconds left in
  ``[data-testid=countdown]`` (``clock_text``);
- ``again_row`` and ``result_panel`` give every game the same end-of-game panel, with the
  record to download, link to or replay; ``end_reason`` says why a game ended in the table's
  words, and ``how_to_win`` is the game's short "How to win" box over the board;
- read-only (``readonly``), it is the replay viewer's board over a read-only flow: no bots, no
  saves, no buttons, the view of the seat being watched, any position of the game (``goto``);
- with friends on other devices (``room``, a ``TableRoom`` from ``ui.friends``), it draws the
  room's lobby in place of the table until the game starts, the room's strip (connection, who is
  away, chat) under the bar, and the room's own end-of-game row; a guest's table is the same
  table over the flow of the views the host sends (``flow=``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, Protocol

from engine import CLOCK, Action, IllegalAction, State
from engine.core import reason_of
from ui.app import embed
from ui.app.catalog import entry
from ui.app.routes import PlaySetup, SeatSpec
from ui.app.screen import Navigate, Screen
from ui.kit import access, motion, settings, sound
from ui.kit.dom import Node, attr, classes, h, present, text_of
from ui.storage.saves import SavedGame, Store, pack_record, record_json
from ui.tables.events import By, Countdown, Events, GameOver, Played, Refused
from ui.tables.flow import FlowListener, TableFlow
from ui.tables.game_flows import new_flow
from ui.tables.phrasing import Phrasing, why_not
from ui.tables.playing_cards import with_signs

#: The setting that lists the games whose "How to win" box has been shown open once.
HOW_TO_WIN_SEEN = "how_to_win_seen"


class TableRoom(Protocol):
    """A room with friends on other devices, as its table sees it (``ui.friends``)."""

    def lobby(self) -> Node | None:
        """The lobby, drawn in place of the table until the game starts (the host's)."""

    def strip(self) -> Node | None:
        """``[data-testid=connection]`` and what else the room shows under the table's bar."""

    def after_game(self) -> Node | None:
        """What to do when the game is over, in place of the table's own "again" row."""

    def command(self, command: str, element: Any) -> bool:
        """A ``data-cmd`` click of the room's own (True: handled)."""

    def flow_changed(self) -> None:
        """The game changed: tell the other devices."""

    def field(self, element: Any) -> bool:
        """A ``change``/``input`` of a form field of the room's (True: handled)."""

    def dispose(self) -> None:
        """The table is being left."""


#: The button that deals on after a game of a match or series: not an engine action (the state
#: has dealt the next game already); tests and players click it like one.
NEXT_GAME = "next-game"


class GameTable(Screen, FlowListener):
    """Base of the game tables; see the module docstring for what it does for them."""

    game_id: ClassVar[str]
    #: A person's first table of a game opens its How-to-win box (a lesson's table does not:
    #: the coach explains, and the box stays for the first real game).
    explains_itself: ClassVar[bool] = True
    #: The game's name as the table shows it (its bar, its label) where shorter than the title.
    short_title: ClassVar[str] = ""

    def __init__(self, root: Any, navigate: Navigate, setup: PlaySetup, saved: SavedGame | None = None,
                 store: Store | None = None, *, readonly: bool = False, flow: Any = None) -> None:
        """A table for ``setup``: a new game, or the saved game ``saved`` at its last position;
        or the table of a ``flow`` made elsewhere (a guest's, ``ui.friends.guest.GuestFlow``).
        Raises SetupError (bad option, bad deck, unreadable record) and IllegalAction (a saved
        move the rules refuse): the router shows them as a page."""
        super().__init__(root, navigate)
        self.flow: TableFlow = flow if flow is not None else new_flow(setup, self.timers, saved=saved, store=store,
                                                                      readonly=readonly)
        self.flow.listener = self
        #: The room with friends on other devices this table plays in, if any.
        self.room: TableRoom | None = None
        self.game = self.flow.game
        self.setup = self.flow.setup
        self.readonly = readonly
        self.humans = self.flow.people
        self.bots = self.flow.bots
        self.bottom = self.flow.bottom
        self.solo = len(self.humans) == 1
        #: Several people share the device and each may see something the others may not.
        self.private = not self.game.perfect_information and len(self.humans) > 1
        self.phrasing = self.new_phrasing()
        #: The replay viewer's choice of whose cards to show (None: the spectator's view).
        self.watching: int | None = None
        #: The person who last confirmed they hold the device (private tables only).
        self.holder: int | None = None
        self.notice = ""  # a refused click: shown, and the game goes on
        #: The ply the table was last drawn at: a click belongs to that position.
        self.drawn_ply = self.flow.ply
        #: How many actions the last draw showed (``motion_cue``; -1 before the first).
        self._shown_actions = -1
        #: How far the news was told (``tell_news``): the actions and the log entries then.
        self._told: tuple[int, int] | None = None
        #: Whether the "How to win" box opens (decided at the first draw, kept for the table's
        #: life so that a person's own closing stays).
        self._how_open: bool | None = None
        # SOUND, TEST WIRING (to be redone on the refactored table): the flow's event stream, or
        # until the flow has one, the table's own, published from the listener calls below.
        own = getattr(self.flow, "events", None)
        self._publish = not isinstance(own, Events)
        self.events: Events = own if isinstance(own, Events) else Events()
        self._over_told = False
        self._unsound = (None if readonly else
                         sound.Sound().attach(self.events, self.reader, self.humans))

    @property
    def title(self) -> str:
        """The page's title: the game and its seats as this screen names them, unless a table
        (or the lesson around it) set one of its own."""
        given = self.__dict__.get("_title")
        if given:
            return str(given)
        names = " v ".join(self.name(seat) for seat in range(len(self.seats)))
        return f"{self.game.title}: {names} — Five Checks"

    @title.setter
    def title(self, text: str) -> None:
        self._title = text

    # -- the flow, as the table reads it ---------------------------------------------------

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        """Who sits where (a friend's seat takes the name they joined with)."""
        return self.flow.seats

    def new_phrasing(self) -> Phrasing:
        return Phrasing(self.names(), self.reader, self.card_words)

    def seats_changed(self) -> None:
        """Someone took a seat (a friend joined, a bot took an away friend's seat): the names."""
        self.phrasing = self.new_phrasing()

    @property
    def thinking(self) -> int | None:
        return self.flow.thinking

    @property
    def paused(self) -> bool:
        return self.flow.paused

    @property
    def error(self) -> str:
        return self.flow.error

    @property
    def save_id(self) -> str:
        return self.flow.save_id

    def games_finished(self) -> int:
        return self.flow.games_finished()

    def human_to_act(self) -> int | None:
        """The person at this device to act now (the one a pass screen calls)."""
        return self.flow.person_to_act()

    def bot_to_act(self) -> int | None:
        return self.flow.bot_to_act()

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
        """The view of the seat in front of the screen (read it, never change it)."""
        return self.flow.view(self.viewer())

    def draw(self) -> list[Node]:
        lobby = self.room.lobby() if self.room is not None else None
        return [lobby] if lobby is not None else self.render()

    def dispose(self) -> None:
        if self._unsound is not None:
            self._unsound()
        if self.room is not None:
            self.room.dispose()
        super().dispose()

    def show(self) -> None:
        self.drawn_ply = self.flow.ply
        super().show()
        title = self.tab_title()
        document = self.root.ownerDocument
        if str(document.title) != title:
            document.title = title

    def motion_cue(self) -> motion.Cue | None:
        """The action this draw shows, if any since the last draw: the latest of several; none
        after a takeback."""
        history = self.flow.history
        count, self._shown_actions = self._shown_actions, len(history)
        if count < 0 or len(history) <= count:
            return None
        seat, action = history[-1]
        return motion.Cue.of(seat, str(action))

    def tab_title(self) -> str:
        """The tab's title: it starts with "Your turn" while the person is to act, so a tab in
        the back says when to come back."""
        seat = self.human_to_act()
        if seat is None or self.readonly or self.paused or self.error:
            return self.title
        return ("Your turn — " if self.solo else f"{self.name(seat)}’s turn — ") + self.title

    def legal(self, seat: int | None) -> tuple[Any, ...]:
        """The legal actions of ``seat`` now, for the table to turn into buttons (by their
        types): none for a spectator, a bot, a paused table or a hidden one."""
        if seat is None or seat not in self.humans or self.needs_pass():
            return ()
        return self.flow.legal_actions(seat)

    def needs_pass(self) -> bool:
        """A person is to act who is not the one holding the device: hide the table first."""
        seat = self.human_to_act()
        return self.private and seat is not None and seat != self.holder and not self.error

    # -- the flow's news -------------------------------------------------------------------

    def start(self) -> None:
        # A room's game starts when the host starts it from the lobby: until then it is only saved.
        self.flow.start(run=self.room is None or self.room.lobby() is None)
        self.name_in_address()
        self.flow_changed()

    def name_in_address(self) -> None:
        """The address names the saved game, never the deal: a reload continues it, and a link
        shows nobody the seed of cards they could not see."""
        if self.flow.save_id and not self.readonly:
            from pyscript import window

            window.history.replaceState(None, "", embed.address(f"#/{self.game_id}/play?id={self.flow.save_id}"))

    def rematch(self, setup: PlaySetup) -> None:
        """A new deal at this very table, for the same seats (a room's "Play again": the
        friends' connections stay); the new game is saved under its own id once started."""
        old = self.flow
        flow = new_flow(replace(setup, seats=old.seats), self.timers, store=old.store)
        flow.room = old.room
        old.listener = FlowListener()
        flow.listener = self
        self.flow = flow
        self.setup = flow.setup
        self._shown_actions = -1
        self.drawn_ply = 0
        self.notice = ""
        self.changed()

    def flow_changed(self) -> None:
        if self.room is not None:
            self.room.flow_changed()
        self.show()
        self.tell_news()
        if self._publish:  # SOUND, TEST WIRING
            self.events.turn(self.flow.to_act(), self.flow.ply)
            result = self.flow.result_data()
            if result is not None and not self._over_told:
                self._over_told = True
                self.events.publish(GameOver(result, tuple(result["winners"])))

    def flow_moved(self) -> None:
        self.notice = ""
        self.changed()

    def flow_played(self, before: State, seat: int, action: Action) -> None:
        self.played(before, seat, action)
        if self._publish:  # SOUND, TEST WIRING
            by: By = ("clock" if seat == CLOCK else "bot" if seat in self.bots else
                      "person" if seat in self.humans else "friend")
            self.events.publish(Played(seat, str(action), by, self.flow.ply, before, action))
        # An embedding page hears of every action and of the end (``ui.app.embed``).
        embed.moved(self.game_id, self.flow.save_id, seat, str(action), self.flow.ply)
        result = self.flow.result_data()
        if result is not None:
            embed.game_over(self.game_id, self.flow.save_id, result)

    def flow_tick(self) -> None:
        if self._publish and self.flow.countdown is not None:  # SOUND, TEST WIRING
            self.events.publish(Countdown(self.flow.countdown.kind, self.flow.countdown_left_ms()))
        line = self.root.querySelector("[data-testid=countdown]")
        if present(line):
            line.textContent = self.clock_text()

    def flow_thinking(self, seat: int, seconds: int) -> None:
        line = self.root.querySelector("[data-testid=status]")
        if present(line):
            line.textContent = f"{self.name(seat)} is thinking… {seconds} s"

    def flow_refused(self, action: str, reason: str) -> None:
        # The host phrased it for this seat; the table writes its cards its own way.
        self.notice = f"Not played ({self.card_words(action)}): {self.phrasing.sentence(reason)}"

    def played(self, before: State, seat: int, action: Any) -> None:
        """Hook: ``action`` by ``seat`` led from ``before`` to the flow's state (analysis)."""

    def changed(self) -> None:
        """Hook: the position changed (an action, a takeback, a replay step): drop the choices
        a person had half made (a picked card) and what was worked out for the old position."""

    def clock_text(self) -> str:
        """The seconds left of the timed event running, for ``[data-testid=countdown]``; while
        the device that keeps the time is silent, that the countdown waits for it."""
        if self.flow.clock_held:
            return f"{self.flow.countdown_left_ms() / 1000:.1f} s, waiting for {self.flow.clock_held}’s device"
        return f"{self.flow.countdown_left_ms() / 1000:.1f} s"

    def play_when_due(self, seat: int, action: Action) -> None:
        """A person's action chosen ahead: the flow plays it as soon as it is legal."""
        self.flow.play_when_due(seat, action)

    # -- what the other seats just did ([data-last-move]) -----------------------------------

    def watcher(self) -> int | None:
        """The seat whose "since I last acted" the marks count from: the person in front of the
        screen; None where nobody is (bots only, all cards open to people taking turns, the
        replay viewer), and then only the latest action is marked."""
        return None if self.readonly else self.viewer()

    def last_moves(self) -> list[tuple[int, Action]]:
        """The actions of the other seats since the watcher last acted, oldest first (the clock's
        events pass through unmarked); the latest action alone when there is no watcher."""
        history = self.flow.history
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

    # -- what the other seats did, said aloud ([data-testid=announcer]) --------------------

    def tell_news(self) -> None:
        """Say once, in the page's polite live region (``ui.kit.access.announce``), what the
        other seats (a bot, a friend, the clock) did since the last time: the log's new lines in
        the table's own words (``log_line``), or ``news`` where the table has no such lines. A
        person's own move is not said (they made it), nor a position reached by a takeback or a
        new deal."""
        if self.readonly:
            return
        history = self.flow.history
        view = self.view()
        log = view.get("log")
        log = log if isinstance(log, list) else []
        told, self._told = self._told, (len(history), len(log))
        if told is None or len(history) <= told[0] or len(log) < told[1]:
            return
        moves = [(seat, action) for seat, action in history[told[0]:] if seat not in self.humans]
        if not moves:
            return
        entries = [entry for entry in log[told[1]:] if entry.get("seat") not in self.humans]
        lines = [self.log_line(entry) for entry in entries]
        words = [text_of(line) for line in lines if line is not None]
        if not words and type(self).log_line is GameTable.log_line:
            # Only a table that writes no log lines says the moves themselves: where the log says
            # nothing new (a friend's device given the whole record at the end), nothing is new.
            words = self.news(moves)
        text = " ".join(line if line.endswith((".", "!", "?")) else line + "." for line in words if line)
        if text:
            access.announce(self.root.ownerDocument, text)

    def log_line(self, entry: Mapping[str, Any]) -> Any:
        """Hook: one entry of the view's ``log`` as the table writes it (nodes); None where the
        table writes no such lines (then ``news`` says the moves)."""
        return None

    def news(self, moves: Sequence[tuple[int, Action]]) -> list[str]:
        """Hook: ``moves`` of the other seats in words, for a table without log lines."""
        return [f"{self.name(seat)}: {self.card_words(str(action))}" for seat, action in moves]

    # -- takebacks -------------------------------------------------------------------------

    def undo_state(self) -> tuple[int, str]:
        return self.flow.undo_state()

    def undo(self) -> None:
        """Take back the person's last decision (and the bots' replies after it)."""
        why = self.flow.undo()
        if why:
            self.notice = f"No takeback: {why}."
            self.show()

    def undo_button(self) -> Node | None:
        """``[data-cmd=undo]`` for a person playing bots; nothing otherwise. When a takeback is
        not possible now it is marked disabled (``aria-disabled``, not ``disabled``, so that a
        click still arrives and says why on the table) with the reason beside it for readers."""
        if not self.flow.undo_offered:
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
        self.flow.goto(ply)

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
            who = int(seat) if seat else self.bottom if person is None else person
            self.notice = self.explain(who, refused)
            if self._publish:  # SOUND, TEST WIRING
                self.events.publish(Refused(who, refused, IllegalAction(self.notice)))
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
        elif command == "sound":  # SOUND, TEST WIRING
            sound.toggle()
            self.show()
        elif command == "again":
            self.navigate(replace(self.setup, seed_given=True).to_hash())
        elif command == "new-deal":
            self.navigate(with_seed(self.setup, random.SystemRandom().randint(0, 999_999)).to_hash())
        elif command == "download":
            from ui.kit.files import download

            download(f"{self.game_id}-{self.save_id or self.setup.seed}.json",
                     record_json(self.flow.record(), self.names()))
        elif command == "copy-link":
            from ui.kit.files import copy_text

            copy_text(self.root, self.record_link())
        elif command and self.room is not None and self.room.command(command, element):
            self.show()
        elif command:
            self.command(command)

    def on_change(self, element: Any) -> None:
        if self.room is not None:
            self.room.field(element)

    def act(self, notation: str) -> None:
        """A person's ``data-action`` click: the action of the person to act, if any."""
        if notation == NEXT_GAME:
            self.flow.deal_next()
            return
        seat = self.human_to_act()
        if seat is not None and not self.paused and not self.needs_pass():
            self.play(seat, notation)

    def act_as(self, seat: int, notation: str) -> None:
        """A ``data-action`` click on a button that names its seat (``data-seat``): where several
        people may act at once, such as a matching window, the button says whose it is."""
        if (seat in self.humans and seat in self.flow.to_act() and not self.paused
                and not self.needs_pass()):
            self.play(seat, notation)

    def play(self, seat: int, notation: str) -> bool:
        """Hand a person's action to the flow, for the position the table was drawn at; False
        (and the reason on the table) if refused."""
        try:
            self.flow.act(seat, notation, ply=self.drawn_ply)
        except IllegalAction as error:
            self.notice = self.explain(seat, notation)
            if self._publish:  # SOUND, TEST WIRING
                self.events.publish(Refused(seat, notation, error))
            self.show()
            return False
        return True

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
        """Why ``seat`` cannot take the action ``notation`` now, in the table's words
        (``ui.tables.phrasing.why_not``)."""
        return why_not(self.flow, self.phrasing, seat, notation)

    def card_words(self, text: str) -> str:
        """Hook: the cards an engine sentence names in notation, as the table shows them
        (standard cards with suit signs; a game with its own deck or terms overrides this)."""
        return with_signs(text)

    def command(self, command: str) -> None:
        """Hook: a ``data-cmd`` click the base does not know."""

    # -- words and shared pieces -----------------------------------------------------------

    @property
    def reader(self) -> int | None:
        """The seat of the person reading this screen, addressed as "you": the one person at this
        device (playing bots, or friends on other devices: each device reads the game from its
        own side); None where several people share the device, for a watcher and in the replay
        viewer."""
        return self.bottom if self.solo else None

    def name(self, seat: int) -> str:
        """A seat as the table shows it: "You" for the reader's own seat (whatever name the others
        know it by), the seat's name otherwise."""
        if seat == CLOCK:
            return "Clock"
        return "You" if seat == self.reader else self.seats[seat].name

    def is_you(self, seat: int) -> bool:
        return seat == self.reader

    def object_name(self, seat: int) -> str:
        """A seat inside a sentence: "you" for the reader, the name otherwise."""
        return "you" if self.is_you(seat) else self.name(seat)

    def whose(self, seat: int) -> str:
        """A seat's possessive at the start of a phrase: "Your", "Ann’s"."""
        return "Your" if self.is_you(seat) else f"{self.name(seat)}’s"

    def turn_text(self, seat: int) -> str:
        if self.seats[seat].is_bot or self.readonly or seat not in self.humans:
            return f"{self.name(seat)} to play"
        if self.solo:
            return "Your turn"
        return f"{self.name(seat)}’s turn"

    def pass_screen(self) -> Node:
        """Shown instead of the table while the device goes to the next person."""
        seat = self.human_to_act()
        name = self.name(seat) if seat is not None else ""
        return h("section", {"class": "panel pass-screen", "data-testid": "pass-screen"},
                 h("h1", None, f"Pass the device to {name}"),
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
            "data-ply": self.flow.ply,
            "data-readonly": "1" if self.readonly else None,
            "data-phase": view["phase"] if phase else None,
            "data-to-act": "" if over or paused else ",".join(
                str(seat) for seat in view["to_act"] if seat != CLOCK),
            "aria-label": f"{self.game_name()} table",
        },
            bar,
            self.room.strip() if self.room is not None else None,
            h("p", {"class": alert, "role": "alert"}, message) if message else None,
            h("p", {"class": "save-problem", "data-testid": "save-problem"}, self.flow.save_problem)
            if self.flow.save_problem else None,
            self.how_to_win(),
            *body)

    def bar(self, where: str, score: Node | None, *tools: Any, css: str = "") -> Node:
        """The header over the board: the game's name, a link back to its setup screen, and
        ``where`` (which game of a match, how far it has come); the ``score``; the table's
        ``tools``, the takeback, the "Motion" toggle (``[data-cmd=motion]``, ``aria-pressed``:
        cards travel or not, ``ui.kit.motion``), then a link to the rules. ``css`` adds the game's
        own class."""
        return h("header", {"class": classes("cc-bar", css)},
                 h("div", {"class": "cc-bar-title"},
                   # The screen's one h1, unless another screen holds the table (the replay
                   # viewer) or the pass-the-device screen is the heading.
                   h("h2" if self.readonly or self.needs_pass() else "h1", {"class": "cc-bar-name"},
                     h("a", {"href": f"#/{self.game_id}", "class": "cc-home",
                             "title": "Set up another game"}, self.game_name())),
                   h("span", {"class": "cc-where", "data-testid": "where"}, where)),
                 score,
                 h("div", {"class": "cc-bar-tools"}, *(() if self.readonly else tools), self.undo_button(),
                   self.motion_button(), None if self.readonly else sound.button(),  # SOUND, TEST WIRING
                   self.rules_link()))

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
        if self.seats[seat].is_bot or self.readonly or seat not in self.humans:
            return f"{name} to {verb or 'play'}{suffix}."
        turn = f"turn to {verb}" if verb else "turn"
        return f"Your {turn}{suffix}." if self.solo else f"{name}: your {turn}{suffix}."

    def headline(self, winners: Sequence[int], what: str = "") -> str:
        """``You win`` / ``Ann wins`` / ``Ann and Bo win`` / ``Draw``, with ``what`` after it."""
        if not winners:
            return "Draw" if not what else f"Drawn {what}"
        if list(winners) == [self.reader]:
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
        if self.room is not None:
            return self.room.after_game()
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
        return f"{here}#/{self.game_id}/replay?r={pack_record(self.flow.record(), self.names())}"

    def names(self) -> list[str]:
        return [spec.name for spec in self.seats]

    def reason_text(self, data: Mapping[str, Any]) -> str:
        """Why a game ended (``data``: a result's or a game summary's JSON), as a sentence of
        this table's: the seats by name, "you" for the one person."""
        return self.phrasing.sentence(reason_of(data))

    def end_reason(self, data: Mapping[str, Any], *notes: str, lead: str = "") -> Node:
        """``[data-testid=end-reason]``: ``lead`` (e.g. "Game 2: "), why the game ended, then
        ``notes``, short sentences that explain the words of the reason (a victory's meaning)."""
        return h("p", {"class": "result-reason", "data-testid": "end-reason"},
                 lead, self.reason_text(data), *(f" {note}" for note in notes if note))

    def term(self, word: str) -> str:
        """The game's sentence that explains ``word`` (``ui.app.catalog``), or ""."""
        found = entry(self.game_id)
        return found.term(word) if found is not None else ""

    def how_to_win(self) -> Node | None:
        """``[data-testid=how-to-win]``: the game's goal, turn, end and score in a few lines
        (``ui.app.catalog``); open on a person's first table of the game at this device, closed
        after that (the app's settings remember the games already shown), and closed where only
        bots play (nobody's first game)."""
        found = entry(self.game_id)
        if found is None or not found.how_to_win or self.readonly:
            return None
        if self._how_open is None:
            seen = list(settings.read().get(HOW_TO_WIN_SEEN) or [])
            self._how_open = bool(self.humans) and self.explains_itself and self.game_id not in seen
            if self._how_open:
                settings.write({HOW_TO_WIN_SEEN: [*seen, self.game_id]})
        return h("details", {"class": "how-to-win", "data-testid": "how-to-win",
                             "open": True if self._how_open else None},
                 h("summary", None, "How to win"),
                 h("p", None, found.how_to_win))

    def result_panel(self, *details: Any) -> Node | None:
        """``[data-testid=result]``: who won, every seat's score, why it ended
        (``[data-testid=end-reason]``), then ``details`` (nothing while the game goes on)."""
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
                 self.end_reason(result),
                 details,
                 self.again_row())

def with_seed(setup: PlaySetup, seed: int) -> PlaySetup:
    return replace(setup, seed=seed % 1_000_000, seed_given=True)


def setup_hash(setup: PlaySetup) -> str:
    """The setup screen of the game, filled in like this one."""
    return f"#/{setup.game_id}?" + setup.to_hash().split("?", 1)[1]
