"""Cards and checkers that travel: FLIP animation driven from the patch.

``Screen.show`` measures where the table's movable things are just before it patches the page
(``Motion.measure``: First), and after the patch (``Motion.play``) measures them again (Last),
pairs what was with what is (``plan``), and starts one Web Animation per thing that went
somewhere (Invert, Play): it is drawn at once where it goes and only *looks* as if it came from
where it was, for 150-300 ms, by ``transform`` (and ``opacity``) alone. Nothing waits for an
animation: a click during one lands on the element's final node and plays; the next draw
measures things where they are seen (mid-flight) and carries on from there.

What moves (``MOVABLE``, marked by the tables themselves): the cards (``.card[data-card]``: both
decks' faces, wherever they lie), Chess Cards' pile chips, face-down backs, the checkers of Saving
Private Checkers and the cards under its squares. A card is known by its value (``data-card``),
so a card played from the hand to a pile, a pile's card going to a checks pile, or a Chess Cards
card from the slot to the played pile is one thing found again elsewhere, even when the patch made
a new node for it. A checker has no name of its own: the checkers of one side are paired, one that
left a square with one that came to another, nearest first. Backs and board cards are anonymous.

Where nothing was (``plan``): a card named by the action just played comes from the acting seat's
area (``section[data-seat=N]``: a bot's card played from its hidden hand, a King given); another
new card from the stock (``STOCK``: drawn, refilled), a face turning up where a back was flips. A
card gone for good is cloned into a layer above the page for its last flight (to where its value
still shows, or to the acting seat, as when a pile is cashed) and a captured or blown-up checker
shrinks away; a card covered by the one that lands on it simply goes.

Motion is off (nothing is measured, no animation is ever started) when the system asks for
reduced motion (``prefers-reduced-motion: reduce``) or the person turned it off with the
"Motion" toggle of a table's bar: ``{"motion": false}`` in the app's settings (``ui.kit.settings``),
shown as ``<html data-motion="off">``, under which style.css also stops CSS transitions.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ui.kit import settings
from ui.kit.i18n import _

#: How long a thing travels, and how (a quick start, a soft landing).
DURATION_MS = 240
EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)"
#: The ``id`` of every animation started here (tests and tools tell them from CSS transitions).
ANIMATION_ID = "motion"

#: The things that move, as the tables draw them.
MOVABLE = ".card[data-card], .cc-pile .chip[data-card], .pc-back, .ck-ht, .spc-piece, .spc-board .spc-card"
#: Where a drawn or refilled card comes from: Checks' deck, Checkmate's fanned stockpile, Check!'s
#: draw pile.
STOCK = "[data-testid=deck], [data-testid=fan], [data-testid=draw-pile]"
#: More cards than this appearing at once is a new deal or a table shown anew, not a move: they
#: simply appear. As many going at once (a cleared table) simply go.
MOST_AT_ONCE = 8

_REDUCE = "(prefers-reduced-motion: reduce)"
_WORD = re.compile(r"[A-Za-z0-9]+")


# -- what is measured ------------------------------------------------------------------------


@dataclass(frozen=True)
class Box:
    """A rectangle of the viewport (``getBoundingClientRect``), in CSS pixels."""

    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def holds(self, x: float, y: float) -> bool:
        """Whether the point lies inside."""
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h

    def covers(self, other: Box) -> bool:
        """Whether ``other``'s centre lies inside: it is (mostly) under this box."""
        return self.holds(other.cx, other.cy)

    def near(self, other: Box) -> bool:
        """The same place, give or take a pixel."""
        return (abs(self.x - other.x) < 1 and abs(self.y - other.y) < 1
                and abs(self.w - other.w) < 1 and abs(self.h - other.h) < 1)

    def sized_like(self, other: Box) -> Box:
        """A box of ``other``'s size centred on this one (where a thing leaves a seat's area)."""
        return Box(self.cx - other.w / 2, self.cy - other.h / 2, other.w, other.h)


@dataclass
class Thing:
    """A movable element as measured: which DOM node it is (``node``: a number the page gives
    each node once, so two measures tell a node that stayed from one drawn anew without a call
    into the page), what it is (``card:KS``, ``piece:light``, or ``""`` for a back or a board
    card, which have no name), where it is, whether it is face down (a back), and its classes as
    they were (a thing without a name of its own is matched by position in the patch, so its
    node may show something else afterwards). The element itself is fetched only for the few
    things animated (``element``)."""

    node: Any
    key: str
    box: Box
    down: bool = False
    css: str = ""
    found: Any = None  # the (static) NodeList it was measured in, and its place there
    index: int = -1

    @property
    def element(self) -> Any:
        return self.found.item(self.index)

    @property
    def card(self) -> str:
        return self.key[5:] if self.key.startswith("card:") else ""


