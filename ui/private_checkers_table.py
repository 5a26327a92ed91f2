"""``#/private-checkers/play?...``: the Saving Private Checkers table.

It draws the seat's view (``GameTable.view``): the 8x8 board with the card under every dark
square (a back while face down, its face once turned up, a small reminder on a back that everyone
has seen), the checkers on them, the seat's own stockpile, the public discards, the captured and
rescued counts of both sides and the latest events. The person to act first picks a checker
(``data-pick``, it only selects) and then a highlighted square (``data-action``): a step, one jump
of a multi-jump at a time, a footman's capture in place; a king on its home row gets a "Rescue"
button. When a black card turns up the stockpile cards become ``data-action`` discard buttons.
A blow-up is announced in a banner (``[data-testid=blowup]``) until the person's next move.
"""

from __future__ import annotations

from typing import Any

from engine.playing_cards import PlayingCard
from engine.private_checkers import SIDE_NAMES, SQUARE_NAMES, Discard, Jump, Rescue, Step, Strike
from ui.dom import Node, classes, h
from ui.table import GameTable

FILES = "abcdefgh"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
PIECE_LETTERS = {"man": "", "footman": "F", "queen": "Q", "king": "K"}
#: How many of the latest log entries the table shows.
LOG_LINES = 8


def card_label(card: str) -> str:
    """``"10S"`` -> ``"10♠"``."""
    return card[:-1] + SUIT_SYMBOLS[card[-1]]


def card_words(card: str) -> str:
    return PlayingCard.parse(card).name


def is_red(card: str) -> bool:
    return card[-1] in "DH"


