"""Checkmate bots, weakest first: random (any legal move, but always says "last card"), easy
(rules of thumb), hard (information-set MCTS over deals of the cards it cannot see).

Every level says "last card" as soon as it is due: missing it turns a win into a draw, and the
rule is simple enough that no level should forget. A draw from the fan is a pick among face-down
cards, so every level picks a position at random.
"""

from __future__ import annotations

import bisect
import copy
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.bots.base import Bot, RandomBot, Thinking
from engine.bots.ismcts import ISMCTSBot, Node
from engine.checkmate import Announce, Card, CheckmateState, Draw, Give, Play, matches
from engine.core import Action, EngineError, Game, Result, State, evolve
from engine.playing_cards import ACE, CARDS, KING, sort_cards


def obvious(legal: Sequence[Action], rng: random.Random) -> Action | None:
    """The move every level makes without thinking: say "last card" when due, pick a face-down
    card at random when drawing, and the only action when there is one."""
    # The engine lists "last card" first, and offers draws only when no card can be played.
    if isinstance(legal[0], (Announce, Draw)):
        return legal[0] if isinstance(legal[0], Announce) else rng.choice(list(legal))
    return legal[0] if len(legal) == 1 else None


class CheckmateRandomBot(RandomBot):
    """Any legal move, except that it never forgets to say "last card"."""

    description = "plays any legal card, but always says \"last card\""

    def think(
        self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
        rng: random.Random, budget_ms: int,
    ) -> Thinking:
        if isinstance(legal[0], Announce):
            return legal[0]
        return (yield from super().think(game, view, legal, rng, budget_ms))


#: For each card (by index), the indexes of the cards that may go on it.
_FOLLOWERS = tuple(frozenset(other.index for other in CARDS if matches(other, card)) for card in CARDS)
#: The same read the other way for a top card: the cards that may be played on it.
_FITS_ON = _FOLLOWERS


def _index(card: Card) -> int:
    return card.index


def rule_of_thumb(hand: Sequence[Card], legal: Sequence[Action], players: int,
                  rng: random.Random, next_lacks: frozenset[Card] = frozenset()) -> Action:
    """The easy level's choice (also the hard level's rollout policy).

    Plays: first a card the next seat is known to be short of (``next_lacks``: it had to draw
    on such cards), so that it must draw again; then, with two or three seats, the card the rest
    of the hand follows least (an isolated card is the hardest to get rid of later), with four
    seats the one it follows most. Both orders come from seeded duels against random play
    (``bench/checkmate_bots.py``); so does playing Aces freely: holding them back lost games.
    Gives: hand over the King that the rest of the hand follows least.
    """
    obvious_move = obvious(legal, rng)
    if obvious_move is not None:
        return obvious_move

    held = {card.index for card in hand}

    def followers(card: Card) -> int:
        # The cards of the hand that may go on ``card``, itself left out (a card fits itself).
        return len(_FOLLOWERS[card.index] & held) - (card.index in held)

    gives = [action for action in legal if isinstance(action, Give)]
    if gives:
        return min(gives, key=lambda give: (followers(give.card), rng.random()))
    plays = [action for action in legal if isinstance(action, Play)]
    connected = -1 if players >= 4 else 1

    def cost(play: Play) -> tuple[int, float]:
        blocked = sum(1 for other in next_lacks if matches(other, play.card))
        return (-blocked, connected * followers(play.card) + rng.random())

    return min(plays, key=cost)


def known_lacks(view: Mapping[str, Any], seat: int) -> frozenset[Card]:
    """Cards ``seat`` cannot hold, as far as the public log tells: each time it had to draw, it
    held nothing that fit the top card then. A card it drew and kept may be of any earlier
    such kind, so only the draws since its last kept card count; Kings seen going to it are
    left out."""
    lacks: set[Card] = set()
    top: Card | None = None
    for event in view["log"]:
        if event["seat"] == seat and event["kind"] == "draw":
            lacks = set()
        if event["seat"] == seat and event["kind"] in ("draw", "play") and (
                event["kind"] == "draw" or event.get("drawn")) and top is not None:
            lacks.update(card for card in CARDS if matches(card, top))
        if event["kind"] == "play":
            top = Card.parse(event["card"])
    held = {Card.parse(name) for name in view["known"][seat]}
    return frozenset(lacks - held)


