"""Real-browser helpers: servers (JupyterLab, Voilà), Chromium, and page/canvas actions.

Plain functions and context managers with no pytest dependency, so that a benchmark script can
reuse them (``sys.path.insert(0, "tests/browser"); import lab``). The pytest fixtures in
``conftest.py`` are thin wrappers around them. Each helper's docstring says why each of its
flags and waits is there.

Coordinates given to ``canvas_pixel`` and ``click_canvas`` are CSS pixels relative to the canvas
element's top-left corner. For a canvas whose backing store is larger than its CSS box (high-DPI
boards), ``canvas_pixel`` scales to the backing store; the Python mouse handlers get backing-store
coordinates too (ipycanvas scales them), so divide by the scale there.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page, Playwright

KIT = Path(__file__).resolve().parents[2]  # the repository
CHROMIUM_ENV = "GLUCKAUF_CHROMIUM"
DEFAULT_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: ipycanvas output inside a notebook (JupyterLab and Voilà both use jp-OutputArea).
CANVAS_SELECTOR = ".jp-OutputArea-output canvas"

RGBA = tuple[int, int, int, int]


class BrowserTestSetupError(RuntimeError):
    """The browser, a server or a page could not be brought up (not a product failure)."""


# --------------------------------------------------------------------------------------------
# Chromium
# --------------------------------------------------------------------------------------------


def chromium_executable() -> str:
    """The browser to drive: ``$GLUCKAUF_CHROMIUM`` or Debian's ``/usr/bin/chromium``.

    Raises BrowserTestSetupError with instructions when it is missing (never a silent skip).
    """
    path = os.environ.get(CHROMIUM_ENV) or DEFAULT_CHROMIUM
    resolved = shutil.which(path) or (path if os.access(path, os.X_OK) else None)
    if resolved is None:
        raise BrowserTestSetupError(
            f"Chromium not found at {path!r}. The browser tests need a real Chromium/Chrome: "
            f"on Debian/Ubuntu run `apt-get install -y chromium` (.ci/run does this as root); "
            f"elsewhere set {CHROMIUM_ENV}=/path/to/chrome (e.g. Google Chrome on a laptop). "
            f"Do not run `playwright install`."
        )
    return resolved


def launch_chromium(pw: Playwright, executable: str | None = None) -> Browser:
    return pw.chromium.launch(
        executable_path=executable or chromium_executable(), args=CHROMIUM_ARGS, headless=True
    )


# --------------------------------------------------------------------------------------------
# Jupyter environment and servers
# --------------------------------------------------------------------------------------------


@dataclass
class JupyterEnv:
    """A throw-away Jupyter home: config/data/runtime/IPython dirs, lab settings, workspaces."""

    root: Path
    env: dict[str, str]
    settings_dir: Path
    workspaces_dir: Path


def make_jupyter_env(root: Path) -> JupyterEnv:
    root.mkdir(parents=True, exist_ok=True)
    dirs = {
        "JUPYTER_CONFIG_DIR": root / "config",
        "JUPYTER_DATA_DIR": root / "data",
        "JUPYTER_RUNTIME_DIR": root / "runtime",
        "IPYTHONDIR": root / "ipython",
    }
    settings_dir = root / "lab-settings"
    workspaces_dir = root / "lab-workspaces"
    for d in [*dirs.values(), settings_dir, workspaces_dir]:
        d.mkdir(parents=True, exist_ok=True)
    # No "get notified about Jupyter news?" toast.
    notif = settings_dir / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notif.parent.mkdir(parents=True, exist_ok=True)
    notif.write_text(json.dumps({"fetchNews": "false"}))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "JPY_"))}
    env.update({k: str(v) for k, v in dirs.items()})
    env["PYTHONUNBUFFERED"] = "1"
    # boards do not move unless a test asks (BoardWidget(motion=True)): pictures stay still
    env["GLUCKAUF_MOTION"] = "off"
    # the servers as the kit ships them (binder/start, make lab): its settings (kernel culling,
    # Voilà's template and no MathJax from a CDN) and its data (the Voilà template)
    env["JUPYTER_CONFIG_PATH"] = str(KIT / "binder" / "jupyter")
    env["JUPYTER_PATH"] = str(KIT / "binder" / "jupyter-data")
    return JupyterEnv(root, env, settings_dir, workspaces_dir)


def copy_notebooks(sources: Iterable[Path | str], dest: Path) -> Path:
    """Copy notebook files and/or folders into ``dest`` (servers autosave: never serve the originals
    themselves)."""
    dest.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    for src in map(Path, sources):
        if src.is_dir():  # a folder's contents land at the root of dest
            shutil.copytree(src, dest, dirs_exist_ok=True, ignore=ignore)
        elif src.is_file():
            shutil.copy2(src, dest / src.name)
        else:
            raise FileNotFoundError(src)
    return dest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    """A running server process (own session/process group) and where it serves."""

    name: str
    proc: subprocess.Popen[bytes]
    base_url: str
    root_dir: Path
    log_path: Path
    startup_s: float = 0.0
    _log: Any = field(default=None, repr=False)

    def log_tail(self, n: int = 40) -> str:
        try:
            lines = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return ""
        return "\n".join(lines[-n:])

    def wait_for_log(self, *texts: str, timeout: float = 60.0) -> None:
        """Until the server's log contains every one of ``texts`` (in any order)."""
        deadline = time.monotonic() + timeout
        while True:
            log = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
            if all(text in log for text in texts):
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name} never logged {texts}:\n{self.log_tail()}")
            time.sleep(0.1)

    def stop(self, grace: float = 8.0) -> None:
        """SIGTERM the process group (the server shuts its kernels down), then SIGKILL."""
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(grace)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        if self._log is not None:
            self._log.close()


