"""The contract every game in the project meets.

A game is a :class:`Game` (static description plus ``new``/``parse_action``) and its states are
immutable :class:`State` values: ``apply`` returns a new state and never changes the old one.
Randomness comes only from the seed, through ``random.Random`` instances derived from it, so the
same seed and moves give the same game in CPython and in Pyodide.
"""

from __future__ import annotations

import importlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

#: The pseudo-seat that applies timer-driven events (e.g. the end of a matching window).
#: ``to_act()`` lists it while such an event is due; the engine itself never reads a clock.
CLOCK = -1


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(EngineError, ValueError):
    """An action that the rules do not allow in this state (or for this seat).

    The state the action was applied to is left untouched. ``reason`` is why, on its own (a
    ``Reason`` a table phrases in its words, or plain text): the message also names the action
    and the seat, for logs and tracebacks.
    """

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason: str = message if reason is None else reason


class NotYourTurn(IllegalAction):
    """An action of a seat that is not to act now: ``to_act`` are the seats that are."""

    def __init__(self, message: str, reason: str | None = None, to_act: tuple[int, ...] = ()) -> None:
        super().__init__(message, reason)
        self.to_act = to_act


class GameIsOver(IllegalAction):
    """An action after the end of the game."""


def N_(message: str) -> str:
    """Mark ``message`` (an option's label, a reason's template) as a message of the app's
    catalog: the engine keeps its English, the UI says it in the reader's language (``pybabel``
    extracts the calls; nothing is translated here)."""
    return message


class InvalidNotation(IllegalAction):
    """Text that does not parse as an action of the game."""


class SeatRef(int):
    """A seat named in a ``Reason``: the engine says "seat 1", a table says the seat's name."""


class Reason(str):
    """Why an action is refused: a sentence of the engine's ("seat 1 holds 3 cards"), which also
    keeps its ``template`` and ``parts`` so that a table can say it in its own words.

    Template fields: ``{name}`` a part (a ``SeatRef`` part reads "seat N"), ``{name's}`` a
    part's possessive, ``{holds|hold}`` a verb that agrees with the part ``seat`` (the first form
    for a seat, the second when the table addresses that seat as "you"), ``{holds|hold@seat_x}``
    one that agrees with the part ``seat_x``. A part whose name starts with ``seat`` and holds a
    whole number is a seat. A plain ``str`` reason is a sentence with no parts.

    ``key`` is the reason's id for a reader: its ``template`` when that is fixed; a reason whose
    English is put together from the position (a round's totals, a list of victories) is made
    with ``Reason.keyed`` and carries in its parts, as data, all a reader needs to say it whole
    (the parts its template does not use included), so that no reader parses its English.
    """

    template: str
    parts: Mapping[str, Any]
    key: str

    def __new__(cls, template: str, /, **parts: Any) -> Reason:
        parts = {name: SeatRef(value) if name.startswith("seat") and isinstance(value, int) else value
                 for name, value in parts.items()}
        text = render_reason(template, parts, lambda seat: f"seat {seat}", None)
        reason = super().__new__(cls, text)
        reason.template = template
        reason.parts = parts
        reason.key = template
        return reason

    @classmethod
    def keyed(cls, key: str, template: str, /, **parts: Any) -> Reason:
        """A reason whose ``template`` varies with the position, known to readers by ``key``."""
        reason = cls(template, **parts)
        reason.key = key
        return reason


def render_reason(template: str, parts: Mapping[str, Any], seat_name: Callable[[int], str],
                  you: int | None) -> str:
    """``template`` with its fields filled (see ``Reason``): seats through ``seat_name``, the
    verbs agreeing with "you" when the part ``seat`` is the seat ``you``."""
    import string

    out: list[str] = []
    for literal, field_name, _spec, _conversion in string.Formatter().parse(template):
        out.append(literal)
        if field_name is None:
            continue
        if "|" in field_name:
            forms, _, subject = field_name.partition("@")
            third, second = forms.split("|", 1)
            out.append(second if you is not None and parts.get(subject or "seat") == you else third)
            continue
        owner = field_name.endswith("'s")
        value = parts[field_name[:-2] if owner else field_name]
        if isinstance(value, SeatRef):
            name = seat_name(value)
            out.append(possessive(name) if owner else name)
        else:
            out.append(possessive(str(value)) if owner else str(value))
    return "".join(out)


