// Served by tools/serve.py as any sw.js the served folder does not have: the development server's
// answer to a service worker left behind by a built site (dist/) served earlier on the same
// address. Browsers look for a new version of a registered worker at every page load; they find
// this one, which removes the built site's caches and itself, then reloads the pages it had, so
// that `make play` serves the working tree and never a cached copy.

"use strict";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const scope = self.registration.scope;
    for (const name of await caches.keys()) {
      // The worker's caches, and the interpreter snapshot's (pwa/interpreter.mjs).
      if (name.startsWith(`five-checks ${scope} `)
          || name.startsWith(`five-checks-snapshot ${scope}`)) await caches.delete(name);
    }
    await self.clients.claim();
    await self.registration.unregister();
    for (const client of await self.clients.matchAll({ type: "window" })) {
      client.navigate(client.url);
    }
  })());
});