@dataclass(frozen=True)
class Cue:
    """The action a draw shows: the seat that took it (None: the clock, or nobody) and the
    cards its notation names (``"7H>2"`` names 7H, ``"give KS"`` names KS)."""

    seat: int | None
    cards: frozenset[str] = frozenset()

    @staticmethod
    def of(seat: int | None, notation: str) -> Cue:
        return Cue(seat if seat is not None and seat >= 0 else None, frozenset(_WORD.findall(notation)))


@dataclass
class Step:
    """One animation: ``kind`` is ``move`` (from ``start`` to where ``thing`` is now), ``jump``
    (a checker's move over others), ``enter`` (from ``start``, fading in), ``flip`` (turned face
    up), ``appear`` (in place), or for a thing that is gone (``thing`` is what was measured
    before) ``fly`` (a copy goes to ``end`` and fades), ``leave`` (a copy shrinks away) or
    ``stay`` (a copy stays until what covers it has landed). ``dealt``: an ``enter`` from the
    stock or a face-down card, not from a hand (a refill covers no card: that one was taken)."""

    kind: str
    thing: Thing
    start: Box | None = None
    end: Box | None = None
    dealt: bool = False


@dataclass
class _Group:
    olds: list[Thing] = field(default_factory=list)
    news: list[Thing] = field(default_factory=list)


# -- pairing what was with what is (pure: tested without a browser) -----------------------------


def plan(before: list[Thing], after: list[Thing], cue: Cue | None,
         areas: Callable[[], dict[int, Box]], stock_box: Callable[[], Box | None]) -> list[Step]:
    """The animations that show how the things ``before`` became the things ``after``.

    Things of one kind are paired node for node in document order (``_nodes``). ``cue`` is the action this
    draw shows (None: no action, such as a selection: things that moved still glide, nothing
    comes from elsewhere). ``areas()`` (each seat's area, by seat) and ``stock_box()`` (the stock)
    are asked only when a thing needs a source or a place to go. Nothing is planned when either side is
    empty: a table being hidden (the pass-the-device screen) or shown anew has no history to tell.
    """
    if not before or not after:
        return []
    groups: dict[str, _Group] = {}
    for thing in before:
        groups.setdefault(thing.key, _Group()).olds.append(thing)
    for thing in after:
        groups.setdefault(thing.key, _Group()).news.append(thing)
    steps: list[Step] = []
    turned: list[Thing] = []  # things that stayed and turned face up (a half-trick picked up)
    entering: list[Thing] = []  # named things with no earlier place
    backs_new: list[Thing] = []  # backs and board cards with none
    gone: list[Thing] = []
    backs_gone: list[Thing] = []
    shown: dict[str, Thing] = {}  # a card's value -> where it shows now
    for key, group in groups.items():
        pairs, olds, rest = _nodes(group.olds, group.news)
        kept = [old for old, _unused in pairs]
        for old, new in pairs:  # the same node: it glides if it moved, flips if it turned up
            if old.down and not new.down:
                steps.append(Step("flip", new))
                turned.append(new)
            else:
                steps.extend(_moved(old, new))
        if key:
            # A named thing drawn anew elsewhere comes from where it was, nearest first; a second
            # copy (the card in its slot and its chip on the played pile) from the same place.
            seen = [old.box for old in kept]
            for new in rest:
                if olds:
                    found = min(olds, key=lambda old: _distance(old.box, new.box))
                    olds.remove(found)
                    seen.append(found.box)
                    steps.extend(_moved(found, new))
                elif seen:
                    steps.extend(_moved(Thing(None, key, min(seen, key=lambda box: _distance(box, new.box))), new))
                else:
                    entering.append(new)
            gone.extend(olds)
            if group.news and key.startswith("card:"):
                shown[key] = group.news[0]
        else:
            # A back drawn anew in the same place (a place in a grid becoming a button) is the
            # same card: it stays, or turns face up there.
            for new in rest:
                same = next((old for old in olds if _distance(old.box, new.box) < STILL_PX ** 2), None)
                if same is None:
                    backs_new.append(new)
                    continue
                olds.remove(same)
                if same.down and not new.down:
                    steps.append(Step("flip", new))
                    turned.append(new)
            backs_gone.extend(old for old in olds if old.down)
    if cue is not None:
        # More than a few at once is a new deal or a table shown anew: those simply appear.
        arriving = [*(entering if len(entering) <= MOST_AT_ONCE else ()),
                    *(backs_new if len(backs_new) <= MOST_AT_ONCE else ())]
        steps.extend(_entries(arriving, backs_gone, turned, cue, areas, stock_box))
    if cue is not None and len(gone) <= MOST_AT_ONCE:
        landing = [step.thing.box for step in steps
                   if step.kind in ("move", "jump") or (step.kind == "enter" and not step.dealt)]
        dealt = {id(step.thing) for step in steps if step.dealt}
        there = [thing for thing in after if thing.key and id(thing) not in dealt]
        steps.extend(_exits(gone, there, landing, shown, cue, areas))
    return steps


