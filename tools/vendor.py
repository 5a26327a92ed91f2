#!/usr/bin/env python3
"""Copy the browser runtime (PyScript core + Pyodide, and the link between devices: PeerJS and a
QR code generator) from node_modules into vendor/.

The page loads PyScript and Pyodide from its own origin only (no CDN, ever), so the exact
npm versions pinned in package.json are copied into the git-ignored ``vendor/`` folder:

* ``node_modules/@pyscript/core/dist/*`` (minus source maps) -> ``vendor/pyscript/``
* the five Pyodide files that actually run -> ``vendor/pyodide/``, the standard library compiled:
  npm ships its modules as sources, which the page would compile at every start (about half of a
  cold start); ``python_stdlib.zip`` holds their bytecode instead (tools/pyodide_compile.py, which
  runs that same Pyodide under Node: about 10 s, once per Pyodide release)
* PeerJS's browser bundle (``peerjs/dist/peerjs.min.js``) -> ``vendor/peerjs/`` and the QR code
  generator's ES module (``qrcode-generator/dist/qrcode.mjs``) -> ``vendor/qrcode/``: what
  ``pwa/room-link.mjs`` loads when a room opens (never at boot)

Only what runs is copied: no ``.map`` files, no ``.d.ts``, no Node-only ``pyodide.js``.
The trailing ``sourceMappingURL`` comment is dropped from copied scripts and styles so an
open DevTools does not request the missing maps (a 404 would look like a broken deploy).

Idempotent and fast: a file is rewritten only when its source changed (the copy carries the
source's mtime), and files left over from an older version (hashed chunk names) are removed.
The page, the built site (tools/build_dist.py copies vendor/) and the tests all run this runtime;
the stock one stays in node_modules (bench/boot.py measures both).

Usage: ``python3 -m tools.vendor [--check]``; ``--check`` only reports whether vendor/ is
up to date (exit 1 if not).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from tools.gen_pyscript_toml import START_ARCHIVE
from tools.pyodide_compile import STDLIB_RECIPE, CompileError, compiled_stdlib, zip_comment

ROOT = Path(__file__).resolve().parent.parent

NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "vendor"

PYSCRIPT_PKG = "@pyscript/core"
PYODIDE_PKG = "pyodide"
PEERJS_PKG = "peerjs"
QRCODE_PKG = "qrcode-generator"
#: Every package vendored, in the order the summary line names them.
PACKAGES = (PYSCRIPT_PKG, PYODIDE_PKG, PEERJS_PKG, QRCODE_PKG)

#: The link between devices (pwa/room-link.mjs): package, its file, the folder of vendor/.
LINK_FILES = (
    (PEERJS_PKG, "dist/peerjs.min.js", "peerjs"),
    (QRCODE_PKG, "dist/qrcode.mjs", "qrcode"),
)

# The files Pyodide's loadPyodide() fetches at boot (pyodide.mjs imports pyodide.asm.mjs,
# which instantiates the wasm; the stdlib zip is mounted; the lock file is always read).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: The one of them vendored compiled (see the module's docstring).
STDLIB = "python_stdlib.zip"

# `//# sourceMappingURL=x.map` (JS) and `/*# sourceMappingURL=x.map */` (CSS), on their own line.
_SOURCEMAP_RE = re.compile(rb"\n?(?://# sourceMappingURL=[^\n]*|/\*# sourceMappingURL=[^\n]*?\*/)\s*\Z")
_STRIP_MAP_SUFFIXES = (".js", ".mjs", ".css")


@dataclass(frozen=True)
class CopyJob:
    """One file to mirror from node_modules into vendor/."""

    src: Path
    dst: Path

    @property
    def strip_sourcemap(self) -> bool:
        return self.dst.suffix in _STRIP_MAP_SUFFIXES

    @property
    def compile_stdlib(self) -> bool:
        return self.dst.name == STDLIB and self.dst.parent.name == "pyodide"


class VendorError(RuntimeError):
    """node_modules is missing or does not hold the versions package.json pins."""


def pinned_versions() -> dict[str, str]:
    """The exact versions package.json pins for the vendored packages."""
    manifest = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    deps = {**manifest.get("dependencies", {}), **manifest.get("devDependencies", {})}
    missing = [name for name in PACKAGES if name not in deps]
    if missing:
        raise VendorError(f"package.json does not pin {', '.join(missing)}")
    return {name: deps[name] for name in PACKAGES}


def installed_version(package: str) -> str | None:
    manifest = NODE_MODULES / package / "package.json"
    if not manifest.is_file():
        return None
    return str(json.loads(manifest.read_text(encoding="utf-8"))["version"])


def check_installed() -> None:
    """Refuse to vendor anything but the pinned versions (a stale node_modules is easy to miss)."""
    for package, wanted in pinned_versions().items():
        have = installed_version(package)
        if have is None:
            raise VendorError(f"{package} is not installed: run `npm ci` first")
        if have != wanted:
            raise VendorError(f"{package} {have} is installed but package.json pins {wanted}: run `npm ci`")


def plan() -> list[CopyJob]:
    """Every file vendor/ must hold, with its source."""
    jobs: list[CopyJob] = []
    dist = NODE_MODULES / PYSCRIPT_PKG / "dist"
    for src in sorted(dist.iterdir()):
        if src.is_file() and src.suffix != ".map":
            jobs.append(CopyJob(src, VENDOR / "pyscript" / src.name))
    pyodide_dir = NODE_MODULES / PYODIDE_PKG
    for name in PYODIDE_FILES:
        src = pyodide_dir / name
        if not src.is_file():
            raise VendorError(f"{src.relative_to(ROOT)} is missing from the pyodide package")
        jobs.append(CopyJob(src, VENDOR / "pyodide" / name))
    for package, path, folder in LINK_FILES:
        src = NODE_MODULES / package / path
        if not src.is_file():
            raise VendorError(f"{src.relative_to(ROOT)} is missing from the {package} package")
        jobs.append(CopyJob(src, VENDOR / folder / src.name))
    return jobs


def is_current(job: CopyJob) -> bool:
    # The copy carries the source's mtime (set below), so equal mtimes mean "already copied";
    # for untouched binaries the size is compared too, as a cheap guard against truncation.
    try:
        dst_stat = job.dst.stat()
    except FileNotFoundError:
        return False
    src_stat = job.src.stat()
    if dst_stat.st_mtime_ns != src_stat.st_mtime_ns:
        return False
    if job.compile_stdlib:  # compiled, and by this recipe (not npm's sources, not older tools')
        return zip_comment(job.dst) == STDLIB_RECIPE
    return job.strip_sourcemap or dst_stat.st_size == src_stat.st_size


def copy(job: CopyJob) -> None:
    data = job.src.read_bytes()
    if job.strip_sourcemap:
        data = _SOURCEMAP_RE.sub(b"\n", data)
    if job.compile_stdlib:
        data = compiled_stdlib(job.src.parent, data)  # Pyodide compiles its own library
    job.dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = job.dst.with_name(job.dst.name + ".tmp")
    tmp.write_bytes(data)
    src_stat = job.src.stat()
    os.utime(tmp, ns=(src_stat.st_atime_ns, src_stat.st_mtime_ns))
    os.replace(tmp, job.dst)  # atomic: a server running meanwhile never serves half a file


def stale_files(jobs: list[CopyJob]) -> list[Path]:
    """Files under vendor/ that no job produces (e.g. chunks of a previous PyScript version),
    but the start's archive, which tools/start_archive.py keeps there."""
    wanted = {job.dst for job in jobs} | {ROOT / START_ARCHIVE}
    if not VENDOR.is_dir():
        return []
    return sorted(p for p in VENDOR.rglob("*") if p.is_file() and p not in wanted)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report whether vendor/ is up to date")
    args = parser.parse_args(argv)
    try:
        check_installed()
        jobs = plan()
    except VendorError as exc:
        print(f"vendor: {exc}", file=sys.stderr)
        return 2
    todo = [job for job in jobs if not is_current(job)]
    stale = stale_files(jobs)
    if args.check:
        for job in todo:
            print(f"vendor: out of date: {job.dst.relative_to(ROOT)}")
        for path in stale:
            print(f"vendor: stale: {path.relative_to(ROOT)}")
        return 1 if todo or stale else 0
    try:
        for job in todo:
            copy(job)
    except CompileError as exc:
        print(f"vendor: {exc}", file=sys.stderr)
        return 2
    for path in stale:
        path.unlink()
    versions = pinned_versions()
    print(
        f"vendor: {', '.join(f'{name} {versions[name]}' for name in PACKAGES)}: "
        f"{len(todo)} copied, {len(jobs) - len(todo)} up to date, {len(stale)} removed"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
