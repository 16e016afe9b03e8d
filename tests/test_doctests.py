"""Every example in a docstring of the kit runs and shows what it says (issue 28, 6).

Each module of ``gluckauf`` and ``widgets`` is imported and its doctests run, one test per
module that has any; an example marked ``# doctest: +SKIP`` (one that writes files) is left out.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import gluckauf
import widgets

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def modules_with_examples() -> list[str]:
    names = []
    for package in (gluckauf, widgets):
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if info.name.endswith("__main__"):
                continue  # running it is the CLI
            module = importlib.import_module(info.name)
            if _examples(module):
                names.append(info.name)
    return [gluckauf.__name__, *names] if _examples(gluckauf) else names


def _examples(module: ModuleType) -> int:
    finder = doctest.DocTestFinder(exclude_empty=True)
    return sum(
        1
        for test in finder.find(module, module.__name__)
        if test.filename == getattr(module, "__file__", None)
        for example in test.examples
        if not example.options.get(doctest.SKIP)
    )


MODULES = modules_with_examples()


def test_the_examples_are_found() -> None:
    # issue 28 counted 7 modules with examples; gluckauf.text.reference's only one writes files
    assert len(MODULES) >= 6, MODULES


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_a_module_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS, verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name}"
