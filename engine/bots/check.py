"""Check! bots, weakest first: easy (forgets some of what it saw, slow to react), medium (perfect
memory, quicker), hard (a search over deals consistent with its view for its turn and ability
decisions, the Check call included; medium's rules in the matching window; quickest).

Every bot rebuilds a state from its view (``game.from_view``: each card it has not seen dealt at
random) and reads only what its seat remembers: the positions in ``state.knowledge[seat]``, the
discard pile's top card and its own drawn card. Memory is the view's: a seat "knows" the cards it
has looked at (its bottom row, its draws, its peeks, cards shown to all), and its memory follows
a card through the blind swaps everybody watched.

The matching window is a race (section 7): each level has a reaction delay (``reaction_ms``)
that the table waits before it plays the bot's match, and that the benchmark uses to order
simultaneous matches.
"""

from __future__ import annotations

import math
import random
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.bots.base import Bot, Thinking
from engine.bots.ismcts import ISMCTSBot
from engine.check import (
    CARDS,
    CallCheck,
    CheckState,
    DiscardDrawn,
    DrawPile,
    Exchange,
    Match,
    Pass,
    Peek,
    Phase,
    Pos,
    Replace,
    Skip,
    TakeDiscard,
    Timeout,
    is_special,
    value,
)
from engine.core import CLOCK, Action, EngineError, Game, SetupError, State, evolve
from engine.playing_cards import PlayingCard

DECK_TOTAL = sum(value(card) for card in CARDS)
#: How long each level takes to react in the matching window, in ms (a 5 s window by default).
REACTION_MS = {"random": 2000, "easy": 2600, "medium": 1500, "hard": 900}


def reaction_ms(level: str) -> int:
    """The delay before a bot of ``level`` plays a match in the matching window."""
    return REACTION_MS.get(level, 2000)


@dataclass(frozen=True)
class Style:
    """The rules of thumb of one level."""

    #: Memories older than two turns are lost for about half the positions (easy).
    forgets: bool
    #: Call Check when the estimated score is at most this ...
    check_at: float
    #: ... and at least this much below every opponent's estimate.
    check_lead: float
    #: Put a drawn card into a face-down (unknown) slot when it is worth at most this.
    keep_unknown_at: int


@dataclass(frozen=True)
class Memory:
    """What one seat remembers in a state: the cards it knows and the mean of the others."""

    seat: int
    known: dict[Pos, PlayingCard]
    unseen_mean: float

    def estimate(self, state: CheckState, owner: int) -> float:
        return sum(
            value(self.known[(owner, slot)]) if (owner, slot) in self.known else self.unseen_mean
            for slot in state.slots(owner)
        )

    def own_known(self, state: CheckState) -> list[tuple[int, int]]:
        """(value, slot) of the own cards the seat knows, highest first."""
        return sorted(((value(self.known[(self.seat, slot)]), slot) for slot in state.slots(self.seat)
                       if (self.seat, slot) in self.known), reverse=True)

    def own_unknown(self, state: CheckState) -> list[int]:
        return [slot for slot in state.slots(self.seat) if (self.seat, slot) not in self.known]


def remember(state: CheckState, seat: int, forgets: bool) -> Memory:
    known: dict[Pos, PlayingCard] = {}
    for owner, slot, when in state.knowledge[seat]:
        # A fixed half of the positions fades after two turns: the same memory each time asked.
        if forgets and state.turns - when >= 2 and zlib.crc32(f"{owner}.{slot}@{when}".encode()) % 2:
            continue
        card = state.grids[owner][slot]
        if card is not None:
            known[(owner, slot)] = card
    seen = set(known.values())
    if state.discard:
        seen.add(state.discard[-1])
    if state.drawn is not None and state.turn == seat:
        seen.add(state.drawn)
    left = len(CARDS) - len(seen)
    return Memory(seat, known, (DECK_TOTAL - sum(map(value, seen))) / left if left else 6.5)