class EasyBot(Bot):
    level = "easy"
    description = ("makes the next player draw when it can, by rules of thumb; wins about half its "
                   "games against Random, where the deal decides much")

    def think(self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
              rng: random.Random, budget_ms: int) -> Thinking:
        hand = [Card.parse(name) for name in view["hand"]]
        next_seat = (view["seat"] + 1) % view["players"]
        return rule_of_thumb(hand, legal, view["players"], rng, known_lacks(view, next_seat))
        yield  # pragma: no cover - makes this a generator


class HardBot(ISMCTSBot):
    """ISMCTS over deals of the unseen cards, one deal at a time: a rollout plays the deal to its
    end (a series' later deals are new shuffles the bot cannot plan for), and the reward is 1
    for winning that deal, 0 for losing it, an even share (1 / seats) for a drawn deal. (Cut-off
    rollouts scored by hand sizes were tried: no stronger, in bench/checkmate_bots.py's duels.)

    Hooks: the obvious moves (``obvious``) are made without searching; the rollout plays by the
    easy level's rules of thumb, a play the next hand cannot follow first (``rollout_choice``);
    a draw from the fan is chance in the tree (``iterate``); a rollout cut off at the limit
    (rare: a deal is rarely that long) scores each seat by how few cards it holds; in a
    simulated position a seat that owes "last card" says it first (``actor``).

    Measured at two seats against easy (``bench/checkmate_bots.py --match hard:easy``, 100
    games each), every version of this search scored between 53% and 56%: the deal decides
    much of a game. Comparing every action in the same deals (a paired search) scored no
    better (54%; 52% against the frozen hard where the tree scored 60%), and was dropped. With
    rollouts on plain lists (``quick_rollout``) and 900 iterations in about the frozen hard's
    time (1.27x), hard scored 66.7% against the frozen hard (20 wins, 10 losses in 30) but still
    54.5% against easy (54, 1, 45 in 100), and 40% against the frozen hard given 8x its
    iterations (8 wins, 12 losses in 20): that search's budget still tells. At four seats one
    hard against three easy won 11 and then 8 games in 40 (8 and 4 deals drawn): about an even
    share."""

    level = "hard"
    description = ("weighs each play over hundreds of deals of the hidden cards; wins a little "
                   "over half its games against Easy (the deal decides much), and at four seats "
                   "about as often as each Easy bot")
    iterations = 900
    slice_iterations = 25
    rollout_limit = 120
    #: Whether rollouts run on plain lists (``quick_rollout``) rather than the game's states.
    quick = True
    #: Whether a rollout's seats play first the cards the next hand cannot follow.
    sees_next = True
    #: The deal the search is about (set per decision on a copy of the bot).
    deal = 0

    def without_search(self, game: Game, view: Mapping[str, Any], legal: tuple[Action, ...],
                       rng: random.Random) -> Action | None:
        return obvious(legal, rng)

    def dealer(self, game: Game, view: Mapping[str, Any]) -> Callable[[random.Random], State]:
        """Deals that respect what the other seats' draws showed (``known_lacks``: a seat that
        had to draw held nothing that fit the top card then): each card such a seat is dealt
        but cannot hold is swapped with a card of the fan that it may hold (no King: the Kings'
        whereabouts are the view's to say)."""
        deal = reshuffler(game, view)
        seat = view["seat"]
        lacking = {other: known_lacks(view, other) for other in range(int(view["players"]))
                   if other != seat}
        lacking = {other: lacks for other, lacks in lacking.items() if lacks}
        if not lacking:
            return deal
        shown = {other: {Card.parse(name) for name in view["known"][other]} for other in lacking}

        def weighed(rng: random.Random) -> State:
            state = checkmate_state(deal(rng))
            hands, stock = list(state.hands), list(state.stock)
            for other, lacks in lacking.items():
                hand = list(hands[other])
                wrong = [index for index, card in enumerate(hand)
                         if card in lacks and card not in shown[other]]
                if not wrong:
                    continue
                for index in wrong:
                    fits = [place for place, card in enumerate(stock)
                            if card not in lacks and card.rank != KING]
                    if not fits:
                        break
                    place = fits[rng.randrange(len(fits))]
                    hand[index], stock[place] = stock[place], hand[index]
                hands[other] = sort_cards(hand)
            return evolve(state, hands=tuple(hands), stock=tuple(stock))

        return weighed

    def think(self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
              rng: random.Random, budget_ms: int) -> Thinking:
        search = copy.copy(self)
        search.deal = int(view["game_number"])
        return (yield from ISMCTSBot.think(search, game, view, legal, rng, budget_ms))

    def iterate(self, deal: Callable[[random.Random], State], seat: int, legal: tuple[Action, ...],
                root: Node, rng: random.Random) -> None:
        """``ISMCTSBot.iterate`` with a draw from the fan taken as chance: every face-down card
        of the fan is as good as another to the seat that draws, so the tree keeps one branch
        per card drawn instead of a branch per position (some thirty) for each draw. A deal
        whose draws are spread over thirty branches leaves the tree no deeper than the draw."""
        state = deal(rng)
        path = [root]
        node = root
        first = True
        while not state.is_over():
            actor = seat if first else self.actor(state)
            position = checkmate_state(state)
            if not first and rollout_draws(position, actor):
                # A draw, picked at random as the table's bots do (``rollout_choice``).
                state = position._apply(actor, rollout_choice(position, actor, rng))
                continue
            options = legal if first else position.legal_actions(actor)
            first = False
            if not options:
                break
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
            if node.action is None:
                raise EngineError("ISMCTS: a child node without its action")
            state = state._apply(actor, node.action)
            path.append(node)
        rewards = self.rollout(state, rng)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards.get(visited.actor, 0.5)

    def actor(self, state: State) -> int:
        return speaker_first(checkmate_state(state))

    def rollout(self, state: State, rng: random.Random) -> dict[int, float]:
        position = checkmate_state(state)
        if self.quick and not position.over and position.game_number == self.deal:
            return self.quick_rollout(position, rng)
        for _ in range(self.rollout_limit):
            if position.over or position.game_number != self.deal:
                return self.deal_rewards(position)
            seat = speaker_first(position)
            position = position._apply(seat, rollout_choice(position, seat, rng, self.sees_next))
        return self.evaluate(position)

    def quick_rollout(self, position: CheckmateState, rng: random.Random) -> dict[int, float]:
        """The rollout above played on plain lists instead of the game's immutable states, at
        a fraction of the cost: the same rules for the rest of the deal (a card drawn that fits
        is played at once, an Ace calls for a King, an empty fan ends the deal with no winner,
        a last card played without "last card" said too), the same choices (``rollout_choice``,
        the same draws of ``rng``), so the same rewards. Every seat of a rollout says "last
        card" as soon as it is due, as every level does; a seat that missed it before the
        rollout began (a line the tree tried) stays unannounced until its hand changes."""
        players = position.players
        hands = [list(hand) for hand in position.hands]
        stock = list(position.stock)
        top = position.top
        turn, giver = position.turn, position.giver
        unannounced = {seat for seat in range(players) if len(hands[seat]) == 1
                       and seat not in position.announced and seat not in position.due}
        connected = -1 if players >= 4 else 1

        def followers(card: Card, held: set[int]) -> int:
            return len(_FOLLOWERS[card.index] & held) - (card.index in held)

        def stuck(seat: int) -> bool:
            """No card of ``seat`` fits and the fan is empty: the deal ends with no winner."""
            return not stock and (top is None or not any(_FITS_ON[top.index] & {c.index for c in hands[seat]}))

        for _ in range(self.rollout_limit):
            if giver is not None:
                hand = hands[giver]
                held = {card.index for card in hand}
                kings = [card for card in hand if card.rank == KING]
                king = kings[0] if len(kings) == 1 else min(
                    kings, key=lambda card: (followers(card, held), rng.random()))
                hand.remove(king)
                bisect.insort(hands[turn], king, key=_index)
                unannounced.discard(giver)
                unannounced.discard(turn)
                giver, turn = None, (turn + 1) % players
                if stuck(turn):
                    return self.even(players)
                continue
            seat = turn
            hand = hands[seat]
            fits = hand if top is None else [card for card in hand if card.index in _FITS_ON[top.index]]
            into_empty = False
            if fits:
                # The opening card (no top card yet) is chosen by the rule of thumb alone.
                following = hands[(seat + 1) % players] if top is not None else None
                card = fits[0] if len(fits) == 1 else self.quick_play(hand, fits, following, connected, rng)
            else:
                card = stock.pop(rng.randrange(len(stock)))
                unannounced.discard(seat)
                if top is not None and card.index not in _FITS_ON[top.index]:
                    bisect.insort(hand, card, key=_index)
                    turn = (seat + 1) % players
                    if stuck(turn):
                        return self.even(players)
                    continue
                into_empty = not hand
                bisect.insort(hand, card, key=_index)
            hand.remove(card)
            top = card
            if not hand and seat in unannounced and not into_empty:
                return self.even(players)
            if card.rank == ACE:
                giver = next((other for other in ((seat + step) % players for step in range(1, players))
                              if any(held.rank == KING for held in hands[other])), None)
                if giver is not None:
                    turn = seat
                    continue
            if not hand:
                return {other: float(other == seat) for other in range(players)}
            if len(hand) != 1:
                unannounced.discard(seat)
            turn = (seat + 1) % players
            if stuck(turn):
                return self.even(players)
        weights = [1.0 / (len(hand) + 1) for hand in hands]
        total = sum(weights)
        return {seat: weight / total for seat, weight in enumerate(weights)}

    def quick_play(self, hand: list[Card], fits: list[Card], following: list[Card] | None,
                   connected: int, rng: random.Random) -> Card:
        """``rollout_choice``'s play among ``fits`` (several), on plain lists."""
        if self.sees_next and following is not None:
            follow = {card.index for card in following}
            blocked = [card for card in fits if not _FOLLOWERS[card.index] & follow]
            if blocked and len(blocked) < len(fits):
                fits = blocked
                if len(fits) == 1:
                    return fits[0]
        held = {card.index for card in hand}
        return min(fits, key=lambda card: connected * (len(_FOLLOWERS[card.index] & held)
                                                        - (card.index in held)) + rng.random())

    @staticmethod
    def even(players: int) -> dict[int, float]:
        """A deal with no winner: an even share each (``deal_rewards``)."""
        return {seat: 1.0 / players for seat in range(players)}

    def deal_rewards(self, state: CheckmateState) -> dict[int, float]:
        """Rewards from the summary of the deal the search is about. A deal with no winner is
        worth an even share to each seat (1 / seats): at four seats the shared default of ½
        rated a drawn deal twice a seat's even chance of winning, and the search played for
        draws (6 wins in 40 games against three easy seats, 8 deals drawn)."""
        summary = state.finished[self.deal - 1]
        if not summary.winners:
            return {seat: 1.0 / state.players for seat in range(state.players)}
        result = Result(scores=summary.scores, winners=summary.winners, reason=summary.reason)
        return {seat: self.reward(result, seat) for seat in range(state.players)}

    def evaluate(self, state: State) -> dict[int, float]:
        """Fewer cards, better: a seat's share of 1 / (cards + 1) over all seats."""
        weights = [1.0 / (len(hand) + 1) for hand in checkmate_state(state).hands]
        total = sum(weights)
        return {seat: weight / total for seat, weight in enumerate(weights)}


