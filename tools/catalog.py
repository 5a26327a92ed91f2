#!/usr/bin/env python3
"""The message catalog: extract, check, make the pseudo-locale, compile (``make catalog``).

Babel (pinned in requirements-build.txt) does the work, as ``pybabel`` would from the command
line, reading ``babel.cfg``::

    locale/messages.pot                       the template: every message of the source (English),
                                              extracted from engine/, ui/ and the lessons
                                              (docs/learn/*.json, ``extract_lesson``); build output
    locale/<lang>/LC_MESSAGES/messages.po     a language's translations: committed, a translator's
                                              file (``init <lang>`` starts one, ``update`` merges
                                              new messages into every one)
    locale/qps/LC_MESSAGES/messages.po        the pseudo-locale, generated from the template
                                              (``ui.kit.i18n.pseudo``): build output
    locale/qps-rtl/LC_MESSAGES/messages.mo    the same compiled, for the page laid out right to
                                              left (``ui.kit.i18n.direction``): build output, with
                                              no .po (Babel takes no "-rtl" for a locale)
    locale/<lang>/LC_MESSAGES/messages.mo     compiled, what the page fetches: build output

Usage::

    python3 -m tools.catalog            extract, pseudo, check, compile (what make runs)
    python3 -m tools.catalog check      exit 1 naming every message a language's .po lacks
    python3 -m tools.catalog init ar    start locale/ar/LC_MESSAGES/messages.po from the template
    python3 -m tools.catalog update     merge the template's new messages into every .po

``check`` fails the build when a committed catalog lacks a message the source has (or leaves
one untranslated, or keeps a fuzzy one): a language is shipped whole or not at all.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
TEMPLATE = LOCALE / "messages.pot"
DOMAIN = "messages"
PSEUDO = "qps"
#: The pseudo-locale of a language written right to left (``ui.kit.i18n.PSEUDO_RTL``).
PSEUDO_RTL = "qps-rtl"
#: The pseudo-locale catalogs' date: any fixed one.
PSEUDO_DATE = datetime(2025, 1, 1, tzinfo=UTC)
#: The keys of a lesson whose values people read (``ui.learn.lesson.parse_lesson``).
LESSON_TEXTS = ("title", "start", "free", "end")
STEP_TEXTS = ("say", "off")


def extract_lesson(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                   options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for a lesson (``docs/learn/<id>.json``): the coach's words, the rules'
    titles and the lesson's title, each a message (babel.cfg names it)."""
    data = json.loads(fileobj.read().decode("utf-8"))
    texts: list[tuple[str, str]] = [(key, data.get(key, "")) for key in LESSON_TEXTS]
    texts += [(f"rules.{key}", title) for key, title in (data.get("rules") or {}).items()]
    for number, step in enumerate(data.get("steps") or [], start=1):
        texts += [(f"steps[{number}].{key}", step.get(key, "")) for key in STEP_TEXTS]
    for where, text in texts:
        if isinstance(text, str) and text:
            yield 0, "gettext", text, [f"lesson {data.get('game', '?')}: {where}"]


#: A bot's level, as the first argument of a bot made with its description (engine/bots/).
BOT_LEVELS = ("random", "easy", "medium", "hard", "perfect")


def extract_bots(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                 options: Any) -> Iterator[tuple[Any, ...]]:
    """Babel's extractor for the bots (``engine/bots/*.py``): the calls Babel's Python extractor
    finds, and each bot's ``description``, which the setup page shows beside a bot seat: a
    string assigned to ``description``, or the one after the level in ``SomeBot("hard", "...")``.
    The bots stay plain engine code, with no marker of the catalog."""
    import ast

    from babel.messages.extract import extract_python

    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    for node in ast.walk(ast.parse(source)):
        text: Any = None
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name | ast.Attribute)
                and (target.id if isinstance(target, ast.Name) else target.attr) == "description"
                for target in node.targets):
            text = node.value
        elif (isinstance(node, ast.Call) and len(node.args) >= 2 and isinstance(node.args[0], ast.Constant)
              and node.args[0].value in BOT_LEVELS):
            text = node.args[1]
        if isinstance(text, ast.Constant) and isinstance(text.value, str) and text.value:
            yield text.lineno, "gettext", text.value, ["a bot's description"]


