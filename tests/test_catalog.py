"""Every game the gallery offers can be set up, played and read about: catalog, engine, table and
rules page name the same five games."""

from __future__ import annotations

import ast
from pathlib import Path

from engine import GAMES
from ui.app.catalog import CATALOG

ROOT = Path(__file__).resolve().parent.parent


def router_tables() -> dict[str, tuple[str, str]]:
    """The game ids ``ui/navigation.py`` maps to tables (module, class), read from its source (it
    imports pyscript)."""
    tree = ast.parse((ROOT / "ui" / "navigation.py").read_text(encoding="utf-8"))
    assigned = next(node for node in tree.body if isinstance(node, ast.Assign)
                    and any(isinstance(target, ast.Name) and target.id == "TABLES" for target in node.targets))
    return ast.literal_eval(assigned.value)


def defines_class(module: str, name: str) -> bool:
    tree = ast.parse((ROOT / Path(*module.split("."))).with_suffix(".py").read_text(encoding="utf-8"))
    return any(isinstance(node, ast.ClassDef) and node.name == name for node in tree.body)


def test_catalog_engine_and_tables_name_the_same_games():
    ids = [item.id for item in CATALOG]
    assert len(ids) == len(set(ids)) == 5
    assert set(ids) == set(GAMES)
    tables = router_tables()
    assert list(tables) == ids == list(GAMES)
    for game_id, (module, name) in tables.items():
        assert defines_class(module, name), (game_id, module, name)


def test_every_game_has_a_rules_page():
    for item in CATALOG:
        assert (ROOT / "docs" / "rules" / f"{item.id}.md").is_file(), item.id


def test_titles_agree_with_the_engine():
    for item in CATALOG:
        assert item.title == GAMES[item.id].title
