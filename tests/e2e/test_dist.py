"""The built site (``make dist``) as a host serves it: few requests, installable, offline, updates.

The site is built once for this module into a temporary folder and served from a subfolder of
the server (``/some/path/``), as GitHub Pages serves a project: every check here holds from a
subfolder. The first visit (fixture ``visit``) is shared by the tests that read it, in order; the
last of them switches the browser offline and plays a game of each of the five games. The update
and the development server's take-over each need their own server and browser context, and so do
the first visit's byte count and the tap while loading: a server that counts what it sends (and
can hold a file back), a context with the HTTP cache on, as a person's browser has it.

Service workers under Playwright: ``context.route`` (the no-network guard) sees the worker's own
requests too (``request.service_worker``), and turns the HTTP cache off, so every precache
request reaches the server here; on a real host they are revalidations (304s).
"""

from __future__ import annotations

import ast
import contextlib
import os
import re
import struct
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect
from playwright.sync_api import Error as PlaywrightError

from page_support import (
    OVER,
    READY,
    RESULT,
    TABLE,
    PageGuard,
    Shot,
    current_hash,
    first_action,
    follow,
    python_result,
    python_value,
)
from site_support import build_site
from tools import build_dist
from tools.serve import StaticHandler, serve, url_of

#: The built site on its own server, its service worker and offline pages: a cold page each.
pytestmark = pytest.mark.cold

ROOT = Path(__file__).resolve().parents[2]

READY_MS = int(float(os.environ.get("E2E_READY_TIMEOUT", "60")) * 1000)
SUBFOLDER = "some/path/"
CONTROLLED = "navigator.serviceWorker.controller !== null"
#: pwa/interpreter.mjs marks how the page's Python started, and when a snapshot has been stored.
SNAPSHOT_SAVED = "html[data-snapshot=saved]"
SNAPSHOT_WORKER = "vendor/pyodide/snapshot-worker.mjs"
UPDATE = "[data-testid=update]"
VERSION_META = 'meta[name="five-checks-version"]'

#: One seeded game per game, bots only, no delay: each plays to its end on its own.
GAMES = {
    "checks": "#/checks/play?seats=bot:easy,bot:easy&seed=1&delay=0",
    "checkmate": "#/checkmate/play?seats=bot:easy,bot:easy&seed=1&delay=0",
    "private-checkers": "#/private-checkers/play?seats=bot:easy,bot:easy&seed=1&delay=0",
    "chess-cards": "#/chess-cards/play?seats=bot:easy,bot:easy&seed=1&delay=0&match=0",
    "check": "#/check/play?seats=bot:easy,bot:easy&seed=1&delay=0",
}


# ----------------------------------------------------------------------------- building, serving


@dataclass
class Host:
    """A static server whose ``SUBFOLDER`` holds a built site."""

    root: Path
    server: object
    build: build_dist.Build

    @property
    def site(self) -> Path:
        return self.root / SUBFOLDER

    @property
    def url(self) -> str:
        return url_of(self.server) + SUBFOLDER  # type: ignore[arg-type]

    def close(self) -> None:
        self.server.shutdown()  # type: ignore[attr-defined]
        self.server.server_close()  # type: ignore[attr-defined]


def host_site(root: Path) -> Host:
    site = root / SUBFOLDER
    result = build_site(site)
    return Host(root, serve(root, "127.0.0.1", 0), result)


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Host]:
    served = host_site(tmp_path_factory.mktemp("host"))
    try:
        yield served
    finally:
        served.close()


@dataclass
class Visit:
    """The first visit of a fresh browser context to the built site."""

    context: BrowserContext
    page: Page
    guard: PageGuard
    page_requests: list[str] = field(default_factory=list)  # what the page asked for until ready
    worker_requests: list[str] = field(default_factory=list)  # what the service worker fetched
    ready_s: float = 0.0


def guarded(browser: Browser) -> tuple[BrowserContext, Page, PageGuard]:
    """A context and page with the suite's guard (console errors, foreign requests)."""
    guard = PageGuard()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.route("**/*", guard.on_route)
    page = context.new_page()
    page.on("console", guard.on_console)
    page.on("pageerror", guard.on_page_error)
    return context, page, guard


