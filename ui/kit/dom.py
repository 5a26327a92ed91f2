"""A small DOM builder: screens describe their markup as ``h(...)`` trees, ``patch`` draws them.

Why not ``innerHTML``: every string the UI shows (player names above all) must reach the page
as text, never as markup (ARCHITECTURE.md). Building elements with ``createElement`` and giving
strings to the DOM only as text (``append``/``before`` with a string, ``textContent``, a text
node's ``data``) makes that true by construction: no code path parses a string as HTML.

The tree is plain Python (``Node``) so a screen builds its whole view without touching the
browser. ``patch(root, nodes)`` compares it with the tree it drew into ``root`` last time (kept
here, on the Python side: reading the page back through Pyodide's proxies would be slow) and
touches only what changed, so an element that stays (a card, a seat, the focused button) is the
same DOM node across renders: focus, scroll, a half-typed field and a running transition survive.

Children are matched by key (``_key``): an explicit ``key`` attribute (never written to the
page), else the first attribute that names a thing (``KEY_ATTRS``), always with the tag, else
the position among the unkeyed siblings of the same tag. A key met twice among siblings pairs
its first with the first, its second with the second. An element whose key is new is built; one
whose tag changes is a new element (the old one is removed).

Code that writes into the page itself (a countdown's ``textContent``) stays right: a text-only
element is patched through its ``textContent``, and before the children of an element are moved
or a text among others is changed, their count is checked; children the page replaced are then
built anew. What patch cannot notice (it never reads the page back) is a change made by hand
inside elements whose own list of children it then leaves as it is: such code should rewrite
only text-only elements, or ``forget`` the root.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeGuard, Union

Child = Union["Node", str, int, float, None, Iterable[Any]]


class Node:
    """An element to be built: tag, attributes (``class`` may be a list) and children."""

    __slots__ = ("tag", "attrs", "children")

    def __init__(self, tag: str, attrs: dict[str, Any], children: list[Any]) -> None:
        self.tag = tag
        self.attrs = attrs
        self.children = children


def h(tag: str, attrs: dict[str, Any] | None = None, *children: Child) -> Node:
    """An element. Attribute values ``None``/``False`` are left out, ``True`` is an empty value.

    Children may be nodes, text (numbers are turned into text), ``None`` (skipped) or nested
    lists of those, so screens can write conditional parts inline.
    """
    return Node(tag, dict(attrs or {}), _flatten(children))


def _flatten(children: Iterable[Any]) -> list[Any]:
    flat: list[Any] = []
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, (Node, str)):
            flat.append(child)
        elif isinstance(child, (int, float)):
            flat.append(str(child))
        else:
            flat.extend(_flatten(child))
    return flat


def text_of(nodes: Child) -> str:
    """The words ``nodes`` show, as a screen reader reads them: their text, in order, without
    what is ``aria-hidden``; runs of spaces become one."""
    words: list[str] = []

    def gather(items: list[Any]) -> None:
        for item in items:
            if isinstance(item, str):
                words.append(item)
            elif item.attrs.get("aria-hidden") not in ("true", True):
                gather(item.children)

    gather(_flatten([nodes]))
    return " ".join("".join(words).split())


def classes(*names: str | None | bool) -> str:
    """Join the truthy class names: ``classes("card", playable and "live")``."""
    return " ".join(name for name in names if isinstance(name, str) and name)


def present(value: Any) -> TypeGuard[Any]:
    """True for a real DOM value. Newer Pyodide turns JavaScript ``null`` into ``jsnull``,
    an object rather than ``None``, so "nothing found" must be tested for both."""
    return value is not None and type(value).__name__ not in ("JsNull", "JsUndefined")


def attr(element: Any, name: str) -> str:
    """An attribute of a DOM element as text, ``""`` when it is missing."""
    value = element.getAttribute(name)
    return str(value) if present(value) else ""


#: Attributes that name a thing, in the order they are tried as a child's key (with its tag):
#: a card before the place it lies in (a grid slot, a square, a pile), places before what can
#: be done there (an action names a move, not a thing, and changes with the position).
KEY_ATTRS = ("data-key", "id", "data-card", "data-testid", "data-seat", "data-pos", "data-square", "data-pile",
             "data-save-id", "data-done-id", "data-game", "data-action", "data-pick", "data-cmd")
_RANK = {name: rank for rank, name in enumerate(("key", *KEY_ATTRS))}
_NAMING = frozenset(_RANK)

#: What a person changes in a form control: besides its attribute, the live DOM property is set,
#: and only when the tree changed it (compared with the last tree, never with the page), so a
#: redraw never undoes what is being typed or ticked.
_PROPERTIES = frozenset({("input", "value"), ("textarea", "value"), ("select", "value"),
                         ("input", "checked"), ("option", "selected")})

#: The key of every text child (a tag never starts with "#").
_TEXT = "#text"


def _value(name: str, value: Any) -> str | None:
    """An attribute as written to the page; None: not written (``None``, ``False``, ``key``)."""
    if value is None or value is False or name == "key":
        return None
    if value is True:
        return ""
    if value.__class__ is str:
        return value
    if name == "class":
        return classes(*value)
    return str(value)


def _base(node: Node | str) -> Any:
    """A child's key before counting repeats: ``_TEXT``, the tag, or (tag, naming attribute, value)."""
    if isinstance(node, str):
        return _TEXT
    attrs = node.attrs
    found = _NAMING.intersection(attrs)
    if found:
        for name in sorted(found, key=_RANK.__getitem__) if len(found) > 1 else found:
            value = attrs[name]
            if value is not None and value is not False:
                return (node.tag, name, value)
    return node.tag


