// The kernel of the notebook in the page's address (lab/index.html?path=….ipynb) starts while
// JupyterLab is still starting, instead of after the notebook has opened (issue 31: the Pyodide
// kernel takes seconds to start, and JupyterLab too; now they overlap). lite/build.py puts this
// script on the site's JupyterLab page.
//
// How: as soon as the app exists (window.jupyterapp, set just before it starts: the site's
// exposeAppInBrowser), activate the Pyodide kernel's plugin (JupyterLab activates it later
// anyway) and start the notebook's session, with the name and path the notebook's own session
// would have. When the notebook opens, it finds that session by its path and connects to it;
// no second kernel starts. The connection made here is closed at once: a connection that has
// no widget manager would refuse the widgets' comms (and close them in the kernel). Whether the
// notebook exists is asked at the same time, not before (that took 0.3 s); if it does not, the
// session is shut down again. The session waits for the service worker (at most 5 s): without
// it, the kernel would start without the site's files.
//
// It only saves time. If anything is missing, the notebook starts its kernel as it always
// does. window.gluckaufWarmStart says what happened (tests/browser/test_lite.py reads it).
(function () {
  "use strict";
  const KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel";
  const GIVE_UP_MS = 30000;
  const SERVICE_WORKER_MS = 5000;
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const say = (status) => {
    window.gluckaufWarmStart = status;
  };
  const path = new URLSearchParams(window.location.search).get("path");
  if (!path || !path.endsWith(".ipynb")) {
    say("skipped: no notebook in the address");
    return;
  }
  say("waiting for JupyterLab");
  const started = performance.now();

  async function startSession(app) {
    if (!app.hasPlugin(KERNEL_PLUGIN)) {
      say("skipped: this JupyterLab has no Pyodide kernel plugin");
      return;
    }
    await app.activatePlugin(KERNEL_PLUGIN);
    const { contents, sessions, kernelspecs } = app.serviceManager;
    const found = contents.get(path, { content: false }).then(
      () => true,
      () => false,
    );
    await sessions.ready;
    await kernelspecs.refreshSpecs(); // with the kernel the plugin has just registered
    if (navigator.serviceWorker) {
      // The kernel mounts the site's files (the notebook's folder, where a game is saved) only
      // when the service worker is registered as the kernel starts.
      await Promise.race([navigator.serviceWorker.ready, wait(SERVICE_WORKER_MS)]);
    }
    const name = path.split("/").pop();
    const kernel = { name: kernelspecs.specs.default };
    const session = await sessions.startNew({ path, name, type: "notebook", kernel });
    const id = session.id;
    session.dispose(); // the connection only: the session and its kernel go on
    if (!(await found)) {
      await sessions.shutdown(id);
      say("skipped: no such notebook");
      return;
    }
    say("started");
  }

  const timer = setInterval(() => {
    const app = window.jupyterapp;
    if (!app) {
      if (performance.now() - started > GIVE_UP_MS) {
        clearInterval(timer);
        say("skipped: JupyterLab did not start in time");
      }
      return;
    }
    clearInterval(timer);
    say("starting");
    startSession(app).catch((error) => {
      say(`failed: ${error}`);
      console.warn("warm start: the notebook starts its own kernel", error);
    });
  }, 10);
})();
