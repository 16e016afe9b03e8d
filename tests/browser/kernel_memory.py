"""How much memory the kernels of a class session hold: JupyterLab opens lessons 00-09 (and,
with --all, the rules reference and the play app), runs every cell of each, leaves them open
(as a learner who never shuts a kernel down), then sums the resident memory (RSS) of the kernel
processes. Issue 25; the figure is in docs/teaching.md.

    .venv/bin/python tests/browser/kernel_memory.py [--all] [--lang de]

Needs Chromium (see tests/browser/README.md) and psutil. Serves a temporary copy of the
notebooks; stops the server and the browser when done."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lab

REPO = Path(__file__).resolve().parents[2]
LESSONS = [
    "00_start_here",
    "01_setup_and_board",
    "02_placing_workers",
    "03_tunnel_expansion",
    "04_mining",
    "05_delivery",
    "06_money_and_orders",
    "07_end_of_shift",
    "08_end_of_game",
    "09_full_game",
]


def kernel_processes(server: lab.Server) -> list[psutil.Process]:
    children = psutil.Process(server.proc.pid).children(recursive=True)
    return [p for p in children if "ipykernel_launcher" in " ".join(p.cmdline())]


def mib(n: float) -> str:
    return f"{n / 2**20:.0f} MiB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", action="store_true", help="also the reference and play app")
    parser.add_argument("--lang", choices=["en", "de", "hu"], default="en")
    args = parser.parse_args()
    folder = "notebooks" if args.lang == "en" else f"notebooks/{args.lang}"
    names = LESSONS + (["reference", "play"] if args.all else [])
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "root"
        lab.copy_notebooks([REPO / "notebooks"], root / "notebooks")
        env = lab.make_jupyter_env(Path(tmp) / "home")
        with lab.jupyterlab_server(env, root) as server, sync_playwright() as pw:
            browser = lab.launch_chromium(pw)
            try:
                page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
                for name in names:
                    t0 = time.perf_counter()
                    lab.open_notebook(
                        page, server.base_url, f"{folder}/{name}.ipynb", timeout=120_000
                    )
                    lab.run_all(page, timeout=300_000)
                    kernels = kernel_processes(server)
                    total = sum(p.memory_info().rss for p in kernels)
                    print(
                        f"{name:<22} run in {time.perf_counter() - t0:5.1f} s; "
                        f"{len(kernels):2} kernels, {mib(total)}",
                        flush=True,
                    )
                time.sleep(5)  # the bots of lesson 00 and the play app settle
                kernels = kernel_processes(server)
                rss = [p.memory_info().rss for p in kernels]
                server_rss = psutil.Process(server.proc.pid).memory_info().rss
                print(
                    f"\n{len(kernels)} kernels: {mib(sum(rss))} in all (each "
                    f"{mib(min(rss))}-{mib(max(rss))}); the server itself {mib(server_rss)}"
                )
            finally:
                browser.close()


if __name__ == "__main__":
    main()
