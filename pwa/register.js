// The page's side of the service worker (pwa/sw.js), in the built site only: tools/build_dist.py
// puts this script into dist/index.html. The working tree (`make play`) registers nothing.
//
// - Registers ./sw.js once the app is ready (<html data-ready>, set by ui/main.py when the first
//   screen answers clicks), so that the worker's precache does not compete with the first
//   visit's start.
// - Before that, puts the large downloads of this visit (gzipped, kept by pwa/loader.js) into the
//   cache the worker is about to fill (its name is the site's folder and content version). The
//   worker keeps each file whose content hash matches its list, takes the page's other files
//   from the browser's HTTP cache, and downloads only the rest (pwa/sw.js): a first visit
//   downloads no file twice.
// - When a new version has been installed and waits, shows a small notice, "New version" with a
//   Reload button ([data-testid=update]). The button tells the waiting worker to take over and
//   reloads the page once it has. Games are saved after every action, so nothing is lost.
// - Looks for a new version when the page comes back into view (and the browser itself looks at
//   every page load).
// - When the page speaks another language than English, asks the worker to keep that language's
//   rules pages, which an English visit does not download, so that they read offline too.
(() => {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  let asked = false; // the user pressed Reload: the next change of worker reloads the page

  sw.addEventListener("controllerchange", () => {
    if (asked) location.reload();
  });

  function offer(worker) {
    if (document.querySelector("[data-testid=update]")) return;
    const notice = document.createElement("div");
    notice.className = "update-notice";
    notice.dataset.testid = "update";
    notice.setAttribute("role", "status");
    // In the page's language (ui/main.py puts the words on <html>), English before Python runs.
    const [said, reload] = (document.documentElement.dataset.updateWords || "New version|Reload").split("|");
    const text = document.createElement("span");
    text.textContent = said;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = reload;
    button.dataset.testid = "update-reload";
    button.addEventListener("click", () => {
      asked = true;
      button.disabled = true;
      // No worker waits any more (another tab took the update): a plain reload gets it.
      if (worker.state === "installed") worker.postMessage({ type: "skip-waiting" });
      else location.reload();
    });
    notice.append(text, " ", button);
    document.body.append(notice);
  }

  // A worker that finished installing while an older one controls this page is a new version.
  function watch(worker) {
    const check = () => {
      if (worker.state === "installed" && sw.controller) offer(worker);
    };
    check();
    worker.addEventListener("statechange", check);
  }

  async function donate() {
    const version = document.querySelector('meta[name="five-checks-version"]')?.content;
    // A page the worker already controls came from its cache: nothing to hand over.
    if (!version || !("caches" in window) || sw.controller) return;
    const scope = new URL("./", document.baseURI).href;
    const cache = await caches.open(`five-checks ${scope} ${version}`);
    const jobs = [];
    const downloads = window.fiveChecksDownloads;
    for (const file of downloads ? await downloads.files() : []) {
      jobs.push(cache.put(file.served, new Response(file.blob,
        { headers: { "Content-Type": "application/gzip" } })));
    }
    // A file that could not be handed over is simply downloaded by the worker.
    await Promise.all(jobs.map((job) => job.catch(() => {})));
  }

  // A language other than English: the worker keeps its rules pages for reading offline (they
  // are not precached: an English visit never downloads them).
  function keepLanguage(lang) {
    if (!lang || lang === "en") return;
    sw.ready.then((registration) => registration.active?.postMessage({ type: "language", lang })).catch(() => {});
  }

  async function register() {
    try {
      await donate();
    } catch (error) { /* the worker downloads what it lacks */ }
    let registration;
    try {
      // updateViaCache "none": looking for a new version always asks the server for sw.js.
      registration = await sw.register("sw.js", { updateViaCache: "none" });
    } catch (error) {
      console.warn("Five Checks: no offline copy (the service worker did not register):", error);
      return;
    }
    keepLanguage(root.lang);
    new MutationObserver(() => keepLanguage(root.lang)).observe(root, { attributes: true, attributeFilter: ["lang"] });
    if (registration.waiting) watch(registration.waiting);
    if (registration.installing) watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") registration.update().catch(() => {});
    });
  }

  const root = document.documentElement;
  if (root.hasAttribute("data-ready")) {
    register();
  } else {
    const ready = new MutationObserver(() => {
      if (!root.hasAttribute("data-ready")) return;
      ready.disconnect();
      register();
    });
    ready.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  }
})();
