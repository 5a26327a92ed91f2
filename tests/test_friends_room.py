"""Friends on other devices (``ui.friends``): the host's room in CPython, its guests played by the
test through the messages they receive, with fake timers for the host's bots.

The central check: every ``view`` a guest received equals ``view(seat)`` of the host's game after
that ply, replayed from the final record, and its ``legal`` the notation of that seat's legal
actions then. So no message carried anything the seat may not know.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Hashable
from dataclasses import replace
from typing import Any

import pytest

from engine import IllegalAction, Record, State
from flow_support import FakeTimers
from ui.app.play_setup import PlaySetup, SeatSpec, bot_name, parse_play
from ui.app.routes import RouteError, new_room_code, parse_hash, room_code
from ui.friends.guest import GuestFlow
from ui.friends.protocol import ProtocolError, act_message, decode, encode
from ui.friends.room import HostRoom, Outgoing
from ui.storage.saves import SavedGame
from ui.tables.game_flows import new_flow
from ui.tables.phrasing import Phrasing, refusal


class Guest:
    """A friend's device: what it received, in order, its flow (``GuestFlow``, made when it is
    welcomed) and what it sent."""

    def __init__(self, connection: str, name: str) -> None:
        self.connection = connection
        self.name = name
        self.received: list[dict[str, Any]] = []
        self.token = ""
        self.seat = -1
        self.flow: GuestFlow | None = None
        self.outbox: list[dict[str, Any]] = []

    def join(self, room: HostRoom) -> list[Outgoing]:
        message = {"type": "join", "name": self.name, **({"token": self.token} if self.token else {})}
        return room.receive(self.connection, encode(message))

    def last_view(self) -> dict[str, Any] | None:
        return next((m for m in reversed(self.received) if m["type"] == "view"), None)


class Table:
    """A host's room with its guests, delivering every answer as JSON text, as the wire does."""

    def __init__(self, game: str, seats: str, seed: int = 5, **options: Any) -> None:
        specs = tuple(seat_spec(item, number) for number, item in enumerate(seats.split(","), start=1))
        setup = PlaySetup(game_id=game, seats=specs, seed=seed, options=options, delay_ms=0)
        self.timers = FakeTimers()
        self.flow = new_flow(setup, self.timers)
        tokens = (f"token-{number}" for number in itertools.count(1))
        self.room = HostRoom(self.flow, "K7QXM", lambda: next(tokens))
        self.guests: dict[Hashable, Guest] = {}

    def deliver(self, outgoing: list[Outgoing]) -> None:
        for connection, message in outgoing:
            guest = self.guests[connection]
            received = decode(encode(message))
            guest.received.append(received)
            if received["type"] == "welcome":
                guest.token, guest.seat = received["token"], received["seat"]
                guest.flow = GuestFlow(received["game"], guest.seat, received["names"], guest.outbox.append)
            elif guest.flow is not None:
                guest.flow.receive(received)

    def add(self, connection: str, name: str) -> Guest:
        guest = self.guests[connection] = Guest(connection, name)
        self.deliver(guest.join(self.room))
        return guest

    def run(self, ms: float = 100) -> None:
        """Let the host's bots and timers run, then send what changed."""
        self.timers.advance(ms)
        self.deliver(self.room.updates())

    def play_out(self, people_here: tuple[int, ...] = ()) -> None:
        """Every seat plays its first legal action until the end: guests from the views they
        received, the host's people on the host's flow, bots by themselves."""
        for _ in range(3000):
            self.run()
            state = self.flow.state
            if state.is_over():
                return
            acted = False
            for guest in self.guests.values():
                flow = guest.flow
                if flow is not None and flow.legal_actions(guest.seat) and flow.ply == self.flow.ply:
                    # The guest's table hands its flow one of the engine's actions, as a click does.
                    flow.act(guest.seat, flow.legal_actions(guest.seat)[0])
                    self.deliver(self.room.receive(guest.connection, encode(guest.outbox.pop())))
                    acted = True
                    break
            if not acted and self.flow.paused:
                self.flow.deal_next()  # the host deals the next game of the match or series
                self.deliver(self.room.updates())
            elif not acted:
                seat = next((seat for seat in self.flow.to_act()
                             if seat in people_here and self.flow.legal_actions(seat)), None)
                if seat is not None:
                    self.flow.act(seat, self.flow.legal_actions(seat)[0])
                    self.deliver(self.room.updates())
        raise AssertionError("the game did not end")