def _wait_http(server: Server, path: str, timeout: float) -> None:
    url = server.base_url + path
    deadline = time.monotonic() + timeout
    last: object = None
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise BrowserTestSetupError(
                f"{server.name} exited with code {server.proc.returncode} before it was ready.\n"
                f"--- {server.log_path} ---\n{server.log_tail()}"
            )
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, OSError) as e:
            last = e
        time.sleep(0.1)
    raise BrowserTestSetupError(
        f"{server.name} not ready at {url} after {timeout:.0f} s (last error: {last}).\n"
        f"--- {server.log_path} ---\n{server.log_tail()}"
    )


def _start(name: str, cmd_for_port, env: JupyterEnv, root_dir: Path, probe: str,
           timeout: float, attempts: int = 3) -> Server:  # fmt: skip
    """Start a server on a free port; retry on a new port if it dies early (port race)."""
    for attempt in range(1, attempts + 1):
        port = free_port()
        log_path = env.root / f"{name.lower()}-{port}.log"
        log = open(log_path, "wb")  # noqa: SIM115  (closed by Server.stop)
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            cmd_for_port(port), cwd=root_dir, env=env.env, stdin=subprocess.DEVNULL,
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        server = Server(name, proc, f"http://127.0.0.1:{port}", root_dir, log_path, _log=log)
        try:
            _wait_http(server, probe, timeout)
        except BrowserTestSetupError:
            early_exit = proc.poll() is not None
            server.stop()
            if early_exit and attempt < attempts:
                continue
            raise
        except BaseException:
            server.stop()
            raise
        server.startup_s = time.perf_counter() - t0
        return server
    raise AssertionError("unreachable")


