"""An evening with friends on their own devices, in CPython (the browser's half is
tests/e2e/test_friends_evening.py): every device reads the game from its
own side, a room joined by a typed code, watchers, a host that goes quiet or is gone, and a room
that keeps score across deals.

The host's room (``HostRoom``) and the guests' flows are those of ``test_friends_room``'s
``Table``; a guest's side (``GuestSide``) runs over a fake link and fake timers; the tables are
drawn in CPython from the guests' flows (``render`` gives the DOM kit's nodes, read with
``text_of``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from fake_page import Page, opened
from test_friends_room import Guest, Table, assert_views_are_the_seats_own
from ui.app.routes import RouteError, room_code
from ui.friends.joining import HOST_AWAY_MS, HOST_GONE_MS, PING_MS, GuestSide
from ui.friends.protocol import decode, encode
from ui.friends.room import HOST_NAME, SILENT_MS
from ui.kit import settings
from ui.kit.dom import Node, text_of
from ui.kit.web_storage import MemoryStorage
from ui.navigation import table_class
from ui.storage.saves import Store
from ui.tables import parts

#: The page the guests' tables draw into (``fake_page``), fresh for each test.
PAGES: list[Page] = []


@pytest.fixture(autouse=True)
def page() -> Iterator[Page]:
    """A page in CPython (``fake_page``): the tables draw into it as the flow's events come;
    the settings in memory, fresh for each test."""
    for page in opened():
        settings._STORAGE[:] = [MemoryStorage()]
        PAGES[:] = [page]
        yield page


class QuietRoom:
    """A guest's room as its table sees it, with nothing of its own to draw (the words under
    test are the table's; ``ui.friends.joining.GuestSide`` draws the room's)."""

    def lobby(self) -> None:
        return None

    def strip(self) -> None:
        return None

    def after_game(self) -> None:
        return None

    def command(self, command: str, element: Any) -> bool:
        return False

    def field(self, element: Any) -> bool:
        return False

    def dispose(self) -> None:
        return None


def guest_table(table: Table, guest: Guest) -> Any:
    """The table a guest's device draws, over its flow (into an element of its own)."""
    assert guest.flow is not None
    root = PAGES[0].document.createElement("main")
    PAGES[0].document.body.append(root)
    drawn = table_class(guest.flow.game.id)(root, lambda _: None, guest.flow.setup, flow=guest.flow)
    drawn.timers = table.timers
    drawn.room = QuietRoom()
    return drawn


def words(nodes: list[Node] | Node) -> str:
    return " ".join(text_of(nodes).split())


#: The attributes a person reads (a screen reader, a tooltip).
READ_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")


def all_text(nodes: Any) -> list[str]:
    """Every text of a node tree and every attribute a person may read (a screen reader)."""
    found: list[str] = []

    def gather(item: Any) -> None:
        if isinstance(item, Node):
            found.extend(str(item.attrs[name]) for name in READ_ATTRIBUTES if isinstance(item.attrs.get(name), str))
            for child in item.children:
                gather(child)
        elif isinstance(item, list | tuple):
            for child in item:
                gather(child)
        elif item is not None:
            found.append(str(item))

    gather(nodes)
    return found


# -- names: everyone from their own side ---------------------------------------------------


def test_a_host_without_a_name_is_never_you_to_the_others() -> None:
    table = Table("checks", "human:You,friend")
    gina = table.add("peer-1", "Gina")
    welcome = next(m for m in gina.received if m["type"] == "welcome")
    assert welcome["names"] == [HOST_NAME, "Gina"]
    table.deliver(table.room.rename(0, "  Hana  "))
    assert gina.received[-1]["type"] == "lobby" and gina.received[-1]["seats"][0]["name"] == "Hana"
    table.deliver(table.room.start())
    assert table.flow.seats[0].name == "Hana"  # the host's saved game keeps it too
    assert table.room.name(0) == "Hana"


def test_a_host_that_starts_without_typing_a_name_is_the_host_to_the_others() -> None:
    table = Table("checkmate", "human:You,friend")
    bo = table.add("peer-1", "Bo")
    table.deliver(table.room.start())
    table.run()
    assert table.flow.seats[0].name == HOST_NAME
    assert all("You" not in json.dumps(m.get("names", [])) for m in bo.received)


