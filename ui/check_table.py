"""``#/check/play?...``: the Check! table, from its lobby to the final reveal.

The screen starts as the lobby: the first seat is the Game Master (the person typing their name),
who adds bots (by level) and people on this device, then presses Start: every person's ``join``
and the Game Master's ``start`` are then played by the base as the rules allow them, the bots
joining in their seats' turn (ruling 1: seats join in seat order). From then on the table draws
only from the view and offers only the engine's legal actions: every button that plays carries
``data-action`` (its notation) and, when several people may act at once, ``data-seat``; a click
that only selects carries ``data-pick``.

Cards are face down, as at a real table: a card shows when the view says it lies face up for the
seat (the bottom row until "Ready", a peek until the ability ends, a card tried in a failed
match, the final reveal), or when the memory aid is on (off by default) and the seat knows it.
Several people on one device: whatever only one of them may see (the initial peek, a drawn card,
an ability's peeks) is behind a "pass the device" screen; the matching window, where everyone may
act at once, shows no card faces, so all may use it together.

The matching window is timed by the page, not the engine: the base table's clock plays the
``CLOCK`` seat's ``timeout`` after the ``match_seconds`` option. Bots answer in the window after
their level's reaction delay (``engine.bots.check.reaction_ms``), scaled by the route's ``delay``
like every bot move (``delay=0`` in tests: bots answer at once); in the lobby and the initial peek
they answer at once (ruling 8: bots have looked).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine import Action
from engine.bots import levels
from engine.bots.check import reaction_ms
from engine.check import (
    GAME_MASTER,
    CallCheck,
    DiscardDrawn,
    DrawPile,
    Exchange,
    Join,
    Match,
    Pass,
    Peek,
    Ready,
    Replace,
    Skip,
    Start,
    TakeDiscard,
    pos_text,
)
from engine.playing_cards import RANK_NAMES, RANK_WORDS, PlayingCard
from ui.dom import Node, attr, classes, h
from ui.playing_cards import back, card_name, chip, face
from ui.routes import DEFAULT_DELAY_MS, SeatSpec, bot_name, clean_name
from ui.table import GameTable

LOG_LINES = 40


class CheckTable(GameTable):
    game_id = "check"

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # GameTable's arguments
        super().__init__(*args, **kwargs)  # the engine's lobby: seat 0 is the Game Master
        self.levels = levels("check")
        self.add_level = "medium" if "medium" in self.levels else self.levels[-1]
        self.memory_aid = False
        self.take_mode = False
        self.swap_pick: str | None = None
        #: The seats may still change until the Game Master presses Start (a saved game that
        #: has begun is past it).
        self.lobby_open = len(self.states) == 1 and not self.readonly
        self.title = "Check! — Five Checks"

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
        return self.private and seat is not None and seat != self.holder and not self.error

    def human_to_act(self) -> int | None:
        """The person the pass screen calls (a private moment's), else the first able to act."""
        seat = self.private_seat()
        return seat if seat is not None else super().human_to_act()

    # -- the lobby -------------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        """Nothing plays while the lobby is open: the Game Master may still change the seats."""
        return self.lobby_open or super().paused

    def reseat(self, seats: list[SeatSpec]) -> None:
        """The Game Master changed the seats before the start: set the table up again exactly
        as a play route with these seats would (the engine's lobby has a fixed seat count)."""
        memory, level, save_id, created = self.memory_aid, self.add_level, self.save_id, self.created
        self.dispose()
        self.__init__(self.root, self.navigate, replace(self.setup, seats=tuple(seats)),  # type: ignore[misc]
                      store=self.store)
        self.memory_aid, self.add_level = memory, level
        self.save_id, self.created = save_id, created
        self.save()
        self.show()

    def begin(self) -> None:
        """Start: the people on this device join (in their seats' turn: ruling 1, the bots in
        theirs), then the Game Master's ``start`` locks the lobby."""
        if not self.lobby_open:
            return
        taken = [spec.name for spec in self.seats]
        named = [  # two bots of one level would share a name: number them by seat
            SeatSpec("bot", f"Bot {seat + 1} ({spec.level})", spec.level)
            if spec.is_bot and taken.count(spec.name) > 1 else spec
            for seat, spec in enumerate(self.seats)
        ]
        if named != list(self.seats):
            self.seats = tuple(named)
            self.setup = replace(self.setup, seats=self.seats)
        self.lobby_open = False
        for seat in self.humans:
            self.ahead[seat] = Start() if seat == GAME_MASTER else Join()
        self.schedule()
        self.show()

    # -- pace ------------------------------------------------------------------------------

    def scaled(self, ms: float) -> float:
        """Bot reaction delays follow the route's ``delay`` (0 in tests: at once)."""
        return ms * self.setup.delay_ms / DEFAULT_DELAY_MS

    def clock_ms(self) -> float:
        return 1000 * int(self.view()["options"]["match_seconds"])  # ruling 9: the page's timer

    def bot_delay_ms(self, seat: int) -> float:
        phase = self.view()["phase"]
        if phase in ("lobby", "peek"):
            return 0  # a join, and ruling 8: bots have looked at their bottom row at once
        if phase == "matching":
            # A race: each level reacts after its own delay (section 7: the first match wins).
            return self.scaled(reaction_ms(self.seats[seat].level) + self.rngs[seat].uniform(0, 250))
        return super().bot_delay_ms(seat)

    def played(self, before: Any, seat: int, action: Any) -> None:
        phase = self.view()["phase"]
        self.take_mode = self.take_mode and phase == "turn"
        if phase != "ability":
            self.swap_pick = None
        if self.private and self.private_seat() != self.holder:
            self.holder = None  # the private moment is over: nobody's cards on screen

    # -- events ----------------------------------------------------------------------------

    def on_click(self, element: Any) -> None:
        if self.lobby_open and attr(element, "data-action") == str(Start()):
            self.begin()
        else:
            super().on_click(element)

    def pick(self, pick: str) -> None:
        if pick == "take":
            self.take_mode = not self.take_mode
        else:
            self.swap_pick = None if self.swap_pick == pick else pick
        self.show()

    def command(self, command: str) -> None:
        seats = list(self.seats)
        if command == "memory":
            self.memory_aid = not self.memory_aid
            self.show()
        elif not self.lobby_open:
            return
        elif command == "add-bot" and len(seats) < 6:
            self.reseat([*seats, SeatSpec("bot", bot_name(self.add_level), self.add_level)])
        elif command == "add-person" and len(seats) < 6:
            people = sum(1 for spec in seats if not spec.is_bot)
            self.reseat([*seats, SeatSpec("human", f"Player {people + 1}")])
        elif command.startswith("remove:") and 0 < int(command.split(":")[1]) < len(seats) > 2:
            del seats[int(command.split(":")[1])]
            self.reseat(seats)

    def on_change(self, element: Any) -> None:
        if not self.lobby_open:
            return
        seat_text = attr(element, "data-name-seat")
        if seat_text:
            seat = int(seat_text)
            seats = list(self.seats)
            fallback = "You" if seat == 0 else f"Player {seat + 1}"
            seats[seat] = SeatSpec("human", clean_name(str(element.value)) or fallback)
            self.seats = tuple(seats)
            self.setup = replace(self.setup, seats=self.seats)
        elif attr(element, "data-field") == "add-level":
            self.add_level = str(element.value)

    # -- rendering: lobby ------------------------------------------------------------------

    def render(self) -> list[Node]:
        if self.view()["phase"] == "lobby":
            return [self._lobby()]
        return [self._table()]

    def _lobby(self) -> Node:
        rows = []
        for seat, spec in enumerate(self.seats):
            if spec.is_bot:
                who = h("span", {"class": "cx-lobby-name"}, spec.name)
            else:
                who = h("input", {"type": "text", "value": spec.name, "maxlength": 24,
                                  "data-field": "name", "data-name-seat": seat, "aria-label": f"Name of seat {seat + 1}",
                                  "data-testid": "gm-name" if seat == 0 else f"name-input-{seat}"})
            rows.append(h("li", {"class": "cx-lobby-seat", "data-testid": f"lobby-seat-{seat}"},
                          who,
                          h("span", {"class": "cx-lobby-tag"}, "Game Master" if seat == 0 else
                            ("bot" if spec.is_bot else "person on this device")),
                          h("button", {"type": "button", "data-cmd": f"remove:{seat}",
                                       "disabled": len(self.seats) <= 2,
                                       "aria-label": f"Remove {spec.name}"}, "Remove") if seat else None))
        full = len(self.seats) >= 6
        return h("section", {"class": "page cx-lobby", "data-testid": "lobby", "data-game": "check"},
                 h("p", {"class": "crumbs"}, h("a", {"href": "#/"}, "All games"), " · ",
                   h("a", {"href": "#/check/rules", "target": "_blank", "rel": "noopener"}, "Rules")),
                 h("h1", None, "Check! lobby"),
                 h("p", None, "You open the table, so you are the Game Master: add bots or people "
                              "sharing this device, then start. Once the game starts the lobby is locked."),
                 h("ol", {"class": "cx-lobby-seats"}, rows),
                 h("div", {"class": "cx-lobby-add"},
                   h("label", None, "Bot level ",
                     h("select", {"data-testid": "add-level", "data-field": "add-level"},
                       [h("option", {"value": level, "selected": level == self.add_level}, level)
                        for level in self.levels])),
                   h("button", {"type": "button", "data-cmd": "add-bot", "disabled": full}, "Add bot"),
                   h("button", {"type": "button", "data-cmd": "add-person", "disabled": full},
                     "Add person")),
                 h("p", {"class": "muted"}, f"{len(self.seats)} of 2–6 seats. Matching window: "
                   f"{self.setup.options.get('match_seconds', 5)} s."),
                 h("div", {"class": "start-row"},
                   h("button", {"type": "button", "class": "primary big", "data-action": str(Start()),
                                "disabled": len(self.seats) < 2}, "Start the game")))

    # -- rendering: the table --------------------------------------------------------------

    def _table(self) -> Node:
        view = self.view()
        over = view["result"] is not None
        viewer = view["seat"]
        body: list[Any]
        if self.needs_pass():
            body = [self.pass_screen()]
        else:
            others = [seat for seat in range(view["players"]) if seat != viewer]
            moves = self._card_moves(view)
            body = [
                self.result_panel(self._caller_note(view)) if over else None,
                h("div", {"class": "cx-opponents"}, [self._seat(view, seat, moves) for seat in others]),
                self._centre(view),
                self._seat(view, viewer, moves) if viewer is not None else None,
                self._log(view),
            ]
        return self.frame("cx", view, self._bar(view), *body, alert="cx-error", phase=True)

    def _bar(self, view: dict[str, Any]) -> Node:
        return h("header", {"class": "cx-bar"},
                 h("a", {"href": "#/check", "class": "cx-home"}, "Check!"),
                 h("span", {"class": "cx-status", "data-testid": "status"}, self._status(view)),
                 h("span", {"class": "cx-tools"},
                   h("button", {"type": "button", "class": "tool", "data-cmd": "memory",
                                "data-testid": "memory-aid", "aria-pressed": "true" if self.memory_aid else "false",
                                "title": "Show the cards you have seen (it is a memory game: off by default)"},
                     "Memory aid: " + ("on" if self.memory_aid else "off"))
                   if not self.private else None,
                   self.undo_button(), self.rules_link()))

    def _status(self, view: dict[str, Any]) -> list[Any]:
        if view["result"] is not None:
            return ["Round over"]
        final = " · Final Turns" if view["final_queue"] is not None else ""
        if view["phase"] == "peek":
            return ["Look at your bottom row" + final]
        if view["window"] is not None:
            return ["Matching: ", chip(view["window"]["card"]), final]
        ability = view["ability"]
        if ability is not None:
            return [f"{self.name(ability['owner'])}: ", chip(ability["card"]), " ability" + final]
        who = self.name(view["turn"])
        return [(f"{who} is thinking…" if self.thinking == view["turn"] else f"{who} to play") + final]

    # Seats -------------------------------------------------------------------------------

    def _seat(self, view: dict[str, Any], seat: int, moves: dict[str, dict[str, Any]]) -> Node:
        spec = self.seats[seat]
        locked = seat in view["locked"]
        window = view["window"]
        tags = [
            "Game Master" if seat == view["game_master"] else None,
            "to play" if view["phase"] in ("turn", "drawn") and view["turn"] == seat else None,
            "called Check!" if view["caller"] == seat else None,
            "locked" if locked else None,
            "passed" if window is not None and seat in window["passed"] else None,
            f"score {view['scores'][seat]}" if view["scores"] else None,
        ]
        cells = [self._cell(seat, slot, cell, moves) for slot, cell in enumerate(view["grids"][seat])]
        mine = seat == view["seat"]
        return h("section", {"class": classes("cx-seat", mine and "cx-mine", spec.is_bot and "cx-bot",
                                              locked and "cx-locked"),
                             "data-seat": seat, "data-testid": f"seat-{seat}",
                             "aria-label": f"{spec.name}'s grid"},
                 h("h2", {"class": "cx-name"}, h("span", {"data-testid": f"name-{seat}"},
                                                 "You" if mine and spec.name == "You" else spec.name),
                   [h("span", {"class": "tag"}, tag) for tag in tags if tag]),
                 h("div", {"class": "cx-grid", "role": "list"}, cells))

    def _cell(self, seat: int, slot: int, cell: Any, moves: dict[str, dict[str, Any]]) -> Node:
        if cell is None:
            return h("div", {"class": "cx-card cx-hole", "role": "listitem", "aria-label": "empty place"})
        card = cell["card"]
        # The memory aid turns up every card the seat knows (never on a shared device).
        up = card is not None and (cell["up"] or (self.memory_aid and not self.private))
        label = f"{self.name(seat)}'s card {slot + 1}"
        move = moves.get(cell["pos"])
        attrs: dict[str, Any] = {"data-pos": cell["pos"], "role": "listitem"}
        extra: list[str | bool] = ["cx-card"]
        if move is not None:
            verb = move.pop("_verb")
            attrs = {"type": "button", "data-pos": cell["pos"], **move, "aria-label": f"{verb} {label}"}
            extra.append("cx-live")
            if self.swap_pick == cell["pos"]:
                extra.append("cx-picked")
        else:
            attrs["aria-label"] = label + (f": {card_name(card)}" if up else ", face down")
            attrs["aria-hidden"] = None  # a place in the grid, face down or not, is read out
        tag = "button" if move is not None else "div"
        if up:
            return face(card, tag, {**attrs, "title": card_name(card)}, *extra)
        return back(tag, attrs, *extra)

    def _card_moves(self, view: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """What clicking each card (by its position) does for the people who may act now, from
        their legal actions: a take, a replace, a match, a peek, or a swap's two picks."""
        moves: dict[str, dict[str, Any]] = {}
        if view["result"] is not None:
            return moves
        for seat in view["to_act"]:
            for action in self.legal(seat):
                if isinstance(action, TakeDiscard) and self.take_mode:
                    moves[pos_text((seat, action.slot))] = self._move(action, "Take the discard into")
                elif isinstance(action, Replace):
                    moves[pos_text((seat, action.slot))] = self._move(action, "Put the drawn card in place of")
                elif isinstance(action, Match):
                    moves[pos_text((seat, action.slot))] = {**self._move(action, "Match with"), "data-seat": seat}
                elif isinstance(action, Peek):
                    moves[pos_text(action.target)] = self._move(action, "Peek at")
                elif isinstance(action, Exchange):
                    self._swap_moves(action, moves)
        return moves

    def _swap_moves(self, action: Exchange, moves: dict[str, dict[str, Any]]) -> None:
        """A swap is two clicks: the first picks a card, the second (on its partner) swaps."""
        first, second = pos_text(action.first), pos_text(action.second)
        if self.swap_pick is None:
            for pos in (first, second):
                moves[pos] = {"data-pick": pos, "_verb": "Pick for the swap"}
        elif self.swap_pick in (first, second):
            moves[self.swap_pick] = {"data-pick": self.swap_pick, "_verb": "Unpick"}
            other = second if self.swap_pick == first else first
            moves[other] = self._move(action, "Swap with")

    @staticmethod
    def _move(action: Action, verb: str) -> dict[str, Any]:
        return {"data-action": str(action), "_verb": verb}

    # The centre: piles, the drawn card, the window, the prompts ---------------------------

    def _centre(self, view: dict[str, Any]) -> Node:
        top = view["discard_top"]
        drawn: Node | None = None
        if view["holding"]:
            if view["drawn"] and view["seat"] == view["turn"]:
                drawn = h("div", {"class": "cx-pile", "data-testid": "drawn"},
                          face(view["drawn"], "div", None, "cx-card"), h("span", {"class": "cx-pile-label"}, "Your drawn card"))
            else:
                drawn = h("div", {"class": "cx-pile", "data-testid": "drawn"}, back("div", None, "cx-card"),
                          h("span", {"class": "cx-pile-label"}, f"{self.name(view['turn'])} holds a card"))
        piles = h("div", {"class": "cx-piles"},
                  h("div", {"class": "cx-pile", "data-testid": "draw-pile"}, back("div", None, "cx-card"),
                    h("span", {"class": "cx-pile-label"}, f"Draw pile · {view['draw_count']}")),
                  h("div", {"class": classes("cx-pile", view["sealed"] and "cx-sealed"), "data-testid": "discard-pile"},
                    face(top, "div", None, "cx-card") if top else h("div", {"class": "cx-card cx-hole"}),
                    h("span", {"class": "cx-pile-label"},
                      "Discard · sealed" if view["sealed"] else f"Discard · {view['discard_count']}")),
                  drawn)
        notice = None
        if view["last_try"] is not None:
            seat, _, tried = view["last_try"]
            notice = h("p", {"class": "cx-notice", "data-testid": "penalty"},
                       f"{self.name(seat)} tried ", chip(tried), ": wrong rank, a penalty card was added.")
        return h("div", {"class": "cx-centre"}, piles, notice, self._window_panel(view), self._controls(view))

    def _window_panel(self, view: dict[str, Any]) -> Node | None:
        window = view["window"]
        if window is None:
            return None
        passed = ", ".join(self.name(seat) for seat in window["passed"]) or "nobody yet"
        return h("div", {"class": "cx-window", "data-testid": "window", "role": "status"},
                 h("span", None, "Match the ", chip(window["card"]), "! "),
                 h("b", {"class": "cx-countdown", "data-testid": "countdown"}, self.clock_text()),
                 h("span", {"class": "muted"}, f" · passed: {passed}"))

    def _controls(self, view: dict[str, Any]) -> Node | None:
        if view["result"] is not None:
            return None
        phase, viewer, ability = view["phase"], view["seat"], view["ability"]
        buttons: list[Any] = []
        prompt: Any = ""
        if phase == "peek" and viewer is not None and viewer not in view["ready"]:
            prompt = "Remember your bottom row, then turn it face down."
            buttons += [self._button(action, "I have looked: ready", "primary", seat=viewer)
                        for action in self.legal(viewer) if isinstance(action, Ready)]
        elif phase == "peek":
            prompt = "Waiting for everyone to look at their bottom row."
        elif phase == "turn" and view["turn"] in self.humans:
            legal = self.legal(view["turn"])
            take = any(isinstance(action, TakeDiscard) for action in legal)
            check = any(isinstance(action, CallCheck) for action in legal)
            prompt = ("Click the card of yours to swap the discard with." if self.take_mode
                      else "Draw a card" + (", take the discard" if take else "")
                      + (", or call Check!" if check else "."))
            buttons += [self._button(action, "Draw", "primary") for action in legal if isinstance(action, DrawPile)]
            if take:
                buttons.append(h("button", {"type": "button", "data-pick": "take",
                                            "aria-pressed": "true" if self.take_mode else "false"},
                                 "Take the ", chip(view["discard_top"])))
            buttons += [self._button(action, "Call Check!", "cx-check") for action in legal
                        if isinstance(action, CallCheck)]
        elif phase == "drawn" and view["turn"] in self.humans:
            prompt = "Click one of your cards to put the drawn card there, or discard it."
            buttons += [self._button(action, "Discard it") for action in self.legal(view["turn"])
                        if isinstance(action, DiscardDrawn)]
        elif phase == "matching":
            humans = [seat for seat in view["window"]["matchers"] if seat in self.humans]
            if humans:
                want = RANK_NAMES[PlayingCard.parse(view["window"]["card"]).rank]
                prompt = f"Click a card of yours of rank {want} to match it, or pass. A wrong card costs a penalty card."
            for seat in humans:
                buttons += [self._button(action, "Pass" if not self.private else f"{self.name(seat)}: pass", seat=seat)
                            for action in self.legal(seat) if isinstance(action, Pass)]
        elif ability is not None and ability["owner"] in self.humans:
            what = RANK_WORDS[PlayingCard.parse(ability["card"]).rank]
            if ability["peeks_left"]:
                prompt = f"{what}: click a card to peek at ({ability['peeks_left']} left), or skip the peek."
                label = "Skip the peek"
            else:
                prompt = (f"{what}: pick two cards to swap them" if self.swap_pick is None
                          else "Now pick the card to swap it with") + ", or skip the swap."
                label = "Skip the swap"
            buttons += [self._button(action, label) for action in self.legal(ability["owner"])
                        if isinstance(action, Skip)]
        elif ability is not None:
            prompt = [f"{self.name(ability['owner'])} is using a ", chip(ability["card"]), "."]
        if not prompt and not buttons:
            return None
        return h("div", {"class": "cx-controls"},
                 h("p", {"class": "cx-prompt", "data-testid": "prompt"}, prompt),
                 h("div", {"class": "cx-buttons"}, buttons) if buttons else None)

    @staticmethod
    def _button(action: Action, label: str, css: str | None = None, seat: int | None = None) -> Node:
        """A button that plays the engine's ``action`` (for ``seat`` where several may act)."""
        return h("button", {"type": "button", "class": css, "data-action": str(action), "data-seat": seat},
                 label)

    # Log and result ----------------------------------------------------------------------

    def _log(self, view: dict[str, Any]) -> Node:
        lines = [self._log_line(entry["text"], entry["seats"]) for entry in view["log"][-LOG_LINES:]]
        return h("details", {"class": "cx-log", "open": True},
                 h("summary", None, "What happened (latest first)"),
                 h("ul", {"data-testid": "log"}, [h("li", None, line) for line in reversed(lines)]))

    def _log_line(self, text: str, seats: list[int]) -> str:
        """A log template with names; "X peeked at X's card" reads "X peeked at their own card"."""
        you = self.bottom if self.is_you(self.bottom) else None
        names = []
        for index, seat in enumerate(seats):
            if index and seat == seats[0]:
                names.append("\x00")
            else:
                names.append(self.name(seat))
        line = text.format(*names).replace("\x00's", "your own" if seats and seats[0] == you else "their own")
        return line.replace("You's", "your") if you is not None else line

    def _caller_note(self, view: dict[str, Any]) -> Node | None:
        caller = view["caller"]
        if caller is None:
            return None
        return h("p", {"class": "cx-caller"}, f"{self.name(caller)} called Check.")
