"""A room on the host's device: friends on other devices take seats of the host's game flow.

The host's browser runs the engine (``TableFlow``); a friend is a seat whose actions arrive as
messages (``ui.friends.protocol``) over a connection, and who is sent only ``view(seat)`` and the
notation of that seat's legal actions. ``HostRoom`` is the whole of that, with no network in it:
the page hands it what arrives on each connection (``receive``) and sends what it returns;
after every change of the flow it asks for the views to send (``updates``). Connections are
named by the page (any hashable id).

Seats fill in seat order as friends join with a name; each gets a token kept on its device, which
takes the same seat back after a reload or a lost connection and without which nobody takes a
seat that is taken. Until the host starts, the room is a lobby; the host may give an open seat to
a bot or free a friend's seat. A friend whose connection is lost is ``away`` (since
``away_since``); the host may give an away friend's seat to a bot during the game. A message that
is not the protocol's, for another seat, for an old position or illegal changes nothing: it is
answered with the engine's reason or ignored with a warning (``warnings``).

Before joining, a device may ask what the room is (``hello``: the game, who hosts it, the seats);
a newcomer finds the room ``full`` when no seat is open, and may then watch: a watcher gets
``view(None)`` only and never acts. Every message heard from a friend is its heartbeat (``heard``):
a friend silent for ``SILENT_MS`` is ``away`` until heard again (``tick``), as when its connection
closes. The room keeps score across its deals (``standings``).

The room is kept with the host's saved game (``data``, in the flow's ``room``): a reloaded host
opens the same code, each friend's token takes their seat back, and the standings stay.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any

from engine import GAMES, IllegalAction
from engine.bots import get_bot, levels
from ui.app.play_setup import UNNAMED, SeatSpec, bot_name, default_bot_level
from ui.friends.protocol import MAX_CHAT, MAX_NAME, ProtocolError, clean_text, decode, view_message
from ui.kit.i18n import _
from ui.tables.events import Settled
from ui.tables.flow import FlowStopped, TableFlow
from ui.tables.phrasing import refusal_data

#: A message to send: the connection it goes to, and the message.
Outgoing = tuple[Hashable, dict[str, Any]]

#: A friend not heard from for this long (guests ping every 2 s) is away until heard again.
SILENT_MS = 8000
#: What the host is called to the others when its setup gave it no name.
HOST_NAME = "Host"


class RoomError(ValueError):
    """What the host asked of the room cannot be done now; the message, of the catalog, says
    why to the host (other ``ValueError`` are a program's mistakes)."""


#: The games whose results add up to a running score across deals (Checks' checks, Chess
#: Cards' points, Check!'s totals, where the lowest leads); the others count wins only.
RUNNING_TOTALS = {"checks": "highest", "chess-cards": "highest", "check": "lowest"}


@dataclass
class FriendSeat:
    """A seat played from another device: who sits there, how they prove it, where they are."""

    seat: int
    name: str = ""
    token: str = ""
    #: ``open`` (nobody yet), ``joined`` (connected), ``away`` (joined, connection lost).
    status: str = "open"
    connection: Hashable | None = None
    #: The ply and the view text last sent, so that only a change is sent again.
    sent: tuple[int, str] | None = None
    #: When the connection was lost (the timers' ms), while ``away``.
    away_since: float = 0.0
    #: When this friend's device was last heard from (the timers' ms).
    heard_at: float = 0.0


@dataclass
class Watcher:
    """A device that watches the game: no seat, the spectator's view."""

    name: str
    sent: tuple[int, str] | None = None


class HostRoom:
    """The room of ``flow`` under ``code``; ``new_token`` makes each friend's secret."""

    def __init__(self, flow: TableFlow, code: str, new_token: Callable[[], str], broker: str = "") -> None:
        self.flow = flow
        self.code = code
        self.broker = broker
        self.new_token = new_token
        self.friends = {seat: FriendSeat(seat) for seat, spec in enumerate(flow.seats) if spec.kind == "friend"}
        self.started = False
        self.warnings: list[str] = []
        self.watchers: dict[Hashable, Watcher] = {}
        #: Each finished deal of the room: its game, the seats' scores and the winners.
        self.deals: list[dict[str, Any]] = []
        #: The countdown last told to the guests (its key), so each is told once.
        self._told_countdown: object = None
        kept = flow.room
        if kept is not None and kept.get("code") == code:
            self.started = bool(kept.get("started")) or flow.ply > 0
            self.deals = [dict(deal) for deal in kept.get("deals", ())
                          if isinstance(deal, dict) and isinstance(deal.get("names"), list)]
            now = flow.timers.now_ms()
            for item in kept.get("friends", ()):
                friend = self.friends.get(item.get("seat"))
                if friend is not None and item.get("token"):
                    friend.name, friend.token = str(item.get("name", "")), str(item["token"])
                    friend.status, friend.away_since = "away", now
        self.keep()

    @classmethod
    def reopened(cls, flow: TableFlow, new_token: Callable[[], str]) -> HostRoom | None:
        """The room kept with ``flow``'s saved game, opened again; None if it has none."""
        kept = flow.room
        if kept is None:
            return None
        return cls(flow, str(kept["code"]), new_token, str(kept.get("broker", "")))

    def data(self) -> dict[str, Any]:
        """The room as the host's saved game keeps it (names and tokens of the friends)."""
        return {"code": self.code, "broker": self.broker, "started": self.started, "deals": self.deals,
                "friends": [{"seat": f.seat, "name": f.name, "token": f.token}
                            for f in self.friends.values() if f.token]}

    def keep(self) -> None:
        """Put the room into the flow's saved game (saved with the next save)."""
        self.flow.room = self.data()

    # -- the lobby -------------------------------------------------------------------------

    def status(self, seat: int) -> str:
        friend = self.friends.get(seat)
        if friend is not None:
            return friend.status
        return "bot" if self.flow.seats[seat].is_bot else "here"

    def lobby(self) -> dict[str, Any]:
        return {"type": "lobby", "started": self.started, "seats": self.seating(),
                "watchers": [watcher.name for watcher in self.watchers.values()]}

    def seating(self) -> list[dict[str, Any]]:
        return [{"seat": seat, "name": self.name(seat), "status": self.status(seat)}
                for seat in range(len(self.flow.seats))]

    def info(self) -> dict[str, Any]:
        """What the room is, for a device that has not joined yet (``hello``)."""
        here = next((seat for seat, spec in enumerate(self.flow.seats) if spec.kind == "human"), None)
        return {"type": "room", "game": self.flow.game.id, "host": self.name(here) if here is not None else HOST_NAME,
                "seats": self.seating(), "started": self.started,
                "watchers": [watcher.name for watcher in self.watchers.values()]}

    def name(self, seat: int) -> str:
        """A seat's name as the other devices read it: the name a friend joined with, the name
        the host gave; never "You", which every device says of its own seat only."""
        friend = self.friends.get(seat)
        if friend is not None and friend.name:
            return friend.name
        name = self.flow.seats[seat].name
        return HOST_NAME if name == UNNAMED else name

    def rename(self, seat: int, name: str) -> list[Outgoing]:
        """The host names a seat of its own device (the lobby asks the host for a name when the
        setup gave none): the others read it from now on."""
        spec = self.flow.seats[seat]
        if spec.kind != "human":
            raise ValueError(f"seat {seat} is not played at the host's device")
        given = clean_text(name, MAX_NAME) or UNNAMED
        if given == spec.name:
            return []
        seats = list(self.flow.seats)
        seats[seat] = replace(spec, name=given)
        self.flow.seats = tuple(seats)
        return self.broadcast(self.lobby())

    def ready(self) -> bool:
        """Everyone is in: no friend's seat is open."""
        return all(friend.status != "open" for friend in self.friends.values())

    def start(self) -> list[Outgoing]:
        """The host starts the game: the lobby locks and play begins. Raises ValueError while a
        seat is open."""
        if self.started:
            return []
        if not self.ready():
            raise RoomError(_("A seat is still open: wait for a friend, or give it to a bot."))
        self.started = True
        self.flow.seats = tuple(replace(spec, name=self.name(seat)) if seat in self.friends or spec.name == UNNAMED
                                else spec for seat, spec in enumerate(self.flow.seats))
        self.keep()
        self.flow.start()
        return self.broadcast(self.lobby()) + self.updates()

    def give_to_bot(self, seat: int, level: str) -> list[Outgoing]:
        """A friend's seat goes to a bot of ``level``: an open seat in the lobby, or the seat
        of a friend who is away during the game (the bot plays on from where they were)."""
        friend = self.friends.get(seat)
        if friend is None or friend.status != ("away" if self.started else "open"):
            where = "an away friend's seat" if self.started else "an open seat of the lobby"
            raise ValueError(f"seat {seat} is not {where}")
        del self.friends[seat]
        flow = self.flow
        seats = list(flow.seats)
        seats[seat] = SeatSpec("bot", bot_name(level), level)
        flow.seats = tuple(seats)
        flow.bots[seat] = get_bot(flow.game.id, level)
        flow.rngs[seat] = random.Random(flow.setup.seed * 1009 + seat)
        self.keep()
        if self.started:
            flow.save()
            flow.schedule()
            flow.events.publish(Settled())
        return self.broadcast(self.lobby())

    def rematch(self) -> list[Outgoing]:
        """The host dealt a new game in this room (``flow`` is the new game's): the same
        friends keep their seats, and each gets its view of the new deal."""
        self.started = True
        for friend in self.friends.values():
            friend.sent = None
        for watcher in self.watchers.values():
            watcher.sent = None
        self.keep()
        self.flow.start()
        return self.broadcast(self.lobby()) + self.updates()

    def resend(self) -> list[Outgoing]:
        """Everything again to every device (the host's page was hidden and is shown again:
        whatever it sent meanwhile may have been lost with a connection)."""
        for friend in self.friends.values():
            friend.sent = None
        for watcher in self.watchers.values():
            watcher.sent = None
        self._told_countdown = object()
        return self.broadcast(self.lobby()) + (self.broadcast(self.standings()) if self.deals else []) \
            + self.updates()

    def reseat(self, flow: TableFlow, places: dict[int, int]) -> list[Outgoing]:
        """The room goes on with ``flow``, a new deal of this or another game: ``places`` maps
        each seat of the last deal that keeps a seat to its seat in the new one. A friend without
        a place watches from now on; each device is welcomed to the new game and sent its view."""
        friends: dict[int, FriendSeat] = {}
        dropped: list[FriendSeat] = []
        for seat, friend in self.friends.items():
            if seat in places:
                friend.seat, friend.sent = places[seat], None
                friends[friend.seat] = friend
            else:
                dropped.append(friend)
        # The friend seats nobody of the last deal holds go to the watchers they were dealt for.
        for seat, spec in enumerate(flow.seats):
            if spec.kind != "friend" or seat in friends:
                continue
            connection = next((c for c, w in self.watchers.items() if w.name == spec.name), None)
            if connection is None:
                friends[seat] = FriendSeat(seat)  # open: the next newcomer takes it
                continue
            del self.watchers[connection]
            friends[seat] = FriendSeat(seat, spec.name, self.new_token(), "joined", connection,
                                       heard_at=self.flow.timers.now_ms())
        self.flow, self.friends = flow, friends
        for friend in dropped:
            if friend.connection is not None:
                self.watchers[friend.connection] = Watcher(friend.name or f"Friend {friend.seat + 1}")
        for watcher in self.watchers.values():
            watcher.sent = None
        self.started = True
        self.keep()
        self.flow.start()
        out: list[Outgoing] = []
        for friend in friends.values():
            if friend.connection is not None:
                out += self._welcome(friend.connection, friend.seat, friend.token)
        for connection in list(self.watchers):
            out += self._welcome(connection, None, "")
        return out + (self.broadcast(self.standings()) if self.deals else [])

    def away(self, now_ms: float) -> list[tuple[int, float]]:
        """The friends away now and for how many ms, in seat order."""
        return [(f.seat, now_ms - f.away_since) for f in self.friends.values() if f.status == "away"]

    def close(self, reason: str) -> list[Outgoing]:
        """The host ends the room: every guest and watcher is told why (an id of ``CLOSED``)."""
        return self.broadcast({"type": "closed", "reason": reason})

    def tick(self, now_ms: float) -> list[Outgoing]:
        """The heartbeat's check: a friend connected but not heard from for ``SILENT_MS`` (a
        phone asleep, a tab in the background) is away until heard again."""
        silent = [f for f in self.friends.values()
                  if f.status == "joined" and now_ms - f.heard_at >= SILENT_MS]
        for friend in silent:
            friend.status, friend.away_since = "away", friend.heard_at
        return self.broadcast(self.lobby()) if silent else []

    def heard(self, friend: FriendSeat) -> list[Outgoing]:
        friend.heard_at = self.flow.timers.now_ms()
        if friend.status == "away" and friend.connection is not None:
            friend.status = "joined"  # a silent friend spoke again
            return self.broadcast(self.lobby())
        return []

    # -- the score across deals ------------------------------------------------------------

    def standings(self) -> dict[str, Any]:
        """Each person's wins over the room's deals (whatever game each deal was, and wherever
        they sat), and their running total where the game keeps one (``RUNNING_TOTALS``) and
        every deal was of that game. A row's ``seat`` is where that person sits now (None: no
        seat in this deal, a watcher now)."""
        game = self.flow.game.id
        totals = game in RUNNING_TOTALS and all(deal["game"] == game for deal in self.deals)
        seated = {self.name(seat): seat for seat in range(len(self.flow.seats))}
        people = list(seated) + [name for deal in self.deals for name in deal["names"] if name not in seated]
        rows = []
        for name in dict.fromkeys(people):
            places = [(deal, deal["names"].index(name)) for deal in self.deals if name in deal["names"]]
            wins = sum(1 for deal, seat in places if seat in deal["winners"])
            total = sum(deal["scores"][seat] for deal, seat in places) if totals else None
            rows.append({"seat": seated.get(name), "name": name, "wins": wins, "total": total})
        return {"type": "standings", "deals": len(self.deals), "rows": rows,
                **({"lowest": True} if totals and RUNNING_TOTALS[game] == "lowest" else {})}

    def _deal_over(self) -> list[Outgoing]:
        """The deal has ended: counted once in the standings, which every device is sent."""
        result = self.flow.state.result()
        if result is None:
            return []
        deal = {"game": self.flow.game.id, "save": self.flow.save_id, "ply": self.flow.ply,
                "names": [self.name(seat) for seat in range(len(self.flow.seats))],
                "scores": list(result.scores), "winners": list(result.winners)}
        if any(kept.get("save") == deal["save"] and kept.get("ply") == deal["ply"] for kept in self.deals):
            return []
        self.deals.append(deal)
        self.keep()
        return self.broadcast(self.standings())

    def remove(self, seat: int) -> list[Outgoing]:
        """The host frees a friend's seat (in the lobby): its token no longer takes it."""
        friend = self.friends.get(seat)
        if self.started or friend is None:
            raise ValueError(f"seat {seat} is not a friend's seat of the lobby")
        gone = friend.connection
        self.friends[seat] = FriendSeat(seat)
        self.keep()
        out: list[Outgoing] = [(gone, {"type": "closed", "reason": "seat-given"})] \
            if gone is not None else []
        return out + self.broadcast(self.lobby())

    # -- connections -----------------------------------------------------------------------

    def receive(self, connection: Hashable, text: Any) -> list[Outgoing]:
        """What arrived on ``connection``: the messages to send in answer."""
        try:
            message = decode(text)
        except ProtocolError as error:
            return self._ignore(connection, str(error))
        kind = message["type"]
        if kind == "hello":
            return [(connection, self.info())]
        if kind == "join":
            return self._join(connection, message)
        if kind == "watch":
            return self._watch(connection, message)
        if kind == "ping":
            friend = self._friend_on(connection)
            return [(connection, {"type": "pong", "t": message["t"]}),
                    *(self.heard(friend) if friend is not None else [])]
        friend = self._friend_on(connection)
        if friend is None:
            return self._ignore(connection, f"a {kind!r} message from a connection that holds no seat"
                                + (" (a watcher)" if connection in self.watchers else ""))
        return self.heard(friend) + self._from_friend(connection, friend, kind, message)

    def _from_friend(self, connection: Hashable, friend: FriendSeat, kind: str,
                     message: dict[str, Any]) -> list[Outgoing]:
        if kind == "act":
            return self._act(connection, friend, message)
        if kind == "chat":
            text = clean_text(message["text"], MAX_CHAT)
            return self.broadcast({"type": "chat", "seat": friend.seat, "name": friend.name, "text": text}) \
                if text else []
        return self._ignore(connection, f"a guest does not send {kind!r} messages")

    def lost(self, connection: Hashable) -> list[Outgoing]:
        """``connection`` closed: its friend is away (the seat stays theirs), its watcher gone."""
        if self.watchers.pop(connection, None) is not None:
            return self.broadcast(self.lobby())
        friend = self._friend_on(connection)
        if friend is None:
            return []
        friend.status, friend.connection = "away", None
        friend.away_since = self.flow.timers.now_ms()
        return self.broadcast(self.lobby())

    def updates(self) -> list[Outgoing]:
        """The views to send now: each connected friend's, where it changed since last sent."""
        if not self.started:
            return []
        out: list[Outgoing] = []
        for friend in self.friends.values():
            if friend.connection is None:
                continue
            message = self._view(friend.seat)
            key = (message["ply"], json.dumps([message["view"], message["legal"]], sort_keys=True))
            if key != friend.sent:
                friend.sent = key
                out.append((friend.connection, message))
        for connection, watcher in self.watchers.items():
            message = self._view(None)
            key = (message["ply"], json.dumps(message["view"], sort_keys=True))
            if key != watcher.sent:
                watcher.sent = key
                out.append((connection, message))
        if self.flow.state.is_over():
            record = {"type": "record", "record": json.loads(self.flow.record().to_json())}
            out += [(connection, record) for connection, _unused in out]
            out += self._deal_over()
        return out + self._countdown()

    def _countdown(self) -> list[Outgoing]:
        """A timed event that started since last told (Check!'s matching window): its kind
        and the ms left on the host's clock, which each guest corrects by its round trip."""
        countdown = self.flow.countdown
        key = None if countdown is None else countdown.key
        if key == self._told_countdown:
            return []
        self._told_countdown = key
        if countdown is None:
            return self.broadcast({"type": "clock", "kind": "", "ply": self.flow.ply, "left_ms": 0})
        return self.broadcast({"type": "clock", "kind": countdown.kind, "ply": self.flow.ply,
                               "left_ms": round(self.flow.countdown_left_ms())})

    def broadcast(self, message: dict[str, Any]) -> list[Outgoing]:
        """``message`` to every device in the room: the friends connected, then the watchers."""
        return [(friend.connection, message) for friend in self.friends.values() if friend.connection is not None] \
            + [(connection, message) for connection in self.watchers]

    # -- what guests send ------------------------------------------------------------------

    def _join(self, connection: Hashable, message: dict[str, Any]) -> list[Outgoing]:
        token = message.get("token")
        seated = self._friend_on(connection)
        if seated is not None and token != seated.token:
            return self._ignore(connection, f"seat {seated.seat} asked for another seat")
        friend = next((f for f in self.friends.values() if token and f.token == token), None)
        if friend is None:
            if isinstance(token, str) and token:
                return [(connection, {"type": "closed", "reason": "seat-gone"})]
            friend = next((f for f in self.friends.values() if f.status == "open"), None)
            if friend is None or self.started:
                return [(connection, {"type": "full", "started": self.started})]
            friend.name = clean_text(message["name"], MAX_NAME) or f"Friend {friend.seat + 1}"
            friend.token = self.new_token()
            self.keep()
        elif friend.connection is not None and friend.connection != connection:
            self.lost(friend.connection)  # the same device again, on a new connection
        self.watchers.pop(connection, None)  # a watcher taking a seat
        friend.status, friend.connection, friend.sent = "joined", connection, None
        friend.heard_at = self.flow.timers.now_ms()
        return self._welcome(connection, friend.seat, friend.token)

    def _welcome(self, connection: Hashable, seat: int | None, token: str) -> list[Outgoing]:
        self._told_countdown = object()  # tell the countdown running, if any, to the newcomer too
        # Its view comes after its welcome, whatever was sent before (a device drops the view of
        # a game or seat it has not been welcomed to).
        watcher, friend = self.watchers.get(connection), self._friend_on(connection)
        for seen in (watcher, friend):
            if seen is not None:
                seen.sent = None
        welcome = {"type": "welcome", "room": self.code, "game": self.flow.game.id, "seat": seat,
                   "token": token, "names": [self.name(seat) for seat in range(len(self.flow.seats))]}
        return [(connection, welcome), *self.broadcast(self.lobby()),
                *([(connection, self.standings())] if self.deals else []), *self.updates()]

    def _watch(self, connection: Hashable, message: dict[str, Any]) -> list[Outgoing]:
        """A device watches: it gets the spectator's view, and never a seat's."""
        if self._friend_on(connection) is not None:
            return self._ignore(connection, "a seated device asked to watch")
        name = clean_text(message["name"], MAX_NAME) or f"Watcher {len(self.watchers) + 1}"
        self.watchers[connection] = Watcher(name)
        return self._welcome(connection, None, "")

    def _act(self, connection: Hashable, friend: FriendSeat, message: dict[str, Any]) -> list[Outgoing]:
        ply, action = message["ply"], message["action"]
        try:
            if not self.started:
                raise IllegalAction(f"illegal action {action!r} by seat {friend.seat}: the game has not started")
            self.flow.act(friend.seat, action, ply=ply, by="friend")
        except IllegalAction as error:
            self.warnings.append(str(error))
            # The reason goes as data: the guest's device says it in its reader's language.
            refused = (refusal_data(FlowStopped(str(error), "", kind="not-started")) if not self.started
                       else refusal_data(error))
            return [(connection, {"type": "refused", "ply": ply, "action": action, "reason": str(error),
                                  "refusal": refused})]
        return self.updates()

    def _friend_on(self, connection: Hashable) -> FriendSeat | None:
        return next((f for f in self.friends.values() if f.connection == connection), None)

    def _ignore(self, connection: Hashable, why: str) -> list[Outgoing]:
        self.warnings.append(f"ignored a message from {connection!r}: {why}")
        return []

    def _view(self, seat: int | None) -> dict[str, Any]:
        flow = self.flow
        legal = flow.legal_actions(seat) if seat is not None and seat in flow.to_act() else ()
        return view_message(flow.game.id, seat, flow.ply, flow.state.view(seat), legal)


def seats_for(game_id: str, seats: tuple[SeatSpec, ...],
              watchers: tuple[str, ...] = ()) -> tuple[tuple[SeatSpec, ...], dict[int, int]]:
    """The seats of a room's next deal when it changes to game ``game_id``, and where each seat of
    the last deal sits now (``{old: new}``; a seat missing from it watches). The people at the
    host's device come first (Check!'s host deals and starts), then the friends in their order;
    the ``watchers`` (their names) take the seats a bigger game adds, before the bots; bots fill
    the seats a game needs beyond the people, each at a level the new game has."""
    game = GAMES[game_id]
    bot_levels = levels(game_id)
    order = sorted(range(len(seats)), key=lambda seat: ({"human": 0, "friend": 1}.get(seats[seat].kind, 2), seat))
    people = [seat for seat in order if not seats[seat].is_bot][:game.max_players]
    bots = [seat for seat in order if seats[seat].is_bot]
    newcomers = watchers[:game.max_players - len(people)]
    bots = bots[:game.max_players - len(people) - len(newcomers)]
    new = [seats[seat] for seat in people] + [SeatSpec("friend", name) for name in newcomers]
    places = {old: place for place, old in enumerate(people)}
    for old in bots:
        spec = seats[old]
        if spec.level not in bot_levels:
            level = default_bot_level(bot_levels)
            spec = SeatSpec("bot", bot_name(level), level)
        places[old] = len(new)
        new.append(spec)
    while len(new) < game.min_players:
        level = default_bot_level(bot_levels)
        new.append(SeatSpec("bot", bot_name(level), level))
    return tuple(new), places

