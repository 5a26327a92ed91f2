"""``make dist`` (tools/build_dist.py): the built site holds what its pages name and nothing else,
addressed relatively, with the Python in one archive, and the same sources give the same bytes.

The browser side (requests, offline, updates) is tests/e2e/test_dist.py.
"""

from __future__ import annotations

import gzip
import hashlib
import html
import io
import json
import re
import struct
import zipfile
from pathlib import Path, PurePosixPath

import pytest

from pyc_support import HASH_BASED_UNCHECKED, pyc_header
from site_support import build_site
from tools import build_dist, draw_icons, gen_pyscript_toml
from tools import catalog as catalog_tool

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> build_dist.Build:
    return build_site(tmp_path_factory.mktemp("dist") / "site")


def files_on_disk(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def references(page: str) -> list[str]:
    """Every src/href of a page that names a file (not a route, not data:)."""
    tags = re.sub(r"(<script[^>]*>).*?(</script>)", r"\1\2", page, flags=re.DOTALL)  # not code
    found = re.findall(r'\s(?:src|href)="([^"#]+)(?:#[^"]*)?"', tags)
    return [ref for ref in found if not ref.startswith("data:")]


def test_the_site_is_exactly_the_listed_files(built: build_dist.Build) -> None:
    on_disk = files_on_disk(built.out)
    assert on_disk == set(built.files)
    # Everything but the worker itself and what is fetched on demand (another language's rules).
    assert set(built.precache) == on_disk - {"sw.js"} - set(built.on_demand)
    assert built.on_demand and all(path.startswith("docs/rules/ar/") for path in built.on_demand)
    sw = (built.out / "sw.js").read_text(encoding="utf-8")
    assert sw.startswith(build_dist.SW_MARK)
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.DOTALL)[1].replace(",\n]", "\n]"))
    assert {path for path, _ in listed} == set(built.precache)
    for path, digest in listed:
        assert hashlib.sha256((built.out / path).read_bytes()).hexdigest().startswith(digest), path
    assert f'const VERSION = "{built.version}";' in sw
    # Only what runs: no source maps, no Python files loose, no TOML parser, no unused plugin.
    assert not [p for p in on_disk if p.endswith((".map", ".py", ".toml", ".md"))]
    assert not [p for p in on_disk if re.search(r"/(toml|py-editor|py-game|py-terminal|donkey)-", p)]


@pytest.mark.parametrize("page", ["index.html", "docs/rules/checks.html", "docs/rules/ar/checkmate.html"])
def test_every_reference_is_relative_and_present(built: build_dist.Build, page: str) -> None:
    text = (built.out / page).read_text(encoding="utf-8")
    refs = references(text)
    assert refs
    for ref in refs:
        assert not re.match(r"^[a-z]+:|^/", ref), f"{page}: {ref} is not relative"
        target = PurePosixPath(page).parent / (ref + "index.html" if ref.endswith("/") else ref)
        resolved = Path(built.out, target).resolve()
        assert resolved.is_file(), f"{page}: {ref} is not in the site"


def test_index_loads_one_stylesheet_and_the_core_chunk(built: build_dist.Build) -> None:
    index = (built.out / "index.html").read_text(encoding="utf-8")
    sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)">', index)
    assert len(sheets) == 1 and re.fullmatch(r"site-[0-9a-f]{10}\.css", sheets[0])
    css = (built.out / sheets[0]).read_text(encoding="utf-8")
    for part in ("vendor/pyscript/core.css", "ui/shell.css", "ui/style.css"):
        assert build_dist.compact_css((ROOT / part).read_text(encoding="utf-8")) in css
    assert re.search(r'<script type="module" src="\./vendor/pyscript/core-[\w-]+\.js"></script>', index)
    assert f'<meta name="five-checks-version" content="{built.version}">' in index
    assert '<link rel="manifest" href="manifest.webmanifest">' in index
    assert "sw.register" in index or 'register("sw.js"' in index


