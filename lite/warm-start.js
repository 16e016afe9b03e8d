// The kernel of the notebook in the page's address (lab/index.html?path=….ipynb) starts while
// JupyterLab is still starting, instead of after the notebook has opened (issue 31: the Pyodide
// kernel takes seconds to start, and JupyterLab too; now they overlap). lite/build.py puts this
// script on the site's JupyterLab page.
//
// How: as soon as the app exists (window.jupyterapp, set just before it starts: the site's
// exposeAppInBrowser) and the Pyodide kernel's plugin is active, start the notebook's session,
// with the name and path the notebook's own session would have. When the notebook opens, it
// finds that session by its path and connects to it; no second kernel starts. The connection
// made here is closed at once: a connection that has no widget manager would refuse the
// widgets' comms (and close them in the kernel).
//
// It only saves time. If anything is missing, the notebook starts its kernel as it always
// does. window.gluckaufWarmStart says what happened (tests/browser/test_lite.py reads it).
(function () {
  "use strict";
  const KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel";
  const GIVE_UP_MS = 30000;
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
    const { contents, sessions, kernelspecs } = app.serviceManager;
    await Promise.all([sessions.ready, kernelspecs.ready]);
    await contents.get(path, { content: false }); // no such notebook: no kernel for it
    const name = path.split("/").pop();
    const kernel = { name: kernelspecs.specs.default };
    const session = await sessions.startNew({ path, name, type: "notebook", kernel });
    session.dispose(); // the connection only: the session and its kernel go on
    say("started");
  }

  const timer = setInterval(() => {
    const app = window.jupyterapp;
    if (!app || !app.isPluginActivated || !app.isPluginActivated(KERNEL_PLUGIN)) {
      if (performance.now() - started > GIVE_UP_MS) {
        clearInterval(timer);
        say("skipped: JupyterLab did not start its kernel plugin in time");
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
