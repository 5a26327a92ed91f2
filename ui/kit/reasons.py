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
from ui.kit.i18n import N_, _, pgettext, translated

#: The engine's refusals that name no seat, each one sentence of the catalog (its parts, when it
#: has some, are cards, positions and counts, filled in as they are).
SENTENCES: dict[str, str] = {
    'the lobby is locked: the game has started':
        N_('The lobby is locked: the game has started.'),
    'only the Game Master (seat 0) starts the game':
        N_('Only the Game Master (seat 0) starts the game.'),
    'every seat must join before the Game Master starts':
        N_('Every seat must join before the Game Master starts.'),
    'that seat has passed: a pass is final for this matching stage':
        N_('That seat has passed: a pass is final for this matching stage.'),
    'no matching stage is open for the clock to close':
        N_('No matching stage is open for the clock to close.'),
    'Check is called only at the start of a turn, before drawing':
        N_('Check is called only at the start of a turn, before drawing.'),
    'a swap needs two different cards, written lower position first':
        N_('A swap needs two different cards, written lower position first.'),
    'the discard pile is empty':
        N_('The discard pile is empty.'),
    'the discard pile is sealed by a match: draw from the draw pile':
        N_('The discard pile is sealed by a match: draw from the draw pile.'),
    'a King, Queen or Jack ({card}) cannot be taken from the discard pile':
        N_('A King, Queen or Jack ({card}) cannot be taken from the discard pile.'),
    'Check cannot be called once the Final Turns have begun':
        N_('Check cannot be called once the Final Turns have begun.'),
    '{position} was already peeked at with this ability':
        N_('{position} was already peeked at with this ability.'),
    'peek first, or skip the peek to go on to the swap':
        N_('Peek first, or skip the peek to go on to the swap.'),
    'there is no card at {position}':
        N_('There is no card at {position}.'),
    'Checkmate actions are a card, draw:N, give:K? or last':
        N_('Checkmate actions are a card, draw:N, give:K? or last.'),
    'no Ace is waiting for a King':
        N_('No Ace is waiting for a King.'),
    '{card} matches neither the rank nor the suit of the top card {top}':
        N_('{card} matches neither the rank nor the suit of the top card {top}.'),
    'the stockpile has {count} cards: there is no card {position}':
        N_('The stockpile has {count} cards: there is no card {position}.'),
    '{card} is not a King':
        N_('{card} is not a King.'),
    '{card} does not go on {top}: a Joker only matches its own colour':
        N_('{card} does not go on {top}: a Joker only matches its own colour.'),
    'a Checks turn is a play of one card onto a pile or a cash of a pile':
        N_('A Checks turn is a play of one card onto a pile or a cash of a pile.'),
    'there is no pile {pile} (piles are 1 to {piles})':
        N_('There is no pile {pile} (piles are 1 to {piles}).'),
    'pile {pile} is empty: the deck ran out, so it stays empty':
        N_('Pile {pile} is empty: the deck ran out, so it stays empty.'),
    'the rules do not allow it here':
        N_('The rules do not allow it here.'),
    'Chess Cards actions are plays of a card':
        N_('Chess Cards actions are plays of a card.'),
    'sacrifices are off in this game':
        N_('Sacrifices are off in this game.'),
    'a card cannot be both sacrificed and played':
        N_('A card cannot be both sacrificed and played.'),
    'a sacrifice needs another card left in hand to play':
        N_('A sacrifice needs another card left in hand to play.'),
    "Queen's Privilege is off in this game":
        N_("Queen's Privilege is off in this game."),
    "only a lead can announce Queen's Privilege":
        N_("Only a lead can announce Queen's Privilege."),
    "only a queen can announce Queen's Privilege":
        N_("Only a queen can announce Queen's Privilege."),
    'that piece cannot move there':
        N_('That piece cannot move there.'),
    'there is no black card to answer with a discard':
        N_('There is no black card to answer with a discard.'),
    'a capture is possible, and capturing is compulsory':
        N_('A capture is possible, and capturing is compulsory.'),
    'only a king on its own home row can be rescued':
        N_('Only a king on its own home row can be rescued.'),
    'only a footman can capture in place, and only an adjacent enemy piece':
        N_('Only a footman can capture in place, and only an adjacent enemy piece.'),
}


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
            return pgettext("you", "{seat} must first give a King to you, who played an Ace.")
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
    if template == ("mate: {seat} led {card} on move {move} and {seat_mated} {has|have@seat_mated} no card that "
                    "may answer it, so the game ends and {seat} {scores|score} {points} points"):
        if you == "seat":
            return pgettext("you", "Mate: you led {card} on move {move} and {seat_mated} has no card that may answer "
                                   "it, so the game ends and you score {points} points.")
        if you == "seat_mated":
            return pgettext("you", "Mate: {seat} led {card} on move {move} and you have no card that may answer "
                                   "it, so the game ends and {seat} scores {points} points.")
        return _("Mate: {seat} led {card} on move {move} and {seat_mated} has no card that may answer it, so the "
                 "game ends and {seat} scores {points} points.")
    if template == ("overmate {marks}: {seat} led {card} on move {move} and {seat_mated} {has|have@seat_mated} no "
                    "card that may answer it, so the game ends and {seat} {scores|score} {points} points"):
        if you == "seat":
            return pgettext("you", "Overmate {marks}: you led {card} on move {move} and {seat_mated} has no card "
                                   "that may answer it, so the game ends and you score {points} points.")
        if you == "seat_mated":
            return pgettext("you", "Overmate {marks}: {seat} led {card} on move {move} and you have no card that "
                                   "may answer it, so the game ends and {seat} scores {points} points.")
        return _("Overmate {marks}: {seat} led {card} on move {move} and {seat_mated} has no card that may answer "
                 "it, so the game ends and {seat} scores {points} points.")
    if template in SENTENCES:
        return translated(SENTENCES[template])
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
