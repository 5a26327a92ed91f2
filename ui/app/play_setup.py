"""What a play route asks for: who sits in each seat, and the game's setup.

A seat is ``human[:name]``, ``bot[:level]`` or ``friend`` (a person on another device, who names
themself on joining: the table opens a room, ``ui.friends``). Every other parameter of a play
route is a game option, except ``seed``, ``deck`` (a stacked deck, as ``Game.new(deck=...)``
takes it), ``delay`` (how long a bot's move stays "thinking" on screen, in ms; tests set it low),
``undo`` (``0``: no takebacks) and ``broker`` (the PeerJS broker that introduces friends'
devices, an http(s) URL; the public one when absent). A new game is saved at once and its URL
replaced by the saved game's ``id``, so a reload continues it and the seed stays out of the
address bar.

Apart from ``ui.app.routes`` because the page's start, which follows routes, needs none of it:
the screens that seat players (a table, the setup form, a lesson, a room) import it, and come
with it when a route first needs them (``ui.navigation.later_modules``). Pure Python, as the
routes are.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ui.app.routes import DEFAULT_DELAY_MS, MAX_DELAY_MS, RouteError, check_broker, play_hash
from ui.kit.i18n import _, ngettext

#: The longest display name, in characters.
MAX_NAME = 24
#: The name of the one person of a setup who gave none: a table calls its reader "You" anyway,
#: so a room asks such a host for a name the friends can read.
UNNAMED = "You"
#: Seeds stay in the range a person can type and read back.
MAX_SEED = 2**31 - 1


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat: a person here (with a display name), a bot (with its level) or a
    friend on another device."""

    kind: str  # "human", "bot" or "friend"
    name: str
    level: str = ""

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_param(self) -> str:
        if self.is_bot:
            return f"bot:{self.level}"
        if self.kind == "friend":
            # A friend's default name is their seat's ("Friend 2"); a room that deals another
            # game keeps the names the friends joined with.
            return "friend" if not self.name or re.fullmatch(r"Friend \d+", self.name) else f"friend:{self.name}"
        return f"human:{self.name}" if self.name else "human"


