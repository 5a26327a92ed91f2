"""Checkmate (a children's game of Jordan and Palestine, related to Crazy Eights), 2 to 4 seats.

Rules in brief (the project's rules page is ``docs/rules/checkmate.md``):

* 54 cards: the 52 of a standard pack and a red and a black Joker. Ten cards each; the rest is
  the stockpile, fanned face down so that a player who draws may pick any card of it.
* Turn order is seat order (the text's anticlockwise: the "right-hand opponent" is the next
  seat). The dealer opens the play pile with any card.
* On your turn play one card of the top card's rank or suit. A Joker goes on any card of its
  colour and takes any card of its colour; a Joker never goes on the other Joker. If you can
  play you must; if you cannot, draw one card of your choice from the fan: when it matches it is
  played at once, else you keep it.
* Any Ace played (the opening card too) calls for a King: the first seat after the Ace player
  that holds one gives a King of its choice (an action of that seat); the turn then passes to
  the seat after the Ace player. Nobody has a King: nothing happens.
* "Last card": whenever a hand comes to hold exactly one card, its owner must announce it
  before any other seat acts (an :class:`Announce` action, offered only while it is due).
* The play ends when a player plays their last card: a win when their announcement stands (or
  when they drew that card into an empty hand), else a draw with no winner. An Ace played as the
  last card does not end the play while someone can give a King. A seat that must draw from an
  empty stockpile ends the play as a draw.
* Series (option ``games``): the winner's total grows by one; a dealer who wins passes the deal to
  the next seat, otherwise (a loss or a draw) deals again.

Seat 0 deals the first game.

Stacked deck (``deck=``): the 54 cards in dealing order. They are dealt singly, starting with
the seat after the dealer and ending with the dealer, ten rounds; the remaining cards are the
fan in order (``draw 1`` picks its first card). :func:`stacked_deck` builds such an order.
Later deals of a series are shuffled from the seed.

Notation: a play is its card (``7C``, ``10H``, ``AS``, ``RJ`` for the red Joker, ``BJ`` for the
black one); ``draw 3`` draws the third card of the fan; ``give KS`` hands over the King of spades
when an Ace calls for one; ``last`` announces "last card". ``draw:3`` and ``give:KS`` are read
too, so records written in that form replay.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine import Action, EngineError, Game, GameSummary, InvalidNotation, Option, Reason, SetupError, State
from engine.core import N_, MatchState, Verb, deal_order, evolve, with_seat
from engine.playing_cards import ACE, CARDS, KING, PlayingCard, card_names, sort_cards

# --- Cards -------------------------------------------------------------------------------------

HAND_SIZE = 10
#: A card of the game is a card of the shared standard deck (``engine.playing_cards``).
Card = PlayingCard


def _fits(card: Card, top: Card) -> bool:
    if card.is_joker or top.is_joker:
        return card.colour == top.colour
    return card.rank == top.rank or card.suit == top.suit


_FITS = tuple(tuple(_fits(card, top) for top in CARDS) for card in CARDS)


def matches(card: Card, top: Card) -> bool:
    """True when ``card`` may go on ``top``: same rank or suit; a Joker only by colour, both ways
    (ruling 3: the two Jokers differ in colour, so neither goes on the other)."""
    return _FITS[card.index][top.index]


def stacked_deck(
    hands: Sequence[Iterable[Any]], stock: Iterable[Any] = (), dealer: int = 0
) -> tuple[str, ...]:
    """The stacked-deck order that deals ``hands[seat]`` to each seat (ten cards each) with
    ``dealer`` dealing, and puts ``stock`` first in the fan, the cards left over after it in
    display order."""
    players = len(hands)
    hand_cards = [[Card.parse(card) for card in hand] for hand in hands]
    if any(len(hand) != HAND_SIZE for hand in hand_cards):
        raise SetupError(f"each hand must have exactly {HAND_SIZE} cards")
    order: list[Card] = []
    for round_number in range(HAND_SIZE):
        for offset in range(1, players + 1):
            order.append(hand_cards[(dealer + offset) % players][round_number])
    order += [Card.parse(card) for card in stock]
    order += [card for card in CARDS if card not in order]
    return tuple(str(card) for card in order)


# --- Actions -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play(Action):
    """Play ``card`` from the hand onto the play pile (the dealer's opening card too)."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class Draw(Verb, verb="draw"):
    """Draw the ``position``-th card (from 1) of the fanned stockpile; played at once if it fits."""

    position: int


@dataclass(frozen=True)
class Give(Verb, verb="give"):
    """Hand the King ``card`` to the player of the Ace that called for it."""

    card: Card


@dataclass(frozen=True)
class Announce(Verb, verb="last"):
    """Say "last card"."""


_DRAW = re.compile(r"^\s*(?:draw|d)\s*[:#@ ]?\s*(\d{1,3})\s*$", re.IGNORECASE)
_GIVE = re.compile(r"^\s*give\s*[: ]?\s*(\S+)\s*$", re.IGNORECASE)
_ANNOUNCE = re.compile(r"^\s*last(?:[\s_-]*card)?\s*!?\s*$", re.IGNORECASE)


# --- Events (the public log of a deal) ---------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """Something that happened in the deal, as everyone at the table saw it.

    ``kind``: ``play`` (``drawn`` when the card came straight from the fan), ``draw`` (a card kept:
    ``card`` is only shown to the drawer, and is ``None`` in a state rebuilt from another seat's
    view), ``give`` (``seat`` gave ``card`` to ``other``), ``no-king`` (an Ace found no King),
    ``last`` (an announcement), ``missed`` (a due announcement not made in time).
    """

    kind: str
    seat: int
    card: Card | None = None
    other: int | None = None
    drawn: bool = False

    def to_dict(self, viewer: int | None) -> dict[str, Any]:
        hidden = self.kind == "draw" and viewer != self.seat
        data: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        if self.card is not None and not hidden:
            data["card"] = str(self.card)
        if self.other is not None:
            data["to"] = self.other
        if self.drawn:
            data["drawn"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        card = data.get("card")
        return cls(
            kind=str(data["kind"]), seat=int(data["seat"]),
            card=None if card is None else Card.parse(card),
            other=data.get("to"), drawn=bool(data.get("drawn", False)),
        )


def known_holdings(log: Iterable[Event], players: int) -> tuple[tuple[Card, ...], ...]:
    """Cards everyone knows a seat holds: Kings handed over openly and not played or given on."""
    known: list[list[Card]] = [[] for _ in range(players)]
    for event in log:
        if event.kind == "give" and event.card is not None and event.other is not None:
            if event.card in known[event.seat]:
                known[event.seat].remove(event.card)
            known[event.other].append(event.card)
        elif event.kind == "play" and event.card in known[event.seat]:
            known[event.seat].remove(event.card)
    return tuple(sort_cards(cards) for cards in known)


# --- Game --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckmateState(MatchState):
    match_name = "series"  # as the setup screen and the table call it
    hands: tuple[tuple[Card, ...], ...]
    #: The fan, in the order its positions are numbered.
    stock: tuple[Card, ...]
    #: The play pile, its top card last; empty until the dealer's opening card.
    pile: tuple[Card, ...]
    #: The seat whose turn it is to play or draw (the Ace player while a King is owed to it).
    turn: int
    #: The seat that must give a King to ``turn`` now, if an Ace called for one.
    giver: int | None
    #: Seats whose "last card" stands (said while holding that one card).
    announced: frozenset[int]
    #: Seats that must say "last card" before any other seat acts.
    due: frozenset[int]
    log: tuple[Event, ...]

    # -- the contract --

    def to_act(self) -> tuple[int, ...]:
        if self.over:
            return ()
        main = self.main_actor
        return (main,) + tuple(sorted(self.due - {main}))

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.over or seat not in self.to_act():
            return ()
        actions: list[Action] = [Announce()] if seat in self.due else []
        if seat != self.main_actor:
            return tuple(actions)
        hand = self.hands[seat]
        if self.giver is not None:
            actions += [Give(card) for card in hand if card.rank == KING]
        elif not self.pile:
            actions += [Play(card) for card in hand]  # the dealer's free opening card
        else:
            playable = self.playable(seat)
            if playable:
                actions += [Play(card) for card in playable]
            else:
                actions += [Draw(position) for position in range(1, len(self.stock) + 1)]
        return tuple(actions)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: its own hand (absent for a spectator), everyone's hand size,
        the pile, the fan's size, the public log (a kept draw shows its card to the drawer only).

        Besides the shared keys: ``mover`` (the seat whose action moves the play on: the King's
        giver during a call, else the seat to play; None once over), ``call`` (``ace_player``
        and ``giver`` while an Ace waits for a King), ``due`` (seats that must say "last card"
        before any other seat acts) and ``announced`` (seats whose "last card" stands),
        ``known`` (Kings each seat was seen to receive and still holds), ``top``, ``pile``
        and ``stock`` (the number of face-down cards in the fan).
        """
        result = self.result()
        view: dict[str, Any] = {
            **self.view_head(seat),
            "game_number": self.game_number,
            "games": self.options["games"],
            "dealer": self.dealer,
            "turn": self.turn,
            "mover": None if self.over else self.main_actor,
            "phase": self.phase,
            "to_act": list(self.to_act()),
            "call": None if self.giver is None else {"ace_player": self.turn, "giver": self.giver},
            "top": None if not self.pile else str(self.pile[-1]),
            "pile": card_names(self.pile),
            "stock": len(self.stock),
            "hand_sizes": [len(hand) for hand in self.hands],
            "known": [card_names(cards) for cards in known_holdings(self.log, self.players)],
            "announced": sorted(self.announced),
            "due": sorted(self.due),
            "log": [event.to_dict(seat) for event in self.log],
            "totals": list(self.totals),
            "finished": [deal.to_dict() for deal in self.finished],
            "result": None if result is None else result.to_dict(),
        }
        if seat is not None:
            view["hand"] = card_names(self.hands[seat])
        return view

    def zones(self) -> dict[str, tuple[str, ...]]:
        zones = {f"hand{seat}": tuple(map(str, hand)) for seat, hand in enumerate(self.hands)}
        zones["stock"] = tuple(map(str, self.stock))
        zones["pile"] = tuple(map(str, self.pile))
        return zones

    def why_illegal(self, seat: int, action: Any) -> str:
        hand = self.hands[seat] if 0 <= seat < self.players else ()
        if isinstance(action, Announce):
            if len(hand) != 1:
                return Reason("'last card' is said with exactly one card in hand; {seat} {holds|hold} {count}",
                              seat=seat, count=len(hand))
            if seat in self.announced:
                return Reason("{seat} {has|have} already said 'last card'", seat=seat)
            return Reason("{seat} missed the moment to say 'last card': another seat has acted since", seat=seat)
        if seat != self.main_actor:
            return Reason("{seat} may only say 'last card' now", seat=seat)
        if self.giver is not None:
            if not isinstance(action, Give):
                return Reason("{seat} must first give a King to {seat_ace}, who played an Ace",
                              seat=seat, seat_ace=self.turn)
            if action.card.rank != KING:
                return Reason("{card} is not a King", card=str(action.card))
            return Reason("{card} is not in {seat's} hand", card=action.card, seat=seat)
        if isinstance(action, Give):
            return Reason("no Ace is waiting for a King")
        if isinstance(action, Play):
            if action.card not in hand:
                return Reason("{card} is not in {seat's} hand", card=action.card, seat=seat)
            top = self.pile[-1]
            if action.card.is_joker or top.is_joker:
                return Reason("{card} does not go on {top}: a Joker only matches its own colour",
                              card=str(action.card), top=str(top))
            return Reason("{card} matches neither the rank nor the suit of the top card {top}",
                          card=str(action.card), top=str(top))
        if isinstance(action, Draw):
            playable = self.playable(seat)
            if playable:
                return Reason("{seat} {holds|hold} a playable card ({card}) and must play it rather than draw",
                              seat=seat, card=playable[0])
            return Reason("the stockpile has {count} cards: there is no card {position}",
                          count=len(self.stock), position=action.position)
        return Reason("Checkmate actions are a card, draw:N, give:K? or last")

    # -- reading the state --

    @property
    def main_actor(self) -> int:
        """The seat whose action moves the play on: the King giver, else the seat to play."""
        return self.giver if self.giver is not None else self.turn

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        if self.giver is not None:
            return "give"
        return "opening" if not self.pile else "play"

    @property
    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    def playable(self, seat: int) -> tuple[Card, ...]:
        """The cards of ``seat``'s hand that may go on the top card."""
        top = self.top
        if top is None:
            return self.hands[seat]
        return tuple(card for card in self.hands[seat] if matches(card, top))

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def king_giver(self, ace_player: int) -> int | None:
        """The first seat after ``ace_player`` in turn order that holds a King, if any."""
        for offset in range(1, self.players):
            seat = (ace_player + offset) % self.players
            if any(card.rank == KING for card in self.hands[seat]):
                return seat
        return None

    # -- applying actions --

    def _apply(self, seat: int, action: Action) -> CheckmateState:
        history = self.history + ((seat, action),)
        if isinstance(action, Announce):
            return evolve(
                self, history=history, due=self.due - {seat},
                announced=self.announced | {seat}, log=self.log + (Event("last", seat),),
            )
        # Any other action closes the announcement windows of the other seats (ruling 6).
        missed = tuple(Event("missed", other) for other in sorted(self.due - {seat}))
        state = evolve(self, history=history, log=self.log + missed)
        if isinstance(action, Play):
            return state._play(seat, action.card, touched={seat})
        if isinstance(action, Draw):
            return state._draw(seat, action.position)
        if isinstance(action, Give):
            return state._give(seat, action.card)
        raise EngineError(f"not a Checkmate action: {action!r}")

    def _play(self, seat: int, card: Card, touched: set[int], drawn: bool = False,
              drew_into_empty: bool = False) -> CheckmateState:
        hand = tuple(c for c in self.hands[seat] if c != card)
        state = evolve(
            self, hands=with_seat(self.hands, seat, hand), pile=self.pile + (card,),
            log=self.log + (Event("play", seat, card, drawn=drawn),),
        )
        # Playing the last card without a standing "last card" ends the play with no winner
        # (ruling 6); a card drawn into an empty hand and played at once wins.
        if not hand and seat not in self.announced and not drew_into_empty:
            return state._end_deal(None, Reason(
                "{seat} played {their|your} last card without having said 'last card', so this "
                "game has no winner", seat=seat), touched)
        giver = state.king_giver(seat) if card.rank == ACE else None
        if giver is not None:
            return state._settle(touched, turn=seat, giver=giver)
        if card.rank == ACE:
            state = evolve(state, log=state.log + (Event("no-king", seat),))
        if not hand:
            return state._end_deal(seat, Reason("{seat} played {their|your} last card and went out",
                                                seat=seat), touched)
        return state._pass_turn(seat, touched)

    def _draw(self, seat: int, position: int) -> CheckmateState:
        card = self.stock[position - 1]
        stock = self.stock[:position - 1] + self.stock[position:]
        state = evolve(self, stock=stock)
        top = self.pile[-1]
        if matches(card, top):
            # A drawn card that fits must be played at once; the hand passes through one more
            # card, so a hand back at one card owes a fresh "last card".
            grown = evolve(state, hands=with_seat(self.hands, seat, sort_cards((*self.hands[seat], card))))
            return grown._play(seat, card, touched={seat}, drawn=True,
                               drew_into_empty=not self.hands[seat])
        state = evolve(
            state, hands=with_seat(self.hands, seat, sort_cards((*self.hands[seat], card))),
            log=state.log + (Event("draw", seat, card),),
        )
        return state._pass_turn(seat, {seat})

    def _give(self, seat: int, card: Card) -> CheckmateState:
        ace_player = self.turn
        hands = with_seat(self.hands, seat, tuple(c for c in self.hands[seat] if c != card))
        hands = with_seat(hands, ace_player, sort_cards((*hands[ace_player], card)))
        state = evolve(self, hands=hands, giver=None,
                       log=self.log + (Event("give", seat, card, other=ace_player),))
        return state._pass_turn(ace_player, {seat, ace_player})

    def _pass_turn(self, after: int, touched: set[int]) -> CheckmateState:
        """The turn goes to the seat after ``after``; a seat that cannot play and finds the fan
        empty ends the play with no winner (ruling 7)."""
        state = self._settle(touched, turn=self.next_seat(after), giver=None)
        seat = state.turn
        if not state.stock and not state.playable(seat):
            return state._end_deal(None, Reason(
                "{seat} {has|have} no card that fits and the stockpile is empty, so nobody can "
                "go out: this game has no winner", seat=seat), set())
        return state

    def _settle(self, touched: set[int], turn: int, giver: int | None) -> CheckmateState:
        """Set whose turn it is, and the announcements: a hand changed by the action loses its
        standing "last card" and owes one if it now holds exactly one card."""
        return evolve(
            self, turn=turn, giver=giver,
            announced=frozenset(seat for seat in self.announced if seat not in touched),
            due=frozenset(seat for seat in touched if len(self.hands[seat]) == 1),
        )

    def _end_deal(self, winner: int | None, reason: str, touched: set[int]) -> CheckmateState:
        state = self._settle(touched, turn=self.turn, giver=None)
        winners = () if winner is None else (winner,)
        summary = GameSummary(
            number=self.game_number, dealer=self.dealer,
            scores=tuple(int(seat in winners) for seat in range(self.players)), winners=winners,
            reason=reason, details={"top": None if self.top is None else str(self.top)},
        )
        finished = self.finished + (summary,)
        if self.game_number >= self.options["games"]:
            return evolve(state, finished=finished, due=frozenset(), over=True)
        # The dealer who wins passes the deal on; otherwise the same seat deals again.
        dealer = self.next_seat(self.dealer) if winner == self.dealer else self.dealer
        order = list(CARDS)
        random.Random(f"checkmate:{self.seed}:{self.game_number + 1}").shuffle(order)
        return _deal(evolve(state, finished=finished), self.game_number + 1,
                     dealer, order)


def _deal(state: CheckmateState, game_number: int, dealer: int, order: Sequence[Card]) -> CheckmateState:
    """Start a deal: ten cards singly to each seat from the one after the dealer, the rest fanned;
    the dealer opens."""
    players = state.players
    hands: list[list[Card]] = [[] for _ in range(players)]
    for index, card in enumerate(order[:HAND_SIZE * players]):
        hands[(dealer + 1 + index) % players].append(card)
    return evolve(
        state, game_number=game_number, dealer=dealer,
        hands=tuple(sort_cards(hand) for hand in hands),
        stock=tuple(order[HAND_SIZE * players:]), pile=(), turn=dealer, giver=None,
        announced=frozenset(), due=frozenset(), log=(), over=False,
    )


class Checkmate(Game):
    id = "checkmate"
    title = "Checkmate"
    min_players = 2
    max_players = 4
    options = (
        Option("games", N_("Games in the series"), 1,
               N_("Deal several games and keep a tally of wins; a dealer who wins passes the deal on."),
               choices=(1, 3, 5)),
    )

    def _new(self, seed: int, players: int, options: dict[str, Any],
             deck: Sequence[Any] | None) -> CheckmateState:
        order, stacked = deal_order(self.id, seed, deck, CARDS, Card.parse)
        empty = CheckmateState(
            game_id=self.id, seed=seed, players=players,
            options=MappingProxyType(dict(options)), deck=stacked, history=(),
            game_number=1, dealer=0, hands=(), stock=(), pile=(), turn=0, giver=None,
            announced=frozenset(), due=frozenset(), log=(), finished=(),
        )
        return _deal(empty, 1, 0, order)

    def deck_cards(self, players: int, options: Mapping[str, Any]) -> tuple[str, ...]:
        return tuple(str(card) for card in CARDS)

    def from_view(self, view: Mapping[str, Any], rng: random.Random | None = None) -> CheckmateState:
        """A full state consistent with ``view``: the unseen cards dealt at random to the other
        hands (keeping the Kings everyone saw handed over, and, while an Ace waits for a King,
        no King for the seats it passed over and one for the giver) and to the fan."""
        return self.dealer_for(view)(rng or random.Random(0))

    def dealer_for(self, view: Mapping[str, Any]) -> Callable[[random.Random], CheckmateState]:
        """``from_view``'s reading of ``view`` (the log, the cards seen), done once; each call of
        the dealer it returns shuffles the unseen cards and deals them."""
        if view.get("game") != self.id:
            raise SetupError(f"not a view of {self.id}: {view.get('game')!r}")
        players = int(view["players"])
        seat = view["seat"]
        known = [list(map(Card.parse, cards)) for cards in view["known"]]
        if seat is not None:
            known[seat] = [Card.parse(name) for name in view["hand"]]
        pile = tuple(Card.parse(name) for name in view["pile"])
        seen = set(pile).union(*map(set, known))
        all_unseen = [card for card in CARDS if card not in seen]
        sizes = view["hand_sizes"]
        call = view["call"]
        stock = view["stock"]
        fixed: dict[str, Any] = {
            "game_id": self.id, "seed": 0, "players": players,
            "options": MappingProxyType(self.resolve_options(view["options"])), "deck": None,
            "history": (), "game_number": int(view["game_number"]), "dealer": int(view["dealer"]),
            "pile": pile, "turn": int(view["turn"]), "giver": None if call is None else int(call["giver"]),
            "announced": frozenset(view["announced"]), "due": frozenset(view["due"]),
            "log": tuple(Event.from_dict(data) for data in view["log"]),
            "finished": tuple(GameSummary.from_dict(deal) for deal in view["finished"]),
            "over": view["phase"] == "over",
        }

        def deal(rng: random.Random) -> CheckmateState:
            hands = [list(cards) for cards in known]
            unseen = list(all_unseen)
            rng.shuffle(unseen)
            if call is not None:
                giver, ace_player = call["giver"], call["ace_player"]
                if giver != seat and not any(card.rank == KING for card in hands[giver]):
                    king = next(card for card in unseen if card.rank == KING)
                    unseen.remove(king)
                    hands[giver].append(king)
                # The seats between the Ace player and the giver were passed over: no King there.
                passed = {(ace_player + offset) % players
                          for offset in range(1, (giver - ace_player) % players)}
                for other in sorted(passed - {seat}):
                    need = sizes[other] - len(hands[other])
                    plain = [card for card in unseen if card.rank != KING][:need]
                    unseen = [card for card in unseen if card not in plain]
                    hands[other] += plain
            for other in range(players):
                need = sizes[other] - len(hands[other])
                hands[other] += unseen[:need]
                unseen = unseen[need:]
            if len(unseen) != stock:
                raise SetupError(f"{self.id}: the view's cards do not add up to the 54")
            return CheckmateState(hands=tuple(sort_cards(hand) for hand in hands), stock=tuple(unseen),
                                  **fixed)

        return deal

    def parse_action(self, state: State | None, text: str) -> Action:
        if not isinstance(text, str):
            raise InvalidNotation(f"invalid Checkmate action {text!r}: expected text")
        if _ANNOUNCE.match(text):
            return Announce()
        draw = _DRAW.match(text)
        if draw:
            position = int(draw.group(1))
            if position < 1:
                raise InvalidNotation(f"invalid Checkmate draw {text!r}: the fan counts from 1")
            return Draw(position)
        give = _GIVE.match(text)
        try:
            if give:
                return Give(Card.parse(give.group(1)))
            return Play(Card.parse(text))
        except InvalidNotation as error:
            raise InvalidNotation(
                f"invalid Checkmate action {text!r}: a card like 7C, draw N, give KS or last "
                f"({error})"
            ) from None
