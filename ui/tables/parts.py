"""The pieces every table draws the same way, as functions of the table: the seats' words, the
bar's tools, the pass-the-device screen, the "How to win" box, the one result panel with why the
game ended and what to do after it.

They read the table only through what it shows (``name``, ``reader``, ``seats``, ``view``,
``flow``) so that a game's table draws its own area and nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine import IllegalAction
from engine.core import reason_of
from ui.app import embed
from ui.app.catalog import entry, game_title
from ui.app.play_setup import PlaySetup
from ui.kit import motion, settings, sound, theme
from ui.kit.dom import Node, h
from ui.kit.i18n import N_, _, pgettext, translated
from ui.kit.words import action_words
from ui.storage.saves import pack_record
from ui.tables.drawn import Table
from ui.tables.flow import Returned
from ui.tables.phrasing import Phrasing, refusal

#: The setting that lists the games whose "How to win" box has been shown open once.
HOW_TO_WIN_SEEN = "how_to_win_seen"


# -- the seats in words -------------------------------------------------------------------

def phrasing(table: Table) -> Phrasing:
    """How ``table`` says the engine's reasons: its seats' names, "you" for its reader."""
    return Phrasing(names(table), table.reader, table.card_words)


def names(table: Table) -> list[str]:
    """The seats' names as the game knows them (records, saves, the other devices)."""
    return [spec.name for spec in table.seats]


def is_you(table: Table, seat: int) -> bool:
    return seat == table.reader


def turn_text(table: Table, seat: int) -> str:
    if table.seats[seat].is_bot or table.readonly or seat not in table.humans:
        return _("{name} to play", name=table.name(seat))
    if table.solo:
        return _("Your turn")
    return _("{name}’s turn", name=table.name(seat))


#: The status line of a seat to act, by what it is to do: for a seat played elsewhere (a bot, a
#: friend, the replay), for the one person at this device, for one of several people here.
TO_ACT_LINES = {
    "play": (N_("{name} to play."), N_("Your turn."), N_("{name}: your turn.")),
    "lead": (N_("{name} to lead."), N_("Your turn to lead."), N_("{name}: your turn to lead.")),
    "reply": (N_("{name} to reply."), N_("Your turn to reply."), N_("{name}: your turn to reply.")),
}


def to_act_line(table: Table, seat: int, doing: str = "play") -> str:
    """A status line for ``seat`` to act (``doing``: a key of ``TO_ACT_LINES``): ``Bo is
    thinking…``, ``Bo to lead.``, ``Your turn to lead.`` (the one person) or ``Ann: your turn
    to lead.`` (several people at the device)."""
    name = table.name(seat)
    if table.flow.thinking == seat:
        return _("{name} is thinking…", name=name)
    elsewhere, yours, theirs = TO_ACT_LINES[doing]
    if table.seats[seat].is_bot or table.readonly or seat not in table.humans:
        return translated(elsewhere, name=name)
    return translated(yours) if table.solo else translated(theirs, name=name)


def headline(table: Table, winners: Sequence[int], what: str = "") -> str:
    """``You win`` / ``Ann wins`` / ``Ann and Bo win`` / ``Draw``, with ``what`` after it."""
    if not winners:
        return pgettext("tie", "Draw") if not what else _("Drawn {what}", what=what)
    if list(winners) == [table.reader]:
        return _("You win {what}", what=what).rstrip() if what else _("You win")
    if len(winners) == 1:
        name = table.name(winners[0])
        return _("{name} wins {what}", name=name, what=what).rstrip() if what else _("{name} wins", name=name)
    names = table.name(winners[0])
    for seat in winners[1:-1]:
        names = _("{names}, {name}", names=names, name=table.name(seat))
    names = _("{names} and {name}", names=names, name=table.name(winners[-1]))
    return _("{names} win {what}", names=names, what=what).rstrip() if what else _("{names} win", names=names)


def name_in_address(table: Table) -> None:
    """The address names the saved game, never the deal: a reload continues it, and a link
    shows nobody the seed of cards they could not see."""
    if table.flow.save_id and not table.readonly:
        from pyscript import window

        window.history.replaceState(None, "", embed.address(f"#/{table.game_id}/play?id={table.flow.save_id}"))


def table_title(table: Table) -> str:
    """The page's title: the game and its seats as the table names them, unless the table (or
    the lesson around it) gives its own (``fixed_title``)."""
    if table.fixed_title:
        return table.fixed_title
    names = table.name(0)
    for seat in range(1, len(table.seats)):
        names = _("{names} v {name}", names=names, name=table.name(seat))
    return _("{game}: {names} — Five Checks", game=game_title(table.game_id), names=names)


def tab_title(table: Table) -> str:
    """The tab's title: it starts with "Your turn" while the person is to act, so a tab in
    the back says when to come back."""
    title = table_title(table)
    seat = table.human_to_act()
    if seat is None or table.readonly or table.flow.paused or table.flow.error:
        return title
    return (_("Your turn — {title}", title=title) if table.solo
            else _("{name}’s turn — {title}", name=table.name(seat), title=title))


