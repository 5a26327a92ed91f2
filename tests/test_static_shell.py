"""index.html's static shell in another language, before Python runs: its inline scripts choose
the language as the app will (``ui.kit.i18n.chosen``) and say the shell's few words from a small
table of their own, which must be the catalog's translations of ``ui.main.SHELL_WORDS``.

The scripts are run by Node (the project's build already needs it) over a stub of the page.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
from pathlib import Path

import pytest

from tools.build_rules import speaking
from ui.kit import i18n
from ui.kit.i18n import translated

ROOT = Path(__file__).resolve().parent.parent
INDEX = (ROOT / "index.html").read_text(encoding="utf-8")


def shell_words() -> list[str]:
    """``ui.main.SHELL_WORDS``, read from the source (ui.main imports Pyodide's modules)."""
    tree = ast.parse((ROOT / "ui" / "main.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "SHELL_WORDS" for t in node.targets):
            assert isinstance(node.value, ast.Tuple)
            return [ast.literal_eval(call.args[0]) for call in node.value.elts if isinstance(call, ast.Call)]
    raise AssertionError("ui/main.py has no SHELL_WORDS")


def tables() -> tuple[list[str], list[str]]:
    """The inline script's words: (English, Arabic), each in the order of SHELL_WORDS."""
    found = re.search(r'const W = ar \? "(?P<ar>[^"]*)"\.split\("\|"\)\s*: (?P<en>\[.*?\]);', INDEX, re.S)
    assert found, "index.html has no table of the shell's words"
    return json.loads(found["en"]), found["ar"].split("|")


def test_the_inline_words_are_the_catalogs() -> None:
    english, arabic = tables()
    assert english == shell_words()
    with speaking("ar"):
        assert arabic == [translated(words) for words in english]
    assert all(a != e for e, a in zip(english, arabic, strict=True))
    # The script says no English of its own: every word of the bar is one of the table's.
    assert not re.findall(r'set\([^,]+, "', INDEX)
    assert not re.findall(r'\[\d+, "', INDEX)


def prepaint_script() -> str:
    scripts = re.findall(r"<script>\n(.*?)</script>", INDEX, re.S)
    return next(script for script in scripts if "five-checks:settings" in script)


#: (route hash, remembered setting, navigator.languages)
CASES = [
    ("#/", "", ["ar-JO", "en"]),
    ("#/", "", ["en-GB", "ar"]),
    ("#/", "", ["fr-FR", "ar"]),
    ("#/", "", ["fr"]),
    ("#/", "ar", ["en-US"]),
    ("#/", "en", ["ar"]),
    ("#/checkmate/rules?lang=ar", "en", ["en"]),
    ("#/checkmate/play?seats=human,bot&lang=en", "ar", ["ar"]),
    ("#/?lang=qps", "", ["ar"]),
    ("#/?embed=1&lang=ar", "", []),
]


@pytest.mark.parametrize(("hash_", "remembered", "browser"), CASES)
def test_the_shell_chooses_the_language_as_the_app_will(hash_: str, remembered: str, browser: list[str]) -> None:
    stub = """
      const [hash, settings, languages] = JSON.parse(process.argv[1]);
      const html = { dataset: {} };
      Object.defineProperty(globalThis, "navigator", { value: { languages }, configurable: true });
      globalThis.location = { hash };
      globalThis.localStorage = { getItem: () => settings };
      globalThis.document = { documentElement: html, querySelector: () => ({}) };
    """
    setting = json.dumps({"lang": remembered}) if remembered else ""
    said = "\nconsole.log(JSON.stringify([html.lang || '', html.dir || '']));"
    out = subprocess.run(["node", "-e", stub + prepaint_script() + said, json.dumps([hash_, setting, browser])],
                         capture_output=True, text=True, check=True)
    lang, direction = json.loads(out.stdout)
    from ui.app.routes import parse_hash

    wanted = i18n.chosen(parse_hash(hash_).query, remembered, browser)
    # The shell turns to Arabic exactly when the app will speak it; English stays as written.
    assert (lang, direction) == (("ar", "rtl") if wanted == "ar" else ("", "")), wanted
