"""The rules reference in a real browser.

* ``notebooks/quick_reference.html`` and its German and Hungarian twins
  (``notebooks/de/quick_reference.html``, ``notebooks/hu/…``) printed to PDF by Chromium (A4):
  each exactly one page, no font below 8 pt, no glyph in a font the page does not name (no
  system fallback font for ő, ű, ★ …), nothing wider than the page, no network requests. A
  screenshot of the print layout and the PDF are kept for a human look (their paths are printed
  and in "browser timings").
* ``notebooks/reference.ipynb`` in JupyterLab, linked from another notebook's markdown with the
  links :func:`gluckauf.text.reference.rule_link` makes: each link scrolls to its rule's heading,
  whose anchor is exactly the rule ID.

JupyterLab 4.6 scrolls to a heading anchor (``reference.ipynb#R-MINE-3``) only when the reference
is already open: a link that opens it looks the heading up before its markdown cells are rendered
and stays at the top (``NotebookPanel.setFragment`` waits for the file, not for the rendering).
A cell-id link (``reference.ipynb#cell-id=R-MINE-3``, ``rule_link``'s default) also works
when it opens the reference; the xfail test below records the heading-anchor case.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import lab
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from gluckauf.text.catalogue import RULE_IDS
from gluckauf.text.reference import _QUICK_CSS, quick_path, rule_link

REPO = Path(__file__).resolve().parents[2]
REFERENCE = REPO / "notebooks" / "reference.ipynb"
MM = 96 / 25.4  # CSS px per mm
A4_CONTENT = (round((210 - 2 * 10) * MM), round((297 - 2 * 8) * MM))  # inside the @page margins

_SMALLEST_FONT_JS = """
() => {
  let least = null;
  for (const el of document.body.querySelectorAll('*')) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (least === null || px < least.px) {
      least = {px, tag: el.tagName.toLowerCase(), text: el.textContent.trim().slice(0, 40)};
    }
  }
  return least;
}
"""

_OVERFLOW_JS = """
() => {
  const width = document.documentElement.clientWidth;
  return [...document.body.querySelectorAll('*')]
    .filter(el => el.getBoundingClientRect().right > width + 0.5)
    .map(el => el.tagName.toLowerCase() + ': ' + el.textContent.trim().slice(0, 40));
}
"""


def pdf_pages(pdf: bytes) -> int:
    """Page objects in a PDF written by Chromium (its page objects are not compressed)."""
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


#: Every font family the quick reference's style sheet names (its text and its code).
NAMED_FONTS = {
    name.strip().strip('"')
    for stack in re.findall(r"font-family:\s*([^;]+);", _QUICK_CSS)
    for name in stack.split(",")
}


def glyph_fonts(page) -> dict[str, int]:
    """The fonts Chromium drew the page's text with, and how many glyphs each (DevTools'
    CSS.getPlatformFontsForNode: the real fonts, fallbacks included)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    used: dict[str, int] = {}
    nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "body *"})["nodeIds"]
    for node in nodes:
        for font in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]:
            used[font["familyName"]] = used.get(font["familyName"], 0) + font["glyphCount"]
    cdp.detach()
    return used


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_quick_reference_prints_on_one_a4_page(lang, page, timings, tmp_path_factory):
    quick = REPO / quick_path(lang)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    # The print layout: the page's content box at 96 dpi, print media.
    page.set_viewport_size({"width": A4_CONTENT[0], "height": A4_CONTENT[1]})
    page.goto(quick.as_uri(), wait_until="load")
    page.emulate_media(media="print")

    pdf = page.pdf(format="A4", print_background=True)
    pages = pdf_pages(pdf)
    least = page.evaluate(_SMALLEST_FONT_JS)
    smallest_pt = least["px"] * 72 / 96
    filled = page.evaluate("document.body.getBoundingClientRect().bottom") / A4_CONTENT[1]
    too_wide = page.evaluate(_OVERFLOW_JS)
    fonts = glyph_fonts(page)

    folder = tmp_path_factory.mktemp(f"quick-reference-{lang}")
    (folder / "quick_reference.pdf").write_bytes(pdf)
    page.screenshot(path=str(folder / "quick_reference_print.png"), full_page=True)
    summary = (f"{pages} A4 page(s), smallest font {smallest_pt:.1f} pt ({least['tag']}: "
               f"{least['text']!r}), page {filled:.0%} full, glyphs by font {fonts}; PDF and "
               f"screenshot in {folder}")  # fmt: skip
    timings[f"quick reference print ({lang})"] = summary
    print(f"\n[browser] quick reference ({lang}): {summary}")

    assert pages == 1, summary
    assert smallest_pt >= 8 - 1e-6, summary
    assert filled <= 1, summary
    assert not too_wide, f"wider than the page: {too_wide[:5]}"
    assert requests == [quick.as_uri()], f"requests besides the page itself: {requests}"
    # no font fallback: every glyph in a font the page's style sheet names
    assert fonts and set(fonts) <= NAMED_FONTS, f"fonts the page does not name: {fonts}"


# --- the reference notebook in JupyterLab -------------------------------------------------------
LINKED = ["R-MINE-3", "R-NOTATION-1", "R-SETUP-1"]


