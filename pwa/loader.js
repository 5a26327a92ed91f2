// The built site's downloader (tools/build_dist.py puts this script, with DOWNLOADS filled in,
// at the top of dist/index.html's <head>). The working tree (`make play`) has none.
//
// What it does, and why:
// - Starts every large download at once, before PyScript or Pyodide have even loaded: the wasm,
//   Pyodide's JavaScript, the standard library and the app's archive. Without it they come one
//   after another, each waiting for the one before to ask for it.
// - The site serves them gzipped (`*.gz`) whatever the host: a plain static server that does not
//   compress (a USB stick with `python3 -m http.server`) sends the small copy all the same. The
//   page inflates them (DecompressionStream) as they stream in.
// - Answers the page's own requests for those files (`fetch("…/pyodide.asm.wasm")`, as Pyodide
//   and PyScript make them) with the inflated download: they keep asking for the plain names,
//   and none is fetched twice. The wasm keeps its `application/wasm` type, so it still compiles
//   while it streams in. Small files given inline (Pyodide's lock file) need no request at all.
// - Counts the bytes that came in: `five-checks:download` events on window carry
//   {received, total} in bytes, for the loading bar ("3.1 of 5.4 MB").
// - Keeps the compressed bytes it received (`fiveChecksDownloads.files()`), so that the service
//   worker's cache and the interpreter-snapshot worker reuse them instead of downloading again.
(() => {
  "use strict";

  // [{path, url, size, type}] (a download: `path` is what the page asks for, `url` the gzipped
  // copy served, `size` its bytes) or [{path, type, text}] (inline); paths relative to the page.
  const DOWNLOADS = [/* __DOWNLOADS__ */];
  // Bytes of the cold visit's other files (the stylesheet, the scripts), counted as they arrive.
  const OTHER_BYTES = 0; /* __OTHER_BYTES__ */

  if (typeof DecompressionStream === "undefined" || typeof ReadableStream === "undefined") {
    // No way to inflate: say so instead of a cryptic Pyodide error.
    console.error("Five Checks needs a browser with DecompressionStream (2023 or later).");
    return;
  }

  const base = document.baseURI;
  const plainFetch = window.fetch.bind(window);
  const total = OTHER_BYTES + DOWNLOADS.reduce((sum, item) => sum + (item.size || 0), 0);
  let received = 0;
  const counted = new Set();

  // At most once a frame: chunks arrive far more often than the bar can be drawn.
  let told = false;
  const tell = () => {
    if (told) return;
    told = true;
    requestAnimationFrame(() => {
      told = false;
      window.dispatchEvent(new CustomEvent("five-checks:download",
        { detail: { received: Math.min(received, total), total } }));
    });
  };
  // The other files of the visit (stylesheet, PyScript, Pyodide's module): their body sizes as
  // the browser reports them.
  if (OTHER_BYTES && "PerformanceObserver" in window) {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (counted.has(entry.name) || !entry.name.startsWith(new URL("./", base).href)) continue;
          counted.add(entry.name);
          received += entry.encodedBodySize || 0;
          tell();
        }
      }).observe({ type: "resource", buffered: true });
    } catch (error) { /* no resource timing: the bar counts the downloads alone */ }
  }

  // The stream inflated, if it is gzip. A host may already have undone the gzip on the way
  // (one that sends `.gz` files with `Content-Encoding: gzip`): then it is passed on as it is.
  const inflate = async (stream) => {
    const reader = stream.getReader();
    const first = await reader.read();
    const whole = new ReadableStream({
      start(controller) {
        if (first.done) controller.close();
        else controller.enqueue(first.value);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    const gzipped = !first.done && first.value[0] === 0x1f && first.value[1] === 0x8b;
    return gzipped ? whole.pipeThrough(new DecompressionStream("gzip")) : whole;
  };
  const files = new Map(); // absolute URL asked for -> entry

  for (const item of DOWNLOADS) {
    const asked = new URL(item.path, base).href;
    const headers = { "Content-Type": item.type };
    if (item.text !== undefined) {
      files.set(asked, { open: () => Promise.resolve(new Response(item.text, { headers })) });
      continue;
    }
    const served = new URL(item.url, base).href;
    counted.add(served);
    // One branch inflates into the page's response (read when the page asks for the file),
    // the other collects the compressed bytes for the caches (read at once: it drives the
    // download and the count).
    const branches = plainFetch(served).then((response) => {
      if (!response.ok) throw new Error(`Failed to load '${served}': HTTP ${response.status}`);
      const counter = new TransformStream({
        transform(chunk, controller) {
          received += chunk.byteLength;
          tell();
          controller.enqueue(chunk);
        },
      });
      return response.body.pipeThrough(counter).tee();
    });
    const compressed = branches.then(([, keep]) => new Response(keep).blob());
    let first = true;
    files.set(asked, {
      served,
      compressed,
      open: async () => {
        if (first) {
          first = false;
          const [live] = await branches;
          return new Response(await inflate(live), { headers });
        }
        return new Response(await inflate((await compressed).stream()), { headers });
      },
    });
  }

  window.fetch = function fetch(input, init) {
    const method = (init && init.method) || (input instanceof Request ? input.method : "GET");
    const url = input instanceof Request ? input.url : new URL(String(input), base).href;
    const entry = method.toUpperCase() === "GET" && files.get(url);
    return entry ? entry.open() : plainFetch(input, init);
  };

  window.fiveChecksDownloads = {
    // [{url (asked for), served (the gzipped copy's URL), blob (its compressed bytes), type}]
    // of every download, once all have arrived.
    files: () => Promise.all([...files].filter(([, entry]) => entry.compressed).map(
      async ([url, entry]) => ({ url, served: entry.served, blob: await entry.compressed,
                                 type: DOWNLOADS.find((item) => new URL(item.path, base).href === url).type }))),
    // [{url, text, type}] of the inline files.
    inline: () => DOWNLOADS.filter((item) => item.text !== undefined).map(
      (item) => ({ url: new URL(item.path, base).href, text: item.text, type: item.type })),
  };
  tell();
})();
