"""Check! (v2.0), for 2 to 6 seats: a memory game of low hands, real-time matching and abilities.

Rules in brief (the project's rules page is ``docs/rules/check.md``):

* Lobby: seat 0 is the Game Master; the other seats join one by one in seat order (ruling 1: join
  order is seat order), then the Game Master starts and the lobby is locked. Each seat gets four
  face-down cards in a 2x2 grid (slots 0 1 on top, 2 3 at the bottom) and looks at its bottom row
  once; a seat confirms (``ready``) when it has looked.
* A turn: draw from the draw pile (then put the card in a slot, discarding the slot's card, or
  discard it) or take the discard pile's top card into a slot (never a King, Queen or Jack, never
  from a sealed pile). Or, at the very start of the turn, call Check.
* Every discard opens a matching window: every unlocked seat may play a card of the same rank
  at once, or pass; the ``CLOCK`` seat closes it when the timer runs out. The first right card
  wins and seals the pile until the next player's turn begins (ruling 10: that player may take
  the matched card); a wrong card is shown to all, goes back, and costs a penalty card.
* A discarded King (peek two, then swap two cards), Queen (peek one, then swap) or Jack (swap)
  gives its discarder an ability after the window; a matched special adds the matcher's on top
  (last in, first out). Locked seats' cards cannot be targeted; a locked owner's ability fizzles.
* Calling Check (or emptying one's grid by a match) locks the seat; every other unlocked seat
  takes one final turn. Lowest total wins (A -1, 2-10 face value, J 11, Q 12, K 13); ties share.

Positions are ``(seat, slot)``; a matched card leaves a hole at its slot and a penalty card goes
to a new slot at the end, so positions stay stable while grids grow and shrink.

Stacked deck (``deck=``): the 52 cards (read by ``PlayingCard.parse``) from the top of the
face-down pile. At the start seat 0 gets ``deck[0:4]`` in slots 0..3, seat 1 ``deck[4:8]`` and
so on; the rest is the draw pile, ``deck[4 * players]`` on top. ``stacked_deck(grids, draws)``
writes such a deck from the grids and the first draws.

Cards are the shared standard deck's (``engine.playing_cards.PlayingCard``, no Jokers), written
rank then suit: ``AS``, ``7C``, ``10H``, ``KD`` (``T``, lower case and suit signs are read too).
A card's worth and its ability are lookups beside the rules (``value``, ``is_special``, ``PEEKS``).

The log (``view(seat)["log"]``) is a list of objects: ``kind`` (what happened: ``join``, ``draw``,
``match``, ``miss``, ``swap``...), ``seat`` (who did it, ``None`` for the clock or the rules),
``text`` (an English template with ``{0}``, ``{1}``... where the seats' names go, for logs and
tests), ``seats`` (the seats the template names) and ``parts`` (what else the line names, as data:
cards by notation, a slot by its number from 1, which step was skipped...), so that a table
words it whole in its reader's language from ``kind``, ``seats`` and ``parts`` alone.

Notation of actions: ``join``, ``start``, ``ready``, ``draw``, ``take 2`` (the discard top into
slot 2), ``check``, ``replace 2`` (the drawn card into slot 2), ``discard``, ``match 2``,
``pass``, ``timeout`` (the clock), ``peek 1.3`` (seat 1's slot 3), ``swap 0.2 1.3``, ``skip``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ClassVar

from engine import (
    CLOCK,
    Action,
    EngineError,
    Game,
    IllegalAction,
    InvalidNotation,
    Option,
    Reason,
    Result,
    SetupError,
    State,
)
from engine.core import N_, NOT_A_DECK, Verb, deal_order, evolve, hash_once, log_reader, with_seat
from engine.playing_cards import ACE, JACK, KING, QUEEN, RANK_WORDS, STANDARD, PlayingCard

# --- Cards -------------------------------------------------------------------------------------

#: The game is played with the 52 cards of the shared standard deck (no Jokers).
CARDS: tuple[PlayingCard, ...] = STANDARD
#: Section 4: Ace -1, number cards face value, Jack 11, Queen 12, King 13; by card index, since
#: the bots' searches score hands constantly.
_VALUES: tuple[int, ...] = tuple(-1 if card.rank == ACE else card.rank for card in CARDS)
#: Section 8: how many cards each special card's ability peeks at, by rank (all three may swap).
PEEKS = {KING: 2, QUEEN: 1, JACK: 0}
GAME_MASTER = 0
#: The end_reason of a round that ended the usual way, after the caller's Check.
FINAL_TURNS_OVER = "the final turns are over"
#: The other ways a round ends (section 11.B), each the id of its end as ``end_reason`` holds it.
NO_CARD_TO_DRAW = "the draw pile is empty when a card must be drawn"
NO_PENALTY_CARD = "the draw pile is empty when a penalty card is due"
#: The key of the round's result reason (``Reason.keyed``).
ROUND_OVER = "check: round over"
BOTTOM_ROW = (2, 3)
#: A peek asked for once an ability's peeks are used up, by the ability's rank (a template each).
PEEKS_DONE = {rank: f"the {RANK_WORDS[rank]}'s peeks are done (or skipped): swap or skip" for rank in PEEKS}

Pos = tuple[int, int]


def value(card: PlayingCard) -> int:
    """What ``card`` counts in a grid's total (lowest total wins)."""
    return _VALUES[card.index]


def is_special(card: PlayingCard) -> bool:
    """A King, Queen or Jack: its discard gives an ability, and it cannot be taken back."""
    return card.rank in PEEKS


def pos_text(pos: Pos) -> str:
    return f"{pos[0]}.{pos[1]}"


#: The notation of the places a grid usually has (every view names them all).
_POS_TEXTS = {(seat, slot): pos_text((seat, slot)) for seat in range(6) for slot in range(8)}


# --- Actions -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Join(Verb, verb="join"):
    """The next seat in order takes its place in the lobby."""


@dataclass(frozen=True)
class Start(Verb, verb="start"):
    """The Game Master closes the lobby and deals."""


