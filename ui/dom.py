"""A small DOM builder: screens describe their markup as ``h(...)`` trees, ``mount`` builds it.

Why not ``innerHTML``: every string the UI shows (player names above all) must reach the page
as text, never as markup (DESIGN.md). Building elements with ``createElement`` and text nodes
makes that true by construction: there is no code path that parses a string as HTML.

The tree is plain Python (``Node``) so a screen builds its whole view without touching the
browser and the browser is called once per element when it is mounted.
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


def build(node: Node | str, document: Any) -> Any:
    """The browser element (or text node) for ``node``; text is always a text node."""
    if isinstance(node, str):
        return document.createTextNode(node)
    element = document.createElement(node.tag)
    for name, value in node.attrs.items():
        if value is None or value is False:
            continue
        if name == "class":
            element.className = value if isinstance(value, str) else classes(*value)
        elif value is True:
            element.setAttribute(name, "")
        else:
            element.setAttribute(name, str(value))
    for child in node.children:
        element.appendChild(build(child, document))
    return element


def mount(root: Any, *nodes: Node | str) -> None:
    """Replace the children of ``root`` with ``nodes`` in one step (no half-drawn frame)."""
    from pyscript import document

    fragment = document.createDocumentFragment()
    for node in nodes:
        fragment.appendChild(build(node, document))
    root.replaceChildren(fragment)
