"""Imports in ``engine/`` and ``ui/`` run one way: no module reaches itself again.

Every import counts, those inside functions too (they only hide a cycle, they do not remove it).
The implicit import of a parent package (``import engine.core`` runs ``engine/__init__`` first) is
not an edge: it is how packages work, and it is the same for every module.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from engine import GAMES
from engine.bots import BOTS

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "ui")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules that ``path`` imports anywhere in its body."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                # ``from engine import chess_cards`` names a module; ``from engine import GAMES``
                # names something defined in the package itself.
                submodule = f"{base}.{alias.name}"
                if submodule in known:
                    found.add(submodule)
                elif base in known:
                    found.add(base)
    found.discard(name)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    known = set(modules)
    return {name: imports_of(name, path, known) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_checker_finds_a_cycle_hidden_in_a_function() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_the_checker_reads_imports_inside_functions(tmp_path: Path) -> None:
    source = tmp_path / "mod.py"
    source.write_text("def f():\n    from engine import core\n    import ui.kit.dom\n", encoding="utf-8")
    assert imports_of("x.mod", source, {"engine", "engine.core", "ui.kit.dom"}) == {"engine.core", "ui.kit.dom"}


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycles(package: str) -> None:
    graph = import_graph()
    found = [cycle for cycle in cycles(graph) if any(m.split(".")[0] == package for m in cycle)]
    assert found == [], f"import cycles in {package}/: " + "; ".join(" <-> ".join(c) for c in found)


def package_of(module: str) -> str:
    """The package of ``ui/`` a module belongs to (``ui.tables.flow`` -> ``ui.tables``); a module
    at the top of ``ui/`` is its own."""
    return ".".join(module.split(".")[:2])


def test_the_packages_of_ui_import_one_way_too() -> None:
    """Not only modules: the packages of ``ui/`` form layers (the kit, the app shell's parts,
    saved games, the tables, the screens, navigation), none importing one above it."""
    graph = import_graph()
    packages: dict[str, set[str]] = {}
    for module, targets in graph.items():
        if module.startswith("ui."):
            here = package_of(module)
            packages.setdefault(here, set()).update(
                package_of(target) for target in targets if target.startswith("ui.") and package_of(target) != here)
    assert cycles(packages) == []
    assert not packages["ui.kit"], packages["ui.kit"]  # the kit stands on the browser alone


#: Each game's two modules, the rules and the bots, as the registries name them (importing the
#: registries here imports no game).
GAME_MODULES = {game_id: (GAMES.WHERE[game_id][0], BOTS.WHERE[game_id][0]) for game_id in GAMES}


def modules_after(code: str) -> set[str]:
    """The project modules loaded after running ``code`` in a fresh interpreter."""
    script = f"import sys\n{code}\nprint(' '.join(m for m in sys.modules if m.split('.')[0] in {PACKAGES!r}))"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(done.stdout.split())


def test_the_engine_package_loads_no_game_until_one_is_asked_for() -> None:
    loaded = modules_after("import engine, engine.bots\nprint(list(engine.GAMES), engine.bots.levels)")
    assert not loaded & {module for pair in GAME_MODULES.values() for module in pair}, loaded


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_a_game_and_its_bots_load_alone(game_id: str) -> None:
    loaded = modules_after(f"import engine, engine.bots\nengine.GAMES[{game_id!r}].new(1)\n"
                           f"engine.bots.get_bot({game_id!r}, engine.bots.levels({game_id!r})[-1])")
    others = {module for other, pair in GAME_MODULES.items() if other != game_id for module in pair}
    assert set(GAME_MODULES[game_id]) <= loaded and not loaded & others, loaded


#: The page's script run in CPython up to its first screen: the browser's modules stand in as
#: empty ones, and the boot task is closed rather than run (it needs a page).
PAGE_START = """
import asyncio, sys, types
class Anything:
    def __getattr__(self, name): return Anything()
    def __call__(self, *args, **kwargs): return Anything()
for name in ("pyscript", "pyodide", "pyodide.ffi", "js"):
    sys.modules[name] = types.ModuleType(name)
sys.modules["pyscript"].document = sys.modules["pyscript"].window = Anything()
sys.modules["pyodide.ffi"].create_proxy = lambda function: function
asyncio.ensure_future = lambda coroutine: coroutine.close()
import ui.main
from ui.navigation import resolve
"""


def test_the_start_imports_only_what_the_gallery_needs() -> None:
    """The page imports at start what the gallery needs; a game's table (with its engine and
    bots), the setup form, the rules page, a lesson, a room, the solver and the replay viewer
    are imported when a route first shows them (issue 31)."""
    loaded = {module for module in modules_after(PAGE_START) if module.startswith(("ui", "engine"))}
    assert "ui.screens.gallery" in loaded
    later = ("ui.tables", "ui.learn", "ui.friends", "ui.screens.replay", "ui.screens.setup", "ui.screens.rules",
             "ui.screens.join", "engine.bots", "engine.chess_cards_solver")
    assert not {module for module in loaded if module.startswith(later)}, sorted(loaded)
