"""What every test of the suite shares, the CPython tests and the browser tests alike."""

from __future__ import annotations

import importlib.util
import os
import shutil

import pytest

import site_support


def pytest_addoption(parser: pytest.Parser) -> None:
    # Here, not in tests/e2e/conftest.py: pytest reads options only from the conftest files it
    # finds before collecting, and `pytest tests` finds this one.
    parser.addoption("--turbofan", action="store_true",
                     help="browser tests: let Chromium optimize WebAssembly as browsers do "
                          "(tests/e2e/conftest.py: BASELINE_WASM)")


def pytest_configure(config: pytest.Config) -> None:
    """Empty ``--output`` (test-results/) once, in the process that starts the run: the one
    process, or pytest-xdist's controller before its workers start (see ``delete_output_dir``)."""
    if not hasattr(config, "workerinput") and not config.option.collectonly:
        shutil.rmtree(config.getoption("--output"), ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def delete_output_dir() -> None:
    """pytest-playwright's own emptying of ``--output``, which every pytest-xdist worker would
    run at its start, deleting what another worker's Chromium is already writing there:
    ``pytest_configure`` above does it once instead."""


@pytest.fixture(scope="session", autouse=True)
def one_built_site_per_run(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Under pytest-xdist the workers share one build of the working tree's site (a build takes
    half a minute): their temporary folders have a common parent (``site_support.SHARED``)."""
    if os.environ.get("PYTEST_XDIST_WORKER") and importlib.util.find_spec("fcntl"):
        site_support.SHARED[:] = [tmp_path_factory.getbasetemp().parent / "built-site"]