@contextlib.contextmanager
def jupyterlab_server(env: JupyterEnv, root_dir: Path, timeout: float = 60,
                      launcher: Sequence[str] = (),
                      collaborative: bool = False) -> Iterator[Server]:  # fmt: skip
    """JupyterLab serving ``root_dir`` (no token, app exposed as ``window.jupyterapp``).

    ``launcher``: a command that starts the server's command, as Binder's ``binder/start``.
    ``collaborative``: real-time collaboration on (jupyter-collaboration, in the test extra);
    off, the server is the plain JupyterLab a learner's ``make lab`` gives."""

    def cmd(port: int) -> list[str]:
        return [
            *launcher, sys.executable, "-m", "jupyterlab", "--no-browser",
            "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
            "--IdentityProvider.token=", "--ServerApp.password=",
            f"--ServerApp.root_dir={root_dir}",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            f"--LabServerApp.user_settings_dir={env.settings_dir}",
            f"--LabServerApp.workspaces_dir={env.workspaces_dir}",
            "--LabApp.expose_app_in_browser=True",
            f"--YDocExtension.disable_rtc={not collaborative}",
            *(["--allow-root"] if os.geteuid() == 0 else []),
        ]  # fmt: skip

    server = _start("JupyterLab", cmd, env, root_dir, "/api/status", timeout)
    try:
        yield server
    finally:
        server.stop()


@contextlib.contextmanager
def voila_server(env: JupyterEnv, root_dir: Path, timeout: float = 60) -> Iterator[Server]:
    """Voilà serving the notebooks in ``root_dir``: open ``voila_url(server, "name.ipynb")``."""

    def cmd(port: int) -> list[str]:
        return [
            sys.executable, "-m", "voila", str(root_dir), "--no-browser",
            f"--port={port}", "--Voila.ip=127.0.0.1", "--ServerApp.port_retries=0",
            "--show_tracebacks=True",
        ]  # fmt: skip

    # A static file proves the server answers without starting a kernel. (In folder mode, which
    # this uses, /favicon.ico is a 404; /voila/static/favicon.ico works in both modes.)
    server = _start("Voila", cmd, env, root_dir, "/voila/static/favicon.ico", timeout)
    try:
        yield server
    finally:
        server.stop()


def wait_for_warm_kernel(server: Server, notebook: str) -> None:
    """Until Voilà's pre-heated kernel for ``notebook`` has started (voila.json): a page asked
    for before that gets a kernel of its own, racing the warm one's run of the notebook."""
    server.wait_for_log(f"Kernel pool of {notebook} is filled", "Kernel started")


def voila_url(server: Server, path: str) -> str:
    return f"{server.base_url}/voila/render/{path}"


def open_voila_board(page: Page, server: Server, path: str) -> Locator:
    """Open ``path`` as a Voilà app and wait until its board's canvas is drawn at its width."""
    page.goto(voila_url(server, path), wait_until="domcontentloaded")
    canvas = wait_for_canvas(page, timeout=60_000)
    page.wait_for_function(
        "el => el.getBoundingClientRect().width > 100", arg=canvas.element_handle(), timeout=60_000
    )
    return canvas


# --------------------------------------------------------------------------------------------
# JupyterLab page actions
# --------------------------------------------------------------------------------------------

_KERNEL_IDLE_JS = """
() => {
  const app = window.jupyterapp;
  if (app) {
    const w = app.shell.currentWidget;
    const k = w && w.sessionContext && w.sessionContext.session
              && w.sessionContext.session.kernel;
    return !!k && k.connectionStatus === 'connected' && k.status === 'idle';
  }
  // Fallback when the app is not exposed: the status bar's kernel item.
  return [...document.querySelectorAll('.jp-StatusBar-TextItem')]
    .some(e => /\\| Idle$/.test(e.textContent.trim()));
}
"""