def test_the_python_is_one_compiled_archive_imported_by_the_inline_script(built: build_dist.Build) -> None:
    index = (built.out / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="py" config=\'([^\']+)\'>\n(.*?)</script>', index, re.DOTALL)
    assert found, "no inline <script type=py config=...>"
    config = json.loads(html.unescape(found[1]))
    (archive, target), = config["files"].items()
    assert target == build_dist.ARCHIVE_IN_PAGE  # written whole, not unpacked
    assert re.fullmatch(r"\./app-[0-9a-f]{10}\.zip", archive)
    # The site's own interpreter module (it starts Pyodide from a snapshot), beside Pyodide's
    # files, with the worker that makes the snapshot; the service worker precaches both.
    assert config["interpreter"] == "./vendor/pyodide/interpreter.mjs"
    for name in ("interpreter.mjs", "snapshot-worker.mjs"):
        path = f"vendor/pyodide/{name}"
        assert (built.out / path).read_bytes() == (ROOT / "pwa" / name).read_bytes()
        assert path in built.precache
    assert 'from "./pyodide.mjs"' in (built.out / config["interpreter"]).read_text(encoding="utf-8")
    assert "!py-editor" in config["plugins"] and "!error" not in config["plugins"]
    # The same plugins are kept out for MicroPython's type, whose config PyScript also reads.
    mpy = re.search(r"<mpy-config>(.*?)</mpy-config>", index)
    assert mpy and json.loads(html.unescape(mpy[1]))["plugins"] == config["plugins"]
    # The inline script puts the archive on sys.path and imports the entry point from it.
    code = [line for line in found[2].splitlines() if line and not line.startswith("#")]
    assert code == ["import sys", f"sys.path.insert(0, {json.dumps(target)})", "import ui.main"]
    # Served gzipped (pwa/loader.js inflates it): each module as bytecode compiled from its
    # source, stored (the gzip compresses across entries); the sources themselves left out.
    # Every module of engine/ and ui/: those the working tree has in its start's archive and
    # those it fetches on first use (ui/app/later.py).
    dev_files = {f"./{path}": f"./{path}" for path in gen_pyscript_toml.python_files(ROOT)}
    assert {"./ui/main.py", "./ui/learn/screen.py", "./engine/core.py"} < set(dev_files)
    assert (built.out / archive).exists() is False
    with zipfile.ZipFile(io.BytesIO(gzip.decompress((built.out / f"{archive}.gz").read_bytes()))) as zipped:
        sources = {dst.removeprefix("./") for dst in dev_files.values()}
        bytecode = {path.removesuffix(".py") + ".pyc" for path in sources if path.endswith(".py")}
        assert sorted(zipped.namelist()) == sorted(bytecode | {p for p in sources if not p.endswith(".py")})
        assert {info.compress_type for info in zipped.infolist()} == {zipfile.ZIP_STORED}
        headers = set()
        for src, dst in dev_files.items():
            path = dst.removeprefix("./")
            if path.endswith(".py"):
                headers.add(pyc_header(zipped.read(path.removesuffix(".py") + ".pyc"), (ROOT / src).read_bytes()))
    (magic, flags), = headers
    assert flags == HASH_BASED_UNCHECKED  # an archive keeps no time stamps to check


def downloads(index: str) -> list[dict[str, object]]:
    """The downloader's list (pwa/loader.js, inline at the top of the page's <head>)."""
    found = re.search(r"const DOWNLOADS = (\[.*?\]);\n", index)
    assert found, "no downloader in the page"
    return json.loads(found[1].replace("<\\/", "</"))