def pybabel(*args: str) -> None:
    """Run ``pybabel`` with ``args`` in this process; raise SystemExit when it fails."""
    from babel.messages.frontend import CommandLineInterface

    status = CommandLineInterface().run(["pybabel", "-q", *args])
    if status:
        raise SystemExit(status)


def extract(template: Path = TEMPLATE) -> None:
    template.parent.mkdir(parents=True, exist_ok=True)
    pybabel("extract", "-F", str(ROOT / "babel.cfg"), "--no-location", "--sort-output",
            "--project", "Five Checks", "-c", "TRANSLATORS:",
            "-o", str(template), str(ROOT))


def read_po(path: Path) -> Any:
    from babel.messages.pofile import read_po as babel_read_po

    with path.open("rb") as stream:
        return babel_read_po(stream)


def languages(locale: Path = LOCALE) -> list[str]:
    """The languages with a translator's catalog (the pseudo-locale is not one)."""
    return sorted(po.parent.parent.name for po in locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po")
                  if po.parent.parent.name not in (PSEUDO, PSEUDO_RTL))


def pseudo(template: Path = TEMPLATE, locale: Path = LOCALE) -> Path:
    """Write the pseudo-locale's catalog: every message of the template, accented in brackets."""
    from babel.messages.pofile import write_po

    from ui.kit.i18n import pseudo as accented

    catalog = read_po(template)
    catalog.locale = None
    # A fixed date, not the template's (each extraction stamps its own time), so that the same
    # messages always compile to the same catalog, and the same sources to the same built site.
    catalog.creation_date = PSEUDO_DATE
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            message.string = tuple(accented(form) for form in message.id)
        else:
            message.string = accented(message.id)
    out = locale / PSEUDO / "LC_MESSAGES" / f"{DOMAIN}.po"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as stream:
        write_po(stream, catalog, omit_header=False)
    # The same messages compiled at once for qps-rtl, the page in this English mirrored
    # (ui.kit.i18n.direction): pybabel's compile, which reads a locale from each folder's name,
    # would refuse the folder.
    from babel.messages.mofile import write_mo

    mirrored = locale / PSEUDO_RTL / "LC_MESSAGES" / f"{DOMAIN}.mo"
    mirrored.parent.mkdir(parents=True, exist_ok=True)
    with mirrored.open("wb") as stream:
        write_mo(stream, catalog, use_fuzzy=True)
    return out


def missing(po: Path, template: Path = TEMPLATE) -> list[str]:
    """What ``po`` lacks of the template: messages absent, untranslated or fuzzy."""
    source = read_po(template)
    catalog = read_po(po)
    gaps: list[str] = []
    for message in source:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        strings = found.string if found is not None else None
        if isinstance(strings, str):
            strings = (strings,)
        if found is None:
            gaps.append(f"missing: {message.id!r}")
        elif found.fuzzy:
            gaps.append(f"fuzzy: {message.id!r}")
        elif not strings or not all(strings):
            gaps.append(f"untranslated: {message.id!r}")
    return gaps


def check(template: Path = TEMPLATE, locale: Path = LOCALE) -> int:
    """Exit status: 1 when some language's catalog lacks a message of the template."""
    status = 0
    for lang in languages(locale):
        gaps = missing(locale / lang / "LC_MESSAGES" / f"{DOMAIN}.po", template)
        for gap in gaps:
            print(f"catalog {lang}: {gap}", file=sys.stderr)
        if gaps:
            print(f"catalog {lang}: {len(gaps)} of the source's messages lack a translation",
                  file=sys.stderr)
            status = 1
    return status


def compile_all(locale: Path = LOCALE) -> None:
    pybabel("compile", "-d", str(locale), "-D", DOMAIN, "--use-fuzzy")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("command", nargs="?", default="build", choices=("build", "check", "init", "update"))
    parser.add_argument("lang", nargs="?", default="")
    args = parser.parse_args(argv)
    extract()
    if args.command == "init":
        if not args.lang:
            parser.error("init needs a language code, like: init ar")
        pybabel("init", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "-l", args.lang)
        return 0
    if args.command == "update":
        if languages():
            pybabel("update", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "--ignore-obsolete")
        return 0
    if args.command == "check":
        return check()
    pseudo()
    status = check()
    if status:
        return status
    compile_all()
    count = sum(1 for message in read_po(TEMPLATE) if message.id)
    print(f"catalog: {count} messages; languages: {', '.join([*languages(), PSEUDO, PSEUDO_RTL])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
