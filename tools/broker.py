#!/usr/bin/env python3
"""The project's own PeerJS broker: npm's ``peer`` (pinned in package.json), run by Node.

Playing with friends on other devices needs a broker only to introduce the devices
(ARCHITECTURE.md, "Friends on other devices"); the games then travel over WebRTC data channels between the devices.
By default the page uses PeerJS's public broker; this one serves a LAN with no internet, the
tests and the benchmarks, at ``http://<host>:<port>/`` (path ``/``)::

    with Broker(port=0) as broker:     # port 0: a free port
        broker.url                     # "http://127.0.0.1:40123/", what `broker=` takes

``Broker.start`` waits until the broker answers HTTP (its root says ``{"name": "PeerJS Server",
...}``) and fails with the broker's own output if it exits or does not answer in time;
``stop`` ends it (SIGTERM, then SIGKILL). ``lan_address()`` is the address other devices on
the same network reach this machine at.

Command line (``make broker``, ``HOST=0.0.0.0 make play``)::

    python3 -m tools.broker [--host 127.0.0.1] [--port 9000] [--expire-ms 5000]

runs it in the foreground until Ctrl+C (or SIGTERM).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import FrameType, TracebackType
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
#: npm's ``peer`` package installs this command (node_modules/.bin/peerjs).
PEERJS = ROOT / "node_modules" / ".bin" / "peerjs"
DEFAULT_PORT = 9000
START_TIMEOUT_S = 20.0
#: How long the broker keeps a message for a peer that is not there (``peer``'s default: 5 s)
#: before telling its sender the peer is unavailable.
DEFAULT_EXPIRE_MS = 5000


class BrokerError(RuntimeError):
    """The broker could not start (not installed, the port taken, ...)."""


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port free on ``host`` right now (the broker's command line needs a number)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def port_is_free(host: str, port: int) -> bool:
    """True if a server could listen on ``host:port`` now."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Node listens
        try:
            probe.bind((host or "0.0.0.0", port))
        except OSError:
            return False
    return True


def lan_address() -> str:
    """This machine's address on its local network (the interface of the default route), or
    127.0.0.1 when it has none. Nothing is sent: a UDP socket only picks its source address."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def url_host(host: str) -> str:
    """The host to put in a URL for a server bound to ``host`` (all interfaces: this machine)."""
    if host in ("", "0.0.0.0", "::"):
        return "127.0.0.1"
    return f"[{host}]" if ":" in host else host


class Broker:
    """A PeerJS broker as a subprocess (see the module's docstring); a context manager."""

    def __init__(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT, *,
                 expire_ms: int = DEFAULT_EXPIRE_MS, log: Path | None = None, echo: bool = False) -> None:
        """``log``: a file to append the broker's output to (default: kept in a temporary file,
        for the error message should it fail); ``echo``: let it print to this process's output."""
        self.host = host
        self.port = port
        self.expire_ms = expire_ms
        self.log_path = log
        self.echo = echo
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def url(self) -> str:
        """``http://<host>:<port>/``, the address the page's ``broker=`` takes."""
        return f"http://{url_host(self.host)}:{self.port}/"

    def command(self) -> list[str]:
        broker = [str(PEERJS), "--host", self.host, "--port", str(self.port), "--path", "/",
                  "--expire_timeout", str(self.expire_ms)]
        # Where util-linux's setpriv is (Linux), the broker dies with this process: a test run
        # killed halfway leaves no broker behind.
        setpriv = shutil.which("setpriv")
        return [setpriv, "--pdeathsig", "KILL", "--", *broker] if setpriv else broker

    def start(self, timeout_s: float = START_TIMEOUT_S) -> Broker:
        """Start the broker and wait until it answers; raises BrokerError if it does not."""
        if self.process is not None:
            raise BrokerError("this broker is already running")
        if not PEERJS.exists():
            raise BrokerError(f"{PEERJS.relative_to(ROOT)} is missing: run `npm ci` (or `make vendor`)")
        if self.port == 0:
            self.port = free_port("127.0.0.1" if self.host in ("", "0.0.0.0", "::") else self.host)
        elif not port_is_free(self.host, self.port):
            # `peer` keeps running when it cannot listen, and another broker there would answer.
            raise BrokerError(f"port {self.port} of {self.host} is in use (another broker?): "
                              "choose another with BROKER_PORT=...")
        if self.echo:
            self._log = None
        elif self.log_path is None:
            self._log = tempfile.TemporaryFile()  # noqa: SIM115 (kept open while the broker runs)
        else:
            self._log = self.log_path.open("ab")
        self.process = subprocess.Popen(self.command(), cwd=ROOT, stdin=subprocess.DEVNULL,
                                        stdout=self._log, stderr=subprocess.STDOUT if self._log else None,
                                        start_new_session=True)
        deadline = time.monotonic() + timeout_s
        while True:
            if self.process.poll() is not None:
                output = self.output()
                self._close_log()
                self.process = None
                raise BrokerError(f"the broker exited at start ({' '.join(self.command())}): {output.strip()}")
            if self.answers():
                return self
            if time.monotonic() > deadline:
                output = self.output()
                self.stop()
                raise BrokerError(f"the broker did not answer at {self.url} within {timeout_s:.0f} s: {output.strip()}")
            time.sleep(0.1)

    def answers(self) -> bool:
        """True if a PeerJS broker answers at ``url``."""
        try:
            with urllib.request.urlopen(self.url, timeout=2) as response:
                return bool(json.loads(response.read().decode("utf-8")).get("name") == "PeerJS Server")
        except (OSError, ValueError, urllib.error.URLError):
            return False

    def output(self) -> str:
        """What the broker printed so far."""
        if self._log is None:
            return ""
        if self.log_path is not None:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        self._log.flush()
        self._log.seek(0)
        return self._log.read().decode("utf-8", "replace")

    def stop(self) -> None:
        """End the broker: SIGTERM, then SIGKILL after a second (``peer`` answers SIGTERM by
        waiting for every client's socket to close, which may be never). Safe to call twice."""
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self._close_log()

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self) -> Broker:
        if self.process is None:
            self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()


def _stop_on_sigterm(_signal: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run the project's PeerJS broker (npm `peer`).")
    parser.add_argument("--host", default="127.0.0.1",
                        help="interface to bind (default 127.0.0.1; 0.0.0.0: the local network)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("BROKER_PORT") or DEFAULT_PORT),
                        help=f"port (default $BROKER_PORT or {DEFAULT_PORT})")
    parser.add_argument("--expire-ms", type=int, default=DEFAULT_EXPIRE_MS,
                        help="how long a message waits for an absent peer (default 5000)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    broker = Broker(args.host, args.port, expire_ms=args.expire_ms, echo=True)
    try:
        broker.start()
    except BrokerError as error:
        print(f"broker: {error}", file=sys.stderr)
        return 2
    lan = f"; on the local network: http://{lan_address()}:{broker.port}/" if args.host in ("0.0.0.0", "::") else ""
    print(f"PeerJS broker at {broker.url}{lan}  (Ctrl+C to stop)", flush=True)
    try:
        while broker.process is not None and broker.process.poll() is None:
            time.sleep(0.5)
        print("broker: the broker exited", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        broker.stop()


if __name__ == "__main__":
    sys.exit(main())
