"""Checkmate bots, weakest first: random (any legal move, but always says "last card"), easy
(rules of thumb), hard (information-set MCTS over deals of the cards it cannot see).

Every level says "last card" as soon as it is due: missing it turns a win into a draw, and the
rule is simple enough that no level should forget. A draw from the fan is a pick among face-down
cards, so every level picks a position at random.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.bots.base import Bot, RandomBot, Thinking
from engine.bots.ismcts import ISMCTSBot
from engine.checkmate import HAND_SIZE, Announce, Card, CheckmateState, Draw, Give, Play, matches
from engine.core import Action, EngineError, Game, Result, State
from engine.playing_cards import ACE, CARDS, KING


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
    for winning that deal, 0 for losing it; a drawn deal is worth ½ at two seats and nothing at
    more (``drawn``). (Cut-off
    rollouts scored by hand sizes were tried: no stronger, in bench/checkmate_bots.py's duels.)

    The obvious moves (``obvious``) are made without searching. Every iteration runs on plain
    lists of card indexes (``Table``): a deal of the unseen cards that keeps what each other
    seat's draws showed its hand lacked, card by card (``table_dealer``, ``hand_slots``), the
    walk down the tree, where a draw from the fan is chance (``search_once``), and a rollout by
    the easy level's rules of thumb (``table_choice``). At two seats the deals also read the
    other seat's plays as a decent player's and are drawn by how likely those plays were
    (``reads_plays``, ``resample``, below). 3000 iterations at most; the search
    stops early once no iteration left could change its choice (``settled``).

    What the search assumes of the players, since the deal hides most of what matters (the
    same search shown the other hand's real cards scored 77% against easy in 60 games):
    - A rollout's seats know of each other what the table saw (``reads_draws``: a seat that
      had to draw lacked what fit the top card then, ``Table.lacks``), as the easy level reads
      the log, not the next hand itself (``sees_next``, before: a rollout seat always found
      the suit the searching seat lacked, which no real player can).
    - In the tree too the other seats play by that policy (``models_others``): chosen by
      UCB1 over the tree, their moves answered the searching seat's hand, the same in every
      deal, as if they could see it.
    - The searching seat's own rollouts keep its Aces while another seat holds a King
      (``ace_care``): such an Ace brings it a King and shrinks the giver's hand, which its
      own search would not play; the other seats play Aces freely, as easy does.

    Tried and measured before (``bench/checkmate_bots.py --match``, two seats): every search
    scored 53% to 58% against easy in 100 games. Reading the other seat's plays as the rules
    of thumb's choices got 28% of its hand right where the draws alone get 27%: dropped. A
    paired search (every action in the same deals) was no stronger either.

    Measured in 200 games against easy at two seats (seats alternating, the same seeds), each
    change on top of the one before: the search before them 56% (55, 2, 43 in 100); rollouts
    that read draws (and the early stop) 58.0% (114 won, 4 drawn, 82 lost); the other seats by
    the policy in the tree 58.8% (115, 5, 80); the Aces kept in its own rollouts 58.8% (116,
    3, 81), with the least time per decision of the three. Each run's two halves differed by
    up to 11 points: a 200-game run cannot tell these three apart. The last, against the frozen
    hard: 57.5% (22, 2, 16 in 40) at 1.41x its mean time per decision; against it with 8x its
    iterations 50% (20, 0, 20 in 40). At four seats its own Aces kept made one hard against
    three easy win 23 games in 100 (29 without, 31 with the search before these changes), so
    they are kept at two seats only: 29 wins, 23 drawn, 48 lost in 100.

    Measured since in 400 games against easy at two seats (seeds 0-399, the same deals for
    each; each change beside the search's own games on the same seeds, since 200-game halves
    differ by up to 11 points): the search as it is scores 60.1% (238 won, 5 drawn, 157
    lost), 58.5% on seeds 0-199 (116, 2, 82) and 61.8% on 200-399 (122, 3, 75). None of these
    paid, so none is kept:
    - the other seats' last plays read as the rules of thumb's choices (a deal tried up to
      eight times for other hands that could have made them; uniform deals fit about half
      the time): 59.5% and 57.5% on the two halves, 58.5% in all;
    - twice the iterations: 55.0% in 141 games (70 of each half) where the search scored
      59.9%;
    - UCB1's exploration at 0.35 rather than 0.7: 53.8% in 146 games (73 of each half; 64.9%
      and 42.4%) where the search scored 59.2%;
    - its Kings kept in its own rollouts too while another seat holds an Ace (``king_care``):
      56.8% (112, 3, 85) on seeds 200-399.
    The rollout's plays are made in ``play_out``'s loop on local names (``easy_pick``: one
    random draw for a tie rather than one per card): some 8% less CPU time per iteration, the
    same choices but for which of tied cards the generator picks. With it, against the frozen
    hard: 62.5% (25, 0, 15 in 40) at 1.29x its mean time per decision; against it with 8x its
    iterations 51.2% in 200 games (100, 5, 95; 41.2% in the bench's first 40); at four seats
    one hard against three easy won 51 games in 200, 41 drawn (22 in the first 100, 29 in the
    next): a third of the decided games.

    Measured since (issue 30's last round; hard against easy, the same seeds, each change
    beside the search's own games): a rule of thumb that counts the cards the seat cannot see
    (``counting_pick``: the card the fewest of them could follow) beat easy in quick duels of
    the rules alone (above), and
    - at four seats it is hard's move unless the search's favourite leads it by more than a
      standard error (``rule_seats``, ``kept_by_rule``): one hard against three easy won 65
      games in bench/checkmate_bots.py's 200 (26 drawn, 109 lost), where the search alone
      won 51 (41 drawn, 108 lost); on seeds 200-399 55 (40, 105) where the search alone won
      48 (43, 109): 120 wins in 400 (30%) where the search won 99 (24.8%). The
      search's values of two cards are often too close for it to tell them apart (in a
      stacked position it played either, by the seed), and the rule picks one consistently.
      With the reading of Kings below too: 63 wins (31, 106) on seeds 0-199 and 52 (41, 107)
      on 200-399, 115 in 400 where the search won 99. The rule alone, with no search: 59
      (41, 100) and 52 (47, 101) on the same two halves; the rule kept only until a hand held
      three cards or fewer (the search after): 50 (37, 113) on seeds 0-199; the search with
      its own rollouts played by the rule: 21 wins in the first 84 (stopped). One hard
      against three frozen hard: no win in 12 games (1 drawn) at 1.46x their mean time per
      decision, where the search as it was won 2 (3 drawn) at 1.26x: too few games to say;
    - at two seats it did not pay: the searching seat's own rollouts played by the rule
      (``counting_rollouts``) scored 61.5% (120, 6, 74) on seeds 0-199 and 59.2% (117, 3, 80)
      on 200-399, 60.4% in 400 games where the search scored 60.1%; the rule kept as at four
      seats scored 53.1% in the first 81 games where the search scored 60.5%, and kept only
      within 0.3 of a standard error 56.2% in the first 136 where it scored 60.3% (stopped).
    Also measured: each seat that an Ace found without a King read as holding none then
    (``hand_slots``): 59.7% in the first 98 games at two seats where the search scored 60.7%
    (stopped), not kept. At two seats the bot played as before: 58.5% on seeds 0-199 (116, 2,
    82); against the frozen hard 62.5% (25, 0, 15 in 40) at 1.15x its mean time per decision.

    Measured since (issue 30, two seats, 400 games against easy on seeds 0-399 where the search
    as it was scored 60.1%, 238 won, 5 drawn, 157 lost; on seeds 400-599 it scored 56.5%, 112,
    2, 86: 58.9% in 600), each change beside it:
    - the other seat's plays read into its deals (``reads_plays``: it held no card fitting the
      top card that the next seat's lacks made better, ``passed_over``) and an Ace that found
      no King read as no King there (``reads_no_king``): 60.5% (239, 6, 155; 60.5% on each
      half). In easy's own games the deals then held 25.5% of the other hand's cards where the
      draws alone gave 24.2%;
    - with them, each deal drawn from 500 by how likely the other seat's plays since its last
      kept draw were with its hand, were it to play by the rules of thumb (``resampled``,
      ``plays_likelihood``: the second rule, the least connected card first, reads what the
      slots cannot; the deals then held 26.7% of its cards): 63.5% (249, 10, 141; 63.8% on
      seeds 0-199, 63.2% on 200-399) and 60.2% on 400-599 (117, 7, 76): 62.4% in 600 games
      (366, 17, 217) where the search as it was scored 58.9%, better on each block of 200. Kept,
      at two seats only (at four the bot plays ``counting_pick``'s card, measured without it);
    - ``counting_pick``'s card favoured in the root's UCB1 (progressive bias, 1 / (visits + 1)):
      59.0% (231, 10, 159); not kept;
    - UCB1's exploration at 1.0 rather than 0.7 (with the resampled deals): 64.3% in the first
      115 games (73, 2, 40) where the resampled deals alone scored 65.2% (stopped for time).
    With the resampled deals, against the frozen hard: 43.8% (17, 1, 22) on seeds 0-39 at 1.16x
    its mean time per decision and 49.2% (58, 2, 60) on seeds 40-159 at 1.14x, 47.8% in 160,
    where the search as it was scored 62.5% on 0-39 and 52.9% (62, 3, 55) on 40-159, 55.3% in
    160: a searching player's plays are not the rules of thumb's, and reading them so may
    mislead (too few games to tell; the issue's yardstick is easy). Against the frozen hard
    with 8x its iterations: 53.5% (105, 4, 91) on seeds 0-199, at 0.15x its mean time per
    decision, where the search as it was scored 51.2% (100, 5, 95)."""

    level = "hard"
    description = ("weighs each play over thousands of deals of the hidden cards; wins about six "
                   "games in ten against Easy (the deal decides much), and about three in ten at "
                   "four seats against three Easy bots, which win about one in six each")
    iterations = 3000
    slice_iterations = 100
    rollout_limit = 120
    #: Whether rollouts run on plain lists (``quick_rollout``) rather than the game's states.
    quick = True
    #: Whether a rollout's seats play first the cards the next hand cannot follow.
    sees_next = True
    #: Whether a rollout's seats play as the easy level does, knowing of the next hand only
    #: what its draws showed (``Table.lacks``), rather than seeing it (``sees_next``).
    reads_draws = True
    #: Whether the searching seat's rollouts keep its Aces while another seat holds a King, at
    #: two seats (at four, one hard against three easy won 23 games in 100 so, 29 without).
    ace_care = True
    #: Whether those rollouts also keep its Kings while another seat holds an Ace (off: 56.8%
    #: against easy on seeds 200-399, where the search without it scored 61.8%).
    king_care = False
    #: The weight of the unseen cards that could follow a card, against the cards of its own
    #: hand that could (``counting_pick``), where the bot plays by that count.
    counts = 0.7
    #: Whether the searching seat's own rollouts play by ``counting_pick`` rather than as easy
    #: does, at two seats (61.5% against easy on seeds 0-199, 59.2% on 200-399: 60.4% in 400
    #: games where the search without it scored 60.1%; off).
    counting_rollouts = False
    #: At this many seats or more the bot plays ``counting_pick``'s card, with the search's
    #: favourite played instead only where it leads that card by more than ``rule_margin``
    #: standard errors (None: no search there). At four seats the search alone played worse.
    rule_seats = 4
    rule_margin: float | None = 1.0
    #: Whether deals read the other seat's plays as a decent player's (``hand_slots``), at two
    #: seats (at four the search plays by ``counting_pick``'s card, measured without it).
    reads_plays = True
    #: Whether those deals read an Ace that found no King as no King in the other hand then.
    reads_no_king = True
    #: At two seats, deals drawn from this many, each as often as the other seat's plays
    #: since its last kept draw are likely with its hand (``resampled``; 0: every deal as
    #: ``table_dealer`` deals it).
    resample = 500
    #: Whether the other seats' moves in the tree are the rollout policy's (``search_once``).
    models_others = True
    #: The lead (in iterations left) at which the search stops early (``settled``).
    stop_margin = 1.0
    #: What a deal with no winner is worth to each seat at more than two seats (None: an even
    #: share, 1 / seats). Nothing: a drawn deal grows nobody's tally, and a search that rated
    #: it an even share played for draws when its own chances looked thinner (one hard seat
    #: against three easy won 6 of 40 games, 11 drawn; 14 of 40 worth nothing).
    drawn: float | None = 0.0
    #: The deal the search is about (set per decision on a copy of the bot).
    deal = 0

    def without_search(self, game: Game, view: Mapping[str, Any], legal: tuple[Action, ...],
                       rng: random.Random) -> Action | None:
        return obvious(legal, rng)

    def think(self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
              rng: random.Random, budget_ms: int) -> Thinking:
        """``ISMCTSBot.think`` with every iteration on plain lists (``Table``): a deal of the
        unseen cards (``table_dealer``), the walk down the tree and the rollout. A child is
        keyed by the seat that acts and its card (a King given or a card played); a draw from
        the fan is chance, every face-down card as good as another to the seat that draws, so
        the tree keeps no branch for it (a branch per position, some thirty, would leave the
        tree no deeper than the draw)."""
        legal = tuple(legal)
        if not legal:
            raise EngineError("a bot was asked to act with no legal action")
        settled = obvious(legal, rng)
        if settled is not None:
            return settled
        seat = int(view["seat"])
        two = int(view["players"]) == 2
        deal = table_dealer(game, view, self.reads_plays and two, self.reads_no_king and two)
        if self.resample and two and view["call"] is None:
            deal = resampled(deal, view, self.resample, rng)
        ruled = int(view["players"]) >= self.rule_seats and view["call"] is None
        if ruled and self.rule_margin is None:
            table = deal(rng)
            fits = table.options()
            if fits:
                return play_of(legal, counting_pick(table, seat, fits, -1, self.counts, rng.random))
        root = Branch(seat, -1)
        deadline = time.perf_counter() + budget_ms / 1000 if budget_ms > 0 else math.inf
        for done in range(1, self.iterations + 1):
            self.search_once(deal(rng), root, rng)
            if done % self.slice_iterations == 0:
                if time.perf_counter() > deadline or self.settled(root, self.iterations - done):
                    break
                yield None
        if ruled:
            kept = self.kept_by_rule(root, seat, deal(rng), rng)
            if kept is not None:
                return play_of(legal, kept)
        return self.most_visited(root, seat, legal)

    def kept_by_rule(self, root: Branch, seat: int, table: Table, rng: random.Random) -> int | None:
        """The card ``counting_pick`` plays, kept unless the search's favourite leads it by
        more than ``rule_margin`` standard errors of the two mean rewards (a reward's variance
        taken at its most, ¼); None: the search's favourite stands."""
        fits = table.options()
        if len(fits) < 2:
            return None
        rule = counting_pick(table, seat, fits, -1 if table.players >= 4 else 1, self.counts,
                             rng.random)
        ours = root.children.get(seat * 64 + rule)
        best = max(root.children.values(), key=lambda child: child.visits, default=None)
        if best is None or best.card == rule:
            return None
        if ours is None or ours.visits == 0:
            return rule
        lead = best.reward / best.visits - ours.reward / ours.visits
        error = math.sqrt(0.25 / best.visits + 0.25 / ours.visits)
        return rule if lead <= (self.rule_margin or 0.0) * error else None

    def settled(self, root: Branch, left: int) -> bool:
        """Whether the most visited action leads the next by more than ``stop_margin`` times
        the iterations left: with the whole margin (1), no iteration left could change the
        choice, so the search stops early where one card clearly leads."""
        if left <= 0 or not root.children:
            return False
        first = second = 0
        for child in root.children.values():
            if child.visits > first:
                first, second = child.visits, first
            elif child.visits > second:
                second = child.visits
        return first - second > self.stop_margin * left

    def most_visited(self, root: Branch, seat: int, legal: tuple[Action, ...]) -> Action:
        """The most visited legal action (ties: the higher mean reward, then legal order)."""
        def score(index_action: tuple[int, Action]) -> tuple[int, float, int]:
            index, action = index_action
            card = getattr(action, "card", None)
            node = None if card is None else root.children.get(seat * 64 + card.index)
            if node is None or node.visits == 0:
                return (0, 0.0, -index)
            return (node.visits, node.reward / node.visits, -index)

        return max(enumerate(legal), key=score)[1]

    def search_once(self, table: Table, root: Branch, rng: random.Random) -> None:
        """One iteration: down the tree by UCB1 among the actions available in this deal
        (availability counts, as in ``ISMCTSBot.iterate``), one node added, the rest played out
        by the rollout policy, the rewards backed up from each node's actor's side."""
        path = [root]
        node = root
        exploration = self.exploration
        searcher = root.actor
        if self.ace_care and table.players == 2:
            table.careful = searcher
            table.keeps_kings = self.king_care
        if self.counting_rollouts and table.players == 2:
            table.counting = searcher
        while not table.over:
            actor = table.actor()
            options = table.options()
            if not options:
                table.draw(rng)
                continue
            children = node.children
            keyed = actor * 64
            if self.models_others and actor != searcher:
                # Another seat plays as the rollout policy would: it cannot see this seat's
                # hand, which a choice by UCB1 over the tree (the same hand in every deal) does.
                card = self.table_choice(table, rng) if len(options) > 1 else options[0]
                if card is None:  # pragma: no cover - options were not empty
                    raise EngineError("the rollout policy drew with a card to play")
                child = children.get(keyed + card)
                grown = child is None
                if child is None:
                    child = children[keyed + card] = Branch(actor, card)
                node = child
            else:
                fresh = []
                for card in options:
                    child = children.get(keyed + card)
                    if child is None:
                        fresh.append(card)
                    else:
                        child.available += 1
                grown = bool(fresh)
                if fresh:
                    card = fresh[0] if len(fresh) == 1 else fresh[int(rng.random() * len(fresh))]
                    node = children[keyed + card] = Branch(actor, card)
                    node.available = 1
                else:
                    node = max((children[keyed + card] for card in options),
                               key=lambda child: child.reward / child.visits + exploration * math.sqrt(
                                   math.log(child.available) / child.visits))
                    card = node.card
            path.append(node)
            if table.giver is not None:
                table.give(card)
            else:
                table.play(card)
            if grown:  # a node new to the tree: the rollout goes on from it
                break
        rewards = self.play_out(table, rng)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.actor]

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
        """The rollout above played on plain lists (``Table``) instead of the game's immutable
        states, at a fraction of the cost: the same rules for the rest of the deal, the same
        choices (``rollout_choice``), the same draws of ``rng``, so the same rewards."""
        rewards = self.play_out(Table.of(position), rng)
        return dict(enumerate(rewards))

    def play_out(self, table: Table, rng: random.Random) -> list[float]:
        """Play ``table`` to the end of its deal by the rollout policy (``table_choice``);
        rewards per seat (a rollout cut off at the limit: by how few cards each seat holds).
        With ``reads_draws`` the policy's plays are made here, on local names (the hot loop of
        the search: the same choices as ``table_choice``'s, at less cost)."""
        if not self.reads_draws:
            return self.play_out_slowly(table, rng)
        hands = table.hands
        lacks = table.lacks
        players = table.players
        careful = table.careful
        keeps_kings = table.keeps_kings
        counting = table.counting
        counts = self.counts
        connected = -1 if players >= 4 else 1
        random_ = rng.random
        fits_on = _FITS_ON
        for _ in range(self.rollout_limit):
            if table.over:
                return self.table_rewards(table)
            if table.giver is not None:
                card = self.table_choice(table, rng)
                if card is None:  # pragma: no cover - a giver holds a King
                    raise EngineError("the rollout policy found no King to give")
                table.give(card)
                continue
            seat = table.turn
            hand = hands[seat]
            top = table.top
            if top < 0:
                fits = hand[:]
            else:
                fitting = fits_on[top]
                fits = [card for card in hand if card in fitting]
            if not fits:
                table.draw(rng)
                continue
            if len(fits) > 1 and seat == careful:
                fits = careful_plays(hands, seat, fits, keeps_kings)
            if len(fits) == 1:
                table.play(fits[0])
            elif seat == counting:
                table.play(counting_pick(table, seat, fits, connected, counts, random_))
            else:
                table.play(easy_pick(hand, fits, lacks[(seat + 1) % players], connected, random_))
        if table.over:
            return self.table_rewards(table)
        weights = [1.0 / (len(hand) + 1) for hand in table.hands]
        total = sum(weights)
        return [weight / total for weight in weights]

    def play_out_slowly(self, table: Table, rng: random.Random) -> list[float]:
        """``play_out`` through ``table_choice``, for the policies without ``reads_draws``."""
        for _ in range(self.rollout_limit):
            if table.over:
                return self.table_rewards(table)
            card = self.table_choice(table, rng)
            if card is None:
                table.draw(rng)
            elif table.giver is not None:
                table.give(card)
            else:
                table.play(card)
        if table.over:
            return self.table_rewards(table)
        weights = [1.0 / (len(hand) + 1) for hand in table.hands]
        total = sum(weights)
        return [weight / total for weight in weights]

    def table_rewards(self, table: Table) -> list[float]:
        """``table.rewards()``, with a deal that ends with no winner worth ``drawn`` to each
        seat at more than two seats when set."""
        if table.winner < 0 and self.drawn is not None and table.players > 2:
            return [self.drawn] * table.players
        return table.rewards()

    def table_choice(self, table: Table, rng: random.Random) -> int | None:
        """The rollout policy's card on ``table`` (a King to give, a card to play), or None for
        a draw from the fan: ``rollout_choice`` on plain lists."""
        players = table.players
        if table.giver is not None:
            hand = table.hands[table.giver]
            kings = [card for card in hand if _IS_KING[card]]
            if len(kings) == 1:
                return kings[0]
            return min(kings, key=lambda card: (len(_FOLLOWERS[card].intersection(hand)),
                                                rng.random()))
        seat = table.turn
        fits = table.options()
        if not fits:
            return None
        if len(fits) == 1:
            return fits[0]
        if seat == table.careful:
            fits = careful_plays(table.hands, seat, fits, table.keeps_kings)
            if len(fits) == 1:
                return fits[0]
        connected = -1 if players >= 4 else 1
        if seat == table.counting:
            return counting_pick(table, seat, fits, connected, self.counts, rng.random)
        if self.reads_draws:
            return self.easy_play(table.hands[seat], fits, table.lacks[(seat + 1) % players],
                                  connected, rng)
        following = table.hands[(seat + 1) % players] if table.top >= 0 else None
        return self.quick_play(table.hands[seat], fits, following, connected, rng)

    @staticmethod
    def easy_play(hand: list[int], fits: list[int], lacks: frozenset[int], connected: int,
                  rng: random.Random) -> int:
        """``rule_of_thumb``'s play among ``fits`` on plain lists, the next seat's lacks read
        from the table's draws as the easy level reads them from the log (``easy_pick``)."""
        return easy_pick(hand, fits, lacks, connected, rng.random)

    def quick_play(self, hand: list[int], fits: list[int], following: list[int] | None,
                   connected: int, rng: random.Random) -> int:
        """``rollout_choice``'s play among ``fits`` (several card indexes), on plain lists."""
        if self.sees_next and following is not None:
            blocked = [card for card in fits if _FOLLOWERS[card].isdisjoint(following)]
            if blocked and len(blocked) < len(fits):
                fits = blocked
                if len(fits) == 1:
                    return fits[0]
        return min(fits, key=lambda card: connected * len(_FOLLOWERS[card].intersection(hand))
                   + rng.random())

    @staticmethod
    def even(players: int) -> dict[int, float]:
        """A deal with no winner: an even share each (``deal_rewards``)."""
        return {seat: 1.0 / players for seat in range(players)}

    def deal_rewards(self, state: CheckmateState) -> dict[int, float]:
        """Rewards from the summary of the deal the search is about, as ``table_rewards``
        gives them (a deal with no winner: ``drawn`` at more than two seats, else an even
        share; at four seats the shared default of ½ made the search play for draws)."""
        summary = state.finished[self.deal - 1]
        if not summary.winners:
            share = 1.0 / state.players
            if self.drawn is not None and state.players > 2:
                share = self.drawn
            return {seat: share for seat in range(state.players)}
        result = Result(scores=summary.scores, winners=summary.winners, reason=summary.reason)
        return {seat: self.reward(result, seat) for seat in range(state.players)}

    def evaluate(self, state: State) -> dict[int, float]:
        """Fewer cards, better: a seat's share of 1 / (cards + 1) over all seats."""
        weights = [1.0 / (len(hand) + 1) for hand in checkmate_state(state).hands]
        total = sum(weights)
        return {seat: weight / total for seat, weight in enumerate(weights)}


