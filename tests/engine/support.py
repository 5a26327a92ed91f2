"""What the engine tests share: views as a bot receives them, bot decisions, seeded playouts.

Imported by the test modules of ``tests/engine`` as ``from support import ...`` (pytest puts
this folder on ``sys.path``). Game-specific stacked starts stay in ``<game>_helpers.py``.
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable, Iterator, Mapping

from engine import GAMES, Action, State
from engine.bots import Bot, get_bot

#: A policy picks the action of ``seat`` in ``state``, drawing any randomness from ``rng``.
Policy = Callable[[State, int, random.Random], Action]

#: The default think budget: generous, so that a searching bot always runs its full, seeded
#: number of iterations and its choice depends on the view and the seed only, not on the
#: machine's speed.
BUDGET_MS = 600_000


def json_view(state: State, seat: int | None) -> dict[str, Any]:
    """``state.view(seat)`` after a JSON round trip: exactly what a bot in the page receives."""
    return json.loads(json.dumps(state.view(seat)))


def decide(bot: Bot | str, state: State, seat: int | None = None, seed: int = 0, *,
           view: Mapping[str, Any] | None = None, budget_ms: int = BUDGET_MS) -> Action:
    """What ``bot`` (a Bot or a level name of the state's game) chooses for ``seat`` (the first
    seat to act by default), from its JSON view (or ``view``) and a generator seeded ``seed``."""
    if seat is None:
        seat = state.to_act()[0]
    if isinstance(bot, str):
        bot = get_bot(state.game_id, bot)
    return bot.choose(state.game, view if view is not None else json_view(state, seat),
                      state.legal_actions(seat), random.Random(seed), budget_ms)


def random_policy(state: State, seat: int, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions(seat))


def first_to_act(state: State) -> int:
    return state.to_act()[0]


def playout(game_id: str, seed: int, policy: Policy = random_policy, *,
            players: int | None = None, options: Mapping[str, Any] | None = None,
            deck: Any = None, actor: Callable[[State], int] = first_to_act,
            max_actions: int = 100_000) -> Iterator[State]:
    """Every state of a seeded game, from the deal to the end, in which the seat ``actor`` picks
    acts by ``policy`` (with one generator seeded ``seed`` for the whole game)."""
    state = GAMES[game_id].new(seed=seed, players=players, options=options, deck=deck)
    rng = random.Random(seed)
    yield state
    for _ in range(max_actions):
        if state.is_over():
            return
        seat = actor(state)
        state = state.apply(seat, policy(state, seat, rng))
        yield state
    raise AssertionError(f"{game_id} seed {seed}: no end after {max_actions} actions")


def positions(game_id: str, seeds: range, policy: Policy = random_policy, *, every: int = 1,
              **playout_args: Any) -> list[State]:
    """The live states of seeded playouts, every ``every``-th one."""
    found: list[State] = []
    for seed in seeds:
        live = [state for state in playout(game_id, seed, policy, **playout_args)
                if not state.is_over()]
        found += live[::every]
    return found
