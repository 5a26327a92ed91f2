// The service worker of the built site (dist/sw.js): after one visit, Five Checks starts and
// plays with no network at all.
//
// tools/build_dist.py copies this file to the root of dist/ and fills in VERSION (a hash of the
// whole site's content) and FILES (every file the site needs, with a hash of each). The working
// tree has no service worker: `make play` serves the sources as they are, never from a cache.
//
// - install: put every file of FILES into a cache named after VERSION. A file already in that
//   cache (the first visit's page put there what it had downloaded: pwa/register.js) is kept if
//   its content hash is the listed one; a file whose hash is the same in an older version's cache
//   is copied from there (an update downloads only what changed); the others are fetched, revalidated against the server so that a host's HTTP cache
//   cannot slip in a file of the previous deploy. Any failure fails the install: a version is
//   cached whole or not at all.
// - activate: delete this site's older caches, then take control of the open pages.
// - fetch: cache first; what is not cached goes to the network (a file of ON_DEMAND is then
//   kept in the cache, so that it reads offline afterwards).
// - message "language": keep the ON_DEMAND files of that language (its rules pages).
// - A new version waits until the page asks it to take over ("skip-waiting", sent by the page's
//   "New version — reload" button), so a running game never changes code under its feet.
//
// Responses are cached as the server sent them: the wasm keeps its `application/wasm` type, so
// the browser still compiles it while it streams in.

"use strict";

const VERSION = "__VERSION__";
const FILES = [/* __FILES__ */]; // [path relative to this script, content hash]
// Served but not precached (another language's rules pages): kept once fetched, or when the page
// asks for its language's ("language" message).
const ON_DEMAND = [/* __ON_DEMAND__ */];

// Caches are per origin, and one origin may host several copies of the site in different folders
// (user.github.io/a/, user.github.io/b/): the name carries the scope, and only caches of this
// scope are ever deleted.
const SCOPE = self.registration.scope;
const PREFIX = `five-checks ${SCOPE} `;
const CACHE = PREFIX + VERSION;
// Each version's cache also holds its own FILES, so that a later version knows what it can reuse.
const LIST = new URL("sw-files.json", SCOPE).href;

const urlOf = (path) => new URL(path, self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

// The first 16 hex digits of the SHA-256 of a response's body (tools/build_dist.py's digest()).
async function digest(response) {
  const sum = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return [...new Uint8Array(sum)].map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

async function precache() {
  const cache = await caches.open(CACHE);
  const older = await olderCopies();
  const wanted = new Set(FILES.map(([path]) => urlOf(path)));
  // What the page left here that is not this version's (or not a file of the site) goes.
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
  await Promise.all(FILES.map(async ([path, hash]) => {
    const url = urlOf(path);
    const given = await cache.match(url);
    if (given && await digest(given.clone()) === hash) return;
    let response = older.has(url) && older.get(url).hash === hash
      ? await (await caches.open(older.get(url).cache)).match(url)
      : undefined;
    if (!response) response = await fromHttpCache(path, url, hash);
    if (!response) {
      response = await fetch(url, { cache: "no-cache" });
      if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
      // A page must not be answered with a redirected response (some hosts send index.html
      // on to ./): keep the body and headers, drop the redirect.
      if (response.redirected) {
        response = new Response(await response.blob(), { status: response.status,
          statusText: response.statusText, headers: response.headers });
      }
    }
    await cache.put(url, response);
  }));
  // Written last: a cache with its list is complete.
  await cache.put(LIST, new Response(JSON.stringify(FILES),
    { headers: { "Content-Type": "application/json" } }));
}

// The file at `url` as the browser's HTTP cache holds it, if its hash is `hash`: no request to
// the server (`only-if-cached`). The page was opened at the folder's address, ./, more likely
// than at ./index.html.
async function fromHttpCache(path, url, hash) {
  for (const candidate of path === "index.html" ? [SCOPE, url] : [url]) {
    try {
      const response = await fetch(candidate, { cache: "only-if-cached", mode: "same-origin" });
      if (response.ok && !response.redirected && await digest(response.clone()) === hash) {
        return new Response(await response.blob(), { status: 200, headers: response.headers });
      }
    } catch (error) { /* not in the HTTP cache */ }
  }
  return undefined;
}

// url -> {hash, cache} for every file of this scope's complete older caches.
async function olderCopies() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const list = await (await caches.open(name)).match(LIST);
    if (!list) continue;
    for (const [path, hash] of await list.json()) found.set(urlOf(path), { hash, cache: name });
  }
  return found;
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    // The first visit's page becomes controlled without a reload.
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data && event.data.type === "language" && /^[a-z]{2,3}$/.test(event.data.lang)) {
    event.waitUntil(keepLanguage(event.data.lang));
  }
});

const onDemand = new Set(ON_DEMAND.map(urlOf));

async function keep(cache, url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (response.ok && !response.redirected) await cache.put(url, response.clone());
  return response;
}

async function keepLanguage(lang) {
  const cache = await caches.open(CACHE);
  const folder = urlOf(`docs/rules/${lang}/`);
  await Promise.all([...onDemand].filter((url) => url.startsWith(folder)).map(async (url) => {
    if (!(await cache.match(url))) await keep(cache, url).catch(() => {});
  }));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(answer(request));
});

async function answer(request) {
  const cache = await caches.open(CACHE);
  let hit;
  if (request.mode === "navigate") {
    // The page itself, whatever its query: ./, ./index.html, ./index.html?utm=x.
    const url = new URL(request.url);
    url.search = "";
    if (url.pathname.endsWith("/")) url.pathname += "index.html";
    hit = await cache.match(url.href);
  } else {
    hit = await cache.match(request);
  }
  if (hit) return hit;
  return onDemand.has(request.url) ? keep(cache, request.url) : fetch(request);
}