def seat_spec(item: str, number: int) -> SeatSpec:
    """``human:Ann``, ``bot:easy`` or ``friend`` (a friend names itself when it joins)."""
    kind, _, rest = item.partition(":")
    if kind == "bot":
        return SeatSpec("bot", bot_name(rest), rest)
    return SeatSpec(kind, rest or f"Friend {number}")


def assert_views_are_the_seats_own(table: Table) -> int:
    """Each view a guest received is its seat's view after that ply of the final record; returns
    how many were checked."""
    states: list[State] = Record.from_json(table.flow.record().to_json()).states()
    checked = 0
    for guest in table.guests.values():
        for message in guest.received:
            if message["type"] != "view":
                continue
            state = states[message["ply"]]
            assert message["seat"] == guest.seat
            assert message["view"] == json.loads(json.dumps(state.view(guest.seat)))
            legal = state.legal_actions(guest.seat) if guest.seat in state.to_act() else ()
            assert message["legal"] == [str(action) for action in legal]
            checked += 1
    return checked


@pytest.mark.parametrize(("game", "seats"), [
    ("checks", "human:Ann,friend"),
    ("checkmate", "human:Ann,friend,bot:easy,friend"),
    ("private-checkers", "friend,human:Ann"),
    ("chess-cards", "friend,human:Ann"),
    ("check", "human:Ann,friend,bot:easy,friend"),
])
def test_friends_play_to_the_end_and_see_only_their_own_views(game: str, seats: str) -> None:
    table = Table(game, seats)
    friends = [seat for seat, spec in enumerate(table.flow.seats) if spec.kind == "friend"]
    guests = [table.add(f"peer-{seat}", f"Guest {seat}") for seat in friends]
    assert [guest.seat for guest in guests] == friends  # seats fill in seat order
    lobby = table.room.lobby()
    assert [entry["status"] for entry in lobby["seats"] if entry["seat"] in friends] == ["joined"] * len(friends)
    table.deliver(table.room.start())
    people = tuple(seat for seat, spec in enumerate(table.flow.seats) if spec.kind == "human")
    table.play_out(people)
    assert table.flow.state.is_over()
    assert assert_views_are_the_seats_own(table) >= 2 * len(guests)
    for guest in guests:
        assert guest.last_view()["view"]["result"] == table.flow.view(guest.seat)["result"]
        assert guest.flow is not None and guest.flow.final is not None
        assert guest.flow.final.to_json() == table.flow.record().to_json()
        records = [m for m in guest.received if m["type"] == "record"]
        assert records and records[-1]["record"] == json.loads(table.flow.record().to_json())
        # Before the end no message carried the record, the seed or the deck.
        before_end = guest.received[: guest.received.index(records[0])]
        assert all(m["type"] != "record" and "seed" not in m and "deck" not in m for m in before_end)


def test_a_guest_rejoins_its_seat_with_its_token_and_gets_its_view_again() -> None:
    table = Table("checks", "human:Ann,friend")
    bo = table.add("peer-1", "Bo")
    table.deliver(table.room.start())
    seat = table.flow.to_act()[0]
    if seat == 0:
        table.flow.act(0, table.flow.legal_actions(0)[0])
    else:
        table.deliver(table.room.receive("peer-1", encode(act_message(table.flow.ply, bo.last_view()["legal"][0]))))
    table.run()
    ply = table.flow.ply
    table.deliver(table.room.lost("peer-1"))
    assert table.room.status(1) == "away"
    again = Guest("peer-1b", "Bo")
    again.token = bo.token
    table.guests["peer-1b"] = again
    table.deliver(again.join(table.room))
    assert again.seat == 1 and table.room.status(1) == "joined"
    assert again.last_view() is not None and again.last_view()["ply"] == ply