def assert_behaved(guard: PageGuard, page: Page) -> None:
    problems = guard.problems(page)
    assert not problems, "the page misbehaved:\n  " + "\n  ".join(problems)


def open_site(page: Page, url: str) -> float:
    """Load ``url`` and wait until the app is ready; the seconds it took."""
    start = time.monotonic()
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector(READY, state="attached", timeout=READY_MS)
    return time.monotonic() - start


@pytest.fixture(scope="module")
def visit(browser: Browser, host: Host) -> Iterator[Visit]:
    context, page, guard = guarded(browser)
    record = Visit(context, page, guard)

    def on_worker_request(request: Request) -> None:
        if request.service_worker is not None:
            record.worker_requests.append(request.url)

    def on_page_request(request: Request) -> None:
        # Until the app is ready: afterwards the snapshot worker starts a Pyodide of its own.
        if not record.ready_s:
            record.page_requests.append(request.url)

    page.on("request", on_page_request)
    context.on("request", on_worker_request)
    try:
        record.ready_s = open_site(page, host.url)  # the folder, as the installed app starts it
        page.wait_for_function(CONTROLLED, timeout=READY_MS)
        page.wait_for_selector(SNAPSHOT_SAVED, state="attached", timeout=READY_MS)
        yield record
    finally:
        context.close()


def path_of(url: str, host: Host) -> str:
    parts = urlsplit(url)
    assert parts.hostname == "127.0.0.1", f"{url} left this machine"
    base = urlsplit(host.url).path
    assert parts.path.startswith(base), f"{url} is outside the site's folder {base}"
    return parts.path.removeprefix(base) or "./"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


# ----------------------------------------------------------------------------- the first visit


def test_cold_visit_makes_few_requests_all_to_the_site(visit: Visit, host: Host) -> None:
    paths = [path_of(url, host) for url in visit.page_requests]
    # Once the app is ready, the snapshot worker (pwa/interpreter.mjs) starts a Pyodide of its own:
    # its module, then Pyodide's files (from the HTTP cache on a real host).
    if SNAPSHOT_WORKER in paths:
        worker = paths[paths.index(SNAPSHOT_WORKER) + 1:]
        paths = paths[:paths.index(SNAPSHOT_WORKER)]
        assert {p for p in worker if not p.startswith("vendor/pyodide/")} == set(), worker
    # Once ready, the page hands what it downloaded to the service worker's cache, asking the
    # HTTP cache for the small files (pwa/register.js): the same paths again, never the network
    # on a real host (test_a_cold_visit_downloads_little_and_nothing_twice counts at the server;
    # here the guard's routing turns the HTTP cache off).
    paths = list(dict.fromkeys(paths))
    print(f"\ncold visit: {len(paths)} files asked for by the page, ready in {visit.ready_s:.1f} s: {paths}")
    print(f"service worker precache: {len(visit.worker_requests)} requests")
    assert len(paths) <= 12, paths
    # The large files come gzipped, all asked for by the page's downloader (pwa/loader.js).
    for name in ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs",
                 "vendor/pyodide/python_stdlib.zip"):
        assert f"{name}.gz" in paths and name not in paths, name
    assert not [p for p in paths if p.endswith((".py", ".json"))], "Python in one archive, the lock inline"
    # The worker asked for nothing outside the site (./: it looks for the page in the HTTP
    # cache at the folder's address, where the visit opened it).
    worked = {path_of(url, host) for url in visit.worker_requests}
    assert worked <= set(host.build.precache) | {"sw.js", "./"}, worked - set(host.build.precache)
    assert visit.guard.foreign == []
    assert_behaved(visit.guard, visit.page)


