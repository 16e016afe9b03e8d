"""Binder as mybinder.org serves the kit: ``binder/start`` launches a Jupyter server, Voilà runs
as that server's extension, and the README's second badge opens the play app at
``voila/render/notebooks/play.ipynb``.

``make test`` runs this module with the kit's own environment; ``make binder-check`` runs it
again with the fresh Binder venv (binder/requirements.txt), so the badge is tested with exactly
what Binder installs.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import lab
import pytest
from boardpage import play_app

REPO = Path(__file__).resolve().parents[2]
START = REPO / "binder" / "start"


def badge_urlpaths() -> list[str]:
    """The ``urlpath`` of every mybinder.org link in the README, in order."""
    links = re.findall(r"\((https://mybinder\.org/v2/[^)\s]+)\)", (REPO / "README.md").read_text())
    return [parse_qs(urlsplit(link).query)["urlpath"][0] for link in links]


#: The README's Binder links: the lessons and the play app in English (the badges), then in
#: German and in Hungarian (issue 29: links that open the translated lessons).
LANGUAGE_FOLDERS = ("", "de/", "hu/")


def test_the_readme_links_the_lessons_and_the_play_app_in_every_language() -> None:
    paths = badge_urlpaths()
    assert paths == [
        path
        for folder in LANGUAGE_FOLDERS
        for path in (
            f"lab/tree/notebooks/{folder}00_start_here.ipynb",
            f"voila/render/notebooks/{folder}play.ipynb",
        )
    ]
    for path in paths:
        assert (REPO / path.split("/", 2)[2]).is_file(), path


def test_binder_start_gives_the_server_idle_kernel_culling() -> None:
    """The server Binder starts loads binder/jupyter/jupyter_server_config.json."""
    shown = subprocess.run(
        [str(START), sys.executable, "-m", "jupyter", "server", "--show-config"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        check=True,
    )
    config_file = str(REPO / "binder" / "jupyter" / "jupyter_server_config.json")
    assert config_file in shown.stdout
    culling = json.loads(Path(config_file).read_text())["MappingKernelManager"]
    # 15 idle minutes, checked every minute, a connected kernel too (issue 25: a forgotten tab
    # must not hold memory); tests/browser/test_kernel_culling.py sees it work
    assert culling == {
        "cull_idle_timeout": 900,
        "cull_interval": 60,
        "cull_connected": True,
        "cull_busy": False,
    }
    assert re.search(r"\.cull_idle_timeout\s*=\s*900", shown.stdout), shown.stdout
    assert re.search(r"\.cull_connected\s*=\s*True", shown.stdout), shown.stdout


def test_voila_json_preheats_only_the_play_app() -> None:
    config = json.loads((REPO / "voila.json").read_text())
    assert config["VoilaConfiguration"]["preheat_kernel"] is True
    (pattern,) = config["VoilaKernelManager"]["preheat_denylist"]
    # Voilà skips a notebook whose path relative to its root matches a denylist pattern.
    assert not re.match(pattern, "play.ipynb") and not re.match(pattern, "notebooks/play.ipynb")
    assert re.match(pattern, "00_start_here.ipynb") and re.match(pattern, "notebooks/x.ipynb")


@pytest.fixture(scope="module")
def binder_server(jupyter_env, tmp_path_factory):
    """The server as Binder runs it: ``binder/start jupyter lab`` in a copy of the repository's
    served files (notebooks/, binder/, voila.json), from that copy's root."""
    root = tmp_path_factory.mktemp("binder-root")
    lab.copy_notebooks([REPO / "notebooks"], root / "notebooks")
    lab.copy_notebooks([REPO / "binder"], root / "binder")
    lab.copy_notebooks([REPO / "voila.json"], root)
    with lab.jupyterlab_server(jupyter_env, root, launcher=[str(root / "binder" / "start")]) as s:
        yield s


@pytest.mark.parametrize("language", range(len(LANGUAGE_FOLDERS)), ids=["en", "de", "hu"])
def test_the_play_app_link_draws_and_plays(binder_server, page, timings, language) -> None:
    voila_path = badge_urlpaths()[2 * language + 1]
    lang = ("en", "de", "hu")[language]
    _board, _mirror, drawn = play_app(page, f"{binder_server.base_url}/{voila_path}", lang)
    timings[f"binder: play app link {voila_path} → drawn"] = f"{drawn:.1f} s"
    assert "Traceback" not in page.inner_text("body")