def open_notebook(page: Page, base_url: str, path: str, timeout: float = 60_000,
                  workspace: str | None = None) -> None:  # fmt: skip
    """Open ``path`` (relative to the server root) in JupyterLab and wait for an idle kernel.

    Uses a fresh named workspace (``/lab/workspaces/NAME/tree/PATH``) unless ``workspace`` is
    given: tests share servers, and the default workspace would reopen the notebooks of earlier
    tests as extra (hidden) tabs. ``page.reload()`` restores the same workspace.
    """
    ws = workspace or f"test-{uuid.uuid4().hex[:12]}"
    page.goto(f"{base_url}/lab/workspaces/{ws}/tree/{path}", wait_until="domcontentloaded",
              timeout=timeout)  # fmt: skip
    page.wait_for_selector(".jp-Notebook", timeout=timeout)
    wait_kernel_idle(page, timeout=timeout)


def wait_kernel_idle(page: Page, timeout: float = 60_000) -> None:
    """Wait for a real, connected, idle kernel (the indicator says idle before one exists)."""
    page.wait_for_function(_KERNEL_IDLE_JS, timeout=timeout, polling=50)


def lab_command(page: Page, command: str, args: dict[str, Any] | None = None,
                timeout: float = 60_000) -> Any:  # fmt: skip
    """Run a JupyterLab command via ``window.jupyterapp`` (needs ``expose_app_in_browser``).

    Awaits the command's promise, but at most ``timeout`` ms: ``page.evaluate`` itself has no
    timeout, and a command stuck behind a dialog must not hang the test run.
    """
    return page.evaluate(
        """async ([c, a, ms]) => {
             if (!window.jupyterapp) throw new Error('window.jupyterapp missing: start JupyterLab'
                                                     + ' with --LabApp.expose_app_in_browser=True');
             let timer;
             const expired = new Promise((_, reject) => { timer = setTimeout(
                 () => reject(new Error(`command ${c} still running after ${ms} ms`)), ms); });
             try { return await Promise.race([window.jupyterapp.commands.execute(c, a), expired])
                          .then(() => true); }
             finally { clearTimeout(timer); }
           }""",
        [command, args or {}, timeout],
    )


def run_all(page: Page, timeout: float = 60_000) -> None:
    """Run all cells of the current notebook and wait until the kernel is idle again."""
    lab_command(page, "notebook:run-all-cells", timeout=timeout)  # resolves once they have run
    wait_cells_run(page, timeout)


def start_run_all(page: Page) -> None:
    """Start running all cells of the current notebook, and return at once (to watch the first
    output appear while the rest run; :func:`wait_cells_run` waits for the end)."""
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")


def wait_cells_run(page: Page, timeout: float = 60_000) -> None:
    """Wait until no cell of the current notebook is running or queued and the kernel is
    idle."""
    page.wait_for_function(
        "() => ![...document.querySelectorAll('.jp-Notebook .jp-InputArea-prompt')]"
        "       .some(e => e.textContent.includes('*'))",
        timeout=timeout,
        polling=50,
    )
    wait_kernel_idle(page, timeout=timeout)


def save_notebook(page: Page, timeout: float = 30_000) -> None:
    """Save the current notebook and wait until the document is clean."""
    lab_command(page, "docmanager:save", timeout=timeout)
    page.wait_for_function(
        "() => { const w = window.jupyterapp.shell.currentWidget;"
        "        return !!w && !!w.context && !w.context.model.dirty; }",
        timeout=timeout,
        polling=50,
    )


# --------------------------------------------------------------------------------------------
# Canvas and text
# --------------------------------------------------------------------------------------------


def wait_for_canvas(page: Page, selector: str = CANVAS_SELECTOR, index: int = 0,
                    timeout: float = 30_000) -> Locator:  # fmt: skip
    """The ``index``-th *visible* canvas matching ``selector``, once there is one.

    Hidden ones (e.g. in a background JupyterLab tab) are skipped, so ``index`` counts only what
    the user can see.
    """
    canvas = page.locator(selector).filter(visible=True).nth(index)
    canvas.wait_for(state="visible", timeout=timeout)
    return canvas