def test_manifest_is_linked_valid_and_its_icons_load(visit: Visit, host: Host) -> None:
    page = visit.page
    cdp = visit.context.new_cdp_session(page)
    found = cdp.send("Page.getAppManifest")
    assert found["url"] == host.url + "manifest.webmanifest"
    assert found["errors"] == [], found["errors"]
    manifest = page.evaluate("url => fetch(url).then(r => r.json())", found["url"])
    assert manifest["name"] == "Five Checks" and manifest["short_name"]
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    # The light bar's colour (the dark one has media="(prefers-color-scheme: dark)").
    assert manifest["theme_color"] == page.locator('meta[name="theme-color"]:not([media])').get_attribute("content")
    assert manifest["color_scheme_dark"]["theme_color"] == page.locator(
        'meta[name="theme-color"][media]').get_attribute("content")
    assert manifest["background_color"].startswith("#")
    purposes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
    for icon in manifest["icons"]:
        width, height = (int(n) for n in icon["sizes"].split("x"))
        # Loaded by the browser as an image, from the site's folder (relative to the manifest).
        natural = page.evaluate(
            """src => new Promise((resolve, reject) => {
                   const image = new Image();
                   image.onload = () => resolve([image.naturalWidth, image.naturalHeight]);
                   image.onerror = () => reject(new Error('icon did not load: ' + src));
                   image.src = new URL(src, document.querySelector('link[rel=manifest]').href);
               })""", icon["src"])
        assert natural == [width, height], icon
        assert png_size((host.site / icon["src"]).read_bytes()) == (width, height)
    # Chromium's own install check finds nothing missing; Playwright's contexts are incognito
    # profiles, which Chromium never offers to install apps from: that is the one error left.
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [error["errorId"] for error in errors] in ([], ["in-incognito"]), errors
    assert_behaved(visit.guard, page)


def test_in_arabic_the_page_links_the_arabic_manifest(browser: Browser, host: Host) -> None:
    context, page, guard = guarded(browser)
    try:
        open_site(page, host.url + "#/?lang=ar")
        assert page.locator("html").get_attribute("dir") == "rtl"
        found = context.new_cdp_session(page).send("Page.getAppManifest")
        assert found["url"] == host.url + "manifest.ar.webmanifest"
        assert found["errors"] == [], found["errors"]
        manifest = page.evaluate("url => fetch(url).then(r => r.json())", found["url"])
        assert (manifest["name"], manifest["lang"], manifest["dir"]) == ("خمس ألعاب كِش", "ar", "rtl")
        assert page.title() == "خمس ألعاب كِش — ألعاب ورق"
        # The notice of a new version (pwa/register.js) reads its words from the page, in Arabic.
        assert page.locator("html").get_attribute("data-update-words") == "نسخة جديدة|أعد التحميل"
        # An English visit never downloads the Arabic rules pages; an Arabic one has the worker
        # keep them, so that they read offline too.
        assert all(path.startswith("docs/rules/ar/") for path in host.build.on_demand)
        assert not set(host.build.on_demand) & set(host.build.precache)
        page.wait_for_function(CONTROLLED, timeout=READY_MS)
        name, kept = f"five-checks {host.url} {host.build.version}", f"{host.url}docs/rules/ar/check.html"
        for _ in range(300):
            if page.evaluate("async ([name, url]) => !!(await (await caches.open(name)).match(url))", [name, kept]):
                break
            page.wait_for_timeout(100)
        context.set_offline(True)
        follow(page, "#/check/rules")
        heading = page.locator("[data-rules-body] h2").first
        expect(heading).to_be_visible(timeout=10_000)
        assert re.search(r"[\u0600-\u06ff]", heading.inner_text()), heading.inner_text()
        assert_behaved(guard, page)
    finally:
        context.close()


def test_service_worker_controls_the_page_and_caches_the_version(visit: Visit, host: Host) -> None:
    page = visit.page
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == host.url + "sw.js"
    assert [worker.url for worker in visit.context.service_workers] == [host.url + "sw.js"]
    version = page.locator(VERSION_META).get_attribute("content")
    assert version == host.build.version
    caches = sorted(page.evaluate("caches.keys()"))
    # The worker's cache of this version, and the interpreter snapshot's (pwa/interpreter.mjs).
    assert caches == [f"five-checks {host.url} {version}",
                      f"five-checks-snapshot {host.url}vendor/pyodide/"]
    # It holds exactly the site's files (what the page handed over included) and its list.
    cached = page.evaluate("async name => (await (await caches.open(name)).keys()).map(r => r.url)", caches[0])
    assert sorted(cached) == sorted([host.url + path for path in host.build.precache] + [host.url + "sw-files.json"])
    assert_behaved(visit.guard, page)


