"""Bot conformance suite: every level of every game in ``engine.bots.BOTS`` keeps the bot contract.

Parametrized over each (game, level), on seeded positions of every game (random playouts from a
stacked deck, ``support.stacked_playout``; positions late in the game, where the searches are
shortest, with several legal actions, and one with a single legal action where a game has one):

1. the choice is one of the legal actions;
2. the same seed gives the same choice;
3. ``think`` is a generator that yields ``None`` between slices of work; a level that searches
   yields at least once before it returns on one of the first positions with a real choice of
   a fresh deal (so the page repaints while it thinks); every level returns;
4. the bot reads nothing beyond ``view(seat)``: two states that differ only in cards the seat
   cannot see (``support.twins``: the same plays from a deck with two cards swapped; the seat's
   views and legal actions equal, the cards somewhere else) give the same choice, same seed.

Bots run with ``support.BUDGET_MS``: generous, so that each search runs its whole seeded
number of iterations (the budget in milliseconds only cuts a search short on a slow machine,
which would make the choice depend on the machine's speed).
"""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass
from functools import cache

import pytest

from engine import CLOCK, GAMES, State
from engine.bots import BOTS, get_bot
from support import BUDGET_MS, decide, json_view, mentions, stacked_playout, think, twins, view_text

LEVELS = [pytest.param(game_id, level, id=f"{game_id}-{level}")
          for game_id in sorted(BOTS) for level in BOTS[game_id]]

#: The levels that search, and so must think in slices. (Chess Cards' medium looks three moves
#: ahead, well within one slice of ``NODES_PER_SLICE`` positions: it never needs to yield.)
SEARCHING = {
    ("checks", "hard"), ("checkmate", "hard"), ("check", "hard"), ("private-checkers", "medium"),
    ("private-checkers", "hard"), ("chess-cards", "hard"), ("chess-cards", "perfect"),
}

#: Positions per playout, from the last ``LATE`` part of the game, of one seeded playout with
#: the fewest seats, one with the most and one in between.
PER_PLAYOUT = 3
LATE = 0.4
#: Card swaps tried per position to find a twin state for check 4.
TWIN_TRIES = 30
#: The fresh deal the slicing check thinks on: a seed no other check here uses (Chess Cards'
#: solvers keep their tables between decisions, and a solved position takes no slices), and
#: Chess Cards without sacrifices, whose exact solve of a fresh deal takes minutes.
YIELD_SEED = 17
YIELD_OPTIONS = {"chess-cards": {"sacrifice": False}}
YIELD_POSITIONS = 12


def test_the_searching_levels_are_bot_levels() -> None:
    assert {(game_id, level) for game_id in BOTS for level in BOTS[game_id]} >= SEARCHING


@dataclass(frozen=True)
class Position:
    """A state of a stacked playout (``states[index]``) and the seat a bot decides for."""

    states: tuple[State, ...]
    index: int
    seat: int

    @property
    def state(self) -> State:
        return self.states[self.index]

    def __str__(self) -> str:
        return (f"seed {self.states[0].seed}, {self.state.players} seats, after {self.index} "
                f"actions, seat {self.seat}")


def deciders(state: State, least: int) -> list[int]:
    """The seats (not the clock) that may act in ``state`` with at least ``least`` legal
    actions (exactly one when ``least`` is 1)."""
    return [seat for seat in state.to_act() if seat != CLOCK
            and (len(state.legal_actions(seat)) >= least if least > 1
                 else len(state.legal_actions(seat)) == 1)]


def scan(states: tuple[State, ...], indices: range, least: int = 2) -> list[Position]:
    return [Position(states, index, seats[0]) for index in indices
            if (seats := deciders(states[index], least))]


