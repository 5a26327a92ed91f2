"""The table's sounds: what happened at the table (``ui.tables.events``) heard as a short sound.

Seven sounds, made in the page by ``pwa/sound.mjs`` with the Web Audio API (no audio file):
``play`` (a card put down, a checker moved), ``draw`` (a card drawn, taken or turned), ``turn``
(the turn comes to you), ``refused`` (a click the rules refuse), ``tick`` (each of a countdown's
last three seconds), ``win`` and ``loss`` (the game's end, from your side).

Which event makes which sound is pure (``sound_for``, tested in CPython over real games): it reads
an event, the seat of the person reading this screen (``reader``; None where several people share
the device, for a watcher) and the seats of the people at this device (``people``), and what was
heard before (``Heard``: the last seat that had the turn, the countdown's last whole second).

In the page (``Sound.attach``), nothing plays before the person's first gesture: browsers start
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
import math
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from typing import Any

from engine import CLOCK
from ui.kit import settings
from ui.kit.dom import Node, h, present

#: An event of ``ui.tables.events`` (the kit imports nothing above it: events are read by their
#: class's name and fields).
Event = Any

#: The sounds ``pwa/sound.mjs`` makes, by name.
SOUNDS = ("play", "draw", "turn", "refused", "tick", "win", "loss")
#: The module that makes them, relative to the page (the working tree and the built site alike).
MODULE = "./pwa/sound.mjs"
#: Loudness, of full scale: quiet, a table is not a slot machine.
VOLUME = 0.25
#: A countdown ticks in its last seconds, once a second.
TICK_SECONDS = 3

#: How each game's verbs sound (every game writes a card or a piece alone for a play, and any
#: other action as a lower-case verb and its arguments, ``engine.core.Verb``):
#: - a card comes to the player: ``draw`` (Checkmate's fan, Check!'s draw pile), ``take`` (Check!'s
#:   discard top), ``cash`` (Checks: a pile and the hand become checks), ``peek`` (Check!: a card
#:   turned up for a look);
#: - a card leaves the hand or moves on the table: ``give`` (Checkmate: a King handed over),
#:   ``discard`` (Check!'s drawn card; Saving Private Checkers' stockpile card given up),
#:   ``replace`` and ``match`` (Check!: a card into a slot, a card onto the discard), ``swap``
#:   (Check!: two cards change places);
#: - nothing moves: ``last`` (Checkmate's "last card"), ``check`` (Check!'s call), ``join``,
#:   ``start``, ``ready``, ``pass``, ``skip``, ``timeout`` (the clock closing a window): silent.
VERB_SOUNDS: dict[str, str | None] = {
    "draw": "draw", "take": "draw", "cash": "draw", "peek": "draw",
    "give": "play", "discard": "play", "replace": "play", "match": "play", "swap": "play",
    "last": None, "check": None, "join": None, "start": None, "ready": None, "pass": None,
    "skip": None, "timeout": None,
}
_VERB = re.compile(r"[a-z]+")


def action_sound(notation: str) -> str | None:
    """The sound of an action, from its notation: a card or a piece alone (``7C``, ``7H>2``,
    ``(wP)bQ*``, ``c3-d4``, ``c3xe5``, ``c1^``) is a play; a verb sounds as ``VERB_SOUNDS``
    says (an unknown verb is silent)."""
    word = notation.strip().split(" ", 1)[0]
    if not word:
        return None
    if _VERB.fullmatch(word):
        return VERB_SOUNDS.get(word)
    return "play"


@dataclass(frozen=True)
class Heard:
    """What a listener remembers between events: the last seat that had the turn (``sole``: the
    one seat to act; None: nobody yet) and the whole seconds left the last countdown said.

    Only a seat alone to act has the turn. While several may act at once (Check!'s matching
    window, where the clock is to act too; Checkmate's "last card" owed beside the next move)
    the turn has not passed yet, so a window opening and closing inside a player's turn does not
    give it back to them, and a seat left alone in a window (the others passed) does not have
    the turn while the clock is still to act."""

    sole: int | None = None
    second: int | None = None

    @staticmethod
    def of(to_act: tuple[int, ...] | None) -> Heard:
        """What is remembered from the seats to act already said when listening starts."""
        only = to_act is not None and len(to_act) == 1 and to_act[0] != CLOCK
        return Heard(sole=to_act[0]) if only and to_act is not None else Heard()

    def after(self, event: Event) -> Heard:
        """What is remembered once ``event`` is heard too."""
        kind = type(event).__name__
        if kind == "TurnPassed" and len(event.to_act) == 1 and event.to_act[0] != CLOCK:
            return replace(self, sole=event.to_act[0])
        if kind == "Countdown":
            return replace(self, second=whole_seconds(event.left_ms))
        return self


def whole_seconds(left_ms: float) -> int:
    """The seconds a countdown shows: 2.4 s left is "3", until 2.0."""
    return max(0, math.ceil(left_ms / 1000))


def listeners(reader: int | None, people: Collection[int]) -> frozenset[int]:
    """The seats this device speaks for: the reader's, or every person's at the device when they
    share it (then each person's turn, refusal and win is theirs to hear)."""
    return frozenset((reader,)) if reader is not None else frozenset(people)


def sound_for(event: Event, reader: int | None, people: Collection[int], heard: Heard = Heard()) -> str | None:
    """The sound ``event`` makes at this device, or None.

    - ``Played``: the action's sound (``action_sound``), whoever took it;
    - ``TurnPassed``: ``turn`` when a seat of this device (``listeners``) comes to be alone to
      act and the last seat alone to act was another (``Heard``): not at the start (nobody had
      the turn), not while it stays, not while several seats may act (a matching window, whose
      countdown ticks instead: the clock is among the seats to act);
    - ``Refused``: ``refused`` when the action was a seat's of this device;
    - ``Countdown``: ``tick`` once for each of the last ``TICK_SECONDS`` whole seconds, while
      someone at this device plays;
    - ``GameOver``: ``win`` when a seat of this device is among the winners, ``loss`` when others
      won; nothing for a game with no winner, or where nobody here plays.
    """
    mine = listeners(reader, people)
    kind = type(event).__name__
    if kind == "Played":
        return action_sound(event.notation)
    if kind == "TurnPassed":
        if heard.sole is None or len(event.to_act) != 1:
            return None
        seat = event.to_act[0]
        return "turn" if seat in mine and seat != heard.sole else None
    if kind == "Refused":
        return "refused" if event.seat in mine else None
    if kind == "Countdown":
        second = whole_seconds(event.left_ms)
        if mine and 1 <= second <= TICK_SECONDS and second != heard.second:
            return "tick"
        return None
    if kind == "GameOver":
        if not mine or not event.winners:
            return None
        return "win" if mine & set(event.winners) else "loss"
    return None


class Sound:
    """One table's listener: maps each event to its sound and hands it to ``player`` (the page's
    ``play`` by default; tests pass their own)."""

    def __init__(self, player: Callable[[str], None] | None = None) -> None:
        self.player = player if player is not None else play
        self.heard = Heard()
        self.reader: int | None = None
        self.people: tuple[int, ...] = ()

    def attach(self, events: Any, reader: int | None, people: Collection[int]) -> Callable[[], None]:
        """Hear ``events`` (a flow's ``ui.tables.events.Events``) from now on, for ``reader``
        among ``people``; returns the call that stops it. The seats to act already said count as
        heard (no chime for a turn already there)."""
        self.reader = reader
        self.people = tuple(people)
        self.heard = Heard.of(getattr(events, "to_act", None))
        stop = events.subscribe(self._hear)
        if self.player is not play:
            return stop
        _STATE["attached"] = _STATE.get("attached", 0) + 1
        listen_for_gesture()
        if _STATE.get("gesture") and wanted():
            unlock()

        def detach() -> None:
            if stop in detached:
                return
            detached.append(stop)
            stop()
            _STATE["attached"] = max(0, _STATE.get("attached", 0) - 1)

        detached: list[Callable[[], None]] = []

        return detach

    def _hear(self, event: Event) -> None:
        self.hear(event)

    def hear(self, event: Event) -> str | None:
        """Play the sound of ``event``, if any; returns its name."""
        name = sound_for(event, self.reader, self.people, self.heard)
        self.heard = self.heard.after(event)
        if name is not None:
            self.player(name)
        return name


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
                        "title": ("Cards, your turn and the end make a quiet sound: press to turn it off" if on else
                                  "Sound is off: press to hear cards, your turn and the end")},
             "Sound")


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
