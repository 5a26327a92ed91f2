"""``#/join/<code>``: a friend's device joins a room that another device hosts.

The person gives a name (``input[name=name]``, ``button[data-cmd=join]``) unless this device holds
a seat in the room already (a reload, or Continue): then it rejoins at once with the seat's token.
While the host's lobby is open the screen shows the seats as they fill and the chat; once the host
starts, the game's own table takes the screen, drawn from the views the host sends
(``ui.friends.guest.GuestFlow``) with the room's strip (``ui.friends.joining.GuestSide``).
"""

from __future__ import annotations

from typing import Any

from engine import GAMES
from ui.app.routes import MAX_NAME, RouteError, check_broker, room_code
from ui.app.screen import Navigate, TableScreen
from ui.friends.joining import GuestSide
from ui.friends.panels import chat_panel, seat_status_text
from ui.kit import settings
from ui.kit.dom import Node, attr, h
from ui.storage.saves import Store


class JoinScreen(TableScreen):
    def __init__(self, root: Any, navigate: Navigate, code: str, query: tuple[tuple[str, str], ...],
                 store: Store, table_class: Any) -> None:
        super().__init__(root, navigate)
        self.store = store
        self.table_class = table_class
        self.problem = ""
        try:
            self.code = room_code(code)
            given = dict(query).get("broker", "")
            self.broker = check_broker(given) if given else ""
        except RouteError as error:
            self.code, self.broker, self.problem = "", "", str(error)
        ticket = store.ticket(self.code) if self.code else None
        if ticket is not None and not self.broker:
            self.broker = str(ticket.get("broker", ""))
        if not self.broker:
            self.broker = str(settings.read().get("broker", ""))
        self.name = str(ticket.get("name", "")) if ticket else ""
        self.guest: GuestSide | None = None
        self.title = f"Join room {self.code} — Five Checks" if self.code else "Join a room — Five Checks"
        self._rejoin = ticket is not None

    # -- the room -----------------------------------------------------------------------

    def start(self) -> None:
        if self._rejoin:
            self.join()

    def join(self) -> None:
        if self.guest is None and self.code:
            self.guest = GuestSide(self.code, self.broker, self.name, self.store, self.timers, self.changed)
            # Drawn after the click's own work: the form it submits is still in the page then,
            # so the page's submit listener cancels the submission.
            self.timers.later(0, self.show)

    def changed(self) -> None:
        """The room changed: the first view of the game brings the table."""
        guest = self.guest
        if self.table is None and guest is not None and guest.flow is not None and guest.flow.ply >= 0:
            flow = guest.flow
            table = self.table_class(flow.game.id)(self.root, self.navigate, flow.setup, flow=flow)
            table.timers = self.timers  # one group: leaving the screen stops both
            table.room = guest
            guest.table = table
            self.table = table
            self._drawn = False
        self.show()

    # -- drawing ------------------------------------------------------------------------

    def render(self) -> list[Node]:
        guest = self.guest
        heading = f"Join room {self.code}" if self.code else "Join a room"
        if not self.code:
            return [h("section", {"class": "page room-join", "data-testid": "join"},
                      h("h1", {"tabindex": "-1"}, heading),
                      h("p", {"class": "problem", "role": "alert"}, self.problem),
                      h("p", None, h("a", {"class": "button-link", "href": "#/"}, "All games")))]
        if guest is None:
            return [h("section", {"class": "page room-join", "data-testid": "join"},
                      h("h1", {"tabindex": "-1"}, heading),
                      h("p", {"class": "lead-text"}, "A friend invited you to play at their table. The game runs "
                        "in their browser; yours shows your cards and sends your moves."),
                      h("form", {"class": "room-join-form"},
                        h("label", {"for": "join-name"}, "Your name"),
                        h("input", {"type": "text", "id": "join-name", "name": "name", "maxlength": str(MAX_NAME),
                                    "autocomplete": "nickname", "value": self.name, "data-field": "name",
                                    "placeholder": "How the others will see you"}),
                        h("button", {"type": "submit", "class": "primary", "data-cmd": "join"}, "Join the room")))]
        seating = guest.seating
        game = GAMES[guest.flow.game.id] if guest.flow is not None else None
        rows = [h("li", {"class": f"room-seat room-seat-{entry['status']}", "data-testid": "seat",
                         "data-seat": entry["seat"], "data-status": entry["status"], "key": f"seat-{entry['seat']}"},
                  h("span", {"class": "room-seat-number"}, f"Seat {entry['seat'] + 1}"),
                  h("strong", None, entry["name"] if entry["status"] != "open" else "Waiting for a friend…"),
                  h("span", {"class": "room-seat-status"},
                    "you" if guest.flow is not None and entry["seat"] == guest.flow.seat
                    else seat_status_text(entry["status"])))
                for entry in (seating["seats"] if seating else ())]
        closed = guest.closed
        return [h("section", {"class": "page room-join room-lobby", "data-testid": "join-lobby"},
                  h("h1", {"tabindex": "-1"}, f"{game.title}: room {self.code}" if game else heading),
                  guest.badge(),
                  h("p", {"class": "problem", "role": "alert"}, f"The host closed the room: {closed}.")
                  if closed else
                  h("p", {"class": "lead-text"}, "You are in. The game starts when the host starts it.")
                  if guest.flow is not None else None,
                  h("ol", {"class": "room-seats"}, rows) if rows else None,
                  chat_panel(guest.chat) if guest.flow is not None else None,
                  h("p", None, h("a", {"class": "button-link", "href": "#/"}, "All games")) if closed else None)]

    # -- events -------------------------------------------------------------------------

    def on_change(self, element: Any) -> None:
        if attr(element, "data-field") == "name":
            self.name = str(element.value)

    def on_own_click(self, element: Any) -> None:
        command = attr(element, "data-cmd")
        if command == "join":
            self.join()
        elif command == "chat" and self.guest is not None:
            self.guest.say(element)

    def dispose_own(self) -> None:
        if self.guest is not None:
            self.guest.dispose()