_PIXEL_JS = """
(el, [x, y]) => {
  const r = el.getBoundingClientRect();
  const sx = r.width ? el.width / r.width : 1, sy = r.height ? el.height / r.height : 1;
  const d = el.getContext('2d').getImageData(Math.floor(x * sx), Math.floor(y * sy), 1, 1).data;
  return [d[0], d[1], d[2], d[3]];
}
"""


def canvas_pixel(page: Page, canvas: Locator, x: float, y: float) -> RGBA:
    """RGBA of the canvas pixel under CSS point (x, y) relative to the canvas (reads the
    backing store, so it works off-screen and behind other elements)."""
    r, g, b, a = canvas.evaluate(_PIXEL_JS, [x, y])
    return (r, g, b, a)


def _close(c1: RGBA, c2: Iterable[int], tol: int) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c1, c2, strict=False))


def wait_for_pixel(page: Page, canvas: Locator, x: float, y: float, rgba: Iterable[int],
                   timeout: float = 15_000, tol: int = 2) -> RGBA:  # fmt: skip
    """Poll until the pixel at (x, y) matches ``rgba`` (3 or 4 components, ±tol); return it."""
    want = tuple(rgba)
    deadline = time.monotonic() + timeout / 1000
    while True:
        got = canvas_pixel(page, canvas, x, y)
        if _close(got, want, tol):
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"pixel ({x}, {y}) is {got}, expected {want} (±{tol})")
        page.wait_for_timeout(25)


def hex_rgb(colour: str) -> tuple[int, int, int]:
    """'#1f77b4' -> (31, 119, 180)."""
    c = colour.lstrip("#")
    return (int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16))


def output_with(page: Page, text: str, *, in_view_only: bool = False) -> Locator:
    """The notebook output area that shows ``text``, marked with an id to find it again.
    ``in_view_only``: only in the notebook shown (a server may have other notebooks open in
    hidden tabs)."""
    name = "out-" + str(abs(hash(text)))
    page.wait_for_function(
        "([text, name, inView]) => { const el = [...document.querySelectorAll("
        "'.jp-OutputArea-output')].find(o => (!inView || o.offsetParent !== null)"
        " && o.textContent.includes(text)); if (el) { el.id = name; } return !!el; }",
        arg=[text, name, in_view_only],
        timeout=60_000,
    )
    return page.locator(f"#{name}")


def says(page: Page, where: Locator, text: str, timeout: float = 15_000) -> None:
    """Wait until ``where`` shows ``text`` (its textContent: cells out of view count too)."""
    page.wait_for_function(
        "([el, text]) => el.textContent.includes(text)",
        arg=[where.element_handle(), text],
        timeout=timeout,
    )


def click_canvas(page: Page, canvas: Locator, x: float, y: float) -> None:
    """Click at CSS point (x, y) relative to the canvas; ipycanvas reports a point in [x, x+1).

    The canvas can sit at a fractional position (e.g. left = 10.39 px) while Chromium delivers
    integer ``clientX`` (it truncates), and ipycanvas computes ``clientX - rect.left``. Naively
    clicking at ``box.x + x`` would give the handler x - 0.39 (pixel x - 1 after int()). The
    smallest integer client coordinate >= box.x + x maps to a point in [x, x + 1).
    """
    view = page.viewport_size or {"height": 720}
    for _attempt in range(5):  # cells rendered while scrolling can push the board away again
        canvas.scroll_into_view_if_needed()
        canvas.evaluate(_SCROLL_TO_POINT_JS, [x, y])  # a board taller than the window
        box = _settled_box(page, canvas)
        cx, cy = _ceil(box["x"] + x), _ceil(box["y"] + y)
        if 0 <= cy < view["height"]:  # in the window (the scroll keeps it off the edges)
            page.mouse.click(cx, cy)
            return
    raise AssertionError(f"could not scroll the canvas point ({x}, {y}) into the window")


