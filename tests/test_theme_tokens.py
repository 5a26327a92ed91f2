"""Every colour of the site is a design token of ``ui/shell.css`` with a light and a dark value.

A literal colour written in a rule (``#fff``, ``rgb(…)``, ``white``) would look the same in both
themes, which is how a dark theme goes wrong one panel at a time: so none is allowed outside the
token definitions, in ``ui/style.css`` and in ``ui/shell.css``. The tokens themselves are read
here as the browser would pick them (``light-dark(light, dark)``), and the pairs a person reads
are checked for contrast in both themes, beside the manifest's and the browser bar's colours.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STYLE = ROOT / "ui" / "style.css"
SHELL = ROOT / "ui" / "shell.css"
MANIFEST = ROOT / "pwa" / "manifest.webmanifest"
INDEX = ROOT / "index.html"

#: The selector of the one rule that defines the tokens.
TOKENS = ":root"
#: The at-rule that gives browsers without ``light-dark()`` the light theme's values.
FALLBACK = "@supports not (color: light-dark(#000, #fff))"
#: CSS's named colours (CSS Color 4), ``transparent`` and ``currentcolor`` aside: they are the
#: same in every theme by meaning, not by accident.
NAMED = frozenset("""
aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown
burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid
darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet
deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro
ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki
lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow
lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine
mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise
mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab
orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru
pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown
seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan
teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen
""".split())
_LITERAL = re.compile(
    r"#[0-9a-fA-F]{3,8}\b"
    r"|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\("
    r"|(?<![-\w])(?P<name>[a-zA-Z]+)(?![-\w(])")
#: A literal colour that may stay outside the tokens, with the reason. Empty: keep it so.
ALLOWED: dict[str, str] = {}


def _strip_comments(css: str) -> str:
    return re.sub(r"/\*.*?\*/", "", css, flags=re.S)


def declarations(css: str) -> list[tuple[tuple[str, ...], str, str]]:
    """Every declaration of ``css`` as (the selectors and at-rules around it, outermost first;
    property; value). A small brace walker: the project's CSS has no braces or semicolons in
    strings."""
    found: list[tuple[tuple[str, ...], str, str]] = []
    stack: list[str] = []
    text = ""
    for char in _strip_comments(css):
        if char == "{":
            stack.append(" ".join(text.split()))
            text = ""
        elif char in ";}":
            name, colon, value = text.partition(":")
            if colon and name.strip():
                found.append((tuple(stack), name.strip(), " ".join(value.split())))
            text = ""
            if char == "}" and stack:
                stack.pop()
        else:
            text += char
    return found


def literal_colours(value: str) -> list[str]:
    """The literal colours written in a declaration's value."""
    found = []
    for match in _LITERAL.finditer(re.sub(r'"[^"]*"|\'[^\']*\'', '""', value)):
        name = match.group("name")
        if name is None or name.lower() in NAMED:
            found.append(match.group(0))
    return found


def outside_tokens(css: str) -> list[str]:
    """Each literal colour of ``css`` that is not in the token rule, as "selector { prop: value }"."""
    found = []
    for where, prop, value in declarations(css):
        in_tokens = where in ((TOKENS,), (FALLBACK, TOKENS)) and prop.startswith("--")
        for colour in literal_colours(value):
            line = f"{' '.join(where)} {{ {prop}: {value} }}"
            if not in_tokens and colour not in ALLOWED:
                found.append(line)
    return found


def tokens() -> dict[str, str]:
    """The token rule's custom properties: name -> value as written."""
    return {prop: value for where, prop, value in declarations(SHELL.read_text(encoding="utf-8"))
            if where == (TOKENS,) and prop.startswith("--")}


def resolve(name: str, scheme: str, seen: tuple[str, ...] = ()) -> str:
    """A token's colour in ``scheme`` ("light" or "dark"), through ``light-dark()`` and ``var()``."""
    value = tokens()[name]
    assert name not in seen, f"{name} refers to itself"
    pair = re.fullmatch(r"light-dark\((.+?),\s*(.+)\)", value)
    if pair:
        value = pair.group(1 if scheme == "light" else 2).strip()
    ref = re.fullmatch(r"var\((--[\w-]+)\)", value)
    return resolve(ref.group(1), scheme, (*seen, name)) if ref else value


