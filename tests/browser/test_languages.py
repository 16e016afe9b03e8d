"""The kit in German and Hungarian, as a learner meets it: a German lesson in JupyterLab on a
1280×720 laptop (file browser open), its board's language picker switched in the page, and the
Hungarian play app in Voilà. Screenshots go to ``test-artifacts/screenshots/``."""

from __future__ import annotations

from pathlib import Path

import lab
from test_readability import assert_no_overflow, shot

from gluckauf.text.i18n import language
from widgets.labels import say
from widgets.tutorial import placing

REPO = Path(__file__).resolve().parents[2]


def _in(lang: str, key: str, **params: object) -> str:
    with language(lang):
        return say(key, **params)


def test_a_german_lesson_speaks_german_and_its_picker_switches_the_board(
    browser, start_lab
) -> None:
    server = start_lab([REPO / "notebooks"])
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        lab.open_notebook(page, server.base_url, "de/02_placing_workers.ipynb")
        lab.lab_command(page, "filebrowser:activate")
        lab.run_all(page)
        canvas = lab.wait_for_canvas(page)
        page.wait_for_function(
            "el => el.getBoundingClientRect().width > 100", arg=canvas.element_handle()
        )
        with language("de"):
            told = placing.money_puzzle().check().message  # the untouched puzzle's check
        assert told != placing.money_puzzle().check().message  # German, not English
        lab.wait_for_text(page, told[:30], timeout=30_000)
        undo_de, undo_en = _in("de", "button.undo"), _in("en", "button.undo")
        board = page.locator(".gluckauf-panel").first
        board.scroll_into_view_if_needed()
        board.get_by_role("button", name=undo_de).wait_for(timeout=30_000)
        assert_no_overflow(page)
        shot(page, "de-02_placing_workers-1280x720")
        board.get_by_role("combobox").last.select_option(label="English")
        board.get_by_role("button", name=undo_en, exact=True).wait_for(timeout=30_000)
        lab.wait_for_text(page, _in("en", "msg.language", language="English")[:30])
        shot(page, "de-02_placing_workers-picked-english-1280x720")
    finally:
        context.close()


def test_the_hungarian_play_app_speaks_hungarian(browser, start_voila) -> None:
    server = start_voila([REPO / "notebooks" / "hu", REPO / "voila.json"])
    lab.wait_for_warm_kernel(server, "play.ipynb")
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        lab.open_voila_board(page, server, "play.ipynb")
        for key in ("button.new", "button.save"):  # in the app's column, under Game…
            page.get_by_role("button", name=_in("hu", key), exact=True).wait_for(timeout=30_000)
        page.get_by_text(_in("hu", "label.language"), exact=True).wait_for(timeout=30_000)
        assert _in("hu", "button.new") != _in("en", "button.new")
        assert page.get_by_text("'hu'", exact=True).count() == 0  # the language cell is quiet
        assert_no_overflow(page)
        shot(page, "hu-play-voila-1280x720")
    finally:
        context.close()
