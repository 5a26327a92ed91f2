"""The lists of saved games that the gallery and the setup pages show.

- "Continue": the games in progress, each a link back to its table, with a discard button
  (``continue_section``); a stored value that cannot be read is listed with the reason and
  its own discard button, never hidden.
- The person's results against each bot level (``stats_section``) and the recent finished
  games with a link to replay each (``history_section``).
- A line when the browser keeps nothing (``storage_problem``) and the note that a game was
  discarded, with the way to bring it back (``ListActions``).

Pure Python, like ``ui.kit.dom``: the functions build ``Node`` trees from a ``Store`` and its
lists, so they are tested without a browser. ``ListActions`` carries out the list's buttons
(``data-cmd="discard:<id>"``, ``forget:<id>``, ``restore``) on the store; the screens only
redraw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ui.kit.dom import Node, h, present
from ui.storage.saves import (
    HISTORY_LIMIT,
    Listed,
    SavedGame,
    SaveError,
    StorageError,
    Store,
    Tally,
    ago,
    outcome,
)

#: Finished games a setup page lists (the store keeps ``HISTORY_LIMIT`` of all games).
HISTORY_SHOWN = 10
STAT_COLUMNS = (("played", "Played"), ("won", "Won"), ("drawn", "Drawn"), ("lost", "Lost"))


# -- who played -------------------------------------------------------------------------------

def _join(names: Sequence[str]) -> str:
    """``["A"]`` -> "A", ``["A", "B", "C"]`` -> "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _counted(names: Sequence[str]) -> list[str]:
    """Names in seat order, a repeated one said once with its count ("Bot (hard) ×2")."""
    order: list[str] = []
    counts: dict[str, int] = {}
    for name in names:
        if name not in counts:
            order.append(name)
        counts[name] = counts.get(name, 0) + 1
    return [name if counts[name] == 1 else f"{name} ×{counts[name]}" for name in order]


def table_text(saved: SavedGame) -> str:
    """Who sits at the table, as the lists say it: "against Bot (hard)" when people play
    bots, "Ann vs Bob" when only people (or only bots) play."""
    bots = [seat.name for seat in saved.seats if seat.is_bot]
    people = [seat.name for seat in saved.seats if not seat.is_bot]
    if bots and people:
        return "against " + _join(_counted(bots))
    return " vs ".join(seat.name for seat in saved.seats)


def game_line(saved: SavedGame, game_titles: Mapping[str, str], show_game: bool) -> str:
    """"Checks against Bot (hard)" (with the game's title) or "Against Bot (hard)"."""
    who = table_text(saved)
    if not show_game:
        return who[:1].upper() + who[1:]
    title = game_titles.get(saved.game, saved.game)
    return f"{title} {who}" if who.startswith("against ") else f"{title}: {who}"


def result_of(saved: SavedGame) -> tuple[str, str]:
    """(kind, words) of a finished game for the person at the device: ("won", "Won") and
    kin when one person played bots; otherwise ("winners", "Ann won") or ("drawn", "Drawn").
    ("unknown", "Not finished") for a game with no result."""
    if saved.result is None:
        return "unknown", "Not finished"
    verdict = outcome(saved)
    if verdict is not None:
        how = verdict[1]
        return how, how.capitalize()
    winners = [seat for seat in saved.result.get("winners", []) if isinstance(seat, int)
               and 0 <= seat < len(saved.seats)]
    if not winners or len(set(winners)) == len(saved.seats):
        return "drawn", "Drawn"
    return "winners", _join([saved.seats[seat].name for seat in sorted(set(winners))]) + " won"


# -- Continue ---------------------------------------------------------------------------------

def continue_section(listed: Sequence[Listed], now_ms: float, *, game_titles: Mapping[str, str],
                     show_game: bool, rooms: Sequence[tuple[str, Mapping[str, Any]]] = ()) -> Node | None:
    """``section[data-testid=continue]``: one ``li`` per game in progress (a link back to it,
    its move and when it was last played, a discard button), then one per room this device
    joined (``rooms``: the store's tickets; a link that rejoins it, a button that forgets it),
    or None when there is none."""
    if not listed and not rooms:
        return None
    items = [_continue_item(item, now_ms, game_titles, show_game) for item in listed]
    items += [_room_item(code, ticket, now_ms, game_titles) for code, ticket in rooms]
    return h("section", {"class": "saved-list continue-list", "data-testid": "continue",
                         "aria-labelledby": "continue-title"},
             h("h2", {"id": "continue-title"}, "Continue"),
             h("ul", {"class": "saved-items"}, items))


def _discard_button(game_id: str, label: str) -> Node:
    return h("button", {"type": "button", "class": "saved-discard", "data-cmd": f"discard:{game_id}",
                        "aria-label": label}, "Discard")


