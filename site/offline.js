/* Registers the site's service worker (sw.js, next to this script, scoped to the site's folder) on
 * every page of the site, then hands the worker that controls this page the site's files the page
 * loaded before it was controlled, so the first visit is enough to reopen the page offline.  A page outside
 * the tutorials also asks the worker for the game pages (a tutorial's first visit leaves them out).
 *
 * JupyterLite unregisters every service worker of the origin when a tutorial opens under a worker
 * whose version it has not recorded in localStorage ("<script URL>-version").  sw.js carries
 * JupyterLite's own worker code (tools/site.py appends it), so this script records that version for
 * sw.js and for JupyterLite's lite/service-worker.js at once, before JupyterLite starts; the build
 * writes SITE below.
 */
(function () {
  "use strict";
  const SITE = { jupyterlite: "", liteWorker: "" };
  const workers = navigator.serviceWorker;
  if (!workers || !document.currentScript) return;
  const script = new URL("sw.js", document.currentScript.src);
  const scope = new URL("./", script);

  performance.setResourceTimingBufferSize(5000);

  function loadedHere() {
    return [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)];
  }

  if (SITE.jupyterlite) {
    for (const worker of [script.href, new URL(SITE.liteWorker, scope).href]) {
      localStorage.setItem(`${worker}-version`, SITE.jupyterlite);
    }
  }

  /** The worker that controls this page, once one does. */
  function controller() {
    if (workers.controller) return Promise.resolve(workers.controller);
    return new Promise((resolve) => workers.addEventListener("controllerchange", () => resolve(workers.controller), { once: true }));
  }

  /** Once a worker controls the page, every new request goes through it: hand it what came before,
   *  and each request that was under way when it took over as soon as that request ends (a tutorial's
   *  lazily loaded scripts; going offline a few seconds after the first visit must not lose them). */
  async function register() {
    await workers.register(script.href, { scope: scope.href });
    const worker = await controller();
    const hand = (urls) => {
      const mine = urls.filter((url) => url.startsWith(scope.href));
      if (mine.length) worker.postMessage({ type: "rulebox-keep", urls: mine });
    };
    new PerformanceObserver((list) => hand(list.getEntries().map((entry) => entry.name))).observe({ type: "resource" });
    hand(loadedHere());
    if (!location.href.startsWith(new URL("lite/", scope).href)) worker.postMessage({ type: "rulebox-games" });
  }

  window.addEventListener("load", () => {
    register().catch((error) => console.warn(`Rulebox works online only here: ${error}`));
  });
})();
