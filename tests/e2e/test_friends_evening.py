"""An evening with friends on their own devices, through the project's broker: a host who gives
a name in the lobby, a friend who types the room's code, a third device that finds the room full
and watches, standings across deals; a code with no room; a host that goes quiet (its page stopped
with CDP ``Debugger.pause``) and one that is gone; a room that cannot open, then can.

One browser context per device (``new_device``), each with its data channels tapped, as in
``test_friends.py``, whose helpers these tests share.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from page_support import (
    ACTION,
    OVER,
    READY,
    RESULT,
    TABLE,
    Device,
    OpenApp,
    PageGuard,
    Shot,
    accept_broker_outage,
    ply,
)
from test_friends import (
    CONNECTED,
    LOBBY,
    PICK,
    WAIT_MS,
    act_somewhere,
    finished_record,
    host_room,
    join,
    play_together,
    seat_status,
    wait_for_a_turn,
    wire,
)
from tools.broker import Broker, free_port
from ui.friends.joining import HOST_AWAY_MS, HOST_GONE_MS, PING_MS

#: Several devices, each its own context, init scripts on them: cold pages.
pytestmark = pytest.mark.cold

PHONE = {"width": 390, "height": 844}
STANDINGS = "[data-testid=standings]"
#: The Screen Wake Lock API, recorded: what the host's page asks of it and releases.
WAKE_LOCK_TAP = """
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {request: async (type) => {
  (window.__wakeLocks ||= []).push(type);
  return {released: false,
          async release() { this.released = true; window.__wakeReleased = (window.__wakeReleased || 0) + 1; }};
}}});
"""


def phone(new_device: Device) -> Page:
    """A friend's device: a phone-sized page."""
    page = new_device()
    page.set_viewport_size(PHONE)
    return page


def visible_text(page: Page) -> str:
    """What a person reads on the page, and what a screen reader reads of its labels."""
    return str(page.evaluate("""() => document.querySelector('#app').innerText + ' '
        + [...document.querySelectorAll('#app [aria-label]')].map(e => e.getAttribute('aria-label')).join(' ')
        + ' ' + document.title"""))


def test_an_evening_names_from_each_side_a_typed_code_a_watcher_and_standings(
        new_device: Device, open_app: OpenApp, broker: str, shot: Shot) -> None:
    host, gina, ida = new_device(), phone(new_device), phone(new_device)
    host.context.add_init_script(WAKE_LOCK_TAP)
    # The host opened the room without a name: the lobby asks for one, and friends read it.
    link = host_room(host, open_app, "checks", "human,friend", broker)
    code = host.locator("[data-testid=room-code]").inner_text()
    host.fill(f"{LOBBY} input[name=name]", "Hana")

    # Gina comes in from the gallery's "Join a friend's room" and types the code her way.
    open_app(gina, f"#/?broker={broker}")
    gina.click("[data-testid=join-room]")
    gina.fill("input[name=code]", f" {code[:2].lower()} {code[2:].lower()}-")
    gina.fill("input[name=name]", "Gina")
    gina.click("button[data-cmd=join]")
    expect(gina.locator("[data-testid=join-lobby]")).to_be_visible(timeout=WAIT_MS)
    expect(seat_status(host, 1)).to_have_attribute("data-status", "joined", timeout=WAIT_MS)
    assert f"#/join/{code}" in gina.url
    expect(gina.locator('[data-testid=seat][data-seat="0"]')).to_contain_text("Hana")
    expect(gina.locator('[data-testid=seat][data-seat="1"]')).to_contain_text("You")
    shot(gina, "evening-phone-friend-lobby")

    # A third device opens the invite: the join screen says what the room is, that it is full,
    # and offers to watch.
    ida.goto(link, wait_until="domcontentloaded")
    ida.wait_for_selector(READY, state="attached", timeout=60_000)
    expect(ida.locator("[data-testid=room-about]")).to_contain_text("Checks, hosted by Hana", timeout=WAIT_MS)
    expect(ida.locator("[data-testid=join-full]")).to_contain_text("full")
    assert ida.locator("button[data-cmd=join]").count() == 0
    shot(ida, "evening-phone-room-full")
    ida.fill("input[name=name]", "Ida")
    ida.click("button[data-cmd=watch]")
    expect(host.locator("[data-testid=watchers]")).to_contain_text("Ida", timeout=WAIT_MS)

    host.click("button[data-cmd=start]")
    for page in (host, gina, ida):
        expect(page.locator(TABLE)).to_be_visible(timeout=WAIT_MS)
    assert ida.locator(ACTION).count() == 0
    shot(gina, "evening-phone-friend-table")
    # The host's screen is kept awake while the game with friends is on.
    host.wait_for_function("() => (window.__wakeLocks || []).includes('screen')", timeout=WAIT_MS)
    play_together([host, gina])
    expect(ida.locator(OVER)).to_have_count(1, timeout=WAIT_MS)

    # Gina reads the game from her own side, on her table and in its labels.
    expect(gina.locator(RESULT).first).to_be_visible()
    said = visible_text(gina)
    assert "Gina" not in said and "Hana" in said, said
    assert not re.search(r"\bYou (wins|has|is)\b|\bYou’s\b|You to play", said), said
    headline = gina.locator(f"{RESULT} h2").first.inner_text()
    assert headline in ("You win.", "Hana wins.", "Draw."), headline
    assert host.locator(f"{RESULT} h2").first.inner_text() in ("You win.", "Gina wins.", "Draw.")
    shot(gina, "evening-phone-friend-result")

    host.wait_for_function("() => window.__wakeReleased >= 1", timeout=WAIT_MS)  # and no longer
    # The standings on every device; the watcher got the spectator's view only.
    for page in (host, gina, ida):
        expect(page.locator(STANDINGS)).to_contain_text("After 1 deal", timeout=WAIT_MS)
    record = finished_record(host)
    states = record.states()
    views = [message for message in wire(ida) if message["type"] == "view"]
    assert len(views) >= 2
    for message in views:
        assert message["seat"] is None and message["legal"] == []
        assert message["view"] == json.loads(json.dumps(states[message["ply"]].view(None)))

    # Play again, with another game: the same room and code, the same people, the chat and the
    # standings; the watcher takes the seat the bigger game adds.
    gina.locator("[data-testid=chat] summary").first.click()
    gina.fill("input[name=chat]", "checkmate next?")
    gina.click("button[data-cmd=chat]")
    host.select_option("select[name=game]", "checkmate")
    host.click("button[data-cmd=room-again]")
    for page in (host, gina, ida):
        expect(page.locator(f'{TABLE}[data-game="checkmate"]')).to_be_visible(timeout=WAIT_MS)
        expect(page.locator(STANDINGS)).to_contain_text("After 1 deal")
    expect(host.locator("[data-testid=watchers]")).to_have_count(0)
    expect(ida.locator('[data-testid=name-2]')).to_have_text("Your hand")
    expect(gina.locator('[data-testid=name-2]')).to_have_text("Ida")
    host.locator("[data-testid=chat] summary").first.click()
    expect(host.locator("[data-testid=chat-lines]")).to_contain_text("checkmate next?")
    play_together([host, gina, ida])
    for page in (host, gina, ida):
        expect(page.locator(STANDINGS)).to_contain_text("After 2 deals", timeout=WAIT_MS)


