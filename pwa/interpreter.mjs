// The interpreter module of the built site: dist/vendor/pyodide/interpreter.mjs, named by the
// built page's config ("interpreter") in place of Pyodide's own pyodide.mjs. PyScript imports it
// and calls its loadPyodide() exactly as it would Pyodide's.
//
// Why: most of a start is Python setting itself up inside the wasm (several seconds on a slow
// machine), and that work is the same on every visit. Pyodide can save the memory of an
// interpreter that has started into a snapshot and start from it instead, in a fraction of the
// time. So:
// - A visit with no snapshot starts Pyodide as usual. Once the app is ready and the page is idle,
//   a module worker (snapshot-worker.mjs) starts a second, throw-away interpreter, imports the
//   standard-library modules the app uses, and stores its memory in Cache Storage. The page's own
//   interpreter is never the one saved: a snapshot may only hold what Pyodide can find again by
//   name (globals such as `Object`), not the page's live objects that PyScript hands to Python.
// - A later visit starts from that snapshot (and reseeds `random`, whose state was saved too).
//   A snapshot that does not restore (another Pyodide build, a damaged entry) is deleted and the
//   start goes on the usual way.
// The snapshot belongs to one version of the site (the content version in the page's
// <meta name="five-checks-version">): a new version makes its own, and storing one removes the
// others of this copy of the site. Without Cache Storage (an insecure origin) nothing changes.
//
// <html data-interpreter> says how this page started ("snapshot" or "fresh"), and
// <html data-snapshot="saved"> appears once a snapshot has been stored: tests and bench/boot.py
// wait for it before a second visit.

import { loadPyodide as startPyodide, version } from "./pyodide.mjs";

export { version };

// One cache per copy of the site (its folder), one entry in it: the current version's snapshot.
const CACHE = `five-checks-snapshot ${new URL("./", import.meta.url).href}`;
const siteVersion = document.querySelector('meta[name="five-checks-version"]')?.content;
const entry = siteVersion && new URL(`snapshot-${siteVersion}.bin`, import.meta.url).href;
const root = document.documentElement;

async function savedSnapshot() {
  if (!entry || !("caches" in globalThis)) return undefined;
  try {
    // Not caches.open(): that would create the cache, even while a retiring worker clears them.
    const response = await caches.match(entry, { cacheName: CACHE });
    return response ? new Uint8Array(await response.arrayBuffer()) : undefined;
  } catch (error) {
    console.warn("Five Checks: could not read the interpreter snapshot:", error);
    return undefined;
  }
}

// Pyodide's JavaScript module (pyodide.asm.mjs) is one of the gzipped downloads of the page's
// downloader (pwa/loader.js): a module import cannot be answered by it the way a fetch() is, so
// the inflated text is imported from a blob: URL and handed to Pyodide as its module factory.
async function pyodideModule() {
  if (!globalThis.fiveChecksDownloads) return {};
  const response = await fetch(new URL("./pyodide.asm.mjs", import.meta.url));
  if (!response.ok) throw new Error(`pyodide.asm.mjs: HTTP ${response.status}`);
  const url = URL.createObjectURL(new Blob([await response.text()], { type: "text/javascript" }));
  try {
    return { createPyodideModule: (await import(url)).default };
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function loadPyodide(options) {
  const [snapshot, factory] = await Promise.all([savedSnapshot(), pyodideModule()]);
  options = { ...options, ...factory };
  if (snapshot) {
    try {
      const pyodide = await startPyodide({ ...options, _loadSnapshot: snapshot });
      // The snapshot holds one state of the `random` module: without this every visit would
      // draw the same numbers.
      pyodide.runPython("import random; random.seed()");
      root.dataset.interpreter = "snapshot";
      return pyodide;
    } catch (error) {
      console.warn("Five Checks: the interpreter snapshot did not restore; starting afresh:", error);
      caches.delete(CACHE).catch(() => {});
    }
  }
  const pyodide = await startPyodide(options);
  root.dataset.interpreter = "fresh";
  if (entry && "caches" in globalThis && "Worker" in globalThis) whenReadyAndIdle(makeSnapshot);
  return pyodide;
}

// Once the app is ready, the service worker controls the page (when there is one: the worker's
// own requests, its module and Pyodide's, are then answered from the site's cache, not the
// network) and the page is idle.
function whenReadyAndIdle(work) {
  const idle = () => ("requestIdleCallback" in globalThis
    ? requestIdleCallback(work, { timeout: 5000 })
    : setTimeout(work, 1000));
  const controlled = () => {
    const sw = navigator.serviceWorker;
    if (!sw || sw.controller || !globalThis.isSecureContext) return idle();
    // A worker that never takes over (its registration failed) delays the snapshot, no more.
    let done = false;
    const once = () => { if (!done) { done = true; idle(); } };
    sw.addEventListener("controllerchange", once, { once: true });
    setTimeout(once, 30000);
  };
  if (root.hasAttribute("data-ready")) return controlled();
  const ready = new MutationObserver(() => {
    if (!root.hasAttribute("data-ready")) return;
    ready.disconnect();
    controlled();
  });
  ready.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

async function makeSnapshot() {
  // The worker's Pyodide reuses what this page downloaded (pwa/loader.js) rather than fetch it.
  const downloads = globalThis.fiveChecksDownloads;
  const files = downloads ? [...await downloads.files(), ...downloads.inline()] : [];
  // Started from a blob: URL that imports the worker's module: a worker whose own script is
  // loaded from the site makes the browser check for a new service worker (one more request for
  // sw.js in the first visit); a blob worker shares the page's service worker all the same.
  const module = new URL("./snapshot-worker.mjs", import.meta.url).href;
  const url = URL.createObjectURL(new Blob([`import ${JSON.stringify(module)};\n`],
                                           { type: "text/javascript" }));
  const worker = new Worker(url, { type: "module" });
  URL.revokeObjectURL(url);
  const stop = (message) => {
    if (message) console.warn("Five Checks: no interpreter snapshot:", message);
    worker.terminate();
  };
  worker.onmessage = ({ data }) => {
    if (data.error) return stop(data.error);
    root.dataset.snapshot = "saved";
    stop();
  };
  worker.onerror = (event) => stop(event.message || "the worker failed");
  worker.postMessage({ cache: CACHE, entry, indexURL: new URL("./", import.meta.url).href, files });
}
