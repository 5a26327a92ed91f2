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

import random
from typing import Any

from engine import CLOCK, GAMES, IllegalAction
from engine.bots import get_bot, levels
from engine.bots.check import reaction_ms
from engine.check import GAME_MASTER, CheckState, Phase, rank
from ui.dom import Node, attr, classes, h, present
from ui.routes import DEFAULT_DELAY_MS, PlaySetup, SeatSpec, bot_name, clean_name
from ui.screen import Navigate, Screen
from ui.timers import now_ms

BOT_BUDGET_MS = 1500
TICK_MS = 200
LOG_LINES = 40
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


def card_text(card: str) -> str:
    return card[:-1] + SUIT_SIGNS[card[-1]]


def card_name(card: str) -> str:
    return f"{RANK_NAMES.get(card[:-1], card[:-1])} of {SUIT_NAMES[card[-1]]}"


def face(card: str, tag: str = "div", attrs: dict[str, Any] | None = None, *extra: str | bool) -> Node:
    red = card[-1] in "HD"
    return h(tag, {"class": classes("ck-card", "ck-face", red and "ck-red", *extra),
                   "title": card_name(card), **(attrs or {})},
             h("span", {"class": "ck-rank"}, card[:-1]),
             h("span", {"class": "ck-suit", "aria-hidden": "true"}, SUIT_SIGNS[card[-1]]))


def back(tag: str = "div", attrs: dict[str, Any] | None = None, *extra: str | bool) -> Node:
    return h(tag, {"class": classes("ck-card", "ck-back", *extra), **(attrs or {})},
             h("span", {"class": "ck-back-mark", "aria-hidden": "true"}, "✓"))


