"""Saved games: how a game is kept in the browser, and the store that keeps them.

Every game in progress is written after each action, so a reload, Back/Forward or a closed tab
loses nothing; a finished game moves to the local history (the last ``HISTORY_LIMIT``) and counts
in the person's statistics against the bot levels they played.

One value per game, JSON with a schema version: the engine's ``Record`` (setup and moves in
notation, so a save is also a file the replay viewer opens) plus who sat where and how the table
was set up. Why ``localStorage`` rather than IndexedDB: it is synchronous, so the game is on disk
before the click that played the move returns (nothing is lost when the tab closes a moment
later), and a game record is a few kilobytes, far below its quota.

Pure Python (no browser import): the store works on any object with the Web Storage methods
(``getItem``, ``setItem``, ``removeItem``, ``key``, ``length``); the page hands it
``window.localStorage`` and tests a ``MemoryStorage``.
"""

from __future__ import annotations

import base64
import json
import random
import time
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine import Record, SetupError
from ui.app.play_setup import PlaySetup, SeatSpec, clean_name
from ui.app.routes import DEFAULT_DELAY_MS
from ui.kit.i18n import _, ngettext
from ui.storage.keys import DONE_KEY, GAME_KEY, ROOM_KEY, STATS_KEY, lists_anything, stored_keys

#: Bumped when the saved format changes in a way older code cannot read.
SCHEMA = 1
#: Finished games kept; the oldest goes when a new one would make more.
HISTORY_LIMIT = 100
_ID_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: ids are read aloud sometimes


class SaveError(ValueError):
    """A saved value that cannot be read; the message says why, in words for people (a message
    of the catalog); ``detail`` is the engine's own text, where it refused, for developers."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


class StorageError(Exception):
    """The browser refused to keep something (storage full, disabled, private mode)."""


@dataclass(frozen=True)
class SavedGame:
    """A game as it is kept: its record, its seats and the table's settings."""

    id: str
    record: Record
    seats: tuple[SeatSpec, ...]
    #: The person asked for this deal (a seed in the route): it may be shown during play.
    seed_given: bool = False
    delay_ms: int = DEFAULT_DELAY_MS
    #: Takebacks allowed (a setup option).
    undo: bool = True
    #: Games of a match or series whose result a person has dismissed.
    shown: int = 0
    created: float = 0.0  # ms since the epoch
    updated: float = 0.0
    #: Set once the game (or match) is over: its scores, winners and reason.
    result: Mapping[str, Any] | None = None
    #: A game with friends on other devices: its room (``ui.friends.room.HostRoom.data``), so
    #: that a reload opens the same room and each friend's token takes their seat back.
    room: Mapping[str, Any] | None = None

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def ply(self) -> int:
        """Actions played so far."""
        return len(self.record.moves)

    def setup(self) -> PlaySetup:
        """The play setup this game was started with (its seed, options and stacked deck)."""
        return PlaySetup(game_id=self.game, seats=self.seats, seed=self.record.seed,
                         options=dict(self.record.options),
                         deck=None if self.record.deck is None else tuple(self.record.deck),
                         delay_ms=self.delay_ms, seed_given=self.seed_given, undo=self.undo)

    def opponents(self) -> list[str]:
        """Who plays against the people: bot names, or every name when only people play."""
        bots = [seat.name for seat in self.seats if seat.is_bot]
        return bots or [seat.name for seat in self.seats]

    def to_json(self) -> str:
        return json.dumps({
            "schema": SCHEMA,
            "id": self.id,
            "record": json.loads(self.record.to_json()),
            "seats": [{"kind": seat.kind, "name": seat.name, "level": seat.level} for seat in self.seats],
            "seed_given": self.seed_given,
            "delay": self.delay_ms,
            "undo": self.undo,
            "shown": self.shown,
            "created": self.created,
            "updated": self.updated,
            "result": None if self.result is None else dict(self.result),
            **({"room": dict(self.room)} if self.room is not None else {}),
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: Any) -> SavedGame:
        """Read a saved game. Raises SaveError naming what is wrong (not JSON, another
        version's format, a field of the wrong kind, a record the engine cannot read)."""
        if not isinstance(text, str):
            raise SaveError(_("nothing readable is stored"))
        try:
            data = json.loads(text)
        except ValueError:
            raise SaveError(_("not a saved game (the stored text is not JSON)")) from None
        if not isinstance(data, dict):
            raise SaveError(_("not a saved game (expected a JSON object)"))
        schema = data.get("schema")
        if schema != SCHEMA:
            raise SaveError(_("saved in another format (schema {schema}; this version reads {version})",
                              schema=repr(schema), version=SCHEMA))
        try:
            record = Record.from_json(json.dumps(data["record"]))
            seats = tuple(_seat(item) for item in data["seats"])
            saved = cls(
                id=_text(data["id"], "id"),
                record=record,
                seats=seats,
                seed_given=bool(data.get("seed_given", False)),
                delay_ms=_number(data.get("delay", DEFAULT_DELAY_MS), "delay"),
                undo=bool(data.get("undo", True)),
                shown=_number(data.get("shown", 0), "shown"),
                created=float(_number(data.get("created", 0), "created")),
                updated=float(_number(data.get("updated", 0), "updated")),
                result=_result(data.get("result")),
                room=_room(data.get("room")),
            )
        except KeyError as missing:
            raise SaveError(_("not a saved game (missing {missing})", missing=missing)) from None
        except SetupError as error:
            raise SaveError(_("not a saved game (its record is not one this version reads)"), str(error)) from None
        if len(saved.seats) != record.players:
            raise SaveError(_("not a saved game ({seats} seats for {players} players)", seats=len(saved.seats),
                              players=record.players))
        return saved


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str) or not value:
        raise SaveError(f"not a saved game ({name} must be text)")
    return value