def _settled_box(page: Page, canvas: Locator, timeout: float = 15.0) -> dict[str, float]:
    """The canvas's box once it stops moving: JupyterLab renders cells as they scroll into
    view (content-visibility), so the cells above a freshly scrolled-to board can still grow
    and push it down for a moment; a click computed before that lands elsewhere."""
    before = None
    for _ in range(int(timeout / 0.15)):
        box = canvas.bounding_box()
        if box is None:
            raise AssertionError("canvas is not visible; cannot click it")
        if box == before:
            return box
        before = box
        page.wait_for_timeout(150)
    raise AssertionError("the canvas kept moving on the page; cannot click it")


_SCROLL_TO_POINT_JS = """
(el, [x, y]) => {
  const top = el.getBoundingClientRect().top + y, view = window.innerHeight;
  if (top >= 60 && top <= view - 60) return;
  let box = el.parentElement;  // the nearest scrolling ancestor (JupyterLab's notebook panel)
  while (box && !(box.scrollHeight > box.clientHeight
                  && /(auto|scroll)/.test(getComputedStyle(box).overflowY))) {
    box = box.parentElement;
  }
  if (box) box.scrollTop += top - view / 2; else window.scrollBy(0, top - view / 2);
}
"""


def _ceil(v: float) -> int:
    i = int(v)
    return i if i >= v else i + 1


def wait_for_text(page: Page, text: str, timeout: float = 15_000) -> None:
    """Wait until ``text`` appears somewhere in the page's visible text."""
    page.get_by_text(text, exact=False).first.wait_for(state="visible", timeout=timeout)


# --------------------------------------------------------------------------------------------
# Latency
# --------------------------------------------------------------------------------------------

_ARM_LATENCY_JS = """
(el, [px, py, before]) => {
  const r = el.getBoundingClientRect();
  const sx = el.width / r.width, sy = el.height / r.height;
  const X = Math.floor(px * sx), Y = Math.floor(py * sy);
  const ctx = el.getContext('2d');
  const s = window.__gkLatency = {t0: null, t1: null};
  document.addEventListener('mousedown', () => { s.t0 = performance.now(); poll(); },
                            {capture: true, once: true});
  function poll() {
    const d = ctx.getImageData(X, Y, 1, 1).data;
    if (d[0] !== before[0] || d[1] !== before[1] || d[2] !== before[2] || d[3] !== before[3]) {
      s.t1 = performance.now();
    } else if (performance.now() - s.t0 < 20000) {
      setTimeout(poll, 1);
    }
  }
}
"""


def measure_click_latency(page: Page, canvas: Locator, x: float, y: float, *,
                          probe: tuple[float, float] | None = None, clicks: int = 10,
                          timeout: float = 10_000) -> list[float]:  # fmt: skip
    """Click (x, y) ``clicks`` times; return each click→pixel-change latency in ms.

    Each click must change the pixel at ``probe`` (default: the clicked point), e.g. a toggle.
    Timed inside the page from the ``mousedown`` event to the first frame-independent read of
    the changed pixel (polled every ~1–4 ms), so Playwright's own round trips are excluded.
    """
    px, py = probe or (x, y)
    out: list[float] = []
    for _ in range(clicks):
        before = canvas_pixel(page, canvas, px, py)
        canvas.evaluate(_ARM_LATENCY_JS, [px, py, list(before)])
        click_canvas(page, canvas, x, y)
        page.wait_for_function(
            "() => window.__gkLatency && window.__gkLatency.t1 !== null",
            timeout=timeout,
            polling=10,
        )
        t0, t1 = page.evaluate("[window.__gkLatency.t0, window.__gkLatency.t1]")
        out.append(t1 - t0)
    return out


def latency_summary(samples: list[float]) -> str:
    return (f"median {statistics.median(samples):.0f} ms, min {min(samples):.0f}, "
            f"max {max(samples):.0f} over {len(samples)} clicks")  # fmt: skip


# --------------------------------------------------------------------------------------------
# The notebook's scrolling, and a click that watches it
# --------------------------------------------------------------------------------------------