@dataclass(frozen=True)
class PlaySetup:
    """Everything a play route asks for, checked for form (the engine checks the rest)."""

    game_id: str
    seats: tuple[SeatSpec, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    deck: tuple[str, ...] | None = None
    delay_ms: int = DEFAULT_DELAY_MS
    seed_given: bool = True
    #: Takebacks allowed when one person plays bots (a setup option).
    undo: bool = True
    #: The broker a room with friends is opened on ("": the public one).
    broker: str = ""

    @property
    def has_friends(self) -> bool:
        """Some seat is played from another device: the table opens a room."""
        return any(seat.kind == "friend" for seat in self.seats)

    def to_hash(self) -> str:
        """The play route that starts this very game again (the seed always included)."""
        params: list[tuple[str, str]] = [
            ("seats", ",".join(seat.to_param() for seat in self.seats)),
            ("seed", str(self.seed)),
        ]
        for name, value in self.options.items():
            params.append((name, _option_text(value)))
        if self.deck is not None:
            params.append(("deck", ",".join(self.deck)))
        if self.delay_ms != DEFAULT_DELAY_MS:
            params.append(("delay", str(self.delay_ms)))
        if not self.undo:
            params.append(("undo", "0"))
        if self.broker:
            params.append(("broker", self.broker))
        return play_hash(self.game_id, params)


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def clean_name(text: str) -> str:
    """A display name as typed: control characters and commas (the seat separator) dropped."""
    kept = "".join(ch for ch in text if ch.isprintable() and ch != ",")
    return " ".join(kept.split())[:MAX_NAME]


def default_bot_level(levels: Sequence[str]) -> str:
    """``bot`` without a level: a fair opponent rather than the weakest or the solver."""
    for level in ("medium", "easy"):
        if level in levels:
            return level
    return levels[-1] if levels else ""


def bot_name(level: str) -> str:
    return f"Bot ({level})"


def distinct_bot_names(seats: Sequence[SeatSpec]) -> tuple[SeatSpec, ...]:
    """``seats`` with the bots that would share a name numbered by seat: two "Bot (easy)" at
    seats 2 and 3 become "Bot 2 (easy)" and "Bot 3 (easy)", so the log and the scores say
    which one played. People keep the names they typed."""
    taken = [spec.name for spec in seats]
    return tuple(
        SeatSpec("bot", f"Bot {number} ({spec.level})", spec.level)
        if spec.is_bot and taken.count(spec.name) > 1 else spec
        for number, spec in enumerate(seats, start=1)
    )


def parse_seats(text: str, seat_count: tuple[int, int], levels: Sequence[str]) -> tuple[SeatSpec, ...]:
    """``human:Ann,bot:hard`` -> seat specs; RouteError naming what is wrong."""
    items = [item.strip() for item in text.split(",")]
    low, high = seat_count
    if not text.strip() or not low <= len(items) <= high:
        example = f"human,bot:{default_bot_level(levels) or 'random'}"
        if low == high:
            raise RouteError(ngettext("seats: this game needs {n} seat, like seats={example} (got {got})",
                                      "seats: this game needs {n} seats, like seats={example} (got {got})",
                                      low, example=example, got=repr(text)))
        raise RouteError(_("seats: this game needs {low} to {high} seats, like seats={example} (got {got})",
                           low=low, high=high, example=example, got=repr(text)))
    humans = sum(1 for item in items if item.split(":", 1)[0].strip().lower() == "human")
    seats: list[SeatSpec] = []
    for number, item in enumerate(items, start=1):
        kind, _sep, rest = item.partition(":")
        kind = kind.strip().lower()
        if kind == "human":
            name = clean_name(rest) or (UNNAMED if humans == 1 else f"Player {number}")
            seats.append(SeatSpec("human", name))
        elif kind == "friend":
            seats.append(SeatSpec("friend", clean_name(rest) or f"Friend {number}"))
        elif kind == "bot":
            level = rest.strip().lower() or default_bot_level(levels)
            if level not in levels:
                raise RouteError(
                    _("seat {number}: there is no bot level {level} (levels: {levels})",
                      number=number, level=repr(level), levels=", ".join(levels) or _("none yet"))
                )
            seats.append(SeatSpec("bot", bot_name(level), level))
        else:
            raise RouteError(
                _("seat {number}: {item} is none of human[:name], bot[:level] and friend",
                  number=number, item=repr(item))
            )
    return tuple(seats)


def parse_play(
    game_id: str,
    query: Sequence[tuple[str, str]],
    option_names: Sequence[str],
    seat_count: tuple[int, int],
    levels: Sequence[str],
) -> PlaySetup:
    """The setup a play route asks for. Raises RouteError with a message for people.

    Option values are passed on as text: ``Game.new`` coerces them and raises SetupError.
    """
    seen: dict[str, str] = {}
    for name, value in query:
        if name in seen:
            raise RouteError(_("parameter {name} is given twice", name=repr(name)))
        seen[name] = value
    known = ("seats", "seed", "deck", "delay", "undo", "broker", *option_names)
    unknown = [name for name in seen if name not in known]
    if unknown:
        raise RouteError(_("unknown parameter {name} (this route takes: {known})",
                           name=repr(unknown[0]), known=", ".join(known)))
    default_seats = "human,bot" if seat_count[0] <= 2 <= seat_count[1] else ",".join(
        ["human"] + ["bot"] * (seat_count[0] - 1)
    )
    seats = parse_seats(seen.get("seats", default_seats), seat_count, levels)
    seed_text = seen.get("seed", "").strip()
    if seed_text:
        try:
            seed = int(seed_text)
        except ValueError:
            raise RouteError(_("seed: {seed} is not a whole number", seed=repr(seed_text))) from None
        if not 0 <= seed <= MAX_SEED:
            raise RouteError(_("seed: {seed} is outside 0..{most}", seed=seed, most=MAX_SEED))
    else:
        # No seed: pick one, and the table writes it into the URL so the game stays linkable.
        seed = random.SystemRandom().randint(0, 999_999)
    delay = DEFAULT_DELAY_MS
    if "delay" in seen:
        try:
            delay = int(seen["delay"])
        except ValueError:
            raise RouteError(_("delay: {delay} is not a whole number of milliseconds",
                               delay=repr(seen["delay"]))) from None
        if not 0 <= delay <= MAX_DELAY_MS:
            raise RouteError(_("delay: {delay} is outside 0..{most} ms", delay=delay, most=MAX_DELAY_MS))
    deck = None
    if "deck" in seen:
        deck = tuple(card.strip() for card in seen["deck"].replace(" ", ",").split(",") if card.strip())
        if not deck:
            raise RouteError(_("deck: empty; list the cards in dealing order, like deck=bQ,rR,…"))
    undo = seen.get("undo", "1").strip().lower()
    if undo not in ("0", "1", "no", "yes"):
        raise RouteError(_("undo: {undo} is neither 1 (takebacks allowed) nor 0", undo=repr(seen["undo"])))
    options = {name: seen[name] for name in option_names if name in seen}
    broker = check_broker(seen.get("broker", ""))
    return PlaySetup(
        game_id=game_id,
        seats=seats,
        seed=seed,
        options=options,
        deck=deck,
        delay_ms=delay,
        seed_given=bool(seed_text),
        undo=undo in ("1", "yes"),
        broker=broker,
    )
