"""Answers that name a player are accepted however a learner types them (case, accents, spaces),
and a name typed without quotes does not end in a NameError: every lesson that asks for a name
runs widgets.tutorial.names.NAMES_CELL first, and every lesson that asks for a letter defines
A, B and C in the answer cell."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from widgets.tutorial import fullgame, setup, shifts, start
from widgets.tutorial.names import NAMES_CELL, PLAYERS, plain, seat_named, spellings

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
NAME_CHECKS = re.compile(r"check_(winner|first_picker|e6|shift_leader)\(")
LETTER_CHECKS = re.compile(r"check_tie_break\(answer\)|check_balance\(answer, balance\)")

TYPED = ["Zsófi", "zsófi", "Zsofi", "zsofi", "ZSOFI", "ZSÓFI", "  zsófi ", "Zso\u0301fi"]


def test_plain_and_seat_named() -> None:
    assert plain(" Zsófi ") == plain("ZSOFI") == "zsofi"
    assert [seat_named(name) for name in TYPED] == [1] * len(TYPED)
    assert seat_named("péter") == 2 and seat_named("GABOR") == 0
    assert seat_named("Anna") is None and seat_named(None) is None and seat_named(1) is None
    assert seat_named("zsofi", ["Ann", "Zsófi"]) == 1


def test_spellings_are_python_names() -> None:
    for name in PLAYERS:
        found = spellings(name)
        assert found[0] == name and len(set(found)) == len(found)
        assert all(spelling.isidentifier() for spelling in found)
        assert {plain(spelling) for spelling in found} == {plain(name)}
    assert spellings("Zsófi") == ("Zsófi", "zsófi", "Zsofi", "zsofi", "ZSOFI")


def names_defined() -> dict[str, object]:
    namespace: dict[str, object] = {}
    exec(NAMES_CELL, namespace)
    namespace.pop("__builtins__")
    return namespace


def test_the_names_cell_defines_every_spelling() -> None:
    assert names_defined() == {s: name for name in PLAYERS for s in spellings(name)}


# --- every check that takes a name -------------------------------------------------------------
def winner(answer):
    return start.check_winner(answer, start.bot_game())


CHECKS = [  # (check, the right player, a wrong one)
    (winner, "Zsófi", "Péter"),
    (setup.check_first_picker, "Péter", "Zsófi"),
    (shifts.check_e6, "Gábor", "Zsófi"),
    (fullgame.check_shift_leader, "Zsófi", "Péter"),
]


@pytest.mark.parametrize(("check", "name", "other"), CHECKS)
def test_every_name_check_accepts_the_name_however_it_is_typed(check, name, other) -> None:
    for typed in [*spellings(name), f"  {name.lower()} ", name.upper()]:
        assert check(typed).ok is True, (check.__name__, typed)
    for typed in spellings(other):
        feedback = check(typed)
        assert feedback.ok is False and "quotes" not in feedback.message, typed


@pytest.mark.parametrize(("check", "name", "other"), CHECKS)
def test_every_name_check_accepts_the_names_cell_variables(check, name, other) -> None:
    defined = names_defined()
    for variable in spellings(name):
        assert check(defined[variable]).ok is True


@pytest.mark.parametrize(("check", "name", "other"), CHECKS)
def test_every_name_check_explains_a_stranger(check, name, other) -> None:
    feedback = check("Anna")
    assert feedback.ok is False and all(player in feedback.message for player in PLAYERS)


# --- the notebooks ------------------------------------------------------------------------------
def code_cells(path: Path) -> list[str]:
    return [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]


def lessons_asking(pattern: re.Pattern[str]) -> list[Path]:
    return [
        p
        for p in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
        if any(pattern.search(source) for source in code_cells(p))
    ]


def test_the_lessons_that_ask_for_names() -> None:
    assert [p.name[:2] for p in lessons_asking(NAME_CHECKS)] == ["00", "01", "07", "09"]


@pytest.mark.parametrize("path", lessons_asking(NAME_CHECKS), ids=lambda p: p.name)
def test_a_lesson_defines_the_names_before_it_asks_for_one(path: Path) -> None:
    cells = code_cells(path)
    first = next(i for i, source in enumerate(cells) if NAME_CHECKS.search(source))
    assert NAMES_CELL in cells[:first], f"{path.name}: no names cell before its first question"
    assert cells.count(NAMES_CELL) == 1


@pytest.mark.parametrize("path", lessons_asking(LETTER_CHECKS), ids=lambda p: p.name)
def test_a_letter_question_defines_its_letters(path: Path) -> None:
    for source in code_cells(path):
        if LETTER_CHECKS.search(source):
            namespace: dict[str, object] = {}
            exec(source.split("answer = None")[0], namespace)
            assert {k: namespace[k] for k in "ABC"} == {"A": "A", "B": "B", "C": "C"}


def test_lessons_with_letter_questions() -> None:
    assert [p.name[:2] for p in lessons_asking(LETTER_CHECKS)] == ["09", "11"]
