"""The engine's reasons as sentences of the catalog, whole, from the reader's side.

The engine gives a refusal or an ending as a ``Reason`` (``engine.core``): a template, which is
the reason's id, and its parts (seats, cards, counts). Its own rendering is English for logs and
tests ("seat 1 holds 3 cards"). A table says it to a person through ``sentence``: the catalog
holds one whole sentence per template and per reader, "you" when the reader's seat is the part
the sentence is about (``pgettext("you", ...)``), the seat's name otherwise, so that no verb is
made to agree in code and every language words each case its own way.

A reason whose English the engine puts together from the position (``Reason.keyed``: a round's
totals, a list of victories) is said from its key and its parts by one function of ``COMPOSED``,
each piece a message of the catalog.

``sentence`` returns None for a reason the catalog does not hold (a plain ``str`` reason, or a
match's, built from several): the caller says a sentence of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine import Reason
from engine.core import SeatRef
from ui.kit.i18n import N_, _, ngettext, pgettext, translated
from ui.kit.words import action_words

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
    "the point total {total} does not match pile {pile}'s upcard {card} (worth {worth})":
        N_("The point total {total} does not match pile {pile}'s upcard {card} (worth {worth})."),
    'the piece on {square} must go on capturing (one of its jumps)':
        N_('The piece on {square} must go on capturing (one of its jumps).'),
    'the lobby is open: seats join, then the Game Master starts':
        N_('The lobby is open: seats join, then the Game Master starts.'),
    'seats are looking at their bottom row':
        N_('Seats are looking at their bottom row.'),
    'the turn starts with a draw (or a Check call)':
        N_('The turn starts with a draw (or a Check call).'),
    'the drawn card must go into a slot or onto the discard pile':
        N_('The drawn card must go into a slot or onto the discard pile.'),
    'a matching stage is open: match or pass':
        N_('A matching stage is open: match or pass.'),
    'the {card} ability is resolving':
        N_('The {card} ability is resolving.'),
    "the King's peeks are done (or skipped): swap or skip":
        N_("The King's peeks are done (or skipped): swap or skip."),
    "the Queen's peeks are done (or skipped): swap or skip":
        N_("The Queen's peeks are done (or skipped): swap or skip."),
    "the Jack's peeks are done (or skipped): swap or skip":
        N_("The Jack's peeks are done (or skipped): swap or skip."),
    'the game is over':
        N_('The game is over.'),
    'you have made no move yet':
        N_('You have made no move yet.'),
    'takebacks are off in this game':
        N_('Takebacks are off in this game.'),
    'takebacks are off in games with friends':
        N_('Takebacks are off in games with friends.'),
    'invalid card {card}':
        N_('Invalid card {card}.'),
    'the stacked deck names an invalid card: {card}':
        N_('The stacked deck names an invalid card: {card}.'),
    'a stacked deck lists each of the {count} cards exactly once (got {got} cards, {different} different)':
        N_('A stacked deck lists each of the {count} cards exactly once (got {got} cards, {different} different).'),
    'the stacked deck is not a deck of this game':
        N_('The stacked deck is not a deck of this game.'),
    'option {option} takes true or false, not {value}':
        N_('Option {option} takes true or false, not {value}.'),
    'option {option} takes a whole number, not {value}':
        N_('Option {option} takes a whole number, not {value}.'),
    'option {option} takes one of {allowed}, not {value}':
        N_('Option {option} takes one of {allowed}, not {value}.'),
}

#: The words a reason's part may be (Chess Cards' suits and pieces, by the engine's names).
WORDS = {"black": N_("black"), "red": N_("red"), "yellow": N_("yellow"), "white": N_("white"),
         "queen": N_("queen"), "rook": N_("rook"), "bishop": N_("bishop"), "knight": N_("knight"),
         "pawn": N_("pawn")}
#: Private Checkers' sides by number.
SIDES = (N_("Light"), N_("Dark"))


def _message(template: str, you: str) -> str | None:
    """The catalog's sentence for the engine's ``template``; ``you``: the name of the part that
    is the reader's own seat ("" when none is). Unfilled: its placeholders are the parts."""
    if template == "move {move} by {seat}, {action}, showed you something you could not know before":
        return (pgettext("you", "Move {move} by you, {action}, showed you something you could not know before.")
                if you == "seat" else _("Move {move} by {seat}, {action}, showed you something you could not know "
                                        "before."))
    if template == "{side} has no piece on {square}":
        return _("{side} has no piece on {square}.")
    if template == "a black card turned up under {side}'s piece on {square}: discard a stockpile card first":
        return _("A black card turned up under the {side} piece on {square}: discard a stockpile card first.")
    if template == "{card} is not in {side}'s stockpile":
        return _("{card} is not in the {side} stockpile.")
    if template == "Queen's Privilege on {card}: reply with a queen if you hold one, else with {suit}":
        return _("Queen's Privilege on {card}: reply with a queen if you hold one, else with {suit}.")
    if template == "the reply to {card} must follow suit ({suit}) when possible, else match the piece ({piece})":
        return _("The reply to {card} must follow suit ({suit}) when possible, else match the piece ({piece}).")
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
                else _("{card} is not in {seat}'s hand."))
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
    composed = COMPOSED.get(reason.key)
    if composed is not None:
        return composed(parts, seat_name, you)
    addressed = next((name for name, value in parts.items()
                      if isinstance(value, SeatRef) and you is not None and value == you), "")
    message = _message(reason.key, addressed)
    if message is None:
        return None
    filled: dict[str, str] = {}
    for name, value in parts.items():
        if isinstance(value, SeatRef):
            text = seat_name(value)
        elif name == "side" and value in (0, 1):
            text = translated(SIDES[value])
        elif name in ("suit", "piece") and value in WORDS:
            text = translated(WORDS[value])
        elif name == "action":
            text = action_words(str(value))
        else:
            text = str(value)
        filled[name] = text
    return message.format(**filled)


