#!/usr/bin/env python3
"""The working tree's start modules as bytecode: ``vendor/start-bytecode.zip``.

The working tree's page (``make play``, the e2e tests) runs engine/ and ui/ from their sources,
and Python compiles a module from source at every start: in the page, under Pyodide, compiling
the modules of the start was about 150 ms of a cold start's import of ``ui.main`` (60% of it),
and the start is what a newcomer waits for. So ``make vendor`` compiles them once, with the
vendored Pyodide run by Node (``tools/pyodide_compile.py``), into one archive that pyscript.toml's
``[files]`` has PyScript unpack beside the sources (``"./vendor/start-bytecode.zip" = "./*"``):
each module's ``__pycache__/<name>.cpython-3XY.pyc``, where Python's import looks first.

The bytecode is "checked" (PEP 552): at import, Python hashes the source beside it and compiles
the source instead when the two differ, so a module edited after ``make vendor`` runs as edited
(only its start is slower until the next ``make vendor``), and a traceback shows the source's
lines as before. The entry point, ``ui/main.py``, is among them: the page's script imports it
(tools/gen_pyscript_toml.py's ``ENTRY_SCRIPT``). The built site (``tools/build_dist.py``) has every module compiled
in its own archive and does not use this one.

The archive is rewritten only when a start module or the runtime changed (its comment holds a
digest of both). Usage: ``python3 -m tools.start_bytecode [--check]`` (``--check``: exit 1 if
the archive is missing or stale, write nothing).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import sys
import tomllib
import zipfile
from pathlib import Path, PurePosixPath

from tools import gen_pyscript_toml
from tools.gen_pyscript_toml import BYTECODE, CONFIG
from tools.pyodide_compile import CompileError, compile_for_pyodide, zip_entry

ROOT = Path(__file__).resolve().parent.parent


def start_sources(root: Path = ROOT) -> dict[str, bytes]:
    """The modules pyscript.toml's ``[files]`` copies at the start (path -> source)."""
    config = tomllib.loads((root / CONFIG.name).read_text(encoding="utf-8"))
    paths = [PurePosixPath(target).as_posix().removeprefix("./") for target in config.get("files", {}).values()]
    return {path: (root / path).read_bytes() for path in sorted(paths) if path.endswith(".py")}


def runtime_folder(root: Path = ROOT) -> Path:
    """The vendored Pyodide's folder, that of pyscript.toml's ``interpreter``."""
    return root / gen_pyscript_toml.runtime_folder((root / CONFIG.name).read_text(encoding="utf-8"))


def digest(runtime: Path, sources: dict[str, bytes]) -> bytes:
    """What the archive is made from: the runtime's release (its lock file) and every source."""
    hasher = hashlib.sha256((runtime / "pyodide-lock.json").read_bytes())
    for path, data in sources.items():
        hasher.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    return hasher.hexdigest().encode()


def archive(runtime: Path, sources: dict[str, bytes], comment: bytes) -> bytes:
    """The zip of each source's checked ``.pyc``, at its cache path; deterministic."""
    compiled = compile_for_pyodide(runtime, sources, ".", checked=True)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zipped:
        for path in sorted(compiled):
            zipped.writestr(zip_entry(path), compiled[path])
        zipped.comment = comment
    return buffer.getvalue()


def current_comment(path: Path) -> bytes | None:
    try:
        with zipfile.ZipFile(path) as zipped:
            return zipped.comment
    except (OSError, zipfile.BadZipFile):
        return None


def main(argv: list[str] | None = None, root: Path = ROOT) -> int:
    parser = argparse.ArgumentParser(description="Compile the working tree's start modules for the page's Python.")
    parser.add_argument("--check", action="store_true", help="exit 1 if the archive is missing or stale")
    args = parser.parse_args(argv)
    runtime = runtime_folder(root)
    if not (runtime / "pyodide.mjs").is_file():
        print(f"start_bytecode: {runtime.relative_to(root)} is missing: run `make vendor`", file=sys.stderr)
        return 1
    sources = start_sources(root)
    wanted = digest(runtime, sources)
    target = root / BYTECODE
    if current_comment(target) == wanted:
        return 0
    if args.check:
        print(f"{BYTECODE} is missing or stale: run `make vendor`", file=sys.stderr)
        return 1
    try:
        data = archive(runtime, sources, wanted)
    except CompileError as error:
        print(f"start_bytecode: {error}", file=sys.stderr)
        return 1
    target.write_bytes(data)
    print(f"{BYTECODE}: the {len(sources)} modules of the start compiled for the page's Python "
          f"({len(data) // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
