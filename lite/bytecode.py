"""Add bytecode to pure-Python wheels, for the Python that will import them: run *inside*
Pyodide by lite/bytecode.mjs (``make lite`` does), with the wheels' folder as the argument.

Pyodide compiles a module's source every time it is imported, and in WebAssembly that is slow:
importing IPython as the kernel starts took 2.9 s from source and 0.3 s from bytecode (Node,
this machine). Each ``.py`` of a wheel gets its ``__pycache__`` file, compiled by the very
interpreter of the site (the magic number and the cache tag are its own) with *unchecked hash*
invalidation: the import uses it without comparing it with the source, whose times the
unpacking does not keep. The sources stay, so tracebacks still show their lines; RECORD lists
the new files. A file that does not compile (a template, another Python's code) keeps no
bytecode, as pip's installs do.
"""

from __future__ import annotations

import base64
import hashlib
import py_compile
import sys
import tempfile
import warnings
import zipfile
from collections.abc import Callable
from importlib.util import cache_from_source
from pathlib import Path


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def bytecode(name: str, source: bytes, scratch: Path) -> bytes | None:
    """``source``'s bytecode file (unchecked hash), or None where it does not compile."""
    (scratch / "module.py").write_bytes(source)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # old escapes and the like: pip compiles them too
            py_compile.compile(
                str(scratch / "module.py"),
                str(scratch / "module.pyc"),
                dfile=name,
                doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            )
    except py_compile.PyCompileError:
        return None
    return (scratch / "module.pyc").read_bytes()


def beside(name: str) -> str:
    """Where zipimport looks for a module's bytecode: next to its source (``os.pyc``)."""
    return name.removesuffix(".py") + ".pyc"


def add_bytecode(
    wheel: Path, scratch: Path, place: Callable[[str], str] = cache_from_source
) -> int:
    """Rewrite the zip ``wheel`` with a bytecode file for each module, named by ``place``
    (by default where an installed module's is: ``__pycache__``); returns how many it added."""
    with zipfile.ZipFile(wheel) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist()]
    names = {info.filename for info, _data in members}
    added = []
    for info, data in members:
        name = info.filename
        top = name.split("/")[0]
        if not name.endswith(".py") or top.endswith((".data", ".dist-info")):
            continue
        cached = place(name)
        if cached not in names and (code := bytecode(name, data, scratch)) is not None:
            # dated as its source, so that the same wheel is rewritten the same way
            added.append((zipfile.ZipInfo(cached, info.date_time), code))
    if not added:
        return 0
    rewritten = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(rewritten, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in members:
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines()
                lines += [record_line(new.filename, code) for new, code in added]
                data = ("\n".join(lines) + "\n").encode()
            archive.writestr(info, data)
        for info, code in added:
            archive.writestr(info, code, zipfile.ZIP_DEFLATED)
    rewritten.replace(wheel)
    return len(added)


def main(folder: str) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        for wheel in sorted(Path(folder).glob("*-none-any.whl")):
            count = add_bytecode(wheel, Path(scratch))
            print(f"bytecode: {wheel.name}: {count} modules ({sys.implementation.cache_tag})")
        stdlib = Path(folder) / "python_stdlib.zip"  # on sys.path as it is: zipimport
        if stdlib.exists():
            count = add_bytecode(stdlib, Path(scratch), beside)
            print(f"bytecode: {stdlib.name}: {count} modules")


if __name__ == "__main__":
    main(sys.argv[1])
