"""The server settings the kit ships cull idle kernels, even one a tab is still connected to
(issue 25): ``binder/start`` (Binder, and ``make lab`` through the same config folder) with the
kit's ``binder/jupyter/jupyter_server_config.json``, its 15 minutes and 1-minute check made a
few seconds here. A lesson is opened in JupyterLab and run; with the tab still open its kernel
is shut down once idle."""

from __future__ import annotations

import json
import subprocess
import time
import urllib.request
from pathlib import Path

import lab
import pytest

REPO = Path(__file__).resolve().parents[2]
START = REPO / "binder" / "start"
IDLE, EVERY = 6, 1  # seconds, instead of the kit's 900 and 60


def kernels(server: lab.Server) -> list[dict]:
    with urllib.request.urlopen(f"{server.base_url}/api/kernels", timeout=5) as answer:
        return json.load(answer)


@pytest.fixture(scope="module")
def culling_server(jupyter_env, tmp_path_factory):
    """JupyterLab started through binder/start, its culler's clock made short on the command
    line (every other setting is the kit's file)."""
    root = tmp_path_factory.mktemp("culling-root")
    lab.copy_notebooks([REPO / "binder"], root / "binder")
    lab.copy_notebooks([REPO / "notebooks" / "00_start_here.ipynb"], root / "notebooks")
    short = (
        f'exec "$@" --MappingKernelManager.cull_idle_timeout={IDLE} '
        f"--MappingKernelManager.cull_interval={EVERY}"
    )
    launcher = [str(root / "binder" / "start"), "/bin/sh", "-c", short, "sh"]
    with lab.jupyterlab_server(jupyter_env, root, launcher=launcher) as server:
        yield server


def test_the_kit_config_is_what_make_lab_and_binder_use() -> None:
    shown = subprocess.run(
        ["make", "-n", "-W", ".venv/.installed-lab", "lab"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert f'JUPYTER_CONFIG_PATH="{REPO}/binder/jupyter' in shown, shown
    assert "jupyter lab" in shown


def test_an_idle_connected_kernel_is_culled(culling_server, page, timings) -> None:
    lab.open_notebook(page, culling_server.base_url, "notebooks/00_start_here.ipynb")
    lab.run_all(page, timeout=120_000)
    (kernel,) = kernels(culling_server)
    assert kernel["connections"] >= 1  # the tab is still open and connected
    start = time.monotonic()
    while kernels(culling_server):
        assert time.monotonic() - start < IDLE + 5 * EVERY + 20, culling_server.log_tail()
        time.sleep(0.25)
    timings["culling: idle connected kernel shut down after"] = f"{time.monotonic() - start:.1f} s"
    culling_server.wait_for_log("Culling kernel")
