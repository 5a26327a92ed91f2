"""``#/<id>/rules``: the rules of a game, in the project's own words.

The text lives in ``docs/rules/<id>.md``. ``make vendor`` renders it with markdown-it-py
(``tools/build_rules.py``) into ``docs/rules/<id>.html``: a standalone page that needs neither
JavaScript nor Python, so the static shell of index.html can link to it and the rules are
readable before Python has started. This screen shows the very same HTML inside the app: it
fetches that page from the app's own origin and moves its ``[data-rules-body]`` element into the
frame below. The frame (breadcrumbs, start buttons, the other games' rules) is built here for
both: the build serializes ``article(...)`` with links into index.html, the screen mounts it
with the app's own ``#/`` routes, so the two look alike by construction.

Why fetch rather than pyscript.toml's ``[files]``: a file in ``[files]`` is downloaded at every
boot, before the first screen, by every visitor (the five .md files were 36 KB in 5 requests);
fetched, a page costs one same-origin request when someone opens the rules, and it works offline
like every other file of the app. Measured in headless Chromium on this machine: going from a setup
screen to a rules route takes about 30 ms to the first heading. Why trust it as HTML: it is this
project's own build output from its own origin, not user input; every user string (a player's name)
still reaches the page as text (``ui.kit.dom``).

A language has its own pages, ``docs/rules/<lang>/<id>.html`` from ``docs/rules/<lang>/<id>.md``
(the build writes one for every game of every language the build has a catalog for: a game
whose text is not translated yet gets its English text in that language's frame, marked
``lang="en"``). The screen fetches the page of the language the page speaks (``page_path``)
and the English page for any other (the pseudo-locales), or when that page cannot be read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ui.app.catalog import CATALOG, entry, game_title
from ui.app.routes import quick_game_route
from ui.app.screen import Navigate, Screen
from ui.kit import i18n
from ui.kit.dom import Node, build, h, present
from ui.kit.i18n import N_, _
from ui.tables.chess_cards_look import chip

#: Where the build writes the page of a game, relative to index.html (and to the repository).
RULES_DIR = "docs/rules"
#: Marks the rendered Markdown inside a page: the part the app takes over as it is.
BODY_ATTR = "data-rules-body"
#: On a link of the rendered Markdown: the app route it stands for (its ``href`` suits the
#: static page, where the app's ``#/`` routes live behind ``../../index.html``).
ROUTE_ATTR = "data-route"

#: The static page's description (its ``<meta name=description>``).
PAGE_DESCRIPTION = N_("The rules of {game}, in the words of Five Checks, the card games that run in the browser.")

#: Card notation in a code span (`` `bQ` ``) is drawn as the small card the Chess Cards table uses.
_CARD = re.compile(r"^[bryw][QRBNP]$")

#: Maps an app route (``#/...``) to the ``href`` a link carries where the frame is shown.
Link = Callable[[str], str]


def folder(lang: str = i18n.SOURCE) -> str:
    """Where the pages (and their texts) of ``lang`` are: English's in ``docs/rules``, another
    language's in ``docs/rules/<lang>``."""
    return RULES_DIR if lang == i18n.SOURCE else f"{RULES_DIR}/{lang}"


def source_path(game_id: str, lang: str = i18n.SOURCE) -> str:
    return f"{folder(lang)}/{game_id}.md"


def page_path(game_id: str, lang: str = i18n.SOURCE) -> str:
    return f"{folder(lang)}/{game_id}.html"


def page_language(lang: str, languages: tuple[str, ...] | None = None) -> str:
    """The language whose page the screen shows to a reader of ``lang``: ``lang`` itself when the
    build has it (``i18n.LANGUAGES``, each of which has a page for every game), else English."""
    return lang if lang in (i18n.LANGUAGES if languages is None else languages) else i18n.SOURCE


def code_node(text: str) -> Node:
    """A code span of the rules: card notation as a card chip, anything else as code."""
    return chip(text) if _CARD.match(text) else h("code", None, text)


