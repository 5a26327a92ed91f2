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
from ui.kit.i18n import N_, _, ngettext, translated
from ui.kit.words import level_word, shown_name
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
STAT_COLUMNS = (("played", N_("Played")), ("won", N_("Won")), ("drawn", N_("Drawn")), ("lost", N_("Lost")))
#: A finished game's outcome for the person at the device (``saves.outcome``), as the lists say it.
OUTCOME_WORDS = {"won": N_("Won"), "drawn": N_("Drawn"), "lost": N_("Lost")}


# -- who played -------------------------------------------------------------------------------

def _join(names: Sequence[str]) -> str:
    """``["A"]`` -> "A", ``["A", "B", "C"]`` -> "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    said = names[0]
    for name in names[1:-1]:
        said = _("{names}, {name}", names=said, name=name)
    return _("{names} and {name}", names=said, name=names[-1])


def _counted(names: Sequence[str]) -> list[str]:
    """Names in seat order, a repeated one said once with its count ("Bot (hard) ×2")."""
    order: list[str] = []
    counts: dict[str, int] = {}
    for name in names:
        if name not in counts:
            order.append(name)
        counts[name] = counts.get(name, 0) + 1
    return [name if counts[name] == 1 else _("{name} ×{count}", name=name, count=counts[name]) for name in order]


def table_text(saved: SavedGame) -> str:
    """Who sits at the table, as the lists say it: "against Bot (hard)" when people play
    bots, "Ann vs Bob" when only people (or only bots) play."""
    bots = _bots(saved)
    if bots is not None:
        return _("against {names}", names=bots)
    return _players(saved)


def _bots(saved: SavedGame) -> str | None:
    """The bots a person played, named ("Bot (hard) ×2"), or None when people (or bots) play
    only each other."""
    bots = [shown_name(seat.name) for seat in saved.seats if seat.is_bot]
    people = [seat.name for seat in saved.seats if not seat.is_bot]
    return _join(_counted(bots)) if bots and people else None


def _players(saved: SavedGame) -> str:
    """"Ann vs Bob vs Cy"."""
    names = [shown_name(seat.name) for seat in saved.seats]
    said = names[0] if names else ""
    for name in names[1:]:
        said = _("{names} vs {name}", names=said, name=name)
    return said


def game_line(saved: SavedGame, game_titles: Mapping[str, str], show_game: bool) -> str:
    """"Checks against Bot (hard)" (with the game's title) or "Against Bot (hard)"."""
    bots = _bots(saved)
    title = game_titles.get(saved.game, saved.game)
    if bots is not None:
        return (_("{game} against {names}", game=title, names=bots) if show_game
                else _("Against {names}", names=bots))
    return _("{game}: {players}", game=title, players=_players(saved)) if show_game else _players(saved)


def result_of(saved: SavedGame) -> tuple[str, str]:
    """(kind, words) of a finished game for the person at the device: ("won", "Won") and
    kin when one person played bots; otherwise ("winners", "Ann won") or ("drawn", "Drawn").
    ("unknown", "Not finished") for a game with no result."""
    if saved.result is None:
        return "unknown", _("Not finished")
    verdict = outcome(saved)
    if verdict is not None:
        how = verdict[1]
        return how, translated(OUTCOME_WORDS.get(how, how))
    winners = [seat for seat in saved.result.get("winners", []) if isinstance(seat, int)
               and 0 <= seat < len(saved.seats)]
    if not winners or len(set(winners)) == len(saved.seats):
        return "drawn", _("Drawn")
    names = _join([shown_name(saved.seats[seat].name) for seat in sorted(set(winners))])
    return "winners", _("{names} won", names=names)


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
             h("h2", {"id": "continue-title"}, _("Continue")),
             h("ul", {"class": "saved-items"}, items))


def _discard_button(game_id: str, label: str) -> Node:
    return h("button", {"type": "button", "class": "saved-discard", "data-cmd": f"discard:{game_id}",
                        "aria-label": label}, _("Discard"))


def _continue_item(item: Listed, now_ms: float, game_titles: Mapping[str, str], show_game: bool) -> Node:
    saved = item.saved
    if saved is None:
        return h("li", {"class": "saved-item saved-problem", "data-save-id": item.id, "data-save-problem": True},
                 h("p", {"class": "saved-text"}, _("A saved game cannot be read: "), item.problem),
                 _discard_button(item.id, _("Discard the saved game that cannot be read ({id})", id=item.id)))
    line = game_line(saved, game_titles, show_game)
    when = ago(saved.updated, now_ms)
    named = game_line(saved, game_titles, True)
    return h("li", {"class": "saved-item", "data-save-id": saved.id, "data-game": saved.game},
             h("a", {"class": "continue-link", "href": f"#/{saved.game}/play?id={saved.id}"},
               h("span", {"class": "saved-title"}, line),
               h("span", {"class": "saved-meta"},
                 h("span", {"data-testid": "ply"}, _("move {ply}", ply=saved.ply)), " · ", h("span", None, when))),
             _discard_button(saved.id, _("Discard {game}, move {ply}, {when}", game=named, ply=saved.ply, when=when)))


