"""Every word a person reads, through one gettext catalog: English is the source, a language is a
compiled catalog (``locale/<lang>/LC_MESSAGES/messages.mo``) fetched from the app's own origin
when that language is chosen, never before.

Say a sentence with its parts named, whole, from the reader's side::

    _("Your turn.")
    _("{name} wins.", name=name)
    pgettext("you", "{name} played {card}.", name=..., card=...)   # "you" and a name: two messages
    ngettext("{n} card", "{n} cards", count)                        # ``n`` is the count

The message is always a literal (``pybabel extract`` reads the calls: ``tools/catalog.py``; a
test fails on an f-string or a sum inside a call), its parts are filled after translation with
``str.format`` (a message without parts is never formatted, so its braces stay as they are). A
message with a part that is a node (a card's chip, a bold count) is asked for unfilled and
filled by ``spliced``, which puts each node where the language's sentence has it. A
message kept in a table of data is marked with ``N_`` where it is written and translated with
``translated`` where it is shown; the lessons' words (``docs/learn/*.json``) are extracted by
``tools.catalog.extract_lesson`` and translated with ``translated`` too.

``qps`` is the pseudo-locale: its catalog is generated at build time from the source messages,
each shown with accented letters in brackets (``[Ýóú ŵîñ.]``), so that a word outside the catalog
stands out on a page in ``lang=qps``. ``pseudo`` is that transformation.

The language: ``lang=<code>`` in any route (read by ``ui.main``), else the ``lang`` setting
(``ui.kit.settings``), else the first of the browser's preferred languages
(``navigator.languages``) that the build has a catalog for (``LANGUAGES``, ``preferred``), else
English. A language written right to left (``RTL``) turns the page's direction (``direction``:
``<html dir>``, set by ``ui.main``); ``qps-rtl`` is the pseudo-locale laid out right to left, for
the tests of the mirrored layout before a translation exists. Pure Python: the page's loading is
``ui.main``'s.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Sequence
from typing import Any

#: The language the messages are written in: no catalog is fetched for it.
SOURCE = "en"
#: The pseudo-locale (accented letters in brackets).
PSEUDO = "qps"
#: The pseudo-locale written right to left: the same accented English, on a mirrored page.
PSEUDO_RTL = "qps-rtl"
#: The route parameter and the setting that choose a language.
PARAM = "lang"
#: The languages the build has a catalog for, the source first: what the browser's preferences
#: are matched against and the Language control offers. Kept here, not fetched, so that the first
#: screen knows them; a test holds it to the committed catalogs (``tools.catalog.languages``).
LANGUAGES: tuple[str, ...] = (SOURCE, "ar")
#: Each language's name in itself, as the Language control shows it.
NAMES = {"en": "English", "ar": "العربية", "he": "עברית", "fa": "فارسی", "ur": "اردو",
         "fr": "Français", "de": "Deutsch", "es": "Español", "pt": "Português", "tr": "Türkçe"}
#: Languages written right to left, by their primary subtag ("ar-JO" is Arabic).
RTL = frozenset({"ar", "he", "fa", "ur"})
#: A language code as a route may give it: "ar", "pt-BR", "qps". This module's patterns are
#: text, compiled by ``re`` on first use: the page's start imports it (ui/app/routes.py).
_CODE = r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?"

_state: dict[str, Any] = {"lang": SOURCE, "asked": SOURCE, "catalog": gettext.NullTranslations()}


def language() -> str:
    """The language the page speaks now ("en" until a catalog is installed)."""
    return str(_state["lang"])


def asked() -> str:
    """The language last asked for: ``language()`` unless its catalog could not be read."""
    return str(_state["asked"])


def catalog_path(lang: str) -> str:
    """Where a language's compiled catalog is served, relative to the page."""
    return f"locale/{lang}/LC_MESSAGES/messages.mo"


def valid_code(text: str) -> str:
    """``text`` as a language code ("pt_br" -> "pt-BR" kept as given but for case), or "" when it
    is not one: a route's ``lang=`` is never used to build a path unchecked."""
    text = text.strip()
    return text if re.fullmatch(_CODE, text) else ""


def install(lang: str, mo: bytes | None = None) -> None:
    """Speak ``lang`` from now on, with its compiled catalog ``mo`` (None: the source language,
    or a language whose catalog could not be read, which then falls back to the source)."""
    if mo is None:
        _state.update(lang=SOURCE, asked=lang, catalog=gettext.NullTranslations())
        return
    _state.update(lang=lang, asked=lang, catalog=gettext.GNUTranslations(io.BytesIO(mo)))