def easy_pick(hand: list[int], fits: list[int], lacks: frozenset[int], connected: int,
              random_: Callable[[], float]) -> int:
    """``rule_of_thumb``'s play among ``fits`` (card indexes): first the cards most of whose
    followers the next seat lacks, then by how many cards of the hand follow each (fewest first
    with ``connected`` 1, most with -1), a tie broken at random: the same choice as sorting by
    the rules of thumb's key with its random fraction, at one draw of ``random_`` at most."""
    best = easy_favourites(set(hand), fits, lacks, connected)
    return best[0] if len(best) == 1 else best[int(random_() * len(best))]


def easy_favourites(held: set[int], fits: Iterable[int], lacks: frozenset[int], connected: int) -> list[int]:
    """The cards of ``fits`` that ``rule_of_thumb`` ranks first, in ``fits``' order, for a hand
    ``held`` whose next seat lacks ``lacks`` (``easy_pick``: one of them, at random)."""
    best: list[int] = []
    least = (0, 0)
    for card in fits:
        followers = _FOLLOWERS[card]
        key = (-len(followers & lacks) if lacks else 0, connected * len(followers & held))
        if not best or key < least:
            best = [card]
            least = key
        elif key == least:
            best.append(card)
    return best


def play_of(legal: Sequence[Action], card: int) -> Action:
    """The play of ``card`` (an index) among ``legal``."""
    return next(action for action in legal if isinstance(action, Play) and action.card.index == card)


