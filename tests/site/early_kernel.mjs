// Runs the site's lab extension (site/early-kernel) on Node against a fake JupyterLite and prints what it did.
//
//   node early_kernel.mjs SCRIPT SCENARIO_JSON
//
// SCENARIO: {search, notebookPage, files: {path: type}, connectsTo: "early" | "own" | null}.  The fake
// application starts, the notebook named in ``search`` (if any) is opened and connects to the session
// ``connectsTo``; the service worker is registered after the application has started.  The output is the JSON list of calls the plugin made, in order.
import { pathToFileURL } from "node:url";

const [script, scenarioText] = process.argv.slice(2);
const scenario = JSON.parse(scenarioText);
const calls = [];
const note = (...call) => calls.push(call);

globalThis.window = globalThis;
globalThis.location = { search: scenario.search };
console.warn = (message) => note("warn", String(message));

class Token { constructor(name) { this.name = name; } }
const tokens = {
  specs: new Token("IKernelSpecs"), tracker: new Token("INotebookTracker"),
  worker: new Token("IServiceWorkerManager"), oldWorker: new Token("IServiceWorkerManager of 0.8.3"),
};
const shared = (module) => ({ get: async () => () => module });
const scope = {
  "@jupyterlab/coreutils": { "6.5.6": shared({ PageConfig: { getOption: (name) => (name === "notebookPage" ? scenario.notebookPage : "") } }) },
  "@jupyterlite/services": { "0.8.6": shared({ IKernelSpecs: tokens.specs }) },
  "@jupyterlite/apputils": { "0.8.10": shared({ IServiceWorkerManager: tokens.worker }), "0.8.3": shared({ IServiceWorkerManager: tokens.oldWorker }) },
  "@jupyterlab/notebook": { "4.5.6": shared({ INotebookTracker: tokens.tracker }) },
};

let started;
const app = {
  started: new Promise((resolve) => { started = resolve; }),
  serviceManager: {
    contents: {
      get: async (path, options) => {
        note("contents.get", path, options);
        if (!(path in scenario.files)) throw new Error(`${path} not found`);
        return { path, type: scenario.files[path] };
      },
    },
    sessions: {
      startNew: async (options) => {
        note("sessions.startNew", options);
        return { model: { id: "early", path: options.path }, dispose: () => note("connection.dispose") };
      },
      shutdown: async (id) => note("sessions.shutdown", id),
    },
  },
};
const kernelspecs = { defaultKernelName: "python" };
const listeners = [];
const tracker = { widgetAdded: { connect: (listener) => listeners.push(listener) } };
let registered;
const serviceWorker = { ready: new Promise((resolve) => { registered = resolve; }) };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

await import(pathToFileURL(script).href);
const container = window._JUPYTERLAB["@rulebox/early-kernel"];
await container.init(scope);
const exported = (await container.get("./extension"))();
const [plugin] = exported.default;
note("requires", plugin.requires.map((token) => token.name), plugin.optional.map((token) => token.name));
plugin.activate(app, kernelspecs, tracker, serviceWorker);
await settle();
note("app.started");
started();
await settle();
note("serviceWorker.ready");
registered();
await settle();
const opened = new URLSearchParams(scenario.search).get("path");
if (opened && scenario.connectsTo) {
  const session = { id: scenario.connectsTo };
  for (const listener of listeners) listener(tracker, { context: { path: opened }, sessionContext: { ready: Promise.resolve(), session } });
}
await settle();
note("marks", performance.getEntriesByName("rulebox:early-kernel").length);
process.stdout.write(JSON.stringify(calls));
