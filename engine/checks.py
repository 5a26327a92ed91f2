"""Checks (James Yates, 2003), for two seats.

Rules in brief (the project's rules page is ``docs/rules/checks.md``):

* One 52-card deck. Card values: Ace 1, 2-9 their face value, 10 J Q K nothing (0).
* The deal: six face-down *half-tricks* of three cards each per player, dealt alternately, the
  non-dealer's first; then six face-up community cards (the *piles*); ten cards stay as the
  refill deck. Each player starts holding their first (leftmost) half-trick.
* A hand's *point total* is the last digit of the sum of all its cards.
* A turn is exactly one of: *cash* a pile whose upcard's value equals the point total (the whole
  pile and the whole hand become the player's *checks*; the emptied slot is refilled from the
  deck while it lasts), or *play* one card of the hand face up onto any pile. Cashing is optional,
  passing impossible. The non-dealer moves first.
* A player whose hand is empty picks up their next half-trick at the start of their turn. When one
  player is out of cards the other goes on alone until out too.
* Each check counts one; more checks win, equal counts draw; the cards left on the board count for
  nobody. In a series the winner deals the next game (a draw keeps the dealer).

Seats are 0 and 1; seat 0 deals the first game, so seat 1 moves first.

Hidden information: a seat sees its own hand and its point total; nobody sees a face-down
half-trick (not even its owner) or the deck. The piles and the checks are public: every card there
was shown face up. The move log is public too, so a play's entry names the card and the pile only;
a hand and its total are shown (and logged) only when it is cashed (ruling 8).

Stacked deck (``deck=``): the 52 cards in dealing order, for the first game of a series (later
games are shuffled from the seed): ``deck[0:3]`` is the non-dealer's first half-trick,
``deck[3:6]`` the dealer's first, ``deck[6:9]`` the non-dealer's second, and so on up to
``deck[33:36]``; ``deck[36:42]`` are the six community cards left to right; ``deck[42]`` is the
top of the refill deck, turned first.

Notation: a card is the shared deck's (``engine.playing_cards``): rank ``A 2-10 J Q K`` and suit
``S H C D``, like ``KS``, ``5H``, ``10D`` (``T`` and lower case are read too). A play is the card,
``>`` and the pile number 1-6 (``5H>3``); a cash is ``cash`` and the pile number (``cash 3``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine import Action, Game, GameSummary, IllegalAction, InvalidNotation, Option, Reason, Result, SetupError, State
from engine.core import N_, MatchState, Verb, deal_order, evolve, match_result, sole_leader, with_seat
from engine.playing_cards import STANDARD, PlayingCard, card_names, sort_cards

# --- Cards -------------------------------------------------------------------------------------

#: The shared standard cards, under the name the game's modules use.
Card = PlayingCard

HALF_TRICKS = 6
HALF_TRICK_SIZE = 3
PILES = 6
SEATS = (0, 1)
#: The game is played with the 52 cards of the shared standard deck (no Jokers).
CARDS: tuple[Card, ...] = STANDARD
#: Each card's worth by its index: Ace 1, two to nine their face value, ten and the court cards
#: 0 (ruling 1). A table, since the bots' search reads it constantly.
_WORTH: tuple[int, ...] = tuple(card.rank if card.rank <= 9 else 0 for card in CARDS)


def worth(card: Card) -> int:
    """What ``card`` counts towards a point total."""
    return _WORTH[card.index]


def point_total(cards: Iterable[Card]) -> int:
    """The last digit of the sum of the cards' values (the whole hand counts)."""
    return sum(_WORTH[card.index] for card in cards) % 10


# --- Actions -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play(Action):
    """Play ``card`` from the hand face up onto pile ``pile`` (0-5; written 1-6)."""

    card: Card
    pile: int

    def __str__(self) -> str:
        return f"{self.card}>{self.pile + 1}"


@dataclass(frozen=True)
class Cash(Verb, verb="cash"):
    """Cash pile ``pile`` (0-5; written 1-6): it and the whole hand become checks."""

    pile: int

    def arguments(self) -> tuple[object, ...]:
        return (self.pile + 1,)


_PLAY = re.compile(r"^\s*(\w{2,3})\s*>\s*([1-6])\s*$")
_CASH = re.compile(r"^\s*cash\s*([1-6])\s*$", re.IGNORECASE)


