"""Engine conformance suite: every game registered in ``engine.GAMES`` passes it unchanged.

It is written only against the contract of ``engine.core`` (see ``ARCHITECTURE.md``), never against a
particular game, and is parametrized over every game id and a few seat counts (the minimum, the
maximum and one in between). Hypothesis draws the setups (seed, options, sometimes a stacked
deck) and the seed of the random playout; every playout must end within ``MAX_ACTIONS`` actions.

Invariants (one test each, so a failure names the broken rule):

1. seeded random playouts always end, with a well-formed ``Result`` (``None`` before the end);
2. a live game always offers someone a legal action; seats not in ``to_act()`` have none;
3. ``apply`` never mutates its state, neither when it succeeds nor when it refuses;
4. the same seed and moves give the same trajectory, state by state and view by view;
5. records replay exactly, at random points and at the end;
6. after the end every action is refused with ``IllegalAction``;
7. every view is JSON-safe, and a seat's view (and legal actions) do not change when the cards
   it cannot see are reshuffled by ``game.determinize``;
8. card conservation: the zones together always hold exactly ``game.deck_cards(...)``;
9. notation round-trips, and applying the notation equals applying the action;
10. garbage notation raises ``InvalidNotation``, a seat acting out of turn ``IllegalAction``;
11. ``Game.new`` refuses bad setups with ``SetupError``;
12. indistinguishability: two deals that differ only in cards a seat cannot see give that seat
    equal views (and legal actions) after the same plays, so no view leaks a hidden card by
    anything it derives from it (a total, a count, an order);
13. every view speaks the shared vocabulary of ``engine.core``: the keys of ``VIEW_KEYS``, the
    names of ``SHARED_VIEW_KEYS`` where the game has the idea, none of ``RETIRED_VIEW_KEYS``.

``CONFORMANCE_EXAMPLES`` (environment) sets the number of Hypothesis examples per test and case.
"""

from __future__ import annotations

import json
import os
import random
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import CLOCK, GAMES, Action, EngineError, Game, GameSummary, Option, Record, State
from engine.core import (
    RETIRED_VIEW_KEYS,
    SHARED_VIEW_KEYS,
    VIEW_KEYS,
    IllegalAction,
    InvalidNotation,
    Result,
    SetupError,
)
from support import (
    json_view,
    mentions,
    playout,
    random_actor,
    random_policy,
    snapshot,
    stacked_playout,
    twins,
    view_text,
)

#: A playout still running after this many actions fails the test: games must end.
MAX_ACTIONS = 5000
#: Per-step checks that cost a lot (determinize, apply-by-notation) run on every step of the
#: first ``DENSE_STEPS`` steps, then on a random ``SPARSE_RATE`` of the later ones.
DENSE_STEPS = 60
SPARSE_RATE = 0.2
#: How many actions per seat and step are also applied by notation (all are parsed back).
APPLY_SAMPLE = 3
#: How many reshuffles of the hidden cards are compared per seat and step.
DETERMINIZATIONS = 2

EXAMPLES = int(os.environ.get("CONFORMANCE_EXAMPLES", "30"))

SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Text that is not the notation of any action of any game.
GARBAGE = (
    "",
    "   ",
    "\x00",
    "?!?",
    "((((",
    "not a move at all",
    "zz zz zz zz",
    "\U0001f0a1\U0001f0b1",
    "<b>x</b>",
    "{}",
)


# --- Cases -------------------------------------------------------------------------------------