def test_the_downloader_comes_first_and_lists_every_large_file_gzipped(built: build_dist.Build) -> None:
    index = (built.out / "index.html").read_text(encoding="utf-8")
    head = index[:index.index("</head>")]
    # After the stylesheet (the first paint does not wait for the downloads), before the rest.
    assert head.index('<link rel="stylesheet"') < head.index("const DOWNLOADS") < head.index('<script type="module"')
    listed = downloads(index)
    archive = next(p for p in built.files if re.fullmatch(r"app-[0-9a-f]{10}\.zip\.gz", p))
    fetched = {item["path"]: item for item in listed if "url" in item}
    assert set(fetched) == {"vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs",
                            "vendor/pyodide/python_stdlib.zip", archive.removesuffix(".gz")}
    for path, item in fetched.items():
        assert item["url"] == f"{path}.gz" and item["size"] == (built.out / item["url"]).stat().st_size
        assert not (built.out / path).exists(), f"{path} is served gzipped only"
    assert fetched["vendor/pyodide/pyodide.asm.wasm"]["type"] == "application/wasm"
    # The lock file inline, without the packages the app never loads.
    lock, = [item for item in listed if "text" in item]
    assert lock["path"] == "vendor/pyodide/pyodide-lock.json"
    assert json.loads(lock["text"])["packages"] == {}
    assert not (built.out / lock["path"]).exists()
    # The bar's total: the downloads and the page's other files, less than the site.
    total = sum(item.get("size", 0) for item in listed)
    other = int(re.search(r"const OTHER_BYTES = (\d+);", index)[1])
    assert 0 < other < total < built.size


def test_the_runtime_is_the_vendored_one_with_the_same_python_as_the_archive(built: build_dist.Build) -> None:
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs"):
        path = f"vendor/pyodide/{name}"
        assert gzip.decompress((built.out / f"{path}.gz").read_bytes()) == (ROOT / path).read_bytes(), path
    assert (built.out / "vendor/pyodide/pyodide.mjs").read_bytes() == (ROOT / "vendor/pyodide/pyodide.mjs").read_bytes()
    stdlib_gz = (built.out / "vendor/pyodide/python_stdlib.zip.gz").read_bytes()
    with zipfile.ZipFile(io.BytesIO(gzip.decompress(stdlib_gz))) as stdlib:
        stdlib_magic = stdlib.read("json/__init__.pyc")[:4]  # compiled by tools/vendor.py
        names = set(stdlib.namelist())
        with zipfile.ZipFile(ROOT / "vendor/pyodide/python_stdlib.zip") as whole:
            for name in names:
                assert stdlib.read(name) == whole.read(name), name
    archive = next(p for p in built.files if p.startswith("app-"))
    with zipfile.ZipFile(io.BytesIO(gzip.decompress((built.out / archive).read_bytes()))) as app:
        assert app.read("ui/main.pyc")[:4] == stdlib_magic