@pytest.mark.parametrize(("game", "seats"), [
    ("checks", "human:Hana,friend"),
    ("checkmate", "human:Hana,friend"),
    ("private-checkers", "human:Hana,friend"),
    ("chess-cards", "human:Hana,friend"),
    ("check", "human:Hana,friend"),
])
def test_a_friends_device_phrases_every_word_from_its_own_side(game: str, seats: str) -> None:
    """At the start, on the host's turn and at the end, a friend's table calls the friend "you"
    and the host by name: never "You wins", never "Gina's" for the friend's own things, never
    "You to play" when the host is to act."""
    table = Table(game, seats)
    gina = table.add("peer-1", "Gina")
    table.deliver(table.room.start())
    table.run()
    drawn = guest_table(table, gina)
    seen_host_turn = False
    for _ in range(3000):
        table.run()
        texts = all_text(drawn.render())
        text = " ".join(texts)
        assert "Gina" not in text, text  # the friend's own name: "you" on its own screen
        assert not re.search(r"\bYou (wins|plays|has|is|draws|takes|passes)\b", text), text
        assert not re.search(r"\bYou’s|\bYou's", text), text
        state = table.flow.state
        if state.is_over():
            break
        if table.flow.paused:  # between the games of a match: the host deals the next
            table.flow.deal_next()
            table.deliver(table.room.updates())
        elif 0 in state.to_act():
            if 1 not in state.to_act():
                seen_host_turn = True
                assert "You to play" not in text and not parts.tab_title(drawn).startswith("Your turn"), text
            seat = 0
            table.flow.act(seat, table.flow.legal_actions(seat)[0])
            table.deliver(table.room.updates())
        elif gina.flow is not None and gina.flow.legal_actions(1) and gina.flow.ply == table.flow.ply:
            assert parts.tab_title(drawn).startswith("Your turn")
            gina.flow.act(1, gina.flow.legal_actions(1)[0])
            table.deliver(table.room.receive(gina.connection, encode(gina.outbox.pop())))
    assert table.flow.state.is_over() and seen_host_turn
    result = words(drawn.render())
    assert "Hana" in result and ("You win" in result or "Hana wins" in result or "draw" in result.lower()), result


def test_the_losers_end_reason_at_check_reads_from_their_own_side() -> None:
    """Check!'s end reason names every total: the friend's own is "you", the host's by name."""
    table = Table("check", "human:Hana,friend")
    gina = table.add("peer-1", "Gina")
    table.deliver(table.room.start())
    table.play_out((0,))
    text = words(guest_table(table, gina).render())
    assert "you " in text and "Hana" in text and "Gina" not in text and "You has" not in text, text


# -- joining ---------------------------------------------------------------------------------


def test_a_typed_code_forgives_case_spaces_dashes_and_look_alikes() -> None:
    assert room_code(" k7q-xm ") == "K7QXM"
    assert room_code("k7 qx m") == "K7QXM"
    assert room_code("K7QX0") == "K7QXD"  # a round letter read as the code's D
    assert room_code("ｋ７ｑｘｍ") == "K7QXM"  # full-width, as some phone keyboards type
    assert room_code("К7QХМ") == "K7QXM"  # Cyrillic capitals that look Latin
    with pytest.raises(RouteError, match="has no S"):
        room_code("K7QXS")
    with pytest.raises(RouteError, match="five letters and digits"):
        room_code("K7Q")
    with pytest.raises(RouteError, match="type the room code"):
        room_code("  ")


def test_a_device_learns_the_game_and_the_host_before_joining() -> None:
    table = Table("check", "human:Hana,friend,friend")
    table.guests["peer-9"] = Guest("peer-9", "Ida")
    table.deliver(table.room.receive("peer-9", encode({"type": "hello"})))
    info = table.guests["peer-9"].received[-1]
    assert info["type"] == "room" and info["game"] == "check" and info["host"] == "Hana"
    assert [entry["status"] for entry in info["seats"]] == ["here", "open", "open"] and not info["started"]
    assert table.room.friends[1].status == "open"  # asking takes no seat


