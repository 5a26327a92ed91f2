"""``#/``: the gallery of the five games, with the games in progress above it.

index.html already paints the gallery before Python runs (ARCHITECTURE.md: never a blank page). The
app keeps a copy of that static shell and shows it again here, so the blurbs live in one place
and the page does not change under the reader's eyes when Python takes over. A list built from
the catalog is the fallback when the page has no shell.

Above the gallery: the "Continue" list of every game in progress (``ui.screens.saved_lists``) and,
when the browser keeps nothing, a line saying so; a first visit has neither, and then the lists'
module is not imported at all (``ui.navigation.later_modules`` fetches it when there is a list).
Below the gallery: the Theme control (``ui.kit.theme``: the system's colours, light or dark) and
the Language control (``language_control``: each language the build has, named in itself; the
choice is kept as the ``lang`` setting and the screen drawn again in it by ``ui.main``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.app.catalog import CATALOG, game_titles
from ui.app.routes import quick_game_route
from ui.app.screen import Navigate, Screen
from ui.kit import i18n, settings, theme
from ui.kit.dom import Node, attr, build, h, present
from ui.kit.i18n import N_, _, ngettext, translated
from ui.storage import page_store

if TYPE_CHECKING:
    from ui.screens.saved_lists import ListActions
    from ui.storage.saves import Store

#: The command of a Language button: ``lang:<code>``.
LANGUAGE_CMD = "lang"


def offered(current: str, languages: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The languages the Language control offers: the build's (``i18n.LANGUAGES``), and the one
    spoken now when it is not one of them (a pseudo-locale), so that the way back is on the
    page; none when that leaves one language alone (nothing to choose)."""
    languages = i18n.LANGUAGES if languages is None else languages
    if current not in languages:
        languages = (*languages, current)
    return languages if len(languages) > 1 else ()


def language_control(current: str, languages: tuple[str, ...]) -> Node | None:
    """The Language control: a label and a button per language, each named in its own language
    and script (``lang``/``dir`` on the button, for screen readers and the bidi algorithm), the
    one spoken pressed. None when there is nothing to choose."""
    if not languages:
        return None
    return h("div", {"class": "theme-control language-control", "role": "group",
                     "aria-labelledby": "language-label", "data-testid": "language"},
             h("span", {"class": "theme-label", "id": "language-label"}, _("Language")),
             *(h("button", {"type": "button", "class": "theme-choice", "data-cmd": f"{LANGUAGE_CMD}:{code}",
                            "lang": i18n.SOURCE if code.startswith(i18n.PSEUDO) else code,
                            "dir": i18n.direction(code),
                            "aria-pressed": "true" if code == current else "false"}, i18n.name(code))
               for code in languages))


def chosen_language(element: Any) -> str | None:
    """The language a ``[data-cmd="lang:<code>"]`` button asks for; None for any other element."""
    command, _sep, code = attr(element, "data-cmd").partition(":")
    return i18n.valid_code(code) or None if command == LANGUAGE_CMD else None


#: On ``<main id="app">`` while it still holds index.html's static shell as painted.
STATIC_MARK = "data-static"