def counting_pick(table: Table, seat: int, fits: list[int], connected: int, weight: float,
                  random_: Callable[[], float]) -> int:
    """The hard level's rule of thumb for a play (its move at four seats, ``kept_by_rule``; its
    own rollouts' plays with ``counting_rollouts``): first, as easy, the cards most of whose
    followers the next seat was seen to lack; then the fewest cards that could follow it among
    the cards this seat cannot see (the fan and the other hands: neither its own hand nor the
    pile, the same in every deal), times ``weight``, plus (``connected`` 1) or minus (-1) the
    cards of its own hand that follow it; a tie broken at random. Against easy, in quick duels
    of the rules alone on plain tables, it won about 53.5% at two seats (easy against itself
    50.5%) and about 27.5% at four seats against three easy (easy 22.5%), the weight from 0.5
    to 1.5 within about a point."""
    players = table.players
    lacks = table.lacks[(seat + 1) % players]
    unseen = set(table.stock)
    for other in range(players):
        if other != seat:
            unseen.update(table.hands[other])
    unseen -= lacks
    held = set(table.hands[seat])
    best = fits[0]
    least: tuple[int, float] | None = None
    for card in fits:
        followers = _FOLLOWERS[card]
        key = (-len(followers & lacks) if lacks else 0,
               weight * len(followers & unseen) + connected * len(followers & held) + random_())
        if least is None or key < least:
            best, least = card, key
    return best


