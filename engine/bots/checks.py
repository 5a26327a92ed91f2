"""Checks bots, weakest first (``random`` comes from the base):

* ``easy``: greedy. Cashes the biggest pile it can; otherwise plays the card and pile that leave
  the opponent the least to take, reckoning every point total as equally likely.
* ``hard``: information-set Monte Carlo tree search (single observer, as ``engine.bots.ismcts``)
  over deals of the cards its seat cannot see, played on ``Table``, a lean copy of the rules on
  card worths (a test holds it to the engine), with greedy-cash rollouts.

Both decide from the seat's view and the legal actions only; ``hard`` deals the cards the view
does not show, so it cannot see a face-down card either."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.bots.base import Bot, Thinking
from engine.checks import CARDS, HALF_TRICK_SIZE, Card, Cash, ChecksState, Play, point_total, worth
from engine.core import Action, EngineError, Game, SetupError
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


class Table:
    """A game of Checks as the search plays it: only what decides the rest of the game, on
    plain mutable lists of card worths (which card it is never matters, only its worth and how
    many cards a pile holds). Each iteration deals a fresh one and plays on it in place.

    ``rows[s]`` holds the seat's face-down half-tricks, the next one last (``pop()`` picks it
    up); ``stock`` the refill deck, its top last; ``heights`` and ``tops`` each pile's size and
    upcard worth (height 0: the slot is empty for good); ``turn`` is -1 once the game is over."""

    __slots__ = ("hands", "rows", "heights", "tops", "stock", "counts", "turn")

    def __init__(self, hands: list[list[int]], rows: list[list[list[int]]], heights: list[int],
                 tops: list[int], stock: list[int], counts: list[int], turn: int) -> None:
        self.hands, self.rows, self.heights, self.tops = hands, rows, heights, tops
        self.stock, self.counts, self.turn = stock, counts, turn

    @classmethod
    def of(cls, state: ChecksState) -> Table:
        """The table of an engine state (its current game): hands in the engine's order."""
        return cls(
            [[worth(card) for card in hand] for hand in state.hands],
            [[[worth(card) for card in sort_cards(trick)] for trick in reversed(row)]
             for row in state.rows],
            [len(pile) for pile in state.piles],
            [worth(pile[-1]) if pile else 0 for pile in state.piles],
            [worth(card) for card in reversed(state.stock)],
            [len(state.checks[0]), len(state.checks[1])],
            -1 if state.is_over() else state.turn,
        )

    def options(self) -> list[tuple[int, int]]:
        """The moves of the seat to act, one per outcome: ``(-1, pile)`` cashes the pile,
        ``(w, pile)`` plays a card worth ``w`` onto it. Piles of the same height and upcard
        worth are one choice (the first of them stands for all)."""
        hand = self.hands[self.turn]
        total = sum(hand) % 10
        heights, tops = self.heights, self.tops
        kinds: dict[int, int] = {}
        for pile in range(6):
            if heights[pile]:
                kinds.setdefault(heights[pile] * 10 + tops[pile], pile)
        piles = list(kinds.values())
        moves = [(-1, pile) for pile in piles if tops[pile] == total]
        moves += [(w, pile) for w in set(hand) for pile in piles]
        return moves

    def move(self, worth_played: int, pile: int) -> None:
        """The seat to act cashes ``pile`` (``worth_played`` -1) or plays a card of that worth
        onto it; then the turn passes as ``ChecksState._apply`` passes it."""
        seat = self.turn
        hands, rows = self.hands, self.rows
        hand = hands[seat]
        if worth_played < 0:
            self.counts[seat] += self.heights[pile] + len(hand)
            hand.clear()
            if self.stock:
                self.tops[pile] = self.stock.pop()
                self.heights[pile] = 1
            else:
                self.heights[pile] = 0
        else:
            hand.remove(worth_played)
            self.heights[pile] += 1
            self.tops[pile] = worth_played
        other = 1 - seat
        if hands[other] or rows[other]:
            seat = other
        elif not (hand or rows[seat]):
            self.turn = -1
            return
        self.turn = seat
        if not hands[seat]:
            hands[seat] = rows[seat].pop()

    def rollout_move(self, rng: random.Random) -> tuple[int, int]:
        """The rollout policy: cash the tallest pile the hand's total matches (a cash rarely
        hurts), else play a random card of the hand onto one of the shortest piles (what a
        decent player does with a card it must give up: risk the fewest checks). Measured
        against a random pile, same iterations: 56% (20 wins, 5 draws, 15 losses)."""
        hand = self.hands[self.turn]
        heights, tops = self.heights, self.tops
        total = sum(hand) % 10
        best, height = -1, 0
        for pile in range(6):
            if heights[pile] > height and tops[pile] == total:
                best, height = pile, heights[pile]
        if best >= 0:
            return (-1, best)
        low, shortest = 99, []
        for pile in range(6):
            height = heights[pile]
            if height and height <= low:
                if height < low:
                    low, shortest = height, [pile]
                else:
                    shortest.append(pile)
        return (hand[int(rng.random() * len(hand))], shortest[int(rng.random() * len(shortest))])

    def play_out(self, rng: random.Random) -> list[int]:
        """Play the game to its end with ``rollout_move`` for both seats: the checks won."""
        while self.turn >= 0:
            self.move(*self.rollout_move(rng))
        return self.counts