def reshuffler(game: Game, view: Mapping[str, Any]) -> Callable[[random.Random], State]:
    """``game.dealer_for(view)`` made cheap: the view read once (``from_view``), then each deal a
    reshuffle of the cards the seat cannot see among the other hands (the cards everyone saw
    them receive stay) and the fan. While an Ace waits for a King the view says more about the
    Kings (``from_view`` keeps it): those deals are read from the view each time. The log is
    left out: no rule or bot of the search reads it, and copying it costs."""
    if view["call"] is not None:
        return game.dealer_for(view)
    base = checkmate_state(game.from_view(view, random.Random(0)))
    seat = view["seat"]
    shown = [list(map(Card.parse, cards)) for cards in view["known"]]
    others = [other for other in range(base.players) if other != seat]
    pool = [card for other in others for card in base.hands[other] if card not in shown[other]]
    pool += base.stock
    need = {other: len(base.hands[other]) - len(shown[other]) for other in others}
    base = evolve(base, log=())

    def deal(rng: random.Random) -> State:
        cards = pool[:]
        rng.shuffle(cards)
        hands = list(base.hands)
        start = 0
        for other in others:
            hands[other] = sort_cards((*shown[other], *cards[start:start + need[other]]))
            start += need[other]
        return evolve(base, hands=tuple(hands), stock=tuple(cards[start:]))

    return deal