def test_python_imports_the_app_and_the_standard_library_as_bytecode(visit: Visit) -> None:
    """tools/compile_python.mjs compiled them at build time: the page compiles no module it
    imports. The archive has no sources: a traceback through the app names the file, the line and
    the function (not the line's text)."""
    origins = ast.literal_eval(python_value(visit.page, (
        "[__import__('importlib').import_module(name).__spec__.origin"
        " for name in ('ui.main', 'ui.kit.dom', 'engine.core', 'asyncio.events', 'json.decoder')]")))
    app, stdlib = origins[:3], origins[3:]
    assert app == [f"{build_dist.ARCHIVE_IN_PAGE}/{name}.pyc" for name in ("ui/main", "ui/kit/dom", "engine/core")]
    assert all(re.fullmatch(r"/lib/python3\d+\.zip/[\w/]+\.pyc", origin) for origin in stdlib), stdlib
    trace = python_result(visit.page, (
        "import traceback\nfrom ui.app.routes import parse_hash\n"
        "try:\n    parse_hash(None)\nexcept Exception as error:\n"
        "    result = traceback.format_exception(error)[-2]"))
    assert re.match(r'\s*File "/five-checks/app.zip/ui/app/routes.py", line \d+, in parse_hash', trace), trace
    assert_behaved(visit.guard, visit.page)


def test_pyodide_runs_python_without_jspi(visit: Visit) -> None:
    """Pyodide decided, as it started, that the browser has no JSPI (index.html hides it: why is
    there), so Python never runs on a stack of JSPI's."""
    assert python_value(visit.page, "__import__('pyodide_js')._module.jspiSupported") == "False"
    assert_behaved(visit.guard, visit.page)


def test_a_second_visit_starts_python_from_the_snapshot(visit: Visit, host: Host) -> None:
    """The first visit stored a snapshot of a started interpreter; the next visits start from it,
    each with its own random numbers (the snapshot's ``random`` state is reseeded)."""
    assert visit.page.locator("html").get_attribute("data-interpreter") == "fresh"
    draws = []
    for _ in range(2):
        page = visit.context.new_page()
        page.on("console", visit.guard.on_console)
        page.on("pageerror", visit.guard.on_page_error)
        start = time.monotonic()
        open_site(page, host.url)
        print(f"\nsecond visit (snapshot): ready in {time.monotonic() - start:.1f} s")
        assert page.locator("html").get_attribute("data-interpreter") == "snapshot"
        draws.append(python_value(page, "__import__('random').random()"))
        # Python works as after any start: a game opens and takes a move.
        follow(page, "#/chess-cards/play?seats=human,bot:easy&seed=3&delay=0")
        first_action(page)
        page.wait_for_function("() => Number(document.querySelector('[data-testid=table]')"
                               "?.dataset.ply) >= 2")  # the move and the bot's answer
        assert_behaved(visit.guard, page)
        page.close()
    assert draws[0] != draws[1], "two visits drew the same random numbers from the snapshot"


def test_a_snapshot_that_does_not_restore_is_replaced(visit: Visit, host: Host) -> None:
    """A damaged snapshot (or one of another Pyodide build) costs one ordinary start: the page
    starts afresh, warns in the console, and stores a new snapshot."""
    page = visit.page
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    damaged = page.evaluate("""async () => {
        const name = (await caches.keys()).find(n => n.startsWith('five-checks-snapshot '));
        const cache = await caches.open(name);
        const [entry] = await cache.keys();
        await cache.put(entry, new Response(new Uint8Array(4096).fill(7)));
        return entry.url;
    }""")
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(READY, state="attached", timeout=READY_MS)
    assert page.locator("html").get_attribute("data-interpreter") == "fresh"
    assert any("snapshot did not restore" in text for text in warnings), warnings
    page.wait_for_selector(SNAPSHOT_SAVED, state="attached", timeout=READY_MS)
    size = page.evaluate("""async url => {
        for (const name of await caches.keys()) {
            const found = await (await caches.open(name)).match(url);
            if (found) return (await found.arrayBuffer()).byteLength;
        }
        return 0;
    }""", damaged)
    assert size > 1_000_000, f"no new snapshot stored in place of the damaged one ({size} bytes)"
    assert_behaved(visit.guard, page)


