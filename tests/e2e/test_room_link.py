"""The link between devices (``pwa/room-link.mjs``: PeerJS data channels, the project's broker)
in real pages, one browser context per device.

No Python boots here: each device is a plain file at the root of the served site (``LINK_PAGE``,
shown as text) in which ``./pwa/room-link.mjs`` is imported as the app imports it, and which
records every callback in ``window.events``: ``["status", state, detail]``, ``["connected",
connId]``, ``["message", connId, text]`` on the host and ``["message", text]`` on a guest,
``["closed", connId]``. The suite's guard holds as everywhere: a console error or a request
leaving 127.0.0.1 fails the test (PeerJS is silent, ``debug: 0``); the tests that take the
broker away accept Chromium's "WebSocket connection ... failed" errors for it by name, and only
those.
"""

from __future__ import annotations

import contextlib
import json
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from page_support import PageGuard, accept_broker_outage
from tools.broker import Broker, free_port

#: Pages routed by the test, a crashed tab, the broker's outages: cold pages.
pytestmark = pytest.mark.cold

#: A page of the site's origin at its root, that runs no script of its own. Not a page answered
#: by ``page.route``: Chromium counts a response made up by the test as coming from the public
#: internet, and its Local Network Access checks then refuse the page a WebSocket to the broker
#: on 127.0.0.1 (net::ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS).
LINK_PAGE = "pyproject.toml"
WAIT_MS = 20_000

SETUP = """async () => {
  window.link = await import("./pwa/room-link.mjs");
  window.events = [];
  window.recorder = () => ({
    status: (state, detail) => events.push(["status", state, detail]),
    connected: (id) => events.push(["connected", id]),
    message: (...args) => events.push(["message", ...args]),
    closed: (id) => events.push(["closed", id]),
  });
}"""
OPEN = """async ([code, broker, extra]) => {
  window.room = await link.openRoom(code, {broker, iceServers: [], ...extra}, recorder());
}"""
JOIN = """([code, broker, extra]) => {
  window.guest = link.joinRoom(code, {broker, iceServers: [], ...extra}, recorder());
}"""

Device = Callable[[], Page]


def code() -> str:
    """A room code of its own for each test (they share one broker)."""
    return "t" + uuid.uuid4().hex[:8]


def load(page: Page, base_url: str) -> Page:
    page.goto(base_url + LINK_PAGE)
    page.evaluate(SETUP)
    return page


@pytest.fixture
def device(new_context: Callable[..., BrowserContext], base_url: str) -> Device:
    """A new device: its own browser context, on the link page with the module imported."""
    def make() -> Page:
        return load(new_context().new_page(), base_url)
    return make


def events(page: Page) -> list[list[Any]]:
    return page.evaluate("events")


def statuses(page: Page) -> list[str]:
    return [event[1] for event in events(page) if event[0] == "status"]


def wait_for(page: Page, predicate: str, timeout_ms: int = WAIT_MS) -> None:
    """Wait until ``predicate`` (JS over ``events``) holds; the events so far on failure."""
    try:
        page.wait_for_function(f"() => {predicate}", timeout=timeout_ms)
    except Exception as exc:
        exc.add_note(f"events: {json.dumps(events(page))[:3000]}")
        raise


def wait_status(page: Page, state: str, after: int = 0) -> None:
    wait_for(page, f"events.slice({after}).some(e => e[0] === 'status' && e[1] === {json.dumps(state)})")


def open_room(page: Page, room: str, broker: str, **extra: Any) -> None:
    page.evaluate(OPEN, [room, broker, extra])


def join(page: Page, room: str, broker: str, **extra: Any) -> None:
    page.evaluate(JOIN, [room, broker, extra])


def connected_ids(page: Page) -> list[str]:
    return [event[1] for event in events(page) if event[0] == "connected"]


def next_connection(host: Page, known: int) -> str:
    """The id of the host's next guest connection (after ``known`` of them)."""
    wait_for(host, f"events.filter(e => e[0] === 'connected').length > {known}")
    return connected_ids(host)[known]


def host_messages(host: Page, conn_id: str) -> list[str]:
    return [event[2] for event in events(host) if event[0] == "message" and event[1] == conn_id]


def guest_messages(guest: Page) -> list[str]:
    return [event[1] for event in events(guest) if event[0] == "message"]


