"""Entry point of the page, whose ``<script type="py">`` imports it (``import ui.main``): so it
runs from its bytecode, as the other modules do (tools/start_archive.py, tools/build_dist.py).

Takes over ``<main id="app">`` from the static shell, follows the URL hash, and marks the page
ready (``<html data-ready="1">``) once the first screen is drawn and answers clicks: tests and
the boot benchmark wait for exactly that.

The page starts with the modules the gallery needs (pyscript.toml's ``[files]``); a route that
shows anything else has its modules fetched first (``ui.app.loading``), then its screen shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import traceback
from dataclasses import replace
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from ui.app import embed, loading
from ui.app.catalog import CATALOG
from ui.app.routes import Route, parse_hash
from ui.app.screen import MessageScreen, Screen
from ui.kit import access, i18n, settings, sound
from ui.kit.dom import attr, present
from ui.kit.i18n import N_, _
from ui.navigation import home, later_modules, resolve
from ui.screens.gallery import STATIC_MARK

#: The words of index.html's static shell, which its inline script says before Python runs (the
#: loading bar, the tab's title): messages of the catalog, marked here where its extraction finds
#: them. index.html keeps a language's translations in a small table of its own, by the English
#: words; tests/test_static_shell.py holds that table equal to the catalog.
SHELL_WORDS = (N_("Five Checks — card games"), N_("Loading Python…"), N_("Starting Python…"),
               N_("Python is up"), N_("Loading the games…"), N_("Opening…"),
               N_("Downloading {received} of {total} MB"),
               N_("Python stopped with an error (details below)."))


class App:
    """The router's host: one screen at a time, and the delegated listeners that feed it."""

    def __init__(self, root: Any) -> None:
        self.root = root
        # The static gallery painted by index.html, kept to show again at #/.
        self.shell = root.cloneNode(True)
        self.screen: Screen | None = None
        #: Routes asked for so far: a route whose modules arrive after another was asked for is
        #: not shown. The fetch under way, referenced so that its task is not collected.
        self._asked = 0
        self.fetching: Any = None
        #: Whether a screen was shown already: the page's first one, in a frame, takes no focus
        #: from the page around it.
        self._routed = False
        #: A language's catalog being fetched (``switch_language``), referenced so that its task
        #: is not collected before it has run.
        self._loading: Any = None
        # Proxies live as long as the page: kept here so they are never garbage collected.
        self._listeners = [
            (root, "click", create_proxy(self._on_click)),
            (root, "change", create_proxy(self._on_change)),
            (root, "input", create_proxy(self._on_change)),
            # A form's submission would load another page: its button's click does the work.
            (root, "submit", create_proxy(lambda event: event.preventDefault())),
            (document, "keydown", create_proxy(self._on_key)),
            (window, "hashchange", create_proxy(self._on_hash)),
        ]
        for target, event, proxy in self._listeners:
            target.addEventListener(event, proxy)
        # The live region is on the page before anything is said in it: screen readers watch
        # only regions they have seen.
        access.announcer(document)

    def navigate(self, target: str) -> None:
        """Go to ``target`` (a ``#/...`` route); the same route again restarts its screen."""
        before = str(window.location.hash)
        window.location.hash = embed.address(target)
        if str(window.location.hash) == before:
            self.route()  # no hashchange event when the hash does not change

    def route(self) -> Any:
        """Show the screen of the address: at once when its modules are here, else once they
        have been fetched (then the task that does it is returned, for the start to await)."""
        self._asked += 1
        here = str(window.location.hash or "#/")
        if embed.EMBEDDED and not embed.asks_embed(here):
            # A link inside the frame dropped the flag: put it back, so a reload stays embedded.
            here = embed.embedded_hash(here)
            window.history.replaceState(None, "", here)
        route = parse_hash(here)
        lang = wanted_language(route.query)
        if lang != i18n.asked():
            # Another language: its catalog first, then this route again in it.
            self._loading = asyncio.ensure_future(self.switch_language(lang))
            return
        route = replace(route, query=tuple(item for item in route.query
                                           if item[0] not in (embed.PARAM, embed.SOUND_PARAM, i18n.PARAM)))
        try:
            wanted = later_modules(route)
        except Exception:  # a bug: resolving the route shows it as a page
            wanted = ()
        if loading.missing(*wanted):
            self.root.setAttribute("aria-busy", "true")  # the screen still shown is on its way out
            self.fetching = asyncio.ensure_future(self._fetch(wanted, self._asked))
            return self.fetching
        self._show(route)
        return None

    async def _fetch(self, wanted: tuple[str, ...], asked: int) -> None:
        try:
            await loading.load(*wanted)
        except loading.LoadError as error:
            print(f"five-checks: {error}")  # which file, for developers
            if asked == self._asked:
                self._show(MessageScreen(self.root, self.navigate, _("This page could not be loaded"),
                                         _("A part of the app could not be fetched. Check the connection, then "
                                           "reload the page."),
                                         [home()]))
            return
        if asked == self._asked:  # no other route was asked for meanwhile
            self.route()

    def _show(self, route: Route | Screen) -> None:
        """Replace the screen with ``route``'s (or with ``route`` itself, a screen already made)."""
        self.root.removeAttribute("aria-busy")
        if self.screen is not None:
            self.screen.dispose()
            self.screen = None
        access.hush(document)
        if isinstance(route, Screen):
            screen = route
        else:
            try:
                screen = resolve(route, self.root, self.navigate, self.shell)
            except Exception as error:  # a page, not a traceback, even for our own bugs
                screen = self._crash(error)
        self.screen = screen
        document.title = i18n.translated(screen.title)
        self._guard(screen.show)
        self.root.removeAttribute(STATIC_MARK)  # the static shell, kept or not, is left behind
        self._guard(screen.start)
        self._full_site(str(window.location.hash))  # after start: a new game names its saved id
        if self._routed:
            access.focus_heading(self.root)
        elif not embed.EMBEDDED:  # in a frame, the first screen takes no focus from the page around it
            # The page's first screen: its heading takes focus in the next frame, whose layout the
            # focus then shares, instead of forcing a layout of its own before the page is ready
            # (about 10 ms of the start).
            window.requestAnimationFrame(create_once_callable(lambda _time: access.focus_heading(self.root)))
        self._routed = True
        window.scrollTo(0, 0)

    async def switch_language(self, lang: str) -> None:
        await load_language(lang)
        self.route()

    def _full_site(self, here: str) -> None:
        """Embedded, the small link to the same screen on the full site (in a new tab)."""
        link = document.getElementById("full-site")
        if embed.EMBEDDED and present(link):
            page = str(window.location.href).split("#", 1)[0]
            link.setAttribute("href", page + embed.without_embed(here))
            link.removeAttribute("hidden")

    def _crash(self, error: BaseException) -> Screen:
        traceback.print_exception(error, file=sys.stderr)
        return MessageScreen(self.root, self.navigate, _("Something went wrong"),
                             _("The app met an error it did not expect. Reload the page; if it happens again, "
                               "the page’s console says what went wrong."),
                             [("#/", _("All games"))])

    def _guard(self, call: Any, *args: Any) -> None:
        """Run a screen callback; an unexpected error replaces the screen with an error page."""
        try:
            call(*args)
        except Exception as error:
            if self.screen is not None:
                self.screen.dispose()
            self.screen = self._crash(error)
            self.screen.show()

    def _on_hash(self, _event: Any) -> None:
        self.route()

    def _on_click(self, event: Any) -> None:
        origin = event.target
        target = origin.closest("button, [data-cmd]") if present(origin) and hasattr(origin, "closest") else None
        if not present(target) or self.screen is None or target.disabled:
            return
        if int(getattr(event, "detail", 0) or 0) > 1 and (attr(target, "data-action") or attr(target, "data-pick")):
            # The second click of a double click lands on whatever the first one's move drew
            # there: a move nobody chose. One click, one move.
            return
        self._guard(self.screen.on_click, target)

    def _on_key(self, event: Any) -> None:
        if self.screen is None or event.defaultPrevented or event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        if tag in ("input", "textarea", "select") or getattr(target, "isContentEditable", False):
            return  # keys typed into a field are the field's
        if not event.shiftKey and access.arrow_move(target, str(event.key)):
            event.preventDefault()  # the arrow moved focus in a hand: no scrolling, no replay step
            return

        def press() -> None:
            if self.screen is not None and self.screen.on_key(str(event.key)):
                event.preventDefault()

        self._guard(press)

    def _on_change(self, event: Any) -> None:
        target = event.target
        if not present(target) or self.screen is None or not hasattr(target, "getAttribute") \
                or not attr(target, "data-field"):
            return
        self._guard(self.screen.on_change, target)


