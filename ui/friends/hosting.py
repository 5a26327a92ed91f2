"""A room served from this page: the host's side of a game with friends on other devices.

``HostSide`` is the ``TableRoom`` of the host's table. It keeps the room (``HostRoom``: seats,
tokens, views per seat) and its network (``HostLink``), and draws what the room adds to the
table: the lobby until the host starts (the room's code, its invite link and QR code, the seats as
friends fill them, the start button), then the connection, who is away and the chat under the
table's bar, and "Play again" at the end. After every change of the game it sends each friend
their view; a friend who is away on their turn is waited for, and after ``AWAY_GRACE_MS`` the
host may give the seat to a bot or end the game.

A host that opened the room without a name is asked for one in the lobby (remembered on the
device): the friends read it, never "You". A room that cannot open shows no code, link or QR code
as if it were open: it says what failed and offers to try again. While a game with friends is
on, the host's device asks to keep its screen awake (the Screen Wake Lock API, where the browser
has it), and when its page is shown again after being hidden it sends every device its view at
once. The room's heartbeat (``HostRoom.tick``) is checked every ``HEARTBEAT_MS``.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine import GAMES
from engine.bots import levels
from ui.app.catalog import game_title
from ui.app.play_setup import MAX_NAME, UNNAMED, PlaySetup, default_bot_level
from ui.app.routes import new_room_code
from ui.friends.link import HostLink, room_link
from ui.friends.panels import (
    chat_panel,
    connection_badge,
    invite_link,
    seat_row,
    standings_panel,
    take_chat_line,
    watchers_line,
)
from ui.friends.protocol import encode
from ui.friends.room import HOST_NAME, HostRoom, Outgoing, RoomError, seats_for
from ui.kit import settings
from ui.kit.dom import Node, h
from ui.kit.i18n import _
from ui.tables import parts
from ui.tables.base import GameTable
from ui.tables.events import Event, Settled

#: How long a friend may be away on their turn before the host is offered to go on without them.
AWAY_GRACE_MS = 60_000
#: How often the "away" line counts the seconds.
AWAY_TICK_MS = 1000
#: The chat lines kept on screen.
CHAT_LINES = 30
#: How often the host checks who has gone quiet (the guests ping every 2 s).
HEARTBEAT_MS = 2000

#: A room on its way to its next game's table (``HostSide.switch``): the router's next table of
#: that game takes it over (``adopt``) instead of opening a new room.
_HANDOFF: list[tuple[HostSide, str, dict[int, int]]] = []


def adopt_room(table: GameTable) -> HostSide | None:
    """The room handed over to ``table`` (a new deal of another game in the same room), if any."""
    if not _HANDOFF:
        return None
    side, game_id, places = _HANDOFF.pop()
    if game_id != table.game_id:
        side.close_room()
        return None
    side.adopt(table, places)
    return side


class HostSide:
    """The room of ``table`` (whose setup has friend seats): a new one, or the one its saved
    game keeps (a reloaded host opens the same code)."""

    def __init__(self, table: GameTable) -> None:
        self.table = table
        flow = table.flow
        room = HostRoom.reopened(flow, new_token)
        if room is None:
            broker = table.setup.broker or str(settings.read()["broker"])
            room = HostRoom(flow, new_room_code(random.SystemRandom()), new_token, broker)
        self.room = room
        #: The link's state: ``opening``, ``open``, ``broker-lost`` or ``failed`` (with ``problem``).
        self.link_state = "opening"
        self.problem = ""
        self.chat: list[dict[str, Any]] = []
        self.qr = ""
        self.copied = False
        #: Friends' seats whose away choice the host put off (seat -> until, in the timers' ms).
        self.waiting: dict[int, float] = {}
        #: The seat of the host's own person, asked for a name when the setup gave none.
        self.own_seat = table.humans[0] if len(table.humans) == 1 else None
        self.asks_name = self.own_seat is not None and table.seats[self.own_seat].name == UNNAMED \
            and not room.started
        if self.asks_name and self.own_seat is not None:
            remembered = str(settings.read().get("name", ""))
            if remembered:
                room.rename(self.own_seat, remembered)
        self.link = self._open()
        self._qr_job = asyncio.ensure_future(self._draw_qr())
        self._ticking = False
        self._unfollow: Callable[[], None] | None = None
        self.follow(flow)
        self._wake_lock: Any = None
        self._on_visible: Any = None
        #: The game the host picked for the next deal (this game's id until another is picked).
        self.next_game = table.game_id
        self._heartbeat()
        self._watch_visibility()

    def _open(self) -> HostLink:
        return HostLink(self.room.code, self.room.broker, self._status, self._connected, self._message, self._closed)

    def retry(self) -> None:
        """Open the room again after it failed to open (the broker may be back)."""
        self.link.close()
        self.link_state, self.problem = "opening", ""
        self.link = self._open()

    # -- presence and the screen ----------------------------------------------------------

    def _heartbeat(self) -> None:
        def beat() -> None:
            out = self.room.tick(self.table.timers.now_ms())
            if out:
                self.deliver(out)
                self._tick_away()
                self.redraw()
            self._keep_awake()
            self._heartbeat()

        self.table.timers.later(HEARTBEAT_MS, beat)

    def _watch_visibility(self) -> None:
        """A page shown again (the host came back to the tab, a phone woke): the room goes on
        at once, every device sent its view again."""
        from pyodide.ffi import create_proxy
        from pyscript import document

        def shown(_event: Any) -> None:
            if str(document.visibilityState) == "visible":
                self.deliver(self.room.resend())
                self._keep_awake()
            else:
                self._wake_lock = None  # the browser releases it with the page hidden

        self._on_visible = create_proxy(shown)
        document.addEventListener("visibilitychange", self._on_visible)

    def _keep_awake(self) -> None:
        """While a game with friends is on, ask the browser to keep the screen awake; release
        the lock when the game is over (the browser drops it when the page is hidden)."""
        from pyscript import document, window

        playing = self.room.started and not self.table.flow.state.is_over()
        if playing and self._wake_lock is None and str(document.visibilityState) == "visible" \
                and hasattr(window.navigator, "wakeLock"):
            self._wake_lock = "asking"
            asyncio.ensure_future(self._request_wake_lock())
        elif not playing and self._wake_lock not in (None, "asking"):
            self._wake_lock.release()
            self._wake_lock = None

    async def _request_wake_lock(self) -> None:
        from pyscript import window

        try:
            self._wake_lock = await window.navigator.wakeLock.request("screen")
        except Exception as error:  # refused (battery saver, no user gesture yet): the game goes on
            self._wake_lock = None
            window.console.info(f"room {self.room.code}: the screen may sleep: {error}")

    # -- the network's news -------------------------------------------------------------

    def _status(self, state: str, detail: str) -> None:
        self.link_state = state
        self.problem = detail if state == "failed" else ""
        self.redraw()

    def _connected(self, connection: str) -> None:
        """A device connected: it says who it is in its first message (``join``)."""

    def _message(self, connection: str, text: str) -> None:
        before = len(self.room.warnings)
        epoch = self.table.flow.epoch
        out = self.room.receive(connection, text)
        self._warn(before)
        said = next((message for _unused, message in out if message["type"] == "chat"), None)
        if said is not None:  # sent to every friend, the speaker too: the host hears it once
            self._heard(said)
        self.deliver(out)
        if self.table.flow.epoch == epoch:  # a move has redrawn the table already
            self.redraw()

    def _closed(self, connection: str) -> None:
        self.deliver(self.room.lost(connection))
        self._tick_away()
        self.redraw()

    def _warn(self, before: int) -> None:
        from pyscript import window

        for warning in self.room.warnings[before:]:
            window.console.warn(f"room {self.room.code}: {warning}")

    def deliver(self, out: list[Outgoing]) -> None:
        for connection, message in out:
            self.link.send(str(connection), encode(message))

    def redraw(self) -> None:
        self.table.show()

    async def _draw_qr(self) -> None:
        try:
            module = await room_link()
            self.qr = str(module.qrDataUrl(self.invite()))
        except Exception as error:
            from pyscript import window

            window.console.warn(f"room {self.room.code}: no QR code: {error}")
            return
        self.redraw()

    # -- TableRoom ------------------------------------------------------------------------

    def follow(self, flow: Any) -> None:
        """Send the friends what changed whenever a change of ``flow``'s game settles (its
        events, ``ui.tables.events``); the flow of the last deal is left."""
        if self._unfollow is not None:
            self._unfollow()
        self._unfollow = flow.events.subscribe(self.heard)

    def heard(self, event: Event) -> None:
        if isinstance(event, Settled):
            self.deliver(self.room.updates())

    def dispose(self) -> None:
        if any(side is self for side, _, _ in _HANDOFF):
            return  # the room goes on at the next game's table
        self.close_room()

    def close_room(self) -> None:
        if self._unfollow is not None:
            self._unfollow()
        self.deliver(self.room.close("left"))
        self.link.close()
        if self._on_visible is not None:
            from pyscript import document

            document.removeEventListener("visibilitychange", self._on_visible)
            self._on_visible.destroy()
            self._on_visible = None
        if self._wake_lock not in (None, "asking"):
            self._wake_lock.release()
        self._wake_lock = None

    def field(self, element: Any) -> bool:
        """A form field of the room's: the host's name in the lobby, the next deal's game."""
        from ui.kit.dom import attr

        if attr(element, "data-field") == "room-game" and str(element.value) in GAMES:
            self.next_game = str(element.value)
            return True
        if attr(element, "data-field") != "host-name" or self.own_seat is None:
            return False
        name = str(element.value)[:MAX_NAME]
        self.deliver(self.room.rename(self.own_seat, name))
        if name.strip():
            settings.write({"name": " ".join(name.split())})
        return True

    def command(self, command: str, element: Any) -> bool:
        room = self.room
        seat = _seat_of(element)
        try:
            if command == "start":
                self.deliver(room.start())
                self.table.flow.settle()
            elif command == "room-bot" and seat is not None:
                level = default_bot_level(levels(self.table.game_id))
                self.deliver(room.give_to_bot(seat, level))
                self.table.flow.settle()
            elif command == "room-remove" and seat is not None:
                self.deliver(room.remove(seat))
            elif command == "room-wait" and seat is not None:
                self.waiting[seat] = self.table.timers.now_ms() + AWAY_GRACE_MS
            elif command == "room-end":
                self.deliver(room.close("ended"))
                self.table.navigate(f"#/{self.table.game_id}")
            elif command == "room-again":
                self.again()
            elif command == "room-copy":
                from ui.kit.files import copy_text

                copy_text(self.table.root, self.invite())
                self.copied = True
            elif command == "room-share":
                self.share()
            elif command == "retry":
                self.retry()
            elif command == "chat":
                self.say(element)
            else:
                return False
        except RoomError as error:
            self.problem = str(error)
        except ValueError as error:  # a control that should not have been offered
            print(f"five-checks: {error}")  # for developers
            self.problem = _("That cannot be done in this room now.")
        return True

    def say(self, element: Any) -> None:
        """The host's chat line (the form's text field), to every friend."""
        text = take_chat_line(element)
        if not text:
            return
        seat = self.table.humans[0] if self.table.humans else -1
        # The name as data (each device shows it in its own language: ``shown_name``), never
        # this device's "You".
        name = self.room.name(seat) if seat >= 0 else HOST_NAME
        message = {"type": "chat", "seat": seat, "name": name, "text": text}
        self._heard(message)
        self.deliver(self.room.broadcast(message))

    def _heard(self, message: dict[str, Any]) -> None:
        self.chat = [*self.chat, message][-CHAT_LINES:]

    def again(self) -> None:
        """A new deal for the same people in the same room, of the game the host picked: friends
        keep their seats (those a new game has no seat for watch it)."""
        if self.next_game != self.table.game_id:
            self.switch(self.next_game)
            return
        table = self.table
        setup = replace(table.setup, seed=random.SystemRandom().randint(0, 999_999), seed_given=False)
        table.rematch(setup)
        self.room.flow = table.flow
        self.deliver(self.room.rematch())
        parts.name_in_address(table)
        self.follow(table.flow)
        table.flow.settle()

    def switch(self, game_id: str) -> None:
        """Deal ``game_id`` in this room: the router builds its table, which takes the room over
        (``adopt_room``) with the same code, connections, chat, watchers and standings."""
        table = self.table
        seats, places = seats_for(game_id, table.seats, tuple(w.name for w in self.room.watchers.values()))
        setup = PlaySetup(game_id, seats, random.SystemRandom().randint(0, 999_999), delay_ms=table.setup.delay_ms,
                          seed_given=False, undo=False, broker=self.room.broker)
        _HANDOFF[:] = [(self, game_id, places)]
        table.navigate(setup.to_hash())

    def adopt(self, table: GameTable, places: dict[int, int]) -> None:
        """Go on at ``table``, the next deal's (its flow a new game for the seats ``places``
        gave): every device is welcomed to it."""
        self.table = table
        table.room = self
        table.flow.room = self.room.data()
        self.own_seat = table.humans[0] if len(table.humans) == 1 else None
        self.asks_name = False
        self.next_game = table.game_id
        self._ticking = False
        self.follow(table.flow)
        self.deliver(self.room.reseat(table.flow, places))
        self._heartbeat()  # the last table's timers went with it

    def share(self) -> None:
        from pyscript import window

        navigator = window.navigator
        if hasattr(navigator, "share"):
            from js import Object
            from pyodide.ffi import to_js

            data = {"title": _("{game}: a room for friends", game=game_title(self.table.game_id)), "url": self.invite()}
            navigator.share(to_js(data, dict_converter=Object.fromEntries))

    # -- what the room draws ------------------------------------------------------------

    def invite(self) -> str:
        from pyscript import window

        return invite_link(str(window.location.href), self.room.code, self.room.broker)

    def lobby(self) -> Node | None:
        room = self.room
        if room.started:
            return None
        table = self.table
        rows = []
        for entry in room.lobby()["seats"]:
            seat, status = entry["seat"], entry["status"]
            tools: list[Node] = []
            if status == "open":
                tools.append(h("button", {"type": "button", "data-cmd": "room-bot", "data-seat": seat},
                               _("Give this seat to a bot")))
            elif status in ("joined", "away"):
                tools.append(h("button", {"type": "button", "data-cmd": "room-remove", "data-seat": seat},
                               _("Remove {name}", name=entry["name"])))
            rows.append(seat_row(entry, seat == self.own_seat, *tools))
        ready = room.ready()
        failed = self.link_state == "failed"
        return h("section", {"class": "page room-lobby", "data-testid": "lobby",
                             "data-room": None if failed else room.code, "aria-labelledby": "lobby-title"},
                 h("nav", {"class": "crumbs"}, h("a", {"href": "#/"}, _("All games")), " › ",
                   h("a", {"href": f"#/{table.game_id}"}, game_title(table.game_id))),
                 h("h1", {"id": "lobby-title", "tabindex": "-1"},
                   _("{game}: a room for friends", game=game_title(table.game_id))),
                 connection_badge(self.connection_state(), self.connection_text()),
                 self.failure() if failed else self.invitation(),
                 self.name_form(),
                 h("h2", None, _("Seats")),
                 h("ol", {"class": "room-seats"}, rows),
                 self.watchers_line(),
                 h("p", {"class": "problem", "role": "alert"}, self.problem) if self.problem and not failed else None,
                 h("p", {"class": "start-row"},
                   h("button", {"type": "button", "class": "primary big", "data-cmd": "start",
                                "data-testid": "start", "disabled": not ready}, _("Start the game")),
                   None if ready else h("span", {"class": "muted"}, _(" Every seat needs a friend or a bot first."))),
                 standings_panel(room.standings(), self.own_seat),
                 chat_panel(self.chat))

    def invitation(self) -> Node:
        """The room's code, its link and QR code: how friends come in."""
        code = self.room.code
        invite = self.invite()
        return h("div", {"class": "room-invite"},
                 h("div", {"class": "room-invite-text"},
                   h("p", None, _("Friends join from their own phone or computer: send them the link, let them "
                                  "scan the code, or tell them the room code to type under “Join a friend’s room”.")),
                   h("p", {"class": "room-code-line"}, _("Room code "),
                     h("strong", {"class": "room-code", "data-testid": "room-code"}, code)),
                   h("p", {"class": "room-link-line"},
                     h("a", {"href": invite, "data-testid": "invite-link", "target": "_blank", "rel": "noopener"},
                       invite)),
                   h("p", {"class": "room-share"},
                     h("button", {"type": "button", "data-cmd": "room-copy"},
                       _("Copied") if self.copied else _("Copy link")),
                     h("button", {"type": "button", "data-cmd": "room-share"}, _("Share…")) if _can_share() else None)),
                 h("img", {"class": "room-qr", "data-testid": "invite-qr", "src": self.qr or None,
                           "width": "168", "height": "168", "alt": _("QR code of the link to room {code}", code=code)}))

    def failure(self) -> Node:
        """A room that could not open: what that means, the details, and what to try."""
        return h("div", {"class": "room-failed", "data-testid": "room-failed"},
                 h("p", {"role": "alert"}, _("Your friends cannot join yet: this device could not reach the "
                                             "service that introduces devices to each other. Check that it is "
                                             "online, then try again. On a network without internet, set the "
                                             "address of your own introduction service (a broker) in the "
                                             "connection settings.")),
                 h("details", None, h("summary", None, _("Details")), h("p", None, self.problem)),
                 h("p", {"class": "start-row"},
                   h("button", {"type": "button", "class": "primary", "data-cmd": "retry"}, _("Try again")),
                   " ", h("a", {"class": "button-link", "href": f"#/{self.table.game_id}"},
                          _("Connection settings"))))

    def name_form(self) -> Node | None:
        """The host's name, asked when the setup gave none: what the friends will read."""
        if not self.asks_name or self.own_seat is None:
            return None
        name = self.table.seats[self.own_seat].name
        return h("form", {"class": "room-name-form"},
                 h("label", {"for": "host-name"}, _("Your name, as your friends will see it")),
                 h("input", {"type": "text", "id": "host-name", "name": "name", "data-field": "host-name",
                             "maxlength": str(MAX_NAME), "autocomplete": "nickname",
                             "value": "" if name == UNNAMED else name, "placeholder": _("Your name")}))

    def watchers_line(self) -> Node | None:
        return watchers_line([watcher.name for watcher in self.room.watchers.values()])

    def connection_state(self) -> str:
        return {"open": "connected", "broker-lost": "reconnecting"}.get(self.link_state, self.link_state)

    def connection_text(self) -> str:
        return {"opening": _("Opening the room…"),
                "open": _("Room {code} is open", code=self.room.code),
                "broker-lost": _("Lost the broker: new friends cannot join until it is back"),
                "failed": _("The room could not open")}.get(self.link_state, self.link_state)

    def strip(self) -> Node | None:
        table = self.table
        now = table.timers.now_ms()
        away = self.room.away(now)
        if away:
            self._tick_away()
        lines = []
        to_act = set(table.flow.to_act())
        for seat, ms in away:
            name = self.room.name(seat)
            turn = seat in to_act
            text = (_("{name} is away on their turn: waiting for them to come back ({seconds} s).",
                      name=name, seconds=int(ms // 1000)) if turn else
                    _("{name} is away: waiting for them to come back ({seconds} s).",
                      name=name, seconds=int(ms // 1000)))
            choices = None
            if turn and ms >= AWAY_GRACE_MS and now >= self.waiting.get(seat, 0) and not table.flow.state.is_over():
                choices = h("span", {"class": "room-away-choices"},
                            h("button", {"type": "button", "data-cmd": "room-wait", "data-seat": seat}, _("Wait")),
                            h("button", {"type": "button", "data-cmd": "room-bot", "data-seat": seat},
                              _("Give {name}’s seat to a bot", name=name)),
                            h("button", {"type": "button", "data-cmd": "room-end"}, _("End the game")))
            lines.append(h("p", {"class": "room-away", "data-testid": "away", "data-seat": seat}, text, " ", choices))
        return h("div", {"class": "room-strip"},
                 connection_badge(self.connection_state(), self.connection_text()),
                 *lines,
                 self.watchers_line(),
                 standings_panel(self.room.standings(), self.own_seat),
                 chat_panel(self.chat, folded=True))

    def _tick_away(self) -> None:
        if self._ticking or not self.room.away(0):
            return
        self._ticking = True

        def tick() -> None:
            self._ticking = False
            self.redraw()

        self.table.timers.later(AWAY_TICK_MS, tick)

    def after_game(self) -> Node | None:
        table = self.table
        return h("div", {"class": "after-game"},
                 h("p", {"class": "again-row"},
                   h("label", {"class": "room-next-game"}, _("Next game "),
                     h("select", {"name": "game", "data-field": "room-game"},
                       [h("option", {"value": game_id, "selected": game_id == self.next_game}, game_title(game_id))
                        for game_id in GAMES])),
                   h("button", {"type": "button", "class": "primary", "data-cmd": "room-again",
                                "data-testid": "play-again"}, _("Play again")),
                   h("a", {"class": "button-link", "href": f"#/{table.game_id}"}, _("Leave the room"))),
                 h("p", {"class": "record-row"},
                   h("a", {"class": "button-link", "data-testid": "replay-link",
                           "href": f"#/{table.game_id}/replay?id={table.flow.save_id}"}, _("Watch the replay"))
                   if table.flow.save_id else None,
                   h("button", {"type": "button", "data-cmd": "download"}, _("Download the record"))))


def new_token() -> str:
    """A friend's secret, 128 random bits from the system's source (the browser's crypto): the
    only proof a device holds a seat."""
    return f"{random.SystemRandom().getrandbits(128):032x}"


def _seat_of(element: Any) -> int | None:
    from ui.kit.dom import attr

    text = attr(element, "data-seat")
    return int(text) if text and text.lstrip("-").isdigit() else None


def _can_share() -> bool:
    from pyscript import window

    return hasattr(window.navigator, "share")

