"""The working tree's built site, for the tests of the build (tests/test_build_dist.py) and of
the built site in the browser (tests/e2e/test_dist.py)."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from tools import build_dist, build_rules
from tools import catalog as catalog_tool

ROOT = Path(__file__).resolve().parent.parent

#: The working tree's site as first built in this process: building takes long (the standard
#: library is compiled under Node), and the same sources make the same files (a test of the
#: build proves it), so each later build of the working tree is a copy of this one's folder.
_BUILT: list[build_dist.Build] = []


def build_site(out: Path, source: Path = ROOT) -> build_dist.Build:
    """The site of ``source`` built into ``out``; the working tree's is built once, then copied."""
    if source == ROOT and _BUILT:
        shutil.copytree(_BUILT[0].out, out, symlinks=True)
        return replace(_BUILT[0], out=out)
    build_rules.build(log=lambda _line: None)  # the rules pages of the working tree, fresh
    assert catalog_tool.main([]) == 0  # and its compiled catalogs (make catalog)
    result = build_dist.build(out, source)
    if source == ROOT:
        _BUILT.append(result)
    return result