def careful_plays(hands: list[list[int]], seat: int, fits: list[int], keeps_kings: bool) -> list[int]:
    """The searching seat's plays in its own rollouts (``ace_care``): no Ace while another seat
    holds a King to give it (its hand would not shrink, the giver's would), as its own search
    would not play one; with ``keeps_kings``, no King while another seat holds an Ace either
    (an Ace played calls for it, and giving it shrinks the hand at no turn's cost)."""
    others = [card for other, hand in enumerate(hands) if other != seat for card in hand]
    kept = [card for card in fits if not _IS_ACE[card]]
    if kept and len(kept) < len(fits) and any(_IS_KING[card] for card in others):
        fits = kept
    if keeps_kings:
        kept = [card for card in fits if not _IS_KING[card]]
        if kept and len(kept) < len(fits) and any(_IS_ACE[card] for card in others):
            fits = kept
    return fits


#: Per card index: whether it is a King, an Ace (the search's tables hold card indexes).
_IS_KING = tuple(card.rank == KING for card in CARDS)
_IS_ACE = tuple(card.rank == ACE for card in CARDS)
_KINGS = frozenset(card.index for card in CARDS if card.rank == KING)


class Table:
    """One deal on plain lists of card indexes, for the search: the game's rules from a
    position to the end of its deal (a card drawn that fits is played at once, an Ace calls for
    a King, a seat that must draw from an empty fan ends the deal with no winner, a last card
    played without "last card" said too), at a fraction of the cost of the game's immutable
    states. Every seat says "last card" as soon as it is due, as every level does; a seat that
    missed it before the table was laid (``unannounced``) stays so until its hand changes.
    Hands are kept in card order. ``winner`` is the seat that went out, -1 for no winner."""

    __slots__ = ("players", "hands", "stock", "top", "turn", "giver", "unannounced", "over",
                 "winner", "lacks", "careful", "keeps_kings", "counting")

    def __init__(self, players: int, hands: list[list[int]], stock: list[int], top: int,
                 turn: int, giver: int | None, unannounced: set[int]) -> None:
        self.players = players
        self.hands = hands
        self.stock = stock
        self.top = top  # -1 before the opening card
        self.turn = turn
        self.giver = giver
        self.unannounced = unannounced
        self.over = False
        self.winner = -1
        #: Per seat, the cards everyone saw it lack: the cards that fit the top card when it
        #: last drew and kept the card (``known_lacks``, kept up as the table plays on).
        self.lacks: list[frozenset[int]] = [frozenset()] * players
        #: The seat whose rollout keeps its Aces while another seat holds a King (-1: none).
        self.careful = -1
        #: Whether that seat also keeps its Kings while another seat holds an Ace.
        self.keeps_kings = False
        #: The seat whose rollout plays by ``counting_pick`` (-1: none).
        self.counting = -1

    @classmethod
    def of(cls, position: CheckmateState) -> Table:
        hands = [[card.index for card in hand] for hand in position.hands]
        top = position.top
        table = cls(position.players, hands, [card.index for card in position.stock],
                    -1 if top is None else top.index, position.turn, position.giver,
                    unannounced_seats(position))
        table.over = position.over
        return table

    def actor(self) -> int:
        return self.turn if self.giver is None else self.giver

    def options(self) -> list[int]:
        """The cards the actor may give (Kings, while an Ace calls for one) or play; none: it
        must draw."""
        if self.giver is not None:
            return [card for card in self.hands[self.giver] if _IS_KING[card]]
        hand = self.hands[self.turn]
        if self.top < 0:
            return hand[:]
        fits = _FITS_ON[self.top]
        return [card for card in hand if card in fits]

    def give(self, king: int) -> None:
        giver, ace_player = self.giver, self.turn
        if giver is None:
            raise EngineError("Table.give: no Ace is waiting for a King")
        self.hands[giver].remove(king)
        bisect.insort(self.hands[ace_player], king)
        self.unannounced.discard(giver)
        self.unannounced.discard(ace_player)
        self.giver = None
        self.pass_turn(ace_player)

    def draw(self, rng: random.Random) -> None:
        """The seat to move draws a card of the fan at random (``rollout_choice``'s pick)."""
        seat = self.turn
        hand = self.hands[seat]
        card = self.stock.pop(rng.randrange(len(self.stock)))
        self.unannounced.discard(seat)
        into_empty = not hand
        bisect.insort(hand, card)
        if self.top >= 0:
            fits = _FITS_ON[self.top]
            if card not in fits:
                self.lacks[seat] = fits
                self.pass_turn(seat)
                return
            self.lacks[seat] = self.lacks[seat] | fits
        self.play(card, into_empty)

    def play(self, card: int, into_empty: bool = False) -> None:
        seat = self.turn
        hand = self.hands[seat]
        hand.remove(card)
        self.top = card
        if not hand and seat in self.unannounced and not into_empty:
            self.end(-1)
            return
        if _IS_ACE[card]:
            players = self.players
            for step in range(1, players):
                other = (seat + step) % players
                for held in self.hands[other]:
                    if _IS_KING[held]:
                        self.giver = other
                        return
        if not hand:
            self.end(seat)
            return
        self.unannounced.discard(seat)
        self.pass_turn(seat)

    def pass_turn(self, after: int) -> None:
        turn = self.turn = (after + 1) % self.players
        if not self.stock and self.top >= 0 and _FITS_ON[self.top].isdisjoint(self.hands[turn]):
            self.end(-1)

    def end(self, winner: int) -> None:
        self.over = True
        self.winner = winner

    def rewards(self) -> list[float]:
        """1 to the seat that went out, 0 to the others; an even share each when nobody did."""
        if self.winner < 0:
            return [1.0 / self.players] * self.players
        return [float(seat == self.winner) for seat in range(self.players)]