def round_trip(host: Page, guest: Page, conn_id: str, text: str) -> None:
    """``text`` from the guest to the host and back: both ends hear it."""
    before_host, before_guest = len(host_messages(host, conn_id)), len(guest_messages(guest))
    assert guest.evaluate("text => guest.send(text)", text) is True
    wait_for(host, f"events.filter(e => e[0] === 'message' && e[1] === {json.dumps(conn_id)}).length > {before_host}")
    assert host_messages(host, conn_id)[-1] == text
    assert host.evaluate("([id, text]) => room.send(id, text)", [conn_id, text]) is True
    wait_for(guest, f"events.filter(e => e[0] === 'message').length > {before_guest}")
    assert guest_messages(guest)[-1] == text


# ----------------------------------------------------------------------------- in one page


def test_broker_options_and_the_qr_code(device: Device) -> None:
    page = device()
    options = page.evaluate("""() => ["", undefined, null, "http://127.0.0.1:9000/", "https://x.example/peer/",
                                      "https://x.example/peer", "http://192.168.1.20:9000",
                                      "HTTPS://Broker.Example:8443/a/b/"].map(link.brokerOptions)""")
    assert options == [
        {}, {}, {},
        {"host": "127.0.0.1", "port": 9000, "path": "/", "secure": False},
        {"host": "x.example", "port": 443, "path": "/peer/", "secure": True},
        {"host": "x.example", "port": 443, "path": "/peer/", "secure": True},
        {"host": "192.168.1.20", "port": 9000, "path": "/", "secure": False},
        {"host": "broker.example", "port": 8443, "path": "/a/b/", "secure": True},
    ]
    refused = page.evaluate("""() => ["ftp://x.example/", "ws://127.0.0.1:9000/", "127.0.0.1:9000", "not a url"]
        .map(url => { try { link.brokerOptions(url); return null; } catch (e) { return e.message; } })""")
    assert all(message and "broker address" in message for message in refused), refused
    # The QR code: an SVG image, square, with a white quiet zone, larger for longer text.
    qr = page.evaluate("""async () => {
        const measure = async (text) => {
          const url = link.qrDataUrl(text);
          const img = new Image();
          img.src = url;
          await img.decode();
          const canvas = document.createElement("canvas");
          canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
          const ctx = canvas.getContext("2d");
          ctx.drawImage(img, 0, 0);
          const px = (x, y) => Array.from(ctx.getImageData(x, y, 1, 1).data);
          return {url: url.slice(0, 30), width: img.naturalWidth, height: img.naturalHeight,
                  corner: px(2, 2), finder: px(16 + 2, 16 + 2)};
        };
        return [await measure("http://192.168.1.20:8000/#/join/abcd?broker=http://192.168.1.20:9000/"),
                await measure("x"), await measure("Zoë ♠ 日本")];
    }""")
    long, short, unicode = qr
    assert long["url"].startswith("data:image/svg+xml")
    for image in qr:
        assert image["width"] == image["height"] > 0
        assert image["corner"] == [255, 255, 255, 255]  # the quiet zone
        assert image["finder"][:3] == [0, 0, 0]  # the finder pattern starts right after it
    assert long["width"] > short["width"]
    assert unicode["width"] >= short["width"]


def test_a_bad_broker_address_fails_at_once(device: Device, page_guard: PageGuard) -> None:
    page = device()
    join(page, code(), "ftp://127.0.0.1:9000/")
    wait_status(page, "failed")
    (_, state, detail), = events(page)
    assert state == "failed" and "http" in detail
    assert page.evaluate("guest.send('{}')") is False
    refusal = page.evaluate("""async () => {
        try { await link.openRoom("abc", {broker: "not a url", iceServers: null}, recorder()); return null; }
        catch (e) { return e.message; }
    }""")
    assert refusal and "not a url" in refusal
    assert events(page)[-1][:2] == ["status", "failed"]
    assert not [url for url in page_guard.requests if "peerjs" in url], "nothing asked of any broker"


# ----------------------------------------------------------------------------- host and guests


