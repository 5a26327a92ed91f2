"""Counts and seat names inside a sentence, said one way by every table.

``counted(1, "card")`` is "1 card", never "1 cards": every count a table writes next to its noun
goes through it, so none can disagree. ``with_players`` names a side or a group with the seats in
it without a second pair of brackets around a name that has its own ("Bot (hard)").
"""

from __future__ import annotations

from collections.abc import Sequence

from ui.kit.i18n import N_, translated

#: The bots' levels as people read them: the level itself ("hard") is data of routes and saves.
LEVEL_WORDS = {"random": N_("random"), "easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
               "perfect": N_("perfect")}


def level_word(level: str) -> str:
    """A bot's level in the page's language."""
    return translated(LEVEL_WORDS.get(level, level))


def counted(number: int, noun: str, plural: str = "") -> str:
    """``number`` and ``noun`` agreeing: "1 card", "0 cards", "3 checks" (``plural``: for a noun
    whose plural is not ``noun + "s"``)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def with_players(label: str, names: Sequence[str]) -> str:
    """"Dark · Bot (hard)": a side (a team, a group) and who plays it. A bot's name carries its
    level in brackets, so the names are never put inside brackets of their own."""
    return f"{label} · {', '.join(names)}" if names else label