def seat_counts(game: Game) -> list[int]:
    """The minimum, the maximum and one seat count in between (when they differ)."""
    low, high = game.min_players, game.max_players
    return sorted({low, (low + high) // 2, high})


CASES = [
    pytest.param(game_id, players, id=f"{game_id}-{players}p")
    for game_id in sorted(GAMES)
    for players in seat_counts(GAMES[game_id])
]
GAME_IDS = [pytest.param(game_id, id=game_id) for game_id in sorted(GAMES)]


def per_case(test: Callable[..., None]) -> Callable[..., None]:
    """Run ``test(game_id, players, data)`` for every case, Hypothesis drawing from ``data``."""
    return pytest.mark.parametrize("game_id, players", CASES)(SETTINGS(given(data=st.data())(test)))


def resolved_options(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """Every option of ``game`` with the defaults filled in (``options`` are already typed)."""
    return {option.name: options.get(option.name, option.default) for option in game.options}


@dataclass(frozen=True)
class Setup:
    """One drawn game: how to start it and which seed drives the random playout."""

    game_id: str
    seed: int
    players: int
    options: dict[str, Any]
    deck: tuple[str, ...] | None
    moves_seed: int

    @property
    def game(self) -> Game:
        return GAMES[self.game_id]

    def new(self) -> State:
        return self.game.new(
            seed=self.seed,
            players=self.players,
            options=dict(self.options),
            deck=None if self.deck is None else list(self.deck),
        )

    def deck_cards(self) -> Counter[str]:
        return Counter(self.game.deck_cards(self.players, resolved_options(self.game, self.options)))


def option_values(option: Option) -> st.SearchStrategy[Any]:
    if isinstance(option.default, bool):
        return st.booleans()
    if option.choices:
        return st.sampled_from(option.choices)
    return st.just(option.default)


@st.composite
def setups(draw: Any, game_id: str, players: int) -> Setup:
    game = GAMES[game_id]
    seed = draw(st.integers(min_value=-(2**31), max_value=2**53))
    options = {
        option.name: draw(option_values(option))
        for option in game.options
        if draw(st.booleans())  # sometimes leave an option out: its default applies
    }
    if draw(st.integers(0, 3)) == 0:
        # A quarter of the games turn every on/off option away from its default at once, so
        # combinations of variants (all of them on, say) are played, not only single ones.
        options.update({option.name: not option.default for option in game.options
                        if isinstance(option.default, bool)})
    deck = None
    if draw(st.integers(0, 3)) == 0:  # a quarter of the games from a stacked deck
        cards = sorted(game.deck_cards(players, resolved_options(game, options)))
        deck = tuple(draw(st.permutations(cards)))
    moves_seed = draw(st.integers(0, 2**32 - 1))
    return Setup(game_id, seed, players, options, deck, moves_seed)


# --- Playouts ----------------------------------------------------------------------------------


def all_seats(state: State) -> list[int]:
    """Every seat of the game and the CLOCK pseudo-seat."""
    return [*range(state.players), CLOCK]


def movers(state: State) -> list[tuple[int, tuple[Action, ...]]]:
    """The seats that may act now with their (non-empty) legal actions."""
    return [(seat, actions) for seat in state.to_act() if (actions := state.legal_actions(seat))]


@dataclass(frozen=True)
class Trajectory:
    """A finished random playout of ``setup``: ``states[i + 1] == states[i].apply(*moves[i])``."""

    setup: Setup
    states: list[State]

    @property
    def final(self) -> State:
        return self.states[-1]

    @property
    def moves(self) -> tuple[tuple[int, Action], ...]:
        return self.final.history

    def sampled(self, salt: int) -> tuple[random.Random, set[int]]:
        """A generator of the test's own (seeded by the setup and ``salt``) and the indices of
        the states that get its costly checks: all early ones, a sample of the rest."""
        rng = random.Random(self.setup.moves_seed + salt)
        count = len(self.states)
        return rng, {i for i in range(count) if i < DENSE_STEPS or rng.random() < SPARSE_RATE}


def play(setup: Setup) -> Trajectory:
    """Play ``setup`` to the end, any seat that may act (CLOCK included) taking a random legal
    action; fails at ``MAX_ACTIONS``."""
    try:
        states = list(playout(
            setup.game_id, setup.seed, players=setup.players, options=dict(setup.options),
            deck=None if setup.deck is None else list(setup.deck), moves_seed=setup.moves_seed,
            actor=random_actor(setup.moves_seed), max_actions=MAX_ACTIONS))
    except AssertionError as error:
        pytest.fail(f"{setup.game_id}: {error} ({setup!r})")
    return Trajectory(setup, states)


def played(data: st.DataObject, game_id: str, players: int) -> Trajectory:
    """A drawn setup of ``game_id`` for ``players`` seats, played to the end."""
    return play(data.draw(setups(game_id, players)))


def views(state: State) -> list[Any]:
    return [state.view(None)] + [state.view(seat) for seat in range(state.players)]


def assert_same_state(actual: State, expected: State, what: str, full: bool = True) -> None:
    """Equal states, equal hashes and (``full``) equal views, turns, legal actions, results."""
    assert actual == expected, f"{what}: the states differ"
    assert hash(actual) == hash(expected), f"{what}: equal states with different hashes"
    if not full:
        assert actual.view(None) == expected.view(None), f"{what}: equal states, other views"
        return
    assert views(actual) == views(expected), f"{what}: equal states with different views"
    assert actual.to_act() == expected.to_act(), f"{what}: to_act() differs"
    for seat in all_seats(expected):
        assert actual.legal_actions(seat) == expected.legal_actions(seat), (
            f"{what}: legal_actions({seat}) differs"
        )
    assert actual.is_over() == expected.is_over(), f"{what}: is_over() differs"
    assert actual.result() == expected.result(), f"{what}: result() differs"


def sample(items: tuple[Action, ...], rng: random.Random, k: int) -> list[Action]:
    return list(items) if len(items) <= k else rng.sample(list(items), k)


def cards_held(state: State) -> Counter[str]:
    """The multiset of the cards in all zones of ``state``."""
    return Counter(card for cards in state.zones().values() for card in cards)


def json_round_trip(value: Any) -> Any:
    return json.loads(json.dumps(value, allow_nan=False))


# --- 1, 2: playouts end; someone can always act -----------------------------------------------


def check_result(state: State) -> None:
    result = state.result()
    assert isinstance(result, Result), f"result() of a finished game is {result!r}"
    assert isinstance(result.scores, tuple) and len(result.scores) == state.players, (
        f"result().scores must hold one score per seat: {result.scores!r}"
    )
    assert all(isinstance(score, int) and not isinstance(score, bool) for score in result.scores)
    assert isinstance(result.winners, tuple), f"result().winners is {result.winners!r}"
    assert len(set(result.winners)) == len(result.winners), f"repeated winner: {result.winners!r}"
    assert set(result.winners) <= set(range(state.players)), (
        f"winners {result.winners!r} are not seats of a {state.players}-seat game"
    )
    assert isinstance(result.reason, str) and result.reason, "result().reason must be a text"
    json_round_trip(result.to_dict())


def check_turn_structure(state: State) -> None:
    to_act = state.to_act()
    assert isinstance(to_act, tuple), f"to_act() must be a tuple, not {to_act!r}"
    assert len(set(to_act)) == len(to_act), f"to_act() repeats a seat: {to_act!r}"
    assert set(to_act) <= set(all_seats(state)), f"to_act() has unknown seats: {to_act!r}"
    assert isinstance(state.is_over(), bool)
    for seat in all_seats(state):
        actions = state.legal_actions(seat)
        assert isinstance(actions, tuple), f"legal_actions({seat}) must be a tuple"
        if seat not in to_act:
            assert actions == (), f"seat {seat} is not in to_act() {to_act} but has {actions!r}"
        assert len(set(actions)) == len(actions), f"legal_actions({seat}) repeats an action"
        for action in actions:
            assert isinstance(action, Action), f"{action!r} is not an Action value"
            hash(action)
    if state.is_over():
        assert to_act == (), f"to_act() of a finished game is {to_act!r}"
        check_result(state)
    else:
        assert state.result() is None, "result() must be None while the game is live"
        assert movers(state), f"a live game offers no legal action (to_act()={to_act!r})"


@per_case
def test_random_playouts_end_with_a_result(game_id: str, players: int, data: st.DataObject) -> None:
    trajectory = played(data, game_id, players)
    first = trajectory.states[0]
    assert first.game_id == game_id and first.players == players
    assert first.seed == trajectory.setup.seed
    assert first.history == ()
    for state in trajectory.states:
        check_turn_structure(state)
    assert trajectory.final.is_over()
    assert all(not state.is_over() for state in trajectory.states[:-1]), "play went on after the end"


# --- 3: apply never mutates -------------------------------------------------------------------


@per_case
def test_apply_never_mutates(game_id: str, players: int, data: st.DataObject) -> None:
    setup = data.draw(setups(game_id, players))
    rng, actor = random.Random(setup.moves_seed), random_actor(setup.moves_seed)
    # Two chains built independently and fed the same moves: ``twin`` is never touched while
    # ``state`` is applied to, so any change to ``state`` shows as a difference from ``twin``.
    state, twin = setup.new(), setup.new()
    seen: list[tuple[int, Action]] = []
    for _ in range(MAX_ACTIONS):
        before = snapshot(state)
        assert state == twin
        what = f"after {len(state.history)} actions"
        # Refused applies: garbage text, a seat out of turn, an action that is not legal now.
        for text in GARBAGE[:3]:
            for seat in state.to_act() or (0,):
                with pytest.raises(IllegalAction):
                    state.apply(seat, text)
        idle = [seat for seat in all_seats(state) if seat not in state.to_act()]
        for seat, action in seen[-6:]:
            for other in idle:
                with pytest.raises(IllegalAction):
                    state.apply(other, action)
            if action not in state.legal_actions(seat) and seat in state.to_act():
                with pytest.raises(IllegalAction):
                    state.apply(seat, action)
        # Every field as the twin's; what it shows (views, legal actions) is compared below,
        # once for the refused applies and the played one together.
        assert state == twin, f"{what}: a refused apply changed the state"
        if state.is_over():
            assert snapshot(state) == before, f"{what}: a refused apply changed the state"
            return
        seat = actor(state)
        action = random_policy(state, seat, rng)
        after = state.apply(seat, action)
        assert after is not state, "apply must return a new state"
        assert after != state, f"{what}: apply({seat}, {action}) returned an equal state"
        assert after.history == state.history + ((seat, action),), (
            f"{what}: history must grow by exactly ({seat}, {action!s})"
        )
        assert snapshot(state) == before, (
            f"{what}: a refused apply, or apply({seat}, {action}), changed the old state")
        assert state == twin, f"{what}: apply({seat}, {action}) changed the old state"
        twin = twin.apply(seat, action)
        seen.append((seat, action))
        state = after
    pytest.fail(f"{game_id}: a random playout is not over after {MAX_ACTIONS} actions")


# --- 4: same seed, same trajectory ------------------------------------------------------------


@per_case
def test_same_seed_same_trajectory(game_id: str, players: int, data: st.DataObject) -> None:
    setup = data.draw(setups(game_id, players))
    first, second = play(setup), play(setup)
    assert first.moves == second.moves, "the same seeds chose different moves"
    assert len(first.states) == len(second.states)
    for number, (a, b) in enumerate(zip(first.states, second.states, strict=True)):
        assert_same_state(a, b, f"after {number} actions")
    assert Record.from_state(first.final).to_json() == Record.from_state(second.final).to_json()


# --- 5: records replay exactly ----------------------------------------------------------------


def check_record(state: State, what: str) -> None:
    text = Record.from_state(state).to_json()
    data = json.loads(text)
    assert data["game"] == state.game_id and data["players"] == state.players
    assert len(data["moves"]) == len(state.history)
    record = Record.from_json(text)
    assert record.to_json() == text, f"{what}: a record does not survive from_json/to_json"
    replayed = record.replay()
    assert_same_state(replayed, state, f"{what}: replayed record")
    assert replayed.history == state.history, f"{what}: replay has another history"


@per_case
def test_records_replay_exactly(game_id: str, players: int, data: st.DataObject) -> None:
    trajectory = played(data, game_id, players)
    rng, _ = trajectory.sampled(5)
    points = {0, len(trajectory.states) - 1}
    points.update(rng.randrange(len(trajectory.states)) for _ in range(4))
    for index in sorted(points):
        check_record(trajectory.states[index], f"after {index} actions")
    # A record with a move the rules refuse does not replay.
    record = Record.from_state(trajectory.final)
    broken = Record(record.game, record.seed, record.players, record.options, record.deck,
                    [*record.moves, (0, GARBAGE[3])])
    with pytest.raises(IllegalAction):
        broken.replay()


# --- 6: after the end every action is refused -------------------------------------------------


@per_case
def test_every_action_refused_after_the_end(game_id: str, players: int, data: st.DataObject) -> None:
    trajectory = played(data, game_id, players)
    final = trajectory.final
    before = snapshot(final)
    # The legal actions of every seat in the last few live states, and the moves played.
    recent: set[Action] = {action for _, action in trajectory.moves[-10:]}
    for state in trajectory.states[-4:-1]:
        for seat in all_seats(state):
            recent.update(state.legal_actions(seat))
    assert recent or not trajectory.moves
    for seat in [*all_seats(final), final.players]:
        assert final.legal_actions(seat) == (), f"seat {seat} has legal actions after the end"
        for action in sorted(recent, key=str):
            with pytest.raises(IllegalAction):
                final.apply(seat, action)
            with pytest.raises(IllegalAction):
                final.apply(seat, str(action))
    assert snapshot(final) == before, "a refused apply changed the finished state"
    assert final.is_over() and final.result() is not None


# --- 7: JSON-safe views that hide what a seat cannot see --------------------------------------


@per_case
def test_views_are_json_safe_and_hide_other_seats(
    game_id: str, players: int, data: st.DataObject
) -> None:
    trajectory = played(data, game_id, players)
    game = trajectory.setup.game
    rng, steps = trajectory.sampled(7)
    for index in sorted(steps):
        state = trajectory.states[index]
        what = f"after {index} actions"
        views: dict[int | None, dict[str, Any]] = {}
        for seat in [None, *range(players)]:
            view = views[seat] = state.view(seat)
            assert isinstance(view, dict), f"{what}: view({seat}) is not a dict"
            try:
                copy = json_round_trip(view)
            except (TypeError, ValueError) as error:
                pytest.fail(f"{what}: view({seat}) is not JSON-serializable: {error}")
            assert copy == view, (
                f"{what}: view({seat}) changes through JSON (tuples, non-string keys, ...)"
            )
        before = snapshot(state)
        held = cards_held(state)
        for seat in range(players):
            real_view = views[seat]
            real_actions = state.legal_actions(seat)
            # The view is read once for the seat's samples, as a search reads it.
            deal = game.dealer(state, seat)
            for sample in range(DETERMINIZATIONS):
                key = rng.getrandbits(64)
                sampled = deal(random.Random(key))
                assert isinstance(sampled, State)
                assert sampled.players == state.players and sampled.game_id == state.game_id
                assert sampled.is_over() == state.is_over()
                assert sampled.view(seat) == real_view, (
                    f"{what}: seat {seat}'s view changes when the cards it cannot see are "
                    "reshuffled (determinize), so view() leaks hidden information or "
                    "determinize() changes what the seat knows"
                )
                if seat in state.to_act():
                    assert sampled.legal_actions(seat) == real_actions, (
                        f"{what}: seat {seat}'s legal actions depend on cards it cannot see"
                    )
                    if real_actions:
                        sampled.apply(seat, real_actions[0])  # a sampled state is playable
                assert cards_held(sampled) == held, (
                    f"{what}: determinize for seat {seat} created or lost cards"
                )
                # The same generator deals the same state again: through the dealer, and
                # (once a seat) through determinize, which reads the view afresh.
                again = (deal if sample else partial(game.determinize, state, seat))(random.Random(key))
                assert again == sampled, (
                    f"{what}: determinize is not a function of its rng, or deals otherwise "
                    "than the seat's dealer"
                )
            # A search reads the view once and deals from it many times: each deal must be the
            # one from_view makes from the same rng, whatever deals came before it.
            deal = game.dealer_for(real_view)
            for key in range(3):
                assert deal(random.Random(key)) == game.from_view(real_view, random.Random(key)), (
                    f"{what}: dealer_for(view) deals another state than from_view for seat {seat}"
                )
        assert snapshot(state) == before, f"{what}: determinize changed the real state"


# --- 8: card conservation ---------------------------------------------------------------------


@per_case
def test_cards_are_conserved(game_id: str, players: int, data: st.DataObject) -> None:
    setup = data.draw(setups(game_id, players))
    deck = setup.deck_cards()
    assert deck, f"{game_id}: deck_cards() is empty"
    trajectory = play(setup)
    first = trajectory.states[0]
    assert Counter(first.game.deck_cards(players, dict(first.options))) == deck
    for index, state in enumerate(trajectory.states):
        zones = state.zones()
        assert isinstance(zones, dict)
        for name, cards in zones.items():
            assert isinstance(name, str) and isinstance(cards, tuple), f"zone {name!r}: {cards!r}"
            assert all(isinstance(card, str) for card in cards), f"zone {name!r}: {cards!r}"
        held = Counter(card for cards in zones.values() for card in cards)
        assert held == deck, (
            f"after {index} actions the zones hold {sorted((held - deck).elements())} too many "
            f"and {sorted((deck - held).elements())} too few"
        )


# --- 9: notation round-trips ------------------------------------------------------------------


@per_case
def test_notation_round_trips(game_id: str, players: int, data: st.DataObject) -> None:
    trajectory = played(data, game_id, players)
    game = trajectory.setup.game
    rng, dense = trajectory.sampled(9)
    for index, state in enumerate(trajectory.states[:-1]):
        what = f"after {index} actions"
        for seat in state.to_act():
            actions = state.legal_actions(seat)
            texts = [str(action) for action in actions]
            repeated = [text for text, count in Counter(texts).items() if count > 1]
            assert not repeated, f"{what}: seat {seat} has distinct actions written {repeated}"
            for action, text in zip(actions, texts, strict=True):
                assert isinstance(text, str) and text, f"{what}: {action!r} has no notation"
                parsed = game.parse_action(state, text)
                assert parsed == action, f"{what}: {text!r} parses to {parsed!r}, not {action!r}"
                assert str(parsed) == text
                assert hash(parsed) == hash(action)
            if index not in dense:
                continue
            taken = [a for s, a in trajectory.moves[index:index + 1] if s == seat]
            for action in dict.fromkeys([*sample(actions, rng, APPLY_SAMPLE), *taken]):
                by_action = state.apply(seat, action)
                by_text = state.apply(seat, str(action))
                assert_same_state(by_text, by_action, f"{what}: {seat} plays {action}", full=False)


# --- 10: illegal input ------------------------------------------------------------------------


@per_case
def test_illegal_input_is_refused(game_id: str, players: int, data: st.DataObject) -> None:
    trajectory = played(data, game_id, players)
    game = trajectory.setup.game
    rng, dense = trajectory.sampled(10)
    earlier: dict[int, set[Action]] = {}
    for index, state in enumerate(trajectory.states):
        if index not in dense and not state.is_over():
            continue
        what = f"after {index} actions"
        before = snapshot(state)
        for text in GARBAGE:
            with pytest.raises(InvalidNotation):
                game.parse_action(state, text)
            for seat in state.to_act() or (0,):
                with pytest.raises(InvalidNotation):
                    state.apply(seat, text)
        to_act = state.to_act()
        offered = [action for seat in to_act for action in state.legal_actions(seat)]
        idle = [seat for seat in all_seats(state) if seat not in to_act]
        for action in sample(tuple(offered), rng, APPLY_SAMPLE):
            for seat in [*idle, state.players, 99]:
                with pytest.raises(IllegalAction):
                    state.apply(seat, action)
                with pytest.raises(IllegalAction):
                    state.apply(seat, str(action))
        # Actions offered earlier but not now are refused for a seat that may act.
        for seat in to_act:
            legal = set(state.legal_actions(seat))
            stale = sorted(earlier.get(seat, set()) - legal, key=str)
            for action in sample(tuple(stale), rng, APPLY_SAMPLE):
                with pytest.raises(IllegalAction):
                    state.apply(seat, action)
            earlier.setdefault(seat, set()).update(legal)
        assert snapshot(state) == before, f"{what}: refused input changed the state"


# --- 11: setup errors and game descriptions ---------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_new_rejects_bad_setups(game_id: str) -> None:
    game = GAMES[game_id]
    low, high = game.min_players, game.max_players
    for players in (low - 1, high + 1, 0, -1, str(low), float(low)):
        with pytest.raises(SetupError):
            game.new(seed=1, players=players)
    for seed in ("7", 7.5, None, True, [7]):
        with pytest.raises(SetupError):
            game.new(seed=seed, players=low)  # type: ignore[arg-type]
    with pytest.raises(SetupError):
        game.new(seed=1, players=low, options={"no-such-option-xyz": True})
    for option in game.options:
        if isinstance(option.default, bool):
            with pytest.raises(SetupError):
                game.new(seed=1, players=low, options={option.name: "maybe"})
        elif option.choices:
            with pytest.raises(SetupError):
                game.new(seed=1, players=low, options={option.name: object()})
    assert issubclass(SetupError, EngineError) and issubclass(InvalidNotation, IllegalAction)


@pytest.mark.parametrize("game_id, players", CASES)
def test_new_accepts_a_stacked_deck(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    cards = list(game.deck_cards(players, resolved_options(game, {})))
    state = game.new(seed=3, players=players, deck=list(reversed(cards)))
    assert cards_held(state) == Counter(cards)
    check_record(state, "a stacked deck")


#: Ways to spoil a stacked deck (the game's cards in their listed order).
BAD_DECKS = {
    "missing-card": lambda cards: cards[:-1],
    "extra-card": lambda cards: cards + cards[:1],
    "duplicate-for-another": lambda cards: cards[:1] + cards[:-1],
    "unknown-card": lambda cards: ["not-a-card", *cards[1:]],
    "empty": lambda cards: [],
}


@pytest.mark.parametrize("spoil", sorted(BAD_DECKS))
@pytest.mark.parametrize("game_id, players", CASES)
def test_new_rejects_decks_that_are_not_the_game_cards(
    game_id: str, players: int, spoil: str
) -> None:
    game = GAMES[game_id]
    cards = list(game.deck_cards(players, resolved_options(game, {})))
    with pytest.raises(SetupError):
        game.new(seed=3, players=players, deck=BAD_DECKS[spoil](cards))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_description(game_id: str) -> None:
    game = GAMES[game_id]
    assert game.id == game_id
    assert isinstance(game.title, str) and game.title
    assert 1 <= game.min_players <= game.max_players
    assert isinstance(game.perfect_information, bool)
    names = [option.name for option in game.options]
    assert len(set(names)) == len(names), f"repeated option names: {names}"
    for option in game.options:
        assert isinstance(option, Option)
        assert option.coerce(option.default) == option.default
        json_round_trip(option.default)
        if option.choices:
            assert option.default in option.choices
    # Defaults: players and options may be left out.
    state = game.new(seed=0)
    assert state.players == game.min_players
    assert dict(state.options) == resolved_options(game, {})
    # Every boolean option can be toggled on its own.
    for option in game.options:
        if isinstance(option.default, bool):
            toggled = game.new(seed=0, options={option.name: not option.default})
            assert toggled.options[option.name] is (not option.default)
            assert toggled.to_act() and not toggled.is_over()
    # The same setup twice gives equal states; the seed is part of the state.
    assert game.new(seed=11) == game.new(seed=11)
    assert game.new(seed=11).seed == 11


# --- 12: what a seat cannot see does not change its view ---------------------------------------

#: Games where some seat does not see everything (the others have nothing to hide), with their
#: fewest and most seats.
HIDDEN_CASES = [case for case in CASES if not GAMES[case.values[0]].perfect_information
                and case.values[1] in (GAMES[case.values[0]].min_players,
                                       GAMES[case.values[0]].max_players)]
#: Seeded deals per case, and card swaps tried on each: a few seconds for all cases together.
TWIN_SEEDS = range(3)
TWIN_SWAPS = 6

#: How a test reads a seat's view: JSON text (``support.view_text``).
ViewText = Callable[[State, "int | None"], str]


def first_difference(a: Any, b: Any, path: str = "view") -> str:
    """Where two JSON values first differ, for people: ``view['log'][3]['total']: 4 != 7``."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key, ...) != b.get(key, ...):
                return first_difference(a.get(key, "(absent)"), b.get(key, "(absent)"),
                                        f"{path}[{key!r}]")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}[{index}]")
    return f"{path}: {json.dumps(a)[:200]} != {json.dumps(b)[:200]}"


def hidden_leaks(states: list[State], swaps: int, rng: random.Random,
                 view: ViewText = view_text) -> tuple[int, list[str]]:
    """Compare ``states`` (a ``stacked_playout``) with ``twins`` of it: for ``swaps`` random pairs
    of cards that the spectator does not see at the deal, swap them in the deck and replay the
    same plays. A seat's views of the two games must then be equal (and so must its legal
    actions) until it has been shown either card: its name in the seat's view of either game,
    as a whole token (a log may write card names inside text). From then on the seat knows
    something the deals differ in, and is compared no more in this pair.

    Returns how many (state, seat) views were compared, and a line per leak found."""
    start = states[0]
    seats = [None, *range(start.players)]
    shown = view(start, None)
    hidden = [index for index, card in enumerate(start.deck or ())
              if not mentions([card]).search(shown)]
    texts: dict[tuple[int, int | None], str] = {}  # the views of ``states``, read once
    compared, leaks, tried = 0, [], 0
    for _ in range(8 * swaps):  # a swap that deals other cards too (see ``twins``) is skipped
        if tried == swaps:
            break
        first, second = rng.sample(hidden, 2)
        names = (start.deck[first], start.deck[second])
        seen = mentions(names)
        blind = list(seats)  # the seats shown neither card so far
        for step, (state, twin) in enumerate(twins(states, first, second)):
            if step == 0:
                tried += 1  # the swap deals just the two cards exchanged: it counts
            for seat in list(blind):
                ours = texts.get((step, seat))
                if ours is None:
                    ours = texts[step, seat] = view(state, seat)
                theirs = view(twin, seat)
                if seen.search(ours) or seen.search(theirs):
                    blind.remove(seat)
                    continue
                compared += 1
                what = (f"seat {seat} after {step} actions (last: "
                        f"{', '.join(f'{s}:{a}' for s, a in state.history[-3:]) or '-'}), deck "
                        f"with {names[0]} and {names[1]} swapped")
                if ours != theirs:
                    where = first_difference(json.loads(ours), json.loads(theirs))
                    leaks.append(f"{what}: {where}")
                    blind.remove(seat)
                elif seat is not None and (list(map(str, state.legal_actions(seat)))
                                           != list(map(str, twin.legal_actions(seat)))):
                    leaks.append(f"{what}: equal views, other legal actions")
                    blind.remove(seat)
            if not blind:
                break
    return compared, leaks


def leak_report(game_id: str, players: int, view: ViewText = view_text) -> tuple[int, list[str]]:
    """``hidden_leaks`` over the seeded deals of ``TWIN_SEEDS``."""
    compared, leaks = 0, []
    for seed in TWIN_SEEDS:
        states = stacked_playout(game_id, seed, players=players)
        count, found = hidden_leaks(states, TWIN_SWAPS, random.Random(seed), view)
        compared += count
        leaks += [f"seed {seed}: {leak}" for leak in found]
    return compared, leaks


@pytest.mark.parametrize("game_id, players", HIDDEN_CASES)
def test_cards_a_seat_cannot_see_do_not_change_its_view(game_id: str, players: int) -> None:
    compared, leaks = leak_report(game_id, players)
    assert compared > 50, f"only {compared} views compared: the swaps show their cards at once"
    assert not leaks, (f"{len(leaks)} views tell apart deals that differ only in cards their "
                       "seat cannot see:\n" + "\n".join(leaks[:8]))


def zones_leak(state: State, seat: int | None) -> str:
    """A view that leaks: the real one plus a checksum of where every card is."""
    where = zlib.crc32(repr(sorted(state.zones().items())).encode())
    return json.dumps({**state.view(seat), "leak": where}, sort_keys=True)


@pytest.mark.parametrize("game_id", sorted({case.values[0] for case in HIDDEN_CASES}))
def test_the_leak_check_finds_a_leak(game_id: str) -> None:
    """The check above can fail for every game: a view that adds a number derived from the
    hidden cards (naming none of them) is caught."""
    players = GAMES[game_id].min_players
    _, leaks = leak_report(game_id, players, zones_leak)
    assert any("['leak']" in leak for leak in leaks), f"{game_id}: a leaking view went unnoticed"


# --- 13: the shared view vocabulary ----------------------------------------------------------


def check_vocabulary(state: State, seat: int | None, view: dict[str, Any]) -> None:
    """``view`` (``state.view(seat)`` through JSON) has the keys and meanings of ``engine.core``."""
    what = f"{state.game_id} view({seat}) after {len(state.history)} actions"
    missing = sorted(set(VIEW_KEYS) - set(view))
    assert not missing, f"{what} lacks {missing} (engine.core.VIEW_KEYS)"
    retired = {key: RETIRED_VIEW_KEYS[key] for key in view if key in RETIRED_VIEW_KEYS}
    assert not retired, f"{what} uses retired keys (old: new): {retired}"
    assert (view["game"], view["seat"], view["players"]) == (state.game_id, seat, state.players)
    assert view["options"] == json_round_trip(dict(state.options)), f"{what}: options"
    assert view["to_act"] == list(state.to_act()), f"{what}: to_act {view['to_act']}"
    assert isinstance(view["phase"], str) and view["phase"], f"{what}: phase {view['phase']!r}"
    result = state.result()
    assert view["result"] == (None if result is None else json_round_trip(result.to_dict()))
    seats = range(state.players)
    assert isinstance(view["log"], list), f"{what}: log is a {type(view['log']).__name__}"
    for entry in view["log"]:
        assert isinstance(entry, dict) and isinstance(entry.get("kind"), str) and entry["kind"], (
            f"{what}: a log entry without a kind: {entry!r}")
        assert "seat" in entry and (entry["seat"] is None or entry["seat"] in seats), (
            f"{what}: a log entry without a seat (None for nobody): {entry!r}")
    # The shared names, where the game has the idea.
    for key, fits in SHARED_FORMS.items():
        if key in view:
            assert fits(view[key], state, seat), (
                f"{what}: {key} {view[key]!r}, not {SHARED_VIEW_KEYS[key]}")
    if seat is None:
        assert "hand" not in view, f"{what}: a spectator has no hand"
    if "games" in view:
        assert view.get("game_number", 1) <= view["games"], f"{what}: game_number past games"


def seats_or_none(value: Any, state: State, seat: int | None) -> bool:
    return value is None or value in range(state.players)


def per_seat(value: Any, state: State, seat: int | None) -> bool:
    return (isinstance(value, list) and len(value) == state.players
            and all(isinstance(item, (int, float)) and not isinstance(item, bool)
                    for item in value))


def summaries(value: Any, state: State, seat: int | None) -> bool:
    """A list of ``GameSummary.to_dict()`` values."""
    try:
        return isinstance(value, list) and all(
            GameSummary.from_dict(summary).to_dict() == summary for summary in value)
    except SetupError:
        return False


#: What each name of ``SHARED_VIEW_KEYS`` holds: ``fits(value, state, seat)``.
SHARED_FORMS: dict[str, Callable[[Any, State, int | None], bool]] = {
    "turn": seats_or_none,
    "dealer": seats_or_none,
    "hand": lambda value, state, seat: (isinstance(value, list)
                                        and all(isinstance(card, str) for card in value)),
    "hand_sizes": per_seat,
    "game_number": lambda value, state, seat: isinstance(value, int) and value >= 1,
    "games": lambda value, state, seat: isinstance(value, int) and value >= 1,
    "finished": summaries,
    "totals": per_seat,
}


def test_every_shared_view_key_has_its_form_checked() -> None:
    assert set(SHARED_FORMS) == set(SHARED_VIEW_KEYS)


@pytest.mark.parametrize("game_id, players", CASES)
def test_views_share_the_vocabulary(game_id: str, players: int) -> None:
    for seed in range(2):
        states = list(playout(game_id, seed, players=players, actor=random_actor(seed)))
        for state in dict.fromkeys([*states[::max(1, len(states) // 6)], states[-1]]):
            for seat in [None, *range(players)]:
                check_vocabulary(state, seat, json_view(state, seat))