class Branch:
    """A node of the search's tree: the card (index) its actor played or gave (-1 at the root),
    and its statistics (``ismcts.Node``'s, children keyed by ``actor * 64 + card``)."""

    __slots__ = ("actor", "card", "visits", "available", "reward", "children")

    def __init__(self, actor: int, card: int) -> None:
        self.actor = actor
        self.card = card
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[int, Branch] = {}


def table_dealer(game: Game, view: Mapping[str, Any], reads_plays: bool = False,
                 reads_no_king: bool = False) -> Callable[[random.Random], Table]:
    """Deals of the cards ``view``'s seat cannot see, as ``Table``s: the cards everyone saw a
    seat receive stay with it, and each other card of its hand is dealt from the unseen cards
    as one its draws allow (``hand_slots``: a seat that had to draw held nothing that fit the
    top card then), the rest going to the fan. While an Ace waits for a King the view says
    more about the Kings: those deals come from ``game.dealer_for(view)``."""
    seen_lacking = [frozenset(card.index for card in known_lacks(view, other))
                    for other in range(int(view["players"]))]
    if view["call"] is not None:
        source = game.dealer_for(view)

        def called(rng: random.Random) -> Table:
            table = Table.of(checkmate_state(source(rng)))
            table.lacks = seen_lacking[:]
            return table

        return called
    base = Table.of(checkmate_state(game.from_view(view, random.Random(0))))
    seat = int(view["seat"])
    players = base.players
    shown = [[Card.parse(name).index for name in cards] for cards in view["known"]]
    others = [other for other in range(players) if other != seat]
    pool = [card for other in others for card in base.hands[other] if card not in shown[other]]
    pool += base.stock
    need = {other: len(base.hands[other]) - len(shown[other]) for other in others}
    slots = {other: hand_slots(view, other, reads_plays, reads_no_king) for other in others}
    for other in others:
        if len(slots[other]) != need[other]:  # a log this reading does not follow: no limits
            slots[other] = [frozenset()] * need[other]
    limited = {other: sorted(slots[other], key=len, reverse=True) for other in others
               if any(slots[other])}
    mine = base.hands[seat]

    def deal(rng: random.Random) -> Table:
        # A partial shuffle: only the cards dealt to the other hands are drawn at random (the
        # fan's order does not matter: a draw from it picks any of its cards at random).
        cards = pool[:]
        count = len(cards)
        start = 0
        random_ = rng.random
        hands: list[list[int]] = [mine] * players
        for other in others:
            limits = limited.get(other) or [frozenset()] * need[other]
            for lacks in limits:
                # Each unseen card of the hand: a card of the rest that its slot may hold, the
                # most limited slots first (a few misses: the card as it comes).
                for _ in range(12):
                    place = start + int(random_() * (count - start))
                    cards[start], cards[place] = cards[place], cards[start]
                    if cards[start] not in lacks:
                        break
                start += 1
            hands[other] = shown[other] + cards[start - need[other]:start]
        del cards[:start]
        for other in others:
            hands[other].sort()
        hands[seat] = mine[:]
        table = Table(players, hands, cards, base.top, base.turn, base.giver,
                      set(base.unannounced))
        table.over = base.over
        table.lacks = seen_lacking[:]
        return table

    return deal