# ----------------------------------------------------------------------------- composed reasons

Named = Callable[[int], str]


def listed(items: list[str]) -> str:
    """"A, B and C", each joint a message (a language may join a list its own way)."""
    if not items:
        return ""
    text = items[0]
    for index, item in enumerate(items[1:], 1):
        text = (_("{names} and {name}", names=text, name=item) if index == len(items) - 1
                else _("{names}, {name}", names=text, name=item))
    return text


def _seats(parts: Mapping[str, Any], prefix: str) -> list[int]:
    """The seats of the parts ``<prefix>0``, ``<prefix>1``... in order."""
    found: list[int] = []
    while f"{prefix}{len(found)}" in parts:
        found.append(int(parts[f"{prefix}{len(found)}"]))
    return found


#: How a round of Check! ends otherwise than after a Check (``engine.check``'s end ids).
ROUND_ENDS = {
    "the draw pile is empty when a card must be drawn": N_("the draw pile is empty when a card must be drawn"),
    "the draw pile is empty when a penalty card is due": N_("the draw pile is empty when a penalty card is due"),
}


def _check_round(parts: Mapping[str, Any], name: Named, you: int | None) -> str:
    """Check!'s round over: how it ended, every seat's total, who has the lowest."""
    caller = parts.get("seat_caller")
    if parts.get("ending") == "the final turns are over" and caller is not None:
        opening = (pgettext("you", "You called Check and every other player took one final turn") if caller == you
                   else _("{name} called Check and every other player took one final turn", name=name(caller)))
    else:
        ending = str(parts.get("ending", ""))
        opening = _("The round ends at once: {why}", why=translated(ROUND_ENDS.get(ending, ending)))
    totals = [pgettext("you", "you {total}", total=parts[f"total_{index}"]) if seat == you
              else _("{name} {total}", name=name(seat), total=parts[f"total_{index}"])
              for index, seat in enumerate(_seats(parts, "seat_t"))]
    winners = _seats(parts, "seat_w")
    best = parts.get("best", "")
    if len(winners) == 1:
        lowest = (pgettext("you", "you have the lowest, {best}", best=best) if winners[0] == you
                  else _("{name} has the lowest, {best}", name=name(winners[0]), best=best))
    else:
        names = [pgettext("you", "you") if seat == you else name(seat) for seat in winners]
        lowest = _("{names} share the lowest, {best}", names=listed(names), best=best)
    return _("{opening}; the totals are {totals}, and {lowest}.", opening=opening, totals=listed_commas(totals),
             lowest=lowest)


