"""The engine's reasons as a table says them: seats by name, "you" for the one person, cards with
the table's signs, a capital and a full stop.

The engine gives a refusal as a ``Reason`` (``engine.core``): a template and its parts (seats,
cards, counts), so the sentence is built once with the right words, the verbs agreeing with
"you", instead of mending the engine's English afterwards. ``why_not`` says why a click cannot be
played, from the exception the flow or the engine raised (``refusal``): one way for every
table, the host's room and a friend's device.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine import CLOCK, GameIsOver, IllegalAction, NotYourTurn
from engine.core import reason_data, reason_of
from ui.kit import reasons
from ui.kit.i18n import N_, _, translated
from ui.kit.words import shown_name
from ui.tables.flow import FlowStopped, Returned, StalePosition


class Phrasing:
    """How one table says things: the seats' ``names``, the seat addressed as "you" (the one
    person playing; None where several people share the screen) and ``card_words``, which
    writes the cards of notation text as the table shows them."""

    def __init__(self, names: Sequence[str], you: int | None, card_words: Callable[[str], str]) -> None:
        self.names = list(names)
        self.you = you
        self.card_words = card_words

    def name(self, seat: int) -> str:
        return _("Clock") if seat == CLOCK else shown_name(self.names[seat])

    def _named(self, seat: int) -> str:
        """A seat by its name (the catalog's sentences say "you" themselves)."""
        return self.name(seat) if 0 <= seat < len(self.names) or seat == CLOCK else _("seat {number}", number=seat)

    def sentence(self, reason: str, otherwise: str = "") -> str:
        """``reason`` (a ``Reason`` or plain engine text) as a sentence of the table's: the
        catalog's sentence for it (``ui.kit.reasons``). A reason the catalog does not hold (the
        engine's developer text, an old record's English) is never shown as it is: ``otherwise``
        (a message marked with ``N_``) is said instead, by default that the rules do not allow it."""
        said = reasons.sentence(reason, self._named, self.you)
        if said is not None:
            return self.card_words(said)
        return translated(otherwise or NOT_ALLOWED)


#: What a refusal says when the catalog has no sentence for its reason.
NOT_ALLOWED = N_("The rules do not allow that now.")


#: What the flow's stops say (``FlowStopped.kind``).
STOPPED = {
    "over": N_("The game is over."),
    "paused": N_("This game is over: press the button to deal the next one."),
    "readonly": N_("This is a replay: nothing can be played on it."),
    "failed": N_("The game has stopped."),
    "not-started": N_("The game has not started yet."),
}


def refusal(error: IllegalAction, phrasing: Phrasing, seat: int) -> str:
    """Why the action of ``seat`` was refused, for people, from the exception that refused it:
    the flow's own (the game over or paused, a position that has passed) or the rules' reason,
    with the seats named as ``phrasing`` names them."""
    if isinstance(error, Returned):
        error = error.refused
    if isinstance(error, GameIsOver):
        return translated(STOPPED["over"])
    if isinstance(error, FlowStopped) and error.kind in STOPPED:
        return translated(STOPPED[error.kind])
    if isinstance(error, StalePosition):
        return _("Too late: the game had moved on.")
    if isinstance(error, NotYourTurn):
        others = [other for other in error.to_act if other != CLOCK]
        if not others:
            return _("Wait a moment: the table is about to go on.")
        who = phrasing.name(others[0])
        for other in others[1:]:
            who = _("{names} and {name}", names=who, name=phrasing.name(other))
        if seat == phrasing.you:
            return _("Not your turn: {names} to play.", names=who)
        return _("Not {name}’s turn: {names} to play.", name=phrasing.name(seat), names=who)
    return phrasing.sentence(error.reason)


def refusal_data(error: IllegalAction) -> dict[str, Any]:
    """A refusal as JSON values, for another device to say in its own words (``refusal_error``):
    which kind (``stale``, ``not-your-turn`` with ``to_act``, ``over``, ``stopped`` with its
    ``stopped`` kind, ``rules``) and the rules' reason as data (``engine.core.reason_data``)."""
    if isinstance(error, Returned):
        error = error.refused
    data: dict[str, Any] = reason_data(error.reason)
    if isinstance(error, StalePosition):
        data["kind"] = "stale"
    elif isinstance(error, NotYourTurn):
        data.update(kind="not-your-turn", to_act=list(error.to_act))
    elif isinstance(error, GameIsOver):
        data["kind"] = "over"
    elif isinstance(error, FlowStopped):
        data.update(kind="stopped", stopped=error.kind)
    else:
        data["kind"] = "rules"
    return data


def refusal_error(data: Any, message: str) -> IllegalAction:
    """The refusal ``refusal_data`` wrote, again as the exception it was (``message``: the
    engine's text, for developers); data that is not one is a refusal without a reason."""
    if not isinstance(data, dict):
        return IllegalAction(message, "")
    try:
        reason = reason_of(data)
    except (TypeError, ValueError):
        reason = ""
    kind = data.get("kind")
    if kind == "stale":
        return StalePosition(message, reason)
    if kind == "not-your-turn":
        to_act = data.get("to_act")
        seats = tuple(seat for seat in to_act if isinstance(seat, int)) if isinstance(to_act, list) else ()
        return NotYourTurn(message, reason, to_act=seats)
    if kind == "over":
        return GameIsOver(message, reason)
    if kind == "stopped":
        return FlowStopped(message, reason, kind=str(data.get("stopped", "stopped")))
    return IllegalAction(message, reason)
