"""Launching the Chromium that drives the app, shared by tests/e2e and bench/.

The system Chromium (Debian's ``chromium`` package) is preferred: it installs from the distro
mirror where Playwright's own browser download may be blocked. Playwright's bundled Chromium is
the fallback (``python3 -m playwright install chromium``). ``CHROMIUM`` in the environment
overrides the choice with an explicit executable.

The flags keep the browser from phoning home on its own (component updates, sync, field
trials...), and the host resolver rule makes every name but 127.0.0.1 unresolvable, so even a
request the page-level guard missed cannot leave the machine.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # playwright is a test/bench dependency only
    from playwright.sync_api import Browser, Playwright

SYSTEM_CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")

CHROMIUM_ARGS: tuple[str, ...] = (
    "--no-sandbox",  # root in containers/CI has no user namespaces for the sandbox
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
)


def find_chromium() -> str | None:
    """Path of a system Chromium, or None to use Playwright's bundled one."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit
    for candidate in SYSTEM_CHROMIUM_CANDIDATES:
        if Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def launch(playwright: Playwright, *, headless: bool = True) -> Browser:
    """Launch Chromium headless with the offline-friendly flags."""
    executable = find_chromium()
    return playwright.chromium.launch(
        executable_path=executable,  # None -> Playwright's bundled browser
        headless=headless,
        args=list(CHROMIUM_ARGS),
    )