def wanted_language(query: Any) -> str:
    """The language a route asks for (``lang=``, kept as the setting), else the remembered one,
    else the browser's preferred one the build has, else English. English asked for is kept as
    well: it then wins over a browser that prefers another language."""
    lang = i18n.chosen(query, str(settings.read().get("lang", "")), browser_languages())
    if any(name == i18n.PARAM for name, _value in query) and lang != settings.read().get("lang"):
        settings.write({"lang": lang})
    return lang


def browser_languages() -> list[str]:
    """The browser's preferred languages, best first (``navigator.languages``)."""
    try:
        return [str(code) for code in (window.navigator.languages or [])] or [str(window.navigator.language)]
    except Exception:  # a browser without them: English
        return []


async def load_language(lang: str) -> None:
    """Speak ``lang``: its compiled catalog fetched from the app's own origin (nothing for the
    source language), the source again when it cannot be read."""
    data: bytes | None = None
    if lang != i18n.SOURCE:
        from pyscript import fetch

        try:
            response = await fetch(i18n.catalog_path(lang))
            if response.ok:
                data = bytes(await response.bytearray())
        except Exception:  # a network error: the page goes on in English
            data = None
        if data is None:
            window.console.warn(f"five-checks: no catalog for the language {lang!r}; English instead")
    i18n.install(lang, data)
    html = document.documentElement
    # The pseudo-locales are English, disguised: the page keeps saying it is English.
    html.setAttribute("lang", i18n.SOURCE if i18n.language() in (i18n.PSEUDO, i18n.PSEUDO_RTL) else i18n.language())
    # The direction of the language spoken, not of the one asked for: a catalog that could not be
    # read leaves the page in English, left to right. ui/style.css mirrors through logical properties.
    html.setAttribute("dir", i18n.direction(i18n.language()))
    # The built site's "new version" notice is drawn by pwa/register.js, outside Python: it reads
    # its words here, in the page's language.
    notice, reload = _("New version"), _("Reload")
    html.setAttribute("data-update-words", f"{notice}|{reload}")