#: How far ahead ``_nodes`` looks for a node that stayed when two do not match.
_LOOK_AHEAD = 4


def _nodes(olds: list[Thing], news: list[Thing]) -> tuple[list[tuple[Thing, Thing]], list[Thing], list[Thing]]:
    """The things measured before and after that are one DOM node, as (old, new) pairs, then the
    old things not found again and the new ones. Both lists are in document order, where the
    nodes the patch kept keep their order among their kind: the walk compares each new thing
    with the next old one, and when they differ looks a few old things ahead for it (the ones
    skipped went); failing that, the new thing is new."""
    pairs: list[tuple[Thing, Thing]] = []
    went: list[Thing] = []
    came: list[Thing] = []
    index = 0
    for new in news:
        found = next((ahead for ahead in range(index, min(index + _LOOK_AHEAD, len(olds)))
                      if olds[ahead].node == new.node), None)
        if found is None:
            came.append(new)
            continue
        went.extend(olds[index:found])
        pairs.append((olds[found], new))
        index = found + 1
    went.extend(olds[index:])
    return pairs, went, came


def _distance(a: Box, b: Box) -> float:
    return (a.cx - b.cx) ** 2 + (a.cy - b.cy) ** 2


#: A thing that moved less than this (CSS pixels) and kept its size did not go anywhere: a
#: playable card's lift (``.card.live``) coming and going is no journey.
STILL_PX = 6


def _moved(old: Thing, new: Thing) -> list[Step]:
    """A thing found again: no step if it barely moved; a checker that travels farther than a
    step to the next square (more than two and a half checkers' widths) jumps."""
    a, b = old.box, new.box
    if (_distance(a, b) < STILL_PX ** 2 and abs(a.w - b.w) < STILL_PX and abs(a.h - b.h) < STILL_PX):
        return []
    far = _distance(a, b) > (2.5 * max(b.w, b.h, 1)) ** 2
    return [Step("jump" if far and new.key.startswith("piece:") else "move", new, a)]


def _entries(entering: list[Thing], backs_gone: list[Thing], turned: list[Thing], cue: Cue,
             areas: Callable[[], dict[int, Box]], stock_box: Callable[[], Box | None]) -> list[Step]:
    """Things with no earlier place: a face where a back was flips; cards that come with a
    face-down packet turning up (Checks' half-trick taken into the hand) come from it, the
    nearest; the others as ``_source`` says."""
    steps = []
    for thing in entering:
        back = next((old for old in backs_gone if old.box.covers(thing.box)), None)
        if back is not None and thing.key:
            backs_gone.remove(back)
            steps.append(Step("flip", thing))
            continue
        if turned:
            packet = min(turned, key=lambda other: _distance(other.box, thing.box))
            steps.append(Step("enter", thing, packet.box.sized_like(thing.box)))
            continue
        source, dealt = _source(thing, backs_gone, cue, areas, stock_box)
        if source is None:
            if thing.key:  # a named thing with nowhere to come from: it shows up in place
                steps.append(Step("appear", thing))
        else:
            steps.append(Step("enter", thing, source.sized_like(thing.box), dealt=dealt))
    return steps