def test_nobody_takes_a_seat_that_is_taken() -> None:
    table = Table("checks", "human:Ann,friend")
    table.add("peer-1", "Bo")
    stranger = table.add("peer-2", "Eve")
    # A newcomer to a full room is told it is full (it may watch), never that the room closed.
    assert stranger.seat == -1 and stranger.received[-1] == {"type": "full", "started": False}
    forger = Guest("peer-3", "Eve")
    forger.token = "token-99"
    table.guests["peer-3"] = forger
    table.deliver(forger.join(table.room))
    assert forger.seat == -1 and forger.received[-1]["type"] == "closed"
    assert table.room.friends[1].connection == "peer-1"


def bo_to_play() -> tuple[Table, Guest, dict[str, Any]]:
    """Checkmate: Bo, a friend, holds seat 0 and opens; Ann is at the host's device. The table,
    Bo's device and the view it has, with its legal actions."""
    table = Table("checkmate", "friend,human:Ann")
    bo = table.add("peer-0", "Bo")
    table.deliver(table.room.start())
    table.run()
    view = bo.last_view()
    assert view is not None and view["legal"]
    return table, bo, view


def test_forged_and_stale_messages_change_nothing() -> None:
    table, bo, view = bo_to_play()
    assert view is not None and view["legal"]
    ply, state = table.flow.ply, table.flow.state
    garbage = ["not json", "[1, 2]", '{"type": "teleport"}', '{"type": "act", "ply": "0", "action": "7C"}',
               '{"type": "act", "ply": true, "action": "7C"}', encode({"type": "view", "game": "x", "seat": 0, "ply": 0,
                                                                       "view": {}, "legal": []})]
    for text in garbage:
        assert table.room.receive("peer-0", text) == []
    assert table.room.receive("peer-9", encode(act_message(ply, view["legal"][0]))) == []  # holds no seat
    # A seated device asking for another seat (a token it guessed) is ignored, and keeps its own.
    assert table.room.receive("peer-0", encode({"type": "join", "name": "Eve", "token": "token-9"})) == []
    assert table.room.friends[0].connection == "peer-0" and table.room.status(0) == "joined"
    answers = table.room.receive("peer-0", encode(act_message(ply - 1 if ply else ply + 5, view["legal"][0])))
    assert [m["type"] for _, m in answers] == ["refused"] and answers[0][1]["refusal"]["kind"] == "stale"
    answers = table.room.receive("peer-0", encode(act_message(ply, "draw 40")))
    assert [m["type"] for _, m in answers] == ["refused"]
    # A guest acts only for its own seat: Ann's seat (1) is not to be played from peer-0.
    assert table.flow.state is state and table.flow.ply == ply
    assert len(table.room.warnings) >= len(garbage) + 3


def test_the_lobby_gives_an_open_seat_to_a_bot_and_starts_only_when_everyone_is_in() -> None:
    table = Table("checkmate", "human:Ann,friend,friend")
    table.add("peer-1", "Bo")
    with pytest.raises(ValueError, match="still open"):
        table.room.start()
    table.deliver(table.room.give_to_bot(2, "easy"))
    assert table.room.status(2) == "bot" and table.flow.seats[2].is_bot
    table.deliver(table.room.start())
    assert table.room.started and table.flow.seats[1].name == "Bo"
    assert table.guests["peer-1"].last_view() is not None


def test_messages_are_checked_for_their_shape() -> None:
    assert decode('{"type": "act", "ply": 3, "action": "7C"}') == {"type": "act", "ply": 3, "action": "7C"}
    for text, why in [("nope", "not JSON"), ("3", "JSON object"), ('{"type": 1}', "unknown message type"),
                      ('{"type": "join"}', "field 'name'")]:
        with pytest.raises(ProtocolError, match=why):
            decode(text)