def _continue_item(item: Listed, now_ms: float, game_titles: Mapping[str, str], show_game: bool) -> Node:
    saved = item.saved
    if saved is None:
        return h("li", {"class": "saved-item saved-problem", "data-save-id": item.id, "data-save-problem": True},
                 h("p", {"class": "saved-text"}, "A saved game cannot be read: ", item.problem),
                 _discard_button(item.id, f"Discard the saved game that cannot be read ({item.id})"))
    line = game_line(saved, game_titles, show_game)
    when = ago(saved.updated, now_ms)
    named = line if show_game else f"{game_titles.get(saved.game, saved.game)} {line[:1].lower()}{line[1:]}"
    return h("li", {"class": "saved-item", "data-save-id": saved.id, "data-game": saved.game},
             h("a", {"class": "continue-link", "href": f"#/{saved.game}/play?id={saved.id}"},
               h("span", {"class": "saved-title"}, line),
               h("span", {"class": "saved-meta"},
                 h("span", {"data-testid": "ply"}, f"move {saved.ply}"), " · ", h("span", None, when))),
             _discard_button(saved.id, f"Discard {named}, move {saved.ply}, {when}"))


def _room_item(code: str, ticket: Mapping[str, Any], now_ms: float, game_titles: Mapping[str, str]) -> Node:
    title = game_titles.get(str(ticket.get("game", "")), "A game")
    name = str(ticket.get("name", "")) or "you"
    when = ago(float(ticket.get("joined", 0)), now_ms)
    return h("li", {"class": "saved-item", "data-room": code, "data-game": ticket.get("game")},
             h("a", {"class": "continue-link", "href": f"#/join/{code}"},
               h("span", {"class": "saved-title"}, f"{title} with friends, room {code}"),
               h("span", {"class": "saved-meta"}, f"as {name} · joined {when}")),
             h("button", {"type": "button", "class": "saved-discard", "data-cmd": f"forget-room:{code}",
                          "aria-label": f"Forget room {code}"}, "Forget"))


# -- statistics -------------------------------------------------------------------------------

def _level_key(level: str, levels_order: Sequence[str]) -> tuple[int, tuple[int, ...], str]:
    """Single levels weakest first (as the game lists them), then mixed tables."""
    parts = level.split(" + ")
    known = {name: index for index, name in enumerate(levels_order)}
    return len(parts), tuple(known.get(part, len(known)) for part in parts), level


def stats_section(stats: Mapping[str, Tally], levels_order: Sequence[str]) -> Node | None:
    """``section[data-testid=stats]``: a table of games played, won, drawn and lost against
    each bot level (``tr[data-level]``, ``td[data-stat]``); None before the first game."""
    rows = {level: tally for level, tally in stats.items() if tally.played > 0}
    if not rows:
        return None
    ordered = sorted(rows, key=lambda level: _level_key(level, levels_order))
    body = [h("tr", {"data-level": level},
              h("th", {"scope": "row"}, level),
              [h("td", {"data-stat": name}, getattr(rows[level], name)) for name, _ in STAT_COLUMNS])
            for level in ordered]
    total = None
    if len(ordered) > 1:
        total = h("tr", {"class": "stats-total"},
                  h("th", {"scope": "row"}, "All"),
                  [h("td", None, sum(getattr(rows[level], name) for level in ordered))
                   for name, _ in STAT_COLUMNS])
    return h("section", {"class": "saved-list stats", "data-testid": "stats", "aria-labelledby": "stats-title"},
             h("h2", {"id": "stats-title"}, "Your results"),
             h("div", {"class": "table-wrap"},
               h("table", {"class": "stats-table"},
                 h("caption", {"class": "muted"}, "Games one person played against the bots, by bot level"),
                 h("thead", None, h("tr", None, h("th", {"scope": "col"}, "Bot level"),
                                    [h("th", {"scope": "col"}, label) for _, label in STAT_COLUMNS])),
                 h("tbody", None, body, total))))


# -- history ----------------------------------------------------------------------------------

def replay_link(game: str) -> Node:
    """The way to the replay viewer for a record file (or pasted record text)."""
    return h("p", {"class": "record-open"},
             h("a", {"href": f"#/{game}/replay"}, "Open a record file"),
             h("span", {"class": "muted"}, " to replay a game saved elsewhere."))