# --- State -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """One entry of the public move log. A play shows the card and its pile, nothing of the rest
    of the hand (ruling 8); a cash shows the hand, its point total and the pile it took."""

    seat: int
    action: Play | Cash
    total: int | None = None
    taken: tuple[Card, ...] = ()
    shown: tuple[Card, ...] = ()
    refill: Card | None = None

    def to_dict(self) -> dict[str, Any]:
        if isinstance(self.action, Play):
            return {"kind": "play", "seat": self.seat, "move": str(self.action),
                    "pile": self.action.pile, "card": str(self.action.card)}
        return {
            "kind": "cash", "seat": self.seat, "move": str(self.action), "pile": self.action.pile,
            "total": self.total, "taken": card_names(self.taken), "shown": card_names(self.shown),
            "refill": None if self.refill is None else str(self.refill),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Move:
        if data["kind"] != "cash":
            return cls(seat=data["seat"], action=Play(Card.parse(data["card"]), data["pile"]))
        return cls(
            seat=data["seat"],
            action=Cash(data["pile"]),
            total=data["total"],
            taken=tuple(Card.parse(name) for name in data["taken"]),
            shown=tuple(Card.parse(name) for name in data["shown"]),
            refill=None if data["refill"] is None else Card.parse(data["refill"]),
        )


#: The key of a finished game's reason (``Reason.keyed``).
PLAYED_OUT = "checks: both hands played out"


def summarize(number: int, dealer: int, checks: tuple[int, int], left_on_board: int,
              left_in_deck: int) -> GameSummary:
    """A finished game of the series: one game won for the seat with more checks, none for a
    draw (ruling 7); the counts in ``details`` for the result panel."""
    winners = sole_leader(checks)  # equal counts: nobody wins (ruling 7)
    if winners:
        template = "both hands are played out and {seat} won more checks, {more} to {fewer}"
    else:
        template = "both hands are played out with the checks tied, {more} each, so neither wins"
    leftovers = [f"{count} {'card' if count == 1 else 'cards'} {where}" for count, where in
                 ((left_on_board, "on the board"), (left_in_deck, "left in the deck")) if count]
    if leftovers:
        counts = "count for nobody" if left_on_board + left_in_deck > 1 else "counts for nobody"
        template += f"; the {' and the '.join(leftovers)} {counts}"
    # Its English varies with the leftovers: readers know it by its key and say it from its parts.
    reason = Reason.keyed(PLAYED_OUT, template, more=max(checks), fewer=min(checks), board=left_on_board,
                          deck=left_in_deck, **({"seat": winners[0]} if winners else {}))
    return GameSummary(
        number=number, dealer=dealer,
        scores=tuple(1 if seat in winners else 0 for seat in SEATS), winners=winners,
        reason=reason,
        details={"checks": list(checks), "left_on_board": left_on_board,
                 "left_in_deck": left_in_deck},
    )


def checks_of(summary: GameSummary) -> tuple[int, int]:
    """The checks each seat won in a finished game."""
    first, second = summary.details["checks"]
    return (first, second)


@dataclass(frozen=True)
class ChecksState(MatchState):
    match_name = "series"  # as the setup screen and the table call it
    turn: int
    #: The cards each seat holds now (sorted), face-down half-tricks still to come (leftmost
    #: first), the six piles (bottom card first, the upcard last; empty once the deck ran out),
    #: the refill deck (top first) and each seat's checks in the order won.
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    rows: tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]
    piles: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    checks: tuple[tuple[Card, ...], tuple[Card, ...]]
    log: tuple[Move, ...]

    # -- the contract --

    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        hand = self.hands[seat]
        total = point_total(hand)
        live = [index for index, pile in enumerate(self.piles) if pile]
        cashes = [Cash(index) for index in live if worth(self.piles[index][-1]) == total]
        plays = [Play(card, index) for card in hand for index in live]
        return (*cashes, *plays)

    def result(self) -> Result | None:
        if not self.over:
            return None
        return match_result(self.finished, self.totals, self.match_name, scores=checks_of(self.finished[0])
                            if len(self.finished) == 1 else None)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: its own hand and total (a spectator's view has no ``hand``
        and ``point_total`` None), and everything shown face up."""
        result = self.result()
        hand = self.hands[seat] if seat is not None and seat in SEATS else None
        view = {
            **self.view_head(seat),
            "game_number": self.game_number,
            "games": self.options["games"],
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "to_act": list(self.to_act()),
            "phase": "over" if self.over else "play",
            "point_total": None if hand is None else point_total(hand),
            "hand_sizes": [len(self.hands[s]) for s in SEATS],
            "rows": [self.row_states(s) for s in SEATS],
            "piles": [card_names(pile) for pile in self.piles],
            "piles_public": True,
            "deck_count": len(self.stock),
            "checks": [card_names(cards) for cards in self.checks],
            "check_counts": [len(cards) for cards in self.checks],
            "log": [move.to_dict() for move in self.log],
            "finished": [summary.to_dict() for summary in self.finished],
            "totals": list(self.totals),
            "result": None if result is None else result.to_dict(),
        }
        if hand is not None:
            view["hand"] = card_names(hand)
        return view

    def zones(self) -> dict[str, tuple[str, ...]]:
        zones: dict[str, tuple[str, ...]] = {}
        for seat in SEATS:
            zones[f"hand{seat}"] = tuple(card_names(self.hands[seat]))
            zones[f"half-tricks{seat}"] = tuple(str(c) for trick in self.rows[seat] for c in trick)
            zones[f"checks{seat}"] = tuple(card_names(self.checks[seat]))
        for index, pile in enumerate(self.piles):
            zones[f"pile{index + 1}"] = tuple(card_names(pile))
        zones["deck"] = tuple(card_names(self.stock))
        return zones

    def why_illegal(self, seat: int, action: Any) -> str:
        if not isinstance(action, (Play, Cash)):
            return Reason("a Checks turn is a play of one card onto a pile or a cash of a pile")
        hand = self.hands[seat]
        if not 0 <= action.pile < PILES:
            return Reason("there is no pile {pile} (piles are 1 to {piles})", pile=action.pile + 1, piles=PILES)
        pile = self.piles[action.pile]
        if not pile:
            return Reason("pile {pile} is empty: the deck ran out, so it stays empty", pile=action.pile + 1)
        if isinstance(action, Play):
            if action.card not in hand:
                return Reason("{card} is not in {seat's} hand", card=action.card, seat=seat)
            return Reason("the rules do not allow it here")
        total = point_total(hand)
        return Reason("the point total {total} does not match pile {pile}'s upcard {card} (worth {worth})",
                      total=total, pile=action.pile + 1, card=str(pile[-1]), worth=worth(pile[-1]))

    # -- reading the position --

    def row_states(self, seat: int) -> list[str]:
        """Each of the seat's six half-trick places, left to right: ``"gone"`` (played out),
        ``"hand"`` (held now) or ``"down"`` (still face down)."""
        down = len(self.rows[seat])
        held = 1 if self.hands[seat] else 0
        gone = HALF_TRICKS - down - held
        return ["gone"] * gone + ["hand"] * held + ["down"] * down

    def has_cards(self, seat: int) -> bool:
        return bool(self.hands[seat] or self.rows[seat])


    # -- moving --

    def _apply(self, seat: int, action: Action) -> ChecksState:
        hand = self.hands[seat]
        piles = list(self.piles)
        stock = self.stock
        hands, checks = self.hands, self.checks
        if isinstance(action, Cash):
            taken = self.piles[action.pile]
            refill = None
            piles[action.pile] = ()
            if stock:  # the emptied slot is refilled from the deck while it lasts (ruling 5)
                refill, stock = stock[0], stock[1:]
                piles[action.pile] = (refill,)
            # A cash shows the hand, so its total becomes public here and only here (ruling 8).
            move = Move(seat, action, point_total(hand), taken, hand, refill)
            hands = with_seat(hands, seat, ())
            checks = with_seat(checks, seat, checks[seat] + taken + hand)
        elif isinstance(action, Play):
            piles[action.pile] = piles[action.pile] + (action.card,)
            move = Move(seat, action)
            hands = with_seat(hands, seat, tuple(card for card in hand if card != action.card))
        else:
            raise IllegalAction(f"illegal action {action!r} by seat {seat}: not a Checks action")
        # Pass the turn, or keep it when the other seat is out of cards (ruling 6); the seat to
        # act picks up its next half-trick when its hand is empty (ruling 3).
        rows = self.rows
        other = 1 - seat
        if hands[other] or rows[other]:
            turn = other
        elif hands[seat] or rows[seat]:
            turn = seat
        else:
            turn = -1
        if turn >= 0 and not hands[turn]:
            hands = with_seat(hands, turn, sort_cards(rows[turn][0]))
            rows = with_seat(rows, turn, rows[turn][1:])
        state = evolve(
            self, history=self.history + ((seat, action),), log=self.log + (move,),
            hands=hands, rows=rows, piles=tuple(piles), stock=stock, checks=checks,
            turn=max(turn, 0),
        )
        return state._finish_game() if turn < 0 else state

    def _finish_game(self) -> ChecksState:
        summary = summarize(
            number=self.game_number,
            dealer=self.dealer,
            checks=(len(self.checks[0]), len(self.checks[1])),
            left_on_board=sum(len(pile) for pile in self.piles),
            left_in_deck=len(self.stock),
        )
        state = evolve(self, finished=self.finished + (summary,))
        if self.game_number < self.options["games"]:
            # The winner deals the next game; a draw keeps the dealer (ruling 7).
            dealer = self.dealer if summary.winner is None else summary.winner
            number = self.game_number + 1
            order = list(CARDS)
            random.Random(f"checks:{self.seed}:{number}").shuffle(order)
            return _deal(state, number, dealer, order)
        return evolve(state, over=True)


