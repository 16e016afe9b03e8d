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
