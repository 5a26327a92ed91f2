"""``#/join`` and ``#/join/<code>``: a friend's device joins a room that another device hosts.

``#/join`` asks for the room's code (``input[name=code]``: any case, spaces, dashes and look-alike
characters forgiven, ``ui.app.routes.room_code``) and a name. With a code, the screen reaches the
host at once and says which game the room plays and who hosts it before the person joins
(``input[name=name]``, prefilled with the name this device used last, ``button[data-cmd=join]``);
a code that no room answers is told within seconds in ``[data-testid=join-error]``, with the code
editable again; a room that is full or has started offers ``button[data-cmd=watch]``. A device that
holds a seat in the room already (a reload, or Continue) rejoins at once with the seat's token.
While the host's lobby is open the screen shows the seats as they fill and the chat; once the host
starts, the game's own table takes the screen, drawn from the views the host sends
(``ui.friends.guest.GuestFlow``) with the room's strip (``ui.friends.joining.GuestSide``).
"""

from __future__ import annotations

from typing import Any

from engine import GAMES
from ui.app import embed
from ui.app.catalog import game_title
from ui.app.play_setup import MAX_NAME
from ui.app.routes import RouteError, check_broker, room_code
from ui.app.screen import Navigate, TableScreen
from ui.friends.joining import GuestSide
from ui.friends.panels import chat_panel, seat_row, standings_panel, watchers_line
from ui.kit import settings
from ui.kit.dom import Node, attr, h
from ui.kit.i18n import _, ngettext
from ui.kit.words import shown_name
from ui.storage.saves import Store


