"""Launching the Chromium that drives the app, shared by tests/e2e and bench/, and reading why
one of its processes crashed.

The system Chromium (Debian's ``chromium`` package) is preferred: it installs from the distro
mirror where Playwright's own browser download may be blocked. Playwright's bundled Chromium is
the fallback (``python3 -m playwright install chromium``). ``CHROMIUM`` in the environment
overrides the choice with an explicit executable.

``CHROMIUM_ARGS`` keep the browser from phoning home on its own (component updates, sync, field
trials...), and the host resolver rule makes every name but 127.0.0.1 unresolvable, so even a
request the page-level guard missed cannot leave the machine. WebRTC between two contexts of one
browser needs the local addresses in its candidates, not mDNS names, which this resolver could
not resolve: hence ``--disable-features=WebRtcHideLocalIpsWithMdns``.

``launch_options(log_dir=...)`` also keeps a record of every crash in ``log_dir``: Chromium's own
log (``--enable-logging=stderr``; ``tools/chromium_stderr.sh`` appends the stderr of the browser
and of every child process, V8's out-of-memory report included, to ``chromium.log``) and the
crash dumps of its crash handler (``crash-dumps/``). ``crash_reports`` reads those dumps: which
process died, on which signal, and the crash keys Chromium set (``oom_size`` for an allocation
that failed, for instance).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import struct
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
    "--disable-features=WebRtcHideLocalIpsWithMdns",
)

#: Appends Chromium's stderr to a file (see the module's docstring).
STDERR_WRAPPER = Path(__file__).resolve().parent / "chromium_stderr.sh"
LOG_NAME = "chromium.log"
DUMPS_NAME = "crash-dumps"


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


def launch_options(*, log_dir: Path | None = None, bundled: str | None = None,
                   extra_args: tuple[str, ...] = ()) -> dict[str, Any]:
    """Keyword arguments for ``BrowserType.launch``: the executable and ``CHROMIUM_ARGS``.

    With ``log_dir``, Chromium logs to ``log_dir/chromium.log`` and its crash handler writes
    its dumps to ``log_dir/crash-dumps/``. Logging goes through ``tools/chromium_stderr.sh``,
    which needs the real executable: with no system Chromium, pass Playwright's own as
    ``bundled`` (``playwright.chromium.executable_path``).
    """
    executable = find_chromium()
    args = [*CHROMIUM_ARGS, *extra_args]
    if log_dir is None:
        return {"executable_path": executable, "args": args}  # None: Playwright's own browser
    real = executable or bundled
    if real is None:
        raise ValueError("no Chromium to log: pass Playwright's own as `bundled`")
    dumps = log_dir / DUMPS_NAME
    dumps.mkdir(parents=True, exist_ok=True)
    return {
        "executable_path": str(STDERR_WRAPPER),
        # --crash-dumps-dir is what Playwright's headless shell reads; Debian's Chromium ignores
        # it and reads BREAKPAD_DUMP_LOCATION (its crash handler is always on).
        "args": [*args, "--enable-logging=stderr", f"--crash-dumps-dir={dumps}"],
        "env": {**os.environ, "CHROMIUM_EXECUTABLE": real,
                "CHROMIUM_STDERR": str(log_dir / LOG_NAME), "BREAKPAD_DUMP_LOCATION": str(dumps)},
    }


def launch(playwright: Playwright, *, headless: bool = True, log_dir: Path | None = None,
           extra_args: tuple[str, ...] = (), **more: Any) -> Browser:
    """Launch Chromium headless with the offline-friendly flags (and with ``log_dir``, its
    log and crash dumps kept there: ``launch_options``); ``more`` goes to ``launch`` as is."""
    options = launch_options(log_dir=log_dir, bundled=playwright.chromium.executable_path,
                             extra_args=extra_args)
    return playwright.chromium.launch(headless=headless, **options, **more)


# ----------------------------------------------------------------------------- crash dumps

#: Minidump stream types read here: the loaded modules, the exception, and Crashpad's annotations.
_MODULE_LIST_STREAM = 4
_EXCEPTION_STREAM = 6
_CRASHPAD_INFO_STREAM = 0x43500001
#: Crash keys worth a place in a one-line reason (Chromium's names).
NOTABLE_KEYS = ("ptype", "oom_size", "bad_message_reason", "mojo-message-error", "url-chunk")


@dataclass
class CrashReport:
    """One minidump of Chromium's crash handler: what died and how."""

    path: Path
    signal: int | None = None
    signal_code: int | None = None
    address: int | None = None
    #: Where the faulting instruction is, as ``module+0xoffset`` (the same crash has the same one
    #: from run to run, whatever the addresses the process was given).
    pc: str | None = None
    keys: dict[str, str] = field(default_factory=dict)

    @property
    def process(self) -> str:
        return self.keys.get("ptype", "browser")

    def reason(self) -> str:
        """``renderer: SIGTRAP at 0x… (oom_size=…)``: the line a failure or a table shows."""
        name = "no signal"
        if self.signal is not None:
            try:
                name = signal.Signals(self.signal).name
            except ValueError:
                name = f"signal {self.signal}"
        where = f" at {self.address:#x}" if self.address is not None else ""
        notes = [f"pc={self.pc}"] if self.pc else []
        notes += [f"{key}={self.keys[key]}" for key in NOTABLE_KEYS[1:] if key in self.keys]
        if any(key.startswith("v8-oom") for key in self.keys):  # V8 ran out of heap or code space
            notes.insert(0, "V8 out of memory")
        return f"{self.process}: {name}{where}" + (f" ({', '.join(notes)})" if notes else "")