def lean(action: Action) -> tuple[int, int]:
    """An engine action as a ``Table`` move."""
    if isinstance(action, Cash):
        return (-1, action.pile)
    if isinstance(action, Play):
        return (worth(action.card), action.pile)
    raise EngineError(f"not a Checks action: {action!r}")


def declined_cashes(view: Mapping[str, Any]) -> list[tuple[int, frozenset[int]]]:
    """What the other seat's plays from the hand it holds now showed: at each of them it played
    rather than cash, so its total then most likely matched no upcard then. One entry per such
    play: the worth of the cards it has played from the hand since (that one included), which
    its hidden hand's worth plus this makes its total then, and the upcard worths showing just
    before it played. Its hand was picked up three cards strong, and a cash would have emptied
    it, so its last ``3 - size`` moves are exactly those plays. The piles of each moment come
    from undoing the public log, newest move first."""
    seat = view.get("seat")
    if not isinstance(seat, int):
        return []
    other = 1 - seat
    if not view["hand_sizes"][other]:
        return []  # its next hand is still face down: nothing it did says what that holds
    plays = HALF_TRICK_SIZE - view["hand_sizes"][other]
    piles = [[worth(Card.parse(name)) for name in pile] for pile in view["piles"]]
    found: list[tuple[int, frozenset[int]]] = []
    added = 0
    for move in reversed(view.get("log") or []):
        if len(found) == plays:
            break
        pile = move["pile"]
        if move["kind"] == "play":
            piles[pile].pop()
            if move["seat"] == other:
                added += worth(Card.parse(move["card"]))
                found.append((added, frozenset(heap[-1] for heap in piles if heap)))
        else:
            if move["seat"] == other:
                break  # a cash emptied its hand: nothing before it is about this hand
            piles[pile] = [worth(Card.parse(name)) for name in move["taken"]]
    return found


class Branch:
    """A node of the search tree: the statistics of the move that led to it, counted from the
    side of the seat that made it (``actor``)."""

    __slots__ = ("actor", "visits", "available", "reward", "children")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.visits = 0
        self.available = 1  # iterations in which the move was open at its parent
        self.reward = 0.0
        self.children: dict[Any, Branch] = {}


