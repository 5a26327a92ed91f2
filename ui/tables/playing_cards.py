"""How a card of the standard deck looks, for every table that uses one (``engine.playing_cards``).

A face shows the rank and suit sign in its corner and the sign large in the middle; red suits are
red, but colour is never the only cue (the sign names the suit, a Joker writes its colour out).
Cards arrive as notation from the views (``"10H"``, ``"QS"``, ``"RJ"``; any form
``PlayingCard.parse`` reads). ``note`` adds a small corner figure, such as a card's worth in a game.
"""

from __future__ import annotations

import re
from typing import Any

from engine.playing_cards import PlayingCard
from ui.kit.access import name_showing
from ui.kit.dom import Node, classes, h
from ui.kit.i18n import N_, _, translated

SUIT_SIGNS = {"S": "♠\ufe0e", "H": "♥\ufe0e", "C": "♣\ufe0e", "D": "♦\ufe0e"}


#: A card of the standard deck written in notation inside a sentence (an engine's reason, a log
#: line): one group, the whole card, so ``split`` alternates text and cards.
CARD_IN_TEXT = re.compile(r"\b((?:10|[2-9JQKA])[SHCD])\b")


def with_signs(text: str) -> str:
    """``"10C does not go on QD"`` -> ``"10♣ does not go on Q♦"``: the table's signs for the
    cards a sentence names in notation."""
    return CARD_IN_TEXT.sub(lambda found: found.group(1)[:-1] + SUIT_SIGNS[found.group(1)[-1]], text)


def with_chips(text: str) -> list[Any]:
    """A sentence for a log: the cards it names in notation drawn as chips (``chip``)."""
    return [chip(part) if index % 2 else part
            for index, part in enumerate(CARD_IN_TEXT.split(text)) if part]


#: A card's name in words, by its parts (``card_name``): the ranks that are words, the suits,
#: the Jokers and their colours.
RANK_WORDS = {"A": N_("Ace"), "J": N_("Jack"), "Q": N_("Queen"), "K": N_("King")}
SUIT_WORDS = {"S": N_("spades"), "H": N_("hearts"), "C": N_("clubs"), "D": N_("diamonds")}
JOKER_NAMES = {"red": N_("red Joker"), "black": N_("black Joker")}
COLOUR_WORDS = {"red": N_("red"), "black": N_("black")}


def card_name(card: str) -> str:
    """``"QS"`` -> ``"Queen of spades"``; ``"RJ"`` -> ``"red Joker"`` (in the page's language)."""
    parsed = PlayingCard.parse(card)
    if parsed.is_joker:
        return translated(JOKER_NAMES[parsed.colour])
    rank = str(parsed)[:-1]
    return _("{rank} of {suit}", rank=translated(RANK_WORDS[rank]) if rank in RANK_WORDS else rank,
             suit=translated(SUIT_WORDS[parsed.suit]))


def _corner(card: PlayingCard) -> tuple[str, str]:
    if card.is_joker:
        return _("Joker"), "★"
    return str(card)[:-1], SUIT_SIGNS[card.suit]


def face(card: str, tag: str = "div", attrs: dict[str, Any] | None = None, *extra: Any,
         note: str = "") -> Node:
    """A card face; ``tag="button"`` with ``data-action`` or ``data-pick`` makes it clickable."""
    parsed = PlayingCard.parse(card)
    rank, sign = _corner(parsed)
    merged: dict[str, Any] = {
        "class": classes("card", "pc-card", f"pc-{parsed.colour}", parsed.is_joker and "pc-joker", *extra),
        "data-card": str(parsed),
        "aria-label": card_name(card) + (f" ({note})" if note else ""),
    }
    merged.update(attrs or {})
    if tag == "button":
        merged["aria-label"] = name_showing(
            merged["aria-label"], f"{rank}{sign} {colour_word(parsed)} {note}")
    elif tag in ("div", "span") and "role" not in merged:
        merged["role"] = "img"  # a name on a plain element is no name: the face is a picture
    return h(tag, merged,
             h("span", {"class": "pc-corner", "aria-hidden": "true"}, h("b", None, rank), sign),
             h("span", {"class": "pc-pip", "aria-hidden": "true"}, sign),
             h("span", {"class": "pc-word", "aria-hidden": "true"}, colour_word(parsed)),
             h("span", {"class": "pc-note", "aria-hidden": "true"}, note) if note else None)


def back(tag: str = "div", attrs: dict[str, Any] | None = None, *extra: Any) -> Node:
    """A face-down card (``tag="button"`` to make it a choice, as when drawing blind)."""
    merged: dict[str, Any] = {"class": classes("pc-back", *extra),
                              "aria-hidden": "true" if tag == "div" else None}
    merged.update(attrs or {})
    return h(tag, merged)


def chip(card: str, *extra: Any) -> Node:
    """A card inside a line of text (logs, prompts): rank and suit sign, full name on hover."""
    parsed = PlayingCard.parse(card)
    rank, sign = _corner(parsed)
    return h("span", {"class": classes("pc-chip", f"pc-{parsed.colour}", *extra), "title": card_name(card),
                      "data-card": str(parsed)},
             f"{rank}{sign}")


def colour_word(card: PlayingCard) -> str:
    """A Joker's colour, written on its face (colour is never the only cue); "" for other cards."""
    return translated(COLOUR_WORDS[card.colour]) if card.is_joker else ""