def hand_slots(view: Mapping[str, Any], seat: int, reads_plays: bool = False,
               reads_no_king: bool = False) -> list[frozenset[int]]:
    """What the public log says of each card of ``seat``'s hand that nobody saw: the cards it
    cannot be (card indexes). A seat that had to draw held nothing that fit the top card then,
    and a card it drew and kept did not fit either; a card that came later may be anything. A
    card played leaves the hand from a slot that may hold it (the most limited such slot,
    which keeps the reading on the safe side); Kings seen going to the seat are known cards,
    not slots. One set per unseen card, in no particular order.

    With ``reads_plays``, a play read as a decent player's (the easy level's first rule): a
    seat that played a card on a top card while the next seat was seen to lack some cards held
    no card fitting that top card that more of those cards could follow (it would have played
    that one, so that the next seat must draw). The count is read on the safe side: the lacks
    as the log shows them at most for the card played, less every King (a King the next seat
    was seen to receive is no lack) for the others. With ``reads_no_king``, an Ace that found no
    King says every other seat held none then."""
    slots: list[set[int]] = [set() for _ in range(HAND_SIZE)]
    known: list[int] = []
    top = -1
    players = int(view["players"])
    following = (seat + 1) % players
    next_lacks: set[int] = set()  # ``known_lacks`` of the next seat, as the log goes

    def leave(card: int) -> None:
        if card in known:
            known.remove(card)
            return
        fitting = [slot for slot in slots if card not in slot] or slots
        if fitting:
            slots.remove(max(fitting, key=len))

    for event in view["log"]:
        kind = event["kind"]
        card = Card.parse(event["card"]).index if event.get("card") else -1
        mine = event["seat"] == seat
        next_lacks = lacks_after(next_lacks, event, following, top)
        if kind == "no-king" and reads_no_king and not mine:
            for slot in slots:
                slot.update(_KINGS)
        if kind == "give":
            if mine:
                leave(card)
            elif event.get("to") == seat:
                known.append(card)
        elif kind == "draw" and mine and top >= 0:
            for slot in slots:
                slot.update(_FITS_ON[top])
            slots.append(set(_FITS_ON[top]))
        elif kind == "play":
            if mine and event.get("drawn"):
                if top >= 0:
                    for slot in slots:
                        slot.update(_FITS_ON[top])
            elif mine:
                leave(card)
                if reads_plays and next_lacks and top >= 0:
                    unheld = passed_over(card, top, next_lacks)
                    for slot in slots:
                        slot.update(unheld)
            top = card
    return [frozenset(slot) for slot in slots]


