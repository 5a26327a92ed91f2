"""A compact position notation for Saving Private Checkers, in the spirit of chess FEN.

Ten fields separated by spaces::

    <rows> <side> <pending> <stockpile L> <stockpile D> <discards> <captured> <rescued> <turns> <quiet>

* ``rows``: the eight rows from row 8 (Dark's home row) down to row 1, separated by ``/``; each
  row lists its four dark squares from left to right, separated by ``,``. A square is its card
  (``7H``, ``10S``), then ``+`` when the card is face up or ``*`` when it is face down but has
  been seen by everyone, then the piece on it if any: ``M`` man, ``F`` footman, ``Q`` queen,
  ``K`` king, upper case for Light, lower case for Dark. ``QS+k`` is a face-up queen of spades
  under a Dark king.
* ``side``: ``L`` or ``D``, the side to move.
* ``pending``: ``-``, or the square of a move in progress: ``d4`` the piece there must jump on,
  ``d4?`` it must discard after a step, ``d4x?`` it must discard after a jump.
* the stockpiles and the discard pile: cards written one after the other (``2H5SKH``), ``-``
  when empty.
* ``captured``, ``rescued``, ``turns``: Light's and Dark's counts as ``3-1`` (``turns`` is the
  number of turns each side has finished; with teams it decides which teammate plays next).
* ``quiet``: the turns in a row that were only a king's step (the game ends at 40).

A position holds no players, options or history: :func:`from_fen` takes the first two.

The game module does not know this notation (imports run one way: notation on top of the game):
``to_fen(state)`` writes a position, ``from_fen(fen, players, options)`` reads one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.core import InvalidNotation, SetupError, evolve
from engine.playing_cards import sort_cards
from engine.private_checkers import (
    SQUARE_NAMES,
    SQUARES,
    Card,
    Pending,
    Piece,
    PrivateCheckers,
    PrivateCheckersState,
    Rank,
    owner,
    parse_square,
    square_at,
)

#: The game the positions are of (for its id and to resolve options).
GAME = PrivateCheckers()
_TOKEN = re.compile(r"^(10|[A2-9TJQK])([CDHS])([+*]?)([MFQKmfqk]?)$", re.IGNORECASE)
_PENDING = re.compile(r"^([a-h][1-8])(x?\?)?$")
_COUNTS = re.compile(r"^(\d+)-(\d+)$")
_CARD_RUN = re.compile(r"(10|[A2-9TJQK])([CDHS])", re.IGNORECASE)


def _row_squares(row: int) -> list[int]:
    return [square for file in range(8) if (square := square_at(file, row)) is not None]


def to_fen(state: PrivateCheckersState) -> str:
    """The whole position (hidden cards included) in one line; :func:`from_fen` reads it back."""
    rows = []
    for row in range(7, -1, -1):
        tokens = []
        for square in _row_squares(row):
            mark = "+" if square in state.face_up else "*" if square in state.seen else ""
            piece = state.pieces[square]
            tokens.append(f"{state.cards[square]}{mark}{'' if piece is None else piece.letter}")
        rows.append(",".join(tokens))
    pending = state.pending
    if pending is None:
        pending_text = "-"
    else:
        pending_text = SQUARE_NAMES[pending.square]
        if pending.discard:
            pending_text += "x?" if pending.jumped else "?"

    def cards(items: Any) -> str:
        return "".join(map(str, items)) or "-"

    def pair(counts: tuple[int, int]) -> str:
        return f"{counts[0]}-{counts[1]}"

    return " ".join([
        "/".join(rows), "LD"[state.side], pending_text,
        cards(state.stockpiles[0]), cards(state.stockpiles[1]), cards(state.discards),
        pair(state.captured), pair(state.rescued), pair(state.turns), str(state.quiet),
    ])


def from_fen(fen: str, players: int = 2,
             options: Mapping[str, Any] | None = None) -> PrivateCheckersState:
    """The state written in ``fen`` for ``players`` seats and ``options`` (defaults filled in);
    SetupError naming what is wrong when it is not a position or the options are bad."""
    resolved = GAME.resolve_options(options)
    try:
        return _parse(fen, players, resolved)
    except InvalidNotation as error:
        raise _fail(fen, str(error)) from None


def _fail(fen: str, why: str) -> SetupError:
    return SetupError(f"{GAME.id}: bad position {fen!r}: {why}")


def _parse(fen: str, players: int, options: Mapping[str, Any]) -> PrivateCheckersState:
    fields = fen.split()
    if len(fields) != 10:
        raise _fail(fen, f"expected 10 fields separated by spaces, got {len(fields)}")
    rows_text, side_text, pending_text, stock0, stock1, discard_text, *counts_text, quiet_text = fields
    if not quiet_text.isdigit():
        raise _fail(fen, f"bad quiet turn count {quiet_text!r}")
    if not 2 <= players <= 4:
        raise _fail(fen, f"{players} players is outside 2..4")
    rows = rows_text.split("/")
    if len(rows) != 8:
        raise _fail(fen, f"expected 8 rows separated by '/', got {len(rows)}")
    cards: dict[int, Card] = {}
    pieces: list[Piece | None] = [None] * SQUARES
    face_up, seen = set(), set()
    for row, row_text in zip(range(7, -1, -1), rows, strict=True):
        tokens = row_text.split(",")
        if len(tokens) != 4:
            raise _fail(fen, f"row {row + 1} must list 4 squares, not {len(tokens)}")
        for square, token in zip(_row_squares(row), tokens, strict=True):
            match = _TOKEN.match(token)
            if not match:
                raise _fail(fen, f"bad square {token!r} on {SQUARE_NAMES[square]}")
            rank, suit, mark, letter = match.groups()
            cards[square] = Card.parse(rank + suit)
            if mark == "+":
                face_up.add(square)
            elif mark == "*":
                seen.add(square)
            if letter:
                pieces[square] = Piece(0 if letter.isupper() else 1, Rank("MFQK".index(letter.upper())))
    if side_text not in ("L", "D"):
        raise _fail(fen, f"the side to move is L or D, not {side_text!r}")
    pending = None
    if pending_text != "-":
        match = _PENDING.match(pending_text)
        if not match:
            raise _fail(fen, f"bad pending move {pending_text!r}")
        square = parse_square(match.group(1))
        mark = match.group(2) or ""
        pending = Pending(square, discard=bool(mark), jumped=mark == "x?" or not mark)
        piece = pieces[square]
        if piece is None or piece.side != "LD".index(side_text):
            raise _fail(fen, f"no piece of the side to move on {pending_text[:2]}")
    stockpiles = (sort_cards(_card_run(fen, stock0)), sort_cards(_card_run(fen, stock1)))
    discards = _card_run(fen, discard_text)
    counts = []
    for text in counts_text:
        match = _COUNTS.match(text)
        if not match:
            raise _fail(fen, f"bad counts {text!r} (write them like 3-1)")
        counts.append((int(match.group(1)), int(match.group(2))))
    every = list(cards.values()) + list(stockpiles[0]) + list(stockpiles[1]) + list(discards)
    if len(every) != 52 or len(set(every)) != 52:
        raise _fail(fen, "the board, stockpiles and discards must hold each of the 52 cards once")
    for side, pile in enumerate(stockpiles):
        if any(owner(card) != side for card in pile):
            raise _fail(fen, f"a stockpile holds only its side's suits ({'HS' if side == 0 else 'DC'})")
    state = PrivateCheckersState(
        game_id=GAME.id, seed=0, players=players, options=MappingProxyType(dict(options)),
        deck=None, history=(), cards=tuple(cards[square] for square in range(SQUARES)),
        face_up=frozenset(face_up), seen=frozenset(seen), pieces=tuple(pieces),
        stockpiles=stockpiles, discards=discards,
        captured=counts[0], rescued=counts[1],
        side="LD".index(side_text), turns=counts[2], quiet=int(quiet_text),
        pending=pending, over=False, log=(),
    )
    if pending is None and state.ending() is not None:
        state = evolve(state, over=True)
    return state


def _card_run(fen: str, text: str) -> tuple[Card, ...]:
    if text == "-":
        return ()
    found = _CARD_RUN.findall(text)
    if "".join(rank + suit for rank, suit in found).upper() != text.upper():
        raise _fail(fen, f"bad cards {text!r} (write them one after the other, like 2H5SKH)")
    return tuple(Card.parse(rank + suit) for rank, suit in found)