class Policy:
    """Rules of thumb for every decision of a seat; reads only what the seat may know."""

    def __init__(self, style: Style) -> None:
        self.style = style

    def choose(self, state: CheckState, seat: int, legal: Sequence[Action]) -> Action:
        legal = tuple(legal)
        if len(legal) == 1:
            return legal[0]
        memory = remember(state, seat, self.style.forgets)
        if state.phase is Phase.TURN:
            return self._turn(state, memory, legal)
        if state.phase is Phase.DRAWN:
            return self._drawn(state, memory, legal)
        if state.phase is Phase.MATCHING:
            return self._match(state, memory, legal)
        if state.phase is Phase.ABILITY:
            return self._ability(state, memory, legal)
        return legal[0]

    def _turn(self, state: CheckState, memory: Memory, legal: tuple[Action, ...]) -> Action:
        me = memory.seat
        if CallCheck() in legal:
            mine = memory.estimate(state, me)
            others = [memory.estimate(state, seat) for seat in range(state.players)
                      if seat != me and seat not in state.locked]
            if mine <= self.style.check_at and mine + self.style.check_lead <= min(others, default=99):
                return CallCheck()
        if any(isinstance(action, TakeDiscard) for action in legal):
            top = value(state.discard[-1])
            known = memory.own_known(state)
            if known and known[0][0] - top >= 4:
                return TakeDiscard(known[0][1])
            unknown = memory.own_unknown(state)
            if unknown and top <= 2:
                return TakeDiscard(unknown[0])
        return DrawPile()

    def _drawn(self, state: CheckState, memory: Memory, legal: tuple[Action, ...]) -> Action:
        card = state.drawn
        if card is None:
            raise EngineError("check bot: a drawn-card decision with no drawn card")
        drawn = value(card)
        if is_special(card):
            return DiscardDrawn()  # worth the most, and its ability comes with the discard
        best_gain, best_slot = 0.0, None
        known = memory.own_known(state)
        if known and known[0][0] > drawn:
            best_gain, best_slot = known[0][0] - drawn, known[0][1]
        unknown = memory.own_unknown(state)
        if unknown and drawn <= self.style.keep_unknown_at and memory.unseen_mean - drawn > best_gain:
            best_slot = unknown[0]
        return DiscardDrawn() if best_slot is None else Replace(best_slot)

    def _match(self, state: CheckState, memory: Memory, legal: tuple[Action, ...]) -> Action:
        if state.window is None:
            raise EngineError("check bot: a matching decision with no matching stage open")
        wanted = state.window.card.rank
        mine = [slot for (owner, slot), card in memory.known.items()
                if owner == memory.seat and card.rank == wanted]
        for slot in sorted(mine):
            # Matching an Ace raises the score by one: only worth it to empty the grid.
            card = state.grids[memory.seat][slot]
            worth_it = (card is not None and value(card) > 0) or state.hand_size(memory.seat) == 1
            if worth_it and Match(slot) in legal:
                return Match(slot)
        return Pass()

    def _ability(self, state: CheckState, memory: Memory, legal: tuple[Action, ...]) -> Action:
        me = memory.seat
        ability = state.stack[-1]
        targets = state.targets()
        if ability.peeks_left:
            # Learn one's own face-down cards first, then the opponents'.
            unknown = [pos for pos in targets if pos not in memory.known and pos not in ability.peeked]
            own = [pos for pos in unknown if pos[0] == me]
            for pos in own + [pos for pos in unknown if pos[0] != me]:
                if Peek(pos) in legal:
                    return Peek(pos)
            return Skip()
        known = memory.own_known(state)
        theirs = sorted((value(card), pos) for pos, card in memory.known.items()
                        if pos[0] != me and pos in targets)
        if known:
            high, slot = known[0]
            if theirs and high - theirs[0][0] >= 2:
                return _exchange((me, slot), theirs[0][1], legal)
            strangers = [pos for pos in targets if pos[0] != me and pos not in memory.known]
            if high >= 9 and strangers:
                return _exchange((me, slot), strangers[0], legal)
        blind = memory.own_unknown(state)
        if blind and theirs and theirs[0][0] <= 1:
            return _exchange((me, blind[0]), theirs[0][1], legal)
        return Skip()


def _exchange(a: Pos, b: Pos, legal: tuple[Action, ...]) -> Action:
    action = Exchange(min(a, b), max(a, b))
    return action if action in legal else Skip()


