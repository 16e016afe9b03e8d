"""The notebooks as the JupyterLite site has them (lite/build.py), run in a real kernel that,
like the browser's Pyodide offline, cannot import a compiled package: every lesson and the play
app run without an error; the notebooks the site marks as needing a server do need one.

tests/browser/test_lite.py runs lesson 00 in the browser itself; this covers every notebook
in a few seconds each.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
_spec = importlib.util.spec_from_file_location("lite_build", REPO / "lite" / "build.py")
assert _spec is not None and _spec.loader is not None
lite_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lite_build)

# What Pyodide cannot install offline (compiled, or needing compiled packages).
# Babel too: the site's kit reads its compiled catalogues (.mo) without it.
COMPILED = ("numpy", "PIL", "ipycanvas", "jsonschema", "rpds", "matplotlib", "scipy", "babel")
BLOCKER = f"""
import sys


class NotInTheBrowser:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {COMPILED!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}} (not in the browser)")
        return None


sys.meta_path.insert(0, NotInTheBrowser())
"""
RUNNABLE = sorted(
    path.name for path in NOTEBOOKS.glob("*.ipynb") if path.name not in lite_build.SERVER_ONLY
)
# A lesson in each translation, as the site has them (notebooks/de, notebooks/hu).
RUNNABLE += ["de/02_placing_workers.ipynb", "hu/05_delivery.ipynb", "hu/play.ipynb"]
NEEDS_NUMPY = [name for name, why in lite_build.SERVER_ONLY.items() if "numpy" in why["en"]]


@pytest.fixture(scope="module")
def browser_like_kernel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An IPython profile whose startup file refuses every compiled package."""
    ipython_dir = tmp_path_factory.mktemp("ipython")
    startup = ipython_dir / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "00-not-in-the-browser.py").write_text(BLOCKER)
    return ipython_dir


def executed_on_the_site(
    name: str, ipython_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> nbformat.NotebookNode:
    """The site's copy of ``notebooks/name``, run in a kernel like the browser's."""
    notebook = lite_build.lite_notebook(json.loads((NOTEBOOKS / name).read_text()), name)
    monkeypatch.setenv("IPYTHONDIR", str(ipython_dir))  # the kernel's profile
    monkeypatch.chdir(tmp_path)  # a lesson that saves a game writes here
    node = nbformat.reads(json.dumps(notebook), as_version=4)
    NotebookClient(
        node,
        timeout=300,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(tmp_path)}},
    ).execute()
    return node


def run_as_on_the_site(
    name: str, ipython_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> list[dict]:
    """Run the site's copy of ``notebooks/name``; returns its error outputs."""
    node = executed_on_the_site(name, ipython_dir, tmp_path, monkeypatch)
    return [
        output
        for cell in node.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if output.output_type == "error"
    ]


def test_a_translated_lesson_on_the_site_says_what_its_stored_checks_say(
    browser_like_kernel: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The German lesson speaks German in a kernel without Babel (the compiled catalogues):
    its checked cells print what nbval's stored outputs say."""
    name = "de/02_placing_workers.ipynb"
    node = executed_on_the_site(name, browser_like_kernel, tmp_path, monkeypatch)
    stored = {c["id"]: c for c in json.loads((NOTEBOOKS / name).read_text())["cells"]}
    checked = [cell for cell in node.cells if "NBVAL_CHECK_OUTPUT" in cell.source]
    assert len(checked) >= 3
    for cell in checked:
        said = "".join("".join(o.get("text", "")) for o in cell.outputs)
        want = "".join("".join(o.get("text", "")) for o in stored[cell.id]["outputs"])
        assert said == want and "Noch" in want, (cell.id, said)


@pytest.mark.parametrize("name", RUNNABLE)
def test_the_site_s_notebook_runs_without_compiled_packages(
        name: str, browser_like_kernel: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    errors = run_as_on_the_site(name, browser_like_kernel, tmp_path, monkeypatch)
    assert not errors, f"{errors[0]['ename']}: {errors[0]['evalue']}"


@pytest.mark.parametrize("name", NEEDS_NUMPY)
def test_a_notebook_marked_as_needing_numpy_does(
    name: str, browser_like_kernel: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    errors = run_as_on_the_site(name, browser_like_kernel, tmp_path, monkeypatch)
    assert errors and "not in the browser" in errors[0]["evalue"]  # else: drop its note


def test_the_site_s_copy_is_the_lesson_with_the_browser_s_kernel() -> None:
    """The kit is loaded with the kernel (lite/build.py, ``preload``): the lesson starts with
    its own first cell, as in the repository; only the kernel differs."""
    name = "04_mining.ipynb"
    original = json.loads((NOTEBOOKS / name).read_text())
    copy = lite_build.lite_notebook(original, name)
    assert copy["cells"] == original["cells"]
    assert "piplite" not in json.dumps(copy)
    assert copy["metadata"]["kernelspec"]["name"] == "python"  # the Pyodide kernel's
    assert original["metadata"]["kernelspec"]["name"] != "python"
    marked = lite_build.lite_notebook(original, "11_strategy_lab.ipynb")
    assert marked["cells"][:2] == original["cells"][:2]  # the navigation line, then the title
    assert "does not run in the browser" in "".join(marked["cells"][2]["source"])
    assert marked["cells"][3:] == original["cells"][2:]


@pytest.mark.parametrize(
    ("lang", "words"),
    [("de", "läuft nicht in der Browser-Version"), ("hu", "nem fut a készlet böngészős")],
)  # fmt: skip
def test_the_site_s_own_cells_speak_the_lesson_s_language(lang: str, words: str) -> None:
    name = "11_strategy_lab.ipynb"
    original = json.loads((NOTEBOOKS / name).read_text())
    copy = lite_build.lite_notebook(original, name, lang)
    added = [cell for cell in copy["cells"] if cell not in original["cells"]]
    assert len(added) == 1  # the note, after the title
    said = "".join(added[0]["source"])
    assert words in said and "does not run" not in said, said
    assert copy["cells"][:2] == original["cells"][:2]  # the navigation line, then the title