def test_the_standard_library_is_the_traced_modules_less_the_frozen_ones(built: build_dist.Build) -> None:
    lines = [line.split() for line in (ROOT / build_dist.STDLIB_LIST).read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    shipped = {words[0] for words in lines if words[1:] != ["frozen"]}
    assert {"asyncio", "json", "dataclasses", "random", "_pyodide", "pyodide.ffi"} <= shipped
    assert {"abc", "os", "io"} <= {words[0] for words in lines} - shipped
    stdlib_gz = (built.out / "vendor/pyodide/python_stdlib.zip.gz").read_bytes()
    with zipfile.ZipFile(io.BytesIO(gzip.decompress(stdlib_gz))) as stdlib:
        modules = {name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
                   for name in stdlib.namelist()}
    assert modules == shipped
    assert "unittest" not in modules and "email" not in modules


def test_the_build_names_a_standard_library_module_the_app_imports_but_the_site_lacks() -> None:
    runtime = PurePosixPath("vendor/pyodide")
    sources = {"engine/fine.py": b"import json\nfrom math import pi\n",
               "ui/new.py": b"def later():\n    import wave\n    from email import message\n"}
    with pytest.raises(build_dist.BuildError, match=r"email \(ui/new.py:3\).*wave \(ui/new.py:2\)"):
        build_dist.stdlib_archive(ROOT, runtime, sources)
    assert build_dist.stdlib_archive(ROOT, runtime, {"engine/fine.py": sources["engine/fine.py"]})


def test_the_link_between_devices_is_there_but_not_loaded_at_boot(built: build_dist.Build) -> None:
    """pwa/room-link.mjs and what it loads, at the working tree's paths (the page imports
    ./pwa/room-link.mjs in both), precached, and named nowhere in the page: a room loads them."""
    assert build_dist.LINK_FILES == ("pwa/room-link.mjs", "vendor/peerjs/peerjs.min.js", "vendor/qrcode/qrcode.mjs")
    for path in build_dist.LINK_FILES:
        assert (built.out / path).read_bytes() == (ROOT / path).read_bytes(), path
        assert path in built.precache
    index = (built.out / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"room-link|peerjs|qrcode", index)
    module = (built.out / "pwa/room-link.mjs").read_text(encoding="utf-8")
    assert 'import qrcode from "../vendor/qrcode/qrcode.mjs";' in module
    assert '"./vendor/peerjs/peerjs.min.js"' in module  # relative to the page, not the module
    assert "sourceMappingURL" not in (built.out / "vendor/peerjs/peerjs.min.js").read_text(encoding="utf-8")


def test_the_sounds_are_there_precached_but_not_loaded_at_boot(built: build_dist.Build) -> None:
    """pwa/sound.mjs at its working tree's path (ui/kit/sound.py imports ./pwa/sound.mjs), in the
    service worker's list, and named nowhere in the page: the first gesture at a table loads it."""
    path = build_dist.SOUND_MODULE
    assert (built.out / path).read_bytes() == (ROOT / path).read_bytes()
    assert path in built.precache
    assert path in (built.out / "sw.js").read_text(encoding="utf-8")
    assert "sound.mjs" not in (built.out / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"^\s*import\s", (built.out / path).read_text(encoding="utf-8"), re.MULTILINE)


def test_the_build_names_a_file_the_link_module_loads_but_the_site_lacks(tmp_path: Path) -> None:
    for path in build_dist.LINK_FILES:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("", encoding="utf-8")
    module = tmp_path / build_dist.LINK_MODULE
    module.write_text('import qrcode from "../vendor/qrcode/qrcode.mjs";\n'
                      'const script = "./vendor/peerjs/peerjs.min.js";\n', encoding="utf-8")
    build_dist.link_files(tmp_path, build_dist.Site())
    module.write_text('import { a } from "./other.mjs";\n', encoding="utf-8")
    with pytest.raises(build_dist.BuildError, match=r"loads pwa/other\.mjs, which the site lacks"):
        build_dist.link_files(tmp_path, build_dist.Site())
    module.write_text('const script = "./vendor/peerjs/peerjs.js";\n', encoding="utf-8")
    with pytest.raises(build_dist.BuildError, match=r"loads vendor/peerjs/peerjs\.js"):
        build_dist.link_files(tmp_path, build_dist.Site())


def test_the_compiled_catalogs_are_carried_and_precached_but_not_downloaded(built: build_dist.Build) -> None:
    """A language's catalog is fetched by the page when that language is chosen: the site and
    its service worker carry it, the first visit's downloads do not."""
    catalog = "locale/qps/LC_MESSAGES/messages.mo"
    assert catalog in built.precache
    assert not [path for path in built.files if path.startswith("locale/qps-rtl/")]  # the tests' alone
    assert (built.out / catalog).read_bytes()[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")  # gettext's magic
    index = (built.out / "index.html").read_text(encoding="utf-8")
    assert "locale/" not in index
    assert not [path for path in built.files if path.startswith("locale/") and not path.endswith(".mo")]


def test_manifest_and_icons(built: build_dist.Build) -> None:
    manifest = json.loads((built.out / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("./", "./", "standalone")
    shell = (ROOT / "ui" / "shell.css").read_text(encoding="utf-8")
    # The light theme's accent and page, and the dark theme's page (tests/test_theme_tokens.py).
    dark = manifest["color_scheme_dark"]
    assert f"--accent: light-dark({manifest['theme_color']}," in shell
    assert f"--page: light-dark({manifest['background_color']}, {dark['background_color']});" in shell
    assert dark["theme_color"] == dark["background_color"]
    for icon in manifest["icons"]:
        data = (built.out / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == icon["sizes"]
    assert {icon["purpose"] for icon in manifest["icons"]} == {"any", "maskable"}


def test_the_arabic_manifest_and_rules_pages_are_shipped(built: build_dist.Build) -> None:
    from tools.build_rules import speaking
    from ui.kit.i18n import _

    english = json.loads((built.out / "manifest.webmanifest").read_text(encoding="utf-8"))
    arabic = json.loads((built.out / "manifest.ar.webmanifest").read_text(encoding="utf-8"))
    shipped = (built.out / "manifest.ar.webmanifest").read_bytes()
    assert shipped == (ROOT / "pwa" / "manifest.ar.webmanifest").read_bytes()
    assert "manifest.ar.webmanifest" in built.precache
    with speaking("ar"):
        assert arabic["name"] == arabic["short_name"] == _("Five Checks") != english["name"]
    assert (arabic["lang"], arabic["dir"]) == ("ar", "rtl")
    assert arabic["description"] != english["description"]
    # The same app otherwise: its id, scope, colours and icons.
    translated = {"name", "short_name", "description", "lang", "dir"}
    assert {k: v for k, v in arabic.items() if k not in translated} == \
        {k: v for k, v in english.items() if k not in translated}
    # The page links the English manifest; its script, in Arabic, the Arabic one.
    index = (built.out / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="manifest.webmanifest">' in index
    assert 'manifest.href = "manifest.ar.webmanifest"' in index
    # Each language's rules pages, served, neither loaded by the page nor precached: an English
    # visit downloads none of them (the app falls back to the English page when one cannot be read).
    sw = (built.out / "sw.js").read_text(encoding="utf-8")
    for game_id in ("checks", "checkmate", "private-checkers", "chess-cards", "check"):
        page = f"docs/rules/ar/{game_id}.html"
        assert page in built.files and page in built.on_demand and page not in built.precache
        # Not in the worker's list of files to precache: in its list of files kept once read.
        assert page not in sw.split("const FILES = ", 1)[1].split("];", 1)[0]
        assert f'"{page}"' in sw.split("const ON_DEMAND = ", 1)[1].split(";", 1)[0]
        assert '<html lang="ar" dir="rtl">' in (built.out / page).read_text(encoding="utf-8")
        assert f"docs/rules/{game_id}.html" in built.precache
    assert "docs/rules/ar" not in index
    # Its inline scripts keep no comment lines: those are for the source's readers (index.html).
    assert not re.search(r"(?m)^[ \t]*//", index)
    assert re.search(r"(?m)^[ \t]*//", (ROOT / "index.html").read_text(encoding="utf-8"))


def test_the_committed_icon_is_the_drawing() -> None:
    size, maskable = draw_icons.ICON_FILES["icon-192.png"]
    drawn = draw_icons.png(size, draw_icons.render(size, maskable=maskable))
    assert (draw_icons.ICONS / "icon-192.png").read_bytes() == drawn, "run `make icons`"


def test_same_sources_same_site_and_a_change_a_new_version(built: build_dist.Build,
                                                           tmp_path: Path) -> None:
    # Compiling the catalogs again (make catalog, which extracts the messages afresh, a new date
    # in the template) changes nothing of the site either.
    assert catalog_tool.main([]) == 0
    again = build_dist.build(tmp_path / "again")
    assert again.version == built.version and again.files == built.files
    source = tmp_path / "source"
    source.mkdir()
    for name in ("engine", "ui", "docs", "vendor", "pwa", "pyscript.toml"):
        (source / name).symlink_to(ROOT / name)
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    (source / "index.html").write_text(index.replace("<title>", "<title>Changed ", 1), encoding="utf-8")
    changed = build_dist.build(tmp_path / "again", source)  # over the previous build
    assert changed.version != built.version
    assert files_on_disk(tmp_path / "again") == set(changed.files)
    differ = {path for path in changed.files if changed.files[path] != built.files.get(path)}
    assert differ == {"index.html", "sw.js"}


def test_a_folder_that_is_not_a_build_is_not_overwritten(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(build_dist.BuildError, match="not a previous build"):
        build_dist.build(tmp_path)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"
