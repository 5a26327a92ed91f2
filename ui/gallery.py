"""``#/``: the gallery of the five games.

index.html already paints the gallery before Python runs (DESIGN.md: never a blank page). The
app keeps a copy of that static shell and shows it again here, so the blurbs live in one place
and the page does not change under the reader's eyes when Python takes over. A list built from
the catalog is the fallback when the page has no shell.
"""

from __future__ import annotations

from typing import Any

from ui.catalog import CATALOG
from ui.dom import Node, h, mount
from ui.screen import Navigate, Screen


class GalleryScreen(Screen):
    title = "Five Checks — card games"

    def __init__(self, root: Any, navigate: Navigate, shell: Any | None) -> None:
        super().__init__(root, navigate)
        self.shell = shell

    def render(self) -> list[Node]:
        cards = []
        for item in CATALOG:
            body = [
                h("h2", None, item.title),
                h("p", {"class": "game-meta"},
                  h("span", None, item.seats), h("span", {"class": "badge badge-go"}, "Play")),
            ]
            card = h("a", {"class": "game-card", "href": f"#/{item.id}"}, body)
            cards.append(h("li", {"class": "game", "data-game": item.id}, card))
        return [
            h("header", {"class": "shell-header"}, h("h1", None, "Five Checks")),
            h("ul", {"class": "gallery", "aria-label": "Games"}, cards),
        ]

    def show(self) -> None:
        from pyscript import document

        if self.shell is None:
            super().show()
        else:
            fragment = document.createDocumentFragment()
            for child in list(self.shell.cloneNode(True).childNodes):
                fragment.appendChild(child)
            self.root.replaceChildren(fragment)
        # The shell has no way to the rules before Python runs; add it now that routes work.
        extra = document.createElement("div")
        mount(extra, self._links())
        self.root.appendChild(extra.firstChild)

    def _links(self) -> Node:
        # One line per game: without them the five games' links ran together into one line.
        return h("ul", {"class": "gallery-links", "aria-label": "Rules and quick games"},
                 [h("li", None, h("span", None, f"{item.title}: "),
                    h("a", {"href": f"#/{item.id}/rules"}, "rules"), " · ",
                    h("a", {"href": f"#/{item.id}/play?seats=human,bot"}, "quick game against a bot"))
                  for item in CATALOG])
