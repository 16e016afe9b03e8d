"""Every benchmark still runs: each ``benchmarks/*.py`` in its ``--quick`` mode (the same code
path at a tiny size), as a subprocess from the repository root. No figure is asserted: only that
it ran to the end and printed numbers. The browser ones drive a real Chromium here too; without
one they fail (never skip), like tests/browser.

Two benchmarks run at a time (the browser ones mostly wait), the longest first; each test
prints its benchmark's wall time.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import psutil
import pytest

REPO = Path(__file__).resolve().parent.parent
BENCHMARKS = sorted(path.name for path in (REPO / "benchmarks").glob("*.py"))
#: Options beyond --quick, as `make bench` runs them (bot_latency: its browser path too).
EXTRA_ARGS = {"bot_latency.py": ["--browser"]}
#: The ones that drive Chromium (through tests/browser/lab.py).
BROWSER = {"bot_latency.py", "click_latency.py"}
LONGEST_FIRST = ["bot_latency.py", "click_latency.py", "review_speed.py", "mcts_vs_greedy.py"]
TIMEOUT = 300.0  # seconds per benchmark (they take seconds; a browser one up to about 40)
PARALLEL = 2

sys.path.insert(0, str(REPO / "tests" / "browser"))  # `import lab`: how the tests find Chromium
import lab  # noqa: E402


@dataclass
class Run:
    command: list[str]
    returncode: int
    stdout: str
    stderr: str
    seconds: float

    def report(self) -> str:
        return (
            f"$ {' '.join(self.command)}  (exit {self.returncode}, {self.seconds:.1f} s)\n"
            f"--- stdout ---\n{self.stdout[-4000:]}\n--- stderr ---\n{self.stderr[-4000:]}"
        )


def _stop_tree(proc: subprocess.Popen[str]) -> None:
    """End a benchmark that ran too long and every process it started (JupyterLab, kernels,
    Chromium): SIGINT first, so its context managers stop the servers, then SIGKILL."""
    family: list[psutil.Process] = []
    with contextlib.suppress(psutil.Error):
        family = psutil.Process(proc.pid).children(recursive=True)
    with contextlib.suppress(ProcessLookupError):
        os.kill(proc.pid, signal.SIGINT)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
    for child in family:
        with contextlib.suppress(psutil.Error):
            child.kill()


def run_quick(name: str) -> Run:
    command = [sys.executable, f"benchmarks/{name}", "--quick", *EXTRA_ARGS.get(name, [])]
    started = time.perf_counter()
    proc = subprocess.Popen(command, cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        stdout, stderr = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        _stop_tree(proc)
        stdout, stderr = proc.communicate()
        stderr += f"\n[test_benchmarks] stopped after {TIMEOUT:.0f} s"
    return Run(command, proc.returncode, stdout, stderr, time.perf_counter() - started)


@pytest.fixture(scope="module")
def quick_runs(request: pytest.FixtureRequest) -> Iterator[dict[str, Future[Run]]]:
    """The selected benchmarks' quick runs, started together (PARALLEL at a time)."""
    wanted = {item.callspec.params["name"] for item in request.session.items
              if item.module is request.module and hasattr(item, "callspec")
              and "name" in item.callspec.params}  # fmt: skip
    order = sorted(wanted, key=lambda n: LONGEST_FIRST.index(n) if n in LONGEST_FIRST else 99)
    with ThreadPoolExecutor(PARALLEL, thread_name_prefix="benchmark") as pool:
        yield {name: pool.submit(run_quick, name) for name in order}


@pytest.mark.parametrize("name", BENCHMARKS)
def test_quick_mode_runs_and_prints_numbers(name: str, quick_runs: dict[str, Future[Run]]) -> None:
    if name in BROWSER:
        missing = ""
        try:
            lab.chromium_executable()
        except lab.BrowserTestSetupError as error:
            missing = str(error)
        if missing:  # outside `except`: no chained duplicate in the report
            pytest.fail(f"{name} drives Chromium: {missing}", pytrace=False)
    run = quick_runs[name].result()
    print(f"\n[benchmark] {name} --quick: {run.seconds:.1f} s")
    code = run.returncode
    assert code == 0, f"{name} --quick failed:\n{run.report()}"
    assert "Traceback" not in run.stderr, f"{name} --quick printed a traceback:\n{run.report()}"
    assert run.stdout.strip(), f"{name} --quick printed nothing:\n{run.report()}"
    assert re.search(r"\d", run.stdout), f"{name} --quick printed no number:\n{run.report()}"


def test_the_benchmark_list_is_what_the_tests_expect() -> None:
    """The names this file treats specially are still benchmarks (a rename must not silently
    drop, say, the browser path), and there are benchmarks at all."""
    assert BENCHMARKS, "no benchmarks/*.py found"
    assert set(EXTRA_ARGS) | BROWSER | set(LONGEST_FIRST) <= set(BENCHMARKS)


def _recipe(makefile: str, target: str) -> str:
    match = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert match, f"no {target}: target in the Makefile"
    return match.group(1)


def test_make_bench_or_bots_runs_every_benchmark() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    recipes = _recipe(makefile, "bench") + _recipe(makefile, "bots")
    missing = [name for name in BENCHMARKS if f"benchmarks/{name}" not in recipes]
    assert not missing, f"benchmarks that neither `make bench` nor `make bots` runs: {missing}"
