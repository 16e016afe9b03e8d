"""Every solution a lesson shows in code solves its puzzle: each ``puzzle.play(...)`` written in a
notebook's markdown is played on a fresh copy of that puzzle (built as the notebook builds it)."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import nbformat
import pytest

from widgets.tutorial import mining

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
MODULE = re.compile(r"from widgets\.tutorial import (\w+) as lesson")
BUILT = re.compile(r"^(\w+) = lesson\.(\w+)\(\)", re.M)
PLAYED = re.compile(r"`(\w+)\.play\((.*?)\)`", re.S)


def solutions() -> list[tuple[str, str, str, tuple[str, ...]]]:
    """(notebook, module, builder function, actions) for every solution in code."""
    found = []
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        cells = nbformat.read(path, as_version=4).cells
        code = "\n".join(c.source for c in cells if c.cell_type == "code")
        module = MODULE.search(code)
        builders = dict(BUILT.findall(code))
        for cell in cells:
            if cell.cell_type != "markdown":
                continue
            for name, args in PLAYED.findall(cell.source):
                assert module and name in builders, f"{path.name}: {name}.play without a puzzle"
                actions = ast.literal_eval(f"({args},)")
                found.append((path.name, module.group(1), builders[name], actions))
    return found


SOLUTIONS = solutions()


def test_the_lessons_show_their_solutions_in_code() -> None:
    assert {notebook[:2] for notebook, *_ in SOLUTIONS} >= {"01", "03", "04", "05", "06", "08"}


@pytest.mark.parametrize(
    ("notebook", "module", "builder", "actions"),
    SOLUTIONS,
    ids=[f"{n[:2]}-{b}-{i}" for i, (n, _m, b, _a) in enumerate(SOLUTIONS)],
)
def test_every_solution_in_code_solves_its_puzzle(notebook, module, builder, actions) -> None:
    lesson = importlib.import_module(f"widgets.tutorial.{module}")
    puzzle = getattr(lesson, builder)()
    feedback = puzzle.play(*actions)
    if builder == "most_cubes_board":  # a free board: the answer is the number of cubes
        assert sum(puzzle.session.state.cubes_on_orders(mining.GABOR)) == mining.MOST_CUBES
    else:
        assert feedback.ok is True, f"{notebook}: {builder} {actions}: {feedback}"
