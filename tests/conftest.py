"""What every test of the suite shares, the CPython tests and the browser tests alike."""

from __future__ import annotations

import os
import shutil

import pytest


@pytest.fixture(scope="session", autouse=True)
def delete_output_dir(pytestconfig: pytest.Config) -> None:
    """pytest-playwright's emptying of ``--output`` (test-results/) before the session, by one
    process only: under pytest-xdist (``make test``) a worker emptying it would delete what
    another worker's Chromium is writing there, so ``make test`` empties it before the workers
    start."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        shutil.rmtree(pytestconfig.getoption("--output"), ignore_errors=True)
