/* Rulebox's lab extension for the tutorials: start the notebook's kernel while JupyterLite lays it out.
 *
 * JupyterLite starts a notebook's kernel only once the notebook is read and every cell is built (about 2 s for
 * a long tutorial on a 2-core laptop), and Pyodide then takes seconds more to start.  This plugin starts the
 * kernel of the notebook named in the page's ``?path=`` as soon as the application has started; the notebook
 * then finds that kernel's session by its path and connects to it, as it would to a kernel left running.
 *
 * It is a prebuilt federated extension written by hand (no build step): JupyterLab's bootstrap loads this
 * script, calls ``init`` with the shared modules and ``get("./extension")`` for the plugins.  The tokens
 * come from those shared modules, so they are the application's own.
 *
 * It acts only on the notebooks page (the one the site links to), for a notebook at the top of the drive
 * that exists, opened with the default viewer; otherwise the page starts its kernel as before.  The notebook's
 * own start comes later (it reads and lays out the notebook first), so it finds this session; should it ever
 * start its own kernel first, this one is shut down as soon as the notebook is connected, so a page never keeps
 * two.  Its start is marked for the bench and the tests (a ``performance`` mark named MARK).
 */
(function () {
  "use strict";
  const NAME = "@rulebox/early-kernel";
  const MARK = "rulebox:early-kernel";
  const NOTEBOOK = /^[\w.-]+\.ipynb$/;
  let shared = null;

  /** The newest version of a module the application shares (the one its singletons resolve to). */
  async function use(pkg) {
    const versions = Object.keys((shared && shared[pkg]) || {});
    if (!versions.length) throw new Error(`${NAME}: the application does not share ${pkg}`);
    const newest = versions.sort((a, b) => a.localeCompare(b, undefined, { numeric: true })).pop();
    return (await shared[pkg][newest].get())();
  }

  /** The notebook this page opens, if the plugin should start its kernel: else null. */
  function notebookOf(PageConfig) {
    const params = new URLSearchParams(location.search);
    const paths = params.getAll("path");
    if (PageConfig.getOption("notebookPage") !== "notebooks" || !paths.length || params.has("factory")) return null;
    let path;
    try {
      path = decodeURIComponent(paths[0]);  // as the page's opener reads it
    } catch (error) {
      return null;
    }
    return NOTEBOOK.test(path) ? path : null;
  }

  /** Start a session for the notebook ``path``: the session's model, or null if there is no such notebook. */
  async function startSession(app, kernelspecs, serviceWorker, path) {
    await app.started;  // every kernel's factory is registered by then
    if (serviceWorker) await serviceWorker.ready.catch(() => undefined);  // the kernel mounts the drive through it
    const file = await app.serviceManager.contents.get(path, { content: false });
    if (file.type !== "notebook") return null;
    const session = await app.serviceManager.sessions.startNew({
      path, name: path, type: "notebook", kernel: { name: kernelspecs.defaultKernelName },
    });
    performance.mark(MARK);
    const { model } = session;
    session.dispose();  // this connection only; the notebook makes its own
    return model;
  }

  /** Shut the early session down if the notebook ``path`` connects to another one. */
  function keepOne(app, tracker, path, early) {
    tracker.widgetAdded.connect(async (_, panel) => {
      if (panel.context.path !== path) return;
      const [model] = await Promise.all([early, panel.sessionContext.ready]);
      const used = panel.sessionContext.session;
      if (model && used && used.id !== model.id) await app.serviceManager.sessions.shutdown(model.id);
    });
  }

  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB[NAME] = {
    init: async (scope) => { shared = scope; },
    get: async () => {
      const [coreutils, services, apputils, notebook] = await Promise.all(
        ["@jupyterlab/coreutils", "@jupyterlite/services", "@jupyterlite/apputils", "@jupyterlab/notebook"].map(use));
      const plugin = {
        id: `${NAME}:plugin`,
        description: "Starts a tutorial's kernel while the notebook is laid out.",
        autoStart: true,
        requires: [services.IKernelSpecs, notebook.INotebookTracker],
        optional: [apputils.IServiceWorkerManager],
        activate: (app, kernelspecs, tracker, serviceWorker) => {
          const path = notebookOf(coreutils.PageConfig);
          if (!path) return;
          const early = startSession(app, kernelspecs, serviceWorker, path).catch((error) => {
            console.warn(`${NAME}: the notebook starts its own kernel`, error);
            return null;
          });
          keepOne(app, tracker, path, early);
        },
      };
      return () => ({ __esModule: true, default: [plugin] });
    },
  };
})();
