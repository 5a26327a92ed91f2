"""``ui.kit.dom.patch`` against a small fake DOM: what it keeps, what it changes, what it never does.

The fake implements the part of the DOM the builder uses (``createElement``, ``append``,
``before``, ``replaceChildren``, attributes, ``textContent``, ``childNodes`` ...) plus the old
methods (``appendChild``, ``insertBefore``, ``removeChild``, ``replaceChild``), checks what a
browser checks (a reference node must be a child; a string given to ``append`` is a text node),
and logs every call made from Python, so a test can say how much a patch touched.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ui.kit.dom import KEY_ATTRS, Node, build, forget, h, patch


class JsException(Exception):
    """What Pyodide raises for an error thrown by the browser (``ui.kit.dom`` knows it by name)."""


class NodeList:
    def __init__(self, owner: Element) -> None:
        self._owner = owner

    @property
    def length(self) -> int:
        return len(self._owner.children)

    def item(self, index: int) -> Any:
        self._owner.doc.log.append(("item", index))
        children = self._owner.children
        return children[index] if 0 <= index < len(children) else None


class FakeNode:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.parentNode: Element | None = None

    @property
    def ownerDocument(self) -> Document:
        return self.doc

    @property
    def isConnected(self) -> bool:
        node: FakeNode | None = self
        while node is not None:
            if node is self.doc.body:
                return True
            node = node.parentNode
        return False

    def remove(self) -> None:
        self.doc.log.append(("remove",))
        if self.parentNode is not None:
            self.parentNode._detach(self)

    def before(self, *nodes: Any) -> None:
        self.doc.log.append(("before", len(nodes)))
        parent = self.parentNode
        if parent is None:
            return
        nodes_ = [parent._adopt(node) for node in nodes]
        for node in nodes_:
            if node is not self:
                parent._detach_if_child(node)
        index = parent.children.index(self)
        for offset, node in enumerate(nodes_):
            parent._attach(node, index + offset)


class Text(FakeNode):
    def __init__(self, doc: Document, data: str) -> None:
        super().__init__(doc)
        self._data = data

    @property
    def data(self) -> str:
        return self._data

    @data.setter
    def data(self, value: str) -> None:
        self.doc.log.append(("data", value))
        self._data = value

    @property
    def textContent(self) -> str:
        return self._data

    def html(self) -> str:
        return "{" + self._data + "}"


class Element(FakeNode):
    def __init__(self, doc: Document, tag: str) -> None:
        super().__init__(doc)
        self.tagName = tag.upper()
        self.attributes: dict[str, str] = {}
        self.children: list[FakeNode] = []
        self.value = ""
        self.checked = False
        self.selected = False
        self.props_set: list[tuple[str, Any]] = []

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("value", "checked", "selected") and "props_set" in self.__dict__:
            self.props_set.append((name, value))
            self.doc.log.append(("property", name, value))
        object.__setattr__(self, name, value)

    # -- tree --
    def _adopt(self, node: Any) -> FakeNode:
        if isinstance(node, str):
            return Text(self.doc, node)  # a string is a text node, never markup
        assert isinstance(node, FakeNode), node
        return node

    def _detach(self, node: FakeNode) -> None:
        self.children.remove(node)
        node.parentNode = None

    def _detach_if_child(self, node: FakeNode) -> None:
        if node.parentNode is not None:
            node.parentNode._detach(node)

    def _attach(self, node: FakeNode, index: int) -> None:
        self.children.insert(index, node)
        node.parentNode = self

    @property
    def childNodes(self) -> NodeList:
        self.doc.log.append(("childNodes",))
        return NodeList(self)

    @property
    def firstChild(self) -> FakeNode | None:
        return self.children[0] if self.children else None

    def append(self, *nodes: Any) -> None:
        self.doc.log.append(("append", len(nodes)))
        for node in [self._adopt(node) for node in nodes]:
            self._detach_if_child(node)
            self._attach(node, len(self.children))

    def appendChild(self, node: FakeNode) -> FakeNode:
        self.doc.log.append(("appendChild",))
        self._detach_if_child(node)
        self._attach(node, len(self.children))
        return node

    def insertBefore(self, node: FakeNode, ref: FakeNode | None) -> FakeNode:
        self.doc.log.append(("insertBefore",))
        if ref is None:
            return self.appendChild(node)
        if ref.parentNode is not self:
            raise JsException("NotFoundError: the reference node is not a child")
        self._detach_if_child(node)
        self._attach(node, self.children.index(ref))
        return node

    def removeChild(self, node: FakeNode) -> FakeNode:
        self.doc.log.append(("removeChild",))
        if node.parentNode is not self:
            raise JsException("NotFoundError: not a child")
        self._detach(node)
        return node

    def replaceChild(self, new: FakeNode, old: FakeNode) -> FakeNode:
        self.doc.log.append(("replaceChild",))
        if old.parentNode is not self:
            raise JsException("NotFoundError: not a child")
        index = self.children.index(old)
        self._detach(old)
        self._detach_if_child(new)
        self._attach(new, index)
        return old

    def replaceChildren(self, *nodes: Any) -> None:
        self.doc.log.append(("replaceChildren", len(nodes)))
        for child in list(self.children):
            self._detach(child)
        for node in [self._adopt(node) for node in nodes]:
            self._detach_if_child(node)
            self._attach(node, len(self.children))

    # -- attributes, text --
    def setAttribute(self, name: str, value: str) -> None:
        self.doc.log.append(("setAttribute", name, value))
        assert isinstance(value, str)
        self.attributes[name] = value

    def removeAttribute(self, name: str) -> None:
        self.doc.log.append(("removeAttribute", name))
        self.attributes.pop(name, None)

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    @property
    def className(self) -> str:
        return self.attributes.get("class", "")

    @className.setter
    def className(self, value: str) -> None:
        self.doc.log.append(("className", value))
        self.attributes["class"] = value

    @property
    def textContent(self) -> str:
        return "".join(child.textContent for child in self.children)  # type: ignore[attr-defined]

    @textContent.setter
    def textContent(self, value: str) -> None:
        self.doc.log.append(("textContent", value))
        for child in list(self.children):
            self._detach(child)
        if value:
            self._attach(Text(self.doc, value), 0)

    def html(self) -> str:
        attrs = "".join(f" {name}={value!r}" for name, value in sorted(self.attributes.items()))
        inner = "".join(child.html() for child in self.children)  # type: ignore[attr-defined]
        return f"<{self.tagName.lower()}{attrs}>{inner}</{self.tagName.lower()}>"


class Document:
    def __init__(self) -> None:
        self.log: list[tuple[Any, ...]] = []
        self.body = Element(self, "body")
        self.log.clear()

    def createElement(self, tag: str) -> Element:
        self.log.append(("createElement", tag))
        return Element(self, tag)

    def createTextNode(self, data: str) -> Text:
        self.log.append(("createTextNode",))
        return Text(self.doc if False else self, data)


@pytest.fixture
def doc() -> Document:
    return Document()


def root_of(doc: Document) -> Element:
    root = Element(doc, "main")
    doc.body.children.append(root)
    root.parentNode = doc.body
    return root


def html_of(nodes: Any, doc: Document) -> str:
    """What a fresh build of ``nodes`` looks like (the reference every patch must reach)."""
    fresh = Element(Document(), "main")
    patch(fresh, nodes, fresh.doc)
    forget(fresh)
    return fresh.html()


def by_card(root: Element) -> dict[str, Element]:
    found: dict[str, Element] = {}

    def walk(element: Element) -> None:
        for child in element.children:
            if isinstance(child, Element):
                if "data-card" in child.attributes:
                    found[child.attributes["data-card"]] = child
                walk(child)

    walk(root)
    return found


def hand(cards: list[str], **extra: Any) -> Node:
    return h("div", {"class": "hand", "data-testid": "hand"},
             [h("button", {"type": "button", "data-card": card, "data-action": f"play {card}", **extra},
                h("span", {"class": "rank"}, card[:-1]), card[-1]) for card in cards])


# ----------------------------------------------------------------------------- building


def test_first_patch_builds_everything_in_one_step(doc: Document) -> None:
    root = root_of(doc)
    root.append(Text(doc, "the static shell"))
    doc.log.clear()
    patch(root, [h("h1", None, "Title"), h("p", {"class": ["a", "b"]}, "x", h("b", None, "y"), 3)], doc)
    assert root.html() == "<main><h1>{Title}</h1><p class='a b'>{x}<b>{y}</b>{3}</p></main>"
    assert [entry for entry in doc.log if entry[0] == "replaceChildren"] == [("replaceChildren", 2)]


def test_strings_are_always_text_nodes(doc: Document) -> None:
    root = root_of(doc)
    evil = '<img src=x onerror="alert(1)">'
    patch(root, h("p", None, evil), doc)
    paragraph = root.children[0]
    assert isinstance(paragraph, Element) and len(paragraph.children) == 1
    assert isinstance(paragraph.children[0], Text) and paragraph.children[0].data == evil
    patch(root, h("p", None, "a", evil, h("i", None, evil)), doc)  # mixed, then changed again
    patch(root, h("p", None, evil, "b", h("i", None, "c"), evil), doc)
    texts = [child for child in paragraph.children if isinstance(child, Text)]
    assert [text.data for text in texts] == [evil, "b", evil]
    assert root.html() == html_of(h("p", None, evil, "b", h("i", None, "c"), evil), doc)
    assert not any(entry[0] == "innerHTML" for entry in doc.log)
    element = build(h("span", None, evil), doc)
    assert isinstance(element.children[0], Text) and element.children[0].data == evil


def test_key_attribute_is_never_rendered(doc: Document) -> None:
    root = root_of(doc)
    patch(root, h("ul", None, h("li", {"key": "a", "class": "x"}, "A")), doc)
    assert root.html() == "<main><ul><li class='x'>{A}</li></ul></main>"
    assert "key" not in build(h("li", {"key": "a"}), doc).attributes


# ----------------------------------------------------------------------------- identity


def test_keyed_children_keep_their_node_across_reorder_insert_remove(doc: Document) -> None:
    root = root_of(doc)
    patch(root, hand(["2H", "3H", "4H", "5H"]), doc)
    before = by_card(root)
    container = root.children[0]
    patch(root, hand(["5H", "2H", "9S", "4H"]), doc)  # 3H played, 9S drawn, 5H moved to the front
    after = by_card(root)
    assert root.children[0] is container
    for card in ("2H", "4H", "5H"):
        assert after[card] is before[card], card
    assert "3H" not in after and before["3H"].parentNode is None
    assert [child.attributes["data-card"] for child in container.children] == ["5H", "2H", "9S", "4H"]
    assert root.html() == html_of(hand(["5H", "2H", "9S", "4H"]), doc)


def test_moving_one_child_is_one_call(doc: Document) -> None:
    root = root_of(doc)
    cards = [f"{rank}S" for rank in range(2, 10)]
    patch(root, hand(cards), doc)
    doc.log.clear()
    patch(root, hand([cards[-1], *cards[:-1]]), doc)
    assert doc.log == [("childNodes",), ("before", 1)]  # the root's count, then the one move


def test_nothing_changed_touches_nothing(doc: Document) -> None:
    root = root_of(doc)
    tree = lambda: [h("header", None, h("h1", None, "T")), hand(["2H", "3H"]),  # noqa: E731
                    h("p", {"data-testid": "status"}, "Your turn", h("b", None, "!"), " go")]
    patch(root, tree(), doc)
    doc.log.clear()
    patch(root, tree(), doc)
    assert doc.log == [("childNodes",)]  # the root's count, to notice a page that redrew itself


def test_unkeyed_children_match_by_position_among_the_same_tag(doc: Document) -> None:
    root = root_of(doc)
    patch(root, h("div", None, h("p", None, "one"), h("span", None, "s"), h("p", None, "two")), doc)
    div = root.children[0]
    first_p, span, second_p = div.children
    patch(root, h("div", None, h("span", None, "s2"), h("p", None, "one"), h("p", None, "two"),
                  h("p", None, "three")), doc)
    assert div.children[0] is span and div.children[1] is first_p and div.children[2] is second_p
    assert root.html() == html_of(h("div", None, h("span", None, "s2"), h("p", None, "one"),
                                    h("p", None, "two"), h("p", None, "three")), doc)


@pytest.mark.parametrize("name", [*KEY_ATTRS, "key"])
def test_every_naming_attribute_is_a_key(doc: Document, name: str) -> None:
    root = root_of(doc)
    patch(root, h("div", None, [h("i", {name: value}, value) for value in ("a", "b", "c")]), doc)
    nodes = {child.textContent: child for child in root.children[0].children}
    patch(root, h("div", None, [h("i", {name: value}, value) for value in ("c", "a")]), doc)
    assert [child for child in root.children[0].children] == [nodes["c"], nodes["a"]]


def test_key_order_explicit_key_first_then_data_card_before_action(doc: Document) -> None:
    root = root_of(doc)
    patch(root, h("div", None, h("button", {"data-card": "QS", "data-action": "lead QS"}, "Q"),
                  h("button", {"data-card": "KS", "data-action": "lead KS"}, "K")), doc)
    queen, king = root.children[0].children
    # The action changes (a reply now, not a lead); the card is the same thing.
    patch(root, h("div", None, h("button", {"data-card": "KS", "data-action": "reply KS"}, "K"),
                  h("button", {"data-card": "QS", "data-action": "reply QS"}, "Q")), doc)
    assert root.children[0].children == [king, queen]
    assert queen.attributes["data-action"] == "reply QS"


def test_duplicate_keys_pair_in_order(doc: Document) -> None:
    root = root_of(doc)
    patch(root, h("div", None, [h("b", {"data-seat": 1}, text) for text in ("x", "y")]), doc)
    first, second = root.children[0].children
    patch(root, h("div", None, h("b", {"data-seat": 0}, "z"), [h("b", {"data-seat": 1}, t) for t in ("x", "y", "w")]),
          doc)
    assert root.children[0].children[1:3] == [first, second]
    assert root.html() == html_of(h("div", None, h("b", {"data-seat": 0}, "z"),
                                    [h("b", {"data-seat": 1}, t) for t in ("x", "y", "w")]), doc)


def test_a_tag_change_replaces_the_element(doc: Document) -> None:
    root = root_of(doc)
    patch(root, h("div", None, h("div", {"data-card": "AS", "class": "card"}, "A")), doc)
    old = root.children[0].children[0]
    patch(root, h("div", None, h("button", {"data-card": "AS", "class": "card live"}, "A")), doc)
    new = root.children[0].children[0]
    assert new is not old and new.tagName == "BUTTON" and old.parentNode is None
    assert root.html() == html_of(h("div", None, h("button", {"data-card": "AS", "class": "card live"}, "A")), doc)


# ----------------------------------------------------------------------------- attributes, text


def test_attributes_are_set_and_removed(doc: Document) -> None:
    root = root_of(doc)
    patch(root, h("button", {"class": "a", "disabled": True, "title": "t", "data-x": 1}), doc)
    button = root.children[0]
    doc.log.clear()
    patch(root, h("button", {"class": ["a", "b"], "disabled": False, "title": "t", "aria-pressed": "true"}), doc)
    assert root.children[0] is button
    assert button.attributes == {"class": "a b", "title": "t", "aria-pressed": "true"}
    assert sorted(doc.log[1:]) == [("removeAttribute", "data-x"), ("removeAttribute", "disabled"),
                                   ("setAttribute", "aria-pressed", "true"), ("setAttribute", "class", "a b")]


def test_text_is_updated_in_place(doc: Document) -> None:
    root = root_of(doc)
    patch(root, h("p", None, "Deck: ", h("b", None, "5"), " cards"), doc)
    paragraph = root.children[0]
    first, bold, last = paragraph.children
    patch(root, h("p", None, "Deck: ", h("b", None, "4"), " card"), doc)
    assert paragraph.children[0] is first and paragraph.children[1] is bold and paragraph.children[2] is last
    assert paragraph.textContent == "Deck: 4 card"
    patch(root, h("p", None, "Deck: ", h("b", None, "4"), " card", "s"), doc)
    assert paragraph.children[:3] == [first, bold, last] and paragraph.textContent == "Deck: 4 cards"


def test_text_the_page_rewrote_itself_is_redrawn_right(doc: Document) -> None:
    """Timers write a countdown or "thinking… 3 s" with ``textContent``: the next patch that
    changes that line must not write into the text node the page threw away."""
    root = root_of(doc)
    status = lambda *parts: h("div", None, h("p", {"data-testid": "status"}, *parts), h("p", None, "x"))  # noqa: E731
    patch(root, status("Bot is thinking…"), doc)
    line = root.children[0].children[0]
    line.textContent = "Bot is thinking… 3 s"
    patch(root, status("Your turn."), doc)
    assert line.textContent == "Your turn." and root.children[0].children[0] is line
    patch(root, status("Bot", h("b", None, " plays "), "5H"), doc)
    line.textContent = "Bot is thinking… 2 s"  # mixed content replaced by one text node
    patch(root, status("Bot", h("b", None, " played "), "6H"), doc)
    assert root.html() == html_of(status("Bot", h("b", None, " played "), "6H"), doc)
    line.textContent = "Bot is thinking… 4 s"
    patch(root, status("Bot", h("i", None, "?"), h("b", None, " played "), "6H"), doc)  # a structural change
    assert root.html() == html_of(status("Bot", h("i", None, "?"), h("b", None, " played "), "6H"), doc)


def test_children_the_page_replaced_are_rebuilt(doc: Document) -> None:
    """Noticed when the children of that element change (their count is read then); a change
    only inside them is not (the page is not read back): see ``ui.kit.dom``'s docstring."""
    root = root_of(doc)
    patch(root, h("div", None, h("p", None, "loading"), "text"), doc)
    div = root.children[0]
    div.replaceChildren(Text(doc, "loaded by hand"))
    patch(root, h("div", None, h("p", None, "loading"), "text", h("p", None, "c")), doc)
    assert root.html() == html_of(h("div", None, h("p", None, "loading"), "text", h("p", None, "c")), doc)
    div.replaceChildren(Text(doc, "loaded by hand"), Text(doc, "twice"))
    patch(root, h("div", None, h("p", None, "loading"), "new text", h("p", None, "c")), doc)
    assert root.html() == html_of(h("div", None, h("p", None, "loading"), "new text", h("p", None, "c")), doc)
    # The root itself, changed behind patch's back (an element appended): built anew.
    root.append(Element(doc, "ul"))
    patch(root, h("div", None, h("p", None, "b")), doc)
    assert root.html() == html_of(h("div", None, h("p", None, "b")), doc)