class JoinScreen(TableScreen):
    def __init__(self, root: Any, navigate: Navigate, code: str, query: tuple[tuple[str, str], ...],
                 store: Store, table_class: Any) -> None:
        super().__init__(root, navigate)
        self.store = store
        self.table_class = table_class
        self.problem = ""
        self.typed = code
        try:
            self.code = room_code(code) if code else ""
            given = dict(query).get("broker", "")
            self.broker = check_broker(given) if given else ""
        except RouteError as error:
            self.code, self.broker, self.problem = "", "", str(error)
        ticket = store.ticket(self.code) if self.code else None
        if ticket is not None and not self.broker:
            self.broker = str(ticket.get("broker", ""))
        if not self.broker:
            self.broker = str(settings.read().get("broker", ""))
        self.name = str(ticket.get("name", "")) if ticket else str(settings.read().get("name", ""))
        self.guest: GuestSide | None = None
        self.title = (_("Join room {code} — Five Checks", code=self.code) if self.code
                      else _("Join a room — Five Checks"))
        self._rejoin = ticket is not None

    # -- the room -----------------------------------------------------------------------

    def start(self) -> None:
        if self.code:
            self.connect(joining=self._rejoin)

    def connect(self, joining: bool) -> None:
        """Reach the host of ``code``: to learn what the room is, and to join at once when
        ``joining``."""
        if self.guest is None and self.code:
            self.guest = GuestSide(self.code, self.broker, self.name, self.store, self.timers, self.changed,
                                   joining=joining)
            if joining:
                self.guest.join(self.name)

    def join(self) -> None:
        """The join button: with the code field (``#/join``), the room it names; else this room."""
        if not self.code or (self.guest is not None and self.guest.no_room):
            try:
                code = room_code(self.typed)
            except RouteError as error:
                self.problem = str(error)
                self.show()
                return
            self.forget_room()
            self.code, self.problem = code, ""
            self.title = _("Join room {code} — Five Checks", code=code)
            from pyscript import window

            # The address names the room: a reload comes back to it.
            window.history.replaceState(None, "", embed.address(f"#/join/{code}"))
            self.connect(joining=True)
        elif self.guest is None:
            self.connect(joining=True)
        else:
            self.guest.join(self.name)
        # Drawn after the click's own work: the form it submits is still in the page then,
        # so the page's submit listener cancels the submission.
        self.timers.later(0, self.show)

    def forget_room(self) -> None:
        if self.guest is not None:
            self.guest.dispose()
            self.guest = None

    def changed(self) -> None:
        """The room changed: the first view of the game brings the table (again, when the host
        dealt another game in the room, or this device now watches it)."""
        guest = self.guest
        if self.table is not None and guest is not None and guest.flow is not self.table.flow:
            self.table = guest.table = None
            self._drawn = False
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
        if guest is None or guest.no_room:
            return [self.code_form()]
        if guest.flow is None:
            return [self.before_joining(guest)]
        return [self.lobby(guest)]

    def code_form(self) -> Node:
        """``#/join``, or a code that no room answers: the code and the name to type."""
        guest = self.guest
        error = self.problem or (
            _("No room answers to the code {code}. Check it with your friend (their screen shows it "
              "under “Room code”), or ask them for the link again.", code=self.code)
            if guest is not None and guest.no_room else "")
        return h("section", {"class": "page room-join", "data-testid": "join"},
                 h("nav", {"class": "crumbs"}, h("a", {"href": "#/"}, _("All games"))),
                 h("h1", {"tabindex": "-1"}, _("Join a friend’s room")),
                 h("p", {"class": "lead-text"}, _("The friend who opened the room sees its code on their screen: "
                                                  "five letters and digits.")),
                 h("p", {"class": "problem", "role": "alert", "data-testid": "join-error"}, error) if error else None,
                 h("form", {"class": "room-join-form"},
                   h("label", {"for": "join-code"}, _("Room code")),
                   h("input", {"type": "text", "id": "join-code", "name": "code", "value": self.typed or self.code,
                               "data-field": "code", "autocomplete": "off", "autocapitalize": "characters",
                               "spellcheck": "false", "maxlength": "16", "placeholder": "K7QXM",
                               "aria-invalid": "true" if error else None}),
                   self.name_field(),
                   h("button", {"type": "submit", "class": "primary", "data-cmd": "join"}, _("Join the room"))),
                 h("p", None, h("a", {"class": "button-link", "href": "#/"}, _("Back to all games"))))

    def name_field(self) -> list[Node]:
        return [h("label", {"for": "join-name"}, _("Your name")),
                h("input", {"type": "text", "id": "join-name", "name": "name", "maxlength": str(MAX_NAME),
                            "autocomplete": "nickname", "value": self.name, "data-field": "name",
                            "placeholder": _("How the others will see you")})]

    def before_joining(self, guest: GuestSide) -> Node:
        """A room found (or being looked for): its game and host, then the name and Join, or
        Watch when no seat is open."""
        info = guest.info
        game = GAMES.get(str(info["game"])) if info is not None else None
        seats = info["seats"] if info is not None else []
        open_seats = sum(1 for entry in seats if entry["status"] == "open")
        full = guest.full is not None or (info is not None and (info["started"] or not open_seats))
        if guest.full is not None:
            why = _("The game has started: every seat is taken.") if guest.full["started"] \
                else _("This room is full: every seat is taken.")
        elif info is not None and info["started"]:
            why = _("The game has started: every seat is taken.")
        elif info is not None and not open_seats:
            why = _("This room is full: every seat is taken.")
        else:
            why = ""
        about = ""
        if game is not None and info is not None:
            about = (ngettext("{game}, hosted by {host}. {n} seat open.", "{game}, hosted by {host}. {n} seats open.",
                              open_seats, game=game_title(game.id), host=shown_name(str(info["host"])))
                     if open_seats and not info["started"] else
                     _("{game}, hosted by {host}.", game=game_title(game.id), host=shown_name(str(info["host"]))))
        return h("section", {"class": "page room-join", "data-testid": "join", "data-room": self.code,
                             "data-game": info["game"] if info is not None else None},
                 h("nav", {"class": "crumbs"}, h("a", {"href": "#/"}, _("All games"))),
                 h("h1", {"tabindex": "-1"}, _("{game}: room {code}", game=game_title(game.id), code=self.code) if game
                   else _("Join room {code}", code=self.code)),
                 guest.badge(),
                 h("p", {"class": "lead-text", "data-testid": "room-about"}, about) if about else
                 h("p", {"class": "lead-text"}, _("A friend invited you to play at their table. The game runs "
                                                  "in their browser; yours shows your cards and sends your moves.")),
                 h("p", {"class": "problem", "data-testid": "join-full", "role": "status"}, why) if why else None,
                 h("form", {"class": "room-join-form"},
                   *self.name_field(),
                   None if full else h("button", {"type": "submit", "class": "primary", "data-cmd": "join"},
                                       _("Join the room")),
                   h("button", {"type": "button", "class": "primary" if full else None, "data-cmd": "watch"},
                     _("Watch the game"))),
                 h("p", None, h("a", {"class": "button-link", "href": "#/"}, _("Back to all games"))))

    def lobby(self, guest: GuestSide) -> Node:
        seating = guest.seating
        flow = guest.flow
        assert flow is not None
        game = GAMES[flow.game.id]
        rows = [seat_row(entry, entry["seat"] == flow.seat) for entry in (seating["seats"] if seating else ())]
        watchers = [str(name) for name in seating.get("watchers", ())] if seating else []
        closed = guest.closed
        watching = flow.seat is None
        return h("section", {"class": "page room-join room-lobby", "data-testid": "join-lobby"},
                 h("h1", {"tabindex": "-1"}, _("{game}: room {code}", game=game_title(game.id), code=self.code)),
                 guest.badge(),
                 h("p", {"class": "problem", "role": "alert"}, _("The host closed the room: {why}.", why=closed))
                 if closed else
                 h("p", {"class": "lead-text"}, _("You are watching. The game shows here when the host starts it.")
                   if watching else _("You are in. The game starts when the host starts it.")),
                 h("ol", {"class": "room-seats"}, rows) if rows else None,
                 watchers_line(watchers),
                 standings_panel(guest.standings, flow.seat) if guest.standings else None,
                 chat_panel(guest.chat),
                 h("p", None, h("a", {"class": "button-link", "href": "#/"}, _("All games"))) if closed else None)

    # -- events -------------------------------------------------------------------------

    def on_change(self, element: Any) -> None:
        field = attr(element, "data-field")
        if field == "name":
            self.name = str(element.value)
        elif field == "code":
            self.typed = str(element.value)

    def on_own_click(self, element: Any) -> None:
        command = attr(element, "data-cmd")
        if command == "join":
            self.join()
        elif command == "watch" and self.guest is not None:
            self.guest.watch(self.name)
        elif command == "chat" and self.guest is not None:
            self.guest.say(element)

    def dispose_own(self) -> None:
        if self.guest is not None:
            self.guest.dispose()