def _source(thing: Thing, backs_gone: list[Thing], cue: Cue, areas: Callable[[], dict[int, Box]],
            stock_box: Callable[[], Box | None]) -> tuple[Box | None, bool]:
    """Where a new thing comes from, and whether it was dealt (not played from a hand):

    - a card the action names (played or given from a hand): from the back it was in the acting
      seat's hidden hand, else from that seat's area;
    - any other (drawn, refilled): from a face-down card that went outside the seats' areas
      (the card a bot drew and now discards, the stockpile's card drawn), else the stock, else
      the acting seat's area.

    Never from a box it already lies in; a back serves once."""
    area = areas().get(cue.seat) if cue.seat is not None else None
    inside = area is not None and area.covers(thing.box)
    if area is not None and not inside and thing.card and thing.card in cue.cards:
        hand = [back for back in backs_gone if area.covers(back.box)]
        if hand:
            back = min(hand, key=lambda back: _distance(back.box, thing.box))
            backs_gone.remove(back)
            return back.box, False
        return area, False
    away = [back for back in backs_gone if not back.box.covers(thing.box)
            and not any(seat.covers(back.box) for seat in areas().values())]
    if away:
        back = min(away, key=lambda back: _distance(back.box, thing.box))
        backs_gone.remove(back)
        return back.box, True
    stock = stock_box()
    if stock is not None and not stock.covers(thing.box):
        return stock, True
    if area is not None and not inside:
        return area, False
    return None, False


def _exits(gone: list[Thing], there: list[Thing], landing: list[Box], shown: dict[str, Thing],
           cue: Cue, areas: Callable[[], dict[int, Box]]) -> list[Step]:
    """Named things that are gone: to where their value still shows; a pile's card that a card
    played covers stays under it until it lands (``stay``), or simply goes when a named thing
    ``there`` covers it already; a checker shrinks away; another card (cashed, taken: a refill
    dealt onto its place covers nothing) goes to the acting seat or, from inside it, shrinks
    away."""
    steps = []
    for thing in gone:
        elsewhere = shown.get(thing.key)
        if elsewhere is not None:
            steps.append(Step("fly", thing, end=elsewhere.box))
        elif any(box.covers(thing.box) for box in landing):
            steps.append(Step("stay", thing))
        elif any(other.box.covers(thing.box) for other in there):
            continue  # under a card that was there already (a back or a board card is no cover)
        elif thing.key.startswith("piece:"):
            steps.append(Step("leave", thing))
        else:
            area = areas().get(cue.seat) if cue.seat is not None else None
            if area is not None and not area.covers(thing.box):
                steps.append(Step("fly", thing, end=area.sized_like(thing.box)))
            else:
                steps.append(Step("leave", thing))
    return steps


# -- the page ----------------------------------------------------------------------------------


