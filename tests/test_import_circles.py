"""No import circle in ``gluckauf/`` or ``widgets/`` (issue 28, 3).

Every ``import`` and ``from … import`` counts — at the top of a module or inside a function —
except those under ``if TYPE_CHECKING:`` (they never run). The import-linter contracts in
``pyproject.toml`` (``lint-imports``, run by ``make test``) keep the layers' direction; this test
keeps every module, layer or not, out of circles, the hidden function-level ones included.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("gluckauf", "widgets")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _package(path: Path, name: str) -> str:
    """The package a relative import in module ``name`` (at ``path``) starts from."""
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _from(node: ast.ImportFrom, package: str) -> str:
    """The module a ``from … import`` names, a relative one resolved against ``package``."""
    base = node.module or ""
    if not node.level:
        return base
    anchor = package.split(".")
    anchor = anchor[: len(anchor) - (node.level - 1)]
    return ".".join([*anchor, base] if base else anchor)


def imported(path: Path, modules: set[str], name: str | None = None) -> set[str]:
    """The kit's modules that ``path`` (module ``name``) imports when it runs (TYPE_CHECKING
    blocks left out)."""
    name = name or module_name(path)
    package = _package(path, name)
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = _from(child, package)
                for alias in child.names:  # a module of the package, else a name in it
                    submodule = f"{base}.{alias.name}"
                    found.add(submodule if submodule in modules else base)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {target for target in found if target in modules and target != name}


def graph() -> dict[str, set[str]]:
    paths = [path for package in PACKAGES for path in sorted((REPO / package).rglob("*.py"))]
    modules = {module_name(path) for path in paths}
    return {module_name(path): imported(path, modules) for path in paths}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return found


def test_the_finder_sees_a_circle_through_a_function_level_import(tmp_path) -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == [["a", "b", "c"]]
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    import gluckauf.core.state\n"
        "def f():\n    from gluckauf.core import rules\n"
    )
    modules = {"gluckauf.core.state", "gluckauf.core.rules", "gluckauf.core", "gluckauf"}
    assert imported(source, modules, "gluckauf.m") == {"gluckauf.core.rules"}


def test_the_kit_has_no_import_circle() -> None:
    edges = graph()
    assert len(edges) > 80  # both packages were read
    assert circles(edges) == []


def _kit_imports(path: Path) -> list[tuple[str, str | None, int]]:
    """Every import of the kit's own modules in ``path``: (module, name or None, line)."""
    package = _package(path, module_name(path))
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, None, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _from(node, package)
            found += [(base, alias.name, node.lineno) for alias in node.names]
    return [item for item in found if item[0].split(".")[0] in PACKAGES]


def test_every_import_of_the_kit_names_what_is_there() -> None:
    """Function-level imports too (they run only when called): a module moved or renamed
    without its importers following is found here, not by a learner."""
    import importlib

    paths = [path for package in PACKAGES for path in sorted((REPO / package).rglob("*.py"))]
    modules = {module_name(path) for path in paths}
    missing = []
    checked = 0
    for path in paths:
        for module, name, line in _kit_imports(path):
            checked += 1
            where = f"{path.relative_to(REPO)}:{line}"
            if module not in modules:
                missing.append(f"{where}: no module {module}")
            elif (
                name is not None
                and f"{module}.{name}" not in modules
                and not hasattr(importlib.import_module(module), name)
            ):
                missing.append(f"{where}: {module} has no {name}")
    assert checked > 500 and not missing, missing
