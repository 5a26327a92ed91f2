"""pyscript.toml must list exactly the .py files of engine/ and ui/, and stay offline-safe.

When this fails after adding or removing a module, run ``make pyscript.toml`` (or
``python3 -m tools.gen_pyscript_toml``) and commit the result.
"""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path
from types import ModuleType

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


def test_files_table_matches_the_tree() -> None:
    on_disk = _generator().python_files(ROOT)
    listed = _config().get("files", {})
    missing = sorted(set(on_disk) - {k.removeprefix("./") for k in listed})
    extra = sorted({k.removeprefix("./") for k in listed} - set(on_disk))
    assert not missing and not extra, (
        f"pyscript.toml is out of sync with the tree (run `make pyscript.toml`): "
        f"missing {missing}, listed but absent {extra}"
    )
    for source, target in listed.items():
        assert source == target, f"{source} must land at the same relative path, not {target}"


def test_generator_output_is_what_is_committed() -> None:
    generator = _generator()
    text = CONFIG.read_text(encoding="utf-8")
    assert generator.render(text, generator.python_files(ROOT)) == text, "run `make pyscript.toml`"


def test_engine_and_ui_are_importable_in_the_browser() -> None:
    listed = _config().get("files", {})
    if (ROOT / "engine" / "__init__.py").exists():
        assert "./engine/__init__.py" in listed
    assert "./ui/main.py" in listed or not (ROOT / "ui" / "main.py").exists()


def test_runtime_is_vendored_not_fetched() -> None:
    config = _config()
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    # No packages: the engine is stdlib-only, and packages would make Pyodide load micropip
    # and query an index (a CDN by default).
    for key in ("packages", "index_urls", "js_modules", "fetch"):
        assert key not in config, f"pyscript.toml must not set {key!r}"
    for source in config.get("files", {}):
        assert source.startswith("./"), f"{source}: files must come from this origin"


def test_stays_in_the_toml_subset_pyscript_parses() -> None:
    # PyScript 0.7.31 parses the config with polyscript's minimal TOML reader: it maps quoted
    # strings before it skips comments, so a quote in a comment can swallow real keys.
    for number, line in enumerate(CONFIG.read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith("#"):
            assert "'" not in line and '"' not in line, f"pyscript.toml:{number}: quote in a comment"
