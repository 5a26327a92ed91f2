"""``make vendor`` (tools/vendor.py): the runtime is npm's, with Pyodide's standard library
compiled for its own Python (tools/pyodide_compile.py); and a compile error is reported, not
shipped."""

from __future__ import annotations

import os
import re
import zipfile
import zlib
from pathlib import Path

import pytest

from pyc_support import HASH_BASED_UNCHECKED, pyc_header
from tools import pyodide_compile, vendor

ROOT = Path(__file__).resolve().parent.parent
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"


def test_vendor_is_up_to_date() -> None:
    assert vendor.main(["--check"]) == 0, "run `make vendor`"


def test_the_link_between_devices_is_vendored_as_it_runs() -> None:
    """PeerJS's browser bundle and the QR code generator's ES module, at the pinned versions,
    without their source maps, and nothing else of those packages."""
    versions = vendor.pinned_versions()
    assert (versions["peerjs"], versions["qrcode-generator"]) == ("1.5.5", "2.0.4")
    assert {p.relative_to(vendor.VENDOR).as_posix() for p in vendor.VENDOR.glob("peerjs/*")} == {"peerjs/peerjs.min.js"}
    assert {p.relative_to(vendor.VENDOR).as_posix() for p in vendor.VENDOR.glob("qrcode/*")} == {"qrcode/qrcode.mjs"}
    peerjs = (vendor.VENDOR / "peerjs" / "peerjs.min.js").read_text(encoding="utf-8")
    assert '"1.5.5"' in peerjs and "window.peerjs=" in peerjs
    assert "sourceMappingURL" not in peerjs
    qrcode = (vendor.VENDOR / "qrcode" / "qrcode.mjs").read_text(encoding="utf-8")
    assert "export default qrcode;" in qrcode and not re.search(r"^import ", qrcode, re.MULTILINE)


def test_the_vendored_standard_library_is_npms_compiled() -> None:
    with zipfile.ZipFile(NPM_PYODIDE / vendor.STDLIB) as npm, \
            zipfile.ZipFile(vendor.VENDOR / "pyodide" / vendor.STDLIB) as vendored:
        names = npm.namelist()
        modules = [name for name in names if name.endswith(".py")]
        assert len(modules) > 400
        # Every module as bytecode only, in place of its source; every other entry as it was.
        assert vendored.namelist() == [name + "c" if name.endswith(".py") else name for name in names]
        headers = {pyc_header(vendored.read(name + "c"), npm.read(name)) for name in modules}
        for name in names:
            if not name.endswith(".py"):
                assert vendored.read(name) == npm.read(name), name
    (_magic, flags), = headers  # one Python's bytecode
    assert flags == HASH_BASED_UNCHECKED
    assert pyodide_compile.zip_comment(vendor.VENDOR / "pyodide" / vendor.STDLIB) == pyodide_compile.STDLIB_RECIPE


def archive_with_comment(path: Path, comment: bytes) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("os.py", b"")
        archive.comment = comment


def test_a_library_not_compiled_by_this_recipe_is_not_current(tmp_path: Path) -> None:
    """A vendor/ made before the library was compiled, or compiled another way (with column
    positions, by older tools), gets it compiled again on the next `make vendor`."""
    source, copy = tmp_path / "node_modules" / vendor.STDLIB, tmp_path / "pyodide" / vendor.STDLIB
    for path in (source, copy):
        path.parent.mkdir()
        archive_with_comment(path, b"")
    job = vendor.CopyJob(source, copy)

    def made_by(comment: bytes) -> bool:
        archive_with_comment(copy, comment)
        os.utime(copy, ns=(source.stat().st_atime_ns, source.stat().st_mtime_ns))
        return vendor.is_current(job)

    assert job.compile_stdlib
    assert not made_by(b"")  # npm's sources, copied as they are
    assert not made_by(b"compiled, with columns")
    assert made_by(pyodide_compile.STDLIB_RECIPE)
    copy.write_bytes(b"not an archive")
    os.utime(copy, ns=(source.stat().st_atime_ns, source.stat().st_mtime_ns))
    assert not vendor.is_current(job)


def test_bytecode_shipped_without_its_source_has_no_column_positions() -> None:
    """Unchecked bytecode (the built site's, the standard library's) has no source to show, so no
    column to point at: it is compiled without column positions, and is smaller than the checked
    bytecode of the same source, which keeps them."""
    source = b"".join(b"value_%d = sum((%d, len('%s'), abs(-%d)))\n" % (n, n, b"x" * n, n) for n in range(200))
    unchecked = pyodide_compile.compile_for_pyodide(NPM_PYODIDE, {"ui/many.py": source}, "/app.zip")
    checked = pyodide_compile.compile_for_pyodide(NPM_PYODIDE, {"ui/many.py": source}, ".", checked=True)
    (plain,), (kept,) = unchecked.values(), checked.values()
    # Compressed, as the site serves it: the positions are what compresses worst.
    sizes = len(zlib.compress(plain, 9)), len(zlib.compress(kept, 9))
    assert sizes[0] < 0.8 * sizes[1], sizes


def test_a_module_that_does_not_compile_is_named_in_the_error() -> None:
    with pytest.raises(pyodide_compile.CompileError, match=r"(?s)ui/broken\.py.*SyntaxError"):
        pyodide_compile.compile_for_pyodide(NPM_PYODIDE, {"ui/fine.py": b"x = 1\n",
                                                          "ui/broken.py": b"def f(:\n"}, "/app.zip")
