"""Seat names and words inside a sentence, said one way by every table (counts are the
catalog's: ``ui.kit.i18n.ngettext``).

``with_players`` names a side or a group with the seats in
it without a second pair of brackets around a name that has its own ("Bot (hard)").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ui.kit.i18n import N_, _, pgettext, translated

#: The bots' levels as people read them: the level itself ("hard") is data of routes and saves.
LEVEL_WORDS = {"random": N_("random"), "easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
               "perfect": N_("perfect")}


def level_word(level: str) -> str:
    """A bot's level in the page's language."""
    return translated(LEVEL_WORDS.get(level, level))


_BOT = re.compile(r"Bot (?:(?P<number>\d+) )?\((?P<level>[a-z]+)\)")
_NUMBERED = re.compile(r"(?P<kind>Player|Friend|Seat|Watcher) (?P<number>\d+)")


def shown_name(name: str) -> str:
    """A seat's name as the reader sees it: a name the app gave (``ui.app.routes``: "You",
    "Bot (hard)", "Bot 2 (easy)", "Player 3", "Friend 2"; a room's "Host") in the page's language; a person's own
    name as they typed it. The names stay data in English (routes, saved games, the wire)."""
    if name == "You":
        return pgettext("a seat's name", "You")
    if name == "Host":
        return pgettext("a seat's name", "Host")
    found = _BOT.fullmatch(name)
    if found is not None and found["level"] in LEVEL_WORDS:
        level = level_word(found["level"])
        if found["number"]:
            return _("Bot {number} ({level})", number=found["number"], level=level)
        return _("Bot ({level})", level=level)
    found = _NUMBERED.fullmatch(name)
    if found is not None:
        number = found["number"]
        kind = found["kind"]
        if kind == "Player":
            return _("Player {number}", number=number)
        if kind == "Friend":
            return _("Friend {number}", number=number)
        if kind == "Seat":
            return _("Seat {number}", number=number)
        return _("Watcher {number}", number=number)
    return name


#: The verbs of the games' notation (``engine.core.Verb``: "draw 3", "swap 0.2 1.3", "skip") as
#: people read them, by verb and whether arguments follow; the arguments (numbers, positions,
#: cards) stay notation.
VERBS = {
    ("join", False): N_("join"), ("start", False): N_("start"), ("ready", False): N_("ready"),
    ("draw", False): N_("draw"), ("draw", True): N_("draw {args}"), ("take", True): N_("take {args}"),
    ("check", False): N_("check"), ("replace", True): N_("replace {args}"), ("discard", False): N_("discard"),
    ("discard", True): N_("discard {args}"), ("match", True): N_("match {args}"), ("pass", False): N_("pass"),
    ("timeout", False): N_("timeout"), ("peek", True): N_("peek {args}"), ("swap", True): N_("swap {args}"),
    ("skip", False): N_("skip"), ("give", True): N_("give {args}"), ("last", False): N_("last"),
    ("cash", True): N_("cash {args}"),
}


def action_words(notation: str) -> str:
    """An action's notation with its verb in the page's language ("draw 3" -> "draw 3" in
    English); a card alone, or a move on the board, is notation and stays as it is."""
    verb, _sep, args = str(notation).partition(" ")
    message = VERBS.get((verb, bool(args)))
    return translated(message, args=args) if message is not None else str(notation)


def with_players(label: str, names: Sequence[str]) -> str:
    """"Dark · Bot (hard)": a side (a team, a group) and who plays it. A bot's name carries its
    level in brackets, so the names are never put inside brackets of their own."""
    return f"{label} · {', '.join(names)}" if names else label
