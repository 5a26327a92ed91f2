"""What the engine tests share: views as a bot receives them, refused actions, bot decisions,
seeded playouts, and twin deals that differ only in two cards.

Imported by the test modules of ``tests/engine`` as ``from support import ...`` (pytest puts
this folder on ``sys.path``). Game-specific stacked starts stay in ``<game>_helpers.py``.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from typing import Any

import pytest

from engine import CLOCK, GAMES, Action, IllegalAction, State
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


def view_text(state: State, seat: int | None) -> str:
    """``state.view(seat)`` as JSON text with sorted keys: equal views give equal texts."""
    return json.dumps(state.view(seat), sort_keys=True)


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything observable about ``state``, to prove that something changed none of it: its
    hash, result, turn, history, every view (pickled, so a view mutated later still differs:
    bytes that tell apart any two views that differ, a few times faster to write than JSON
    text), every seat's legal actions (the CLOCK's too) and the zones of the cards."""
    return (
        hash(state),
        state.is_over(),
        state.result(),
        state.to_act(),
        state.history,
        pickle.dumps([state.view(seat) for seat in [None, *range(state.players)]]),
        tuple(state.legal_actions(seat) for seat in [*range(state.players), CLOCK]),
        tuple(sorted((name, tuple(cards)) for name, cards in state.zones().items())),
    )


def refuse(state: State, seat: int, action: Any, pattern: str | None = None) -> IllegalAction:
    """``state.apply(seat, action)`` raises IllegalAction (its message matching the regular
    expression ``pattern``, when given) and leaves ``state`` as it was; returns the error."""
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=pattern) as refused:
        state.apply(seat, action)
    assert snapshot(state) == before, f"the refused {action!r} of seat {seat} changed the state"
    return refused.value


def decide(bot: Bot | str, state: State, seat: int | None = None, seed: int = 0, *,
           view: Mapping[str, Any] | None = None, budget_ms: int = BUDGET_MS) -> Action:
    """What ``bot`` (a Bot or a level name of the state's game) chooses for ``seat`` (the first
    seat to act by default), from its JSON view (or ``view``) and a generator seeded ``seed``."""
    return think(bot, state, seat, seed, view=view, budget_ms=budget_ms)[1]


def think(bot: Bot | str, state: State, seat: int | None = None, seed: int = 0, *,
          view: Mapping[str, Any] | None = None,
          budget_ms: int = BUDGET_MS) -> tuple[list[Any], Action]:
    """``decide``, run slice by slice as the page runs it: what ``bot.think`` yielded between
    its slices (``None`` each time, by the bot contract), and what it returned."""
    if seat is None:
        seat = state.to_act()[0]
    if isinstance(bot, str):
        bot = get_bot(state.game_id, bot)
    return drain(bot.think(state.game, view if view is not None else json_view(state, seat),
                           state.legal_actions(seat), random.Random(seed), budget_ms))


def drain(thinking: Generator[Any, None, Any]) -> tuple[list[Any], Any]:
    """Run a generator to its end: what it yielded, and what it returned."""
    yielded: list[Any] = []
    while True:
        try:
            yielded.append(next(thinking))
        except StopIteration as done:
            return yielded, done.value


def random_policy(state: State, seat: int, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions(seat))


def bot_policy(bots: Mapping[int, Bot] | Sequence[Bot], budget_ms: int = 1000) -> Policy:
    """Each seat played by its bot, which sees only its seat's JSON view (as at the table)."""
    def policy(state: State, seat: int, rng: random.Random) -> Action:
        return bots[seat].choose(state.game, json_view(state, seat), state.legal_actions(seat), rng, budget_ms)
    return policy


def first_to_act(state: State) -> int:
    return state.to_act()[0]


def random_actor(seed: int) -> Callable[[State], int]:
    """An actor for ``playout`` that picks, seeded, any seat that may act now (``CLOCK``
    included), so that every seat of a real-time window gets its chances."""
    rng = random.Random(~seed)

    def actor(state: State) -> int:
        seats = [seat for seat in state.to_act() if state.legal_actions(seat)]
        if not seats:
            raise AssertionError(f"a live game offers no legal action: to_act()={state.to_act()!r}"
                                 f" after {len(state.history)} actions")
        return rng.choice(seats)

    return actor


def playout(game_id: str, seed: int, policy: Policy = random_policy, *,
            players: int | None = None, options: Mapping[str, Any] | None = None,
            deck: Any = None, actor: Callable[[State], int] = first_to_act,
            max_actions: int = 100_000, moves_seed: int | None = None) -> Iterator[State]:
    """Every state of a seeded game, from the deal to the end, in which the seat ``actor`` picks
    acts by ``policy`` (with one generator seeded ``moves_seed``, by default ``seed``, for the
    whole game)."""
    state = GAMES[game_id].new(seed=seed, players=players, options=options, deck=deck)
    rng = random.Random(seed if moves_seed is None else moves_seed)
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


# --- twin deals: the same plays from decks that differ in two cards -----------------------------


def stacked_playout(game_id: str, seed: int, *, players: int | None = None,
                    options: Mapping[str, Any] | None = None,
                    policy: Policy = random_policy) -> list[State]:
    """Every state of a seeded game dealt from a seeded order of the game's cards (so that
    ``twins`` can vary the deal card by card), with any seat that may act acting at random."""
    game = GAMES[game_id]
    players = game.min_players if players is None else players
    deck = list(game.deck_cards(players, game.resolve_options(options)))
    random.Random(seed).shuffle(deck)
    return list(playout(game_id, seed, policy, players=players, options=options, deck=deck,
                        actor=random_actor(seed)))


def twins(states: Sequence[State], first: int, second: int) -> Iterator[tuple[State, State]]:
    """Each state of ``states`` (a ``stacked_playout``, or the start of one) beside the state the
    same plays, by their notation, reach from the same deck with the cards at ``first`` and
    ``second`` swapped, for as long as the swapped deal accepts them.

    Nothing is given when the swapped deck does not deal the same cards with just those two
    exchanged (Saving Private Checkers deals each side's cards in deck order, so swapping a
    heart with a club shifts the others). A pair is given only once the play that follows it
    is accepted too (the last state's pair is always given when every play was accepted). A
    refused play means the swap changed who may act or what they may do, which the rules make
    public (Checkmate: who holds a King to give), so the state it was refused in is no state
    "that differs only in hidden cards".
    """
    start = states[0]
    if start.deck is None:
        raise ValueError("twins needs a game dealt from a stacked deck (stacked_playout)")
    deck = list(start.deck)
    deck[first], deck[second] = deck[second], deck[first]
    twin = start.game.new(seed=start.seed, players=start.players, options=dict(start.options),
                          deck=deck)
    exchange = {deck[first]: deck[second], deck[second]: deck[first]}
    if twin.zones() != {zone: tuple(exchange.get(card, card) for card in cards)
                        for zone, cards in start.zones().items()}:
        return
    for state, (seat, action) in zip(states, states[-1].history, strict=False):
        try:
            after = twin.apply(seat, str(action))
        except IllegalAction:
            return
        yield state, twin
        twin = after
    yield states[-1], twin


def mentions(names: Iterable[str]) -> re.Pattern[str]:
    """A pattern that finds any of ``names`` as a whole token: ``10H`` but not inside ``110H``
    or ``10HS`` (a log may write card names inside its text)."""
    alternatives = "|".join(re.escape(name) for name in sorted(set(names), key=len, reverse=True))
    return re.compile(rf"(?<![0-9A-Za-z])(?:{alternatives})(?![0-9A-Za-z])")
