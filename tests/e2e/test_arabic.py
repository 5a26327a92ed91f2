"""The site in Arabic (``lang=ar``) on a phone's screen, as a family in Jordan or Palestine meets
it: each of the five games played to its end, a lesson followed to its end, and a friend whose
browser prefers Arabic joining a host who reads English.

Every screen read here is right to left (``<html lang="ar" dir="rtl">``), scrolls no sideways, is
clean under axe, and shows no word in Latin letters but people's names and card notation (a
word the catalog lacks, or an English sentence made in code, would). Each test boots a page of
its own: the language is the page's.

The catalog's side (every message translated, the plural forms) is tests/test_catalog.py and
tests/test_i18n.py; the mirrored layout with the pseudo-locale, tests/e2e/test_right_to_left.py.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from page_support import (
    ACTION,
    GAME_IDS,
    NEXT_GAME,
    OVER,
    RESULT,
    TABLE,
    Device,
    OpenApp,
    Shot,
    assert_fits,
    axe_findings,
    play_out,
)
from test_friends import WAIT_MS, host_room, join, play_together, seat_status
from test_learn import COACH, follow_the_coach, target_seen

pytestmark = pytest.mark.cold

#: The phone the issue tried the site on.
PHONE = {"width": 390, "height": 844}

#: The people of the routes below, named as the region names them, and the host's name in English.
NAMES = ("سلمى", "Ann", "Checks", "Checkmate", "Saving", "Private", "Checkers", "Chess", "Cards", "MATE", "Check")
#: Notation, as the tables print it beside the cards they draw: a card (``7C``, ``10H``, ``RJ``),
#: Chess Cards' (``yB``) and its capture (``x``), a face's rank or a piece's mark (``K``), a
#: board's square and a move on it (``c3``, ``e3xg1``), and a room's code (``YCEWM``): not
#: words, read the same in every language.
NOTATION = re.compile(r"^(?:(?:10|[2-9AKQJ])[CDHS]|[bwry][KQRBNP]|[RB]J|[A-Z]|x|[a-h][1-8](?:[x-][a-h][1-8])*"
                      r"|[34679ACDEFGHJKMNPQRTWXY]{5})$")
_LATIN = re.compile(r"[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*")

LAST = "button[data-action=last]"
PICK = "button[data-pick]"


def latin_words(text: str) -> list[str]:
    """The words of ``text`` in Latin letters that are neither a person's name nor card notation."""
    return sorted({word for word in _LATIN.findall(text) if word not in NAMES and not NOTATION.match(word)})


def test_latin_words_spares_names_and_notation() -> None:
    assert latin_words("سلمى لعبت 10H و bQ إلى c3، Ann تنتظر") == []
    assert latin_words("انتهت اللعبة. Draw") == ["Draw"]
    assert latin_words("K♠ و 2 cards، e3xg1، الغرفة YCEWM") == ["cards"]


def read_in_arabic(page: Page, shot: Shot, screen: str) -> None:
    """What ``page`` shows now is Arabic, right to left, fits the phone and is clean under axe."""
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "ar")
    expect(html).to_have_attribute("dir", "rtl")
    text = str(page.evaluate("() => document.querySelector('#app').innerText + ' ' + document.title"))
    shot(page, f"ar {screen}")
    assert latin_words(text) == [], f"{screen}: {latin_words(text)}\n{text}"
    assert_fits(page)
    assert axe_findings(page) == [], screen


def a_turn(page: Page) -> str:
    """A person's turn in any of the games: the next game of a series, "last card" when it is
    owed, else the first action offered, else the first card or checker to pick."""
    for wanted in (NEXT_GAME, LAST, ACTION, PICK):
        button = page.locator(wanted).first
        if page.locator(wanted).count():
            done = button.get_attribute("data-action") or button.get_attribute("data-pick") or ""
            button.click()
            return done
    return "nothing"


#: A person against an easy bot, seeded; Chess Cards a single game, not a match.
GAMES = {game: f"#/{game}/play?seats=human:{NAMES[0]},bot:easy&seed=3&delay=0&lang=ar" for game in GAME_IDS}
GAMES["chess-cards"] += "&match=0"


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_game_played_to_its_end_in_arabic(page: Page, open_app: OpenApp, shot: Shot, game: str) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, GAMES[game])
    expect(page.locator(TABLE)).to_be_visible()
    turns = [0]

    def turn_and_read(page: Page) -> str:
        turns[0] += 1
        if turns[0] == 4:  # mid-game, the person to act
            read_in_arabic(page, shot, f"{game} mid-game")
        return a_turn(page)

    play_out(page, turn_and_read, max_turns=600)
    expect(page.locator(OVER)).to_have_count(1)
    expect(page.locator(RESULT)).to_be_visible()
    expect(page.locator("[data-testid=end-reason]").first).to_be_visible()
    read_in_arabic(page, shot, f"{game} at its end")


def test_a_lesson_followed_to_its_end_in_arabic(page: Page, open_app: OpenApp, shot: Shot) -> None:
    """Checkmate's, the game of the region: the coach speaks Arabic at every step, and its target
    is in view and on top as in English."""
    page.set_viewport_size(PHONE)
    open_app(page, "#/checkmate/learn?delay=0&lang=ar")
    expect(page.locator(COACH)).to_be_visible()
    read_in_arabic(page, shot, "checkmate lesson, first step")
    seen: list[str] = []

    def check(page: Page) -> None:
        target_seen(page)
        text = page.locator(COACH).inner_text()
        assert latin_words(text) == [], text
        seen.append(text)

    follow_the_coach(page, shot, "checkmate-ar", check=check, off_script=False, shots=False)
    assert len(seen) >= 5 and page.locator(OVER).count()
    expect(page.locator("[data-testid=real-game]")).to_be_visible()
    read_in_arabic(page, shot, "checkmate lesson, its end")


def test_a_friend_reads_arabic_while_the_host_reads_english(new_device: Device, open_app: OpenApp, broker: str,
                                                           shot: Shot) -> None:
    """Nothing phrased travels between devices: each says the game in its own language. The
    friend's browser prefers Arabic (no ``lang=`` in the invite link); the host's, English."""
    host = new_device()
    guest: Page = new_device(locale="ar-JO")
    guest.set_viewport_size(PHONE)
    link = host_room(host, open_app, "checkmate", "human:Ann,friend", broker)
    assert "lang=" not in link
    join(guest, link, NAMES[0])
    expect(seat_status(host, 1)).to_have_attribute("data-status", "joined", timeout=WAIT_MS)
    host.click("button[data-cmd=start]")
    for page in (host, guest):
        expect(page.locator(TABLE)).to_be_visible(timeout=WAIT_MS)
    expect(host.locator("html")).to_have_attribute("lang", "en")
    read_in_arabic(guest, shot, "friend's table")
    play_together([host, guest])
    read_in_arabic(guest, shot, "friend's result")
    # The host's words stay English: the result said from its side.
    expect(host.locator(f"{RESULT} h2").first).to_have_text(re.compile(r"^(You win|سلمى wins|Draw)"))