#: JupyterLab 4's scrolling box of the notebook on show (its windowed list's outer element).
NOTEBOOK_SCROLLER = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer"


def notebook_view(page: Page) -> dict[str, float]:
    """The notebook's scrolling box: ``scrollTop`` and its visible part's ``top``/``bottom``
    in viewport pixels."""
    return page.evaluate(
        """(sel) => { const s = document.querySelector(sel), r = s.getBoundingClientRect();
                      return {scrollTop: s.scrollTop, top: r.top, bottom: r.bottom}; }""",
        NOTEBOOK_SCROLLER,
    )


def scroll_notebook_by(page: Page, dy: float) -> None:
    """Scroll the notebook on show by ``dy`` CSS pixels (down if positive)."""
    page.evaluate("([sel, dy]) => { document.querySelector(sel).scrollTop += dy; }",
                  [NOTEBOOK_SCROLLER, dy])  # fmt: skip


def settled_box(page: Page, element: Locator, timeout: float = 15.0) -> dict[str, float]:
    """``element``'s box once it stops moving (cells above may still be rendering)."""
    return _settled_box(page, element, timeout)


def place_in_notebook(page: Page, element: Locator, top: float,
                      attempts: int = 5) -> dict[str, float]:  # fmt: skip
    """Scroll the notebook until ``element``'s top is at viewport y ≈ ``top`` (±2 px, as far
    as the notebook can scroll); return its settled box."""
    box = settled_box(page, element)
    for _ in range(attempts):
        if abs(box["y"] - top) <= 2:
            break
        before = notebook_view(page)["scrollTop"]
        scroll_notebook_by(page, box["y"] - top)
        box = settled_box(page, element)
        if notebook_view(page)["scrollTop"] == before:
            break  # the notebook's end (or start): as close as it gets
    return box


_WATCH_PRESS_JS = """
([el, sel]) => {
  const scroller = document.querySelector(sel);
  const r = {scrolls: 0, downTarget: null, before: null, after: null};
  const snap = () => ({scrollTop: scroller.scrollTop, top: el.getBoundingClientRect().top,
                       windowY: window.scrollY});
  const onScroll = (e) => {  // the notebook's or the window's scrolling only
    if (r.before && !r.after && (e.target === scroller || e.target === document)) r.scrolls++;
  };
  document.addEventListener('scroll', onScroll, {capture: true});
  window.addEventListener('mousedown', (e) => {  // the window's capture: before any handler
    r.before = snap();
    r.downTarget = e.target === el || el.contains(e.target);
  }, {capture: true, once: true});
  // After every mouseup handler, and after the next frame's scroll events (dispatched before
  // the frame's animation callbacks).
  window.addEventListener('mouseup', () => setTimeout(() => requestAnimationFrame(() => {
    r.after = snap();
    document.removeEventListener('scroll', onScroll, {capture: true});
  }), 0), {capture: true, once: true});
  window.__gkPress = r;
}
"""


def watched_press(page: Page, element: Locator, x: float, y: float) -> dict[str, Any]:
    """Press and release the left button at viewport point (x, y), watching the notebook.

    Returns ``before`` / ``after`` snapshots (taken before any mousedown handler runs and once
    every mouseup handler has run) of the notebook's ``scrollTop``, ``element``'s top and the
    window's ``scrollY``; ``scrolls``: the notebook's and the window's scroll events in
    between (up to the next frame); ``downTarget``: whether the mousedown landed on
    ``element``. A click that scrolls shows as ``before != after``.
    """
    page.evaluate(_WATCH_PRESS_JS, [element.element_handle(), NOTEBOOK_SCROLLER])
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.up()
    page.wait_for_function("() => window.__gkPress && window.__gkPress.after !== null",
                           timeout=10_000, polling=20)  # fmt: skip
    return page.evaluate("window.__gkPress")
