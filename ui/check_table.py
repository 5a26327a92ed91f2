"""``#/check/play?...``: the Check! table, from its lobby to the final reveal.

The screen starts as the lobby: the first seat is the Game Master (the person typing their name),
who adds bots (by level) and people on this device, then presses Start, which is the engine's
``start`` action after every seat's ``join``. From then on the table shows only views and offers
only legal actions: every button that plays carries ``data-action`` (its notation) and, when
several people share the device, ``data-seat``; a click that only selects carries ``data-pick``.

Cards are face down, as at a real table: a person's own known cards show only in the moments the
rules show them (the bottom row until "Ready", a peek until the ability ends, the drawn card, a
card tried in a failed match), unless the memory aid is switched on (off by default). Several
people on one device: whatever only one of them may see (the initial peek, a drawn card, an
ability's peeks) is behind a "pass the device" screen; the matching window, where everyone may
act at once, shows no card faces, so all may use it together.

The matching window is timed by the page, not the engine: when it opens a countdown runs for
the ``match_seconds`` option and then plays the ``CLOCK`` seat's ``timeout``. Bots answer in the
window after their level's reaction delay (``engine.bots.check.reaction_ms``), scaled by the
route's ``delay`` like every bot move (``delay=0`` in tests: bots answer at once).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine import CLOCK
from engine.bots import levels
from engine.bots.check import reaction_ms
from engine.check import GAME_MASTER, Phase
from engine.playing_cards import RANK_NAMES, RANK_WORDS, PlayingCard
from ui.dom import Node, attr, classes, h, present
from ui.playing_cards import back, card_name, chip, face
from ui.routes import DEFAULT_DELAY_MS, PlaySetup, SeatSpec, bot_name, clean_name
from ui.screen import Navigate
from ui.table import BOT_BUDGET_MS, GameTable
from ui.timers import now_ms

TICK_MS = 200
LOG_LINES = 40
class CheckTable(GameTable):
    game_id = "check"

    def __init__(self, root: Any, navigate: Navigate, setup: PlaySetup) -> None:
        super().__init__(root, navigate, setup)  # the engine's lobby: seat 0 is the Game Master
        self.levels = levels("check")
        self.add_level = "medium" if "medium" in self.levels else self.levels[-1]
        self.memory_aid = False
        self.take_mode = False
        self.swap_pick: str | None = None
        self.window_key = -1
        self.deadline = 0.0
        self.window_bots: set[int] = set()
        self.title = "Check! — Five Checks"

    # -- who sees what ---------------------------------------------------------------------

    def private_seat(self) -> int | None:
        """The person whose secret cards the current moment shows, if any (the bottom-row
        peek, a drawn card, an ability's peeks); the matching window shows none."""
        state = self.state
        if state.is_over():
            return None
        if state.phase is Phase.PEEK:
            return next((s for s in self.humans if s not in state.ready), None)
        if state.phase is Phase.DRAWN and state.turn in self.humans:
            return state.turn
        if state.phase is Phase.ABILITY and state.stack[-1].owner in self.humans:
            return state.stack[-1].owner
        return None

    def needs_pass(self) -> bool:
        seat = self.private_seat()
        return self.private and seat is not None and seat != self.holder and not self.error

    def human_to_act(self) -> int | None:
        """The person the pass screen calls (a private moment's), else the first able to act."""
        return self.private_seat() if self.private_seat() is not None else super().human_to_act()

    # -- the lobby -------------------------------------------------------------------------

    def reseat(self, seats: list[SeatSpec]) -> None:
        """The Game Master changed the seats before the start: set the table up again exactly
        as a play route with these seats would (the engine's lobby has a fixed seat count)."""
        memory, level = self.memory_aid, self.add_level
        self.__init__(self.root, self.navigate, replace(self.setup, seats=tuple(seats)))  # type: ignore[misc]
        self.memory_aid, self.add_level = memory, level
        self.show()

    def begin(self) -> None:
        """Start: every seat joins, then the Game Master's ``start`` locks the lobby."""
        taken = [spec.name for spec in self.seats]
        named = [  # two bots of one level would share a name: number them by seat
            SeatSpec("bot", f"Bot {seat + 1} ({spec.level})", spec.level)
            if spec.is_bot and taken.count(spec.name) > 1 else spec
            for seat, spec in enumerate(self.seats)
        ]
        if named != list(self.seats):
            self.seats = tuple(named)
            self.setup = replace(self.setup, seats=self.seats)
        for seat in self.state.to_act():
            self.state = self.state.apply(seat, "join")
        from pyscript import window

        window.history.replaceState(None, "", self.setup.to_hash())  # the seats as started
        self.play(GAME_MASTER, "start")

    # -- flow ------------------------------------------------------------------------------

    def scaled(self, ms: float) -> float:
        """Bot reaction delays follow the route's ``delay`` (0 in tests: at once)."""
        return ms * self.setup.delay_ms / DEFAULT_DELAY_MS

    def played(self, before: Any, seat: int, action: Any) -> None:
        self.take_mode = self.take_mode and self.state.phase is Phase.TURN
        if self.state.phase is not Phase.ABILITY:
            self.swap_pick = None
        if self.private and self.private_seat() != self.holder:
            self.holder = None  # the private moment is over: nobody's cards on screen

    def schedule(self) -> None:
        state = self.state
        self.thinking = None
        if state.is_over() or self.error or state.phase is Phase.LOBBY:
            return
        if state.phase is Phase.PEEK:
            for seat in state.to_act():  # bots have looked at once (ruling 8)
                if seat in self.bots:
                    self.state = self.state.apply(seat, "ready")
            if self.state.phase is not Phase.PEEK:
                self.schedule()
            return
        if state.phase is Phase.MATCHING:
            self.window()
            return
        self.window_key = -1
        super().schedule()

    # -- the matching window ---------------------------------------------------------------

    def window(self) -> None:
        """A window opened (or goes on after a failed try): the countdown, and the bots' answers."""
        state = self.state
        if self.window_key < 0:
            self.window_key = len(state.history)
            self.window_bots = set()
            self.deadline = now_ms() + 1000 * int(state.options["match_seconds"])
            key = self.window_key
            self.timers.later(TICK_MS, lambda: self.tick(key))
        for seat in state.matchers():
            if seat in self.bots and seat not in self.window_bots:
                self.window_bots.add(seat)
                action = self.bots[seat].choose(self.game, state.view(seat), state.legal_actions(seat),
                                                self.rngs[seat], BOT_BUDGET_MS)
                wait = self.scaled(reaction_ms(self.seats[seat].level) + self.rngs[seat].uniform(0, 250))
                key = self.window_key
                self.timers.later(wait, lambda s=seat, a=action, k=key: self.bot_answers(s, a, k))

    def bot_answers(self, seat: int, action: Any, key: int) -> None:
        if key != self.window_key or seat not in self.state.matchers():
            return
        self.window_bots.discard(seat)  # after a failed try it may answer again
        if action in self.state.legal_actions(seat):
            self.play(seat, action)

    def tick(self, key: int) -> None:
        if key != self.window_key or self.state.phase is not Phase.MATCHING:
            return
        left = self.deadline - now_ms()
        if left <= 0:
            self.play(CLOCK, "timeout")  # ruling 9: the page's timer ends the window
            return
        line = self.root.querySelector("[data-testid=countdown]")
        if present(line):
            line.textContent = f"{left / 1000:.1f} s"
        self.timers.later(min(TICK_MS, left), lambda: self.tick(key))

    # -- events ----------------------------------------------------------------------------

    def on_click(self, element: Any) -> None:
        seat_text = attr(element, "data-seat")
        action = attr(element, "data-action")
        if self.state.phase is Phase.LOBBY and action == "start":
            self.begin()
        elif action and seat_text:
            # Several people in one matching window: the button says whose it is.
            seat = int(seat_text)
            if seat in self.humans and seat in self.state.to_act() and not self.needs_pass():
                self.play(seat, action)
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
        elif command == "add-bot" and len(seats) < 6:
            self.reseat([*seats, SeatSpec("bot", bot_name(self.add_level), self.add_level)])
        elif command == "add-person" and len(seats) < 6:
            people = sum(1 for spec in seats if not spec.is_bot)
            self.reseat([*seats, SeatSpec("human", f"Player {people + 1}")])
        elif command.startswith("remove:") and 0 < int(command.split(":")[1]) < len(seats) > 2:
            del seats[int(command.split(":")[1])]
            self.reseat(seats)

    def on_change(self, element: Any) -> None:
        if self.state.phase is not Phase.LOBBY:
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
        if self.state.phase is Phase.LOBBY:
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
                   h("button", {"type": "button", "class": "primary big", "data-action": "start",
                                "disabled": len(self.seats) < 2}, "Start the game")))

    # -- rendering: the table --------------------------------------------------------------

    def _table(self) -> Node:
        state = self.state
        over = state.is_over()
        viewer = self.viewer()
        view = state.view(None if over else viewer)
        to_act = [seat for seat in state.to_act() if seat != CLOCK]
        body: list[Any]
        if self.needs_pass():
            body = [self.pass_screen()]
        else:
            others = [seat for seat in range(state.players) if seat != viewer]
            body = [
                self.result_panel(self._caller_note()) if over else None,
                h("div", {"class": "cx-opponents"}, [self._seat(view, seat, viewer) for seat in others]),
                self._centre(view, viewer),
                self._seat(view, viewer, viewer) if viewer is not None else None,
                self._log(view),
            ]
        return h("section", {
            "class": classes("cx", over and "cx-over"),
            "data-testid": "table", "data-game": "check", "data-phase": view["phase"],
            "data-over": "1" if over else None,
            "data-to-act": ",".join(map(str, to_act)),
            "aria-label": "Check! table",
        },
            self._bar(view),
            h("p", {"class": "cx-error", "role": "alert"}, self.error or self.notice)
            if self.error or self.notice else None,
            body)

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
                   h("a", {"class": "tool", "href": "#/check/rules", "target": "_blank", "rel": "noopener"},
                     "Rules")))

    def _status(self, view: dict[str, Any]) -> list[Any]:
        state = self.state
        if state.is_over():
            return ["Round over"]
        final = " · Final Turns" if state.final_queue is not None else ""
        if state.phase is Phase.PEEK:
            return ["Look at your bottom row" + final]
        if state.phase is Phase.MATCHING:
            return ["Matching: ", chip(view["window"]["card"]), final]
        if state.phase is Phase.ABILITY:
            ability = state.stack[-1]
            return [f"{self.name(ability.owner)}: ", chip(str(ability.card)), " ability" + final]
        who = self.name(state.turn)
        return [(f"{who} is thinking…" if self.thinking == state.turn else f"{who} to play") + final]

    # Seats -------------------------------------------------------------------------------

    def _seat(self, view: dict[str, Any], seat: int, viewer: int | None) -> Node:
        state = self.state
        spec = self.seats[seat]
        tags = [
            "Game Master" if seat == GAME_MASTER else None,
            "to play" if state.phase in (Phase.TURN, Phase.DRAWN) and state.turn == seat and not state.is_over() else None,
            "called Check!" if state.caller == seat else None,
            "locked" if seat in state.locked else None,
            "passed" if state.window is not None and seat in state.window.passed else None,
            f"score {view['scores'][seat]}" if view["scores"] else None,
        ]
        grid = view["grids"][seat]
        cells = [self._cell(view, seat, slot, cell, viewer) for slot, cell in enumerate(grid)]
        mine = seat == viewer
        return h("section", {"class": classes("cx-seat", mine and "cx-mine", spec.is_bot and "cx-bot",
                                              seat in state.locked and "cx-locked"),
                             "data-seat": seat, "data-testid": f"seat-{seat}",
                             "aria-label": f"{spec.name}'s grid"},
                 h("h2", {"class": "cx-name"}, h("span", {"data-testid": f"name-{seat}"},
                                                 "You" if mine and spec.name == "You" else spec.name),
                   [h("span", {"class": "tag"}, tag) for tag in tags if tag]),
                 h("div", {"class": "cx-grid", "role": "list"}, cells))

    def _shown(self, view: dict[str, Any], pos: tuple[int, int], card: str | None, viewer: int | None) -> bool:
        """Whether a card the viewer knows lies face up now (it is a memory game)."""
        state = self.state
        if card is None:
            return False
        if state.is_over() or (self.memory_aid and not self.private):
            return True
        if state.last_try is not None and state.last_try[:2] == pos:
            return True  # a failed try is shown to all (ruling 5)
        if viewer is None:
            return False
        if state.phase is Phase.PEEK and pos[0] == viewer and viewer not in state.ready and pos[1] in (2, 3):
            return True
        if state.phase is Phase.ABILITY and state.stack[-1].owner == viewer:
            return pos in state.stack[-1].peeked
        return False

    def _cell(self, view: dict[str, Any], seat: int, slot: int, cell: Any, viewer: int | None) -> Node:
        if cell is None:
            return h("div", {"class": "cx-card cx-hole", "role": "listitem", "aria-label": "empty place"})
        pos = (seat, slot)
        card = cell["card"]
        up = self._shown(view, pos, card, viewer)
        label = f"{self.name(seat)}'s card {slot + 1}"
        button = self._cell_button(seat, slot, viewer)
        attrs: dict[str, Any] = {"data-pos": f"{seat}.{slot}", "role": "listitem"}
        extra: list[str | bool] = ["cx-card"]
        if button is not None:
            attrs = {"type": "button", "data-pos": f"{seat}.{slot}", **button}
            attrs["aria-label"] = f"{button.pop('_verb')} {label}"
            attrs.pop("_verb", None)
            extra.append("cx-live")
            if self.swap_pick == f"{seat}.{slot}":
                extra.append("cx-picked")
        else:
            attrs["aria-label"] = label + (f": {card_name(card)}" if up and card else ", face down")
            attrs["aria-hidden"] = None  # a place in the grid, face down or not, is read out
        tag = "button" if button is not None else "div"
        if up and card:
            return face(card, tag, {**attrs, "title": card_name(card)}, *extra)
        return back(tag, attrs, *extra)

    def _cell_button(self, seat: int, slot: int, viewer: int | None) -> dict[str, Any] | None:
        """What clicking this card does for the person acting now (None: nothing)."""
        state = self.state
        if state.is_over() or self.needs_pass():
            return None
        phase = state.phase
        if phase is Phase.TURN and self.take_mode and seat == state.turn and seat in self.humans:
            return {"data-action": f"take {slot}", "_verb": "Take the discard into"}
        if phase is Phase.DRAWN and seat == state.turn and seat in self.humans:
            return {"data-action": f"replace {slot}", "_verb": "Put the drawn card in place of"}
        if phase is Phase.MATCHING and seat in self.humans and seat in state.matchers():
            return {"data-action": f"match {slot}", "data-seat": seat, "_verb": "Match with"}
        if phase is Phase.ABILITY and state.stack[-1].owner in self.humans and state.stack[-1].owner == viewer:
            ability = state.stack[-1]
            pos = (seat, slot)
            if pos not in state.targets():
                return None
            if ability.peeks_left:
                return None if pos in ability.peeked else {"data-action": f"peek {seat}.{slot}", "_verb": "Peek at"}
            here = f"{seat}.{slot}"
            if self.swap_pick is None or self.swap_pick == here:
                return {"data-pick": here, "_verb": "Unpick" if self.swap_pick == here else "Pick for the swap"}
            first = tuple(int(part) for part in self.swap_pick.split("."))
            a, b = sorted([first, pos])
            return {"data-action": f"swap {a[0]}.{a[1]} {b[0]}.{b[1]}", "_verb": "Swap with"}
        return None

    # The centre: piles, the drawn card, the window, the prompts ---------------------------

    def _centre(self, view: dict[str, Any], viewer: int | None) -> Node:
        state = self.state
        top = view["discard_top"]
        drawn: Node | None = None
        if view["holding"]:
            if view["drawn"] and viewer == state.turn:
                drawn = h("div", {"class": "cx-pile", "data-testid": "drawn"},
                          face(view["drawn"], "div", None, "cx-card"), h("span", {"class": "cx-pile-label"}, "Your drawn card"))
            else:
                drawn = h("div", {"class": "cx-pile", "data-testid": "drawn"}, back("div", None, "cx-card"),
                          h("span", {"class": "cx-pile-label"}, f"{self.name(state.turn)} holds a card"))
        piles = h("div", {"class": "cx-piles"},
                  h("div", {"class": "cx-pile", "data-testid": "draw-pile"}, back("div", None, "cx-card"),
                    h("span", {"class": "cx-pile-label"}, f"Draw pile · {view['draw_count']}")),
                  h("div", {"class": classes("cx-pile", view["sealed"] and "cx-sealed"), "data-testid": "discard-pile"},
                    face(top, "div", None, "cx-card") if top else h("div", {"class": "cx-card cx-hole"}),
                    h("span", {"class": "cx-pile-label"},
                      "Discard · sealed" if view["sealed"] else f"Discard · {view['discard_count']}")),
                  drawn)
        notice = None
        if state.last_try is not None:
            seat, _, tried = state.last_try
            notice = h("p", {"class": "cx-notice", "data-testid": "penalty"},
                       f"{self.name(seat)} tried ", chip(str(tried)), ": wrong rank, a penalty card was added.")
        return h("div", {"class": "cx-centre"}, piles, notice, self._window_panel(view), self._controls(view, viewer))

    def _window_panel(self, view: dict[str, Any]) -> Node | None:
        window = view["window"]
        if window is None:
            return None
        left = max(0.0, (self.deadline - now_ms()) / 1000) if self.deadline else 0.0
        passed = ", ".join(self.name(seat) for seat in window["passed"]) or "nobody yet"
        return h("div", {"class": "cx-window", "data-testid": "window", "role": "status"},
                 h("span", None, "Match the ", chip(window["card"]), "! "),
                 h("b", {"class": "cx-countdown", "data-testid": "countdown"}, f"{left:.1f} s"),
                 h("span", {"class": "muted"}, f" · passed: {passed}"))

    def _controls(self, view: dict[str, Any], viewer: int | None) -> Node | None:
        state = self.state
        if state.is_over():
            return None
        phase = state.phase
        buttons: list[Any] = []
        prompt: Any = ""
        if phase is Phase.PEEK and viewer is not None and viewer not in state.ready:
            prompt = "Remember your bottom row, then turn it face down."
            buttons.append(h("button", {"type": "button", "class": "primary", "data-action": "ready",
                                        "data-seat": viewer}, "I have looked: ready"))
        elif phase is Phase.PEEK:
            prompt = "Waiting for everyone to look at their bottom row."
        elif phase is Phase.TURN and state.turn in self.humans:
            legal = set(map(str, state.legal_actions(state.turn)))
            prompt = ("Click the card of yours to swap the discard with." if self.take_mode
                      else "Draw a card" + (", take the discard" if "take" in " ".join(legal) else "")
                      + (", or call Check!" if "check" in legal else "."))
            buttons.append(h("button", {"type": "button", "class": "primary", "data-action": "draw"}, "Draw"))
            if any(text.startswith("take") for text in legal):
                buttons.append(h("button", {"type": "button", "data-pick": "take",
                                            "aria-pressed": "true" if self.take_mode else "false"},
                                 "Take the ", chip(view["discard_top"])))
            if "check" in legal:
                buttons.append(h("button", {"type": "button", "class": "cx-check", "data-action": "check"},
                                 "Call Check!"))
        elif phase is Phase.DRAWN and state.turn in self.humans:
            prompt = "Click one of your cards to put the drawn card there, or discard it."
            buttons.append(h("button", {"type": "button", "data-action": "discard"}, "Discard it"))
        elif phase is Phase.MATCHING:
            humans = [seat for seat in state.matchers() if seat in self.humans]
            if humans:
                want = RANK_NAMES[PlayingCard.parse(view["window"]["card"]).rank]
                prompt = f"Click a card of yours of rank {want} to match it, or pass. A wrong card costs a penalty card."
            for seat in humans:
                buttons.append(h("button", {"type": "button", "data-action": "pass", "data-seat": seat},
                                 "Pass" if not self.private else f"{self.name(seat)}: pass"))
        elif phase is Phase.ABILITY and state.stack[-1].owner in self.humans:
            ability = state.stack[-1]
            what = RANK_WORDS[ability.card.rank]
            if ability.peeks_left:
                prompt = f"{what}: click a card to peek at ({ability.peeks_left} left), or skip the peek."
                buttons.append(h("button", {"type": "button", "data-action": "skip"}, "Skip the peek"))
            else:
                prompt = (f"{what}: pick two cards to swap them" if self.swap_pick is None
                          else "Now pick the card to swap it with") + ", or skip the swap."
                buttons.append(h("button", {"type": "button", "data-action": "skip"}, "Skip the swap"))
        elif phase is Phase.ABILITY:
            prompt = [f"{self.name(state.stack[-1].owner)} is using a ", chip(str(state.stack[-1].card)), "."]
        if not prompt and not buttons:
            return None
        return h("div", {"class": "cx-controls"},
                 h("p", {"class": "cx-prompt", "data-testid": "prompt"}, prompt),
                 h("div", {"class": "cx-buttons"}, buttons) if buttons else None)

    # Log and result ----------------------------------------------------------------------

    def _log(self, view: dict[str, Any]) -> Node:
        lines = [self._log_line(text, seats) for text, seats in view["log"][-LOG_LINES:]]
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

    def _caller_note(self) -> Node | None:
        caller = self.state.caller
        if caller is None:
            return None
        return h("p", {"class": "cx-caller"}, f"{self.name(caller)} called Check.")
