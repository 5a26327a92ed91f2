"""The Theme setting: the page's colours follow the system (light or dark), or a person's choice.

Every colour is a design token of ``ui/shell.css`` with a light and a dark value; the page's
``color-scheme`` picks one. By default that is the system's ``prefers-color-scheme``; a person
who chooses "light" or "dark" fixes it with ``<html data-theme>``, kept in the app's settings
(``ui.kit.settings``, key ``theme``). The first script of index.html applies the kept choice
before the first paint; this module applies a new one and draws the control:

- ``control()``: three buttons, System, Light, Dark (``[data-testid=theme]``, each a
  ``button[data-cmd="theme:<choice>"]``, ``aria-pressed`` on the chosen one), as the gallery
  shows them;
- ``cycle_button()``: one small button of a table's bar that goes on to the next choice;
- ``handle(element)``: what a screen's click handler calls; true when the click was a theme's.

The browser bar's colour follows too: index.html holds two ``<meta name="theme-color">``, the
dark one with ``media="(prefers-color-scheme: dark)"``; a fixed choice turns that media on
("all") or off ("not all").
"""

from __future__ import annotations

from typing import Any

from ui.kit import settings
from ui.kit.dom import Node, attr, h, present
from ui.kit.i18n import N_, _, translated

#: The choices, in the order the control shows them.
CHOICES = ("system", "light", "dark")
LABELS = {"system": N_("System"), "light": N_("Light"), "dark": N_("Dark")}
#: The media of the dark ``theme-color`` meta tag while the system decides.
DARK_MEDIA = "(prefers-color-scheme: dark)"
#: Its media while a person's choice decides: on for dark, off for light.
FIXED_MEDIA = {"light": "not all", "dark": "all"}


def chosen(store: Any = None) -> str:
    """The kept choice: one of ``CHOICES`` ("system" when none, or one this version does not know)."""
    choice = settings.read(store).get("theme")
    return choice if choice in CHOICES else "system"


def apply(choice: str, document: Any = None) -> None:
    """Give the page the colours of ``choice``: ``<html data-theme>`` and the bar's colour."""
    if document is None:
        from pyscript import document as page

        document = page
    html = document.documentElement
    if choice in FIXED_MEDIA:
        html.setAttribute("data-theme", choice)
    else:
        html.removeAttribute("data-theme")
    meta = document.querySelector('meta[name="theme-color"][media]')
    if present(meta):
        meta.setAttribute("media", FIXED_MEDIA.get(choice, DARK_MEDIA))


def choose(choice: str, document: Any = None, store: Any = None) -> str:
    """Keep ``choice`` (an unknown one counts as "system") and apply it; returns what was kept."""
    choice = choice if choice in CHOICES else "system"
    settings.write({"theme": choice}, store)
    apply(choice, document)
    return choice


def control(current: str | None = None) -> Node:
    """The Theme control: a label and three buttons, the chosen one pressed."""
    current = current if current is not None else chosen()
    return h("div", {"class": "theme-control", "role": "group", "aria-labelledby": "theme-label",
                     "data-testid": "theme"},
             h("span", {"class": "theme-label", "id": "theme-label"}, _("Theme")),
             *(h("button", {"type": "button", "class": "theme-choice", "data-cmd": f"theme:{choice}",
                            "aria-pressed": "true" if choice == current else "false"}, translated(LABELS[choice]))
               for choice in CHOICES))


def next_choice(current: str) -> str:
    """The choice after ``current``, round the three."""
    return CHOICES[(CHOICES.index(current) + 1) % len(CHOICES)] if current in CHOICES else CHOICES[0]


def cycle_button(current: str | None = None) -> Node:
    """A table's Theme tool: one button that says the theme and goes on to the next one."""
    current = current if current is not None else chosen()
    return h("button", {"type": "button", "class": "tool theme-cycle",
                        "data-cmd": f"theme:{next_choice(current)}",
                        "aria-label": _("Theme: {now}. Press for {next}", now=translated(LABELS[current]),
                                        next=translated(LABELS[next_choice(current)]))},
             _("Theme: {now}", now=translated(LABELS[current])))


def command_choice(element: Any) -> str | None:
    """The choice a ``[data-cmd="theme:<choice>"]`` button asks for; None for any other element."""
    name, _, choice = attr(element, "data-cmd").partition(":")
    return choice if name == "theme" else None


def handle(element: Any, document: Any = None, store: Any = None) -> bool:
    """A click on a ``[data-cmd="theme:<choice>"]`` button: keep and apply its choice, and mark
    it pressed among its neighbours in place (no redraw, so focus stays on it). False for any
    other click."""
    asked = command_choice(element)
    if asked is None:
        return False
    choice = choose(asked, document, store)
    group = element.closest("[data-testid=theme]") if hasattr(element, "closest") else None
    if present(group):
        for button in group.querySelectorAll('button[data-cmd^="theme:"]'):
            button.setAttribute("aria-pressed", "true" if command_choice(button) == choice else "false")
    return True
