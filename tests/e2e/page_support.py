"""What the browser tests share besides the fixtures of ``conftest.py``: viewports, selectors of
the table contract (DESIGN: ``data-over``, ``data-action``, ``data-pick``), and the loop that
plays a game to its end through the page.

Imported as ``from page_support import ...`` (pytest puts this folder on ``sys.path``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

OpenApp = Callable[..., Page]
Shot = Callable[[Page, str], Path]

PHONE = {"width": 360, "height": 740}
TABLE = "[data-testid=table]"
OVER = '[data-testid=table][data-over="1"]'
RESULT = "[data-testid=result]"
ACTION = "button[data-action]"
PASS = "[data-testid=pass-done]"
NEXT_GAME = "[data-action=next-game]"

#: True once the page waits for a person (an action, a pick, the pass-the-device screen) or the
#: game is over: bots move on their own, so this is the moment a test may act again.
SETTLED = """() => !!(document.querySelector('[data-testid=table][data-over="1"]')
                     || document.querySelector('button[data-action], button[data-pick]')
                     || document.querySelector('[data-testid=pass-done]'))"""


def settle(page: Page, timeout_ms: int = 90_000) -> None:
    """Wait until a person may act or the game is over (see ``SETTLED``)."""
    page.wait_for_function(SETTLED, timeout=timeout_ms)


def overflow(page: Page) -> int:
    """How many CSS pixels the page is wider than its viewport (0: no sideways scrolling)."""
    return page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth")


def play_out(page: Page, take_turn: Callable[[Page], str], *, max_turns: int = 400,
             timeout_ms: int = 90_000) -> list[str]:
    """Play until the table is over: each time the page settles, pass the device if it asks,
    else let ``take_turn`` act (it returns what it did, for the failure message and the test)."""
    done: list[str] = []
    for _ in range(max_turns):
        settle(page, timeout_ms)
        if page.locator(OVER).count():
            return done
        if page.locator(PASS).count():
            page.locator(PASS).click()
            done.append("pass")
            continue
        done.append(take_turn(page))
    raise AssertionError(f"no end after {max_turns} turns: {done[-20:]}")


def first_action(page: Page) -> str:
    """A turn that clicks the first offered action."""
    button = page.locator(ACTION).first
    action = button.get_attribute("data-action") or ""
    button.click()
    return action
