"""The embed protocol's pure side: which host messages are obeyed, and the embedded address."""

from __future__ import annotations

import pytest

from ui.app.embed import SOURCE, EmbedMessageError, asks_embed, embedded_hash, read_request, without_embed

GAMES = ("checks", "checkmate", "private-checkers", "chess-cards", "check")


def test_a_new_game_request_names_a_route_of_a_game() -> None:
    route = "#/chess-cards/play?seats=human,bot:easy"
    assert read_request({"source": SOURCE, "type": "new-game", "route": route}, GAMES) == route


@pytest.mark.parametrize(("data", "why"), [
    ("new-game", "not an object"),
    (["new-game"], "not an object"),
    ({"type": "new-game", "route": "#/checks"}, "source is None"),
    ({"source": "other-app", "type": "new-game", "route": "#/checks"}, "source is 'other-app'"),
    ({"source": SOURCE, "type": "move", "route": "#/checks"}, "unknown type 'move'"),
    ({"source": SOURCE, "route": "#/checks"}, "unknown type None"),
    ({"source": SOURCE, "type": "new-game"}, "route must be text"),
    ({"source": SOURCE, "type": "new-game", "route": 12}, "route must be text"),
    ({"source": SOURCE, "type": "new-game", "route": "https://elsewhere.example/#/checks"}, "starting with '#/'"),
    ({"source": SOURCE, "type": "new-game", "route": "#/"}, "names no game"),
    ({"source": SOURCE, "type": "new-game", "route": "#/poker/play"}, "names no game"),
])
def test_anything_else_is_refused_with_a_reason(data: object, why: str) -> None:
    with pytest.raises(EmbedMessageError, match=why.replace("(", r"\(").replace("'", "'")):
        read_request(data, GAMES)


@pytest.mark.parametrize(("given", "embedded", "plain"), [
    ("#/checks", "#/checks?embed=1", "#/checks"),
    ("#/checks/play?id=abc", "#/checks/play?id=abc&embed=1", "#/checks/play?id=abc"),
    ("#/checks/play?embed=1&seed=4", "#/checks/play?seed=4&embed=1", "#/checks/play?seed=4"),
    ("#/checks/play?embed=0", "#/checks/play?embed=1", "#/checks/play"),
])
def test_the_embedded_address_keeps_the_flag_once(given: str, embedded: str, plain: str) -> None:
    assert embedded_hash(given) == embedded
    assert embedded_hash(embedded_hash(given)) == embedded
    assert without_embed(embedded) == plain
    assert asks_embed(embedded) and not asks_embed(plain)
