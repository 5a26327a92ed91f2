"""``#/<id>``: set up a game — who sits where (person or bot level, names), options, seed.

The form only builds a play route (``#/<id>/play?...``) and follows it, so every game set up
here can also be started, shared or bookmarked as a link. ``#/<id>?<play params>`` opens the
form filled in like that route (the table's "Change setup" link uses it).

Around the form, this game's saved games (``ui.screens.saved_lists``): "Continue" above it (a person
coming back sees the game they left before a new one), the person's results against each bot
level and the recent finished games below it, each with its replay link.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from engine import GAMES, SetupError
from engine.bots import get_bot, levels
from ui.app.catalog import entry, game_title, game_titles
from ui.app.play_setup import (
    MAX_SEED,
    UNNAMED,
    PlaySetup,
    SeatSpec,
    bot_name,
    clean_name,
    default_bot_level,
    parse_play,
)
from ui.app.routes import DEFAULT_DELAY_MS, RouteError, check_broker
from ui.app.screen import Navigate, Screen
from ui.kit import settings
from ui.kit.dom import Node, attr, h
from ui.kit.i18n import _, ngettext, translated
from ui.kit.words import level_word
from ui.screens.saved_lists import (
    ListActions,
    continue_section,
    history_section,
    refocus,
    replay_link,
    stats_section,
    storage_problem,
)
from ui.storage.saves import Listed, Store, Tally


class SetupScreen(Screen):
    def __init__(self, root: Any, navigate: Navigate, game_id: str, query: tuple[tuple[str, str], ...],
                 store: Store | None = None) -> None:
        super().__init__(root, navigate)
        if store is None:
            from ui.storage.page_store import store as page_store

            store = page_store()
        self.store = store
        self.actions = ListActions(store, game_titles())
        #: This game's saved games as last read (games in progress, statistics, history): read
        #: again only after a list button, not on every redraw of the form (each read parses
        #: every stored game).
        self._records: tuple[list[Listed], dict[str, Tally], list[Listed]] | None = None
        self.game = GAMES[game_id]
        self.entry = entry(game_id)
        self.levels = levels(game_id)
        self.title = _("{game}: new game — Five Checks", game=game_title(self.game.id))
        self.kinds = ["human"]
        self.names = [""]
        self._resize(self.game.min_players)
        self.options: dict[str, Any] = {option.name: option.default for option in self.game.options}
        self.seed = random.SystemRandom().randint(0, 999_999)
        self.delay = DEFAULT_DELAY_MS
        self.deck: tuple[str, ...] | None = None
        #: Takebacks against bots (the play route's ``undo=0`` when off).
        self.undo = True
        #: The broker a room with friends is opened on (a route's ``broker=``; "" the public one).
        self.broker = ""
        self.problem = ""
        if query:
            self._prefill(query)

    def _prefill(self, query: tuple[tuple[str, str], ...]) -> None:
        """Fill the form from play-route parameters; a bad value just keeps the default."""
        try:
            setup = parse_play(self.game.id, query, [o.name for o in self.game.options],
                               (self.game.min_players, self.game.max_players), self.levels)
        except RouteError:
            return
        self.kinds = [f"bot:{seat.level}" if seat.is_bot else seat.kind for seat in setup.seats]
        self.names = [seat.name if not seat.is_bot and seat.name != UNNAMED and not seat.name.startswith("Player ")
                      else "" for seat in setup.seats]
        for option in self.game.options:
            if option.name in setup.options:
                with contextlib.suppress(SetupError):
                    self.options[option.name] = option.coerce(setup.options[option.name])
        if setup.seed_given:
            self.seed = setup.seed
        self.delay = setup.delay_ms
        self.deck = setup.deck
        self.undo = setup.undo
        self.broker = setup.broker

    def _resize(self, count: int) -> None:
        """Seats added at the end get a bot (people when the table is all people)."""
        if all(kind == "human" for kind in self.kinds) and len(self.kinds) > 1:
            added = "human"
        else:
            level = default_bot_level(self.levels)
            added = f"bot:{level}" if level else "human"
        self.kinds = (self.kinds + [added] * count)[:count]
        self.names = (self.names + [""] * count)[:count]

    # -- the play route this form describes --

    def play_setup(self) -> PlaySetup:
        seats = []
        for kind, name in zip(self.kinds, self.names, strict=True):
            if kind == "human":
                seats.append(SeatSpec("human", clean_name(name)))
            elif kind == "friend":
                seats.append(SeatSpec("friend", ""))
            else:
                level = kind.split(":", 1)[1]
                seats.append(SeatSpec("bot", bot_name(level), level))
        defaults = {option.name: option.default for option in self.game.options}
        changed = {name: value for name, value in self.options.items() if value != defaults[name]}
        # Off only where it is offered: a table of people (or of bots) has no takebacks anyway,
        # and its link need not say so.
        undo = self.undo or not self.undo_offered()
        return PlaySetup(self.game.id, tuple(seats), self.seed, changed, self.deck, self.delay, undo=undo,
                         broker=self.broker if "friend" in self.kinds else "")

    def undo_offered(self) -> bool:
        """Takebacks exist when exactly one person plays bots (people at one device agree at
        the table instead)."""
        people = sum(1 for kind in self.kinds if kind == "human")
        return people == 1 and len(self.kinds) > 1 and "friend" not in self.kinds

    # -- rendering --

    def render(self) -> list[Node]:
        game = self.game
        hotseat = all(kind == "human" for kind in self.kinds)
        seats = []
        for seat, kind in enumerate(self.kinds):
            choices = [h("option", {"value": "human", "selected": kind == "human"}, _("Person here"))]
            if not (game.id == "check" and seat == 0):  # Check!'s Game Master is the room's host
                choices.append(h("option", {"value": "friend", "selected": kind == "friend"},
                                 _("A friend on another device")))
            for level in self.levels:
                choices.append(h("option", {"value": f"bot:{level}", "selected": kind == f"bot:{level}"},
                                 _("Bot: {level}", level=level_word(level))))
            about = ""
            if kind.startswith("bot:"):
                # A bot's description: engine/bots' English, extracted by tools.catalog.extract_bots.
                about = translated(getattr(get_bot(game.id, kind[4:]), "description", "") or "")
            roles = self.entry.roles if self.entry else ()
            role = roles[seat] if seat < len(roles) else ""
            seats.append(h("div", {"class": "seat-row"},
                           h("label", {"for": f"seat-kind-{seat}"},
                             h("strong", None, _("Seat {number}", number=seat + 1)),
                             h("span", {"class": "muted"}, _(" ({role})", role=translated(role))) if role else None),
                           h("select", {"id": f"seat-kind-{seat}", "data-field": f"kind:{seat}",
                                        "data-testid": f"seat-{seat}"}, choices),
                           h("input", {"id": f"seat-name-{seat}", "data-field": f"name:{seat}", "type": "text",
                                       "maxlength": "24", "autocomplete": "off",
                                       "placeholder": _("Name (optional)"), "value": self.names[seat],
                                       "aria-label": _("Seat {number} name", number=seat + 1)})
                           if kind == "human" else
                           h("span", {"class": "muted bot-about"},
                             _("Joins from their own device with the room’s link or code; "
                               "the game runs in this browser."))
                           if kind == "friend" else
                           h("span", {"class": "muted bot-about"},
                             about[:1].upper() + about[1:] + "." if about else "")))
        options = [self._option_row(option) for option in game.options]
        if game.min_players != game.max_players:
            counts = range(game.min_players, game.max_players + 1)
            seat_count = h("div", {"class": "seed-row count-row"},
                           h("label", {"for": "seat-count"}, h("strong", None, _("How many players"))),
                           h("select", {"id": "seat-count", "data-field": "count", "data-testid": "seat-count"},
                             [h("option", {"value": str(n), "selected": n == len(self.kinds)}, str(n))
                              for n in counts]))
        else:
            seat_count = None
        hidden = not game.perfect_information
        together = (_("Two people on one device") if game.max_players == 2 else _("Only people, on one device"))
        now = self.store.now()
        in_progress, stats, history = self.records()
        together_help = (_("A “pass the device” screen hides the table between turns, so nobody sees "
                           "another player’s cards.") if hidden else
                         _("Every seat is played here, turn about; all cards are open, so nothing needs hiding."))
        return [
            h("section", {"class": "page setup", "data-testid": "setup"},
              h("nav", {"class": "crumbs"}, h("a", {"href": "#/"}, _("All games")), " › ", game_title(game.id)),
              h("h1", None, _("{game}: new game", game=game_title(game.id))),
              storage_problem(self.store),
              self.actions.notes(),
              continue_section(in_progress, now, game_titles=game_titles(), show_game=False,
                               rooms=[(code, ticket) for code, ticket in self.store.tickets()
                                      if ticket.get("game") == game.id]),
              h("p", {"class": "lead-text"}, (translated(self.entry.setup_line) + " ") if self.entry else None,
                h("a", {"href": f"#/{game.id}/rules"}, _("read the rules")), _(" or just start.")),
              h("p", {"class": "learn-row"},
                h("a", {"class": "button-link", "href": f"#/{game.id}/learn", "data-testid": "learn-link"},
                  ngettext("Learn to play, {minutes} minute", "Learn to play, {minutes} minutes",
                           self.entry.lesson_minutes if self.entry else 3,
                           minutes=self.entry.lesson_minutes if self.entry else 3)),
                h("span", {"class": "muted"}, _(" a coached first game against a bot"))),
              h("fieldset", None,
                h("legend", None, _("Players")),
                seat_count,
                seats,
                h("label", {"class": "option-row", "for": "hotseat"},
                  h("input", {"type": "checkbox", "id": "hotseat", "data-field": "hotseat",
                              "data-testid": "hotseat", "checked": hotseat}),
                  h("span", None, h("strong", None, together),
                    h("span", {"class": "muted block"}, together_help)))),
              h("fieldset", None, h("legend", None, _("Options")), options, self._undo_row())
              if options or self.undo_offered() else None,
              self._connection_fields() if "friend" in self.kinds else None,
              h("fieldset", None,
                h("legend", None, _("Deal")),
                h("div", {"class": "seed-row"},
                  h("label", {"for": "seed"}, _("Seed")),
                  h("input", {"id": "seed", "type": "number", "min": "0", "max": str(MAX_SEED),
                              "inputmode": "numeric", "data-field": "seed", "value": str(self.seed)}),
                  h("button", {"type": "button", "data-cmd": "reseed"}, _("New seed"))),
                h("p", {"class": "muted"}, _("The same seed deals the same cards: share the link to replay a deal.")),
                h("p", {"class": "muted"}, _("Stacked deck: {cards}", cards=",".join(self.deck)))
                if self.deck else None),
              h("p", {"class": "problem", "role": "alert"}, self.problem) if self.problem else None,
              h("p", {"class": "start-row"},
                h("button", {"type": "button", "class": "primary big", "data-cmd": "start",
                             "data-testid": "start"}, _("Start the game")))),
            # Outside the form's section, so its sticky start button does not ride over them.
            h("div", {"class": "page setup-records"},
              stats_section(stats, self.levels),
              history_section(history, now, game=game.id) or replay_link(game.id)),
        ]

    def records(self) -> tuple[list[Listed], dict[str, Tally], list[Listed]]:
        """This game's games in progress, statistics and finished games."""
        if self._records is None:
            game_id = self.game.id
            self._records = (self.store.games(game_id), self.store.stats(game_id), self.store.history(game_id))
        return self._records

    def _connection_fields(self) -> Node:
        """How a room with friends connects: the broker that introduces the devices (this
        game's ``broker=``, else the setting) and a TURN server for networks that block direct
        connections; the broker and TURN fields are kept as settings for the next room."""
        kept = settings.read()
        broker = self.broker or str(kept["broker"])
        field = {"type": "text", "autocomplete": "off", "spellcheck": "false"}
        return h("details", {"class": "setup-connection", "data-testid": "connection-settings",
                             "open": bool(broker or kept["turn_url"])},
                 h("summary", None, _("Connection for friends on other devices")),
                 h("p", {"class": "muted"}, _("A public broker introduces the devices; the game then goes "
                                              "straight between them. On one Wi-Fi with no internet, run the "
                                              "project's own broker (make broker) and give its address here.")),
                 h("label", {"class": "option-row option-value", "for": "broker"},
                   h("span", None, h("strong", None, _("Broker")), h("span", {"class": "muted block"},
                                                                       _("Empty: the public PeerJS broker."))),
                   h("input", {**field, "id": "broker", "data-field": "broker", "value": broker,
                               "placeholder": "http://192.168.1.20:9000/", "inputmode": "url"})),
                 h("label", {"class": "option-row option-value", "for": "turn-url"},
                   h("span", None, h("strong", None, _("TURN server")),
                     h("span", {"class": "muted block"}, _("For mobile networks that block direct "
                                                           "connections, like turn:turn.example.org:3478."))),
                   h("input", {**field, "id": "turn-url", "data-field": "turn_url", "value": kept["turn_url"]})),
                 h("label", {"class": "option-row option-value", "for": "turn-user"},
                   h("span", None, _("TURN user name")),
                   h("input", {**field, "id": "turn-user", "data-field": "turn_user", "value": kept["turn_user"]})),
                 h("label", {"class": "option-row option-value", "for": "turn-password"},
                   h("span", None, _("TURN password")),
                   h("input", {**field, "type": "password", "id": "turn-password", "data-field": "turn_password",
                               "value": kept["turn_password"]})))

    def _undo_row(self) -> Node | None:
        """The "Allow takebacks" checkbox, when one person plays bots."""
        if not self.undo_offered():
            return None
        if self.game.perfect_information:
            about = _("Against bots you may take back your moves, as far back as the first.")
        else:
            about = _("Against bots you may take back a move as long as taking it back "
                      "shows you no card you had not seen.")
        return h("label", {"class": "option-row", "for": "undo"},
                 h("input", {"type": "checkbox", "id": "undo", "data-field": "undo", "data-testid": "undo",
                             "checked": self.undo}),
                 h("span", None, h("strong", None, _("Allow takebacks")),
                   h("span", {"class": "muted block"}, about)))

    def _option_row(self, option: Any) -> Node:
        """A checkbox for a yes/no option, a list for one with choices, a number field otherwise."""
        field_id = f"option-{option.name}"
        value = self.options[option.name]
        about = h("span", None, h("strong", None, translated(option.label)),
                  h("span", {"class": "muted block"}, translated(option.help)) if option.help else None)
        if isinstance(option.default, bool):
            return h("label", {"class": "option-row", "for": field_id},
                     h("input", {"type": "checkbox", "id": field_id, "data-field": f"option:{option.name}",
                                 "checked": bool(value)}),
                     about)
        if option.choices:
            control = h("select", {"id": field_id, "data-field": f"option:{option.name}"},
                        [h("option", {"value": str(choice), "selected": choice == value}, str(choice))
                         for choice in option.choices])
        else:
            control = h("input", {"id": field_id, "data-field": f"option:{option.name}", "type": "number",
                                  "inputmode": "numeric", "value": str(value)})
        return h("label", {"class": "option-row option-value", "for": field_id}, about, control)

    # -- events --

    def on_change(self, element: Any) -> None:
        field = attr(element, "data-field")
        kind, _sep, arg = field.partition(":")
        if kind == "name":
            self.names[int(arg)] = str(element.value)
            return  # no redraw while typing: it would move the caret
        if kind == "broker":
            text = str(element.value).strip()
            try:
                self.broker = check_broker(text)
                self.problem = ""
            except RouteError as error:
                self.problem = str(error)
                return
            settings.write({"broker": self.broker})
            return
        if kind in ("turn_url", "turn_user", "turn_password"):
            settings.write({kind: str(element.value).strip()})
            return
        if kind == "seed":
            text = str(element.value).strip()
            if text.isdigit() and int(text) <= MAX_SEED:
                self.seed = int(text)
                self.problem = ""
            else:
                self.problem = _("The seed must be a whole number from 0 to {most}.", most=MAX_SEED)
            return
        if kind == "kind":
            self.kinds[int(arg)] = str(element.value)
        elif kind == "count":
            self._resize(int(str(element.value)))
        elif kind == "option":
            option = next(option for option in self.game.options if option.name == arg)
            value = bool(element.checked) if isinstance(option.default, bool) else str(element.value)
            try:
                self.options[arg] = option.coerce(value)
            except SetupError as error:
                self.problem = str(error)
                self.show()
                return
            self.problem = ""
        elif kind == "undo":
            self.undo = bool(element.checked)
            return  # nothing else on the page depends on it
        elif kind == "hotseat":
            if element.checked:
                self.kinds = ["human"] * len(self.kinds)
            else:
                level = default_bot_level(self.levels)
                self.kinds = ["human"] + [f"bot:{level}"] * (len(self.kinds) - 1)
        self.show()

    def on_click(self, element: Any) -> None:
        command = attr(element, "data-cmd")
        if self.actions.command(command):
            self._records = None
            self.show()
            refocus(self.root)
        elif command == "reseed":
            self.seed = random.SystemRandom().randint(0, 999_999)
            self.problem = ""
            self.show()
        elif command == "start":
            if self.problem:
                self.show()
                return
            self.navigate(self.play_setup().to_hash())
