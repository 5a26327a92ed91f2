"""``#/<id>/learn``: a coached first game at the game's own table.

The screen fetches the lesson (``docs/learn/<id>.json``, beside the rules pages: one same-origin
request when someone opens it, cached for offline play like every file of the app), then hands
the root to the game's table over the lesson's flow (``ui.learn.lesson.coached_flow``). The coach
is the table's room (``CoachRoom``): its panel, ``[data-testid=coach]``, sits under the table's
bar and says what to do next and why; the control(s) to use next carry ``data-coach-target``
(``CoachedTable.draw``); at the end it offers a real game. A learner's click off the script is
answered in the table's alert line with the coach's words (``TableFlow.not_now``).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from ui.app.catalog import entry, game_title
from ui.app.routes import quick_game_route
from ui.app.screen import Navigate, TableScreen
from ui.kit.dom import Node, h, present
from ui.kit.i18n import _
from ui.learn.lesson import LEARNER, Coach, CoachedFlow, LessonError, coached_flow, lesson_path, parse_lesson
from ui.tables.base import NEXT_GAME, GameTable

#: Marks the control(s) the coach points at.
TARGET_ATTR = "data-coach-target"


class CoachRoom:
    """The coach, as the room around a table (``ui.tables.base.TableRoom``)."""

    def __init__(self, table: GameTable, flow: CoachedFlow) -> None:
        self.table = table
        self.flow = flow
        self.coach = Coach(flow.lesson)
        #: Whether the person opened the coach's earlier words ("More", shown on phones only).
        self.more = False

    def said(self) -> Any:
        return self.coach.said(self.flow.ply, self.flow.state.is_over(), self.flow.late())

    def lobby(self) -> Node | None:
        return None

    def strip(self) -> Node | None:
        said = self.said()
        title = game_title(self.table.game_id)
        progress = (_("Step {number} of {total}", number=said.done + 1, total=said.total) if said.done < said.total
                    else _("You know the rules") if not self.flow.state.is_over() else _("Lesson over"))
        waiting = said.step is None and said.done < said.total and not self.flow.state.is_over()
        # On a phone only the newest words show (what to do now, or what just happened) and
        # "More" opens the rest: a panel of every line took a third of the screen and hid the
        # very control it pointed at (issue 31). A desktop shows them all (style.css).
        earlier = len(said.lines) > 1 or bool(said.rule)
        # Focusable: its words may scroll inside it (a keyboard reaches them too).
        return h("section", {"class": "panel coach", "data-testid": "coach", "aria-labelledby": "coach-heading",
                             "tabindex": "0", "data-step": said.done, "data-steps": said.total,
                             "data-more": "1" if self.more else None},
                 h("div", {"class": "coach-top"},
                   h("h2", {"id": "coach-heading", "class": "coach-heading"},
                     _("Learning {game}", game=title), h("span", {"class": "coach-progress"}, f" · {progress}")),
                   h("button", {"type": "button", "class": "coach-more", "data-cmd": "coach-more",
                                "aria-expanded": "true" if self.more else "false"},
                     _("Less") if self.more else _("More")) if earlier else None),
                 h("p", {"class": "coach-rule", "data-testid": "coach-rule"}, said.rule) if said.rule else None,
                 [h("p", {"class": "coach-line", "key": f"line-{said.done}-{index}"}, self.table.card_words(line))
                  for index, line in enumerate(said.lines)],
                 # A div, not a p: the newest line is the last p (style.css shows it alone on a phone).
                 h("div", {"class": "coach-wait muted"}, _("Watch the bot’s answer…")) if waiting else None)

    def after_game(self) -> Node | None:
        game_id = self.table.game_id
        return h("div", {"class": "after-game"},
                 h("p", {"class": "again-row"},
                   h("a", {"class": "button-link primary", "href": quick_game_route(game_id),
                           "data-testid": "real-game"}, _("Play a real game")),
                   h("button", {"type": "button", "data-cmd": "learn-again"}, _("Start the lesson again")),
                   h("a", {"class": "button-link", "href": f"#/{game_id}/rules"}, _("Read the rules"))))

    def command(self, command: str, element: Any) -> bool:
        if command == "coach-more":
            self.more = not self.more
            return True
        if command == "learn-again":
            self.table.navigate(f"#/{self.table.game_id}/learn")  # the same route restarts its screen
            return True
        return False

    def dispose(self) -> None:
        """Nothing to close."""

    def field(self, element: Any) -> bool:
        """A lesson's table has no form fields of the coach's."""
        return False

    def targets(self) -> tuple[str, tuple[str, ...]]:
        """What to point at now: the ``data-action`` of the learner's next action and the
        ``data-pick`` clicks that lead to it ("" when the coach points at nothing)."""
        flow = self.flow
        if flow.paused:
            return NEXT_GAME, ()
        step = self.said().step
        if step is None or LEARNER not in flow.to_act():
            return "", ()
        return step.action, step.picks


class CoachedTable(GameTable):
    """A game's table in a lesson, mixed before the game's own table class: it marks the
    control(s) the coach points at (``data-coach-target``), the action's own button when it is
    drawn, else the furthest click that leads to it, and brings each new target into view below
    the coach's panel, which stays on top as the page scrolls; at the end, the result."""

    coach_room: CoachRoom
    explains_itself = False
    #: The moves were the coach's: an analysis (Chess Cards') does not grade them as mistakes.
    graded = False
    #: What the last draw marked (attribute, value), and what ``show`` last brought into view.
    _marked: tuple[str, str] = ("", "")
    _shown: tuple[Any, ...] = ()

    def show(self) -> None:
        super().show()
        over = self.flow.state.is_over()
        # A new target: a new step, or the second end of a move once its first is picked (the
        # step is the same, the marked control is not). Brought into view once, so a person who
        # scrolls away to look at something is not pulled back at every redraw.
        shown = (self.flow.ply, self._marked, over, self.coach_room.more)
        if shown == self._shown:
            return
        self._shown = shown
        panel = self.root.querySelector("[data-testid=coach]")
        if present(panel):
            # Where a target may be scrolled to: clear of the panel that stays on top (at the end
            # it no longer does, style.css: nothing is left to point at).
            space = 0.0 if over else float(panel.offsetHeight)
            self.root.style.setProperty("--coach-space", f"{space:.0f}px")
            panel.scrollTop = panel.scrollHeight  # the newest words are last
        if over:
            # The result, its reason and "Play a real game" (its last row): from the top of
            # the result down, as much as fits, with the real game's link at least.
            for selector in ("[data-testid=result]", "[data-testid=real-game]"):
                found = self.root.querySelector(selector)
                if present(found):
                    _scroll_into_view(found)
            return
        # The first target the layout shows (on a phone Checkmate's fan of backs is hidden, and
        # its Draw button, marked too, does the same).
        for target in self.root.querySelectorAll(f"[{TARGET_ATTR}]"):
            if target.checkVisibility():
                _scroll_into_view(target)
                break

    def clock_text(self) -> str:
        if isinstance(self.flow, CoachedFlow) and self.flow.holds_clock():
            # The lesson holds the window open for the learner (after its time, a hurry step's).
            return "time is up" if self.flow.late() else "no hurry"
        return super().clock_text()

    def draw(self) -> list[Node]:
        nodes = super().draw()
        action, picks = self.coach_room.targets()
        self._marked = ("", "")
        if action and _mark(nodes, "data-action", action):
            self._marked = ("data-action", action)
        elif action:
            # The furthest click towards the action that is drawn: a sacrifice's card once
            # the "Sacrifice" mode is on, else the mode's own button.
            for pick in reversed(picks):
                if _mark(nodes, "data-pick", pick):
                    self._marked = ("data-pick", pick)
                    break
        return nodes