def _room_item(code: str, ticket: Mapping[str, Any], now_ms: float, game_titles: Mapping[str, str]) -> Node:
    title = game_titles.get(str(ticket.get("game", "")), "")
    name = str(ticket.get("name", ""))
    when = ago(float(ticket.get("joined", 0)), now_ms)
    return h("li", {"class": "saved-item", "data-room": code, "data-game": ticket.get("game")},
             h("a", {"class": "continue-link", "href": f"#/join/{code}"},
               h("span", {"class": "saved-title"},
                 _("{game} with friends, room {code}", game=title, code=code) if title
                 else _("A game with friends, room {code}", code=code)),
               h("span", {"class": "saved-meta"},
                 _("as {name} · joined {when}", name=name, when=when) if name
                 else _("as you · joined {when}", when=when))),
             h("button", {"type": "button", "class": "saved-discard", "data-cmd": f"forget-room:{code}",
                          "aria-label": _("Forget room {code}", code=code)}, _("Forget")))


# -- statistics -------------------------------------------------------------------------------

def _level_words(level: str) -> str:
    """A statistics row's level: one ("hard") or a mixed table's ("easy + hard")."""
    words = [level_word(part) for part in level.split(" + ")]
    said = words[0]
    for word in words[1:]:
        said = _("{levels} + {level}", levels=said, level=word)
    return said

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
              h("th", {"scope": "row"}, _level_words(level)),
              [h("td", {"data-stat": name}, getattr(rows[level], name)) for name, _unused in STAT_COLUMNS])
            for level in ordered]
    total = None
    if len(ordered) > 1:
        total = h("tr", {"class": "stats-total"},
                  h("th", {"scope": "row"}, _("All")),
                  [h("td", None, sum(getattr(rows[level], name) for level in ordered))
                   for name, _unused in STAT_COLUMNS])
    return h("section", {"class": "saved-list stats", "data-testid": "stats", "aria-labelledby": "stats-title"},
             h("h2", {"id": "stats-title"}, _("Your results")),
             h("div", {"class": "table-wrap"},
               h("table", {"class": "stats-table"},
                 h("caption", {"class": "muted"}, _("Games one person played against the bots, by bot level")),
                 h("thead", None, h("tr", None, h("th", {"scope": "col"}, _("Bot level")),
                                    [h("th", {"scope": "col"}, translated(label)) for _name, label in STAT_COLUMNS])),
                 h("tbody", None, body, total))))


# -- history ----------------------------------------------------------------------------------

def replay_link(game: str) -> Node:
    """The way to the replay viewer for a record file (or pasted record text)."""
    return h("p", {"class": "record-open"},
             h("a", {"href": f"#/{game}/replay"}, _("Open a record file")),
             h("span", {"class": "muted"}, _(" to replay a game saved elsewhere.")))


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
                h("p", {"class": "saved-text"}, _("A finished game cannot be read: "), item.problem),
                h("button", {"type": "button", "class": "saved-discard", "data-cmd": f"forget:{item.id}",
                             "aria-label": _("Remove the finished game that cannot be read ({id})", id=item.id)},
                  _("Remove")))
              for item in problems]
    if len(readable) > len(shown):
        kept = _("The latest {shown} of {count} finished games kept in this browser (it keeps the last "
                 "{most} of all games).", shown=len(shown), count=len(readable), most=HISTORY_LIMIT)
    else:
        kept = ngettext("{n} finished game kept in this browser (it keeps the last {most} of all games).",
                        "{n} finished games kept in this browser (it keeps the last {most} of all games).",
                        len(readable), most=HISTORY_LIMIT)
    return h("section", {"class": "saved-list history", "data-testid": "history",
                         "aria-labelledby": "history-title"},
             h("h2", {"id": "history-title"}, _("Recent games")),
             h("p", {"class": "muted saved-kept"}, kept),
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
               h("span", {"class": "saved-meta"}, ngettext("{n} move · {when}", "{n} moves · {when}", saved.ply,
                                                           when=when))),
             h("a", {"class": "saved-replay", "href": f"#/{saved.game}/replay?id={saved.id}",
                     "aria-label": _("Replay: {result}, {players}, {when}", result=words, players=who, when=when)},
               _("Replay")))


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
        name, _sep, arg = command.partition(":")
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
            self.message = _("That did not work: {why}.", why=error)
        return True

    def notes(self) -> list[Node]:
        """The note on the last discard (with ``button[data-cmd=restore]``) and any refusal."""
        found: list[Node] = []
        if self.message:
            found.append(h("p", {"class": "problem", "role": "alert", "data-testid": "list-problem"}, self.message))
        if self.discarded is not None:
            line = game_line(self.discarded, self.game_titles, True)
            found.append(h("p", {"class": "saved-note", "data-testid": "discarded", "role": "status"},
                           _("Discarded: {game}, move {ply}. ", game=line, ply=self.discarded.ply),
                           h("button", {"type": "button", "class": "saved-restore", "data-cmd": "restore"},
                             _("Bring it back"))))
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
