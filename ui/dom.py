"""A small DOM builder: screens describe their markup as ``h(...)`` trees, ``patch`` draws them.

Why not ``innerHTML``: every string the UI shows (player names above all) must reach the page
as text, never as markup (DESIGN.md). Building elements with ``createElement`` and giving
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

from typing import Any, Iterable, Union

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


def classes(*names: str | None | bool) -> str:
    """Join the truthy class names: ``classes("card", playable and "live")``."""
    return " ".join(name for name in names if isinstance(name, str) and name)


def present(value: Any) -> bool:
    """True for a real DOM value. Newer Pyodide turns JavaScript ``null`` into ``jsnull``,
    an object rather than ``None``, so "nothing found" must be tested for both."""
    return value is not None and type(value).__name__ not in ("JsNull", "JsUndefined")


def attr(element: Any, name: str) -> str:
    """An attribute of a DOM element as text, ``""`` when it is missing."""
    value = element.getAttribute(name)
    return str(value) if present(value) else ""


#: Attributes that name a thing, in the order they are tried as a child's key (with its tag).
KEY_ATTRS = ("data-key", "id", "data-card", "data-testid", "data-seat", "data-action", "data-pick", "data-cmd")

#: What a person changes in a form control: besides its attribute, the live DOM property is set,
#: and only when the tree changed it (compared with the last tree, never with the page), so a
#: redraw never undoes what is being typed or ticked.
_PROPERTIES = frozenset({("input", "value"), ("textarea", "value"), ("select", "value"),
                         ("input", "checked"), ("option", "selected")})

_TEXT = "#text"


def _rendered(attrs: dict[str, Any]) -> dict[str, str]:
    """The attributes as they are written to the page: ``None``/``False`` left out, ``True``
    empty, a list of classes joined, ``key`` never."""
    out: dict[str, str] = {}
    for name, value in attrs.items():
        if value is None or value is False or name == "key":
            continue
        if name == "class":
            out[name] = value if isinstance(value, str) else classes(*value)
        elif value is True:
            out[name] = ""
        else:
            out[name] = str(value)
    return out


def _key(tag: str, attrs: dict[str, Any], rendered: dict[str, str]) -> tuple[str, ...]:
    explicit = attrs.get("key")
    if explicit is not None and explicit is not False:
        return (tag, "key", str(explicit))
    for name in KEY_ATTRS:
        value = rendered.get(name)
        if value is not None:
            return (tag, name, value)
    return (tag,)


class _Element:
    """An element as drawn: what ``patch`` compares the next tree with, and its DOM node."""

    __slots__ = ("key", "tag", "attrs", "children", "dom")

    def __init__(self, key: Any, tag: str, attrs: dict[str, str], dom: Any) -> None:
        self.key = key
        self.tag = tag
        self.attrs = attrs
        self.children: list[_Element | _Text] = []
        self.dom = dom


class _Text:
    """A text node as drawn. Its DOM node is not kept: it is found again by its position under
    its parent only when it changes (a text the page rewrites itself, as a countdown does, is
    then noticed instead of a stale node being written to)."""

    __slots__ = ("key", "text")

    def __init__(self, key: Any, text: str) -> None:
        self.key = key
        self.text = text


_Drawn = Union[_Element, _Text]
#: A child of the new tree ready to compare: its key, the node and (elements) its attributes.
_Item = tuple[Any, Union[Node, str], Union[dict[str, str], None]]


class _Stale(Exception):
    """The children of an element are not those drawn last (the page changed them itself)."""


def _items(nodes: list[Any]) -> list[_Item]:
    seen: dict[Any, int] = {}
    out: list[_Item] = []
    for node in nodes:
        if isinstance(node, str):
            base: Any = _TEXT
            rendered = None
        else:
            rendered = _rendered(node.attrs)
            base = _key(node.tag, node.attrs, rendered)
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.append(((base, count), node, rendered))
    return out


def _new(key: Any, node: Node | str, rendered: dict[str, str] | None, document: Any) -> _Drawn:
    """Build ``node``: an element with its attributes and, in one call, its children."""
    if rendered is None:
        return _Text(key, node)  # type: ignore[arg-type]
    assert isinstance(node, Node)
    element = document.createElement(node.tag)
    for name, value in rendered.items():
        element.setAttribute(name, value)
    drawn = _Element(key, node.tag, rendered, element)
    if node.children:
        drawn.children = [_new(*item, document) for item in _items(node.children)]
        element.append(*[_content(child) for child in drawn.children])
    return drawn


def _content(drawn: _Drawn) -> Any:
    """What to hand to ``append``/``before``: the element, or the string (the DOM makes it a
    text node; it never parses it)."""
    return drawn.dom if isinstance(drawn, _Element) else drawn.text


def build(node: Node | str, document: Any) -> Any:
    """The browser element (or text node) for ``node``; text is always a text node."""
    if isinstance(node, str):
        return document.createTextNode(node)
    return _new(None, node, _rendered(node.attrs), document).dom  # type: ignore[union-attr]


#: The tree last drawn into each root by ``patch``: ``id(root)`` -> (root, children drawn).
#: The root itself is kept so that its id cannot be reused by another object meanwhile.
_DRAWN: dict[int, tuple[Any, list[_Drawn]]] = {}


def forget(root: Any) -> None:
    """Forget what was drawn into ``root``: the next ``patch`` builds everything anew (a new
    screen in the same root starts from a clean slate)."""
    _DRAWN.pop(id(root), None)


def mount(root: Any, *nodes: Node | str) -> None:
    """Replace the children of ``root`` with ``nodes`` in one step (no half-drawn frame); the
    next ``patch`` of ``root`` builds anew."""
    from pyscript import document

    forget(root)
    root.replaceChildren(*[build(node, document) for node in _flatten(nodes)])


def patch(root: Any, nodes: Any, document: Any = None) -> None:
    """Make the children of ``root`` show ``nodes`` (a node, a string or a list of them),
    touching only what changed since the last ``patch`` of ``root``. Without a previous tree
    (or when the page changed the root's children itself) everything is built, in one step."""
    if document is None:
        from pyscript import document
    new = _items(_flatten([nodes]))
    known = _DRAWN.get(id(root))
    old = known[1] if known is not None and known[0] is root else None
    if old is not None and int(root.childNodes.length) != len(old):
        old = None
    if old is None:
        drawn = _rebuild(root, new, document)
    else:
        drawn = _children(root, old, new, document)
    _DRAWN[id(root)] = (root, drawn)


def _rebuild(parent: Any, new: list[_Item], document: Any) -> list[_Drawn]:
    drawn = [_new(*item, document) for item in new]
    parent.replaceChildren(*[_content(child) for child in drawn])
    return drawn


def _js_error(error: BaseException) -> bool:
    """An error thrown by the browser (Pyodide's ``JsException``), not a bug of ours."""
    return type(error).__name__ == "JsException"


def _children(parent: Any, old: list[_Drawn], new: list[_Item], document: Any) -> list[_Drawn]:
    """Patch the children of ``parent`` from ``old`` (as drawn) to ``new``; what is drawn now.
    If the page changed them itself, they are built anew."""
    try:
        return _reconcile(parent, old, new, document)
    except Exception as error:
        if not isinstance(error, _Stale) and not _js_error(error):
            raise
        return _rebuild(parent, new, document)


def _dom_children(parent: Any, count: int) -> Any:
    nodes = parent.childNodes
    if int(nodes.length) != count:
        raise _Stale
    return nodes


def _reconcile(parent: Any, old: list[_Drawn], new: list[_Item], document: Any) -> list[_Drawn]:
    count = len(old)
    if count == len(new) and all(drawn.key == item[0] for drawn, item in zip(old, new)):
        # The usual case: the same children in the same order; only their insides may change.
        nodes = None
        for index, (drawn, (_key, node, rendered)) in enumerate(zip(old, new)):
            if isinstance(drawn, _Element):
                _update(drawn, node, rendered, document)  # type: ignore[arg-type]
            elif drawn.text != node:
                if count == 1 and node:
                    parent.textContent = node  # also right if the page rewrote the text itself
                else:
                    if nodes is None:
                        nodes = _dom_children(parent, count)
                    nodes.item(index).data = node
                drawn.text = node  # type: ignore[assignment]
        return old

    where = {drawn.key: index for index, drawn in enumerate(old)}
    sources = [where.get(item[0], -1) for item in new]
    if all(source < 0 for source in sources):
        return _rebuild(parent, new, document)
    # DOM nodes of the old children, read before anything moves (text nodes by position).
    nodes = _dom_children(parent, count) if any(isinstance(drawn, _Text) for drawn in old) else None
    doms = [drawn.dom if isinstance(drawn, _Element) else nodes.item(index)  # type: ignore[union-attr]
            for index, drawn in enumerate(old)]
    kept = set(sources)
    for index in range(count):
        if index not in kept:
            doms[index].remove()
    drawn_now: list[_Drawn] = []
    for (key, node, rendered), source in zip(new, sources):
        if source < 0:
            drawn_now.append(_new(key, node, rendered, document))
            continue
        drawn = old[source]
        if isinstance(drawn, _Element):
            _update(drawn, node, rendered, document)  # type: ignore[arg-type]
        elif drawn.text != node:
            doms[source].data = node
            drawn.text = node  # type: ignore[assignment]
        drawn_now.append(drawn)
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
        run = [doms[sources[index]] if sources[index] >= 0 else _content(drawn_now[index])
               for index in range(position + 1, end + 1)]
        if anchor is None:
            parent.append(*run)
        else:
            anchor.before(*run)
    return drawn_now


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


def _update(drawn: _Element, node: Node, rendered: dict[str, str], document: Any) -> None:
    """Bring the element ``drawn`` (same key, so same tag) to ``node``."""
    old = drawn.attrs
    if rendered != old:
        dom = drawn.dom
        tag = drawn.tag
        for name, value in rendered.items():
            if old.get(name) != value:
                dom.setAttribute(name, value)
                if (tag, name) in _PROPERTIES:
                    _set_property(dom, name, value)
        for name in old:
            if name not in rendered:
                dom.removeAttribute(name)
                if (tag, name) in _PROPERTIES:
                    _set_property(dom, name, None)
        drawn.attrs = rendered
    if node.children or drawn.children:
        drawn.children = _children(drawn.dom, drawn.children, _items(node.children), document)


def _set_property(dom: Any, name: str, value: str | None) -> None:
    if name == "value":
        dom.value = "" if value is None else value
    else:
        setattr(dom, name, value is not None)
