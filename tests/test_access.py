"""The DOM-free parts of ``ui.kit.access`` and ``ui.kit.dom.text_of``: a control's accessible
name holds the words it shows, and a log line's words are what a screen reader reads."""

from __future__ import annotations

import pytest

from ui.kit.access import name_showing
from ui.kit.dom import h, text_of


@pytest.mark.parametrize(("label", "shown", "named"), [
    ("Play the 8 of clubs", "8♣", "Play the 8 of clubs"),  # the 8 is in the name already
    ("Play the King of spades", "K♠", "Play the King of spades, K♠"),
    ("Play the red Joker", "JOKER★ red", "Play the red Joker, JOKER★ red"),  # words out of order
    ("Ace of clubs (=1)", "A♣ =1", "Ace of clubs (=1), A♣ =1"),  # words in brackets do not count
    ("Pile 2: 6 of clubs on top", "6♣  =6", "Pile 2: 6 of clubs on top, 6♣ =6"),
    ("Cash: 4 checks, pile 2’s 1 card", "Cash: 4 checks", "Cash: 4 checks, pile 2’s 1 card"),
    ("Jack of spades", "★", "Jack of spades"),  # a sign alone is no word to say
])
def test_a_name_holds_the_words_its_control_shows(label: str, shown: str, named: str) -> None:
    assert name_showing(label, shown) == named


def test_text_of_reads_text_in_order_without_what_is_hidden() -> None:
    line = [h("b", None, "Bot (easy)"), " plays ",
            h("span", {"class": "pc-chip", "title": "7 of clubs"}, h("span", {"aria-hidden": "true"}, "♣"), "7♣"),
            "  onto pile 2"]
    assert text_of(line) == "Bot (easy) plays 7♣ onto pile 2"
    assert text_of(None) == ""