def lacks_after(lacks: set[int], event: Mapping[str, Any], seat: int, top: int) -> set[int]:
    """``known_lacks`` of ``seat`` read one event of the log further (card indexes, ``top`` the
    top card's before it): a draw starts them afresh with what fit the top card, a card drawn
    and played adds those; ``lacks`` itself is updated then."""
    kind = event["kind"]
    if event["seat"] != seat or top < 0 or not (kind == "draw" or (kind == "play" and event.get("drawn"))):
        return lacks
    if kind == "draw":
        lacks = set()
    lacks.update(_FITS_ON[top])
    return lacks


def passed_over(card: int, top: int, lacks: set[int]) -> frozenset[int]:
    """The cards fitting ``top`` that a seat playing ``card`` there did not hold, if it plays
    first the card most of whose followers the next seat lacks (``lacks``, as the log shows
    them): those more of them follow, counted without the Kings (``hand_slots``)."""
    most = len(_FOLLOWERS[card] & lacks)
    fewest = lacks - _KINGS
    return frozenset(other for other in _FITS_ON[top]
                     if other != card and len(_FOLLOWERS[other] & fewest) > most)


def unannounced_seats(position: CheckmateState) -> set[int]:
    """Seats holding one card whose "last card" neither stands nor is due: they missed it."""
    return {seat for seat in range(position.players) if len(position.hands[seat]) == 1
            and seat not in position.announced and seat not in position.due}


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


