"""``#/<id>/rules``: the rules of a game, in the project's own words.

The text lives in ``docs/rules/<id>.md`` (readable on its own in the repository) and reaches the
page through pyscript.toml's ``[files]``, so reading it is a plain ``open`` with no request at
run time. Card notation in code spans (`` `bQ` ``) is drawn as the small cards the table uses.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ui.chess_cards_look import chip
from ui.dom import Node, h
from ui.markdown import render
from ui.screen import Navigate, Screen

_CARD = re.compile(r"^[bryw][QRBNP]$")


def rules_path(game_id: str) -> Path:
    return Path("docs") / "rules" / f"{game_id}.md"


def _code(text: str) -> Node:
    return chip(text) if _CARD.match(text) else h("code", None, text)


class RulesScreen(Screen):
    def __init__(self, root: Any, navigate: Navigate, game_id: str, title: str, text: str) -> None:
        super().__init__(root, navigate)
        self.game_id = game_id
        self.game_title = title
        self.text = text
        self.title = f"{title}: rules — Five Checks"

    def render(self) -> list[Node]:
        return [
            h("article", {"class": "page rules", "data-testid": "rules"},
              h("nav", {"class": "crumbs"}, h("a", {"href": "#/"}, "All games"), " › ",
                h("a", {"href": f"#/{self.game_id}"}, self.game_title), " › rules"),
              render(self.text, _code),
              h("p", {"class": "start-row"},
                h("a", {"class": "button-link primary", "href": f"#/{self.game_id}/play?seats=human,bot"},
                  "Play against a bot"),
                h("a", {"class": "button-link", "href": f"#/{self.game_id}"}, "Set up a game"))),
        ]
