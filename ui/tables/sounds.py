"""Which event of a table makes which sound (the sounds themselves: ``ui.kit.sound``).

It is pure (``sound_for``, tested in CPython over real games): it reads an event of the flow
(``ui.tables.events``), the seat of the person reading this screen (``reader``; None where several
people share the device, for a watcher) and the seats of the people at this device (``people``),
and what was heard before (``Heard``: the last seat that had the turn, the countdown's last whole
second). A table subscribes a ``Sound`` to its flow's events.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace

from engine import CLOCK
from ui.kit import sound
from ui.tables.events import Event, Events, GameOver, Played, Refused, TimeLeft, TurnPassed

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
        if isinstance(event, TurnPassed) and len(event.to_act) == 1 and event.to_act[0] != CLOCK:
            return replace(self, sole=event.to_act[0])
        if isinstance(event, TimeLeft):
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
    - ``TimeLeft``: ``tick`` once for each of the last ``TICK_SECONDS`` whole seconds, while
      someone at this device plays;
    - ``GameOver``: ``win`` when a seat of this device is among the winners, ``loss`` when others
      won; nothing for a game with no winner, or where nobody here plays.
    """
    mine = listeners(reader, people)
    if isinstance(event, Played):
        return action_sound(event.notation)
    if isinstance(event, TurnPassed):
        if heard.sole is None or len(event.to_act) != 1:
            return None
        seat = event.to_act[0]
        return "turn" if seat in mine and seat != heard.sole else None
    if isinstance(event, Refused):
        return "refused" if event.seat in mine else None
    if isinstance(event, TimeLeft):
        second = whole_seconds(event.left_ms)
        if mine and 1 <= second <= TICK_SECONDS and second != heard.second:
            return "tick"
        return None
    if isinstance(event, GameOver):
        if not mine or not event.winners:
            return None
        return "win" if mine & set(event.winners) else "loss"
    return None


class Sound:
    """One table's listener: maps each event to its sound and hands it to ``player`` (the page's
    ``play`` by default; tests pass their own)."""

    def __init__(self, player: Callable[[str], None] | None = None) -> None:
        self.player = player if player is not None else sound.play
        self.heard = Heard()
        self.reader: int | None = None
        self.people: tuple[int, ...] = ()

    def attach(self, events: Events, reader: int | None, people: Collection[int]) -> Callable[[], None]:
        """Hear ``events`` (a flow's ``ui.tables.events.Events``) from now on, for ``reader``
        among ``people``; returns the call that stops it. The seats to act already said count as
        heard (no chime for a turn already there)."""
        self.reader = reader
        self.people = tuple(people)
        self.heard = Heard.of(getattr(events, "to_act", None))
        stop = events.subscribe(self._hear)
        if self.player is not sound.play:
            return stop
        gone = sound.attach_player()

        def detach() -> None:
            stop()
            gone()

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
