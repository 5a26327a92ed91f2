"""The working tree's start modules in one archive (tools/start_archive.py): which modules, each
with its source and a checked ``.pyc`` at its cache path, and the archive the development server
answers with, which follows the tree's sources as they are edited."""

from __future__ import annotations

import io
import re
import shutil
import zipfile
from pathlib import Path

import pytest

from pyc_support import pyc_header
from test_serve import get
from tools import start_archive
from tools.gen_pyscript_toml import START_ARCHIVE
from tools.serve import serve
from ui.app.later import LATER

ROOT = Path(__file__).resolve().parent.parent
#: PEP 552 flags: hash-based and checked against the source beside it.
CHECKED = 0b11


def entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zipped:
        return {name: zipped.read(name) for name in zipped.namelist()}


def cache_path(source: str, tag: str) -> str:
    path = Path(source)
    return f"{path.parent.as_posix()}/__pycache__/{path.stem}.{tag}.pyc"


def test_the_start_modules_with_the_entry_point() -> None:
    sources = start_archive.start_sources(ROOT)
    # ui/main.py too: the page's script imports it, so it runs from its bytecode.
    assert "ui/main.py" in sources and "ui/kit/dom.py" in sources and "ui/__init__.py" in sources
    assert sources["ui/kit/dom.py"] == (ROOT / "ui/kit/dom.py").read_bytes()
    # None of the modules fetched on first use (ui/app/later.py), nothing of a game.
    later = {path for path, _ in LATER.values()}
    assert not set(sources) & later and later
    assert not [path for path in sources if path.startswith("engine/")]


def test_the_digest_follows_every_source() -> None:
    runtime = start_archive.runtime_folder(ROOT)
    sources = start_archive.start_sources(ROOT)
    before = start_archive.digest(runtime, sources)
    assert start_archive.digest(runtime, dict(sources)) == before
    edited = dict(sources, **{"ui/kit/dom.py": sources["ui/kit/dom.py"] + b"# edited\n"})
    assert start_archive.digest(runtime, edited) != before


def test_the_archive_holds_each_source_and_its_checked_pyc() -> None:
    """(``make vendor`` wrote the archive.) Flags 3 (PEP 552): hash-based and checked, so that an
    edited source is compiled rather than its stale bytecode run."""
    sources = start_archive.start_sources(ROOT)
    found = entries((ROOT / START_ARCHIVE).read_bytes())
    tags = {match[1] for name in found if (match := re.search(r"\.(cpython-3\d+)\.pyc$", name))}
    assert len(tags) == 1, tags
    tag = tags.pop()
    assert set(found) == set(sources) | {cache_path(path, tag) for path in sources}
    for path, source in sources.items():
        assert found[path] == source, f"{path}: run `make vendor`"
        assert pyc_header(found[cache_path(path, tag)], source)[1] == CHECKED


def test_vendoring_keeps_the_start_archive() -> None:
    """tools/vendor.py removes what no copy of its produces from vendor/, but this archive, which
    ``make vendor`` writes after it (else every ``make vendor`` would compile it again, and
    ``--check`` call vendor/ stale)."""
    from tools import vendor

    assert ROOT / START_ARCHIVE not in vendor.stale_files(vendor.plan())


# ----------------------------------------------------------------------------- served


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the tree's Python and of the archive ``make vendor`` wrote."""
    for package in ("engine", "ui"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / START_ARCHIVE).parent.mkdir()
    shutil.copy(ROOT / START_ARCHIVE, tmp_path / START_ARCHIVE)
    return tmp_path


def test_served_as_written_while_the_sources_are_the_trees(tree: Path) -> None:
    assert start_archive.served(tree) == (tree / START_ARCHIVE).read_bytes()


def test_served_with_an_edited_source_and_the_same_bytecode(tree: Path) -> None:
    written = entries((tree / START_ARCHIVE).read_bytes())
    dom = tree / "ui/kit/dom.py"
    dom.write_bytes(dom.read_bytes() + b"\nEDITED = True\n")
    served = entries(start_archive.served(tree))
    assert served["ui/kit/dom.py"] == dom.read_bytes() != written["ui/kit/dom.py"]
    # The bytecode is as compiled: the edited module's no longer matches, and the page's Python
    # compiles its source instead (a checked .pyc).
    assert {name: data for name, data in served.items() if name.endswith(".pyc")} == \
        {name: data for name, data in written.items() if name.endswith(".pyc")}
    assert {name for name in served if name.endswith(".py")} == {name for name in written if name.endswith(".py")}
    assert (tree / START_ARCHIVE).read_bytes() != start_archive.served(tree)  # nothing written


def test_served_with_a_new_start_module_and_with_one_that_does_not_parse(tree: Path) -> None:
    (tree / "ui/kit/extra.py").write_text("VALUE = 1\n", encoding="utf-8")
    dom = tree / "ui/kit/dom.py"
    dom.write_text("from ui.kit import extra\n" + dom.read_text(encoding="utf-8"), encoding="utf-8")
    assert entries(start_archive.served(tree))["ui/kit/extra.py"] == b"VALUE = 1\n"
    # Being edited and broken: served as it is, for the page's Python to say where.
    dom.write_text("def (:\n", encoding="utf-8")
    assert entries(start_archive.served(tree))["ui/kit/dom.py"] == b"def (:\n"


def test_the_development_server_answers_with_the_served_archive(tree: Path) -> None:
    dom = tree / "ui/kit/dom.py"
    dom.write_bytes(dom.read_bytes() + b"\n# edited\n")
    server = serve(tree, "127.0.0.1", 0)
    try:
        status, headers, body = get(server, f"/{START_ARCHIVE}")
    finally:
        server.shutdown()
        server.server_close()
    assert status == 200 and headers["content-type"] == "application/zip"
    assert entries(body)["ui/kit/dom.py"] == dom.read_bytes()
    assert headers["content-length"] == str(len(body))
