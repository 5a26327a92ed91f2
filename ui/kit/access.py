"""What keyboard and screen-reader users get from every screen, in one place:

- ``focus_heading``: after a route change focus goes to the new screen's heading (``h1``, made
  focusable with ``tabindex=-1``), so a screen reader reads where the person landed and Tab goes
  on from the top of the new screen instead of from the page itself;
- ``arrow_move``: the arrow keys, Home and End move focus between the controls of a container
  marked ``data-keynav`` (the cards of a hand), so a hand is walked card by card without tabbing
  through the rest of the table;
- ``announce``: one polite live region (``[data-testid=announcer]``) outside the app's root, so
  the screens' redraws never touch it and each sentence given to it is read once.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from ui.kit.dom import present

#: The container whose controls the arrow keys walk (a hand of cards).
KEYNAV = "[data-keynav]"
#: The controls inside it that take focus.
KEYNAV_ITEMS = "button:not([disabled]), [tabindex]:not([tabindex='-1'])"
#: How far each key moves focus: a step back or forward, or to an end. Left and Right are for a
#: page written left to right; right to left, they swap (``arrow_step``): a hand's first card is
#: then at the right, and Left goes on toward its end.
ARROW_STEPS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
ENDS = {"Home": 0, "End": -1}

ANNOUNCER_ID = "announcer"

#: Patterns of this module as text: ``re`` compiles each on its first use and keeps it, so the
#: page's start (which imports this module) compiles none it does not use (ui/app/routes.py).
_WORD = r"[^\W_]+"
_ASIDE = r"\([^()]*\)"


def name_showing(label: str, shown: str) -> str:
    """``label``, the accessible name of a control, made to hold the words the control shows
    (``shown``), in their order, so that a person who says what they see ("click K") reaches it
    (WCAG 2.5.3, label in name): ``label`` as it is when it holds them, else ``label, shown``.
    Words are runs of letters and digits, in any case; signs (♠) and words in brackets, which
    speech input does not count on, are left out of the comparison."""
    wanted = _words(shown)
    have = _words(label)
    if not wanted or any(have[start:start + len(wanted)] == wanted for start in range(len(have))):
        return label
    return f"{label}, {' '.join(shown.split())}"


def _words(text: str) -> list[str]:
    text = re.sub(_ASIDE, " ", unicodedata.normalize("NFKD", text))
    return [word.lower() for word in re.findall(_WORD, text)]


def arrow_step(key: str, direction: str = "ltr") -> int:
    """The step ``key`` takes through a hand laid out in ``direction`` ("ltr" or "rtl"): -1 back,
    1 forward, 0 for a key that is no arrow."""
    step = ARROW_STEPS.get(key, 0)
    return -step if direction == "rtl" and key in ("ArrowLeft", "ArrowRight") else step


def reading_key(key: str, direction: str = "ltr") -> str:
    """``key`` as a page written left to right means it: right to left, ArrowLeft goes forward
    (it is said "ArrowRight") and ArrowRight back; any other key as it is."""
    if direction == "rtl" and key in ("ArrowLeft", "ArrowRight"):
        return "ArrowRight" if key == "ArrowLeft" else "ArrowLeft"
    return key


def arrow_move(target: Any, key: str) -> bool:
    """Focus the control before or after ``target`` (or the first or last) in its ``data-keynav``
    container, for ``key``; False when the key or the place is not one of those."""
    if key not in ARROW_STEPS and key not in ENDS:
        return False
    if not present(target) or not hasattr(target, "closest"):
        return False
    box = target.closest(KEYNAV)
    if not present(box):
        return False
    items = [item for item in box.querySelectorAll(KEYNAV_ITEMS)]
    if not items:
        return False
    if key in ENDS:
        chosen = items[ENDS[key]]
    else:
        here = next((index for index, item in enumerate(items) if bool(item.contains(target))), None)
        if here is None:
            return False
        # The direction the hand is laid out in: the nearest ``dir`` (ui.main sets <html dir>).
        laid = box.closest("[dir]")
        direction = str(laid.getAttribute("dir") or "ltr") if present(laid) else "ltr"
        chosen = items[max(0, min(len(items) - 1, here + arrow_step(key, direction)))]
    chosen.focus()
    return True


def focus_heading(root: Any) -> bool:
    """Focus the screen's heading (its first ``h1``, else its first heading) unless focus is
    already on something inside ``root`` (a screen's own ``autofocus``); True if it moved."""
    document = root.ownerDocument
    focused = document.activeElement
    if present(focused) and not bool(focused.isSameNode(document.body)) and bool(root.contains(focused)):
        return False
    heading = root.querySelector("h1")
    if not present(heading):
        heading = root.querySelector("h2, h3")
    if not present(heading):
        return False
    if not heading.hasAttribute("tabindex"):
        heading.setAttribute("tabindex", "-1")
    heading.focus()
    return True


def announcer(document: Any) -> Any:
    """The page's live region, made on first use at the end of ``body``."""
    region = document.getElementById(ANNOUNCER_ID)
    if present(region):
        return region
    region = document.createElement("div")
    for name, value in (("id", ANNOUNCER_ID), ("data-testid", ANNOUNCER_ID), ("class", "visually-hidden"),
                        ("aria-live", "polite"), ("aria-atomic", "true")):
        region.setAttribute(name, value)
    document.body.append(region)
    return region


def hush(document: Any) -> None:
    """Empty the live region (a new screen: what was said of the last one is over)."""
    region = document.getElementById(ANNOUNCER_ID)
    if present(region):
        region.textContent = ""


def announce(document: Any, text: str) -> None:
    """Have screen readers say ``text`` once, politely. The same sentence twice in a row (a bot
    drew, then drew again) is still a change of the region's text, so it is read again."""
    text = " ".join(text.split())
    if not text:
        return
    region = announcer(document)
    if str(region.textContent) == text:
        text += "\u00a0"
    region.textContent = text
