"""Build the kit as a static JupyterLite site that works with no server and no internet.

``make lite`` runs this with .venv-lite (lite/requirements.txt). It needs PyPI and the npm
registry while it builds; the site it writes (``build/lite``) needs neither, and any static
web server — ``python3 -m http.server`` on a teacher's laptop, a USB stick's folder put on one —
serves it. What goes into the site, and why (docs/architecture.md, "The kit in the browser"):

- **Pyodide's core** from the npm package ``pyodide``, at the version the Pyodide kernel was
  made for, instead of the CDN the kernel loads it from by default (``jupyter-lite.json``:
  ``pyodideUrl``). The npm package has no package wheels, so the few Pyodide packages the
  kernel loads as it starts (micropip, IPython and what they need) come from PyPI, at the
  versions Pyodide's lock file names (pure-Python wheels; their hashes are rewritten), and the
  lock keeps only those: a compiled package such as numpy fails to import at once instead of
  reaching for the network.
- **Wheels for pip in the browser** (``piplite``, PyPI fallback off): the kit itself, and the
  pure-Python wheels of its ``browser`` extra (ipywidgets, anywidget and what they need).
- **Everything loaded as the kernel starts** (:func:`preload`): those wheels and the kernel's
  own go into the lock file too, and the kernel's ``loadPyodideOptions`` names them all, so
  Pyodide fetches them at once while it starts; nothing is installed one by one.
- **The notebooks and docs**, each notebook as in the repository (the kit is there when its
  first cell runs); a notebook that cannot run in the browser says so at its top.
- **The notebook's kernel starts with JupyterLab** (:func:`install_warm_start`,
  ``lite/warm-start.js``): the JupyterLab page starts the kernel of the notebook in its
  address while JupyterLab itself is still starting, instead of after it.
- ``exposeAppInBrowser`` lets the browser test (tests/browser/test_lite.py) drive JupyterLab's
  commands, as in the lab tests, and the warm start find the app.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from email.parser import Parser
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

# Pyodide packages the kernel loads as it starts (with everything they depend on).
KERNEL_PACKAGES = ("micropip", "ipython", "jedi", "traitlets", "typing-extensions")
PYODIDE_CORE = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)
# The kit's pure dependency and its browser extra's packages, at the versions installed here
# (the widgets' JupyterLab extensions, built into the site from here, match their Python side).
BROWSER_PACKAGES = ("fastjsonschema", "ipywidgets", "anywidget")
# Not put on the site: the kernel has its own widgetsnbextension (a stub, whose JavaScript
# comes as a JupyterLab extension), and IPython needs no pexpect on emscripten.
NOT_ON_SITE = {"widgetsnbextension", "pexpect", "ptyprocess"}
PYODIDE_KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
PYODIDE_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
# The site's own words in each lesson's language (the notebooks of notebooks/de, notebooks/hu).
SITE_TEXT = {
    "en": {
        "server_only": "**This notebook does not run in the browser version of the kit**: "
        "{why}, and this page's Python runs in your browser, without a server and offline. "
        "Read it here, and run it in JupyterLab on a computer (the README's `make lab`) or on "
        "Binder.",
    },
    "de": {
        "server_only": "**Dieses Notebook läuft nicht in der Browser-Version des Kits**: "
        "{why}, und das Python dieser Seite läuft in deinem Browser, ohne Server und offline. "
        "Lies es hier und führe es in JupyterLab auf einem Computer aus (`make lab` im README) "
        "oder auf Binder.",
    },
    "hu": {
        "server_only": "**Ez a notebook nem fut a készlet böngészős változatában**: {why}, "
        "ennek az oldalnak a Pythonja pedig a böngésződben fut, szerver nélkül, offline. "
        "Olvasd el itt, és futtasd JupyterLabben egy számítógépen (a README `make lab` "
        "parancsával) vagy a Binderen.",
    },
}
# What the browser's Python cannot install offline (no compiled packages), by notebook.
SERVER_ONLY = {
    "11_strategy_lab.ipynb": {
        "en": "the tournaments and their plots need numpy and matplotlib",
        "de": "die Turniere und ihre Diagramme brauchen numpy und matplotlib",
        "hu": "a versenyekhez és az ábráikhoz numpy és matplotlib kell",
    },
    "12_review_your_game.ipynb": {
        "en": "the review's numbers and plots need numpy and matplotlib",
        "de": "die Zahlen und Diagramme der Spielanalyse brauchen numpy und matplotlib",
        "hu": "a játékelemzés számaihoz és ábráihoz numpy és matplotlib kell",
    },
    "teacher.ipynb": {
        "en": "the teacher's view collects from a class on a hub, and its tournaments need numpy",
        "de": "die Sicht der Lehrkraft sammelt von einer Klasse auf einem Hub ein, und ihre "
        "Turniere brauchen numpy",
        "hu": "a tanár nézete egy hubon lévő osztálytól gyűjt be, a versenyeihez pedig numpy kell",
    },
    "class_table.ipynb": {
        "en": "a class's tables are kept by the class service on a JupyterHub",
        "de": "die Tische einer Klasse verwaltet der Klassendienst auf einem JupyterHub",
        "hu": "egy osztály asztalait a JupyterHubon futó osztályszolgáltatás kezeli",
    },
    "table.ipynb": {
        "en": "two screens share one game through one Jupyter server",
        "de": "zwei Bildschirme teilen sich ein Spiel über einen Jupyter-Server",
        "hu": "két képernyő egy Jupyter-szerveren keresztül osztozik egy játékon",
    },
}


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def distribution(wheel: Path) -> str:
    """The normalized name of the distribution a wheel file holds."""
    return normal(wheel.name.split("-")[0])


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(*command: str | Path, cwd: Path | None = None) -> None:
    subprocess.run([str(part) for part in command], cwd=cwd, check=True)


def pip_download(requirements: list[str], into: Path, python: str, *, deps: bool) -> None:
    """Pure-Python wheels only (``none-any``), for the browser's Python version."""
    run(
        sys.executable,
        "-m",
        "pip",
        "download",
        "--quiet",
        "--disable-pip-version-check",
        *([] if deps else ["--no-deps"]),
        "--only-binary=:all:",
        "--platform",
        "any",
        "--implementation",
        "py",
        "--python-version",
        python,
        "--dest",
        into,
        *requirements,
    )


