"""The working tree's start modules as bytecode (tools/start_bytecode.py): which modules, where
each ``.pyc`` lands, and that it is the checked kind, which Python compares with its source."""

from __future__ import annotations

import re
import tomllib
import zipfile
from pathlib import Path

from tools import start_bytecode
from tools.gen_pyscript_toml import BYTECODE

ROOT = Path(__file__).resolve().parent.parent


def test_the_start_modules_with_the_entry_point() -> None:
    files = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))["files"]
    listed = {path.removeprefix("./") for path in files if path.endswith(".py")}
    sources = start_bytecode.start_sources(ROOT)
    # ui/main.py too: the page's script imports it, so it runs from its bytecode.
    assert set(sources) == listed and "ui/main.py" in sources and "ui/kit/dom.py" in sources
    assert sources["ui/kit/dom.py"] == (ROOT / "ui/kit/dom.py").read_bytes()


def test_the_digest_follows_every_source() -> None:
    runtime = start_bytecode.runtime_folder(ROOT)
    sources = start_bytecode.start_sources(ROOT)
    before = start_bytecode.digest(runtime, sources)
    assert start_bytecode.digest(runtime, dict(sources)) == before
    edited = dict(sources, **{"ui/kit/dom.py": sources["ui/kit/dom.py"] + b"# edited\n"})
    assert start_bytecode.digest(runtime, edited) != before


def test_the_archive_holds_a_checked_pyc_at_each_cache_path() -> None:
    """(``make vendor`` wrote the archive.) Flags 3 (PEP 552): hash-based and checked, so that an
    edited source is compiled rather than its stale bytecode run."""
    sources = start_bytecode.start_sources(ROOT)
    with zipfile.ZipFile(ROOT / BYTECODE) as zipped:
        names = zipped.namelist()
        tags = {re.search(r"\.(cpython-3\d+)\.pyc$", name)[1] for name in names}  # type: ignore[index]
        assert len(tags) == 1, tags
        tag = tags.pop()
        wanted = {f"{Path(path).parent.as_posix()}/__pycache__/{Path(path).stem}.{tag}.pyc" for path in sources}
        assert set(names) == wanted
        assert {int.from_bytes(zipped.read(name)[4:8], "little") for name in names} == {3}


def test_vendoring_keeps_the_start_bytecode() -> None:
    """tools/vendor.py removes what no copy of its produces from vendor/, but this archive, which
    ``make vendor`` writes after it (else every ``make vendor`` would compile it again, and
    ``--check`` call vendor/ stale)."""
    from tools import vendor

    assert ROOT / BYTECODE not in vendor.stale_files(vendor.plan())
