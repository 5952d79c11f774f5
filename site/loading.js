/* Rulebox game pages (static build): say what is loading, and say so plainly when the network is missing.
 *
 * tools/site.py puts this script first in the <head> of every page that `panel convert --to
 * pyodide-worker` wrote, before the CDN scripts, so it sees them fail.  It follows the page's
 * Pyodide worker (the status messages Panel's worker posts: "Loading pyodide", "Unpacking ...",
 * "Installing environment", "Executing code", then "render") and shows them as steps.  When a
 * CDN file cannot be loaded, or nothing has arrived after WATCHDOG_MS, it shows the offline
 * message with a Retry button instead of an endless spinner.  Panel's own loader is hidden by
 * loading.css; Panel's hide() and error() are forwarded here.
 */
(function () {
  "use strict";
  const TITLE = "Getting the game ready";
  const WATCHDOG_MS = 8000;
  const STALL_MS = 120000;
  const OFFLINE = "This page needs an internet connection the first time; the tutorials work offline.";
  const NEEDS = "Playing runs Python in your browser: Python (Pyodide), Panel and the game libraries come from " +
    "the internet (cdn.jsdelivr.net, cdn.bokeh.org, cdn.holoviz.org, pypi.org). The Rules pages and the " +
    "tutorials of this site work without a network once the site has been opened.";
  const STEPS = [
    ["page", "Loading the page (Bokeh and Panel scripts)…"],
    ["python", "Loading Python (Pyodide)…"],
    ["install", "Installing Panel and the game engine…"],
    ["start", "Starting the game…"],
  ];
  const STATUS = [
    [/^Loading pyodide/i, "python"],
    [/^Unpacking/i, "install"],
    [/^Installing/i, "install"],
    [/^Executing/i, "start"],
  ];
  const state = {
    step: "page", since: performance.now(), done: new Set(), failure: null, technical: "", ready: false, heard: false,
  };
  let box = null;
  let stallTimer = 0;

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text) node.textContent = text;
    return node;
  }

  function build() {
    box = el("div", { class: "rb-load", "data-state": "loading" });
    const card = el("div", { class: "rb-load-card" });
    card.append(el("p", { class: "rb-load-title" }, TITLE));
    const list = el("ol", { class: "rb-load-steps" });
    for (const [id, text] of STEPS) {
      const item = el("li", { "data-step": id });
      item.append(el("span", { class: "rb-load-text" }, text), el("span", { class: "rb-load-mark" }),
        el("span", { class: "rb-load-time", "aria-hidden": "true" }));
      list.append(item);
    }
    card.append(list, el("p", { class: "rb-load-now", role: "status", "aria-live": "polite" }));
    const problem = el("div", { class: "rb-load-problem", role: "alert" });
    card.append(problem);
    box.append(card);
    (document.body || document.documentElement).prepend(box);
  }

  function mount() {
    if (!box) build();
    if (document.body && box.parentNode !== document.body) document.body.prepend(box);
    render();
  }

  function render() {
    if (!box) return;
    const order = STEPS.map(([id]) => id);
    for (const item of box.querySelectorAll("li[data-step]")) {
      const id = item.dataset.step;
      const status = state.done.has(id) ? "done" : id === state.step ? (state.failure ? "failed" : "active") : "waiting";
      item.dataset.status = status;
      item.querySelector(".rb-load-mark").textContent =
        { done: " (done)", active: " (in progress)", failed: " (failed)", waiting: "" }[status];
      const seconds = Math.round((performance.now() - state.since) / 1000);
      item.querySelector(".rb-load-time").textContent = status === "active" && seconds >= 2 ? ` ${seconds} s` : "";
    }
    const now = box.querySelector(".rb-load-now");
    const current = STEPS[order.indexOf(state.step)];
    const text = state.failure ? "" : current ? current[1] : "";
    if (now.textContent !== text) now.textContent = text;
    box.dataset.state = state.ready ? "ready" : state.failure ? "failed" : "loading";
    box.querySelector(".rb-load-title").textContent = state.failure ? "The game cannot start yet" : TITLE;
    const problem = box.querySelector(".rb-load-problem");
    if (!state.failure) {
      problem.replaceChildren();
    } else if (problem.dataset.shown !== JSON.stringify([state.failure, state.technical])) {
      problem.dataset.shown = JSON.stringify([state.failure, state.technical]);
      const retry = el("button", { type: "button", class: "rb-load-retry" }, "Retry");
      retry.addEventListener("click", () => location.reload());
      const back = el("a", { href: "../index.html" }, "Rules and tutorials");
      problem.replaceChildren(
        el("p", { class: "rb-load-headline" }, state.failure.headline),
        el("p", {}, state.failure.detail),
        el("p", { class: "rb-load-actions" }),
      );
      problem.querySelector(".rb-load-actions").append(retry, " ", back);
      if (state.technical) {
        const technical = el("p", { class: "rb-load-technical" }, "Technical detail: ");
        technical.append(el("code", {}, state.technical));
        problem.append(technical);
      }
    }
  }

  /** Show a problem; a `passing` one (a timer's guess) goes away when the page makes progress. */
  function fail(headline, detail, passing = false) {
    if (state.ready || (state.failure && !state.failure.passing)) return;
    state.failure = { headline, detail, passing };
    mount();
  }

  function offline(detail, passing = false) {
    fail(OFFLINE, `${detail} ${NEEDS}`, passing);
  }

  function advance(step) {
    const order = STEPS.map(([id]) => id);
    const target = order.indexOf(step);
    if (target < order.indexOf(state.step) || (state.failure && !state.failure.passing)) return;
    for (const id of order.slice(0, target)) state.done.add(id);
    state.step = step;
    state.since = performance.now();
    if (state.failure && state.failure.passing) state.failure = null;
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => fail("This is taking unusually long.",
      `Still waiting at: ${STEPS[target][1]} A slow connection can take a few minutes the first time; ` +
      `Retry starts again. ${NEEDS}`, true), STALL_MS);
    render();
  }

  function onStatus(message) {
    if (/^Error while installing/i.test(message)) {
      offline("Panel and the game libraries could not be downloaded.");
      return;
    }
    for (const [pattern, step] of STATUS) {
      if (pattern.test(message)) {
        advance(step);
        return;
      }
    }
  }

  function onError(message) {
    state.technical = message;
    fail("The game could not start.", "Retry loads the page again.");
    render();
  }

  function watch(worker) {
    advance("python");
    worker.addEventListener("message", (event) => {
      const msg = event.data || {};
      state.heard = true;
      if (msg.type === "status") onStatus(String(msg.msg));
      else if (msg.type === "error") onError(String(msg.msg));
      else if (msg.type === "render") state.done.add("start");
    });
    worker.addEventListener("error", () => offline("Python (Pyodide) could not be downloaded from cdn.jsdelivr.net."));
  }

  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, options);
      watch(this);
    }
  };

  window.addEventListener("error", (event) => {
    const target = event.target;
    const url = target && (target.src || target.href);
    if (url && (target.tagName === "SCRIPT" || target.tagName === "LINK") && new URL(url).origin !== location.origin) {
      offline(`A file of the page could not be downloaded (${new URL(url).host}).`);
    }
  }, true);

  setTimeout(() => {
    if (state.step === "page") {
      offline("The page's scripts have not arrived after a few seconds.", true);
    } else if (state.step === "python" && !state.heard) {
      offline("Python (Pyodide) has not arrived after a few seconds.", true);
    }
  }, WATCHDOG_MS);

  const ticker = setInterval(() => {
    if (state.ready) clearInterval(ticker);
    else if (!state.failure) render();
  }, 1000);

  document.addEventListener("DOMContentLoaded", () => {
    if (typeof window.Bokeh === "undefined") {
      offline("The page's scripts (Bokeh and Panel) could not be downloaded.");
    }
    const loader = window.panelLoader;
    if (loader) {
      const hide = loader.hide.bind(loader);
      loader.hide = () => {
        hide();
        state.ready = true;
        clearTimeout(stallTimer);
        for (const [id] of STEPS) state.done.add(id);
        render();
      };
      loader.error = onError;
      loader.status = () => {};
    }
    mount();
  });
})();