def test_offline_it_boots_and_plays_each_game_to_the_end(visit: Visit, host: Host) -> None:
    page, context = visit.page, visit.context
    context.set_offline(True)
    answered: list[tuple[str, bool]] = []
    page.on("response", lambda response: answered.append((response.url, response.from_service_worker)))
    start = time.monotonic()
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(READY, state="attached", timeout=READY_MS)
    print(f"\noffline boot (service worker, snapshot): ready in {time.monotonic() - start:.1f} s")
    assert page.locator("html").get_attribute("data-interpreter") == "snapshot"
    not_cached = [url for url, cached in answered if not cached]
    assert answered and not not_cached, f"answered by the network: {not_cached}"
    for game, route in GAMES.items():
        start = time.monotonic()
        follow(page, route)
        expect(page.locator(OVER), f"{game} reaches its end offline").to_have_count(1, timeout=120_000)
        expect(page.locator(RESULT)).to_be_visible()
        print(f"{game}: over in {time.monotonic() - start:.1f} s")
    # A rules page too: fetched by the app, from the cache.
    follow(page, "#/checks/rules")
    expect(page.locator("[data-rules-body] h2").first).to_be_visible(timeout=10_000)
    not_cached = [url for url, cached in answered if not cached]
    assert not not_cached, f"answered by the network: {not_cached}"
    assert_behaved(visit.guard, page)


# ----------------------------------------------------------------------------- the link between devices


def test_the_link_between_devices_runs_from_the_subfolder(browser: Browser, host: Host, broker: str) -> None:
    """The built site's ``./pwa/room-link.mjs`` (the URL the app imports it by) loads PeerJS and
    the QR code generator from the site's folder, and a host and a guest talk through it. The
    pages are a plain file of the site (its sw.js shown as text): no app boots, no worker."""
    context, host_page, guard = guarded(browser)
    guest_page = context.new_page()
    guest_page.on("console", guard.on_console)
    guest_page.on("pageerror", guard.on_page_error)
    try:
        for page in (host_page, guest_page):
            page.goto(host.url + "sw.js")
            page.evaluate("""async () => {
                window.link = await import("./pwa/room-link.mjs");
                window.heard = [];
            }""")
        host_page.evaluate("""async (broker) => {
            window.room = await link.openRoom("distroom", {broker, iceServers: []}, {
                connected: (id) => heard.push(id), message: (id, text) => room.send(id, text.toUpperCase())});
        }""", broker)
        guest_page.evaluate("""(broker) => {
            window.guest = link.joinRoom("DistRoom", {broker, iceServers: []}, {
                status: (state) => state === "connected" && guest.send('{"type": "ping"}'),
                message: (text) => heard.push(text)});
        }""", broker)
        guest_page.wait_for_function("heard.length === 1", timeout=20_000)
        assert guest_page.evaluate("heard") == ['{"TYPE": "PING"}']
        assert guest_page.evaluate("link.qrDataUrl('x')").startswith("data:image/svg+xml")
        paths = {urlsplit(url).path for url in guard.requests}
        for path in build_dist.LINK_FILES:
            assert f"/{SUBFOLDER}{path}" in paths, paths
        assert_behaved(guard, host_page)
        assert_behaved(guard, guest_page)
    finally:
        context.close()


# ----------------------------------------------------------------------------- bytes on the wire

#: The most a cold visit may download until the app is ready, from a server that does not
#: compress (every large file of the site is gzipped already: pwa/loader.js inflates it).
#: 5.7 MB since the bytecode that ships without its source (the app's archive, the standard
#: library) has no column positions (5.60 MB measured, from 6.09 MB: tools/compile_python.mjs).
COLD_VISIT_MAX_BYTES = 5_700_000


