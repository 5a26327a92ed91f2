"""Saving Private Checkers (Invisible City free game #42): checkers on a board of face-down cards.

Rules in brief (the project's rules page is ``docs/rules/private-checkers.md``):

* Each side owns half a poker deck: Light (seat 0) hearts and spades, Dark (seat 1) diamonds and
  clubs. Sixteen of its cards lie face down, unseen by anyone, on the dark squares of its own half
  of the board (Light rows 1-4, Dark rows 5-8); the other ten are its stockpile, seen only by
  that side. Twelve checkers each in the usual American setup; Light moves first.
* American checkers: men step diagonally forward, kings any way; capturing is compulsory and a
  capturing piece jumps on while it can, choosing freely. A man reaching the far row is kinged and
  its move ends.
* Every landing (each one inside a multi-jump too) turns the card under it over. A card turned
  face up that is black makes the mover discard a stockpile card of their choice (its own action,
  :class:`Discard`); a board card higher than the discard (ace low, king high) blows the piece up
  and ends the move, captures made so far standing. No stockpile card left: the piece blows up.
* A king on its own home row may leave the board (:class:`Rescue`) into its side's rescued area;
  a capture, when there is one, comes first.
* The game ends when the board is empty, one colour is left, or the side to move cannot move.
  More rescued: survival victory; more captured: tactical victory; both: total victory.
* Variants (options, combinable): Assassins (capturing a piece that stands on a face-up black
  queen or red jack costs the capturer), Kings, Queens and Footmen (turning up a king, queen or
  jack promotes the piece; a footman may capture an adjacent enemy without moving).
* Three or four players play as two teams: seats 0 and 2 are Light, 1 and 3 Dark; teammates take
  their side's turns in turn and share its stockpile.

Where the text is silent the project rules (tested, and written in the rules page): promotion by
a card (or by the far row) ends the move; a promotion never demotes (a king stays a king on a
queen or jack, a queen stays a queen on a jack); a queen or footman on the far row becomes a
king; a footman strikes in any of the four diagonal directions and that capture is its whole
move; an assassin's victim is taken as it captures, before it lands (no card turns).

Squares are named like a chess board from Light's side (``a1`` is Light's left corner); the 32
dark squares are those with an even file+rank sum, numbered 0..31 row by row (``a1 c1 e1 g1 b2
... h8``).

Stacked deck (``deck=``): any order of the 52 cards. Light's hearts and spades, in the order
they appear, go to squares 0..15 (the first sixteen) and to Light's stockpile (the last ten);
Dark's diamonds and clubs likewise to squares 16..31 and Dark's stockpile. :func:`stacked_deck`
writes such a deck from each side's cards in that order.

Notation: ``c3-d4`` a step, ``c3xe5`` one jump (a multi-jump is one action per jump), ``d4*e5`` a
footman capturing in place, ``c1^`` a rescue, ``discard 7S`` the stockpile card given up.
Cards are the shared standard cards: rank (``A 2..10 J Q K``, ``T`` read for ten) and suit.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cached_property
from types import MappingProxyType
from typing import Any, ClassVar

from engine import Action, EngineError, Game, IllegalAction, InvalidNotation, Option, Reason, Result, SetupError, State
from engine.core import N_, NOT_A_DECK, Verb, deal_order, evolve, hash_once, json_value, log_reader, with_seat
from engine.playing_cards import PlayingCard, card_names, sort_cards

# --- Cards -------------------------------------------------------------------------------------

#: Suit order of the game's deck: each side's cards are told apart by their suits.
SUITS = "CDHS"
#: The suits of each side's half-deck (Light: hearts and spades; Dark: diamonds and clubs).
SIDE_SUITS = ("HS", "DC")
SIDE_NAMES = ("Light", "Dark")
#: The key of the result's reason (``Reason.keyed``).
GAME_OVER = "private-checkers: game over"
SIDE_SUIT_WORDS = (("hearts", "spades"), ("diamonds", "clubs"))

#: The shared standard card (``engine.playing_cards``): ``7S``, ``10H``, ``QD``; ``T`` is read too.
Card = PlayingCard

#: The 52 cards by suit (clubs, diamonds, hearts, spades), then ace to king: the order a stacked
#: deck is read against and the seed shuffles.
DECK: tuple[Card, ...] = tuple(PlayingCard.of(rank, suit) for suit in SUITS for rank in range(1, 14))


def is_black(card: Card) -> bool:
    return card.colour == "black"


def survives(board_card: Card, discard: Card) -> bool:
    """Whether a piece on the face-up black ``board_card`` survives the stockpile card
    ``discard``: the rule blows it up when the board card is greater (ace low, king high), so
    an equal or higher discard is safe. Tables use it to show which discards are safe."""
    return board_card.rank <= discard.rank


def owner(card: Card) -> int:
    """The side whose half-deck holds the card."""
    return 0 if card.suit in SIDE_SUITS[0] else 1


#: Each side's half of ``DECK``, in its order.
SIDE_DECKS: tuple[tuple[Card, ...], tuple[Card, ...]] = (
    tuple(card for card in DECK if owner(card) == 0), tuple(card for card in DECK if owner(card) == 1))


def stacked_deck(light: Sequence[Any], dark: Sequence[Any]) -> tuple[str, ...]:
    """The stacked deck (``deck=``) that deals ``light``, Light's 26 cards, to squares 0..15 in
    order and the last ten to Light's stockpile, and ``dark`` likewise to squares 16..31 and
    Dark's stockpile. Raises SetupError when a side's list is not its 26 cards."""
    sides = []
    for side, cards in enumerate((light, dark)):
        try:
            parsed = [card if isinstance(card, PlayingCard) else PlayingCard.parse(str(card))
                      for card in cards]
        except InvalidNotation as error:
            raise SetupError(f"bad stacked deck for {SIDE_NAMES[side]}: {error}", NOT_A_DECK) from None
        mine = {card for card in DECK if owner(card) == side}
        if len(parsed) != len(mine) or set(parsed) != mine:
            raise SetupError(f"{SIDE_NAMES[side]}'s stacked cards must be the 26 "
                             f"{' and '.join(SIDE_SUIT_WORDS[side])} once each", NOT_A_DECK)
        sides.append(parsed)
    return tuple(card_names(sides[0] + sides[1]))


# --- The board ---------------------------------------------------------------------------------

SQUARES = 32
FILES = "abcdefgh"
#: Diagonal directions as (file step, row step); Light's forward is +1 row, Dark's -1.
DIRECTIONS = ((-1, 1), (1, 1), (-1, -1), (1, -1))


def square_file_row(square: int) -> tuple[int, int]:
    row = square // 4
    return 2 * (square % 4) + row % 2, row


def square_at(file: int, row: int) -> int | None:
    if 0 <= file < 8 and 0 <= row < 8 and (file + row) % 2 == 0:
        return row * 4 + file // 2
    return None


def square_name(square: int) -> str:
    file, row = square_file_row(square)
    return f"{FILES[file]}{row + 1}"


SQUARE_NAMES = tuple(square_name(square) for square in range(SQUARES))
_SQUARE_INDEX = {name: square for square, name in enumerate(SQUARE_NAMES)}


def parse_square(text: str) -> int:
    square = _SQUARE_INDEX.get(text.strip().lower())
    if square is None:
        raise InvalidNotation(f"invalid square {text!r}: a dark square from a1 to h8, like c3")
    return square


def _neighbours() -> tuple[tuple[tuple[int | None, int | None], ...], ...]:
    table = []
    for square in range(SQUARES):
        file, row = square_file_row(square)
        table.append(tuple(
            (square_at(file + df, row + dr), square_at(file + 2 * df, row + 2 * dr))
            for df, dr in DIRECTIONS
        ))
    return tuple(table)


#: ``STEPS[square][d] = (adjacent square, square beyond it)`` per direction (``None`` off-board).
STEPS = _neighbours()
#: ``JUMPED[(origin, target)]``: the square a jump from ``origin`` to ``target`` passes over.
JUMPED: dict[tuple[int, int], int] = {
    (origin, beyond): adjacent
    for origin in range(SQUARES) for adjacent, beyond in STEPS[origin]
    if adjacent is not None and beyond is not None
}


def home_row(side: int) -> int:
    return 0 if side == 0 else 7


def row_of(square: int) -> int:
    return square // 4


class Rank(IntEnum):
    MAN = 0
    FOOTMAN = 1
    QUEEN = 2
    KING = 3


#: A piece's rank as views write it.
_RANK_TEXTS = {rank: rank.name.lower() for rank in Rank}


@dataclass(frozen=True)
class Piece:
    side: int
    rank: Rank = Rank.MAN

    def step_directions(self) -> tuple[int, ...]:
        if self.rank is Rank.KING:
            return (0, 1, 2, 3)
        return (0, 1) if self.side == 0 else (2, 3)

    def jump_directions(self) -> tuple[int, ...]:
        # A queen captures backwards or forwards like a king but steps only forward.
        if self.rank in (Rank.KING, Rank.QUEEN):
            return (0, 1, 2, 3)
        return (0, 1) if self.side == 0 else (2, 3)

    @property
    def letter(self) -> str:
        """FEN letter: M, F, Q, K; upper case for Light, lower case for Dark."""
        letter = "MFQK"[self.rank]
        return letter if self.side == 0 else letter.lower()


#: Every piece a view can show, by how it shows it (pieces are values: states share them).
_PIECES = {(side, text): Piece(side, rank) for side in (0, 1) for rank, text in _RANK_TEXTS.items()}


def _read_piece(shown: Mapping[str, Any]) -> Piece:
    """The piece a view's square shows (KeyError for an unknown rank)."""
    return _PIECES.get((shown["side"], shown["rank"])) or Piece(shown["side"], Rank[shown["rank"].upper()])