def keep_specials(state: CheckState, seat: int, legal: Sequence[Action]) -> list[Action]:
    """``legal`` without the swaps that hand another seat a King, Queen or Jack that ``seat``
    knows it holds: the other seat could match it away later and gain its ability (a peek and
    a swap against us), which costs more than the card's points. Skip always stays."""
    memory = remember(state, seat, forgets=False)

    def hands_over(action: Action) -> bool:
        if not isinstance(action, Exchange):
            return False
        for mine, theirs in ((action.first, action.second), (action.second, action.first)):
            card = memory.known.get(mine)
            if mine[0] == seat and theirs[0] != seat and card is not None and is_special(card):
                return True
        return False

    return [action for action in legal if not hands_over(action)]


def leads(state: CheckState, seat: int) -> bool:
    """Whether ``seat``'s total, as far as it knows (a card it has not seen counted at the
    mean of the unseen cards), is below every other unlocked seat's: a Check called otherwise
    ends a round the seat expects to lose, whatever a search of a few samples says."""
    memory = remember(state, seat, forgets=False)
    mine = memory.estimate(state, seat)
    return all(mine < memory.estimate(state, other) for other in range(state.players)
               if other != seat and other not in state.locked)


def _by_how_much(scores: Sequence[int], seat: int) -> float:
    """``seat``'s gap to the best other total, from 0 (40 points behind) to 1 (40 ahead):
    linear, so that a point counts as much in a round far lost as in a close one."""
    gap = min(score for other, score in enumerate(scores) if other != seat) - scores[seat]
    return min(1.0, max(0.0, 0.5 + gap / 80))


class RulesOfThumb:
    """What every Check! level shares: its reaction delay, and deciding by rules of thumb from a
    state rebuilt from its view."""

    level: str
    policy: Policy

    @property
    def reaction_ms(self) -> int:
        return reaction_ms(self.level)

    def by_rules(self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
                 rng: random.Random) -> Action:
        if not legal:
            raise SetupError("a bot was asked to act with no legal action")
        return self.policy.choose(_check_state(game.from_view(view, rng)), view["seat"], legal)


def _check_state(state: State) -> CheckState:
    if not isinstance(state, CheckState):
        raise EngineError(f"check bot: got a {type(state).__name__}, not a Check! state")
    return state


class RuleBot(RulesOfThumb, Bot):
    """A level played by its rules of thumb alone."""

    def __init__(self, level: str, description: str, style: Style) -> None:
        self.level = level
        self.description = description
        self.policy = Policy(style)

    def think(self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
              rng: random.Random, budget_ms: int) -> Thinking:
        return self.by_rules(game, view, legal, rng)
        yield  # pragma: no cover - makes this a generator


EASY = Style(forgets=True, check_at=9, check_lead=0, keep_unknown_at=3)
MEDIUM = Style(forgets=False, check_at=12, check_lead=4, keep_unknown_at=4)