def article(game_id: str, body: Node | str, link: Link, text_lang: str = "") -> Node:
    """The rules page of a game around ``body``, its links passed through ``link``; ``text_lang``:
    the language of ``body`` where it is not the page's (an English text in another language's
    frame)."""
    item = entry(game_id)
    title = game_title(game_id, item.title if item else game_id)
    others = [other for other in CATALOG if other.id != game_id]
    return h("article", {"class": "page rules", "data-testid": "rules", "data-game": game_id},
             h("nav", {"class": "crumbs", "aria-label": _("Breadcrumbs")},
               h("a", {"href": link("#/")}, _("All games")), " › ",
               h("a", {"href": link(f"#/{game_id}")}, title), " › ", _("rules")),
             h("div", {"class": "rules-text", BODY_ATTR: True, "lang": text_lang or None,
                       "dir": i18n.direction(text_lang) if text_lang else None}, body),
             h("p", {"class": "start-row"},
               h("a", {"class": "button-link primary", "href": link(quick_game_route(game_id))},
                 _("Play against a bot")),
               h("a", {"class": "button-link", "href": link(f"#/{game_id}")}, _("Set up a game"))),
             h("nav", {"class": "rules-others", "aria-label": _("Rules of the other games")},
               _("Rules of the other games: "),
               [[" · " if index else None, h("a", {"href": link(f"#/{other.id}/rules")}, game_title(other.id))]
                for index, other in enumerate(others)]))


def _app_link(route: str) -> str:
    return route


class RulesScreen(Screen):
    def __init__(self, root: Any, navigate: Navigate, game_id: str, title: str) -> None:
        super().__init__(root, navigate)
        self.game_id = game_id
        self.title = _("{game}: rules — Five Checks", game=title)
        #: The language of the page fetched (``page_language``).
        self.lang = i18n.SOURCE

    def render(self) -> list[Node]:
        waiting = h("p", {"class": "muted", "data-testid": "rules-loading"}, _("Loading the rules…"))
        return [article(self.game_id, waiting, _app_link)]

    def start(self) -> None:
        self.lang = page_language(i18n.language())
        self.load_text(page_path(self.game_id, self.lang), self._fill)

    def _fill(self, text: str) -> None:
        from pyscript import document, window

        slot = self.root.querySelector(f"[{BODY_ATTR}]")
        if not present(slot):
            return
        parsed = window.DOMParser.new().parseFromString(text, "text/html") if text else None
        body = parsed.querySelector(f"[{BODY_ATTR}]") if parsed is not None else None
        if not present(body) and self.lang != i18n.SOURCE:
            # A copy of the app built before this language had its pages: the English one.
            self.lang = i18n.SOURCE
            self.load_text(page_path(self.game_id), self._fill)
            return
        if not present(body):
            missing = h("p", {"class": "message-text", "role": "alert"},
                        _("The rules page of this game is missing from this copy of the app "
                          "(make vendor builds it)."))
            slot.replaceChildren(build(missing, document))
            return
        # The Markdown's own links point at the static pages; inside the app, follow the routes.
        for link in body.querySelectorAll(f"a[{ROUTE_ATTR}]"):
            link.setAttribute("href", link.getAttribute(ROUTE_ATTR))
        # The text's own language where it differs from the page's: an untranslated text in the
        # language's frame, or the English page read instead of the reader's (offline, say).
        text_lang = str(body.getAttribute("lang") or "") or (
            self.lang if self.lang != page_language(i18n.language()) else "")
        if text_lang:
            slot.setAttribute("lang", text_lang)
            slot.setAttribute("dir", i18n.direction(text_lang))
        else:
            slot.removeAttribute("lang")
            slot.removeAttribute("dir")
        fragment = document.createDocumentFragment()
        for child in list(body.childNodes):
            fragment.appendChild(document.adoptNode(child))
        slot.replaceChildren(fragment)
        slot.setAttribute("data-loaded", "1")

