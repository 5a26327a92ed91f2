"""The Theme setting in CPython (``ui.kit.theme``), over a stand-in page: the choice is kept in
the app's settings, marks ``<html data-theme>`` and the browser bar's meta tag as index.html's
first script does, and the control says which choice is on. The page's side (colours, the first
paint, axe) is tests/e2e/test_themes.py.
"""

from __future__ import annotations

import json

import pytest

from ui.kit import settings, theme
from ui.kit.dom import Node
from ui.kit.web_storage import MemoryStorage


class Element:
    """An element of the stand-in page: attributes, and the buttons of a control."""

    def __init__(self, **attributes: str) -> None:
        self.attributes = dict(attributes)
        self.buttons: list[Element] = []
        self.group: Element | None = None

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = value

    def removeAttribute(self, name: str) -> None:
        self.attributes.pop(name, None)

    def closest(self, selector: str) -> Element | None:
        assert selector == "[data-testid=theme]"
        return self.group

    def querySelectorAll(self, selector: str) -> list[Element]:
        assert selector == 'button[data-cmd^="theme:"]'
        return self.buttons


class Page:
    """``document``: the root element and the two ``theme-color`` meta tags of index.html."""

    def __init__(self) -> None:
        self.documentElement = Element(lang="en")
        self.dark_bar = Element(name="theme-color", content="#121614", media=theme.DARK_MEDIA)

    def querySelector(self, selector: str) -> Element | None:
        assert selector == 'meta[name="theme-color"][media]'
        return self.dark_bar


def drawn(control: Node, document: Page) -> list[Element]:
    """The control's buttons as the stand-in page's elements, in one group."""
    group = Element(**{"data-testid": "theme"})
    for child in control.children:
        if isinstance(child, Node) and child.tag == "button":
            button = Element(**{name: str(value) for name, value in child.attrs.items()})
            button.group = group
            group.buttons.append(button)
    return group.buttons


def pressed(buttons: list[Element]) -> list[str]:
    return [str(theme.command_choice(button)) for button in buttons if button.attributes["aria-pressed"] == "true"]


def test_nothing_chosen_is_the_system() -> None:
    store = MemoryStorage()
    assert theme.chosen(store) == "system"
    store.setItem(settings.KEY, json.dumps({"theme": "sepia"}))  # a choice of another version
    assert theme.chosen(store) == "system"


@pytest.mark.parametrize(("choice", "mark", "media"), [
    ("dark", "dark", "all"), ("light", "light", "not all"), ("system", None, theme.DARK_MEDIA)])
def test_a_choice_is_kept_and_marks_the_page(choice: str, mark: str | None, media: str) -> None:
    store, page = MemoryStorage(), Page()
    page.documentElement.setAttribute("data-theme", "light" if choice == "dark" else "dark")
    assert theme.choose(choice, page, store) == choice
    assert page.documentElement.getAttribute("data-theme") == mark
    assert page.dark_bar.getAttribute("media") == media
    assert theme.chosen(store) == choice
    # As index.html's first script reads it: only a choice other than the default is written.
    kept = json.loads(store.getItem(settings.KEY) or "{}")
    assert kept.get("theme") == (None if choice == "system" else choice)


def test_the_control_presses_the_choice_in_place() -> None:
    store, page = MemoryStorage(), Page()
    control = theme.control(theme.chosen(store))
    assert control.attrs["role"] == "group" and control.attrs["data-testid"] == "theme"
    buttons = drawn(control, page)
    assert [theme.command_choice(button) for button in buttons] == list(theme.CHOICES)
    assert pressed(buttons) == ["system"]
    assert theme.handle(buttons[2], page, store) is True
    assert pressed(buttons) == ["dark"]
    assert page.documentElement.getAttribute("data-theme") == "dark"
    assert theme.handle(buttons[0], page, store) is True
    assert pressed(buttons) == ["system"]
    assert page.documentElement.getAttribute("data-theme") is None
    # Any other click is not the theme's.
    assert theme.handle(Element(**{"data-cmd": "motion"}), page, store) is False


def test_a_tables_button_goes_round_the_three() -> None:
    store, page = MemoryStorage(), Page()
    seen = []
    for _ in theme.CHOICES:
        button = theme.cycle_button(theme.chosen(store))
        seen.append(theme.chosen(store))
        assert button.children == [f"Theme: {theme.LABELS[seen[-1]]}"]
        theme.handle(Element(**{name: str(value) for name, value in button.attrs.items()}), page, store)
    assert seen == ["system", "light", "dark"]
    assert theme.chosen(store) == "system"