def plays_likelihood(view: Mapping[str, Any], seat: int, slip: float = 0.05) -> Callable[[list[int]], float]:
    """How likely ``seat``'s plays since it last drew and kept a card were, for a hand it might
    hold now (card indexes, all of it), were it to play as a decent player (the easy level's
    rules: first the card most of whose followers the next seat lacks, then the card the rest
    of its hand follows least, ties even): the product over those plays of the chance of each,
    ``slip`` for a play those rules would not make. Before its last kept draw the hand held a
    card nobody saw leave, so the plays before it are not read (``hand_slots`` reads them)."""
    players = int(view["players"])
    following = (seat + 1) % players
    connected = -1 if players >= 4 else 1
    log = view["log"]
    tops: list[int] = []
    lacks_then: list[frozenset[int]] = []
    next_lacks: set[int] = set()
    top = -1
    for event in log:
        kind = event["kind"]
        tops.append(top)
        lacks_then.append(frozenset(next_lacks))
        next_lacks = lacks_after(next_lacks, event, following, top)
        if kind == "play":
            top = Card.parse(event["card"]).index
    records: list[tuple[int, int, frozenset[int], frozenset[int], frozenset[int]]] = []
    plus: set[int] = set()
    minus: set[int] = set()
    for position in range(len(log) - 1, -1, -1):
        event = log[position]
        kind = event["kind"]
        card = Card.parse(event["card"]).index if event.get("card") else -1
        if event["seat"] == seat:
            if kind == "draw":
                break
            if kind == "give":
                plus.add(card)
                minus.discard(card)
            elif kind == "play" and not event.get("drawn"):
                plus.add(card)
                if tops[position] >= 0:
                    records.append((tops[position], card, lacks_then[position], frozenset(plus),
                                    frozenset(minus)))
        elif kind == "give" and event.get("to") == seat:
            minus.add(card)
            plus.discard(card)

    def likelihood(hand: list[int]) -> float:
        chance = 1.0
        for top, played, lacks, added, removed in records:
            held = (set(hand) | added) - removed
            fits = [card for card in held if card in _FITS_ON[top]]
            if len(fits) < 2 or played not in fits:
                continue
            best = easy_favourites(held, fits, lacks, connected)
            chance *= 1.0 / len(best) if played in best else slip
        return chance

    return likelihood


def resampled(deal: Callable[[random.Random], Table], view: Mapping[str, Any], count: int,
              rng: random.Random) -> Callable[[random.Random], Table]:
    """Deals drawn from ``count`` deals of ``deal``, each as often as its other hand's
    ``plays_likelihood`` says (importance resampling; a copy each time, as the search plays
    it out)."""
    other = 1 - int(view["seat"])
    likelihood = plays_likelihood(view, other)
    pool = [deal(rng) for _ in range(count)]
    weights = list(itertools.accumulate(likelihood(table.hands[other]) for table in pool))
    total = weights[-1]

    def draw(rng: random.Random) -> Table:
        table = pool[bisect.bisect_right(weights, rng.random() * total) if total > 0 else
                     int(rng.random() * count)]
        copy = Table(table.players, [hand[:] for hand in table.hands], table.stock[:], table.top,
                     table.turn, table.giver, set(table.unannounced))
        copy.over = table.over
        copy.lacks = table.lacks[:]
        return copy

    return draw