async def main() -> None:
    loading.install()
    await load_language(wanted_language(parse_hash(str(window.location.hash)).query))
    app = App(document.getElementById("app"))
    # The modules of the route the page opens with come before anything watches the page: an
    # embedding host is told the frame's height from the first screen on, never the empty
    # frame's while they come. A route that cannot have them says so when it is shown.
    with contextlib.suppress(Exception):
        await loading.load(*later_modules(parse_hash(str(window.location.hash or "#/"))))
    if embed.asks_embed(str(window.location.hash)):
        # Embedded for the page's life: the game alone, sized to its frame (ui/app/embed.py).
        embed.EMBEDDED = True
        embed.SOUND = embed.asks_sound(str(window.location.hash))
        sound.embedded(embed.SOUND)
        document.documentElement.setAttribute("data-embed", "1")
        if not bool(getattr(window.Object, "is")(window.parent, window)):
            embed.HOST = embed.Host(window, app.navigate, tuple(item.id for item in CATALOG))
    fetching = app.route()
    while fetching is not None:  # the route opened at the start: its modules, then its screen
        await fetching
        # Another route asked for meanwhile (a tap on the gallery) is the first screen instead.
        fetching = app.fetching if app.fetching is not None and not app.fetching.done() else None
    document.documentElement.setAttribute("data-ready", "1")
    sound.listen_for_gesture()  # a table's sounds may start only after the person's first gesture
    if embed.HOST is not None:
        embed.HOST.post("ready", route=embed.without_embed(str(window.location.hash)))
        embed.HOST.resized()
    # Keep the app reachable for debugging: ``ui.main.app``.
    globals()["app"] = app


# A task rather than top-level await: the module stays plain Python that any tool can compile.
_BOOT = asyncio.ensure_future(main())  # referenced, so the task is never collected early