def _numbered(bases: list[Any]) -> list[tuple[Any, int]]:
    """Keys met more than once among siblings are told apart by their rank among them."""
    seen: dict[Any, int] = {}
    keys = []
    for base in bases:
        count = seen.get(base, 0)
        seen[base] = count + 1
        keys.append((base, count))
    return keys


class _Element:
    """An element as drawn: its attributes and children as last given (what the next tree is
    compared with) and its DOM node. A text child is kept as its string: its DOM node is found
    again by position only when it changes, so a text the page rewrote itself (a countdown) is
    noticed instead of a stale node being written to."""

    __slots__ = ("tag", "attrs", "bases", "children", "dom")

    def __init__(self, tag: str, attrs: dict[str, Any], dom: Any) -> None:
        self.tag = tag
        self.attrs = attrs
        self.bases: list[Any] = []
        self.children: list[Any] = []  # _Element or str
        self.dom = dom


class _Stale(Exception):
    """The children of an element are not those drawn last (the page changed them itself)."""


def _new(node: Node | str, create: Any) -> Any:
    """Build ``node`` (``create``: the document's ``createElement``): an element with its
    attributes and, in one call, its children; a string stays a string (see ``_content``)."""
    if isinstance(node, str):
        return node
    tag = node.tag
    element = create(tag)
    attrs = node.attrs
    if attrs:
        write = element.setAttribute  # one lookup for all of them: each costs a proxy call
        for name, value in attrs.items():
            value = _value(name, value)
            if value is not None:
                write(name, value)
    drawn = _Element(tag, attrs, element)
    kids = node.children
    if kids:
        drawn.bases = [_base(kid) for kid in kids]
        drawn.children = children = [_new(kid, create) for kid in kids]
        element.append(*[_content(child) for child in children])
    return drawn


def _content(drawn: Any) -> Any:
    """What to hand to ``append``/``before``: the element, or the string (the DOM makes it a
    text node; it never parses it)."""
    return drawn if drawn.__class__ is str else drawn.dom


def build(node: Node | str, document: Any) -> Any:
    """The browser element (or text node) for ``node``; text is always a text node."""
    if isinstance(node, str):
        return document.createTextNode(node)
    return _new(node, document.createElement).dom


#: What ``patch`` drew last into each root: ``id(root)`` -> an ``_Element`` for the root (its
#: ``dom`` is the root itself, so that its id cannot be reused by another object meanwhile).
_DRAWN: dict[int, _Element] = {}


def forget(root: Any) -> None:
    """Forget what was drawn into ``root``: the next ``patch`` builds everything anew (a new
    screen in the same root starts from a clean slate)."""
    _DRAWN.pop(id(root), None)


def mount(root: Any, *nodes: Node | str) -> None:
    """Replace the children of ``root`` with ``nodes`` in one step (no half-drawn frame); the
    next ``patch`` of ``root`` builds anew."""
    forget(root)
    document = root.ownerDocument
    root.replaceChildren(*[build(node, document) for node in _flatten(nodes)])


def patch(root: Any, nodes: Any, document: Any = None) -> None:
    """Make the children of ``root`` show ``nodes`` (a node, a string or a list of them),
    touching only what changed since the last ``patch`` of ``root``. A ``Node`` given here
    must not be changed afterwards (the next patch compares with it). Without a previous tree
    (or when the page changed the root's children itself) everything is built, in one step."""
    if document is None:
        # The page's own document, not PyScript's ``document`` (a wrapper that makes every
        # call several times slower).
        document = root.ownerDocument
    create = document.createElement
    new = _flatten([nodes])
    drawn = _DRAWN.get(id(root))
    if drawn is None or drawn.dom is not root or int(root.childNodes.length) != len(drawn.children):
        drawn = _DRAWN[id(root)] = _Element("", {}, root)
        _rebuild(drawn, new, create)
    else:
        _reconcile(drawn, new, create)


def _rebuild(drawn: _Element, new: list[Any], create: Any) -> None:
    drawn.bases = [_base(kid) for kid in new]
    drawn.children = children = [_new(kid, create) for kid in new]
    drawn.dom.replaceChildren(*[_content(child) for child in children])


def _js_error(error: BaseException) -> bool:
    """An error thrown by the browser (Pyodide's ``JsException``), not a bug of ours."""
    return type(error).__name__ == "JsException"


def _dom_children(parent: Any, count: int) -> Any:
    nodes = parent.childNodes
    if int(nodes.length) != count:
        raise _Stale
    return nodes


