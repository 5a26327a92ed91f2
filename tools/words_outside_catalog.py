#!/usr/bin/env python3
"""Count the strings a person reads that are not messages of the catalog (``ui.kit.i18n``).

A heuristic over the source, the same on every tree so that two counts compare: a string
literal (or the literal text of an f-string) counts when, its ``{placeholders}`` taken out, it
reads as words: two words of two letters or more in a row, or one capitalised word of three
letters or more ("Undo", "Cash pile 3"). It does not count:

* the messages themselves (the first arguments of ``_``, ``pgettext``, ``ngettext``,
  ``npgettext``, ``N_``) and docstrings; a reason's template or key whose sentences are in the
  catalog (``ui.kit.reasons``: the text is then only an id, wherever it is written), and the
  English template of a ``Reason.keyed`` whose key is (its parts say it to readers);
* the message of an exception raised in the engine or the UI, but for the exceptions whose
  message a screen shows (``SHOWN``: their messages are the catalog's): the text for developers,
  python-chess style; a person reads the exception's ``reason`` (a refusal, a bad setup), or a
  sentence of the catalog that the screen says instead (a crash, a file that could not be
  fetched, a broken lesson; the error itself goes to the page's console);
* the English of the engine's log entries and keyed reasons (the ``text`` of ``logged``,
  ``_note`` and ``LogEntry``, the template of ``Reason.keyed``): for developers and tests, the
  tables say them from their kind, key and parts;
* what names code: ``__all__``, a ``(module, class)`` pair, the values of a ``*_KEYS`` table
  (the view's keys documented for developers), a game's ``title`` (the games' titles are names,
  shown as they are in every language);
* what only a developer reads: the arguments of ``print``, ``warn``, ``log``, ``debug``, ``info``,
  ``error``; ``assert`` messages;
* what only code reads: a string compared (``key == "Enter"``), a dictionary key or subscript, a
  keyword argument naming a class, a key, a test id, a role, a type or an attribute, a string of
  CSS classes or a selector (no capital, no punctuation of a sentence, only ``[a-z0-9 -_]``);
  the argument of ``getAttribute``/``setAttribute``/``querySelector``/``closest``/``startswith``
  ...

Usage::

    python3 -m tools.words_outside_catalog [--root DIR] [--list] [folder ...]

prints one line per folder (default: ``ui/screens ui/app ui/friends ui/learn ui/kit ui/tables
ui/storage ui/main.py ui/navigation.py engine``) and the total; ``--list`` prints every string
counted, with its file and line.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("ui/screens", "ui/app", "ui/friends", "ui/learn", "ui/kit", "ui/tables", "ui/storage",
           "ui/main.py", "ui/navigation.py", "engine")
#: Calls whose (first) argument is a message of the catalog.
CATALOG_CALLS = {"_", "gettext", "pgettext", "ngettext", "npgettext", "N_"}
#: Calls whose arguments only a developer or the code reads.
CODE_CALLS = {"print", "warn", "log", "debug", "info", "error", "getAttribute", "setAttribute",
              "removeAttribute", "hasAttribute", "querySelector", "querySelectorAll", "closest",
              "startswith", "endswith", "split", "partition", "replace", "strip", "get", "pop",
              "compile", "match", "fullmatch", "search", "sub", "findall", "getElementById",
              "createElement", "addEventListener", "removeEventListener", "add", "remove",
              "toggle", "contains", "format_exception", "getItem", "setItem", "removeItem",
              "TypeVar", "NewType", "field", "cast", "isinstance", "join", "matches", "index",
              "type", "Function"}
#: Keyword arguments that name a thing for the code (a class, a key, an attribute...).
CODE_KEYWORDS = {"class_", "cls", "classes", "key", "testid", "role", "type", "kind", "cmd", "data",
                 "tag", "name", "id", "field", "action", "pick", "mode", "state", "status", "href",
                 "src", "target", "rel", "autocomplete", "inputmode", "pattern", "value", "dir", "lang"}
_WORDS = re.compile(r"[A-Za-z]{2,}[ ’'\u00a0]+[A-Za-z]{2,}|\b[A-Z][a-z]{2,}\b")
_CODE_TEXT = re.compile(r"[a-z0-9 _\-:.#\[\]=*>()\"',]*")


#: Whether the tree counted phrases the engine's reasons through the catalog (``ui/kit/reasons.py``);
#: set by ``main`` (a tree from before the catalog has no such module: its templates count).
PHRASED_REASONS = [True]


def said_by_tables(template: str | None) -> bool:
    """Whether the engine's reason ``template`` has its sentences in the catalog
    (``ui.kit.reasons``, this tree's): the tables say it from there, the template is an id."""
    if template is None or not PHRASED_REASONS[0]:
        return False
    from ui.kit import reasons

    return template in getattr(reasons, "COMPOSED", {}) or reasons._message(template, "") is not None


#: Exceptions whose message a screen shows as it is (it is then a message of the catalog).
SHOWN = {"RouteError", "SaveError", "StorageError", "RoomError"}
#: Exceptions that are not named "...Error".
REFUSALS = {"IllegalAction", "NotYourTurn", "GameIsOver", "StalePosition", "NotNow", "Returned", "FlowStopped",
            "InvalidNotation"}


def _exception(name: str) -> bool:
    """Whether ``name`` is an exception class whose message only a developer reads."""
    return (name in REFUSALS or name.endswith("Error")) and name not in SHOWN


#: Calls that log an engine event, and which positional argument is its English text.
LOG_TEXT = {"logged": 1, "_note": 2, "LogEntry": 2}


def titles() -> set[str]:
    """The games' titles: names, shown as they are in every language."""
    if not TITLES:
        from engine import GAMES

        TITLES.update(GAMES[game].title for game in GAMES.WHERE)
        TITLES.update(title.split(" (")[0] for title in list(TITLES))
    return TITLES


TITLES: set[str] = set()


def literal_text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(part.value) if isinstance(part, ast.Constant) else " {} " for part in node.values)
    return None