def chosen(query: Sequence[tuple[str, str]], remembered: str, browser: Sequence[str] = ()) -> str:
    """The language a route's ``query`` asks for (``lang=``), else the ``remembered`` setting,
    else the browser's preferred one the build has (``preferred``), else the source; a code that
    is not one is ignored."""
    for key, value in query:
        if key == PARAM and valid_code(value):
            return valid_code(value)
    return valid_code(remembered) or preferred(browser)


def preferred(browser: Sequence[str], have: Sequence[str] | None = None) -> str:
    """The first of the browser's preferred languages (``navigator.languages``, best first) that
    ``have`` holds, said as ``have`` spells it: the code itself, else its primary subtag
    ("en-GB" -> "en", "ar-JO" -> "ar"); the source when none is had."""
    spelled = {code.lower().replace("_", "-"): code for code in (LANGUAGES if have is None else have)}
    primary = {code.split("-")[0]: code for code in reversed(list(spelled))}
    for code in browser:
        code = str(code).strip().lower().replace("_", "-")
        if code in spelled:
            return spelled[code]
        if code.split("-")[0] in primary:
            return spelled[primary[code.split("-")[0]]]
    return SOURCE


def direction(lang: str) -> str:
    """"rtl" for a language written right to left ("ar", "ar-JO", the pseudo-locale ``qps-rtl``),
    else "ltr": the page's ``<html dir>``."""
    lang = lang.lower().replace("_", "-")
    return "rtl" if lang == PSEUDO_RTL or lang.split("-")[0] in RTL else "ltr"


def name(lang: str) -> str:
    """``lang``'s name in itself ("العربية"), or its code when it has none here (a pseudo-locale)."""
    return NAMES.get(lang, lang)


def _filled(text: str, parts: dict[str, Any]) -> str:
    return text.format(**parts) if parts else text


def _(message: str, /, **parts: Any) -> str:
    """``message`` in the page's language, its ``{parts}`` filled."""
    return _filled(_state["catalog"].gettext(message), parts)


def pgettext(context: str, message: str, /, **parts: Any) -> str:
    """``message`` said in ``context`` (such as "you" beside the same words about a name)."""
    return _filled(_state["catalog"].pgettext(context, message), parts)


def ngettext(singular: str, plural: str, n: int, /, **parts: Any) -> str:
    """The form of ``singular``/``plural`` the language uses for ``n``; ``{n}`` is the count."""
    return _state["catalog"].ngettext(singular, plural, n).format(n=n, **parts)


def npgettext(context: str, singular: str, plural: str, n: int, /, **parts: Any) -> str:
    """``ngettext`` in ``context``."""
    return _state["catalog"].npgettext(context, singular, plural, n).format(n=n, **parts)


#: A placeholder of a message: ``{card}``.
_PLACE = r"\{(\w+)\}"


def spliced(message: str, **parts: Any) -> list[Any]:
    """A translated message whose placeholders are filled with text or nodes (a card's chip, a
    bold count): the sentence stays whole in the catalog and each node goes where the language
    puts it. ``message`` comes unfilled from ``_``/``pgettext`` called without parts."""
    out: list[Any] = []
    for index, piece in enumerate(re.split(_PLACE, message)):
        if index % 2:
            out.append(parts[piece])
        elif piece:
            out.append(piece)
    return out


def N_(message: str) -> str:  # gettext's own name for "mark, translate later"
    """Mark ``message`` for the catalog where it is written as data; ``translated`` says it."""
    return message


def translated(message: str, /, **parts: Any) -> str:
    """A message marked with ``N_`` (or extracted from a lesson) in the page's language. Empty
    text stays empty (gettext would give the catalog's header)."""
    if not message:
        return message
    return _filled(_state["catalog"].gettext(message), parts)


# ----------------------------------------------------------------------------- the pseudo-locale

_ACCENTED = dict(zip(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçðéƒĝĥîĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÎĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ", strict=True))
#: What the pseudo-locale leaves as it is: placeholders (``{name}``, ``{{``), and short words of
#: capitals and digits, which are card notation (``4H``, ``bQ``, ``10D``) or a room code.
_KEPT = r"\{\{|\}\}|\{[^{}]*\}|\b[0-9A-Z]*[0-9][0-9A-Za-z]{0,2}\b|\b[br][KQRBNP]\b|\b[A-Z]{1,3}\b"


def pseudo(message: str) -> str:
    """``message`` with accented letters, in brackets: "{name} wins." -> "[{name} ŵîñš.]"."""
    if not message:
        return message
    out: list[str] = []
    last = 0
    for kept in re.finditer(_KEPT, message):
        out.append("".join(_ACCENTED.get(char, char) for char in message[last:kept.start()]))
        out.append(kept.group(0))
        last = kept.end()
    out.append("".join(_ACCENTED.get(char, char) for char in message[last:]))
    return "[" + "".join(out) + "]"