def test_a_guests_flow_reads_the_hosts_views_into_the_engines_actions() -> None:
    table, bo, view = bo_to_play()
    assert bo.flow is not None and view is not None
    assert [str(action) for action in bo.flow.legal_actions(0)] == view["legal"]
    assert bo.flow.legal_actions(1) == () and bo.flow.to_act() == tuple(view["view"]["to_act"])
    assert bo.flow.view(None) == view["view"] and bo.flow.ply == view["ply"]
    with pytest.raises(IllegalAction, match="this device plays seat 0"):
        bo.flow.act(1, "7C")
    with pytest.raises(IllegalAction, match="must play it rather than draw"):
        bo.flow.act(0, "draw 30")  # refused on the guest's device, with the rules' reason: nothing is sent
    assert bo.outbox == []
    # Sent anyway (another client), the host refuses it with its engine's reason.
    table.deliver(table.room.receive("peer-0", encode(act_message(view["ply"], "draw 30"))))
    # The reason is said to the guest as "you", as its table says its own refusals.
    # It came as data (no sentence of the host's language): the guest's device says it.
    said = refusal(bo.flow.returned, Phrasing(["Bo", "Ann"], 0, str), 0)
    assert said.startswith("You hold a playable card") and "seat" not in said, said
    assert table.flow.ply == view["ply"]


def test_play_routes_take_friend_seats_and_a_broker() -> None:
    setup = parse_play("checkmate", [("seats", "human:Ann,friend,bot:easy"), ("broker", "http://127.0.0.1:9000/")],
                       [], (2, 4), ["random", "easy"])
    assert [seat.kind for seat in setup.seats] == ["human", "friend", "bot"] and setup.has_friends
    assert setup.broker == "http://127.0.0.1:9000/"
    again = parse_play("checkmate", parse_hash(setup.to_hash()).query, [], (2, 4), ["random", "easy"])
    assert again.seats == setup.seats and again.broker == setup.broker
    for bad in ("ftp://x/", "127.0.0.1:9000", "http://:9000/", "http://h:port/"):
        with pytest.raises(RouteError, match="broker"):
            parse_play("checks", [("broker", bad)], [], (2, 2), ["random"])


def test_room_codes_are_five_characters_without_look_alikes() -> None:
    codes = {new_room_code(random.Random(seed)) for seed in range(200)}
    assert all(len(code) == 5 and not set(code) & set("01IOLSZ258BUV") for code in codes)
    assert room_code(" k7q-xm ") == "K7QXM"
    for bad in ("K7QX", "K7QXMM", "K5QXM", "<b>x"):
        with pytest.raises(RouteError, match="not a room code"):
            room_code(bad)


def test_a_reloaded_host_opens_the_same_room_and_tokens_take_their_seats_back() -> None:
    table = Table("checks", "human:Ann,friend")
    bo = table.add("peer-1", "Bo")
    table.deliver(table.room.start())
    kept = table.room.data()
    assert kept == {"code": "K7QXM", "broker": "", "started": True, "deals": [],
                    "friends": [{"seat": 1, "name": "Bo", "token": bo.token}]}
    saved = replace(table.flow.saved(), id="game-1")
    assert saved.room == kept and SavedGame.from_json(saved.to_json()).room == kept
    # The host's page reloads: a new flow from the saved game, the room from what it kept.
    flow = new_flow(saved.setup(), FakeTimers(), saved=SavedGame.from_json(saved.to_json()))
    room = HostRoom.reopened(flow, lambda: "token-new")
    assert room is not None and room.code == "K7QXM" and room.started and room.status(1) == "away"
    back = room.receive("peer-9", encode({"type": "join", "name": "Someone", "token": bo.token}))
    assert back[0][1]["type"] == "welcome" and back[0][1]["seat"] == 1 and room.status(1) == "joined"
    assert any(message["type"] == "view" for _, message in back)


def test_an_away_friends_seat_goes_to_a_bot_that_plays_on() -> None:
    table = Table("checks", "human:Ann,friend")
    table.add("peer-1", "Bo")
    table.deliver(table.room.start())
    with pytest.raises(ValueError, match="away friend"):
        table.room.give_to_bot(1, "easy")  # Bo is here: nobody takes their seat
    table.deliver(table.room.lost("peer-1"))
    table.timers.advance(61_000)
    assert table.room.away(table.timers.now) == [(1, 61_000)]
    table.room.give_to_bot(1, "easy")
    assert table.flow.seats[1].is_bot and 1 not in table.room.friends
    table.play_out((0,))
    assert table.flow.state.is_over()