def history_section(listed: Sequence[Listed], now_ms: float, *, game: str,
                    limit: int = HISTORY_SHOWN) -> Node | None:
    """``section[data-testid=history]``: the latest ``limit`` finished games of ``game``,
    each with its result for the person, the opponents, when, and a replay link; ends with
    ``replay_link``. None when there is none (the page shows ``replay_link`` on its own)."""
    if not listed:
        return None
    readable = [item for item in listed if item.saved is not None]
    shown = readable[:limit]
    problems = [item for item in listed if item.saved is None]
    items = [_history_item(item.saved, now_ms) for item in shown if item.saved is not None]
    items += [h("li", {"class": "saved-item saved-problem", "data-done-id": item.id, "data-done-problem": True},
                h("p", {"class": "saved-text"}, "A finished game cannot be read: ", item.problem),
                h("button", {"type": "button", "class": "saved-discard", "data-cmd": f"forget:{item.id}",
                             "aria-label": f"Remove the finished game that cannot be read ({item.id})"},
                  "Remove"))
              for item in problems]
    if len(readable) > len(shown):
        kept = f"The latest {len(shown)} of {len(readable)} finished games kept in this browser"
    else:
        kept = f"{len(readable)} finished {'game' if len(readable) == 1 else 'games'} kept in this browser"
    return h("section", {"class": "saved-list history", "data-testid": "history",
                         "aria-labelledby": "history-title"},
             h("h2", {"id": "history-title"}, "Recent games"),
             h("p", {"class": "muted saved-kept"},
               f"{kept} (it keeps the last {HISTORY_LIMIT} of all games)."),
             h("ul", {"class": "saved-items"}, items),
             replay_link(game))


def _history_item(saved: SavedGame, now_ms: float) -> Node:
    kind, words = result_of(saved)
    who = table_text(saved)
    when = ago(saved.updated, now_ms)
    return h("li", {"class": "saved-item", "data-done-id": saved.id, "data-game": saved.game, "data-result": kind},
             h("p", {"class": "saved-text"},
               h("span", {"class": f"saved-result result-{kind}"}, words), " ",
               h("span", None, who),
               h("span", {"class": "saved-meta"}, f"{saved.ply} moves · {when}")),
             h("a", {"class": "saved-replay", "href": f"#/{saved.game}/replay?id={saved.id}",
                     "aria-label": f"Replay: {words}, {who}, {when}"}, "Replay"))


# -- storage ----------------------------------------------------------------------------------

def storage_problem(store: Store) -> Node | None:
    """``p[data-testid=storage-problem]`` saying that games are not kept, or None."""
    if not store.problem:
        return None
    return h("p", {"class": "storage-problem", "data-testid": "storage-problem", "role": "status"}, store.problem)


# -- the lists' buttons -----------------------------------------------------------------------

@dataclass
class ListActions:
    """Carries out the lists' commands on a store and keeps what the page should say next:
    the game last discarded (it can be brought back until the page changes) or why the
    browser refused. One per screen."""

    store: Store
    game_titles: Mapping[str, str]
    discarded: SavedGame | None = None
    message: str = ""

    def command(self, command: str) -> bool:
        """Carry out ``discard:<id>``, ``forget:<id>``, ``forget-room:<code>`` or ``restore``; False for any other
        command (the screen's own). A refusal of the browser is kept in ``message``."""
        name, _, arg = command.partition(":")
        if name not in ("discard", "forget", "restore", "forget-room"):
            return False
        self.message = ""
        try:
            if name == "discard":
                try:
                    kept: SavedGame | None = self.store.load(arg)
                except SaveError:
                    kept = None  # unreadable: nothing to bring back
                self.store.discard(arg)
                self.discarded = kept
            elif name == "forget":
                self.store.forget(arg)
                self.discarded = None
            elif name == "forget-room":
                self.store.drop_ticket(arg)
            elif self.discarded is not None:
                self.store.save(self.discarded)
                self.discarded = None
        except StorageError as error:
            self.message = f"That did not work: {error}."
        return True

    def notes(self) -> list[Node]:
        """The note on the last discard (with ``button[data-cmd=restore]``) and any refusal."""
        found: list[Node] = []
        if self.message:
            found.append(h("p", {"class": "problem", "role": "alert", "data-testid": "list-problem"}, self.message))
        if self.discarded is not None:
            line = game_line(self.discarded, self.game_titles, True)
            found.append(h("p", {"class": "saved-note", "data-testid": "discarded", "role": "status"},
                           f"Discarded: {line}, move {self.discarded.ply}. ",
                           h("button", {"type": "button", "class": "saved-restore", "data-cmd": "restore"},
                             "Bring it back")))
        return found


def refocus(root: Any) -> None:
    """After a list button redrew the page, put keyboard focus where the person goes on:
    the "Bring it back" button, else the first game left to continue, else the page's top
    heading. ``root`` is a DOM element (duck-typed: no browser import here)."""
    for selector in ("[data-cmd=restore]", "[data-testid=continue] .continue-link", "[data-testid=history] a",
                     "h1"):
        found = root.querySelector(selector)
        if present(found):
            if selector == "h1":
                found.setAttribute("tabindex", "-1")
            found.focus()
            return