class CountingHost:
    """A built site on a plain static server (no compression, as ``python3 -m http.server``)
    that logs every response with the bytes it sent (tools/serve.py's ``log``); ``hold`` (a file
    name ending) makes the server wait with that file until ``release()``."""

    def __init__(self, root: Path, hold: str | None = None, gz_encoded: bool = False) -> None:
        self.build = build_site(root / SUBFOLDER)
        self.log: list[list] = []  # [path, bytes sent], in order
        self.gate = threading.Event()
        if hold is None:
            self.gate.set()
        gate = self.gate

        def send_head(handler: StaticHandler):  # type: ignore[no-untyped-def]
            if hold and handler.path.split("?")[0].endswith(hold):
                gate.wait(READY_MS / 1000)
            return StaticHandler.send_head(handler)

        def end_headers(handler: StaticHandler) -> None:
            # Some hosts send a .gz file as gzip-encoded content: the browser then unzips it.
            if gz_encoded and handler.path.split("?")[0].endswith(".gz"):
                handler.send_header("Content-Encoding", "gzip")
            StaticHandler.end_headers(handler)

        handler = type("Held", (StaticHandler,), {"quiet": True, "log": self.log, "send_head": send_head,
                                                  "end_headers": end_headers})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=os.fspath(root)))
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = url_of(self.server) + SUBFOLDER

    def paths(self, entries: list[list] | None = None) -> list[str]:
        """The paths asked for (of ``entries``, default all), inside the site's folder."""
        return [path.removeprefix("/" + SUBFOLDER) for path, _ in (self.log if entries is None else entries)]

    def release(self) -> None:
        self.gate.set()

    def close(self) -> None:
        self.gate.set()
        self.server.shutdown()
        self.server.server_close()


def plain_context(browser: Browser) -> tuple[BrowserContext, Page, PageGuard, list[str]]:
    """A fresh context with the HTTP cache on, as a person's browser has it: no request routing
    (it turns the cache off), the guard listening only. Returns the URLs the context asked for."""
    guard = PageGuard()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    page.on("console", guard.on_console)
    page.on("pageerror", guard.on_page_error)
    return context, page, guard, asked


def test_a_cold_visit_downloads_little_and_nothing_twice(browser: Browser, tmp_path: Path) -> None:
    """From a server that does not compress: under COLD_VISIT_MAX_BYTES until the app is ready,
    and no file asked for twice, neither by the page, the service worker's precache nor the
    snapshot worker, until all three are done."""
    host = CountingHost(tmp_path)
    context, page, guard, asked = plain_context(browser)
    precached: set[str] = set()  # the server paths the service worker itself asked for
    context.on("request", lambda request: precached.add(urlsplit(request.url).path) if request.service_worker else None)
    try:
        open_site(page, host.url)
        # What the page downloaded until it was ready: the service worker's precache runs beside
        # the boot, and on a slow machine part of it lands before ready (it is counted below, in
        # "nothing twice").
        until_ready = [list(entry) for entry in host.log if entry[0].split("?")[0] not in precached]
        page.wait_for_function(CONTROLLED, timeout=READY_MS)
        page.wait_for_selector(SNAPSHOT_SAVED, state="attached", timeout=READY_MS)
        total = sum(sent for _, sent in until_ready)
        paths = host.paths()
        print(f"\ncold visit: {total / 1e6:.2f} MB in {len(until_ready)} requests until ready; "
              f"{len(paths)} requests in all: {paths}")
        assert total <= COLD_VISIT_MAX_BYTES, until_ready
        twice = sorted({path for path in paths if paths.count(path) > 1})
        assert not twice, f"asked for more than once: {twice} ({paths})"
        # Everything the service worker keeps came from the site, and the site is all there.
        site = {path for path in paths} | {"index.html"}
        assert set(host.build.precache) <= site | {""}, set(host.build.precache) - site
        foreign = [url for url in asked if urlsplit(url).hostname not in ("127.0.0.1", None)
                   and urlsplit(url).scheme in ("http", "https")]
        assert not foreign, foreign
        assert_behaved(guard, page)
    finally:
        context.close()
        host.close()