class GalleryScreen(Screen):
    title = N_("Five Checks — card games")

    def __init__(self, root: Any, navigate: Navigate, shell: Any | None, store: Store | None = None) -> None:
        super().__init__(root, navigate)
        self.shell = shell
        if store is None and page_store.lists_anything():  # else the saved games' code stays unloaded
            store = page_store.store()
        #: The lists' buttons (``ui.screens.saved_lists``), when there is a list.
        self.actions: ListActions | None = None
        if store is not None and store.lists_anything():
            from ui.screens.saved_lists import ListActions

            self.actions = ListActions(store, game_titles())
        self.store = store

    def lists(self) -> list[Node]:
        """What goes above the gallery: the storage line, the last discard, Continue."""
        if self.actions is None or self.store is None:
            return []
        from ui.screens.saved_lists import continue_section, storage_problem

        found = [storage_problem(self.store), *self.actions.notes(),
                 continue_section(self.store.games(), self.store.now(), game_titles=game_titles(), show_game=True,
                                  rooms=self.store.tickets())]
        return [node for node in found if node is not None]

    def render(self) -> list[Node]:
        """The gallery without the shell (a page that has none): the same cards and links,
        without the pictures."""
        titles = game_titles()
        cards = [h("li", {"class": "game", "data-game": item.id},
                   h("a", {"class": "game-card", "href": f"#/{item.id}"},
                     # A game's name, isolated, so that a page written right to left does not
                     # move the "!" of an untranslated "Check!" to its other end.
                     h("h2", None, h("bdi", None, titles[item.id])),
                     h("p", {"class": "game-meta"},
                       h("span", None, translated(item.seats)), h("span", {"class": "badge badge-go"}, _("Play")))),
                   h("p", {"class": "game-links"},
                     h("a", {"data-rules": True, "href": f"#/{item.id}/rules"}, _("Rules")), " ",
                     h("a", {"href": quick_game_route(item.id)}, _("Quick game against a bot")), " ",
                     h("a", {"href": f"#/{item.id}/learn"},
                       ngettext("Learn to play ({minutes} minute)", "Learn to play ({minutes} minutes)",
                                item.lesson_minutes, minutes=item.lesson_minutes))))
                 for item in CATALOG]
        return [
            h("header", {"class": "shell-header"}, h("h1", None, _("Five Checks"))),
            *self.lists(),
            h("ul", {"class": "gallery", "aria-label": _("Games")}, cards),
            h("p", {"class": "shell-join"},
              h("a", {"href": "#/join", "data-testid": "join-room"}, _("Join a friend’s room")), " ",
              h("span", {"class": "muted"}, _("with the code on their screen"))),
            theme.control(),
            *[node for node in [language_control(i18n.language(), offered(i18n.language()))] if node is not None],
        ]

    def show(self) -> None:
        from pyscript import document

        if self.shell is None or i18n.language() != i18n.SOURCE:
            # The static shell is English: in another language, the gallery is drawn here.
            super().show()
        else:
            # The page's first screen keeps the static shell's own nodes (``data-static``, which
            # ui.main takes off once a screen has been shown): drawn again, the whole gallery
            # would be styled and laid out a second time at the start (about 20 ms). A later
            # gallery starts from a copy of the shell.
            if not self.root.hasAttribute(STATIC_MARK):
                self.root.replaceChildren(*list(self.shell.cloneNode(True).childNodes))
            # The games in progress go between the shell's header and its gallery: a person
            # coming back sees them first, and the gallery itself stays as the shell drew it.
            gallery = self.root.querySelector(".gallery")
            for node in self.lists():
                element = build(node, document)
                if present(gallery):
                    self.root.insertBefore(element, gallery)
                else:
                    self.root.appendChild(element)
            self.root.appendChild(build(theme.control(), document))
            languages = language_control(i18n.language(), offered(i18n.language()))
            if languages is not None:
                self.root.appendChild(build(languages, document))
        # Before Python runs, a game's rules link opens the static page; now that routes work,
        # the app's own rules route shows the same text without starting Python again.
        for link in self.root.querySelectorAll("a[data-rules]"):
            game = link.closest("[data-game]")
            if present(game):
                link.setAttribute("href", f"#/{attr(game, 'data-game')}/rules")

    def on_click(self, element: Any) -> None:
        if theme.handle(element):
            return
        lang = chosen_language(element)
        if lang is not None:
            # Kept, then the gallery again at its plain address: ui.main fetches the language's
            # catalog (a lang= in the address would win over the setting) and draws it in it.
            settings.write({i18n.PARAM: lang})
            self.navigate("#/")
            return
        if self.actions is not None and self.actions.command(attr(element, "data-cmd")):
            from ui.screens.saved_lists import refocus

            self.show()
            refocus(self.root)
