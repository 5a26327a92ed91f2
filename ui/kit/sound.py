"""Sound in the page: seven short sounds, made by ``pwa/sound.mjs`` with the Web Audio API (no
audio file): ``play`` (a card put down, a checker moved), ``draw`` (a card drawn, taken or
turned), ``turn`` (the turn comes to you), ``refused`` (a click the rules refuse), ``tick`` (each
of a countdown's last three seconds), ``win`` and ``loss`` (the game's end, from your side).
Which event of a table makes which sound is the tables' business (``ui.tables.sounds``).

In the page (``attach_player``), nothing plays before the person's first gesture: browsers start
audio only from one, so the ``AudioContext`` is made in the handler of the first press or key on
the page (or of the Sound toggle itself), or when a table opens after one; the module that
synthesizes the sounds is imported then, never at boot.

The "Sound" toggle of a table's bar (``button``, ``[data-cmd=sound]`` with ``aria-pressed``; its
click is ``toggle``) is remembered as ``{"sound": false}`` in the app's settings
(``ui.kit.settings``). In an embed (``embed=1``) sound is off unless the route says
``sound=1`` (``ui.main`` tells it at boot: ``embedded``), and the toggle there lasts for the
page's life only: the site that frames the app decides, not a choice made on the full site.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from ui.kit import settings
from ui.kit.dom import Node, h, present
from ui.kit.i18n import _

#: The sounds ``pwa/sound.mjs`` makes, by name.
SOUNDS = ("play", "draw", "turn", "refused", "tick", "win", "loss")
#: The module that makes them, relative to the page (the working tree and the built site alike).
MODULE = "./pwa/sound.mjs"
#: Loudness, of full scale: quiet, a table is not a slot machine.
VOLUME = 0.25


def attach_player() -> Callable[[], None]:
    """A table that may sound is open: listen for the first gesture (sound starts at once if
    one was made and sound is wanted); returns the call that says the table is gone."""
    _STATE["attached"] = _STATE.get("attached", 0) + 1
    listen_for_gesture()
    if _STATE.get("gesture") and wanted():
        unlock()
    detached: list[bool] = []

    def detach() -> None:
        if not detached:
            detached.append(True)
            _STATE["attached"] = max(0, _STATE.get("attached", 0) - 1)

    return detach


# -- on or off -----------------------------------------------------------------------------------

_STATE: dict[str, Any] = {}
#: Set at boot by ``ui.main`` in an embedded page: whether its route asked for sound (``sound=1``).
_EMBEDDED: dict[str, bool] = {}


def embedded(asked: bool) -> None:
    """This page is embedded (``embed=1``): sound is off unless its route ``asked`` for it."""
    _EMBEDDED["asked"] = bool(asked)
    _STATE.pop("wanted", None)


def wanted() -> bool:
    """The person's choice: on unless they turned it off; in an embed, off unless the route asked
    for it (``sound=1``) or the toggle turned it on in this page."""
    if "wanted" not in _STATE:
        _STATE["wanted"] = _EMBEDDED["asked"] if _EMBEDDED else bool(settings.read().get("sound", True))
    return bool(_STATE["wanted"])


def choose(on: bool) -> None:
    """Turn sound on or off for this page, and keep the choice (not in an embed)."""
    _STATE["wanted"] = bool(on)
    if not _EMBEDDED:
        settings.write({"sound": bool(on)})


def toggle() -> bool:
    """The click on the "Sound" toggle: turn sound over; returns whether it is on now. A click is
    a gesture: sound turned on can start at once."""
    choose(not wanted())
    if wanted():
        unlock()
    return wanted()


def button() -> Node:
    """The "Sound" toggle of a table's bar (``[data-cmd=sound]``, ``aria-pressed``), as the
    setting stands; its click is ``toggle``."""
    on = wanted()
    return h("button", {"type": "button", "class": "tool sound-toggle", "data-cmd": "sound",
                        "aria-pressed": "true" if on else "false",
                        "title": (_("Cards, your turn and the end make a quiet sound: press to turn it off") if on
                                  else _("Sound is off: press to hear cards, your turn and the end"))},
             _("Sound"))


# -- the page ------------------------------------------------------------------------------------


def listen_for_gesture() -> None:
    """Nothing may play before the person's first press or key on the page: listen for them (once
    per page, from boot: ``ui.main``), at the window and before anyone else (the capture phase),
    so that the very click that plays a card has sound. A gesture made before any table (the
    setup's Start) lets a table opened after it start sound at once (``Sound.attach``): browsers
    allow audio for the rest of the page's life."""
    if _STATE.get("listening") is not None:
        return
    with contextlib.suppress(Exception):
        from pyodide.ffi import create_proxy
        from pyscript import window

        proxy = create_proxy(lambda *_: _gesture())
        for kind in ("pointerdown", "keydown"):
            window.addEventListener(kind, proxy, True)
        _STATE["listening"] = proxy


def _gesture() -> None:
    """A press or a key: sound may start, now if a table is there and wants it. The listening
    ends once audio runs (some browsers resume a context only inside a gesture's handler)."""
    _STATE["gesture"] = True
    if _STATE.get("attached") and wanted():
        unlock()
    context = _STATE.get("context")
    if context is not None and str(context.state) == "running":
        proxy = _STATE.get("listening")
        with contextlib.suppress(Exception):
            from pyscript import window

            for kind in ("pointerdown", "keydown"):
                window.removeEventListener(kind, proxy, True)
        _STATE["listening"] = False  # not None: never listen again


def unlock() -> None:
    """In a gesture's handler: make the page's ``AudioContext`` (or resume it) and import the
    module that makes the sounds."""
    _STATE["gesture"] = True
    context = _STATE.get("context")
    with contextlib.suppress(Exception):
        if context is None:
            from pyscript import window

            maker = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
            if not present(maker):
                return
            context = _STATE["context"] = maker.new()
        elif str(context.state) == "suspended":
            context.resume()
    if "module" not in _STATE:
        _STATE["module"] = asyncio.ensure_future(_import())


async def _import() -> Any:
    from js import Function

    load = Function("url", "return import(new URL(url, document.baseURI).href)")
    return await load(MODULE)


def play(name: str) -> None:
    """Play the sound ``name`` now, if sound is on and the person has made a gesture (else
    nothing: a sound missed is not played late)."""
    if not wanted() or not _STATE.get("gesture") or _STATE.get("context") is None:
        return
    loading = _STATE.get("module")
    if loading is None:
        return
    if loading.done():
        _play_now(loading, name)
    else:  # the first sound waits for the module (from the site itself: milliseconds)
        loading.add_done_callback(lambda done: _play_now(done, name))


def _play_now(loading: Any, name: str) -> None:
    if loading.cancelled() or loading.exception() is not None:
        return
    with contextlib.suppress(Exception):
        loading.result().play(_STATE["context"], name, VOLUME)