def reads_as_words(text: str) -> bool:
    plain = re.sub(r"\{[^{}]*\}", " ", text)
    if not _WORDS.search(plain):
        return False
    # Lower-case words and code punctuation only, with no sentence's full stop: CSS classes, a
    # selector, an id ("card face-up playable", "[data-cmd=start]").
    return not (_CODE_TEXT.fullmatch(plain) and not plain.rstrip().endswith((".", "?", "!", ":")))


def _module_and_name(texts: list[str | None]) -> bool:
    """Whether ``texts`` are a ``(module, class)`` pair: ``("engine.checks", "Checks")``."""
    return (len(texts) == 2 and texts[0] is not None and texts[1] is not None
            and re.fullmatch(r"[a-z_]+(\.[a-z_]+)+", texts[0]) is not None and texts[1].isidentifier())


def _name(func: ast.AST) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def outside(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of every string a person reads in ``path`` that is not a catalog message."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and literal_text(body[0].value) is not None:
                skip.add(id(body[0].value))
        elif isinstance(node, ast.Call) and node.args and _exception(_name(node.func)):
            for inner in ast.walk(node.args[0]):
                skip.add(id(inner))
            for keyword in node.keywords:  # the rest of the call is read as any call's
                if keyword.arg in CODE_KEYWORDS:
                    for inner in ast.walk(keyword.value):
                        skip.add(id(inner))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and any(
                isinstance(target, ast.Name) and (target.id in ("__all__", "title", "short_title")
                                                  or target.id.endswith("_KEYS"))
                for target in (node.targets if isinstance(node, ast.Assign) else [node.target])):
            for inner in ast.walk(node.value) if node.value is not None else ():
                skip.add(id(inner))
        elif isinstance(node, ast.Tuple) and _module_and_name([literal_text(elt) for elt in node.elts]):
            for elt in node.elts:
                skip.add(id(elt))
        elif isinstance(node, ast.Call):
            name = _name(node.func)
            if name == "keyed" and len(node.args) > 1:
                for inner in ast.walk(node.args[1]):
                    skip.add(id(inner))
            if name in LOG_TEXT and len(node.args) > LOG_TEXT[name]:
                for inner in ast.walk(node.args[LOG_TEXT[name]]):
                    skip.add(id(inner))
            if name in CATALOG_CALLS or name in CODE_CALLS:
                for arg in node.args:
                    for inner in ast.walk(arg):
                        skip.add(id(inner))
            for keyword in node.keywords:
                if keyword.arg in CODE_KEYWORDS:
                    for inner in ast.walk(keyword.value):
                        skip.add(id(inner))
        elif isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                for inner in ast.walk(operand):
                    skip.add(id(inner))
        elif isinstance(node, ast.Subscript):
            for inner in ast.walk(node.slice):
                skip.add(id(inner))
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if key is not None:
                    skip.add(id(key))
        elif isinstance(node, ast.Assert) and node.msg is not None:
            for inner in ast.walk(node.msg):
                skip.add(id(inner))
        elif isinstance(node, ast.JoinedStr):
            for part in node.values:  # counted once, as the whole f-string
                skip.add(id(part))
                for inner in ast.walk(part):
                    skip.add(id(inner))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        text = literal_text(node)
        if text is not None and reads_as_words(text) and not said_by_tables(text) and text not in titles():
            yield getattr(node, "lineno", 0), text


def files(root: Path, folder: str) -> list[Path]:
    target = root / folder
    if target.is_file():
        return [target]
    return sorted(path for path in target.rglob("*.py") if "bots" not in path.relative_to(root).parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--list", action="store_true")
    parser.add_argument("folders", nargs="*", default=list(FOLDERS))
    args = parser.parse_args(argv)
    PHRASED_REASONS[0] = (args.root / "ui" / "kit" / "reasons.py").is_file()
    total = 0
    for folder in args.folders:
        count = 0
        for path in files(args.root, folder):
            for line, text in outside(path):
                count += 1
                if args.list:
                    print(f"{path.relative_to(args.root)}:{line}: {text!r}")
        total += count
        print(f"{folder:20} {count:5}")
    print(f"{'total':20} {total:5}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