def test_a_code_with_no_room_is_told_within_15_s(new_device: Device, open_app: OpenApp, broker: str,
                                                 shot: Shot) -> None:
    page = phone(new_device)
    open_app(page, f"#/join/K7QXM?broker={broker}")
    error = page.locator("[data-testid=join-error]")
    expect(error).to_contain_text("No room answers to the code K7QXM", timeout=15_000)
    shot(page, "evening-phone-no-room")
    expect(page.locator("input[name=code]")).to_be_editable()
    expect(page.locator("a[href='#/']").first).to_be_visible()
    # A code with a character no code has says which.
    page.fill("input[name=code]", "K7QXS")
    page.click("button[data-cmd=join]")
    expect(error).to_contain_text("has no S")


def friends_table(new_device: Device, open_app: OpenApp, broker: str, game: str, extra: str = "") -> tuple[Page, Page]:
    """Hana hosts ``game`` with Gina on a phone; the game started. Gina's page runs on
    Playwright's clock (``Page.clock``): time flows as usual until a test moves it on."""
    host, gina = new_device(), phone(new_device)
    gina.clock.install()
    link = host_room(host, open_app, game, "human:Hana,friend", broker, extra)
    join(gina, link, "Gina")
    expect(seat_status(host, 1)).to_have_attribute("data-status", "joined", timeout=WAIT_MS)
    host.click("button[data-cmd=start]")
    for page in (host, gina):
        expect(page.locator(TABLE)).to_be_visible(timeout=WAIT_MS)
    return host, gina


def until_gina_acts(host: Page, gina: Page, selector: str = ACTION) -> None:
    """Play on (each device's first legal action) until Gina has ``selector`` to press."""
    for _ in range(200):
        if gina.locator(selector).count() and not gina.locator(OVER).count():
            return
        if not act_somewhere([host, gina]):
            wait_for_a_turn([host, gina])
    raise AssertionError("Gina never had anything to press")


def pause(page: Page) -> Any:
    """Stop ``page``'s JavaScript, as a phone does to a page whose screen locked; returns the CDP
    session that resumes it (``Debugger.resume``)."""
    session = page.context.new_cdp_session(page)
    session.send("Debugger.enable")
    session.send("Debugger.pause")
    return session


def unheard(gina: Page) -> None:
    """The host's page was stopped: Gina's clock moves on past the silence that makes a host
    "away", and her device says so."""
    gina.clock.fast_forward(HOST_AWAY_MS + PING_MS)
    expect(gina.locator('[data-testid=connection][data-state="host-away"]')).to_have_count(1, timeout=WAIT_MS)