class SearchBot(RulesOfThumb, ISMCTSBot):
    """A search for the turn, the drawn card and abilities, with medium's rules as the rollout
    policy; medium's rules in the matching window (a race, where searching would be too slow).
    A decision of a few actions compares them all in the same deals (``paired_search``); the
    many swaps of an ability go to ISMCTS's shared tree. Deals lean toward low cards where
    another seat kept a card it knows (``deals``).

    Measured in ``bench/check_bots.py`` (two seats, 60 games, against easy): the paired search
    with the Check call searched scored 93% (55 wins, 2 draws, 3 losses), where the shared tree
    with the call left to medium's rule scored 78% (30, 2, 8 in 40)."""

    level = "hard"
    description = ("searches the cards it cannot see, calls Check when that pays, reacts "
                   "fastest; wins about 9 games in 10 against Easy, 2 in 3 against three Easy bots")
    iterations = 250
    #: A few iterations per slice: each costs milliseconds (more in the page), and the page must
    #: stay responsive, above all for the matching window's countdown.
    slice_iterations = 4
    #: Plies a rollout plays (a few turns) before ``evaluate`` scores it: short rollouts,
    #: scored by the gap, tell the actions apart with less noise than longer ones.
    rollout_limit = 16
    #: Points of gap per unit of the logistic in ``evaluate``.
    gap_scale = 4.0
    #: The share of a finished rollout's reward that says by how much (``evaluate``), the rest
    #: saying who won.
    margin = 0.2
    #: Decisions with at most this many actions compare them all in the same deals
    #: (``paired_search``); the many swaps of an ability are left to the shared tree.
    paired_up_to = 8
    #: Plies a rollout may play on once Check is called (the final turns, to the end).
    final_limit = 80
    #: How much a deal leans toward low cards where another seat knows its own card (it kept
    #: it, so it probably wanted it): the chance to keep a dealt card worth ``v`` above 6 is
    #: ``exp(-(v - 6) / kept_low)``; 0 deals uniformly.
    kept_low = 3.0

    def __init__(self) -> None:
        self.policy = Policy(MEDIUM)

    def think(self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
              rng: random.Random, budget_ms: int) -> Thinking:
        if view["phase"] not in ("turn", "drawn", "ability"):
            return self.by_rules(game, view, legal, rng)
        if view["phase"] == "ability":
            legal = keep_specials(_check_state(game.from_view(view, rng)), view["seat"], legal)
        if CallCheck() in legal and not leads(_check_state(game.from_view(view, rng)), view["seat"]):
            legal = [action for action in legal if action != CallCheck()]
        # A Check call is searched like any other action: after a call, a rollout plays the
        # final turns to the end (``rollout``), so the call is judged by the results it gives.
        if len(legal) <= self.paired_up_to:
            return (yield from self.paired_search(game, view, tuple(legal), rng, budget_ms))
        return (yield from super().think(game, view, legal, rng, budget_ms))

    def paired_search(self, game: Game, view: Mapping[str, Any], legal: tuple[Action, ...],
                      rng: random.Random, budget_ms: int) -> Thinking:
        """Each action played out in the same deals (common random numbers: a rollout's play
        is decided by the deal alone), so the actions are compared on the same cards and the
        deal's own luck cancels out; the answer has the best total reward over ``iterations``
        rollouts in all. (The shared tree spreads its rollouts over separate deals, whose
        luck drowns the difference between two actions.)"""
        if len(legal) == 1:
            return legal[0]
        seat = int(view["seat"])
        deal = self.dealer(game, view)
        totals = [0.0] * len(legal)
        deadline = time.perf_counter() + budget_ms / 1000 if budget_ms > 0 else math.inf
        step = max(1, self.slice_iterations // len(legal))
        for done in range(1, max(1, self.iterations // len(legal)) + 1):
            state = deal(rng)
            for index, action in enumerate(legal):
                totals[index] += self.rollout(state._apply(seat, action), rng)[seat]
            if done % step == 0:
                if time.perf_counter() > deadline:
                    break
                yield None
        return legal[max(range(len(legal)), key=lambda index: (totals[index], -index))]

    def dealer(self, game: Game, view: Mapping[str, Any]) -> Callable[[random.Random], State]:
        return deals(game, view, self.kept_low)

    def rollout_action(self, state: State, seat: int, legal: Sequence[Action],
                       rng: random.Random) -> Action:
        return self.policy.choose(_check_state(state), seat, legal)

    def rollout(self, state: State, rng: random.Random) -> dict[int, float]:
        """The shared rollout, with a matching window settled in one step: the first seat
        (in seat order, as the shared rollout asks them) whose rules match plays its match,
        and when none would the timer closes the window. The passes the shared rollout plays
        one by one end the same way, at a third of the cost of a rollout."""
        position = _check_state(state)
        plies = 0
        # Once Check is called the round ends within a few turns: play it out, so that a call
        # is scored by who wins, not by a cut-off estimate.
        while plies < self.rollout_limit or (position.caller is not None and plies < self.final_limit):
            plies += 1
            result = position.result()
            if result is not None:
                # Mostly who won, partly by how much: a lost round still tells a small loss
                # from a large one, so a seat that cannot win still plays to lose less (no
                # Check called on a high grid because every line loses).
                scores = position.scores()
                return {seat: (1 - self.margin) * self.reward(result, seat)
                        + self.margin * _by_how_much(scores, seat) for seat in range(position.players)}
            if position.phase is Phase.MATCHING:
                seat: int = CLOCK
                action: Action = Timeout()
                for matcher in position.matchers():
                    choice = self.policy.choose(position, matcher, position.legal_actions(matcher))
                    if isinstance(choice, Match):
                        seat, action = matcher, choice
                        break
                position = _check_state(position._apply(seat, action))
                continue
            actor = self.actor(position)
            options = position.legal_actions(actor)
            if not options:
                break
            position = _check_state(position._apply(actor, self.rollout_action(position, actor, options, rng)))
        return self.evaluate(position)

    def evaluate(self, state: State) -> dict[int, float]:
        """A cut-off rollout, scored by the hands as they lie (the sample's cards are all
        known): each seat's win chance grows with how far its total lies below the best of the
        others' (a logistic of the gap), so a cut-off says by how much, not only who leads."""
        scores = _check_state(state).scores()
        rewards = {}
        for seat, mine in enumerate(scores):
            gap = min(score for other, score in enumerate(scores) if other != seat) - mine
            rewards[seat] = 1.0 / (1.0 + math.exp(-gap / self.gap_scale))
        return rewards


def deals(game: Game, view: Mapping[str, Any], kept_low: float) -> Callable[[random.Random], State]:
    """What deals the search's states from ``view``: the view read once (``from_view``), then
    each deal a reshuffle of the cards the seat cannot see, at the same places ``from_view``
    deals them (face-down grid cards, another seat's drawn card, the discards under the top,
    the draw pile). The log is left out: no rule or bot reads it, and copying it costs.

    Where another seat knows its own face-down card, it has had the chance to replace it and
    kept it: with ``kept_low`` the deal leans toward low cards there (a high card dealt there is
    swapped, with a chance growing with its worth, for a card from outside the grids)."""
    base = evolve(_check_state(game.from_view(view, random.Random(0))), log=())
    hidden = [(owner, slot) for owner, grid in enumerate(view["grids"]) for slot, cell in enumerate(grid)
              if cell is not None and cell["card"] is None]
    kept = [index for index, (owner, slot) in enumerate(hidden)
            if any(who == owner for who, _ in view["grids"][owner][slot]["seen"])] if kept_low else []
    hidden_drawn = bool(view["holding"]) and view["drawn"] is None
    under = max(0, int(view["discard_count"]) - 1)
    pool: list[PlayingCard] = [card for owner, slot in hidden
                               if (card := base.grids[owner][slot]) is not None]
    pool += [base.drawn] if hidden_drawn and base.drawn is not None else []
    pool += [*base.discard[:under], *base.draw_pile]
    outside = len(hidden)
    keep = [1.0 if value(card) <= 6 else math.exp(-(value(card) - 6) / kept_low) if kept_low else 1.0
            for card in CARDS]

    def deal(rng: random.Random) -> State:
        cards = pool[:]
        rng.shuffle(cards)
        if outside < len(cards):
            for index in kept:
                for _ in range(3):  # a few tries: the lean, not a certainty
                    card = cards[index]
                    if rng.random() < keep[card.index]:
                        break
                    other = rng.randrange(outside, len(cards))
                    cards[index], cards[other] = cards[other], card
        grids = [list(grid) for grid in base.grids]
        for (owner, slot), card in zip(hidden, cards, strict=False):
            grids[owner][slot] = card
        rest = outside
        drawn = base.drawn
        if hidden_drawn:
            drawn, rest = cards[rest], rest + 1
        discard = (*cards[rest:rest + under], *base.discard[under:])
        return evolve(base, grids=tuple(map(tuple, grids)), drawn=drawn, discard=discard,
                      draw_pile=tuple(cards[rest + under:]), seed=rng.getrandbits(32))

    return deal


BOTS: tuple[Bot, ...] = (
    RuleBot("easy", "forgets some cards, calls Check cautiously, reacts slowly; wins about 9 games "
                    "in 10 against Random", EASY),
    RuleBot("medium", "remembers every card it saw, uses abilities, reacts quickly; wins about 2 "
                      "games in 3 against Easy", MEDIUM),
    SearchBot(),
)