# --- Pyodide --------------------------------------------------------------------------------
def pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def pyodide_package(cache: Path, version: str) -> Path:
    """The npm package ``pyodide@version``, unpacked (downloaded once into ``cache``)."""
    tarball = cache / f"pyodide-{version}.tgz"
    if not tarball.exists():
        cache.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", f"pyodide@{version}", cwd=cache)
    unpacked = cache / f"pyodide-{version}"
    if not unpacked.exists():
        with tarfile.open(tarball) as archive:
            archive.extractall(cache / "unpacking", filter="data")
        (cache / "unpacking" / "package").rename(unpacked)
        shutil.rmtree(cache / "unpacking")
    return unpacked


def install_pyodide(target: Path, cache: Path) -> str:
    """Pyodide's core and the kernel's start-up packages into ``target``; returns the
    browser's Python version (major.minor)."""
    package = pyodide_package(cache / "npm", pyodide_version())
    target.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(package / name, target / name)
    lock = json.loads((package / "pyodide-lock.json").read_text())
    python = ".".join(lock["info"]["python"].split(".")[:2])
    packages = lock["packages"]
    wanted, todo = set(), [normal(name) for name in KERNEL_PACKAGES]
    while todo:
        name = todo.pop()
        if name not in wanted:
            wanted.add(name)
            todo += [normal(dep) for dep in packages[name]["depends"]]
    wheels = cache / "lock-wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    for name in sorted(wanted):
        entry = packages[name]
        wheel = wheels / entry["file_name"]
        if not entry["file_name"].endswith("-none-any.whl"):
            raise SystemExit(f"{name}: {entry['file_name']} is compiled: only Pyodide's CDN has it")
        if not wheel.exists():
            pip_download([f"{entry['name']}=={entry['version']}"], wheels, python, deps=False)
        shutil.copy2(wheel, target / wheel.name)  # PyPI's build: preload() hashes it, compiled
    lock["packages"] = {name: packages[name] for name in sorted(wanted)}
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return python