def _luminance(colour: str) -> float:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(ink: str, ground: str) -> float:
    """WCAG's contrast ratio of two opaque hex colours."""
    high, low = sorted((_luminance(ink), _luminance(ground)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# ----------------------------------------------------------------------------- no literal colours


@pytest.mark.parametrize("sheet", [STYLE, SHELL], ids=lambda path: path.name)
def test_no_literal_colour_outside_the_tokens(sheet: Path) -> None:
    found = outside_tokens(sheet.read_text(encoding="utf-8"))
    assert found == [], f"{len(found)} literal colour(s) in {sheet.name}, outside the tokens:\n" + "\n".join(found)


def test_the_counter_finds_what_it_must() -> None:
    """The counter itself: a literal of each kind outside the tokens is found; the tokens, a
    ``var()``, ``transparent`` and class names that read like colours are not."""
    css = """
    :root { --paper: light-dark(#ffffff, #1b211e); --shade: rgb(0 0 0 / 0.3); }
    .a { color: #fff; }  .b { background: rgba(0, 0, 0, 0.5); }  .c { border: 1px solid white; }
    .d { box-shadow: 0 0 0 2px hsl(40 100% 60%); }  @media (min-width: 40rem) { .e { color: #123456; } }
    .pc-red.gold { color: var(--paper); background: transparent; outline-color: currentColor; }
    .f { transition: color 0.2s; content: "red"; }
    """
    found = outside_tokens(css)
    assert [line.split(" {")[0].strip() for line in found] == [
        ".a", ".b", ".c", ".d", "@media (min-width: 40rem) .e"], found


def test_the_token_rule_is_found() -> None:
    assert len(tokens()) > 50
    assert tokens()["--page"].startswith("light-dark(")


# ----------------------------------------------------------------------------- both themes read well

#: (ink, ground, the least contrast): text a person reads, on the ground it lies on.
READ = [
    ("--ink", "--page", 7), ("--ink", "--paper", 7), ("--muted", "--page", 4.5), ("--muted", "--paper", 4.5),
    ("--accent", "--paper", 4.5), ("--accent", "--page", 4.5), ("--accent-ink", "--accent", 4.5),
    ("--alert", "--paper", 4.5), ("--alert", "--alert-tint", 4.5), ("--alert-ink", "--alert-fill", 4.5),
    ("--ink", "--note", 7), ("--coach-rule", "--note", 4.5), ("--advice-ink", "--advice", 4.5),
    ("--ink", "--pending", 7), ("--ink", "--last-move-fill", 7), ("--ink", "--chip", 7),
    ("--ink", "--control-off", 4.5), ("--muted", "--chip", 4.5),
    ("--felt-ink", "--felt", 4.5), ("--felt-muted", "--felt", 4.5), ("--felt-soft", "--felt", 4.5),
    ("--felt-faint", "--felt-dark", 4.5), ("--gold-pale", "--felt", 4.5),
    ("--card-red", "--card-face", 4.5), ("--card-black", "--card-face", 7), ("--card-note", "--card-face", 4.5),
    ("--card-red", "--card-dim", 4.5), ("--gold-ink", "--gold", 7), ("--coord-ink", "--coord", 7),
]
#: (mark, ground, the least contrast): the marks that must show on what they lie on.
SHOW = [
    ("--focus-ring-paper", "--paper", 3), ("--focus-ring-paper", "--page", 3), ("--focus-ring-felt", "--felt", 3),
    ("--coach-ring", "--page", 3), ("--coach-ring", "--paper", 3), ("--playable", "--felt", 3),
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_what_a_person_reads_has_contrast_in_both_themes(scheme: str) -> None:
    weak = [f"{ink} on {ground}: {contrast(resolve(ink, scheme), resolve(ground, scheme)):.2f} < {least}"
            for ink, ground, least in READ + SHOW
            if contrast(resolve(ink, scheme), resolve(ground, scheme)) < least]
    assert weak == [], weak


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_four_marks_of_a_table_stay_apart(scheme: str) -> None:
    """The felt, the playable glow, the focus ring (on the felt) and the coach's ring are four
    different colours, each clear of the felt."""
    marks = {name: resolve(name, scheme) for name in ("--felt", "--playable", "--focus-ring-felt", "--coach-ring")}
    assert len({value.lower() for value in marks.values()}) == 4, marks
    for name in ("--playable", "--focus-ring-felt"):
        assert contrast(marks[name], marks["--felt"]) >= 3, (name, marks)


def test_the_dark_theme_is_dark_and_the_light_one_light() -> None:
    for ground in ("--page", "--paper"):
        assert _luminance(resolve(ground, "light")) > 0.8
        assert _luminance(resolve(ground, "dark")) < 0.03
    # A card keeps a light face on the dark felt, as real cards do.
    assert _luminance(resolve("--card-face", "dark")) > 0.7


# ----------------------------------------------------------------------------- the bar and the manifest


def test_the_manifest_and_the_browser_bar_follow_the_theme() -> None:
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    dark = manifest["color_scheme_dark"]
    assert manifest["theme_color"] == resolve("--accent", "light")
    assert manifest["background_color"] == resolve("--page", "light")
    assert dark == {"theme_color": resolve("--page", "dark"), "background_color": resolve("--page", "dark")}
    index = INDEX.read_text(encoding="utf-8")
    assert f'<meta name="theme-color" content="{dark["theme_color"]}" media="(prefers-color-scheme: dark)">' in index
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in index


def test_a_browser_without_light_dark_gets_every_light_value() -> None:
    """Before light-dark() (Chrome 123, Firefox 120, Safari 17.5) a token written with it would
    be no colour at all: the fallback rule gives each such token its light value, and no other."""
    fallback = {prop: value for where, prop, value in declarations(SHELL.read_text(encoding="utf-8"))
                if where == (FALLBACK, TOKENS) and prop.startswith("--")}
    light = {name: re.fullmatch(r"light-dark\((.+?),\s*(.+)\)", value).group(1).strip()  # type: ignore[union-attr]
             for name, value in tokens().items() if value.startswith("light-dark(")}
    assert light and fallback == light