def test_a_guest_counts_down_the_hosts_window_less_half_its_round_trip() -> None:
    table = Table("check", "human:Ann,friend", match_seconds=3)
    bo = table.add("peer-1", "Bo")
    assert bo.flow is not None
    bo.flow.timers = table.timers
    bo.flow.ping()
    table.timers.advance(80)  # the answer comes back 80 ms later
    table.deliver(table.room.receive("peer-1", encode(bo.outbox.pop())))
    assert bo.flow.rtt_ms == 80
    table.deliver(table.room.start())
    for _ in range(400):  # play until a matching window opens on the host's clock
        if table.flow.countdown is not None and table.flow.countdown.kind == "clock":
            break
        seat = next((s for s in table.flow.to_act() if s == 0 and table.flow.legal_actions(0)), None)
        if seat is not None:
            table.flow.act(0, table.flow.legal_actions(0)[0])
            table.deliver(table.room.updates())
        elif bo.flow.legal_actions(1) and bo.flow.ply == table.flow.ply:
            bo.flow.act(1, bo.flow.legal_actions(1)[0])
            table.deliver(table.room.receive("peer-1", encode(bo.outbox.pop())))
        else:
            table.run()
    clocks = [m for m in bo.received if m["type"] == "clock" and m["kind"]]
    assert clocks and clocks[-1]["left_ms"] == 3000
    assert bo.flow.countdown_left_ms() == 3000 - 40
    table.timers.advance(1000)
    assert bo.flow.countdown_left_ms() == 2000 - 40


def test_play_again_deals_a_new_game_for_the_same_friends() -> None:
    table = Table("checks", "human:Ann,friend")
    bo = table.add("peer-1", "Bo")
    table.deliver(table.room.start())
    table.play_out((0,))
    assert bo.flow is not None and bo.flow.final is not None
    table.flow = table.room.flow = new_flow(replace(table.flow.setup, seed=99), table.timers)
    table.flow.room = table.room.data()
    table.deliver(table.room.rematch())
    assert bo.flow.final is None and bo.flow.ply == 0 and bo.last_view()["view"]["result"] is None
    assert table.room.status(1) == "joined"


def test_a_device_keeps_the_tickets_of_the_rooms_it_joined() -> None:
    from ui.kit.web_storage import MemoryStorage
    from ui.storage.saves import Store

    now = [0.0]
    store = Store(MemoryStorage(), clock=lambda: now[0])
    store.keep_ticket("K7QXM", {"game": "checks", "seat": 1, "name": "Bo", "token": "t1", "broker": ""})
    now[0] = 5.0
    store.keep_ticket("ACDEF", {"game": "check", "seat": 2, "name": "Bo", "token": "t2", "broker": ""})
    assert [code for code, _ in store.tickets()] == ["ACDEF", "K7QXM"]
    assert store.ticket("K7QXM")["token"] == "t1"  # type: ignore[index]
    store.storage.setItem("five-checks:room:BROKE", "not json")
    assert store.ticket("BROKE") is None and len(store.tickets()) == 2
    store.drop_ticket("K7QXM")
    assert store.ticket("K7QXM") is None


def test_a_routes_broker_becomes_the_setting_rooms_open_on() -> None:
    from ui.kit import settings
    from ui.kit.web_storage import MemoryStorage
    from ui.navigation import keep_broker

    settings._STORAGE[:] = [MemoryStorage()]  # the page's storage, in memory
    try:
        keep_broker(parse_hash("#/?broker=http://192.168.1.20:9000/"))
        assert settings.read()["broker"] == "http://192.168.1.20:9000/"
        keep_broker(parse_hash("#/checks?broker=ftp://nope/"))  # refused: the setting stays
        assert settings.read()["broker"] == "http://192.168.1.20:9000/"
    finally:
        settings._STORAGE.clear()
