"""A room joined from this page: the guest's side of a game with friends on other devices.

``GuestSide`` holds the connection to the host (``GuestLink``, which reconnects by itself), says
who this device is on every (re)connection (a ``join`` with the seat's token once it has one,
kept on the device in the store's tickets), and hands the host's messages to the guest's flow
(``GuestFlow``). Until the host starts, the join screen draws the room from its ``lobby``; then
the guest's table draws the game, and this is its ``TableRoom``: the connection, who is away, the
chat, and what comes after the game.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from ui.friends.guest import GuestFlow
from ui.friends.link import GuestLink
from ui.friends.panels import chat_panel, connection_badge, take_chat_line
from ui.friends.protocol import MAX_NAME, ProtocolError, clean_text, decode, encode
from ui.kit.dom import Node, h
from ui.kit.timers import Timers
from ui.storage.saves import SavedGame, StorageError, Store, pack_record

#: How often the round trip to the host is measured.
PING_MS = 5000
#: How long a host out of reach may be before its guests are told it has gone.
HOST_GONE_MS = 45_000
#: The chat lines kept on screen.
CHAT_LINES = 30


class GuestSide:
    """This device in room ``code`` (met on ``broker``) as ``name``: ``changed`` is called on
    every change the screen should draw."""

    def __init__(self, code: str, broker: str, name: str, store: Store, timers: Timers,
                 changed: Callable[[], None]) -> None:
        self.code = code
        self.broker = broker
        self.store = store
        self.timers = timers
        self.changed = changed
        ticket = store.ticket(code)
        self.token = str(ticket["token"]) if ticket else ""
        self.name = clean_text(name, MAX_NAME) or (str(ticket.get("name", "")) if ticket else "")
        #: ``connecting``, ``connected``, ``reconnecting``, ``host-gone`` or ``failed``.
        self.state = "connecting"
        self.detail = ""
        #: Why the host closed the room or refused this device ("" while it is open to us).
        self.closed = ""
        #: The host's last word on the seats (a ``lobby`` message).
        self.seating: dict[str, Any] | None = None
        self.flow: GuestFlow | None = None
        self.chat: list[dict[str, Any]] = []
        self.table: Any = None
        self._lost_at: float | None = None
        self._pinging = False
        self.link = GuestLink(code, broker, self._status, self._message)

    # -- the network's news -------------------------------------------------------------

    def _status(self, state: str, detail: str) -> None:
        self.detail = detail
        if state == "connected":
            self.state, self._lost_at = "connected", None
            join: dict[str, Any] = {"type": "join", "name": self.name or "Friend"}
            if self.token:
                join["token"] = self.token
            self.send(join)
            self._ping_soon()
        elif state == "failed":
            self.state = "failed"
        elif not self.closed:
            now = self.timers.now_ms()
            if self._lost_at is None:
                self._lost_at = now
            gone = state == "unreachable" and now - self._lost_at >= HOST_GONE_MS
            self.state = "host-gone" if gone else "reconnecting" if self.seating is not None else "connecting"
            if not gone:
                self.timers.later(HOST_GONE_MS, self._maybe_gone)
        self.changed()

    def _maybe_gone(self) -> None:
        if self._lost_at is not None and self.timers.now_ms() - self._lost_at >= HOST_GONE_MS \
                and self.state == "reconnecting":
            self.state = "host-gone"
            self.changed()

    def _message(self, text: str) -> None:
        try:
            message = decode(text)
        except ProtocolError as error:
            from pyscript import window

            window.console.warn(f"room {self.code}: ignored a message from the host: {error}")
            return
        kind = message["type"]
        if kind == "welcome":
            self._welcome(message)
        elif kind == "closed":
            self.closed = message["reason"]
            self.state = "host-gone"
            if self.flow is None or self.flow.ply < 0:
                self.store.drop_ticket(self.code)  # never seated, or seated no more: nothing to rejoin
            self.link.close()
        elif kind == "lobby":
            self.seating = message
            if self.flow is not None:
                self.flow.receive(message)
        elif kind == "chat":
            self.chat = [*self.chat, message][-CHAT_LINES:]
        elif self.flow is not None:
            self.flow.receive(message)  # view, refused, record, clock, pong
            if kind == "record":
                self._keep_finished()
            if self.table is not None:
                return  # the flow has told its table
        self.changed()

    def _welcome(self, message: dict[str, Any]) -> None:
        self.token = message["token"]
        seat = message["seat"]
        if self.flow is None or self.flow.seat != seat or self.flow.game.id != message["game"]:
            self.flow = GuestFlow(message["game"], seat, [str(name) for name in message["names"]],
                                  self.send, self.timers)
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

    def _ping_soon(self) -> None:
        if self._pinging:
            return
        self._pinging = True

        def ping() -> None:
            self._pinging = False
            if self.state == "connected" and self.flow is not None:
                self.flow.ping()
                self._ping_soon()

        if self.flow is not None:
            self.flow.ping()
        self.timers.later(PING_MS, ping)

    # -- what the guest shows -----------------------------------------------------------

    def connection_text(self) -> str:
        if self.closed:
            return f"The room is closed: {self.closed}."
        return {"connecting": "Connecting to the host…",
                "connected": f"Connected to room {self.code}",
                "reconnecting": "Connection lost: reconnecting…",
                "host-gone": "The host has gone: the room cannot be reached.",
                "failed": f"Cannot connect: {self.detail}"}.get(self.state, self.state)

    def badge(self) -> Node:
        return connection_badge(self.state, self.connection_text())

    def say(self, element: Any) -> None:
        text = take_chat_line(element)
        if text:
            self.send({"type": "chat", "text": text})

    def away_lines(self) -> list[Node]:
        """Who is away, from the host's last word on the seats."""
        if self.seating is None:
            return []
        to_act = set(self.flow.to_act()) if self.flow is not None else set()
        return [h("p", {"class": "room-away", "data-testid": "away", "data-seat": entry["seat"]},
                  f"{entry['name']} is away{' on their turn' if entry['seat'] in to_act else ''}: "
                  "waiting for them to come back.")
                for entry in self.seating["seats"] if entry["status"] == "away"]

    # -- TableRoom (the guest's table) ----------------------------------------------------

    def lobby(self) -> Node | None:
        """The guest's table never shows the lobby: the join screen does, before the table."""
        return None

    def strip(self) -> Node | None:
        return h("div", {"class": "room-strip"}, self.badge(), *self.away_lines(), chat_panel(self.chat, folded=True))

    def after_game(self) -> Node | None:
        flow = self.flow
        record = flow.final if flow is not None else None
        names = [spec.name for spec in flow.seats] if flow is not None else []
        game = flow.game.id if flow is not None else ""
        return h("div", {"class": "after-game"},
                 h("p", {"class": "again-row"},
                   h("span", {"class": "muted", "data-testid": "waiting-again"},
                     "The host may deal again: stay here to play on. "),
                   h("a", {"class": "button-link", "href": "#/", "data-cmd": "leave-room"}, "Leave the room")),
                 h("p", {"class": "record-row"},
                   h("a", {"class": "button-link", "data-testid": "replay-link",
                           "href": f"#/{game}/replay?r={pack_record(record, names)}"}, "Watch the replay")
                   if record is not None else None))

    def command(self, command: str, element: Any) -> bool:
        if command == "chat":
            self.say(element)
            return True
        if command == "leave-room":
            self.store.drop_ticket(self.code)
            return False  # the link's own navigation goes on
        return False

    def flow_changed(self) -> None:
        """The guest's flow changes only on the host's word: nothing to send."""

    def dispose(self) -> None:
        self.link.close()
