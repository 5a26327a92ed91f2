"""Imports in ``engine/`` and ``ui/`` run one way: no module reaches itself again.

Every import counts, those inside functions too (they only hide a cycle, they do not remove it).
The implicit import of a parent package (``import engine.core`` runs ``engine/__init__`` first) is
not an edge: it is how packages work, and it is the same for every module.
"""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import GAMES
from engine.bots import BOTS
from ui import navigation

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
sys.modules["pyodide.ffi"].create_proxy = sys.modules["pyodide.ffi"].create_once_callable = lambda function: function
asyncio.ensure_future = lambda coroutine: coroutine.close()
import ui.main
from ui.navigation import resolve
"""


#: What the first screen (the gallery) leaves for later: a game's rules, bots and table, the setup
#: form, the rules page, a lesson, a room, the solver, the replay viewer (issue 31) and a play
#: route's setup, whose dataclasses the start would pay for.
LATER = ("ui.tables", "ui.learn", "ui.friends", "ui.screens.replay", "ui.screens.setup", "ui.screens.rules",
         "ui.screens.join", "ui.app.play_setup", "engine.bots", "engine.chess_cards_solver",
         *(pair[0] for pair in GAME_MODULES.values()))


def test_the_start_imports_only_what_the_gallery_needs() -> None:
    """The page imports at start what the gallery needs; the rest when a route first shows it."""
    loaded = {module for module in modules_after(PAGE_START) if module.startswith(("ui", "engine"))}
    assert "ui.screens.gallery" in loaded
    assert not {module for module in loaded if module.startswith(LATER)}, sorted(loaded)


def _generator() -> Any:
    spec = importlib.util.spec_from_file_location("gen_pyscript_toml", ROOT / "tools" / "gen_pyscript_toml.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_first_screens_import_closure_holds_none_of_the_later_packages() -> None:
    """What the page fetches before its script runs (pyscript.toml's ``[files]``) is the closure
    of ``ui.main``'s module-level imports: it must reach none of the packages left for later, or
    the start would fetch (and import) them again."""
    start = _generator().Graph(ROOT).start()
    assert {"ui.main", "ui.navigation", "ui.screens.gallery", "ui.app.loading"} <= start
    assert not {module for module in start if module.startswith(LATER)}, sorted(start)


#: The later modules a module of the start may import inside a function, each because the route
#: that reaches the import has ``ui.main`` fetch it first (``ui.navigation.later_modules``): the
#: router's screens, games and room, and a play route's setup (which every table imports); the
#: gallery's lists when there is one; the saved games' store for every route that opens it;
#: motion for the screens that move things, whose modules import it.
LAZY_IMPORTS = {
    "ui.navigation": {"engine", "engine.bots", *navigation.SCREENS.values(), navigation.ROOM, navigation.JOIN,
                      navigation.SAVES, navigation.REASONS, "ui.app.play_setup"},
    "ui.screens.gallery": {navigation.LISTS},
    "ui.storage.page_store": {navigation.SAVES},
    "ui.app.screen": {"ui.kit.motion"},
}


def test_the_start_imports_a_later_module_only_where_its_route_fetched_it() -> None:
    """A module of the start may import a later module only where ``LAZY_IMPORTS`` says: anywhere
    else the import would meet a module the page does not have."""
    graph = _generator().Graph(ROOT)
    start = graph.start()
    reaching = {module: set(graph.anywhere[module] - start) for module in sorted(start)}
    assert {module: found - LAZY_IMPORTS.get(module, set()) for module, found in reaching.items()
            if found - LAZY_IMPORTS.get(module, set())} == {}


def test_every_screen_that_moves_things_imports_motion_with_its_module() -> None:
    """``Screen.moves`` screens import ``ui.kit.motion`` at their module's level, so a route that
    shows one has fetched it before a draw asks for it (``ui.app.screen`` imports it lazily)."""
    from ui.screens.replay import ReplayScreen
    from ui.tables.base import GameTable

    graph = _generator().Graph(ROOT)
    assert GameTable.moves and ReplayScreen.moves
    for module in ("ui.tables.base", "ui.screens.replay"):
        assert "ui.kit.motion" in graph.closure(module, graph.at_import), module


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_a_games_modules_are_named_as_the_registries_name_them(game_id: str) -> None:
    rules, bots, table = navigation.game_modules(game_id)
    assert (rules, bots) == GAME_MODULES[game_id] and table == navigation.TABLES[game_id][0]


#: A route resolved, shown and started in CPython (``PAGE_START``'s stand-ins for the page, which
#: here also read as numbers and text), a file the screen fetches read from the tree; prints the
#: project modules it imported that neither the start nor the route's ``later_modules`` holds.
ROUTE = PAGE_START.replace("    def __call__(self, *args, **kwargs): return Anything()\n", """\
    def __call__(self, *args, **kwargs): return Anything()
    def __bool__(self): return False
    def __int__(self): return 0
    def __float__(self): return 0.0
    def __str__(self): return ""
    def __iter__(self): return iter(())
""") + """
from pathlib import Path
from ui.app import loading, screen
from ui.app.routes import parse_hash
from ui.navigation import later_modules
screen.Screen.load_text = lambda self, path, then: then(Path(path).read_text() if Path(path).exists() else "")
start = set(sys.modules)
route = parse_hash({route!r})
wanted = set(loading.needed(later_modules(route)))
shown = resolve(route, Anything(), lambda target: None, None)
shown.show()
shown.start()
unnamed = set(sys.modules) - start - wanted
print(type(shown).__name__, *sorted(m for m in unnamed if m.split(".")[0] in ("ui", "engine")))
"""


@pytest.mark.parametrize("route", [
    "#/checks", "#/checks/rules", "#/checkmate/learn", "#/chess-cards/play?seats=human,bot:hard",
    "#/private-checkers/play?seats=human,friend", "#/check/replay", "#/join", "#/check/learn",
    "#/chess-cards/learn", "#/checks/nothing"])
def test_a_route_names_every_module_its_screen_imports(route: str) -> None:
    """What ``ui.main`` fetches before it shows a route (``later_modules``) is all that the
    route's screen imports to be made, shown and started (a lesson's table too): no import
    left for the page's last resort, a blocking request per file (``ui.app.loading.LaterFinder``)."""
    done = subprocess.run([sys.executable, "-c", ROUTE.format(route=route)], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    screen, *unnamed = done.stdout.split()
    assert screen != "MessageScreen" or route.endswith("nothing"), done.stdout
    assert unnamed == [], f"{route} ({screen}) imports modules it did not name: {unnamed}"
