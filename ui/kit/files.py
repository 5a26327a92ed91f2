"""Files and the clipboard from Python: download a record, copy a link, read an opened file."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ui.kit.i18n import _


def download(name: str, text: str, kind: str = "application/json") -> None:
    """Offer ``text`` as a file called ``name`` (the browser's own download)."""
    from pyodide.ffi import create_once_callable, to_js
    from pyscript import document, window

    options = to_js({"type": kind}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    link.style.display = "none"
    document.body.appendChild(link)
    link.click()
    link.remove()
    # Revoked a moment later: revoking at once can cancel the download in some browsers.
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 10_000)


def copy_text(root: Any, text: str) -> None:
    """Put ``text`` on the clipboard; where the browser refuses, select it in the field that
    shows it (``[data-testid=record-link]`` under ``root``) so Ctrl+C copies it."""
    from pyscript import window

    def select(_error: Any = None) -> None:
        field = root.querySelector("[data-testid=record-link]")
        if field is not None and hasattr(field, "select"):
            field.focus()
            field.select()

    clipboard = getattr(window.navigator, "clipboard", None)
    if clipboard is None:
        select()
        return
    clipboard.writeText(text).then(lambda _ok: None, select)


def read_file(element: Any, done: Callable[[str, str], None], failed: Callable[[str], None]) -> None:
    """Read the file chosen in an ``<input type=file>`` as text: ``done(name, text)``, or
    ``failed(message)`` when it cannot be read."""
    files = element.files
    if files is None or int(files.length) == 0:
        return
    chosen = files.item(0)
    name = str(chosen.name)
    promise = chosen.text()  # a JavaScript Promise
    promise.then(lambda text: done(name, str(text)),
                 lambda error: failed(_("{file} cannot be read: {why}", file=name, why=error)))
