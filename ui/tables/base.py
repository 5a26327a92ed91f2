"""What every game table shares: drawing a game in progress and handing people's clicks to it.

A game's table subclasses ``GameTable``, sets ``game_id`` and draws its own area in ``render``
from ``self.view()`` (never from the full state: the table holds no rule logic and shows no more
than the seat in front of the screen may know) and its buttons from ``self.legal(seat)``. The game
itself runs in the table's flow (``ui.tables.flow.TableFlow``, built by
``ui.tables.game_flows.new_flow``): the positions, bots, timed events, takebacks and saving. The
table follows the flow's events (``ui.tables.events``) and redraws once a change has settled;
beside it the announcer (``ui.tables.announcer``), an embedding page (``ui.app.embed``) and a
room (``ui.friends.hosting``) follow the same events on their own. The table:

- names the saved game in the URL by its saved id, never by its seed;
- parses a click once into a command (``ui.tables.commands``): a ``data-action`` plays the action
  of the person to act (of the seat in ``data-seat`` where several people may act at once) for
  the position the table was drawn at (``data-ply``); a ``data-try`` says why it cannot be
  played (``explain``: the refusal the flow would raise, phrased by ``ui.tables.phrasing``);
  ``data-pick`` and ``data-cmd`` clicks go to the handlers the tables mark with ``handles``,
  then to the commands every table has (``TOOLS``), then to the room;
- with hidden information and several people at one device, puts a "pass the device" screen
  (``ui.tables.parts.pass_screen``) between their turns, so nobody sees another's hand;
- shows a bot's long think in ``[data-testid=status]`` and a timed event's seconds left in
  ``[data-testid=countdown]`` (``clock_text``);
- read-only (``readonly``), it is the replay viewer's board over a read-only flow: no bots, no
  saves, no buttons, the view of the seat being watched, any position of the game;
- with friends on other devices (``room``, a ``TableRoom`` from ``ui.friends``), it draws the
  room's lobby in place of the table until the game starts, the room's strip (connection, who is
  away, chat) under the bar, and the room's own end-of-game row; a guest's table is the same
  table over the flow of the views the host sends (``flow=``).

The pieces every table draws alike (the seats' words, the bar's tools, the one result panel,
the "How to win" box) are functions of the table in ``ui.tables.parts``.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, Protocol

from engine import CLOCK, IllegalAction, State
from ui.app.play_setup import PlaySetup, SeatSpec
from ui.app.screen import Navigate, Screen
from ui.kit import motion, sound, theme
from ui.kit.dom import Node, classes, h, present
from ui.kit.i18n import _, pgettext
from ui.kit.words import shown_name
from ui.storage.saves import SavedGame, Store, record_json
from ui.tables import commands, embedding, parts
from ui.tables.announcer import Announcer
from ui.tables.commands import ANY, Do, Pick, Play, Try, gather
from ui.tables.events import Event, Played, Refused, Rewound, Settled, Thinking, TimeLeft
from ui.tables.flow import TableFlow
from ui.tables.game_flows import new_flow
from ui.tables.playing_cards import with_signs
from ui.tables.sounds import Sound


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

    def field(self, element: Any) -> bool:
        """A ``change``/``input`` of a form field of the room's (True: handled)."""

    def dispose(self) -> None:
        """The table is being left."""


#: The button that deals on after a game of a match or series: not an engine action (the state
#: has dealt the next game already); tests and players click it like one.
NEXT_GAME = "next-game"