# --- wheels for pip in the browser ----------------------------------------------------------
def install_wheels(target: Path, cache: Path, python: str, lock: Path) -> None:
    """The kit's wheel and its browser extra's wheels (without what Pyodide's lock has)."""
    downloads = cache / f"wheels-py{python}"
    shutil.rmtree(downloads, ignore_errors=True)
    pinned = [f"{name}=={metadata.version(name)}" for name in BROWSER_PACKAGES]
    pip_download(pinned, downloads, python, deps=True)
    in_lock = {normal(name) for name in json.loads(lock.read_text())["packages"]}
    target.mkdir(parents=True)
    for wheel in sorted(downloads.glob("*.whl")):
        name = distribution(wheel)
        if name not in in_lock and name not in NOT_ON_SITE:
            shutil.copy2(wheel, target / wheel.name)
    run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--disable-pip-version-check",
        "--no-deps",
        "--wheel-dir",
        target,
        REPO,
    )


# --- what the kernel loads as it starts ----------------------------------------------------
def kernel_wheels() -> list[Path]:
    """The Pyodide kernel's own wheels (piplite, its ipykernel and widgetsnbextension stubs,
    pyodide_kernel), from its JupyterLab extension in .venv-lite; the newest of each."""
    pypi = (
        Path(sys.prefix)
        / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    )
    newest: dict[str, Path] = {}
    for wheel in sorted(pypi.glob("*.whl"), key=wheel_version):
        newest[distribution(wheel)] = wheel
    if "pyodide-kernel" not in newest:
        raise SystemExit(f"no pyodide_kernel wheel in {pypi}: is .venv-lite installed?")
    return list(newest.values())


def wheel_version(wheel: Path) -> Version:
    return Version(wheel.name.split("-")[1])