def reason_data(reason: str) -> dict[str, Any]:
    """A reason as JSON values: ``reason`` the engine's sentence, and for a ``Reason`` its
    ``reason_template`` and ``reason_parts`` too (and ``reason_key`` when it is not the
    template), so that a reader can phrase it again."""
    if not isinstance(reason, Reason):
        return {"reason": str(reason)}
    data = {"reason": str(reason), "reason_template": reason.template,
            "reason_parts": {name: json_value(value) for name, value in reason.parts.items()}}
    if reason.key != reason.template:
        data["reason_key"] = reason.key
    return data


#: Why a stacked deck is refused when no more precise reason is given (``SetupError.reason``).
NOT_A_DECK = Reason("the stacked deck is not a deck of this game")


def json_value(value: Any) -> Any:
    """``value`` with its tuples as lists, as JSON has them (a view equals its JSON round trip),
    and any other value (a card) as its notation."""
    if isinstance(value, (tuple, list)):
        return [json_value(item) for item in value]
    if isinstance(value, dict):
        return {str(key): json_value(item) for key, item in value.items()}
    if value is None or isinstance(value, (str, int, float)):
        return value
    return str(value)


def reason_of(data: Mapping[str, Any]) -> str:
    """The reason of ``data`` written by ``reason_data``: a ``Reason`` when it carries a template,
    else the plain sentence (what older records hold)."""
    template = data.get("reason_template")
    if isinstance(template, str):
        key = data.get("reason_key")
        parts = dict(data.get("reason_parts") or {})
        return Reason.keyed(key, template, **parts) if isinstance(key, str) else Reason(template, **parts)
    return str(data.get("reason", ""))


def nested_reason(reason: str, suffix: str) -> tuple[str, dict[str, Any]]:
    """``reason``'s template and parts with every part renamed ``<name><suffix>`` (its verbs
    agreeing with the renamed part), so that several reasons can share one template; a plain
    sentence becomes a template with no fields."""
    import string

    if not isinstance(reason, Reason):
        return str(reason).replace("{", "{{").replace("}", "}}"), {}
    out: list[str] = []
    for literal, field_name, _spec, _conversion in string.Formatter().parse(reason.template):
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if field_name is None:
            continue
        if "|" in field_name:
            forms, _, subject = field_name.partition("@")
            out.append(f"{{{forms}@{subject or 'seat'}{suffix}}}")
        elif field_name.endswith("'s"):
            out.append(f"{{{field_name[:-2]}{suffix}'s}}")
        else:
            out.append(f"{{{field_name}{suffix}}}")
    return "".join(out), {f"{name}{suffix}": value for name, value in reason.parts.items()}


def possessive(name: str) -> str:
    """``seat 1's``, ``Ann's``; "you" and "You" become "your" and "Your"."""
    if name in ("you", "You"):
        return name[0] + "our"
    return f"{name}'s"