class GameTable(Screen):
    """Base of the game tables; see the module docstring for what it does for them."""

    game_id: ClassVar[str]
    moves = True  # cards and checkers travel (ui.kit.motion)
    #: A person's first table of a game opens its How-to-win box (a lesson's table does not:
    #: the coach explains, and the box stays for the first real game).
    explains_itself: ClassVar[bool] = True
    #: The game's name as the table shows it (its bar, its label) where shorter than the title.
    short_title: ClassVar[str] = ""
    #: Actions of the watcher's that do not end "since I last acted" (``ui.tables.marks``), and
    #: the kind of their log lines.
    quiet_actions: ClassVar[tuple[type, ...]] = ()
    quiet_kind: ClassVar[str] = ""
    #: The page's title where the table (or the lesson around it) gives its own; else the game
    #: and its seats as this screen names them (``ui.tables.parts.table_title``).
    fixed_title = ""

    def __init__(self, root: Any, navigate: Navigate, setup: PlaySetup, saved: SavedGame | None = None,
                 store: Store | None = None, *, readonly: bool = False, flow: Any = None) -> None:
        """A table for ``setup``: a new game, or the saved game ``saved`` at its last position;
        or the table of a ``flow`` made elsewhere (a guest's, ``ui.friends.guest.GuestFlow``).
        Raises SetupError (bad option, bad deck, unreadable record) and IllegalAction (a saved
        move the rules refuse): the router shows them as a page."""
        super().__init__(root, navigate)
        #: The room with friends on other devices this table plays in, if any.
        self.room: TableRoom | None = None
        self.readonly = readonly
        #: The replay viewer's choice of whose cards to show (None: the spectator's view).
        self.watching: int | None = None
        #: The person who last confirmed they hold the device (private tables only).
        self.holder: int | None = None
        self.notice = ""  # a refused click: shown, and the game goes on
        #: Whether the "How to win" box opens (decided at the first draw, kept for the table's
        #: life so that a person's own closing stays).
        self.how_open: bool | None = None
        self._unfollow: list[Callable[[], None]] = []
        self.follow(flow if flow is not None else new_flow(setup, self.timers, saved=saved, store=store,
                                                           readonly=readonly))

    def follow(self, flow: Any) -> None:
        """Draw ``flow``'s game from now on (a new deal at this table: a room's "Play again"),
        with this table's subscribers to its events: the table itself, the announcer, an
        embedding page and sound."""
        for unsubscribe in self._unfollow:
            unsubscribe()
        self.flow: TableFlow = flow
        self.game = flow.game
        self.setup = flow.setup
        self.humans = flow.people
        self.bottom = flow.bottom
        self.solo = len(self.humans) == 1
        #: Several people share the device and each may see something the others may not.
        self.private = not self.game.perfect_information and len(self.humans) > 1
        #: The ply the table was last drawn at: a click belongs to that position.
        self.drawn_ply = flow.ply
        self.notice = ""
        #: The latest action played since the last draw, for motion (``motion_cue``).
        self.cue: motion.Cue | None = None
        events = flow.events
        self._unfollow = [events.subscribe(self.heard)]
        if not self.readonly:
            self._unfollow += [events.subscribe(Announcer(self).heard),
                               embedding.follow(events, self.game_id, lambda: self.flow.save_id),
                               Sound().attach(events, self.reader, self.humans)]

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        """Who sits where (a friend's seat takes the name they joined with)."""
        return self.flow.seats

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
            return _("Clock")
        return pgettext("a seat's name", "You") if seat == self.reader else shown_name(self.seats[seat].name)

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

    def legal(self, seat: int | None) -> tuple[Any, ...]:
        """The legal actions of ``seat`` now, for the table to turn into buttons (by their
        types): none for a spectator, a bot, a paused table or a hidden one."""
        if seat is None or seat not in self.humans or self.needs_pass():
            return ()
        return self.flow.legal_actions(seat)

    def human_to_act(self) -> int | None:
        """The person at this device to act now (the one a pass screen calls)."""
        return self.flow.person_to_act()

    def needs_pass(self) -> bool:
        """A person is to act who is not the one holding the device: hide the table first."""
        seat = self.human_to_act()
        return self.private and seat is not None and seat != self.holder and not self.flow.error

    def draw(self) -> list[Node]:
        lobby = self.room.lobby() if self.room is not None else None
        return [lobby] if lobby is not None else self.render()

    def show(self) -> None:
        self.drawn_ply = self.flow.ply
        self.title = parts.table_title(self)
        super().show()
        title = parts.tab_title(self)
        document = self.root.ownerDocument
        if str(document.title) != title:
            document.title = title

    def motion_cue(self) -> motion.Cue | None:
        """The action this draw shows, if any since the last draw: the latest of several; none
        after a takeback."""
        cue, self.cue = self.cue, None
        return cue

    def dispose(self) -> None:
        for unsubscribe in self._unfollow:
            unsubscribe()
        if self.room is not None:
            self.room.dispose()
        super().dispose()

    # -- the game's life -------------------------------------------------------------------

    def start(self) -> None:
        # A room's game starts when the host starts it from the lobby: until then it is only saved.
        self.flow.start(run=self.room is None or self.room.lobby() is None)
        parts.name_in_address(self)
        self.flow.settle()

    def rematch(self, setup: PlaySetup) -> None:
        """A new deal at this very table, for the same seats (a room's "Play again": the
        friends' connections stay); the new game is saved under its own id once started."""
        old = self.flow
        flow = new_flow(replace(setup, seats=old.seats), self.timers, store=old.store)
        flow.room = old.room
        self.follow(flow)
        self.changed()

    def heard(self, event: Event) -> None:
        """The flow's news (``ui.tables.events``): a new position drops what was half chosen
        for the old one; a settled change is drawn; a countdown and a long think rewrite their
        lines; a refusal of a person's action here is said on the table."""
        if isinstance(event, Played):
            self.cue = motion.Cue.of(event.seat, event.notation)
            self.notice = ""
            self.changed()
            if event.before is not None:
                self.played(event.before, event.seat, event.action)
        elif isinstance(event, Rewound):
            self.cue = None
            self.notice = ""
            self.changed()
        elif isinstance(event, Settled):
            self.show()
        elif isinstance(event, Refused) and event.seat in self.humans:
            self.notice = self.explain(event.seat, event.notation, event.error)
            self.show()
        elif isinstance(event, TimeLeft):
            line = self.root.querySelector("[data-testid=countdown]")
            if present(line):
                line.textContent = self.clock_text()
        elif isinstance(event, Thinking):
            line = self.root.querySelector("[data-testid=status]")
            if present(line):
                line.textContent = _("{name} is thinking… {seconds} s", name=self.name(event.seat),
                                     seconds=event.seconds)

    # -- clicks ----------------------------------------------------------------------------

    def on_click(self, element: Any) -> None:
        if self.readonly:
            return
        command = commands.parse(element)
        if isinstance(command, Play):
            self.act(command.notation, command.seat)
        elif isinstance(command, Try):
            seat = command.seat if command.seat is not None else self.viewer()
            seat = self.bottom if seat is None else seat
            error = self.flow.refusal(seat, command.notation)
            if error is not None:  # said like any refusal (the table's notice, a sound)
                self.flow.events.publish(Refused(seat, command.notation, error))
            else:  # the rules allow it: the table asks for a first step
                self.notice = self.explain(seat, command.notation)
                self.show()
        elif isinstance(command, Pick):
            handlers = gather(type(self))
            handler = handlers.get(command.name) or handlers.get(ANY)
            if handler is not None:
                getattr(self, handler)(command)
        elif isinstance(command, Do):
            handler = gather(type(self)).get(command.name)
            if handler is not None:
                getattr(self, handler)(command)
            elif command.name in TOOLS:
                TOOLS[command.name](self, command)
            elif self.room is not None and self.room.command(command.name, element):
                self.show()

    def on_change(self, element: Any) -> None:
        if self.room is not None:
            self.room.field(element)

    def act(self, notation: str, seat: int | None = None) -> None:
        """A person's ``data-action`` click, for the position the table was drawn at: the action
        of ``seat`` where the button names it (several people may act at once, as in a matching
        window), else of the person to act; a refusal is said on the table (``heard``)."""
        if notation == NEXT_GAME:
            self.flow.deal_next()
            return
        if seat is None:
            seat = self.human_to_act()
        elif seat not in self.humans or seat not in self.flow.to_act():
            return
        if seat is None or self.flow.paused or self.needs_pass():
            return
        with contextlib.suppress(IllegalAction):
            self.flow.act(seat, notation, ply=self.drawn_ply)

    def explain(self, seat: int, notation: str, error: IllegalAction | None = None) -> str:
        """Why ``seat`` cannot take the action ``notation`` now, in the table's words: ``error``,
        the refusal the flow raised (or would raise), phrased by ``parts.refusal_text``; "" if it
        can. A table may add how its controls make the move."""
        if error is None:
            error = self.flow.refusal(seat, notation)
        return "" if error is None else parts.refusal_text(self, seat, notation, error)

    # -- hooks -----------------------------------------------------------------------------

    def played(self, before: State, seat: int, action: Any) -> None:
        """Hook: ``action`` by ``seat`` led from ``before`` to the flow's state (analysis)."""

    def changed(self) -> None:
        """Hook: the position changed (an action, a takeback, a replay step): drop the choices
        a person had half made (a picked card) and what was worked out for the old position."""

    def card_words(self, text: str) -> str:
        """Hook: the cards an engine sentence names in notation, as the table shows them
        (standard cards with suit signs; a game with its own deck or terms overrides this)."""
        return with_signs(text)

    def news(self, moves: Sequence[tuple[int, Any]], entries: Sequence[Mapping[str, Any]]) -> list[str]:
        """Hook: what the other seats did (``moves``, and the view's new log ``entries``), in
        words for the announcer (``ui.tables.announcer``): here the moves' notation; a table
        with log lines says those (``announcer.log_news``)."""
        return [f"{self.name(seat)}: {self.card_words(str(action))}" for seat, action in moves]

    def clock_text(self) -> str:
        """The seconds left of the timed event running, for ``[data-testid=countdown]``; while
        the device that keeps the time is silent, that the countdown waits for it."""
        if self.flow.clock_held:
            return _("{seconds} s, waiting for {name}’s device", seconds=f"{self.flow.countdown_left_ms() / 1000:.1f}",
                     name=shown_name(self.flow.clock_held))
        return _("{seconds} s", seconds=f"{self.flow.countdown_left_ms() / 1000:.1f}")

    # -- drawing ---------------------------------------------------------------------------

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
        paused = self.flow.paused
        message = self.flow.error or self.notice
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
            "aria-label": f"{parts.game_name(self)} table",
        },
            bar,
            self.room.strip() if self.room is not None else None,
            h("p", {"class": alert, "role": "alert"}, message) if message else None,
            h("p", {"class": "save-problem", "data-testid": "save-problem"}, self.flow.save_problem)
            if self.flow.save_problem else None,
            parts.how_to_win(self),
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
                             "title": _("Set up another game")}, parts.game_name(self))),
                   h("span", {"class": "cc-where", "data-testid": "where"}, where)),
                 score,
                 h("div", {"class": "cc-bar-tools"}, *(() if self.readonly else tools), parts.undo_button(self),
                   parts.motion_button(self), parts.sound_button(self), parts.theme_button(self),
                   parts.rules_link(self)))


