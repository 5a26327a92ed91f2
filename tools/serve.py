#!/usr/bin/env python3
"""A static file server for the app: the repository root on http://127.0.0.1:$PORT/.

Standard library only, so it runs anywhere Python 3.11+ does. The app is a static site; this
exists because browsers refuse ES modules and wasm from ``file://`` and because the MIME types
matter: ``.mjs`` must be JavaScript for ``import()`` and ``.wasm`` must be ``application/wasm``
for streaming compilation (without it Pyodide falls back to a slower path and warns).

Importable for tests::

    server = serve(root, "127.0.0.1", 0)      # port 0 = any free port; serves in a thread
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    ...
    server.shutdown(); server.server_close()

Command line: ``python3 tools/serve.py [--port N] [--host H] [--root DIR] [--quiet]``;
``PORT`` in the environment sets the default port (8000).
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# Types the page depends on; the stdlib's mimetypes table varies by platform (e.g. .mjs/.wasm
# are missing on some), so pin them. Text types carry a charset so non-ASCII text survives.
MIME_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}


class StaticHandler(SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler with pinned MIME types, no caching, no dotfiles."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False

    def end_headers(self) -> None:
        # Always revalidate: engine/ and ui/ change between reloads during development and a
        # heuristically cached stale .py makes for confusing bugs. 304s keep reloads cheap.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self) -> Any:
        # Never serve .git/, .ci/ or other dot-paths: the server exposes the repo root.
        parts = self.path.split("?", 1)[0].split("#", 1)[0].split("/")
        if any(part.startswith(".") and part not in (".", "..") for part in parts):
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        return super().send_head()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (stdlib signature)
        if not self.quiet:
            super().log_message(format, *args)


class QuietThreadingHTTPServer(ThreadingHTTPServer):
    """Threading server that does not print tracebacks when a browser drops a connection."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)):
            return  # the page navigated away or a test closed its context mid-download
        super().handle_error(request, client_address)


def make_server(root: str | os.PathLike[str] = ROOT, host: str = "127.0.0.1", port: int = 8000,
                *, quiet: bool = False) -> ThreadingHTTPServer:
    """Bind a server for ``root`` without serving yet (``port=0`` picks a free port)."""
    handler = type("Handler", (StaticHandler,), {"quiet": quiet})
    return QuietThreadingHTTPServer((host, port), partial(handler, directory=os.fspath(root)))


def serve(root: str | os.PathLike[str] = ROOT, host: str = "127.0.0.1", port: int = 0,
          *, quiet: bool = True) -> ThreadingHTTPServer:
    """Start serving ``root`` in a daemon thread and return the server.

    The bound port is ``server.server_address[1]``. Stop with ``server.shutdown()`` then
    ``server.server_close()``.
    """
    server = make_server(root, host, port, quiet=quiet)
    thread = threading.Thread(target=server.serve_forever, name=f"static-server:{port}", daemon=True)
    thread.start()
    return server


def url_of(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the app's static files.")
    parser.add_argument("--host", default="127.0.0.1", help="interface to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000),
                        help="port (default $PORT or 8000; 0 = any free port)")
    parser.add_argument("--root", default=os.fspath(ROOT), help="directory to serve (default: repo root)")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    server = make_server(args.root, args.host, args.port, quiet=args.quiet)
    print(f"Serving {args.root} at {url_of(server)}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
