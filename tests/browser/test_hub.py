"""A class on a real JupyterHub (``make hub-check``; part of ``make test``): two learners log in
in Chromium through the nbgitpuller link ``gluckauf hub-link`` prints, each gets a copy of the
repository in a home of their own, runs lesson 00, and its board draws without a traceback.

The hub runs on 127.0.0.1 with the dummy authenticator and the simple local spawner, the
repository is a ``file://`` clone of this one (tests/browser/hub.py), and the test stops the
hub, its proxy and both learners' servers, and checks none is left.
"""

from __future__ import annotations

import time

import hub as jhub
import lab
import pytest

from gluckauf.files.hublink import hub_link, pulled_folder
from widgets.draw import PAPER

LESSON = "notebooks/00_start_here.ipynb"
LEARNERS = ("ada", "bea")


@pytest.fixture(scope="module")
def classroom(jupyter_env, tmp_path_factory):
    root = tmp_path_factory.mktemp("hub")
    repo = jhub.classroom_repository(tmp_path_factory.mktemp("repos") / "gluckauf-kit")
    with jhub.jupyterhub(jupyter_env, root) as the_hub:
        yield the_hub, f"file://{repo}"


def log_in(page, url: str, name: str) -> None:
    """Open ``url`` as a learner who is not logged in: the hub asks for a name and a password
    (any will do with the dummy authenticator), then goes on to ``url``."""
    page.goto(url, wait_until="domcontentloaded")
    page.fill("#username_input", name)
    page.fill("#password_input", "workshop")
    page.click("#login_submit")


def test_two_learners_open_lesson_00_through_the_nbgitpuller_link(browser, classroom, timings):
    the_hub, repo = classroom
    link = hub_link(the_hub.url, repo, branch="main", notebook=LESSON)
    pages = []
    t0 = time.perf_counter()
    for name in LEARNERS:  # both log in before either runs the lesson: two servers at once
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        page = context.new_page()
        page.set_default_timeout(120_000)
        log_in(page, link, name)
        pages.append(page)
    try:
        for name, page in zip(LEARNERS, pages, strict=True):
            page.wait_for_url(f"**/user/{name}/lab/**", timeout=180_000)
            page.wait_for_selector(".jp-Notebook", timeout=120_000)
            lab.wait_kernel_idle(page, timeout=120_000)
            assert page.url.endswith(f"/{pulled_folder(repo)}/{LESSON}"), page.url
            lesson = the_hub.homes / name / pulled_folder(repo) / LESSON
            assert lesson.is_file()  # nbgitpuller copied the repository into this home
        timings["hub: log in + pull + open lesson 00 (2 learners)"] = (
            f"{time.perf_counter() - t0:.1f} s"
        )
        for page in pages:
            lab.run_all(page, timeout=180_000)
            canvas = lab.wait_for_canvas(page)
            lab.wait_for_pixel(page, canvas, 2, 2, (*lab.hex_rgb(PAPER), 255), timeout=60_000)
            text = page.inner_text(".jp-Notebook")
            assert "Traceback" not in text and "Error:" not in text
        timings["hub: both learners ran lesson 00"] = f"{time.perf_counter() - t0:.1f} s"
    finally:
        for page in pages:
            page.context.close()
