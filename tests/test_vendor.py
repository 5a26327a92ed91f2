"""``make vendor`` (tools/vendor.py): the runtime is npm's, with Pyodide's standard library
compiled for its own Python (tools/pyodide_compile.py); and a compile error is reported, not
shipped."""

from __future__ import annotations

import os
import re
import zipfile
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


def test_a_copy_of_the_uncompiled_library_is_not_current(tmp_path: Path) -> None:
    """A vendor/ made before the library was compiled gets it compiled on the next `make vendor`."""
    source, copy = tmp_path / "node_modules" / vendor.STDLIB, tmp_path / "pyodide" / vendor.STDLIB
    for path, data in ((source, b"sources"), (copy, b"sources")):
        path.parent.mkdir()
        path.write_bytes(data)
    os.utime(copy, ns=(source.stat().st_atime_ns, source.stat().st_mtime_ns))
    job = vendor.CopyJob(source, copy)
    assert job.compile_stdlib and not vendor.is_current(job)
    copy.write_bytes(b"its bytecode")  # another size: compiled
    os.utime(copy, ns=(source.stat().st_atime_ns, source.stat().st_mtime_ns))
    assert vendor.is_current(job)


def test_a_module_that_does_not_compile_is_named_in_the_error() -> None:
    with pytest.raises(pyodide_compile.CompileError, match=r"(?s)ui/broken\.py.*SyntaxError"):
        pyodide_compile.compile_for_pyodide(NPM_PYODIDE, {"ui/fine.py": b"x = 1\n",
                                                          "ui/broken.py": b"def f(:\n"}, "/app.zip")
