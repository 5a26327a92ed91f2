"""What every screen is: it draws itself into the app root and reacts to delegated events.

The app installs one click listener and one change listener on the root (``ui/main.py``) and
hands the element that was hit to the current screen. Delegation means re-rendering never has
to attach or free per-button proxies, and a screen that is gone can never be called again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ui.kit.dom import Node, attr, forget, h, mount, patch, present
from ui.kit.i18n import N_, _
from ui.kit.timers import Timers

if TYPE_CHECKING:
    from ui.kit import motion

#: The app's navigation, given to screens so they need not import the router (no cycles).
Navigate = Callable[[str], None]

#: What a keyboard player goes on with when the focused control is gone: the controls that play.
CONTROLS = "button[data-action]:not([disabled]), button[data-pick]:not([disabled])"


class Screen:
    """Base class: ``render`` returns the nodes to show; events arrive already decoded."""

    title = N_("Five Checks")
    #: Whether this screen's draws move cards and checkers (``ui.kit.motion``, imported by the
    #: screens that do: a table, the replay viewer); the others never import it.
    moves = False

    def __init__(self, root: Any, navigate: Navigate) -> None:
        self.root = root
        self.navigate = navigate
        self.timers = Timers(self.crashed)
        #: Whether this screen has drawn into the root yet (the first draw builds everything).
        self._drawn = False
        #: Where focus goes back to when the control that had it is gone and nothing to focus
        #: was drawn yet: that control's former ancestors, nearest first (see ``show``).
        self._refocus: list[Any] | None = None
        #: The control that kept focus but stopped playing (see ``show``), while focus waits there.
        self._stale: Any = None
        #: The animations of this screen's draws (``ui.kit.motion``), made on first use.
        self._motion: motion.Motion | None = None
        #: A file being fetched for the screen (``load_text``).
        self._loading: Any = None

    def render(self) -> list[Node]:
        raise NotImplementedError

    def show(self) -> None:
        """Draw the screen by patching what it drew last (``ui.kit.dom.patch``): elements that stay
        keep their DOM node, so focus and scroll stay too. When the focused control is gone
        (the card was played), focus goes to its twin if one is drawn (same ``data-action``,
        ``data-pick``, ``data-cmd`` or ``id``), else to the first control that plays nearest to
        where it was; if there is none yet (a bot is to move), it goes there on a later draw,
        unless the person has put focus somewhere else meanwhile. A focused control that stays
        drawn but plays nothing any more (a square a checker just reached) counts as gone.

        With motion on (``ui.kit.motion.enabled``), what moved is animated from where it was seen
        just before the patch to where it is drawn (FLIP); nothing is measured otherwise."""
        document = self.root.ownerDocument  # the page's own: PyScript's wrapper is slower

        first = not self._drawn
        if first:
            forget(self.root)  # a new screen starts from a clean root
            self._drawn = True
        focused = document.activeElement
        inside = present(focused) and bool(self.root.contains(focused))
        # The focused control's ancestors up to the root, nearest first: where to look for a
        # control if it goes.
        around = _ancestors(focused, self.root) if inside else []
        was_control = inside and bool(focused.matches(CONTROLS))
        nodes = self.draw()
        cue = self.motion_cue()
        # Nothing moves on a screen's first draw, nor on a screen with no game in it: the gallery,
        # the usual first screen, never imports ui.kit.motion (index.html marks ``<html
        # data-motion>`` before any draw).
        before = self._measure() if self.moves and not first else None
        if before is None and self._motion is not None:
            self._motion.stop()
        patch(self.root, nodes, document)
        if before is not None:
            try:
                self.animator.play(self.root, before, cue)
            except Exception as error:
                _motion_failed(error)
        if inside and bool(focused.matches(":focus")):
            if was_control and not bool(focused.matches(CONTROLS)):
                # It kept its node but plays nothing now (a square a checker landed on, a grid
                # place whose card was replaced): go on from it, as if it were gone.
                self._refocus, self._stale = around, focused
            elif self._stale is None or not bool(focused.isSameNode(self._stale)):
                self._refocus = self._stale = None
                return
        elif inside:
            self._stale = None
            key = _focus_key(focused)
            again = self.root.querySelector(key) if key else None
            if present(again):
                _focus(again)
                self._refocus = None
                return
            self._refocus = around
        elif self._refocus is not None and not _nowhere(focused):
            self._refocus = self._stale = None  # the person went on elsewhere
        if self._refocus is not None:
            home = self.focus_home()
            found = self.root.querySelector(home) if home else None
            if present(found) and not any(bool(found.isSameNode(element)) for element in self._refocus[:1]):
                self._refocus = [found, *self._refocus]
            for element in self._refocus:
                if bool(element.isConnected):
                    found = element.querySelector(CONTROLS)
                    if present(found):
                        _focus(found)
                        self._refocus = self._stale = None
                        return

    def draw(self) -> list[Node]:
        """What ``show`` patches in: ``render``, unless a screen puts something in its place."""
        return self.render()

    def focus_home(self) -> str:
        """Hook: a selector of where focus goes back to first when the focused control is gone
        (a table: the person's hand, where the next turn starts); "" for nearest the old place."""
        return ""

    @property
    def animator(self) -> motion.Motion:
        """The animations of this screen's draws (``ui.kit.motion``, imported on first use)."""
        if self._motion is None:
            from ui.kit import motion

            self._motion = motion.Motion()
        return self._motion

    def _measure(self) -> list[motion.Thing] | None:
        """Where the movable things are before a draw, when motion is on (None: it is off, or
        it failed and the draw goes on without it)."""
        from ui.kit import motion

        try:
            if not motion.enabled():
                return None
            return self.animator.measure(self.root)
        except Exception as error:
            _motion_failed(error)
            return None

    def motion_cue(self) -> motion.Cue | None:
        """Hook: the action this draw shows, if any (where cards with no earlier place come from:
        ``ui.kit.motion``); a screen with no game in it shows none."""
        return None

    def start(self) -> None:
        """Called once after the first ``show`` (timers, bots)."""

    def on_click(self, element: Any) -> None:
        """A click on a ``button`` (or an element with ``data-cmd``) inside the root."""

    def on_change(self, element: Any) -> None:
        """A ``change``/``input`` event of a form control inside the root."""

    def on_key(self, key: str) -> bool:
        """A key pressed outside form fields (``event.key``); True if the screen used it."""
        return False

    def load_text(self, path: str, then: Callable[[str], None]) -> None:
        """Fetch ``path`` from the app's own origin, then call ``then`` with its text ("" when it
        cannot be read: the screen says so), unless the screen is gone by then. A bug in
        ``then`` shows the error page, as in a timer callback."""
        import asyncio

        async def load() -> None:
            from pyscript import fetch

            try:
                response = await fetch(path)
                text = str(await response.text()) if response.ok else ""
            except Exception:  # a network error: the file cannot be read, the screen says so
                text = ""
            if self.timers.closed:  # the person went elsewhere meanwhile
                return
            try:
                then(text)
            except Exception as error:
                self.crashed(error)

        # Referenced, so the task is not collected before it has run.
        self._loading = asyncio.ensure_future(load())

    def crashed(self, error: BaseException) -> None:
        """A bug in a timer callback: stop this screen and say so on the page (and console)."""
        import traceback

        from pyscript import window

        self.timers.clear()
        window.console.error("".join(traceback.format_exception(error)))
        mount(self.root, h("section", {"class": "page message message-error", "data-testid": "error"},
                           h("h1", None, _("Something went wrong")),
                           h("p", {"class": "message-text", "role": "alert"},
                             _("The app met an error it did not expect. Reload the page; if it happens again, "
                               "the page’s console says what went wrong.")),
                           h("p", {"class": "message-links"},
                             h("a", {"class": "button-link", "href": "#/"}, _("All games")))))

    def dispose(self) -> None:
        """The screen is being replaced: stop every timer so nothing runs for it later, and
        forget what it drew (the next screen builds its own page)."""
        self.timers.clear()
        if self._motion is not None:
            self._motion.stop()
        forget(self.root)


def _motion_failed(error: BaseException) -> None:
    """An animation that could not be made is said on the console (where tests look), and the
    page goes on without it."""
    import traceback

    from pyscript import window

    window.console.error("motion: " + "".join(traceback.format_exception(error)))


def _ancestors(element: Any, root: Any) -> list[Any]:
    """``element``'s parent, its parent ... up to ``root`` included."""
    found = []
    parent = element.parentElement
    while present(parent):
        found.append(parent)
        if bool(parent.isSameNode(root)):
            break
        parent = parent.parentElement
    return found


def _nowhere(element: Any) -> bool:
    """Focus is on nothing in particular (the page itself): a control that was removed."""
    return not present(element) or str(element.tagName).upper() in ("BODY", "HTML")


_FOCUS_OPTIONS: list[Any] = []


def _focus(element: Any) -> None:
    """Focus ``element`` without scrolling the page: the person's place stays where it was."""
    if not _FOCUS_OPTIONS:
        from js import Object
        from pyodide.ffi import to_js

        _FOCUS_OPTIONS.append(to_js({"preventScroll": True}, dict_converter=Object.fromEntries))
    element.focus(_FOCUS_OPTIONS[0])


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


class TableScreen(Screen):
    """A screen that hands the root to a game's table once it has one (``table``): a friend's
    join screen once the game starts, a lesson once it is dealt. Until then it draws itself."""

    table: Any = None

    def show(self) -> None:
        if self.table is not None:
            self.table.show()
        else:
            super().show()

    def on_click(self, element: Any) -> None:
        if self.table is not None:
            self.table.on_click(element)
        else:
            self.on_own_click(element)

    def on_own_click(self, element: Any) -> None:
        """Hook: a click while the screen draws itself."""

    def on_key(self, key: str) -> bool:
        return bool(self.table.on_key(key)) if self.table is not None else False

    def dispose(self) -> None:
        if self.table is not None:
            self.table.dispose()
        else:
            self.dispose_own()
        super().dispose()

    def dispose_own(self) -> None:
        """Hook: what the screen closes when it is left before it has a table."""


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
        self.title = _("{heading} — Five Checks", heading=heading)

    def render(self) -> list[Node]:
        return [
            h("section", {"class": f"page message message-{self.kind}", "data-testid": self.kind},
              h("h1", None, self.heading),
              h("p", {"class": "message-text", "role": "alert" if self.kind == "error" else None},
                self.message),
              h("p", {"class": "message-links"},
                [h("a", {"class": "button-link", "href": href}, label) for href, label in self.links])),
        ]
