"""What every screen is: it draws itself into the app root and reacts to delegated events.

The app installs one click listener and one change listener on the root (``ui/main.py``) and
hands the element that was hit to the current screen. Delegation means re-rendering never has
to attach or free per-button proxies, and a screen that is gone can never be called again.
"""

from __future__ import annotations

from typing import Any, Callable

from ui.dom import Node, attr, h, mount, present
from ui.timers import Timers

#: The app's navigation, given to screens so they need not import the router (no cycles).
Navigate = Callable[[str], None]


class Screen:
    """Base class: ``render`` returns the nodes to show; events arrive already decoded."""

    title = "Five Checks"

    def __init__(self, root: Any, navigate: Navigate) -> None:
        self.root = root
        self.navigate = navigate
        self.timers = Timers(self.crashed)

    def render(self) -> list[Node]:
        raise NotImplementedError

    def show(self) -> None:
        """Draw the screen, keeping keyboard focus on the same control when it survives."""
        from pyscript import document

        focused = document.activeElement
        inside = present(focused) and bool(self.root.contains(focused))
        key = _focus_key(focused) if inside else ""
        mount(self.root, *self.render())
        if key:
            again = self.root.querySelector(key)
            if not present(again):
                # The control is gone (the card was played): a keyboard player goes on from
                # the first control that plays, rather than from the top of the page.
                again = self.root.querySelector("button[data-action], button[data-pick]")
            if present(again):
                again.focus()

    def start(self) -> None:
        """Called once after the first ``show`` (timers, bots)."""

    def on_click(self, element: Any) -> None:
        """A click on a ``button`` (or an element with ``data-cmd``) inside the root."""

    def on_change(self, element: Any) -> None:
        """A ``change``/``input`` event of a form control inside the root."""

    def on_key(self, key: str) -> bool:
        """A key pressed outside form fields (``event.key``); True if the screen used it."""
        return False

    def crashed(self, error: BaseException) -> None:
        """A bug in a timer callback: stop this screen and say so on the page (and console)."""
        import traceback

        from pyscript import window

        self.timers.clear()
        window.console.error("".join(traceback.format_exception(error)))
        mount(self.root, h("section", {"class": "page message message-error", "data-testid": "error"},
                           h("h1", None, "Something went wrong"),
                           h("p", {"class": "message-text", "role": "alert"}, f"{type(error).__name__}: {error}"),
                           h("p", {"class": "message-links"}, h("a", {"class": "button-link", "href": "#/"}, "All games"))))

    def dispose(self) -> None:
        """The screen is being replaced: stop every timer so nothing runs for it later."""
        self.timers.clear()


def _focus_key(element: Any) -> str:
    """A selector for the focused control, so a redraw can give focus back to its twin."""
    if not present(element) or not hasattr(element, "getAttribute"):
        return ""
    for name in ("data-action", "data-pick", "data-cmd", "id"):
        value = attr(element, name)
        if value:
            escaped = str(value).replace("\\", "\\\\").replace('"', '\\"')
            return f'[{name}="{escaped}"]'
    return ""


class MessageScreen(Screen):
    """A page with a heading, a message and links: errors and "not found"."""

    def __init__(
        self, root: Any, navigate: Navigate, heading: str, message: str,
        links: list[tuple[str, str]], kind: str = "error",
    ) -> None:
        super().__init__(root, navigate)
        self.heading = heading
        self.message = message
        self.links = links
        self.kind = kind
        self.title = f"{heading} — Five Checks"

    def render(self) -> list[Node]:
        return [
            h("section", {"class": f"page message message-{self.kind}", "data-testid": self.kind},
              h("h1", None, self.heading),
              h("p", {"class": "message-text", "role": "alert" if self.kind == "error" else None},
                self.message),
              h("p", {"class": "message-links"},
                [h("a", {"class": "button-link", "href": href}, label) for href, label in self.links])),
        ]
