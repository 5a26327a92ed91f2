"""``#/checkmate/play?...``: the Checkmate table, for 2 to 4 seats of people and bots.

The table draws ``view(seat)`` of the person in front of the screen (a spectator's view when only
bots play) and turns the engine's legal actions of that person (``GameTable.legal``) into buttons
by their types: a ``Play`` is a card of the hand, a ``Draw`` the "Draw" button (the fan's first
card) or a face-down card of the fan, a ``Give`` a King of the hand when an Ace calls for one, an
``Announce`` the large "Last card!" button. Each button's ``data-action`` is ``str(action)``.

Timing of "last card" (the rule: before any other seat acts) is the flow's
(``ui.tables.game_flows.CheckmateFlow``): a bot that owes it is asked first; a person who owes it
while a bot is to move gets a grace before that bot moves, its seconds left ticking beside the
"Last card!" button (``[data-testid=countdown]``); a person who owes it while another person is
to move is asked first, on their own screen, and may let the moment pass (``[data-cmd=waive]``).

The person's hand is drawn the same way whatever the moment: every card is one
``button[data-card]`` for as long as it is in the hand, playable (``data-action``) or not
(``data-try``: a click says why, in the engine's words), in a container that is always there; the
fan's face-down cards likewise (out of the tab order while they cannot be drawn). In a series the
table holds each finished deal's result on screen (bots paused) until someone deals the next one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.checkmate import Announce, Draw, Give, Play
from ui.kit.dom import Node, classes, h
from ui.kit.i18n import _, ngettext, pgettext, spliced
from ui.tables import last_move, parts
from ui.tables.announcer import log_news
from ui.tables.base import NEXT_GAME, GameTable
from ui.tables.commands import Do, handles
from ui.tables.game_flows import CheckmateFlow
from ui.tables.playing_cards import back, card_name, chip, face

# --- the table -----------------------------------------------------------------------------------


class CheckmateTable(GameTable):
    game_id = "checkmate"
    flow: CheckmateFlow

    def in_grace(self) -> bool:
        """The bots are holding back for a person's "last card" now."""
        return self.flow.in_grace()

    def clock_text(self) -> str:
        """The seconds left of the "last card" grace (Checkmate has no timed event of its own)."""
        return _("{seconds} s", seconds=f"{self.flow.countdown_left_ms('grace') / 1000:.1f}")

    #: Whether a phone shows the fanned stockpile, to draw a card of one's choice.
    fan_open = False

    @handles("fan")
    def toggle_fan(self, command: Do) -> None:
        self.fan_open = not self.fan_open
        self.show()

    @handles("waive")
    def waive(self, command: Do) -> None:
        seat = self.human_to_act()
        if seat is not None:
            self.flow.waive(seat)

    # -- words -----------------------------------------------------------------------------

    def event_text(self, event: dict[str, Any]) -> list[Any]:
        """A log line, a whole sentence: "You ..." to the reader, the seat's name otherwise."""
        seat = event["seat"]
        kind = event["kind"]
        card = event.get("card")
        you = parts.is_you(self, seat)
        name = self.name(seat)
        if kind == "play":
            if event.get("drawn"):
                return spliced(pgettext("you", "You draw and play {card}") if you
                               else _("{name} draws and plays {card}"), name=name, card=chip(event["card"]))
            return spliced(pgettext("you", "You play {card}") if you else _("{name} plays {card}"),
                           name=name, card=chip(event["card"]))
        if kind == "draw":
            if card:
                return spliced(pgettext("you", "You draw {card} and keep it") if you
                               else _("{name} draws {card} and keeps it"), name=name, card=chip(card))
            return [pgettext("you", "You draw a card and keep it") if you
                    else _("{name} draws a card and keeps it", name=name)]
        if kind == "give":
            to = event["to"]
            if you:
                message = pgettext("you", "You give {card} to {other}")
            elif parts.is_you(self, to):
                message = pgettext("you", "{name} gives {card} to you")
            else:
                message = _("{name} gives {card} to {other}")
            return spliced(message, name=name, card=chip(event["card"]), other=self.name(to))
        if kind == "no-king":
            return [pgettext("you", "Nobody has a King to give to you") if you
                    else _("Nobody has a King to give to {name}", name=name)]
        if kind == "last":
            return [pgettext("you", "You say “last card!”") if you else _("{name} says “last card!”", name=name)]
        if kind == "missed":
            return [pgettext("you", "You miss the moment to say “last card”") if you
                    else _("{name} misses the moment to say “last card”", name=name)]
        return [kind]

    def card_words(self, text: str) -> str:
        """The cards of an engine sentence with suit signs, and the game's phrase in curly
        quotes, as the table writes it."""
        return super().card_words(text).replace("'last card'", "“last card”")

    # -- rendering -------------------------------------------------------------------------

    def render(self) -> list[Node]:
        if self.needs_pass():
            return [parts.pass_screen(self)]
        view = self.view()
        over = view["result"] is not None
        paused = self.flow.paused
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
                         h("aside", {"class": "cc-side", "aria-label": _("Log and tally")},
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
        where = _("Game {number} of {games}", number=number, games=games) if games > 1 else _("Single game")
        where = (_("{where} · {name} dealt", where=where, name=self.name(view["dealer"])) if not paused
                 else _("{where} · over", where=where))
        return self.bar(
            where,
            h("div", {"class": "cc-bar-score cm-tally", "data-testid": "tally", "aria-label": _("Games won")},
              [h("span", {"class": "cm-tally-seat"}, h("span", {"class": "cc-score-name"}, self.name(seat)),
                 " ", h("b", None, wins))
               for seat, wins in enumerate(view["totals"])] if games > 1 else
              h("span", {"class": "cc-where"}, ngettext("{n} player · first to go out wins",
                                                        "{n} players · first to go out wins", len(self.seats)))))

    # The other seats, in turn order after the person at the bottom -----------------------

    def _others(self, view: dict[str, Any]) -> Node:
        players = view["players"]
        # Seen from the hand on screen: the person holding the device, else the first person.
        viewer = self.viewer()
        near = viewer if viewer is not None else self.bottom
        order = [(near + step) % players for step in range(1, players)]
        boxes: list[Any] = []
        for index, seat in enumerate(order):
            if index:
                boxes.append(h("span", {"class": "cm-arrow", "aria-hidden": "true"}, "→"))
            boxes.append(self._other(view, seat))
        return h("div", {"class": "cm-others", "aria-label": _("Other players, in turn order")},
                 h("p", {"class": "cm-direction"},
                   spliced(_("Turn order: {order} → …"), order=h("strong", None, " → ".join(
                       pgettext("you", "You") if parts.is_you(self, seat) else self.name(seat)
                       for seat in [near, *order])))),
                 h("div", {"class": "cm-others-row"}, boxes))

    def _tags(self, view: dict[str, Any], seat: int) -> list[Any]:
        call = view["call"]
        main = view["mover"]
        return [
            h("span", {"class": "tag"}, _("dealer")) if view["dealer"] == seat else None,
            h("span", {"class": "tag cm-tag-last", "data-testid": f"last-{seat}"}, _("last card!"))
            if seat in view["announced"] else None,
            h("span", {"class": "tag tag-turn"},
              _("thinking…") if self.flow.thinking == seat else
              (_("gives a King") if call and call["giver"] == seat else parts.turn_text(self, seat)))
            if seat == main and not self.flow.paused else None,
        ]

    def _other(self, view: dict[str, Any], seat: int) -> Node:
        count = view["hand_sizes"][seat]
        known = view["known"][seat]
        active = view["mover"] == seat and not self.flow.paused
        return h("section", {"class": classes("cm-seat", active and "cm-active"), "data-seat": seat,
                             "aria-label": ngettext("{name}: {n} card", "{name}: {n} cards", count,
                                                     name=self.name(seat))},
                 h("div", {"class": "cm-seat-head"},
                   h("h2", {"class": "cm-name", "data-testid": f"name-{seat}"}, self.name(seat)),
                   h("div", {"class": "cc-tags"}, self._tags(view, seat))),
                 h("div", {"class": "cm-backs", "data-testid": f"count-{seat}", "data-count": count},
                   [back() for _back in range(min(count, 12))],
                   h("span", {"class": "cm-count"}, ngettext("{n} card", "{n} cards", count))),
                 h("p", {"class": "cm-known"},
                   spliced(_("Known to hold {cards}"), cards=[chip(card) for card in known]))
                 if known else None)

    # The pile, the fan, the prompt --------------------------------------------------------

    def _centre(self, view: dict[str, Any], still: bool, legal: tuple[Any, ...]) -> Node:
        top = view["top"]
        return h("div", {"class": "cm-centre"},
                 h("div", {"class": "cm-pile", "data-testid": "pile", "data-top": top or "",
                           "data-last-move": bool(top) and any(isinstance(action, Play) and str(action.card) == top
                                                               for _seat, action in last_move.last_moves(self))},
                   h("span", {"class": "cm-label"}, _("Play pile · {count}", count=len(view["pile"]))),
                   face(top, "div", None, "cm-top") if top else
                   h("div", {"class": "card card-empty cm-top"}, _("the dealer opens"))),
                 self._fan(view, legal),
                 h("p", {"class": "cc-status cm-status", "aria-live": "polite", "data-testid": "status"},
                   self._status(view, still, self.viewer(), any(isinstance(action, Draw) for action in legal))))

    def _fan(self, view: dict[str, Any], legal: tuple[Any, ...]) -> Node:
        """The stockpile: one "Draw" button with the count (the first card of the fan: every
        card of it is face down, so which one is a free choice), then the fanned cards, each a
        button for drawing that very card. On a phone the fan opens on demand while drawing is
        on (``[data-cmd=fan]``), with cards big enough to tap."""
        viewer = self.viewer()
        stock = view["stock"]
        drawing = sorted(action.position for action in legal if isinstance(action, Draw))
        # One button per face-down card whether it may be drawn or not (a click then says why),
        # kept out of the tab order while it cannot be drawn: the hand comes first.
        # (A spectator's fan is only a picture.)
        fan = [back("button", {"key": f"fan-{position}", "type": "button",
                               **parts.offer(f"draw {position}", position in drawing),
                               "data-seat": viewer if position not in drawing else None,
                               "tabindex": None if position in drawing else "-1",
                               "aria-label": _("Face-down card {position} of {stock}",
                                                position=position, stock=stock)},
                    "cm-fan-card", position in drawing and "live") if viewer is not None else
               back("div", None, "cm-fan-card")
               for position in range(1, stock + 1)]
        draw = None
        if viewer is not None and stock:
            first = drawing[0] if drawing else 1
            draw = h("div", {"class": "cm-draw-row"},
                     h("button", {"key": "draw", "type": "button",
                                  "class": classes("cm-draw", bool(drawing) and "live"),
                                  **parts.offer(f"draw {first}", bool(drawing)),
                                  "data-seat": viewer if not drawing else None,
                                  "aria-label": ngettext("Draw: {n} face down", "Draw: {n} face down",
                                                          stock)},
                       h("span", {"class": "pc-back cm-draw-back", "aria-hidden": "true"}),
                       h("span", {"class": "cm-draw-text"},
                         spliced(_("Draw {count}"), count=h("small", None, ngettext(
                             "{n} face down", "{n} face down", stock))))),
                     h("button", {"type": "button", "class": "tool cm-fan-toggle", "data-cmd": "fan",
                                  "aria-expanded": "true" if self.fan_open else "false"},
                       _("Hide the fan") if self.fan_open else _("Choose a card")) if drawing else None)
        return h("div", {"class": classes("cm-fan", bool(drawing) and "cm-fan-live",
                                           bool(drawing) and self.fan_open and "cm-fan-open"),
                         "data-testid": "fan", "data-count": stock},
                 h("span", {"class": "cm-label"},
                   ngettext("Stockpile · {n} face down: draw, or pick any card",
                            "Stockpile · {n} face down: draw, or pick any card", stock) if drawing else
                   ngettext("Stockpile · {n} face down", "Stockpile · {n} face down", stock)),
                 draw,
                 h("div", {"class": "cm-fan-cards", "role": "group" if drawing else None,
                           "aria-label": _("The fanned stockpile") if drawing else None},
                   fan or h("span", {"class": "cc-none"}, _("empty"))))

    def _status(self, view: dict[str, Any], still: bool, viewer: int | None, drawing: bool) -> str:
        if still:
            return _("The game is over.")
        if self.flow.paused:
            return _("This game is over.")
        call = view["call"]
        main = view["mover"]
        if self.flow.thinking is not None:
            return _("{name} is thinking…", name=self.name(self.flow.thinking))
        bot = self.flow.bot_to_act()
        if self.in_grace() and bot is not None and viewer in view["due"]:
            return _("{name} waits a moment for your “last card”.", name=self.name(bot))
        if call is not None:
            ace = call["ace_player"]
            you = parts.is_you(self, ace)
            if call["giver"] == viewer:
                return (pgettext("you", "You played an Ace: give a King.") if you
                        else _("{name} played an Ace: give a King.", name=self.name(ace)))
            giver = self.name(call["giver"])
            return (pgettext("you", "You play an Ace: {giver} must give a King.", giver=giver) if you
                    else _("{name} plays an Ace: {giver} must give a King.", name=self.name(ace), giver=giver))
        if view["phase"] == "opening":
            return (_("{name} deals and opens with any card.", name=self.name(main)) if main != viewer
                    else _("You deal: open the play pile with any card."))
        if main == viewer:
            if drawing:
                return _("No card fits: draw one from the stockpile.")
            return _("Your turn: play a card of the top card’s rank or suit.")
        return _("{turn}.", turn=parts.turn_text(self, main))

    def _mine(self, view: dict[str, Any], still: bool, legal: tuple[Any, ...]) -> Node | None:
        """The hand of the person in front of the screen, with what they may do now. Its parts
        are keyed (``data-testid``), so the hand stays the same element as the prompt and the
        "Last card!" row come and go."""
        seat = self.viewer()
        if seat is None:
            return None
        hand = view["hand"]
        acting = self.human_to_act() == seat and not still and not self.needs_pass()
        call = view["call"]
        giving = call is not None and call["giver"] == seat
        # A Play or a Give names a card of the hand: that card plays it.
        by_card = {str(action.card): action for action in legal if isinstance(action, (Play, Give))}
        announce = next((action for action in legal if isinstance(action, Announce)), None)
        cards = []
        for card in hand:
            action = by_card.get(card)
            if action is not None:
                label = (_("Give the {card} to {name}", card=card_name(card), name=self.name(call["ace_player"]))
                         if isinstance(action, Give) else _("Play the {card}", card=card_name(card)))
            else:
                label = card_name(card)
            # What a click on it would do, playable or not: a refused one says why.
            notation = str(action) if action is not None else f"give {card}" if giving else card
            cards.append(face(card, "button", {"type": "button", **parts.offer(notation, action is not None),
                                               "data-seat": seat if action is None else None,
                                               "aria-label": label},
                              action is not None and "live", acting and action is None and "dim"))
        others_to_move = acting and announce is not None and view["mover"] != seat
        return h("section", {"class": classes("cm-seat", "cm-mine", acting and "cm-active"),
                             "data-seat": seat, "aria-label": _("Your hand")},
                 h("div", {"class": "cm-seat-head"},
                   h("h2", {"class": "cm-name", "data-testid": f"name-{seat}"},
                     pgettext("you", "Your hand") if parts.is_you(self, seat)
                     else _("{name}’s hand", name=self.name(seat))),
                   h("div", {"class": "cc-tags"}, self._tags(view, seat))),
                 self._last_row(announce, others_to_move) if announce is not None else None,
                 h("p", {"class": "cc-prompt cm-prompt", "data-testid": "prompt"},
                   _("Give one of your Kings: tap it.") if giving and acting else None),
                 h("div", {"class": "cm-hand", "data-testid": "hand", "role": "group",
                           "aria-label": _("Your cards"), "data-keynav": True},
                   cards or h("p", {"class": "cm-empty"},
                              _("No cards left.") if still else
                              _("No cards: at your turn you draw from the stockpile."))))

    def _last_row(self, announce: Any, others_to_move: bool) -> Node:
        """The "Last card!" button, and while bots hold back for it the seconds left."""
        bot = self.flow.bot_to_act()
        if self.in_grace() and bot is not None:
            note = h("span", {"class": "cm-last-note cm-grace"},
                     spliced(_("{name} moves in {seconds}: say it now, or going out will not count."),
                             name=self.name(bot),
                             seconds=h("b", {"class": "cm-countdown", "data-testid": "countdown"},
                                       self.clock_text())))
        else:
            note = h("span", {"class": "cm-last-note"},
                     _("Say it before anyone else moves, or going out will not count."))
        return h("div", {"class": "cm-last-row", "data-testid": "last-card-row"},
                 h("button", {"type": "button", "class": "cm-last", "data-action": str(announce),
                              "data-testid": "last-card", "autofocus": True}, _("Last card!")),
                 note,
                 h("button", {"type": "button", "data-cmd": "waive", "class": "tool"},
                   _("Let the moment pass")) if others_to_move and bot is None else None)

    # Results ------------------------------------------------------------------------------

    def _deal_line(self, deal: dict[str, Any]) -> Node:
        """A finished game of a series in one line: how it ended (the reason names the winner)
        and who dealt."""
        winner = deal["winner"]
        return h("li", {"data-game": deal["number"], "data-winner": "" if winner is None else winner},
                 h("strong", None, _("Game {number}: ", number=deal["number"])),
                 parts.reason_text(self, deal), " ",
                 # Not in brackets: a bot's name has its own ("Bot (hard)").
                 h("span", {"class": "cc-muted"}, _("· {name} dealt", name=self.name(deal["dealer"]))))

    def _games_won(self, totals: list[int]) -> Node:
        """The series' score, said once: each seat's games won."""
        return h("ul", {"class": "result-scores", "aria-label": _("Games won")},
                 [h("li", {"data-seat": seat},
                    spliced(_("{name} {wins} won"), name=h("span", None, self.name(seat)),
                            wins=h("strong", None, str(wins))))
                  for seat, wins in enumerate(totals)])

    def _interlude(self, view: dict[str, Any]) -> Node:
        deal = view["finished"][-1]
        return h("section", {"class": "panel cm-interlude", "data-testid": "game-result",
                             "data-game": deal["number"]},
                 h("h2", None, _("Game {number} of {games}: {headline}", number=deal["number"], games=view["games"],
                                 headline=parts.headline(self, [deal["winner"]] if deal["winner"] is not None
                                                         else []))),
                 parts.end_reason(self, deal),
                 h("p", None, _("Games won so far:")), self._games_won(view["totals"]),
                 h("p", None,
                   _("{name} deals game {number} (the dealer went out, so the deal passes on).",
                     name=self.name(view["dealer"]), number=view["game_number"])
                   if deal["winner"] == deal["dealer"] else
                   _("{name} deals game {number} again (the dealer did not go out).",
                     name=self.name(view["dealer"]), number=view["game_number"])),
                 h("button", {"type": "button", "class": "primary", "data-action": NEXT_GAME,
                              "data-testid": NEXT_GAME, "autofocus": True},
                   _("Deal game {number}", number=view["game_number"])))

    def _result(self, view: dict[str, Any]) -> Node:
        """The end: who won and why, said once. A single game's reason names how it ended; a
        series gives the games won (its score) and one line per game."""
        result = view["result"]
        deals = view["finished"]
        series = len(deals) > 1
        return parts.result_panel(
            self, _("{headline}.", headline=parts.headline(self, result["winners"], _("the series") if series else "")),
            [self._games_won(result["scores"]),
             parts.end_reason(self, deals[-1],
                              lead=_("Game {number}, the last of the series: ", number=deals[-1]["number"])),
             h("ul", {"class": "cm-deals"}, [self._deal_line(deal) for deal in deals])] if series else
            parts.end_reason(self, deals[-1]))

    # Side panel ---------------------------------------------------------------------------

    def log_line(self, entry: Mapping[str, Any]) -> Any:
        return self.event_text(dict(entry))

    def news(self, moves: Sequence[tuple[int, Any]], entries: Sequence[Mapping[str, Any]]) -> list[str]:
        return log_news(entries, self.log_line)

    def _log(self, view: dict[str, Any]) -> Node:
        recent = last_move.recent(self, view["log"])
        shown = range(max(0, len(view["log"]) - 14), len(view["log"]))
        lines = [h("li", {"data-kind": view["log"][index]["kind"], "data-last-move": index in recent},
                    self.event_text(view["log"][index])) for index in shown]
        if not view["log"]:
            lines = [h("li", None, _("{name} dealt ten cards each.", name=self.name(view["dealer"])))]
        return h("section", {"class": "cc-panel cm-log", "data-testid": "log"},
                 h("h2", None, _("Game {number} so far", number=view["game_number"])),
                 h("ol", {"class": "cm-log-list", "start": max(1, len(view["log"]) - 13)}, lines))

    def _legend(self) -> Node:
        return h("details", {"class": "cc-panel cc-legend"},
                 h("summary", None, _("The rules in short")),
                 h("p", None, spliced(_("Play a card of the top card’s rank or suit. {red} and {black} go on any "
                                        "card of their colour, and take any card of their colour."),
                                      red=chip("RJ"), black=chip("BJ"))),
                 h("p", None, _("No card fits: draw any face-down card; if it fits it is played at once.")),
                 h("p", None, _("An Ace makes the next player holding a King give you one.")),
                 h("p", None, _("Down to one card? Say “last card” at once, or going out only draws.")))
