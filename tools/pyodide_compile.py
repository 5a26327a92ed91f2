"""Compile Python for the Python inside the vendored Pyodide (3.14 in the page), whatever Python
runs the tools: Pyodide itself compiles, run by Node (``tools/compile_python.mjs``).

A module imported from source is compiled at every start, and in the page that is slow: npm's
Pyodide ships its standard library as sources only, and compiling what a start imports was about
half of it, the app's own modules 150-300 ms more. So ``tools/vendor.py`` vendors the standard
library compiled (``compiled_stdlib``) and ``tools/build_dist.py`` ships the app's modules with
their bytecode (``compile_for_pyodide``).

The built site's ``.pyc`` files are hash-based and unchecked (PEP 552): Python loads them
without comparing them to a source, whose time stamps an archive does not keep; the tools write
bytecode and source from the same text, so the two cannot disagree. The working tree's start
modules (``tools/start_archive.py``) are compiled as checked ones: there the sources may be
edited after ``make vendor``, and Python then compiles the edited source instead.
"""

from __future__ import annotations

import base64
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

#: The Node script that runs Pyodide to compile.
COMPILER = Path(__file__).resolve().parent / "compile_python.mjs"
#: A zip entry's time: fixed, so that the same sources give the same archive (and the built
#: site the same version).
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def zip_entry(name: str) -> zipfile.ZipInfo:
    """A deflated archive entry at ``ZIP_TIME``, readable by all: the same content, the same bytes."""
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def zip_comment(path: Path) -> bytes | None:
    """The comment of the archive at ``path`` (what the tools write there says how it was made);
    ``None`` when there is no archive there."""
    try:
        with zipfile.ZipFile(path) as archive:
            return archive.comment
    except (OSError, zipfile.BadZipFile):
        return None


class CompileError(RuntimeError):
    """Node is missing, or Pyodide could not compile a module (the message says which)."""


def compile_for_pyodide(runtime: Path, sources: dict[str, bytes], archive_in_page: str,
                        optimize: int = 0, checked: bool = False) -> dict[str, bytes]:
    """Each module of ``sources`` (path inside an archive -> text) compiled by the Pyodide in the
    folder ``runtime`` (that of ``pyodide.mjs``), for an archive at ``archive_in_page`` in the page
    ("stdlib": the standard library's own archive): path of its ``.pyc`` -> bytes. ``optimize``
    is ``compile()``'s (2: without docstrings and asserts). ``checked``: each ``.pyc`` at its
    source's cache path (``ui/__pycache__/main.cpython-314.pyc``), checked against the source
    when imported (for sources that may change after they were compiled). Unchecked ones ship
    without their sources and are compiled without column positions (tools/compile_python.mjs)."""
    node = shutil.which("node")
    if node is None:
        raise CompileError("node not found: compiling Python for the page runs the vendored "
                           "Pyodide under Node.js 20+ (the one npm comes with)")
    try:
        payload = json.dumps({path: data.decode("utf-8") for path, data in sources.items()})
    except UnicodeDecodeError as error:
        raise CompileError(f"a Python source is not UTF-8: {error}") from None
    done = subprocess.run([node, str(COMPILER), str(runtime), archive_in_page, str(optimize),
                           "checked" if checked else "unchecked"], input=payload,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise CompileError(f"Pyodide under Node failed:\n{done.stderr.strip()}")
    result = json.loads(done.stdout)
    if result["failed"]:
        raise CompileError("Python that does not compile:\n" + "\n".join(result["failed"]))
    return {path: base64.b64decode(data) for path, data in result["compiled"].items()}


#: The comment of a standard library that ``compiled_stdlib`` made, naming how: tools/vendor.py
#: compiles again a copy that another recipe made (npm's sources, or bytecode with columns).
STDLIB_RECIPE = b"five-checks: compiled by Pyodide, unchecked, no column positions"


def compiled_stdlib(runtime: Path, original: bytes) -> bytes:
    """Pyodide's standard library archive with each module as bytecode in place of its source.

    npm's Pyodide ships the sources only, and the page compiled every module it imported at each
    cold start: about half of it. Bytecode alone (no sources beside it, no column positions)
    keeps the archive at about 3.6 MB instead of 7: a traceback through the standard library then
    shows file and line but not the line's text (nor a column to point at). Entries that are not
    modules are kept as they are, in their order; the archive's comment is ``STDLIB_RECIPE``.
    Takes about 10 s: tools/vendor.py does it once per Pyodide release and recipe."""
    with zipfile.ZipFile(io.BytesIO(original)) as stdlib:
        entries = stdlib.infolist()
        sources = {e.filename: stdlib.read(e) for e in entries if e.filename.endswith(".py")}
        compiled = compile_for_pyodide(runtime, sources, "stdlib")
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for entry in entries:
                if entry.filename in sources:
                    name = entry.filename.removesuffix(".py") + ".pyc"
                    archive.writestr(zip_entry(name), compiled[name])
                else:
                    archive.writestr(entry, stdlib.read(entry))
            archive.comment = STDLIB_RECIPE
    return buffer.getvalue()
