"""Check! bots, weakest first: easy (forgets some of what it saw, slow to react), medium (perfect
memory, quicker), hard (information-set MCTS over deals consistent with its view for its turn
and ability decisions, medium's rules in the matching window, quickest).

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
import zlib
from collections.abc import Mapping, Sequence
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
from engine.core import CLOCK, Action, EngineError, Game, SetupError, State
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
    """ISMCTS for the turn, the drawn card and abilities, with medium's rules as the rollout
    policy; medium's rules in the matching window (a race, where searching would be too slow)."""

    level = "hard"
    description = ("searches deals it cannot see, remembers everything, keeps its Kings, Queens "
                   "and Jacks, reacts fastest; wins about 7 games in 10 against Easy")
    iterations = 250
    #: A few iterations per slice: each costs milliseconds (more in the page), and the page must
    #: stay responsive, above all for the matching window's countdown.
    slice_iterations = 4
    #: Plies a rollout plays (a few turns) before ``evaluate`` scores it: short rollouts,
    #: scored by the gap, tell the actions apart with less noise than longer ones.
    rollout_limit = 16
    #: Points of gap per unit of the logistic in ``evaluate``.
    gap_scale = 4.0

    def __init__(self) -> None:
        self.policy = Policy(MEDIUM)

    def think(self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
              rng: random.Random, budget_ms: int) -> Thinking:
        if view["phase"] not in ("turn", "drawn", "ability"):
            return self.by_rules(game, view, legal, rng)
        if CallCheck() in legal:
            # The search looks a few turns ahead only, too short to judge a Check call: the
            # rules of thumb decide it, and the search chooses among the other actions.
            if self.by_rules(game, view, legal, rng) == CallCheck():
                return CallCheck()
            legal = [action for action in legal if action != CallCheck()]
        if view["phase"] == "ability":
            legal = keep_specials(_check_state(game.from_view(view, rng)), view["seat"], legal)
        return (yield from super().think(game, view, legal, rng, budget_ms))

    def rollout_action(self, state: State, seat: int, legal: Sequence[Action],
                       rng: random.Random) -> Action:
        return self.policy.choose(_check_state(state), seat, legal)

    def rollout(self, state: State, rng: random.Random) -> dict[int, float]:
        """The shared rollout, with a matching window settled in one step: the first seat
        (in seat order, as the shared rollout asks them) whose rules match plays its match,
        and when none would the timer closes the window. The passes the shared rollout plays
        one by one end the same way, at a third of the cost of a rollout."""
        position = _check_state(state)
        for _ in range(self.rollout_limit):
            result = position.result()
            if result is not None:
                return {seat: self.reward(result, seat) for seat in range(position.players)}
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


BOTS: tuple[Bot, ...] = (
    RuleBot("easy", "forgets some cards, calls Check cautiously, reacts slowly; wins about 9 games "
                    "in 10 against Random", EASY),
    RuleBot("medium", "remembers every card it saw, uses abilities, reacts quickly; wins about 2 "
                      "games in 3 against Easy", MEDIUM),
    SearchBot(),
)
