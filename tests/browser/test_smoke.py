"""Smoke test of the browser harness with a stand-in ipycanvas notebook (canvas_smoke.ipynb).

JupyterLab: run all, pixels, click, error reporting, latency, save, reload → redrawn with the
current colour. Voilà: load, pixels, click, latency. No timing asserts (they would flake on a
busy 2-core CI machine); timings are printed in the "browser timings" report section.
"""

from __future__ import annotations

import statistics
import time

import lab

NOTEBOOK = "canvas_smoke.ipynb"
RED, BLUE = lab.hex_rgb("#d62728"), lab.hex_rgb("#1f77b4")
GREY = lab.hex_rgb("#dddddd")
INSIDE = (120, 70)  # the middle of the rectangle (40, 30, 160, 80)
OUTSIDE = (5, 5)  # background: clicking here raises in the handler on purpose


def _latency(page, canvas, timings, where: str) -> None:
    samples = lab.measure_click_latency(page, canvas, *INSIDE, clicks=10)  # even: colour kept
    timings[f"{where} click→pixel latency"] = lab.latency_summary(samples)
    print(f"\n[browser] {where} click→pixel latency: {lab.latency_summary(samples)}")
    assert statistics.median(samples) > 0


def test_jupyterlab_canvas_click_save_reload(lab_server, page, timings):
    t0 = time.perf_counter()
    lab.open_notebook(page, lab_server.base_url, NOTEBOOK)
    t_open = time.perf_counter() - t0
    lab.run_all(page)
    canvas = lab.wait_for_canvas(page)
    lab.wait_for_pixel(page, canvas, *INSIDE, (*RED, 255))
    timings["lab open → idle kernel"] = f"{t_open:.1f} s"
    timings["lab open → canvas drawn"] = f"{time.perf_counter() - t0:.1f} s"
    assert lab.canvas_pixel(page, canvas, *OUTSIDE) == (*GREY, 255)

    lab.click_canvas(page, canvas, *INSIDE)
    lab.wait_for_pixel(page, canvas, *INSIDE, (*BLUE, 255))
    # Exact coordinates: click_canvas lands in [x, x+1) even at fractional element positions.
    lab.wait_for_text(page, "Click 1 at (120, 70): now blue")

    lab.click_canvas(page, canvas, *OUTSIDE)
    lab.wait_for_text(page, "Error: click at (5, 5) is outside the rectangle")
    assert lab.canvas_pixel(page, canvas, *INSIDE) == (*BLUE, 255)

    _latency(page, canvas, timings, "lab")

    # Reload: a new view starts with a blank canvas unless the widget redraws on client_ready.
    lab.save_notebook(page)
    t0 = time.perf_counter()
    page.reload(wait_until="domcontentloaded")
    lab.wait_kernel_idle(page)
    canvas = lab.wait_for_canvas(page)
    lab.wait_for_pixel(page, canvas, *INSIDE, (*BLUE, 255))  # the CURRENT colour, not the first
    assert lab.canvas_pixel(page, canvas, *OUTSIDE) == (*GREY, 255)
    timings["lab reload → canvas redrawn"] = f"{time.perf_counter() - t0:.1f} s"
    # Still interactive after the reload.
    lab.click_canvas(page, canvas, *INSIDE)
    lab.wait_for_pixel(page, canvas, *INSIDE, (*RED, 255))
    lab.wait_for_text(page, "Click 12 at (120, 70): now red")


def test_voila_canvas_click(voila_server, page, timings):
    t0 = time.perf_counter()
    page.goto(lab.voila_url(voila_server, NOTEBOOK), wait_until="domcontentloaded")
    canvas = lab.wait_for_canvas(page)
    lab.wait_for_pixel(page, canvas, *INSIDE, (*RED, 255))
    timings["voila load → canvas drawn"] = f"{time.perf_counter() - t0:.1f} s"
    assert lab.canvas_pixel(page, canvas, *OUTSIDE) == (*GREY, 255)

    lab.click_canvas(page, canvas, *INSIDE)
    lab.wait_for_pixel(page, canvas, *INSIDE, (*BLUE, 255))
    lab.wait_for_text(page, "Click 1 at (120, 70): now blue")

    _latency(page, canvas, timings, "voila")


def test_click_and_pixel_helpers_at_fractional_position(page):
    """click_canvas/canvas_pixel without Jupyter: a canvas at a fractional position with a 2×
    backing store; the point ipycanvas would report (clientX - rect.left, scaled) is checked."""
    page.set_content("""
      <div style="position: absolute; left: 10.39px; top: 20.69px">
        <canvas id="c" width="200" height="100" style="width: 100px; height: 50px"></canvas>
      </div>
      <script>
        const c = document.getElementById('c'), ctx = c.getContext('2d');
        ctx.fillStyle = '#00ff00'; ctx.fillRect(0, 0, 200, 100);
        ctx.fillStyle = '#ff0000'; ctx.fillRect(40, 20, 2, 2);  // CSS pixel (20, 10)
        window.points = [];
        c.addEventListener('mousedown', e => {
          const r = c.getBoundingClientRect();  // as ipycanvas computes it
          points.push([c.width * (e.clientX - r.left) / r.width,
                       c.height * (e.clientY - r.top) / r.height]);
        });
      </script>""")
    canvas = page.locator("#c")
    assert lab.canvas_pixel(page, canvas, 20, 10) == (255, 0, 0, 255)
    assert lab.canvas_pixel(page, canvas, 21, 10) == (0, 255, 0, 255)
    targets = [(0, 0), (5, 7), (20, 10), (99, 49)]
    for x, y in targets:
        lab.click_canvas(page, canvas, x, y)
    got = page.evaluate("window.points")
    for (x, y), (gx, gy) in zip(targets, got, strict=True):
        # Backing-store coordinates (2×): CSS point in [x, x+1) ⇒ [2x, 2x+2).
        assert 2 * x <= gx < 2 * x + 2 and 2 * y <= gy < 2 * y + 2, (x, y, gx, gy)