# ----------------------------------------------------------------------------- form controls


def test_a_value_being_typed_is_not_clobbered(doc: Document) -> None:
    root = root_of(doc)
    form = lambda name, seed: h("form", None, h("input", {"id": "name", "value": name}),  # noqa: E731
                                h("input", {"id": "seed", "value": seed}), h("p", None, f"{name}/{seed}"))
    patch(root, form("Ann", "5"), doc)
    name, seed = root.children[0].children[:2]
    assert name.attributes["value"] == "Ann" and name.props_set == []
    name.value = "Annabel"  # typed by the person; the tree still says Ann
    name.props_set.clear()
    patch(root, form("Ann", "7"), doc)  # something else redraws
    assert name.value == "Annabel" and name.props_set == []
    assert seed.props_set == [("value", "7")]  # the tree changed it: the field shows it
    patch(root, form("Bob", "7"), doc)
    assert name.value == "Bob"


def test_checked_and_selected_follow_the_tree_only_when_it_changes(doc: Document) -> None:
    root = root_of(doc)
    form = lambda on, pick: h("div", None, h("input", {"type": "checkbox", "id": "c", "checked": on}),  # noqa: E731
                              h("select", {"id": "s"}, [h("option", {"value": v, "selected": v == pick}, v)
                                                        for v in ("a", "b")]))
    patch(root, form(False, "a"), doc)
    box, select = root.children[0].children
    box.checked = True  # ticked by the person
    patch(root, form(False, "a"), doc)
    assert box.checked is True
    patch(root, form(True, "b"), doc)
    patch(root, form(False, "b"), doc)
    assert box.checked is False and "checked" not in box.attributes
    option_a, option_b = select.children
    assert option_b.selected is True and option_a.selected is False
    assert option_b.attributes.get("selected") == ""