def test_a_tap_while_loading_opens_its_game_when_ready(browser: Browser, tmp_path: Path,
                                                       shot: Shot) -> None:
    """The server holds the wasm back: the page shows the download in bytes, a tap on a quick
    game is acknowledged on its card at once, and the game opens when Python is up."""
    host = CountingHost(tmp_path, hold="pyodide.asm.wasm.gz")
    context, page, guard, _ = plain_context(browser)
    try:
        page.goto(host.url, wait_until="domcontentloaded")
        label = page.locator("#boot .boot-label")
        expect(label).to_contain_text(re.compile(r"Downloading \d+\.\d of \d+\.\d MB"))
        card = page.locator("li.game[data-game=checks]")
        card.locator('a[href^="#/checks/play"]').click()
        expect(page.locator("html")).to_have_attribute("data-opening", "checks")
        expect(page.locator("#boot .boot-opening")).to_contain_text("Checks opens")
        expect(card.locator(".game-card")).to_have_css("outline-style", "solid")
        shot(page, "dist-tap-while-loading")
        assert page.locator("html").get_attribute("data-ready") is None  # still loading
        host.release()
        page.wait_for_selector(READY, state="attached", timeout=READY_MS)
        expect(page.locator(TABLE)).to_be_visible()
        assert current_hash(page).startswith("#/checks/play")
        expect(page.locator("html")).not_to_have_attribute("data-opening", "checks")
        assert_behaved(guard, page)
    finally:
        context.close()
        host.close()


def test_a_host_that_unzips_the_gz_files_on_the_way_serves_a_working_site(browser: Browser, tmp_path: Path) -> None:
    """A host that sends the ``.gz`` files with ``Content-Encoding: gzip`` (the browser unzips
    them before the page sees them): the downloader passes them on as they come, and a game plays."""
    host = CountingHost(tmp_path, gz_encoded=True)
    context, page, guard, _ = plain_context(browser)
    try:
        open_site(page, host.url)
        follow(page, GAMES["checks"])
        expect(page.locator(OVER)).to_have_count(1, timeout=120_000)
        assert_behaved(guard, page)
    finally:
        context.close()
        host.close()


# ----------------------------------------------------------------------------- a new version


def shadow_source(folder: Path, change: str) -> Path:
    """A source tree that is the working tree but for index.html's description, ``change``."""
    folder.mkdir()
    for name in ("engine", "ui", "docs", "vendor", "pwa", "pyscript.toml"):
        (folder / name).symlink_to(ROOT / name)
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    changed = index.replace('<meta name="description" content="',
                            f'<meta name="description" content="{change} ', 1)
    assert changed != index
    (folder / "index.html").write_text(changed, encoding="utf-8")
    return folder


def test_a_new_version_is_offered_and_reload_brings_it(browser: Browser, tmp_path: Path,
                                                       shot: Shot) -> None:
    served = host_site(tmp_path / "host")
    context, page, guard = guarded(browser)
    try:
        first = served.build.version
        open_site(page, served.url)
        page.wait_for_function(CONTROLLED, timeout=READY_MS)
        page.wait_for_selector(SNAPSHOT_SAVED, state="attached", timeout=READY_MS)
        second = build_site(served.site, shadow_source(tmp_path / "source", "Version two.")).version
        assert second != first
        fetched: list[str] = []
        context.on("request", lambda r: fetched.append(path_of(r.url, served)) if r.service_worker else None)
        # The browser looks for a new sw.js at every page load: the reload (still the old
        # version, from the cache) finds it, installs it, and the page offers it.
        open_site(page, served.url)
        notice = page.locator(UPDATE)
        expect(notice).to_be_visible(timeout=READY_MS)
        expect(notice).to_contain_text("New version")
        shot(page, "dist-update-notice")
        assert page.locator(VERSION_META).get_attribute("content") == first
        # Only what changed was downloaded (the page, which the worker first looks for in the
        # HTTP cache, at ./ too; the worker itself); the rest was copied from the old version's
        # cache.
        assert set(fetched) <= {"sw.js", "index.html", "./"}, fetched
        page.locator("[data-testid=update-reload]").click()
        page.wait_for_function(
            "v => document.querySelector('meta[name=\"five-checks-version\"]')?.content === v",
            arg=second, timeout=READY_MS)
        page.wait_for_selector(READY, state="attached", timeout=READY_MS)
        description = page.locator('meta[name="description"]').get_attribute("content") or ""
        assert description.startswith("Version two.")
        expect(page.locator(UPDATE)).to_have_count(0)
        # The new version starts Python afresh and stores its own snapshot in place of the old.
        assert page.locator("html").get_attribute("data-interpreter") == "fresh"
        page.wait_for_selector(SNAPSHOT_SAVED, state="attached", timeout=READY_MS)
        snapshot_cache = f"five-checks-snapshot {served.url}vendor/pyodide/"
        assert sorted(page.evaluate("caches.keys()")) == [f"five-checks {served.url} {second}",
                                                          snapshot_cache]
        entries = page.evaluate("async name => (await (await caches.open(name)).keys()).map(r => r.url)",
                                snapshot_cache)
        assert entries == [f"{served.url}vendor/pyodide/snapshot-{second}.bin"]
        assert_behaved(guard, page)
    finally:
        context.close()
        served.close()