def _reconcile(drawn: _Element, new: list[Any], create: Any) -> None:
    """Patch the children of ``drawn`` to ``new``. If the page changed them itself (or the
    browser refuses a step), they are built anew."""
    try:
        bases = [_base(kid) for kid in new]
        if bases == drawn.bases:
            _same_children(drawn, new, create)
        else:
            _other_children(drawn, new, bases, create)
    except Exception as error:
        if not isinstance(error, _Stale) and not _js_error(error):
            raise
        _rebuild(drawn, new, create)


def _same_children(drawn: _Element, new: list[Any], create: Any) -> None:
    """The usual case: the same children in the same order; only their insides may change."""
    old = drawn.children
    nodes = None
    for index, node in enumerate(new):
        was = old[index]
        if node.__class__ is str:
            if was != node:
                if len(old) == 1 and node:
                    drawn.dom.textContent = node  # also right if the page rewrote the text itself
                else:
                    if nodes is None:
                        nodes = _dom_children(drawn.dom, len(old))
                    nodes.item(index).data = node
                old[index] = node
        else:
            if node.attrs != was.attrs:
                _attributes(was, node.attrs)
            if node.children or was.children:
                _reconcile(was, node.children, create)


def _other_children(drawn: _Element, new: list[Any], bases: list[Any], create: Any) -> None:
    """Children came, went or moved: match them by key, remove, patch, insert and move."""
    old = drawn.children
    count = len(old)
    where = {key: index for index, key in enumerate(_numbered(drawn.bases))}
    sources = [where.get(key, -1) for key in _numbered(bases)]
    if all(source < 0 for source in sources):
        _rebuild(drawn, new, create)
        return
    parent = drawn.dom
    # DOM nodes of the old children, read before anything moves (text nodes by position).
    nodes = _dom_children(parent, count) if any(was.__class__ is str for was in old) else None
    doms = [was.dom if nodes is None or was.__class__ is not str else nodes.item(index)
            for index, was in enumerate(old)]
    kept = set(sources)
    for index in range(count):
        if index not in kept:
            doms[index].remove()
    children: list[Any] = []
    for node, source in zip(new, sources, strict=True):
        if source < 0:
            children.append(_new(node, create))
            continue
        was = old[source]
        if node.__class__ is str:
            if was != node:
                doms[source].data = node
            children.append(node)
        else:
            if node.attrs != was.attrs:
                _attributes(was, node.attrs)
            if node.children or was.children:
                _reconcile(was, node.children, create)
            children.append(was)
    drawn.bases = bases
    drawn.children = children
    # Children that keep their order stay where they are; the rest go in, each run of them
    # in one call, before the next child that stays.
    stay = _increasing(sources)
    position = len(new) - 1
    anchor = None
    while position >= 0:
        if position in stay:
            anchor = doms[sources[position]]
            position -= 1
            continue
        end = position
        while position >= 0 and position not in stay:
            position -= 1
        run = [doms[sources[index]] if sources[index] >= 0 else _content(children[index])
               for index in range(position + 1, end + 1)]
        if anchor is None:
            parent.append(*run)
        else:
            anchor.before(*run)


def _increasing(sources: list[int]) -> set[int]:
    """Positions of a longest run of kept children whose old order increases (the children
    that need not move); -1 (a new child) never belongs."""
    tails: list[int] = []  # positions; sources[tails[k]] is the least end of a run of length k+1
    before: dict[int, int] = {}
    for position, source in enumerate(sources):
        if source < 0:
            continue
        low, high = 0, len(tails)
        while low < high:
            middle = (low + high) // 2
            if sources[tails[middle]] < source:
                low = middle + 1
            else:
                high = middle
        if low:
            before[position] = tails[low - 1]
        if low == len(tails):
            tails.append(position)
        else:
            tails[low] = position
    stay: set[int] = set()
    position = tails[-1] if tails else -1
    while position >= 0:
        stay.add(position)
        position = before.get(position, -1)
    return stay


def _attributes(drawn: _Element, attrs: dict[str, Any]) -> None:
    """Write to the element ``drawn`` the attributes of ``attrs`` that differ from the last."""
    old = drawn.attrs
    dom = drawn.dom
    tag = drawn.tag
    for name, value in attrs.items():
        before = old.get(name)
        if before is value or before == value:
            continue
        value, before = _value(name, value), _value(name, before)
        if value == before:
            continue
        if value is None:
            dom.removeAttribute(name)
        else:
            dom.setAttribute(name, value)
        if (tag, name) in _PROPERTIES:
            _set_property(dom, name, value)
    for name, before in old.items():
        if name not in attrs and _value(name, before) is not None:
            dom.removeAttribute(name)
            if (tag, name) in _PROPERTIES:
                _set_property(dom, name, None)
    drawn.attrs = attrs


def _set_property(dom: Any, name: str, value: str | None) -> None:
    if name == "value":
        dom.value = "" if value is None else value
    else:
        setattr(dom, name, value is not None)