# --- Actions -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PieceMove(Action):
    """A piece's move from ``origin`` to ``target``, written in checkers notation: the two
    squares with the kind's mark between them (``c3-d4``, ``c3xe5``, ``d4*e5``)."""

    origin: int
    target: int

    mark: ClassVar[str] = ""

    def __str__(self) -> str:
        return f"{SQUARE_NAMES[self.origin]}{self.mark}{SQUARE_NAMES[self.target]}"


@dataclass(frozen=True)
class Step(PieceMove):
    """A plain move to the adjacent square."""

    mark = "-"


@dataclass(frozen=True)
class Jump(PieceMove):
    """One jump over an enemy piece; a multi-jump is a series of them."""

    mark = "x"

    @property
    def over(self) -> int:
        """The square jumped over; IllegalAction when ``target`` is not two diagonal steps away."""
        adjacent = JUMPED.get((self.origin, self.target))
        if adjacent is None:
            raise IllegalAction(f"{self} is not a jump: the squares are not two diagonal steps apart")
        return adjacent


@dataclass(frozen=True)
class Strike(PieceMove):
    """A footman captures the adjacent enemy on ``target`` without moving (Footmen variant)."""

    mark = "*"


@dataclass(frozen=True)
class Rescue(Action):
    """A king on its own home row leaves the board into its side's rescued area."""

    origin: int

    def __str__(self) -> str:
        return f"{SQUARE_NAMES[self.origin]}^"