def test_text_goes_both_ways_in_order(device: Device, broker: str) -> None:
    room = code()
    host, guest = device(), device()
    open_room(host, room, broker)
    assert statuses(host) == ["open"]
    join(guest, room, broker)
    wait_status(guest, "connected")
    assert statuses(guest) == ["connecting", "connected"]
    conn_id = next_connection(host, 0)
    assert isinstance(conn_id, str) and conn_id

    sent = [json.dumps({"type": "act", "ply": n, "action": "draw 3"}) for n in range(40)]
    sent.insert(7, json.dumps({"type": "chat", "text": "x" * 20_000}))  # 20 KB in one message
    sent.insert(20, json.dumps({"type": "chat", "text": "Zoë ♠♥♦♣ 日本語 🂡 \u2028 \"quoted\""},
                               ensure_ascii=False))
    assert guest.evaluate("texts => texts.map(t => guest.send(t))", sent) == [True] * len(sent)
    wait_for(host, f"events.filter(e => e[0] === 'message').length >= {len(sent)}")
    assert host_messages(host, conn_id) == sent

    replies = [json.dumps({"type": "view", "ply": n, "view": {"hand": ["AS", "10H"], "n": "é" * n}})
               for n in range(40)]
    assert host.evaluate("([id, texts]) => texts.map(t => room.send(id, t))", [conn_id, replies]) == [True] * 40
    wait_for(guest, "events.filter(e => e[0] === 'message').length >= 40")
    assert guest_messages(guest) == replies
    assert host.evaluate("room.send('no-such-connection', '{}')") is False
    # More than a channel takes (Chromium: 256 KiB) is refused with a warning, and the channel lives on.
    assert guest.evaluate("guest.send('x'.repeat(300000))") is False
    assert host.evaluate("id => room.send(id, 'é'.repeat(200000))", conn_id) is False
    round_trip(host, guest, conn_id, '{"type": "still here"}')


def linked(device: Device, broker: str) -> tuple[str, Page, Page, str]:
    """A room with a guest connected, a message gone both ways: its code, the host, the guest
    and the guest's connection id on the host."""
    room = code()
    host, guest = device(), device()
    open_room(host, room, broker)
    join(guest, room, broker)
    wait_status(guest, "connected")
    first = next_connection(host, 0)
    round_trip(host, guest, first, '{"type": "hello"}')
    return room, host, guest, first


def test_a_guest_that_reloads_rejoins(device: Device, broker: str, base_url: str) -> None:
    room, host, guest, first = linked(device, broker)

    guest.reload()
    load(guest, base_url)
    join(guest, room, broker)
    second = next_connection(host, 1)
    assert second != first
    wait_for(host, f"events.some(e => e[0] === 'closed' && e[1] === {json.dumps(first)})")
    order = [event[:2] for event in events(host) if event[0] in ("closed", "connected")]
    assert order.index(["closed", first]) < order.index(["connected", second]), order
    assert host.evaluate("id => room.send(id, '{}')", first) is False
    round_trip(host, guest, second, '{"type": "again"}')


def test_a_host_that_reloads_gets_its_guest_back(device: Device, broker: str, base_url: str) -> None:
    room, host, guest, _ = linked(device, broker)
    seen = len(events(guest))

    host.reload()  # the room's page comes back and opens the same code again
    load(host, base_url)
    open_room(host, room, broker)
    assert statuses(host) == ["open"]
    again = next_connection(host, 0)
    wait_status(guest, "connected", after=seen)
    after = [event[1] for event in events(guest)[seen:] if event[0] == "status"]
    assert after[-1] == "connected" and set(after[:-1]) <= {"reconnecting", "unreachable"} and after[:-1], after
    round_trip(host, guest, again, '{"type": "after"}')


def test_a_second_guest_has_a_channel_of_its_own(device: Device, broker: str) -> None:
    room = code()
    host, ann, bo = device(), device(), device()
    open_room(host, room, broker)
    # Ann's status callback throws every time: a warning, and the link goes on.
    ann.evaluate("""([code, broker]) => {
        const on = recorder();
        const status = on.status;
        on.status = (...args) => { status(...args); throw new Error("a callback that fails"); };
        window.guest = link.joinRoom(code, {broker, iceServers: []}, on);
    }""", [room, broker])
    ann_id = next_connection(host, 0)
    # Bo's settings and callbacks are Maps (as Pyodide may hand a dict over), with the default
    # STUN server (unreachable here: on one network the devices need none).
    bo.evaluate("""([code, broker]) => {
        window.guest = link.joinRoom(code, new Map([["broker", broker], ["iceServers", null]]),
                                     new Map(Object.entries(recorder())));
    }""", [room, broker])
    bo_id = next_connection(host, 1)
    wait_status(ann, "connected")
    assert ann_id != bo_id
    round_trip(host, ann, ann_id, '{"to": "ann"}')
    round_trip(host, bo, bo_id, '{"to": "bo"}')
    assert guest_messages(ann) == ['{"to": "ann"}'] and guest_messages(bo) == ['{"to": "bo"}']
    assert host_messages(host, ann_id) == ['{"to": "ann"}'] and host_messages(host, bo_id) == ['{"to": "bo"}']

    # The host drops Ann: she hears the channel close and keeps trying; Bo is untouched.
    seen = len(events(ann))
    host.evaluate("id => room.drop(id)", ann_id)
    wait_status(ann, "reconnecting", after=seen)
    assert ["closed", ann_id] in events(host)
    round_trip(host, bo, bo_id, '{"still": "bo"}')
    # A guest that closes is gone for the host.
    bo.evaluate("guest.close()")
    wait_for(host, f"events.some(e => e[0] === 'closed' && e[1] === {json.dumps(bo_id)})")
    assert bo.evaluate("guest.send('{}')") is False


