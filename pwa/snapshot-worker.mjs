// Makes the interpreter snapshot of the built site (see interpreter.mjs, which starts this module
// worker once the app is ready and the page idle): a throw-away Pyodide that imports the
// standard-library modules the app and PyScript use, saved into Cache Storage, where the next
// visit's start finds it. Runs off the page's thread, so the person playing never waits for it.

import { loadPyodide } from "./pyodide.mjs";

// No JSPI for this interpreter either, as on the page (index.html says why): Pyodide looks for it
// when loadPyodide() runs.
for (const name of ["Suspending", "Suspender", "promising"]) delete globalThis.WebAssembly?.[name];

// Standard-library modules imported during a start of the app (PyScript's own Python included;
// `sys.modules` after a game opened). Importing them here moves their cost out of every start.
// A module missing from this list is simply imported at start, as without a snapshot.
const PRELOAD = [
  "asyncio", "ast", "base64", "bisect", "contextlib", "copy", "dataclasses", "dis", "enum",
  "functools", "glob", "heapq", "html", "inspect", "itertools", "json", "keyword", "linecache",
  "logging", "math", "pathlib", "random", "re", "shutil", "string", "tempfile", "textwrap",
  "threading", "tokenize", "traceback", "typing", "urllib.parse", "weakref", "zipfile",
];

// The files the page downloaded (pwa/loader.js), handed over by interpreter.mjs: [{url, blob,
// type} (gzipped bytes) or {url, text, type}]. Pyodide's requests for them are answered from
// these, so the worker downloads nothing the page already has.
function answerFrom(files) {
  const known = new Map(files.map((file) => [file.url, file]));
  const plainFetch = self.fetch.bind(self);
  self.fetch = (input, init) => {
    const file = known.get(input instanceof Request ? input.url : new URL(String(input), self.location).href);
    if (!file) return plainFetch(input, init);
    const headers = { "Content-Type": file.type };
    if (file.text !== undefined) return Promise.resolve(new Response(file.text, { headers }));
    // Gzipped, unless the host undid the gzip on the way (see loader.js).
    return file.blob.slice(0, 2).arrayBuffer().then((magic) => {
      const [a, b] = new Uint8Array(magic);
      const body = a === 0x1f && b === 0x8b
        ? file.blob.stream().pipeThrough(new DecompressionStream("gzip")) : file.blob;
      return new Response(body, { headers });
    });
  };
  return known;
}

// Pyodide's JavaScript module, when it is one of the handed-over files (see interpreter.mjs).
async function pyodideModule(known, indexURL) {
  if (!known.has(new URL("pyodide.asm.mjs", indexURL).href)) return {};
  const text = await (await fetch(new URL("pyodide.asm.mjs", indexURL))).text();
  const url = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
  try {
    return { createPyodideModule: (await import(url)).default };
  } finally {
    URL.revokeObjectURL(url);
  }
}

onmessage = async ({ data: { cache: name, entry, indexURL, files = [] } }) => {
  try {
    const known = answerFrom(files);
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true,
                                        ...await pyodideModule(known, indexURL) });
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