@dataclass(frozen=True)
class Discard(Verb, verb="discard"):
    """The stockpile card given up when a black card turns face up under the mover's piece."""

    card: Card


_MOVE = re.compile(r"^\s*([a-hA-H][1-8])\s*([-x*])\s*([a-hA-H][1-8])\s*$")
_RESCUE = re.compile(r"^\s*([a-hA-H][1-8])\s*\^\s*$")
_DISCARD = re.compile(r"^\s*discard\s+(\S+)\s*$", re.IGNORECASE)
_MOVE_KINDS = {kind.mark: kind for kind in (Step, Jump, Strike)}


def parse_action_text(text: str) -> Action:
    """Notation -> action (see the module docstring); raises InvalidNotation."""
    if match := _MOVE.match(text):
        origin, kind, target = match.groups()
        return _MOVE_KINDS[kind](parse_square(origin), parse_square(target))
    if match := _RESCUE.match(text):
        return Rescue(parse_square(match.group(1)))
    if match := _DISCARD.match(text):
        try:
            return Discard(Card.parse(match.group(1)))
        except InvalidNotation as error:
            raise InvalidNotation(f"invalid Saving Private Checkers action {text!r}: {error}") from None
    raise InvalidNotation(
        f"invalid Saving Private Checkers action {text!r}: write a step c3-d4, a jump c3xe5, "
        "a footman's capture in place d4*e5, a rescue c1^ or a discard like 'discard 7S'"
    )


# --- State -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pending:
    """A move in progress: the piece on ``square`` must discard (``discard``) or jump on."""

    square: int
    discard: bool
    #: The move so far was a capture, so after a survived discard the piece may have to jump on.
    jumped: bool


#: Kings stepping to and fro over red or face-up cards could go on for ever: after this many
#: turns in a row of nothing but a king's step, the game ends (project ruling, like the
#: forty-move rule of checkers tournaments).
QUIET_LIMIT = 40

#: At most this many log entries are kept for the table (what just happened).
LOG_MEMORY = 40


def sided(template: str, side: int, **parts: Any) -> Reason:
    """A reason that names a side: the English says its name, a reader knows the reason by
    ``template`` and names ``side`` (0 or 1, a part) its own way."""
    return Reason.keyed(template, template.replace("{side}", SIDE_NAMES[side]), side=side, **parts)


def _frozen(value: Any) -> Any:
    """A JSON value with its lists as tuples, so that an entry read back stays hashable."""
    return tuple(_frozen(item) for item in value) if isinstance(value, list) else value


