#!/usr/bin/env python3
"""Build the static site into ``dist/``: what a host needs to serve Five Checks, and nothing else.

``make dist`` runs this after ``make vendor`` (the runtime, the rules pages). The working tree
stays the development copy (``make play``); ``dist/`` is git-ignored output::

    index.html              the page: the downloader (pwa/loader.js, inline, with its list of
                            downloads), one stylesheet, the PyScript core, its config inline, an
                            inline script that imports the entry point (ui/main.py) from the
                            archive, the service worker's page side
    site-<hash>.css         vendor/pyscript/core.css + ui/shell.css + ui/style.css, in that order
    app-<hash>.zip.gz       engine/ and ui/ (the files of pyscript.toml's [files] table, which the
                            working tree copies at its start, and those it fetches on first use,
                            ui/app/later.py), each module as bytecode for Pyodide's Python,
                            stored, the zip gzipped
    docs/rules/<id>.html    the rules pages, linked to site-<hash>.css; docs/rules/<lang>/<id>.html
                            each language's, served but not precached (Build.on_demand)
    docs/learn/<id>.json    the lessons of the coached games
    locale/<lang>/LC_MESSAGES/messages.mo   the compiled message catalogs (make catalog), each
                            fetched when its language is chosen (the pseudo-locale qps too)
    vendor/pyscript/        the core chunk and the chunks it loads for this app (the error plugin)
    vendor/pyodide/         pyodide.mjs; the wasm, pyodide.asm.mjs and the standard library
                            gzipped (``.gz``), the library trimmed to the modules of
                            pwa/stdlib-modules.txt (tools/trace_stdlib.py) and compiled (as
                            tools/vendor.py vendors it); the site's interpreter module
                            (pwa/interpreter.mjs: starts from a memory snapshot after the first
                            visit) with the worker that makes the snapshot
    manifest.webmanifest    the web app manifest, icons/ its icons (pwa/); manifest.ar.webmanifest
                            the same in Arabic, linked by the page when it speaks Arabic
    pwa/room-link.mjs       the link between devices, with what it loads: vendor/peerjs/ (PeerJS's
                            browser bundle) and vendor/qrcode/ (the QR code generator); at the
                            working tree's paths, imported by the page when a room opens, never
                            at boot (precached all the same: a room on a LAN works offline)
    pwa/sound.mjs           the tables' sounds (synthesized, no audio file), imported by the page
                            after the person's first gesture at a table, never at boot; precached
    sw.js                   the service worker (pwa/sw.js) with the content version and the list
                            of files to precache

A cold visit makes 11 requests instead of 62 (one per Python file, the TOML parser and five
PyScript plugins the app does not use) and downloads about 5.8 MB instead of 16.5; the service
worker then stores the whole site, reusing what the page downloaded. How:

* The large files are gzipped whatever the host does, and the page's downloader starts them all
  at once, inflates them (DecompressionStream) and answers the page's requests for the plain
  names (Pyodide's and PyScript's fetch()) with them; Pyodide's JavaScript module is imported
  from the inflated text (pwa/interpreter.mjs). Pyodide's lock file is inline, without packages.
* The archive is written whole into Pyodide's file system (the config's ``files``:
  ``"./app-<hash>.zip" = "/five-checks/app.zip"``) and the page's inline Python puts it on
  ``sys.path`` and imports ``ui.main``: Python's zipimport reads each module from it as it is
  imported, with no unpacking. Each ``.pyc`` is compiled at build time by the vendored Pyodide
  itself, run by Node (tools/compile_python.mjs): compiling the sources in the page cost 150-300
  ms of every cold start. The sources are left out (see ``python_archive``).
* The standard library holds only what the page imports; the build fails naming a module the
  app imports that it lacks (``stdlib_archive``).
* The config is inline JSON, as in the working tree's page (``<script type="py" config='{...}'>``):
  no config request, and no TOML parser chunk; it turns off, as pyscript.toml does, the plugins
  the app does not use, and so does an ``<mpy-config>`` for MicroPython's script type
  (tools/gen_pyscript_toml.py's ``config_markup``).
* The three stylesheets are one file; index.html loads PyScript's core chunk directly (core.js
  only re-exports it).

Everything is addressed relative to index.html, so the site works from any folder of a host
(``https://host/some/path/``). Names that change with the content carry a hash of it, so a host's
HTTP cache never mixes two deploys.

The content version is a hash of every file's content (index.html before it is stamped with the
version, and the service worker's code, included). It names the service worker's cache and is in
``<meta name="five-checks-version">``; any change gives a new sw.js, which is how browsers notice
a new version (pwa/register.js then offers "New version — reload").

Usage: ``python3 -m tools.build_dist [--out DIR] [--source DIR]`` (``--source``: the tree to
build from, default this repository). Standard library only, plus Node.js to run Pyodide.
Rebuilding into the same folder rewrites it and removes what the new build no longer has; a
folder that is not a previous build is refused unless empty.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import hashlib
import io
import json
import os
import re
import sys
import tomllib
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from tools.gen_pyscript_toml import (
    CONFIG_NAME,
    ENTRY,
    STATIC_IMPORT,
    config_block,
    config_markup,
    entry_markup,
    python_files,
    without_preloads,
)
from tools.pyodide_compile import CompileError, compile_for_pyodide, zip_entry

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"

#: The first line of every built sw.js: marks a folder as a previous build (safe to rewrite).
SW_MARK = "// The service worker of the built site (dist/sw.js)"

#: Chunks of vendor/pyscript/ loaded besides the core chunk (by file name prefix).
PYSCRIPT_CHUNKS = ("error",)
#: Pyodide's module, imported by the interpreter module as it is (small).
PYODIDE_MODULE = "pyodide.mjs"
#: What Pyodide's loadPyodide() fetches, shipped gzipped (``<name>.gz``) and inflated in the page
#: by its downloader (pwa/loader.js), which answers Pyodide's requests for the plain names. The
#: standard library is first trimmed to the traced modules (``stdlib_archive``).
PYODIDE_DOWNLOADS = {"pyodide.asm.wasm": "application/wasm", "pyodide.asm.mjs": "text/javascript",
                     "python_stdlib.zip": "application/zip"}
#: Pyodide's lock file, always read at start: given inline to the downloader, without its package
#: list (the app loads no package).
PYODIDE_LOCK = "pyodide-lock.json"
STDLIB = "python_stdlib.zip"
#: The standard-library modules the page imports (tools/trace_stdlib.py writes it).
STDLIB_LIST = "pwa/stdlib-modules.txt"
#: pwa/ modules copied beside Pyodide's files: the interpreter module the built config names, and
#: the worker it starts to make the interpreter snapshot.
INTERPRETER_MODULES = ("interpreter.mjs", "snapshot-worker.mjs")
#: The link between devices and what it loads (``LINK_MODULE``'s static imports and PeerJS's
#: script): copied as they are, at the paths they have in the working tree, so that the page
#: imports ``./pwa/room-link.mjs`` in both. Nothing of the page loads them at boot.
LINK_MODULE = "pwa/room-link.mjs"
LINK_FILES = (LINK_MODULE, "vendor/peerjs/peerjs.min.js", "vendor/qrcode/qrcode.mjs")
#: The tables' sounds (ui/kit/sound.py imports ``./pwa/sound.mjs`` after the first gesture at a
#: table): self-contained, copied as it is; precached like every file, never loaded at boot.
SOUND_MODULE = "pwa/sound.mjs"
#: Where the page's Python finds the app's archive: PyScript writes it there (the config's
#: ``files``), the entry script puts it on ``sys.path``, and the bytecode names its sources there.
ARCHIVE_IN_PAGE = "/five-checks/app.zip"

_STYLESHEET = re.compile(r'[ \t]*<link rel="stylesheet" href="(?P<href>[^"]+)">[ \t]*\n?')
_CORE_SCRIPT = re.compile(r'<script type="module" src="(?P<src>[^"]*vendor/pyscript/core\.js)"></script>')
#: An inline script of the page that is JavaScript, and a line of one that is only a comment.
_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\btype=\"py\")(?![^>]*\bsrc=)[^>]*>.*?</script>", re.S)
_LINE_COMMENT = re.compile(r"^[ \t]*//[^\n]*\n", re.M)
_RELATIVE_IMPORT = re.compile(r'^import\s[^"]*"(?P<path>\.{1,2}/[^"]+)";', re.MULTILINE)
#: A file the link module loads relative to the page (PeerJS's script): a string "./vendor/...".
_PAGE_RELATIVE = re.compile(r'"\./(?P<path>vendor/[^"]+)"')


class BuildError(RuntimeError):
    """The sources cannot make a site (missing runtime, an unexpected index.html, ...)."""


@dataclass
class Site:
    """The files of a build: path inside the site (POSIX, relative) -> content."""

    files: dict[str, bytes] = field(default_factory=dict)
    #: Files served but not precached: fetched when a reader asks for them (another language's
    #: rules pages), so an English visit's service worker does not download them.
    on_demand: set[str] = field(default_factory=set)

    def add(self, path: str, data: bytes) -> str:
        if path in self.files:
            raise BuildError(f"two files at {path}")
        self.files[path] = data
        return path


@dataclass(frozen=True)
class Build:
    """What ``build`` wrote."""

    out: Path
    version: str
    files: dict[str, str]  # path -> content hash, every file of the site
    precache: tuple[str, ...]  # the files the service worker caches (all but sw.js and on_demand)
    on_demand: tuple[str, ...] = ()  # served, fetched when asked for, never precached

    @property
    def size(self) -> int:
        return sum((self.out / path).stat().st_size for path in self.files)


def digest(data: bytes, length: int = 16) -> str:
    return hashlib.sha256(data).hexdigest()[:length]


def hashed_name(stem: str, suffix: str, data: bytes) -> str:
    return f"{stem}-{digest(data, 10)}{suffix}"


def read(source: Path, path: str) -> bytes:
    try:
        return (source / path).read_bytes()
    except FileNotFoundError:
        raise BuildError(f"{path} is missing: run `make vendor` first") from None


def local(href: str) -> str:
    """A site-relative path from an ``href``/``src`` of index.html (``./x`` or ``x``)."""
    if re.match(r"^[a-z]+:|^/", href):
        raise BuildError(f"{href}: the built site loads only relative, same-origin files")
    return str(PurePosixPath(href.removeprefix("./")))


def relative(target: str, page: str) -> str:
    """``target`` (site path) as a link from the page at ``page`` (site path)."""
    up = len(PurePosixPath(page).parts) - 1
    return "../" * up + target


# ----------------------------------------------------------------------------- the pieces


def bundle_css(source: Path, index: str) -> tuple[str, bytes, list[str]]:
    """The stylesheets of index.html, in order, as one file: (name, content, their paths)."""
    paths = [local(m["href"]) for m in _STYLESHEET.finditer(index)]
    if not paths:
        raise BuildError("index.html links no stylesheet")
    parts = []
    for path in paths:
        text = read(source, path).decode("utf-8")
        if re.search(r"url\(|@import", text):
            raise BuildError(f"{path}: url() or @import would need rebasing in the bundle")
        parts.append(f"/* {path} */\n{compact_css(text)}\n")
    data = "\n".join(parts).encode("utf-8")
    return hashed_name("site", ".css", data), data, paths


def compact_css(text: str) -> str:
    """A stylesheet without its comments, blank lines and indentation: a first visit downloads it
    uncompressed unless the host compresses (the comments are for the source's readers)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


def relink_css(page_html: str, page: str, bundled: list[str], css: str) -> str:
    """Replace a page's links to the bundled stylesheets by one link to the bundle."""
    base = PurePosixPath(page).parent
    done = False

    def swap(match: re.Match[str]) -> str:
        nonlocal done
        target = os.path.normpath(str(base / match["href"])).replace(os.sep, "/")
        if target not in bundled:
            raise BuildError(f"{page}: stylesheet {match['href']} is not in the bundle")
        if done:
            return ""
        done = True
        line = match.group(0)
        indent = line[:len(line) - len(line.lstrip(" \t"))]
        return f'{indent}<link rel="stylesheet" href="{relative(css, page)}">\n'

    return _STYLESHEET.sub(swap, page_html)


def pyscript_runtime(source: Path, site: Site, core_src: str) -> str:
    """Copy the PyScript chunks the app loads; return the core chunk's site path."""
    folder = PurePosixPath(local(core_src)).parent
    entry = read(source, local(core_src)).decode("utf-8")
    found = STATIC_IMPORT.findall(entry)
    if len(found) != 1:
        raise BuildError(f"{core_src}: expected one re-exported core chunk, found {found}")
    core = str(folder / found[0])
    names = [core]
    for prefix in PYSCRIPT_CHUNKS:
        matches = sorted((source / folder).glob(f"{prefix}-*.js"))
        if len(matches) != 1:
            raise BuildError(f"{folder}/{prefix}-*.js: expected one chunk, found {len(matches)}")
        names.append(str(folder / matches[0].name))
    # Their static imports too (the error plugin imports the core chunk, ...).
    todo = list(names)
    while todo:
        path = todo.pop()
        for name in STATIC_IMPORT.findall(read(source, path).decode("utf-8")):
            dep = str(folder / name)
            if dep not in names:
                names.append(dep)
                todo.append(dep)
    for path in names:
        site.add(path, read(source, path))
    return core


#: What ``gzipped`` made, by the SHA-256 of what it was given: Pyodide's 10 MB of runtime takes
#: seconds at level 9 and is the same at every build of one process (the tests build several).
_GZIPPED: dict[bytes, bytes] = {}


def gzipped(data: bytes) -> bytes:
    """``data`` gzipped, deterministically (no name, no time in the header)."""
    key = hashlib.sha256(data).digest()
    if key not in _GZIPPED:
        _GZIPPED[key] = gzip.compress(data, compresslevel=9, mtime=0)
    return _GZIPPED[key]


def stored_zip(contents: dict[str, bytes]) -> bytes:
    """A zip of ``contents`` with its entries stored, not deflated: the site gzips the whole
    archive, which compresses better across entries, and zipimport then reads without inflating."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for path in sorted(contents):
            info = zip_entry(path)
            info.compress_type = zipfile.ZIP_STORED
            archive.writestr(info, contents[path])
    return buffer.getvalue()


def python_archive(source: Path, files: dict[str, str], runtime: Path) -> bytes:
    """A zip of the ``[files]`` table's modules as bytecode only, each at its target path
    (``ui/kit/dom.pyc``); deterministic.

    The sources are left out: the page never reads them, and they are a quarter of the archive
    gzipped. What that costs: a traceback from the app names file, line and function but does not
    quote the line, and ``inspect.getsource`` of app code fails (the app never calls it). The
    working tree (``make play``) runs from the sources, with full tracebacks. The bytecode has no
    docstrings either (``optimize=2``; the app reads none, and has no ``assert``): another
    third of the archive."""
    sources = {local(dst): read(source, local(src)) for src, dst in files.items()}
    try:
        compiled = compile_for_pyodide(
            runtime, {path: data for path, data in sources.items() if path.endswith(".py")},
            ARCHIVE_IN_PAGE, optimize=2)
    except CompileError as error:
        raise BuildError(str(error)) from None
    others = {path: data for path, data in sources.items() if not path.endswith(".py")}
    return stored_zip(others | compiled)


def app_imports(sources: dict[str, bytes]) -> dict[str, str]:
    """Every module the app's sources import (at any depth of the code): name -> where."""
    found: dict[str, str] = {}
    for path, data in sorted(sources.items()):
        if not path.endswith(".py"):
            continue
        for node in ast.walk(ast.parse(data, path)):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            for name in names:
                found.setdefault(name, f"{path}:{node.lineno}")
    return found


def stdlib_archive(source: Path, runtime: PurePosixPath, app_sources: dict[str, bytes]) -> bytes:
    """Pyodide's standard library with only the modules of ``pwa/stdlib-modules.txt`` (the page's
    traced imports: tools/trace_stdlib.py), stored (the site gzips it whole).

    Fails naming the module when the app imports one of the library that the list lacks: the
    page would raise ModuleNotFoundError there (tools/trace_stdlib.py updates the list)."""
    lines = [line.split() for line in read(source, STDLIB_LIST).decode("utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    listed = {words[0] for words in lines}
    frozen = {words[0] for words in lines if words[1:] == ["frozen"]}
    with zipfile.ZipFile(io.BytesIO(read(source, str(runtime / STDLIB)))) as whole:
        entries = {info.filename: whole.read(info) for info in whole.infolist()
                   if info.filename.endswith(".pyc")}
    modules = {path.removesuffix(".pyc").removesuffix("/__init__").replace("/", "."): path
               for path in entries}
    unknown = sorted(listed - set(modules))
    if unknown:
        raise BuildError(f"{STDLIB_LIST} names modules Pyodide's library does not have: {', '.join(unknown)}")
    missing = sorted((name, where) for name, where in app_imports(app_sources).items()
                     if name in modules and name not in listed)
    if missing:
        raise BuildError("the app imports standard-library modules the site would not ship: "
                         + ", ".join(f"{name} ({where})" for name, where in missing)
                         + f"; run python3 -m tools.trace_stdlib to update {STDLIB_LIST}")
    return stored_zip({modules[name]: entries[modules[name]] for name in sorted(listed - frozen)})


def trimmed_lock(source: Path, runtime: PurePosixPath) -> str:
    """Pyodide's lock file without its packages: the platform it describes, which Pyodide checks."""
    lock = json.loads(read(source, str(runtime / PYODIDE_LOCK)))
    return json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":"))


def loader_script(source: Path, downloads: list[dict[str, object]], other_bytes: int) -> str:
    """pwa/loader.js with its list of downloads and the byte count of the other files."""
    text = read(source, "pwa/loader.js").decode("utf-8")
    listed = json.dumps(downloads, separators=(",", ":")).replace("</", "<\\/")
    filled = text.replace("[/* __DOWNLOADS__ */]", listed).replace(
        "0; /* __OTHER_BYTES__ */", f"{other_bytes};")
    if filled.count(listed) != 1 or "__OTHER_BYTES__" in filled:
        raise BuildError("pwa/loader.js: DOWNLOADS or OTHER_BYTES placeholder not found")
    return filled


def entry_script(module: str, sources: set[str]) -> str:
    """The page's inline Python: put the archive on ``sys.path`` and import the entry point
    (``ui.main``), from its bytecode like every other module, as the working tree's page does."""
    main_path = module.replace(".", "/") + ".py"
    if main_path not in sources:
        raise BuildError(f"{main_path} (the entry point) is not in the config's [files]")
    return ("# The app's modules, compiled for this Python, import straight from their archive\n"
            f"# (tools/build_dist.py). The entry point: {main_path}.\n"
            f"import sys\nsys.path.insert(0, {json.dumps(ARCHIVE_IN_PAGE)})\nimport {module}\n")


def dist_config(source: Path, archive: str) -> dict[str, Any]:
    """The config of the built page: the dev config with [files] replaced by the archive."""
    config = tomllib.loads(read(source, CONFIG_NAME).decode("utf-8"))
    config["files"] = {f"./{archive}": ARCHIVE_IN_PAGE}
    # Pyodide starts through the site's own interpreter module (pwa/interpreter.mjs), which
    # starts from a memory snapshot after the first visit; it sits beside pyodide.mjs.
    runtime = PurePosixPath(local(config["interpreter"])).parent
    config["interpreter"] = f"./{runtime / INTERPRETER_MODULES[0]}"
    return config


def link_files(source: Path, site: Site) -> None:
    """The link between devices (``LINK_FILES``); fails if the module imports or loads a file the
    site would not have."""
    for path in LINK_FILES:
        site.add(path, read(source, path))
    module = site.files[LINK_MODULE].decode("utf-8")
    wanted = [os.path.normpath(str(PurePosixPath(LINK_MODULE).parent / match["path"])).replace(os.sep, "/")
              for match in _RELATIVE_IMPORT.finditer(module)]
    wanted += [match["path"] for match in _PAGE_RELATIVE.finditer(module)]  # relative to the page
    for target in wanted:
        if target not in site.files:
            raise BuildError(f"{LINK_MODULE} loads {target}, which the site lacks")


def pwa_files(source: Path, site: Site) -> None:
    """The manifests (at the root, so that their ``./`` scope is the site) and their icons: the
    English one, which the page links, and one per language that has its own
    (``manifest.<lang>.webmanifest``, linked instead by index.html's script in that language)."""
    for found in sorted((source / "pwa").glob("manifest*.webmanifest")):
        manifest = json.loads(found.read_bytes())
        for icon in manifest["icons"]:
            path = local(icon["src"])
            if path not in site.files:  # the manifests share their icons
                site.add(path, read(source, f"pwa/{path}"))
        site.add(found.name, found.read_bytes())


# ----------------------------------------------------------------------------- the build


def assemble(source: Path = ROOT) -> tuple[Site, str]:
    """Every file of the site (sw.js included), and the content version."""
    site = Site()
    # The working tree's preloads of its start files: the site has its one archive instead.
    index = without_preloads(read(source, "index.html").decode("utf-8"))

    css_name, css, bundled = bundle_css(source, index)
    site.add(css_name, css)
    index = relink_css(index, "index.html", bundled, css_name)

    core = _CORE_SCRIPT.search(index)
    if core is None:
        raise BuildError("index.html: no <script type=module src=./vendor/pyscript/core.js>")
    core_chunk = pyscript_runtime(source, site, core["src"])
    index = index.replace(core.group(0), f'<script type="module" src="./{core_chunk}"></script>')

    config_block_text = config_block(index)
    if config_block_text is None:
        raise BuildError("index.html: no inline config with its <script type=py> (make pyscript.toml)")
    dev_config = tomllib.loads(read(source, CONFIG_NAME).decode("utf-8"))
    # Every module of engine/ and ui/, in the site's one archive, compiled: the working tree's
    # page has the start's in an archive of its own (tools/start_archive.py) and fetches the
    # others on first use (ui/app/loading.py); the built site fetches nothing later.
    files = {f"./{path}": f"./{path}" for path in python_files(source)}
    if not files:
        raise BuildError("no Python module under engine/ or ui/")
    runtime = PurePosixPath(local(dev_config["interpreter"])).parent  # Pyodide's folder
    archive = python_archive(source, files, source / runtime)
    archive_name = hashed_name("app", ".zip", archive)
    # The large files, gzipped: the page's downloader starts them all at once and inflates them.
    downloads: list[dict[str, object]] = []
    stdlib = stdlib_archive(source, runtime, {local(dst): read(source, local(src))
                                              for src, dst in files.items()})
    for name, kind in PYODIDE_DOWNLOADS.items():
        data = stdlib if name == STDLIB else read(source, str(runtime / name))
        served = site.add(f"{runtime / name}.gz", gzipped(data))
        downloads.append({"path": str(runtime / name), "url": served,
                          "size": len(site.files[served]), "type": kind})
    served = site.add(f"{archive_name}.gz", gzipped(archive))
    downloads.append({"path": archive_name, "url": served, "size": len(site.files[served]),
                      "type": "application/zip"})
    downloads.append({"path": str(runtime / PYODIDE_LOCK), "type": "application/json",
                      "text": trimmed_lock(source, runtime)})
    site.add(str(runtime / PYODIDE_MODULE), read(source, str(runtime / PYODIDE_MODULE)))
    for name in INTERPRETER_MODULES:
        site.add(str(runtime / name), read(source, f"pwa/{name}"))
    code = entry_script(ENTRY, {local(dst) for dst in files.values()})
    config = dist_config(source, archive_name)
    index = index.replace(config_block_text, config_markup(config, entry_markup(config, code)))

    # The rules pages, English and each language's (docs/rules/<lang>/), fetched when a reader
    # opens the rules, never at boot. The English ones are precached; another language's are
    # not (an English visit downloads no more): offline, the app falls back to the English page.
    folder = source / "docs" / "rules"
    rules = sorted([*folder.glob("*.html"), *folder.glob("*/*.html")])
    if not rules:
        raise BuildError("docs/rules/*.html are missing: run `make rules`")
    for page in rules:
        path = page.relative_to(source).as_posix()
        text = relink_css(page.read_text(encoding="utf-8"), path, bundled, css_name)
        site.add(path, text.encode("utf-8"))
        if page.parent != folder:
            site.on_demand.add(path)

    # The lessons of the coached games, fetched when a lesson opens (ui/learn/screen.py).
    for lesson in sorted((source / "docs" / "learn").glob("*.json")):
        site.add(f"docs/learn/{lesson.name}", lesson.read_bytes())

    # The compiled message catalogs (make catalog), each fetched by the page only when its
    # language is chosen (ui/main.py): English, the source, has none.
    # The mirrored pseudo-locale (qps-rtl) is for the working tree's tests of the right-to-left
    # layout only: not one more catalog in every installed site's precache.
    for catalog in sorted((source / "locale").glob("*/LC_MESSAGES/messages.mo")):
        if catalog.parent.parent.name != "qps-rtl":
            site.add(catalog.relative_to(source).as_posix(), catalog.read_bytes())

    pwa_files(source, site)
    link_files(source, site)
    site.add(SOUND_MODULE, read(source, SOUND_MODULE))

    # The downloader right after the stylesheet: the downloads start before anything else loads
    # but the stylesheet, which an inline script waits for. The first paint then does not share
    # a slow link with 5 MB of downloads.
    other = [css_name, core_chunk, *(p for p in site.files if p.startswith(str(PurePosixPath(core_chunk).parent))
                                     and p != core_chunk),
             str(runtime / PYODIDE_MODULE), str(runtime / INTERPRETER_MODULES[0])]
    loader = loader_script(source, downloads, sum(len(site.files[p]) for p in set(other)))
    sheet = f'<link rel="stylesheet" href="{css_name}">\n'
    if index.count(sheet) != 1:
        raise BuildError("index.html: expected one link to the bundled stylesheet")
    index = index.replace(sheet, f"{sheet}  <script>\n{loader}  </script>\n")

    # The page's side of the service worker, and the links that make the site installable.
    register = read(source, "pwa/register.js").decode("utf-8")
    head = ('  <meta name="five-checks-version" content="__VERSION__">\n'
            '  <link rel="manifest" href="manifest.webmanifest">\n'
            '  <link rel="apple-touch-icon" href="icons/icon-192.png">\n')
    for tag, extra in (("</head>", head), ("</body>", f"  <script>\n{register}  </script>\n")):
        if index.count(tag) != 1:
            raise BuildError(f"index.html: expected one {tag}")
        index = index.replace(tag, extra + tag)

    # The version: every file's content, the page before its stamp and the worker's code.
    worker = read(source, "pwa/sw.js").decode("utf-8")
    if not worker.startswith(SW_MARK):
        raise BuildError(f"pwa/sw.js must start with {SW_MARK!r}")
    hashes = {path: digest(data) for path, data in site.files.items()}
    hashes["index.html"] = digest(index.encode("utf-8"))
    hashes["sw.js"] = digest(worker.encode("utf-8"))
    version = digest(json.dumps(sorted(hashes.items())).encode("utf-8"), 12)

    index = index.replace("__VERSION__", version)
    # The page's comments are for the source's readers (none is inside a script or a style), and
    # so are its scripts' whole-line comments: about a quarter of the page, gzipped.
    index = re.sub(r"\n?[ ]*<!--.*?-->", "", index, flags=re.S)
    index = _INLINE_SCRIPT.sub(lambda found: _LINE_COMMENT.sub("", found.group(0)), index)
    site.add("index.html", index.encode("utf-8"))
    listed = sorted([path, digest(data)] for path, data in site.files.items() if path not in site.on_demand)
    filled = worker.replace('"__VERSION__"', json.dumps(version)).replace(
        "[/* __FILES__ */]", "[\n" + "".join(f"  {json.dumps(item)},\n" for item in listed) + "]").replace(
        "[/* __ON_DEMAND__ */]", json.dumps(sorted(site.on_demand)))
    if filled.count(version) != 1 or "__FILES__" in filled or "__ON_DEMAND__" in filled:
        raise BuildError("pwa/sw.js: VERSION, FILES or ON_DEMAND placeholder not found")
    site.add("sw.js", filled.encode("utf-8"))
    return site, version


def is_previous_build(out: Path) -> bool:
    sw = out / "sw.js"
    return sw.is_file() and sw.read_text(encoding="utf-8", errors="replace").startswith(SW_MARK)


def check_out(out: Path) -> None:
    """Raise BuildError when ``out`` holds something that is not a previous build (before any
    work: a wrong ``--out`` is said at once)."""
    if out.exists() and any(out.iterdir()) and not is_previous_build(out):
        raise BuildError(f"{out} is not empty and not a previous build: refusing to overwrite it")


def write(site: Site, out: Path) -> None:
    """Make ``out`` hold exactly the site: write what changed, remove what is no longer there."""
    check_out(out)
    out.mkdir(parents=True, exist_ok=True)
    # sw.js last: a browser that looks for a new version meanwhile finds the old worker until
    # every file of the new one is in place.
    for path in sorted(site.files, key=lambda p: p == "sw.js"):
        target = out / path
        data = site.files[path]
        if target.is_file() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, target)
    for found in sorted(out.rglob("*"), reverse=True):  # files before their folders
        rel = found.relative_to(out).as_posix()
        if found.is_file() and rel not in site.files:
            found.unlink()
        elif found.is_dir() and not any(found.iterdir()):
            found.rmdir()


def build(out: Path = DIST, source: Path = ROOT) -> Build:
    """Build the site from ``source`` into ``out``."""
    check_out(out)
    site, version = assemble(source)
    write(site, out)
    files = {path: digest(data) for path, data in site.files.items()}
    return Build(out=out, version=version, files=files,
                 precache=tuple(sorted(p for p in files if p != "sw.js" and p not in site.on_demand)),
                 on_demand=tuple(sorted(site.on_demand)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site into dist/.")
    parser.add_argument("--out", type=Path, default=DIST, help="output folder (default dist/)")
    parser.add_argument("--source", type=Path, default=ROOT, help="tree to build from (default: this repo)")
    args = parser.parse_args(argv)
    try:
        result = build(args.out.resolve(), args.source.resolve())
    except BuildError as error:
        print(f"dist: {error}", file=sys.stderr)
        return 2
    shown = result.out.relative_to(ROOT) if result.out.is_relative_to(ROOT) else result.out
    print(f"dist: {shown}/ version {result.version}: {len(result.files)} files, "
          f"{result.size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
