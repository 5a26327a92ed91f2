"""How Chess Cards look: card faces, small card chips and plays written out for people.

Display only. Which card may be played is always the engine's answer (``legal_actions``); the
names and symbols here are the deck's printing. Colour is never the only cue, so players who
do not tell red from black or yellow from white still read every card: each face carries its
notation (suit letter + piece letter), its suit written out and a suit pattern (style.css).
"""

from __future__ import annotations

import re
from typing import Any

from ui.kit.access import name_showing
from ui.kit.dom import Node, classes, h
from ui.kit.i18n import N_, _, translated

SUIT_NAMES = {"b": N_("black"), "r": N_("red"), "y": N_("yellow"), "w": N_("white")}
PIECE_NAMES = {"Q": N_("queen"), "R": N_("rook"), "B": N_("bishop"), "N": N_("knight"), "P": N_("pawn")}
#: Each card's name, whole (a language may put the colour after the piece, or agree it with it).
CARD_NAMES = {
    "bQ": N_("black queen"), "bR": N_("black rook"), "bB": N_("black bishop"), "bN": N_("black knight"),
    "bP": N_("black pawn"), "rQ": N_("red queen"), "rR": N_("red rook"), "rB": N_("red bishop"),
    "rN": N_("red knight"), "rP": N_("red pawn"), "yQ": N_("yellow queen"), "yR": N_("yellow rook"),
    "yB": N_("yellow bishop"), "yN": N_("yellow knight"), "yP": N_("yellow pawn"), "wQ": N_("white queen"),
    "wR": N_("white rook"), "wB": N_("white bishop"), "wN": N_("white knight"), "wP": N_("white pawn"),
}
# U+FE0E asks for the text glyph: some phones draw the pawn (U+265F) as a colour emoji.
GLYPHS = {"Q": "♛\ufe0e", "R": "♜\ufe0e", "B": "♝\ufe0e", "N": "♞\ufe0e", "P": "♟\ufe0e"}


def card_name(card: str) -> str:
    """``"bQ"`` -> ``"black queen"``."""
    return translated(CARD_NAMES.get(card[:2], "?"))


def suit_name(card: str) -> str:
    """``"bQ"`` -> ``"black"``."""
    return translated(SUIT_NAMES.get(card[:1], "?"))


#: A card written in notation inside a sentence (an engine's reason): suit letter, piece letter.
_CARD_IN_TEXT = re.compile(r"\b([bryw][QRBNP])\b")


#: A card named in words with its notation after it: "the black rook (bR)".
_NAMED_AND_NOTED = re.compile(r"\bthe ([a-z]+ [a-z]+) \(([bryw][QRBNP])\)")


def with_names(text: str) -> str:
    """``"the reply to bQ must follow suit"`` -> ``"the reply to the black queen must follow
    suit"``: the cards a sentence names in notation, named as the table names them, each once
    (the notation after a card's own name goes, rather than naming it twice: "the black rook
    (the black rook)")."""
    text = _NAMED_AND_NOTED.sub(
        lambda found: _("the {card}", card=found.group(1)) if found.group(1) == card_name(found.group(2))
        else found.group(0), text)
    return _CARD_IN_TEXT.sub(lambda found: _("the {card}", card=card_name(found.group(1))), text)


def piece_name(card: str) -> str:
    return translated(PIECE_NAMES.get(card[1:2], "?"))


def face(card: str, tag: str = "div", attrs: dict[str, Any] | None = None, *extra: str | bool | None) -> Node:
    """A full-size card; ``tag="button"`` with ``data-action``/``data-pick`` makes it playable."""
    merged = {"class": classes("card", f"suit-{card[:1]}", *extra), "data-card": card}
    merged.update(attrs or {})
    merged.setdefault("aria-label", f"{card_name(card)} ({card})")
    if tag == "button":
        merged["aria-label"] = name_showing(merged["aria-label"], f"{card} {suit_name(card)}")
    elif "role" not in merged:
        merged["role"] = "img"  # a name on a plain element is no name: the face is a picture
    return h(tag, merged,
             h("span", {"class": "card-id", "aria-hidden": "true"}, card),
             h("span", {"class": "card-glyph", "aria-hidden": "true"}, GLYPHS.get(card[1:2], "?")),
             h("span", {"class": "card-suit", "aria-hidden": "true"}, suit_name(card)))


def chip(card: str, *extra: str | bool | None) -> Node:
    """A small card for piles, the move list and running text."""
    return h("span", {"class": classes("chip", f"suit-{card[:1]}", *extra), "title": card_name(card),
                      "data-card": card},
             h("span", {"class": "chip-glyph", "aria-hidden": "true"}, GLYPHS.get(card[1:2], "?")),
             card)


def play_chips(play: Any, marks: str = "") -> Node:
    """A play in scoresheet notation, cards as chips: ``(wP)bQ*`` -> (♟wP) ♛bQ *."""
    parts: list[Any] = []
    if play.sacrifice is not None:
        parts += [h("span", {"class": "sac", "title": _("sacrificed {card}", card=card_name(str(play.sacrifice)))},
                    "(", chip(str(play.sacrifice), "chip-sac"), ")")]
    parts.append(chip(str(play.card)))
    if play.privilege:
        parts.append(h("abbr", {"class": "priv", "title": _("Queen's Privilege")}, "*"))
    if marks:
        parts.append(h("span", {"class": "marks"}, marks))
    return h("span", {"class": "play", "data-notation": str(play) + marks}, parts)


def describe(play: Any, leading: bool) -> str:
    """A play in words, for hints and status lines."""
    card = card_name(str(play.card))
    if play.sacrifice is not None:
        sacrifice = card_name(str(play.sacrifice))
        text = (_("sacrifice the {sacrifice}, then lead the {card}", sacrifice=sacrifice, card=card) if leading
                else _("sacrifice the {sacrifice}, then reply with the {card}", sacrifice=sacrifice, card=card))
    else:
        text = _("lead the {card}", card=card) if leading else _("reply with the {card}", card=card)
    return _("{play} announcing Queen's Privilege", play=text) if play.privilege else text