class HardBot(Bot):
    """Information-set MCTS (single observer, as ``engine.bots.ismcts``) over the current game
    only, played on ``Table``: later games of a series are fresh deals that no move now can
    influence. Each iteration deals the unseen cards (weighed by what the other seat's last
    move showed), walks the one tree with UCB1 among the moves open in that deal, adds a node
    and plays the rest out with ``Table.rollout_move``. The answer is the most visited move."""

    level = "hard"
    description = ("weighs each move over thousands of deals of the unseen cards, reading what "
                   "the other player's plays showed; wins about 8 games in 10 against Easy")
    iterations = 2000
    slice_iterations = 50
    #: UCB1 exploration constant for rewards in [0, 1].
    exploration = 0.7
    #: How often a deal is kept where the other seat could have cashed and played instead.
    slow_play = 0.15
    #: Deals tried before one is kept whatever it shows.
    redeals = 10
    #: What the search plays on (its ``rollout_move`` is the rollout policy).
    table: type[Table] = Table

    def think(self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
              rng: random.Random, budget_ms: int) -> Thinking:
        if not legal:
            raise SetupError("a bot was asked to act with no legal action")
        choices = distinct_choices(view, legal)
        if len(choices) == 1:
            return choices[0]
        seat = view.get("seat")
        if not isinstance(seat, int):
            raise SetupError("the Checks search needs the view of a seat")
        deal = self.table_dealer(view)
        moves = [lean(action) for action in choices]
        root = Branch(seat)
        deadline = time.perf_counter() + budget_ms / 1000 if budget_ms > 0 else math.inf
        for done in range(1, self.iterations + 1):
            self.search_once(deal(rng), moves, root, rng)
            if done % self.slice_iterations == 0:
                if time.perf_counter() > deadline:
                    break
                yield None

        def score(index: int) -> tuple[int, float, int]:
            node = root.children.get(index)
            if node is None or not node.visits:
                return (0, 0.0, -index)
            return (node.visits, node.reward / node.visits, -index)

        return choices[max(range(len(choices)), key=score)]

    def search_once(self, table: Table, moves: list[tuple[int, int]], root: Branch,
                    rng: random.Random) -> None:
        """One iteration on a dealt ``table``: at the root the keys are the indices of the
        real actions (played as ``moves``), below it the ``Table`` moves themselves."""
        exploration = self.exploration
        node = root
        path = [root]
        keys: Sequence[Any] = range(len(moves))
        while True:
            actor = table.turn
            children = node.children
            fresh = []
            for index, key in enumerate(keys):
                child = children.get(key)
                if child is None:
                    fresh.append(index)
                else:
                    child.available += 1
            if fresh:
                index = fresh[int(rng.random() * len(fresh))]
                node = children[keys[index]] = Branch(actor)
                path.append(node)
                table.move(*moves[index])
                break
            best_value, index = -1.0, 0
            for at, key in enumerate(keys):
                child = children[key]
                value = child.reward / child.visits + exploration * math.sqrt(
                    math.log(child.available) / child.visits)
                if value > best_value:
                    best_value, index = value, at
            node = children[keys[index]]
            path.append(node)
            table.move(*moves[index])
            if table.turn < 0:
                break
            keys = moves = table.options()
        counts = table.play_out(rng)
        rewards = (self.margin_reward(counts, 0), self.margin_reward(counts, 1))
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.actor]

    def table_dealer(self, view: Mapping[str, Any]) -> Callable[[random.Random], Table]:
        """Deals of the cards ``view`` does not show, as tables, weighed by what the other
        seat's plays from its hand showed (``declined_cashes``): a deal where it could have
        cashed instead is mostly dealt again, up to ``redeals`` times."""
        try:
            seat = view["seat"]
            piles = [[Card.parse(name) for name in pile] for pile in view["piles"]]
            checks = [[Card.parse(name) for name in cards] for cards in view["checks"]]
            hand = [Card.parse(name) for name in view["hand"]]
            sizes = list(view["hand_sizes"])
            downs = [sum(1 for place in view["rows"][s] if place == "down") for s in (0, 1)]
            deck_count = view["deck_count"]
        except (KeyError, IndexError, TypeError) as error:
            raise SetupError(f"not a Checks view of a seat: {error!r}") from None
        seen = {card for cards in (*piles, *checks, hand) for card in cards}
        unseen = [worth(card) for card in CARDS if card not in seen]
        other = 1 - seat
        if len(unseen) != sizes[other] + HALF_TRICK_SIZE * sum(downs) + deck_count:
            raise SetupError("not a Checks view: the hidden cards do not add up")
        own = [worth(card) for card in hand]
        heights = [len(pile) for pile in piles]
        tops = [worth(pile[-1]) if pile else 0 for pile in piles]
        counts = [len(checks[0]), len(checks[1])]
        turn = view["turn"]
        declined = declined_cashes(view)
        slow_play, redeals, make = self.slow_play, self.redeals, self.table
        size = sizes[other]

        def table(rng: random.Random) -> Table:
            cards = list(unseen)
            rng.shuffle(cards)
            for _ in range(redeals if declined else 0):
                # A deal where the other seat could have cashed is kept only ``slow_play`` of
                # the time for each such chance it let go (it may wait for a pile to grow).
                held = sum(cards[:size])
                if all((held + played) % 10 not in upcards or rng.random() < slow_play
                       for played, upcards in declined):
                    break
                rng.shuffle(cards)
            hands = [own[:], cards[:size]] if seat == 0 else [cards[:size], own[:]]
            at = size
            rows: list[list[list[int]]] = [[], []]
            for s in (0, 1):
                for _ in range(downs[s]):
                    rows[s].append(cards[at:at + HALF_TRICK_SIZE])
                    at += HALF_TRICK_SIZE
            return make(hands, rows, heights[:], tops[:], cards[at:], counts[:], turn)

        return table

    @staticmethod
    def margin_reward(scores: Sequence[int], seat: int) -> float:
        """Mostly the win (1), draw (½) or loss (0); a little of the margin breaks near-ties."""
        mine, theirs = scores[seat], scores[1 - seat]
        outcome = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        return 0.85 * outcome + 0.15 * (0.5 + (mine - theirs) / 104)


BOTS: tuple[Bot, ...] = (EasyBot(), HardBot())
