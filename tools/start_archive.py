#!/usr/bin/env python3
"""The working tree's start modules in one archive, sources and bytecode: ``vendor/start.zip``.

The working tree's page (``make play``, the e2e tests) runs engine/ and ui/ from their sources.
Its start imports about two dozen modules (``tools/gen_pyscript_toml.py``'s ``Graph.start``),
and it gets them in one archive, pyscript.toml's one ``[files]`` entry, which PyScript unpacks
into the interpreter's working directory (``"./vendor/start.zip" = "./*"``). One response rather
than one per module: fetched one by one, with a preload each, the sources took about 80 ms more
of a cold start's main thread (alternated loads, ``bench/boot.py``'s pages).

The archive holds each module's source and, at its cache path (``__pycache__/<name>.cpython-3XY.pyc``,
where Python's import looks first), its bytecode, compiled once by ``make vendor`` with the
vendored Pyodide run by Node (``tools/pyodide_compile.py``): in the page, under Pyodide,
compiling the start's modules was about 150 ms of a cold start. The bytecode is "checked" (PEP
552): at import, Python hashes the source beside it and compiles the source instead when the two
differ.

So an edit never runs stale code. ``make vendor`` rewrites the archive when a start module or the
runtime changed (its comment holds a digest of both), and ``tools/serve.py`` (``make play``, the
tests, the benchmarks) answers the page's request for it with ``served``: the archive with the
tree's sources as they are at that moment. A module edited since ``make vendor`` runs as edited,
from its source (only its start is slower until the next ``make vendor``), and a traceback shows
its lines. Another static server serves the file as ``make vendor`` last wrote it.

The entry point, ``ui/main.py``, is among the modules: the page's script imports it
(tools/gen_pyscript_toml.py's ``ENTRY_SCRIPT``). The built site (``tools/build_dist.py``) has
every module compiled in its own archive and does not use this one.

Usage: ``python3 -m tools.start_archive [--check]`` (``--check``: exit 1 if the archive is
missing or stale, write nothing).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import sys
import zipfile
from pathlib import Path

from tools import gen_pyscript_toml
from tools.gen_pyscript_toml import CONFIG, START_ARCHIVE, Graph, start_files
from tools.pyodide_compile import CompileError, compile_for_pyodide, zip_comment, zip_entry

ROOT = Path(__file__).resolve().parent.parent


def start_sources(root: Path = ROOT) -> dict[str, bytes]:
    """The modules the page imports at its start, as the tree has them (path -> source)."""
    return {path: (root / path).read_bytes() for path in start_files(Graph(root))}


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
    """The zip of each source and its checked ``.pyc``, at its cache path; deterministic."""
    return packed(sources, compile_for_pyodide(runtime, sources, ".", checked=True), comment)


def packed(sources: dict[str, bytes], compiled: dict[str, bytes], comment: bytes) -> bytes:
    """The zip of ``sources`` and their bytecode (``compiled``, cache path -> ``.pyc``)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zipped:
        for path, data in sorted({**sources, **compiled}.items()):
            zipped.writestr(zip_entry(path), data)
        zipped.comment = comment
    return buffer.getvalue()


def served(root: Path = ROOT) -> bytes:
    """The archive as ``tools/serve.py`` answers the page: the one ``make vendor`` wrote when its
    sources are still the tree's (the usual case: only they are read), else the same bytecode
    with the start's modules as the tree has them now. Python then compiles the sources that no
    longer match their bytecode. Raises ``OSError`` when there is no archive to start from."""
    data = (root / START_ARCHIVE).read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as zipped:
        entries = {name: zipped.read(name) for name in zipped.namelist()}
    kept = {path: source for path, source in entries.items() if path.endswith(".py")}
    if all(_read(root / path) == source for path, source in kept.items()):
        return data
    compiled = {path: code for path, code in entries.items() if path.endswith(".pyc")}
    try:
        paths = start_files(Graph(root))
    except SyntaxError:  # a start module that does not parse: the page's Python says where
        paths = sorted(kept)
    sources = {path: source for path in paths if (source := _read(root / path)) is not None}
    return packed(sources, compiled, b"")


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def main(argv: list[str] | None = None, root: Path = ROOT) -> int:
    parser = argparse.ArgumentParser(
        description="Pack the working tree's start modules, with their bytecode for the page's Python.")
    parser.add_argument("--check", action="store_true", help="exit 1 if the archive is missing or stale")
    args = parser.parse_args(argv)
    runtime = runtime_folder(root)
    if not (runtime / "pyodide.mjs").is_file():
        print(f"start_archive: {runtime.relative_to(root)} is missing: run `make vendor`", file=sys.stderr)
        return 1
    sources = start_sources(root)
    wanted = digest(runtime, sources)
    target = root / START_ARCHIVE
    if zip_comment(target) == wanted:
        return 0
    if args.check:
        print(f"{START_ARCHIVE} is missing or stale: run `make vendor`", file=sys.stderr)
        return 1
    try:
        data = archive(runtime, sources, wanted)
    except CompileError as error:
        print(f"start_archive: {error}", file=sys.stderr)
        return 1
    target.write_bytes(data)
    print(f"{START_ARCHIVE}: the {len(sources)} modules of the start, with their bytecode for the page's "
          f"Python ({len(data) // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