# ----------------------------------------------------------------------------- screens


def test_forget_starts_a_clean_root(doc: Document) -> None:
    root = root_of(doc)
    patch(root, hand(["2H", "3H"]), doc)
    before = by_card(root)
    forget(root)
    patch(root, hand(["2H", "3H"]), doc)
    assert by_card(root)["2H"] is not before["2H"]
    assert root.html() == html_of(hand(["2H", "3H"]), doc)


def test_roots_are_independent(doc: Document) -> None:
    one, two = root_of(doc), root_of(doc)
    patch(one, hand(["2H"]), doc)
    patch(two, hand(["3H"]), doc)
    patch(one, hand(["2H", "4H"]), doc)
    assert one.html() == html_of(hand(["2H", "4H"]), doc) and two.html() == html_of(hand(["3H"]), doc)


# ----------------------------------------------------------------------------- any tree


def random_tree(rng: random.Random, depth: int = 0) -> list[Any]:
    children: list[Any] = []
    for _ in range(rng.randint(0, 6 if depth < 3 else 0)):
        roll = rng.random()
        if roll < 0.25:
            children.append(rng.choice(["a", "b", "<i>c</i>", "", "d e"]))
        else:
            tag = rng.choice(["div", "span", "button", "li"])
            attrs: dict[str, Any] = {}
            if rng.random() < 0.5:
                attrs[rng.choice(["data-card", "data-seat", "id", "key", "data-action"])] = rng.choice("XYZW")
            if rng.random() < 0.5:
                attrs["class"] = rng.choice(["c1", ["c1", "c2"], "", None])
            if rng.random() < 0.3:
                attrs["disabled"] = rng.choice([True, False])
            children.append(h(tag, attrs, random_tree(rng, depth + 1)))
    return children


@pytest.mark.parametrize("seed", range(40))
def test_any_sequence_of_trees_draws_what_a_fresh_build_draws(doc: Document, seed: int) -> None:
    rng = random.Random(seed)
    root = root_of(doc)
    for _ in range(12):
        tree = random_tree(rng)
        patch(root, tree, doc)
        assert root.html() == html_of(tree, doc)