class CheckTable(Screen):
    def __init__(self, root: Any, navigate: Navigate, setup: PlaySetup) -> None:
        super().__init__(root, navigate)
        self.game = GAMES["check"]
        self.setup = setup
        # Bad options or a bad stacked deck: SetupError now, shown by the router as a page.
        self.game.new(setup.seed, players=len(setup.seats), options=setup.options, deck=setup.deck)
        self.seats: list[SeatSpec] = list(setup.seats)
        self.levels = levels("check")
        self.add_level = "medium" if "medium" in self.levels else self.levels[-1]
        self.state: CheckState | None = None  # None while the lobby is open
        self.bots: dict[int, Any] = {}
        self.rngs: dict[int, random.Random] = {}
        self.memory_aid = False
        self.revealed: int | None = None
        self.take_mode = False
        self.swap_pick: str | None = None
        self.window_key = -1
        self.deadline = 0.0
        self.window_bots: set[int] = set()
        self.thinking: int | None = None
        self.error = ""
        self.title = "Check! — Five Checks"

    # -- who is who ------------------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return [seat for seat, spec in enumerate(self.seats) if not spec.is_bot]

    @property
    def shared(self) -> bool:
        """Several people on this device: private moments go behind a pass screen."""
        return len(self.humans) > 1

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def _you(self) -> int | None:
        """The one person at the table when they kept the default name "You"."""
        humans = self.humans
        return humans[0] if len(humans) == 1 and self.name(humans[0]) == "You" else None

    def private_seat(self) -> int | None:
        """The person whose secret cards the current moment shows, if any."""
        state = self.state
        if state is None or state.is_over():
            return None
        if state.phase is Phase.PEEK:
            return next((s for s in self.humans if s not in state.ready), None)
        if state.phase is Phase.DRAWN and state.turn in self.humans:
            return state.turn
        if state.phase is Phase.ABILITY and state.stack[-1].owner in self.humans:
            return state.stack[-1].owner
        return None

    def viewer(self) -> int | None:
        """Whose view the table shows: the one person, or the person the device was passed to."""
        if not self.humans:
            return None
        if not self.shared:
            return self.humans[0]
        return self.revealed

    # -- flow ------------------------------------------------------------------------------

    def start(self) -> None:
        self.show()

    def _begin(self) -> None:
        """The Game Master's Start: every seat joins, then ``start`` locks the lobby."""
        if not 2 <= len(self.seats) <= 6:
            return
        taken = [spec.name for spec in self.seats]
        self.seats = [  # two bots of one level would share a name: number them by seat
            SeatSpec("bot", f"Bot {seat + 1} ({spec.level})", spec.level)
            if spec.is_bot and taken.count(spec.name) > 1 else spec
            for seat, spec in enumerate(self.seats)
        ]
        self.setup = PlaySetup(self.setup.game_id, tuple(self.seats), self.setup.seed,
                               self.setup.options, self.setup.deck, self.setup.delay_ms)
        state = self.game.new(self.setup.seed, players=len(self.seats), options=self.setup.options,
                              deck=self.setup.deck)
        for seat in range(1, len(self.seats)):
            state = state.apply(seat, "join")
        self.state = state.apply(GAME_MASTER, "start")  # type: ignore[assignment]
        self.bots = {seat: get_bot("check", spec.level) for seat, spec in enumerate(self.seats) if spec.is_bot}
        self.rngs = {seat: random.Random(self.setup.seed * 1009 + seat) for seat in self.bots}
        try:
            from pyscript import window

            window.history.replaceState(None, "", self.setup.to_hash())
        except ImportError:  # pragma: no cover - only outside the page
            pass
        self._settle()

    def _scaled(self, ms: float) -> float:
        return ms * self.setup.delay_ms / DEFAULT_DELAY_MS

    def _play(self, seat: int, action: Any) -> None:
        assert self.state is not None
        try:
            self.state = self.state.apply(seat, action)
        except IllegalAction as error:
            self.error = str(error)
            self.show()
            return
        self.error = ""
        self._settle()

    def _settle(self) -> None:
        """After every change: reset picks, start what bots and the clock must do, redraw."""
        state = self.state
        assert state is not None
        self.take_mode = self.take_mode and state.phase is Phase.TURN
        if state.phase is not Phase.ABILITY:
            self.swap_pick = None
        if self.private_seat() != self.revealed:
            self.revealed = None
        if state.is_over():
            self.show()
            return
        if state.phase is Phase.PEEK:
            bots_ready = [seat for seat in state.to_act() if seat in self.bots]
            if bots_ready:  # bots have looked at once (ruling 8)
                self.state = state.apply(bots_ready[0], "ready")
                self._settle()
                return
        if state.phase is Phase.MATCHING:
            self._window()
        else:
            self.window_key = -1
            seat = state.to_act()[0]
            if seat in self.bots and self.thinking is None:
                self._think(seat)
        self.show()

    def _think(self, seat: int) -> None:
        state = self.state
        assert state is not None
        self.thinking = seat
        key = len(state.history)
        started = now_ms()
        work = self.bots[seat].think(self.game, state.view(seat), state.legal_actions(seat),
                                     self.rngs[seat], BOT_BUDGET_MS)

        def done(action: Any) -> None:
            wait = self.setup.delay_ms - (now_ms() - started)
            self.timers.later(wait, lambda: self._bot_plays(seat, action, key))

        def failed(error: BaseException) -> None:
            self.thinking = None
            self.error = f"The {self.seats[seat].level} bot failed: {error}"
            self.show()

        self.timers.drive(work, done, failed)

    def _bot_plays(self, seat: int, action: Any, key: int) -> None:
        self.thinking = None
        if self.state is not None and len(self.state.history) == key:
            self._play(seat, action)

    # -- the matching window ---------------------------------------------------------------

    def _window(self) -> None:
        """A window opened (or went on after a failed try): the countdown, and the bots' answers."""
        state = self.state
        assert state is not None and state.window is not None
        fresh = self.window_key < 0
        if fresh:
            self.window_key = len(state.history)
            self.window_bots = set()
            self.deadline = now_ms() + 1000 * int(state.options["match_seconds"])
            key = self.window_key
            self.timers.later(TICK_MS, lambda: self._tick(key))
        for seat in state.matchers():
            if seat in self.bots and seat not in self.window_bots:
                self.window_bots.add(seat)
                action = self.bots[seat].choose(self.game, state.view(seat), state.legal_actions(seat),
                                                self.rngs[seat], BOT_BUDGET_MS)
                jitter = self.rngs[seat].uniform(0, 250)
                wait = self._scaled(reaction_ms(self.seats[seat].level) + jitter)
                key = self.window_key
                self.timers.later(wait, lambda s=seat, a=action, k=key: self._bot_answers(s, a, k))

    def _bot_answers(self, seat: int, action: Any, key: int) -> None:
        state = self.state
        if state is None or key != self.window_key or seat not in state.matchers():
            return
        self.window_bots.discard(seat)  # after a failed try it may answer again
        if action in state.legal_actions(seat):
            self._play(seat, action)

    def _tick(self, key: int) -> None:
        state = self.state
        if state is None or key != self.window_key or state.phase is not Phase.MATCHING:
            return
        left = self.deadline - now_ms()
        if left <= 0:
            self._play(CLOCK, "timeout")  # ruling 9: the page's timer ends the window
            return
        line = self.root.querySelector("[data-testid=countdown]")
        if present(line):
            line.textContent = f"{left / 1000:.1f} s"
        self.timers.later(min(TICK_MS, left), lambda: self._tick(key))

    # -- events ----------------------------------------------------------------------------

    def on_click(self, element: Any) -> None:
        command = attr(element, "data-cmd")
        action = attr(element, "data-action")
        pick = attr(element, "data-pick")
        if self.state is None:
            self._lobby_click(command, action)
            return
        if command == "memory":
            self.memory_aid = not self.memory_aid
        elif command == "reveal":
            self.revealed = self.private_seat()
        elif command == "again":
            self.navigate(PlaySetup(self.setup.game_id, tuple(self.seats), self.setup.seed + 1,
                                    self.setup.options, None, self.setup.delay_ms).to_hash())
            return
        elif pick == "take":
            self.take_mode = not self.take_mode
        elif pick:
            self.swap_pick = None if self.swap_pick == pick else pick
        elif action:
            seat_text = attr(element, "data-seat")
            seat = int(seat_text) if seat_text else self._acting_human()
            if seat is not None and seat in self.humans and seat in self.state.to_act():
                self._play(seat, action)
                return
        self.show()

    def _acting_human(self) -> int | None:
        assert self.state is not None
        return next((seat for seat in self.state.to_act() if seat in self.humans), None)

    def _lobby_click(self, command: str, action: str) -> None:
        if action == "start":
            self._begin()
            return
        if command == "add-bot" and len(self.seats) < 6:
            self.seats.append(SeatSpec("bot", bot_name(self.add_level), self.add_level))
        elif command == "add-person" and len(self.seats) < 6:
            self.seats.append(SeatSpec("human", f"Player {len(self.seats) + 1}"))
        elif command.startswith("remove:"):
            index = int(command.split(":")[1])
            if 0 < index < len(self.seats):
                del self.seats[index]
        elif command == "memory":
            self.memory_aid = not self.memory_aid
        self.show()

    def on_change(self, element: Any) -> None:
        if self.state is not None:
            return
        seat_text = attr(element, "data-name-seat")
        if seat_text:
            seat = int(seat_text)
            fallback = "You" if seat == 0 else f"Player {seat + 1}"
            self.seats[seat] = SeatSpec("human", clean_name(str(element.value)) or fallback)
        elif attr(element, "data-testid") == "add-level":
            self.add_level = str(element.value)

    # -- rendering: lobby ------------------------------------------------------------------

    def render(self) -> list[Node]:
        if self.state is None:
            return [self._lobby()]
        return [self._table()]

    def _lobby(self) -> Node:
        rows = []
        for seat, spec in enumerate(self.seats):
            if spec.is_bot:
                who = h("span", {"class": "ck-lobby-name"}, spec.name)
            else:
                who = h("input", {"type": "text", "value": spec.name, "maxlength": 24,
                                  "data-name-seat": seat, "aria-label": f"Name of seat {seat + 1}",
                                  "data-testid": "gm-name" if seat == 0 else f"name-input-{seat}"})
            rows.append(h("li", {"class": "ck-lobby-seat", "data-testid": f"lobby-seat-{seat}"},
                          who,
                          h("span", {"class": "tag"}, "Game Master" if seat == 0 else
                            ("bot" if spec.is_bot else "person on this device")),
                          h("button", {"type": "button", "data-cmd": f"remove:{seat}",
                                       "aria-label": f"Remove {spec.name}"}, "Remove") if seat else None))
        full = len(self.seats) >= 6
        return h("section", {"class": "page ck-lobby", "data-testid": "lobby", "data-game": "check"},
                 h("p", {"class": "crumbs"}, h("a", {"href": "#/"}, "All games"), " · ",
                   h("a", {"href": "#/check/rules", "target": "_blank", "rel": "noopener"}, "Rules")),
                 h("h1", None, "Check! lobby"),
                 h("p", None, "You open the table, so you are the Game Master: add bots or people "
                              "sharing this device, then start. Once the game starts the lobby is locked."),
                 h("ol", {"class": "ck-lobby-seats"}, rows),
                 h("div", {"class": "ck-lobby-add"},
                   h("label", None, "Bot level ",
                     h("select", {"data-testid": "add-level"},
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
        assert state is not None
        over = state.is_over()
        private = self.private_seat()
        gated = self.shared and private is not None and self.revealed != private
        viewer = None if gated else self.viewer()
        view = state.view(None if over else viewer)
        to_act = [seat for seat in state.to_act() if seat != CLOCK]
        body: list[Any]
        if gated:
            assert private is not None
            body = [self._pass_screen(private)]
        else:
            others = [seat for seat in range(state.players) if seat != (viewer if viewer is not None else -9)]
            body = [
                self._result(view) if over else None,
                h("div", {"class": "ck-opponents"}, [self._seat(view, seat, viewer) for seat in others]),
                self._centre(view, viewer),
                self._seat(view, viewer, viewer) if viewer is not None else None,
                self._log(view),
            ]
        return h("section", {
            "class": classes("ck", over and "ck-over"),
            "data-testid": "table", "data-game": "check", "data-phase": view["phase"],
            "data-over": "1" if over else None,
            "data-to-act": ",".join(map(str, to_act)),
            "aria-label": "Check! table",
        },
            self._bar(view),
            h("p", {"class": "ck-error", "role": "alert"}, self.error) if self.error else None,
            body)

    def _bar(self, view: dict[str, Any]) -> Node:
        state = self.state
        assert state is not None
        return h("header", {"class": "ck-bar"},
                 h("a", {"href": "#/check", "class": "ck-home"}, "Check!"),
                 h("span", {"class": "ck-status", "data-testid": "status"}, self._status(view)),
                 h("span", {"class": "ck-tools"},
                   h("button", {"type": "button", "class": "tool", "data-cmd": "memory",
                                "data-testid": "memory-aid", "aria-pressed": "true" if self.memory_aid else "false",
                                "title": "Show the cards you have seen (it is a memory game: off by default)"},
                     "Memory aid: " + ("on" if self.memory_aid else "off"))
                   if not self.shared else None,
                   h("a", {"class": "tool", "href": "#/check/rules", "target": "_blank", "rel": "noopener"},
                     "Rules")))

    def _status(self, view: dict[str, Any]) -> str:
        state = self.state
        assert state is not None
        if state.is_over():
            return "Round over"
        final = " · Final Turns" if state.final_queue is not None else ""
        if state.phase is Phase.PEEK:
            return "Look at your bottom row" + final
        if state.phase is Phase.MATCHING:
            return f"Matching: {card_text(view['window']['card'])}" + final
        if state.phase is Phase.ABILITY:
            ability = state.stack[-1]
            return f"{self.name(ability.owner)}: {card_text(ability.card)} ability" + final
        who = self.name(state.turn)
        return (f"{who} is thinking…" if self.thinking == state.turn else f"{who} to play") + final

    def _pass_screen(self, seat: int) -> Node:
        return h("div", {"class": "ck-pass", "data-testid": "pass-device"},
                 h("h2", None, f"Pass the device to {self.name(seat)}"),
                 h("p", None, "Only they should look: the next screen shows cards that are theirs alone."),
                 h("button", {"type": "button", "class": "primary big", "data-cmd": "reveal"},
                   f"I am {self.name(seat)}: show me"))

    # Seats -------------------------------------------------------------------------------

    def _seat(self, view: dict[str, Any], seat: int, viewer: int | None) -> Node:
        state = self.state
        assert state is not None
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
        return h("section", {"class": classes("ck-seat", mine and "ck-mine", spec.is_bot and "ck-bot",
                                              seat in state.locked and "ck-locked"),
                             "data-seat": seat, "data-testid": f"seat-{seat}",
                             "aria-label": f"{spec.name}'s grid"},
                 h("h2", {"class": "ck-name"}, h("span", {"data-testid": f"name-{seat}"},
                                                 "You" if mine and spec.name == "You" else spec.name),
                   [h("span", {"class": "tag"}, tag) for tag in tags if tag]),
                 h("div", {"class": "ck-grid", "role": "list"}, cells))

    def _shown(self, view: dict[str, Any], pos: tuple[int, int], card: str | None, viewer: int | None) -> bool:
        """Whether a card the viewer knows lies face up now (it is a memory game)."""
        state = self.state
        assert state is not None
        if card is None:
            return False
        if state.is_over() or (self.memory_aid and not self.shared):
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
            return h("div", {"class": "ck-card ck-hole", "role": "listitem", "aria-label": "empty place"})
        pos = (seat, slot)
        card = cell["card"]
        up = self._shown(view, pos, card, viewer)
        label = f"{self.name(seat)}'s card {slot + 1}"
        button = self._cell_button(seat, slot, viewer)
        attrs: dict[str, Any] = {"data-pos": f"{seat}.{slot}", "role": "listitem"}
        extra: list[str | bool] = []
        if button is not None:
            attrs = {"type": "button", "data-pos": f"{seat}.{slot}", **button}
            attrs["aria-label"] = f"{button.pop('_verb')} {label}"
            attrs.pop("_verb", None)
            extra.append("ck-live")
            if self.swap_pick == f"{seat}.{slot}":
                extra.append("ck-picked")
        else:
            attrs["aria-label"] = label + (f": {card_name(card)}" if up and card else ", face down")
        tag = "button" if button is not None else "div"
        if up and card:
            return face(card, tag, attrs, *extra)
        return back(tag, attrs, *extra)

    def _cell_button(self, seat: int, slot: int, viewer: int | None) -> dict[str, Any] | None:
        """What clicking this card does for the person acting now (None: nothing)."""
        state = self.state
        assert state is not None
        if state.is_over() or (self.shared and self.private_seat() is not None and self.revealed is None):
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
        assert state is not None
        top = view["discard_top"]
        drawn: Node | None = None
        if view["holding"]:
            if view["drawn"] and viewer == state.turn:
                drawn = h("div", {"class": "ck-pile", "data-testid": "drawn"},
                          face(view["drawn"]), h("span", {"class": "ck-pile-label"}, "Your drawn card"))
            else:
                drawn = h("div", {"class": "ck-pile", "data-testid": "drawn"}, back(),
                          h("span", {"class": "ck-pile-label"}, f"{self.name(state.turn)} holds a card"))
        piles = h("div", {"class": "ck-piles"},
                  h("div", {"class": "ck-pile", "data-testid": "draw-pile"}, back(),
                    h("span", {"class": "ck-pile-label"}, f"Draw pile · {view['draw_count']}")),
                  h("div", {"class": classes("ck-pile", view["sealed"] and "ck-sealed"), "data-testid": "discard-pile"},
                    face(top) if top else h("div", {"class": "ck-card ck-hole"}),
                    h("span", {"class": "ck-pile-label"},
                      "Discard · sealed" if view["sealed"] else f"Discard · {view['discard_count']}")),
                  drawn)
        notice = None
        if state.last_try is not None:
            seat, _, tried = state.last_try
            notice = h("p", {"class": "ck-notice", "data-testid": "penalty"},
                       f"{self.name(seat)} tried {card_text(tried)}: wrong rank, a penalty card was added.")
        return h("div", {"class": "ck-centre"}, piles, notice, self._window_panel(view), self._controls(view, viewer))

    def _window_panel(self, view: dict[str, Any]) -> Node | None:
        window = view["window"]
        if window is None:
            return None
        left = max(0.0, (self.deadline - now_ms()) / 1000) if self.deadline else 0.0
        passed = ", ".join(self.name(seat) for seat in window["passed"]) or "nobody yet"
        return h("div", {"class": "ck-window", "data-testid": "window", "role": "status"},
                 h("span", None, f"Match the {card_text(window['card'])}! "),
                 h("b", {"class": "ck-countdown", "data-testid": "countdown"}, f"{left:.1f} s"),
                 h("span", {"class": "muted"}, f" · passed: {passed}"))

    def _controls(self, view: dict[str, Any], viewer: int | None) -> Node | None:
        state = self.state
        assert state is not None
        if state.is_over():
            return None
        phase = state.phase
        buttons: list[Any] = []
        prompt = ""
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
                                 f"Take the {card_text(view['discard_top'])}"))
            if "check" in legal:
                buttons.append(h("button", {"type": "button", "class": "ck-check", "data-action": "check"},
                                 "Call Check!"))
        elif phase is Phase.DRAWN and state.turn in self.humans:
            prompt = "Click one of your cards to put the drawn card there, or discard it."
            buttons.append(h("button", {"type": "button", "data-action": "discard"}, "Discard it"))
        elif phase is Phase.MATCHING:
            humans = [seat for seat in state.matchers() if seat in self.humans]
            if humans:
                want = rank(view["window"]["card"])
                prompt = f"Click a card of yours of rank {want} to match it, or pass. A wrong card costs a penalty card."
            for seat in humans:
                buttons.append(h("button", {"type": "button", "data-action": "pass", "data-seat": seat},
                                 "Pass" if not self.shared else f"{self.name(seat)}: pass"))
        elif phase is Phase.ABILITY and state.stack[-1].owner in self.humans:
            ability = state.stack[-1]
            what = {"K": "King", "Q": "Queen", "J": "Jack"}[rank(ability.card)]
            if ability.peeks_left:
                prompt = f"{what}: click a card to peek at ({ability.peeks_left} left), or skip the peek."
                buttons.append(h("button", {"type": "button", "data-action": "skip"}, "Skip the peek"))
            else:
                prompt = (f"{what}: pick two cards to swap them" if self.swap_pick is None
                          else "Now pick the card to swap it with") + ", or skip the swap."
                buttons.append(h("button", {"type": "button", "data-action": "skip"}, "Skip the swap"))
        elif phase is Phase.ABILITY:
            prompt = f"{self.name(state.stack[-1].owner)} is using a {card_text(state.stack[-1].card)}."
        if not prompt and not buttons:
            return None
        return h("div", {"class": "ck-controls"},
                 h("p", {"class": "ck-prompt", "data-testid": "prompt"}, prompt),
                 h("div", {"class": "ck-buttons"}, buttons) if buttons else None)

    # Log and result ----------------------------------------------------------------------

    def _log(self, view: dict[str, Any]) -> Node:
        lines = [self._log_line(text, seats) for text, seats in view["log"][-LOG_LINES:]]
        return h("details", {"class": "ck-log", "open": True},
                 h("summary", None, "What happened (latest first)"),
                 h("ul", {"data-testid": "log"}, [h("li", None, line) for line in reversed(lines)]))

    def _log_line(self, text: str, seats: list[int]) -> str:
        """A log template with names; "X peeked at X's card" reads "X peeked at their own card"."""
        you = self._you()
        names = []
        for index, seat in enumerate(seats):
            if index and seat == seats[0]:
                names.append("\x00")
            else:
                names.append(self.name(seat))
        line = text.format(*names).replace("\x00's", "your own" if seats and seats[0] == you else "their own")
        return line.replace("You's", "your") if you is not None else line

    def _result(self, view: dict[str, Any]) -> Node:
        result = view["result"]
        winners = [self.name(seat) for seat in result["winners"]]
        if len(winners) > 1:
            headline = " and ".join(winners) + " share the win"
        else:
            headline = "You win" if result["winners"][0] == self._you() else f"{winners[0]} wins"
        order = sorted(range(len(self.seats)), key=lambda seat: result["scores"][seat])
        return h("div", {"class": "ck-result", "data-testid": "result", "role": "status"},
                 h("h2", None, headline),
                 h("p", {"class": "muted"}, f"Round over: {result['reason']}."),
                 h("ol", None, [h("li", None, f"{self.name(seat)}: {result['scores'][seat]}"
                                  + (" (called Check)" if self.state and self.state.caller == seat else ""))
                                for seat in order]),
                 h("div", {"class": "start-row"},
                   h("button", {"type": "button", "class": "primary", "data-cmd": "again"}, "Play again"),
                   h("a", {"class": "button-link", "href": "#/check"}, "Change setup")))
