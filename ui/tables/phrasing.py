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

from engine import CLOCK, GameIsOver, IllegalAction, NotYourTurn, Reason
from engine.core import render_reason
from ui.tables.flow import FlowStopped, StalePosition


class Phrasing:
    """How one table says things: the seats' ``names``, the seat addressed as "you" (the one
    person playing; None where several people share the screen) and ``card_words``, which
    writes the cards of notation text as the table shows them."""

    def __init__(self, names: Sequence[str], you: int | None, card_words: Callable[[str], str]) -> None:
        self.names = list(names)
        self.you = you
        self.card_words = card_words

    def name(self, seat: int) -> str:
        return "Clock" if seat == CLOCK else self.names[seat]

    def seat_word(self, seat: int) -> str:
        """A seat inside a sentence: "you" for the person addressed, else its name."""
        if seat == self.you:
            return "you"
        return self.name(seat) if 0 <= seat < len(self.names) or seat == CLOCK else f"seat {seat}"

    def sentence(self, reason: str) -> str:
        """``reason`` (a ``Reason`` or plain engine text) as a sentence of the table's."""
        text = (render_reason(reason.template, reason.parts, self.seat_word, self.you)
                if isinstance(reason, Reason) else reason)
        text = self.card_words(text.strip())
        if not text:
            return text
        text = text[:1].upper() + text[1:]
        return text if text.endswith((".", "!", "?")) else text + "."


#: What the flow's stops say (``FlowStopped.kind``).
STOPPED = {
    "over": "The game is over.",
    "paused": "This game is over: press the button to deal the next one.",
    "readonly": "This is a replay: nothing can be played on it.",
    "failed": "The game has stopped.",
}


def refusal(error: IllegalAction, phrasing: Phrasing, seat: int) -> str:
    """Why the action of ``seat`` was refused, for people, from the exception that refused it:
    the flow's own (the game over or paused, a position that has passed) or the rules' reason,
    with the seats named as ``phrasing`` names them."""
    if isinstance(error, GameIsOver):
        return STOPPED["over"]
    if isinstance(error, FlowStopped) and error.kind in STOPPED:
        return STOPPED[error.kind]
    if isinstance(error, StalePosition):
        return "Too late: the game had moved on."
    if isinstance(error, NotYourTurn):
        others = [other for other in error.to_act if other != CLOCK]
        if not others:
            return "Wait a moment: the table is about to go on."
        who = " and ".join(phrasing.name(other) for other in others)
        mine = "your" if seat == phrasing.you else f"{phrasing.name(seat)}’s"
        return f"Not {mine} turn: {who} to play."
    return phrasing.sentence(error.reason)
