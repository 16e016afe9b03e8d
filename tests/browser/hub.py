"""A real JupyterHub on 127.0.0.1 for the browser tests: the dummy authenticator (any name, any
password), the simple local spawner (every learner's server runs as this user, with a home of
its own under the hub's folder) and configurable-http-proxy from npm.

Like ``lab.py``, plain functions with no pytest dependency. ``jupyterhub(...)`` stops the hub,
and so its proxy and every learner's server, when the block ends, and then checks that no
process it started is left (killing and reporting any that is).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import lab
import psutil

from gluckauf.hubservice import ACCESS, SERVICE, hub_settings

PROXY_ENV = "GLUCKAUF_CHP"
REPO = Path(__file__).resolve().parents[2]
LOCAL_PROXY = REPO / ".hub" / "node_modules" / ".bin" / "configurable-http-proxy"


def proxy_executable() -> str:
    """configurable-http-proxy: ``$GLUCKAUF_CHP``, the one ``make hub-check`` installs in .hub/,
    or one on the PATH. Missing, it raises with instructions (the hub tests fail, never skip)."""
    for candidate in (os.environ.get(PROXY_ENV), str(LOCAL_PROXY),
                      shutil.which("configurable-http-proxy")):  # fmt: skip
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise lab.BrowserTestSetupError(
        "configurable-http-proxy not found: the JupyterHub tests need it (it is JupyterHub's "
        "proxy, an npm package). `make hub-check` or `make test` installs it into .hub/ with "
        f"npm (Node.js ≥ 18); or set {PROXY_ENV}=/path/to/configurable-http-proxy."
    )


ADMIN_TOKEN = "gluckauf-tests-" + "0" * 24  # the tests' own service: makes users and tokens
TEACHER = "tess"  # the class's teacher (the class service lets her collect)


@dataclass
class Hub:
    server: lab.Server
    homes: Path  # one folder per learner who has logged in
    class_folder: Path  # where the class service keeps what learners hand in
    class_url: str  # the class service, as learners' servers reach it

    @property
    def url(self) -> str:
        return self.server.base_url

    def api(self, method: str, path: str, body: dict | None = None) -> Any:
        """The hub's REST API as the tests' admin service."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.url.rstrip('/')}/hub/api/{path}", data=data, method=method
        )
        request.add_header("Authorization", f"token {ADMIN_TOKEN}")
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
        return json.loads(text) if text else None

    def token_for(self, name: str) -> str:
        """A token of user ``name`` (made if need be) that may talk to the class service, as
        the token of their server may."""
        with contextlib.suppress(urllib.error.HTTPError):  # 409: the user is there already
            self.api("POST", f"users/{name}")
        made = self.api("POST", f"users/{name}/tokens", {"scopes": [ACCESS], "note": "tests"})
        return made["token"]