@dataclass(frozen=True)
class Ready(Verb, verb="ready"):
    """The seat has looked at its bottom row (section 5.4)."""


@dataclass(frozen=True)
class DrawPile(Verb, verb="draw"):
    """Draw the top card of the draw pile."""


@dataclass(frozen=True)
class TakeDiscard(Verb, verb="take"):
    """Take the discard pile's top card into ``slot``; the slot's card is discarded."""

    slot: int


@dataclass(frozen=True)
class CallCheck(Verb, verb="check"):
    """Call Check: this is the whole turn, and the Final Turns begin."""


@dataclass(frozen=True)
class Replace(Verb, verb="replace"):
    """Put the drawn card face down in ``slot`` and discard the slot's card (Option A)."""

    slot: int


@dataclass(frozen=True)
class DiscardDrawn(Verb, verb="discard"):
    """Discard the drawn card (Option B)."""


@dataclass(frozen=True)
class Match(Verb, verb="match"):
    """Lay the card in ``slot`` on the discard of the matching window."""

    slot: int


@dataclass(frozen=True)
class Pass(Verb, verb="pass"):
    """Decline to match in this window."""


@dataclass(frozen=True)
class Timeout(Verb, verb="timeout"):
    """The matching window's timer ran out (played by the ``CLOCK`` seat)."""


@dataclass(frozen=True)
class Peek(Verb, verb="peek"):
    """Look at the card at ``target``: a Queen's or a King's power."""

    target: Pos

    def arguments(self) -> tuple[object, ...]:
        return (pos_text(self.target),)


@dataclass(frozen=True)
class Exchange(Verb, verb="swap"):
    """A blind swap of two cards' positions; ``first < second`` so each pair has one notation."""

    first: Pos
    second: Pos

    def arguments(self) -> tuple[object, ...]:
        return (pos_text(self.first), pos_text(self.second))


@dataclass(frozen=True)
class Skip(Verb, verb="skip"):
    """Skip the rest of the peek stage, or the swap stage (section 8.A)."""


_SIMPLE = {str(kind()): kind() for kind in (Join, Start, Ready, DrawPile, CallCheck, DiscardDrawn,
                                            Pass, Timeout, Skip)}
_SLOT_ACTIONS = {"take": TakeDiscard, "replace": Replace, "match": Match}
_POS = r"(\d+)\.(\d+)"
_SLOT_RE = re.compile(r"^(take|replace|match)\s+(\d+)$")
_PEEK_RE = re.compile(rf"^peek\s+{_POS}$")
_SWAP_RE = re.compile(rf"^swap\s+{_POS}\s+{_POS}$")


# --- State -------------------------------------------------------------------------------------


class Phase(StrEnum):
    LOBBY = "lobby"
    PEEK = "peek"
    TURN = "turn"
    DRAWN = "drawn"
    MATCHING = "matching"
    ABILITY = "ability"
    OVER = "over"


#: Why an action that is not of the stage is refused, by stage (the reasons' templates).
STAGE_REFUSALS = {
    Phase.LOBBY: "the lobby is open: seats join, then the Game Master starts",
    Phase.PEEK: "seats are looking at their bottom row",
    Phase.TURN: "the turn starts with a draw (or a Check call)",
    Phase.DRAWN: "the drawn card must go into a slot or onto the discard pile",
    Phase.MATCHING: "a matching stage is open: match or pass",
}


@dataclass(frozen=True)
class Window:
    """An open matching stage (section 7): the card to match, who discarded it, who passed."""

    card: PlayingCard
    discarder: int
    passed: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Ability:
    """A special card's ability waiting on (or resolving at the top of) the stack."""

    owner: int
    card: PlayingCard
    peeks_left: int
    peeked: tuple[Pos, ...] = ()


#: One seat's memory: (owner seat, slot, turn number when learned) for every card it knows.
Knowledge = frozenset[tuple[int, int, int]]


