"""``#/check/play?...``: the Check! table, from the deal to the final reveal.

The setup screen chooses the seats (2 to 6, names, bot levels); the table opens straight on the
game. The engine's lobby (``join``/``start``, kept for networked play later) is played by the
table itself: every person's ``join`` and the Game Master's ``start`` are chosen ahead
(``play_when_due``) and played by the base as the rules allow them, the bots joining in their
seats' turn (ruling 1: seats join in seat order, as the log shows). A reload in the lobby (or a
takeback into it) picks this up again. From then on the table draws only from the view and offers
only the engine's legal actions: every button that plays carries ``data-action`` (its notation)
and, when several people may act at once, ``data-seat``; a click that only selects carries
``data-pick`` (a swap's first card, "take the discard", the first step of calling Check, which
asks for a confirmation before the ``check`` button appears).

Cards are face down, as at a real table: a card shows when the view says it lies face up for the
seat (the bottom row until "Ready", a peek until the ability ends, a card tried in a failed
match, the final reveal), or when the memory aid is on (off by default) and the seat knows it.
Every place of a grid shows its number, the one the log uses ("card 2" is slot 1); places 1 and
2 are the top row, 3 and 4 the bottom row, penalty cards get columns of their own to the right,
so a grid only ever grows sideways and the table below it never moves.
Each place of a grid is one ``button`` for as long as it holds a card (keyed by its position:
its card turns up and down), whatever it offers: ``data-action``/``data-pick`` when a
click plays or picks, else ``data-try`` (``offer``) and a click says why, in the engine's words or,
where the rules allow it but the table wants a first step (take the discard), that step. The
person's own places (their hand) are in the tab order, the others' only while they offer a move.
Log lines show their cards as chips with the table's suit signs.
Several people on one device: whatever only one of them may see (the initial peek, a drawn card,
an ability's peeks) is behind a "pass the device" screen; the matching window, where everyone may
act at once, shows no card faces, so all may use it together.

Layout: the regions have fixed heights, so nothing moves when a matching window opens:
the opponents, the centre (draw pile, discard pile, a place kept for a drawn card, a place kept
for the window and its ``[data-testid=countdown]``), the person's grid, then the prompt and
buttons, then the log. At 1280x800 and 360x740 the person's grid and the countdown are inside the
viewport during a window.

The last move (``GameTable.last_moves``/``recent``): what the other seats did since the person
last acted marks its elements with ``data-last-move`` (the piles drawn from or discarded to, the
places taken, replaced, matched, peeked at or swapped, the "called Check!" tag) and its log lines,
until the person acts. In Check! a pass in another seat's matching window does not count as
acting, so a round of bots stays marked until the person's own turn is played.

The matching window is timed by the page, not the engine, and bots answer in it after their
level's reaction delay: both are the flow's (``ui.tables.game_flows.CheckFlow``), as is the lobby,
where people join and the Game Master starts as soon as the rules allow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine import Action, IllegalAction
from engine.check import (
    CallCheck,
    DiscardDrawn,
    DrawPile,
    Exchange,
    Match,
    Pass,
    Peek,
    Ready,
    Replace,
    Skip,
    TakeDiscard,
    pos_text,
)
from engine.playing_cards import RANK_NAMES, PlayingCard
from ui.kit.dom import Node, classes, h
from ui.kit.i18n import N_, _, ngettext, pgettext, spliced, translated
from ui.tables import last_move, parts
from ui.tables.announcer import log_news
from ui.tables.base import GameTable
from ui.tables.commands import ANY, Do, Pick, handles
from ui.tables.playing_cards import back, card_name, chip, face, with_signs

LOG_LINES = 40
#: The marks of the piles and of a seat's "called Check!" tag among the last move's marks.
DRAW_PILE, DISCARD_PILE = "draw-pile", "discard-pile"


#: How a round ends, by the engine's ids (``engine.check``: FINAL_TURNS_OVER and the others).
ROUND_ENDINGS = {
    "the final turns are over": N_("the final turns are over"),
    "the draw pile is empty when a card must be drawn": N_("the draw pile is empty when a card must be drawn"),
    "the draw pile is empty when a penalty card is due": N_("the draw pile is empty when a penalty card is due"),
}
#: The ranks an ability is named by, where the rank is a word ("Jack: pick two cards...").
RANK_WORD_NAMES = {1: N_("Ace"), 11: N_("Jack"), 12: N_("Queen"), 13: N_("King")}
#: What clicking a place does (``_move``'s ``verb``), said of the reader's place and of a seat's.
PLACE_VERBS = {
    "take": (N_("Take the discard into your card {number}"), N_("Take the discard into {name}'s card {number}")),
    "replace": (N_("Put the drawn card in place of your card {number}"),
                N_("Put the drawn card in place of {name}'s card {number}")),
    "match": (N_("Match with your card {number}"), N_("Match with {name}'s card {number}")),
    "peek": (N_("Peek at your card {number}"), N_("Peek at {name}'s card {number}")),
    "pick": (N_("Pick for the swap your card {number}"), N_("Pick for the swap {name}'s card {number}")),
    "unpick": (N_("Unpick your card {number}"), N_("Unpick {name}'s card {number}")),
    "swap": (N_("Swap with your card {number}"), N_("Swap with {name}'s card {number}")),
}


class CheckTable(GameTable):
    game_id = "check"
    # A pass in another seat's matching window is no move of the watcher's: a round of bots
    # stays marked until the watcher's own turn (or match, peek, swap...) is played.
    quiet_actions: ClassVar[tuple[type, ...]] = (Pass,)
    quiet_kind = "pass"

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # GameTable's arguments
        super().__init__(*args, **kwargs)  # the engine's lobby: seat 0 is the Game Master
        self.memory_aid = False
        self.take_mode = False
        #: The first step of calling Check was taken: the confirmation is on screen.
        self.confirm_check = False
        self.swap_pick: str | None = None
        #: A control that kept focus but stopped being one (see ``show``).
        self.fixed_title = _("Check! — Five Checks")

    # -- who sees what ---------------------------------------------------------------------

    def private_seat(self) -> int | None:
        """The person whose secret cards the current moment shows, if any (the bottom-row
        peek, a drawn card, an ability's peeks); the matching window shows none."""
        view = self.view()
        if view["result"] is not None:
            return None
        if view["phase"] == "peek":
            return next((s for s in self.humans if s not in view["ready"]), None)
        if view["phase"] == "drawn" and view["turn"] in self.humans:
            return view["turn"]
        ability = view["ability"]
        if ability is not None and ability["owner"] in self.humans:
            return ability["owner"]
        return None

    def needs_pass(self) -> bool:
        seat = self.private_seat()
        return self.private and seat is not None and seat != self.holder and not self.flow.error

    def human_to_act(self) -> int | None:
        """The person the pass screen calls (a private moment's), else the first able to act."""
        seat = self.private_seat()
        return seat if seat is not None else super().human_to_act()

    def played(self, before: Any, seat: int, action: Any) -> None:
        phase = self.view()["phase"]
        self.take_mode = self.take_mode and phase == "turn"
        if phase != "ability":
            self.swap_pick = None
        if self.private and self.private_seat() != self.holder:
            self.holder = None  # the private moment is over: nobody's cards on screen

    def changed(self) -> None:
        self.confirm_check = False

    # -- events ----------------------------------------------------------------------------

    @handles("take")
    def toggle_take(self, pick: Pick) -> None:
        self.take_mode = not self.take_mode
        self.confirm_check = False
        self.show()

    @handles("call-check", "cancel-check")
    def confirm(self, pick: Pick) -> None:
        self.confirm_check = pick.name == "call-check"
        self.take_mode = self.take_mode and not self.confirm_check
        self.show()

    @handles(ANY)
    def pick_place(self, pick: Pick) -> None:
        """The first of a swap's two places."""
        self.swap_pick = None if self.swap_pick == pick.name else pick.name
        self.show()

    @handles("memory")
    def toggle_memory(self, command: Do) -> None:
        self.memory_aid = not self.memory_aid
        self.show()

    # -- words -----------------------------------------------------------------------------

    def yours(self, seat: int) -> bool:
        """Whether the table speaks of ``seat`` as "you": the reader's own seat, or a seat named
        "You" in a record the replay viewer shows (never "You's card")."""
        return self.name(seat) in ("You", pgettext("a seat's name", "You"))

    def of_seat(self, seat: int, yours: str, theirs: str, /, **parts: Any) -> str:
        """The sentence ``yours`` (said of the reader's seat) or ``theirs`` (of ``seat`` by its
        ``{name}``), both marked with ``N_``, translated and filled."""
        return translated(yours if self.yours(seat) else theirs, name=self.name(seat), **parts)

    # -- the last move ---------------------------------------------------------------------

    def marks(self, view: dict[str, Any]) -> set[str]:
        """What ``last_moves`` touched: positions' notations, ``DRAW_PILE``, ``DISCARD_PILE``,
        ``seat:<n>`` (a Check call)."""
        marks: set[str] = set()
        for seat, action in last_move.last_moves(self):
            self._mark(marks, view, seat, action)
        return marks

    @staticmethod
    def _mark(marks: set[str], view: dict[str, Any], seat: int, action: Action) -> None:
        """The elements ``action`` of ``seat`` touched (every Check! action is public)."""
        if isinstance(action, DrawPile):
            marks.add(DRAW_PILE)
        elif isinstance(action, DiscardDrawn):
            marks.add(DISCARD_PILE)
        elif isinstance(action, (TakeDiscard, Replace)):
            marks.update((DISCARD_PILE, pos_text((seat, action.slot))))
        elif isinstance(action, Match):
            marks.add(pos_text((seat, action.slot)))
            grid = view["grids"][seat]
            if action.slot < len(grid) and grid[action.slot] is None:  # a hole: the match held
                marks.add(DISCARD_PILE)
        elif isinstance(action, Peek):
            marks.add(pos_text(action.target))
        elif isinstance(action, Exchange):
            marks.update((pos_text(action.first), pos_text(action.second)))
        elif isinstance(action, CallCheck):
            marks.add(f"seat:{seat}")

    # -- rendering -------------------------------------------------------------------------

    def render(self) -> list[Node]:
        view = self.view()
        over = view["result"] is not None
        viewer = view["seat"]
        body: list[Any]
        if self.needs_pass():
            body = [parts.pass_screen(self)]
        else:
            others = [seat for seat in range(view["players"]) if seat != viewer]
            moves = self._card_moves(view)
            marks = self.marks(view)
            body = [
                self._result(view) if over else None,
                h("div", {"class": classes("cx-opponents", len(others) <= 2 and "cx-few")},
                  [self._seat(view, seat, moves, marks) for seat in others]),
                self._centre(view, marks),
                h("p", {"class": "cx-values", "data-testid": "card-values"}, parts.term(self, "values")),
                self._seat(view, viewer, moves, marks) if viewer is not None else None,
                self._controls(view),
                self._log(view),
            ]
        return [self.frame("cx", view, self._bar(view), *body, alert="cx-error", phase=True)]

    def _bar(self, view: dict[str, Any]) -> Node:
        return h("header", {"class": "cx-bar"},
                 h("a", {"href": "#/check", "class": "cx-home"}, _("Check!")),
                 h("span", {"class": "cx-status", "data-testid": "status"}, self._status(view)),
                 h("span", {"class": "cx-tools"},
                   h("button", {"type": "button", "class": "tool", "data-cmd": "memory",
                                "data-testid": "memory-aid", "aria-pressed": "true" if self.memory_aid else "false",
                                "title": _("Show the cards you have seen (it is a memory game: off by default)")},
                     _("Memory aid: on") if self.memory_aid else _("Memory aid: off"))
                   if not self.private else None,
                   parts.undo_button(self), parts.motion_button(self), parts.sound_button(self),
                   parts.theme_button(self), parts.rules_link(self)))

    def _status(self, view: dict[str, Any]) -> list[Any]:
        if view["result"] is not None:
            return [_("Round over")]
        # The last round is a second status beside the first, after a separator.
        final = " · " + _("Final Turns") if view["final_queue"] is not None else ""
        if view["phase"] == "lobby":
            return [_("The players take their seats…")]
        if view["phase"] == "peek":
            return [_("Look at your bottom row") + final]
        if view["window"] is not None:
            return [spliced(_("Matching: {card}"), card=chip(view["window"]["card"])), final]
        ability = view["ability"]
        if ability is not None:
            owner = ability["owner"]
            return [spliced(pgettext("you", "Your {card} ability") if parts.is_you(self, owner) else
                          _("{name}: {card} ability"), name=self.name(owner), card=chip(ability["card"])), final]
        turn = view["turn"]
        if self.flow.thinking == turn:
            return [_("{name} is thinking…", name=self.name(turn)) + final]
        return [(_("Your turn") if parts.is_you(self, turn) else _("{name} to play", name=self.name(turn))) + final]

    # Seats -------------------------------------------------------------------------------

    def _seat(self, view: dict[str, Any], seat: int, moves: dict[str, dict[str, Any]],
              marks: set[str]) -> Node:
        spec = self.seats[seat]
        locked = seat in view["locked"]
        window = view["window"]
        called = view["caller"] == seat
        tags = [
            h("span", {"class": "tag"}, _("Game Master"))
            if seat == view["game_master"] and self.has_lobby() else None,
            h("span", {"class": "tag"}, _("to play"))
            if view["phase"] in ("turn", "drawn") and view["turn"] == seat else None,
            h("span", {"class": "tag", "data-last-move": f"seat:{seat}" in marks}, _("called Check!"))
            if called else None,
            h("span", {"class": "tag"}, _("locked")) if locked and not called else None,
            h("span", {"class": "tag"}, _("passed")) if window is not None and seat in window["passed"] else None,
            h("span", {"class": "tag"}, _("score {score}", score=view["scores"][seat])) if view["scores"] else None,
        ]
        cells = [self._cell(seat, slot, cell, moves, marks) for slot, cell in enumerate(view["grids"][seat])]
        mine = seat == view["seat"]
        return h("section", {"class": classes("cx-seat", mine and "cx-mine", spec.is_bot and "cx-bot",
                                              locked and "cx-locked"),
                             "data-seat": seat, "data-testid": f"seat-{seat}",
                             "aria-label": self.of_seat(seat, N_("Your grid"), N_("{name}'s grid"))},
                 h("h2", {"class": "cx-name"}, h("span", {"data-testid": f"name-{seat}"}, self.name(seat))),
                 h("div", {"class": "cx-tags"}, tags),
                 h("div", {"class": "cx-grid", "role": "list", "data-keynav": mine or None}, cells))

    def _cell(self, seat: int, slot: int, cell: Any, moves: dict[str, dict[str, Any]],
              marks: set[str]) -> Node:
        """One place of a grid: the card (a button when clicking it plays or picks) and the
        place's number, as the log counts them ("card 1" is slot 0)."""
        pos = pos_text((seat, slot))
        mark = pos in marks
        place = {"class": classes("cx-slot", slot < 4 and f"cx-s{slot}"), "role": "listitem"}
        number = h("span", {"class": "cx-num", "aria-hidden": "true"}, str(slot + 1))
        if cell is None:
            hole = h("div", {"class": "cx-card cx-hole", "data-pos": pos, "data-last-move": mark,
                             "role": "img", "aria-label": self.of_seat(seat, N_("Your card {number}: empty place"),
                                                                       N_("{name}'s card {number}: empty place"),
                                                                       number=slot + 1)})
            return h("div", place, hole, number)
        card = cell["card"]
        # The memory aid turns up every card the seat knows (never on a shared device).
        up = card is not None and (cell["up"] or (self.memory_aid and not self.private))
        move = moves.get(pos)
        viewer = self.view()["seat"]
        # A place keeps one button for as long as it holds a card (keyed by its position, since
        # its card turns up and down), whatever it offers now.
        attrs: dict[str, Any] = {"key": pos, "type": "button", "data-pos": pos, "data-last-move": mark}
        extra: list[str | bool] = ["cx-card"]
        if move is not None:
            yours, theirs = PLACE_VERBS[move.pop("_verb")]
            attrs.update({**move, "aria-label": self.of_seat(seat, yours, theirs, number=slot + 1)})
            extra.append("cx-live")
            if self.swap_pick == pos:
                extra.append("cx-picked")
        else:
            # What a click on it would mean now: the engine (or the table) says why it is not on.
            # The person's own places stay in the tab order (their hand); the others' do not.
            shown = (self.of_seat(seat, N_("Your card {number}: {card}"), N_("{name}'s card {number}: {card}"),
                                  number=slot + 1, card=card_name(card)) if up else
                     self.of_seat(seat, N_("Your card {number}, face down"), N_("{name}'s card {number}, face down"),
                                  number=slot + 1))
            attrs.update({**parts.offer(self._tried(seat, slot), False), "data-seat": viewer,
                          "tabindex": None if seat == viewer else "-1", "aria-label": shown})
        element = (face(card, "button", {**attrs, "title": card_name(card)}, *extra) if up
                   else back("button", attrs, *extra))
        return h("div", place, element, number)

    def _tried(self, seat: int, slot: int) -> str:
        """The action a click on place ``slot`` of ``seat`` stands for now, offered or not: a
        match in a matching window, a replace while a card is drawn, a take in a turn, a peek or
        the picked card's swap in an ability (the only actions on other seats' cards)."""
        view = self.view()
        pos = pos_text((seat, slot))
        phase = view["phase"]
        if phase == "ability" and self.swap_pick and self.swap_pick != pos:
            first, second = sorted((self.swap_pick, pos), key=lambda text: tuple(map(int, text.split("."))))
            return f"swap {first} {second}"
        if seat != view["seat"] or phase == "ability":
            return f"peek {pos}"
        return {"matching": f"match {slot}", "turn": f"take {slot}"}.get(phase, f"replace {slot}")

    def explain(self, seat: int, notation: str, error: IllegalAction | None = None) -> str:
        """The engine's reason (``GameTable.explain``); where the rules allow the click but the
        table asks for a first step, that step."""
        why = super().explain(seat, notation, error)
        if why:
            return why
        if self.confirm_check:
            return _("Answer first: call Check, or cancel.")
        top = self.view()["discard_top"]
        if notation.startswith("take ") and top:
            return _("To take the discard, press “Take the {card}” first, then click the place it goes to.",
                     card=with_signs(top))
        return _("Choose with the buttons under your grid first.")

    def _card_moves(self, view: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """What clicking each card (by its position) does for the people who may act now, from
        their legal actions: a take, a replace, a match, a peek, or a swap's two picks."""
        moves: dict[str, dict[str, Any]] = {}
        if view["result"] is not None or self.confirm_check:
            return moves
        for seat in view["to_act"]:
            for action in self.legal(seat):
                if isinstance(action, TakeDiscard) and self.take_mode:
                    moves[pos_text((seat, action.slot))] = self._move(action, "take")
                elif isinstance(action, Replace):
                    moves[pos_text((seat, action.slot))] = self._move(action, "replace")
                elif isinstance(action, Match):
                    moves[pos_text((seat, action.slot))] = {**self._move(action, "match"), "data-seat": seat}
                elif isinstance(action, Peek):
                    moves[pos_text(action.target)] = self._move(action, "peek")
                elif isinstance(action, Exchange):
                    self._swap_moves(action, moves)
        return moves

    def _swap_moves(self, action: Exchange, moves: dict[str, dict[str, Any]]) -> None:
        """A swap is two clicks: the first picks a card, the second (on its partner) swaps."""
        first, second = pos_text(action.first), pos_text(action.second)
        if self.swap_pick is None:
            for pos in (first, second):
                moves[pos] = {"data-pick": pos, "_verb": "pick"}
        elif self.swap_pick in (first, second):
            moves[self.swap_pick] = {"data-pick": self.swap_pick, "_verb": "unpick"}
            other = second if self.swap_pick == first else first
            moves[other] = self._move(action, "swap")

    @staticmethod
    def _move(action: Action, verb: str) -> dict[str, Any]:
        """A click that plays ``action``; ``verb`` is its key in ``PLACE_VERBS``."""
        return {"data-action": str(action), "_verb": verb}

    # The centre: piles, the drawn card, the window ---------------------------------------

    def _centre(self, view: dict[str, Any], marks: set[str]) -> Node:
        """The piles, a place kept for a drawn card and a place kept for the matching window:
        the same size whatever happens, so the grid under it never moves."""
        top = view["discard_top"]
        label = pgettext("drawn card", "Drawn")
        if view["holding"] and view["drawn"] and view["seat"] == view["turn"]:
            drawn = self._pile(face(view["drawn"], "div", None, "cx-card"), label, _("by you"), testid="drawn")
        elif view["holding"]:
            drawn = self._pile(back("div", None, "cx-card"), label,
                               _("by you") if parts.is_you(self, view["turn"]) else
                               _("by {name}", name=self.name(view["turn"])), testid="drawn")
        else:  # the drawn card's place stays, empty
            drawn = h("div", {"class": "cx-pile cx-pile-empty", "aria-hidden": "true"},
                      h("div", {"class": "cx-card cx-hole"}), h("span", {"class": "cx-pile-label"}))
        count = view["discard_count"]
        piles = h("div", {"class": "cx-piles"},
                  self._pile(back("div", None, "cx-card"), _("Draw pile"),
                             ngettext("{n} card", "{n} cards", view["draw_count"]),
                             testid="draw-pile", mark=DRAW_PILE in marks),
                  self._pile(face(top, "div", None, "cx-card") if top else h("div", {"class": "cx-card cx-hole"}),
                             _("Discard"), _("sealed") if view["sealed"] else ngettext("{n} card", "{n} cards", count),
                             testid="discard-pile", mark=DISCARD_PILE in marks, css=view["sealed"] and "cx-sealed"),
                  drawn)
        return h("div", {"class": "cx-centre"}, piles, self._window_panel(view))

    @staticmethod
    def _pile(card: Node, name: str, detail: str, *, testid: str, mark: bool = False,
              css: str | bool | None = None) -> Node:
        """A pile (or the drawn card) with its label on two lines of fixed height."""
        return h("div", {"class": classes("cx-pile", css), "data-testid": testid, "data-last-move": mark},
                 card, h("span", {"class": "cx-pile-label"}, h("span", None, name), h("span", None, detail)))

    def _window_panel(self, view: dict[str, Any]) -> Node:
        window = view["window"]
        if window is None:  # its place stays, empty
            return h("div", {"class": "cx-window cx-window-closed", "aria-hidden": "true"})
        names = ", ".join(self.name(seat) for seat in window["passed"])
        passed = _("Passed: {names}", names=names) if names else _("Passed: nobody yet")
        return h("div", {"class": "cx-window", "data-testid": "window", "role": "status"},
                 h("span", {"class": "cx-window-what"}, spliced(_("Match the {card}!"), card=chip(window["card"]))),
                 h("b", {"class": "cx-countdown", "data-testid": "countdown"}, self.clock_text()),
                 h("span", {"class": "cx-window-passed", "title": passed}, passed))

    # The prompt and buttons, under the person's grid ----------------------------------------

    def _controls(self, view: dict[str, Any]) -> Node | None:
        if view["result"] is not None:
            return None
        phase, viewer, ability = view["phase"], view["seat"], view["ability"]
        buttons: list[Any] = []
        prompt: Any = ""
        if phase == "peek" and viewer is not None and viewer not in view["ready"]:
            prompt = _("Remember your bottom row, then turn it face down.")
            buttons += [self._button(action, _("I have looked: ready"), "primary", seat=viewer)
                        for action in self.legal(viewer) if isinstance(action, Ready)]
        elif phase == "peek":
            prompt = _("Waiting for everyone to look at their bottom row.")
        elif phase == "turn" and view["turn"] in self.humans:
            prompt, buttons = self._turn_controls(view)
        elif phase == "drawn" and view["turn"] in self.humans:
            prompt = _("Click one of your cards to put the drawn card there, or discard it.")
            buttons += [self._button(action, _("Discard it")) for action in self.legal(view["turn"])
                        if isinstance(action, DiscardDrawn)]
        elif phase == "matching":
            humans = [seat for seat in view["window"]["matchers"] if seat in self.humans]
            if humans:
                want = RANK_NAMES[PlayingCard.parse(view["window"]["card"]).rank]
                prompt = _("Click a card of yours of rank {rank} to match it, or pass. "
                           "A wrong card costs a penalty card.", rank=want)
            for seat in humans:
                label = _("Pass") if not self.private else _("{name}: pass", name=self.name(seat))
                buttons += [self._button(action, label, seat=seat)
                            for action in self.legal(seat) if isinstance(action, Pass)]
        elif ability is not None and ability["owner"] in self.humans:
            rank = PlayingCard.parse(ability["card"]).rank
            what = translated(RANK_WORD_NAMES[rank]) if rank in RANK_WORD_NAMES else RANK_NAMES[rank]
            if ability["peeks_left"]:
                # English says "left" whatever the count; a language may not.
                prompt = ngettext("{what}: click a card to peek at ({n} left), or skip the peek.",
                                  "{what}: click a card to peek at ({n} left), or skip the peek.",
                                  ability["peeks_left"], what=what)
                label = _("Skip the peek")
            else:
                prompt = (_("{what}: pick two cards to swap them, or skip the swap.", what=what)
                          if self.swap_pick is None else _("Now pick the card to swap it with, or skip the swap."))
                label = _("Skip the swap")
            buttons += [self._button(action, label) for action in self.legal(ability["owner"])
                        if isinstance(action, Skip)]
        elif ability is not None:
            owner = ability["owner"]
            prompt = spliced(pgettext("you", "You are using a {card}.") if parts.is_you(self, owner) else
                           _("{name} is using a {card}."), name=self.name(owner), card=chip(ability["card"]))
        notice = None
        if view["last_try"] is not None:
            seat, tried = view["last_try"][0], view["last_try"][2]
            notice = h("p", {"class": "cx-notice", "data-testid": "penalty"},
                       spliced(pgettext("you", "You tried {card}: wrong rank, a penalty card was added to your grid.")
                             if parts.is_you(self, seat) else
                             _("{name} tried {card}: wrong rank, a penalty card was added."),
                             name=self.name(seat), card=chip(tried)))
        if not prompt and not buttons and notice is None:
            return None
        return h("div", {"class": "cx-controls"}, notice,
                 h("p", {"class": "cx-prompt", "data-testid": "prompt"}, prompt) if prompt else None,
                 h("div", {"class": "cx-buttons"}, buttons) if buttons else None)

    def _turn_controls(self, view: dict[str, Any]) -> tuple[Any, list[Any]]:
        """A person's turn: draw, take the discard (a pick, then the card to replace) or call
        Check (a pick, then a confirmation: only the confirming button plays ``check``)."""
        legal = self.legal(view["turn"])
        calls = [action for action in legal if isinstance(action, CallCheck)]
        if self.confirm_check and calls:
            prompt = _("Call Check? This is your last turn: you take no further part, and every "
                       "other player takes one final turn.")
            return prompt, [self._button(calls[0], _("Yes, call Check"), "primary cx-check"),
                            h("button", {"type": "button", "data-pick": "cancel-check"}, _("Cancel"))]
        take = any(isinstance(action, TakeDiscard) for action in legal)
        if self.take_mode:
            prompt = _("Click the card of yours to swap the discard with.")
        elif take:
            prompt = (_("Draw a card, take the discard, or call Check!") if calls else
                      _("Draw a card, take the discard."))
        else:
            prompt = _("Draw a card, or call Check!") if calls else _("Draw a card.")
        buttons: list[Any] = [self._button(action, _("Draw"), "primary")
                              for action in legal if isinstance(action, DrawPile)]
        if take:
            buttons.append(h("button", {"type": "button", "data-pick": "take",
                                        "aria-pressed": "true" if self.take_mode else "false"},
                             spliced(_("Take the {card}"), card=chip(view["discard_top"]))))
        if calls:
            buttons.append(h("button", {"type": "button", "class": "cx-check", "data-pick": "call-check"},
                             _("Call Check!")))
        return prompt, buttons

    @staticmethod
    def _button(action: Action, label: str, css: str | None = None, seat: int | None = None) -> Node:
        """A button that plays the engine's ``action`` (for ``seat`` where several may act)."""
        return h("button", {"type": "button", "class": css, "data-action": str(action), "data-seat": seat},
                 label)

    # Log and result ----------------------------------------------------------------------

    def log_line(self, entry: Mapping[str, Any]) -> Any:
        return self._log_line(entry)

    def news(self, moves: Sequence[tuple[int, Any]], entries: Sequence[Mapping[str, Any]]) -> list[str]:
        return log_news(entries, self.log_line)

    def _log(self, view: dict[str, Any]) -> Node:
        """The log, latest first; the lines since the viewer's last action are marked."""
        entries = view["log"]
        start = max(0, len(entries) - LOG_LINES)
        recent = last_move.recent(self, entries)
        items = [h("li", {"data-last-move": index in recent}, self._log_line(entries[index]))
                 for index in range(len(entries) - 1, start - 1, -1)]
        return h("details", {"class": "cx-log", "open": True},
                 h("summary", None, _("What happened (latest first)")),
                 # It scrolls: focusable, so that the keyboard scrolls it too.
                 h("ul", {"data-testid": "log", "tabindex": "0", "aria-label": _("What happened")}, items))

    def has_lobby(self) -> bool:
        """Some seat is played from another device, so people wait for each other in a lobby
        (a room with friends); at one device, bots and people alike, there is none to speak of."""
        return not self.readonly and any(seat not in self.humans and seat not in self.flow.bots
                                         for seat in range(len(self.seats)))

    def _place(self, actor: int, owner: int, number: int) -> str:
        """A card of a grid inside a log line: "your card 2", "their own card 2" (the actor's),
        "Ann's card 2"."""
        if self.yours(owner):
            return (pgettext("you", "your own card {number}", number=number) if owner == actor
                    else pgettext("you", "your card {number}", number=number))
        if owner == actor:
            return _("their own card {number}", number=number)
        return _("{name}'s card {number}", name=self.name(owner), number=number)

    def _log_line(self, entry: Mapping[str, Any]) -> list[Any]:
        """A log entry as a whole sentence of the catalog, from its ``kind``, its ``seats`` and
        its ``parts`` (``engine.check``'s log): "You ..." for the reader's seat, a name
        otherwise, its cards as chips. At one device, where nobody waits in a lobby, the
        engine's lobby entries are said without a lobby or a Game Master."""
        kind, seats = entry["kind"], list(entry.get("seats") or [])
        said: dict[str, Any] = dict(entry.get("parts") or {})
        seat = seats[0] if seats else None
        you = seat is not None and self.yours(seat)
        name = self.name(seat) if seat is not None else ""

        def line(yours: str, theirs: str, /, *cards: str) -> list[Any]:
            """The sentence (unfilled) for ``you`` or for ``name``, the parts named ``cards`` as chips."""
            fields = {"name": name, **{key: str(value) for key, value in said.items()}}
            return spliced(yours if you else theirs, **{**fields, **{key: chip(said[key]) for key in cards}})

        solo = not self.has_lobby()
        if kind == "open":
            return (line(pgettext("you", "You sat down first"), _("{name} sat down first")) if solo else
                    line(pgettext("you", "You opened the lobby as Game Master"),
                         _("{name} opened the lobby as Game Master")))
        if kind == "start":
            return (line(pgettext("you", "You started the game"), _("{name} started the game")) if solo else
                    line(pgettext("you", "You started the game: the lobby is locked"),
                         _("{name} started the game: the lobby is locked")))
        if kind == "join":
            return line(pgettext("you", "You joined the table"), _("{name} joined the table"))
        if kind == "looked":
            return [_("Everyone has looked at their bottom row")]
        if kind == "check":
            return line(pgettext("you", "You called Check!"), _("{name} called Check!"))
        if kind == "draw":
            return line(pgettext("you", "You drew from the draw pile"), _("{name} drew from the draw pile"))
        if kind == "take":
            return line(pgettext("you", "You took {card} into card {slot} and discarded {discarded}"),
                        _("{name} took {card} into card {slot} and discarded {discarded}"), "card", "discarded")
        if kind == "replace":
            return line(pgettext("you", "You swapped the drawn card into card {slot} and discarded {discarded}"),
                        _("{name} swapped the drawn card into card {slot} and discarded {discarded}"), "discarded")
        if kind == "discard":
            return line(pgettext("you", "You discarded the drawn {card}"), _("{name} discarded the drawn {card}"),
                        "card")
        if kind == "pass":
            return line(pgettext("you", "You passed"), _("{name} passed"))
        if kind == "timeout":
            return [_("Time is up for matching")]
        if kind == "peek" and len(seats) > 1:
            place = self._place(seats[0], seats[1], int(said.get("slot", 0)))
            return [pgettext("you", "You peeked at {place}", place=place) if you
                    else _("{name} peeked at {place}", name=name, place=place)]
        if kind == "skip":
            if said.get("skipped") == "peek":
                return line(pgettext("you", "You skipped the peek"), _("{name} skipped the peek"))
            return line(pgettext("you", "You skipped the swap"), _("{name} skipped the swap"))
        if kind == "reshuffle":
            return [_("The discard pile (but its top card) was shuffled into a new draw pile")]
        if kind == "match":
            return line(pgettext("you", "You matched {top} with {card}: the pile is sealed"),
                        _("{name} matched {top} with {card}: the pile is sealed"), "top", "card")
        if kind == "miss":
            return line(pgettext("you", "You tried {card} on {top}: wrong rank, penalty card"),
                        _("{name} tried {card} on {top}: wrong rank, penalty card"), "card", "top")
        if kind == "emptied":
            if said.get("check"):
                return line(pgettext("you", "You emptied your grid: automatic Check!"),
                            _("{name} emptied their grid: automatic Check!"))
            return line(pgettext("you", "You emptied your grid and are locked"),
                        _("{name} emptied their grid and is locked"))
        if kind == "fizzle":
            return line(pgettext("you", "Your {card} fizzles: the seat is locked"),
                        _("{name}'s {card} fizzles: the seat is locked"), "card")
        if kind == "swap" and len(seats) > 2:
            first = self._place(seats[0], seats[1], int(said.get("slot", 0)))
            second = self._place(seats[0], seats[2], int(said.get("slot_other", 0)))
            return [pgettext("you", "You swapped {first} with {second}", first=first, second=second) if you
                    else _("{name} swapped {first} with {second}", name=name, first=first, second=second)]
        if kind == "over":
            ending = str(said.get("ending", ""))
            return [_("Round over: {why}", why=translated(ROUND_ENDINGS.get(ending, ending)))]
        return []

    def _result(self, view: dict[str, Any]) -> Node:
        """The end: who won, every seat's total once (lowest wins), and how the round ended."""
        result = view["result"]
        return parts.result_panel(self, parts.headline(self, result["winners"]) + ".",
                                  parts.seat_scores(self, result["scores"], _("Totals, lowest wins")),
                                  parts.end_reason(self, result))
