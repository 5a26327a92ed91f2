"""The app boots offline: static shell first, then Python sets data-ready; nothing leaves 127.0.0.1.

These checks hold whatever the UI renders on top of the shell: they look for the five game
titles in #app rather than for the shell's own markup (the UI replaces it once it is up).
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from page_support import GAME_IDS, GAME_TITLES, PHONE, READY, OpenApp, PageGuard, Shot, assert_fits, python_result
from tools.gen_pyscript_toml import START_ARCHIVE, Graph

#: The boot itself: a cold page each.
pytestmark = pytest.mark.cold


def test_app_boots_and_shows_the_gallery(page: Page, open_app: OpenApp,
                                         page_guard: PageGuard) -> None:
    open_app(page, "#/")
    assert page.locator(READY).count() == 1
    assert "Five Checks" in page.title()
    text = page.locator("#app").inner_text()
    for title in GAME_TITLES:
        assert title in text, f"gallery lacks {title!r}"
    # The runtime really came from this origin (and nothing else was even attempted).
    assert any(u.endswith("/vendor/pyodide/pyodide.asm.wasm") for u in page_guard.requests)
    assert any(u.endswith("/vendor/pyscript/core.js") for u in page_guard.requests)
    assert page_guard.foreign == []


def test_python_gets_no_jspi(page: Page, open_app: OpenApp) -> None:
    """The page hides WebAssembly's JSPI before Pyodide looks for it (index.html says why), and
    the app boots all the same."""
    open_app(page, "#/")
    assert page.evaluate("() => ['Suspending', 'Suspender', 'promising'].filter(name => name in WebAssembly)") == []


def test_phone_width(page: Page, open_app: OpenApp, shot: Shot) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, "#/")
    # No sideways scrolling on a 360px phone.
    assert_fits(page)
    path = shot(page, "boot-gallery-360")
    assert path.stat().st_size > 0


def test_shell_paints_before_python(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/", wait_ready=False)
    # The static gallery is in the HTML itself: visible before any Python has run.
    page.wait_for_selector("#app .gallery", state="visible", timeout=10_000)
    shot(page, "boot-shell-1280")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    paint, ready = page.evaluate(
        """() => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0];
            return [fcp ? fcp.startTime : null, performance.now()];
        }"""
    )
    assert paint is not None and paint < ready


def test_the_first_gallery_keeps_the_static_shell_and_a_later_one_is_drawn_anew(page: Page,
                                                                              open_app: OpenApp) -> None:
    """At the start the gallery keeps the nodes the page painted (drawn again, the whole
    gallery would be laid out a second time), adding its controls; shown again after another
    screen, it is drawn from a copy of the shell, with its controls once."""
    open_app(page, "#/", wait_ready=False)
    page.wait_for_selector("#app[data-static] .gallery", state="attached", timeout=10_000)
    page.evaluate("document.querySelector('#app .gallery').painted = true")  # Python needs a second or more
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert page.evaluate("document.querySelector('#app .gallery').painted === true")
    assert page.locator("#app[data-static]").count() == 0
    expect(page.locator("#app [data-testid=theme]")).to_have_count(1)
    assert page.locator("#app .gallery a[data-rules]").first.get_attribute("href") == "#/checks/rules"
    page.evaluate("location.hash = '#/checks/rules'")
    expect(page.locator("#app .gallery")).to_have_count(0)
    page.evaluate("location.hash = '#/'")
    expect(page.locator("#app .gallery li.game")).to_have_count(len(GAME_TITLES))
    assert page.evaluate("document.querySelector('#app .gallery').painted") is None
    expect(page.locator("#app [data-testid=theme]")).to_have_count(1)


@pytest.mark.browser_context_args(java_script_enabled=False, viewport=PHONE)
def test_static_shell_without_javascript(page: Page, base_url: str, shot: Shot) -> None:
    """The shell alone (no JS, so no Python): five games, each a link to its setup."""
    page.goto(f"{base_url}index.html")
    games = page.locator("#app [data-game]")
    assert games.evaluate_all("els => els.map(e => e.dataset.game)") == list(GAME_IDS)
    cards = page.locator("#app a.game-card")
    assert cards.evaluate_all("els => els.map(e => e.getAttribute('href'))") == [f"#/{game}" for game in GAME_IDS]
    # With no script at all, the rules links open the static rules pages.
    rules = page.locator("#app a[data-rules]")
    assert rules.evaluate_all("els => els.map(e => e.getAttribute('href'))") == [
        f"docs/rules/{game}.html" for game in GAME_IDS]
    expect(page.locator("#app svg.game-picture")).to_have_count(len(GAME_IDS))
    assert page.locator("#boot[role=progressbar]").is_visible()
    assert_fits(page)
    shot(page, "shell-nojs-360")


def test_guard_blocks_and_records_foreign_requests(page: Page, base_url: str, page_guard: PageGuard) -> None:
    """The no-network guard itself works: a CDN request is aborted and recorded."""
    page.goto(f"{base_url}pyscript.toml")  # any local page will do; no need to boot Python
    # evaluate awaits the fetch, which the guard has aborted by then
    page.evaluate("fetch('https://foreign.example/runtime.mjs').catch(() => null)")
    assert page_guard.foreign == ["https://foreign.example/runtime.mjs"]
    page_guard.clear()  # provoked on purpose: do not fail this test for it


# -- what the start fetches, and what it leaves for later --------------------------------------

ROOT = Path(__file__).resolve().parents[2]


def python_fetched(guard: PageGuard, since: int = 0) -> list[str]:
    """The Python files the page requested (paths from the site's root), after request ``since``."""
    return [urlsplit(url).path.lstrip("/") for url in guard.requests[since:] if urlsplit(url).path.endswith(".py")]


def loader_warnings(page: Page) -> list[str]:
    """What ``ui.app.loading`` says on the console when a module was imported before it was fetched."""
    found: list[str] = []
    page.on("console", lambda message: found.append(message.text)
            if message.type == "warning" and "imported before it was fetched" in message.text else None)
    return found


def test_the_start_fetches_only_what_the_first_screen_imports(page: Page, open_app: OpenApp,
                                                              page_guard: PageGuard) -> None:
    """Before Python runs, the page copies the start's archive (what importing ui/main.py
    imports, tools/start_archive.py) and nothing of a game, a lesson, a room, the setup, the
    rules screen or the replay viewer."""
    open_app(page, "#/")
    assert tomllib.loads((ROOT / "pyscript.toml").read_text())["files"] == {f"./{START_ARCHIVE}": "./*"}
    # index.html's head preloads it, and PyScript's fetch takes the preloaded response: one
    # request, and not one for a module (ui/main.py neither: the page's script imports it).
    assert len([url for url in page_guard.requests if urlsplit(url).path == f"/{START_ARCHIVE}"]) == 1
    assert python_fetched(page_guard) == []
    # What the gallery imported is the start, all of it from the archive.
    imported = ast.literal_eval(python_result(page, (
        "import sys\nresult = sorted(name for name in sys.modules if name.split('.')[0] in ('ui', 'engine'))")))
    assert imported == sorted(Graph(ROOT).start())
    # Pyodide's files too, which the head also preloads: its loader takes the preloaded ones.
    runtime = [urlsplit(url).path for url in page_guard.requests if "/vendor/pyodide/" in url]
    assert len(runtime) >= 5 and len(runtime) == len(set(runtime)), runtime
    assert not [name for name in imported if name.startswith(
        ("ui.learn", "ui.friends", "ui.tables", "engine", "ui.screens.setup", "ui.screens.replay"))]
    # The config is inline (no pyscript.toml, no TOML parser), and the plugins it turns off
    # are never loaded.
    assert not [url for url in page_guard.requests
                if url.endswith("pyscript.toml") or re.search(r"/(toml|py-terminal|py-editor|donkey)-[\w-]+\.js$", url)]


def test_the_start_modules_are_imported_from_their_bytecode(page: Page, open_app: OpenApp) -> None:
    """tools/start_archive.py compiled the start's modules (the entry point ui.main among them)
    for the page's Python, and PyScript unpacked them where import looks first: each module's
    cache file is there, of this Python's magic number, checked against its source (PEP 552
    flags 3), and made from the very source the page has, so import takes it instead of compiling
    the source."""
    open_app(page, "#/")
    modules = sorted(Graph(ROOT).start())
    stale = ast.literal_eval(python_result(page, (
        f"import sys\nfrom importlib.util import MAGIC_NUMBER, source_hash\nresult = []\n"
        f"for name in {modules!r}:\n"
        "    module = sys.modules[name]\n"
        "    try:\n"
        "        with open(module.__cached__, 'rb') as cached, open(module.__file__, 'rb') as source:\n"
        "            head, text = cached.read(16), source.read()\n"
        "    except OSError as error:\n"
        "        result.append((name, str(error)))\n"
        "        continue\n"
        "    if head != MAGIC_NUMBER + (3).to_bytes(4, 'little') + source_hash(text):\n"
        "        result.append((name, head.hex()))\n"
        "result.append(len(result))")))
    assert len(modules) >= 20 and stale == [0], f"{stale}: run `make vendor` (tools/start_archive.py)"


def test_each_screen_fetches_its_modules_when_first_shown(page: Page, open_app: OpenApp,
                                                         page_guard: PageGuard) -> None:
    """From the gallery, a lesson, a game's setup and a room's join screen each fetch what they
    import the first time they are shown, before they are drawn (no module is imported before it
    has come: the loader's last resort, a blocking request, is never needed), and again nothing."""
    warnings = loader_warnings(page)
    open_app(page, "#/")
    page.locator("a[href='#/chess-cards/learn']").click()
    expect(page.locator("[data-testid=coach]")).to_be_visible()
    fetched = python_fetched(page_guard)
    for path in ("ui/learn/screen.py", "ui/tables/chess_cards.py", "engine/chess_cards_solver.py",
                 "engine/bots/chess_cards.py"):
        assert path in fetched, path
    assert not [path for path in fetched if path.startswith(("ui/friends/", "ui/tables/checks"))]
    since = len(page_guard.requests)
    page.evaluate("location.hash = '#/checks'")
    expect(page.locator("h1")).to_have_text("Checks: new game")
    setup = {"ui/screens/setup.py", "engine/checks.py", "engine/bots/checks.py"}
    assert setup <= set(python_fetched(page_guard, since))
    since = len(page_guard.requests)
    page.evaluate("location.hash = '#/chess-cards/learn'")
    expect(page.locator("[data-testid=coach]")).to_be_visible()
    assert python_fetched(page_guard, since) == [], "a module is fetched once"
    page.evaluate("location.hash = '#/join'")
    expect(page.locator("input[name=code]")).to_be_visible()
    assert "ui/friends/joining.py" in python_fetched(page_guard, since)
    assert warnings == []


def test_a_route_opened_at_the_start_has_its_modules_before_the_page_is_ready(page: Page, open_app: OpenApp,
                                                                             page_guard: PageGuard) -> None:
    warnings = loader_warnings(page)
    open_app(page, "#/checkmate/play?seats=human,bot&seed=3")
    expect(page.locator("[data-testid=table]")).to_be_visible()
    assert "ui/tables/checkmate.py" in python_fetched(page_guard)
    assert warnings == []


def test_naming_another_game_imports_none_of_it(page: Page, open_app: OpenApp, page_guard: PageGuard) -> None:
    """A replay link to a record of another game names that game, whose modules no route
    announced: by its title in the catalog (``ui.app.catalog.game_title``), so neither its engine
    is imported (the loader's last resort, a blocking request said on the console) nor fetched."""
    from engine import GAMES, Record
    from ui.storage.saves import pack_record

    record = Record.from_state(GAMES["checkmate"].new(seed=1, players=2))
    warnings = loader_warnings(page)
    open_app(page, "#/")
    since = len(page_guard.requests)
    page.evaluate(f"location.hash = '#/checks/replay?r={pack_record(record)}'")
    expect(page.locator("#app")).to_contain_text("This is a record of Checkmate")
    assert "engine/checkmate.py" not in python_fetched(page_guard, since)
    assert warnings == []
