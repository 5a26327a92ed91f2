"""``#/checkmate/play?...``: the Checkmate table, for 2 to 4 seats of people and bots.

The table shows ``state.view(seat)`` of the person in front of the screen (a spectator's view when
only bots play) and offers exactly ``state.legal_actions(seat)``: the playable cards of the hand,
the face-down cards of the fan when a draw is due (``draw:N``), the Kings when an Ace calls for
one (``give:KS``), and a large "Last card!" button while that announcement is due (``last``).

Timing of "last card" (the rule: before any other seat acts): a bot that owes it says it at once;
a person who owes it while a bot is to move gets ``LAST_CARD_GRACE_MS`` before that bot moves; a
person who owes it while another person is to move is asked first, on their own screen, and may
let the moment pass. The flow (bots thinking in slices, clicks, pass-the-device screens) is
``ui.table.GameTable``'s. In a series the table holds each finished deal's result on screen
(bots paused) until someone deals the next one.
"""

from __future__ import annotations

from typing import Any

from engine.checkmate import Announce, Draw
from ui.dom import Node, classes, h
from ui.playing_cards import back, card_name, chip, face
from ui.routes import PlaySetup
from ui.screen import Navigate
from ui.table import GameTable

#: How long bots wait for a person who owes "last card" before the next of them moves.
LAST_CARD_GRACE_MS = 4000
#: "Deal the next game" of a series is not an engine action; tests and players click it like one.
NEXT_GAME = "next-game"

# --- the table -----------------------------------------------------------------------------------


