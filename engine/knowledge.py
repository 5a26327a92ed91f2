"""What a step of play showed a seat, for taking a decision back without cheating.

A person playing bots may take back their last decision only while undoing it hides nothing they
have since seen: once they saw a card they could not see before (their own draw, a bot's card
from its hidden hand, a flipped board card, a peek, a revealed hand), going back would let them
choose again knowing it.

The test is defined from hidden information itself, not from each game's rules, so it holds for
all five games and any later one that keeps the ``Game`` contract. What a seat knows in a state is
exactly its view (``State.view(seat)``); ``Game.determinize`` deals the cards that view does not
show at random, giving a full state the seat cannot tell from the real one. A step showed the seat
nothing new when, in every such state, the same action is allowed and leaves the seat with the
same view as it has after the real step: whatever the hidden cards were, it would have seen the
same. So a step *reveals* when some consistent state refuses the action (the action itself told
the seat something, e.g. a bot played a card it might not have held) or gives another view.

Consistent states are sampled, not enumerated: a ``True`` answer is certain (a state that differs
was found), a ``False`` answer misses a revealing step only when at least ``samples`` random deals
all agreed with the real outcome, that is when the outcome was close to certain before the step.
The samples are drawn from a generator seeded by the game's seed, the seat and the ply, so the same
question always gets the same answer (in CPython and in Pyodide alike).

Why the views compare soundly (checked by ``tests/engine/test_knowledge.py`` over random playouts
of every game): ``determinize(state, seat, rng).view(seat) == state.view(seat)`` holds in all five
games, since each ``from_view`` keeps every visible thing and only deals the unseen cards. The
states it builds differ from the real one outside the view only in hidden cards, in ``history``
(empty) and in the seed (Checks and Check! draw a fresh one, Checkmate and Saving Private Checkers
use 0). No view shows the history, and the seed only decides hidden cards to come (the next deal
of a series, a reshuffled draw pile), which the seat indeed cannot know before; so a difference in
the views after the step is always something the seat learned.

One limit errs on the safe side: a view may forget public things its seat saw (Check! shows only
the top discard, not the cards under it), so a sample may deal a card the seat saw discarded into
a hidden place. Such a sample can only make a step look revealing, never hide a real reveal, so at
worst a takeback is refused that could have been allowed. In Check! it costs nothing in practice:
the cards under the top only come back through a reshuffle into the face-down draw pile, whose
order nobody knows anyway (over seeded playouts, a step there reveals exactly when it shows the
seat a card name its view did not show before).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core import CLOCK, Action, IllegalAction, Reason, State

__all__ = ["reveals", "undo_point", "UNDO_OVER", "UNDO_NONE", "UNDO_REVEALED"]

#: The reason ``undo_point`` gives when the game (or match) has ended.
UNDO_OVER = Reason("the game is over")
#: The key of the reason ``undo_point`` gives when a step showed the seat something new.
UNDO_REVEALED = "move {move} by {seat}, {action}, showed you something you could not know before"
#: The reason ``undo_point`` gives when the seat has not acted yet.
UNDO_NONE = Reason("you have made no move yet")


def _rng(state: State, seat: int) -> random.Random:
    """The generator that samples what ``seat`` may not see in ``state``: seeded by the game's
    seed, the seat and the ply only, so an answer is the same every time it is asked (a string
    seed is hashed the same way by every Python)."""
    return random.Random(f"reveals:{state.game_id}:{state.seed}:{seat}:{len(state.history)}")


def reveals(before: State, seat_acting: int, action: Action, after: State, seat: int, *,
            samples: int = 24) -> bool:
    """Whether the step ``before --(seat_acting, action)--> after`` showed ``seat`` something
    it could not know in ``before``.

    ``seat_acting`` may be ``CLOCK`` (a timed event). Always False in a perfect-information game.
    Otherwise ``samples`` full states consistent with ``before.view(seat)`` are drawn; the step
    reveals when one of them refuses the action or shows ``seat`` a view other than
    ``after.view(seat)``. Deterministic: the samples are seeded by the seed, the seat and the ply.

    Raises ValueError for ``samples`` below 1 or a ``seat`` that is not a seat of the game
    (a spectator has no takebacks).
    """
    if samples < 1:
        raise ValueError(f"reveals needs at least one sample, not {samples}")
    if not 0 <= seat < before.players:
        raise ValueError(f"seat {seat} is not a seat of this {before.players}-seat game")
    game = before.game
    if game.perfect_information:
        return False
    seen = after.view(seat)
    rng = _rng(before, seat)
    deal = game.dealer(before, seat)
    for _ in range(samples):
        world = deal(rng)
        try:
            outcome = world.apply(seat_acting, action)
        except IllegalAction:
            # Somewhere the seat could not rule out, the action was not possible: that it was
            # possible here is news (a bot played a card it might not have held, or drew because
            # it could not play).
            return True
        if outcome.view(seat) != seen:
            return True
    return False


#: Answers ``undo_point`` has worked out, by step: ``(before, after, seat that acted, action,
#: seat asking)``. The UI asks after every move, and each time the same steps since the person's
#: last decision come up again; an answer never changes (states are immutable and ``reveals`` is
#: deterministic), so it is kept. States compare by value, so equal positions share an answer.
#: Bounded: the oldest answers go first.
_ANSWERS: dict[tuple[State, State, int, Action, int], bool] = {}
_ANSWERS_KEPT = 4096


def _step_reveals(before: State, seat_acting: int, action: Action, after: State, seat: int) -> bool:
    """``reveals`` for ``undo_point``, remembered in ``_ANSWERS``."""
    key = (before, after, seat_acting, action, seat)
    answer = _ANSWERS.get(key)
    if answer is None:
        answer = reveals(before, seat_acting, action, after, seat)
        if len(_ANSWERS) >= _ANSWERS_KEPT:
            del _ANSWERS[next(iter(_ANSWERS))]
        _ANSWERS[key] = answer
    return answer


def revealed(ply: int, seat: int, action: Action, names: Sequence[str] | None) -> Reason:
    """Why no takeback past the step that showed something new: its move number (the ply after
    it), who took it (the seat: a reader names it; the English names it from ``names``) and its
    notation."""
    if seat == CLOCK:
        who = "the clock"
    else:
        who = names[seat] if names is not None and 0 <= seat < len(names) else f"seat {seat}"
    # Not in brackets: a bot's name has its own ("Bot (hard)"). The English names the seat as
    # the flow does; a reader knows the reason by its key and names the seat its own way.
    who = who.replace("{", "{{").replace("}", "}}")
    return Reason.keyed(UNDO_REVEALED, f"move {{move}} by {who}, {{action}}, showed you something you could not "
                                       "know before", move=ply, seat=seat, action=str(action))


def undo_point(states: Sequence[State], seat: int, names: Sequence[str] | None = None) -> tuple[int, Reason | str]:
    """Where taking back ``seat``'s last decision goes, or why it cannot.

    ``states[i]`` is the state after ``i`` actions (``states[0]`` the start, ``states[-1]`` now;
    each ``history`` holds the ``(seat, action)`` pairs). Returns ``(ply, "")``: the ply just
    before ``seat``'s last action, so every later action of other seats is undone with it. Or
    ``(-1, reason)`` for people when it is not possible: the game is over, ``seat`` has made no
    decision yet, or a step from that ply to now showed ``seat`` something it could not see
    before (the latest such step is named: ``"move 12 by seat 1, 7C, showed you something you
    could not know before"``, with the seat's name from ``names`` where given). Only the steps
    since that ply are examined, newest first.

    Raises ValueError when ``states`` is empty or is not one game's states in order.
    """
    if not states:
        raise ValueError("undo_point needs the game's states, the start first")
    now = states[-1]
    if len(states) != len(now.history) + 1:
        raise ValueError(f"undo_point needs one state per ply: {len(states)} states for "
                         f"{len(now.history)} actions")
    if now.is_over():
        return -1, UNDO_OVER
    history = now.history
    ply = next((index for index in range(len(history) - 1, -1, -1) if history[index][0] == seat), -1)
    if ply < 0:
        return -1, UNDO_NONE
    for index in range(len(history) - 1, ply - 1, -1):
        acting, action = history[index]
        if _step_reveals(states[index], acting, action, states[index + 1], seat):
            return -1, revealed(index + 1, acting, action, names)
    return ply, ""
