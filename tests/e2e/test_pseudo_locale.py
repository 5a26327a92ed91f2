"""``lang=qps``, the pseudo-locale: every message of the catalog is shown accented in brackets, so
a word a person reads that is still plain English is a string outside the catalog.

The walk opens screens in ``lang=qps`` and reads the page's visible text: no word of three plain
(unaccented ASCII) letters or more is allowed but people's names, the games' titles and card
notation. The tables (ui/tables/) are not in the catalog yet: the walk covers the screens that
are (the gallery, a setup page, the join screen, a lesson's coach and a message page), reading
each outside the table's own area.

The CPython side (extraction, the catalog check, the pseudo catalog) is tests/test_i18n.py.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from page_support import GAME_IDS, READY, OpenApp, Shot

#: The games' titles, and the names the routes below give people: allowed as they are.
ALLOWED = {"Checks", "Checkmate", "Saving", "Private", "Checkers", "Chess", "Cards", "MATE", "Check",
           "Five", "Ann"}
_PLAIN = re.compile(r"(?<![^\W\d_])[A-Za-z]{3,}(?![^\W\d_])")


def plain_words(text: str) -> list[str]:
    """The words of ``text`` written with three plain ASCII letters or more (a word with one
    accented letter in it is a translated word), less the allowed ones."""
    return [word for word in _PLAIN.findall(text) if word not in ALLOWED]


def visible_text(page: Page, outside: str = "") -> str:
    """The app's visible text, without the elements matching ``outside`` (a selector)."""
    return str(page.evaluate(
        """outside => {
            const app = document.querySelector('#app');
            const copy = app.cloneNode(true);
            if (outside) copy.querySelectorAll(outside).forEach(node => node.remove());
            copy.style.position = 'absolute'; copy.style.left = '-10000px';
            document.body.appendChild(copy);
            const text = copy.innerText + ' ' + document.title;
            copy.remove();
            return text;
        }""", outside))


def test_plain_words_finds_english_and_spares_what_is_allowed() -> None:
    assert plain_words("[Ýóú ŵîñ.] Ann plays 4H and bQ in Chess Cards") == ["plays", "and"]
    assert plain_words("[Þļáý ţĥé 10D] Checks") == []


def test_the_pseudo_catalog_is_fetched_only_when_chosen(page: Page, open_app: OpenApp) -> None:
    catalogs: list[str] = []
    page.on("request", lambda request: catalogs.append(request.url) if "/locale/" in request.url else None)
    open_app(page, "#/")
    assert catalogs == []  # English, the source: no catalog
    open_app(page, "#/?lang=qps")
    expect(page.locator("#app h1")).to_have_text("[Ƒîṽé Çĥéçķš]")
    assert [url.split("/locale/", 1)[1] for url in catalogs] == ["qps/LC_MESSAGES/messages.mo"]
    # Remembered: the next visit without lang= speaks it too.
    page.reload()
    page.wait_for_selector(READY, state="attached")
    expect(page.locator("#app h1")).to_have_text("[Ƒîṽé Çĥéçķš]")


ROUTES = [
    ("gallery", "#/?lang=qps", ""),
    ("join", "#/join?lang=qps", ""),
    ("not found", "#/zz?lang=qps", ""),
    *[(f"setup {game}", f"#/{game}?lang=qps", "") for game in GAME_IDS],
]


@pytest.mark.parametrize(("name", "route", "outside"), ROUTES, ids=[name for name, _, _ in ROUTES])
def test_no_plain_english_on_a_screen_in_the_pseudo_locale(page: Page, open_app: OpenApp, shot: Shot,
                                                           name: str, route: str, outside: str) -> None:
    open_app(page, route)
    page.wait_for_timeout(0)
    text = visible_text(page, outside)
    shot(page, f"qps {name}")
    assert plain_words(text) == [], text
