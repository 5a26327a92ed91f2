"""The embed API: a page on another origin frames a game with ``embed=1`` and follows it.

The host is ``docs/embed-example.html`` itself (the page the README points to), served from a
second local port so the frame is cross-origin, as on a real site. It records every message the
frame posts in ``window.received``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import FrameLocator, Page, expect

from page_support import TABLE, served

#: The app embedded in a frame (embedding is read at boot): a cold page each.
pytestmark = pytest.mark.cold

ROOT = Path(__file__).resolve().parents[2]

BOTS_GAME = "#/checks/play?seats=bot:easy,bot:easy&seed=2&delay=0&embed=1"


@pytest.fixture(scope="module")
def host_url() -> Iterator[str]:
    """Another origin (another port) serving the example host page."""
    with served(ROOT) as url:
        yield url


def received(page: Page, kind: str | None = None) -> list[dict[str, Any]]:
    messages = page.evaluate("() => window.received")
    return [message for message in messages if kind is None or message["type"] == kind]


def embed(page: Page, host_url: str, base_url: str, route: str) -> FrameLocator:
    page.goto(f"{host_url}docs/embed-example.html?app={quote(base_url + 'index.html')}&route={quote(route)}")
    return page.frame_locator("#game")


def test_the_host_follows_a_whole_game_and_starts_another(page: Page, host_url: str, base_url: str) -> None:
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    frame = embed(page, host_url, base_url, BOTS_GAME)
    page.wait_for_function("() => window.received.some(m => m.type === 'game-over')", timeout=120_000)

    # Ready once, naming the screen it shows: the new game, saved under its id.
    [ready] = received(page, "ready")
    assert ready["route"].startswith("#/checks/play?id=") and "embed" not in ready["route"]
    sizes = received(page, "resize")
    assert sizes and all(message["height"] > 200 for message in sizes)
    # The host sized its frame to the content: no scrolling inside it.
    assert page.locator("#game").evaluate("el => el.clientHeight") == sizes[-1]["height"]
    app = next(f for f in page.frames if f.url.startswith(base_url))
    assert app.evaluate("() => document.documentElement.scrollHeight <= innerHeight")

    moves = received(page, "move")
    ply = int(frame.locator(TABLE).get_attribute("data-ply") or "0")
    assert [message["ply"] for message in moves] == list(range(1, ply + 1))
    saved = {message["id"] for message in moves}
    assert saved == {ready["route"].split("id=")[1]} and all(message["game"] == "checks" for message in moves)
    assert {message["seat"] for message in moves} == {0, 1}
    assert all(isinstance(message["action"], str) and message["action"] for message in moves)
    [over] = received(page, "game-over")
    assert over["game"] == "checks" and over["id"] in saved
    assert len(over["result"]["scores"]) == 2 and over["result"]["reason"]
    expect(frame.locator(f"{TABLE}[data-over='1'] [data-testid=result]")).to_be_visible()
    # Alone in its frame: a small link to the same game on the full site, in a new tab.
    link = frame.locator("#full-site")
    expect(link).to_be_visible()
    href = link.get_attribute("href") or ""
    assert href.startswith(base_url) and "#/checks/play?id=" in href and "embed" not in href

    # A message from a window that is not the frame's parent is ignored (with a warning).
    page.evaluate("""() => {
        const other = document.createElement('iframe');
        other.srcdoc = `<script>parent.frames[0].postMessage({source: 'five-checks', type: 'new-game',
                        route: '#/checkmate/play?seats=human,bot'}, '*')<\\/script>`;
        document.body.append(other);
    }""")
    # So is a message from the parent that is not one the app obeys.
    page.evaluate("() => frames[0].postMessage({source: 'five-checks', type: 'surrender'}, '*')")
    expect(page.locator("iframe")).to_have_count(2)
    page.wait_for_function("() => true")
    expect(frame.locator(f"{TABLE}[data-game=checks]")).to_be_visible()
    assert any("other than the parent" in text for text in warnings), warnings
    assert any("unknown type 'surrender'" in text for text in warnings), warnings

    # The host's own button: a new game in the same frame, still embedded.
    page.locator("#new-game").click()
    expect(frame.locator(f"{TABLE}[data-game=chess-cards]")).to_be_visible()
    assert "embed=1" in app.url and "#/chess-cards/play?id=" in app.url
    expect(frame.locator("#full-site")).to_be_visible()
