"""A room joined from this page: the guest's side of a game with friends on other devices.

``GuestSide`` holds the connection to the host (``GuestLink``, which reconnects by itself). As soon
as it reaches the host it asks what the room is (``hello``: the game, who hosts it, the seats), so
the join screen can say so before the person joins; a code with no room behind it is said within
seconds (``no_room``). Then it says who this device is on every (re)connection (a ``join`` with
the seat's token once it has one, kept on the device in the store's tickets; or a ``watch``) and
hands the host's messages to the guest's flow (``GuestFlow``). Until the host starts, the join
screen draws the room from its ``lobby``; then the guest's table draws the game, and this is its
``TableRoom``: the connection, who is away, the chat, the standings, and what comes after the
game.

Presence: a ``ping`` every ``PING_MS`` is the guest's heartbeat, and the host's ``pong`` its
answer; a host unheard for ``HOST_AWAY_MS`` is ``host-away`` (a phone asleep: countdowns wait,
a move shows as sent), and a host whose connection stays lost for ``HOST_GONE_MS`` is
``host-gone`` (the table is read-only, the link keeps looking for a room reopened).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from ui.friends.guest import GuestFlow
from ui.friends.link import GuestLink
from ui.friends.panels import chat_panel, connection_badge, standings_panel, take_chat_line
from ui.friends.protocol import CLOSED, MAX_NAME, ProtocolError, clean_text, decode, encode
from ui.kit import settings
from ui.kit.dom import Node, h
from ui.kit.i18n import _, translated
from ui.kit.timers import Timers
from ui.storage.saves import SavedGame, StorageError, Store, pack_record

#: How often the guest's heartbeat goes to the host (a ping, which also measures the round trip).
PING_MS = 2000
#: A host not heard from for this long has gone quiet (``host-away``).
HOST_AWAY_MS = 6000
#: A host whose connection stays lost this long has gone (``host-gone``).
HOST_GONE_MS = 20_000
#: The chat lines kept on screen.
CHAT_LINES = 30

#: The link to the host, made by the side (a ``GuestLink``; tests hand in their own).
LinkFactory = Callable[[str, str, Callable[[str, str], None], Callable[[str], None]], Any]


class GuestSide:
    """This device in room ``code`` (met on ``broker``) as ``name``: ``changed`` is called on
    every change the screen should draw. It connects at once, to learn what the room is; it
    takes a seat when ``join`` is called (at once when ``joining``: this device holds the
    room's ticket), or watches (``watch``)."""

    def __init__(self, code: str, broker: str, name: str, store: Store, timers: Timers,
                 changed: Callable[[], None], *, joining: bool = False, link: LinkFactory = GuestLink) -> None:
        self.code = code
        self.broker = broker
        self.store = store
        self.timers = timers
        self.changed = changed
        ticket = store.ticket(code)
        self.token = str(ticket["token"]) if ticket else ""
        self.name = clean_text(name, MAX_NAME) or (str(ticket.get("name", "")) if ticket else "")
        #: ``connecting``, ``connected``, ``host-away``, ``reconnecting``, ``host-gone`` or ``failed``.
        self.state = "connecting"
        self.detail = ""
        #: What this device asked the room for: "" (only what the room is), ``join`` or ``watch``.
        self.wants = "join" if joining or self.token else ""
        #: Why the host closed the room or refused this device ("" while it is open to us).
        self.closed = ""
        #: The room as the host described it before joining (a ``room`` message).
        self.info: dict[str, Any] | None = None
        #: The host said no seat is open for this device (a ``full`` message).
        self.full: dict[str, Any] | None = None
        #: No room answers under this code (the broker knows no such host, and never did).
        self.no_room = False
        #: The host's last word on the seats (a ``lobby`` message).
        self.seating: dict[str, Any] | None = None
        #: The room's score across deals (a ``standings`` message).
        self.standings: dict[str, Any] | None = None
        self.flow: GuestFlow | None = None
        self.chat: list[dict[str, Any]] = []
        self.table: Any = None
        self._lost_at: float | None = None
        self._heard_at = timers.now_ms()
        self._ever_connected = False
        self._beating = False
        self.link = link(code, broker, self._status, self._message)

    # -- what the person asks ------------------------------------------------------------

    def join(self, name: str) -> None:
        """Take a seat as ``name`` (remembered on this device for the next room)."""
        self.name = clean_text(name, MAX_NAME) or self.name
        with contextlib.suppress(Exception):
            settings.write({"name": self.name})
        self.wants, self.full = "join", None
        self._ask()

    def watch(self, name: str) -> None:
        """Watch the game from here as ``name``: the spectator's view, no seat."""
        self.name = clean_text(name, MAX_NAME) or self.name
        self.wants, self.full = "watch", None
        self._ask()

    def _ask(self) -> None:
        if self.state not in ("connected", "host-away"):
            return  # said on connecting
        # No name given: the host gives the seat's ("Friend 2", "Watcher 1"), which each device
        # shows in its own language.
        if self.wants == "watch":
            self.send({"type": "watch", "name": self.name})
        elif self.wants == "join":
            join: dict[str, Any] = {"type": "join", "name": self.name}
            if self.token:
                join["token"] = self.token
            self.send(join)
        self.changed()

    # -- the network's news -------------------------------------------------------------

    def _status(self, state: str, detail: str) -> None:
        self.detail = detail
        if state == "connected":
            self.state, self._lost_at, self._ever_connected = "connected", None, True
            self._heard_at = self.timers.now_ms()
            self.send({"type": "hello"})
            self._ask()
            self._beat()
        elif state == "failed":
            self.state = "failed"
        elif not self.closed:
            now = self.timers.now_ms()
            if self._lost_at is None:
                self._lost_at = now
            if state == "unreachable" and not self._ever_connected and not self.token:
                # Nobody ever answered under this code, and this device was never seated there.
                self.no_room = True
                self.link.close()
            gone = now - self._lost_at >= HOST_GONE_MS and self._ever_connected
            self.state = "host-gone" if gone else "reconnecting" if self._ever_connected else "connecting"
            if not gone:
                self.timers.later(HOST_GONE_MS, self._maybe_gone)
        self._follow_state()
        self.changed()

    def _maybe_gone(self) -> None:
        if self._lost_at is not None and self.timers.now_ms() - self._lost_at >= HOST_GONE_MS \
                and self.state == "reconnecting":
            self.state = "host-gone"
            self._follow_state()
            self.changed()

    def _follow_state(self) -> None:
        """The flow follows the connection: countdowns wait for a quiet host, and nothing is
        played any more once the host has gone."""
        flow = self.flow
        if flow is None:
            return
        flow.hold(self.host_name() if self.state in ("host-away", "reconnecting") else "")
        flow.stopped = self.state == "host-gone" or bool(self.closed)

    def _beat(self) -> None:
        """The heartbeat: a ping every ``PING_MS`` while connected; a host silent for
        ``HOST_AWAY_MS`` is away until heard again."""
        if self._beating:
            return
        self._beating = True

        def beat() -> None:
            self._beating = False
            if self.state not in ("connected", "host-away"):
                return
            if self.state == "connected" and self.timers.now_ms() - self._heard_at >= HOST_AWAY_MS:
                self.state = "host-away"
                self._follow_state()
                self.changed()
            self._beat()  # the next ping, and the next beat

        self.send({"type": "ping", "t": self.timers.now_ms()})
        self.timers.later(PING_MS, beat)

    def _message(self, text: str) -> None:
        try:
            message = decode(text)
        except ProtocolError as error:
            from pyscript import window

            window.console.warn(f"room {self.code}: ignored a message from the host: {error}")
            return
        self._heard_at = self.timers.now_ms()
        # A host heard again after a silence: the badge and the countdowns change, whatever the
        # message (a heartbeat included) would draw by itself.
        back = self.state == "host-away"
        if back:
            self.state = "connected"
            self._follow_state()
        kind = message["type"]
        if kind == "welcome":
            self._welcome(message)
        elif kind == "room":
            self.info = message
        elif kind == "full":
            self.full, self.wants = message, ""
        elif kind == "closed":
            self.closed = message["reason"]
            self.state = "host-gone"
            self._follow_state()
            if self.flow is None or self.flow.ply < 0:
                self.store.drop_ticket(self.code)  # never seated, or seated no more: nothing to rejoin
            self.link.close()
        elif kind == "lobby":
            self.seating = message
            if self.flow is not None:
                self.flow.receive(message)
        elif kind == "standings":
            self.standings = message
        elif kind == "chat":
            self.chat = [*self.chat, message][-CHAT_LINES:]
        elif kind == "pong":
            if self.flow is not None:
                self.flow.receive(message)
            if self.table is not None and not self.table.flow.clock_held and not back:
                return  # a heartbeat: nothing to draw
        elif self.flow is not None:
            self.flow.receive(message)  # view, refused, record, clock
            if kind == "record":
                self._keep_finished()
            if self.table is not None and not back:
                return  # the flow has told its table
        self.changed()

    def _welcome(self, message: dict[str, Any]) -> None:
        self.token = message["token"]
        seat = message["seat"]
        if self.flow is None or self.flow.seat != seat or self.flow.game.id != message["game"]:
            self.flow = GuestFlow(message["game"], seat, [str(name) for name in message["names"]],
                                  self.send, self.timers)
        if seat is None:
            return  # a watcher keeps no ticket: it holds no seat to come back to
        # A device that keeps nothing asks for the name again after a reload.
        with contextlib.suppress(StorageError):
            self.store.keep_ticket(self.code, {"game": message["game"], "seat": seat, "name": self.name,
                                               "token": self.token, "broker": self.broker})

    def _keep_finished(self) -> None:
        """The finished game goes to this device's history too (its replay, its record)."""
        flow = self.flow
        if flow is None or flow.final is None:
            return
        saved = SavedGame(id=self.store.new_id(), record=flow.final, seats=flow.seats, undo=False,
                          created=self.store.now(), result=flow.result_data())
        with contextlib.suppress(StorageError):
            self.store.finish(saved)

    def send(self, message: dict[str, Any]) -> None:
        self.link.send(encode(message))

    # -- what the guest shows -----------------------------------------------------------

    def host_name(self) -> str:
        """The host's name, from the room's description or the seats."""
        if self.info is not None:
            return str(self.info["host"])
        seating = self.seating["seats"] if self.seating is not None else ()
        return next((str(entry["name"]) for entry in seating if entry["status"] == "here"), _("the host"))

    def connection_text(self) -> str:
        host = self.host_name()
        if self.closed:
            return _("The room is closed: {why}.", why=translated(CLOSED.get(self.closed, CLOSED["ended"])))
        return {"connecting": _("Connecting to the host…"),
                "connected": _("Connected to room {code}", code=self.code),
                "host-away": _("Waiting for {host}’s device: it has gone quiet (a phone asleep, or another app "
                               "in front). Moves made meanwhile reach it when it wakes.", host=host),
                "reconnecting": _("Lost the connection to {host}’s device: reconnecting…", host=host),
                "host-gone": _("{host} has left the room: the game cannot go on from here.", host=host),
                "failed": _("Cannot connect: {why}", why=self.detail)}.get(self.state, self.state)

    def badge(self) -> Node:
        return connection_badge(self.state, self.connection_text())

    def say(self, element: Any) -> None:
        text = take_chat_line(element)
        if text:
            self.send({"type": "chat", "text": text})

    def away_lines(self) -> list[Node]:
        """Who is away, from the host's last word on the seats (this device's own seat is never
        "away" to itself)."""
        if self.seating is None:
            return []
        mine = self.flow.seat if self.flow is not None else None
        to_act = set(self.flow.to_act()) if self.flow is not None else set()
        return [h("p", {"class": "room-away", "data-testid": "away", "data-seat": entry["seat"]},
                  _("{name} is away on their turn: waiting for them to come back.", name=entry["name"])
                  if entry["seat"] in to_act else
                  _("{name} is away: waiting for them to come back.", name=entry["name"]))
                for entry in self.seating["seats"] if entry["status"] == "away" and entry["seat"] != mine]

    def waiting_line(self) -> Node | None:
        """A move sent to a host that has not answered yet."""
        flow = self.flow
        if flow is None or not flow.pending or self.state == "connected":
            return None
        return h("p", {"class": "room-sent", "data-testid": "sent", "role": "status"},
                 _("Your move is sent: waiting for {host}’s device.", host=self.host_name()))

    def gone_panel(self) -> Node | None:
        """The host has gone: what that means for this device, and the way out."""
        if self.state != "host-gone":
            return None
        host = self.host_name()
        return h("div", {"class": "room-gone", "data-testid": "host-gone"},
                 h("p", None, _("{host} can open the room again from their saved game; then Continue on "
                                "the games page of this device takes you back to your seat.", host=host)
                   if self.token and not self.closed else _("Nothing more can be played here.")),
                 h("p", None, h("a", {"class": "button-link", "href": "#/", "data-cmd": "leave-room"},
                                _("Leave the room"))))

    # -- TableRoom (the guest's table) ----------------------------------------------------

    def lobby(self) -> Node | None:
        """The guest's table never shows the lobby: the join screen does, before the table."""
        return None

    def strip(self) -> Node | None:
        return h("div", {"class": "room-strip"}, self.badge(), self.waiting_line(), self.gone_panel(),
                 *self.away_lines(), self.standings_node(), chat_panel(self.chat, folded=True))

    def standings_node(self) -> Node | None:
        flow = self.flow
        if self.standings is None or flow is None:
            return None
        return standings_panel(self.standings, flow.seat)

    def after_game(self) -> Node | None:
        flow = self.flow
        record = flow.final if flow is not None else None
        names = [spec.name for spec in flow.seats] if flow is not None else []
        game = flow.game.id if flow is not None else ""
        return h("div", {"class": "after-game"},
                 h("p", {"class": "again-row"},
                   h("span", {"class": "muted", "data-testid": "waiting-again"},
                     _("{host} may deal again: stay here to play on. ", host=self.host_name())),
                   h("a", {"class": "button-link", "href": "#/", "data-cmd": "leave-room"}, _("Leave the room"))),
                 h("p", {"class": "record-row"},
                   h("a", {"class": "button-link", "data-testid": "replay-link",
                           "href": f"#/{game}/replay?r={pack_record(record, names)}"}, _("Watch the replay"))
                   if record is not None else None))

    def command(self, command: str, element: Any) -> bool:
        if command == "chat":
            self.say(element)
            return True
        if command == "leave-room":
            if self.state != "host-gone" or self.closed:
                # A host gone for now may reopen the room: the ticket stays for Continue.
                self.store.drop_ticket(self.code)
            return False  # the link's own navigation goes on
        return False

    def field(self, element: Any) -> bool:
        """A guest's room has no form fields at the table but the chat's, which a click sends."""
        return False

    def dispose(self) -> None:
        self.link.close()
