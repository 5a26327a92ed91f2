// Compiles Python modules to the bytecode of the Python inside the vendored Pyodide, for the
// built site (tools/build_dist.py calls it; see compile_for_pyodide there): the app's archive and
// Pyodide's standard library, which npm ships as sources only.
//
// Why: a Python module imported from source is compiled on every start, and in the page that is
// slow: about half of a cold start was spent compiling the standard library's sources, and
// 150-300 ms more the app's. Pyodide's Python is another version than the one running the build,
// so Pyodide itself, run by Node, compiles: its Python is sure to accept that bytecode.
//
//   node tools/compile_python.mjs <folder of pyodide.mjs> <path of the archive in the page> [optimize] [checked]
//   stdin:  {"ui/kit/dom.py": "<source>", ...}   (paths inside the archive)
//   stdout: {"compiled": {"ui/kit/dom.pyc": "<base64>", ...},  (beside each source: where zipimport
//            "failed": ["ui/x.py:3: SyntaxError: ...", ...]}  looks first)
//
// The archive path "stdlib" stands for the archive the interpreter's standard library is
// imported from (/lib/python3XY.zip), so the caller need not know Pyodide's Python version.
//
// optimize (0 by default) is compile()'s: 2 leaves out docstrings and asserts.
//
// "checked" (tools/start_archive.py, for the working tree's page): each .pyc goes where Python
// looks for a source's cache (ui/kit/__pycache__/dom.cpython-314.pyc) and is a "checked" one:
// Python compares it with the source beside it and compiles the source instead when they differ,
// so an edited module is never run from stale bytecode.
//
// The .pyc files are "unchecked hash-based" (PEP 552): Python loads them without comparing them
// to their source, whose time stamps an archive does not keep. The build writes both from the
// same text, so they cannot disagree. They ship without their sources (the built site's archive,
// the standard library), so a traceback has no line text to point a column at: they are compiled
// without column positions (PYTHONNODEBUGRANGES), which were a third of their compressed bytes.
// Checked ones keep them: their sources are beside them. Each code object names its source
// where the page will find it (the archive's path in the page + the module's path), so
// tracebacks show the right file.
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const [indexDir, archiveInPage, optimize = "0", kind = "unchecked"] = process.argv.slice(2);
if (!indexDir || !archiveInPage) {
  console.error("usage: node tools/compile_python.mjs <pyodide folder> <archive path in the page>");
  process.exit(2);
}

let input = "";
for await (const chunk of process.stdin) input += chunk;

const { loadPyodide } = await import(pathToFileURL(join(indexDir, "pyodide.mjs")).href);
const env = kind === "checked" ? {} : { PYTHONNODEBUGRANGES: "1" };
const pyodide = await loadPyodide({ indexURL: indexDir + "/", env, stdout: () => {}, stderr: console.error });
pyodide.globals.set("sources_json", input);
pyodide.globals.set("archive_in_page", archiveInPage);
pyodide.globals.set("optimize", Number(optimize));
pyodide.globals.set("checked", kind === "checked");
let output;
try {
  output = pyodide.runPython(`
import base64, json, marshal, sys
from importlib.util import MAGIC_NUMBER, cache_from_source, source_hash

if archive_in_page == "stdlib":
    archive_in_page = next(path for path in sys.path if path.endswith(".zip"))
compiled, failed = {}, []
for path, text in json.loads(sources_json).items():
    source = text.encode("utf-8")
    try:
        code = compile(source, f"{archive_in_page}/{path}", "exec", dont_inherit=True, optimize=optimize)
    except SyntaxError as error:
        failed.append(f"{path}:{error.lineno}: {type(error).__name__}: {error.msg}")
        continue
    # The PEP 552 header: magic, flags (1: hash-based, unchecked; 3: hash-based, checked), the
    # source's hash.
    header = MAGIC_NUMBER + (3 if checked else 1).to_bytes(4, "little") + source_hash(source)
    target = cache_from_source(path) if checked else path.removesuffix(".py") + ".pyc"
    compiled[target] = base64.b64encode(header + marshal.dumps(code)).decode()
json.dumps({"compiled": compiled, "failed": failed})
`);
} catch (error) {
  console.error(String(error.message).trim()); // not the minified runtime's source
  process.exit(1);
}
process.stdout.write(output);