class SetupError(EngineError, ValueError):
    """Bad arguments to ``Game.new`` (players, options, stacked deck) or a bad record. Where a
    person may have asked for it (a route's option or stacked deck), ``reason`` says why as a
    ``Reason`` a screen phrases; the message is for developers."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason: str | None = reason


@dataclass(frozen=True)
class Option:
    """One game option, described as data so that the setup screen and routes can offer it."""

    name: str
    label: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] = ()

    def coerce(self, value: Any) -> Any:
        """Turn ``value`` (a Python value or route text such as ``"0"``) into the option's type.

        Raises SetupError when the value cannot be one of the option's values.
        """
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise SetupError(f"option {self.name!r} takes true or false, not {value!r}",
                             Reason("option {option} takes true or false, not {value}", option=self.name,
                                    value=str(value)))
        if isinstance(self.default, int):
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise SetupError(f"option {self.name!r} takes a whole number, not {value!r}",
                                 Reason("option {option} takes a whole number, not {value}", option=self.name,
                                        value=str(value))) from None
            value = number
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise SetupError(f"option {self.name!r} takes one of {allowed}, not {value!r}",
                             Reason("option {option} takes one of {allowed}, not {value}", option=self.name,
                                    allowed=allowed, value=str(value)))
        return value


@dataclass(frozen=True)
class Result:
    """How a finished game (or match) ended.

    ``scores`` has one entry per seat; ``winners`` is empty when nobody won (a draw);
    ``reason`` says why it ended, for people: a ``Reason`` (template and parts, so that a table
    names the seats its own way) or, in older records, a plain sentence.
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """JSON values: the reason as ``reason_data`` writes it (its template kept)."""
        return {"scores": list(self.scores), "winners": list(self.winners), **reason_data(self.reason)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Result:
        """The result again from ``to_dict()``; raises SetupError for a dict that is not one."""
        try:
            return cls(scores=tuple(int(score) for score in data["scores"]),
                       winners=tuple(int(seat) for seat in data["winners"]), reason=reason_of(data))
        except (KeyError, TypeError, ValueError) as error:
            raise SetupError(f"not a result: {error!r}") from None


class Action:
    """Marker base class of action values (small frozen dataclasses; ``str()`` is notation)."""


class Verb(Action):
    """An action written as a lower-case verb and its arguments (``draw 3``, ``give KS``,
    ``skip``): the notation of every action that is not a card played alone.

    A subclass names its verb in the class line, ``class Give(Verb, verb="give")``; the
    arguments are its fields in order, each written by ``str`` unless ``arguments`` says
    otherwise (a pile shown from 1, a grid position as ``seat.slot``).
    """

    #: Set by ``@dataclass`` on each subclass: its fields, in order.
    __dataclass_fields__: ClassVar[dict[str, Any]]

    verb: ClassVar[str] = ""

    def __init_subclass__(cls, verb: str = "", **rest: Any) -> None:
        super().__init_subclass__(**rest)
        if verb:
            cls.verb = verb

    def arguments(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__dataclass_fields__)

    def __str__(self) -> str:
        return " ".join([self.verb, *map(str, self.arguments())])


V = TypeVar("V")


class LazyRegistry(Mapping[str, V]):
    """A mapping by game id whose values are made the first time they are asked for (``load``,
    which imports the module they live in): listing the ids or testing ``in`` imports nothing."""

    #: The ids, in the gallery's order, each with what ``load`` needs to make its value.
    WHERE: ClassVar[dict[str, Any]] = {}

    def __init__(self) -> None:
        self._loaded: dict[str, V] = {}

    def load(self, where: Any) -> V:
        raise NotImplementedError

    def __getitem__(self, game_id: str) -> V:
        if game_id not in self._loaded:
            if game_id not in self.WHERE:
                raise KeyError(game_id)
            self._loaded[game_id] = self.load(self.WHERE[game_id])
        return self._loaded[game_id]

    def __contains__(self, game_id: object) -> bool:
        return game_id in self.WHERE

    def __iter__(self) -> Iterator[str]:
        return iter(self.WHERE)

    def __len__(self) -> int:
        return len(self.WHERE)


class GameRegistry(LazyRegistry["Game"]):
    """The five games by id, in the gallery's order. A game's module is imported the first time
    the game is asked for (``GAMES["checks"]``), so a page that shows one game loads that game
    only. The core reads it (``State.game``, ``Record.replay``) without importing a game module
    at import time, so imports still run one way: the games import the core, never the reverse."""

    #: id -> (module, class) of each game.
    WHERE: ClassVar[dict[str, Any]] = {
        "checks": ("engine.checks", "Checks"),
        "checkmate": ("engine.checkmate", "Checkmate"),
        "private-checkers": ("engine.private_checkers", "PrivateCheckers"),
        "chess-cards": ("engine.chess_cards", "ChessCards"),
        "check": ("engine.check", "Check"),
    }

    def load(self, where: tuple[str, str]) -> Game:
        module, name = where
        game_class: type[Game] = getattr(importlib.import_module(module), name)
        return game_class()


#: Every game by id (see ``GameRegistry``).
GAMES = GameRegistry()

#: The keys every game's ``view(seat)`` carries, with the same meaning in all five games.
VIEW_KEYS: dict[str, str] = {
    "game": "the game's id",
    "seat": "the seat the view is for; None for a spectator",
    "players": "the number of seats",
    "options": "the game's options, every one resolved",
    "to_act": "the seats that may act now (CLOCK while a timed event is due)",
    "phase": "the stage of play, a short lower-case word the table draws from",
    "log": "what has happened, oldest first, as far as the seat may know it: objects that each "
           "carry at least 'kind' (what happened) and 'seat' (who did it, or None)",
    "result": "Result.to_dict() once the game is over, else None",
}

#: Keys a view carries when its game has the idea, always under this name and with this meaning.
SHARED_VIEW_KEYS: dict[str, str] = {
    "turn": "the seat whose turn it is",
    "dealer": "the seat that dealt the game being played",
    "hand": "the viewing seat's own hand, as card names (absent for a spectator)",
    "hand_sizes": "how many cards each seat holds in hand",
    "game_number": "which game of the match or series is being played, from 1",
    "games": "how many games the match or series has",
    "finished": "the games of the match or series already over, as GameSummary.to_dict()",
    "totals": "each seat's running total over the match or series",
}

#: Old spellings of shared keys; the conformance suite checks that no view uses them.
RETIRED_VIEW_KEYS: dict[str, str] = {
    "hand_counts": "hand_sizes", "events": "log", "moves": "log", "games_in_series": "games",
    "games_in_match": "games", "series_score": "totals", "tally": "totals",
}


@dataclass(frozen=True)
class State(ABC):
    """An immutable game state. Subclasses are frozen dataclasses that add their own fields.

    Every state carries what is needed to rebuild it from scratch: ``game_id``, ``seed``,
    ``players``, ``options``, ``deck`` (the stacked deck or ``None``) and ``history``, the
    ``(seat, action)`` pairs applied since ``Game.new``.
    """

    game_id: str
    seed: int
    players: int
    options: Mapping[str, Any] = field(hash=False)
    deck: tuple[str, ...] | None
    history: tuple[tuple[int, Action], ...]

    #: Names of per-state caches (worked out lazily, e.g. the legal actions): ``evolve`` does not
    #: carry them over to the new state, whose answers may differ.
    caches: ClassVar[tuple[str, ...]] = ()

    @property
    def game(self) -> Game:
        return GAMES[self.game_id]

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now (several in a real-time window, ``CLOCK`` for a due event)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """The actions ``seat`` may take now, in a deterministic order; ``()`` if none."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> State:
        """Return the state after ``action``; called only with a legal action."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game (or match) has ended; every action is then refused."""

    @abstractmethod
    def result(self) -> Result | None:
        """The final result, or ``None`` while the game is still being played."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-safe dict of exactly what ``seat`` may know (``None``: a spectator)."""

    def apply(self, seat: int, action: Action | str) -> State:
        """Return the state after ``seat`` takes ``action`` (an Action or its notation).

        Raises InvalidNotation for text that is not an action of this game, and IllegalAction
        (naming the action, the seat and the reason) for an action the rules refuse here.
        ``self`` is never modified.
        """
        if isinstance(action, str):
            action = self.game.parse_action(self, action)
        if self.is_over():
            raise GameIsOver(f"illegal action {str(action)!r} by seat {seat}: the game is over",
                             "the game is over")
        to_act = self.to_act()
        if seat not in to_act:
            raise NotYourTurn(
                f"illegal action {str(action)!r} by seat {seat}: it is not that seat's turn "
                f"(to act: {', '.join(map(str, to_act)) or 'nobody'})",
                "it is not that seat's turn", to_act)
        if action not in self.legal_actions(seat):
            why = self.why_illegal(seat, action)
            raise IllegalAction(f"illegal action {str(action)!r} by seat {seat}: {why}", why)
        return self._apply(seat, action)

    @abstractmethod
    def zones(self) -> dict[str, tuple[str, ...]]:
        """Where every card is now, zone name -> card names; together they hold the whole deck.

        The conformance suite checks card conservation with it: the multiset union of all zones
        equals ``game.deck_cards(players, options)`` at every step.
        """

    def why_illegal(self, seat: int, action: Action) -> str:
        """A reason, for people, why ``action`` is not legal for ``seat`` now."""
        return Reason("the rules do not allow it here")

    def view_head(self, seat: int | None) -> dict[str, Any]:
        """The keys a view opens with, the same in every game (``VIEW_KEYS``): the game, the
        seat the view is for, the number of seats and the resolved options, as JSON values."""
        return {"game": self.game_id, "seat": seat, "players": self.players,
                "options": dict(self.options)}


StateT = TypeVar("StateT", bound=State)


def evolve(state: StateT, **changes: Any) -> StateT:
    """A copy of ``state`` with ``changes``: ``dataclasses.replace`` without re-running
    ``__init__``, whose per-call field checks dominate a bot's search (thousands of actions per
    decision). The fields are immutable values, so the copy may share them."""
    new = object.__new__(type(state))
    fields = new.__dict__
    fields.update(state.__dict__)
    for cache in state.caches:
        fields.pop(cache, None)
    fields.update(changes)
    return new


ClassT = TypeVar("ClassT", bound=type)


def hash_once(cls: ClassT) -> ClassT:
    """A frozen state class whose hash (the dataclass's own, over every field) is worked out
    once per state: a long log or history makes it costly, and tests and searches hash the same
    state again and again. The value is kept in the state's ``_hash_cache``, which the class
    lists in its ``caches`` so that ``evolve`` drops it."""
    compute: Callable[[Any], int] = cls.__dict__["__hash__"]  # the one the dataclass wrote

    def __hash__(self: Any) -> int:
        cached: int | None = self.__dict__.get("_hash_cache")
        if cached is None:
            cached = self.__dict__["_hash_cache"] = compute(self)
        return cached

    cls.__hash__ = __hash__  # type: ignore[assignment]
    return cls


EntryT = TypeVar("EntryT")


def log_reader(read: Callable[[Mapping[str, Any]], EntryT],
               write: Callable[[EntryT], dict[str, Any]]) -> Callable[[Sequence[Any]], tuple[EntryT, ...]]:
    """``log -> tuple(read(entry) for entry in log)`` for a game's ``from_view``, remembering
    the last log it read: the views of one position (every seat's, read again for every deal
    of a search or a test) carry the same log, and comparing its dicts with the last one's is
    many times cheaper than building its entries again. It compares them with the entries'
    own dicts (``write``), never with the caller's, which the caller may change later."""
    last: tuple[list[dict[str, Any]], tuple[EntryT, ...]] | None = None

    def read_log(log: Sequence[Any]) -> tuple[EntryT, ...]:
        nonlocal last
        memo = last
        if memo is not None and log == memo[0]:
            return memo[1]
        entries = tuple(read(entry) for entry in log)
        last = ([write(entry) for entry in entries], entries)
        return entries

    return read_log


def with_seat(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    """``values`` (one entry per seat) with ``seat``'s entry replaced by ``value``."""
    return values[:seat] + (value,) + values[seat + 1:]


@dataclass(frozen=True)
class MatchState(State):
    """A state of a game played as a match or series of several games (Checks, Checkmate,
    Chess Cards): besides the contract fields, which game is being played and who dealt it,
    the summaries of the games already over, and whether the whole match is.

    ``over`` is keyword-only so that the game's own fields, which have no defaults, may follow
    it; a new match starts with it false.
    """

    #: Which game of the match or series is being played, from 1.
    game_number: int
    #: The seat that dealt the game being played.
    dealer: int
    #: The games of the match or series already over, oldest first.
    finished: tuple[GameSummary, ...]
    #: True once the last game is over: nobody acts any more and ``result()`` is set.
    over: bool = field(default=False, kw_only=True)

    #: What the game calls its run of games, for people ("match" or "series").
    match_name: ClassVar[str] = "match"

    def is_over(self) -> bool:
        return self.over

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's running total: the sum of what the finished games added to it."""
        return tuple(sum(game.scores[seat] for game in self.finished) for seat in range(self.players))

    def result(self) -> Result | None:
        """``match_result`` once the match is over (a game may show its own scores instead)."""
        return match_result(self.finished, self.totals, self.match_name) if self.over else None


@dataclass(frozen=True)
class GameSummary:
    """One finished game of a match or series, in every game that plays several.

    ``scores`` has one entry per seat (what the game added to each seat's total), ``winners`` is
    empty for a draw, ``reason`` says how it ended for people, and ``details`` holds what the
    game's own result panel shows besides (JSON-safe: card names, not cards).
    """

    number: int
    dealer: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    details: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @property
    def winner(self) -> int | None:
        """The one winner, or ``None`` for a draw (or a shared win)."""
        return self.winners[0] if len(self.winners) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number, "dealer": self.dealer, "scores": list(self.scores),
            "winners": list(self.winners), "winner": self.winner, **reason_data(self.reason),
            "details": dict(self.details),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSummary:
        """The summary again from ``to_dict()``; raises SetupError for a dict that is not one."""
        try:
            return cls(
                number=int(data["number"]), dealer=int(data["dealer"]),
                scores=tuple(int(score) for score in data["scores"]),
                winners=tuple(int(seat) for seat in data["winners"]), reason=reason_of(data),
                details=dict(data.get("details") or {}),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise SetupError(f"not a game summary: {error!r}") from None


def sole_leader(counts: Sequence[int]) -> tuple[int, ...]:
    """The one seat with the highest count, or nobody ``()`` when several share it."""
    best = max(counts)
    leaders = tuple(seat for seat, count in enumerate(counts) if count == best)
    return leaders if len(leaders) == 1 else ()


def match_result(finished: Sequence[GameSummary], totals: tuple[int, ...], name: str = "match",
                 scores: tuple[int, ...] | None = None) -> Result:
    """How a match (or, by ``name``, a series) of ``finished`` games ended, in every game that
    plays several.

    A single game ends as that game did (``scores``: its own points, shown instead of the
    totals). Over several games the one seat with the highest total wins, a shared lead is a
    draw, and the reason gives the totals and how each game ended ("series 2-1: game 1: ...").
    """
    if len(finished) == 1:
        only = finished[0]
        return Result(scores=scores or totals, winners=only.winners, reason=only.reason)
    templates: list[str] = []
    parts: dict[str, Any] = {}
    for game in finished:
        template, game_parts = nested_reason(game.reason, f"_g{game.number}")
        templates.append(f"game {game.number}: {template}")
        parts.update(game_parts)
    # Readers say it from its key: each game's reason as data (``games``), the totals, the name.
    reason = Reason.keyed(MATCH_OVER, f"{name} {'-'.join(map(str, totals))}: {'; '.join(templates)}", **parts,
                          games=[{"number": game.number, **reason_data(game.reason)} for game in finished],
                          totals=list(totals), match=name)
    return Result(scores=totals, winners=sole_leader(totals), reason=reason)


#: The key of a match's or a series' reason (``match_result``).
MATCH_OVER = "match over"


class Game(ABC):
    """A game: its identity, seat range and options, and how to start and read it."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    #: True when no seat ever has hidden information (then ``determinize`` is the identity).
    perfect_information: ClassVar[bool] = False

    def new(
        self,
        seed: int = 0,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        deck: Sequence[Any] | str | None = None,
    ) -> State:
        """Start a game. ``deck`` stacks the deck (see the game's docstring for its order).

        Raises SetupError for a seat count outside the game's range, an unknown option or value,
        or a deck that is not a permutation of the game's cards.
        """
        if players is None:
            players = self.min_players
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"{self.id}: the seed must be a whole number, not {seed!r}")
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise SetupError(
                f"{self.id}: {players!r} players is outside {self.min_players}..{self.max_players}"
            )
        if isinstance(deck, str):
            deck = [part for part in deck.replace(" ", ",").split(",") if part]
        return self._new(seed, players, self.resolve_options(options), deck)

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """All options of the game with defaults filled in and values coerced; SetupError if bad."""
        known = {option.name: option for option in self.options}
        resolved = {name: option.default for name, option in known.items()}
        for name, value in (options or {}).items():
            if name not in known:
                names = ", ".join(known) or "none"
                raise SetupError(f"{self.id}: unknown option {name!r} (options: {names})")
            resolved[name] = known[name].coerce(value)
        return resolved

    @abstractmethod
    def _new(
        self, seed: int, players: int, options: dict[str, Any], deck: Sequence[Any] | None
    ) -> State:
        """Deal a new game from already-validated arguments."""

    @abstractmethod
    def deck_cards(self, players: int, options: Mapping[str, Any]) -> tuple[str, ...]:
        """Every card the game is played with (a multiset, as names), for card conservation."""

    @abstractmethod
    def parse_action(self, state: State, text: str) -> Action:
        """Parse notation into an Action of this game; raises InvalidNotation."""

    def from_view(self, view: Mapping[str, Any], rng: random.Random | None = None) -> State:
        """A full state consistent with ``view`` (what one seat may know), to search from.

        Every card the view does not show is dealt at random by ``rng``; what the view shows
        (and what its seat remembers, when the view carries that) is kept. Bots build their
        search states only through this, so they cannot read what their seat may not see.
        The rebuilt state's history may be shorter than the real one's; its legal actions and
        future are the same. Raises SetupError for a dict that is not a view of this game.
        """
        raise NotImplementedError(f"{self.id} must implement from_view")

    def dealer_for(self, view: Mapping[str, Any]) -> Callable[[random.Random], State]:
        """``from_view`` split in two: read ``view`` once, then deal many states from it.

        ``dealer_for(view)(rng)`` is the same state as ``from_view(view, rng)``; a search that
        deals thousands of states from one view reads it once. A game whose view is costly to
        read overrides this (and builds ``from_view`` on it). Raises what ``from_view`` raises.
        """
        return lambda rng: self.from_view(view, rng)

    def dealer(self, state: State, seat: int) -> Callable[[random.Random], State]:
        """``determinize(state, seat, ·)`` as a function of the generator: the view is built and
        read once, and each call deals a full state from it. A search, a takeback's check or a
        test that reshuffles one position for one seat many times uses this.
        """
        if self.perfect_information:
            return lambda rng: state
        return self.dealer_for(state.view(seat))

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A full state consistent with what ``seat`` knows, hidden cards reshuffled by ``rng``.

        Defined through the view (``dealer_for(state.view(seat))``, which deals as
        ``from_view`` does), so it cannot use more than the view.
        """
        return self.dealer(state, seat)(rng)


def deal_order(
    game_id: str, seed: int, deck: Sequence[Any] | None, cards: Sequence[Any],
    parse: Callable[[Any], Any],
) -> tuple[list[Any], tuple[str, ...] | None]:
    """The order a new game deals ``cards`` in, and the stacked deck to keep in the state.

    Without ``deck``: ``cards`` shuffled by ``random.Random(seed)`` (and ``None``). With it: each
    entry turned into a card by ``parse`` (which raises InvalidNotation), and the names again.
    Raises SetupError when ``deck`` is not exactly ``cards`` in some order.
    """
    if deck is None:
        order = list(cards)
        random.Random(seed).shuffle(order)
        return order, None
    try:
        order = [parse(card) for card in deck]
    except InvalidNotation as error:
        card = error.reason.parts.get("card", "") if isinstance(error.reason, Reason) else ""
        raise SetupError(f"{game_id}: bad stacked deck: {error}",
                         Reason("the stacked deck names an invalid card: {card}", card=card)) from None
    if len(order) != len(cards) or set(order) != set(cards):
        raise SetupError(
            f"{game_id}: a stacked deck lists each of the {len(cards)} cards exactly once "
            f"(got {len(order)} cards, {len(set(order))} different)",
            Reason("a stacked deck lists each of the {count} cards exactly once (got {got} cards, {different} "
                   "different)", count=len(cards), got=len(order), different=len(set(order))))
    return order, tuple(str(card) for card in order)


@dataclass(frozen=True)
class Record:
    """Everything needed to replay a game: its setup and the moves in notation."""

    game: str
    seed: int
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    deck: list[str] | None = None
    moves: list[tuple[int, str]] = field(default_factory=list)

    @classmethod
    def from_state(cls, state: State) -> Record:
        return cls(
            game=state.game_id,
            seed=state.seed,
            players=state.players,
            options=dict(state.options),
            deck=None if state.deck is None else list(state.deck),
            moves=[(seat, str(action)) for seat, action in state.history],
        )

    def to_json(self) -> str:
        return json.dumps(
            {
                "game": self.game,
                "seed": self.seed,
                "players": self.players,
                "options": self.options,
                "deck": self.deck,
                "moves": [[seat, text] for seat, text in self.moves],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a record; raises SetupError (with what is wrong) for text that is not one."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise SetupError(f"not a game record: {error}") from None
        if not isinstance(data, dict):
            raise SetupError("not a game record: expected a JSON object")
        missing = [key for key in ("game", "seed", "players", "moves") if key not in data]
        if missing:
            raise SetupError(f"not a game record: missing {', '.join(missing)}")
        for key in ("seed", "players"):
            if isinstance(data[key], bool) or not isinstance(data[key], int):
                raise SetupError(f"not a game record: {key} must be a whole number")
        moves = data["moves"]
        if not isinstance(moves, list) or not all(
            isinstance(move, list) and len(move) == 2 and isinstance(move[0], int)
            and isinstance(move[1], str)
            for move in moves
        ):
            raise SetupError("not a game record: moves must be [seat, notation] pairs")
        deck = data.get("deck")
        if deck is not None and not (
            isinstance(deck, list) and all(isinstance(card, str) for card in deck)
        ):
            raise SetupError("not a game record: deck must be a list of card names")
        options = data.get("options")
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise SetupError("not a game record: options must be an object")
        return cls(
            game=str(data["game"]),
            seed=data["seed"],
            players=data["players"],
            options=options,
            deck=deck,
            moves=[(seat, notation) for seat, notation in moves],
        )

    def replay(self) -> State:
        """The state reached by replaying the record move by move.

        Raises SetupError for an unknown game or bad setup, IllegalAction (with the move number)
        for a move the rules refuse.
        """
        return self.states()[-1]

    def states(self) -> list[State]:
        """Every state of the game in order: the start, then the state after each move (what
        a replay steps through and a takeback returns to). Raises as ``replay`` does."""
        if self.game not in GAMES:
            raise SetupError(f"unknown game {self.game!r} (games: {', '.join(GAMES)})")
        state = GAMES[self.game].new(
            seed=self.seed, players=self.players, options=self.options, deck=self.deck
        )
        states = [state]
        for number, (seat, notation) in enumerate(self.moves, start=1):
            try:
                state = state.apply(seat, notation)
            except IllegalAction as error:
                raise type(error)(f"record move {number}: {error}") from None
            states.append(state)
        return states