def _deal(state: ChecksState, number: int, dealer: int, order: Sequence[Card]) -> ChecksState:
    """Lay out a game from ``order`` as the text deals it (see the module docstring)."""
    other = 1 - dealer
    rows: list[list[tuple[Card, ...]]] = [[], []]
    position = 0
    for _ in range(HALF_TRICKS):
        for seat in (other, dealer):  # the non-dealer's half-trick first
            rows[seat].append(tuple(order[position:position + HALF_TRICK_SIZE]))
            position += HALF_TRICK_SIZE
    piles = tuple((card,) for card in order[position:position + PILES])
    stock = tuple(order[position + PILES:])
    # Both players start holding their first (leftmost) half-trick.
    return evolve(
        state,
        game_number=number,
        dealer=dealer,
        turn=other,
        hands=(sort_cards(rows[0][0]), sort_cards(rows[1][0])),
        rows=(tuple(rows[0][1:]), tuple(rows[1][1:])),
        piles=piles,
        stock=stock,
        checks=((), ()),
        log=(),
        over=False,
    )


def stacked_deck(
    non_dealer: Sequence[str], dealer: Sequence[str], piles: Sequence[str], stock: Sequence[str] = ()
) -> tuple[str, ...]:
    """A stacked deck from the half-tricks of each seat (lists of 3-card strings like
    ``"KS 5H 4D"``, leftmost first), the six community cards and the top of the refill deck;
    the cards not named fill the rest of the half-tricks, piles and deck in card order."""
    def canonical(cards: Iterable[str]) -> list[str]:
        return [str(Card.parse(card)) for card in cards]

    named = [canonical(text.split()) for text in non_dealer], [canonical(text.split()) for text in dealer]
    piles, stock = canonical(piles), canonical(stock)
    used = {card for rows in named for trick in rows for card in trick} | set(piles) | set(stock)
    spare = iter(str(card) for card in CARDS if str(card) not in used)
    order: list[str] = []
    for index in range(HALF_TRICKS):
        for rows in named:
            trick = list(rows[index]) if index < len(rows) else []
            order += trick + [next(spare) for _ in range(HALF_TRICK_SIZE - len(trick))]
    order += list(piles) + [next(spare) for _ in range(PILES - len(piles))]
    order += list(stock) + list(spare)
    return tuple(order)


