"""``#/checkmate/play?...``: the Checkmate table, for 2 to 4 seats of people and bots.

The table draws ``view(seat)`` of the person in front of the screen (a spectator's view when only
bots play) and turns the engine's legal actions of that person (``GameTable.legal``) into buttons
by their types: a ``Play`` is a card of the hand, a ``Draw`` a face-down card of the fan, a
``Give`` a King of the hand when an Ace calls for one, an ``Announce`` the large "Last card!"
button. Each button's ``data-action`` is ``str(action)``.

Timing of "last card" (the rule: before any other seat acts): a bot that owes it is asked first,
before anyone else may act, and every level says it; a person who owes it while a bot is to move
gets ``LAST_CARD_GRACE_MS`` before that bot moves; a person who owes it while another person is to
move is asked first, on their own screen, and may let the moment pass. These hooks only say who
acts and when: ``ui.table.GameTable`` applies the actions and runs the bots (thinking in slices,
clicks, pass-the-device screens). In a series the table holds each finished deal's result on
screen (bots paused) until someone deals the next one.
"""

from __future__ import annotations

from typing import Any

from engine.checkmate import Announce, Draw, Give, Play
from ui.dom import Node, classes, h
from ui.playing_cards import back, card_name, chip, face
from ui.table import NEXT_GAME, GameTable

#: How long bots wait for a person who owes "last card" before the next of them moves.
LAST_CARD_GRACE_MS = 4000

# --- the table -----------------------------------------------------------------------------------


