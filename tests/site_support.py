"""The working tree's built site, for the tests of the build (tests/test_build_dist.py) and of
the built site in the browser (tests/e2e/test_dist.py)."""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict, replace
from pathlib import Path

from tools import build_dist, build_rules
from tools import catalog as catalog_tool

ROOT = Path(__file__).resolve().parent.parent

#: The working tree's site as first built in this process: building takes long (the standard
#: library is compiled under Node), and the same sources make the same files (a test of the
#: build proves it), so each later build of the working tree is a copy of this one's folder.
_BUILT: list[build_dist.Build] = []
#: A folder every pytest-xdist worker of the run shares (tests/conftest.py sets it): the first
#: worker to need the working tree's site builds it there, the others wait for it and copy it.
SHARED: list[Path] = []


def build_site(out: Path, source: Path = ROOT) -> build_dist.Build:
    """The site of ``source`` built into ``out``; the working tree's is built once, then copied."""
    if source == ROOT and not _BUILT and SHARED:
        _BUILT.append(_shared_build(SHARED[0]))
    if source == ROOT and _BUILT:
        shutil.copytree(_BUILT[0].out, out, symlinks=True)
        return replace(_BUILT[0], out=out)
    result = _build(out, source)
    if source == ROOT:
        _BUILT.append(result)
    return result


def _build(out: Path, source: Path) -> build_dist.Build:
    build_rules.build(log=lambda _line: None)  # the rules pages of the working tree, fresh
    assert catalog_tool.main([]) == 0  # and its compiled catalogs (make catalog)
    return build_dist.build(out, source)


def _shared_build(folder: Path) -> build_dist.Build:
    """The working tree's site in ``folder``, built by whichever worker asks first (under a lock,
    which the others wait on) and described in ``site.json`` for the others."""
    import fcntl  # POSIX; tests/conftest.py shares no folder where it is missing

    folder.mkdir(parents=True, exist_ok=True)
    record = folder / "site.json"
    with (folder / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if record.exists():
            data = json.loads(record.read_text(encoding="utf-8"))
            return build_dist.Build(out=Path(data["out"]), version=data["version"], files=data["files"],
                                    precache=tuple(data["precache"]), on_demand=tuple(data["on_demand"]))
        result = _build(folder / "site", ROOT)
        record.write_text(json.dumps({**asdict(result), "out": str(result.out)}), encoding="utf-8")
        return result