def crash_reports(dumps_dir: Path, *, newer_than: float = 0.0) -> list[CrashReport]:
    """Every minidump under ``dumps_dir`` (Crashpad's database) modified after ``newer_than``
    (a ``time.time()``), oldest first."""
    if not dumps_dir.is_dir():
        return []
    found = [path for path in dumps_dir.rglob("*.dmp") if path.stat().st_mtime > newer_than]
    return [read_minidump(path) for path in sorted(found, key=lambda p: p.stat().st_mtime)]


def read_minidump(path: Path) -> CrashReport:
    """The signal and Crashpad's annotations of one minidump (a report with what could be read,
    should the file be cut short)."""
    report = CrashReport(path)
    try:
        data = path.read_bytes()
        _read_minidump(data, report)
    except (OSError, struct.error, IndexError, UnicodeDecodeError) as exc:
        report.keys.setdefault("unreadable", type(exc).__name__)
    return report


def _read_minidump(data: bytes, report: CrashReport) -> None:
    signature, _version, count, directory = struct.unpack_from("<4sIII", data, 0)
    if signature != b"MDMP":
        raise struct.error("not a minidump")
    pc = None
    modules: list[tuple[int, int, str]] = []
    for index in range(count):
        kind, _size, rva = struct.unpack_from("<III", data, directory + 12 * index)
        if kind == _EXCEPTION_STREAM:
            # thread id, alignment, then MINIDUMP_EXCEPTION: on Linux the code is the signal
            # and the flags its si_code; after it, where the thread's registers are.
            code, flags, _record, address = struct.unpack_from("<IIQQ", data, rva + 8)
            report.signal, report.signal_code, report.address = code, flags, address
            context_size, context_rva = struct.unpack_from("<II", data, rva + _EXCEPTION_CONTEXT)
            (context_flags,) = struct.unpack_from("<I", data, context_rva + _CONTEXT_FLAGS)
            if context_size >= _AMD64_RIP + 8 and context_flags & _CONTEXT_AMD64:
                (pc,) = struct.unpack_from("<Q", data, context_rva + _AMD64_RIP)
        elif kind == _MODULE_LIST_STREAM:
            (modules_count,) = struct.unpack_from("<I", data, rva)
            for module in range(modules_count):
                base, size, _checksum, _stamp, name = struct.unpack_from("<QIIII", data, rva + 4 + 108 * module)
                modules.append((base, size, _utf16(data, name).rsplit("/", 1)[-1]))
        elif kind == _CRASHPAD_INFO_STREAM:
            _read_crashpad_info(data, rva, report.keys)
    if pc is not None:
        report.pc = next((f"{name}+{pc - base:#x}" for base, size, name in modules if base <= pc < base + size),
                         f"{pc:#x}")


