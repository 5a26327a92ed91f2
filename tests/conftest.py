"""What every test of the suite shares, the CPython tests and the browser tests alike."""

from __future__ import annotations

import shutil

import pytest


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
