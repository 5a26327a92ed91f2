"""``#/private-checkers/play?...``: the Saving Private Checkers table.

It draws the seat's view (``GameTable.view``): the 8x8 board with the card under every dark
square (a back while face down, its face once turned up, a small reminder on a back that everyone
has seen), the checkers on them, the seat's own stockpile, the public discards, the captured and
rescued counts of both sides and the latest events. The person to act first picks a checker
(``data-pick``, it only selects) and then a highlighted square (``data-action``): a step, one jump
of a multi-jump at a time, a footman's capture in place; a king on its home row gets a "Rescue"
button. A blow-up is announced in a banner (``[data-testid=blowup]``) until the person's next move.

Elements keep their identity: every dark square is one ``button[data-square]`` whatever
it offers, and the person's stockpile cards (their hand) are one ``button[data-card]`` each, in a
container that is always there. What cannot be played now carries ``data-try`` (``offer``), and
a click on it says why in the engine's words: a stockpile card before a black card asks for one,
a checker that may not move because a capture is compulsory. When a black card turns up under the
person's checker, the stockpile cards become the discards, each marked safe or not by the
engine's own rule (``engine.private_checkers.survives``), never by a comparison made here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import IllegalAction
from engine.playing_cards import PlayingCard
from engine.private_checkers import (
    SQUARE_NAMES,
    Discard,
    Jump,
    Rescue,
    Step,
    Strike,
    survives,
)
from ui.kit import reasons
from ui.kit.access import name_showing
from ui.kit.dom import Node, classes, h, present
from ui.kit.i18n import N_, _, ngettext, pgettext, spliced, translated
from ui.kit.words import with_players
from ui.tables import last_move, parts
from ui.tables.announcer import log_news
from ui.tables.base import GameTable
from ui.tables.commands import ANY, Pick, handles
from ui.tables.playing_cards import card_name, chip, with_signs

FILES = "abcdefgh"
PIECE_LETTERS = {"man": "", "footman": "F", "queen": "Q", "king": "K"}
#: The sides as people read them (``SIDE_NAMES`` stays the engine's, in its records).
SIDE_WORDS = (N_("Light"), N_("Dark"))
#: A checker as people read it, by side and rank.
PIECE_WORDS = {(0, "man"): N_("Light man"), (0, "footman"): N_("Light footman"),
               (0, "queen"): N_("Light queen"), (0, "king"): N_("Light king"),
               (1, "man"): N_("Dark man"), (1, "footman"): N_("Dark footman"),
               (1, "queen"): N_("Dark queen"), (1, "king"): N_("Dark king")}
#: A victory in a headline, by its kind (``victories``).
VICTORY_WORDS = {"total": N_("a total victory"), "survival": N_("a survival victory"),
                 "tactical": N_("a tactical victory")}
#: How many of the latest log entries the table shows.
LOG_LINES = 8
#: A card named in an engine sentence of the log ("QS turns up on d4"), shown as a chip.


def side_name(side: int) -> str:
    """A side's name in the page's language."""
    return translated(SIDE_WORDS[side])


def is_red(card: str) -> bool:
    return PlayingCard.parse(card).colour == "red"


#: What a piece becomes, by the engine's rank names.
BECOMES = {"man": N_("The piece on {square} becomes a man"), "footman": N_("The piece on {square} becomes a footman"),
           "queen": N_("The piece on {square} becomes a queen"), "king": N_("The piece on {square} becomes a king")}


def log_text(entry: Mapping[str, Any]) -> list[Any]:
    """A log entry as a whole sentence of the catalog, from its ``kind`` and ``parts``
    (``engine.private_checkers.LogEntry``), its cards as chips."""
    kind = entry["kind"]
    said: dict[str, Any] = dict(entry.get("parts") or {})
    fields: dict[str, Any] = {key: str(value) for key, value in said.items()}
    if said.get("side") in (0, 1):
        fields["side"] = side_name(said["side"])
    for key in ("card", "discarded"):
        if said.get(key):
            fields[key] = chip(said[key])

    def line(message: str) -> list[Any]:
        return spliced(message, **fields)

    if kind == "move":
        return line(_("{side} {move}"))
    if kind == "rescue":
        return line(_("{side} rescues the king on {square}"))
    if kind == "capture":
        return line(_("The {side} footman on {footman} captures on {square} in place") if said.get("footman")
                    else _("{side} captures on {square}"))
    if kind == "assassin":
        return line(_("The assassin on {card} takes the capturing {side} piece"))
    if kind == "flip":
        return line(_("{card} turns up on {square}"))
    if kind == "survive":
        return line(_("{side} discards {discarded}: the piece on {square} survives {card}"))
    if kind == "blowup":
        return line(_("The {side} piece on {square} is blown up: {card} beats the discarded {discarded}")
                    if said.get("discarded") else
                    _("The {side} piece on {square} is blown up: {card} is black and {side} has no stockpile card "
                      "left"))
    if kind == "promote" and said.get("rank") in BECOMES:
        return line(translated(BECOMES[said["rank"]]))
    if kind == "end":
        rescued, captured = list(said.get("rescued") or (0, 0)), list(said.get("captured") or (0, 0))
        return [_("Game over: {ending}; {victories} (rescued {rescued}-{rescued_other}, captured "
                  "{captured}-{captured_other})", ending=reasons.private_checkers_ending(said),
                  victories=reasons.private_checkers_victories(said), rescued=rescued[0],
                  rescued_other=rescued[1], captured=captured[0], captured_other=captured[1])]
    return []


class PrivateCheckersTable(GameTable):
    game_id = "private-checkers"

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # GameTable's arguments
        super().__init__(*args, **kwargs)
        self.picked: str | None = None
        #: Log entries up to this number were on screen before the person's last move: a blow-up
        #: after it is announced.
        self.blast_mark = -1
        #: A control that kept focus but stopped being one (see ``show``).
        #: The position whose discard choice was last brought into view (see ``show``).
        self.choice_shown: Any = None

    # -- flow ------------------------------------------------------------------------------

    def changed(self) -> None:
        self.picked = None

    def act(self, notation: str, seat: int | None = None) -> None:
        log = self.view()["log"]
        self.blast_mark = log[-1]["number"] if log else -1
        super().act(notation, seat)

    @handles(ANY)
    def pick_checker(self, pick: Pick) -> None:
        """A checker picked before the square it goes to (the picks are squares)."""
        self.picked = None if self.picked == pick.name else pick.name
        self.show()

    def show(self) -> None:
        super().show()
        self._show_the_choice()

    def explain(self, seat: int, notation: str, error: IllegalAction | None = None) -> str:
        """The engine's reason (``GameTable.explain``), except for a click on a checker of the
        person's that has no move at all while no capture is due: the engine, asked about a
        move, would say "that piece cannot move there"; the legal actions say more plainly that
        this checker cannot move now."""
        origin, _dash, target = notation.partition("-")
        if origin == target and seat in self.flow.to_act():
            entry = next((entry for entry in self.view()["squares"] if entry["square"] == origin), None)
            piece = None if entry is None else entry["piece"]
            legal = self.flow.legal_actions(seat)
            if (piece is not None and piece["side"] == seat % 2 and self.view()["phase"] == "move"
                    and not any(_origin(action) == origin for action in legal)
                    and not any(isinstance(action, (Jump, Strike)) for action in legal)):
                return _("The checker on {square} cannot move now.", square=origin)
        return super().explain(seat, notation, error)

    def _show_the_choice(self) -> None:
        """When a black card asks the person for a discard, bring their stockpile into view once
        (on a phone it lies under the board): the nearest scroll that shows it, none if shown."""
        if self.needs_pass() or not self._safe(self.view(), self.my_legal()):
            return
        if self.choice_shown == self.flow.epoch:
            return
        self.choice_shown = self.flow.epoch
        stock = self.root.querySelector(f"[data-testid=stockpile-{self.view()['side']}]")
        if present(stock):
            from js import Object
            from pyodide.ffi import to_js

            stock.scrollIntoView(to_js({"block": "nearest"}, dict_converter=Object.fromEntries))

    # -- what the person to act may do -----------------------------------------------------

    def my_legal(self) -> tuple[Any, ...]:
        """The engine's legal actions of the person to act (none after an error)."""
        return () if self.flow.error else self.legal(self.human_to_act())

    def targets(self, legal: tuple[Any, ...], view: dict[str, Any]) -> tuple[set[str], dict[str, str], str | None]:
        """Squares that can be picked, target square -> action notation, the square picked."""
        origins = {origin for origin in map(_origin, legal) if origin}
        picked = self.picked if self.picked in origins else None
        pending = view["pending"]
        if pending and not pending["discard"]:
            picked = pending["square"]  # a multi-jump goes on with the same checker
        moves = {SQUARE_NAMES[action.target]: str(action) for action in legal
                 if isinstance(action, (Step, Jump, Strike)) and picked and _origin(action) == picked}
        return origins, moves, picked

    # -- drawing ---------------------------------------------------------------------------

    def render(self) -> list[Node]:
        if self.needs_pass():
            return [h("section", {"class": "spc", "data-testid": "table", "data-game": self.game_id},
                      parts.pass_screen(self))]
        view = self.view()
        over = view["phase"] == "over"
        legal = self.my_legal()
        origins, moves, picked = self.targets(legal, view)
        return [
            self.frame(
                "spc", view, self._bar(view, over),
                self._result(view) if over else None,
                self._blowup(view),
                h("div", {"class": "spc-layout"},
                  h("div", {"class": "spc-main"},
                    h("p", {"class": "spc-status", "data-testid": "status", "aria-live": "polite"},
                      self._status(view, over, picked)),
                    self._board(view, origins, moves, picked),
                    self._rescue(legal, picked)),
                  h("aside", {"class": "spc-side", "aria-label": _("Stockpiles, counts and events")},
                    self._sides(view, legal),
                    self._log(view),
                    self._legend())),
                phase=True),
        ]

    def _bar(self, view: dict[str, Any], over: bool) -> Node:
        turn = sum(view["turns"]) + (0 if over else 1)
        where = (_("Turn {turn}", turn=turn) if over
                 else _("Turn {turn} · {side} to move", turn=turn, side=side_name(view["side_to_move"])))
        variants = [translated(option.label) for option in self.game.options if view["options"].get(option.name)]
        return self.bar(
            where,
            h("div", {"class": "cc-bar-score spc-counts", "data-testid": "counts"},
              [h("span", {"class": f"spc-count spc-count-{side}", "data-side": side},
                 h("span", {"class": f"spc-dot spc-{_side_class(side)}"}),
                 spliced(_("{side}: {captured} captured · {rescued} rescued"), side=side_name(side),
                         captured=h("b", None, view["captured"][side]), rescued=h("b", None, view["rescued"][side])))
               for side in (0, 1)],
              h("span", {"class": "cc-games"}, _("Variants: {names}", names=", ".join(variants)))
              if variants else None),
            css="spc-bar")

    def _status(self, view: dict[str, Any], over: bool, picked: str | None) -> str:
        if over:
            return _("Game over.")
        seat = view["to_act"][0]
        if seat in self.flow.bots:
            return parts.to_act_line(self, seat)
        # One person at the device is "You"; several are each named.
        you = self.solo
        name = self.name(seat)
        phase = view["phase"]
        if phase == "discard":
            square = view["pending"]["square"]
            card = with_signs(self._square(view, square)["card"])
            return (pgettext("you", "You: a black {card} turned up under your checker on {square}. "
                                    "Discard a card of your stockpile.", card=card, square=square) if you
                    else _("{name}: a black {card} turned up under your checker on {square}. "
                           "Discard a card of your stockpile.", name=name, card=card, square=square))
        if phase == "jump":
            square = view["pending"]["square"]
            return (pgettext("you", "You: jump on with the checker on {square}.", square=square) if you
                    else _("{name}: jump on with the checker on {square}.", name=name, square=square))
        if picked:
            return (pgettext("you", "You: choose where the checker on {square} goes.", square=picked) if you
                    else _("{name}: choose where the checker on {square} goes.", name=name, square=picked))
        return (pgettext("you", "You: pick a checker to move.") if you
                else _("{name}: pick a checker to move.", name=name))

    def _square(self, view: dict[str, Any], name: str) -> dict[str, Any]:
        return next(entry for entry in view["squares"] if entry["square"] == name)

    def _safe(self, view: dict[str, Any], legal: tuple[Any, ...]) -> dict[str, bool]:
        """While a black card asks the person for a discard: each discard offered, and whether
        the checker survives it (the engine's rule, ``survives``); empty otherwise."""
        pending = view["pending"]
        if not pending or not pending["discard"]:
            return {}
        board = PlayingCard.parse(self._square(view, pending["square"])["card"])
        return {str(action.card): survives(board, action.card)
                for action in legal if isinstance(action, Discard)}

    def _board(self, view: dict[str, Any], origins: set[str], moves: dict[str, str],
               picked: str | None) -> Node:
        bottom = view["side"] if view["side"] is not None else 0
        squares = {entry["square"]: entry for entry in view["squares"]}
        blast = self._blast(view)
        blast_square = None if blast is None else blast["square"]
        rows = range(8, 0, -1) if bottom == 0 else range(1, 9)
        files = FILES if bottom == 0 else FILES[::-1]
        cells = []
        for row in rows:
            for file in files:
                name = f"{file}{row}"
                entry = squares.get(name)
                if entry is None:
                    cells.append(h("div", {"class": "spc-cell spc-light-square", "aria-hidden": "true"}))
                    continue
                cells.append(self._cell(view, entry, origins, moves, picked, blast_square == name))
        # A group of squares, not a grid: the squares are buttons and pictures, in no rows.
        return h("div", {"class": "spc-board", "data-testid": "board", "role": "group",
                         "aria-label": _("Board, {side} at the bottom", side=side_name(bottom))}, cells)

    def _cell(self, view: dict[str, Any], entry: dict[str, Any], origins: set[str],
              moves: dict[str, str], picked: str | None, blast: bool) -> Node:
        """A dark square: always one button (its node stays while checkers come and go), a
        move's target, a checker to pick, or else a control that says why it does nothing."""
        name = entry["square"]
        card = entry["card"]
        up = entry["up"]
        piece = entry["piece"]
        if up:
            # Under a checker the face shrinks to a corner tag, so the card stays readable.
            face = h("span", {"class": classes("spc-card spc-face", is_red(card) and "spc-red",
                                               piece is not None and "spc-covered")},
                     h("span", {"class": "spc-label"}, with_signs(card)))
        else:
            face = h("span", {"class": "spc-card spc-back"},
                     h("span", {"class": classes("spc-seen", is_red(card) and "spc-red")},
                       with_signs(card)) if card else None)
        checker = None
        if piece is not None:
            checker = h("span", {"class": f"spc-piece spc-{_side_class(piece['side'])} spc-{piece['rank']}",
                                 "data-rank": piece["rank"]}, PIECE_LETTERS[piece["rank"]])
        # The name holds what the square shows, in its order (its card, its checker's letter, its
        # name), as a voice command names it.
        shown = " ".join(part for part in (with_signs(card) if card else "",
                                           PIECE_LETTERS[piece["rank"]] if piece is not None else "", name) if part)
        label = name_showing(self._cell_words(entry), shown)
        # Spaces between the card's face, the checker's letter and the square's name: the
        # square's text reads "K♠ K g1" as its name says it, not "K♠Kg1" (a grid lays out no
        # whitespace, so nothing moves).
        content = [face, " ", checker, " ", h("span", {"class": "spc-coord", "aria-hidden": "true"}, name)]
        cls = classes("spc-cell spc-dark-square", picked == name and "spc-picked",
                      name in moves and "spc-target", blast and "spc-blast")
        # Keyed by its name, whatever other naming attribute (data-seat) it carries.
        attrs: dict[str, Any] = {"key": name, "type": "button", "data-square": name,
                                 "data-last-move": name in self._last_squares()}
        if name in moves:
            attrs.update({"class": cls, "data-action": moves[name], "aria-label": f"{moves[name]}: {label}"})
        elif name in origins:
            attrs.update({"class": classes(cls, "spc-movable"), "data-pick": name,
                          "aria-pressed": "true" if picked == name else "false",
                          "aria-label": _("Pick {square}", square=label)})
        elif self.viewer() is None:  # a spectator's board is only a picture
            return h("div", {"class": cls, "data-square": name, "data-last-move": attrs["data-last-move"],
                             "role": "img", "aria-label": label}, content)
        else:
            # What a click here would have meant (a move of the picked checker here, else of this
            # square's own checker): the engine says why it is not on. Out of the tab order.
            attrs.update({"class": cls, **parts.offer(f"{picked or name}-{name}", False),
                          "data-seat": self.viewer(), "tabindex": "-1", "aria-label": label})
        return h("button", attrs, content)

    def _last_squares(self) -> set[str]:
        """The squares the other seats' last moves left and reached."""
        squares: set[str] = set()
        for _seat, action in last_move.last_moves(self):
            for square in (getattr(action, "origin", None), getattr(action, "target", None)):
                if square is not None:
                    squares.add(SQUARE_NAMES[square])
        return squares

    def _cell_words(self, entry: dict[str, Any]) -> str:
        card = entry["card"]
        square = entry["square"]
        piece = entry["piece"]
        if piece is None:
            if entry["up"]:
                return _("{square}, face-up {card}", square=square, card=card_name(card))
            if card:
                return _("{square}, face-down card (seen: {card})", square=square, card=card_name(card))
            return _("{square}, face-down card", square=square)
        checker = translated(PIECE_WORDS[piece["side"], piece["rank"]])
        if entry["up"]:
            return _("{square}, {piece} on a face-up {card}", square=square, piece=checker, card=card_name(card))
        if card:
            return _("{square}, {piece} on a face-down card (seen: {card})", square=square, piece=checker,
                     card=card_name(card))
        return _("{square}, {piece} on a face-down card", square=square, piece=checker)

    def _rescue(self, legal: tuple[Any, ...], picked: str | None) -> Node | None:
        """A rescue for the king picked."""
        rescue = next((str(action) for action in legal
                       if isinstance(action, Rescue) and _origin(action) == picked), None)
        if rescue:
            return h("p", {"class": "spc-rescue"},
                     h("button", {"type": "button", "class": "primary", "data-action": rescue},
                       _("Rescue the king on {square}", square=picked)))
        return None

    def _stockpile(self, view: dict[str, Any], side: int, stock: list[str], legal: tuple[Any, ...]) -> Node:
        """The person's own stockpile, their hand: one button per card for as long as it is
        there; a discard while a black card asks for one (marked safe or not), else a click
        says why it cannot be discarded now."""
        safe = self._safe(view, legal)
        viewer = self.viewer()
        cards = []
        for card in stock:
            offered = card in safe
            words = card_name(card)
            if offered:
                words = (_("Discard the {card}: safe, the checker survives", card=words) if safe[card]
                         else _("Discard the {card}: too low, the checker is blown up", card=words))
            cards.append(h("button", {
                "type": "button", "data-card": card,
                **parts.offer(f"discard {card}", offered), "data-seat": None if offered else viewer,
                "class": classes("spc-card spc-face spc-stock-card", is_red(card) and "spc-red",
                                 offered and "spc-live", offered and (safe[card] and "spc-safe" or "spc-unsafe")),
                "aria-label": name_showing(words, with_signs(card))},
                h("span", {"class": "spc-rank"}, with_signs(card)),
                h("span", {"class": "spc-mark", "aria-hidden": "true"},
                  (_("safe") if safe[card] else _("low")) if offered else None)))
        return h("div", {"class": classes("spc-hand spc-stock", bool(safe) and "spc-choosing"),
                         "data-testid": f"stockpile-{side}", "role": "group",
                         "aria-label": _("Your stockpile"), "data-keynav": True},
                 cards or h("p", {"class": "spc-note"}, _("No cards left: a black card blows your checker up.")))

    def _sides(self, view: dict[str, Any], legal: tuple[Any, ...]) -> Node:
        blocks = []
        live = view["phase"] != "over"
        safe = self._safe(view, legal)
        choosing = bool(safe)
        for side in (0, 1):
            names = ", ".join(self.name(seat) for seat in view["teams"][side])
            stock = view["stockpiles"][side]
            mine = stock is not None
            blocks.append(h("section", {"class": classes("panel spc-side-panel",
                                                         side == view["side_to_move"] and live and "spc-active",
                                                         mine and "spc-mine", mine and choosing and "spc-discarding"),
                                        "data-testid": f"side-{side}"},
                            h("h2", None, h("span", {"class": f"spc-dot spc-{_side_class(side)}"}),
                              spliced(_("{side}: {names}"), side=side_name(side),
                                      names=h("span", {"class": "spc-names"}, names))),
                            h("p", {"class": "spc-tally"},
                              ngettext("Captured {captured} · Rescued {rescued} · Stockpile {n} card",
                                       "Captured {captured} · Rescued {rescued} · Stockpile {n} cards",
                                       view["stock_counts"][side], captured=view["captured"][side],
                                       rescued=view["rescued"][side])),
                            h("p", {"class": "spc-prompt", "data-testid": "discard"},
                              _("Discard one card: one marked “safe” keeps your checker, a lower one blows it up.")
                              if any(safe.values()) else
                              _("Discard one card: none is high enough, your checker is blown up whatever you "
                                "choose."))
                            if mine and choosing else None,
                            self._stockpile(view, side, stock, legal) if mine else None))
        discards = view["discards"]
        blocks.append(h("section", {"class": "panel", "data-testid": "discards"},
                        h("h2", None, _("Discards ({count})", count=len(discards))),
                        h("div", {"class": "spc-hand spc-stock"},
                          [h("span", {"class": classes("spc-card spc-face", is_red(card) and "spc-red"),
                                      "data-card": card}, with_signs(card)) for card in discards])
                        if discards else
                        h("p", {"class": "spc-note"}, _("None yet."))))
        return h("div", {"class": "spc-sides"}, blocks)

    def _team_names(self, view: dict[str, Any], side: int) -> list[str]:
        return [self.name(seat) for seat in view["teams"][side]]

    def news(self, moves: Sequence[tuple[int, Any]], entries: Sequence[Mapping[str, Any]]) -> list[str]:
        return log_news(entries, self.log_line)

    def log_line(self, entry: Mapping[str, Any]) -> Any:
        return log_text(entry)

    def _log(self, view: dict[str, Any]) -> Node:
        recent = last_move.recent(self, view["log"])
        latest = list(enumerate(view["log"]))[-LOG_LINES:][::-1]
        return h("section", {"class": "panel spc-log", "data-testid": "log"},
                 h("h2", None, _("What happened")),
                 h("ul", None, [h("li", {"class": f"spc-event spc-event-{entry['kind']}",
                                         "data-last-move": index in recent}, log_text(entry))
                                for index, entry in latest]) if latest else
                 h("p", {"class": "spc-note"}, _("Light moves first.")))

    def _legend(self) -> Node:
        return h("section", {"class": "panel spc-legend"},
                 h("h2", None, _("Reading the board")),
                 h("p", None, _("A card back: face down. A small card on a back: face down, but seen "
                                "before. K king, Q queen, F footman. Land on a face-down black card "
                                "and you must discard: lower than the card blows the checker up.")))

    def _blast(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """The latest blow-up logged since the person's last move, if any."""
        for entry in reversed(view["log"]):
            if entry["number"] <= self.blast_mark:
                return None
            if entry["kind"] == "blowup":
                return entry
        return None

    def _blowup(self, view: dict[str, Any]) -> Node | None:
        blast = self._blast(view)
        if blast is None:
            return None
        return h("p", {"class": "spc-blowup", "data-testid": "blowup", "role": "alert"},
                 h("span", {"class": "spc-boom"}, _("BOOM")), _("Blown up! "), log_text(blast))

    def _result(self, view: dict[str, Any]) -> Node:
        """The end: who won and by which victory in the headline, then each side's rescued and
        captured counts, once (the score the victories come from)."""
        result = view["result"]
        victories = view["victories"]
        wins = [len(victories[side]) for side in (0, 1)]
        kinds = [("total" if len(won) == 2 else won[0]) if won else "" for won in victories]
        if wins[0] != wins[1]:
            best = 0 if wins[0] > wins[1] else 1
            headline = _("{headline}.", headline=parts.headline(self, result["winners"],
                                                                 translated(VICTORY_WORDS[kinds[best]])))
        elif all(kinds):
            # As many victories each, and some: one each.
            headline = _("Draw: {victory} for {side} and {other_victory} for {other_side}.",
                         victory=translated(VICTORY_WORDS[kinds[0]]), side=side_name(0),
                         other_victory=translated(VICTORY_WORDS[kinds[1]]), other_side=side_name(1))
        else:
            headline = _("Draw: no victory for either side.")
        return parts.result_panel(
            self, headline,
            parts.end_reason(self, result, *(parts.term(self, kind) for kind in dict.fromkeys(kinds) if kind)),
            h("ul", {"class": "result-scores spc-victories", "data-testid": "victories"},
              [h("li", {"data-side": side},
                 h("span", {"class": f"spc-dot spc-{_side_class(side)}"}),
                 spliced(_("{side}: {rescued} rescued, {captured} captured"),
                         side=h("span", None, with_players(side_name(side), self._team_names(view, side))),
                         rescued=h("strong", None, str(view["rescued"][side])),
                         captured=h("strong", None, str(view["captured"][side]))))
               for side in (0, 1)]))


def _origin(action: Any) -> str | None:
    """The square of the checker an action moves (``None`` for a discard)."""
    if isinstance(action, (Step, Jump, Strike, Rescue)):
        return SQUARE_NAMES[action.origin]
    return None


def _side_class(side: int) -> str:
    return "light" if side == 0 else "darkside"