def crash(page: Page, guard: PageGuard) -> None:
    """The renderer of ``page`` dies: its device vanishes without closing anything, as a phone
    that loses its network or is switched off."""
    # The crash event may come after the navigation has failed: wait for it.
    with page.expect_event("crash", timeout=10_000), contextlib.suppress(PlaywrightError):
        page.goto("chrome://crash", timeout=5_000)
    assert guard.crashes, "the page did not crash"
    guard.crashes.clear()


def test_a_device_that_vanishes_is_noticed(device: Device, broker: str, page_guard: PageGuard) -> None:
    """No close ever comes from a device that vanishes: the other end sees its connection's ICE
    state turn "disconnected" within seconds and treats the channel as closed. Two rooms at once:
    in one the guest vanishes (its host says "closed"), in the other the host does (its guest
    says "reconnecting")."""
    rooms = code(), code()
    hosts, guests = (device(), device()), (device(), device())
    for host, guest, room in zip(hosts, guests, rooms, strict=True):
        open_room(host, room, broker)
        join(guest, room, broker)
        wait_status(guest, "connected")
    gone_guest = next_connection(hosts[0], 0)
    seen = len(events(guests[1]))
    crash(guests[0], page_guard)
    crash(hosts[1], page_guard)
    wait_for(hosts[0], f"events.some(e => e[0] === 'closed' && e[1] === {json.dumps(gone_guest)})")
    wait_status(guests[1], "reconnecting", after=seen)


def test_a_room_nobody_opened_is_unreachable_until_it_opens(device: Device, broker: str) -> None:
    room = code()
    guest = device()
    join(guest, room, broker)
    assert guest.evaluate("guest.send('{}')") is False
    wait_status(guest, "unreachable")
    assert statuses(guest)[0] == "connecting"
    assert "connected" not in statuses(guest)
    # Still trying: once a host opens the room, the guest is in.
    host = device()
    open_room(host, room, broker)
    wait_status(guest, "connected")
    round_trip(host, guest, next_connection(host, 0), '{"type": "late"}')


def test_a_room_code_in_use_fails_after_the_wait(device: Device, broker: str) -> None:
    room = code()
    first, second = device(), device()
    open_room(first, room, broker)
    refusal = second.evaluate("""async ([code, broker]) => {
        try { await link.openRoom(code, {broker, iceServers: [], takenWaitMs: 1500}, recorder()); return null; }
        catch (e) { return e.message; }
    }""", [room, broker])
    assert refusal and f"room code {room} is in use" in refusal
    assert statuses(second) == ["failed"]


def test_a_broker_that_cannot_be_reached_fails_the_room(device: Device, page_guard: PageGuard) -> None:
    nowhere = f"http://127.0.0.1:{free_port()}/"
    host = device()
    refusal = host.evaluate("""async ([code, broker]) => {
        try { await link.openRoom(code, {broker, iceServers: []}, recorder()); return null; }
        catch (e) { return e.message; }
    }""", [code(), nowhere])
    assert refusal == f"the broker at {nowhere} cannot be reached"
    assert statuses(host) == ["failed"]
    accept_broker_outage(page_guard, nowhere)


def test_the_room_outlives_its_broker(device: Device, page_guard: PageGuard) -> None:
    """The broker goes away: the channel already open keeps working and the host says
    "broker-lost"; the broker comes back on the same port: the room is open there again and a
    new guest gets in."""
    own = Broker("127.0.0.1", 0, expire_ms=2000).start()
    try:
        room = code()
        host, guest = device(), device()
        open_room(host, room, own.url)
        join(guest, room, own.url)
        conn_id = next_connection(host, 0)
        wait_status(guest, "connected")
        seen = len(events(host))

        own.stop()
        wait_status(host, "broker-lost", after=seen)
        round_trip(host, guest, conn_id, '{"type": "no broker needed"}')
        assert statuses(guest) == ["connecting", "connected"]

        own.start()
        wait_status(host, "open", after=seen)
        late = device()
        join(late, room, own.url)
        round_trip(host, late, next_connection(host, 1), '{"type": "late"}')
        accept_broker_outage(page_guard, own.url)
    finally:
        own.stop()
