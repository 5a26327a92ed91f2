"""Chess Cards (Edward Lovett's version of G. Capellen's MATE, 1915), for two seats.

Rules in brief (the project's rules page is ``docs/rules/chess-cards.md``):

* Twenty cards: Queen, Rook, Bishop, Knight, Pawn in black, red, yellow and white, written
  ``bQ rR yB wN wP``. Pieces rank Q > R > B > N > P, suits black > red > yellow > white.
* Ten cards each. A move is a *lead* (a threat) and a *reply*. The reply must be of the led
  suit; lacking one, of the led piece; lacking both, the leader has given mate.
* The initiative (the next lead) goes to the higher piece when the reply followed suit, to the
  higher suit when it matched the piece.
* Mate scores ``value(led card) x (move number + cards the mater sacrificed) x bonus`` with
  values Q 11, R 10, B 4, N 3, P 7; a multiplier above 10 is an *overmate* by that many units
  and the bonus is that number plus one. No mate after the last move: a draw, nobody scores.
* Queen's Privilege (option): a leader playing a queen may announce it; the reply must then be a
  queen when the replier has one, else of the led suit, else it is mate.
* Sacrifice (option): at the start of any turn a player may put one card out of play, shown to
  both, then must play normally; at most one per turn, and only while another card is left to
  play (which is why the text counts at most five sacrifices a game).
* A player with no card in hand plays their last played card again for every later turn; as a
  reply it must still be legal, or it is mate. Both hands empty: the game is over.
* A match is two games: the hands are exchanged and the first game's non-dealer leads.

Seats are 0 and 1; seat 0 deals the first game and leads its first move.

Stacked deck (``deck=``): the 20 cards in dealing order, dealt in packets of five starting with
the non-dealer: ``deck[0:5]`` to seat 1, ``deck[5:10]`` to seat 0, ``deck[10:15]`` to seat 1,
``deck[15:20]`` to seat 0. :func:`stacked_deck` builds such an order from two hands.

Notation: a play is its card (``bQ``), followed by ``*`` when it announces Queen's Privilege,
preceded by the sacrificed card in brackets when the turn began with a sacrifice:
``(wP)bQ*`` sacrifices the white pawn, then leads the black queen with the privilege.
Scoresheet marks after a card (``#`` for mate, ``!`` per overmate unit) are accepted and ignored.

The exact solver (``engine/chess_cards_solver.py``) and the bots build on this module; it imports
neither of them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from types import MappingProxyType
from typing import Any

from engine import Action, Game, GameSummary, IllegalAction, InvalidNotation, Option, Reason, SetupError, State
from engine.core import N_, MatchState, deal_order, evolve, with_seat
from engine.playing_cards import card_names, sort_cards

# --- Cards -------------------------------------------------------------------------------------


#: Notation letters, indexed by ``Suit`` and by ``Piece``.
SUIT_LETTERS = "bryw"
PIECE_LETTERS = "QRBNP"


class Suit(IntEnum):
    """Suits in ranking order: a lower value is a higher suit (black is highest)."""

    BLACK = 0
    RED = 1
    YELLOW = 2
    WHITE = 3


class Piece(IntEnum):
    """Piece types in ranking order: a lower value is a higher piece (queen is highest)."""

    QUEEN = 0
    ROOK = 1
    BISHOP = 2
    KNIGHT = 3
    PAWN = 4

    @property
    def value(self) -> int:
        """The piece's worth when it delivers mate (the suit does not matter)."""
        return PIECE_VALUES[self]


PIECE_VALUES = {Piece.QUEEN: 11, Piece.ROOK: 10, Piece.BISHOP: 4, Piece.KNIGHT: 3, Piece.PAWN: 7}