def _config(root: Path, homes: Path, settings: Path, proxy: str, service_port: int) -> str:
    singleuser = str(Path(sys.executable).with_name("jupyterhub-singleuser"))
    args = [
        f"--LabServerApp.user_settings_dir={settings}",  # no "news?" toast
        "--LabApp.expose_app_in_browser=True",  # lab.run_all drives the app's commands
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--YDocExtension.disable_rtc=True",  # a plain hub (tests/browser/test_table.py: RTC)
        *(["--allow-root"] if os.geteuid() == 0 else []),
    ]
    settings_py = {
        "JupyterHub.ip": "127.0.0.1",
        "JupyterHub.hub_ip": "127.0.0.1",
        "JupyterHub.hub_port": lab.free_port(),
        "JupyterHub.authenticator_class": "dummy",
        "JupyterHub.spawner_class": "simple",
        "JupyterHub.db_url": f"sqlite:///{root / 'jupyterhub.sqlite'}",
        "JupyterHub.cookie_secret_file": str(root / "jupyterhub_cookie_secret"),
        "JupyterHub.pid_file": str(root / "jupyterhub.pid"),
        "JupyterHub.cleanup_servers": True,
        "JupyterHub.cleanup_proxy": True,
        "ConfigurableHTTPProxy.command": [proxy],
        "ConfigurableHTTPProxy.api_url": f"http://127.0.0.1:{lab.free_port()}",
        "ConfigurableHTTPProxy.pid_file": str(root / "proxy.pid"),
        "SimpleLocalProcessSpawner.home_dir_template": str(homes / "{username}"),
        "Spawner.cmd": [singleuser],
        "Spawner.args": args,
        "Spawner.default_url": "/lab",
        "Spawner.start_timeout": 120,
        "Spawner.http_timeout": 120,
        # Stopping a server: SIGINT, then SIGTERM after this many seconds (default 10).
        "LocalProcessSpawner.interrupt_timeout": 2,
    }
    # The class service as docs/teaching.md configures it, and the tests' admin service.
    settings_py.update(
        hub_settings(str(root / "class"), [TEACHER], service_port, python=sys.executable)
    )
    settings_py["JupyterHub.services"].append({"name": "tests", "api_token": ADMIN_TOKEN})
    settings_py["JupyterHub.load_roles"].append(
        {"name": "tests", "scopes": ["admin:users", "tokens", "read:users"], "services": ["tests"]}
    )
    lines = ["c = get_config()  # noqa: F821  (written by tests/browser/hub.py)"]
    lines += [f"c.{name} = {value!r}" for name, value in settings_py.items()]
    return "\n".join(lines) + "\n"


def _started_under(root: Path) -> list[psutil.Process]:
    """Processes whose command line names the hub's folder: the hub, its proxy (by its pid
    file's folder) and the learners' servers (their homes are in it)."""
    found = []
    for proc in psutil.process_iter(["pid", "cmdline", "cwd"]):
        with contextlib.suppress(psutil.Error):
            words = " ".join(proc.info["cmdline"] or [])
            if str(root) in words or str(root) in (proc.info["cwd"] or ""):
                found.append(proc)
    return [p for p in found if p.pid != os.getpid()]


@contextlib.contextmanager
def jupyterhub(env: lab.JupyterEnv, root: Path, timeout: float = 90) -> Iterator[Hub]:
    """A JupyterHub serving from ``root`` (a fresh folder): yields once its API answers."""
    homes = root / "home"
    homes.mkdir(parents=True, exist_ok=True)
    config = root / "jupyterhub_config.py"
    service_port = lab.free_port()
    config.write_text(_config(root, homes, env.settings_dir, proxy_executable(), service_port))

    def cmd(port: int) -> list[str]:
        return [sys.executable, "-m", "jupyterhub", "-f", str(config), f"--port={port}"]

    server = lab._start("JupyterHub", cmd, env, root, "/hub/api", timeout)
    try:
        class_url = f"http://127.0.0.1:{service_port}/services/{SERVICE}/"
        yield Hub(server, homes, root / "class", class_url)
    finally:
        server.stop(grace=60)
        # a learner's server ends its kernels as it stops; give them a moment to exit
        _gone, left = psutil.wait_procs(_started_under(root), timeout=20)
        for proc in left:
            with contextlib.suppress(psutil.Error):
                proc.kill()
        if left:
            raise AssertionError(
                f"the hub left {len(left)} process(es) running (killed now): "
                + "; ".join(" ".join(p.info["cmdline"] or [])[:120] for p in left)
            )


def classroom_repository(folder: Path) -> Path:
    """A git repository for nbgitpuller to pull: a clone of this one, with this working tree's
    notebooks committed on a ``main`` branch (so the learners get the lessons being tested)."""

    def git(*args: str, cwd: Path = folder) -> None:
        subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, timeout=120)

    git("clone", "--quiet", "--no-hardlinks", str(REPO), str(folder), cwd=folder.parent)
    git("checkout", "--quiet", "-B", "main")
    shutil.rmtree(folder / "notebooks")
    lab.copy_notebooks([REPO / "notebooks"], folder / "notebooks")
    git("add", "--all", "notebooks")
    git(
        "-c",
        "user.name=tests",
        "-c",
        "user.email=tests@localhost",
        "commit",
        "--quiet",
        "--allow-empty",
        "-m",
        "the lessons as tested",
    )
    return folder
