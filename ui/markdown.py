"""Just enough Markdown for the rules pages, rendered to ``ui.dom`` nodes (never to HTML text).

Supported: ``#``–``####`` headings, paragraphs, ``-``/``*`` and ``1.`` lists (one level, with
continuation lines), ``>`` notes, pipe tables, ``**strong**``, ``*emphasis*``, `` `code` `` and
``[links](#/route)``. Links may only point inside the app (``#...``): the app works offline
and must not send the reader elsewhere by surprise.
"""

from __future__ import annotations

import re
from typing import Callable

from ui.dom import Node, h

#: Turns the text of a code span into nodes (the rules page shows card notation as cards).
CodeRenderer = Callable[[str], "Node | str"]

_INLINE = re.compile(
    r"(\*\*(?P<strong>.+?)\*\*)"
    r"|(\*(?P<em>[^*\s][^*]*?)\*)"
    r"|(`(?P<code>[^`]+)`)"
    r"|(\[(?P<label>[^\]]+)\]\((?P<href>[^)\s]+)\))"
)
_HEADING = re.compile(r"^(#{1,4})\s+(.*)$")
_BULLET = re.compile(r"^\s*[-*]\s+(.*)$")
_NUMBERED = re.compile(r"^\s*\d+[.)]\s+(.*)$")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def inline(text: str, code: CodeRenderer | None = None) -> list[Node | str]:
    """Inline markup of one block of text."""
    out: list[Node | str] = []
    position = 0
    for match in _INLINE.finditer(text):
        if match.start() > position:
            out.append(text[position:match.start()])
        if match.group("strong") is not None:
            out.append(h("strong", None, inline(match.group("strong"), code)))
        elif match.group("em") is not None:
            out.append(h("em", None, inline(match.group("em"), code)))
        elif match.group("code") is not None:
            content = match.group("code")
            out.append(code(content) if code else h("code", None, content))
        else:
            href = match.group("href")
            label = inline(match.group("label"), code)
            out.append(h("a", {"href": href}, label) if href.startswith("#") else h("span", None, label))
        position = match.end()
    if position < len(text):
        out.append(text[position:])
    return out


def _table(lines: list[str], code: CodeRenderer | None) -> Node:
    def cells(line: str) -> list[str]:
        return [cell.strip() for cell in line.strip().strip("|").split("|")]

    head = cells(lines[0])
    body = [cells(line) for line in lines[2:]] if len(lines) > 1 and set(lines[1].replace("|", "").strip()) <= set("-: ") else [cells(line) for line in lines[1:]]
    return h("div", {"class": "table-wrap"},
             h("table", None,
               h("thead", None, h("tr", None, [h("th", {"scope": "col"}, inline(cell, code)) for cell in head])),
               h("tbody", None, [h("tr", None, [h("td", None, inline(cell, code)) for cell in row]) for row in body])))


def render(text: str, code: CodeRenderer | None = None) -> list[Node]:
    """The blocks of ``text`` as nodes."""
    blocks: list[Node] = []
    lines = text.replace("\r\n", "\n").split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.strip():
            index += 1
            continue
        heading = _HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            content = heading.group(2).strip()
            blocks.append(h(f"h{level}", {"id": slug(content)}, inline(content, code)))
            index += 1
            continue
        if line.lstrip().startswith("|"):
            rows = []
            while index < len(lines) and lines[index].lstrip().startswith("|"):
                rows.append(lines[index])
                index += 1
            blocks.append(_table(rows, code))
            continue
        if line.lstrip().startswith(">"):
            quoted = []
            while index < len(lines) and lines[index].lstrip().startswith(">"):
                quoted.append(lines[index].lstrip()[1:].strip())
                index += 1
            blocks.append(h("aside", {"class": "note"}, render("\n".join(quoted), code)))
            continue
        bullet, numbered = _BULLET.match(line), _NUMBERED.match(line)
        if bullet or numbered:
            pattern = _BULLET if bullet else _NUMBERED
            items: list[str] = []
            while index < len(lines) and lines[index].strip():
                item = pattern.match(lines[index])
                if item:
                    items.append(item.group(1).strip())
                elif items and lines[index].startswith((" ", "\t")):
                    items[-1] += " " + lines[index].strip()  # continuation of the item
                else:
                    break
                index += 1
            blocks.append(h("ul" if bullet else "ol", None, [h("li", None, inline(item, code)) for item in items]))
            continue
        paragraph = []
        while index < len(lines) and lines[index].strip() and not (
            _HEADING.match(lines[index]) or _BULLET.match(lines[index]) or _NUMBERED.match(lines[index])
            or lines[index].lstrip().startswith(("|", ">"))
        ):
            paragraph.append(lines[index].strip())
            index += 1
        blocks.append(h("p", None, inline(" ".join(paragraph), code)))
    return blocks