@dataclass(frozen=True)
class LogEntry:
    """One thing that happened, as the log shows it to everyone (see the module docstring)."""

    kind: str
    seat: int | None
    text: str
    seats: tuple[int, ...] = ()
    #: What the line names besides seats, as (name, JSON value) pairs (a dict is not hashable).
    parts: tuple[tuple[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "text": self.text, "seats": list(self.seats),
                "parts": dict(self.parts)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LogEntry:
        return cls(str(data["kind"]), data["seat"], str(data["text"]), tuple(data["seats"]),
                   tuple(dict(data.get("parts") or {}).items()))


#: Reads a view's log back (``from_view``), the last log read remembered (``log_reader``).
_read_log = log_reader(LogEntry.from_dict, LogEntry.to_dict)


@hash_once
@dataclass(frozen=True)
class CheckState(State):
    phase: Phase
    joined: frozenset[int]
    ready: frozenset[int]
    grids: tuple[tuple[PlayingCard | None, ...], ...]
    draw_pile: tuple[PlayingCard, ...]  # index 0 is the top
    discard: tuple[PlayingCard, ...]  # the last card is the top
    #: Set by a successful match; lifted when the next turn begins (ruling 10).
    sealed: bool
    turn: int
    turns: int  # turns begun so far; dates what a seat learned
    drawn: PlayingCard | None
    window: Window | None
    stack: tuple[Ability, ...]
    locked: frozenset[int]
    caller: int | None
    #: None before anyone calls Check; then the seats still owed a final turn, in order.
    final_queue: tuple[int, ...] | None
    knowledge: tuple[Knowledge, ...]
    last_try: tuple[int, int, PlayingCard] | None  # a failed match's (seat, slot, card), shown to all
    reshuffles: int
    end_reason: str
    log: tuple[LogEntry, ...]

    #: Who acts, their legal actions, who knows each card (``_seen``) and the hash
    #: (``hash_once``), worked out once per state; ``evolve`` drops them.
    caches: ClassVar[tuple[str, ...]] = ("_to_act_cache", "_legal_cache", "_seen_cache", "_hash_cache")

    # -- the contract --

    def to_act(self) -> tuple[int, ...]:
        # Worked out once per state: every apply, legal_actions and view asks for it.
        cached: tuple[int, ...] | None = self.__dict__.get("_to_act_cache")
        if cached is None:
            cached = self.__dict__["_to_act_cache"] = self._seats_to_act()
        return cached

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        # Worked out once per state and seat: ``apply`` checks the action against them, and
        # tests and bots ask for them again and again.
        if not isinstance(seat, int):
            return self._legal(seat)
        known: dict[int, tuple[Action, ...]] | None = self.__dict__.get("_legal_cache")
        if known is None:
            known = self.__dict__["_legal_cache"] = {}
        actions = known.get(seat)
        if actions is None:
            actions = known[seat] = self._legal(seat)
        return actions

    def _seats_to_act(self) -> tuple[int, ...]:
        if self.phase is Phase.LOBBY:
            joiner = self.next_joiner()
            return (GAME_MASTER,) if joiner is None else (joiner,)
        if self.phase is Phase.PEEK:
            return tuple(seat for seat in range(self.players) if seat not in self.ready)
        if self.phase in (Phase.TURN, Phase.DRAWN):
            return (self.turn,)
        if self.phase is Phase.MATCHING:
            return (*self.matchers(), CLOCK)
        if self.phase is Phase.ABILITY:
            return (self.stack[-1].owner,)
        return ()

    def _legal(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        phase = self.phase
        if phase is Phase.LOBBY:
            return (Start(),) if seat == GAME_MASTER and len(self.joined) == self.players else (Join(),)
        if phase is Phase.PEEK:
            return (Ready(),)
        if phase is Phase.TURN:
            actions: list[Action] = [DrawPile()]
            if self.can_take_discard():
                actions += [TakeDiscard(slot) for slot in self.slots(seat)]
            if self.final_queue is None:
                actions.append(CallCheck())
            return tuple(actions)
        if phase is Phase.DRAWN:
            return (*(Replace(slot) for slot in self.slots(seat)), DiscardDrawn())
        if phase is Phase.MATCHING:
            if seat == CLOCK:
                return (Timeout(),)
            return (*(Match(slot) for slot in self.slots(seat)), Pass())
        if phase is Phase.ABILITY:
            ability = self.stack[-1]
            targets = self.targets()
            if ability.peeks_left:
                return (*(Peek(pos) for pos in targets if pos not in ability.peeked), Skip())
            pairs = [Exchange(a, b) for i, a in enumerate(targets) for b in targets[i + 1:]]
            return (*pairs, Skip())
        return ()

    def apply(self, seat: int, action: Action | str) -> CheckState:
        """As ``State.apply``; a seat that may not act now is told why (locked, passed...)."""
        if isinstance(action, str):
            action = self.game.parse_action(self, action)
        if not self.is_over() and seat not in self.to_act():
            reason = self._why_not_now(seat, action)
            if reason:
                raise IllegalAction(f"illegal action {str(action)!r} by seat {seat}: {reason}", reason)
        after = super().apply(seat, action)
        if not isinstance(after, CheckState):  # _apply makes CheckStates only
            raise EngineError(f"check: a move made a {type(after).__name__}")
        return after

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        scores = self.scores()
        best = min(scores)
        winners = tuple(seat for seat, score in enumerate(scores) if score == best)
        return Result(scores, winners, self.final_reason(scores, winners))

    def final_reason(self, scores: tuple[int, ...], winners: tuple[int, ...]) -> Reason:
        """Why the round ended (``end_reason``, with who called Check), the totals compared and
        who holds the lowest."""
        parts: dict[str, Any] = {"best": min(scores)}
        if self.end_reason == FINAL_TURNS_OVER and self.caller is not None:
            how = "{seat_caller} called Check and every other player took one final turn"
            parts["seat_caller"] = self.caller
        else:
            how = f"the round ends at once: {self.end_reason}"
        totals = ", ".join(f"{{seat_t{seat}}} {{total_{seat}}}" for seat in range(self.players))
        for seat, score in enumerate(scores):
            parts[f"seat_t{seat}"] = seat
            parts[f"total_{seat}"] = score
        if len(winners) == 1:
            lowest = "{seat_w0} {has|have@seat_w0} the lowest, {best}"
        else:
            names = [f"{{seat_w{index}}}" for index in range(len(winners))]
            lowest = f"{', '.join(names[:-1])} and {names[-1]} share the lowest, {{best}}"
        for index, seat in enumerate(winners):
            parts[f"seat_w{index}"] = seat
        # Its English varies with the seats and the winners: readers know it by its key, and
        # its parts say it all (``ending``: which end, ``players``: how many totals).
        return Reason.keyed(ROUND_OVER, f"{how}; the totals are {totals}, and {lowest}",
                            ending=self.end_reason, players=self.players, **parts)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know. Each grid place is ``None`` (a hole) or ``pos`` (its notation),
        ``card`` (the card if the seat knows it, else ``None``), ``up`` (whether it lies face up
        for the seat now: known cards stay face down, it is a memory game) and ``seen`` (who knows
        it, since which turn). ``ability`` is the decision pending on top of the stack."""
        over = self.is_over()
        viewer = seat if seat is not None and 0 <= seat < self.players else None
        seen = self._seen()
        mine = set() if viewer is None else {(owner, slot) for owner, slot, _when in self.knowledge[viewer]}
        # Which places lie face up, worked out once for the whole view (``None``: all of them).
        shown = self.face_up_places(viewer)
        grids: list[list[dict[str, Any] | None]] = []
        hand_sizes: list[int] = []
        for owner, grid in enumerate(self.grids):
            cells: list[dict[str, Any] | None] = []
            held = 0
            for slot, card in enumerate(grid):
                if card is None:
                    cells.append(None)
                    continue
                held += 1
                pos = (owner, slot)
                up = shown is None or pos in shown
                cells.append({
                    "pos": _POS_TEXTS.get(pos) or pos_text(pos),
                    "card": str(card) if up or pos in mine else None,
                    "up": up,
                    "seen": [*map(list, seen.get(pos, ()))],
                })
            grids.append(cells)
            hand_sizes.append(held)
        window = None
        if self.window is not None:
            window = {
                "card": str(self.window.card),
                "discarder": self.window.discarder,
                "passed": sorted(self.window.passed),
                "matchers": list(self.matchers()),
            }
        stack = [
            {"owner": a.owner, "card": str(a.card), "peeks_left": a.peeks_left,
             "peeked": [list(pos) for pos in a.peeked]}
            for a in self.stack
        ]
        result = self.result()
        return {
            **self.view_head(viewer),
            "to_act": list(self.to_act()),
            "phase": self.phase.value,
            "game_master": GAME_MASTER,
            "joined": sorted(self.joined),
            "ready": sorted(self.ready),
            "turn": self.turn,
            "turns": self.turns,
            "grids": grids,
            "hand_sizes": hand_sizes,
            "draw_count": len(self.draw_pile),
            "discard_top": str(self.discard[-1]) if self.discard else None,
            "discard_count": len(self.discard),
            "sealed": self.sealed,
            "holding": self.drawn is not None,
            "drawn": str(self.drawn) if self.drawn is not None and (viewer == self.turn or over) else None,
            "window": window,
            "stack": stack,
            "ability": stack[-1] if stack and self.phase is Phase.ABILITY else None,
            "locked": sorted(self.locked),
            "caller": self.caller,
            "final_queue": None if self.final_queue is None else list(self.final_queue),
            "last_try": None if self.last_try is None else [*self.last_try[:2], str(self.last_try[2])],
            "reshuffles": self.reshuffles,
            "log": [entry.to_dict() for entry in self.log],
            "scores": list(self.scores()) if over else None,
            "result": None if result is None else result.to_dict(),
            "end_reason": self.end_reason,
        }

    def zones(self) -> dict[str, tuple[str, ...]]:
        zones = {
            "draw": tuple(map(str, self.draw_pile)),
            "discard": tuple(map(str, self.discard)),
            "drawn": () if self.drawn is None else (str(self.drawn),),
        }
        for seat, grid in enumerate(self.grids):
            zones[f"grid{seat}"] = tuple(str(card) for card in grid if card is not None)
        return zones

    # -- reading the state --

    def _seen(self) -> dict[Pos, tuple[tuple[int, int], ...]]:
        """Who knows the card at each place, since which turn (as ``seen_by`` lists them):
        gathered from every seat's memory once per state, since every view shows it."""
        cached: dict[Pos, tuple[tuple[int, int], ...]] | None = self.__dict__.get("_seen_cache")
        if cached is None:
            gathered: dict[Pos, list[tuple[int, int]]] = {}
            for who, known in enumerate(self.knowledge):
                for owner, slot, when in known:
                    gathered.setdefault((owner, slot), []).append((who, when))
            cached = {pos: tuple(pairs) for pos, pairs in gathered.items()}
            self.__dict__["_seen_cache"] = cached  # a frozen state: its fields never change
        return cached

    def slots(self, seat: int) -> tuple[int, ...]:
        """The slots of ``seat``'s grid that hold a card."""
        if not 0 <= seat < len(self.grids):
            return ()
        return tuple([slot for slot, card in enumerate(self.grids[seat]) if card is not None])

    def hand_size(self, seat: int) -> int:
        return len(self.slots(seat))

    def next_joiner(self) -> int | None:
        """The seat whose join the lobby accepts now (ruling 1: join order is seat order)."""
        return next((seat for seat in range(self.players) if seat not in self.joined), None)

    def face_up(self, viewer: int | None, pos: Pos) -> bool:
        """Whether the card at ``pos`` lies face up for ``viewer`` now (``face_up_places``)."""
        shown = self.face_up_places(viewer)
        return shown is None or pos in shown

    def face_up_places(self, viewer: int | None) -> set[Pos] | None:
        """The places whose card lies face up for ``viewer`` now (``None``: every place, the
        final reveal). Cards lie face down but in the moments the rules show them: the final
        reveal, a card tried in a failed match (to everyone, ruling 5), the viewer's bottom row
        until they are ready (section 5.4, ruling 8), and the cards the viewer's ability has
        peeked at (section 8.A)."""
        if self.is_over():
            return None
        shown: set[Pos] = set()
        if self.last_try is not None:
            shown.add((self.last_try[0], self.last_try[1]))
        if viewer is None:
            return shown
        if self.phase is Phase.PEEK:
            if viewer not in self.ready:
                shown.update((viewer, slot) for slot in BOTTOM_ROW)
        elif self.phase is Phase.ABILITY and self.stack and self.stack[-1].owner == viewer:
            shown.update(self.stack[-1].peeked)
        return shown

    def scores(self) -> tuple[int, ...]:
        return tuple(sum(value(card) for card in grid if card is not None) for grid in self.grids)

    def matchers(self) -> tuple[int, ...]:
        """Seats that may still act in the open matching window (section 7: unlocked, not passed)."""
        if self.window is None:
            return ()
        return tuple(
            seat for seat in range(self.players)
            if seat not in self.locked and seat not in self.window.passed
        )

    def targets(self) -> tuple[Pos, ...]:
        """Cards an ability may peek at or swap: every card but locked seats' (section 9.D)."""
        return tuple(
            (seat, slot) for seat in range(self.players) if seat not in self.locked
            for slot in self.slots(seat)
        )

    def can_take_discard(self) -> bool:
        """Section 6.A, action 2: a card is there, the pile is not sealed, and it is no K/Q/J."""
        return bool(self.discard) and not self.sealed and not is_special(self.discard[-1])

    def knows(self, seat: int, pos: Pos) -> bool:
        return any((owner, slot) == pos for owner, slot, _ in self.knowledge[seat])

    def seen_by(self, pos: Pos) -> list[tuple[int, int]]:
        """(seat, turn learned) of every seat that knows the card at ``pos``."""
        return [
            (seat, when) for seat, known in enumerate(self.knowledge)
            for owner, slot, when in known if (owner, slot) == pos
        ]

    def cards_left_to_draw(self) -> int:
        """Cards a draw can reach: the draw pile, or the discards under the top (section 11.A)."""
        return len(self.draw_pile) + max(0, len(self.discard) - 1)

    # -- refusals --

    def _why_not_now(self, seat: int, action: Action) -> str:
        if self.phase is not Phase.LOBBY and isinstance(action, Join):
            return Reason("the lobby is locked: the game has started")
        if isinstance(action, Join):
            return self._why_not_join(seat)
        if isinstance(action, Start) and seat != GAME_MASTER:
            return Reason("only the Game Master (seat 0) starts the game")
        if isinstance(action, Start) and self.phase is Phase.LOBBY:
            return Reason("every seat must join before the Game Master starts")
        if seat in self.locked:
            return Reason("{seat} {is|are} locked and {takes|take} no more actions", seat=seat)
        if self.window is not None and seat in self.window.passed:
            return Reason("that seat has passed: a pass is final for this matching stage")
        if isinstance(action, Timeout):
            return Reason("no matching stage is open for the clock to close")
        return ""

    def _why_not_join(self, seat: int) -> str:
        """Ruling 1: the lobby accepts the next seat's join only, so join order is seat order."""
        if not 0 <= seat < self.players:
            return Reason("the table has no {seat}", seat=seat)
        if seat in self.joined:
            return Reason("{seat} {has|have} already joined", seat=seat)
        return Reason("seats join in seat order: {seat_next} joins next", seat_next=self.next_joiner())

    def why_illegal(self, seat: int, action: Any) -> str:
        phase = self.phase
        if isinstance(action, Start) and seat != GAME_MASTER:
            return Reason("only the Game Master (seat 0) starts the game")
        if isinstance(action, Join) and phase is not Phase.LOBBY:
            return Reason("the lobby is locked: the game has started")
        if isinstance(action, Join):
            return self._why_not_join(seat)
        if isinstance(action, TakeDiscard) and phase is Phase.TURN:
            if not self.discard:
                return Reason("the discard pile is empty")
            if self.sealed:  # never at the start of a turn, where the seal lifts (ruling 10)
                return Reason("the discard pile is sealed by a match: draw from the draw pile")
            if is_special(self.discard[-1]):
                return Reason("a King, Queen or Jack ({card}) cannot be taken from the discard pile",
                              card=str(self.discard[-1]))
            return Reason("slot {slot} of {seat} holds no card", slot=action.slot, seat=seat)
        if isinstance(action, CallCheck):
            if self.final_queue is not None:
                return Reason("Check cannot be called once the Final Turns have begun")
            return Reason("Check is called only at the start of a turn, before drawing")
        if isinstance(action, (Replace, Match)) and phase in (Phase.DRAWN, Phase.MATCHING):
            return Reason("slot {slot} of {seat} holds no card", slot=action.slot, seat=seat)
        if isinstance(action, (Peek, Exchange)) and phase is Phase.ABILITY:
            ability = self.stack[-1]
            positions = (action.target,) if isinstance(action, Peek) else (action.first, action.second)
            for pos in positions:
                if pos[0] in self.locked:
                    return Reason("{seat_locked} is locked: its cards cannot be targeted", seat_locked=pos[0])
                if not 0 <= pos[0] < self.players or pos[1] not in self.slots(pos[0]):
                    return Reason("there is no card at {position}", position=pos_text(pos))
            if isinstance(action, Peek):
                if not ability.peeks_left:
                    return Reason(PEEKS_DONE[ability.card.rank])
                return Reason("{position} was already peeked at with this ability", position=pos_text(action.target))
            if ability.peeks_left:
                return Reason("peek first, or skip the peek to go on to the swap")
            return Reason("a swap needs two different cards, written lower position first")
        if phase is Phase.ABILITY:
            return Reason("the {card} ability is resolving", card=str(self.stack[-1].card) if self.stack else "")
        return Reason(STAGE_REFUSALS.get(phase, "the rules do not allow it here"))

    # -- applying --

    def _apply(self, seat: int, action: Action) -> CheckState:
        state = evolve(self, history=self.history + ((seat, action),))
        return state._play(seat, action)

    def _play(self, seat: int, action: Action) -> CheckState:
        if isinstance(action, Join):
            return evolve(self, joined=self.joined | {seat}).logged("join", "{0} joined the table", seat)
        if isinstance(action, Start):
            return self._deal()
        if isinstance(action, Ready):
            state = evolve(self, ready=self.ready | {seat})
            if len(state.ready) == self.players:
                return state.logged("looked", "Everyone has looked at their bottom row")._begin_turn(GAME_MASTER)
            return state
        if isinstance(action, CallCheck):
            state = evolve(self, locked=self.locked | {seat}, caller=seat)
            state = state.logged("check", "{0} called Check!", seat)
            return state._start_final_turns(seat)._next_turn()
        if isinstance(action, DrawPile):
            state, card = self._draw_card()
            if card is None:
                return state._end(NO_CARD_TO_DRAW)
            return evolve(state, phase=Phase.DRAWN, drawn=card).logged(
                "draw", "{0} drew from the draw pile", seat)
        if isinstance(action, TakeDiscard):
            taken, old = self.discard[-1], self._card_at((seat, action.slot))
            state = evolve(self, discard=self.discard[:-1], grids=self._put(seat, action.slot, taken))
            # The taken card was face up on the pile: every seat knows where it went.
            state = state._learn_all((seat, action.slot))
            state = state.logged(
                "take", f"{{0}} took {taken} into card {action.slot + 1} and discarded {old}", seat,
                card=str(taken), slot=action.slot + 1, discarded=str(old))
            return state._discard(old, seat)
        if isinstance(action, Replace):
            old, drawn = self._card_at((seat, action.slot)), self._held()
            state = evolve(self, drawn=None, grids=self._put(seat, action.slot, drawn))
            state = state._forget((seat, action.slot))._learn(seat, (seat, action.slot))
            state = state.logged(
                "replace", f"{{0}} swapped the drawn card into card {action.slot + 1} and discarded {old}", seat,
                slot=action.slot + 1, discarded=str(old))
            return state._discard(old, seat)
        if isinstance(action, DiscardDrawn):
            card = self._held()
            state = evolve(self, drawn=None).logged("discard", f"{{0}} discarded the drawn {card}", seat,
                                                    card=str(card))
            return state._discard(card, seat)
        if isinstance(action, Match):
            return self._match(seat, action.slot)
        if isinstance(action, Pass):
            window = self._open_window()
            state = evolve(self, window=replace(window, passed=window.passed | {seat}))
            state = state.logged("pass", "{0} passed", seat)
            if not state.matchers():
                return state._close_window(None)
            return state
        if isinstance(action, Timeout):
            return self.logged("timeout", "Time is up for matching")._close_window(None)
        if isinstance(action, Peek):
            ability = self.stack[-1]
            top = replace(ability, peeks_left=ability.peeks_left - 1, peeked=ability.peeked + (action.target,))
            state = evolve(self, stack=self.stack[:-1] + (top,))._learn(seat, action.target)
            return state.logged(
                "peek", f"{{0}} peeked at {{1}}'s card {action.target[1] + 1}", seat, action.target[0],
                slot=action.target[1] + 1)
        if isinstance(action, Exchange):
            return self._exchange(seat, action.first, action.second)._finish_ability()
        if isinstance(action, Skip):
            ability = self.stack[-1]
            if ability.peeks_left:
                top = replace(ability, peeks_left=0)
                return evolve(self, stack=self.stack[:-1] + (top,)).logged(
                    "skip", "{0} skipped the peek", seat, skipped="peek")
            return self.logged("skip", "{0} skipped the swap", seat, skipped="swap")._finish_ability()
        raise IllegalAction(f"illegal action {action!s} by seat {seat}: unknown action")  # pragma: no cover

    # -- rule steps --

    def logged(self, kind: str, text: str, *seats: int, **parts: Any) -> CheckState:
        """The state with a log entry: ``text`` names ``seats`` as ``{0}``, ``{1}``...; the
        first named seat is the one who did it (``None`` when no seat is named); ``parts`` are
        the rest of what the line names, as JSON values (see the module docstring)."""
        entry = LogEntry(kind, seats[0] if seats else None, text, tuple(seats), tuple(parts.items()))
        return evolve(self, log=self.log + (entry,))

    def _open_window(self) -> Window:
        if self.window is None:
            raise EngineError("check: no matching stage is open")
        return self.window

    def _card_at(self, pos: Pos) -> PlayingCard:
        card = self.grids[pos[0]][pos[1]]
        if card is None:
            raise EngineError(f"check: there is no card at {pos_text(pos)}")
        return card

    def _held(self) -> PlayingCard:
        if self.drawn is None:
            raise EngineError("check: no drawn card is held")
        return self.drawn

    def _put(self, seat: int, slot: int, card: PlayingCard | None) -> tuple[tuple[PlayingCard | None, ...], ...]:
        """The grids with ``card`` at ``(seat, slot)``; a slot just past the end is a new place
        (a penalty card's, ruling 5)."""
        grid = self.grids[seat]
        return with_seat(self.grids, seat, grid[:slot] + (card,) + grid[slot + 1:])

    def _learn(self, seat: int, pos: Pos) -> CheckState:
        known = frozenset(k for k in self.knowledge[seat] if k[:2] != pos) | {(*pos, self.turns)}
        return evolve(self, knowledge=with_seat(self.knowledge, seat, known))

    def _learn_all(self, pos: Pos) -> CheckState:
        state = self
        for seat in range(self.players):
            state = state._learn(seat, pos)
        return state

    def _forget(self, pos: Pos) -> CheckState:
        """Nobody knows the card now at ``pos`` (a new card went there, or it left)."""
        return evolve(self, knowledge=tuple(
            frozenset(k for k in known if k[:2] != pos) for known in self.knowledge))

    def _deal(self) -> CheckState:
        pile = self.draw_pile
        grids = tuple(tuple(pile[4 * seat:4 * seat + 4]) for seat in range(self.players))
        # Section 5.4: each seat looks at its own bottom row.
        knowledge = tuple(frozenset((seat, slot, 0) for slot in BOTTOM_ROW) for seat in range(self.players))
        state = evolve(self, phase=Phase.PEEK, grids=grids, draw_pile=pile[4 * self.players:],
                       knowledge=knowledge)
        return state.logged("start", "{0} started the game: the lobby is locked", GAME_MASTER)

    def _draw_card(self) -> tuple[CheckState, PlayingCard | None]:
        """The top card of the draw pile, reshuffling the discards under the top when it is empty
        (section 11.A); ``None`` when there is nothing to draw (section 11.B)."""
        state = self
        if not state.draw_pile:
            if len(state.discard) <= 1:
                return state, None
            under = list(state.discard[:-1])
            random.Random(f"check:{self.seed}:reshuffle:{self.reshuffles}").shuffle(under)
            state = evolve(state, draw_pile=tuple(under), discard=state.discard[-1:],
                           reshuffles=state.reshuffles + 1)
            state = state.logged(
                "reshuffle", "The discard pile (but its top card) was shuffled into a new draw pile")
        return evolve(state, draw_pile=state.draw_pile[1:]), state.draw_pile[0]

    def _discard(self, card: PlayingCard, seat: int) -> CheckState:
        """A card goes face up on the pile and opens a matching stage (section 7)."""
        return evolve(self, discard=self.discard + (card,), phase=Phase.MATCHING,
                      window=Window(card, seat), last_try=None)

    def _match(self, seat: int, slot: int) -> CheckState:
        window, card = self._open_window(), self._card_at((seat, slot))
        if card.rank == window.card.rank:
            state = evolve(self, grids=self._put(seat, slot, None), discard=self.discard + (card,),
                           sealed=True)._forget((seat, slot))
            state = state.logged("match", f"{{0}} matched {window.card} with {card}: the pile is sealed", seat,
                                  top=str(window.card), card=str(card))
            if state.hand_size(seat) == 0:
                state = state._auto_check(seat)
            return state._close_window(seat)
        # A wrong card: shown to all, back to its slot, and a penalty card (section 7, ruling 5).
        state = self._learn_all((seat, slot))
        state = evolve(state, last_try=(seat, slot, card))
        state = state.logged("miss", f"{{0}} tried {card} on {window.card}: wrong rank, penalty card", seat,
                              card=str(card), top=str(window.card))
        state, penalty = state._draw_card()
        if penalty is None:
            return state._end(NO_PENALTY_CARD)
        return evolve(state, grids=state._put(seat, len(state.grids[seat]), penalty))

    def _auto_check(self, seat: int) -> CheckState:
        """Section 9.B: an empty grid locks the seat; the first Check of the round makes it the caller."""
        state = evolve(self, locked=self.locked | {seat})
        if state.caller is None:
            return evolve(state, caller=seat).logged("emptied", "{0} emptied their grid: automatic Check!", seat,
                                                       check=True)
        return state.logged("emptied", "{0} emptied their grid and is locked", seat, check=False)

    def _close_window(self, matcher: int | None) -> CheckState:
        """End the matching stage; stack the abilities it triggered (section 8.B: last in, first out)."""
        window = self._open_window()
        stack: list[Ability] = []
        if is_special(window.card):
            stack.append(Ability(window.discarder, window.card, PEEKS[window.card.rank]))
            if matcher is not None:
                matched = self.discard[-1]
                stack.append(Ability(matcher, matched, PEEKS[matched.rank]))
        state = evolve(self, window=None, stack=tuple(stack), phase=Phase.ABILITY)
        return state._settle()

    def _finish_ability(self) -> CheckState:
        return evolve(self, stack=self.stack[:-1])._settle()

    def _settle(self) -> CheckState:
        """Drop the abilities of locked owners (section 11.C), then end the turn if none is left."""
        state = self
        while state.stack and state.stack[-1].owner in state.locked:
            ability = state.stack[-1]
            state = evolve(state, stack=state.stack[:-1]).logged(
                "fizzle", f"{{0}}'s {ability.card} fizzles: the seat is locked", ability.owner,
                card=str(ability.card))
        if state.stack:
            return evolve(state, phase=Phase.ABILITY)
        if state.caller is not None and state.final_queue is None:
            state = state._start_final_turns(state.caller)
        return state._next_turn()

    def _exchange(self, seat: int, first: Pos, second: Pos) -> CheckState:
        a, b = self.grids[first[0]][first[1]], self.grids[second[0]][second[1]]
        swapped = evolve(self, grids=self._put(*first, b))
        grids = swapped._put(*second, a)

        def moved(k: tuple[int, int, int]) -> tuple[int, int, int]:
            if k[:2] == first:
                return (*second, k[2])
            if k[:2] == second:
                return (*first, k[2])
            return k

        knowledge = tuple(frozenset(moved(k) for k in known) for known in self.knowledge)
        return evolve(self, grids=grids, knowledge=knowledge).logged(
            "swap", f"{{0}} swapped {{1}}'s card {first[1] + 1} with {{2}}'s card {second[1] + 1}",
            seat, first[0], second[0], slot=first[1] + 1, slot_other=second[1] + 1)

    def _start_final_turns(self, caller: int) -> CheckState:
        """Ruling 7: every other unlocked seat, from the caller's left, is owed one final turn."""
        order = [(caller + step) % self.players for step in range(1, self.players)]
        return evolve(self, final_queue=tuple(seat for seat in order if seat not in self.locked))

    def _next_turn(self) -> CheckState:
        state = evolve(self, window=None, stack=(), drawn=None)
        if state.final_queue is None:
            return state._begin_turn((state.turn + 1) % state.players)
        queue = tuple(seat for seat in state.final_queue if seat not in state.locked)
        if not queue:
            return state._end(FINAL_TURNS_OVER)
        return evolve(state, final_queue=queue[1:])._begin_turn(queue[0])

    def _begin_turn(self, seat: int) -> CheckState:
        # Ruling 10: a match's seal lasts until the start of the next player's turn, who may
        # then take the matched card (unless it is a King, Queen or Jack).
        return evolve(self, phase=Phase.TURN, turn=seat, turns=self.turns + 1, last_try=None,
                      sealed=False)

    def _end(self, reason: str) -> CheckState:
        return evolve(self, phase=Phase.OVER, window=None, stack=(), end_reason=reason).logged(
            "over", f"Round over: {reason}", ending=reason)


# --- Game --------------------------------------------------------------------------------------


class Check(Game):
    id = "check"
    title = "Check!"
    min_players = 2
    max_players = 6
    options = (
        Option("match_seconds", N_("Matching window (seconds)"), 5,
               N_("How long every player has to match a discarded card."), (3, 5, 8, 10, 15)),
    )

    def _new(self, seed: int, players: int, options: dict[str, Any], deck: Sequence[Any] | None) -> CheckState:
        order, stacked = deal_order(self.id, seed, deck, CARDS, PlayingCard.parse)
        return CheckState(
            game_id=self.id, seed=seed, players=players,
            options=MappingProxyType(dict(options)), deck=stacked, history=(),
            phase=Phase.LOBBY, joined=frozenset({GAME_MASTER}), ready=frozenset(),
            grids=tuple(() for _ in range(players)), draw_pile=tuple(order), discard=(),
            sealed=False, turn=GAME_MASTER, turns=0, drawn=None, window=None, stack=(),
            locked=frozenset(), caller=None, final_queue=None,
            knowledge=tuple(frozenset() for _ in range(players)), last_try=None, reshuffles=0,
            end_reason="",
            log=(LogEntry("open", GAME_MASTER, "{0} opened the lobby as Game Master", (GAME_MASTER,)),),
        )

    def deck_cards(self, players: int, options: Mapping[str, Any]) -> tuple[str, ...]:
        return tuple(map(str, CARDS))

    def from_view(self, view: Mapping[str, Any], rng: random.Random | None = None) -> CheckState:
        """A full state that shows ``view``: the cards the view does not show (face-down grid
        cards, the draw pile, the discards under the top, another seat's drawn card) are dealt
        at random by ``rng``; who knows which position, and since when, is kept."""
        return self.dealer_for(view)(rng or random.Random(0))

    def dealer_for(self, view: Mapping[str, Any]) -> Callable[[random.Random], CheckState]:
        """``from_view`` split in two: everything the view shows is read once; each deal only
        shuffles the cards it does not show and puts them, in order, on the face-down grid
        places, another seat's drawn card, the discards under the top and the draw pile."""
        try:
            players = int(view["players"])
            grids_view = view["grids"]
            shown_grids = [[slot and slot["card"] and PlayingCard.parse(slot["card"]) for slot in grid]
                           for grid in grids_view]
            top = view["discard_top"] and PlayingCard.parse(view["discard_top"])
            shown_drawn = view["drawn"] and PlayingCard.parse(view["drawn"])
            # By index: a card's own hash and equality are Python calls, and 52 cards are sifted.
            visible = {card.index for grid in shown_grids for card in grid if card}
            visible.update(card.index for card in (top, shown_drawn) if card)
            unknown = [card for card in CARDS if card.index not in visible]
            # The places the deal fills, in dealing order, and the grids with the rest in place.
            hidden = [(owner, slot) for owner, (grid, shown) in enumerate(zip(grids_view, shown_grids, strict=True))
                      for slot, (cell, card) in enumerate(zip(grid, shown, strict=True))
                      if cell is not None and not card]
            fixed = [[card or None for card in shown] for shown in shown_grids]
            hidden_drawn = not shown_drawn and bool(view["holding"])
            under = max(0, view["discard_count"] - 1)
            if len(hidden) + hidden_drawn + under > len(unknown):
                raise ValueError("the view shows fewer cards than it hides")
            knowledge: list[set[tuple[int, int, int]]] = [set() for _ in range(players)]
            for owner, grid in enumerate(grids_view):
                for slot, cell in enumerate(grid):
                    for who, when in (cell or {}).get("seen", []):
                        knowledge[who].add((owner, slot, when))
            window = view["window"]
            # Every field but the dealt ones, read once: a deal is a copy with its own cards.
            template = CheckState(
                game_id=self.id, seed=0, players=players,
                options=MappingProxyType(self.resolve_options(view["options"])), deck=None,
                history=(), phase=Phase(view["phase"]), joined=frozenset(view["joined"]),
                ready=frozenset(view["ready"]), grids=(), draw_pile=(), discard=(),
                sealed=bool(view["sealed"]), turn=view["turn"], turns=view["turns"],
                drawn=shown_drawn or None,
                window=None if window is None else Window(
                    PlayingCard.parse(window["card"]), window["discarder"], frozenset(window["passed"])),
                stack=tuple(Ability(a["owner"], PlayingCard.parse(a["card"]), a["peeks_left"],
                                    tuple(tuple(p) for p in a["peeked"])) for a in view["stack"]),
                locked=frozenset(view["locked"]), caller=view["caller"],
                final_queue=None if view["final_queue"] is None else tuple(view["final_queue"]),
                knowledge=tuple(frozenset(k) for k in knowledge),
                last_try=None if view["last_try"] is None else (
                    view["last_try"][0], view["last_try"][1], PlayingCard.parse(view["last_try"][2])),
                reshuffles=view["reshuffles"], end_reason=view["end_reason"],
                log=_read_log(view["log"]),
            )
        except (KeyError, TypeError, ValueError, InvalidNotation) as error:
            raise SetupError(f"{self.id}: not a view of this game ({error!r})") from None
        on_top = (top,) if top else ()

        def deal(rng: random.Random) -> CheckState:
            cards = unknown[:]
            rng.shuffle(cards)
            grids = [row[:] for row in fixed]
            for (owner, slot), card in zip(hidden, cards, strict=False):
                grids[owner][slot] = card
            rest = len(hidden)
            drawn = template.drawn
            if hidden_drawn:
                drawn, rest = cards[rest], rest + 1
            return evolve(template, seed=rng.getrandbits(32), grids=tuple(map(tuple, grids)), drawn=drawn,
                          discard=(*cards[rest:rest + under], *on_top), draw_pile=tuple(cards[rest + under:]))

        return deal

    def parse_action(self, state: State, text: str) -> Action:
        words = " ".join(str(text).split()).lower()
        if words in _SIMPLE:
            return _SIMPLE[words]
        if match := _SLOT_RE.match(words):
            return _SLOT_ACTIONS[match[1]](int(match[2]))
        if match := _PEEK_RE.match(words):
            return Peek((int(match[1]), int(match[2])))
        if match := _SWAP_RE.match(words):
            first, second = (int(match[1]), int(match[2])), (int(match[3]), int(match[4]))
            if first >= second:
                raise InvalidNotation(
                    f"invalid Check! action {text!r}: write a swap's lower position first "
                    f"(swap {pos_text(min(first, second))} {pos_text(max(first, second))})")
            return Exchange(first, second)
        raise InvalidNotation(
            f"invalid Check! action {text!r}: expected one of join, start, ready, draw, take N, "
            "check, replace N, discard, match N, pass, timeout, peek S.N, swap S.N S.N, skip"
        )


def stacked_deck(grids: Sequence[str], draws: str = "") -> tuple[str, ...]:
    """A stacked deck dealing ``grids[seat]`` (four cards, slots 0..3, as text like
    ``"KS 2H 3D 4C"``, any form ``PlayingCard.parse`` reads) to each seat, with ``draws`` on top
    of the draw pile; the other cards follow in the shared deck's order. Card names come back
    canonical (``"10H"``)."""
    try:
        chosen = [PlayingCard.parse(card) for text in (*grids, draws) for card in text.split()]
    except InvalidNotation as error:
        raise SetupError(f"check: a stacked deal names an unknown card: {error}", NOT_A_DECK) from None
    if len(set(chosen)) != len(chosen):
        raise SetupError(f"check: a stacked deal repeats a card: {' '.join(map(str, chosen))}", NOT_A_DECK)
    if any(len(grid.split()) != 4 for grid in grids):
        raise SetupError("check: each grid is four cards", NOT_A_DECK)
    return tuple(str(card) for card in chosen + [card for card in CARDS if card not in set(chosen)])
