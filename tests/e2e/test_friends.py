"""Friends on their own devices: one browser context per new_device, the project's broker on
127.0.0.1 (``broker`` fixture), WebRTC data channels between the contexts.

Every guest page records each text that reached it over its data channels (an init script,
``tools.browser.DATA_CHANNEL_TAP``: no hook in the app). At the end, each ``view`` a guest received is checked
against the host's record replayed in CPython: it is exactly ``view(seat)`` after that ply, so no
hidden card reached a guest.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from engine import Record, State
from page_support import ACTION, OVER, READY, RESULT, TABLE, Device, OpenApp, Shot, ply, stored
from tools.browser import play_until_over

#: Several devices, each its own context, and reloads of a room: cold pages.
pytestmark = pytest.mark.cold

LOBBY = "[data-testid=lobby]"
CONNECTED = '[data-testid=connection][data-state="connected"]'
#: How long a step waits for the other device (a WebRTC round trip, a page's redraw).
WAIT_MS = 30_000


def host_room(page: Page, open_app: OpenApp, game: str, seats: str, broker: str, extra: str = "") -> str:
    """The host opens a room for ``seats``; returns the invite link once the room is open."""
    open_app(page, f"#/{game}/play?seats={seats}&seed=5&delay=0&broker={broker}{extra}")
    expect(page.locator(LOBBY)).to_be_visible()
    expect(page.locator(f"{LOBBY} {CONNECTED}")).to_have_count(1, timeout=WAIT_MS)
    code = page.locator("[data-testid=room-code]").inner_text()
    assert re.fullmatch(r"[34679ACDEFGHJKMNPQRTWXY]{5}", code), code
    link = page.locator("[data-testid=invite-link]").get_attribute("href") or ""
    assert link.endswith(f"#/join/{code}?broker={broker}"), link
    expect(page.locator("[data-testid=invite-qr]")).to_have_attribute("src", re.compile(r"^data:image/"))
    return link


def join(page: Page, link: str, name: str) -> None:
    page.goto(link, wait_until="domcontentloaded")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.fill("input[name=name]", name)
    page.click("button[data-cmd=join]")
    expect(page.locator("[data-testid=join-lobby]")).to_be_visible(timeout=WAIT_MS)


def seat_status(host: Page, seat: int) -> Any:
    return host.locator(f'[data-testid=seat][data-seat="{seat}"]')


PICK = "button[data-pick]"


def press(button: Any) -> None:
    """Click ``button``; where a neighbour overlaps it (Checkmate's fanned stockpile), the click
    goes to the button itself."""
    try:
        button.click(timeout=1000)
    except PlaywrightTimeout:
        button.dispatch_event("click", timeout=1000)


#: What a page offers now, in one call: whether its game is over, how many actions and picks it
#: offers, and its table's ply.
LOOK = f"""() => {{
  const table = document.querySelector('[data-testid=table]');
  return [!!document.querySelector('{OVER}'), document.querySelectorAll('{ACTION}').length,
          document.querySelectorAll('{PICK}').length, Number(table?.dataset.ply ?? -1)];
}}"""


def act_somewhere(pages: list[Page]) -> bool:
    """On the first page where a person may act, click the first action offered (picking the
    first thing to pick first, where the action needs a pick: a card, a checker), and wait until
    that page has moved on; False when no page offers anything now."""
    for page in pages:
        over, actions, picks, before = page.evaluate(LOOK)
        if over or not (actions or picks):
            continue
        try:
            if not actions:
                press(page.locator(PICK).first)
                page.locator(ACTION).first.wait_for(state="attached", timeout=5000)
            press(page.locator(ACTION).first)
        except PlaywrightTimeout:
            continue  # redrawn meanwhile, or the turn passed: look again
        page.wait_for_function(
            "before => { const t = document.querySelector('[data-testid=table]');"
            " return t && (t.dataset.over === '1' || Number(t.dataset.ply) !== before); }",
            arg=before, timeout=WAIT_MS)
        return True
    return False


#: A person at this page may act, or its game is over.
TURN_OR_END = ("() => !!(document.querySelector('[data-testid=table][data-over=\"1\"]')"
               " || document.querySelector('button[data-action], button[data-pick]'))")


def wait_for_a_turn(pages: list[Page], timeout_ms: int = WAIT_MS) -> None:
    """Wait until some page whose game goes on offers an action or shows the end (a bot, the
    clock or the other device is to move meanwhile)."""
    going = [page for page in pages if not page.locator(OVER).count()]
    if not going:
        return  # every game ended since the caller last looked
    for _ in range(timeout_ms // (250 * max(1, len(going)))):
        for page in going:
            try:
                page.wait_for_function(TURN_OR_END, timeout=250)
                return
            except PlaywrightTimeout:
                continue
    raise AssertionError("no page offers an action: " + " | ".join(p.locator(TABLE).inner_text()[:300] for p in pages))


def play_together(pages: list[Page], max_turns: int = 600) -> None:
    """Every person at every device plays its first legal action until all tables are over."""
    play_until_over(pages, over=lambda page: bool(page.locator(OVER).count()), act=lambda: act_somewhere(pages),
                    wait=lambda: wait_for_a_turn(pages), patience=20, max_turns=max_turns)


def wire(page: Page) -> list[dict[str, Any]]:
    """Every message that reached ``page`` over its data channels, in order."""
    return [json.loads(text) for _, text in page.evaluate("window.__wire.recv")]


def finished_record(host: Page) -> Record:
    done = stored(host, "five-checks:done:")
    assert len(done) == 1, list(done)
    return Record.from_json(json.dumps(json.loads(next(iter(done.values())))["record"]))


def assert_views_are_the_seats_own(record: Record, guest: Page, seat: int) -> int:
    """Each ``view`` the guest received is ``view(seat)`` after that ply of the host's record,
    and its ``legal`` that seat's legal actions then; returns how many were checked."""
    states: list[State] = record.states()
    checked = 0
    for message in wire(guest):
        if message["type"] != "view":
            continue
        state = states[message["ply"]]
        assert message["seat"] == seat
        assert message["view"] == json.loads(json.dumps(state.view(seat)))
        legal = state.legal_actions(seat) if seat in state.to_act() else ()
        assert message["legal"] == [str(action) for action in legal]
        checked += 1
    return checked


GAMES_FOR_TWO = [
    ("checks", "human:Ann,friend", ""),
    ("checkmate", "human:Ann,friend", ""),
    ("private-checkers", "friend,human:Ann", ""),
    ("chess-cards", "friend,human:Ann", "&match=0"),
    ("check", "human:Ann,friend", "&match_seconds=3"),
]


@pytest.mark.parametrize(("game", "seats", "extra"), GAMES_FOR_TWO, ids=[g for g, _, _ in GAMES_FOR_TWO])
def test_a_host_and_a_friend_play_to_the_end(new_device: Device, open_app: OpenApp, broker: str, shot: Shot,
                                             game: str, seats: str, extra: str) -> None:
    host, guest = new_device(), new_device()
    link = host_room(host, open_app, game, seats, broker, extra)
    friend_seat = seats.split(",").index("friend")
    expect(seat_status(host, friend_seat)).to_have_attribute("data-status", "open")
    expect(host.locator("button[data-cmd=start]")).to_be_disabled()
    join(guest, link, "Bo")
    expect(seat_status(host, friend_seat)).to_have_attribute("data-status", "joined", timeout=WAIT_MS)
    host.click("button[data-cmd=start]")
    for page in (host, guest):
        expect(page.locator(TABLE)).to_be_visible(timeout=WAIT_MS)
        expect(page.locator(CONNECTED)).to_have_count(1)
    if game == "checks":
        shot(host, "friends-host-table")
        shot(guest, "friends-guest-table")
    play_together([host, guest])
    # Both tables say the same: the winner, the headline and every score.
    result = host.locator(RESULT).first
    expect(guest.locator(RESULT).first).to_have_attribute("data-winner", result.get_attribute("data-winner") or "")
    # Each device says it from its own side: "You win" on the winner's, the winner's name on the other's.
    winner = result.get_attribute("data-winner") or ""
    host_seat = 1 - friend_seat
    if winner in (str(friend_seat), str(host_seat)):
        here, there = (guest, host) if winner == str(friend_seat) else (host, guest)
        expect(here.locator(f"{RESULT} h2").first).to_have_text(re.compile(r"^You win"))
        expect(there.locator(f"{RESULT} h2").first).to_have_text(
            re.compile("^" + ("Bo" if here is guest else "Ann") + " wins"))
    else:
        expect(guest.locator(f"{RESULT} h2").first).to_have_text(host.locator(f"{RESULT} h2").first.text_content()
                                                                 or "")
    assert ply(guest) == ply(host)
    record = finished_record(host)
    assert assert_views_are_the_seats_own(record, guest, friend_seat) >= 2
    # The finished game is in the guest's history too, the host's record move for move.
    expect(guest.locator(RESULT)).to_be_visible()
    assert finished_record(guest).to_json() == record.to_json()
    # The record reaches the guest once the game is over, and never before.
    messages = wire(guest)
    kinds = [m["type"] for m in messages]
    assert "record" in kinds and all(k != "record" for k in kinds[: kinds.index("record")])
    assert all("seed" not in m and "deck" not in m for m in messages[: kinds.index("record")])



def start_room(new_device: Device, open_app: OpenApp, broker: str, game: str, seats: str,
               extra: str = "") -> tuple[Page, list[Page]]:
    """A host and one device per friend seat (named Bo, Cy, ...), all joined and started."""
    host = new_device()
    link = host_room(host, open_app, game, seats, broker, extra)
    friends = [seat for seat, kind in enumerate(seats.split(",")) if kind == "friend"]
    guests = []
    for seat, name in zip(friends, ("Bo", "Cy", "Di"), strict=False):
        guest = new_device()
        join(guest, link, name)
        expect(seat_status(host, seat)).to_have_attribute("data-status", "joined", timeout=WAIT_MS)
        guests.append(guest)
    host.click("button[data-cmd=start]")
    for page in (host, *guests):
        expect(page.locator(TABLE)).to_be_visible(timeout=WAIT_MS)
    return host, guests


def same_ply(host: Page, guest: Page) -> None:
    expect(guest.locator(TABLE)).to_have_attribute("data-ply", str(ply(host)), timeout=WAIT_MS)


@pytest.mark.parametrize("game", ["checkmate", "check"])
def test_two_friends_and_a_bot_play_with_the_host(new_device: Device, open_app: OpenApp, broker: str,
                                                  game: str) -> None:
    seats = "human:Ann,friend,bot:easy,friend"
    host, guests = start_room(new_device, open_app, broker, game, seats, "&match_seconds=3" if game == "check" else "")
    play_together([host, *guests])
    record = finished_record(host)
    for guest, seat in zip(guests, (1, 3), strict=True):
        expect(guest.locator(RESULT).first).to_have_attribute(
            "data-winner", host.locator(RESULT).first.get_attribute("data-winner") or "")
        assert assert_views_are_the_seats_own(record, guest, seat) >= 2


def play_a_while(pages: list[Page], turns: int) -> None:
    for _ in range(turns):
        if not act_somewhere(pages):
            wait_for_a_turn(pages)


def test_a_guest_that_reloads_comes_back_to_its_seat_and_plays_on(new_device: Device, open_app: OpenApp,
                                                                   broker: str) -> None:
    host, (guest,) = start_room(new_device, open_app, broker, "checks", "human:Ann,friend")
    play_a_while([host, guest], 6)
    same_ply(host, guest)
    guest.reload(wait_until="domcontentloaded")
    guest.wait_for_selector(READY, state="attached", timeout=60_000)
    # Its token, kept on the device, takes the seat back: no name asked, the same position.
    expect(guest.locator(TABLE)).to_be_visible(timeout=WAIT_MS)
    same_ply(host, guest)
    expect(seat_status_on_table(host)).to_have_count(0, timeout=WAIT_MS)  # nobody is away
    play_together([host, guest])
    assert assert_views_are_the_seats_own(finished_record(host), guest, 1) >= 2


def seat_status_on_table(page: Page) -> Any:
    return page.locator("[data-testid=away]")


def test_the_host_reloads_and_the_guest_reconnects_by_itself(new_device: Device, open_app: OpenApp,
                                                             broker: str) -> None:
    host, (guest,) = start_room(new_device, open_app, broker, "checkmate", "human:Ann,friend")
    play_a_while([host, guest], 4)
    same_ply(host, guest)
    at = ply(host)
    host.reload(wait_until="domcontentloaded")
    host.wait_for_selector(READY, state="attached", timeout=60_000)
    expect(host.locator(TABLE)).to_have_attribute("data-ply", str(at))
    expect(host.locator(CONNECTED)).to_have_count(1, timeout=WAIT_MS)
    # The guest saw the host go and come back, and is connected again without a click.
    expect(guest.locator(CONNECTED)).to_have_count(1, timeout=WAIT_MS)
    expect(host.locator("[data-testid=away]")).to_have_count(0, timeout=WAIT_MS)
    play_together([host, guest])
    assert assert_views_are_the_seats_own(finished_record(host), guest, 1) >= 2


def send_raw(guest: Page, text: str) -> None:
    guest.evaluate("text => window.__wire.channels.filter(c => c.readyState === 'open').at(-1).send(text)", text)


def test_forged_messages_change_nothing_and_chat_is_text(new_device: Device, open_app: OpenApp, broker: str) -> None:
    host, (guest,) = start_room(new_device, open_app, broker, "checks", "human:Ann,friend")
    play_a_while([host, guest], 2)
    same_ply(host, guest)
    at = ply(host)
    moves = host.locator("[data-testid=moves]").inner_text()
    forged = ["not json", "[1, 2]", '{"type": "teleport"}', '{"type": "act", "ply": "x", "action": "cash 1"}',
              json.dumps({"type": "view", "game": "checks", "seat": 0, "ply": at, "view": {}, "legal": []}),
              json.dumps({"type": "act", "ply": at - 1, "action": "cash 1"}),
              json.dumps({"type": "act", "ply": at, "action": "QS>9"}),
              json.dumps({"type": "join", "name": "Eve", "token": "stolen"})]
    for text in forged:
        send_raw(guest, text)
    send_raw(guest, json.dumps({"type": "chat", "text": "<img src=x onerror=alert(1)> hello"}))
    host.locator("[data-testid=chat] summary").click()
    expect(host.locator("[data-testid=chat-lines]")).to_contain_text("<img src=x onerror=alert(1)> hello",
                                                                      timeout=WAIT_MS)
    assert host.locator("[data-testid=chat-lines] img").count() == 0
    assert ply(host) == at and host.locator("[data-testid=moves]").inner_text() == moves
    same_ply(host, guest)
    refusals = [m for m in wire(guest) if m["type"] == "refused"]
    # A refusal travels as data (its kind, the rules' reason as template id and parts): each device
    # says it in its own language; ``reason`` is the engine's text, for developers.
    assert len(refusals) >= 2 and refusals[0]["refusal"]["kind"] == "stale"
    assert refusals[1]["refusal"]["kind"] == "rules", refusals[1]  # a forged notation: the rules refuse it
    # The game goes on as if nothing had been sent: both devices play on, move for move.
    play_a_while([host, guest], 6)
    same_ply(host, guest)
    assert ply(host) > at


def test_check_a_late_attempt_in_a_matching_window_is_refused(new_device: Device, open_app: OpenApp,
                                                              broker: str) -> None:
    host, (guest,) = start_room(new_device, open_app, broker, "check", "human:Ann,friend", "&match_seconds=3")
    window = '[data-testid=table][data-phase="matching"]'
    late: tuple[int, str] | None = None
    for _ in range(200):
        offered = guest.locator(f"{window} button[data-action]")
        if offered.count():
            actions = [offered.nth(i).get_attribute("data-action") or "" for i in range(offered.count())]
            late = (ply(guest), next((a for a in actions if a != "pass"), actions[0]))
            break
        if not act_somewhere([page for page in (host, guest) if not page.locator(window).count()]):
            wait_for_a_turn([host, guest])
    assert late is not None, "no matching window reached the guest"
    # The window closes on the host's clock; then the guest's attempt arrives, too late.
    guest.wait_for_function("p => Number(document.querySelector('[data-testid=table]').dataset.ply) > p",
                            arg=late[0], timeout=WAIT_MS)
    at = ply(host)
    send_raw(guest, json.dumps({"type": "act", "ply": late[0], "action": late[1]}))
    expect(guest.locator(TABLE)).to_contain_text("Too late", timeout=WAIT_MS)
    assert ply(host) == at
