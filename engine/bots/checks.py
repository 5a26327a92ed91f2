"""Checks bots, weakest first (``random`` comes from the base):

* ``easy``: greedy. Cashes the biggest pile it can; otherwise plays the card and pile that leave
  the opponent the least to take, reckoning every point total as equally likely.
* ``hard``: information-set Monte Carlo tree search (``engine.bots.ismcts``) over deals of the
  cards its seat cannot see, with greedy-cash rollouts.

Both decide from the seat's view and the legal actions only; ``hard`` builds its search states
through ``game.from_view``, so it cannot see a face-down card either.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.bots.base import Bot, Thinking
from engine.bots.ismcts import ISMCTSBot
from engine.checks import Card, Cash, ChecksState, Play, point_total, worth
from engine.core import Action, EngineError, Game, Result, SetupError, State
from engine.playing_cards import sort_cards


def exposure(piles: Sequence[Sequence[Card]]) -> int:
    """What a board offers a player whose point total is unknown: for each upcard value, the
    tallest pile headed by it (only one pile can be cashed per turn), summed over the values."""
    tallest: dict[int, int] = {}
    for pile in piles:
        if pile:
            value = worth(pile[-1])
            tallest[value] = max(tallest.get(value, 0), len(pile))
    return sum(tallest.values())


class EasyBot(Bot):
    level = "easy"
    description = ("cashes the biggest pile it can, else leaves the opponent the least; "
                   "wins about 19 games in 20 against Random")

    def think(self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
              rng: random.Random, budget_ms: int) -> Thinking:
        if not legal:
            raise SetupError("a bot was asked to act with no legal action")
        return self.decide(view, legal, rng)
        yield  # pragma: no cover - makes this a generator

    @staticmethod
    def decide(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        piles = [tuple(Card.parse(name) for name in pile) for pile in view["piles"]]
        cashes = [action for action in legal if isinstance(action, Cash)]
        if cashes:
            return max(cashes, key=lambda action: (len(piles[action.pile]), rng.random()))
        hand = [Card.parse(name) for name in view.get("hand", ())]

        def cost(action: Play) -> tuple[int, int, float]:
            after = list(piles)
            after[action.pile] = after[action.pile] + (action.card,)
            # Second: a pile our own remaining hand could take next turn, the taller the better.
            rest = [card for card in hand if card != action.card]
            total = point_total(rest)
            ours = max((len(p) for p in after if rest and p and worth(p[-1]) == total), default=0)
            return (exposure(after), -ours, rng.random())

        plays = [action for action in legal if isinstance(action, Play)]
        return min(plays, key=cost)


def distinct_choices(view: Mapping[str, Any], legal: Sequence[Action]) -> tuple[Action, ...]:
    """One action of each kind that leads to the same future: only the counts of cards and the
    upcards' values matter to the rest of the game, so playing a King or a Queen onto two piles
    of the same height and upcard value are the same choice, and so are two such cashes."""
    piles = view["piles"]
    chosen: dict[tuple[int, ...], Action] = {}
    for action in legal:
        if not isinstance(action, Cash | Play):
            raise EngineError(f"not a Checks action: {action!r}")
        pile = piles[action.pile]
        head = (len(pile), worth(Card.parse(pile[-1])))
        key = (-1, *head) if isinstance(action, Cash) else (worth(action.card), *head)
        chosen.setdefault(key, action)
    return tuple(chosen.values())


def rollout_choice(hand: Sequence[Card], piles: Sequence[Sequence[Card]],
                   rng: random.Random) -> tuple[str, int, int]:
    """The rollout policy: cash the tallest pile the hand's total matches (a cash rarely
    hurts), else play a random card onto a random pile. Returns ``("cash", pile, 0)`` or
    ``("play", pile, card index in hand)``."""
    total = point_total(hand)
    best, height = -1, 0
    for index, pile in enumerate(piles):
        if pile and worth(pile[-1]) == total and len(pile) > height:
            best, height = index, len(pile)
    if best >= 0:
        return ("cash", best, 0)
    live = [index for index, pile in enumerate(piles) if pile]
    return ("play", live[rng.randrange(len(live))], rng.randrange(len(hand)))


def simulate(state: ChecksState, rng: random.Random) -> tuple[int, int]:
    """Play the current game to its end with ``rollout_choice`` for both seats; the checks
    each seat ends with. A lean copy of the rules of ``ChecksState._apply`` on plain lists (no
    state objects, no move log), for speed: a test holds it to the engine move for move."""
    hands = [list(state.hands[0]), list(state.hands[1])]
    rows = [list(state.rows[0]), list(state.rows[1])]
    piles = [list(pile) for pile in state.piles]
    stock = list(state.stock)
    stock.reverse()  # pop() takes the top
    counts = [len(state.checks[0]), len(state.checks[1])]
    seat = state.turn
    while True:
        hand = hands[seat]
        kind, pile, card = rollout_choice(hand, piles, rng)
        if kind == "cash":
            counts[seat] += len(piles[pile]) + len(hand)
            hand.clear()
            piles[pile] = [stock.pop()] if stock else []
        else:
            piles[pile].append(hand.pop(card))
        other = 1 - seat
        if hands[other] or rows[other]:
            seat = other
        elif not (hands[seat] or rows[seat]):
            break
        if not hands[seat]:
            hands[seat] = list(sort_cards(rows[seat].pop(0)))
    return counts[0], counts[1]


def declined_cash(view: Mapping[str, Any]) -> tuple[int, int, frozenset[int]] | None:
    """When the last move of the current game was the other seat's play: that seat, the worth
    of the card it played, and the upcard values showing before it played (the totals it could
    have cashed with). ``None`` otherwise."""
    log = view.get("log") or []
    seat = view.get("seat")
    if not log or log[-1].get("kind") != "play" or log[-1].get("seat") == seat:
        return None
    last = log[-1]
    piles = [list(pile) for pile in view["piles"]]
    before = piles[last["pile"]][:-1]
    piles[last["pile"]] = before
    upcards = frozenset(worth(Card.parse(pile[-1])) for pile in piles if pile)
    return last["seat"], worth(Card.parse(last["card"])), upcards


class HardBot(ISMCTSBot):
    """ISMCTS over the current game only: later games of a series are fresh deals that no move
    now can influence, so the search view is cut down to a single game; of the public move log
    only the last move is kept (the rest says nothing about the future)."""

    level = "hard"
    description = ("weighs each move over hundreds of deals of the unseen cards, reading what the "
                   "other player's last move showed; wins about 9 games in 10 against Easy")
    iterations = 750
    slice_iterations = 20
    #: How often a deal is kept where the other seat could have cashed and played instead.
    slow_play = 0.25
    #: Deals tried before one is kept whatever it shows.
    redeals = 6

    def think(self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
              rng: random.Random, budget_ms: int) -> Thinking:
        # The last move stays: ``dealer`` reads from it what the other seat's hand may be.
        single = dict(view, options={**view["options"], "games": 1}, finished=[], log=view["log"][-1:])
        return (yield from super().think(game, single, distinct_choices(view, legal), rng, budget_ms))

    def dealer(self, game: Game, view: Mapping[str, Any]) -> Callable[[random.Random], State]:
        """Deals weighed by what the other seat's last move showed: it played a card rather
        than cash, so its total then (its hand now plus the card it played) most likely matched
        no upcard then. A deal where it did is kept only ``slow_play`` of the time (a player may
        wait for a pile to grow), and a few redeals are tried before one is kept anyway."""
        deal = game.dealer_for(view)
        declined = declined_cash(view)
        if declined is None:
            return deal
        other, played, upcards = declined

        def weighed(rng: random.Random) -> State:
            for _ in range(self.redeals):
                state = deal(rng)
                if not isinstance(state, ChecksState):
                    raise EngineError(f"the Checks bot cannot search a {type(state).__name__}")
                then = (point_total(state.hands[other]) + played) % 10
                if then not in upcards or rng.random() < self.slow_play:
                    return state
            return state

        return weighed

    def rollout(self, state: State, rng: random.Random) -> dict[int, float]:
        if not isinstance(state, ChecksState):
            raise EngineError(f"the Checks bot cannot search a {type(state).__name__}")
        result = state.result()
        scores = simulate(state, rng) if result is None else result.scores
        return {seat: self.margin_reward(scores, seat) for seat in (0, 1)}

    def reward(self, result: Result, seat: int) -> float:
        return self.margin_reward(result.scores, seat)

    @staticmethod
    def margin_reward(scores: Sequence[int], seat: int) -> float:
        """Mostly the win (1), draw (½) or loss (0); a little of the margin breaks near-ties."""
        mine, theirs = scores[seat], scores[1 - seat]
        outcome = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        return 0.85 * outcome + 0.15 * (0.5 + (mine - theirs) / 104)


BOTS: tuple[Bot, ...] = (EasyBot(), HardBot())
