// Makes the interpreter snapshot of the built site (see interpreter.mjs, which starts this module
// worker once the app is ready and the page idle): a throw-away Pyodide that imports the
// standard-library modules the app and PyScript use, saved into Cache Storage, where the next
// visit's start finds it. Runs off the page's thread, so the person playing never waits for it.

import { loadPyodide } from "./pyodide.mjs";

// Standard-library modules imported during a start of the app (PyScript's own Python included;
// `sys.modules` after a game opened). Importing them here moves their cost out of every start.
// A module missing from this list is simply imported at start, as without a snapshot.
const PRELOAD = [
  "asyncio", "ast", "base64", "bisect", "contextlib", "copy", "dataclasses", "dis", "enum",
  "functools", "glob", "heapq", "html", "inspect", "itertools", "json", "keyword", "linecache",
  "logging", "math", "pathlib", "random", "re", "shutil", "string", "tempfile", "textwrap",
  "threading", "tokenize", "traceback", "typing", "urllib.parse", "weakref", "zipfile",
];

onmessage = async ({ data: { cache: name, entry, indexURL } }) => {
  try {
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    pyodide.runPython(`import ${PRELOAD.join(", ")}`);
    const snapshot = pyodide.makeMemorySnapshot();
    const cache = await caches.open(name);
    for (const request of await cache.keys()) await cache.delete(request); // older versions'
    await cache.put(entry, new Response(snapshot, {
      headers: { "Content-Type": "application/octet-stream" },
    }));
    postMessage({ size: snapshot.length });
  } catch (error) {
    postMessage({ error: String(error && error.stack || error) });
  }
};