#: In the exception stream: the thread id (4 bytes), alignment (4), MINIDUMP_EXCEPTION (152).
_EXCEPTION_CONTEXT = 8 + 152
#: In an x86-64 thread context (MINIDUMP_CONTEXT_AMD64): its flags, the flag that says it is
#: one, and the instruction pointer.
_CONTEXT_FLAGS = 48
_CONTEXT_AMD64 = 0x00100000
_AMD64_RIP = 248


def _utf16(data: bytes, rva: int) -> str:
    (length,) = struct.unpack_from("<I", data, rva)
    return data[rva + 4:rva + 4 + length].decode("utf-16-le", "replace")


def _utf8(data: bytes, rva: int) -> str:
    (length,) = struct.unpack_from("<I", data, rva)
    return data[rva + 4:rva + 4 + length].decode("utf-8", "replace")


def _simple_dictionary(data: bytes, rva: int, size: int, keys: dict[str, str]) -> None:
    if not size:
        return
    (count,) = struct.unpack_from("<I", data, rva)
    for index in range(count):
        key, value = struct.unpack_from("<II", data, rva + 4 + 8 * index)
        keys[_utf8(data, key)] = _utf8(data, value)


def _annotation_objects(data: bytes, rva: int, size: int, keys: dict[str, str]) -> None:
    if not size:
        return
    (count,) = struct.unpack_from("<I", data, rva)
    for index in range(count):
        name, kind, _reserved, value = struct.unpack_from("<IHHI", data, rva + 4 + 12 * index)
        if kind == 1:  # a string annotation (Chromium's crash keys)
            keys[_utf8(data, name)] = _utf8(data, value).rstrip("\0")


def _read_crashpad_info(data: bytes, rva: int, keys: dict[str, str]) -> None:
    # MinidumpCrashpadInfo: version, report and client UUIDs, simple annotations, module list.
    simple_size, simple_rva, modules_size, modules_rva = struct.unpack_from("<IIII", data, rva + 36)
    _simple_dictionary(data, simple_rva, simple_size, keys)
    if not modules_size:
        return
    (count,) = struct.unpack_from("<I", data, modules_rva)
    for index in range(count):
        _module, size, module_rva = struct.unpack_from("<III", data, modules_rva + 4 + 12 * index)
        if size < 28:
            continue
        # MinidumpModuleCrashpadInfo: version, list annotations, simple annotations, objects.
        fields = struct.unpack_from("<IIIIIII", data, module_rva)
        _simple_dictionary(data, fields[4], fields[3], keys)
        _annotation_objects(data, fields[6], fields[5], keys)


# ----------------------------------------------------------------------------- what came with a crash

#: Lines of Chromium's log that tell something about a crash; ``NOISE`` is what a headless
#: Chromium in a container always says (no D-Bus, no GPU device, no CPU frequency) and the
#: pages' console.
TELLING = re.compile(r"FATAL|Check failed|OOM|out of memory|Last few GCs|crash|sad_tab|Terminat|bad.message|"
                     r"SIGBUS|SIGSEGV|SIGKILL|Killed|NOTREACHED|memory", re.I)
NOISE = re.compile(r"dbus|ScreenSaver|UPower|scaling_(cur|max)_freq|drmGetDevices|vaapi|"
                   r"InitializeSandbox|INFO:CONSOLE", re.I)


def telling(lines: list[str]) -> list[str]:
    """The lines of Chromium's log that tell something about a crash (see ``TELLING``)."""
    return [line.strip()[:300] for line in lines if TELLING.search(line) and not NOISE.search(line)]


@dataclass(frozen=True)
class Mark:
    """A point in a ``ChromiumRecord``: the log's size and the time."""

    log_size: int
    time: float