@pytest.fixture(scope="module")
def reference_lab(start_lab, tmp_path_factory):
    """JupyterLab serving reference.ipynb beside a lesson-like notebook that links to it."""
    folder = tmp_path_factory.mktemp("reference-links")
    lines = ["# Links into the rules reference", ""]
    lines += [f"- [{rule_id}]({rule_link(rule_id, cell_id=False)}) heading" for rule_id in LINKED]
    lines += [f"- [{rule_id} cell]({rule_link(rule_id)})" for rule_id in LINKED]
    lines += [
        "- [Glossary](reference.ipynb#Glossary)",
        "- [Glossary cell](reference.ipynb#cell-id=Glossary)",
    ]
    notebook = {
        "cells": [{"cell_type": "markdown", "id": "links", "metadata": {},
                   "source": "\n".join(lines)}],
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)",
                                    "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }  # fmt: skip
    (folder / "links.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    return start_lab([folder / "links.ipynb", REFERENCE])


_HEADING_JS = """
(id) => {
  const w = window.jupyterapp.shell.currentWidget;
  if (!w || !w.context || w.context.path !== 'reference.ipynb') return null;
  const h = w.node.querySelector(`h3[data-jupyter-id="${id}"], h2[data-jupyter-id="${id}"]`);
  if (!h) return {rendered: false};
  const r = h.getBoundingClientRect(), s = w.content.node.getBoundingClientRect();
  return {rendered: true, top: r.top - s.top, bottom: r.bottom - s.top, view: s.height,
          text: h.textContent.replace('¶', '').trim()};
}
"""


_CLOSE_REFERENCE_JS = """
() => { for (const w of window.jupyterapp.shell.widgets('main'))
          if (w.context && w.context.path === 'reference.ipynb') w.dispose(); }
"""
_REFERENCE_CLOSED_JS = """
() => ![...window.jupyterapp.shell.widgets('main')]
        .some(w => w.context && w.context.path === 'reference.ipynb')
"""


def _click_link(page, name: str) -> None:
    page.locator(".lm-TabBar-tab", has_text="links.ipynb").click()
    page.get_by_role("link", name=name, exact=True).click()


def _wait_heading_in_view(page, anchor: str, timeout: float = 15_000) -> dict:
    """Wait until the reference is the current tab with ``anchor``'s heading inside its view."""
    try:
        page.wait_for_function(
            f"() => {{ const h = ({_HEADING_JS})({json.dumps(anchor)});"
            "         return !!h && h.rendered && h.top >= 0 && h.bottom <= h.view; }",
            timeout=timeout,
            polling=100,
        )
    except PlaywrightTimeoutError:
        where = page.evaluate(_HEADING_JS, anchor)
        raise AssertionError(
            f"{anchor}'s heading is not in view after {timeout / 1000:.0f} s "
            f"(current tab's heading: {where})"
        ) from None
    return page.evaluate(_HEADING_JS, anchor)


def test_links_scroll_to_the_rule_headings(reference_lab, page, timings):
    lab.open_notebook(page, reference_lab.base_url, "links.ipynb")

    # A cell-id link opens the reference at the rule (a heading anchor would not, see xfail).
    _click_link(page, "R-MINE-3 cell")
    where = _wait_heading_in_view(page, "R-MINE-3")
    assert where["text"] == "R-MINE-3"

    # Each of the kit's links (cell-id links, as rule_link writes them and every lesson uses)
    # opens the reference at its heading, the glossary's too. The reference is closed between
    # links: JupyterLab 4.6 often leaves an already open notebook where it was when a second
    # link activates it (a known limit, see docs/teaching.md).
    for anchor in [*LINKED[1:], "Glossary", LINKED[0]]:
        page.evaluate(_CLOSE_REFERENCE_JS)
        page.wait_for_function(_REFERENCE_CLOSED_JS)
        _click_link(page, f"{anchor} cell")
        where = _wait_heading_in_view(page, anchor)
        assert where["text"] == anchor
    timings["reference links"] = f"{len(LINKED) + 2} links scrolled their heading into view"

    # Every rule is a heading whose anchor is exactly its ID, and no text became LaTeX math.
    # (JupyterLab renders a freshly opened notebook's cells as they come into view: scroll it
    # through, a screen at a time, until every rule's heading has been rendered.)
    page.wait_for_function(
        "n => { const w = window.jupyterapp.shell.currentWidget;"
        "       const found = w.node.querySelectorAll('h3[data-jupyter-id^=\"R-\"]').length;"
        "       w.content.node.scrollTop += w.content.node.clientHeight; return found >= n; }",
        arg=len(RULE_IDS),
        timeout=60_000,
        polling=200,
    )
    anchors = page.evaluate(
        "() => [...window.jupyterapp.shell.currentWidget.node"
        ".querySelectorAll('h3[data-jupyter-id^=\"R-\"]')].map(h => h.dataset.jupyterId)"
    )
    assert anchors == list(RULE_IDS)
    notation = page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.node"
        ".querySelector('h3[data-jupyter-id=\"R-NOTATION-1\"]').parentElement.textContent"
    )
    assert "$3–$6" in notation
    assert page.locator(".jp-NotebookPanel mjx-container, .jp-NotebookPanel .MathJax").count() == 0


@pytest.mark.xfail(
    reason="JupyterLab 4.6 looks the heading up before the reference's markdown "
    "is rendered when a link opens it (it works once the reference is open)",
    strict=True,
)  # fmt: skip (strict: when JupyterLab fixes it, we hear of it)
def test_a_heading_link_that_opens_the_reference_scrolls_to_the_rule(reference_lab, page):
    lab.open_notebook(page, reference_lab.base_url, "links.ipynb")
    _click_link(page, "R-MINE-3")
    _wait_heading_in_view(page, "R-MINE-3", timeout=8_000)