class Motion:
    """The animations of one screen: measure, then play; ``stop`` ends whatever still runs."""

    def __init__(self) -> None:
        self._running: list[Any] = []
        self._layer: Any = None

    def measure(self, root: Any) -> list[Thing]:
        """The movable things under ``root`` and where they are seen now, read in one call into
        the page (``_MEASURE``): through Pyodide's proxies each element would cost about eight
        calls (an attribute, a rectangle and its four sides, the classes), three times the time."""
        found, rows = _script("measure")(root, MOVABLE)
        things = []
        for index, (node, card, css, x, y, w, h) in enumerate(rows.to_py()):
            box = Box(x, y, w, h)
            if card is not None:
                things.append(Thing(node, f"card:{card}", box, found=found, index=index))
            elif "spc-piece" in css:
                side = "piece:light" if "spc-light" in css else "piece:dark"
                things.append(Thing(node, side, box, css=css, found=found, index=index))
            else:
                things.append(Thing(node, "", box, "back" in css or "-down" in css, css, found, index))
        return things

    def play(self, root: Any, before: list[Thing], cue: Cue | None) -> int:
        """Animate from ``before`` (measured before the patch) to the page as it is now; returns
        how many animations started."""
        self.stop()  # the earlier flights end where their things now stand: measured from there
        if not before:
            return 0
        after = self.measure(root)
        places: dict[str, Any] = {}

        def areas() -> dict[int, Box]:
            if "seats" not in places:
                found = root.querySelectorAll("section[data-seat]")
                seats: dict[int, Box] = {}
                for index in range(int(found.length)):
                    element = found.item(index)
                    seat = str(element.getAttribute("data-seat"))
                    box = _box_of(element)
                    if seat.isdigit() and box is not None:
                        seats.setdefault(int(seat), box)
                places["seats"] = seats
            return places["seats"]

        def stock_box() -> Box | None:
            if "stock" not in places:
                places["stock"] = _box_of(root.querySelector(STOCK))
            return places["stock"]

        steps = plan(before, after, cue, areas, stock_box)
        for step in steps:
            self._start(step, root)
        return len(steps)

    def stop(self) -> None:
        """End every animation started here and remove the copies of things that were gone."""
        running, self._running = self._running, []
        for animation in running:
            with contextlib.suppress(Exception):
                animation.cancel()
        if self._layer is not None:
            self._layer.replaceChildren()

    # -- one animation -------------------------------------------------------------------

    def _start(self, step: Step, root: Any) -> None:
        thing = step.thing
        box = thing.box
        kind = step.kind
        frames: list[dict[str, Any]]
        if kind in ("move", "jump", "enter") and step.start is not None:
            start = step.start
            moved = f"translate({start.cx - box.cx:.1f}px, {start.cy - box.cy:.1f}px){_scale(start, box)}"
            # Above its neighbours on the way (a card is ``position: relative``), under them
            # again once landed: the last keyframe names only the z-index, so the transform
            # ends on the element's own (a playable card's lift).
            if kind == "enter":
                frames = [{"transform": moved, "opacity": 0, "zIndex": 3, "offset": 0},
                          {"opacity": 1, "offset": 0.35}, {"zIndex": 3, "offset": 1}]
            elif kind == "jump":  # lifted over the board on its way
                halfway = (f"translate({(start.cx - box.cx) / 2:.1f}px, {(start.cy - box.cy) / 2:.1f}px) "
                           "scale(1.3)")
                frames = [{"transform": moved, "zIndex": 3, "offset": 0}, {"transform": halfway, "offset": 0.5},
                          {"zIndex": 3, "offset": 1}]
            else:
                frames = [{"transform": moved, "zIndex": 3, "offset": 0}, {"zIndex": 3, "offset": 1}]
            self._animate(thing.element, frames)
        elif kind == "flip":
            self._animate(thing.element, [{"transform": "perspective(40rem) rotateY(90deg)", "offset": 0}])
        elif kind == "appear":
            self._animate(thing.element, [{"transform": "scale(0.6)", "opacity": 0, "offset": 0}])
        elif kind in ("fly", "leave", "stay"):
            ghost = self._ghost(thing, root)
            if kind == "stay":
                frames = [{"opacity": 1}, {"opacity": 1}]
            elif kind == "fly" and step.end is not None:
                end = step.end
                last = f"translate({end.cx - box.cx:.1f}px, {end.cy - box.cy:.1f}px){_scale(end, box)}"
                frames = [{"transform": "none", "opacity": 1}, {"opacity": 1, "offset": 0.7},
                          {"transform": last, "opacity": 0}]
            else:
                frames = [{"transform": "none", "opacity": 1}, {"transform": "scale(0.3)", "opacity": 0}]
            animation = self._animate(ghost, frames)
            if animation is not None:
                animation.finished.then(lambda *_: ghost.remove(), lambda *_: None)

    def _animate(self, element: Any, frames: list[dict[str, Any]]) -> Any:
        # The keyframes go over as one JSON string: cheaper than converting nested dicts.
        animation = _script("animate")(element, json.dumps(frames), _options())
        self._running.append(animation)
        return animation

    def _ghost(self, thing: Thing, root: Any) -> Any:
        """A copy of a thing that is gone, where it was, in a layer above the page that nothing
        reads: it takes no clicks, no focus, no place in the accessibility tree, and carries
        none of the attributes tests and clicks look for."""
        if self._layer is None or not bool(self._layer.isConnected):
            document = root.ownerDocument
            layer = document.createElement("div")
            layer.className = "motion-layer"
            layer.setAttribute("aria-hidden", "true")
            layer.setAttribute("inert", "")
            document.body.append(layer)
            self._layer = layer
        ghost = thing.element.cloneNode(True)
        if thing.css and str(ghost.className) != thing.css:
            # The patch gave the node to something else (a square's label took the place of
            # the checker that was blown up): the copy shows the thing as it was.
            ghost.className = thing.css
            ghost.textContent = ""
        for name in ("data-card", "data-action", "data-pick", "data-try", "data-testid", "data-seat",
                     "data-last-move", "id", "autofocus", "tabindex"):
            ghost.removeAttribute(name)
        ghost.classList.add("motion-ghost")
        box = thing.box
        ghost.style.cssText = f"left:{box.x:.1f}px;top:{box.y:.1f}px;width:{box.w:.1f}px;height:{box.h:.1f}px"
        self._layer.append(ghost)
        return ghost


