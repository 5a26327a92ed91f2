"""What every game's table shows and does, read from a page in CPython (``fake_page``): a whole
game against a bot from a seeded route, at its start, in the middle (a reload keeps it) and at its
end; the record viewer on the same game; takebacks; the tools of the table's bar.

Everything goes through the page: a route opened as the app opens it, clicks handed to the
screen as the app's click handler hands them, virtual time for the bots, and the words and marks
read back from the elements drawn (``button[data-action]``, ``data-ply``, ``data-over``...).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from fake_page import FakeDocument, FakeElement, FakeText, Page, opened
from ui.kit.dom import build


@pytest.fixture
def app() -> Iterator[Page]:
    yield from opened()


#: A seeded game against a bot per game, short enough to play to the end in a moment (takebacks
#: off: working out whether one shows something new costs a search per position).
ROUTES = {
    "checks": "#/checks/play?seats=human,bot:easy&seed=11&delay=0&undo=0",
    "checkmate": "#/checkmate/play?seats=human,bot:easy&seed=21&delay=0&undo=0",
    "private-checkers": "#/private-checkers/play?seats=human,bot:random&seed=10&delay=0&undo=0",
    "chess-cards": "#/chess-cards/play?seats=human,bot:easy&seed=11&delay=0&sacrifice=0&match=0&undo=0",
    "check": "#/check/play?seats=human,bot:easy&seed=5&delay=0&undo=0",
}
#: What the person clicks first where the page offers it: in Check! the buttons under the grid
#: (draw, discard, pass), so that no card of the grid is tried blindly in a matching window.
PREFER = {"check": ".cx-buttons button[data-action]"}
TITLES = {"checks": "Checks", "checkmate": "Checkmate", "private-checkers": "Saving Private Checkers",
          "chess-cards": "Chess Cards", "check": "Check!"}


def seconds_left(text: str) -> str:
    return re.sub(r"\d+\.\d s", "N s", text)


def someone_else_moved(app: Page) -> bool:
    """The bot has acted since the person last did: its move is marked on the table."""
    return app.ply() >= 2 and app.find("[data-last-move]") is not None


@pytest.mark.parametrize("game", list(ROUTES))
def test_a_whole_game_against_a_bot_from_start_to_end(app: Page, game: str) -> None:
    app.open(ROUTES[game])
    table = app.table()
    # The start: a new game, saved at once under its own id (the address names it, not the seed).
    assert table.getAttribute("data-game") == game
    assert app.ply() == 0 and table.getAttribute("data-over") is None
    assert app.window.location.hash.startswith(f"#/{game}/play?id=")
    assert "seed" not in app.window.location.hash
    assert TITLES[game] in app.document.title
    assert app.one("[data-testid=how-to-win]").hasAttribute("open")  # the person's first table of it
    assert app.find("[data-testid=result]") is None
    assert app.one("a[href$='/rules']").getAttribute("target") == "_blank"

    # The middle: the bot answers, its move is marked and said aloud.
    app.play_on(until=lambda: someone_else_moved(app))
    assert app.announced(), "the bot's move was not said in the live region"
    assert not app.alert()
    middle = app.ply()
    before = seconds_left(app.text("[data-testid=table]"))
    # A reload comes back to the same position, from the saved game the address names.
    address = app.window.location.hash
    app.reload()
    assert app.window.location.hash == address
    assert app.ply() == middle
    assert app.one("[data-testid=how-to-win]").getAttribute("open") is None  # shown once is enough
    # The same words (hands, piles, log, marks); a timed window starts its seconds again.
    assert seconds_left(app.text("[data-testid=table]")) == before

    # The end.
    app.play_on(prefer=PREFER.get(game, ""))
    table = app.table()
    assert table.getAttribute("data-over") == "1"
    assert table.getAttribute("data-to-act") == ""
    result = app.one("[data-testid=result]")
    assert app.text(result).split(".")[0].endswith(("win", "wins", "Draw", "match", "victory")), app.text(result)
    assert app.text("[data-testid=end-reason]")
    assert not app.all("[data-testid=table] button[data-action]"), app.actions()
    seed = ROUTES[game].split("seed=")[1].split("&")[0]
    assert app.text("[data-testid=replay-deal]") == f"Replay this deal (#{seed})"
    finished = [saved for saved in app.saved_games() if saved.get("result")]
    assert len(finished) == 1 and finished[0]["record"]["game"] == game

    # The record: downloaded as a file, and a link to it selected for copying.
    app.click("[data-cmd=download]")
    name, text = app.window.downloaded[-1]
    assert name.startswith(f"{game}-") and name.endswith(".json")
    assert json.loads(text)["game"] == game
    app.click("button[data-cmd=copy-link]")
    link = app.one("[data-testid=record-link]")
    assert app.document.activeElement is link
    assert f"#/{game}/replay?r=" in (link.getAttribute("value") or "")

    # The same deal again, from its seed: a new game at its start.
    replay = app.one("[data-testid=replay-link]").getAttribute("href")
    assert replay is not None
    last = app.ply()
    app.click("[data-cmd=again]")
    assert f"seed={seed}&" in app.routes[-1] + "&"
    assert app.ply() == 0 and not app.over() and app.window.location.hash != address

    # The replay viewer: the same table, read-only, at any position.
    app.open(replay)
    table = app.table()
    assert table.getAttribute("data-readonly") == "1" and app.ply() == last
    assert table.getAttribute("data-over") == "1"
    assert not app.all("[data-testid=table] button[data-action]")
    assert app.find("[data-testid=table] [data-cmd=undo]") is None
    app.click("[data-cmd=first]")
    assert app.ply() == 0 and app.table().getAttribute("data-over") is None
    assert app.text("[data-testid=replay-where]") == f"Move 0 of {last}"
    app.click("[data-cmd='step:2']")
    assert app.ply() == 2
    app.click("[data-cmd=forward]")
    assert app.ply() == 3
    app.click("[data-cmd=back]")
    assert app.ply() == 2
    assert app.key("End") and app.ply() == last
    # A click on the read-only table plays nothing.
    for element in app.all("[data-testid=table] button")[:5]:
        app.click(element)
    assert app.ply() == last and not app.alert()
    if game != "chess-cards":  # hidden cards: whose to show is the watcher's choice at the end
        pressed = app.one("[data-cmd='watch:1']")
        app.click(pressed)
        assert app.get("[data-cmd='watch:1']", "aria-pressed") == "true"
        app.click("[data-cmd='watch:table']")
        assert app.get("[data-cmd='watch:table']", "aria-pressed") == "true"


@pytest.mark.parametrize("game", ["checkmate", "private-checkers", "chess-cards", "check"])
def test_a_takeback_returns_to_the_persons_last_decision(app: Page, game: str) -> None:
    app.open(ROUTES[game].replace("&undo=0", ""))
    undo = app.one("[data-cmd=undo]")
    assert undo.getAttribute("aria-disabled") == "true"
    assert app.text("[data-testid=undo-reason]") == "You have made no move yet."
    app.click(undo)
    assert app.alert() == "No takeback. You have made no move yet.", app.alert()
    app.play_on(until=lambda: app.get("[data-cmd=undo]", "aria-disabled") is None)
    played = app.ply()
    assert app.get("[data-cmd=undo]", "title") == "Take back your last move"
    app.click("[data-cmd=undo]")
    assert app.ply() < played
    assert not app.alert()
    # The game goes on from there.
    app.play_on(until=lambda: app.ply() >= played)


def test_the_motion_toggle_is_remembered(app: Page) -> None:
    app.open(ROUTES["checks"])
    toggle = app.one("[data-cmd=motion]")
    assert toggle.getAttribute("aria-pressed") == "true"
    app.click(toggle)
    assert app.get("[data-cmd=motion]", "aria-pressed") == "false"
    assert app.document.documentElement.getAttribute("data-motion") == "off"
    app.reload()
    assert app.get("[data-cmd=motion]", "aria-pressed") == "false"
    app.click("[data-cmd=motion]")
    assert app.get("[data-cmd=motion]", "aria-pressed") == "true"
    assert app.document.documentElement.getAttribute("data-motion") is None


@pytest.mark.parametrize("game", ["checks", "checkmate", "private-checkers", "check"])
def test_only_bots_play_a_whole_game_while_a_person_watches(app: Page, game: str) -> None:
    """Bots alone: the spectator's view, no buttons that play, no takeback, to the end."""
    app.open(f"#/{game}/play?seats=bot:easy,bot:random&seed=2&delay=0")
    assert app.find("[data-cmd=undo]") is None
    assert app.one("[data-testid=how-to-win]").getAttribute("open") is None  # nobody's first game
    for _ in range(400):
        if app.over():
            break
        assert not app.all("[data-testid=table] button[data-action]")
        app.advance(1_000)
    assert app.over(), app.text()
    assert app.text("[data-testid=end-reason]")