# -- the commands every table has (``GameTable.on_click``) ---------------------------------

def _pass_done(table: GameTable, command: Do) -> None:
    table.holder = table.human_to_act()
    table.show()


def _undo(table: GameTable, command: Do) -> None:
    why = table.flow.undo()
    if why:
        table.notice = _("No takeback. {why}", why=parts.phrasing(table).sentence(why))
        table.show()


def _motion(table: GameTable, command: Do) -> None:
    motion.choose(not motion.wanted())
    table.show()


def _sound(table: GameTable, command: Do) -> None:
    sound.toggle()
    table.show()


def _theme(table: GameTable, command: Do) -> None:
    theme.choose(command.value)
    table.show()


def _again(table: GameTable, command: Do) -> None:
    table.navigate(replace(table.setup, seed_given=True).to_hash())


def _new_deal(table: GameTable, command: Do) -> None:
    table.navigate(parts.with_seed(table.setup, random.SystemRandom().randint(0, 999_999)).to_hash())


def _download(table: GameTable, command: Do) -> None:
    from ui.kit.files import download

    download(f"{table.game_id}-{table.flow.save_id or table.setup.seed}.json",
             record_json(table.flow.record(), parts.names(table)))


def _copy_link(table: GameTable, command: Do) -> None:
    from ui.kit.files import copy_text

    copy_text(table.root, parts.record_link(table))


#: The ``data-cmd`` commands every table has: the device passed on, a takeback, motion and
#: sound on or off, the theme, the same deal again or a new one, the record downloaded or its link copied.
TOOLS: dict[str, Callable[[GameTable, Do], None]] = {
    "pass-done": _pass_done, "undo": _undo, "motion": _motion, "sound": _sound, "theme": _theme,
    "again": _again, "new-deal": _new_deal,
    "download": _download, "copy-link": _copy_link,
}
