"""Colour vision (issue 26, 3): the four coal colours stay apart for a learner who sees colours
differently, and each carries a shape of its own, so no colour is ever the only sign."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE
from helpers import built_states, states_by_phase

from gluckauf.core.components import COLOUR_LETTERS
from widgets.contrast import background, rgb
from widgets.draw import picture
from widgets.icons import COAL, COAL_SIGNS, coal_sign, cube
from widgets.painter import Painter
from widgets.session import GameSession

# CAM02-UCS distance two coal colours keep at least, in every simulation: a just-noticeable
# difference is about 1-2; 20 is an obvious difference between two small patches (the four
# colours are 26-72 apart in every vision today).
DISTINCT = 20.0
VISIONS = ("deuteranomaly", "protanomaly", "tritanomaly")  # at severity 100: -anopia


def _seen(colour: str, vision: str | None) -> np.ndarray:
    """``colour`` as sRGB 0…1, as a viewer with ``vision`` (None: typical) sees it."""
    value = np.array(rgb(colour)) / 255
    if vision is None:
        return value
    space = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
    return np.clip(cspace_convert(value, space, "sRGB1"), 0, 1)


@pytest.mark.parametrize("vision", [None, *VISIONS])
def test_every_pair_of_coal_colours_stays_distinct(vision) -> None:
    for a, b in itertools.combinations(range(4), 2):
        distance = deltaE(
            _seen(COAL[a], vision),
            _seen(COAL[b], vision),
            input_space="sRGB1",
            uniform_space="CAM02-UCS",
        )
        assert distance >= DISTINCT, (vision, COAL[a], COAL[b], round(float(distance), 1))


def test_the_simulation_does_tell_colours_apart_that_a_viewer_cannot() -> None:
    """The check can fail: red and green, far apart for a typical viewer, come close for a
    deuteranope."""
    red, green = "#d1453b", "#5f9e3b"
    typical = deltaE(
        _seen(red, None), _seen(green, None), input_space="sRGB1", uniform_space="CAM02-UCS"
    )
    deutan = deltaE(
        _seen(red, "deuteranomaly"),
        _seen(green, "deuteranomaly"),
        input_space="sRGB1",
        uniform_space="CAM02-UCS",
    )
    assert typical >= DISTINCT > deutan


def _outline(colour: int) -> tuple:
    """The sign's geometry alone (kinds of shapes and their points, no colours)."""
    p = Painter()
    coal_sign(p, 0, 0, 10, colour, fill="#000")
    return tuple((op[0], op[1:-3] if op[0] != "polygon" else op[1]) for op in p.ops)


def test_each_coal_colour_has_a_shape_of_its_own() -> None:
    shapes = [_outline(colour) for colour in range(4)]
    assert len(set(shapes)) == 4
    assert len(set(COAL_SIGNS)) == 4
    # not the same shape scaled or moved: the kinds of parts and their corners differ
    outlines = {
        tuple((kind, len(geometry) if kind == "polygon" else 0) for kind, geometry in shape)
        for shape in shapes
    }
    assert len(outlines) == 4


@pytest.mark.parametrize("size", [8, 12, 16, 24, 40])
def test_every_cube_carries_its_sign_at_every_size(size) -> None:
    for colour in range(4):
        p = Painter()
        cube(p, 0, 0, size, colour)
        body, *rest = p.ops  # the face, then its sign, then the shading and grains
        assert body[5] == COAL[colour]
        plain = Painter()
        coal_sign(plain, size / 2, size / 2, size * 0.55, colour)
        assert plain.ops and rest[: len(plain.ops)] == plain.ops


def test_no_cube_on_the_board_is_told_by_its_colour_alone() -> None:
    """In every picture, each coal-coloured square is followed by its colour's sign, and no
    English colour letter stands on a cube."""
    states = [*states_by_phase(((3, 5), (4, 7)), per_phase=2, every=11), *built_states().values()]
    cubes = 0
    for state in states:
        session = GameSession(state, view="full")
        ops = picture(state, session.layout).ops
        for index, op in enumerate(ops):
            if op[0] == "rect" and op[5] in COAL:
                colour = COAL.index(op[5])
                x, y, w, h = op[1:5]
                expected = Painter()
                coal_sign(expected, x + w / 2, y + h / 2, w * 0.55, colour)
                following = ops[index + 1 : index + 1 + len(expected.ops)]
                is_stack = (
                    index + 1 < len(ops)
                    and ops[index + 1][0] == "text"
                    and ops[index + 1][3].startswith("×")
                )  # "×3": a stack's count
                if is_stack:  # beside the stack's first cube, which carries the sign
                    assert any(o[0] == "rect" and o[5] == op[5] for o in ops[index - 6 : index])
                else:
                    assert following == expected.ops, (op, following)
                cubes += 1
            if op[0] == "text" and op[3] in COLOUR_LETTERS:  # an English initial on a cube?
                assert background(ops, index, op[1], op[2] - op[4] * 0.35, "#fff") not in COAL
    assert cubes > 200