def _scroll_into_view(element: Any) -> None:
    """The least scrolling that shows ``element`` whole (none when it is in view already),
    below the coach's panel (its ``scroll-margin-top``, style.css)."""
    from js import Object
    from pyodide.ffi import to_js

    element.scrollIntoView(to_js({"block": "nearest", "inline": "nearest"}, dict_converter=Object.fromEntries))


def _mark(nodes: list[Any], name: str, value: str) -> int:
    """Mark every node of the trees ``nodes`` whose attribute ``name`` is ``value``."""
    count = 0
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if not isinstance(node, Node):
            continue
        found = node.attrs.get(name)
        if found is not None and str(found) == value:
            node.attrs[TARGET_ATTR] = "1"
            count += 1
        stack.extend(node.children)
    return count


class LearnScreen(TableScreen):
    """Loads the lesson, then shows the coached table (see the module docstring)."""

    def __init__(self, root: Any, navigate: Navigate, game_id: str, table_class: Any,
                 delay_ms: int | None = None) -> None:
        """``delay_ms``: the route's ``delay=``, how long the bot's answers are held back (the
        lesson's own pace otherwise)."""
        super().__init__(root, navigate)
        self.game_id = game_id
        self.delay_ms = delay_ms
        self.table_class = table_class
        item = entry(game_id)
        self.game_title = game_title(game_id, item.title if item else game_id)
        self.title = _("Learn {game} — Five Checks", game=self.game_title)
        self.problem = ""

    def render(self) -> list[Node]:
        return [h("section", {"class": "page learn", "data-testid": "learn"},
                  h("h1", {"tabindex": "-1"}, _("Learn {game}", game=self.game_title)),
                  h("p", {"class": "problem", "role": "alert"}, self.problem) if self.problem else
                  h("p", {"class": "muted", "data-testid": "learn-loading"}, _("Dealing the lesson…")),
                  h("p", None, h("a", {"class": "button-link", "href": f"#/{self.game_id}/rules"}, _("Read the rules")),
                    " ", h("a", {"class": "button-link", "href": "#/"}, _("All games"))))]

    def start(self) -> None:
        self.load_text(lesson_path(self.game_id), self._begin)

    def _begin(self, text: str) -> None:
        try:
            lesson = parse_lesson(json.loads(text)) if text else None
        except (ValueError, LessonError) as error:
            print(f"five-checks: the lesson does not read: {error}")  # for developers
            lesson, self.problem = None, _("This lesson cannot be played: its script does not fit this version of "
                                           "the game.")
        if lesson is None:
            self.problem = self.problem or _("The lesson of this game is missing from this copy of the app.")
            self.show()
            return
        if self.delay_ms is not None:
            lesson = replace(lesson, delay_ms=self.delay_ms)
        flow = coached_flow(lesson, self.timers)
        base = self.table_class(self.game_id)
        table_class = type(f"Coached{base.__name__}", (CoachedTable, base), {})
        table = table_class(self.root, self.navigate, flow.setup, flow=flow)
        table.timers = self.timers  # one group: leaving the screen stops both
        room = CoachRoom(table, flow)
        table.room = room
        table.coach_room = room
        table.fixed_title = _("Learn {game} — Five Checks", game=self.game_title)
        self.table = table
        self._drawn = False
        table.show()
        table.start()
