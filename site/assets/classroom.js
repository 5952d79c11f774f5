/* "Get this device ready for class" on the landing page: caches every tutorial's files (JupyterLite and
 * its Pyodide) at once, so a device that only saw the landing page runs every tutorial offline.
 *
 * The build writes classroom.json at the site's root, next to the landing page: {build, files, bytes}.
 * The files go into the service worker's own cache ("rulebox-<build>", see sw.js), which answers them
 * offline.  Nothing is
 * fetched until the button is pressed; the size is shown before.  A device already ready says so.
 * The words come from the section's data-* attributes, so each language's landing page has its own.
 */
(function () {
  "use strict";
  const PARALLEL = 4;
  const box = document.getElementById("classroom");
  if (!box) return;
  const button = box.querySelector("button");
  const bar = box.querySelector("progress");
  const status = box.querySelector("[role=status]");
  const size = box.querySelector(".classroom-size");

  const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  const say = (text) => { status.textContent = text; };
  /** The section's sentence ``name`` (data-name) with its {placeholders} filled in. */
  const words = (name, values = {}) =>
    box.dataset[name].replace(/\{(\w+)\}/g, (_, key) => String(values[key]));

  async function manifest() {
    const response = await fetch("classroom.json", { cache: "no-cache" });
    if (!response.ok) throw new Error(`classroom.json: HTTP ${response.status}`);
    return response.json();
  }

  /** The files of the manifest that the cache does not hold yet. */
  async function missing(cache, files) {
    const held = await Promise.all(files.map((file) => cache.match(new URL(file, location.href).href)));
    return files.filter((_, i) => held[i] === undefined);
  }

  async function prepare(list) {
    button.disabled = true;
    bar.hidden = false;
    bar.max = list.bytes;
    bar.value = 0;
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist();
    await navigator.serviceWorker.ready;
    const cache = await caches.open(`rulebox-${list.build}`);
    const todo = await missing(cache, list.files);
    let done = list.files.length - todo.length;
    let bytes = 0;
    async function worker() {
      while (todo.length) {
        const file = todo.shift();
        const response = await fetch(new URL(file, location.href).href, { cache: "reload" });
        if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
        bytes += (await response.clone().arrayBuffer()).byteLength;
        await cache.put(new URL(file, location.href).href, response);
        done += 1;
        bar.value = Math.min(bytes, list.bytes);
        say(words("progress", { done, total: list.files.length, size: megabytes(bytes) }));
      }
    }
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    if ((await missing(cache, list.files)).length) throw new Error("some files did not stay in the cache");
    bar.value = bar.max;
    say(words("done"));
    button.textContent = words("button");
  }

  async function start() {
    if (!("serviceWorker" in navigator) || !("caches" in window)) {
      say(words("unsupported"));
      return;
    }
    let list;
    try {
      list = await manifest();
    } catch (error) {
      say(words("offline"));
      return;
    }
    size.textContent = megabytes(list.bytes);
    const cache = await caches.open(`rulebox-${list.build}`);
    if (!(await missing(cache, list.files)).length) {
      say(words("ready"));
      button.textContent = words("button");
      button.disabled = true;
      return;
    }
    button.disabled = false;
    button.addEventListener("click", () => {
      prepare(list).catch((error) => {
        say(words("failed", { why: error.message }));
        button.disabled = false;
      });
    });
  }

  start();
})();
