/* Rulebox service worker: a classroom that opened the site once can open it again without a network.
 *
 * tools/site.py writes the SITE line below for each build:
 *   build    - a hash of the site's files: the cache is "rulebox-<build>", and a new build (a new
 *              sw.js) installs a fresh cache and deletes the older ones when it activates;
 *   root     - the site's root, relative to this script (its scope is the folder it is in, so it
 *              works under a sub-path such as a GitHub Pages project site);
 *   precache - what is cached on the first visit: the landing page, the Rules pages, the tutorials'
 *              notebook files and this script's helpers, all small (see tools/site.py);
 *   games    - the game pages' HTML and scripts (2.7 MB): cached when a page outside the tutorials
 *              asks for them (offline.js), so a first visit straight to a tutorial fetches none.
 * Everything else the site serves (JupyterLite's 20 MB of scripts, its 18 MB of Pyodide) is cached
 * when a visited page fetches it, so a tutorial opened once opens again offline and its Python runs.
 * Requests to other hosts (the CDNs the game pages need) are left to the browser.
 *
 * The build also puts this file, with root "../", in front of JupyterLite's own service worker
 * (lite/service-worker.js), and appends JupyterLite's worker to this one: whichever of the two
 * controls a tutorial, its files come from this cache and JupyterLite's drive and stdin requests
 * still reach JupyterLite's code, which runs after this listener.
 */
"use strict";
const SITE = { build: "dev", root: "./", precache: [], games: [] };
const CACHE = `rulebox-${SITE.build}`;
const ROOT = new URL(SITE.root, self.location.href).href;
const JUPYTERLITE_API = /\/api\/(drive|stdin\/|service-worker-heartbeat)/;

/** The site's URL of a request this worker answers, or null for any other request. */
function ours(request) {
  const url = new URL(request.url);
  const same = url.origin === self.location.origin && url.href.startsWith(ROOT);
  return request.method === "GET" && same && !request.headers.has("range") ? url : null;
}

async function respond(event) {
  const { request } = event;
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") event.waitUntil(cache.put(request, response.clone()));
    return response;
  } catch (error) {
    // Offline: the same file under another query (a tutorial's "?path=", JupyterLite's "?_=<hash>"
    // cache-busters), as cached by a visit or by "ready for class" (classroom.js), which lists bare paths.
    const same = await cache.match(request, { ignoreSearch: true });
    if (same) return same;
    throw error;
  }
}

/** Cache the site's URLs a page loaded before this worker controlled it (sent by offline.js), from the HTTP
 *  cache where it can (the page has just fetched these files), or the game pages from the server ("reload"). */
async function keep(urls, mode = "force-cache") {
  const cache = await caches.open(CACHE);
  for (const href of urls) {
    const request = new Request(href, { cache: mode });
    if (ours(request) && !JUPYTERLITE_API.test(new URL(href).pathname) && !(await cache.match(request))) {
      try {
        await cache.add(request);
      } catch (error) {
        console.warn(`rulebox: could not cache ${href}: ${error}`);
      }
    }
  }
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  // "reload": from the server, not from an HTTP cache that may still hold the previous build's files.
  // Only the site's own worker precaches: JupyterLite's copy (root "../") shares its cache, and a tutorial's
  // page registers both, which would fetch every first-visit file twice.
  const precache = SITE.root === "./" ? SITE.precache : [];
  const requests = precache.map((path) => new Request(new URL(path, ROOT).href, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((name) => name.startsWith("rulebox-") && name !== CACHE);
    await Promise.all(old.map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "rulebox-keep" && Array.isArray(data.urls)) event.waitUntil(keep(data.urls.map(String)));
  if (data.type === "rulebox-games") event.waitUntil(keep(SITE.games.map((path) => new URL(path, ROOT).href), "reload"));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin === self.location.origin && JUPYTERLITE_API.test(url.pathname)) return;
  event.stopImmediatePropagation();
  if (ours(event.request)) event.respondWith(respond(event));
});