def shape(node: FakeElement | FakeText) -> object:
    """An element as markup would say it: tag, attributes, children (text as text)."""
    if isinstance(node, FakeText):
        return node.data
    texts: list[object] = []
    for child in node.childNodes:  # adjacent text nodes read as one, as in markup
        item = shape(child)
        if isinstance(item, str) and texts and isinstance(texts[-1], str):
            texts[-1] += item
        else:
            texts.append(item)
    # The heading the app focuses after a route change is made focusable by the app, not drawn.
    attributes = [(name, value) for name, value in node.attributes.items()
                  if not (node.tagName in ("H1", "H2", "H3") and name == "tabindex")]
    return node.tagName, sorted(attributes), texts


@pytest.mark.parametrize("route", [ROUTES["checks"], ROUTES["check"]])
def test_every_draw_patched_into_the_page_is_the_page_built_afresh(app: Page, route: str) -> None:
    """The page the tests read is what the table drew: after every step, the elements that
    ``patch`` kept and changed are those a first draw of the same view would build."""
    app.open(route)
    for _ in range(12):
        fresh = FakeDocument(app.window).createElement("main")
        fresh.append(*[build(node, fresh.ownerDocument) for node in app.screen.draw()])
        assert shape(app.root)[2] == shape(fresh)[2]
        ply = app.ply()
        app.play_on(until=lambda: app.ply() > ply or app.over(), prefer=PREFER.get("check", ""))  # noqa: B023
        if app.over():
            break
