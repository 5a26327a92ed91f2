"""The engine's reasons said through the catalog (``ui.kit.reasons``): one whole sentence per
template and reader, the same English as the engine's own phrasing where that was right, for
every template the engine writes as a literal."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from engine import Reason
from engine.core import render_reason
from ui.kit import i18n
from ui.kit.reasons import _message, sentence

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ann", "Bo"]
#: Templates whose "you" form the engine's own rendering got wrong ("You is locked", "slot 2 of
#: you"): the catalog's sentence is the right one.
MENDED = {"{seat_locked} is locked: its cards cannot be targeted": "You are locked: your cards cannot be targeted.",
          "slot {slot} of {seat} holds no card": "Your slot 2 holds no card.",
          "seats join in seat order: {seat_next} joins next": "Seats join in seat order: you join next."}


#: Literal templates whose parts are themselves the engine's English (Saving Private Checkers'
#: ending and victories): not in the catalog until the engine gives those as reasons too.
COMPOSITE = {"{ending}: {victories}"}


def literal_templates() -> list[str]:
    found: list[str] = []
    for path in sorted(ROOT.glob("engine/*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Reason"
                    and node.args and isinstance(node.args[0], ast.Constant)
                    and node.args[0].value not in found and node.args[0].value not in COMPOSITE):
                found.append(node.args[0].value)
    return found


def english(reason: Reason, you: int | None) -> str:
    """The sentence the tables said before the catalog: the engine's template rendered, "you"
    for the reader, a capital and a full stop."""
    text = render_reason(reason.template, reason.parts, lambda seat: "you" if seat == you else NAMES[seat], you)
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def sample(template: str) -> Reason:
    import string

    fields = {name.removesuffix("'s") for _lit, name, _spec, _conv in string.Formatter().parse(template)
              if name and "|" not in name}
    values = {"card": "7C", "slot": 2, "count": 3, "seat": 0}
    return Reason(template, **{name: values.get(name, 1) for name in fields})


def test_every_literal_template_of_the_engine_has_its_sentences() -> None:
    missing = [template for template in literal_templates() if _message(template, "") is None]
    assert not missing
    assert len(literal_templates()) >= 50


@pytest.mark.parametrize("template", literal_templates())
def test_the_catalog_says_each_reason_as_the_tables_did_in_english(template: str) -> None:
    reason = sample(template)
    name = lambda seat: NAMES[seat]  # noqa: E731
    assert sentence(reason, name, None) == english(reason, None)
    for you in (0, 1):
        said = sentence(reason, lambda seat, you=you: "you" if seat == you else NAMES[seat], you)
        if said != english(reason, you):  # only where the engine's English was wrong for "you"
            assert said == MENDED.get(template), (template, you)


def test_a_reason_outside_the_catalog_is_left_to_the_caller() -> None:
    assert sentence("a plain sentence", str, None) is None
    assert sentence(Reason("game {n}: {what}", n=1, what="x"), str, None) is None


def test_the_sentence_is_the_pseudo_locale_s_when_it_is_installed() -> None:
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale="fr")
    catalog.add("You played your last card and went out.", "[Ýóú þļáýéð ýóúŕ ļášţ çáŕð áñð ŵéñţ óúţ.]",
                context="you")
    out = io.BytesIO()
    write_mo(out, catalog)
    i18n.install("qps", out.getvalue())
    try:
        reason = Reason("{seat} played {their|your} last card and went out", seat=1)
        assert sentence(reason, lambda seat: NAMES[seat], 1) == "[Ýóú þļáýéð ýóúŕ ļášţ çáŕð áñð ŵéñţ óúţ.]"
        assert sentence(reason, lambda seat: NAMES[seat], 0) == "Bo played their last card and went out."
    finally:
        i18n.install(i18n.SOURCE)


#: Seeded random games per game, and how many plies of each are examined.
PLAYOUTS, PLIES = 3, 60


@pytest.mark.parametrize("game_id", ["checks", "checkmate", "private-checkers", "chess-cards", "check"])
def test_every_refusal_and_ending_of_a_played_game_has_its_sentence(game_id: str) -> None:
    """Played as people play (any seat tries any action offered to someone lately): the
    rules' every refusal and the game's end are said by the catalog, for the seat and for
    another reader, never by the fallback sentence (which would hide the real reason)."""
    import random

    from engine import GAMES, IllegalAction, NotYourTurn

    game = GAMES[game_id]
    unsaid: set[str] = set()
    tried = 0
    for seed in range(PLAYOUTS):
        rng = random.Random(seed)
        state = game.new(seed=seed, players=game.min_players)
        seen: list[set[Any]] = []
        for _ply in range(PLIES):
            if state.is_over():
                break
            # What was offered to anyone now or in the last few positions: stale choices too.
            now = {action for seat in (*range(state.players), -1) for action in state.legal_actions(seat)}
            seen = [*seen[-6:], now]
            offered = set().union(*seen)
            for seat in range(state.players):
                for action in sorted(offered - set(state.legal_actions(seat)), key=str)[:6]:
                    try:
                        state.apply(seat, action)
                    except NotYourTurn:
                        pass  # said by the table from whose turn it is (ui.tables.phrasing.refusal)
                    except IllegalAction as error:
                        tried += 1
                        for reader in (seat, None):
                            if sentence(error.reason, lambda other: NAMES[other % 2], reader) is None:
                                unsaid.add(getattr(error.reason, "key", str(error.reason)))
            seat = rng.choice(state.to_act())
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        while not state.is_over():
            seat = rng.choice(state.to_act())
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        result = state.result()
        assert result is not None
        for reader in (0, None):
            if sentence(result.reason, lambda other: NAMES[other % 2], reader) is None:
                unsaid.add(getattr(result.reason, "key", str(result.reason)))
    assert tried > 0
    assert not unsaid, sorted(unsaid)