# -- the bar and its tools ----------------------------------------------------------------

def game_name(table: Table) -> str:
    return translated(table.short_title) if table.short_title else game_title(table.game_id)


def undo_button(table: Table) -> Node | None:
    """``[data-cmd=undo]`` for a person playing bots; nothing otherwise. When a takeback is
    not possible now it is marked disabled (``aria-disabled``, not ``disabled``, so that a
    click still arrives and says why on the table) with the reason beside it for readers."""
    if not table.flow.undo_offered:
        return None
    target, why = table.flow.undo_state()
    reason = "" if target >= 0 else phrasing(table).sentence(why)
    return h("span", {"class": "undo-tool"},
             h("button", {"type": "button", "class": "tool", "data-cmd": "undo",
                          "aria-disabled": "true" if reason else None,
                          "title": reason or _("Take back your last move"),
                          "aria-describedby": "undo-reason" if reason else None}, _("Take back")),
             h("span", {"id": "undo-reason", "class": "visually-hidden",
                        "data-testid": "undo-reason"}, reason) if reason else None)


def motion_button(table: Table) -> Node | None:
    """The "Motion" toggle of a table's bar (``[data-cmd=motion]``, ``aria-pressed``: cards
    travel or not, ``ui.kit.motion``); none in the replay viewer."""
    return None if table.readonly else h("button", motion.toggle_attrs(), _("Motion"))


def sound_button(table: Table) -> Node | None:
    """The "Sound" toggle of a table's bar (``[data-cmd=sound]``, ``aria-pressed``,
    ``ui.kit.sound``); none in the replay viewer."""
    return None if table.readonly else sound.button()


def theme_button(table: Table) -> Node | None:
    """The Theme tool of a table's bar (``[data-cmd=theme:<next>]``: system, light, dark in
    turn, ``ui.kit.theme``); none in the replay viewer."""
    return None if table.readonly else theme.cycle_button()


def rules_link(table: Table) -> Node:
    """The last tool of a table's bar: the game's rules, in a new tab."""
    return h("a", {"class": "tool", "href": f"#/{table.game_id}/rules", "target": "_blank",
                   "rel": "noopener"}, _("Rules"))


def score_pair(table: Table, label: str, scores: Sequence[Any], *extra: Any) -> Node:
    """``[data-testid=totals]`` for a two-seat game, "Ann 3 : 1 Bo", then ``extra``."""
    return h("div", {"class": "cc-bar-score", "data-testid": "totals", "aria-label": label},
             h("span", {"class": "cc-score-name"}, table.name(0)), " ",
             h("b", None, scores[0]), h("span", {"class": "cc-score-sep"}, " : "),
             h("b", None, scores[1]), " ",
             h("span", {"class": "cc-score-name"}, table.name(1)),
             *extra)


# -- controls and refusals -------------------------------------------------------------

def offer(notation: str, legal: bool) -> dict[str, Any]:
    """The attributes of a control for the action ``notation`` of the person in front: a
    ``data-action`` when it is legal now; else ``data-try`` and ``aria-disabled`` (not
    ``disabled``: the click must still arrive), and the click says why (``Table.explain``). A
    card drawn this way is the same element whether it can be played or not, so it keeps
    its DOM node (and focus) from one move to the next."""
    if legal:
        return {"data-action": notation}
    return {"data-try": notation, "aria-disabled": "true"}



def refusal_text(table: Table, seat: int, notation: str, error: IllegalAction) -> str:
    """A refusal as ``table`` says it (``ui.tables.phrasing.refusal``); an action that was sent
    to be played elsewhere and came back refused (``Returned``) is named."""
    text = refusal(error, phrasing(table), seat)
    return (_("Not played ({action}): {why}", action=table.card_words(action_words(notation)), why=text)
            if isinstance(error, Returned) else text)


# -- screens and boxes --------------------------------------------------------------------

def pass_screen(table: Table) -> Node:
    """Shown instead of the table while the device goes to the next person."""
    seat = table.human_to_act()
    name = table.name(seat) if seat is not None else ""
    return h("section", {"class": "panel pass-screen", "data-testid": "pass-screen"},
             h("h1", None, _("Pass the device to {name}", name=name)),
             h("p", None, _("The table is hidden so that nobody sees a hand that is not theirs. "),
               _("{name}, press the button when only you can see the screen.", name=name)),
             h("button", {"type": "button", "class": "primary", "data-cmd": "pass-done",
                          "data-testid": "pass-done", "autofocus": True},
               _("I am {name}: show my cards", name=name)))


def term(table: Table, word: str) -> str:
    """The game's sentence that explains ``word`` (``ui.app.catalog``), or ""."""
    found = entry(table.game_id)
    return translated(found.term(word)) if found is not None else ""


