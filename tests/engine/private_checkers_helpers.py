"""Positions for Saving Private Checkers tests, written as pieces and cards on named squares.

:func:`position` fills in everything a test does not name and goes through the position notation
(``from_fen``), so every scenario also exercises it. Unnamed squares get red cards first, low
ranks on the rows nearest the middle, so a landing a test did not plan triggers no black-card
test and no variant; the last (black) cards of each half go to the home rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine import GAMES
from engine.private_checkers import (
    DECK,
    SQUARE_NAMES,
    Card,
    PrivateCheckersState,
    is_black,
    owner,
    row_of,
)
from engine.private_checkers_fen import from_fen

GAME = GAMES["private-checkers"]
ALL_VARIANTS = {"assassins": True, "kings": True, "queens": True, "footmen": True}


def _fill_order(side: int) -> list[int]:
    """A side's half, rows nearest the middle first (Light: row 4 to 1; Dark: row 5 to 8)."""
    half = range(16 * side, 16 * side + 16)
    return sorted(half, key=lambda square: (-row_of(square) if side == 0 else row_of(square), square))


def position(
    pieces: Mapping[str, str],
    cards: Mapping[str, str] | None = None,
    up: Iterable[str] = (),
    seen: Iterable[str] = (),
    side: str = "L",
    stock: tuple[Iterable[str] | None, Iterable[str] | None] = (None, None),
    discards: Iterable[str] = (),
    captured: tuple[int, int] = (0, 0),
    rescued: tuple[int, int] = (0, 0),
    turns: tuple[int, int] = (0, 0),
    pending: str = "-",
    quiet: int = 0,
    players: int = 2,
    **options: Any,
) -> PrivateCheckersState:
    """A position: ``pieces`` maps squares to FEN letters (``M`` Light man, ``k`` Dark king...),
    ``cards`` squares to cards; ``stock`` gives a side's whole stockpile (``None``: the cards of
    its half that are left over)."""
    return from_fen(fen_of(pieces, cards, up, seen, side, stock, discards, captured, rescued,
                           turns, pending, quiet), players, options)


def fen_of(pieces, cards=None, up=(), seen=(), side="L", stock=(None, None), discards=(),
           captured=(0, 0), rescued=(0, 0), turns=(0, 0), pending="-", quiet=0) -> str:
    placed = {SQUARE_NAMES.index(name): Card.parse(card) for name, card in (cards or {}).items()}
    piles = [None if pile is None else [Card.parse(card) for card in pile] for pile in stock]
    gone = [Card.parse(card) for card in discards]
    board: dict[int, Card] = dict(placed)
    for side_index in (0, 1):
        used = set(placed.values()) | set(gone) | set(piles[side_index] or [])
        spare = [card for card in DECK if owner(card) == side_index and card not in used]
        spare.sort(key=lambda card: (is_black(card), card.rank))
        for square in _fill_order(side_index):
            if square not in board:
                board[square] = spare.pop(0)
        if piles[side_index] is None:
            piles[side_index] = spare
    up_squares = {SQUARE_NAMES.index(name) for name in up}
    seen_squares = {SQUARE_NAMES.index(name) for name in seen}
    rows = []
    for row in range(7, -1, -1):
        tokens = []
        for square in range(row * 4, row * 4 + 4):
            mark = "+" if square in up_squares else "*" if square in seen_squares else ""
            tokens.append(f"{board[square]}{mark}{pieces.get(SQUARE_NAMES[square], '')}")
        rows.append(",".join(tokens))

    def run(items) -> str:
        return "".join(map(str, items)) or "-"

    return " ".join([
        "/".join(rows), side, pending, run(piles[0]), run(piles[1]), run(gone),
        f"{captured[0]}-{captured[1]}", f"{rescued[0]}-{rescued[1]}", f"{turns[0]}-{turns[1]}",
        str(quiet),
    ])


def play(state: PrivateCheckersState, *moves: str) -> PrivateCheckersState:
    """Apply ``moves`` (notation) one by one, each by the seat whose turn it is."""
    for move in moves:
        state = state.apply(state.to_act()[0], move)
    return state


def piece_at(state: PrivateCheckersState, square: str) -> str:
    """The FEN letter of the piece on ``square``, ``""`` when it is empty."""
    piece = state.pieces[SQUARE_NAMES.index(square)]
    return "" if piece is None else piece.letter


def notations(state: PrivateCheckersState) -> set[str]:
    return {str(action) for action in state.legal_actions(state.to_act()[0])}


def perft(state: PrivateCheckersState, depth: int) -> int:
    """Leaf count of the tree of whole turns ``depth`` deep. Every action is a branch (jumps of
    a multi-jump, discards), but a turn counts once however many actions it takes."""
    if depth == 0 or state.is_over():
        return 1
    seat = state.to_act()[0]
    total = 0
    for action in state.legal_actions(seat):
        after = state.apply(seat, action)
        same_turn = not after.is_over() and after.side == state.side
        total += perft(after, depth if same_turn else depth - 1)
    return total
