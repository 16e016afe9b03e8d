"""A classroom without internet (issue 30, 7): every page the kit serves loads nothing from
outside the server — the Voilà play app (the kit's Voilà template drops the FontAwesome CDN
links of Voilà's "lab" template; its icons come with Voilà itself) and a lesson in JupyterLab.
Every request to another host is aborted and must not have been made."""

from __future__ import annotations

from pathlib import Path

import lab

REPO = Path(__file__).resolve().parents[2]

# The computed font of a button's icon (ipywidgets draws icon="cog" as <i class="fa fa-cog">).
_ICON_FONT_JS = """() => {
  const icon = document.querySelector('button i.fa, button i.fas');
  return icon ? getComputedStyle(icon, '::before').fontFamily : null;
}"""


def test_the_guard_aborts_what_goes_outside_and_lets_this_machine_through(offline_page) -> None:
    """The other tests' guard itself: a request to another host, from the page or from a web
    worker, is aborted and listed; one to this machine is not touched."""
    page, aborted = offline_page
    page.set_content("<p>guard</p>")
    page.evaluate(
        """() => Promise.all([
             fetch('https://example.org/from-page').catch(() => 0),
             fetch('http://127.0.0.1:9/local').catch(() => 0),
             fetch('http://localhost:9/local').catch(() => 0),
             new Promise(done => {
               const code = "fetch('https://example.org/from-worker').catch(() => 0)"
                          + ".then(() => postMessage(1))";
               const worker = new Worker(URL.createObjectURL(new Blob([code])));
               worker.onmessage = done;
             }),
           ])"""
    )
    assert sorted(aborted) == ["https://example.org/from-page", "https://example.org/from-worker"]


def test_the_play_app_asks_nothing_of_the_internet(start_voila, offline_page) -> None:
    page, aborted = offline_page
    server = start_voila([REPO / "notebooks" / "play.ipynb", REPO / "voila.json"])
    lab.wait_for_warm_kernel(server, "play.ipynb")
    lab.open_voila_board(page, server, "play.ipynb")
    font = page.evaluate(_ICON_FONT_JS)
    assert font is not None and "Font Awesome" in font, font  # the icons are still drawn
    assert not aborted, f"the play app asked the internet for {aborted[:5]}"


def test_the_play_app_inside_jupyterlab_asks_nothing_either(start_lab, offline_page) -> None:
    """Voilà as JupyterLab's server extension (the README's Binder badge: voila/render/…),
    which renders its template with autoescaping, unlike Voilà the app."""
    page, aborted = offline_page
    server = start_lab([REPO / "notebooks"])
    page.goto(f"{server.base_url}/voila/render/play.ipynb", wait_until="domcontentloaded")
    lab.wait_for_canvas(page, timeout=60_000)
    assert "Font Awesome" in (page.evaluate(_ICON_FONT_JS) or "")
    assert not aborted, f"the play app asked the internet for {aborted[:5]}"


def test_a_lesson_in_jupyterlab_asks_nothing_of_the_internet(start_lab, offline_page) -> None:
    page, aborted = offline_page
    server = start_lab([REPO / "notebooks"])
    lab.open_notebook(page, server.base_url, "02_placing_workers.ipynb")
    lab.run_all(page)
    lab.wait_for_canvas(page, timeout=60_000)
    assert not aborted, f"the lesson asked the internet for {aborted[:5]}"


def test_the_teachers_view_works_as_a_dashboard_without_the_internet(
    start_voila, offline_page, tmp_path
) -> None:
    """The teacher's view (notebooks/teacher.ipynb) as a Voilà dashboard at 1280×720, on the
    sample class: the grid, then a class tournament whose leaderboard fills in."""
    page, aborted = offline_page
    page.set_viewport_size({"width": 1280, "height": 720})
    server = start_voila([REPO / "notebooks" / "teacher.ipynb", REPO / "voila.json"])
    page.goto(lab.voila_url(server, "teacher.ipynb"), wait_until="domcontentloaded")
    grid = page.locator(".gluckauf-class-grid")
    grid.wait_for(timeout=60_000)
    assert grid.locator("tr").count() == 6  # the head and five learners
    page.screenshot(path=str(tmp_path / "teacher-progress.png"))
    page.get_by_role("tab", name="Tournament").click()
    page.get_by_label("Games per bot").fill("1")
    page.get_by_label("Games per bot").press("Enter")
    page.get_by_role("button", name="Run the tournament").click()
    board = page.locator(".gluckauf-leaderboard")
    page.wait_for_function(
        "() => document.body.innerText.includes('games a minute')", timeout=120_000
    )
    assert board.locator("tr").count() == 5  # the head, ada, bea, eve and greedy
    text = page.inner_text("body")
    assert "bea's bot raised an error" in text and "Traceback" not in text
    page.screenshot(path=str(tmp_path / "teacher-tournament.png"))
    print(f"teacher's view screenshots: {tmp_path}")
    assert not aborted, f"the teacher's view asked the internet for {aborted[:5]}"