class CheckmateTable(GameTable):
    game_id = "checkmate"

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # GameTable's arguments
        super().__init__(*args, **kwargs)
        #: (moment, seat): a person who let their "last card" moment pass in hot-seat play.
        self.waived: tuple[int, int] | None = None
        #: The moment whose grace for a person's "last card" has run out: the bot may move.
        self.graced: int | None = None

    # -- flow: who acts and when (the base applies the actions and runs the bots) -----------

    def moment(self) -> int:
        """The position's epoch: a waiver or a grace period holds for one moment only."""
        return self.epoch

    def games_finished(self) -> int:
        return len(self.view()["finished"])

    def human_to_act(self) -> int | None:
        """"Last card" comes before any other action (ruling 6): while a bot owes it no person
        acts (the bot says it next); then a person who owes it and has not let the moment pass;
        else the person whose action moves the play on."""
        view = self.view()
        if any(seat in self.bots for seat in view["due"]):
            return None
        moment = self.moment()
        for seat in view["to_act"]:
            if seat in self.humans and seat in view["due"] and self.waived != (moment, seat):
                return seat
        return view["mover"] if view["mover"] in self.humans else None

    def bot_to_act(self) -> int | None:
        """A bot that owes "last card" is asked first; else the bot whose move it is."""
        owing = next((seat for seat in self.view()["due"] if seat in self.bots), None)
        return owing if owing is not None else super().bot_to_act()

    def schedule(self) -> None:
        """The base runs the bots, but a bot whose move would end a person's "last card" moment
        waits ``LAST_CARD_GRACE_MS`` first, so that the person may say it."""
        if self.grace_running():
            self.thinking = None
            moment = self.moment()
            self.timers.later(LAST_CARD_GRACE_MS, lambda: self.end_grace(moment))
            return
        super().schedule()

    def grace_running(self) -> bool:
        """A person owes "last card" and the next bot to act would move the play on."""
        if self.paused or self.error or self.graced == self.moment():
            return False
        due = self.view()["due"]
        bot = self.bot_to_act()
        return bot is not None and bot not in due and any(seat in self.humans for seat in due)

    def end_grace(self, moment: int) -> None:
        if self.moment() == moment and not self.paused:
            self.graced = moment
            self.schedule()
            self.show()

    def command(self, command: str) -> None:
        if command == "waive":
            seat = self.human_to_act()
            if seat is not None and seat in self.view()["due"]:
                self.waived = (self.moment(), seat)
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
        over = view["result"] is not None
        paused = self.paused
        legal = self.actions()
        return [
            self.frame("cm", view, self._bar(view, over, paused),
                       h("div", {"class": "cc-layout"},
                         h("div", {"class": "cm-board"},
                           self._result(view) if over else None,
                           # Between the games of a series only the finished game's result shows.
                           [self._interlude(view)] if paused else
                           [self._others(view), self._centre(view, over, legal),
                            self._mine(view, over, legal)]),
                         h("aside", {"class": "cc-side", "aria-label": "Log and tally"},
                           self._log(view), self._legend())),
                       phase=True),
        ]

    def actions(self) -> tuple[Any, ...]:
        """The engine's legal actions of the person in front of the screen, when that person is
        the one to act now (else none): what the table draws as buttons."""
        seat = self.viewer()
        return self.legal(seat) if seat is not None and seat == self.human_to_act() else ()

    def _bar(self, view: dict[str, Any], over: bool, paused: bool) -> Node:
        games = view["games"]
        number = view["finished"][-1]["number"] if paused else view["game_number"]
        where = f"Game {number} of {games}" if games > 1 else "Single game"
        where += f" · {self.name(view['dealer'])} dealt" if not paused else " · over"
        return self.bar(
            where,
            h("div", {"class": "cc-bar-score cm-tally", "data-testid": "tally", "aria-label": "Games won"},
              [h("span", {"class": "cm-tally-seat"}, h("span", {"class": "cc-score-name"}, self.name(seat)),
                 " ", h("b", None, wins))
               for seat, wins in enumerate(view["totals"])] if games > 1 else
              h("span", {"class": "cc-where"}, f"{len(self.seats)} players · first to go out wins")))

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
        main = view["mover"]
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
        count = view["hand_sizes"][seat]
        known = view["known"][seat]
        active = view["mover"] == seat and not self.paused
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

    def _centre(self, view: dict[str, Any], still: bool, legal: tuple[Any, ...]) -> Node:
        viewer = self.viewer()
        draws = [action for action in legal if isinstance(action, Draw)]
        top = view["top"]
        stock = view["stock"]
        fan = [back("button", {"type": "button", "data-action": str(draw),
                               "aria-label": f"Draw face-down card {draw.position} of {stock}"},
                    "cm-fan-card", "live")
               for draw in draws] if draws else \
            [back("div", None, "cm-fan-card") for _ in range(stock)]
        return h("div", {"class": "cm-centre"},
                 h("div", {"class": "cm-pile", "data-testid": "pile", "data-top": top or "",
                           "data-last-move": bool(top) and any(isinstance(action, Play) and str(action.card) == top
                                                               for _, action in self.last_moves())},
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
                   self._status(view, still, viewer, bool(draws))))

    def _status(self, view: dict[str, Any], still: bool, viewer: int | None, drawing: bool) -> str:
        if still:
            return "The game is over."
        if self.paused:
            return "This game is over."
        call = view["call"]
        main = view["mover"]
        if self.thinking is not None:
            return f"{self.name(self.thinking)} is thinking…"
        if call is not None:
            ace = call["ace_player"]
            if call["giver"] == viewer:
                return f"{'You' if self.is_you(ace) else self.name(ace)} played an Ace: give a King."
            return f"{self.says(ace, 'play', ' an Ace')}: {self.name(call['giver'])} must give a King."
        if view["phase"] == "opening":
            return (f"{self.name(main)} deals and opens with any card." if main != viewer
                    else "You deal: open the play pile with any card.")
        if main == viewer:
            if drawing:
                return "No card fits: draw one from the stockpile."
            return "Your turn: play a card of the top card’s rank or suit."
        return f"{self.turn_text(main)}."

    def _mine(self, view: dict[str, Any], still: bool, legal: tuple[Any, ...]) -> Node | None:
        """The hand of the person in front of the screen, with what they may do now."""
        seat = self.viewer()
        if seat is None:
            return None
        hand = view["hand"]
        acting = self.human_to_act() == seat and not still and not self.needs_pass()
        call = view["call"]
        giving = call is not None and call["giver"] == seat
        # A Play or a Give names a card of the hand: that card becomes its button.
        by_card = {str(action.card): action for action in legal if isinstance(action, (Play, Give))}
        announce = next((action for action in legal if isinstance(action, Announce)), None)
        cards = []
        for card in hand:
            action = by_card.get(card)
            if action is not None:
                label = (f"Give the {card_name(card)} to {self.name(call['ace_player'])}"
                         if isinstance(action, Give) else f"Play the {card_name(card)}")
                cards.append(face(card, "button", {"type": "button", "data-action": str(action),
                                                   "aria-label": label}, "live"))
            else:
                cards.append(face(card, "div", None, "dim" if acting else ""))
        others_to_move = acting and announce is not None and view["mover"] != seat
        return h("section", {"class": classes("cm-seat", "cm-mine", acting and "cm-active"),
                             "data-seat": seat, "aria-label": "Your hand"},
                 h("div", {"class": "cm-seat-head"},
                   h("h2", {"class": "cm-name", "data-testid": f"name-{seat}"},
                     "Your hand" if self.is_you(seat) else f"{self.name(seat)}’s hand"),
                   h("div", {"class": "cc-tags"}, self._tags(view, seat))),
                 h("div", {"class": "cm-last-row"},
                   h("button", {"type": "button", "class": "cm-last", "data-action": str(announce),
                                "data-testid": "last-card", "autofocus": True}, "Last card!"),
                   h("span", {"class": "cm-last-note"},
                     "Say it before anyone else moves, or going out will not count."),
                   h("button", {"type": "button", "data-cmd": "waive", "class": "tool"},
                     "Let the moment pass") if others_to_move and self.bot_to_act() is None else None)
                 if announce is not None else None,
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
                                                       for seat, wins in enumerate(view["totals"]))),
                 h("p", None, f"{self.name(view['dealer'])} deals game {view['game_number']}",
                   " (the dealer went out, so the deal passes on)." if deal["winner"] == deal["dealer"]
                   else " again (the dealer did not go out)."),
                 h("button", {"type": "button", "class": "primary", "data-action": NEXT_GAME,
                              "data-testid": NEXT_GAME, "autofocus": True},
                   f"Deal game {view['game_number']}"))

    def _result(self, view: dict[str, Any]) -> Node:
        result = view["result"]
        series = len(view["finished"]) > 1
        what = "the series" if series else ""
        return h("section", {"class": "panel result", "data-testid": "result",
                             "data-winner": ",".join(map(str, result["winners"])), "aria-live": "polite"},
                 h("h2", None, self.headline(result["winners"], what) + "."),
                 h("ul", {"class": "result-scores"},
                   [h("li", {"data-seat": seat}, h("span", None, self.name(seat)), " ",
                      h("strong", None, str(score)), " won" if series else None)
                    for seat, score in enumerate(result["scores"])]),
                 h("ul", {"class": "cm-deals"}, [self._deal_line(deal) for deal in view["finished"]]),
                 self.again_row())

    # Side panel ---------------------------------------------------------------------------

    def _log(self, view: dict[str, Any]) -> Node:
        recent = self.recent(view["log"])
        shown = range(max(0, len(view["log"]) - 14), len(view["log"]))
        lines = [h("li", {"data-kind": view["log"][index]["kind"], "data-last-move": index in recent},
                    self.event_text(view["log"][index])) for index in shown]
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
