"""BASELINE, kept for comparison only: an earlier exact Chess Cards solver, a second and simpler
implementation (``engine/chess_cards_solver.py`` at commit 35f66f8), unchanged below this paragraph
but for its type annotations. The
benchmark (``bench/chess_cards_solver.py --compare``) runs it side by side with the current
solver, and ``bench/chess_cards_reference.py`` computed the stored reference values with it.
Nothing in ``engine/`` or ``ui/`` imports it.

Exact solver for Chess Cards: alpha-beta negamax over bitmask positions with a shared
transposition table.

Chess Cards has perfect information and no chance after the deal, so every position has an
exact value: the score difference of the current game, for the seat to act, with best play by
both. The search works on a compact position (two 20-bit hands, the last played cards, the
sacrifice counts, the move number, the pending lead) rather than on ``ChessCardsState``; the
results map back to ``Play`` actions.

The search can run in slices: ``solve_steps`` yields between node budgets and keeps every bound
it has proved in the table, so each slice resumes where the last one left off.

Cost. Without sacrifices a fresh deal takes about 0.1 s in CPython; with them (the default) it
takes seconds to tens of seconds and stores one to four million positions. Each position is
searched about once, so the time is the size of the proof, not wasted re-search. A single bound
is already expensive: proving "at most v" or "at least v" for the side to act, with the exact v
known in advance, stored 300,000 to 1.2 million positions on the deals measured. The side being
refuted must have every option answered, and with a sacrifice allowed on every turn its hand
reaches nearly all 1,024 subsets of its ten cards, each paired with dozens of the other side's
hands. Deferring sacrifices does not shrink that: in a relaxation where a sacrifice is spent only
when it changes something (a mating lead, a reply that needs a suit emptied, running out of
cards), the refuted side still reaches about 1,000 hands and the proof is as large. A cheaper
exact method would have to prove one result for many hands at once.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from dataclasses import dataclass
from typing import Any

from engine.chess_cards import CARDS, ChessCardsState, Piece, Play
from engine.chess_cards_solver import chess_cards_state
from engine.core import IllegalAction

# Card index i: suit i // 5 (0 = black, the highest), piece i % 5 (0 = queen, the highest).
SUIT_MASK = tuple(sum(1 << (suit * 5 + piece) for piece in range(5)) for suit in range(4))
PIECE_MASK = tuple(sum(1 << (suit * 5 + piece) for suit in range(4)) for piece in range(5))
QUEENS = PIECE_MASK[Piece.QUEEN]
VALUE = tuple(card.piece.value for card in CARDS)
NONE = 31  # "no card" in a 5-bit field
INF = 10**6
#: Table size (positions) above which a new deal starts from an empty table: about 150 MB in
#: CPython. One fresh deal with sacrifices can store a few million positions on its own.
MAX_TABLE_ENTRIES = 1_000_000
UNKNOWN = (-INF, INF, -1)  # the table entry of a position not searched yet


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mate_score(card: int, move: int, sacrifices: int) -> int:
    """Value x (move + sacrifices) x overmate bonus (the multiplier's excess over 10, plus one)."""
    multiplier = move + sacrifices
    bonus = multiplier - 9 if multiplier > 10 else 1
    return VALUE[card] * multiplier * bonus


def reply_mask(available: int, lead: int, privilege: bool) -> int:
    """The cards of ``available`` that may answer ``lead`` (0: the lead is mate)."""
    if privilege:
        queens = available & QUEENS
        if queens:
            return queens
        return available & SUIT_MASK[lead // 5]
    same_suit = available & SUIT_MASK[lead // 5]
    return same_suit if same_suit else available & PIECE_MASK[lead % 5]


class OutOfBudget(Exception):
    """Raised inside the search when a slice has used its node budget."""


class Solver:
    """Negamax with alpha-beta and a transposition table of proven bounds.

    One solver serves one pair of option values (Queen's Privilege, sacrifices) and keeps its
    table between calls, so the positions of a game already searched are answered at once.

    Positions are seen from the seat to act ("me" against "op"): the two hands as 20-bit masks,
    the last played cards, the sacrifice counts, the move number and, at a reply, the lead. A
    last card and a sacrifice count only matter once that hand is empty, so they are normalised
    away otherwise to let more positions share an entry. Table entries are
    ``(lower, upper, index of the best child)``; the best child is tried first next time.
    """

    def __init__(self, privilege: bool, sacrifice: bool, *, mate_sacrifices_only: bool = False,
                 horizon: int | None = None) -> None:
        self.privilege = privilege
        self.sacrifice = sacrifice
        # The bots' lighter models of the game (exact play uses neither):
        # ``mate_sacrifices_only`` considers a sacrifice only on the turn that gives mate (where
        # it surely pays), which shrinks the search about a hundredfold; ``horizon`` scores every
        # position after that move number as 0, a search that looks only a few moves ahead.
        self.mate_sacrifices_only = mate_sacrifices_only
        self.horizon = horizon
        self.table: dict[int, tuple[int, int, int]] = {}
        #: Cards still in the two hands at the root of the last search: a later position of the
        #: same deal holds a subset of them, a fresh deal (or the next game of a match) does not.
        self.root_cards = 0
        self.nodes = 0
        self.limit = INF * INF
        self._leads: dict[int, list[tuple[int, bool, int, int, list[tuple[int, int, int]]]]] = {}
        self._replies: dict[int, list[tuple[int, int, int, int, bool]]] = {}

    def enter(self, mh: int, oh: int) -> None:
        """Called before a search from a root with these hands. The table only ever helps the deal
        it was filled in (its keys hold whole hands), so once it is large and a new deal starts
        it is emptied: memory stays bounded over a long session of many deals."""
        cards = mh | oh
        if cards & ~self.root_cards and len(self.table) > MAX_TABLE_ENTRIES:
            self.table.clear()
            self._leads.clear()
            self._replies.clear()
        self.root_cards = cards

    def _store(self, key: int, best: int, best_index: int, alpha: int, beta: int, low: int,
               high: int) -> None:
        """Record what a search of the window (alpha, beta) proved: an upper bound when it failed
        low, a lower bound when it failed high, the exact value otherwise."""
        # Comparisons rather than min()/max(): this runs once per searched position.
        if best <= alpha:
            if best < high:
                high = best
        elif best >= beta:
            if best > low:
                low = best
        else:
            low = high = best
        self.table[key] = (low, high, best_index)

    def _window(self, key: int, alpha: int, beta: int) -> int | tuple[int, int, int, int, int]:
        """What the table proves about ``key`` for the window (alpha, beta): the value itself when
        that settles it, else ``(alpha, beta, low, high, best child)`` with the window narrowed to
        the known bounds, counting one more searched position against the slice's budget."""
        low, high, first = self.table.get(key, UNKNOWN)
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        self.nodes += 1
        if self.nodes > self.limit:
            raise OutOfBudget
        return (low if low > alpha else alpha), (high if high < beta else beta), low, high, first

    @staticmethod
    def _key(mh: int, oh: int, ml: int, ol: int, ms: int, os_: int, move: int) -> int:
        key = mh | oh << 20 | move << 60
        if not mh:
            key |= (ml + 1) << 40 | (ms + 1) << 50
        if not oh:
            key |= (ol + 1) << 45 | (os_ + 1) << 54
        return key

    def lead_value(self, mh: int, oh: int, ml: int, ol: int, ms: int, os_: int, move: int,
                   alpha: int, beta: int) -> int:
        key = self._key(mh, oh, ml, ol, ms, os_, move)
        entry = self._window(key, alpha, beta)
        if isinstance(entry, int):
            return entry
        alpha0 = alpha
        alpha, beta, low, high, first = entry
        if self.horizon is not None and move > self.horizon:
            return 0
        best = -INF
        best_index = 0
        o_avail = oh if oh else 1 << ol
        groups = self.leads(mh, ml)
        # Mates first: they cost nothing to score and raise alpha before any deeper search. Of a
        # mating card's variants only the one with the most sacrifices matters.
        searched = []
        for number, (card, _privilege, need_a, need_b, variants) in enumerate(groups):
            if o_avail & need_a or o_avail & need_b:
                searched.append(number)
                continue
            sac, rest, dsac = variants[-1]
            value = mate_score(card, move, ms + dsac)
            if value > best:
                best = value
                best_index = number << 7 | len(variants) - 1
        if best > alpha:
            alpha = best
        if alpha < beta:
            if first >= 0 and first >> 7 in searched:
                # The best child of an earlier search goes first.
                searched.remove(first >> 7)
                searched.insert(0, first >> 7)
            reply_value = self.reply_value
            light = self.mate_sacrifices_only
            for number in searched:
                card, privilege, _, _, variants = groups[number]
                for variant, (_sac, rest, dsac) in enumerate(variants):
                    if dsac and light:
                        break
                    value = -reply_value(oh, rest, ol, card, os_, ms + dsac, move, card,
                                         privilege, -beta, -alpha)
                    if value > best:
                        best = value
                        best_index = number << 7 | variant
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                break
                if alpha >= beta:
                    break
        self._store(key, best, best_index, alpha0, beta, low, high)
        return best

    def reply_value(self, mh: int, oh: int, ml: int, ol: int, ms: int, os_: int, move: int,
                    lead: int, privilege: bool, alpha: int, beta: int) -> int:
        """Value for the replier ("me") of answering ``lead``; the leader is "op"."""
        key = self._key(mh, oh, ml, ol, ms, os_, move) | (lead + 1) << 64 | privilege << 70
        entry = self._window(key, alpha, beta)
        if isinstance(entry, int):
            return entry
        alpha0 = alpha
        alpha, beta, low, high, first = entry
        best = -INF
        best_index = 0
        replies = self.replies(mh, ml, lead, privilege)
        order = range(len(replies)) if first <= 0 else [first, *range(first), *range(first + 1, len(replies))]
        for index in order:
            card, sac, rest, dsac, leader_keeps = replies[index]
            if not rest and not oh:
                value = 0  # both hands played out with no mate: a draw
            elif leader_keeps:
                value = -self.lead_value(oh, rest, ol, card, os_, ms + dsac, move + 1, -beta, -alpha)
            else:
                value = self.lead_value(rest, oh, card, ol, ms + dsac, os_, move + 1, alpha, beta)
            if value > best:
                best = value
                best_index = index
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        self._store(key, best, best_index, alpha0, beta, low, high)
        return best

    def leads(self, hand: int, last: int) -> list[tuple[int, bool, int, int, list[tuple[int, int, int]]]]:
        """Every legal lead, grouped by card: ``(card, privilege, need_a, need_b, variants)``.

        The replier has an answer when it holds a card of ``need_a`` or ``need_b`` (suit or
        piece; queens or suit under the privilege), otherwise the lead is mate. ``variants`` are
        ``(sacrifice or NONE, hand left, sacrifices added)``, the plain play first. Cached per
        hand: a deal has few distinct hands.
        """
        key = hand if hand else 1 << 20 | last
        cached = self._leads.get(key)
        if cached is not None:
            return cached
        cards = _bits(hand) if hand else [last]
        groups = []
        for card in cards:
            rest = hand & ~(1 << card)
            variants = [(NONE, rest, 0)]
            if self.sacrifice and hand & (hand - 1):
                others = _bits(rest)
                if self.mate_sacrifices_only:
                    # One representative sacrifice, used only if the lead turns out to be mate.
                    others = [_cheapest(rest)]
                variants += [(sac, rest & ~(1 << sac), 1) for sac in others]
            if self.privilege and card % 5 == Piece.QUEEN:
                groups.append((card, True, QUEENS, SUIT_MASK[card // 5], variants))
            groups.append((card, False, SUIT_MASK[card // 5], PIECE_MASK[card % 5], variants))
        self._leads[key] = groups
        return groups

    def replies(self, hand: int, last: int, lead: int, privilege: bool
                ) -> list[tuple[int, int, int, int, bool]]:
        """(card, sacrifice or NONE, hand left, sacrifices added, whether the leader keeps the
        initiative) for every legal reply."""
        key = (hand if hand else 1 << 20 | last) | lead << 26 | privilege << 31
        cached = self._replies.get(key)
        if cached is not None:
            return cached
        if not hand:
            plays = [(last, NONE)] if reply_mask(1 << last, lead, privilege) else []
        else:
            plays = [(card, NONE) for card in _bits(reply_mask(hand, lead, privilege))]
            if self.sacrifice and hand & (hand - 1) and not self.mate_sacrifices_only:
                for sac in _bits(hand):
                    rest = hand & ~(1 << sac)
                    plays += [(card, sac) for card in _bits(reply_mask(rest, lead, privilege))]
        out = [(card, sac, hand & ~(1 << card) & ~(0 if sac == NONE else 1 << sac), int(sac != NONE),
                _leader_keeps(lead, card)) for card, sac in plays]
        self._replies[key] = out
        return out


def _cheapest(mask: int) -> int:
    """The card of ``mask`` worth least as a mating card (the natural one to sacrifice)."""
    return min(_bits(mask), key=lambda card: (VALUE[card], -card))


def _leader_keeps(lead: int, reply: int) -> bool:
    """Same suit: the higher piece takes the initiative; else the higher suit (lower index)."""
    if lead // 5 == reply // 5:
        return lead % 5 < reply % 5
    return lead // 5 < reply // 5


_SOLVERS: dict[tuple[bool, bool], Solver] = {}


def solver_for(state: ChessCardsState) -> Solver:
    """The shared solver (and its table) for the state's option values."""
    key = (bool(state.options["privilege"]), bool(state.options["sacrifice"]))
    if key not in _SOLVERS:
        _SOLVERS[key] = Solver(*key)
    return _SOLVERS[key]


@dataclass(frozen=True)
class Position:
    """A state's position in the solver's terms, from the seat to act."""

    me: int
    mh: int
    oh: int
    ml: int
    ol: int
    ms: int
    os: int
    move: int
    lead: int  # NONE when the seat to act leads
    privilege: bool

    @classmethod
    def of(cls, state: ChessCardsState) -> Position:
        if state.is_over():
            raise IllegalAction("cannot solve a finished game")
        me = state.to_act()[0]
        op = 1 - me

        def mask(cards: Iterable[Any]) -> int:
            return sum(1 << card.index for card in cards)

        def last(seat: int) -> int:
            return state.played[seat][-1].index if state.played[seat] else NONE

        lead = state.lead
        return cls(
            me=me, mh=mask(state.hands[me]), oh=mask(state.hands[op]), ml=last(me), ol=last(op),
            ms=len(state.sacrificed[me]), os=len(state.sacrificed[op]), move=state.move_number,
            lead=NONE if lead is None else lead.card.index,
            privilege=bool(lead and lead.privilege),
        )


def _play(card: int, sac: int, privilege: bool) -> Play:
    return Play(CARDS[card], None if sac == NONE else CARDS[sac], privilege)


def _root_entry(solver: Solver, pos: Position) -> tuple[int, Play]:
    """Search the position with a full window; its table entry then names the best child."""
    if pos.lead == NONE:
        value = solver.lead_value(pos.mh, pos.oh, pos.ml, pos.ol, pos.ms, pos.os, pos.move, -INF, INF)
        key = solver._key(pos.mh, pos.oh, pos.ml, pos.ol, pos.ms, pos.os, pos.move)
        index = solver.table[key][2]
        card, privilege, _, _, variants = solver.leads(pos.mh, pos.ml)[index >> 7]
        return value, _play(card, variants[index & 127][0], privilege)
    value = solver.reply_value(pos.mh, pos.oh, pos.ml, pos.ol, pos.ms, pos.os, pos.move, pos.lead,
                               pos.privilege, -INF, INF)
    key = (solver._key(pos.mh, pos.oh, pos.ml, pos.ol, pos.ms, pos.os, pos.move)
           | (pos.lead + 1) << 64 | pos.privilege << 70)
    card, sac, _, _, _ = solver.replies(pos.mh, pos.ml, pos.lead, pos.privilege)[solver.table[key][2]]
    return value, _play(card, sac, False)


def solve_steps(state: ChessCardsState, nodes_per_step: int = 20000, solver: Solver | None = None
                ) -> Generator[None, None, tuple[int, Play]]:
    """``solve`` in slices: yields after each ``nodes_per_step`` newly searched positions.

    Every bound proved before a slice ran out stays in the table, so the next slice resumes.
    """
    solver = solver or solver_for(state)
    pos = Position.of(state)
    solver.enter(pos.mh, pos.oh)
    while True:
        solver.nodes = 0
        solver.limit = nodes_per_step
        try:
            return _root_entry(solver, pos)
        except OutOfBudget:
            pass
        finally:
            solver.limit = INF * INF
        yield


def solve(state: ChessCardsState, solver: Solver | None = None) -> tuple[int, Play]:
    """Exact value of ``state`` for the seat to act (score difference of this game) and a best
    play. Raises IllegalAction for a finished game."""
    return _drain(solve_steps(state, INF * INF, solver))


def _drain(thinking: Generator[None, None, Any]) -> Any:
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value


def analyze_steps(steps: Iterable[tuple[ChessCardsState, int, Play]], nodes_per_step: int = 20000
                  ) -> Generator[None, None, list[dict[str, Any]]]:
    """Compare each move of one game with perfect play, in slices.

    ``steps`` are ``(state before, seat, action)``. Each entry of the returned list has the
    seat, the action played, a best action, their values for that seat and ``loss`` (how much
    the move gave away against perfect play; 0 for a best move).
    """
    out = []
    for before, seat, action in steps:
        best_value, best = yield from solve_steps(before, nodes_per_step)
        after = chess_cards_state(before.apply(seat, action))
        played_value = yield from _value_after_steps(before, seat, after, nodes_per_step)
        out.append({
            "seat": seat, "action": str(action), "best": str(best),
            "best_value": best_value, "played_value": played_value,
            "loss": best_value - played_value,
        })
    return out


def _value_after_steps(before: ChessCardsState, seat: int, after: ChessCardsState,
                       nodes_per_step: int) -> Generator[None, None, int]:
    if after.game_number != before.game_number or after.is_over():
        game = after.finished[-1]
        return game.scores[seat] - game.scores[1 - seat]
    value, _ = yield from solve_steps(after, nodes_per_step)
    return value if after.to_act()[0] == seat else -value


def analyze(steps: Iterable[tuple[ChessCardsState, int, Play]]) -> list[dict[str, Any]]:
    """``analyze_steps`` run to the end."""
    return _drain(analyze_steps(steps, INF * INF))
