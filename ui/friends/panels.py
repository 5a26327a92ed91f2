"""What a room shows on both sides, host and guest: the connection, the chat, the invite link.

Pure functions of the room's data that return DOM-kit nodes; every name and chat line goes in
as text, never as HTML.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

from ui.friends.protocol import MAX_CHAT, clean_text
from ui.kit.dom import Node, h, present
from ui.kit.i18n import N_, _, ngettext, pgettext, translated
from ui.kit.words import shown_name

#: Words for a seat's status in the room (``HostRoom.status``).
SEAT_STATUS = {"open": N_("open"), "joined": N_("here"), "away": N_("away: reconnecting…"), "bot": N_("bot"),
               "here": N_("at the host’s device")}


def seat_status_text(status: str) -> str:
    return translated(SEAT_STATUS.get(status, status))


def seat_row(entry: dict[str, Any], mine: bool, *tools: Node) -> Node:
    """A lobby's ``[data-testid=seat]`` row for a ``lobby`` message's ``entry``: "You" on the
    reader's own seat (``mine``), the person's name otherwise, then ``tools`` (the host's)."""
    seat, status = entry["seat"], entry["status"]
    return h("li", {"class": f"room-seat room-seat-{status}", "data-testid": "seat", "data-seat": seat,
                    "data-status": status, "key": f"seat-{seat}"},
             h("span", {"class": "room-seat-number"}, _("Seat {number}", number=seat + 1)),
             h("strong", None, pgettext("a seat's name", "You") if mine
               else shown_name(entry["name"]) if status != "open" else _("Waiting for a friend…")),
             h("span", {"class": "room-seat-status"}, _("this device") if mine else seat_status_text(status)),
             *tools)


def watchers_line(names: Sequence[str]) -> Node | None:
    """``[data-testid=watchers]``: who watches the room, if anybody."""
    return h("p", {"class": "muted", "data-testid": "watchers"},
             _("Watching: {names}", names=", ".join(shown_name(name) for name in names))) if names else None


def invite_link(page: str, code: str, broker: str) -> str:
    """The link a friend opens: this page's address, ``#/join/<code>``, and the broker when it is
    not the public one (both ends must meet on the same broker)."""
    here = page.split("#", 1)[0]
    return f"{here}#/join/{code}" + (f"?broker={quote(broker, safe=':/')}" if broker else "")


def connection_badge(state: str, text: str) -> Node:
    """``[data-testid=connection]`` with ``data-state`` (``connected``, ``reconnecting``,
    ``host-gone``, or the steps before: ``opening``, ``connecting``, ``failed``)."""
    return h("p", {"class": f"room-connection room-connection-{state}", "data-testid": "connection",
                   "data-state": state, "role": "status"},
             h("span", {"class": "room-dot", "aria-hidden": "true"}), " ", text)


def chat_panel(lines: Sequence[dict[str, Any]], folded: bool = False) -> Node:
    """The room's chat: the lines so far (newest last) and a field to say something. At the
    table (``folded``) it is a disclosure that shows how many lines there are."""
    body = [
        h("ol", {"class": "room-chat-lines", "data-testid": "chat-lines", "aria-live": "polite", "tabindex": "0"},
          [h("li", {"key": f"chat-{index}"},
             h("strong", None, _("{name}: ", name=shown_name(str(line.get("name", ""))))),
             str(line.get("text", "")))
           for index, line in enumerate(lines)]) if lines else None,
        # The page submits no form (``ui/main.py``): Enter in the field clicks Send.
        h("form", {"class": "room-chat-form"},
          h("label", {"class": "visually-hidden", "for": "room-chat-text"}, _("Message to the room")),
          h("input", {"type": "text", "name": "chat", "id": "room-chat-text", "maxlength": str(MAX_CHAT),
                      "autocomplete": "off", "placeholder": _("Say something to the room")}),
          h("button", {"type": "submit", "data-cmd": "chat"}, _("Send"))),
    ]
    if folded:
        return h("details", {"class": "room-chat", "data-testid": "chat"},
                 h("summary", None, _("Chat ({count})", count=len(lines)) if lines else _("Chat")), *body)
    return h("section", {"class": "room-chat", "data-testid": "chat", "aria-label": _("Chat")},
             h("h2", None, _("Chat")), *body)


def standings_panel(standings: dict[str, Any], you: int | None) -> Node | None:
    """``[data-testid=standings]``: the room's score across its deals (a ``standings`` message),
    each seat's wins and its running total where the game keeps one; ``you`` is this device's
    seat, said "You"."""
    rows = standings.get("rows") or []
    deals = int(standings.get("deals", 0))
    if not deals or not rows:
        return None
    totals = any(row.get("total") is not None for row in rows)
    heading = ngettext("After {n} deal", "After {n} deals", deals)
    note = _("The lowest total leads.") if standings.get("lowest") else ""
    return h("section", {"class": "room-standings", "data-testid": "standings", "aria-label": _("Standings")},
             h("h2", None, heading),
             h("table", None,
               h("thead", None, h("tr", None, h("th", {"scope": "col"}, _("Player")),
                                  h("th", {"scope": "col"}, _("Wins")),
                                  h("th", {"scope": "col"}, _("Total")) if totals else None)),
               h("tbody", None,
                 [h("tr", {"data-seat": row["seat"], "key": f"standing-{row['name']}"},
                    h("th", {"scope": "row"}, pgettext("a seat's name", "You") if you is not None and row["seat"] == you
                      else shown_name(str(row["name"]))),
                    h("td", None, str(row["wins"])),
                    h("td", None, str(row["total"])) if totals else None)
                  for row in rows])),
             h("p", {"class": "muted"}, note) if note else None)


def take_chat_line(button: Any) -> str:
    """The chat line typed in the form of ``button`` (emptied), as it will be sent: "" if none."""
    form = button.closest("form") if hasattr(button, "closest") else None
    field = form.querySelector("input[name=chat]") if present(form) else None
    if not present(field):
        return ""
    text = clean_text(str(field.value), MAX_CHAT)
    field.value = ""
    return text
