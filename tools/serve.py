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

Command line: ``python3 -m tools.serve [--port N] [--host H] [--root DIR] [--max-age S] [--gzip]
[--quiet] [--broker-port N]``; ``PORT`` in the environment sets the default port (8000).

``--host 0.0.0.0`` serves the local network (``HOST=0.0.0.0 make play``); ``--broker-port N``
runs the project's PeerJS broker beside the app on the same interface (tools/broker.py), stops
it on exit, and prints the address a phone on the same Wi-Fi opens, with ``broker=`` in it: the
devices then need nothing but that network.

``--gzip`` compresses text and wasm responses for browsers that accept it, as most hosts do
(``make serve-dist GZIP=1``); by default nothing is compressed, as ``python3 -m http.server``
(a USB stick) serves. ``serve(..., log=[])`` appends ``[path, bytes sent]`` for every response,
headers included: the boot benchmark and the tests count a visit's bytes with it.

By default every response says ``Cache-Control: no-cache`` (the working tree changes between
reloads). ``--max-age S`` serves as a static host does instead (GitHub Pages: ten minutes),
which is how ``make serve-dist`` serves the built site.

A request for the working tree's start archive (``vendor/start.zip``) gets it with the start
modules' sources as the tree has them at that moment (``tools/start_archive.py``'s ``served``):
a module edited since ``make vendor`` runs as edited on the next reload.

A request for a ``sw.js`` the folder does not have gets ``pwa/retire-sw.js``: a service worker
that removes itself and the built site's caches. A built site served earlier on the same address
left its service worker in the browser; this is how the working tree takes the address back
instead of being answered from that worker's cache.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import io
import os
import signal
import sys
import threading
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tools import start_archive
from tools.broker import Broker, BrokerError, lan_address
from tools.gen_pyscript_toml import START_ARCHIVE

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


#: What a missing sw.js is answered with (see the module's docstring).
RETIRE_SW = ROOT / "pwa" / "retire-sw.js"


#: What a compressing host compresses (``--gzip``): text, and the wasm.
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".txt", ".py", ".toml",
                ".webmanifest")


