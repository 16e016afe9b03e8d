"""Lesson 3 (tunnel expansion): the price check and the three puzzles."""

from __future__ import annotations

import pytest

from widgets.tutorial import tunnels as lesson


def test_grey_puzzle_solution() -> None:
    puzzle = lesson.grey_puzzle()
    assert puzzle.check().ok is None
    feedback = puzzle.play("place F4")
    assert feedback.ok is True
    assert "The dark-side tile with 1 grey cart cost 3 Marks" in feedback.message
    assert "on the dark side" in feedback.message
    assert "Tile space F4 was refilled" in feedback.message
    assert "G1D" not in feedback.message  # the board shows no tile codes: words only


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("place F3", "You bought a dark-side tile with 2 yellow carts."),
        ("place F1", "You bought a dark-side tile with 1 black cart."),
        ("place F5", "You bought a light-side tile with 2 brown carts."),
        ("place $4", "You placed workers on the 4-Mark money space."),
    ],
)
def test_grey_puzzle_wrong(move: str, words: str) -> None:
    puzzle = lesson.grey_puzzle()
    feedback = puzzle.play(move)
    assert feedback.ok is False
    assert words in feedback.message


def test_grey_puzzle_refuses_the_dear_grey_tiles() -> None:
    puzzle = lesson.grey_puzzle()
    session = puzzle.session
    session.click("space:F2")
    assert "6 Marks, you have 5" in session.message
    assert puzzle.check().ok is None
    session.click("space:F4")
    assert puzzle.check().ok is True


def test_check_black_price() -> None:
    assert lesson.check_black_price(None).ok is None
    assert lesson.check_black_price(8).ok is True
    assert "one black cart" in lesson.check_black_price(4).message
    assert "number of carts" in lesson.check_black_price(2).message
    assert "grey" in lesson.check_black_price(6).message
    assert lesson.check_black_price(9).ok is False


@pytest.mark.parametrize("move", ["place F3", "place F5", "place F7"])
def test_balance_puzzle_any_affordable_dark_tile(move: str) -> None:
    feedback = lesson.balance_puzzle().play(move)
    assert feedback.ok is True
    assert "2 light and 2 dark" in feedback.message


def test_balance_puzzle_light_tile_is_wrong() -> None:
    feedback = lesson.balance_puzzle().play("place F1")
    assert feedback.ok is False
    assert "3 light and 1 dark" in feedback.message and "4 VP" in feedback.message
    assert lesson.balance_puzzle().play("place M6").ok is False


def test_balance_puzzle_black_dark_tile_is_too_dear() -> None:
    puzzle = lesson.balance_puzzle()
    assert puzzle.session.state.why_not("place F2") is not None


def test_star_puzzle_solution() -> None:
    puzzle = lesson.star_puzzle()
    assert puzzle.check().ok is None
    feedback = puzzle.play("choose B1D top Y2L K2D G1L K1L")
    assert feedback.ok is True
    state = puzzle.session.state
    assert state.tile_code(state.tile_deck[0]) == "Y2L"


def test_star_puzzle_by_clicks() -> None:
    puzzle = lesson.star_puzzle()
    shown = list(lesson.STAR_SHOWN)
    for code in ("B1D", "Y2L", "K2D", "G1L", "K1L"):
        puzzle.session.click(f"choice:{shown.index(code)}")
    puzzle.session.click("choice:top")
    assert puzzle.check().ok is True


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("choose - top K2D G1L B1D Y2L K1L", "You took no tile"),
        ("choose G1L top K2D B1D Y2L K1L", "3 light and 1 dark"),
        ("choose B1D bottom Y2L K2D G1L K1L", "at the bottom"),
        (
            "choose B1D top K2D G1L Y2L K1L",
            "the very top tile is now a dark-side tile with 2 black carts",
        ),
    ],
)
def test_star_puzzle_wrong(move: str, words: str) -> None:
    feedback = lesson.star_puzzle().play(move)
    assert feedback.ok is False
    assert words in feedback.message


def test_star_puzzle_refuses_the_dear_tile() -> None:
    state = lesson.star_puzzle().session.state
    refusal = state.why_not("choose K2D top G1L B1D Y2L K1L")
    assert refusal is not None and "8 Marks" in str(refusal)