def _number(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SaveError(f"not a saved game ({name} must be a number)")
    return int(value)


def _seat(item: Any) -> SeatSpec:
    if not isinstance(item, dict) or item.get("kind") not in ("human", "bot", "friend"):
        raise SaveError("not a saved game (a seat must be a person, a bot or a friend)")
    return SeatSpec(item["kind"], _text(item.get("name"), "a seat's name"), str(item.get("level", "")))


def _room(value: Any) -> Mapping[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("code"), str) \
            or not isinstance(value.get("friends"), list):
        raise SaveError("not a saved game (a room needs its code and its friends)")
    return value


def _result(value: Any) -> Mapping[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("winners"), list) \
            or not isinstance(value.get("scores"), list):
        raise SaveError("not a saved game (a result needs scores and winners)")
    return value


@dataclass(frozen=True)
class Listed:
    """One entry of a list of saved games: the game, or why its stored value cannot be read."""

    id: str
    saved: SavedGame | None
    problem: str = ""


@dataclass
class Tally:
    """A person's results against one bot level."""

    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0

    def to_list(self) -> list[int]:
        return [self.played, self.won, self.drawn, self.lost]


def outcome(saved: SavedGame) -> tuple[str, str] | None:
    """(bot levels, "won"/"drawn"/"lost") of a finished game one person played against bots;
    None for games among people, among bots only, or not finished."""
    people = [seat for seat, spec in enumerate(saved.seats) if not spec.is_bot]
    if saved.result is None or len(people) != 1 or len(people) == len(saved.seats):
        return None
    winners = set(saved.result["winners"])
    if not winners or len(winners) == len(saved.seats):
        return against(saved.seats), "drawn"
    return against(saved.seats), "won" if people[0] in winners else "lost"


def against(seats: Sequence[SeatSpec]) -> str:
    """The bot levels of a table, as the statistics group them ("hard", or "easy + hard")."""
    found: list[str] = []
    for seat in seats:
        if seat.is_bot and seat.level not in found:
            found.append(seat.level)
    return " + ".join(found)


class Store:
    """The saved games of one browser: games in progress, the history, the statistics.

    ``problem`` is set (and nothing is kept across visits) when the browser gave no storage;
    every write that the browser refuses raises StorageError, and the game goes on.
    """

    def __init__(self, storage: Any, problem: str = "", *,
                 clock: Callable[[], float] | None = None, rng: random.Random | None = None) -> None:
        self.storage = storage
        self.problem = problem
        self.clock = clock or (lambda: time.time() * 1000)
        self.rng = rng or random.SystemRandom()

    # -- raw access ------------------------------------------------------------------------

    def _get(self, key: str) -> str | None:
        try:
            value = self.storage.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except Exception as error:
            raise StorageError(_refusal(error)) from None

    def _remove(self, key: str) -> None:
        try:
            self.storage.removeItem(key)
        except Exception as error:
            raise StorageError(_refusal(error)) from None

    def _keys(self, prefix: str) -> Iterator[str]:
        return iter(stored_keys(self.storage, prefix))

    # -- games in progress -----------------------------------------------------------------

    def new_id(self) -> str:
        while True:
            candidate = "".join(self.rng.choice(_ID_LETTERS) for _ in range(10))
            if self._get(GAME_KEY + candidate) is None and self._get(DONE_KEY + candidate) is None:
                return candidate

    def now(self) -> float:
        return float(self.clock())

    def save(self, saved: SavedGame) -> SavedGame:
        """Write a game in progress (stamped with the time); raises StorageError if refused."""
        saved = replace(saved, updated=self.now())
        self._set(GAME_KEY + saved.id, saved.to_json())
        return saved

    def load(self, game_id: str) -> SavedGame:
        """The saved game ``game_id``, in progress or finished. Raises SaveError if there is
        none (discarded, or saved in another browser) or it cannot be read."""
        for prefix in (GAME_KEY, DONE_KEY):
            text = self._get(prefix + game_id)
            if text is not None:
                saved = SavedGame.from_json(text)
                if saved.id != game_id:
                    raise SaveError(f"the game stored as {game_id!r} says it is {saved.id!r}")
                return saved
        raise SaveError(f"there is no saved game {game_id!r} in this browser "
                        "(it was discarded, or saved in another browser)")

    def games(self, game: str | None = None) -> list[Listed]:
        """Games in progress (of ``game``, or all), the latest played first; a value that
        cannot be read is listed with its problem, never dropped."""
        return self._listed(GAME_KEY, game)

    def discard(self, game_id: str) -> None:
        self._remove(GAME_KEY + game_id)

    def lists_anything(self) -> bool:
        """Whether a list of this store above the gallery would show anything (told from the
        keys alone: nothing is parsed)."""
        return lists_anything(self.storage, self.problem)

    # -- rooms joined from this device ------------------------------------------------------

    def ticket(self, code: str) -> dict[str, Any] | None:
        """What this device keeps of room ``code`` it joined (``game``, ``seat``, ``name``,
        ``token``, ``broker``, ``joined``): its token takes the seat back; None if none."""
        text = self._get(ROOM_KEY + code)
        try:
            data = json.loads(text) if text is not None else None
        except ValueError:
            return None
        return data if isinstance(data, dict) and isinstance(data.get("token"), str) else None

    def keep_ticket(self, code: str, ticket: Mapping[str, Any]) -> None:
        """Keep the seat this device holds in room ``code``. Raises StorageError if refused."""
        self._set(ROOM_KEY + code, json.dumps({**ticket, "joined": self.now()}, separators=(",", ":")))

    def drop_ticket(self, code: str) -> None:
        self._remove(ROOM_KEY + code)

    def tickets(self) -> list[tuple[str, dict[str, Any]]]:
        """The rooms this device joined, the latest first."""
        found = []
        for key in self._keys(ROOM_KEY):
            ticket = self.ticket(key[len(ROOM_KEY):])
            if ticket is not None:
                found.append((key[len(ROOM_KEY):], ticket))
        return sorted(found, key=lambda item: -float(item[1].get("joined", 0)))

    # -- history and statistics ------------------------------------------------------------

    def finish(self, saved: SavedGame) -> SavedGame:
        """Move a finished game to the history and count it in the statistics (once: a game
        already in the history is only rewritten). Raises StorageError if refused."""
        saved = replace(saved, updated=self.now())
        first_time = self._get(DONE_KEY + saved.id) is None
        self._set(DONE_KEY + saved.id, saved.to_json())
        self._remove(GAME_KEY + saved.id)
        if first_time:
            self._count(saved)
            self._trim()
        return saved

    def history(self, game: str | None = None) -> list[Listed]:
        """Finished games (of ``game``, or all), the latest first."""
        return self._listed(DONE_KEY, game)

    def forget(self, game_id: str) -> None:
        """Remove a finished game from the history (its statistics stay)."""
        self._remove(DONE_KEY + game_id)

    def stats(self, game: str) -> dict[str, Tally]:
        """The person's results in ``game`` by the bot levels played against."""
        table = self._stats().get(game, {})
        return {level: Tally(*counts) for level, counts in table.items()}

    def _stats(self) -> dict[str, dict[str, list[int]]]:
        text = self._get(STATS_KEY)
        try:
            data = json.loads(text) if text else {}
            games = data.get("games", {}) if data.get("schema") == SCHEMA else {}
            return {game: {level: [int(n) for n in counts][:4] for level, counts in levels.items()}
                    for game, levels in games.items()}
        except (ValueError, TypeError, AttributeError):
            return {}  # unreadable statistics start again; games are never dropped this way

    def _count(self, saved: SavedGame) -> None:
        verdict = outcome(saved)
        if verdict is None:
            return
        level, how = verdict
        games = self._stats()
        tally = Tally(*games.setdefault(saved.game, {}).get(level, [0, 0, 0, 0]))
        tally.played += 1
        setattr(tally, how, getattr(tally, how) + 1)
        games[saved.game][level] = tally.to_list()
        self._set(STATS_KEY, json.dumps({"schema": SCHEMA, "games": games}))

    def _trim(self) -> None:
        done = self._listed(DONE_KEY, None)
        for item in done[HISTORY_LIMIT:]:
            self._remove(DONE_KEY + item.id)

    def _listed(self, prefix: str, game: str | None) -> list[Listed]:
        found: list[Listed] = []
        for key in self._keys(prefix):
            game_id = key[len(prefix):]
            try:
                saved = SavedGame.from_json(self._get(key))
            except SaveError as error:
                found.append(Listed(game_id, None, str(error)))
                continue
            if game is None or saved.game == game:
                found.append(Listed(game_id, saved))
        # Unreadable ones first (they need a decision), then the latest played.
        found.sort(key=lambda item: (item.saved is not None, -(item.saved.updated if item.saved else 0)))
        return found


def _refusal(error: BaseException) -> str:
    text = str(error)
    if "quota" in text.lower():
        return "the browser's storage for this site is full"
    return f"the browser refused to store it ({text.splitlines()[0] if text else type(error).__name__})"


# -- records as files and links ---------------------------------------------------------------

def record_json(record: Record, names: Sequence[str] | None = None) -> str:
    """A record as a file: the engine's Record JSON, with the players' ``names`` beside it (the
    engine ignores them; the replay viewer shows them)."""
    data = json.loads(record.to_json())
    if names is not None:
        data["names"] = list(names)
    return json.dumps(data)


def read_record(text: str) -> tuple[Record, list[str] | None]:
    """A record file's record and players' names (None when it has none that fit). Raises
    SetupError with the engine's message for text that is not a record."""
    record = Record.from_json(text)
    names = json.loads(text).get("names")
    if isinstance(names, list) and len(names) == record.players and all(isinstance(n, str) for n in names):
        cleaned = [clean_name(name) for name in names]
        return record, [name or _("Seat {number}", number=seat + 1) for seat, name in enumerate(cleaned)]
    return record, None


def pack_record(record: Record, names: Sequence[str] | None = None) -> str:
    """A record as URL-safe text (JSON, deflated, base64url): the ``r=`` of a replay link."""
    raw = zlib.compress(record_json(record, names).encode("utf-8"), 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def unpack_record(text: str) -> tuple[Record, list[str] | None]:
    """The record (and names) of a replay link's ``r=``. Raises SetupError when it is not one."""
    try:
        raw = base64.urlsafe_b64decode(text.strip() + "=" * (-len(text.strip()) % 4))
        data = zlib.decompress(raw).decode("utf-8")
    except (ValueError, zlib.error, UnicodeDecodeError):
        raise SetupError(_("not a game record: the link's data is damaged (was it cut short?)")) from None
    return read_record(data)


def ago(then_ms: float, now_ms: float) -> str:
    """When, in words: "just now", "5 min ago", "3 h ago", "2 days ago"."""
    seconds = max(0.0, (now_ms - then_ms) / 1000)
    if seconds < 60:
        return _("just now")
    if seconds < 3600:
        return ngettext("{n} min ago", "{n} min ago", int(seconds // 60))
    if seconds < 86400:
        return ngettext("{n} h ago", "{n} h ago", int(seconds // 3600))
    days = int(seconds // 86400)
    return _("yesterday") if days == 1 else ngettext("{n} day ago", "{n} days ago", days)
