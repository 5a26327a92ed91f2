"""Chess Cards bots, weakest first: easy (rules of thumb), medium (looks three moves ahead),
hard (exact search of a lighter model: sacrifices only to raise a mate), perfect (the exact
solver). Every bot rebuilds the position from its view: the game has perfect information, so
the view holds it all.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.bots.base import Bot, Thinking
from engine.chess_cards import ChessCardsState, Play, initiative_to_lead, legal_replies
from engine.chess_cards_solver import Solver, chess_cards_state, solve_steps, solver_for
from engine.core import Action, EngineError, Game

#: Positions searched between two yields: a few tens of milliseconds in the browser.
NODES_PER_SLICE = 3000


class EasyBot(Bot):
    """Takes a mate when one is there (sacrificing first when it may), else leads what the
    opponent can answer least well, and replies as cheaply as it can."""

    level = "easy"
    description = "takes a mate when it sees one, otherwise plays by rules of thumb"

    def think(self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
              rng: random.Random, budget_ms: int) -> Thinking:
        state = chess_cards_state(game.from_view(view))
        seat = state.to_act()[0]
        plays = _plays(legal)
        plain = [action for action in plays if action.sacrifice is None] or list(plays)
        if state.lead is None:
            action = self._lead(state, seat, plays, plain, rng)
        else:
            action = self._reply(state.lead, plain, rng)
        return action
        yield  # pragma: no cover - makes this a generator

    @staticmethod
    def _lead(state: ChessCardsState, seat: int, legal: Sequence[Play], plain: list[Play],
              rng: random.Random) -> Play:
        other = state.available(1 - seat)
        mates = [action for action in legal if not legal_replies(other, action)]
        if mates:
            # More sacrifices raise the multiplier: prefer them, then the most valuable card.
            return max(mates, key=lambda a: (a.card.piece.value, a.sacrifice is not None))

        def badness(action: Play) -> tuple[int, int, float]:
            replies = legal_replies(other, action)
            taken = sum(not initiative_to_lead(action.card, reply) for reply in replies)
            return (taken, len(replies), rng.random())

        return min(plain, key=badness)

    @staticmethod
    def _reply(lead: Play, plain: list[Play], rng: random.Random) -> Play:
        winning = [a for a in plain if not initiative_to_lead(lead.card, a.card)]
        pool = winning or plain
        # The cheapest card that does the job keeps the strong ones for later threats.
        return min(pool, key=lambda a: (a.card.piece.value, -a.card.suit, rng.random()))


class SearchBot(Bot):
    """Plays the best move of a search, thinking in slices of ``NODES_PER_SLICE`` positions.

    The search is deterministic, so the bot is too (``rng`` and ``budget_ms`` are not needed).
    """

    def __init__(self, level: str, description: str, model: str) -> None:
        self.level = level
        self.description = description
        self.model = model

    def solver(self, state: ChessCardsState) -> Solver:
        return model_solver(state, self.model)

    def think(self, game: Game, view: Mapping[str, Any], legal: Sequence[Action],
              rng: random.Random, budget_ms: int) -> Thinking:
        state = chess_cards_state(game.from_view(view))
        _, action = yield from solve_steps(state, NODES_PER_SLICE, self.solver(state))
        return action



def _plays(legal: Sequence[Action]) -> list[Play]:
    """The legal actions as the plays they are (every action of Chess Cards is a play)."""
    plays = [action for action in legal if isinstance(action, Play)]
    if len(plays) != len(legal):
        raise EngineError("a Chess Cards bot was given an action that is not a play")
    return plays


_LIGHT_SOLVERS: dict[tuple[bool, bool], Solver] = {}


def model_solver(state: ChessCardsState, model: str) -> Solver:
    """The solver of a model of the game for the state's options: "exact" (the shared exact
    solver), "light" (sacrifices only on a mating lead: the hard bot's, also shared, so its table
    carries over between moves) or "lookahead" (the light model scored a few moves ahead).
    Raises ValueError for another model."""
    privilege, sacrifice = bool(state.options["privilege"]), bool(state.options["sacrifice"])
    if model == "exact":
        return solver_for(state)
    if model == "lookahead":
        # A fresh table each time: the horizon depends on the move the search starts from.
        return Solver(privilege, sacrifice, mate_sacrifices_only=True, horizon=state.move_number + 2)
    if model != "light":
        raise ValueError(f"no Chess Cards model {model!r}")
    key = (privilege, sacrifice)
    if key not in _LIGHT_SOLVERS:
        _LIGHT_SOLVERS[key] = Solver(privilege, sacrifice, mate_sacrifices_only=True)
    return _LIGHT_SOLVERS[key]

BOTS: tuple[Bot, ...] = (
    EasyBot(),
    SearchBot("medium", "looks three moves ahead", "lookahead"),
    SearchBot("hard", "searches to the end, sacrificing only to raise a mate", "light"),
    SearchBot("perfect", "exact play; with sacrifices on it thinks some seconds over a fresh deal", "exact"),
)