def _scale(other: Box, box: Box) -> str:
    """The ``scale()`` that makes ``box`` look the size of ``other``: both ways when their shapes
    agree (a card), else evenly (a card that becomes a chip keeps its proportions)."""
    if not box.w or not box.h or not other.w or not other.h:
        return ""
    across, down = other.w / box.w, other.h / box.h
    if abs(across - down) < 0.01:
        return "" if abs(across - 1) < 0.01 else f" scale({across:.4f})"
    if max(across, down) / min(across, down) > 1.25:
        even = min(across, down)
        return f" scale({even:.4f})"
    return f" scale({across:.4f}, {down:.4f})"


def _present(value: Any) -> bool:
    return value is not None and type(value).__name__ not in ("JsNull", "JsUndefined")


def _box_of(element: Any) -> Box | None:
    if not _present(element):
        return None
    rect = element.getBoundingClientRect()
    return Box(float(rect.left), float(rect.top), float(rect.width), float(rect.height))


#: The two steps done inside the page (JavaScript), made once (``_script``): measuring (each
#: node numbered once in an expando, ``__motion``, so that identity needs no call back) and
#: starting an animation from keyframes given as JSON.
_MEASURE = """
let count = 0;
return (root, selector) => {
  const found = root.querySelectorAll(selector);
  const rows = [];
  for (const element of found) {
    if (element.__motion === undefined) element.__motion = ++count;
    const card = element.getAttribute("data-card");
    const rect = element.getBoundingClientRect();
    rows.push([element.__motion, card, card === null ? String(element.className) : "",
               rect.left, rect.top, rect.width, rect.height]);
  }
  return [found, rows];
};
"""
_ANIMATE = "return (element, frames, options) => element.animate(JSON.parse(frames), options);"
_SCRIPTS: dict[str, Any] = {}


def _script(name: str) -> Any:
    if not _SCRIPTS:
        from js import Function

        _SCRIPTS["measure"] = Function(_MEASURE)()
        _SCRIPTS["animate"] = Function(_ANIMATE)()
    return _SCRIPTS[name]


_OPTIONS: list[Any] = []


def _options() -> Any:
    """The timing of every animation, as one JavaScript object made once."""
    if not _OPTIONS:
        from js import Object
        from pyodide.ffi import to_js

        _OPTIONS.append(to_js({"duration": DURATION_MS, "easing": EASING, "id": ANIMATION_ID},
                              dict_converter=Object.fromEntries))
    return _OPTIONS[0]


# -- on or off ---------------------------------------------------------------------------------

_STATE: dict[str, Any] = {}


def wanted() -> bool:
    """The person's choice (the "Motion" toggle): on unless they turned it off."""
    if "wanted" not in _STATE:
        _STATE["wanted"] = bool(settings.read().get("motion", True))
        _mark(_STATE["wanted"])
    return bool(_STATE["wanted"])


def enabled() -> bool:
    """Whether to animate now: the person wants motion and the system does not ask for less."""
    if not wanted():
        return False
    query = _STATE.get("query")
    if query is None:
        from pyscript import window

        try:
            query = _STATE["query"] = window.matchMedia(_REDUCE)
        except Exception:
            return True
    return not bool(query.matches)


def choose(on: bool) -> None:
    """Turn motion on or off for this page and keep the choice (``ui.kit.settings``)."""
    _STATE["wanted"] = bool(on)
    settings.write({"motion": bool(on)})
    _mark(bool(on))


def _mark(on: bool) -> None:
    """``<html data-motion="off">`` while the person has motion off (style.css reads it)."""
    try:
        from pyscript import document

        html = document.documentElement
    except Exception:
        return
    if on:
        html.removeAttribute("data-motion")
    else:
        html.setAttribute("data-motion", "off")


def toggle_attrs() -> dict[str, Any]:
    """The attributes of the "Motion" toggle (``[data-cmd=motion]``) as the setting stands."""
    on = wanted()
    return {"type": "button", "class": "tool motion-toggle", "data-cmd": "motion",
            "aria-pressed": "true" if on else "false",
            "title": (_("Cards and checkers travel to where they go: press to turn it off") if on else
                      _("Motion is off: press to let cards and checkers travel again"))}