class CheckmateTable(GameTable):
    game_id = "checkmate"

    def __init__(self, root: Any, navigate: Navigate, setup: PlaySetup) -> None:
        super().__init__(root, navigate, setup)
        #: (history length, seat): a person who let their "last card" moment pass in hot-seat play.
        self.waived: tuple[int, int] | None = None

    # -- flow ------------------------------------------------------------------------------

    def games_finished(self) -> int:
        return len(self.state.finished)

    def human_to_act(self) -> int | None:
        """A person who owes "last card" comes first: they must say it before anyone acts."""
        due = [seat for seat in self.state.to_act() if seat in self.humans and seat in self.state.due
               and self.waived != (len(self.state.history), seat)]
        if due:
            return due[0]
        main = self.state.to_act()[0] if self.state.to_act() else None
        return main if main in self.humans else None

    def schedule(self) -> None:
        self.thinking = None
        if self.state.is_over() or self.paused or self.error:
            return
        # A bot says "last card" the moment it is due.
        saying = next((seat for seat in sorted(self.state.due) if seat in self.bots), None)
        if saying is not None:
            self.play(saying, Announce())
            return
        if any(seat in self.humans for seat in self.state.due) and self.bot_to_act() is not None:
            key = len(self.state.history)
            self.timers.later(LAST_CARD_GRACE_MS, lambda: self._after_grace(key))
            return
        super().schedule()

    def _after_grace(self, key: int) -> None:
        if len(self.state.history) == key and not self.paused:
            GameTable.schedule(self)
            self.show()

    def command(self, command: str) -> None:
        if command == "waive":
            seat = self.human_to_act()
            if seat is not None and seat in self.state.due:
                self.waived = (len(self.state.history), seat)
                self.show()

    # -- words -----------------------------------------------------------------------------

    def subject(self, seat: int) -> tuple[str, bool]:
        """The name to start a sentence with, and whether it is "You" (verb without -s)."""
        if self.is_you(seat):
            return "You", True
        return self.name(seat), False

    def says(self, seat: int, verb: str, rest: str = "") -> str:
        """``"Ann plays"`` / ``"You play"`` + ``rest``."""
        who, you = self.subject(seat)
        if not you:
            verb = {"have": "has", "say": "says", "go": "goes", "miss": "misses",
                    "draw": "draws", "give": "gives", "deal": "deals"}.get(verb, verb + "s")
        return f"{who} {verb}{rest}"

    def event_text(self, event: dict[str, Any]) -> list[Any]:
        seat = event["seat"]
        kind = event["kind"]
        card = event.get("card")
        if kind == "play":
            return [self.says(seat, "draw", " and play " if self.is_you(seat) else " and plays ")
                    if event.get("drawn") else self.says(seat, "play", " "), chip(card)]
        if kind == "draw":
            if card:
                return [self.says(seat, "draw", " "), chip(card), " and keep it" if self.is_you(seat)
                        else " and keeps it"]
            return [self.says(seat, "draw", " a card and keep it" if self.is_you(seat)
                              else " a card and keeps it")]
        if kind == "give":
            return [self.says(seat, "give", " "), chip(card), f" to {self.object_name(event['to'])}"]
        if kind == "no-king":
            return [f"Nobody has a King to give to {self.object_name(seat)}"]
        if kind == "last":
            return [self.says(seat, "say", " “last card!”")]
        if kind == "missed":
            return [self.says(seat, "miss", " the moment to say “last card”")]
        return [kind]

    def object_name(self, seat: int) -> str:
        return "you" if self.is_you(seat) else self.name(seat)

    def reason_text(self, deal: dict[str, Any]) -> str:
        """A finished deal's reason in words, with names instead of seat numbers."""
        reason = deal["reason"].removeprefix("draw: ")
        for seat in range(len(self.seats)):
            if self.is_you(seat):
                reason = reason.replace(f"seat {seat} played their", "you played your")
                reason = reason.replace(f"seat {seat} cannot", "you cannot")
            reason = reason.replace(f"seat {seat} ", f"{self.name(seat)} ")
        return reason[:1].upper() + reason[1:] + "."

    # -- rendering -------------------------------------------------------------------------

    def render(self) -> list[Node]:
        if self.needs_pass():
            return [self.pass_screen()]
        view = self.view()
        over = self.state.is_over()
        paused = self.paused
        return [
            h("section", {
                "class": classes("cm", over and "cm-over"),
                "data-testid": "table",
                "data-game": "checkmate",
                "data-over": "1" if over else None,
                "data-paused": "1" if paused else None,
                "data-game-number": view["game_number"],
                "data-phase": view["phase"],
                "data-to-act": "" if over or paused else ",".join(map(str, view["to_act"])),
                "aria-label": "Checkmate table",
            },
                self._bar(view, over, paused),
                h("p", {"class": "cc-error", "role": "alert"}, self.error or self.notice)
                if self.error or self.notice else None,
                h("div", {"class": "cc-layout"},
                  h("div", {"class": "cm-board"},
                    self._result(view) if over else None,
                    # Between the games of a series only the finished game's result shows.
                    [self._interlude(view)] if paused else
                    [self._others(view), self._centre(view, over), self._mine(view, over)]),
                  h("aside", {"class": "cc-side", "aria-label": "Log and tally"},
                    self._log(view), self._legend()))),
        ]

    def _bar(self, view: dict[str, Any], over: bool, paused: bool) -> Node:
        games = view["games"]
        number = view["finished"][-1]["number"] if paused else view["game_number"]
        where = f"Game {number} of {games}" if games > 1 else "Single game"
        where += f" · {self.name(view['dealer'])} dealt" if not paused else " · over"
        return h("header", {"class": "cc-bar"},
                 h("div", {"class": "cc-bar-title"},
                   h("a", {"href": "#/checkmate", "class": "cc-home", "title": "Set up another game"},
                     "Checkmate"),
                   h("span", {"class": "cc-where", "data-testid": "where"}, where)),
                 h("div", {"class": "cc-bar-score cm-tally", "data-testid": "tally",
                           "aria-label": "Games won"},
                   [h("span", {"class": "cm-tally-seat"}, h("span", {"class": "cc-score-name"}, self.name(seat)),
                      " ", h("b", None, wins))
                    for seat, wins in enumerate(view["tally"])] if games > 1 else
                   h("span", {"class": "cc-where"}, f"{len(self.seats)} players · first to go out wins")),
                 h("div", {"class": "cc-bar-tools"},
                   h("a", {"class": "tool", "href": "#/checkmate/rules", "target": "_blank",
                           "rel": "noopener"}, "Rules")))

    # The other seats, in turn order after the person at the bottom -----------------------

    def _others(self, view: dict[str, Any]) -> Node:
        players = view["players"]
        # Seen from the hand on screen: the person holding the device, else the first person.
        near = self.viewer() if self.viewer() is not None else self.bottom
        order = [(near + step) % players for step in range(1, players)]
        boxes: list[Any] = []
        for index, seat in enumerate(order):
            if index:
                boxes.append(h("span", {"class": "cm-arrow", "aria-hidden": "true"}, "→"))
            boxes.append(self._other(view, seat))
        return h("div", {"class": "cm-others", "aria-label": "Other players, in turn order"},
                 h("p", {"class": "cm-direction"},
                   "Turn order: ", h("strong", None, " → ".join(
                       self.object_name(seat).capitalize() if self.is_you(seat) else self.name(seat)
                       for seat in [near, *order])), " → …"),
                 h("div", {"class": "cm-others-row"}, boxes))

    def _tags(self, view: dict[str, Any], seat: int) -> list[Any]:
        call = view["call"]
        main = view["to_act"][0] if view["to_act"] else None
        return [
            h("span", {"class": "tag"}, "dealer") if view["dealer"] == seat else None,
            h("span", {"class": "tag cm-tag-last", "data-testid": f"last-{seat}"}, "last card!")
            if seat in view["announced"] else None,
            h("span", {"class": "tag tag-turn"},
              "thinking…" if self.thinking == seat else
              ("gives a King" if call and call["giver"] == seat else self.turn_text(seat)))
            if seat == main and not self.paused else None,
        ]

    def _other(self, view: dict[str, Any], seat: int) -> Node:
        count = view["hand_counts"][seat]
        known = view["known"][seat]
        active = view["to_act"] and view["to_act"][0] == seat and not self.paused
        return h("section", {"class": classes("cm-seat", active and "cm-active"), "data-seat": seat,
                             "aria-label": f"{self.name(seat)}: {count} cards"},
                 h("div", {"class": "cm-seat-head"},
                   h("h2", {"class": "cm-name", "data-testid": f"name-{seat}"}, self.name(seat)),
                   h("div", {"class": "cc-tags"}, self._tags(view, seat))),
                 h("div", {"class": "cm-backs", "data-testid": f"count-{seat}", "data-count": count},
                   [back() for _ in range(min(count, 12))],
                   h("span", {"class": "cm-count"}, f"{count} card{'s' if count != 1 else ''}")),
                 h("p", {"class": "cm-known"}, "Known to hold ", [chip(card) for card in known])
                 if known else None)

    # The pile, the fan, the prompt --------------------------------------------------------

    def _centre(self, view: dict[str, Any], still: bool) -> Node:
        viewer = self.viewer()
        draws = self._my_actions(view, still, "draw:")
        top = view["top"]
        stock = view["stock"]
        fan = [back("button", {"type": "button", "data-action": f"draw:{position}",
                               "aria-label": f"Draw face-down card {position} of {stock}"},
                    "cm-fan-card", "live")
               for position in range(1, stock + 1)] if draws else \
            [back("div", None, "cm-fan-card") for _ in range(stock)]
        return h("div", {"class": "cm-centre"},
                 h("div", {"class": "cm-pile", "data-testid": "pile", "data-top": top or ""},
                   h("span", {"class": "cm-label"}, f"Play pile · {len(view['pile'])}"),
                   face(top, "div", None, "cm-top") if top else
                   h("div", {"class": "card card-empty cm-top"}, "the dealer opens")),
                 h("div", {"class": classes("cm-fan", draws and "cm-fan-live"), "data-testid": "fan",
                           "data-count": stock},
                   h("span", {"class": "cm-label"},
                     f"Stockpile · {stock} face down" + (": pick any card" if draws else "")),
                   h("div", {"class": "cm-fan-cards", "role": "group" if draws else None,
                             "aria-label": "The fanned stockpile"},
                     fan or h("span", {"class": "cc-none"}, "empty"))),
                 h("p", {"class": "cc-status cm-status", "aria-live": "polite", "data-testid": "status"},
                   self._status(view, still, viewer)))

    def _my_actions(self, view: dict[str, Any], still: bool, prefix: str) -> list[str]:
        seat = self.human_to_act()
        if still or seat is None or seat != self.viewer() or self.needs_pass():
            return []
        return [str(a) for a in self.state.legal_actions(seat) if str(a).startswith(prefix)]

    def _status(self, view: dict[str, Any], still: bool, viewer: int | None) -> str:
        if self.state.is_over():
            return "The game is over."
        if self.paused:
            return "This game is over."
        call = view["call"]
        main = view["to_act"][0]
        if self.thinking is not None:
            return f"{self.name(self.thinking)} is thinking…"
        if call is not None:
            ace = call["ace_player"]
            if call["giver"] == viewer:
                return f"{'You' if self.is_you(ace) else self.name(ace)} played an Ace: give a King."
            return f"{self.says(ace, 'play', ' an Ace')}: {self.name(call['giver'])} must give a King."
        if not view["pile"]:
            return (f"{self.name(main)} deals and opens with any card." if main != viewer
                    else "You deal: open the play pile with any card.")
        if main == viewer:
            if any(isinstance(action, Draw) for action in self.state.legal_actions(main)):
                return "No card fits: draw one from the stockpile."
            return "Your turn: play a card of the top card’s rank or suit."
        return f"{self.turn_text(main)}."

    def _mine(self, view: dict[str, Any], still: bool) -> Node | None:
        """The hand of the person in front of the screen, with what they may do now."""
        seat = self.viewer()
        if seat is None:
            return None
        hand = view["hand"]
        acting = self.human_to_act() == seat and not still and not self.needs_pass()
        legal = {str(a) for a in self.state.legal_actions(seat)} if acting else set()
        giving = view["call"] is not None and view["call"]["giver"] == seat
        cards = []
        for card in hand:
            action = f"give:{card}" if giving else card
            if action in legal:
                label = (f"Give the {card_name(card)} to {self.name(view['call']['ace_player'])}"
                         if giving else f"Play the {card_name(card)}")
                cards.append(face(card, "button", {"type": "button", "data-action": action,
                                                   "aria-label": label}, "live"))
            else:
                cards.append(face(card, "div", None, "dim" if acting else ""))
        last_due = "last" in legal
        others_to_move = acting and last_due and view["to_act"][0] != seat
        return h("section", {"class": classes("cm-seat", "cm-mine", acting and "cm-active"),
                             "data-seat": seat, "aria-label": "Your hand"},
                 h("div", {"class": "cm-seat-head"},
                   h("h2", {"class": "cm-name", "data-testid": f"name-{seat}"},
                     "Your hand" if self.is_you(seat) else f"{self.name(seat)}’s hand"),
                   h("div", {"class": "cc-tags"}, self._tags(view, seat))),
                 h("div", {"class": "cm-last-row"},
                   h("button", {"type": "button", "class": "cm-last", "data-action": "last",
                                "data-testid": "last-card", "autofocus": True}, "Last card!"),
                   h("span", {"class": "cm-last-note"},
                     "Say it before anyone else moves, or going out will not count."),
                   h("button", {"type": "button", "data-cmd": "waive", "class": "tool"},
                     "Let the moment pass") if others_to_move and self.bot_to_act() is None else None)
                 if last_due else None,
                 h("p", {"class": "cc-prompt cm-prompt", "data-testid": "prompt"},
                   "Give one of your Kings: tap it." if giving and acting else None),
                 h("div", {"class": "cm-hand", "role": "group", "aria-label": "Your cards"}, cards)
                 if hand else h("p", {"class": "cm-empty"},
                                "No cards left." if still else
                                "No cards: at your turn you draw from the stockpile."))

    # Results ------------------------------------------------------------------------------

    def _deal_line(self, deal: dict[str, Any]) -> Node:
        winner = deal["winner"]
        return h("li", {"data-game": deal["number"], "data-winner": "" if winner is None else winner},
                 h("strong", None, f"Game {deal['number']}: "),
                 (f"{self.headline([winner])}" if winner is not None else "drawn") + ". ",
                 self.reason_text(deal), " ",
                 h("span", {"class": "cc-muted"}, f"({self.name(deal['dealer'])} dealt)"))

    def _interlude(self, view: dict[str, Any]) -> Node:
        deal = view["finished"][-1]
        return h("section", {"class": "panel cm-interlude", "data-testid": "game-result",
                             "data-game": deal["number"]},
                 h("h2", None, f"Game {deal['number']} of {view['games']}: "
                               f"{self.headline([deal['winner']] if deal['winner'] is not None else [])}"),
                 h("p", None, self.reason_text(deal)),
                 h("p", None, "Games won: ", ", ".join(f"{self.name(seat)} {wins}"
                                                       for seat, wins in enumerate(view["tally"]))),
                 h("p", None, f"{self.name(view['dealer'])} deals game {view['game_number']}",
                   " (the dealer went out, so the deal passes on)." if deal["winner"] == deal["dealer"]
                   else " again (the dealer did not go out)."),
                 h("button", {"type": "button", "class": "primary", "data-action": NEXT_GAME,
                              "data-testid": NEXT_GAME, "autofocus": True},
                   f"Deal game {view['game_number']}"))

    def _result(self, view: dict[str, Any]) -> Node:
        result = self.state.result()
        assert result is not None
        series = len(view["finished"]) > 1
        what = "the series" if series else ""
        return h("section", {"class": "panel result", "data-testid": "result",
                             "data-winner": ",".join(map(str, result.winners)), "aria-live": "polite"},
                 h("h2", None, self.headline(result.winners, what) + "."),
                 h("ul", {"class": "result-scores"},
                   [h("li", {"data-seat": seat}, h("span", None, self.name(seat)), " ",
                      h("strong", None, str(score)), " won" if series else None)
                    for seat, score in enumerate(result.scores)]),
                 h("ul", {"class": "cm-deals"}, [self._deal_line(deal) for deal in view["finished"]]),
                 self.again_row())

    # Side panel ---------------------------------------------------------------------------

    def _log(self, view: dict[str, Any]) -> Node:
        events = view["log"][-14:]
        lines = [h("li", {"data-kind": event["kind"]}, self.event_text(event)) for event in events]
        if not view["log"]:
            lines = [h("li", None, f"{self.name(view['dealer'])} dealt ten cards each.")]
        return h("section", {"class": "cc-panel cm-log", "data-testid": "log"},
                 h("h2", None, f"Game {view['game_number']} so far"),
                 h("ol", {"class": "cm-log-list", "start": max(1, len(view["log"]) - 13)}, lines))

    def _legend(self) -> Node:
        return h("details", {"class": "cc-panel cc-legend"},
                 h("summary", None, "The rules in short"),
                 h("p", None, "Play a card of the top card’s rank or suit. ", chip("RJ"), " and ",
                   chip("BJ"), " go on any card of their colour, and take any card of their colour."),
                 h("p", None, "No card fits: draw any face-down card; if it fits it is played at once."),
                 h("p", None, "An Ace makes the next player holding a King give you one."),
                 h("p", None, "Down to one card? Say “last card” at once, or going out only draws."))