class StaticHandler(SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler with pinned MIME types, no caching, no dotfiles."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    max_age: int | None = None
    compress = False
    log: list[list[Any]] | None = None

    def end_headers(self) -> None:
        # Always revalidate: engine/ and ui/ change between reloads during development and a
        # heuristically cached stale .py makes for confusing bugs. 304s keep reloads cheap.
        cache = "no-cache" if self.max_age is None else f"max-age={self.max_age}"
        self.send_header("Cache-Control", cache)
        if self.log is not None:
            # [path, bytes]: the headers now, the body added by copyfile (threads interleave:
            # each request keeps its own entry).
            headers = sum(len(line) for line in getattr(self, "_headers_buffer", [])) + 2
            self._entry: list[Any] = [self.path.split("?", 1)[0], headers]
            self.log.append(self._entry)
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if self.log is None:
            super().copyfile(source, outputfile)
            return
        data = source.read()
        outputfile.write(data)
        self._entry[1] += len(data)

    def _gzipped(self, path: str) -> Any:
        """The file at ``path`` gzipped, when it should be and the browser accepts it."""
        local = self.translate_path(path)
        if not (self.compress and local.endswith(COMPRESSIBLE) and os.path.isfile(local)
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            return None
        with open(local, "rb") as file:
            body = gzip.compress(file.read(), compresslevel=6)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(local))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def send_head(self) -> Any:
        # Never serve .git/, .ci/ or other dot-paths: the server exposes the repo root.
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        parts = path.split("/")
        if any(part.startswith(".") and part not in (".", "..") for part in parts):
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        if parts[-1] == "sw.js" and not os.path.isfile(self.translate_path(path)):
            return self._retire_service_worker()
        if path == f"/{START_ARCHIVE}" and os.path.isfile(self.translate_path(path)):
            return self._start_archive()
        if path.endswith("/") and os.path.isfile(self.translate_path(path + "index.html")):
            path += "index.html"
        return self._gzipped(path) or super().send_head()

    def _retire_service_worker(self) -> Any:
        return self._send(RETIRE_SW.read_bytes(), MIME_TYPES[".js"])

    def _start_archive(self) -> Any:
        return self._send(start_archive.served(Path(self.directory)), MIME_TYPES[".zip"])

    def _send(self, body: bytes, content_type: str) -> Any:
        """Answer with ``body``, made here rather than read from a file."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format: str, *args: Any) -> None:
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
                *, quiet: bool = False, max_age: int | None = None, compress: bool = False,
                log: list[list[Any]] | None = None) -> ThreadingHTTPServer:
    """Bind a server for ``root`` without serving yet (``port=0`` picks a free port).

    ``max_age``: send ``Cache-Control: max-age=<max_age>`` as a static host does, instead of
    ``no-cache``. ``compress``: gzip what a compressing host would. ``log``: a list to append
    ``[path, bytes sent]`` to, for every response.
    """
    handler = type("Handler", (StaticHandler,), {"quiet": quiet, "max_age": max_age,
                                                 "compress": compress, "log": log})
    return QuietThreadingHTTPServer((host, port), partial(handler, directory=os.fspath(root)))


def serve(root: str | os.PathLike[str] = ROOT, host: str = "127.0.0.1", port: int = 0,
          *, quiet: bool = True, max_age: int | None = None, compress: bool = False,
          log: list[list[Any]] | None = None) -> ThreadingHTTPServer:
    """Start serving ``root`` in a daemon thread and return the server.

    The bound port is ``server.server_address[1]``. Stop with ``server.shutdown()`` then
    ``server.server_close()``.
    """
    server = make_server(root, host, port, quiet=quiet, max_age=max_age, compress=compress, log=log)
    thread = threading.Thread(target=server.serve_forever, name=f"static-server:{port}", daemon=True)
    thread.start()
    return server


def url_of(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    if isinstance(host, bytes):  # typeshed allows it for other socket families; TCP gives str
        host = host.decode()
    return f"http://{host}:{port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the app's static files.")
    parser.add_argument("--host", default="127.0.0.1", help="interface to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000),
                        help="port (default $PORT or 8000; 0 = any free port)")
    parser.add_argument("--root", default=os.fspath(ROOT), help="directory to serve (default: repo root)")
    parser.add_argument("--max-age", type=int, default=None, metavar="SECONDS",
                        help="let browsers cache responses this long, as a static host does "
                             "(default: no-cache, every reload revalidates)")
    parser.add_argument("--gzip", action="store_true",
                        help="compress text and wasm responses, as most hosts do (default: as "
                             "`python3 -m http.server`, nothing compressed)")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    parser.add_argument("--broker-port", type=int, default=None, metavar="N",
                        help="also run the project's PeerJS broker on port N of the same interface")
    args = parser.parse_args(argv)
    server = make_server(args.root, args.host, args.port, quiet=args.quiet, max_age=args.max_age,
                         compress=args.gzip)
    with contextlib.ExitStack() as stack:
        stack.callback(server.server_close)
        print(f"Serving {args.root} at {url_of(server)}  (Ctrl+C to stop)", flush=True)
        if args.broker_port is not None:
            try:
                broker = stack.enter_context(Broker(args.host, args.broker_port).start())
            except BrokerError as error:
                print(f"broker: {error}", file=sys.stderr)
                return 2
            print(f"PeerJS broker at {broker.url}", flush=True)
        if args.host not in ("127.0.0.1", "localhost", "::1"):
            print(invitation(args.host, server.server_address[1], args.broker_port), flush=True)
        signal.signal(signal.SIGTERM, _stop_on_sigterm)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


def invitation(host: str, port: int, broker_port: int | None) -> str:
    """What to open on another device of the local network (with the broker beside the app:
    ``broker=`` in the link, so that the devices need nothing but that network)."""
    address = lan_address() if host in ("0.0.0.0", "::", "") else host
    name = f"[{address}]" if ":" in address else address
    link = f"http://{name}:{port}/"
    if broker_port is not None:
        link += f"#/?broker=http://{name}:{broker_port}/"
    return f"On a phone or another computer on the same network, open: {link}"


def _stop_on_sigterm(_signal: int, _frame: Any) -> None:
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
