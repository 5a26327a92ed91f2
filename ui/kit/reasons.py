"""The engine's reasons as sentences of the catalog, whole, from the reader's side.

The engine gives a refusal or an ending as a ``Reason`` (``engine.core``): a template, which is
the reason's id, and its parts (seats, cards, counts). Its own rendering is English for logs and
tests ("seat 1 holds 3 cards"). A table says it to a person through ``sentence``: the catalog
holds one whole sentence per template and per reader, "you" when the reader's seat is the part
the sentence is about (``pgettext("you", ...)``), the seat's name otherwise, so that no verb is
made to agree in code and every language words each case its own way.

``sentence`` returns None for a reason the catalog does not hold (a plain ``str`` reason, or a
template built from several, such as a match's): the caller says it the engine's way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine import Reason
from engine.core import SeatRef, possessive
from ui.kit.i18n import _, pgettext


def _message(template: str, you: str) -> str | None:
    """The catalog's sentence for the engine's ``template``; ``you``: the name of the part that
    is the reader's own seat ("" when none is). Unfilled: its placeholders are the parts."""
    if template == "{seat} {is|are} locked and {takes|take} no more actions":
        return (pgettext("you", "You are locked and take no more actions.") if you == "seat"
                else _("{seat} is locked and takes no more actions."))
    if template == "the table has no {seat}":
        return _("The table has no {seat}.")
    if template == "{seat} {has|have} already joined":
        return pgettext("you", "You have already joined.") if you == "seat" else _("{seat} has already joined.")
    if template == "seats join in seat order: {seat_next} joins next":
        return (pgettext("you", "Seats join in seat order: you join next.") if you == "seat_next"
                else _("Seats join in seat order: {seat_next} joins next."))
    if template == "slot {slot} of {seat} holds no card":
        return (pgettext("you", "Your slot {slot} holds no card.") if you == "seat"
                else _("Slot {slot} of {seat} holds no card."))
    if template == "{seat_locked} is locked: its cards cannot be targeted":
        return (pgettext("you", "You are locked: your cards cannot be targeted.") if you == "seat_locked"
                else _("{seat_locked} is locked: its cards cannot be targeted."))
    if template == "{seat} missed the moment to say 'last card': another seat has acted since":
        return (pgettext("you", "You missed the moment to say 'last card': another seat has acted since.")
                if you == "seat" else
                _("{seat} missed the moment to say 'last card': another seat has acted since."))
    if template == "{seat} may only say 'last card' now":
        return (pgettext("you", "You may only say 'last card' now.") if you == "seat"
                else _("{seat} may only say 'last card' now."))
    if template == "{card} is not in {seat's} hand":
        return (pgettext("you", "{card} is not in your hand.") if you == "seat"
                else _("{card} is not in {seat's} hand."))
    if template == "'last card' is said with exactly one card in hand; {seat} {holds|hold} {count}":
        return (pgettext("you", "'last card' is said with exactly one card in hand; you hold {count}.")
                if you == "seat" else
                _("'last card' is said with exactly one card in hand; {seat} holds {count}."))
    if template == "{seat} {has|have} already said 'last card'":
        return (pgettext("you", "You have already said 'last card'.") if you == "seat"
                else _("{seat} has already said 'last card'."))
    if template == "{seat} must first give a King to {seat_ace}, who played an Ace":
        if you == "seat":
            return pgettext("you", "You must first give a King to {seat_ace}, who played an Ace.")
        if you == "seat_ace":
            return pgettext("you", "{seat} must first give a King to you: you played an Ace.")
        return _("{seat} must first give a King to {seat_ace}, who played an Ace.")
    if template == "{seat} {holds|hold} a playable card ({card}) and must play it rather than draw":
        return (pgettext("you", "You hold a playable card ({card}) and must play it rather than draw.")
                if you == "seat" else
                _("{seat} holds a playable card ({card}) and must play it rather than draw."))
    if template == ("{seat} played {their|your} last card without having said 'last card', so this "
                    "game has no winner"):
        return (pgettext("you", "You played your last card without having said 'last card', so this game "
                                "has no winner.") if you == "seat" else
                _("{seat} played their last card without having said 'last card', so this game has no winner."))
    if template == "{seat} played {their|your} last card and went out":
        return (pgettext("you", "You played your last card and went out.") if you == "seat"
                else _("{seat} played their last card and went out."))
    if template == ("{seat} {has|have} no card that fits and the stockpile is empty, so nobody can "
                    "go out: this game has no winner"):
        return (pgettext("you", "You have no card that fits and the stockpile is empty, so nobody can go "
                                "out: this game has no winner.") if you == "seat" else
                _("{seat} has no card that fits and the stockpile is empty, so nobody can go out: this game "
                  "has no winner."))
    if template == "both hands are played out without a mate, so nobody scores":
        return _("Both hands are played out without a mate, so nobody scores.")
    if template == "{seat} {has|have} no card in hand and must play {its|your} last played card {card}":
        return (pgettext("you", "You have no card in hand and must play your last played card {card}.")
                if you == "seat" else
                _("{seat} has no card in hand and must play its last played card {card}."))
    return None


def sentence(reason: str, seat_name: Callable[[int], str], you: int | None) -> str | None:
    """``reason`` as the catalog says it to the reader at seat ``you`` (None: a reader who is
    none of the seats), the seats named by ``seat_name``; None when the catalog has no sentence
    for it."""
    if not isinstance(reason, Reason):
        return None
    parts: Mapping[str, Any] = reason.parts
    addressed = next((name for name, value in parts.items()
                      if isinstance(value, SeatRef) and you is not None and value == you), "")
    message = _message(reason.template, addressed)
    if message is None:
        return None
    filled: dict[str, str] = {}
    for name, value in parts.items():
        text = seat_name(value) if isinstance(value, SeatRef) else str(value)
        filled[name] = text
        filled[f"{name}'s"] = possessive(text)
    return message.format(**filled)