def test_a_full_room_says_so_and_lets_the_newcomer_watch_the_spectators_view_only() -> None:
    table = Table("checkmate", "human:Hana,friend")
    table.add("peer-1", "Bo")
    table.deliver(table.room.start())
    eve = Guest("peer-2", "Eve")
    table.guests["peer-2"] = eve
    table.deliver(eve.join(table.room))
    assert eve.received[-1] == {"type": "full", "started": True}
    table.deliver(table.room.receive("peer-2", encode({"type": "watch", "name": "Eve"})))
    assert eve.seat is None and eve.flow is not None and eve.flow.people == ()
    assert any(m["type"] == "lobby" and m["watchers"] == ["Eve"] for m in table.guests["peer-1"].received)
    # A watcher's act changes nothing and is refused with a warning.
    ply = table.flow.ply
    legal = table.flow.legal_actions(table.flow.to_act()[0])
    table.deliver(table.room.receive("peer-2", encode({"type": "act", "ply": ply, "action": str(legal[0])})))
    assert table.flow.ply == ply and "watcher" in table.room.warnings[-1]
    table.play_out((0,))
    views = [m for m in eve.received if m["type"] == "view"]
    assert len(views) > 3
    states = table.flow.record().states()
    for message in views:
        assert message["seat"] is None and message["legal"] == []
        assert message["view"] == json.loads(json.dumps(states[message["ply"]].view(None)))
    assert assert_views_are_the_seats_own(table) > 0


# -- presence -------------------------------------------------------------------------------


def test_a_silent_friend_is_away_until_heard_again() -> None:
    table = Table("checks", "human:Hana,friend")
    bo = table.add("peer-1", "Bo")
    table.timers.advance(SILENT_MS - 1)
    assert table.room.tick(table.timers.now_ms()) == [] and table.room.status(1) == "joined"
    table.timers.advance(1)
    out = table.room.tick(table.timers.now_ms())
    assert table.room.status(1) == "away" and out and out[0][1]["type"] == "lobby"
    table.deliver(out)
    table.deliver(table.room.receive("peer-1", encode({"type": "ping", "t": 1})))
    assert table.room.status(1) == "joined" and bo.received[-1]["type"] == "lobby"


class FakeLink:
    """The guest's link to the host, as the test drives it: what the page's glue would report."""

    made: list[FakeLink] = []

    def __init__(self, code: str, broker: str, on_status: Callable[[str, str], None],
                 on_message: Callable[[str], None]) -> None:
        self.on_status, self.on_message = on_status, on_message
        self.sent: list[dict[str, Any]] = []
        self.closed = False
        FakeLink.made.append(self)

    def send(self, text: str) -> bool:
        self.sent.append(decode(text))
        return True

    def close(self) -> None:
        self.closed = True