@dataclass(frozen=True)
class ChromiumRecord:
    """The log and crash dumps of a browser launched with ``launch_options(log_dir=...)``."""

    log_dir: Path

    @property
    def log(self) -> Path:
        return self.log_dir / LOG_NAME

    @property
    def dumps(self) -> Path:
        return self.log_dir / DUMPS_NAME

    def mark(self) -> Mark:
        return Mark(self.log.stat().st_size if self.log.exists() else 0, time.time())

    def log_since(self, mark: Mark) -> list[str]:
        if not self.log.exists():
            return []
        with self.log.open("rb") as file:
            file.seek(mark.log_size)
            return file.read().decode("utf-8", "replace").splitlines()

    def since(self, mark: Mark) -> list[str]:
        """What crashed since ``mark``, and why: a line per crash dump, then the telling lines of
        the log (empty when nothing crashed)."""
        found = [f"crash dump: {report.reason()} [{report.path}]"
                 for report in crash_reports(self.dumps, newer_than=mark.time)]
        lines = telling(self.log_since(mark))
        if lines:
            found += [f"Chromium's log ({self.log}):", *(f"  {line}" for line in lines[-20:])]
        return found


#: An init script (``BrowserContext.add_init_script``) that records every text a page's WebRTC
#: data channels receive and send, with its time (``performance.timeOrigin + performance.now()``,
#: one clock for every context of the browser): ``window.__wire = {recv: [[t, text]], sent:
#: [[t, text]], channels: [channel]}``. It taps ``RTCDataChannel.prototype`` itself, under whatever
#: wraps ``RTCPeerConnection`` (PeerJS's shims), so the app needs no hook: the friends' e2e tests
#: read what reached a guest, ``bench/friends.py`` times it.
DATA_CHANNEL_TAP = """
(() => {
  const proto = window.RTCDataChannel && RTCDataChannel.prototype;
  if (!proto) return;
  const now = () => performance.timeOrigin + performance.now();
  const wire = window.__wire = {recv: [], sent: [], channels: []};
  const text = data => typeof data === 'string' ? data : '<binary>';
  const seen = channel => { if (!wire.channels.includes(channel)) wire.channels.push(channel); };
  const add = proto.addEventListener;
  // Ours is the channel's first message listener: PeerJS's (by either way of listening) comes after.
  const tap = channel => {
    if (channel.__tapped) return;
    channel.__tapped = true;
    seen(channel);
    add.call(channel, 'message', event => { wire.recv.push([now(), text(event.data)]); });
  };
  proto.addEventListener = function (type, listener, options) {
    if (type === 'message') tap(this);
    return add.call(this, type, listener, options);
  };
  const onmessage = Object.getOwnPropertyDescriptor(proto, 'onmessage');
  Object.defineProperty(proto, 'onmessage', {
    configurable: true, enumerable: onmessage.enumerable,
    get() { return onmessage.get.call(this); },
    set(handler) { tap(this); onmessage.set.call(this, handler); },
  });
  const send = proto.send;
  proto.send = function (data) {
    seen(this);
    wire.sent.push([now(), text(data)]);
    return send.call(this, data);
  };
})();
"""


def play_until_over(pages: Sequence[Any], *, over: Callable[[Any], bool], act: Callable[[], bool],
                    wait: Callable[[], None], patience: int, max_turns: int) -> None:
    """Devices of one game (``pages``) play until every one is ``over``: ``act`` makes one move
    somewhere (False: nothing could be played), ``wait`` waits a little for the others (a bot,
    the clock, another device). Raises RuntimeError, with what each table shows, after
    ``patience`` looks in a row with nothing played, or when ``max_turns`` moves did not end it."""
    idle = 0
    for _ in range(max_turns):
        if all(over(page) for page in pages):
            return
        if act():
            idle = 0
            continue
        idle += 1
        if idle > patience:
            raise RuntimeError("nobody plays and the game is not over: "
                               + " | ".join(page.locator("[data-testid=table]").inner_text()[:300] for page in pages))
        wait()
    raise RuntimeError(f"the game did not end in {max_turns} moves")