def rollout_choice(position: CheckmateState, seat: int, rng: random.Random,
                   sees_next: bool = False) -> Action:
    """``rule_of_thumb`` of ``seat`` in ``position`` without listing the legal actions first
    (a draw lists every card of the fan): the same choice, at a fraction of the cost. With
    ``sees_next``, the plays the next hand cannot follow first."""
    if seat in position.due:
        return Announce()
    hand = position.hands[seat]
    if position.giver is None and position.pile:
        playable = position.playable(seat)
        if not playable:
            return Draw(rng.randrange(len(position.stock)) + 1)
        if len(playable) == 1:
            return Play(playable[0])
        if sees_next:
            # A decent player keeps track of what the next seat cannot follow: in the deal the
            # search plays out, the next hand is known, so a play it cannot follow comes first.
            following = {card.index for card in position.hands[position.next_seat(seat)]}
            stuck = [card for card in playable if not _FOLLOWERS[card.index] & following]
            if stuck and len(stuck) < len(playable):
                playable = tuple(stuck)
                if len(playable) == 1:
                    return Play(playable[0])
        return rule_of_thumb(hand, [Play(card) for card in playable], position.players, rng)
    return rule_of_thumb(hand, position.legal_actions(seat), position.players, rng)


def rollout_draws(position: CheckmateState, seat: int) -> bool:
    """Whether ``seat``'s action in ``position`` is a draw from the fan (it owes no "last
    card" and holds no card that fits the top card)."""
    return (seat == position.main_actor and seat not in position.due and position.giver is None
            and bool(position.pile) and not position.playable(seat))


def speaker_first(position: CheckmateState) -> int:
    """Who acts in a simulated position: a seat that owes "last card" says it before the play
    moves on (ruling 6), as the table lets it."""
    return min(position.due) if position.due else position.main_actor


def checkmate_state(state: State) -> CheckmateState:
    """``state`` as the Checkmate state it is: the search builds its states with
    ``Checkmate.from_view``, so anything else is a programming error, said as such."""
    if not isinstance(state, CheckmateState):
        raise EngineError(f"the Checkmate search was given a {type(state).__name__}")
    return state


BOTS: tuple[Bot, ...] = (CheckmateRandomBot(), EasyBot(), HardBot())