@dataclass(frozen=True)
class Card:
    suit: Suit
    piece: Piece

    @property
    def index(self) -> int:
        """0..19 in display order: by suit, then by piece, highest first."""
        return self.suit * 5 + self.piece

    def __str__(self) -> str:
        return SUIT_LETTERS[self.suit] + PIECE_LETTERS[self.piece]

    def __repr__(self) -> str:
        return f"Card({self})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """``"bQ"`` -> the black queen; letters in either case; a Card is read as its notation.
        Raises InvalidNotation."""
        token = str(text).strip()
        if len(token) == 2 and token[0].lower() in SUIT_LETTERS and token[1].upper() in PIECE_LETTERS:
            return CARDS[SUIT_LETTERS.index(token[0].lower()) * 5 + PIECE_LETTERS.index(token[1].upper())]
        raise InvalidNotation(
            f"invalid card {text!r}: a card is a suit letter (b r y w) and a piece letter "
            "(Q R B N P), like bQ or wP", Reason("invalid card {card}", card=str(text)))


CARDS: tuple[Card, ...] = tuple(Card(suit, piece) for suit in Suit for piece in Piece)


def stacked_deck(dealer_hand: Iterable[Any], other_hand: Iterable[Any]) -> tuple[str, ...]:
    """The stacked-deck order that deals ``dealer_hand`` to seat 0 and ``other_hand`` to seat 1."""
    dealer = [str(Card.parse(card)) for card in dealer_hand]
    other = [str(Card.parse(card)) for card in other_hand]
    if len(dealer) != 10 or len(other) != 10:
        raise SetupError("each hand must have exactly 10 cards")
    return tuple(other[:5] + dealer[:5] + other[5:] + dealer[5:])


# --- Actions -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play(Action):
    """One turn: an optional sacrifice, then a card played as lead or reply.

    ``privilege`` announces Queen's Privilege and is only legal when leading a queen.
    """

    card: Card
    sacrifice: Card | None = None
    privilege: bool = False

    def __str__(self) -> str:
        text = f"({self.sacrifice})" if self.sacrifice else ""
        return text + str(self.card) + ("*" if self.privilege else "")


_PLAY = re.compile(r"^\s*(?:\(\s*(\w\w)\s*\))?\s*(\w\w)\s*(\*)?\s*[#!]*\s*$")


def parse_play(text: str) -> Play:
    """A play from its notation (``(wP)bQ*``, letters in either case, scoresheet marks ignored).

    Needs no position: the notation names every card. Raises InvalidNotation.
    """
    match = _PLAY.match(text)
    if not match:
        raise InvalidNotation(
            f"invalid Chess Cards play {text!r}: write a card like bQ, optionally with a "
            "sacrifice first in brackets and * for Queen's Privilege, like (wP)bQ*"
        )
    sacrifice_text, card_text, star = match.groups()
    try:
        sacrifice = Card.parse(sacrifice_text) if sacrifice_text else None
        card = Card.parse(card_text)
    except InvalidNotation as error:
        raise InvalidNotation(f"invalid Chess Cards play {text!r}: {error}") from None
    return Play(card, sacrifice, privilege=bool(star))


# --- Game --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveRecord:
    """One move of the scoresheet: the lead and, unless it was mate, the reply."""

    number: int
    leader: int
    lead: Play
    reply: Play | None = None

    def to_dict(self) -> dict[str, Any]:
        """A log entry: a ``move`` (lead and reply) or a ``mate`` (a lead left unanswered), by
        the leader."""
        return {
            "kind": "move" if self.reply is not None else "mate",
            "seat": self.leader,
            "number": self.number,
            "leader": self.leader,
            "lead": str(self.lead),
            "reply": None if self.reply is None else str(self.reply),
        }


@dataclass(frozen=True)
class Mate:
    """The score of a mate, with each factor kept for the result panel."""

    seat: int
    card: Card
    move: int
    sacrifices: int

    @property
    def multiplier(self) -> int:
        return self.move + self.sacrifices

    @property
    def overmate(self) -> int:
        """Units of the multiplier above ten (0 when it is no overmate)."""
        return max(0, self.multiplier - 10)

    @property
    def bonus(self) -> int:
        return self.overmate + 1

    @property
    def score(self) -> int:
        return self.card.piece.value * self.multiplier * self.bonus

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "card": str(self.card),
            "value": self.card.piece.value,
            "move": self.move,
            "sacrifices": self.sacrifices,
            "multiplier": self.multiplier,
            "overmate": self.overmate,
            "bonus": self.bonus,
            "score": self.score,
            "marks": "!" * self.overmate,
        }


def game_summary(number: int, dealer: int, hands: tuple[frozenset[Card], frozenset[Card]],
                 moves: tuple[MoveRecord, ...], mate: Mate | None,
                 end: ChessCardsState | None = None) -> GameSummary:
    """A finished game of the match; ``details`` holds the hands as dealt, the moves, the mate
    (``None`` for a draw) and, from ``end`` (the game's last state), the final position: each
    seat's cards left in hand, played and sacrificed, which a table keeps in view between the
    games of a match. Only a mate scores, for the seat that gave it."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    if mate is None:
        scores, winners = (0, 0), ()
        reason = Reason("both hands are played out without a mate, so nobody scores")
    else:
        scores = with_seat((0, 0), mate.seat, mate.score)
        winners = (mate.seat,)
        parts = {"seat": mate.seat, "seat_mated": 1 - mate.seat, "card": str(mate.card), "move": mate.move,
                 "points": mate.score}
        if mate.overmate:
            reason = Reason("overmate {marks}: {seat} led {card} on move {move} and {seat_mated} "
                            "{has|have@seat_mated} no card that may answer it, so the game ends and "
                            "{seat} {scores|score} {points} points", marks="!" * mate.overmate, **parts)
        else:
            reason = Reason("mate: {seat} led {card} on move {move} and {seat_mated} "
                            "{has|have@seat_mated} no card that may answer it, so the game ends and "
                            "{seat} {scores|score} {points} points", **parts)
    details = {
        "hands": [card_names(sort_cards(hand)) for hand in hands],
        "moves": [move.to_dict() for move in moves],
        "mate": None if mate is None else mate.to_dict(),
    }
    if end is not None:
        details["end"] = {"hands": [card_names(sort_cards(hand)) for hand in end.hands],
                          "played": [card_names(pile) for pile in end.played],
                          "sacrificed": [card_names(pile) for pile in end.sacrificed]}
    return GameSummary(number, dealer, scores, winners, reason, details)


def summary_view(game: GameSummary) -> dict[str, Any]:
    """``game.to_dict()`` for a view, its details copied: they belong to the (immutable) state."""
    data = game.to_dict()
    details = data["details"]
    data["details"] = {
        "hands": [list(hand) for hand in details["hands"]],
        "moves": [dict(move) for move in details["moves"]],
        "mate": None if details["mate"] is None else dict(details["mate"]),
    }
    if "end" in details:
        data["details"]["end"] = {key: [list(pile) for pile in piles] for key, piles in details["end"].items()}
    return data


@dataclass(frozen=True)
class ChessCardsState(MatchState):
    #: The hands as dealt for the first game, exchanged for the second.
    dealt: tuple[frozenset[Card], frozenset[Card]]
    hands: tuple[frozenset[Card], frozenset[Card]]
    leader: int
    move_number: int
    lead: Play | None
    played: tuple[tuple[Card, ...], tuple[Card, ...]]
    sacrificed: tuple[tuple[Card, ...], tuple[Card, ...]]
    #: The moves of the game being played (a game's last move may be its mate).
    moves: tuple[MoveRecord, ...]

    # -- the contract --

    def to_act(self) -> tuple[int, ...]:
        if self.over:
            return ()
        return (self.replier,) if self.lead is not None else (self.leader,)

    def legal_actions(self, seat: int) -> tuple[Play, ...]:
        if seat not in self.to_act():
            return ()
        hand = self.hands[seat]
        sacrifices: list[Card | None] = [None]
        if self.options["sacrifice"] and len(hand) >= 2:
            sacrifices += sort_cards(hand)
        actions: list[Play] = []
        for sacrifice in sacrifices:
            playable = self._playable(seat, hand - {sacrifice} if sacrifice else hand)
            for card in playable:
                actions.append(Play(card, sacrifice))
                if self.lead is None and card.piece is Piece.QUEEN and self.options["privilege"]:
                    actions.append(Play(card, sacrifice, privilege=True))
        return tuple(actions)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything, for every seat: Chess Cards is a game of perfect information."""
        result = self.result()
        return {
            **self.view_head(seat),
            "game_number": self.game_number,
            "games": 2 if self.options["match"] else 1,
            "dealer": self.dealer,
            "move_number": self.move_number,
            "leader": self.leader,
            "to_act": list(self.to_act()),
            "turn": None if self.over else self.to_act()[0],
            "phase": "over" if self.over else ("reply" if self.lead is not None else "lead"),
            "lead": None if self.lead is None else str(self.lead),
            "hands": [card_names(sort_cards(hand)) for hand in self.hands],
            "played": [card_names(pile) for pile in self.played],
            "sacrificed": [card_names(pile) for pile in self.sacrificed],
            "last_played": [str(pile[-1]) if pile else None for pile in self.played],
            "log": [move.to_dict() for move in self.moves],
            "finished": [summary_view(game) for game in self.finished],
            "totals": list(self.totals),
            "result": None if result is None else result.to_dict(),
        }

    def zones(self) -> dict[str, tuple[str, ...]]:
        zones: dict[str, tuple[str, ...]] = {}
        for seat in (0, 1):
            zones[f"hand{seat}"] = tuple(str(card) for card in sort_cards(self.hands[seat]))
            # A card replayed from an empty hand is the same card again: count it once.
            zones[f"played{seat}"] = tuple(str(card) for card in dict.fromkeys(self.played[seat]))
            zones[f"sacrificed{seat}"] = tuple(str(card) for card in self.sacrificed[seat])
        return zones

    def why_illegal(self, seat: int, action: Any) -> str:
        if not isinstance(action, Play):
            return Reason("Chess Cards actions are plays of a card")
        hand = self.hands[seat]
        sacrifice = action.sacrifice
        if sacrifice is not None:
            if not self.options["sacrifice"]:
                return Reason("sacrifices are off in this game")
            if sacrifice not in hand:
                return Reason("{card} is not in {seat's} hand", card=sacrifice, seat=seat)
            if sacrifice == action.card:
                return Reason("a card cannot be both sacrificed and played")
            if len(hand) < 2:
                return Reason("a sacrifice needs another card left in hand to play")
            hand = hand - {sacrifice}
        if action.privilege:
            if not self.options["privilege"]:
                return Reason("Queen's Privilege is off in this game")
            if self.lead is not None:
                return Reason("only a lead can announce Queen's Privilege")
            if action.card.piece is not Piece.QUEEN:
                return Reason("only a queen can announce Queen's Privilege")
        if not hand:
            last = self.played[seat][-1]
            if action.card != last:
                return Reason("{seat} {has|have} no card in hand and must play {its|your} last played card {card}",
                              seat=seat, card=last)
        elif action.card not in hand:
            return Reason("{card} is not in {seat's} hand", card=action.card, seat=seat)
        if self.lead is not None:
            lead = self.lead
            if lead.privilege:
                return Reason("Queen's Privilege on {card}: reply with a queen if you hold one, else with {suit}",
                              card=str(lead.card), suit=lead.card.suit.name.lower())
            return Reason("the reply to {card} must follow suit ({suit}) when possible, else match the piece ({piece})",
                          card=str(lead.card), suit=lead.card.suit.name.lower(), piece=lead.card.piece.name.lower())
        return Reason("the rules do not allow it here")

    # -- helpers --

    @property
    def replier(self) -> int:
        return 1 - self.leader


    def available(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` can play from: the hand, or the last played card once it is empty."""
        if self.hands[seat]:
            return sort_cards(self.hands[seat])
        return (self.played[seat][-1],) if self.played[seat] else ()

    def _playable(self, seat: int, hand: frozenset[Card]) -> tuple[Card, ...]:
        cards = sort_cards(hand) if hand else (self.played[seat][-1],)
        if self.lead is None:
            return cards
        return legal_replies(cards, self.lead)

    def _apply(self, seat: int, action: Action) -> ChessCardsState:
        if not isinstance(action, Play):
            raise IllegalAction(f"illegal action {action!r} by seat {seat}: not a Chess Cards play")
        hand = self.hands[seat]
        sacrificed = self.sacrificed
        if action.sacrifice is not None:
            hand = hand - {action.sacrifice}
            sacrificed = with_seat(sacrificed, seat, sacrificed[seat] + (action.sacrifice,))
        hand = hand - {action.card}
        hands = with_seat(self.hands, seat, hand)
        played = with_seat(self.played, seat, self.played[seat] + (action.card,))
        history = self.history + ((seat, action),)
        lead = self.lead
        if lead is None:
            state = evolve(self, history=history, hands=hands, played=played,
                           sacrificed=sacrificed, lead=action)
            # A lead the other seat cannot answer (by suit, else by piece) is mate at once.
            if not legal_replies(self.available(1 - seat), action):
                mate = Mate(seat, action.card, self.move_number, len(sacrificed[seat]))
                move = MoveRecord(self.move_number, seat, action)
                return state._finish_game(self.moves + (move,), mate)
            return state
        move = MoveRecord(self.move_number, self.leader, lead, action)
        winner = self.leader if initiative_to_lead(lead.card, action.card) else seat
        state = evolve(self, history=history, hands=hands, played=played, sacrificed=sacrificed,
                       lead=None, leader=winner, moves=self.moves + (move,),
                       move_number=self.move_number + 1)
        if not hands[0] and not hands[1]:
            return state._finish_game(state.moves, None)
        return state

    def _finish_game(self, moves: tuple[MoveRecord, ...], mate: Mate | None) -> ChessCardsState:
        starting = self.dealt if self.game_number == 1 else (self.dealt[1], self.dealt[0])
        summary = game_summary(self.game_number, self.dealer, starting, moves, mate, end=self)
        finished = self.finished + (summary,)
        if self.options["match"] and self.game_number == 1:
            # The second game of a match: hands exchanged, the first game's non-dealer leads.
            return _start_game(
                evolve(self, finished=finished),
                game_number=2,
                dealer=1 - self.dealer,
                hands=(self.dealt[1], self.dealt[0]),
            )
        return evolve(self, finished=finished, moves=moves, lead=None, over=True)


def legal_replies(available: Sequence[Card], lead: Play) -> tuple[Card, ...]:
    """Which of ``available`` may answer ``lead``; empty means the lead gives mate."""
    if lead.privilege:
        queens = tuple(card for card in available if card.piece is Piece.QUEEN)
        if queens:
            return queens
        return tuple(card for card in available if card.suit is lead.card.suit)
    same_suit = tuple(card for card in available if card.suit is lead.card.suit)
    if same_suit:
        return same_suit
    return tuple(card for card in available if card.piece is lead.card.piece)


def initiative_to_lead(lead: Card, reply: Card) -> bool:
    """True when the leader keeps the initiative after ``reply`` answered ``lead``.

    Same suit: the higher piece wins it; otherwise (same piece): the higher suit.
    """
    if lead.suit is reply.suit:
        return lead.piece < reply.piece
    return lead.suit < reply.suit


def _start_game(
    state: ChessCardsState, game_number: int, dealer: int, hands: tuple[frozenset[Card], frozenset[Card]]
) -> ChessCardsState:
    return evolve(
        state,
        game_number=game_number,
        dealer=dealer,
        hands=hands,
        leader=dealer,
        move_number=1,
        lead=None,
        played=((), ()),
        sacrificed=((), ()),
        moves=(),
        over=False,
    )


class ChessCards(Game):
    id = "chess-cards"
    title = "Chess Cards (MATE)"
    min_players = 2
    max_players = 2
    perfect_information = True
    options = (
        Option("privilege", N_("Queen's Privilege"), True,
               N_("A leader playing a queen may demand a queen in reply.")),
        Option("sacrifice", N_("Sacrifices"), True,
               N_("At the start of a turn a player may put one card out of play to raise a mate's score.")),
        Option("match", N_("Match of two games"), True,
               N_("Play a second game with the hands exchanged; the higher total wins.")),
    )

    def _new(self, seed: int, players: int, options: dict[str, Any], deck: Sequence[Any] | None) -> ChessCardsState:
        order, stacked = deal_order(self.id, seed, deck, CARDS, Card.parse)
        # Packets of five, the non-dealer (seat 1) first.
        seat1 = frozenset(order[0:5] + order[10:15])
        seat0 = frozenset(order[5:10] + order[15:20])
        state = ChessCardsState(
            game_id=self.id,
            seed=seed,
            players=players,
            options=MappingProxyType(dict(options)),
            deck=stacked,
            history=(),
            dealt=(seat0, seat1),
            game_number=1,
            dealer=0,
            hands=(seat0, seat1),
            leader=0,
            move_number=1,
            lead=None,
            played=((), ()),
            sacrificed=((), ()),
            moves=(),
            finished=(),
        )
        return state

    def deck_cards(self, players: int, options: Mapping[str, Any]) -> tuple[str, ...]:
        return tuple(str(card) for card in CARDS)

    def from_view(self, view: Mapping[str, Any], rng: random.Random | None = None) -> ChessCardsState:
        """The position a view shows, as a state to search from (perfect information: a view
        holds everything). Its history is empty; earlier games of the match are not rebuilt."""
        def cards(names: Iterable[str]) -> tuple[Card, ...]:
            return tuple(Card.parse(name) for name in names)

        def pair(piles: Sequence[Iterable[str]]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
            return cards(piles[0]), cards(piles[1])

        first, second = pair(view["hands"])
        hands = (frozenset(first), frozenset(second))
        lead = None if view["lead"] is None else parse_play(view["lead"])
        return ChessCardsState(
            game_id=self.id, seed=0, players=2,
            options=MappingProxyType(self.resolve_options(view["options"])),
            deck=None, history=(),
            dealt=hands,
            game_number=view["game_number"], dealer=view["dealer"],
            hands=hands,
            leader=view["leader"], move_number=view["move_number"], lead=lead,
            played=pair(view["played"]),
            sacrificed=pair(view["sacrificed"]),
            moves=(), finished=(), over=view["phase"] == "over",
        )

    def parse_action(self, state: State, text: str) -> Play:
        """The play ``text`` writes (see :func:`parse_play`); raises InvalidNotation."""
        return parse_play(text)
