"""A page in CPython: the ``pyscript`` module (``window``, ``document``), ``js`` and ``pyodide.ffi``
as far as the app's screens use them, so that a table's real ``show()`` draws into fake DOM
elements and a test reads and clicks them as a person would (``tests/test_table_page_*.py``).

- ``FakeElement``: what ``ui.kit.dom``'s ``patch``/``build`` write (``createElement``, ``append``,
  ``before``, ``remove``, ``replaceChildren``, attributes, ``textContent``, text nodes' ``data``)
  and what the screens read back (``querySelector``/``querySelectorAll``/``closest``/``matches``
  for simple CSS selectors, ``contains``, ``focus``, ``ownerDocument``);
- ``FakeWindow``: the address (``location``, ``history.replaceState``), ``localStorage`` in
  memory, ``setTimeout`` on virtual time (``Page.advance``), ``performance.now``, a
  ``matchMedia`` that asks for reduced motion (no animation is measured), a ``console`` that
  keeps what was said (a test fails on an error, as the browser tests do);
- ``Page``: the app's router and delegated click handler in small (``ui/main.py``'s ``App``):
  ``open(route)`` shows a route's screen and starts it, ``click(element)`` hands the nearest
  ``button`` or ``[data-cmd]`` to the screen's ``on_click`` unless it is disabled, and
  ``advance(ms)`` lets virtual time pass, so bots answer and countdowns run.

Selectors: comma lists of compound selectors (tag, ``#id``, ``.class``, ``[name]``,
``[name=value]`` with or without quotes, ``[name^=value]``, ``:not(...)``, ``:focus``) joined by
descendant (space) or child (``>``) combinators. Nothing else is needed by the screens; anything
else raises, so a test never passes on a selector the fake misread.
"""

from __future__ import annotations

import heapq
import json
import re
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

from ui.kit.web_storage import MemoryStorage

# --- selectors -------------------------------------------------------------------------------

_SIMPLE = re.compile(
    r"""(?P<tag>[a-zA-Z][a-zA-Z0-9-]*|\*)
      | \#(?P<id>[\w-]+)
      | \.(?P<cls>[\w-]+)
      | \[\s*(?P<attr>[\w-]+)\s*(?:(?P<op>[\^$*~]?=)\s*(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[^\]\s]+)))?\s*\]
      | :not\((?P<neg>(?:[^()]|\([^()]*\))+)\)
      | :(?P<pseudo>focus|first-child|last-child)
    """, re.VERBOSE)


