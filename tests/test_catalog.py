"""Every game the gallery offers can be set up, played and read about: catalog, engine, table and
rules page name the same five games."""

from __future__ import annotations

import ast
from pathlib import Path

from engine import GAMES
from ui.catalog import CATALOG

ROOT = Path(__file__).resolve().parent.parent


def router_tables() -> set[str]:
    """The game ids ``ui/router.py`` maps to tables, read from its source (it imports pyscript)."""
    tree = ast.parse((ROOT / "ui" / "router.py").read_text(encoding="utf-8"))
    function = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "_tables")
    returned = next(node for node in ast.walk(function) if isinstance(node, ast.Return))
    assert isinstance(returned.value, ast.Dict)
    return {key.value for key in returned.value.keys if isinstance(key, ast.Constant)}


def test_catalog_engine_and_tables_name_the_same_games():
    ids = [item.id for item in CATALOG]
    assert len(ids) == len(set(ids)) == 5
    assert set(ids) == set(GAMES)
    assert set(ids) == router_tables()


def test_every_game_has_a_rules_page():
    for item in CATALOG:
        assert (ROOT / "docs" / "rules" / f"{item.id}.md").is_file(), item.id


def test_titles_agree_with_the_engine():
    for item in CATALOG:
        assert item.title == GAMES[item.id].title
