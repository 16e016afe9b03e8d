"""What lite/build.py does to the wheels the offline site's kernel loads as it starts: bytecode
added that the import uses as it is (lite/bytecode.py), and the lock file's entries.

The site itself, built, is run in Chromium by tests/browser/test_lite.py; here the steps run on
small wheels made for the test, with this machine's Python in place of Pyodide's.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[1]


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"lite_{name}", REPO / "lite" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bytecode = load("bytecode")
lite_build = load("build")

METADATA = """\
Metadata-Version: 2.1
Name: toy-pkg
Version: 1.0
Requires-Dist: dep>=1
Requires-Dist: tested ; extra == "test"
Requires-Dist: windows-only ; sys_platform == "win32"
"""


def make_wheel(folder: Path, files: dict[str, str]) -> Path:
    wheel = folder / "toy_pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, text in files.items():
            archive.writestr(zipfile.ZipInfo(name, (2020, 2, 2, 0, 0, 0)), text)
    return wheel


TOY = {
    "toy/__init__.py": "",
    "toy/mod.py": 'VALUE = "compiled from the wheel"\n',
    "toy/broken.py": "def oops(:\n",  # not Python: no bytecode, as pip does
    "toy-1.0.data/scripts/tool.py": "print('a script')\n",
    "toy_pkg-1.0.dist-info/METADATA": METADATA,
    "toy_pkg-1.0.dist-info/RECORD": "toy/__init__.py,,\ntoy_pkg-1.0.dist-info/RECORD,,\n",
}


def test_each_module_of_a_wheel_gets_bytecode_that_the_import_uses_unchecked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wheel = make_wheel(tmp_path, TOY)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    assert bytecode.add_bytecode(wheel, scratch) == 2  # __init__ and mod
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        record = archive.read("toy_pkg-1.0.dist-info/RECORD").decode()
        pyc = archive.read(f"toy/__pycache__/mod.{tag}.pyc")
    assert {f"toy/__pycache__/__init__.{tag}.pyc", f"toy/__pycache__/mod.{tag}.pyc"} < names
    assert not any("broken" in n and n.endswith(".pyc") for n in names)
    assert not any(n.startswith("toy-1.0.data") and n.endswith(".pyc") for n in names)
    digest = base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=").decode()
    assert f"toy/__pycache__/mod.{tag}.pyc,sha256={digest},{len(pyc)}" in record
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, source not checked
    # Unpacked with a changed source (its time is not kept), the bytecode is still used.
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    (site / "toy" / "mod.py").write_text('VALUE = "read from the source"\n')
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delitem(sys.modules, "toy", raising=False)
    monkeypatch.delitem(sys.modules, "toy.mod", raising=False)
    assert importlib.import_module("toy.mod").VALUE == "compiled from the wheel"


def test_bytecode_is_added_once_and_the_same_way_every_build(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    wheels = [make_wheel(first, TOY), make_wheel(second, TOY)]
    for wheel in wheels:
        bytecode.add_bytecode(wheel, scratch)
    assert wheels[0].read_bytes() == wheels[1].read_bytes()
    assert bytecode.add_bytecode(wheels[0], scratch) == 0
    assert wheels[0].read_bytes() == wheels[1].read_bytes()


def test_the_standard_library_zip_gets_bytecode_beside_each_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pyodide imports its standard library from a zip (zipimport), which looks for
    ``module.pyc`` next to ``module.py``."""
    stdlib = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as archive:
        archive.writestr("zipped_toy.py", 'VALUE = "compiled from the zip"\n')
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    assert bytecode.add_bytecode(stdlib, scratch, bytecode.beside) == 1
    with zipfile.ZipFile(stdlib) as archive:
        assert sorted(archive.namelist()) == ["zipped_toy.py", "zipped_toy.pyc"]
        pyc = archive.read("zipped_toy.pyc")
    changed = tmp_path / "changed.zip"  # the source changed, the bytecode kept
    with zipfile.ZipFile(changed, "w") as archive:
        archive.writestr("zipped_toy.py", 'VALUE = "read from the source"\n')
        archive.writestr("zipped_toy.pyc", pyc)
    monkeypatch.syspath_prepend(str(changed))
    monkeypatch.delitem(sys.modules, "zipped_toy", raising=False)
    assert importlib.import_module("zipped_toy").VALUE == "compiled from the zip"


def test_a_lock_entry_names_the_wheel_s_imports_hash_and_needs(tmp_path: Path) -> None:
    wheel = make_wheel(tmp_path, TOY)
    entry = lite_build.lock_entry(wheel, "3.14", {"dep", "toy-pkg"})
    assert entry["name"] == "toy-pkg" and entry["version"] == "1.0"
    assert entry["file_name"] == wheel.name
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["imports"] == ["toy"]
    assert entry["depends"] == ["dep"]  # not the test extra's, not Windows'
    assert (entry["install_dir"], entry["package_type"]) == ("site", "package")
    with pytest.raises(SystemExit, match="needs dep"):
        lite_build.lock_entry(wheel, "3.14", {"toy-pkg"})  # it would fail in the browser


def test_the_kernel_is_told_to_load_the_lock_s_packages(tmp_path: Path) -> None:
    config = tmp_path / "jupyter-lite.json"
    config.write_text((REPO / "lite" / "jupyter-lite.json").read_text())
    lite_build.configure_kernel(config, ["gluckauf-kit", "ipython"])
    settings = json.loads(config.read_text())["jupyter-config-data"]["litePluginSettings"]
    kernel = settings[lite_build.PYODIDE_KERNEL_PLUGIN]
    assert kernel["loadPyodideOptions"] == {"packages": ["gluckauf-kit", "ipython"]}
    assert kernel["disablePyPIFallback"] is True  # the rest is kept


PAGE = """<html><head>
    <link rel="manifest" href="../manifest.webmanifest">
    <script id="jupyter-config-data" type="application/json">{}</script>
    <script>import('../config-utils.js')</script>
</head></html>"""


def test_the_warm_start_comes_before_the_app_s_configuration_once(tmp_path: Path) -> None:
    page = lite_build.with_warm_start(PAGE)
    tag = '<script src="../warm-start.js"></script>'
    assert page.count(tag) == 1
    assert page.index(tag) < page.index('<script id="jupyter-config-data"')
    assert lite_build.with_warm_start(page) == page  # a second build adds nothing
    site = tmp_path / "site"
    for app in ("lab", "notebooks"):
        (site / app).mkdir(parents=True)
        (site / app / "index.html").write_text(PAGE)
    lite_build.install_warm_start(site)
    assert (site / "warm-start.js").read_text() == (REPO / "lite" / "warm-start.js").read_text()
    assert (site / "lab" / "index.html").read_text() == page  # where the site opens notebooks
    assert (site / "notebooks" / "index.html").read_text() == PAGE


def test_a_page_without_one_configuration_stops_the_build() -> None:
    with pytest.raises(SystemExit, match="no single configuration script"):
        lite_build.with_warm_start(PAGE.replace('id="jupyter-config-data"', 'id="other"'))