def test_a_quiet_host_is_said_at_once_and_a_move_made_meanwhile_is_not_lost(
        new_device: Device, open_app: OpenApp, broker: str, shot: Shot) -> None:
    host, gina = friends_table(new_device, open_app, broker, "checks")
    until_gina_acts(host, gina, f"{ACTION}, {PICK}")
    at = ply(gina)
    session = pause(host)
    try:
        unheard(gina)
        expect(gina.locator("[data-testid=connection]")).to_contain_text("Waiting for Hana’s device")
        if not gina.locator(ACTION).count():
            gina.locator(PICK).first.click()  # a card, then the pile it goes on
        gina.locator(ACTION).first.click()
        expect(gina.locator("[data-testid=sent]")).to_contain_text("waiting for Hana’s device")
        shot(gina, "evening-phone-host-away")
        assert ply(gina) == at
    finally:
        session.send("Debugger.resume")
    expect(gina.locator(CONNECTED)).to_have_count(1, timeout=WAIT_MS)
    gina.wait_for_function("at => Number(document.querySelector('[data-testid=table]').dataset.ply) > at",
                           arg=at, timeout=WAIT_MS)
    assert ply(host) >= at + 1
    expect(gina.locator("[data-testid=sent]")).to_have_count(0)


def test_a_quiet_host_stops_check_s_countdown(new_device: Device, open_app: OpenApp, broker: str) -> None:
    host, gina = friends_table(new_device, open_app, broker, "check", "&match_seconds=15")
    window = '[data-testid=table][data-phase="matching"]'
    until_gina_acts(host, gina, f"{window} {ACTION}")
    session = pause(host)
    try:
        unheard(gina)
        countdown = gina.locator("[data-testid=countdown]")
        expect(countdown).to_contain_text("waiting for Hana’s device")
        held = countdown.inner_text()
        gina.wait_for_timeout(1500)
        assert countdown.inner_text() == held  # stopped, not counting into the void
    finally:
        session.send("Debugger.resume")
    expect(gina.locator(CONNECTED)).to_have_count(1, timeout=WAIT_MS)
    # The host's clock runs again: its window goes on, or has closed meanwhile.
    gina.wait_for_function("() => !(document.querySelector('[data-testid=countdown]')?.textContent || '')"
                           ".includes('waiting')", timeout=WAIT_MS)


def test_a_host_gone_for_good_leaves_a_read_only_table_and_a_way_out(
        new_device: Device, open_app: OpenApp, broker: str, shot: Shot) -> None:
    host, gina = friends_table(new_device, open_app, broker, "checkmate")
    until_gina_acts(host, gina, f"{ACTION}, {PICK}")
    assert gina.title().startswith("Your turn")
    host.context.close()  # the host's tab closed for good
    badge = gina.locator("[data-testid=connection]")
    expect(badge).to_have_attribute("data-state", "reconnecting", timeout=WAIT_MS)
    gina.clock.fast_forward(HOST_GONE_MS - 1000)  # not gone yet: a host may come back
    expect(badge).to_have_attribute("data-state", "reconnecting")
    gina.clock.fast_forward(1500)
    expect(badge).to_have_attribute("data-state", "host-gone", timeout=WAIT_MS)
    expect(gina.locator(f"{ACTION}, {PICK}")).to_have_count(0)
    assert not gina.title().startswith("Your turn")
    expect(gina.locator("[data-testid=host-gone]")).to_contain_text("Hana can open the room again")
    expect(gina.locator("[data-cmd=leave-room]").first).to_be_visible()
    shot(gina, "evening-phone-host-gone")


def test_a_room_that_cannot_open_offers_to_try_again(new_device: Device, open_app: OpenApp,
                                                     page_guard: PageGuard) -> None:
    own = Broker("127.0.0.1", free_port(), expire_ms=2000)
    try:
        host = new_device()
        open_app(host, f"#/checks/play?seats=human:Hana,friend&seed=5&delay=0&broker={own.url}")
        failed = host.locator('[data-testid=connection][data-state="failed"]')
        expect(failed).to_have_count(1, timeout=WAIT_MS)
        for hidden in ("room-code", "invite-link", "invite-qr"):
            expect(host.locator(f"[data-testid={hidden}]")).to_have_count(0)
        expect(host.locator("[data-testid=room-failed]")).to_contain_text("could not reach")
        assert "PeerJS" not in host.locator("[data-testid=room-failed] p[role=alert]").inner_text()
        own.start()
        host.click("button[data-cmd=retry]")
        expect(host.locator(f"{LOBBY} {CONNECTED}")).to_have_count(1, timeout=WAIT_MS)
        expect(host.locator("[data-testid=room-code]")).to_have_count(1)
        accept_broker_outage(page_guard, own.url)
    finally:
        own.stop()