def listed_commas(items: list[str]) -> str:
    """"A, B, C": a list whose last item is joined as the others are."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("{names}, {name}", names=text, name=item)
    return text


def _checks_played_out(parts: Mapping[str, Any], name: Named, you: int | None) -> str:
    """A game of Checks over: who won more checks (or a tie), and the cards that count for nobody."""
    more, fewer = parts.get("more", 0), parts.get("fewer", 0)
    winner = parts.get("seat")
    if winner is None:
        opening = _("Both hands are played out with the checks tied, {more} each, so neither wins", more=more)
    elif winner == you:
        opening = pgettext("you", "Both hands are played out and you won more checks, {more} to {fewer}",
                           more=more, fewer=fewer)
    else:
        opening = _("Both hands are played out and {name} won more checks, {more} to {fewer}",
                    name=name(winner), more=more, fewer=fewer)
    board, deck = int(parts.get("board", 0)), int(parts.get("deck", 0))
    if board and deck:
        return _("{opening}; {board} and {deck} count for nobody.", opening=opening,
                 board=ngettext("the {n} card on the board", "the {n} cards on the board", board),
                 deck=ngettext("the {n} card left in the deck", "the {n} cards left in the deck", deck))
    if board:
        return ngettext("{opening}; the {n} card on the board counts for nobody.",
                        "{opening}; the {n} cards on the board count for nobody.", board, opening=opening)
    if deck:
        return ngettext("{opening}; the {n} card left in the deck counts for nobody.",
                        "{opening}; the {n} cards left in the deck count for nobody.", deck, opening=opening)
    return _("{opening}.", opening=opening)


#: A side's victory, by its kind (two kinds at once are a total victory).
VICTORIES = {"survival": N_("survival victory for {side}"), "tactical": N_("tactical victory for {side}"),
             "total": N_("total victory for {side}")}


def private_checkers_ending(parts: Mapping[str, Any]) -> str:
    """Why a game of Saving Private Checkers ended (``end``, ``side``, ``turns`` of
    ``PrivateCheckersState.end_parts``), a clause with a capital."""
    end = parts.get("end")
    side = parts.get("side")
    side_word = translated(SIDES[side]) if side in (0, 1) else ""
    if end == "empty":
        return _("The board is empty: every piece was captured, blown up or rescued")
    if end == "alone":
        return _("Only the {side} pieces are left on the board", side=side_word)
    if end == "quiet":
        turns = int(parts.get("turns", 0))
        return ngettext("{n} turn went by with nothing but king moves (no capture, discard or rescue)",
                        "{n} turns went by with nothing but king moves (no capture, discard or rescue)", turns)
    return _("{side} has no legal move", side=side_word)


def private_checkers_victories(parts: Mapping[str, Any]) -> str:
    """Each side's victory, or none (``won`` of ``PrivateCheckersState.end_parts``)."""
    victories = []
    for index, won in enumerate(parts.get("won") or ((), ())):
        kinds = list(won)
        if kinds:
            kind = "total" if len(kinds) == 2 else str(kinds[0])
            victories.append(translated(VICTORIES[kind], side=translated(SIDES[index])))
    return listed_semicolons(victories) if victories else _("no victory for either side")


def _private_checkers_over(parts: Mapping[str, Any], name: Named, you: int | None) -> str:
    """A game of Saving Private Checkers over: why, then each side's victory (or none)."""
    return _("{ending}: {victories}.", ending=private_checkers_ending(parts),
             victories=private_checkers_victories(parts))


def listed_semicolons(items: list[str]) -> str:
    text = items[0]
    for item in items[1:]:
        text = _("{first}; {second}", first=text, second=item)
    return text


def _match_over(parts: Mapping[str, Any], name: Named, you: int | None) -> str:
    """A match or a series over: its totals, then how each game ended, each in its own words."""
    from engine.core import reason_of

    totals = "-".join(str(total) for total in parts.get("totals") or ())
    opening = (_("Series {totals}.", totals=totals) if parts.get("match") == "series"
               else _("Match {totals}.", totals=totals))
    games = []
    for game in parts.get("games") or ():
        said = sentence(reason_of(game), name, you) if isinstance(game, Mapping) else None
        number = game.get("number", "") if isinstance(game, Mapping) else ""
        games.append(_("Game {number}: {reason}", number=number, reason=said or _("The game is over.")))
    return " ".join([opening, *games])


#: The keyed reasons (``Reason.keyed``) by key: each says its reason from its parts.
COMPOSED: dict[str, Callable[[Mapping[str, Any], Named, int | None], str]] = {
    "check: round over": _check_round,
    "checks: both hands played out": _checks_played_out,
    "private-checkers: game over": _private_checkers_over,
    "match over": _match_over,
}