class PrivateCheckersTable(GameTable):
    game_id = "private-checkers"

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # GameTable's arguments
        super().__init__(*args, **kwargs)
        self.picked: str | None = None
        #: Log entries up to this number were on screen before the person's last move: a blow-up
        #: after it is announced.
        self.blast_mark = -1

    # -- flow ------------------------------------------------------------------------------

    def changed(self) -> None:
        self.picked = None

    def act(self, notation: str) -> None:
        log = self.view()["log"]
        self.blast_mark = log[-1]["number"] if log else -1
        super().act(notation)

    def pick(self, pick: str) -> None:
        self.picked = None if self.picked == pick else pick
        self.show()

    # -- what the person to act may do -----------------------------------------------------

    def my_legal(self) -> tuple[Any, ...]:
        """The engine's legal actions of the person to act (none after an error)."""
        return () if self.error else self.legal(self.human_to_act())

    def targets(self, legal: tuple[Any, ...], view: dict[str, Any]) -> tuple[set[str], dict[str, str], str | None]:
        """Squares that can be picked, target square -> action notation, the square picked."""
        origins = {_origin(action) for action in legal if _origin(action)}
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
                      self.pass_screen())]
        view = self.view()
        over = view["phase"] == "over"
        legal = self.my_legal()
        origins, moves, picked = self.targets(legal, view)
        return [
            self.frame(
                "spc", view, self._bar(view, over),
                self.result_panel(self._victory_lines(view)) if over else None,
                self._blowup(view),
                h("div", {"class": "spc-layout"},
                  h("div", {"class": "spc-main"},
                    h("p", {"class": "spc-status", "data-testid": "status", "aria-live": "polite"},
                      self._status(view, over, picked)),
                    self._board(view, origins, moves, picked),
                    self._choices(view, legal, picked)),
                  h("aside", {"class": "spc-side", "aria-label": "Stockpiles, counts and events"},
                    self._sides(view),
                    self._log(view),
                    self._legend())),
                phase=True),
        ]

    def _bar(self, view: dict[str, Any], over: bool) -> Node:
        turn = sum(view["turns"]) + (0 if over else 1)
        where = f"Turn {turn}" + ("" if over else f" · {SIDE_NAMES[view['side_to_move']]} to move")
        variants = [option.label for option in self.game.options if view["options"].get(option.name)]
        return self.bar(
            where,
            h("div", {"class": "cc-bar-score spc-counts", "data-testid": "counts"},
              [h("span", {"class": f"spc-count spc-count-{side}", "data-side": side},
                 h("span", {"class": f"spc-dot spc-{_side_class(side)}"}),
                 f"{SIDE_NAMES[side]}: ", h("b", None, view["captured"][side]), " captured · ",
                 h("b", None, view["rescued"][side]), " rescued")
               for side in (0, 1)],
              h("span", {"class": "cc-games"}, "Variants: " + ", ".join(variants)) if variants else None),
            css="spc-bar")

    def _status(self, view: dict[str, Any], over: bool, picked: str | None) -> str:
        if over:
            return "Game over."
        seat = view["to_act"][0]
        if seat in self.bots:
            return self.to_act_line(seat)
        you = "You" if self.solo else self.name(seat)
        phase = view["phase"]
        if phase == "discard":
            square = view["pending"]["square"]
            card = self._square(view, square)["card"]
            return (f"{you}: a black {card_label(card)} turned up under your checker on {square}. "
                    "Discard a stockpile card: if it is lower, the checker is blown up.")
        if phase == "jump":
            return f"{you}: jump on with the checker on {view['pending']['square']}."
        if picked:
            return f"{you}: choose where the checker on {picked} goes."
        return f"{you}: pick a checker to move."

    def _square(self, view: dict[str, Any], name: str) -> dict[str, Any]:
        return next(entry for entry in view["squares"] if entry["square"] == name)

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
                cells.append(self._cell(entry, origins, moves, picked, blast_square == name))
        return h("div", {"class": "spc-board", "data-testid": "board", "role": "grid",
                         "aria-label": f"Board, {SIDE_NAMES[bottom]} at the bottom"}, cells)

    def _cell(self, entry: dict[str, Any], origins: set[str], moves: dict[str, str],
              picked: str | None, blast: bool) -> Node:
        name = entry["square"]
        card = entry["card"]
        up = entry["up"]
        piece = entry["piece"]
        if up:
            # Under a checker the face shrinks to a corner tag, so the card stays readable.
            face = h("span", {"class": classes("spc-card spc-face", is_red(card) and "spc-red",
                                               piece is not None and "spc-covered")},
                     h("span", {"class": "spc-label"}, card_label(card)))
        else:
            face = h("span", {"class": "spc-card spc-back"},
                     h("span", {"class": classes("spc-seen", is_red(card) and "spc-red")},
                       card_label(card)) if card else None)
        checker = None
        if piece is not None:
            checker = h("span", {"class": f"spc-piece spc-{_side_class(piece['side'])} spc-{piece['rank']}",
                                 "data-rank": piece["rank"]}, PIECE_LETTERS[piece["rank"]])
        label = self._cell_words(entry)
        content = [face, checker, h("span", {"class": "spc-coord"}, name)]
        cls = classes("spc-cell spc-dark-square", picked == name and "spc-picked",
                      name in moves and "spc-target", blast and "spc-blast")
        last = {"data-last-move": name in self._last_squares()}
        if name in moves:
            return h("button", {"type": "button", "class": cls, "data-action": moves[name],
                                "data-square": name, "aria-label": f"{moves[name]}: {label}", **last}, content)
        if name in origins:
            return h("button", {"type": "button", "class": classes(cls, "spc-movable"), "data-pick": name,
                                "data-square": name, "aria-pressed": "true" if picked == name else "false",
                                "aria-label": f"Pick {label}", **last}, content)
        return h("div", {"class": cls, "data-square": name, "aria-label": label, **last}, content)

    def _last_squares(self) -> set[str]:
        """The squares the other seats' last moves left and reached."""
        squares: set[str] = set()
        for _, action in self.last_moves():
            for square in (getattr(action, "origin", None), getattr(action, "target", None)):
                if square is not None:
                    squares.add(SQUARE_NAMES[square])
        return squares

    def _cell_words(self, entry: dict[str, Any]) -> str:
        card = entry["card"]
        if entry["up"]:
            under = f"face-up {card_words(card)}"
        elif card:
            under = f"face-down card (seen: {card_words(card)})"
        else:
            under = "face-down card"
        piece = entry["piece"]
        if piece is None:
            return f"{entry['square']}, {under}"
        return f"{entry['square']}, {SIDE_NAMES[piece['side']]} {piece['rank']} on a {under}"

    def _choices(self, view: dict[str, Any], legal: tuple[Any, ...], picked: str | None) -> Node | None:
        """The discard choice, or a rescue for the king picked."""
        if not legal:
            return None
        if view["phase"] == "discard":
            return h("section", {"class": "spc-discard", "data-testid": "discard"},
                     h("h2", None, "Discard a card from your stockpile"),
                     h("div", {"class": "spc-hand"},
                       [h("button", {"type": "button", "data-action": str(action),
                                     "class": classes("spc-card spc-face spc-big", is_red(str(action.card)) and "spc-red"),
                                     "aria-label": f"Discard the {card_words(str(action.card))}"},
                          card_label(str(action.card)))
                        for action in legal if isinstance(action, Discard)]))
        rescue = next((str(action) for action in legal
                       if isinstance(action, Rescue) and _origin(action) == picked), None)
        if rescue:
            return h("p", {"class": "spc-rescue"},
                     h("button", {"type": "button", "class": "primary", "data-action": rescue},
                       f"Rescue the king on {picked}"))
        return None

    def _sides(self, view: dict[str, Any]) -> Node:
        blocks = []
        live = view["phase"] != "over"
        for side in (0, 1):
            names = ", ".join(self.name(seat) for seat in view["teams"][side])
            stock = view["stockpiles"][side]
            blocks.append(h("section", {"class": classes("panel spc-side-panel", side == view["side_to_move"] and live and "spc-active"),
                                        "data-testid": f"side-{side}"},
                            h("h2", None, h("span", {"class": f"spc-dot spc-{_side_class(side)}"}),
                              f"{SIDE_NAMES[side]}: ", h("span", {"class": "spc-names"}, names)),
                            h("p", None, f"Captured {view['captured'][side]} · Rescued {view['rescued'][side]} · "
                                         f"Stockpile {view['stock_counts'][side]} cards"),
                            h("div", {"class": "spc-hand spc-stock", "data-testid": f"stockpile-{side}"},
                              [h("span", {"class": classes("spc-card spc-face", is_red(card) and "spc-red")},
                                 card_label(card)) for card in stock]) if stock else None))
        discards = view["discards"]
        blocks.append(h("section", {"class": "panel", "data-testid": "discards"},
                        h("h2", None, f"Discards ({len(discards)})"),
                        h("div", {"class": "spc-hand spc-stock"},
                          [h("span", {"class": classes("spc-card spc-face", is_red(card) and "spc-red")},
                             card_label(card)) for card in discards]) if discards else
                        h("p", {"class": "spc-note"}, "None yet.")))
        return h("div", {"class": "spc-sides"}, blocks)

    def _log(self, view: dict[str, Any]) -> Node:
        recent = self.recent(view["log"])
        latest = list(enumerate(view["log"]))[-LOG_LINES:][::-1]
        return h("section", {"class": "panel spc-log", "data-testid": "log"},
                 h("h2", None, "What happened"),
                 h("ul", None, [h("li", {"class": f"spc-event spc-event-{entry['kind']}",
                                         "data-last-move": index in recent}, entry["text"])
                                for index, entry in latest]) if latest else
                 h("p", {"class": "spc-note"}, "Light moves first."))

    def _legend(self) -> Node:
        return h("section", {"class": "panel spc-legend"},
                 h("h2", None, "Reading the board"),
                 h("p", None, "A card back: face down. A small card on a back: face down, but seen "
                              "before. K king, Q queen, F footman. Land on a face-down black card "
                              "and you must discard: lower than the card blows the checker up."))

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
                 h("span", {"class": "spc-boom"}, "BOOM"), "Blown up! ", blast["text"])

    def _victory_lines(self, view: dict[str, Any]) -> Node:
        victories = view["victories"]
        lines = []
        for side in (0, 1):
            won = victories[side]
            if len(won) == 2:
                lines.append(f"{SIDE_NAMES[side]}: total victory (survival and tactical)")
            elif won:
                lines.append(f"{SIDE_NAMES[side]}: {won[0]} victory")
        lines.append(f"Rescued {view['rescued'][0]}–{view['rescued'][1]}, "
                     f"captured {view['captured'][0]}–{view['captured'][1]} (Light–Dark)")
        return h("ul", {"class": "spc-victories", "data-testid": "victories"},
                 [h("li", None, line) for line in lines])


def _origin(action: Any) -> str | None:
    """The square of the checker an action moves (``None`` for a discard)."""
    if isinstance(action, (Step, Jump, Strike, Rescue)):
        return SQUARE_NAMES[action.origin]
    return None


def _side_class(side: int) -> str:
    return "light" if side == 0 else "darkside"