@dataclass(frozen=True)
class LogEntry:
    """One public event of the log: ``kind`` is ``move``, ``flip``, ``capture``, ``assassin``,
    ``survive``, ``blowup``, ``promote``, ``rescue`` or ``end``; ``seat`` the seat whose move it
    happened in (``None`` for the end of the game); ``square`` where it happened (``None``:
    nowhere); ``text`` says it in English, for logs and tests; ``parts`` is what it names, as
    data (sides 0 and 1, squares, cards, ranks), so that a table says it whole in its reader's
    language from ``kind`` and ``parts`` alone. ``number`` counts every event of the game (the
    log keeps only the latest ones), so a table can tell which entries are new."""

    number: int
    kind: str
    seat: int | None
    square: str | None
    text: str
    #: (name, JSON value) pairs (a dict is not hashable).
    parts: tuple[tuple[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        parts = dict(self.parts) if self._plain else {name: json_value(value) for name, value in self.parts}
        return {"number": self.number, "kind": self.kind, "seat": self.seat,
                "square": self.square, "text": self.text, "parts": parts}

    @cached_property
    def _plain(self) -> bool:
        """Whether every part is already a JSON scalar (most are): every view writes every
        entry, and then a plain copy of the parts is their JSON form."""
        return all(value is None or type(value) in (str, int, float, bool) for _, value in self.parts)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LogEntry:
        """The entry again from ``to_dict()`` (KeyError, TypeError, ValueError if it is not one)."""
        seat, square = data["seat"], data["square"]
        return cls(int(data["number"]), str(data["kind"]), None if seat is None else int(seat),
                   None if square is None else str(square), str(data["text"]),
                   tuple((name, _frozen(value)) for name, value in dict(data.get("parts") or {}).items()))


#: Reads a view's log back (``from_view``), the last log read remembered (``log_reader``).
_read_log = log_reader(LogEntry.from_dict, LogEntry.to_dict)


@hash_once
@dataclass(frozen=True)
class PrivateCheckersState(State):
    cards: tuple[Card, ...]
    face_up: frozenset[int]
    #: Face-down squares whose card everyone has seen (it was face up earlier).
    seen: frozenset[int]
    pieces: tuple[Piece | None, ...]
    stockpiles: tuple[tuple[Card, ...], tuple[Card, ...]]
    discards: tuple[Card, ...]
    captured: tuple[int, int]
    rescued: tuple[int, int]
    side: int
    #: Turns each side has finished: its next player is ``members(side)[turns[side] % n]``.
    turns: tuple[int, int]
    #: Turns in a row that were only a king's step (no capture, discard, blow-up or rescue).
    quiet: int
    pending: Pending | None
    over: bool
    #: The latest public events, oldest first (at most ``LOG_MEMORY``).
    log: tuple[LogEntry, ...]

    #: The legal actions (``_legal``) and the hash (``hash_once``), worked out once per state;
    #: ``evolve`` drops them.
    caches: ClassVar[tuple[str, ...]] = ("_legal_cache", "_hash_cache")

    # -- the contract --

    def to_act(self) -> tuple[int, ...]:
        if self.over:
            return ()
        return (self.mover,)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.over or seat != self.mover:
            return ()
        return self._legal()

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result | None:
        if not self.over:
            return None
        victories = self.victories()
        wins = [len(victories[side]) for side in (0, 1)]
        winners: tuple[int, ...] = ()
        if wins[0] != wins[1]:
            best = 0 if wins[0] > wins[1] else 1
            winners = tuple(members(self.players, best))
        return Result(
            scores=tuple(wins[seat % 2] for seat in range(self.players)),
            winners=winners,
            # The counts stay out of the result's reason: a result panel shows them already.
            # Its English is put together from the end and the victories: readers know it by
            # its key and say it from ``end_parts`` (``ending`` and ``victories`` are English).
            reason=Reason.keyed(GAME_OVER, "{ending}: {victories}", ending=self.ending() or "the game is over",
                                victories=self.reason(counts=False), **self.end_parts()),
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        own = None if seat is None else seat % 2
        result = self.result()
        return {
            **self.view_head(seat),
            "side": own,
            "teams": [members(self.players, side) for side in (0, 1)],
            "to_act": list(self.to_act()),
            "side_to_move": self.side,
            "turns": list(self.turns),
            "quiet": self.quiet,
            "phase": self.phase,
            "pending": None if self.pending is None else {
                "square": SQUARE_NAMES[self.pending.square],
                "discard": self.pending.discard,
                "jumped": self.pending.jumped,
            },
            "squares": self._squares_view(),
            "stockpiles": [
                card_names(sort_cards(pile)) if own == side else None
                for side, pile in enumerate(self.stockpiles)
            ],
            "stock_counts": [len(pile) for pile in self.stockpiles],
            "discards": card_names(self.discards),
            "captured": list(self.captured),
            "rescued": list(self.rescued),
            "log": [entry.to_dict() for entry in self.log],
            "victories": [list(names) for names in self.victories()] if self.over else None,
            "result": None if result is None else result.to_dict(),
        }

    def zones(self) -> dict[str, tuple[str, ...]]:
        return {
            "board": tuple(card_names(self.cards)),
            "stockpile0": tuple(card_names(sort_cards(self.stockpiles[0]))),
            "stockpile1": tuple(card_names(sort_cards(self.stockpiles[1]))),
            "discards": tuple(card_names(self.discards)),
        }

    def why_illegal(self, seat: int, action: Any) -> str:
        side = seat % 2
        if self.pending is not None and self.pending.discard:
            if not isinstance(action, Discard):
                return sided("a black card turned up under {side}'s piece on {square}: discard a stockpile card first",
                             side, square=SQUARE_NAMES[self.pending.square])
            return sided("{card} is not in {side}'s stockpile", side, card=str(action.card))
        if isinstance(action, Discard):
            return Reason("there is no black card to answer with a discard")
        if self.pending is not None:
            return Reason("the piece on {square} must go on capturing (one of its jumps)",
                          square=SQUARE_NAMES[self.pending.square])
        origin = getattr(action, "origin", None)
        piece = None if origin is None else self.pieces[origin]
        if piece is None or piece.side != side:
            return (sided("{side} has no piece on {square}", side, square=SQUARE_NAMES[origin]) if origin is not None
                    else Reason("the rules do not allow it here"))
        if self._captures() and not isinstance(action, (Jump, Strike)):
            return Reason("a capture is possible, and capturing is compulsory")
        if isinstance(action, Rescue):
            return Reason("only a king on its own home row can be rescued")
        if isinstance(action, Strike):
            return Reason("only a footman can capture in place, and only an adjacent enemy piece")
        return Reason("that piece cannot move there")

    # -- derived facts --

    @property
    def mover(self) -> int:
        team = members(self.players, self.side)
        return team[self.turns[self.side] % len(team)]

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        if self.pending is None:
            return "move"
        return "discard" if self.pending.discard else "jump"

    def victories(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Per side: the victories it holds ("survival", "tactical"; both make a total victory)."""
        won: list[list[str]] = [[], []]
        for kind, counts in (("survival", self.rescued), ("tactical", self.captured)):
            if counts[0] != counts[1]:
                won[0 if counts[0] > counts[1] else 1].append(kind)
        return tuple(won[0]), tuple(won[1])

    def reason(self, counts: bool = True) -> str:
        """The victories each side holds (or none), and with ``counts`` the rescued and
        captured counts they come from."""
        parts = []
        for side, names in enumerate(self.victories()):
            if len(names) == 2:
                parts.append(f"total victory for {SIDE_NAMES[side]}")
            elif names:
                parts.append(f"{names[0]} victory for {SIDE_NAMES[side]}")
        score = (f"rescued {self.rescued[0]}-{self.rescued[1]}, "
                 f"captured {self.captured[0]}-{self.captured[1]}")
        victories = '; '.join(parts) or 'no victory for either side'
        return f"{victories} ({score})" if counts else victories

    def _squares_view(self) -> list[dict[str, Any]]:
        """Each square as a view shows it: its card when face up or seen by everyone, and its
        piece (one loop, not a call per square: every view of every state draws all 32)."""
        face_up, seen, cards = self.face_up, self.seen, self.cards
        squares = []
        for square, piece in enumerate(self.pieces):
            up = square in face_up
            squares.append({
                "square": SQUARE_NAMES[square],
                "card": str(cards[square]) if up or square in seen else None,
                "up": up,
                "piece": None if piece is None else {"side": piece.side, "rank": _RANK_TEXTS[piece.rank]},
            })
        return squares

    def threatened(self, side: int) -> frozenset[int]:
        """Squares of ``side``'s pieces that the other side could capture if it moved now."""
        other = evolve(self, side=1 - side, pending=None)
        targets = set()
        for action in other._captures():
            targets.add(action.over if isinstance(action, Jump) else action.target)
        return frozenset(targets)

    # -- move generation --

    def after(self, action: Action) -> PrivateCheckersState:
        """The state after the seat to act takes ``action``, which must be one of its legal
        actions: ``apply`` without the check, for searches that only try legal actions."""
        return self._apply(self.mover, action)

    def _legal(self) -> tuple[Action, ...]:
        # States are immutable, so the legal actions are worked out once per state.
        cached = self.__dict__.get("_legal_cache")
        if cached is None:
            cached = self._generate()
            object.__setattr__(self, "_legal_cache", cached)
        return cached

    def _generate(self) -> tuple[Action, ...]:
        pending = self.pending
        if pending is not None:
            if pending.discard:
                return tuple(Discard(card) for card in sort_cards(self.stockpiles[self.side]))
            piece = self.pieces[pending.square]
            return () if piece is None else tuple(self._jumps_from(pending.square, piece))
        captures = self._captures()
        if captures:
            return captures
        actions: list[Action] = []
        for square, piece in enumerate(self.pieces):
            if piece is None or piece.side != self.side:
                continue
            if piece.rank is Rank.KING and row_of(square) == home_row(piece.side):
                actions.append(Rescue(square))
            for direction in piece.step_directions():
                target = STEPS[square][direction][0]
                if target is not None and self.pieces[target] is None:
                    actions.append(Step(square, target))
        return tuple(actions)

    def _captures(self) -> tuple[Jump | Strike, ...]:
        actions: list[Jump | Strike] = []
        for square, piece in enumerate(self.pieces):
            if piece is None or piece.side != self.side:
                continue
            actions.extend(self._jumps_from(square, piece))
            if piece.rank is Rank.FOOTMAN and self.options["footmen"]:
                for adjacent, _ in STEPS[square]:
                    if adjacent is not None and self._enemy(adjacent, piece.side):
                        actions.append(Strike(square, adjacent))
        return tuple(actions)

    def _jumps_from(self, square: int, piece: Piece) -> list[Jump]:
        """The jumps open to ``piece``, which stands on ``square``."""
        jumps = []
        for direction in piece.jump_directions():
            adjacent, beyond = STEPS[square][direction]
            if beyond is not None and self._enemy(adjacent, piece.side) and self.pieces[beyond] is None:
                jumps.append(Jump(square, beyond))
        return jumps

    def _enemy(self, square: int | None, side: int) -> bool:
        if square is None:
            return False
        piece = self.pieces[square]
        return piece is not None and piece.side != side

    # -- applying actions --

    def _apply(self, seat: int, action: Action) -> PrivateCheckersState:
        state = evolve(self, history=self.history + ((seat, action),))
        stepper = self.pieces[action.origin] if isinstance(action, Step) else None
        if stepper is None or stepper.rank is not Rank.KING:
            state = evolve(state, quiet=0)  # anything but a king's step is progress
        elif self.pending is None:
            state = evolve(state, quiet=self.quiet + 1)
        if isinstance(action, Discard):
            return state._discard(action.card)
        if isinstance(action, Rescue):
            rescued = _bump(self.rescued, self.side)
            state = evolve(state, pieces=_put(state.pieces, action.origin, None), rescued=rescued)
            state = state._note("rescue", action.origin, f"{SIDE_NAMES[self.side]} rescues the "
                                f"king on {SQUARE_NAMES[action.origin]}", side=self.side,
                                square=SQUARE_NAMES[action.origin])
            return state._end_turn()
        if isinstance(action, Strike):
            return state._capture(action.origin, action.target, striker=action.origin)
        if isinstance(action, Jump):
            state = state._note("move", action.target, f"{SIDE_NAMES[self.side]} {action}", side=self.side,
                                move=str(action))
            state = state._capture(action.origin, action.over, striker=None)
            if state.pieces[action.origin] is None:
                return state  # an assassin took the capturing piece: the move is over
            return state._land(action.origin, action.target, jumped=True)
        if not isinstance(action, Step):
            raise IllegalAction(f"{action!r} is not a Saving Private Checkers action")
        state = state._note("move", action.target, f"{SIDE_NAMES[self.side]} {action}", side=self.side,
                                move=str(action))
        return state._land(action.origin, action.target, jumped=False)

    def _capture(self, origin: int, victim: int, striker: int | None) -> PrivateCheckersState:
        """Take the enemy on ``victim``; an assassin (variant) takes the capturer in return."""
        side = self.side
        pieces = _put(self.pieces, victim, None)
        captured = _bump(self.captured, side)
        text = f"{SIDE_NAMES[side]} captures on {SQUARE_NAMES[victim]}"
        said: dict[str, Any] = {"side": side, "square": SQUARE_NAMES[victim]}
        if striker is not None:
            # A footman's capture in place: it reverts to a normal piece (Footmen variant).
            pieces = _put(pieces, origin, Piece(side, Rank.MAN))
            text = f"{SIDE_NAMES[side]}'s footman on {SQUARE_NAMES[origin]} captures on {SQUARE_NAMES[victim]} in place"
            said["footman"] = SQUARE_NAMES[origin]
        state = evolve(self, pieces=pieces, captured=captured)._note("capture", SQUARE_NAMES[victim], text, **said)
        card = self.cards[victim]
        if self.options["assassins"] and victim in self.face_up and _is_assassin(card):
            state = evolve(state, pieces=_put(state.pieces, origin, None),
                           captured=_bump(state.captured, 1 - side))
            state = state._note("assassin", SQUARE_NAMES[origin],
                                f"the assassin on {card} takes {SIDE_NAMES[side]}'s capturing piece",
                                card=str(card), side=side)
            return state._end_turn()
        if striker is not None:
            return state._end_turn()
        return state

    def _land(self, origin: int, target: int, jumped: bool) -> PrivateCheckersState:
        pieces = _put(_put(self.pieces, origin, None), target, self.pieces[origin])
        state = evolve(self, pieces=pieces)
        card = self.cards[target]
        if target in self.face_up:
            # Landing on a face-up card turns it face down again; everyone has seen it.
            return evolve(state, face_up=self.face_up - {target}, seen=self.seen | {target})._after_landing(
                target, jumped, revealed=None)
        state = evolve(state, face_up=self.face_up | {target}, seen=self.seen - {target})
        state = state._note("flip", SQUARE_NAMES[target], f"{card} turns up on {SQUARE_NAMES[target]}",
                            card=str(card), square=SQUARE_NAMES[target])
        if not is_black(card):
            return state._after_landing(target, jumped, revealed=card)
        if not self.stockpiles[self.side]:
            return state._blow_up(target, f"{card} is black and {SIDE_NAMES[self.side]} has no stockpile card left",
                                  card=str(card))
        return evolve(state, pending=Pending(target, discard=True, jumped=jumped))

    def _discard(self, discarded: Card) -> PrivateCheckersState:
        if self.pending is None:
            raise IllegalAction(f"discard {discarded}: no black card is waiting for a discard")
        square, jumped = self.pending.square, self.pending.jumped
        side = self.side
        stockpile = tuple(card for card in self.stockpiles[side] if card != discarded)
        state = evolve(self, stockpiles=with_seat(self.stockpiles, side, stockpile),
                       discards=self.discards + (discarded,), pending=None)
        board_card = self.cards[square]
        if not survives(board_card, discarded):
            return state._blow_up(square, f"{board_card} beats the discarded {discarded}",
                                  card=str(board_card), discarded=str(discarded))
        state = state._note("survive", SQUARE_NAMES[square],
                            f"{SIDE_NAMES[side]} discards {discarded}: the piece on "
                            f"{SQUARE_NAMES[square]} survives {board_card}", side=side, discarded=str(discarded),
                            square=SQUARE_NAMES[square], card=str(board_card))
        return state._after_landing(square, jumped, revealed=board_card)

    def _blow_up(self, square: int, why: str, **said: Any) -> PrivateCheckersState:
        """The piece on ``square`` is blown up, ``why`` in English; ``said``: the card that blew
        it up (``card``) and the card discarded against it, if any (``discarded``)."""
        state = evolve(self, pieces=_put(self.pieces, square, None), pending=None)
        state = state._note("blowup", SQUARE_NAMES[square],
                            f"{SIDE_NAMES[self.side]}'s piece on {SQUARE_NAMES[square]} is blown up: {why}",
                            side=self.side, square=SQUARE_NAMES[square], **said)
        return state._end_turn()

    def _after_landing(self, square: int, jumped: bool, revealed: Card | None) -> PrivateCheckersState:
        """Promotions, then a further jump when the move was a capture, else the turn ends."""
        piece = self.pieces[square]
        if piece is None:
            raise EngineError(f"no piece landed on {SQUARE_NAMES[square]}")
        promoted = promotion(piece, revealed, self.options, row_of(square))
        if promoted is not piece.rank:
            state = evolve(self, pieces=_put(self.pieces, square, Piece(piece.side, promoted)),
                           pending=None)
            state = state._note("promote", SQUARE_NAMES[square],
                                f"the piece on {SQUARE_NAMES[square]} becomes a {promoted.name.lower()}",
                                square=SQUARE_NAMES[square], rank=promoted.name.lower())
            return state._end_turn()
        if jumped and self._jumps_from(square, piece):
            return evolve(self, pending=Pending(square, discard=False, jumped=True))
        return evolve(self, pending=None)._end_turn()

    def _end_turn(self) -> PrivateCheckersState:
        side = self.side
        state = evolve(self, pending=None, side=1 - side, turns=_bump(self.turns, side))
        why = state.ending()
        if why is not None:
            state = evolve(state, over=True)
            state = state._note("end", None, f"game over: {why}; {state.reason()}", **state.end_parts(),
                                rescued=state.rescued, captured=state.captured)
        return state

    def ending(self) -> str | None:
        """Why the game ends in this position, between two turns, or ``None`` while it goes on:
        the board is empty, one colour is left or the side to move cannot move (the rule text),
        or ``QUIET_LIMIT`` turns of nothing but king steps (project ruling)."""
        sides = {piece.side for piece in self.pieces if piece is not None}
        if not sides:
            return "the board is empty: every piece was captured, blown up or rescued"
        if len(sides) == 1:
            return f"only {SIDE_NAMES[sides.pop()]}'s pieces are left on the board"
        if self.quiet >= QUIET_LIMIT:
            return (f"{QUIET_LIMIT} turns went by with nothing but king moves (no capture, discard "
                    "or rescue)")
        if not self._legal():
            return f"{SIDE_NAMES[self.side]} has no legal move"
        return None

    def end_parts(self) -> dict[str, Any]:
        """How the game ended, as data (what ``ending`` and ``reason`` say in English):
        ``end`` is ``empty``, ``alone`` (only ``side``'s pieces are left), ``quiet`` (``turns``
        turns of king steps) or ``stuck`` (``side`` cannot move); ``victories`` per side, the
        kinds it holds ("survival", "tactical"), is ``won``."""
        sides = {piece.side for piece in self.pieces if piece is not None}
        parts: dict[str, Any] = {"won": self.victories()}
        if not sides:
            return {"end": "empty", **parts}
        if len(sides) == 1:
            return {"end": "alone", "side": sides.pop(), **parts}
        if self.quiet >= QUIET_LIMIT:
            return {"end": "quiet", "turns": QUIET_LIMIT, **parts}
        return {"end": "stuck", "side": self.side, **parts}

    def _note(self, kind: str, square: int | str | None, text: str, /, **parts: Any) -> PrivateCheckersState:
        """Log a public event of the move being played (of nobody's once the game is over):
        ``text`` in English, ``parts`` what it names as data (see ``LogEntry``)."""
        name = SQUARE_NAMES[square] if isinstance(square, int) else square
        number = self.log[-1].number + 1 if self.log else 0
        entry = LogEntry(number, kind, None if self.over else self.mover, name, text, tuple(parts.items()))
        return evolve(self, log=(self.log + (entry,))[-LOG_MEMORY:])


def promotion(piece: Piece, revealed: Card | None, options: Mapping[str, Any], row: int) -> Rank:
    """The rank of ``piece`` after landing on ``row`` with ``revealed`` just turned face up.

    A promotion never demotes: a king stays a king on a queen or a jack, a queen on a jack.
    """
    rank = piece.rank
    if revealed is not None:
        if revealed.rank == 13 and options["kings"]:
            rank = Rank.KING
        elif revealed.rank == 12 and options["queens"] and rank < Rank.QUEEN:
            rank = Rank.QUEEN
        elif revealed.rank == 11 and options["footmen"] and rank is Rank.MAN:
            rank = Rank.FOOTMAN
    if rank is not Rank.KING and row == home_row(1 - piece.side):
        rank = Rank.KING
    return rank


def _is_assassin(card: Card) -> bool:
    """A black queen or a red jack (Assassins variant)."""
    return (card.rank == 12 and is_black(card)) or (card.rank == 11 and not is_black(card))


def members(players: int, side: int) -> list[int]:
    """The seats of a side: seats alternate sides, so 0 and 2 are Light, 1 and 3 Dark."""
    return [seat for seat in range(players) if seat % 2 == side]


def _put(pieces: tuple[Piece | None, ...], square: int, piece: Piece | None) -> tuple[Piece | None, ...]:
    return pieces[:square] + (piece,) + pieces[square + 1:]


def _bump(pair: tuple[int, int], side: int) -> tuple[int, int]:
    """``pair`` (Light's and Dark's count) with ``side``'s count one up."""
    return with_seat(pair, side, pair[side] + 1)


def starting_pieces() -> tuple[Piece | None, ...]:
    """Twelve men each: Light on rows 1-3, Dark on rows 6-8."""
    return tuple(
        Piece(0) if row_of(square) < 3 else Piece(1) if row_of(square) > 4 else None
        for square in range(SQUARES)
    )


# --- Game --------------------------------------------------------------------------------------


class PrivateCheckers(Game):
    id = "private-checkers"
    title = "Saving Private Checkers"
    min_players = 2
    max_players = 4
    options = (
        Option("assassins", N_("Assassins"), False,
               N_("Capturing a checker on a face-up black queen or red jack costs the capturer.")),
        Option("kings", N_("Kings"), False, N_("Turning up a king crowns the checker at once.")),
        Option("queens", N_("Queens"), False,
               N_("Turning up a queen makes a queen: captures both ways, steps only forward.")),
        Option("footmen", N_("Footmen"), False,
               N_("Turning up a jack makes a footman: it may capture an adjacent enemy without moving.")),
    )

    def _new(self, seed: int, players: int, options: dict[str, Any],
             deck: Sequence[Any] | None) -> PrivateCheckersState:
        order, stacked = deal_order(
            self.id, seed, deck, DECK,
            lambda card: card if isinstance(card, PlayingCard) else PlayingCard.parse(str(card)))
        halves = [[card for card in order if owner(card) == side] for side in (0, 1)]
        return PrivateCheckersState(
            game_id=self.id, seed=seed, players=players,
            options=MappingProxyType(dict(options)), deck=stacked, history=(),
            cards=tuple(halves[0][:16] + halves[1][:16]),
            face_up=frozenset(), seen=frozenset(),
            pieces=starting_pieces(),
            stockpiles=(sort_cards(halves[0][16:]), sort_cards(halves[1][16:])),
            discards=(), captured=(0, 0), rescued=(0, 0),
            side=0, turns=(0, 0), quiet=0, pending=None, over=False, log=(),
        )

    def deck_cards(self, players: int, options: Mapping[str, Any]) -> tuple[str, ...]:
        return tuple(card_names(DECK))

    def parse_action(self, state: State, text: str) -> Action:
        return parse_action_text(text)

    def from_view(self, view: Mapping[str, Any], rng: random.Random | None = None) -> PrivateCheckersState:
        """A full state consistent with ``view``: every card the view does not show is dealt by
        ``rng`` from the cards that can be there. A side's own face-down cards can only be the
        cards of its half-deck that are neither in its stockpile, nor discarded, nor seen on the
        board; the other side's face-down cards and stockpile share the rest of its half-deck."""
        return self.dealer_for(view)(rng or random.Random(0))

    def dealer_for(self, view: Mapping[str, Any]) -> Callable[[random.Random], PrivateCheckersState]:
        try:
            squares = view["squares"]
            known = {index: Card.parse(entry["card"]) for index, entry in enumerate(squares)
                     if entry["card"] is not None}
            discards = tuple(Card.parse(name) for name in view["discards"])
            stock_known = [None if pile is None else tuple(Card.parse(name) for name in pile)
                           for pile in view["stockpiles"]]
            counts = view["stock_counts"]
            players = int(view["players"])
            log = _read_log(view["log"])
            pending = view["pending"]
            fixed: dict[str, Any] = dict(
                game_id=self.id, seed=0, players=players,
                options=MappingProxyType(self.resolve_options(view["options"])), deck=None,
                history=(),
                face_up=frozenset(i for i, entry in enumerate(squares) if entry["up"]),
                seen=frozenset(i for i, entry in enumerate(squares)
                               if not entry["up"] and entry["card"] is not None),
                pieces=tuple(None if entry["piece"] is None else _read_piece(entry["piece"]) for entry in squares),
                discards=discards,
                captured=tuple(view["captured"]),
                rescued=tuple(view["rescued"]),
                side=view["side_to_move"],
                turns=tuple(view["turns"]),
                quiet=int(view["quiet"]),
                pending=None if pending is None else Pending(
                    parse_square(pending["square"]), pending["discard"], pending["jumped"]),
                over=view["phase"] == "over",
                log=log,
            )
        except (KeyError, TypeError, ValueError, InvalidNotation) as error:
            raise SetupError(f"{self.id}: not a view of this game: {error!r}") from None
        board: list[Card | None] = [known.get(square) for square in range(SQUARES)]
        # By index: a card's own hash and equality are Python calls, and 52 cards are sifted.
        visible = {card.index for card in known.values()} | {card.index for card in discards}
        # Per side: its face-down squares, the cards that may lie there, and its stockpile when
        # the view shows it (else the stockpile is what the deal leaves of the pool).
        sides: list[tuple[list[int], list[Card], tuple[Card, ...] | None]] = []
        for side in (0, 1):
            half = range(16 * side, 16 * side + 16)
            hidden = [square for square in half if board[square] is None]
            known_stock = stock_known[side]
            stock = () if known_stock is None else {card.index for card in known_stock}
            pool = [card for card in SIDE_DECKS[side] if card.index not in visible and card.index not in stock]
            if len(pool) != len(hidden) + (0 if known_stock is not None else counts[side]):
                raise SetupError(f"{self.id}: the view's cards do not add up for side {side}")
            sides.append((hidden, pool, None if known_stock is None else sort_cards(known_stock)))

        template: list[PrivateCheckersState] = []

        def deal(rng: random.Random) -> PrivateCheckersState:
            cards = list(board)
            stockpiles: list[tuple[Card, ...]] = [(), ()]
            for side, (hidden, pool, stock) in enumerate(sides):
                shuffled = list(pool)
                rng.shuffle(shuffled)
                stockpiles[side] = stock if stock is not None else sort_cards(shuffled[len(hidden):])
                for square, card in zip(hidden, shuffled, strict=False):
                    cards[square] = card
            dealt = tuple(card for card in cards if card is not None)
            if len(dealt) != SQUARES:
                raise SetupError(f"{self.id}: the view leaves a square without its card")
            if not template:  # the first deal is checked field by field, the rest alike
                template.append(PrivateCheckersState(cards=dealt, stockpiles=(stockpiles[0], stockpiles[1]),
                                                     **fixed))
                return template[0]
            return evolve(template[0], cards=dealt, stockpiles=(stockpiles[0], stockpiles[1]))

        return deal
