"""The five games the app offers, in gallery order, with what the setup screen says of them.

Every entry has its engine in ``engine.GAMES``, its table in ``ui.navigation`` and its rules page in
``docs/rules/<id>.md`` (``tests/test_catalog.py`` holds them to it).
"""

from __future__ import annotations

from dataclasses import dataclass

from ui.kit.i18n import N_, pgettext


@dataclass(frozen=True)
class Entry:
    """A game as the app shows it; its words are the source's (marked ``N_``), each said through
    ``ui.kit.i18n.translated`` where it is shown."""

    id: str
    title: str
    seats: str
    #: One line under the setup screen's heading: what kind of game this is.
    setup_line: str = ""
    #: What each seat does that the others do not, by seat number (shown beside the seat).
    roles: tuple[str, ...] = ()
    #: The table's "How to win" box: the goal, a turn, the end and the score, in at most 60 words.
    how_to_win: str = ""
    #: Words the table uses that a new player may not know, each with one short sentence: said
    #: where the word is shown (a victory after the reason that names it, a strip's caption).
    terms: tuple[tuple[str, str], ...] = ()
    #: How long the coached first game takes at a person's pace: its lesson's ``minutes``
    #: (``ui.learn.lesson.paced_minutes``; tests/test_lessons.py holds the three to agree).
    lesson_minutes: int = 3

    def term(self, word: str) -> str:
        """The sentence that explains ``word`` ("" for a word the game does not explain)."""
        return next((text for name, text in self.terms if name == word), "")


CATALOG: tuple[Entry, ...] = (
    Entry("checks", "Checks", N_("2 players"),
          N_("Cash piles whose top card matches your hand's total; the deck runs out, checks count."),
          (N_("deals the first game"), N_("moves first")),
          lesson_minutes=5,
          how_to_win=N_("Win more checks (cards taken) than your rival. Each turn, play a card onto a "
                     "pile, or cash a pile whose top card equals your hand's total, the last digit "
                     "of its sum (A 1, 10 J Q K 0): take the pile and your hand. An empty hand picks "
                     "up your next half-trick. Both strips played out: game over."),
          terms=(("half-tricks", N_("Your strip: six face-down hands of three cards, picked up left "
                                 "to right whenever your hand is empty.")),)),
    Entry("checkmate", "Checkmate", N_("2–4 players"),
          N_("Match by rank or suit, call for Kings with Aces, and never forget to say “last card”."),
          (N_("deals and opens the first game"),),
          lesson_minutes=4,
          how_to_win=N_("Be first to play your last card. Each turn, play a card of the top card's "
                     "rank or suit (a Joker on its colour); if none fits, draw from the fan. An Ace "
                     "makes the next player holding a King give it to you. Say “last card” with one "
                     "left, or going out wins nothing. Each game won scores one.")),
    Entry("private-checkers", "Saving Private Checkers", N_("2 players (teams for 3–4)"),
          N_("Checkers on a board of face-down cards: every landing turns one over."),
          (N_("Light: moves first"), N_("Dark"), N_("Light, teammate of seat 1"), N_("Dark, teammate of seat 2")),
          lesson_minutes=7,
          how_to_win=N_("Checkers with a twist: each landing turns up the card beneath. A black card "
                     "costs you a stockpile card, and a board card higher than it blows your piece "
                     "up. Captures are compulsory. A king on its own home row may leave the board, "
                     "rescued. The game ends when a side cannot move. Rescue more, or capture "
                     "more, to win."),
          terms=(("survival", N_("A survival victory: more of your checkers rescued than the other "
                              "side's.")),
                 ("tactical", N_("A tactical victory: more enemy checkers captured than the other "
                              "side captured.")),
                 ("total", N_("A total victory: both at once, more rescued and more captured.")))),
    Entry("chess-cards", "Chess Cards (MATE)", N_("2 players"),
          N_("Twenty cards, all of them open, no luck:"),
          (N_("deals and leads the first game"), N_("leads the second game")),
          lesson_minutes=3,
          how_to_win=N_("Give mate. A move is a lead and a reply, which must be of the led colour, "
                     "else of the led piece; who can do neither is mated. Mate scores the "
                     "led card's value (Q 11, R 10, B 4, N 3, P 7) × (move number + sacrifices). "
                     "No mate, no score. Two games; the higher total wins."),
          terms=(("mate", N_("Mate: the reply can follow neither the led colour nor the led piece, "
                          "so the game ends and the leader scores.")),)),
    Entry("check", "Check!", N_("2–6 players"),
          N_("Remember your face-down cards, race to match the discard, call Check when you are low."),
          lesson_minutes=6,
          how_to_win=N_("Have the lowest total in your grid when the round ends. Each turn, draw and "
                     "swap the card into your grid or discard it, or take the discard. Anyone may "
                     "match a discard with a card of its rank. Think you are lowest? Call Check at "
                     "the start of your turn: every other player takes one final turn."),
          terms=(("values", N_("Card values: A −1, 2–10 as shown, J 11, Q 12, K 13. Lowest total "
                            "wins.")),)),
)


def entry(game_id: str) -> Entry | None:
    return next((item for item in CATALOG if item.id == game_id), None)


def game_titles() -> dict[str, str]:
    """Every game's title in the page's language, by id ("checkmate" -> "Checkmate", in Arabic
    "كش مات"): what every screen shows where it names a game (gallery, setup, tables, results,
    replay, lessons, rules, the tab's title). The English titles are the engine's ``Game.title``
    (tests/test_words.py holds the two to agree; ``Entry.title`` is the same English), said in
    the context "game title" so that a title is translated apart from the same word elsewhere
    ("Check!" the call). Asked at each use, never kept: the language may change while the page
    runs. Here, beside the games' entries, rather than in ui.kit.words: the gallery (a start
    module) names the games, and this module is loaded at the start already."""
    return {"checks": pgettext("game title", "Checks"),
            "checkmate": pgettext("game title", "Checkmate"),
            "private-checkers": pgettext("game title", "Saving Private Checkers"),
            "chess-cards": pgettext("game title", "Chess Cards (MATE)"),
            "check": pgettext("game title", "Check!")}


def game_title(game_id: str, fallback: str = "") -> str:
    """A game's title in the page's language (``game_titles``); ``fallback`` (else the id itself)
    for an id that is no game."""
    return game_titles().get(game_id) or fallback or game_id
