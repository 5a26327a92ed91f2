"""``#/<id>/replay``: the record viewer.

A record comes from the local history (``?id=<saved id>``), a link (``?r=<packed record>``), a
file or pasted text. The viewer steps through it on the game's own table in read-only mode
(``GameTable(readonly=True)``: no second renderer), one position per move: buttons for first,
back, forward and last, a clickable move list, and the arrow keys, Home and End.

A record holds every card, so whose cards are shown is a choice only once the game is over; a
record of a game still being played shows what every seat could see (the spectator's view). A
record that cannot be read, is of another game, or has a move the rules refuse is refused with
the engine's message, and the record on screen (if any) stays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import CLOCK, GAMES, EngineError, Record
from ui.app.catalog import game_title
from ui.app.play_setup import PlaySetup, SeatSpec
from ui.app.screen import Navigate, Screen
from ui.kit import access, i18n
from ui.kit.dom import Node, attr, classes, h
from ui.kit.i18n import _
from ui.kit.words import action_words
from ui.storage.page_store import store
from ui.storage.saves import SavedGame, SaveError, read_record, unpack_record
from ui.tables.base import GameTable

#: The keys the viewer answers, and the step command each one gives.
KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last"}


#: Where a record came from, when not a file (a file is named by its name).
LINK = "link"
PASTED = "pasted"


class ReplayScreen(Screen):
    moves = True  # its table's cards travel from step to step
    def __init__(self, root: Any, navigate: Navigate, game_id: str, query: tuple[tuple[str, str], ...],
                 table_class: Callable[..., GameTable]) -> None:
        super().__init__(root, navigate)
        self.game = GAMES[game_id]
        self.table_class = table_class
        self.title = _("{game}: replay — Five Checks", game=game_title(self.game.id))
        self.table: GameTable | None = None
        self.ply = 0
        self.problem = ""
        params = dict(query)
        if "id" in params:
            self._open_saved(params["id"])
        elif "r" in params:
            self._open_text(params["r"], LINK, packed=True)

    # -- opening a record ------------------------------------------------------------------

    def _open_saved(self, game_id: str) -> None:
        try:
            saved = store().load(game_id)
        except SaveError as error:
            self.problem = _("This game cannot be opened: {why}.", why=error)
            return
        self._open(saved.record, list(saved.seats), "your games")

    def _open_text(self, text: str, source: str, *, packed: bool = False) -> None:
        try:
            record, names = unpack_record(text) if packed else read_record(text)
        except EngineError as error:
            if source == LINK:
                self.problem = _("The link holds no record that can be opened: {why}.", why=error)
            elif source == PASTED:
                self.problem = _("The pasted text holds no record that can be opened: {why}.", why=error)
            else:
                self.problem = _("{file} holds no record that can be opened: {why}.", file=source, why=error)
            return
        seats = [SeatSpec("human", name) for name in names] if names else None
        self._open(record, seats, source)

    def _open(self, record: Record, seats: list[SeatSpec] | None, source: str) -> None:
        """Show ``record`` from its last position; refuse it (keeping what is on screen) when
        it is of another game or does not replay."""
        if record.game != self.game.id:
            other = game_title(record.game) if record.game in GAMES else repr(record.game)
            self.problem = _("This is a record of {other}, not of {game}: open it from that game’s replay page.",
                             other=other, game=game_title(self.game.id))
            return
        if seats is None:
            seats = [SeatSpec("human", _("Seat {number}", number=seat + 1)) for seat in range(record.players)]
        saved = SavedGame(id="replay", record=record, seats=tuple(seats))
        setup: PlaySetup = saved.setup()
        try:
            table = self.table_class(self.root, self.navigate, setup, saved, readonly=True)
        except EngineError as error:  # a move the rules refuse, a setup that does not start
            self.problem = _("This record cannot be replayed: {why}.", why=error)
            return
        people = [seat for seat, spec in enumerate(seats) if not spec.is_bot]
        table.watching = (people[0] if people else 0) if table.flow.states[-1].is_over() else None
        self.table, self.problem = table, ""
        self.step_to(len(table.flow.states) - 1)

    # -- stepping --------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.table is not None and self.table.flow.states[-1].is_over()

    @property
    def last(self) -> int:
        return len(self.table.flow.states) - 1 if self.table is not None else 0

    def step_to(self, ply: int) -> None:
        if self.table is None:
            return
        self.ply = max(0, min(ply, self.last))
        self.table.flow.goto(self.ply)

    def step(self, command: str) -> bool:
        targets = {"first": 0, "back": self.ply - 1, "forward": self.ply + 1, "last": self.last}
        if self.table is None or command not in targets:
            return False
        self.step_to(targets[command])
        self.show()
        return True

    # -- events ----------------------------------------------------------------------------

    def on_key(self, key: str) -> bool:
        # Right to left the moves go leftward: ArrowLeft is the next one (ui/style.css turns
        # the arrows of the back and forward buttons with the page).
        key = access.reading_key(key, i18n.direction(i18n.language()))
        return key in KEYS and self.step(KEYS[key])

    def on_click(self, element: Any) -> None:
        command = attr(element, "data-cmd")
        if command.startswith("step:"):
            self.step_to(int(command[5:]))
            self.show()
        elif command.startswith("watch:") and self.table is not None and self.finished:
            seat = command[6:]
            self.table.watching = None if seat == "table" else int(seat)
            self.show()
        elif command == "open-text":
            field = self.root.querySelector("[data-field=record-text]")
            text = str(field.value) if field is not None else ""
            if text.strip():
                self._open_text(text, PASTED)
            else:
                self.problem = _("Paste a record (the JSON of a downloaded game) first.")
            self.show()
        else:
            self.step(command)

    def on_change(self, element: Any) -> None:
        if attr(element, "data-field") != "record-file":
            return
        from ui.kit.files import read_file

        def done(name: str, text: str) -> None:
            self._open_text(text, name)
            self.show()

        def failed(message: str) -> None:
            self.problem = message
            self.show()

        read_file(element, done, failed)

    # -- drawing ---------------------------------------------------------------------------

    def render(self) -> list[Node]:
        table = self.table
        return [h("section", {"class": "page replay", "data-testid": "replay"},
                  h("nav", {"class": "crumbs"}, h("a", {"href": "#/"}, _("All games")), " › ",
                    h("a", {"href": f"#/{self.game.id}"}, game_title(self.game.id)), " › ", _("Replay")),
                  h("h1", None, _("{game}: replay", game=game_title(self.game.id))),
                  h("p", {"class": "problem", "role": "alert", "data-testid": "record-error"}, self.problem)
                  if self.problem else None,
                  self._viewer(table) if table is not None else None,
                  self._opener(open=table is None))]

    def _viewer(self, table: GameTable) -> Node:
        moves = table.flow.states[-1].history
        return h("div", {"class": "replay-viewer"},
                 h("div", {"class": "replay-controls", "role": "toolbar", "aria-label": _("Step through the game")},
                   self._step_button("first", _("« First"), _("First position (Home)"), self.ply > 0),
                   self._step_button("back", "◀", _("Back one move (←)"), self.ply > 0),
                   h("span", {"class": "replay-where", "data-testid": "replay-where", "aria-live": "polite"},
                     _("Move {ply} of {last}", ply=self.ply, last=self.last)),
                   self._step_button("forward", "▶", _("Forward one move (→)"), self.ply < self.last),
                   self._step_button("last", _("Last »"), _("Last position (End)"), self.ply < self.last)),
                 self._watch_row(table),
                 h("div", {"class": "replay-body"},
                   h("div", {"class": "replay-table"}, table.render()),
                   h("ol", {"class": "replay-moves", "data-testid": "replay-moves", "aria-label": _("Moves")},
                     h("li", None, h("button", {"type": "button", "data-cmd": "step:0",
                                                "aria-current": "step" if self.ply == 0 else None},
                                     _("Start"))),
                     [h("li", None,
                        h("button", {"type": "button", "data-cmd": f"step:{number}",
                                     "class": classes(number == self.ply and "current"),
                                     "aria-current": "step" if number == self.ply else None},
                          h("span", {"class": "move-number"}, _("{number}.", number=number)), " ",
                          _("Clock: {action}", action=action_words(str(action))) if seat == CLOCK
                          else _("{name}: {action}", name=table.name(seat), action=action_words(str(action)))))
                      for number, (seat, action) in enumerate(moves, start=1)])))

    def _step_button(self, command: str, text: str, label: str, enabled: bool) -> Node:
        return h("button", {"type": "button", "class": "tool", "data-cmd": command, "title": label,
                            "aria-label": label, "disabled": not enabled}, text)

    def _watch_row(self, table: GameTable) -> Node | None:
        if self.game.perfect_information:
            return None
        if not self.finished:
            return h("p", {"class": "muted"}, _("This game is not over: the replay shows only what every "
                                                "player could see."))
        choices = [("table", _("Table only"), table.watching is None)] + [
            (str(seat), table.name(seat), table.watching == seat) for seat in range(len(table.seats))]
        return h("p", {"class": "replay-watch", "role": "group", "aria-label": _("Whose cards to show")},
                 h("span", None, _("Show the cards of: ")),
                 [h("button", {"type": "button", "class": "tool", "data-cmd": f"watch:{key}",
                               "aria-pressed": "true" if pressed else "false"}, label)
                  for key, label, pressed in choices])

    def _opener(self, open: bool) -> Node:
        body = [
            h("p", None, _("Open a record: a file downloaded at the end of a game, or its text.")),
            h("p", {"class": "open-row"},
              h("label", {"for": "record-file"}, _("Record file ")),
              h("input", {"type": "file", "id": "record-file", "accept": ".json,application/json",
                          "data-field": "record-file"})),
            h("p", {"class": "open-row"},
              h("label", {"for": "record-text", "class": "block"}, _("or paste it here")),
              h("textarea", {"id": "record-text", "rows": "4", "data-field": "record-text",
                             "spellcheck": "false", "placeholder": '{"game": "…", "seed": …, "moves": […]}'}),
              h("button", {"type": "button", "data-cmd": "open-text"}, _("Open"))),
        ]
        if open:
            return h("section", {"class": "panel replay-open"}, body)
        return h("details", {"class": "panel replay-open"}, h("summary", None, _("Open another record")), body)