def lock_entry(wheel: Path, python: str, names: set[str]) -> dict:
    """A Pyodide lock file entry for a pure-Python wheel: its name, version, hash, top-level
    imports, and the packages of ``names`` it needs (its unconditional requirements)."""
    with zipfile.ZipFile(wheel) as archive:
        files = archive.namelist()
        info = next(n for n in files if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(info).decode())
    imports = sorted(
        {
            top.removesuffix(".py")
            for top in (name.split("/")[0] for name in files)
            if not top.endswith((".dist-info", ".data"))
            and (top.endswith(".py") or f"{top}/__init__.py" in files)
        }
    )
    environment = {"python_version": python, "sys_platform": "emscripten", "extra": ""}
    depends = set()
    for line in meta.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate(environment):
            if normal(requirement.name) not in names:
                raise SystemExit(f"{wheel.name} needs {requirement.name}, which is not loaded")
            depends.add(normal(requirement.name))
    return {
        "name": meta["Name"],
        "version": meta["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "package_type": "package",
        "imports": imports,
        "depends": sorted(depends),
        "sha256": sha256(wheel),
        "unvendored_tests": False,
    }


def preload(lock_dir: Path, pypi: Path, python: str) -> list[str]:
    """Make the kernel load everything as it starts, compiled: the kit, its browser extra and
    the kernel's own packages go into Pyodide's lock file (their wheels next to it), every
    wheel there gets its bytecode (lite/bytecode.py), and the kernel's
    ``loadPyodideOptions.packages`` names every package of the lock. Pyodide then fetches them
    all at once while it starts, where the kernel installed its packages one by one with
    piplite and a notebook's first cell installed the kit, and imports them without compiling
    their sources (issue 31: 12.5 s to a board, of which 4 s importing). Returns the names."""
    lock_file = lock_dir / "pyodide-lock.json"
    lock = json.loads(lock_file.read_text())
    wheels = [*kernel_wheels(), *sorted(pypi.glob("*.whl"))]
    for wheel in wheels:
        shutil.copy2(wheel, lock_dir / wheel.name)
    run("node", HERE / "bytecode.mjs", lock_dir / "pyodide.mjs", lock_dir)
    for entry in lock["packages"].values():  # Pyodide's own: PyPI's wheels, compiled now
        entry["sha256"] = sha256(lock_dir / entry["file_name"])
    names = set(lock["packages"]) | {distribution(w) for w in wheels}
    for wheel in wheels:
        entry = lock_entry(lock_dir / wheel.name, python, names)
        lock["packages"][normal(entry["name"])] = entry
    lock["packages"] = dict(sorted(lock["packages"].items()))
    lock_file.write_text(json.dumps(lock, indent=1, sort_keys=True))
    return list(lock["packages"])


def configure_kernel(config: Path, packages: list[str]) -> None:
    """jupyter-lite.json: the Pyodide kernel loads ``packages`` as it starts."""
    site = json.loads(config.read_text())
    settings = site["jupyter-config-data"]["litePluginSettings"][PYODIDE_KERNEL_PLUGIN]
    settings["loadPyodideOptions"] = {"packages": packages}
    config.write_text(json.dumps(site, indent=2, ensure_ascii=False) + "\n")


# --- contents -------------------------------------------------------------------------------
def lite_notebook(notebook: dict, name: str, lang: str = "en") -> dict:
    """The site's copy of a notebook in ``lang``: the Pyodide kernel (the kit is loaded with it:
    :func:`preload`, so there is nothing to install), and for a notebook that needs a server, a
    note saying so after its navigation line and its title, in the notebook's language."""
    metadata = {**notebook["metadata"], "kernelspec": PYODIDE_KERNEL}  # no "Select Kernel"
    if name not in SERVER_ONLY:
        return {**notebook, "metadata": metadata}
    note = {
        "cell_type": "markdown",
        "id": "lite-server-only",
        "metadata": {},
        "source": SITE_TEXT[lang]["server_only"]
        .format(why=SERVER_ONLY[name][lang])
        .splitlines(keepends=True),
    }
    first = notebook["cells"][:1]
    navigation = first if first and first[0].get("id") == "nav-top" else []
    after = notebook["cells"][len(navigation) : len(navigation) + 1]
    title = after if after and after[0]["cell_type"] == "markdown" else []  # the title first
    navigation = [*navigation, *title]
    rest = notebook["cells"][len(navigation) :]
    return {**notebook, "metadata": metadata, "cells": [*navigation, note, *rest]}


def install_contents(target: Path) -> None:
    """notebooks/ with its language folders (each notebook prepared by :func:`lite_notebook`)
    and docs/, as in the repository, so that the notebooks' links work."""
    notebooks = REPO / "notebooks"
    for source in sorted(notebooks.rglob("*")):  # the translations in notebooks/de, /hu too
        copy = target / "notebooks" / source.relative_to(notebooks)
        if not source.is_file() or ".ipynb_checkpoints" in source.parts:
            continue
        copy.parent.mkdir(parents=True, exist_ok=True)
        if source.suffix == ".ipynb":
            lang = source.parent.name if source.parent != notebooks else "en"
            notebook = lite_notebook(
                json.loads(source.read_text(encoding="utf-8")), source.name, lang
            )
            copy.write_text(
                json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
            )
        else:
            shutil.copy2(source, copy)
    shutil.copytree(REPO / "docs", target / "docs")


# --- the site -------------------------------------------------------------------------------
WARM_START = "warm-start.js"
WARM_START_PAGES = ("lab",)  # the app the site's links open notebooks in
WARM_START_TAG = f'<script src="../{WARM_START}"></script>'
CONFIG_TAG = '<script id="jupyter-config-data"'


def with_warm_start(page: str) -> str:
    """An app page's HTML with the warm start's script before the app's configuration (and so
    before the app itself), once."""
    if WARM_START_TAG in page:
        return page
    if page.count(CONFIG_TAG) != 1:
        raise SystemExit("an app page of the site has no single configuration script")
    return page.replace(CONFIG_TAG, f"{WARM_START_TAG}\n    {CONFIG_TAG}")


def install_warm_start(site: Path) -> None:
    """``lite/warm-start.js`` at the site's top, and in JupyterLab's page: the notebook's
    kernel starts while JupyterLab starts (issue 31)."""
    shutil.copy2(HERE / WARM_START, site / WARM_START)
    for app in WARM_START_PAGES:
        page = site / app / "index.html"
        page.write_text(with_warm_start(page.read_text(encoding="utf-8")), encoding="utf-8")


def check_site(site: Path) -> None:
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    extensions = {extension["name"] for extension in config.get("federated_extensions", [])}
    for needed in (
        "@jupyter-widgets/jupyterlab-manager",
        "anywidget",
        "@jupyterlite/pyodide-kernel-extension",
    ):
        if needed not in extensions:
            raise SystemExit(f"the site has no {needed} extension: is it in .venv-lite?")
    index = json.loads((site / "pypi" / "all.json").read_text())
    if "gluckauf-kit" not in index:
        raise SystemExit("the site's wheel index has no gluckauf-kit")
    wheel = next((site / "pypi").glob("gluckauf_kit-*.whl"))
    with zipfile.ZipFile(wheel) as archive:  # setup.py compiled the translations into it
        catalogues = [name for name in archive.namelist() if name.endswith(".mo")]
    if len(catalogues) < 8:
        raise SystemExit(
            f"{wheel.name} has {len(catalogues)} compiled catalogues, not the 8 "
            "of German and Hungarian: was it built with setup.py (Babel)?"
        )
    check_preload(site, config)
    for app in WARM_START_PAGES:
        if WARM_START_TAG not in (site / app / "index.html").read_text(encoding="utf-8"):
            raise SystemExit(f"{app}/index.html does not start the notebook's kernel early")
    if not config.get("exposeAppInBrowser"):
        raise SystemExit("the warm start needs exposeAppInBrowser (lite/jupyter-lite.json)")


def check_preload(site: Path, config: dict) -> None:
    """The kernel loads every package of the lock, each wheel as the lock says, with bytecode
    for the site's Python; the standard library has its bytecode too."""
    pyodide = site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    settings = config["litePluginSettings"][PYODIDE_KERNEL_PLUGIN]
    if settings.get("loadPyodideOptions", {}).get("packages") != list(lock):
        raise SystemExit("the kernel is not told to load every package of the lock")
    for name, entry in lock.items():
        wheel = pyodide / entry["file_name"]
        if sha256(wheel) != entry["sha256"]:
            raise SystemExit(f"{wheel.name} is not the wheel the lock's {name} names")
        with zipfile.ZipFile(wheel) as archive:
            if not any(n.endswith(".pyc") for n in archive.namelist()):
                raise SystemExit(f"{wheel.name} has no bytecode (lite/bytecode.py)")
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as archive:
        if "os.pyc" not in archive.namelist():
            raise SystemExit("python_stdlib.zip has no bytecode (lite/bytecode.py)")


def build(out: Path, cache: Path) -> None:
    started = time.perf_counter()
    out, cache = out.resolve(), cache.resolve()
    stage = out.with_name(out.name + "-src")  # the lite_dir jupyter lite builds from
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    for name in ("jupyter-lite.json", "jupyter_lite_config.json"):
        shutil.copy2(HERE / name, stage / name)
    python = install_pyodide(stage / "static" / "pyodide", cache)
    install_wheels(
        stage / "pypi", cache, python, stage / "static" / "pyodide" / "pyodide-lock.json"
    )
    packages = preload(stage / "static" / "pyodide", stage / "pypi", python)
    configure_kernel(stage / "jupyter-lite.json", packages)
    install_contents(stage / "files")
    shutil.rmtree(out, ignore_errors=True)
    run(
        Path(sys.executable).with_name("jupyter"),
        "lite",
        "build",
        "--lite-dir",
        stage,
        "--output-dir",
        out,
        cwd=stage,
    )
    install_warm_start(out)
    check_site(out)
    size = sum(path.stat().st_size for path in out.rglob("*") if path.is_file())
    print(
        f"lite: {out} — {size / 1e6:.0f} MB, Pyodide {pyodide_version()} (Python {python}), "
        f"built in {time.perf_counter() - started:.0f} s"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "build" / "lite")
    parser.add_argument("--cache", type=Path, default=REPO / ".lite-cache")
    args = parser.parse_args(argv)
    build(args.out, args.cache)


if __name__ == "__main__":
    main()
