/* Registers the site's service worker (sw.js, next to this script, scoped to the site's folder) on
 * every page of the site outside JupyterLite, then hands it the site's files this page loaded
 * before the worker controlled it, so the first visit is enough to reopen the page offline.
 *
 * JupyterLite unregisters every service worker of the origin when a tutorial opens under a worker
 * whose version it has not recorded in localStorage ("<script URL>-version").  sw.js carries
 * JupyterLite's own worker code (tools/site.py appends it), so it records that version for sw.js
 * and for JupyterLite's lite/service-worker.js; the build writes SITE below.
 */
(function () {
  "use strict";
  const SITE = { jupyterlite: "", liteWorker: "" };
  const workers = navigator.serviceWorker;
  if (!workers || !document.currentScript) return;
  const script = new URL("sw.js", document.currentScript.src);
  const scope = new URL("./", script);

  function loadedHere() {
    const urls = [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)];
    return urls.filter((url) => url.startsWith(scope.href));
  }

  async function register() {
    if (SITE.jupyterlite) {
      for (const worker of [script.href, new URL(SITE.liteWorker, scope).href]) {
        localStorage.setItem(`${worker}-version`, SITE.jupyterlite);
      }
    }
    const registration = await workers.register(script.href, { scope: scope.href });
    const ready = await workers.ready;
    (ready.active || registration.active)?.postMessage({ type: "rulebox-keep", urls: loadedHere() });
  }

  window.addEventListener("load", () => {
    register().catch((error) => console.warn(`Rulebox works online only here: ${error}`));
  });
})();