def _split_top(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside brackets, parentheses and quotes."""
    parts, depth, quote, start = [], 0, "", 0
    for index, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in "[(":
            depth += 1
        elif char in "])":
            depth -= 1
        elif char == sep and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


class _Compound:
    """One compound selector (``button[data-action]:not([disabled])``)."""

    def __init__(self, text: str) -> None:
        self.tests: list[Callable[[FakeElement], bool]] = []
        position = 0
        text = text.strip()
        if not text:
            raise ValueError("empty selector")
        while position < len(text):
            found = _SIMPLE.match(text, position)
            if found is None or found.end() == position:
                raise ValueError(f"the fake page does not read the selector {text!r}")
            self.tests.append(self._test(found))
            position = found.end()

    @staticmethod
    def _test(found: re.Match[str]) -> Callable[[FakeElement], bool]:
        if found.group("tag"):
            tag = found.group("tag").upper()
            if tag == "*":
                return lambda element: True
            return lambda element: element.tagName == tag
        if found.group("id"):
            wanted = found.group("id")
            return lambda element: element.attributes.get("id") == wanted
        if found.group("cls"):
            name = found.group("cls")
            return lambda element: name in element.attributes.get("class", "").split()
        if found.group("attr"):
            name = found.group("attr")
            op = found.group("op")
            if op is None:
                return lambda element: name in element.attributes
            value = next(group for group in (found.group("dq"), found.group("sq"), found.group("bare"))
                         if group is not None)
            if op == "=":
                return lambda element: element.attributes.get(name) == value
            compare: dict[str, Callable[[str], bool]] = {
                "^=": lambda have: have.startswith(value),
                "$=": lambda have: have.endswith(value),
                "*=": lambda have: value in have,
                "~=": lambda have: value in have.split(),
            }
            check = compare[op]

            def test(element: FakeElement) -> bool:
                have = element.attributes.get(name)
                return have is not None and check(have)
            return test
        if found.group("neg") is not None:
            inner = Selector(found.group("neg"))
            return lambda element: not inner.matches(element)
        pseudo = found.group("pseudo")
        if pseudo == "focus":
            return lambda element: element.ownerDocument.activeElement is element
        if pseudo == "first-child":
            return lambda element: element.parentNode is not None and element.parentNode.children[0] is element
        return lambda element: element.parentNode is not None and element.parentNode.children[-1] is element

    def matches(self, element: FakeElement) -> bool:
        return all(test(element) for test in self.tests)


class _Chain:
    """Compound selectors joined by combinators: ``[data-testid=analysis] .progress``."""

    def __init__(self, text: str) -> None:
        tokens = re.sub(r"\s*>\s*", " > ", text.strip())
        parts = [part for part in _split_top(tokens, " ") if part]
        self.steps: list[tuple[str, _Compound]] = []  # (combinator to the left, compound)
        combinator = ""
        for part in parts:
            if part == ">":
                combinator = ">"
                continue
            self.steps.append((combinator or " ", _Compound(part)))
            combinator = ""

    def matches(self, element: FakeElement, scope: FakeElement | None = None) -> bool:
        if len(self.steps) == 1:
            return self.steps[0][1].matches(element)
        return self._match(element, len(self.steps) - 1, scope)

    def _match(self, element: FakeElement, index: int, scope: FakeElement | None) -> bool:
        combinator, compound = self.steps[index]
        if not compound.matches(element):
            return False
        if index == 0:
            return True
        parent = element.parentElement
        if combinator == ">":
            return parent is not None and self._match(parent, index - 1, scope)
        while parent is not None:
            if self._match(parent, index - 1, scope):
                return True
            parent = parent.parentElement
        return False


class Selector:
    """A comma list of chains."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.chains = [_Chain(part) for part in _split_top(text, ",")]

    def matches(self, element: FakeElement) -> bool:
        return any(chain.matches(element) for chain in self.chains)


_SELECTORS: dict[str, Selector] = {}


def selector(text: str) -> Selector:
    found = _SELECTORS.get(text)
    if found is None:
        found = _SELECTORS[text] = Selector(text)
    return found


# --- nodes -----------------------------------------------------------------------------------


class NodeList(list[Any]):
    """A live-enough ``NodeList``: ``length`` and ``item``."""

    @property
    def length(self) -> int:
        return len(self)

    def item(self, index: int) -> Any:
        return self[index] if 0 <= index < len(self) else None


class FakeNode:
    def __init__(self, document: FakeDocument | None) -> None:
        self.ownerDocument = document
        self.parentNode: FakeElement | None = None

    @property
    def parentElement(self) -> FakeElement | None:
        return self.parentNode

    def remove(self) -> None:
        if self.parentNode is not None:
            self.parentNode._nodes.remove(self)
            self.parentNode = None

    def before(self, *items: Any) -> None:
        parent = self.parentNode
        if parent is None:
            return
        nodes = parent._adopt(tuple(item for item in items if item is not self))
        index = parent._nodes.index(self)
        parent._nodes[index:index] = nodes

    def isSameNode(self, other: Any) -> bool:
        return other is self

    @property
    def isConnected(self) -> bool:
        node: Any = self
        while node.parentNode is not None:
            node = node.parentNode
        return self.ownerDocument is not None and node is self.ownerDocument.documentElement

    @property
    def textContent(self) -> str:
        raise NotImplementedError


class FakeText(FakeNode):
    nodeType = 3

    def __init__(self, document: FakeDocument | None, data: str) -> None:
        super().__init__(document)
        self.data = str(data)

    @property  # type: ignore[override]
    def textContent(self) -> str:
        return self.data

    @textContent.setter
    def textContent(self, value: str) -> None:
        self.data = str(value)

    def __repr__(self) -> str:
        return f"#text {self.data!r}"


class ClassList:
    def __init__(self, element: FakeElement) -> None:
        self.element = element

    def _names(self) -> list[str]:
        return (self.element.getAttribute("class") or "").split()

    def contains(self, name: str) -> bool:
        return name in self._names()

    def add(self, *names: str) -> None:
        have = self._names()
        self.element.setAttribute("class", " ".join(have + [name for name in names if name not in have]))

    def remove(self, *names: str) -> None:
        self.element.setAttribute("class", " ".join(name for name in self._names() if name not in names))

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = not self.contains(name) if force is None else force
        (self.add if on else self.remove)(name)
        return on


class FakeElement(FakeNode):
    nodeType = 1

    def __init__(self, document: FakeDocument | None, tag: str) -> None:
        super().__init__(document)
        self.tagName = tag.upper()
        self.attributes: dict[str, str] = {}
        self._nodes: list[FakeNode] = []
        #: Live properties of form controls (set by ``patch`` beside the attribute).
        self.value = ""
        self.checked = False
        self.selected = False
        self.scrolled = 0  # how often ``scrollIntoView`` was asked
        self.style = types.SimpleNamespace()

    def __repr__(self) -> str:
        attrs = " ".join(f'{name}="{value}"' for name, value in self.attributes.items())
        return f"<{self.tagName.lower()}{' ' + attrs if attrs else ''}>"

    # attributes

    def setAttribute(self, name: str, value: Any) -> None:
        self.attributes[str(name)] = str(value)
        if name == "value":
            self.value = str(value)

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attributes

    def removeAttribute(self, name: str) -> None:
        self.attributes.pop(name, None)

    @property
    def id(self) -> str:
        return self.attributes.get("id", "")

    @property
    def className(self) -> str:
        return self.attributes.get("class", "")

    @property
    def classList(self) -> ClassList:
        return ClassList(self)

    @property
    def dataset(self) -> dict[str, str]:
        """The ``data-*`` attributes by their camel-case names (a copy: read only here)."""
        def camel(name: str) -> str:
            head, *rest = name.split("-")
            return head + "".join(part.capitalize() for part in rest)
        return {camel(name[5:]): value for name, value in self.attributes.items() if name.startswith("data-")}

    @property
    def disabled(self) -> bool:
        return self.hasAttribute("disabled")

    # children

    @property
    def childNodes(self) -> NodeList:
        return NodeList(self._nodes)

    @property
    def children(self) -> NodeList:
        return NodeList(node for node in self._nodes if isinstance(node, FakeElement))

    def _adopt(self, items: tuple[Any, ...]) -> list[FakeNode]:
        """``items`` (nodes or strings, made text nodes) taken from where they are, to become
        children of this element."""
        nodes = []
        for item in items:
            node = item if isinstance(item, FakeNode) else FakeText(self.ownerDocument, str(item))
            if node is self or (isinstance(node, FakeElement) and node.contains(self)):
                raise ValueError("HierarchyRequestError: a node cannot go inside itself")
            node.remove()
            node.parentNode = self
            nodes.append(node)
        return nodes

    def append(self, *items: Any) -> None:
        self._nodes.extend(self._adopt(items))

    def appendChild(self, node: FakeNode) -> FakeNode:
        self.append(node)
        return node

    def replaceChildren(self, *items: Any) -> None:
        for node in list(self._nodes):
            node.parentNode = None
        self._nodes = []
        self.append(*items)

    @property  # type: ignore[override]
    def textContent(self) -> str:
        return "".join(node.textContent for node in self._nodes)

    @textContent.setter
    def textContent(self, value: str) -> None:
        self.replaceChildren(*([str(value)] if str(value) else []))

    def contains(self, other: Any) -> bool:
        node = other
        while node is not None:
            if node is self:
                return True
            node = node.parentNode
        return False

    def descendants(self) -> Iterator[FakeElement]:
        """The elements inside this one, in document order."""
        stack = [node for node in reversed(self._nodes) if node.nodeType == 1]
        while stack:
            element = stack.pop()
            yield element  # type: ignore[misc]
            stack.extend(node for node in reversed(element._nodes) if node.nodeType == 1)  # type: ignore[attr-defined]

    # selectors

    def matches(self, text: str) -> bool:
        return selector(text).matches(self)

    def querySelectorAll(self, text: str) -> NodeList:
        matches = selector(text).matches
        return NodeList(element for element in self.descendants() if matches(element))

    def querySelector(self, text: str) -> FakeElement | None:
        matches = selector(text).matches
        for element in self.descendants():
            if matches(element):
                return element
        return None

    def closest(self, text: str) -> FakeElement | None:
        chosen = selector(text)
        node: FakeElement | None = self
        while node is not None:
            if chosen.matches(node):
                return node
            node = node.parentElement
        return None

    # what a person does with it

    def focus(self, options: Any = None) -> None:
        if self.ownerDocument is not None:
            self.ownerDocument._focused = self

    def blur(self) -> None:
        if self.ownerDocument is not None and self.ownerDocument._focused is self:
            self.ownerDocument._focused = None

    def select(self) -> None:
        """A text field's text selected (``ui.kit.files.copy_text``)."""

    def scrollIntoView(self, options: Any = None) -> None:
        self.scrolled += 1

    def click(self) -> None:
        """A link clicked by code: ``ui.kit.files.download``'s hidden ``<a download>``."""
        document = self.ownerDocument
        if document is not None and self.tagName == "A" and getattr(self, "download", ""):
            document.window.downloaded.append((self.download, document.window.URL.text(self.href)))


class FakeDocument:
    def __init__(self, window: FakeWindow) -> None:
        self.window = window
        self.documentElement = FakeElement(self, "html")
        self.body = FakeElement(self, "body")
        self.documentElement.append(self.body)
        self.title = ""
        self._focused: FakeElement | None = None

    def createElement(self, tag: str) -> FakeElement:
        return FakeElement(self, tag)

    def createTextNode(self, data: str) -> FakeText:
        return FakeText(self, data)

    @property
    def activeElement(self) -> FakeElement:
        """The focused element; the body when none is, or when it left the page."""
        focused = self._focused
        if focused is None or not focused.isConnected:
            return self.body
        return focused

    def getElementById(self, wanted: str) -> FakeElement | None:
        return self.documentElement.querySelector(f'[id="{wanted}"]')

    def querySelector(self, text: str) -> FakeElement | None:
        return self.documentElement.querySelector(text)

    def querySelectorAll(self, text: str) -> NodeList:
        return self.documentElement.querySelectorAll(text)


# --- the window ------------------------------------------------------------------------------


class FakeConsole:
    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []

    def error(self, *parts: Any) -> None:
        self.said.append(("error", " ".join(map(str, parts))))

    def warn(self, *parts: Any) -> None:
        self.said.append(("warn", " ".join(map(str, parts))))

    def log(self, *parts: Any) -> None:
        self.said.append(("log", " ".join(map(str, parts))))

    def errors(self) -> list[str]:
        return [text for kind, text in self.said if kind == "error"]


class FakeLocation:
    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.hash = ""

    @property
    def href(self) -> str:
        return self.origin + "/" + self.hash


class FakeHistory:
    def __init__(self, location: FakeLocation) -> None:
        self.location = location
        self.replaced: list[str] = []

    def replaceState(self, _state: Any, _title: str, url: str) -> None:
        self.replaced.append(url)
        if url.startswith("#"):
            self.location.hash = url


class FakeMedia:
    def __init__(self, matches: bool) -> None:
        self.matches = matches


class FakeBlob:
    def __init__(self, parts: Any, _options: Any = None) -> None:
        self.text = "".join(str(part) for part in parts)


class FakeURL:
    def __init__(self) -> None:
        self.blobs: dict[str, FakeBlob] = {}

    def createObjectURL(self, blob: FakeBlob) -> str:
        url = f"blob:{len(self.blobs) + 1}"
        self.blobs[url] = blob
        return url

    def revokeObjectURL(self, url: str) -> None:
        self.blobs.pop(url, None)

    def text(self, url: str) -> str:
        return self.blobs[url].text


class _New:
    """A JavaScript constructor as Pyodide shows it: ``Blob.new(...)``."""

    def __init__(self, make: Callable[..., Any]) -> None:
        self.new = make


class FakeWindow:
    def __init__(self, origin: str = "http://127.0.0.1:8000") -> None:
        self.location = FakeLocation(origin)
        self.history = FakeHistory(self.location)
        self.localStorage = MemoryStorage()
        self.console = FakeConsole()
        self.performance = types.SimpleNamespace(now=lambda: self.now)
        self.navigator = types.SimpleNamespace()  # no clipboard: copying selects the field
        self.Object = _JsObject
        self.Blob = _New(FakeBlob)
        self.URL = FakeURL()
        self.downloaded: list[tuple[str, str]] = []
        self.now = 0.0
        self._queue: list[tuple[float, int, Any]] = []
        self._count = 0
        self._cleared: set[int] = set()
        #: Whether the system asks for reduced motion: yes, so no draw is measured or animated.
        self.reduce_motion = True

    def matchMedia(self, _query: str) -> FakeMedia:
        return FakeMedia(self.reduce_motion)

    def setTimeout(self, callback: Any, delay: float = 0) -> int:
        self._count += 1
        heapq.heappush(self._queue, (self.now + max(0.0, float(delay)), self._count, callback))
        return self._count

    def clearTimeout(self, timer_id: int) -> None:
        self._cleared.add(int(timer_id))

    def scrollTo(self, *_args: Any) -> None:
        pass

    def pending(self) -> int:
        """Timeouts still to come."""
        return sum(1 for _, number, _ in self._queue if number not in self._cleared)

    def advance(self, ms: float) -> None:
        """Let ``ms`` of virtual time pass: every timeout due meanwhile runs, in order (those a
        callback sets run too, when they fall due in that time)."""
        end = self.now + ms
        while self._queue and self._queue[0][0] <= end:
            due, number, callback = heapq.heappop(self._queue)
            self.now = max(self.now, due)
            if number in self._cleared:
                continue
            callback()
        self.now = end


    def run_next(self) -> bool:
        """Run the next timeout due (virtual time jumps to it); False when none is pending."""
        while self._queue:
            due, number, callback = heapq.heappop(self._queue)
            self.now = max(self.now, due)
            if number not in self._cleared:
                callback()
                return True
        return False


class _JsObject:
    """``js.Object``: ``fromEntries`` makes a dict (what ``to_js(..., dict_converter=...)`` makes)."""

    @staticmethod
    def fromEntries(entries: Any) -> dict[str, Any]:
        return dict(entries)

    @staticmethod
    def new() -> types.SimpleNamespace:
        return types.SimpleNamespace()


class _Proxy:
    """``pyodide.ffi.create_proxy``: a callable that can be destroyed."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function = function
        self.destroyed = False

    def __call__(self, *args: Any) -> Any:
        return self.function(*args)

    def destroy(self) -> None:
        self.destroyed = True


def _to_js(value: Any, dict_converter: Any = None, **_options: Any) -> Any:
    if isinstance(value, dict) and dict_converter is not None:
        return dict_converter(value.items())
    return value


# --- the page --------------------------------------------------------------------------------


class Page:
    """One page: the fake modules installed in ``sys.modules`` (``install``), the app's root
    (``<main id="app">``), and the router and click handler of ``ui/main.py`` in small."""

    def __init__(self) -> None:
        self.window = FakeWindow()
        self.document = FakeDocument(self.window)
        self.root = self.document.createElement("main")
        self.root.setAttribute("id", "app")
        self.document.body.append(self.root)
        self.screen: Any = None
        self.routes: list[str] = []

    def modules(self) -> dict[str, types.ModuleType]:
        pyscript = types.ModuleType("pyscript")
        pyscript.window = self.window  # type: ignore[attr-defined]
        pyscript.document = self.document  # type: ignore[attr-defined]
        js = types.ModuleType("js")
        js.Object = _JsObject  # type: ignore[attr-defined]
        js.Function = None  # type: ignore[attr-defined]  # motion's scripts: never asked (reduced motion)
        pyodide = types.ModuleType("pyodide")
        ffi = types.ModuleType("pyodide.ffi")
        ffi.create_proxy = _Proxy  # type: ignore[attr-defined]
        ffi.create_once_callable = _Proxy  # type: ignore[attr-defined]
        ffi.to_js = _to_js  # type: ignore[attr-defined]
        pyodide.ffi = ffi  # type: ignore[attr-defined]
        return {"pyscript": pyscript, "js": js, "pyodide": pyodide, "pyodide.ffi": ffi}

    # -- routing (``ui.main.App.route``) ---------------------------------------------------

    def open(self, route: str) -> Any:
        """Show ``route``'s screen as the app does on a hash change: the old screen disposed,
        the new one resolved, drawn, started; focus on its heading. Returns the screen."""
        from ui.app.routes import parse_hash
        from ui.kit import access
        from ui.navigation import resolve

        if self.screen is not None:
            self.screen.dispose()
            self.screen = None
        access.hush(self.document)
        self.window.location.hash = route
        self.routes.append(route)
        self.screen = resolve(parse_hash(route), self.root, self.navigate, None)
        self.document.title = self.screen.title
        self.screen.show()
        self.screen.start()
        access.focus_heading(self.root)
        return self.screen

    def open_saved(self, state: Any, seats: str, delay_ms: int = 0) -> Any:
        """Open the table of a game saved at ``state`` (a stacked deal played to a position with
        the engine), as a saved game's link opens it: the flow replays the record. ``seats``
        as a route writes them (``human:Ann,bot:easy``)."""
        from engine import Record
        from engine.bots import levels
        from ui.app.play_setup import parse_seats
        from ui.storage.page_store import store
        from ui.storage.saves import SavedGame

        record = Record.from_state(state)
        specs = parse_seats(seats, (1, 8), levels(record.game))
        saved = store().save(SavedGame(id=store().new_id(), record=record, seats=tuple(specs), delay_ms=delay_ms))
        return self.open(f"#/{record.game}/play?id={saved.id}")

    def navigate(self, target: str) -> None:
        """The screens' ``navigate``: the same route again restarts its screen."""
        self.open(target)

    def reload(self) -> Any:
        """The page loaded again at its address (a saved game's URL names it)."""
        from ui.kit import motion, settings
        from ui.storage import page_store

        if self.screen is not None:
            self.screen.dispose()
            self.screen = None
        # A new page: the app's module state starts again; the storage stays.
        settings._STORAGE.clear()
        page_store._STORE.clear()
        page_store._STORAGE.clear()
        motion._STATE.clear()
        self.root.replaceChildren()
        return self.open(self.window.location.hash)

    # -- a person at the page --------------------------------------------------------------

    def click(self, target: FakeElement | str) -> None:
        """A click as ``ui.main.App._on_click`` hands it on: the nearest ``button`` or
        ``[data-cmd]`` (nothing for a disabled one) goes to the screen's ``on_click``; a
        clicked button takes focus, as in the browser."""
        element = self.one(target) if isinstance(target, str) else target
        assert element.isConnected, f"{element!r} is not on the page"
        found = element.closest("button, [data-cmd]")
        if found is None or found.disabled or self.screen is None:
            return
        found.focus()
        self.screen.on_click(found)

    def key(self, key: str) -> bool:
        """A key pressed outside form fields."""
        return bool(self.screen.on_key(key))

    def advance(self, ms: float) -> None:
        self.window.advance(ms)

    def step_until(self, done: Callable[[], bool], limit: int = 10_000) -> None:
        """Run the timeouts one by one until ``done()``: a person who clicks the moment the
        page shows something, before the work the page does meanwhile (the Chess Cards solver
        thinking ahead) has run."""
        for _ in range(limit):
            if done():
                return
            assert self.window.run_next(), "nothing is pending and it has not happened"
        raise AssertionError(f"not done after {limit} timeouts")

    def play_on(self, until: Callable[[], bool] | None = None, limit: int = 600, prefer: str = "") -> int:
        """Play as a person who clicks whatever the page offers: the first element that matches
        ``prefer``, else the first ``button[data-action]``, else the first ``data-pick`` not
        pressed yet, else waits a second for the others; until ``until()`` (by default: the
        game is over). Returns the number of clicks."""
        done = until or self.over
        clicks = 0
        for _ in range(limit):
            if done():
                return clicks
            offered = (self.all(prefer) if prefer else []) or self.all("button[data-action]")
            if not offered:
                offered = [element for element in self.all("button[data-pick]")
                           if element.getAttribute("aria-pressed") != "true"]
            if offered:
                self.click(offered[0])
                clicks += 1
            else:
                self.advance(1_000)
        raise AssertionError(f"still going after {limit} steps: {self.text()[:600]}")

    # -- reading the page ------------------------------------------------------------------

    def all(self, text: str) -> list[FakeElement]:
        return list(self.root.querySelectorAll(text))

    def find(self, text: str) -> FakeElement | None:
        return self.root.querySelector(text)

    def one(self, text: str) -> FakeElement:
        found = self.root.querySelector(text)
        assert found is not None, f"nothing on the page matches {text!r}: {self.text()[:400]}"
        return found

    def text(self, target: FakeElement | str | None = None) -> str:
        """The words of an element (the app's root by default), spaces collapsed."""
        element = self.root if target is None else self.one(target) if isinstance(target, str) else target
        return " ".join(element.textContent.split())

    def get(self, text: str, name: str) -> str | None:
        return self.one(text).getAttribute(name)

    def table(self) -> FakeElement:
        return self.one("[data-testid=table]")

    def ply(self) -> int:
        return int(self.table().getAttribute("data-ply") or "0")

    def over(self) -> bool:
        found = self.find("[data-testid=table]")
        return found is not None and found.getAttribute("data-over") == "1"

    def actions(self) -> list[str]:
        """The notations the page offers now (``button[data-action]``), in page order."""
        return [str(element.getAttribute("data-action")) for element in self.all("button[data-action]")]

    def alert(self) -> str:
        """What the table says of a refused click or a failure (its ``p[role=alert]``; a blow-up's
        banner, an alert of its own, has a ``data-testid``)."""
        found = self.find("p[role=alert]:not([data-testid])")
        return self.text(found) if found is not None else ""

    def announced(self) -> str:
        region = self.document.getElementById("announcer")
        return " ".join(region.textContent.split()) if region is not None else ""

    def errors(self) -> list[str]:
        return self.window.console.errors()

    def saved_games(self) -> list[dict[str, Any]]:
        """The saved games the page's storage holds (``five-checks:`` entries), as JSON."""
        found = []
        for key, value in self.window.localStorage.items.items():
            if key.startswith("five-checks:") and key != "five-checks:settings":
                try:
                    found.append(json.loads(value))
                except ValueError:
                    continue
        return found


def opened() -> Iterator[Page]:
    """A fresh page for one test (a fixture's body): its modules installed, the app's module
    state of an earlier page forgotten; afterwards its screen is left and the test fails if the
    page said an error on its console (as every browser test does)."""
    from ui.kit import motion, settings
    from ui.kit.dom import forget
    from ui.storage import page_store

    page = Page()
    before = install(page)
    settings._STORAGE.clear()
    page_store._STORE.clear()
    page_store._STORAGE.clear()
    motion._STATE.clear()
    try:
        yield page
        assert not page.errors(), page.errors()
    finally:
        if page.screen is not None:
            page.screen.dispose()
        forget(page.root)
        settings._STORAGE.clear()
        page_store._STORE.clear()
        page_store._STORAGE.clear()
        motion._STATE.clear()
        restore(before)


def install(page: Page) -> dict[str, Any]:
    """``page``'s modules in ``sys.modules``; returns what was there before (for ``restore``)."""
    modules = page.modules()
    before = {name: sys.modules.get(name) for name in modules}
    sys.modules.update(modules)
    return before


def restore(before: dict[str, Any]) -> None:
    for name, module in before.items():
        if module is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = module
