"""``#/chess-cards/play?...``: the Chess Cards table.

The table draws only ``self.view()`` (all cards are open: perfect information) and offers the
person to act exactly ``self.legal(seat)``, one ``<button data-action>`` per play, read from the
``Play`` values' attributes (card, sacrifice, privilege). Two-step plays (a sacrifice, then the
card; Queen's Privilege on a queen) are narrowed with ``data-pick`` buttons that change no
state, only which legal actions the cards complete. The hint and the analysis ask the exact
solver (``engine.chess_cards_solver``) about full positions, which every seat sees anyway; the
solver thinks ahead on the position a person is to act in (``ui.tables.chess_cards_solving``), so the
Hint answers at once and turns exact when the search is done.

The flow (bots thinking in slices, clicks, the result row) is ``ui.tables.base.GameTable``'s. When the
first game of a match ends the state is already dealing game 2: the table holds the result of
game 1 on screen (bots paused) until someone presses "Next game".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.chess_cards import Card, ChessCardsState, Play, parse_play
from engine.chess_cards_solver import analyze_steps
from ui.kit.dom import Node, classes, h, present
from ui.kit.i18n import N_, _, ngettext, pgettext, spliced
from ui.kit.timers import Job
from ui.tables import last_move, parts
from ui.tables.base import NEXT_GAME, GameTable
from ui.tables.chess_cards_look import (
    card_name,
    chip,
    describe,
    face,
    piece_name,
    play_chips,
    with_names,
)
from ui.tables.chess_cards_solving import LIGHT, Advice, Solving
from ui.tables.commands import Do, Pick, handles
from ui.tables.events import Event, Settled

#: Solver positions per slice for the analysis (tens of ms in the browser).
SOLVER_NODES = 2000


@dataclass
class Analysis:
    """Moves of one finished game compared with perfect play, filled in step by step."""

    status: str = "queued"  # queued, running, done, failed
    rows: list[dict[str, Any]] = field(default_factory=list)
    labels: list[int] = field(default_factory=list)
    error: str = ""
    done_steps: int = 0


class ChessCardsTable(GameTable):
    game_id = "chess-cards"
    short_title = N_("Chess Cards")
    #: Whether a finished game's analysis grades each turn against perfect play. A lesson's
    #: moves are the coach's, chosen to show a rule, not the person's: they are not graded.
    graded: ClassVar[bool] = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # GameTable's arguments
        super().__init__(*args, **kwargs)
        self.sac_mode = False
        self.sac_pick: str | None = None
        self.privilege = False
        self.solving = Solving(self.game, self.timers, self._solver_news)
        self.hint_open = False  # the person asked for the Hint in this position
        self.analyses: dict[int, Analysis] = {}
        self.analysis_job: Job | None = None
        self.analysis_queue: list[int] = []

    # -- flow ------------------------------------------------------------------------------

    def position(self) -> ChessCardsState:
        """The position on the table, for the solver: all cards are open, so the full state is
        exactly what every seat sees."""
        return self.flow.state  # type: ignore[return-value]

    def start(self) -> None:
        if not self.readonly:  # a saved match comes back with its finished games analysed again
            for number in range(1, self.flow.games_finished() + 1):
                self._analyse(number)
        super().start()  # drawn with the analyses under way

    def steps(self, number: int) -> list[tuple[ChessCardsState, int, Play]]:
        """The positions before each play of game ``number`` and the plays: what the analysis
        puts to the solver."""
        return [(before, seat, action)  # type: ignore[misc]
                for before, (seat, action) in zip(self.flow.states, self.flow.history, strict=False)
                if before.game_number == number]  # type: ignore[attr-defined]

    def played(self, before: Any, seat: int, action: Any) -> None:
        number = before.game_number
        if self.flow.games_finished() >= number:  # that play ended game ``number``
            self._analyse(number)

    def heard(self, event: Event) -> None:
        if isinstance(event, Settled):
            # The solver follows the position on the table, thinking ahead while a person is to act.
            self.solving.follow(self.position(), self._advice_wanted())
        super().heard(event)

    def _advice_wanted(self) -> bool:
        """Whether someone at the device is to act (then the solver thinks ahead for the Hint);
        a bot to act searches on its own."""
        return not (self.flow.state.is_over() or self.flow.paused or self.flow.error or self.readonly
                    or self.human_to_act() is None)

    def _solver_news(self) -> None:
        if self.hint_open:
            self.show()

    def changed(self) -> None:
        self.sac_mode, self.sac_pick, self.privilege = False, None, False
        self.hint_open = False  # the Hint belonged to the position before
        finished = self.flow.games_finished()
        for number in [n for n in self.analyses if n > finished]:  # taken back into that game
            del self.analyses[number]
        self.analysis_queue = [n for n in self.analysis_queue if n <= finished]

    # -- events ----------------------------------------------------------------------------

    def card_words(self, text: str) -> str:
        return with_names(text)

    def news(self, moves: Sequence[tuple[int, Any]], entries: Sequence[Mapping[str, Any]]) -> list[str]:
        # A lead waits on the table for its reply: a move still waiting there was a lead.
        leading = self.view().get("lead") is not None
        return [(pgettext("you", "Your move: {play}", play=describe(action, leading)) if parts.is_you(self, seat)
                 else _("{name}’s move: {play}", name=self.name(seat), play=describe(action, leading)))
                if isinstance(action, Play)
                else super().news([(seat, action)], ())[0] for seat, action in moves]

    def _hand_label(self, seat: int) -> str:
        """A hand's name for whoever reads it: "Your hand" to its reader, "Ann’s hand" otherwise."""
        return pgettext("you", "Your hand") if parts.is_you(self, seat) else _("{name}’s hand", name=self.name(seat))

    @handles("hint")
    def toggle_hint(self, command: Do) -> None:
        self.hint_open = not self.hint_open
        self.show()

    @handles("sacrifice")
    def toggle_sacrifice(self, pick: Pick) -> None:
        self.sac_mode = not self.sac_mode
        self.sac_pick = None
        self.show()

    @handles("sac")
    def pick_sacrifice(self, pick: Pick) -> None:
        self.sac_pick = None if self.sac_pick == pick.value else pick.value
        self.show()

    @handles("privilege")
    def toggle_privilege(self, pick: Pick) -> None:
        self.privilege = not self.privilege
        self.show()

    def _progress(self, number: int, analysis: Analysis) -> None:
        """Update only the progress line: a full redraw could swallow a click in flight."""
        line = self.root.querySelector(f'[data-testid=analysis][data-game="{number}"] .progress')
        if present(line):
            line.textContent = _progress_text(analysis)

    def _analyse(self, game_number: int) -> None:
        """Queue the comparison of a finished game's moves with perfect play."""
        if not self.graded:
            return
        self.analyses[game_number] = Analysis(
            labels=[_step_label(before) for before, _, _ in self.steps(game_number)])
        self.analysis_queue.append(game_number)
        self._next_analysis()

    def _next_analysis(self) -> None:
        """One analysis at a time, in solver slices between the game's own events."""
        if (self.analysis_job is not None and self.analysis_job.running) or not self.analysis_queue:
            return
        number = self.analysis_queue.pop(0)
        analysis = self.analyses[number]
        steps = self.steps(number)
        analysis.status = "running"

        def work() -> Any:
            rows: list[dict[str, Any]] = []
            for step in steps:  # one move at a time, so the panel can tell how far it got
                rows += yield from analyze_steps([step], SOLVER_NODES)
                analysis.done_steps += 1
                self._progress(number, analysis)
            return rows

        def done(rows: Any) -> None:
            analysis.rows, analysis.status = list(rows), "done"
            self.show()
            self._next_analysis()

        def failed(error: BaseException) -> None:
            print(f"five-checks: an analysis failed: {error!r}")  # for developers
            analysis.status, analysis.error = "failed", _("the solver met an error")
            self.show()
            self._next_analysis()

        self.analysis_job = self.timers.drive(work(), done, failed)

    # -- rendering -------------------------------------------------------------------------

    def render(self) -> list[Node]:
        view = self.view()
        over = view["result"] is not None
        paused = self.flow.paused
        board: list[Any]
        if paused:
            # The game just over stays on the table, its result under it, until the next deal.
            board = [self._final_position(view["finished"][-1]), self._interlude(view)]
        else:
            board = [
                self._result(view) if over else None,
                self._seat(view, 1 - self.bottom, top=True),
                self._centre(view, over),
                self._seat(view, self.bottom, top=False),
            ]
        side_game = view["finished"][-1] if (paused or over) and view["finished"] else None
        return [
            self.frame("cc", view, self._bar(view, over, paused),
                       h("div", {"class": "cc-layout"},
                         h("div", {"class": "cc-board"}, board),
                         h("aside", {"class": "cc-side", "aria-label": _("Score sheet")},
                           self._hint_box(view, over, paused),
                           self._sheet(view, side_game),
                           self._analyses(view),
                           self._legend()))),
        ]

    def _bar(self, view: dict[str, Any], over: bool, paused: bool) -> Node:
        games = view["games"]
        number = view["finished"][-1]["number"] if paused else view["game_number"]
        move = view["move_number"]
        if games > 1:
            where = (_("Game {number}/{games} · over", number=number, games=games) if paused else
                     _("Game {number}/{games}", number=number, games=games) if over else
                     _("Game {number}/{games} · Move {move}/10", number=number, games=games, move=move))
        else:
            where = (_("Single game · over") if paused else _("Single game") if over else
                     _("Single game · Move {move}/10", move=move))
        totals = view["totals"]
        human_to_act = not over and not paused and not self.flow.error and view["to_act"][0] not in self.flow.bots
        return self.bar(
            where,
            parts.score_pair(self,
                _("Match score") if games > 1 else _("Score"), totals,
                h("span", {"class": "cc-games", "data-testid": "game-scores"},
                  " · ".join(_("game {number}: {first} : {second}", number=game["number"],
                                 first=game["scores"][0], second=game["scores"][1])
                             for game in view["finished"]))
                if games > 1 and view["finished"] else None),
            h("button", {"type": "button", "class": "tool", "data-cmd": "hint",
                         "data-testid": "hint-button", "disabled": not human_to_act,
                         "aria-pressed": "true" if self.hint_open else "false"}, _("Hint"))
            if self.flow.bots.keys() != {0, 1} else None)

    # The board ---------------------------------------------------------------------------

    def _seat(self, view: dict[str, Any], seat: int, top: bool) -> Node:
        spec = self.seats[seat]
        to_act = not self.flow.error and seat in view["to_act"]
        chips = [
            h("span", {"class": "tag tag-dealer", "title": _("Dealer of this game")}, _("dealer"))
            if view["dealer"] == seat else None,
            h("span", {"class": "tag tag-init", "title": _("Holds the initiative: leads the next move")},
              _("★ initiative")) if view["leader"] == seat and view["phase"] != "over" else None,
            h("span", {"class": "tag tag-turn"},
              _("thinking…") if self.flow.thinking == seat else parts.turn_text(self, seat)) if to_act else None,
        ]
        head = h("div", {"class": "cc-seat-head"},
                 h("h2", {"class": "cc-name"}, h("span", {"data-testid": f"name-{seat}"}, self.name(seat))),
                 h("div", {"class": "cc-tags"}, chips))
        # A person's hand is drawn the same way whoever is to act, so each card keeps its element.
        body = self._hand(view, seat) if seat in self.humans else self._plain_hand(view, seat)
        return h("section", {
            "class": classes("cc-seat", top and "cc-seat-top", to_act and "cc-active",
                             spec.is_bot and "cc-bot"),
            "data-seat": seat,
            "aria-label": _("{name}: hand and piles", name=self.name(seat)),
        },
            head,
            body,
            self._piles(view, seat))

    def _plain_hand(self, view: dict[str, Any], seat: int) -> Node:
        """A hand nobody at this screen plays from (a bot's, or any hand in the replay viewer)."""
        hand = view["hands"][seat]
        if not hand:
            last = view["last_played"][seat]
            return h("div", {"class": "cc-hand cc-hand-empty", "data-testid": f"hand-{seat}"},
                     h("p", {"class": "cc-note"},
                       spliced(_("No cards left in hand: the last card played, {card} plays again"), card=chip(last))
                       if last else _("No cards left in hand.")))
        return h("div", {"class": "cc-hand", "role": "list", "data-testid": f"hand-{seat}",
                         "aria-label": self._hand_label(seat)},
                 [face(card, "div", {"role": "listitem"}) for card in hand])

    def _hand(self, view: dict[str, Any], seat: int) -> Node:
        """A person's hand, in one place whatever the phase: its prompt and two-step picks while
        they are to act, then every card as a ``button`` for its whole life in the hand (a legal
        play, a ``data-pick`` of a sacrifice, or a ``data-try`` that says why not)."""
        hand = view["hands"][seat]
        legal = () if self.flow.error else self.legal(seat)
        leading = view["phase"] == "lead"
        sacrificeable = sorted({str(a.sacrifice) for a in legal if a.sacrifice is not None},
                               key=lambda card: hand.index(card) if card in hand else 99)
        # The picks belong to the person to act: another person's hand (two at one screen)
        # leaves them alone.
        if legal and self.sac_pick not in sacrificeable:
            self.sac_pick = None
        if legal and not sacrificeable:
            self.sac_mode = False
        choosing_sacrifice = bool(legal) and self.sac_mode and self.sac_pick is None
        matching = [] if choosing_sacrifice else [
            a for a in legal if (str(a.sacrifice) if a.sacrifice is not None else None) == self.sac_pick]
        can_privilege = any(a.privilege for a in matching)
        privilege = self.privilege and can_privilege
        # The play each card completes under the current picks (privilege only when chosen).
        plays: dict[str, Any] = {}
        for action in matching:
            if action.privilege and not privilege:
                continue
            key = str(action.card)
            if key not in plays or action.privilege:
                plays[key] = action
        cards: list[Node | None] = [
            self._hand_card(seat, card, hand, legal, plays, sacrificeable, choosing_sacrifice, leading)
            for card in hand]
        if not hand:
            # Out of cards in hand: the last card played plays again (the engine offers it),
            # until the game is over (then it stays on show, played no more).
            last = view["last_played"][seat]
            again = next(iter(plays.values()), None)
            cards = [h("p", {"class": "cc-note"}, _("No cards left in hand: the last card played plays again.")
                       if last and view["result"] is None else _("No cards left in hand.")),
                     (self._play_button(again, leading, seat) if again is not None else
                      face(last, "button", {"type": "button", **parts.offer(last, False), "data-seat": seat}))
                     if last else None]
        return h("div", {"class": "cc-play"},
                 self._picks(sacrificeable, choosing_sacrifice, can_privilege, privilege, leading)
                 if legal else None,
                 h("div", {"class": classes("cc-hand", not hand and "cc-hand-empty"), "role": "group",
                           "data-testid": f"hand-{seat}", "data-keynav": True,
                           "aria-label": self._hand_label(seat)},
                   cards))

    def _hand_card(self, seat: int, card: str, hand: list[str], legal: tuple[Any, ...],
                   plays: dict[str, Any], sacrificeable: list[str], choosing_sacrifice: bool,
                   leading: bool) -> Node:
        """One card of a person's hand under the picks made so far (see ``_hand``). It names its
        seat, so that where two people share the screen a refused click says whose turn it is."""
        def button(attrs: dict[str, Any], *extra: Any) -> Node:
            return face(card, "button", {"type": "button", "data-seat": seat, **attrs}, *extra)

        if not legal:  # not their turn, or the game is over: a click says so
            return button(parts.offer(card, False))
        if choosing_sacrifice:
            if card in sacrificeable:
                return button({"data-pick": f"sac:{card}",
                               "aria-label": _("Sacrifice the {card}", card=card_name(card))}, "live", "pick")
            # Sacrificed, it would leave no legal play: the engine says why, for a play after it.
            other = next((kept for kept in hand if kept != card), card)
            return button({**parts.offer(f"({card}){other}", False),
                           "aria-label": _("{card}: cannot be sacrificed now", card=card_name(card))}, "dim")
        if card == self.sac_pick:
            return button({"data-pick": f"sac:{card}", "aria-pressed": "true",
                           "aria-label": _("Sacrificed: the {card} (press to choose another card)",
                                           card=card_name(card))},
                          "picked")
        if card in plays:
            return self._play_button(plays[card], leading, seat)
        tried = f"({self.sac_pick}){card}" if self.sac_pick else card
        return button({**parts.offer(tried, False),
                       "aria-label": _("{card}: cannot be played now", card=card_name(card))}, "dim")

    def _picks(self, sacrificeable: list[str], choosing_sacrifice: bool, can_privilege: bool,
               privilege: bool, leading: bool) -> list[Node | None]:
        """What the person to act is asked, and the optional first steps of a turn (a sacrifice,
        Queen's Privilege), said so that a first-time player sees what is selected and how to
        undo it."""
        if choosing_sacrifice:
            prompt: list[Any] = [h("b", None, _("Sacrifice, step 1 of 2:")), " ",
                                 _("pick the card to put out of the game.")]
        elif self.sac_pick:
            then = (_("the {card} leaves the game; now pick the card to lead.") if leading else
                    _("the {card} leaves the game; now pick the card to reply with."))
            prompt = [h("b", None, _("Sacrifice, step 2 of 2:")), " ",
                      spliced(then, card=chip(self.sac_pick, "chip-sac"))]
        elif leading:
            prompt = [_("Your lead: play any card.")]
        else:
            prompt = [_("Your reply: follow the led suit if you can, else match its piece.")]
        if privilege:
            prompt += [" ", _("Queen’s Privilege is on: a queen you lead (★) demands a queen in reply.")]
        buttons = []
        if sacrificeable:
            buttons.append(h("button", {
                "type": "button", "class": classes("toggle", self.sac_mode and "on"),
                "data-pick": "sacrifice", "aria-pressed": "true" if self.sac_mode else "false",
            }, _("Cancel the sacrifice") if self.sac_mode else _("Sacrifice a card…")))
        if can_privilege:
            buttons.append(h("button", {
                "type": "button", "class": classes("toggle", privilege and "on"),
                "data-pick": "privilege", "aria-pressed": "true" if privilege else "false",
            }, _("★ Queen’s Privilege: on") if privilege else _("★ Queen’s Privilege: off")))
        help_text: list[Any] = []
        if choosing_sacrifice:
            help_text.append(_("The card you pick is shown and set aside for good; each sacrifice adds 1 "
                               "to the multiplier of a mate you give later. Then you play as usual."))
        elif self.sac_pick:
            help_text.append(_("Press the ✕ card again to sacrifice another one, or cancel to keep it."))
        elif sacrificeable and can_privilege:
            help_text.append(_("Optional, before you play: a sacrifice puts one of your cards out of the game "
                               "(+1 to the multiplier of a mate you give later); Queen’s Privilege makes a "
                               "queen you lead demand a queen in reply."))
        elif sacrificeable:
            help_text.append(_("Optional, before you play: a sacrifice puts one of your cards out of the game "
                               "(+1 to the multiplier of a mate you give later)."))
        elif can_privilege:
            help_text.append(_("Optional, before you play: Queen’s Privilege makes a queen you lead demand "
                               "a queen in reply."))
        return [
            h("p", {"class": "cc-prompt", "data-testid": "prompt"}, prompt),
            h("div", {"class": "cc-controls", "data-testid": "picks"},
              buttons, h("p", {"class": "cc-help"}, help_text) if help_text else None)
            if buttons else None,
        ]

    def _play_button(self, action: Any, leading: bool, seat: int) -> Node:
        card = str(action.card)
        advice = self._advice()
        hinted = advice is not None and str(advice.play) == str(action)
        return face(card, "button", {
            "type": "button", "data-action": str(action), "data-seat": seat,
            "aria-label": describe(action, leading).capitalize(),
        }, "live", action.privilege and "privileged", hinted and "hinted")

    def _piles(self, view: dict[str, Any], seat: int) -> Node:
        played = view["played"][seat]
        sacrificed = view["sacrificed"][seat]
        return h("div", {"class": "cc-piles"},
                 h("div", {"class": "cc-pile"},
                   h("span", {"class": "cc-pile-label"}, _("Played")),
                   [chip(card, index == len(played) - 1 and "chip-last") for index, card in enumerate(played)]
                   or h("span", {"class": "cc-none"}, "—")),
                 h("div", {"class": "cc-pile"},
                   h("span", {"class": "cc-pile-label"}, _("Sacrificed")),
                   [chip(card, "chip-sac") for card in sacrificed] or h("span", {"class": "cc-none"}, "—"))
                 if view["options"]["sacrifice"] else None)

    def _centre(self, view: dict[str, Any], over: bool) -> Node:
        """The lead and the reply of the move in play (or of the move just finished)."""
        lead_seat, reply_seat = view["leader"], 1 - view["leader"]
        lead: Any = None
        reply: Any = None
        caption = _("Move {number}", number=view["move_number"])
        mate = False
        if view["lead"] is not None:
            lead = parse_play(view["lead"])
        elif over and view["finished"]:
            last_game = view["finished"][-1]["details"]
            if last_game["moves"]:
                last = last_game["moves"][-1]
                lead_seat, reply_seat = last["leader"], 1 - last["leader"]
                lead = parse_play(last["lead"])
                reply = None if last["reply"] is None else parse_play(last["reply"])
                mate = last["reply"] is None
                caption = _("Move {number} (last)", number=last["number"])
        elif view["log"]:
            last = view["log"][-1]
            lead_seat, reply_seat = last["leader"], 1 - last["leader"]
            lead = parse_play(last["lead"])
            reply = parse_play(last["reply"])
            caption = _("Move {number} (done)", number=last["number"])

        others = {action for _, action in last_move.last_moves(self)}

        def slot(role: str, label: str, seat: int, play: Any, waiting: str) -> Node:
            return h("div", {"class": classes("cc-slot", f"cc-slot-{role}"), "data-testid": role,
                             "data-last-move": play is not None and play in others},
                     h("span", {"class": "cc-slot-label"}, h("b", None, label),
                       h("span", None, self.name(seat))),
                     face(str(play.card), "div", None, "in-slot", play.privilege and "privileged")
                     if play is not None else h("div", {"class": "card card-empty"}, waiting),
                     h("span", {"class": "cc-slot-note"},
                       # One line each, and a space between them for whoever reads the text.
                       h("span", None, _("★ Queen’s Privilege")) if play is not None and play.privilege else None,
                       " " if play is not None and play.privilege and play.sacrifice is not None else None,
                       h("span", None, spliced(_("sacrificed {card}"), card=chip(str(play.sacrifice), "chip-sac")))
                       if play is not None and play.sacrifice is not None else None))

        return h("div", {"class": "cc-centre"},
                 h("p", {"class": "cc-caption"}, caption),
                 h("div", {"class": "cc-slots"},
                   slot("lead", _("Lead"), lead_seat, lead, _("to lead")),
                   slot("reply", _("Reply"), reply_seat, reply, _("mate") if mate else "…")),
                 h("p", {"class": "cc-note cc-mate-note"}, parts.term(self, "mate")) if mate else None,
                 h("p", {"class": "cc-status", "aria-live": "polite", "data-testid": "status"},
                   self._status(view, over, lead is not None and view["lead"] is not None)))

    def _status(self, view: dict[str, Any], over: bool, pending_lead: bool) -> str:
        if over:
            return _("The game is over.")
        return parts.to_act_line(self, view["to_act"][0], "reply" if pending_lead else "lead")

    # Results -----------------------------------------------------------------------------

    def _mate_lines(self, game: dict[str, Any], why: bool = True) -> list[Node]:
        """How ``game`` ended: why (``[data-testid=end-reason]``, with what a mate is; a plain
        line where ``why`` is false, as for the earlier game of a match), then a mate's score."""
        mate = game["details"]["mate"]
        note = parts.term(self, "mate") if mate is not None else ""
        reason = (parts.end_reason(self, game, note) if why else
                  h("p", {"class": "result-reason game-reason"}, parts.reason_text(self, game)))
        if mate is None:
            return [reason]
        value = mate["value"]
        multiplier = (_("{multiplier} (move {move} + {sacrifices} sacrificed)", multiplier=mate["multiplier"],
                        move=mate["move"], sacrifices=mate["sacrifices"]) if mate["sacrifices"] else
                      _("{multiplier} (move {move})", multiplier=mate["multiplier"], move=mate["move"]))
        return [
            reason,
            h("p", {"class": "cc-breakdown", "data-testid": "breakdown"},
              h("span", {"class": "factor"}, f"{value} ({piece_name(mate['card'])})"), " × ",
              h("span", {"class": "factor"}, multiplier),
              [" × ", h("span", {"class": "factor"}, _("{bonus} (overmate bonus)", bonus=mate["bonus"]))]
              if mate["overmate"] else None,
              # A mate scores 3 points at the least (a knight on move 1): English never says "1 point".
              " = ", h("strong", {"class": "cc-points"}, ngettext("{n} point", "{n} points", mate["score"]))),
        ]

    def _final_position(self, game: dict[str, Any]) -> Node | None:
        """A finished game as it ended (``details["end"]``): each seat's cards left, played and
        sacrificed, and the last move, the mate when there was one. Nothing here is playable."""
        details = game["details"]
        end = details.get("end")
        if end is None:
            return None
        moves = details["moves"]
        last = moves[-1] if moves else None

        def seat_row(seat: int) -> Node:
            ended = {"hands": end["hands"], "played": end["played"], "sacrificed": end["sacrificed"],
                     "last_played": [pile[-1] if pile else None for pile in end["played"]],
                     "options": self.view()["options"]}
            return h("section", {"class": classes("cc-seat", seat != self.bottom and "cc-seat-top"),
                                 "data-seat": seat, "aria-label": _("{name}: cards at the end", name=self.name(seat))},
                     h("div", {"class": "cc-seat-head"}, h("h2", {"class": "cc-name"}, self.name(seat))),
                     self._plain_hand(ended, seat), self._piles(ended, seat))

        centre = None
        if last is not None:
            lead, reply = parse_play(last["lead"]), last["reply"]
            mated = reply is None and details["mate"] is not None
            centre = h("div", {"class": "cc-centre"},
                       h("p", {"class": "cc-caption"}, _("Move {number} (last)", number=last["number"])),
                       h("div", {"class": "cc-slots"},
                         h("div", {"class": "cc-slot cc-slot-lead"},
                           h("span", {"class": "cc-slot-label"}, h("b", None, _("Lead")),
                             h("span", None, self.name(last["leader"]))),
                           face(str(lead.card), "div", None, "in-slot", lead.privilege and "privileged")),
                         h("div", {"class": "cc-slot cc-slot-reply"},
                           h("span", {"class": "cc-slot-label"}, h("b", None, _("Reply")),
                             h("span", None, self.name(1 - last["leader"]))),
                           face(str(parse_play(reply).card), "div", None, "in-slot") if reply is not None
                           else h("div", {"class": "card card-empty",
                                          "title": parts.term(self, "mate") if mated else None},
                                  _("mate") if mated else "—"))))
        return h("div", {"class": "cc-final", "data-testid": "final-position",
                         "aria-label": _("Game {number} as it ended", number=game["number"])},
                 seat_row(1 - self.bottom), centre, seat_row(self.bottom))

    def _interlude(self, view: dict[str, Any]) -> Node:
        """Game 1 of the match is over: its result, and the button that deals game 2."""
        game = view["finished"][-1]
        totals = view["totals"]
        return h("section", {"class": "cc-panel cc-interlude", "data-testid": "game-result",
                             "data-game": game["number"]},
                 h("h2", None, _("Game {number} of {games} is over", number=game["number"], games=view["games"])),
                 self._mate_lines(game),
                 h("p", None, spliced(_("Match score: {first} {first_score} : {second_score} {second}"),
                                    first=h("strong", None, self.name(0)), first_score=str(totals[0]),
                                    second_score=str(totals[1]), second=h("strong", None, self.name(1)))),
                 h("p", None, spliced(_("Game {number}: the hands are exchanged and {name} leads."),
                                    number=str(view["game_number"]),
                                    name=h("strong", None, self.name(view["leader"])))),
                 h("button", {"type": "button", "class": "primary", "data-action": NEXT_GAME,
                              "data-testid": NEXT_GAME, "autofocus": True},
                   _("Start game {number}", number=view["game_number"])))

    def _result(self, view: dict[str, Any]) -> Node:
        result = view["result"]
        totals = result["scores"]
        winners = result["winners"]
        match = len(view["finished"]) > 1
        headline = parts.headline(self, winners, _("match") if match and not winners else
                                 _("the match") if match else "")
        games = []
        for game in view["finished"]:
            games.append(h("div", {"class": "cc-result-game"},
                           h("h3", None, _("Game {number}", number=game["number"])) if match else None,
                           self._mate_lines(game, why=game is view["finished"][-1])))
        return parts.result_panel(
            self, headline + ".",
            # The score, once: the games below only show how each was won.
            h("p", {"class": "cc-final-score", "data-testid": "final-score"},
              spliced(_("Match total: {first}{score}{second}") if match else _("Score: {first}{score}{second}"),
                    first=h("span", None, self.name(0)), score=h("strong", None, f" {totals[0]} : {totals[1]} "),
                    second=h("span", None, self.name(1)))),
            games, css="cc-panel cc-result")

    # Side panel --------------------------------------------------------------------------

    def _advice(self) -> Advice | None:
        """What the open Hint shows: the best play known now (``Solving.advice``)."""
        if not self.hint_open or not self._advice_wanted():
            return None
        return self.solving.advice()

    def _hint_box(self, view: dict[str, Any], over: bool, paused: bool) -> Node | None:
        advice = self._advice()
        if advice is None:
            return None
        seat = view["to_act"][0]
        said = [play_chips(advice.play), " — ", describe(advice.play, view["phase"] == "lead")]
        if advice.exact:
            value = advice.value or 0
            name = self.name(seat)
            if value == 0:
                outcome = _("with best play from both sides this game is a draw")
            elif self.solo:
                outcome = (pgettext("you", "with best play from both sides you win this game by {points}",
                                    points=value) if value > 0 else
                           pgettext("you", "with best play from both sides you lose this game by {points}",
                                    points=-value))
            else:
                outcome = (_("with best play from both sides {name} wins this game by {points}",
                             name=name, points=value) if value > 0 else
                           _("with best play from both sides {name} loses this game by {points}",
                             name=name, points=-value))
            body: list[Any] = [h("strong", None, _("Best:")), " ", *said, "; ", outcome + "."]
            status = None
        else:
            body = [h("strong", None, _("Suggestion:")), " ", *said, "."]
            status = (self.solving.error or
                      (_("From a quick search that spends sacrifices only on a mate.")
                       if advice.source == LIGHT else _("A rule of thumb."))
                      + " " + _("The exact answer is on its way; you may play on meanwhile."))
        # Plays with a sacrifice or Queen's Privilege take two steps on the table: one click here.
        play_it = h("button", {"type": "button", "class": "tool", "data-testid": "play-hint",
                               "data-action": str(advice.play)}, _("Play it"))
        return h("section", {"class": "cc-panel cc-hint", "data-testid": "hint", "aria-live": "polite",
                             "data-advice": advice.source,
                             "aria-busy": "false" if advice.exact or self.solving.error else "true"},
                 h("h2", None, _("Hint")), h("p", None, body, " ", play_it),
                 h("p", {"class": "cc-muted", "data-testid": "hint-status"},
                   h("span", {"class": "thinking", "aria-hidden": "true"}) if not self.solving.error else None,
                   status) if status else None)

    def _sheet(self, view: dict[str, Any], finished: dict[str, Any] | None) -> Node:
        """The score sheet of the game on the table (or of the game just finished)."""
        if finished is not None:
            details = finished["details"]
            moves, mate, number = details["moves"], details["mate"], finished["number"]
            pending = None
        else:
            moves, mate, number = view["log"], None, view["game_number"]
            pending = view["lead"]
        rows = []
        others = {action for _, action in last_move.last_moves(self)}
        for move in moves:
            cells: list[Any] = [None, None]
            leader = move["leader"]
            is_mate = move["reply"] is None and mate is not None
            marks = mate["marks"] if is_mate else ""
            cells[leader] = h("td", {"class": "lead", "data-last-move": parse_play(move["lead"]) in others},
                              play_chips(parse_play(move["lead"]), marks),
                              h("span", {"class": "mate", "title": parts.term(self, "mate")}, " " + _("mate"))
                              if is_mate else None)
            cells[1 - leader] = h("td", {"data-last-move": move["reply"] is not None
                                                           and parse_play(move["reply"]) in others},
                                  play_chips(parse_play(move["reply"]))
                                  if move["reply"] is not None else "—")
            rows.append(h("tr", {"class": "mate-row" if is_mate else None},
                          h("th", {"scope": "row"}, move["number"]), cells))
        if pending is not None:
            cells = [h("td", None, "…"), h("td", None, "…")]
            cells[view["leader"]] = h("td", {"class": "lead", "data-last-move": parse_play(pending) in others},
                                      play_chips(parse_play(pending)))
            rows.append(h("tr", {"class": "pending"}, h("th", {"scope": "row"}, view["move_number"]), cells))
        if finished is not None and mate is None:
            rows.append(h("tr", None, h("td", {"colspan": "3", "class": "draw"}, pgettext("tie", "draw"))))
        if not rows:
            rows.append(h("tr", None, h("td", {"colspan": "3", "class": "cc-muted"}, _("No moves yet."))))
        return h("section", {"class": "cc-panel cc-sheet", "data-testid": "moves"},
                 h("h2", None, _("Moves · game {number}", number=number)),
                 self._moves_table(rows),
                 h("p", {"class": "cc-muted cc-small"},
                   _("Underlined: the lead. (x) a sacrifice, * Queen’s Privilege, ! one per overmate unit.")))

    def _moves_table(self, rows: list[Node], extra: str | None = None) -> Node:
        """A table of moves by number, one column per seat (the score sheet, the analysis)."""
        return h("table", {"class": classes("cc-moves", extra)},
                 h("thead", None, h("tr", None, h("th", {"scope": "col"}, "#"),
                                     h("th", {"scope": "col"}, self.name(0)),
                                     h("th", {"scope": "col"}, self.name(1)))),
                 h("tbody", None, rows))

    def _analyses(self, view: dict[str, Any]) -> list[Node]:
        if not self.graded:
            return [h("section", {"class": "cc-panel cc-analysis", "data-testid": "analysis", "data-status": "lesson"},
                      h("h2", None, _("Analysis")),
                      h("p", None, _("These were the lesson’s moves, chosen to show the rules, so they are not "
                                     "graded. After a real game, the analysis marks each turn against perfect play.")))
                    ] if view["finished"] else []
        out = []
        for number in sorted(self.analyses, reverse=True):
            if number > len(view["finished"]):
                continue
            analysis = self.analyses[number]
            body: list[Any]
            if analysis.status == "failed":
                body = [h("p", {"class": "cc-muted"}, _("The analysis stopped: {error}", error=analysis.error))]
            elif analysis.status in ("running", "queued"):
                body = [h("p", {"class": "cc-muted progress"}, _progress_text(analysis))]
            else:
                body = self._analysis_table(analysis)
            out.append(h("section", {"class": "cc-panel cc-analysis", "data-testid": "analysis",
                                     "data-game": number, "data-status": analysis.status},
                         h("h2", None, _("Analysis · game {number}", number=number)), body))
        return out

    def _analysis_table(self, analysis: Analysis) -> list[Node]:
        """The score sheet again, each turn marked against perfect play (loss and best move)."""
        lost = {0: 0, 1: 0}
        errors = {0: 0, 1: 0}
        by_move: dict[int, list[Any]] = {}
        for index, row in enumerate(analysis.rows):
            seat = int(row["seat"])
            loss = int(row.get("loss") or 0)
            if loss > 0:
                lost[seat] += loss
                errors[seat] += 1
            move = analysis.labels[index] if index < len(analysis.labels) else index // 2 + 1
            played = parse_play(row["action"])
            best = parse_play(row["best"])
            verdict = (h("span", {"class": "ok", "title": _("a best move")}, "✓") if loss <= 0 else
                       h("span", {"class": "verdict"},
                         spliced(_("{loss} best {play}"), loss=h("span", {"class": "loss"}, f"−{loss}"),
                               play=play_chips(best))))
            cells = by_move.setdefault(move, [None, None])
            cells[seat] = h("td", {"class": "cc-loss" if loss > 0 else None,
                                   "data-loss": loss, "data-seat": seat},
                            play_chips(played), " ", verdict)
        rows = [h("tr", None, h("th", {"scope": "row"}, move),
                  [cell or h("td", None, "—") for cell in cells])
                for move, cells in sorted(by_move.items())]
        summary = []
        for seat in (0, 1):
            if errors[seat]:
                # English says "points" even for one point given away; the plural forms are
                # there for the languages that count otherwise.
                given = ngettext("{n} points given away", "{n} points given away", lost[seat])
                summary.append(ngettext("{name}: {n} costly turn, {given}", "{name}: {n} costly turns, {given}",
                                        errors[seat], name=self.name(seat), given=given))
            else:
                summary.append(_("{name}: perfect play", name=self.name(seat)))
        return [h("p", {"data-testid": "analysis-summary"}, "; ".join(summary) + "."),
                self._moves_table(rows, "cc-analysis-table"),
                h("p", {"class": "cc-muted cc-small"},
                  _("✓ a best move. −n: this turn gave away n points of the game’s final score "
                    "against best play, which was the move shown."))]

    def _legend(self) -> Node:
        return h("details", {"class": "cc-panel cc-legend"},
                 h("summary", None, _("Cards and scores")),
                 h("p", None, spliced(_("Suits, highest first: {black} black, {red} red, {yellow} yellow, "
                                      "{white} white."),
                                    black=chip("bQ"), red=chip("rQ"), yellow=chip("yQ"), white=chip("wQ"))),
                 h("p", None, spliced(_("Pieces, highest first, with their mate values: {queen} queen {queen_value}, "
                                      "{rook} rook {rook_value}, {bishop} bishop {bishop_value}, "
                                      "{knight} knight {knight_value}, {pawn} pawn {pawn_value}."),
                                    **{name: chip(f"b{piece}") for piece, name in _PIECES.items()},
                                    **{f"{name}_value": str(Card.parse("b" + piece).piece.value)
                                       for piece, name in _PIECES.items()})))


#: The pieces, highest first, by the names of their places in the legend's sentence.
_PIECES = {"Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}
def _progress_text(analysis: Analysis) -> str:
    if analysis.status == "queued":
        return _("Waiting for the analysis of the other game…")
    return _("Comparing every turn with perfect play: {done} of {total} done. The first turns take the "
             "solver longest.", done=analysis.done_steps, total=len(analysis.labels))


def _step_label(before: ChessCardsState) -> int:
    """The move a turn belongs to (its lead and reply share the number)."""
    return before.move_number