def how_to_win(table: Table) -> Node | None:
    """``[data-testid=how-to-win]``: the game's goal, turn, end and score in a few lines
    (``ui.app.catalog``); open on a person's first table of the game at this device, closed
    after that (the app's settings remember the games already shown), and closed where only
    bots play (nobody's first game)."""
    found = entry(table.game_id)
    if found is None or not found.how_to_win or table.readonly:
        return None
    if table.how_open is None:
        seen = list(settings.read().get(HOW_TO_WIN_SEEN) or [])
        table.how_open = bool(table.humans) and table.explains_itself and table.game_id not in seen
        if table.how_open:
            settings.write({HOW_TO_WIN_SEEN: [*seen, table.game_id]})
    return h("details", {"class": "how-to-win", "data-testid": "how-to-win",
                         "open": True if table.how_open else None},
             h("summary", None, _("How to win")),
             h("p", None, translated(found.how_to_win)))


# -- the end ------------------------------------------------------------------------------

def reason_text(table: Table, data: Mapping[str, Any]) -> str:
    """Why a game ended (``data``: a result's or a game summary's JSON), as a sentence of
    the table's: the seats by name, "you" for the one person."""
    return phrasing(table).sentence(reason_of(data), N_("The game is over."))


def end_reason(table: Table, data: Mapping[str, Any], *notes: str, lead: str = "") -> Node:
    """``[data-testid=end-reason]``: ``lead`` (e.g. "Game 2: "), why the game ended, then
    ``notes``, short sentences that explain the words of the reason (a victory's meaning)."""
    return h("p", {"class": "result-reason", "data-testid": "end-reason"},
             lead, reason_text(table, data), *(f" {note}" for note in notes if note))


def seat_scores(table: Table, scores: Sequence[Any], label: str = "", unit: Any = None) -> Node:
    """Every seat's score once, as a list: the name, the score, then ``unit(score)`` if given
    (" checks")."""
    return h("ul", {"class": "result-scores", "aria-label": label or None},
             [h("li", {"data-seat": seat}, h("span", None, table.name(seat)), " ",
                h("strong", None, str(score)), unit(score) if unit is not None else None)
              for seat, score in enumerate(scores)])


def result_panel(table: Table, title: str, *body: Any, css: str = "panel result") -> Node:
    """``[data-testid=result]``, the end of every game: ``title`` (who won, with a full stop),
    then ``body`` (the scores and why the game ended, in the game's own terms), then what to do
    next (``again_row``). ``data-winner`` lists the winning seats; the panel is a polite live
    region, so the end is said."""
    result = table.view()["result"]
    winners = result["winners"] if result is not None else []
    return h("section", {"class": css, "data-testid": "result",
                         "data-winner": ",".join(map(str, winners)), "aria-live": "polite"},
             h("h2", None, title), *body, again_row(table))


def again_row(table: Table) -> Node | None:
    """What to do after the end: the same deal again (its seed, now that every card has been
    played, may be seen), a new deal, another setup; the record to replay, keep or share."""
    if table.readonly:
        return None
    if table.room is not None:
        return table.room.after_game()
    save_id = table.flow.save_id
    return h("div", {"class": "after-game"},
             h("p", {"class": "again-row"},
               h("button", {"type": "button", "data-cmd": "again", "data-testid": "replay-deal"},
                 _("Replay this deal (#{seed})", seed=table.setup.seed)),
               h("button", {"type": "button", "data-cmd": "new-deal", "class": "primary"}, _("New deal")),
               h("a", {"class": "button-link", "href": setup_hash(table.setup)}, _("Change setup"))),
             h("p", {"class": "record-row"},
               h("a", {"class": "button-link", "data-testid": "replay-link",
                       "href": f"#/{table.game_id}/replay?id={save_id}"}, _("Watch the replay"))
               if save_id else None,
               h("button", {"type": "button", "data-cmd": "download"}, _("Download the record")),
               h("label", {"class": "record-link"},
                 h("span", {"class": "visually-hidden"}, _("Link to this game’s record")),
                 h("input", {"type": "text", "readonly": True, "value": record_link(table),
                             "data-testid": "record-link"})),
               h("button", {"type": "button", "data-cmd": "copy-link"}, _("Copy link"))))


def record_link(table: Table) -> str:
    """A link that opens this game's record in the replay viewer, on any device."""
    from pyscript import window

    here = str(window.location.href).split("#", 1)[0]
    return f"{here}#/{table.game_id}/replay?r={pack_record(table.flow.record(), names(table))}"


def with_seed(setup: PlaySetup, seed: int) -> PlaySetup:
    return replace(setup, seed=seed % 1_000_000, seed_given=True)


def setup_hash(setup: PlaySetup) -> str:
    """The setup screen of the game, filled in like this one."""
    return f"#/{setup.game_id}?" + setup.to_hash().split("?", 1)[1]