class Device:
    """A friend's device: its ``GuestSide`` over a ``FakeLink``, wired to a host's ``Table``."""

    def __init__(self, table: Table, name: str, connection: str = "peer-1", *, joining: bool = True) -> None:
        self.table = table
        self.connection = connection
        self.store = Store(MemoryStorage())
        self.redraws = 0
        self.side = GuestSide("K7QXM", "", name, self.store, table.timers, self.redrawn, joining=joining,
                              link=FakeLink)
        self.link = FakeLink.made[-1]
        self.hears = True  # the host's page answers (False: asleep)

    def redrawn(self) -> None:
        self.redraws += 1

    def connect(self) -> None:
        self.link.on_status("connected", "")
        self.flush()

    def flush(self) -> None:
        """What the device sent goes to the host, and the host's answers come back."""
        while self.link.sent and self.hears:
            message = self.link.sent.pop(0)
            for connection, answer in self.table.room.receive(self.connection, encode(message)):
                if connection == self.connection:
                    self.link.on_message(encode(answer))

    def host_sends(self, out: list[Any]) -> None:
        for connection, message in out:
            if connection == self.connection:
                self.link.on_message(encode(message))

    def wait(self, ms: float) -> None:
        """Time passes on the device (its heartbeat goes out, and back while the host hears)."""
        step = 500.0
        for _ in range(int(ms // step)):
            self.table.timers.advance(step)
            self.flush()


def test_a_code_no_room_answers_is_told_and_the_link_stops() -> None:
    table = Table("checks", "human:Hana,friend")
    device = Device(table, "Gina")
    device.link.on_status("connecting", "looking")
    assert not device.side.no_room
    device.link.on_status("unreachable", "no room K7QXM")
    assert device.side.no_room and device.link.closed


def gina_at_hanas_table(game: str) -> tuple[Table, Device]:
    """Hana hosts ``game``; Gina's device has joined seat 1 and has the game's first view."""
    table = Table(game, "human:Hana,friend")
    device = Device(table, "Gina")
    device.connect()
    device.host_sends(table.room.start())
    device.host_sends(table.room.updates())
    assert device.side.state == "connected" and device.side.flow is not None and device.side.flow.seat == 1
    return table, device


def test_a_quiet_host_holds_the_countdown_and_a_move_waits_as_sent() -> None:
    table, device = gina_at_hanas_table("check")
    side = device.side
    assert side.flow is not None
    device.wait(HOST_AWAY_MS + PING_MS)
    assert side.state == "connected"  # pongs keep coming
    device.hears = False  # the host's page is paused: no pong comes back
    device.wait(HOST_AWAY_MS + PING_MS)
    assert side.state == "host-away" and side.flow.clock_held == "Hana"
    assert "Waiting for Hana’s device" in side.connection_text()
    legal = side.flow.legal_actions(1)
    assert legal  # Check! opens with each person's look at their bottom row: "ready"
    side.flow.act(1, legal[0])
    assert "is sent: waiting for Hana’s device" in words(side.waiting_line())
    side.table = SimpleNamespace(flow=side.flow)  # her table is drawn, as in a game
    drawn = device.redraws
    device.hears = True  # the host wakes: the move queued on the channel arrives, the pongs too
    device.wait(1000)
    assert side.state == "connected" and side.flow.clock_held == ""
    # Her badge says so at once, not at the game's next change (a heartbeat alone redraws).
    assert device.redraws > drawn
    device.host_sends(table.room.updates())
    assert side.flow.pending == ""


def test_a_host_gone_for_good_leaves_a_read_only_table_and_the_seat_to_come_back_to() -> None:
    table, device = gina_at_hanas_table("checks")
    side = device.side
    assert side.flow is not None
    device.link.on_status("reconnecting", "the connection closed")
    assert side.state == "reconnecting"
    table.timers.advance(HOST_GONE_MS)
    assert side.state == "host-gone" and side.flow.stopped
    assert side.flow.legal_actions(1) == () and side.flow.person_to_act() is None
    assert side.flow.view(1)["to_act"] == []  # every table draws nobody to act
    panel = words(side.gone_panel())
    assert "Hana can open the room again" in panel and "Leave the room" in panel
    assert device.store.ticket("K7QXM") is not None
    side.command("leave-room", None)
    assert device.store.ticket("K7QXM") is not None  # Continue brings the friend back later
    device.link.on_status("connected", "")  # the host reopened the room
    assert side.state == "connected" and not side.flow.stopped


# -- a room for the evening ------------------------------------------------------------------


def test_the_room_keeps_score_across_deals_and_every_device_is_told() -> None:
    from dataclasses import replace

    from ui.tables.game_flows import new_flow

    table = Table("checks", "human:Hana,friend")
    bo = table.add("peer-1", "Bo")
    table.deliver(table.room.start())
    table.play_out((0,))
    first = table.flow.state.result()
    standings = [m for m in bo.received if m["type"] == "standings"]
    assert len(standings) == 1 and standings[0]["deals"] == 1
    assert [row["total"] for row in standings[0]["rows"]] == list(first.scores)
    table.flow = table.room.flow = new_flow(replace(table.flow.setup, seed=99), table.timers)
    table.flow.room = table.room.data()
    table.deliver(table.room.rematch())
    table.play_out((0,))
    second = table.flow.state.result()
    last = [m for m in bo.received if m["type"] == "standings"][-1]
    assert last["deals"] == 2
    for row in last["rows"]:
        seat = row["seat"]
        assert row["total"] == first.scores[seat] + second.scores[seat]
        assert row["wins"] == (seat in first.winners) + (seat in second.winners)
    assert table.room.data()["deals"] == table.room.deals  # kept with the host's saved game


def test_a_change_of_game_keeps_the_people_that_fit_and_the_others_watch() -> None:
    from ui.app.play_setup import SeatSpec
    from ui.friends.room import seats_for

    hana, bo, cy, di = (SeatSpec("human", "Hana"), SeatSpec("friend", "Bo"), SeatSpec("friend", "Cy"),
                        SeatSpec("friend", "Di"))
    easy = SeatSpec("bot", "Bot (easy)", "easy")
    seats, places = seats_for("checks", (bo, hana, easy, cy))
    assert [spec.name for spec in seats] == ["Hana", "Bo"] and places == {1: 0, 0: 1}
    seats, places = seats_for("check", (hana, bo, cy, di))
    assert seats == (hana, bo, cy, di) and places == {0: 0, 1: 1, 2: 2, 3: 3}
    seats, places = seats_for("chess-cards", (hana,))
    assert seats[0] == hana and seats[1].is_bot and places == {0: 0}
    # A level the new game lacks becomes the new game's default.
    seats, _ = seats_for("checks", (hana, SeatSpec("bot", "Bot (medium)", "medium")))
    assert seats[1].is_bot and seats[1].level in ("easy", "hard")


def test_the_room_deals_another_game_and_the_standings_follow_each_person() -> None:
    from dataclasses import replace

    from ui.friends.room import seats_for
    from ui.tables.game_flows import new_flow

    table = Table("checkmate", "human:Hana,friend,friend")
    bo, cy = table.add("peer-1", "Bo"), table.add("peer-2", "Cy")
    table.deliver(table.room.start())
    table.play_out((0,))
    first = table.flow.state.result()
    assert first is not None
    seats, places = seats_for("chess-cards", table.flow.seats)
    assert places == {0: 0, 1: 1}  # Cy has no seat at a two-seat game: Cy watches
    table.flow = new_flow(replace(table.flow.setup, game_id="chess-cards", seats=seats, options={}), table.timers)
    table.deliver(table.room.reseat(table.flow, places))
    assert bo.received[-1]["type"] in ("view", "standings", "clock")
    welcome = [m for m in cy.received if m["type"] == "welcome"][-1]
    assert welcome["game"] == "chess-cards" and welcome["seat"] is None
    assert any(m["type"] == "view" and m["game"] == "chess-cards" and m["seat"] is None for m in cy.received)
    rows = {row["name"]: row for row in table.room.standings()["rows"]}
    assert rows["Cy"]["seat"] is None and rows["Bo"]["seat"] == 1
    assert rows["Cy"]["wins"] == (2 in first.winners)
    assert all(row["total"] is None for row in rows.values())  # no running total across games


def test_after_a_change_of_game_each_welcome_comes_before_its_view() -> None:
    """A device drops a view of a game it has not been welcomed to: each welcome must come
    before that device's first view of the new game."""
    from dataclasses import replace

    from ui.friends.room import seats_for
    from ui.tables.game_flows import new_flow

    table = Table("checks", "human:Hana,friend")
    table.add("peer-1", "Gina")
    table.guests["peer-2"] = Guest("peer-2", "Ida")
    table.deliver(table.room.receive("peer-2", encode({"type": "watch", "name": "Ida"})))
    table.deliver(table.room.start())
    table.play_out((0,))
    seats, places = seats_for("checkmate", table.flow.seats)
    table.flow = new_flow(replace(table.flow.setup, game_id="checkmate", seats=seats, options={}), table.timers)
    out = table.room.reseat(table.flow, places)
    for connection in ("peer-1", "peer-2"):
        kinds = [(m["type"], m.get("game")) for c, m in out if c == connection and m["type"] in ("welcome", "view")]
        first_welcome = kinds.index(("welcome", "checkmate"))
        assert ("view", "checkmate") in kinds[first_welcome:], (connection, kinds)


def test_a_watcher_takes_a_seat_that_a_bigger_game_adds() -> None:
    from dataclasses import replace

    from ui.friends.room import seats_for
    from ui.tables.game_flows import new_flow

    table = Table("checks", "human:Hana,friend")
    table.add("peer-1", "Gina")
    ida = Guest("peer-2", "Ida")
    table.guests["peer-2"] = ida
    table.deliver(table.room.receive("peer-2", encode({"type": "watch", "name": "Ida"})))
    table.deliver(table.room.start())
    table.play_out((0,))
    seats, places = seats_for("checkmate", table.flow.seats, ("Ida",))
    assert [(spec.kind, spec.name) for spec in seats] == [("human", "Hana"), ("friend", "Gina"), ("friend", "Ida")]
    table.flow = new_flow(replace(table.flow.setup, game_id="checkmate", seats=seats, options={}), table.timers)
    out = table.room.reseat(table.flow, places)
    kinds = [(m["type"], m.get("seat")) for connection, m in out if connection == "peer-2"]
    assert ("view", 2) in kinds[kinds.index(("welcome", 2)):], kinds
    table.deliver(out)
    assert ida.seat == 2 and ida.token and table.room.watchers == {}
    assert table.room.status(2) == "joined"
    table.play_out((0,))  # Ida plays her seat to the end
    final = table.flow.state
    last = ida.last_view()
    assert final.is_over() and last is not None and last["game"] == "checkmate" and last["seat"] == 2
    assert last["view"] == json.loads(json.dumps(final.view(2)))
