"""pyscript.toml's ``[files]`` is the start's archive (the modules the page imports at its start,
tools/start_archive.py), and ui/app/later.py lists every other module of engine/ and ui/ (fetched
on first use); both stay offline-safe and in step with the tree.

When this fails after adding or removing a module, or changing an import, run ``make pyscript.toml``
(or ``python3 -m tools.gen_pyscript_toml``) and commit the result.
"""

from __future__ import annotations

import ast
import html
import importlib.util
import json
import re
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyscript.toml"


def _generator() -> ModuleType:
    # Loaded by path: tests must not depend on how pytest sets up sys.path.
    spec = importlib.util.spec_from_file_location("gen_pyscript_toml", ROOT / "tools" / "gen_pyscript_toml.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _config() -> dict:
    return tomllib.loads(CONFIG.read_text(encoding="utf-8"))


def _manifest() -> dict[str, tuple[str, tuple[str, ...]]]:
    """ui/app/later.py's table, read as data (importing it would import ``ui``)."""
    tree = ast.parse((ROOT / _generator().MANIFEST).read_text(encoding="utf-8"))
    table = next(node.value for node in tree.body if isinstance(node, ast.AnnAssign) and node.value is not None)
    found: dict[str, tuple[str, tuple[str, ...]]] = ast.literal_eval(table)
    return found


def _start() -> set[str]:
    """The files of the modules imported at the start, those of the start's archive."""
    generator = _generator()
    return set(generator.start_files(generator.Graph(ROOT)))


def test_files_table_is_the_start_archive_unpacked() -> None:
    """PyScript copies one entry: the archive of the start's modules and their bytecode
    (tools/start_archive.py), unpacked into the interpreter's working directory, where each
    module lands at its path in the tree and each ``__pycache__`` beside it."""
    assert _config()["files"] == {f"./{_generator().START_ARCHIVE}": "./*"}


def test_every_module_is_fetched_at_the_start_or_later_never_both() -> None:
    generator = _generator()
    start = _start()
    later = {path for path, _needs in _manifest().values()}
    assert not start & later, sorted(start & later)
    assert start | later == set(generator.python_files(ROOT))
    # Each later module names later modules only, each in the manifest.
    assert {name for _path, needs in _manifest().values() for name in needs} <= set(_manifest())


def test_generator_output_is_what_is_committed() -> None:
    generator = _generator()
    graph = generator.Graph(ROOT)
    text = CONFIG.read_text(encoding="utf-8")
    assert generator.render(text) == text, "run `make pyscript.toml`"
    manifest = (ROOT / generator.MANIFEST).read_text(encoding="utf-8")
    assert generator.render_manifest(graph.later()) == manifest, "run `make pyscript.toml`"
    page = generator.PAGE.read_text(encoding="utf-8")
    core = generator.core_chunk((ROOT / generator.PYSCRIPT_ENTRY).read_text(encoding="utf-8"))
    rendered = generator.render_preloads(page, core, generator.runtime_folder(text))
    assert generator.render_config(rendered, text) == page, "run `make pyscript.toml`"


def test_a_page_with_a_script_of_its_own_gets_the_config_and_the_import() -> None:
    """A page whose script is not the generated one yet (an older ``src=`` script) gets the
    config block with the script that imports the entry point; a page with no Python script is
    refused by name."""
    generator = _generator()
    text = CONFIG.read_text(encoding="utf-8")
    old = '<body>\n  <script type="py" src="./ui/main.py"></script>\n</body>\n'
    page = generator.render_config(old, text)
    assert generator.config_block(page) is not None and 'src="./ui/main.py"' not in page
    assert page.count('<script type="py" ') == 1 and "\nimport ui.main\n</script>" in page
    assert generator.render_config(page, text) == page  # rendered again: the same
    with pytest.raises(ValueError, match="no <script type=\"py\">"):
        generator.render_config("<body></body>\n", text)


def test_the_page_preloads_the_start_files_and_the_built_site_drops_them() -> None:
    """index.html's head asks for Pyodide's files and the ``[files]`` table's archive, as Pyodide's
    loader and PyScript will fetch them; the built site's page has none of them."""
    generator = _generator()
    page = generator.PAGE.read_text(encoding="utf-8")
    preloaded = re.findall(r'<link rel="preload" href="([^"]+)" as="fetch" crossorigin>', page)
    runtime = _config()["interpreter"].rsplit("/", 1)[0]
    fetched = [f"{runtime}/{name}" for name in ("pyodide.asm.wasm", "pyodide-lock.json")]
    assert preloaded == [*fetched, *_config()["files"]]
    assert all((ROOT / path).is_file() for path in fetched)
    assert page.index(generator.PRELOAD_END) < page.index("</head>")
    # And the one chunk PyScript's core.js re-exports, a module the page would find only once
    # core.js has come.
    core = generator.core_chunk((ROOT / generator.PYSCRIPT_ENTRY).read_text(encoding="utf-8"))
    assert re.fullmatch(r"vendor/pyscript/core-[\w-]+\.js", core) and (ROOT / core).is_file()
    assert re.findall(r'<link rel="modulepreload" href="([^"]+)">', page) == [
        f"./{core}", f"{runtime}/pyodide.mjs", f"{runtime}/pyodide.asm.mjs"]
    assert "preload" not in generator.without_preloads(page)


def test_the_page_carries_pyscript_toml_inline() -> None:
    """index.html gives PyScript pyscript.toml as inline JSON, so that it fetches no config and
    no TOML parser before it loads Pyodide; and an ``<mpy-config>`` with the same plugins turned
    off, or PyScript would load them all for MicroPython's script type."""
    page = _generator().PAGE.read_text(encoding="utf-8")
    scripts = re.findall(r'<script type="py" config=\'([^\']+)\'>\n(.*?)</script>', page, re.S)
    assert len(scripts) == 1 and "pyscript.toml" not in scripts[0][0]
    assert json.loads(html.unescape(scripts[0][0])) == _config()
    # The script imports the entry point, which so runs from its bytecode (a src is compiled).
    assert scripts[0][1] == "import ui.main\n" == _generator().ENTRY_SCRIPT
    assert 'type="py" src=' not in page
    assert "!py-terminal" in _config()["plugins"] and "!error" not in _config()["plugins"]
    mpy = re.findall(r"<mpy-config>(.*?)</mpy-config>", page)
    assert [json.loads(html.unescape(text)) for text in mpy] == [{"plugins": _config()["plugins"]}]
    # A config that holds an apostrophe or an ampersand still reads back whole.
    tricky = {"name": "Ann's & Bo's", "files": {"./a.py": "./a.py"}}
    attribute = _generator().inline_config(tricky)
    assert json.loads(html.unescape(attribute.removeprefix("config='").removesuffix("'"))) == tricky
    assert "'" not in attribute[len("config='"):-1]


def test_engine_and_ui_are_importable_in_the_browser() -> None:
    """The app's shell is fetched at the start; the engine with the first game a route shows."""
    listed = _start()
    for module in ("ui/__init__.py", "ui/main.py", "ui/app/loading.py", "ui/app/later.py"):
        assert module in listed, module
    later = _generator().Graph(ROOT).later()
    for module in ("engine", "engine.core", "engine.checks"):
        assert module in later, module
    assert "engine/core.py" not in listed


def test_the_generator_tells_the_start_from_later(tmp_path: Path) -> None:
    """The start is what importing ``ui.main`` runs: its module-level imports at any depth (a
    class body and a ``try`` run, a function's body does not, ``if TYPE_CHECKING:`` never), with
    the packages Python imports first; a later module lists the later modules it imports anywhere."""
    files = {
        "ui/__init__.py": "",
        "ui/main.py": "import ui.a\nfrom ui import b\nclass C:\n    from ui.c import x\n"
                      "try:\n    import ui.d\nexcept ImportError:\n    pass\n"
                      "if TYPE_CHECKING:\n    import ui.later.hint\n"
                      "def route():\n    from ui.later import screen\n",
        "ui/a.py": "", "ui/b.py": "", "ui/c.py": "x = 1\n", "ui/d.py": "",
        "ui/later/__init__.py": "", "ui/later/hint.py": "",
        "ui/later/screen.py": "from .part import y\ndef f():\n    import ui.later.deep\n    import ui.a\n",
        "ui/later/part.py": "y = 1\n", "ui/later/deep.py": "", "engine/__init__.py": "",
    }
    for path, text in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    graph = _generator().Graph(tmp_path)
    assert graph.start() == {"ui", "ui.main", "ui.a", "ui.b", "ui.c", "ui.d"}
    later = graph.later()
    assert set(later) == {"engine", "ui.later", "ui.later.hint", "ui.later.screen", "ui.later.part", "ui.later.deep"}
    assert later["ui.later.screen"] == ("ui/later/screen.py", ("ui.later", "ui.later.deep", "ui.later.part"))


def test_runtime_is_vendored_not_fetched() -> None:
    config = _config()
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    # No packages: the engine is stdlib-only, and packages would make Pyodide load micropip
    # and query an index (a CDN by default).
    for key in ("packages", "index_urls", "js_modules", "fetch"):
        assert key not in config, f"pyscript.toml must not set {key!r}"
    for source in config.get("files", {}):
        assert source.startswith("./"), f"{source}: files must come from this origin"


