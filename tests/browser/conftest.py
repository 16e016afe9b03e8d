"""Real-browser fixtures: a throw-away Jupyter home, JupyterLab and Voilà servers, Chromium.

Servers are session-scoped (started once, on first use) and serve temporary copies of the
notebooks; Chromium is module-scoped (see ``browser``); each test gets a fresh context and page.

Generic use, e.g. for the board widget later::

    @pytest.fixture(scope="session")
    def board_lab(start_lab):
        return start_lab([REPO / "notebooks"])        # cached per list of sources

    def test_board(board_lab, page):
        lab.open_notebook(page, board_lab.base_url, "00_start_here.ipynb")
        lab.run_all(page)
        canvas = lab.wait_for_canvas(page)
        ...

A missing Chromium FAILS the tests (never skips): install it (`apt-get install chromium`,
done by .ci/run) or point GLUCKAUF_CHROMIUM at a Chrome/Chromium binary.
"""

from __future__ import annotations

import contextlib
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # `import lab` from the tests in this folder
import lab

NOTEBOOKS = Path(__file__).parent / "notebooks"
_STARTED: list[lab.Server] = []  # for the logs printed when a browser test fails
_TIMINGS: dict[str, str] = {}  # printed at the end of the run, even without -s


def pytest_terminal_summary(terminalreporter) -> None:
    if _TIMINGS:
        terminalreporter.section("browser timings")
        for k, v in _TIMINGS.items():
            terminalreporter.write_line(f"{k}: {v}")


@pytest.fixture(scope="session")
def timings() -> dict[str, str]:
    """Record ``timings[name] = "text"``; shown in a "browser timings" section of the report."""
    return _TIMINGS


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    rep = yield
    setattr(item, f"rep_{rep.when}", rep)  # lets the page fixture print logs on failure
    return rep


@pytest.fixture(scope="session")
def chromium_path() -> str:
    try:
        return lab.chromium_executable()
    except lab.BrowserTestSetupError as e:
        message = str(e)
    pytest.fail(message, pytrace=False)  # outside `except`: no chained duplicate in the report


@pytest.fixture(scope="session")
def jupyter_env(tmp_path_factory: pytest.TempPathFactory) -> lab.JupyterEnv:
    return lab.make_jupyter_env(tmp_path_factory.mktemp("jupyter-home"))


def _server_factory(
    kind: Callable[..., contextlib.AbstractContextManager[lab.Server]],
    name: str,
    env: lab.JupyterEnv,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[[Iterable[Path | str]], lab.Server]]:
    stack = contextlib.ExitStack()
    cache: dict[tuple[str, ...], lab.Server | str] = {}  # a str: why it could not start

    def start(sources: Iterable[Path | str]) -> lab.Server:
        key = tuple(str(Path(s).resolve()) for s in sources)
        if key not in cache:
            root = lab.copy_notebooks(key, tmp_path_factory.mktemp(f"{name}-root"))
            try:
                server = stack.enter_context(kind(env, root))
            except lab.BrowserTestSetupError as e:
                cache[key] = str(e)  # fail the next tests at once instead of timing out again
            else:
                cache[key] = server
                _STARTED.append(server)
                label = f"{name} server start" + (f" #{len(cache)}" if len(cache) > 1 else "")
                _TIMINGS[label] = f"{server.startup_s:.1f} s"
                print(f"\n[browser] {name} started in {server.startup_s:.1f} s "
                      f"at {server.base_url}")  # fmt: skip
        got = cache[key]
        if isinstance(got, str):
            pytest.fail(got, pytrace=False)
        return got

    with stack:
        yield start


@pytest.fixture(scope="session")
def start_lab(jupyter_env, tmp_path_factory) -> Iterator[Callable[..., lab.Server]]:
    """``start_lab([notebook files or folders])`` -> a JupyterLab server on a copy of them."""
    yield from _server_factory(lab.jupyterlab_server, "lab", jupyter_env, tmp_path_factory)


@pytest.fixture(scope="session")
def start_voila(jupyter_env, tmp_path_factory) -> Iterator[Callable[..., lab.Server]]:
    """``start_voila([notebook files or folders])`` -> a Voilà server; see ``lab.voila_url``."""
    yield from _server_factory(lab.voila_server, "voila", jupyter_env, tmp_path_factory)


@pytest.fixture(scope="session")
def lab_server(start_lab) -> lab.Server:
    """JupyterLab on a copy of tests/browser/notebooks."""
    return start_lab([NOTEBOOKS])


@pytest.fixture(scope="session")
def voila_server(start_voila) -> lab.Server:
    """Voilà on a copy of tests/browser/notebooks."""
    return start_voila([NOTEBOOKS])


@pytest.fixture(scope="module")
def browser(chromium_path: str):
    """Chromium via Playwright's sync API, per test module (launch ≈ 0.5 s).

    Not session-scoped on purpose: while the sync API is active it keeps an asyncio loop running
    in the main thread, so later non-browser tests in the same pytest run would see a running
    loop (``asyncio.run()`` raises; widgets' asyncio tasks are scheduled on it and never run).
    """
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        try:
            b = lab.launch_chromium(pw, chromium_path)
        except Exception as e:  # a broken binary: fail loudly, never skip
            message = f"could not launch Chromium at {chromium_path}: {e}"
        else:
            message = ""
        if message:
            pytest.fail(message, pytrace=False)
        try:
            yield b
        finally:
            b.close()


#: Every URL of a host other than this machine's (http, https, ws, wss). Matched in the
#: browser's driver, so that a local request never waits for this process (a route for every
#: request added 0.2–0.4 s to the offline site's start: issue 31's figure).
OUTSIDE = re.compile(r"^(?!(?:https?|wss?)://(?:127\.0\.0\.1|localhost)(?::\d+)?(?:/|$))")


@pytest.fixture
def offline_page(page) -> Iterator[tuple[object, list[str]]]:
    """The test's page with every request to a host other than this machine aborted (also
    those of a kernel's web worker and the service worker); yields it and the aborted URLs."""
    aborted: list[str] = []

    def outside(route) -> None:
        aborted.append(route.request.url)
        route.abort()

    page.context.route(OUTSIDE, outside)
    yield page, aborted


@pytest.fixture
def page(browser, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    """A fresh page (own context) with browser console errors collected for failure reports."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    p = context.new_page()
    p.set_default_timeout(30_000)
    logs: list[str] = []

    def on_console(m) -> None:
        # The pixel reads themselves cause "willReadFrequently" warnings: harness noise.
        if m.type in ("error", "warning") and "willReadFrequently" not in m.text:
            logs.append(f"console.{m.type}: {m.text}")

    p.on("console", on_console)
    p.on("pageerror", lambda e: logs.append(f"pageerror: {e}"))
    t0 = time.perf_counter()
    try:
        yield p
    finally:
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed:
            cache = getattr(request.config, "cache", None)  # absent with -p no:cacheprovider
            folder = Path(cache.mkdir("browser-failures")) if cache else tmp_path_factory.mktemp(
                "browser-failures")  # fmt: skip
            shot = folder / (request.node.name.replace("/", "_") + ".png")
            with contextlib.suppress(Exception):
                p.screenshot(path=str(shot), full_page=True)
                print(f"[browser] screenshot: {shot}")
            print(f"[browser] {len(logs)} console errors/warnings after "
                  f"{time.perf_counter() - t0:.1f} s:\n" + "\n".join(logs[-40:]))  # fmt: skip
            for s in _STARTED:
                print(f"--- {s.name} log ({s.log_path}), last lines ---\n{s.log_tail(25)}")
        context.close()