class Checks(Game):
    id = "checks"
    title = "Checks"
    min_players = 2
    max_players = 2
    options = (
        Option("games", N_("Games in the series"), 1,
               N_("Play a series; the winner of each game deals the next."), choices=(1, 3, 5)),
    )

    def _new(self, seed: int, players: int, options: dict[str, Any], deck: Sequence[Any] | None) -> ChecksState:
        order, stacked = deal_order(self.id, seed, deck, CARDS, Card.parse)
        blank = ChecksState(
            game_id=self.id, seed=seed, players=players,
            options=MappingProxyType(dict(options)), deck=stacked, history=(),
            game_number=1, dealer=0, turn=1, hands=((), ()), rows=((), ()), piles=(),
            stock=(), checks=((), ()), log=(), finished=(),
        )
        return _deal(blank, 1, 0, order)

    def deck_cards(self, players: int, options: Mapping[str, Any]) -> tuple[str, ...]:
        return tuple(card_names(CARDS))

    def from_view(self, view: Mapping[str, Any], rng: random.Random | None = None) -> ChecksState:
        """A state consistent with ``view``: the seat's own hand, the piles, checks and log as
        shown; the other hand, every face-down half-trick and the deck dealt at random from the
        cards the view does not show. Its seed is drawn from ``rng`` too, so later games of a
        series are unknown deals. Raises SetupError for a dict that is not a Checks view."""
        return self.dealer_for(view)(rng or random.Random(0))

    def dealer_for(self, view: Mapping[str, Any]) -> Callable[[random.Random], ChecksState]:
        try:
            if view.get("game") != self.id:
                raise SetupError(f"not a {self.id} view: game is {view.get('game')!r}")
            seat = view["seat"]
            piles = tuple(tuple(Card.parse(name) for name in pile) for pile in view["piles"])
            shown = [tuple(Card.parse(name) for name in cards) for cards in view["checks"]]
            checks = (shown[0], shown[1])
            known_hand = tuple(Card.parse(name) for name in view.get("hand", ()))
            seen = {card for pile in piles for card in pile}
            seen |= {card for cards in checks for card in cards} | set(known_hand)
            unseen_cards = [card for card in CARDS if card not in seen]
            own = sort_cards(known_hand) if "hand" in view else None
            hand_sizes = [view["hand_sizes"][0], view["hand_sizes"][1]]
            downs = [sum(1 for place in view["rows"][s] if place == "down") for s in (0, 1)]
            deck_count = view["deck_count"]
            if len(unseen_cards) < (sum(hand_sizes) - (len(known_hand) if own is not None else 0)
                                    + HALF_TRICK_SIZE * sum(downs) + deck_count):
                raise SetupError(f"not a {self.id} view: more hidden cards than unseen ones")
            options = MappingProxyType(self.resolve_options(view["options"]))
            log = tuple(Move.from_dict(move) for move in view["log"])
            finished = tuple(GameSummary.from_dict(s) for s in view["finished"])
            fixed: dict[str, Any] = {"game_number": view["game_number"], "dealer": view["dealer"],
                     "turn": view["turn"] if view["turn"] is not None else 0,
                     "over": view["phase"] == "over"}
        except (KeyError, IndexError, TypeError, InvalidNotation) as error:
            raise SetupError(f"not a {self.id} view: {error!r}") from None

        def deal(rng: random.Random) -> ChecksState:
            unseen = list(unseen_cards)
            rng.shuffle(unseen)
            at = 0

            def take(count: int) -> tuple[Card, ...]:
                nonlocal at
                at += count
                return tuple(unseen[at - count:at])

            def hand(s: int) -> tuple[Card, ...]:
                if s == seat and own is not None:
                    return own
                return sort_cards(take(hand_sizes[s]))

            def row(s: int) -> tuple[tuple[Card, ...], ...]:
                return tuple(take(HALF_TRICK_SIZE) for _ in range(downs[s]))

            # Seat 0's cards are dealt first, then seat 1's (the order of the draws from ``rng``).
            hands = (hand(0), hand(1))
            rows = (row(0), row(1))
            stock = take(deck_count)
            return ChecksState(
                game_id=self.id, seed=rng.getrandbits(32), players=2, options=options,
                deck=None, history=(), hands=hands, rows=rows, piles=piles, stock=stock,
                checks=checks, log=log, finished=finished, **fixed,
            )

        return deal

    def parse_action(self, state: State, text: str) -> Play | Cash:
        cash = _CASH.match(text)
        if cash:
            return Cash(int(cash.group(1)) - 1)
        play = _PLAY.match(text)
        if play:
            try:
                return Play(Card.parse(play.group(1)), int(play.group(2)) - 1)
            except InvalidNotation as error:
                raise InvalidNotation(f"invalid Checks play {text!r}: {error}") from None
        raise InvalidNotation(
            f"invalid Checks action {text!r}: write a play as a card, '>' and a pile 1-6 "
            "(like 5h>3), or a cash as 'cash' and a pile 1-6 (like cash 3)"
        )
