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

#: Words for a seat's status in the room (``HostRoom.status``).
SEAT_STATUS = {"open": "open", "joined": "here", "away": "away: reconnecting…", "bot": "bot",
               "here": "at the host’s device"}


def seat_status_text(status: str) -> str:
    return SEAT_STATUS.get(status, status)


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
          [h("li", {"key": f"chat-{index}"}, h("strong", None, f"{line.get('name', '')}: "), str(line.get("text", "")))
           for index, line in enumerate(lines)]) if lines else None,
        # The page submits no form (``ui/main.py``): Enter in the field clicks Send.
        h("form", {"class": "room-chat-form"},
          h("label", {"class": "visually-hidden", "for": "room-chat-text"}, "Message to the room"),
          h("input", {"type": "text", "name": "chat", "id": "room-chat-text", "maxlength": str(MAX_CHAT),
                      "autocomplete": "off", "placeholder": "Say something to the room"}),
          h("button", {"type": "submit", "data-cmd": "chat"}, "Send")),
    ]
    if folded:
        return h("details", {"class": "room-chat", "data-testid": "chat"},
                 h("summary", None, f"Chat ({len(lines)})" if lines else "Chat"), *body)
    return h("section", {"class": "room-chat", "data-testid": "chat", "aria-label": "Chat"},
             h("h2", None, "Chat"), *body)


def take_chat_line(button: Any) -> str:
    """The chat line typed in the form of ``button`` (emptied), as it will be sent: "" if none."""
    form = button.closest("form") if hasattr(button, "closest") else None
    field = form.querySelector("input[name=chat]") if present(form) else None
    if not present(field):
        return ""
    text = clean_text(str(field.value), MAX_CHAT)
    field.value = ""
    return text
