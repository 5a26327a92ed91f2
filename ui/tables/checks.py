"""``#/checks/play?...``: the Checks table.

It draws ``self.view()`` only (the seat in front of the screen: its own hand and point total,
every face-up pile, the checks, the public log; never a face-down half-trick) and offers exactly
``self.legal(seat)``, each button carrying ``str(action)`` of an engine action:

* a ``Cash`` is one ``<button data-action="cash N">`` on its pile (those piles are highlighted);
* a ``Play`` is two clicks: a card of the hand (``data-pick="card:5H"``, which changes no state),
  then a pile (``data-action="5H>3"``).

A pile's cards beneath the upcard are public; ``data-cmd="pile:N"`` opens or closes that list (a
look, not a step towards an action, so it is no ``data-pick``).
In a series the state deals the next game as soon as one ends: the table holds the finished
game's count on screen (bots paused) until someone presses "Next game". The flow (bots thinking
in slices, the pass-the-device screen between two people, the result panel) is ``GameTable``'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import IllegalAction, Reason
from engine.checks import Cash, Play, worth
from engine.playing_cards import PlayingCard as Card
from ui.kit.dom import Node, classes, h
from ui.kit.i18n import N_, _, ngettext, pgettext, spliced, translated
from ui.tables import last_move, parts
from ui.tables.announcer import log_news
from ui.tables.base import NEXT_GAME, GameTable
from ui.tables.commands import Do, Pick, handles
from ui.tables.playing_cards import back, card_name, chip, face


def card_face(card: str, tag: str = "div", attrs: dict[str, Any] | None = None, *extra: Any) -> Node:
    """The shared card face with its worth in Checks in the corner."""
    return face(card, tag, attrs, *extra, note=f"={worth(Card.parse(card))}")


#: The reason a cash is refused when the hand's total does not match (``engine.checks``).
POINT_TOTAL = "the point total {total} does not match pile {pile}'s upcard {card} (worth {worth})"


class ChecksTable(GameTable):
    game_id = "checks"

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # GameTable's arguments
        super().__init__(*args, **kwargs)
        self.picked: str | None = None  # the card chosen to play, before its pile
        self.opened: set[int] = set()  # piles whose cards beneath are listed

    # -- flow ------------------------------------------------------------------------------

    def changed(self) -> None:
        self.picked = None

    def focus_home(self) -> str:
        # A keyboard player's turn ends on a pile (or its Cash button); the next one starts
        # from their hand, so that is where focus goes back once the other seat has answered.
        if not self._viewer_plays():
            return ""
        seat = self.viewer()
        return f"[data-testid=hand-{self.bottom if seat is None else seat}]"

    @handles("card")
    def pick_card(self, pick: Pick) -> None:
        self.picked = None if self.picked == pick.value else pick.value
        self.show()

    @handles("pile")
    def open_pile(self, command: Do) -> None:
        """Show a pile's cards (or fold them away again)."""
        if command.value.isdigit():
            self.opened ^= {int(command.value)}
            self.show()

    # -- rendering -------------------------------------------------------------------------

    def render(self) -> list[Node]:
        if self.needs_pass():
            return [h("section", {"class": "ck", "data-testid": "table", "data-game": "checks",
                                  "data-passing": "1"}, parts.pass_screen(self))]
        view = self.view()
        over = view["result"] is not None
        paused = self.flow.paused
        viewer = self.viewer()
        me = viewer if viewer is not None else self.bottom
        legal = () if self.flow.error else self.legal(me)
        if self.picked is not None and self.picked not in view.get("hand", []):
            self.picked = None
        board = (
            [self._interlude(view)] if paused else [
                self._result(view) if over else None,
                self._seat(view, 1 - me, top=True),
                self._centre(view, legal, over),
                self._seat(view, me, top=False, legal=legal),
            ])
        return [
            self.frame("ck", view, self._bar(view, over, paused),
                       h("div", {"class": "ck-layout"},
                         h("div", {"class": "ck-board"}, board),
                         h("aside", {"class": "ck-side", "aria-label": _("Move log")},
                           self._series(view),
                           self._log(view))),
                       alert="ck-error"),
        ]

    def _bar(self, view: dict[str, Any], over: bool, paused: bool) -> Node:
        games = view["games"]
        shown = view["finished"][-1] if paused else None
        number = shown["number"] if shown else view["game_number"]
        where = _("Game {number} of {games}", number=number, games=games) if games > 1 else _("Single game")
        counts = shown["details"]["checks"] if shown else view["check_counts"]
        return self.bar(
            _("{where} · over", where=where) if paused else where,
            parts.score_pair(self,
                _("Checks won"), counts,
                h("span", {"class": "cc-games", "data-testid": "series-score"},
                  _("games won {first} : {second}", first=view["totals"][0], second=view["totals"][1]))
                if games > 1 else None),
            css="ck-bar")

    # The players' rows -------------------------------------------------------------------

    def _seat(self, view: dict[str, Any], seat: int, top: bool, legal: tuple[Any, ...] = ()) -> Node:
        to_act = not self.flow.error and seat in view["to_act"]
        tags = [
            h("span", {"class": "tag", "title": _("Dealer of this game")}, _("dealer"))
            if view["dealer"] == seat else None,
            h("span", {"class": "tag tag-turn"},
              _("thinking…") if self.flow.thinking == seat else parts.turn_text(self, seat)) if to_act else None,
            h("span", {"class": "tag ck-checks", "data-testid": f"checks-{seat}"},
              ngettext("{n} check", "{n} checks", view["check_counts"][seat])),
        ]
        own = view["seat"] == seat and "hand" in view
        return h("section", {
            "class": classes("cc-seat", "ck-seat", top and "cc-seat-top", to_act and "cc-active"),
            "data-seat": seat, "aria-label": _("{name}: half-tricks and hand", name=self.name(seat)),
        },
            h("div", {"class": "cc-seat-head"},
              h("h2", {"class": "cc-name"}, h("span", {"data-testid": f"name-{seat}"}, self.name(seat))),
              h("div", {"class": "cc-tags"}, tags)),
            h("div", {"class": "ck-row-wrap"},
              self._row(view, seat),
              self._hand(view, seat, legal) if own else self._hidden_hand(view, seat)),
            # What the strip is, said once: under the strip of the person at the bottom.
            h("p", {"class": "ck-row-note", "data-testid": "half-tricks-note"}, parts.term(self, "half-tricks"))
            if not top and seat in self.humans else None)

    def _row(self, view: dict[str, Any], seat: int) -> Node:
        """The six half-trick places, left to right: played out, in hand, still face down."""
        labels = {"gone": N_("Half-trick {number}: played out"), "hand": N_("Half-trick {number}: in hand"),
                  "down": N_("Half-trick {number}: face down")}
        return h("ol", {"class": "ck-row", "aria-label": _("Half-tricks, left to right"),
                        "data-testid": f"row-{seat}"},
                 [h("li", {"class": classes("ck-ht", f"ck-ht-{place}"), "data-place": place,
                           "title": translated(labels[place], number=index + 1)},
                    h("span", {"class": "ck-sr"}, translated(labels[place], number=index + 1)))
                  for index, place in enumerate(view["rows"][seat])])

    def _hidden_hand(self, view: dict[str, Any], seat: int) -> Node:
        count = view["hand_sizes"][seat]
        return h("div", {"class": "ck-hand ck-hand-hidden", "data-testid": f"hand-{seat}", "role": "img",
                         "aria-label": ngettext("{n} card in hand, hidden", "{n} cards in hand, hidden", count)},
                 [back() for _ in range(count)]
                 or h("p", {"class": "cc-note"}, _("No cards in hand.")))

    def _hand(self, view: dict[str, Any], seat: int, legal: tuple[Any, ...]) -> Node:
        hand = view["hand"]
        playable = {str(action.card) for action in legal if isinstance(action, Play)}
        cards = []
        for card in hand:
            # Every card is a button for its whole life in the hand (it keeps its element): a
            # pick while it can be played, else a try whose click says why not.
            if card in playable:
                chosen = card == self.picked
                cards.append(card_face(card, "button", {
                    "type": "button", "data-pick": f"card:{card}", "data-seat": seat,
                    "aria-pressed": "true" if chosen else "false",
                    "aria-label": _("Play the {card}", card=card_name(card)),
                }, "ck-live", chosen and "ck-picked"))
            else:
                cards.append(card_face(card, "button", {
                    "type": "button", "data-seat": seat, **parts.offer(self._tried(view, card), False),
                    "aria-label": _("{card}: cannot be played now", card=card_name(card))}))
        total = h("p", {"class": "ck-total", "data-testid": "point-total"},
                  _("Point total "), h("b", None, str(view["point_total"])) if hand else "—")
        if not legal:
            prompt = None
        elif self.picked:
            prompt = _("Now pick the pile for the {card} (or press the card again to put it back).",
                       card=card_name(self.picked))
        elif any(isinstance(action, Cash) for action in legal):
            prompt = _("Cash a highlighted pile, or pick a card to play onto any pile.")
        else:
            prompt = _("No pile matches your total: pick a card to play onto a pile.")
        return h("div", {"class": "ck-own"},
                 h("p", {"class": "cc-prompt", "data-testid": "prompt"}, prompt) if prompt else None,
                 h("div", {"class": "ck-hand", "role": "group", "aria-label": _("Your hand"),
                           "data-testid": f"hand-{seat}", "data-keynav": True},
                   cards or h("p", {"class": "cc-note"}, self._empty_hand(view, seat))),
                 total)

    def _empty_hand(self, view: dict[str, Any], seat: int) -> str:
        if view["result"] is None and "down" in view["rows"][seat]:
            return _("No cards in hand: the next half-trick is picked up at your turn.")
        return _("No cards in hand.")

    def _viewer_plays(self) -> bool:
        """Whether the seat in front of the screen is a person's (whose cards and piles are
        buttons), not a bot's or a replay's."""
        viewer = self.viewer()
        return (viewer if viewer is not None else self.bottom) in self.humans

    def explain(self, seat: int, notation: str, error: IllegalAction | None = None) -> str:
        """The base's reason; a click on a pile before a card of the hand was picked (a ``cash``
        tried on its upcard) also says how a play onto it is made."""
        reason = super().explain(seat, notation, error)
        kind, _sep, number = notation.partition(" ")
        if kind != "cash" or seat not in self.flow.to_act() or self.flow.paused:
            return reason
        if not reason:
            return _("To play onto pile {pile}, pick a card of your hand first, then the pile. To cash the pile, "
                     "press its Cash button.", pile=number)
        if error is None:
            error = self.flow.refusal(seat, notation)
        why = error.reason if error is not None else ""
        if isinstance(why, Reason) and why.key == POINT_TOTAL:
            return _("To play onto pile {pile}, pick a card of your hand first, then the pile. It cannot be cashed: "
                     "the point total {total} does not match pile {pile}'s upcard {card} (worth {worth}).",
                     pile=number, total=why.parts["total"], card=self.card_words(str(why.parts["card"])),
                     worth=why.parts["worth"])
        return _("To play onto pile {pile}, pick a card of your hand first, then the pile. It cannot be cashed. "
                 "{why}", pile=number, why=reason)

    def _tried(self, view: dict[str, Any], card: str) -> str:
        """The play a click on ``card`` stands for when it cannot be played: onto the first
        pile with cards (a card of the hand goes on any pile, so the reason is the turn's:
        whose it is, or that the game is over)."""
        live = next((index for index, pile in enumerate(view["piles"]) if pile), 0)
        return f"{card}>{live + 1}"

    # The community piles -----------------------------------------------------------------

    def _centre(self, view: dict[str, Any], legal: tuple[Any, ...], over: bool) -> Node:
        cashes = {action.pile: action for action in legal if isinstance(action, Cash)}
        targets = {action.pile: action for action in legal
                   if isinstance(action, Play) and str(action.card) == self.picked}
        piles = [self._pile(view, index, pile, cashes.get(index), targets.get(index))
                 for index, pile in enumerate(view["piles"])]
        return h("div", {"class": "ck-centre"},
                 h("div", {"class": "ck-piles", "data-testid": "piles"}, piles),
                 h("p", {"class": "ck-deck", "data-testid": "deck"},
                   back("div", None, "ck-deck-card"),
                   ngettext("Deck: {n} card to refill", "Deck: {n} cards to refill", view["deck_count"])),
                 h("p", {"class": "cc-status", "aria-live": "polite", "data-testid": "status"},
                   self._status(view, over)))

    def _pile(self, view: dict[str, Any], index: int, pile: list[str], cash: Cash | None,
              target: Play | None) -> Node:
        """Pile ``index``: its upcard (the button of ``target``, the picked card's play onto it),
        its height, and the button of ``cash`` when the hand may cash it."""
        number = index + 1
        cashable = cash is not None
        if not pile:
            return h("div", {"class": "ck-pile ck-pile-empty", "data-pile": number},
                     h("span", {"class": "ck-pile-label"}, _("Pile {number}", number=number)),
                     h("div", {"class": "card card-empty ck-slot"}, _("empty")))
        upcard = pile[-1]
        last = any(getattr(action, "pile", None) == index for _unused, action in last_move.last_moves(self))
        if target is not None:
            top = card_face(upcard, "button", {"type": "button", "data-action": str(target),
                                               "aria-label": _("Play the {card} onto pile {number}",
                                                               card=card_name(str(target.card)), number=number)},
                             "ck-live", "ck-target")
        elif self._viewer_plays():
            # The person's upcards are buttons throughout (a click before picking a card says
            # what to do), so an upcard keeps its element when it becomes a target.
            top = card_face(upcard, "button", {
                "type": "button", **parts.offer(f"cash {number}", False),
                "aria-label": _("Pile {number}: {card} on top", number=number, card=card_name(upcard))},
                cashable and "ck-cashable")
        else:
            top = card_face(upcard, "div", None, cashable and "ck-cashable")
        beneath = pile[:-1]
        return h("div", {"class": classes("ck-pile", cashable and "ck-pile-cashable"),
                         "data-pile": number, "data-height": len(pile), "data-last-move": last},
                 h("span", {"class": "ck-pile-label"}, _("Pile {number}", number=number)),
                 top,
                 h("button", {"type": "button", "class": "ck-height", "data-cmd": f"pile:{index}",
                              "aria-expanded": "true" if index in self.opened else "false",
                              "title": _("Show the cards beneath"), "disabled": not beneath},
                   ngettext("{n} card", "{n} cards", len(pile))),
                 h("div", {"class": "ck-beneath", "data-testid": f"beneath-{number}"},
                   [chip(card) for card in reversed(beneath)]) if index in self.opened and beneath else None,
                 h("button", {"type": "button", "class": "primary ck-cash",
                              "data-action": str(cash),
                              "aria-label": _("Cash: {checks}, pile {number}’s {cards} and your hand",
                                              checks=ngettext("{n} check", "{n} checks",
                                                              len(pile) + len(view["hand"] or [])),
                                              number=number, cards=ngettext("{n} card", "{n} cards", len(pile)))},
                   _("Cash: {checks}", checks=ngettext("{n} check", "{n} checks",
                                                       len(pile) + len(view["hand"] or []))))
                 if cashable else None)

    def _status(self, view: dict[str, Any], over: bool) -> str:
        if over:
            return _("The game is over.")
        if self.flow.paused:
            return ""
        seat = view["to_act"][0]
        alone = view["hand_sizes"][1 - seat] == 0 and "down" not in view["rows"][1 - seat]
        # Not in brackets: a bot's name has its own ("Bot (hard)").
        line = parts.to_act_line(self, seat)
        if not alone:
            return line
        out = (_("You are out of cards.") if parts.is_you(self, 1 - seat)
               else _("{name} is out of cards.", name=self.name(1 - seat)))
        return f"{line} {out}"

    # The side: series, log, results ------------------------------------------------------

    def _describe(self, move: dict[str, Any]) -> list[Any]:
        """A log line: a play names its card and pile only; a cash shows the hand and its total
        (the log is public: ruling 8)."""
        who = h("b", None, self.name(move["seat"]))
        you = parts.is_you(self, move["seat"])
        pile = move["pile"] + 1
        if move["kind"] == "play":
            return spliced(pgettext("you", "{name} play {card} onto pile {pile}") if you
                           else _("{name} plays {card} onto pile {pile}"),
                           name=who, card=chip(move["card"]), pile=str(pile))
        taken = [chip(card) for card in move["taken"]]
        shown = [chip(card) for card in move["shown"]]
        checks = len(move["taken"]) + len(move["shown"])
        count = ngettext("{n} check", "{n} checks", checks)
        if move["refill"]:
            line = (pgettext("you", "{name} cash pile {pile} with a total of {total}: {taken} + hand {shown} = "
                                    "{count}, refilled with {refill}") if you else
                    _("{name} cashes pile {pile} with a total of {total}: {taken} + hand {shown} = {count}, "
                      "refilled with {refill}"))
        else:
            line = (pgettext("you", "{name} cash pile {pile} with a total of {total}: {taken} + hand {shown} = "
                                    "{count}, the slot stays empty") if you else
                    _("{name} cashes pile {pile} with a total of {total}: {taken} + hand {shown} = {count}, "
                      "the slot stays empty"))
        return spliced(line, name=who, pile=str(pile), total=str(move["total"]), taken=taken, shown=shown,
                       count=count, refill=chip(move["refill"]) if move["refill"] else "")

    def log_line(self, entry: Mapping[str, Any]) -> Any:
        return self._describe(dict(entry))

    def news(self, moves: Sequence[tuple[int, Any]], entries: Sequence[Mapping[str, Any]]) -> list[str]:
        return log_news(entries, self.log_line)

    def _log(self, view: dict[str, Any]) -> Node:
        moves = view["log"]
        if self.flow.paused:
            moves = []
        recent = last_move.recent(self, moves)
        return h("section", {"class": "cc-panel ck-log", "data-testid": "moves"},
                 h("h2", None, _("Moves of game {number}", number=view["game_number"]) if view["games"] > 1
                   else _("Moves")),
                 # It scrolls: focusable, so that the keyboard scrolls it too.
                 h("ol", {"class": "ck-moves", "reversed": True, "tabindex": "0", "aria-label": _("Moves")},
                   [h("li", {"class": f"ck-move-{move['kind']}", "data-last-move": index in recent},
                      self._describe(move))
                    for index, move in reversed(list(enumerate(moves)))])
                 if moves else h("p", {"class": "cc-muted"}, _("No move yet.")))

    def _series(self, view: dict[str, Any]) -> Node | None:
        if view["games"] == 1 or not view["finished"]:
            return None
        rows = [h("li", None, spliced(
                    _("Game {number}: {score} — {verdict}") if game["winner"] is not None
                    else _("Game {number}: {score} — draw"),
                    number=str(game["number"]),
                    score=h("b", None, f"{game['details']['checks'][0]} : {game['details']['checks'][1]}"),
                    verdict=parts.headline(self, [game["winner"]]) if game["winner"] is not None else ""))
                for game in view["finished"]]
        score = view["totals"]
        return h("section", {"class": "cc-panel", "data-testid": "series"},
                 h("h2", None, _("Series")),
                 h("p", None, _("Games won: {first} {a} : {b} {second}", first=self.name(0), a=score[0], b=score[1],
                                second=self.name(1))),
                 h("ul", None, rows))

    def _checks_line(self, game: dict[str, Any]) -> str:
        checks = game["details"]["checks"]
        return _("{first} {first_checks}, {second} {second_checks}",
                 first=self.name(0), first_checks=ngettext("{n} check", "{n} checks", checks[0]),
                 second=self.name(1), second_checks=ngettext("{n} check", "{n} checks", checks[1]))

    def _verdict(self, game: dict[str, Any], what: str = "") -> str:
        """"Ann wins" (``what`` after it) or "a draw": how one game of the series ended."""
        return _("a draw") if game["winner"] is None else parts.headline(self, [game["winner"]], what)

    def _result(self, view: dict[str, Any]) -> Node:
        """``[data-testid=result]``: who won and the score, said once (the checks of a single
        game, the games won in a series, with each game's checks below), then what to do next."""
        result = view["result"]
        finished = view["finished"]
        series = len(finished) > 1
        scores = parts.seat_scores(self, result["scores"], _("Games won") if series else _("Checks"),
                                   lambda score: ngettext(" game won", " games won", score) if series
                                   else ngettext(" check", " checks", score))
        if series:
            last = finished[-1]
            details = [parts.end_reason(self, last, lead=_("Game {number}, the last of the series: ",
                                                             number=last["number"])),
                       h("ol", {"class": "ck-games"},
                         [h("li", {"data-game": game["number"]},
                            h("b", None, _("Game {number}: ", number=game["number"])),
                            f"{self._checks_line(game)} — {self._verdict(game)}. ",
                            h("span", {"class": "game-reason"}, parts.reason_text(self, game)))
                          for game in finished])]
        else:
            details = [parts.end_reason(self, finished[0])]
        return parts.result_panel(
            self, parts.headline(self, result["winners"], "the series" if series and result["winners"]
                                 else "series" if series else "") + ".",
            scores, details)

    def _interlude(self, view: dict[str, Any]) -> Node:
        game = view["finished"][-1]
        score = view["totals"]
        dealer = self.name(view["dealer"])
        return h("section", {"class": "cc-panel cc-interlude", "data-testid": "game-result",
                             "data-game": game["number"]},
                 h("h2", None, _("Game {number} of {games} is over", number=game["number"], games=view["games"])),
                 h("p", None, _("{checks}: {verdict}.", checks=self._checks_line(game),
                                verdict=self._verdict(game, _("this game")))),
                 parts.end_reason(self, game),
                 h("p", None, _("Games won: {first} {a} : {b} {second}. ", first=self.name(0), a=score[0], b=score[1],
                                second=self.name(1))),
                 h("p", None, _("{dealer} deals game {number}.", dealer=dealer, number=view["game_number"])),
                 h("button", {"type": "button", "class": "primary", "data-action": NEXT_GAME,
                              "data-testid": NEXT_GAME, "autofocus": True},
                   _("Start game {number}", number=view["game_number"])))