# ----------------------------------------------------------------------------- development


def test_the_development_server_retires_a_built_sites_worker(browser: Browser, tmp_path: Path) -> None:
    """``make serve-dist`` then ``make play`` on the same port: the working tree is served, not
    the built site's cache, and nothing of the built site stays behind."""
    built = build_site(tmp_path / "dist")
    server = serve(tmp_path / "dist", "127.0.0.1", 0)
    port = server.server_address[1]
    context, page, guard = guarded(browser)
    try:
        base = url_of(server)
        open_site(page, base)
        page.wait_for_function(CONTROLLED, timeout=READY_MS)
        page.wait_for_selector(SNAPSHOT_SAVED, state="attached", timeout=READY_MS)
        assert page.locator(VERSION_META).get_attribute("content") == built.version
        server.shutdown()
        server.server_close()
        server = serve(ROOT, "127.0.0.1", port)  # the working tree, at the same address
        page.reload(wait_until="domcontentloaded")
        # The cached page loads once more; the browser finds the retiring worker, which clears
        # the caches, unregisters and reloads the page from the working tree. The browser looks
        # for a new sw.js after a navigation when it sees fit (Chromium once let a run wait more
        # than two minutes for it): ask for the look now, as the page itself does when shown.
        with contextlib.suppress(PlaywrightError):  # the retiring worker was already reloading the page
            page.evaluate("navigator.serviceWorker.getRegistration().then(r => r && r.update()).catch(() => {})")
        try:
            page.wait_for_function(
                "() => !document.querySelector('meta[name=\"five-checks-version\"]')"
                " && document.documentElement.dataset.ready === '1'", timeout=2 * READY_MS)
        except Exception:
            state = page.evaluate("""async () => ({
                version: document.querySelector('meta[name="five-checks-version"]')?.content ?? null,
                ready: document.documentElement.dataset.ready ?? null,
                controller: navigator.serviceWorker.controller?.scriptURL ?? null,
                registrations: (await navigator.serviceWorker.getRegistrations()).length,
                caches: await caches.keys()})""")
            raise AssertionError(f"the built site's worker was not retired: {state}") from None
        assert page.evaluate("navigator.serviceWorker.controller") is None
        # The unregistered worker's registration goes once no page it controlled is left: the
        # reload's, a moment after the new page is up (a busy machine showed it still there
        # after ten seconds).
        for _ in range(300):
            if page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0:
                break
            page.wait_for_timeout(100)
        left = page.evaluate("""async () => (await navigator.serviceWorker.getRegistrations()).map(r => ({
            scope: r.scope, active: r.active && [r.active.scriptURL, r.active.state],
            waiting: r.waiting && [r.waiting.scriptURL, r.waiting.state],
            installing: r.installing && [r.installing.scriptURL, r.installing.state]}))""")
        assert left == [], f"registrations left: {left}"
        assert page.evaluate("caches.keys()") == []
        guard.clear()  # the built page was torn down mid-boot by the reload: not a fault
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector(READY, state="attached", timeout=READY_MS)
        # The working tree's page, not the built one (whose script first puts its archive on sys.path).
        assert page.locator('script[type="py"]').evaluate("script => script.textContent.trim()") == "import ui.main"
        assert_behaved(guard, page)
    finally:
        context.close()
        server.shutdown()
        server.server_close()
