"""Information-set Monte Carlo tree search (single-observer ISMCTS), for any game of ``GAMES``.

The bot sees only its view. Each iteration deals one full state consistent with that view
(``game.dealer_for(view)``, the view read once: every card the seat cannot see dealt at random), walks the one
shared tree with UCB1 restricted to the actions legal in that deal (availability counts, as in
Cowling, Powley and Whitehouse 2012), adds one node, plays the rest out with a rollout policy and
backs up a reward in [0, 1] for every seat. The answer is the most visited action at the root.

Games plug in through hooks, so a game module subclasses ``ISMCTSBot`` rather than writing its own
search: ``without_search`` (an answer the game's rules of thumb settle with no search, such as an
obvious move; default: none), ``rollout_action`` (default: uniform), ``evaluate`` (rewards of a
position where the rollout is cut off; default: ½ each), ``reward`` (from a finished game's
result), ``actor`` (who moves in a simulated position; the first seat of ``to_act()``, the
``CLOCK`` when only it may act).

The budget is an iteration count (``iterations``), so the same view and rng give the same choice on
every machine; ``budget_ms`` only cuts a search short on a slow device. The generator yields every
``slice_iterations`` iterations so the page can repaint between slices.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots.base import Bot, Thinking
from engine.core import CLOCK, Action, EngineError, Game, Result, SetupError, State


@dataclass
class Node:
    """Statistics of one action in the tree (the root has no action)."""

    action: Action | None = None
    actor: int = CLOCK  # the seat that took ``action``: rewards are counted from its side
    visits: int = 0
    available: int = 0  # iterations in which this action was legal at its parent
    reward: float = 0.0
    children: dict[Action, Node] = field(default_factory=dict)

    def ucb(self, exploration: float) -> float:
        return self.reward / self.visits + exploration * math.sqrt(
            math.log(max(self.available, 1)) / self.visits
        )


class ISMCTSBot(Bot):
    """A ``hard`` level for hidden-information games; subclass and set the hooks per game."""

    level = "hard"
    description = "searches many possible deals of the hidden cards (information-set MCTS)"
    #: Iterations per decision: the deterministic budget.
    iterations: int = 600
    #: Iterations between yields (a few tens of ms in the page).
    slice_iterations: int = 25
    #: UCB1 exploration constant for rewards in [0, 1].
    exploration: float = 0.7
    #: Rollout plies before ``evaluate`` is asked instead of playing to the end.
    rollout_limit: int = 200

    def think(
        self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
        rng: random.Random, budget_ms: int,
    ) -> Thinking:
        legal = tuple(legal)
        if not legal:
            raise SetupError("a bot was asked to act with no legal action")
        settled = self.without_search(game, view, legal, rng)
        if settled is not None:
            return settled
        if len(legal) == 1:
            return legal[0]
        seat = view.get("seat")
        if not isinstance(seat, int):
            raise SetupError("ISMCTS needs the view of a seat (view['seat'] is missing)")
        root = Node(actor=seat)
        deal = self.dealer(game, view)
        deadline = time.perf_counter() + budget_ms / 1000 if budget_ms > 0 else math.inf
        for done in range(1, self.iterations + 1):
            self.iterate(deal, seat, legal, root, rng)
            if done % self.slice_iterations == 0:
                if time.perf_counter() > deadline:
                    break
                yield None
        return self.best(root, legal)

    def best(self, root: Node, legal: tuple[Action, ...]) -> Action:
        """The most visited legal action (ties: the higher mean reward, then legal order)."""
        def score(index_action: tuple[int, Action]) -> tuple[int, float, int]:
            index, action = index_action
            node = root.children.get(action)
            if node is None or node.visits == 0:
                return (0, 0.0, -index)
            return (node.visits, node.reward / node.visits, -index)

        return max(enumerate(legal), key=score)[1]

    def iterate(
        self, deal: Callable[[random.Random], State], seat: int, legal: tuple[Action, ...],
        root: Node, rng: random.Random,
    ) -> None:
        state = deal(rng)
        path = [root]
        node = root
        first = True
        # Selection and expansion: down the tree while every available action has a node.
        while not state.is_over():
            actor = seat if first else self.actor(state)
            # At the root the choices are the real legal actions (a deal may not show all).
            options = legal if first else state.legal_actions(actor)
            first = False
            if not options:
                break
            if actor == CLOCK:  # a timed event: chance, not a decision
                action = rng.choice(options)
                node = node.children.setdefault(action, Node(action, CLOCK))
                state = state._apply(actor, action)  # legal by construction: skip re-checking
                path.append(node)
                continue
            for action in options:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            fresh = [action for action in options if action not in node.children]
            if fresh:
                action = rng.choice(fresh)
                child = Node(action, actor, available=1)
                node.children[action] = child
                node = child
                state = state._apply(actor, action)
                path.append(node)
                break
            node = max((node.children[action] for action in options),
                       key=lambda child: child.ucb(self.exploration))
            if node.action is None:  # only the root has none, and it is nobody's child
                raise EngineError("ISMCTS: a child node without its action")
            state = state._apply(actor, node.action)
            path.append(node)
        rewards = self.rollout(state, rng)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards.get(visited.actor, 0.5)

    def rollout(self, state: State, rng: random.Random) -> dict[int, float]:
        """Play on with ``rollout_action`` to the end (or the limit); rewards per seat."""
        for _ in range(self.rollout_limit):
            result = state.result()  # None exactly while the game goes on
            if result is not None:
                return {seat: self.reward(result, seat) for seat in range(state.players)}
            actor = self.actor(state)
            options = state.legal_actions(actor)
            if not options:
                break
            state = state._apply(actor, self.rollout_action(state, actor, options, rng))
        return self.evaluate(state)

    # -- hooks -----------------------------------------------------------------------------

    def dealer(self, game: Game, view: Mapping[str, Any]) -> Callable[[random.Random], State]:
        """What deals each iteration's state: ``game.dealer_for(view)`` (a uniform deal of the
        unseen cards); a game may weigh its deals by what the other seats' play has shown."""
        return game.dealer_for(view)

    def without_search(
        self, game: Game, view: Mapping[str, Any], legal: tuple[Action, ...], rng: random.Random
    ) -> Action | None:
        """The action to take without searching, when the game's rules of thumb settle it (asked
        first, before the only legal action is taken as it stands); ``None``: search."""
        return None

    def actor(self, state: State) -> int:
        """Who moves in a simulated position: the first seat to act, ``CLOCK`` only if alone."""
        seats = state.to_act()
        return next((seat for seat in seats if seat != CLOCK), seats[0] if seats else CLOCK)

    def rollout_action(
        self, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return rng.choice(legal)

    def reward(self, result: Result, seat: int) -> float:
        """1 for a sole winner, shared among joint winners, ½ each when nobody wins."""
        if not result.winners:
            return 0.5
        return 1.0 / len(result.winners) if seat in result.winners else 0.0

    def evaluate(self, state: State) -> dict[int, float]:
        """Rewards for a rollout cut off before the end; override with a game's estimate."""
        return {seat: 0.5 for seat in range(state.players)}
