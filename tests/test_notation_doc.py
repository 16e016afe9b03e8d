"""docs/notation.md is checked against the parser: every example parses, and prints back as its
canonical form; every order and tile code the page mentions is a real one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gluckauf import Choose, Draft, Fill, Place, parse_action
from gluckauf.core.components import ORDER_BY_CODE, SPACE_BY_CODE, TILE_BY_CODE

DOC = Path(__file__).resolve().parent.parent / "docs" / "notation.md"
CELL_SPLIT = re.compile(r"(?<!\\)\|")  # a table cell boundary (\| inside a cell is text)
CODE = re.compile(r"`([^`]+)`")


def tables(text: str) -> list[list[dict[str, str]]]:
    """Every Markdown table of the page as a list of {header: cell} rows."""
    found: list[list[dict[str, str]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("|---"):
            header = [c.strip() for c in CELL_SPLIT.split(lines[i].strip().strip("|"))]
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                cells = [c.strip() for c in CELL_SPLIT.split(lines[i].strip().strip("|"))]
                assert len(cells) == len(header), f"ragged table row: {lines[i]}"
                rows.append(dict(zip(header, cells, strict=True)))
                i += 1
            found.append(rows)
        else:
            i += 1
    return found


def one_code(cell: str) -> str:
    codes = CODE.findall(cell)
    assert len(codes) == 1, f"expected one `code` in {cell!r}"
    return codes[0]


TEXT = DOC.read_text(encoding="utf-8")
TABLES = tables(TEXT)
EXAMPLES = [one_code(row["Example"]) for rows in TABLES for row in rows if "Example" in row]
SPELLINGS = [
    (one_code(row["You type"]), one_code(row["Canonical"]))
    for rows in TABLES
    for row in rows
    if "You type" in row
]


def test_the_page_has_its_tables() -> None:
    assert len(EXAMPLES) >= 20
    assert len(SPELLINGS) >= 15


@pytest.mark.rule("R-NOTATION-1")
@pytest.mark.parametrize("example", EXAMPLES)
def test_every_example_is_canonical(example: str) -> None:
    action = parse_action(example)
    assert str(action) == example
    assert parse_action(str(action)) == action
    check_codes(action)


@pytest.mark.rule("R-NOTATION-1")
@pytest.mark.parametrize(("typed", "canonical"), SPELLINGS)
def test_every_friendly_spelling_reads_as_its_canonical_form(typed: str, canonical: str) -> None:
    action = parse_action(typed)
    assert str(action) == canonical
    assert parse_action(canonical) == action


def test_every_action_kind_has_an_example() -> None:
    kinds = {type(parse_action(example)).__name__ for example in EXAMPLES}
    assert kinds == {
        "Draft", "Place", "Choose", "SubstituteCube", "MoveCage", "Load", "Store", "Fill", "Stop",
    }  # fmt: skip
    assert {str(parse_action(e)) for e in EXAMPLES} >= {"place F*", "place O*", "place BANK"}


def test_every_rule_id_on_the_page_exists() -> None:
    from gluckauf.text.catalogue import RULES

    for rule_id in re.findall(r"R-[A-Z]+-\d+", TEXT):
        assert rule_id in RULES, rule_id


def test_every_code_on_the_page_is_real() -> None:
    """Order codes (W3YY) and tile codes (G2L) in backticks name real cards and tiles."""
    words = {word for code in CODE.findall(TEXT) for word in re.split(r"[\s:,+]+", code)}
    orders = {w for w in words if re.fullmatch(r"[WCTR]\d{1,2}[YBGK]{1,4}", w)}
    tiles = {w for w in words if re.fullmatch(r"[YBGK][12][LD]", w)}
    assert orders and tiles
    assert orders <= set(ORDER_BY_CODE), orders - set(ORDER_BY_CODE)
    assert tiles <= set(TILE_BY_CODE), tiles - set(TILE_BY_CODE)


def check_codes(action: object) -> None:
    """The example names real things: an order that exists, a slot it has, a real tile..."""
    if isinstance(action, Draft):
        assert action.order in ORDER_BY_CODE
    elif isinstance(action, Place):
        assert action.space in SPACE_BY_CODE
    elif isinstance(action, Fill):
        assert action.slot in ORDER_BY_CODE[action.order].slots
    elif isinstance(action, Choose):
        items = [action.take, *action.rest] if action.take else list(action.rest)
        assert all(i in TILE_BY_CODE for i in items) or all(i in ORDER_BY_CODE for i in items)