@cache
def late_positions(game_id: str) -> tuple[Position, ...]:
    """Late positions with a real choice from three seeded playouts, in different phases where
    the game has them, and the first position with a single legal action, where there is one."""
    game = GAMES[game_id]
    low, high = game.min_players, game.max_players
    found: list[Position] = []
    for seed, players in enumerate((low, high, (low + high) // 2)):
        states = tuple(stacked_playout(game_id, seed, players=players))
        late = scan(states, range(int(len(states) * (1 - LATE)), len(states) - 1))
        # One of each phase first (a Check! turn, its matching window, an ability), then more.
        phases = {spot.state.view(spot.seat)["phase"]: spot for spot in reversed(late)}
        found += list(dict.fromkeys([*phases.values(), *late[::-3]]))[:PER_PLAYOUT]
        if seed == 0:
            found += scan(states, range(len(states) - 1), least=1)[:1]
    return tuple(found)


@cache
def first_choice(game_id: str, level: str, number: int) -> tuple[tuple[object, ...], object]:
    """What the level yielded and chose at ``late_positions(game_id)[number]``, seed 1 (computed
    once for the checks that compare with it)."""
    spot = late_positions(game_id)[number]
    yielded, action = think(get_bot(game_id, level), spot.state, spot.seat, seed=1)
    return tuple(yielded), action


def numbered(game_id: str) -> list[tuple[int, Position]]:
    spots = late_positions(game_id)
    assert any(len(spot.state.legal_actions(spot.seat)) > 1 for spot in spots), (
        f"{game_id}: no position with a choice")
    return list(enumerate(spots))


@pytest.mark.parametrize("game_id, level", LEVELS)
def test_the_choice_is_legal_and_the_same_for_the_same_seed(game_id: str, level: str) -> None:
    for number, spot in numbered(game_id):
        legal = spot.state.legal_actions(spot.seat)
        yielded, action = first_choice(game_id, level, number)
        assert action in legal, f"{spot}: {level} chose {action!r}, not one of {legal}"
        assert all(value is None for value in yielded), f"{spot}: think yielded {yielded[:3]}"
        again = decide(level, spot.state, spot.seat, seed=1)
        assert again == action, f"{spot}: the same seed chose {action} and then {again}"


@pytest.mark.parametrize("game_id, level", LEVELS)
def test_think_yields_between_slices(game_id: str, level: str) -> None:
    game, bot = GAMES[game_id], get_bot(game_id, level)
    states = tuple(stacked_playout(game_id, YIELD_SEED, options=YIELD_OPTIONS.get(game_id)))
    spots = scan(states, range(len(states) - 1))[:YIELD_POSITIONS]
    assert spots, f"{game_id}: no position with a choice"
    for spot in spots:
        thinking = bot.think(game, json_view(spot.state, spot.seat),
                             spot.state.legal_actions(spot.seat), random.Random(1), BUDGET_MS)
        assert inspect.isgenerator(thinking), f"{level}.think must be a generator"
        thinking.close()
        yielded, action = think(bot, spot.state, spot.seat, seed=1)
        assert action in spot.state.legal_actions(spot.seat), f"{spot}: {action!r} is not legal"
        assert all(value is None for value in yielded), f"{spot}: think yielded {yielded[:3]}"
        if yielded or (game_id, level) not in SEARCHING:
            return
    pytest.fail(f"{level} searched {len(spots)} positions with a choice without ever yielding")


def twin_of(spot: Position, rng: random.Random) -> State | None:
    """A state the same plays reach from a deck with two cards swapped that the seat cannot
    tell from ``spot.state`` (equal view and legal actions) though a card lies elsewhere."""
    seen = view_text(spot.state, spot.seat)
    deck = spot.states[0].deck or ()
    hidden = [index for index, card in enumerate(deck) if not mentions([card]).search(seen)]
    legal = list(map(str, spot.state.legal_actions(spot.seat)))
    for _ in range(TWIN_TRIES if len(hidden) > 1 else 0):
        pairs = list(twins(spot.states[:spot.index + 1], *rng.sample(hidden, 2)))
        if not pairs or len(pairs[-1][1].history) != spot.index:
            continue  # a play was refused: the swap changed what the rules make public
        twin = pairs[-1][1]
        if (twin.zones() != spot.state.zones() and view_text(twin, spot.seat) == seen
                and list(map(str, twin.legal_actions(spot.seat))) == legal):
            return twin
    return None


#: Where some seat cannot see everything: a perfect-information game has no twin states.
HIDDEN_LEVELS = [param for param in LEVELS if not GAMES[param.values[0]].perfect_information]


@pytest.mark.parametrize("game_id, level", HIDDEN_LEVELS)
def test_the_bot_reads_nothing_beyond_the_view(game_id: str, level: str) -> None:
    compared = 0
    for number, spot in numbered(game_id):
        twin = twin_of(spot, random.Random(number))
        if twin is None:
            continue
        compared += 1
        _, action = first_choice(game_id, level, number)
        other = decide(level, twin, spot.seat, seed=1)
        assert other == action, (
            f"{spot}: {level} chose {action} in one deal and {other} in another that the seat "
            "cannot tell apart: the bot reads more than the view")
    assert compared, f"{game_id}: no position has a twin state; try other seeds"
