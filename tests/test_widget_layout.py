"""The board's geometry without a browser: readable, clickable and exact at notebook width.

Over states sampled from random games (2–4 players, every phase, every view, each seat
featured): every text is at least 11 px and no two texts overlap (their boxes measured with the
board font's metrics), every click target is at least 24 × 24 px, the boxes of different
targets never overlap, everything lies inside the picture, and hit-testing finds exactly the
target under each point.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest
from helpers import random_moves, states_by_phase

from gluckauf import new_game
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import ORDER_BY_CODE
from gluckauf.core.state import GameState
from gluckauf.text.i18n import language
from widgets.clicks import token_of
from widgets.draw import draw_tooltip, picture
from widgets.geometry import VIEWS, WIDTH, Box, Layout, layout
from widgets.hover import describe_target
from widgets.metrics import ASCENT, DESCENT, text_width
from widgets.painter import Painter
from widgets.session import GameSession
from widgets.show import board_svg

MIN_TEXT, MIN_TARGET = 11, 24


def sampled_states() -> list[GameState]:
    """States of every phase: a few per game, from 2-, 3- and 4-player random games."""
    return states_by_phase(((2, 1), (3, 2), (4, 3), (3, 4)), per_phase=3, every=7)


STATES = sampled_states()


def text_boxes(painter: Painter) -> list[tuple[str, Box]]:
    boxes = []
    for op in painter.ops:
        if op[0] != "text":
            continue
        _, x, y, text, size, _fill, anchor, bold = op
        w = text_width(text, size, bold=bold)
        left = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
        boxes.append((text, Box(left, y - ASCENT * size, w, (ASCENT + DESCENT) * size)))
    return boxes


def layouts() -> list[tuple[GameState, Layout]]:
    out = []
    for state in STATES:
        for view in VIEWS:
            out.append((state, layout(state, view=view)))
        for seat in range(state.players):
            if seat != state.current:
                out.append((state, layout(state, featured=seat)))
    return out


LAYOUTS = layouts()


def test_the_samples_cover_every_phase_and_player_count() -> None:
    phases = {state.phase for state in STATES} | {"over" for s in STATES if s.is_over}
    assert {"draft", "place", "mine", "choose", "over"} <= phases
    assert {s.players for s in STATES} == {2, 3, 4}


def test_the_picture_is_a_notebook_cell_wide() -> None:
    """A JupyterLab cell on a 1280-px laptop with the sidebar open is ~848 CSS px wide."""
    assert WIDTH <= 848
    for _state, geometry in LAYOUTS:
        assert geometry.width == WIDTH


def test_every_click_target_is_big_enough_and_inside_the_picture() -> None:
    for state, geometry in LAYOUTS:
        for name, box in geometry.clickable:
            assert box.w >= MIN_TARGET and box.h >= MIN_TARGET, (name, box, state.phase)
            assert box.x >= 0 and box.right <= geometry.width, (name, box)
            assert box.y >= 0 and box.bottom <= geometry.height, (name, box)


def test_boxes_of_different_targets_never_overlap() -> None:
    for state, geometry in LAYOUTS:
        for (a, box_a), (b, box_b) in itertools.combinations(geometry.clickable, 2):
            if a != b:
                assert not box_a.overlaps(box_b), (a, box_a, b, box_b, state.phase)


def test_hit_testing_finds_each_target_and_nothing_between() -> None:
    for _state, geometry in LAYOUTS[::3]:
        for name, box in geometry.clickable:
            for x, y in ((box.cx, box.cy), (box.x, box.y), (box.right - 0.01, box.bottom - 0.01)):
                assert geometry.hit(x, y) == name
            assert geometry.hit(box.x - 0.5, box.cy) != name or box.x < 0.5
        assert geometry.hit(1, 1) is None  # the margin


def assert_readable(texts: list[tuple[str, Box]], state: GameState, geometry: Layout) -> None:
    """Every text at least 11 px, inside the picture, overlapping no other text."""
    assert texts
    for text, box in texts:
        assert box.h / (ASCENT + DESCENT) >= MIN_TEXT, (text, box)
        assert box.x >= -0.5 and box.right <= geometry.width + 0.5, (text, box)
    for (a, box_a), (b, box_b) in itertools.combinations(texts, 2):
        assert not box_a.overlaps(shrunk(box_b)), (a, box_a, b, box_b, state.phase)


def assert_clear_of_other_targets(
    texts: list[tuple[str, Box]], state: GameState, geometry: Layout
) -> None:
    """No label runs into a button or a space it does not belong to."""
    for text, box in texts:
        inner = shrunk(box, 1)
        hits = [name for name, target in geometry.clickable if inner.overlaps(target)]
        if not hits:
            continue
        assert any(inside(inner, target) for _name, target in geometry.clickable), (
            text,
            box,
            hits,
            state.phase,
        )


def test_every_text_is_readable_inside_the_picture_and_overlaps_no_other() -> None:
    for state, geometry in LAYOUTS:
        assert_readable(
            text_boxes(picture(state, geometry, selected=selection(state))), state, geometry
        )


def test_a_text_lies_inside_a_target_or_clear_of_every_target() -> None:
    for state, geometry in LAYOUTS:
        assert_clear_of_other_targets(text_boxes(picture(state, geometry)), state, geometry)


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_a_translated_board_reads_as_well_as_the_english_one(lang: str) -> None:
    """German and Hungarian labels in the same places: as readable, as clear of other targets,
    and never cut short with "…" where the English label is whole."""
    for state, geometry in LAYOUTS[::2]:
        english = text_boxes(picture(state, geometry, selected=selection(state)))
        with language(lang):
            texts = text_boxes(picture(state, geometry, selected=selection(state)))
        assert_readable(texts, state, geometry)
        assert_clear_of_other_targets(texts, state, geometry)
        cut = [text for text, _ in texts if text.endswith("…")]
        assert len(cut) <= sum(text.endswith("…") for text, _ in english), (lang, cut)
        assert len({text for text, _ in texts} - {text for text, _ in english}) > 5


def inside(box: Box, outer: Box) -> bool:
    return (
        outer.x <= box.x
        and box.right <= outer.right
        and outer.y <= box.y
        and box.bottom <= outer.bottom
    )


def selection(state: GameState) -> tuple[str, ...]:
    """A selection that numbers the F★/O★ items (taken, back 1, back 2), else none."""
    if state.phase != "choose":
        return ()
    return tuple(f"choice:{i}" for i in range(min(3, len(state.choice))))


def shrunk(box: Box, by: float = 0.5) -> Box:
    """Half a pixel of tolerance for texts that merely touch."""
    return Box(box.x + by, box.y + by, box.w - 2 * by, box.h - 2 * by)


def test_every_legal_first_click_has_a_box_in_the_views_that_play() -> None:
    for state in STATES:
        if state.is_over:
            continue
        for view in ("full", "turn"):
            session = GameSession(state.copy(), seats=["human"] * state.players, view=view)
            wanted = session.clicks.next_tokens(())
            drawn = {token_of(name, session.state) for name in session.layout.targets()}
            assert wanted and wanted <= drawn, (state.phase, view, wanted - drawn)


def test_a_mine_with_many_orders_grows_instead_of_shrinking_its_slots() -> None:
    codes = ["W2Y", "C3YY", "T4G", "R5K", "W7GG", "C9KK", "T10YBGK", "R3B", "W3B"]
    builder = PositionBuilder(players=2, seed=1)
    for code in codes:
        builder = builder.orders(0, code)
    state = builder.turn(0).build()
    small, big = layout(new_game(2, seed=1)), layout(state, featured=0)
    assert big.height > small.height
    slots = [box for name, box in big.clickable if name.startswith("slot:0:")]
    assert len(slots) == sum(len(ORDER_BY_CODE[code].slots) for code in codes)
    assert min(min(b.w, b.h) for b in slots) >= MIN_TARGET


@pytest.mark.parametrize("view", sorted(VIEWS))
def test_every_view_draws_as_scalable_svg(view: str) -> None:
    state = random_moves(new_game(3, seed=5), 40, 5)
    svg = board_svg(state, view=view)
    root = ET.fromstring(svg)
    assert root.get("width") == "100%" and root.get("viewBox", "").startswith("0 0 840 ")
    assert "max-width:840px" in root.get("style", "")


def test_an_unknown_view_or_seat_is_refused_clearly() -> None:
    state = new_game(2, seed=1)
    with pytest.raises(ValueError, match="unknown view"):
        layout(state, view="zoomed")
    with pytest.raises(ValueError, match="not a seat"):
        layout(state, featured=3)


def test_a_tooltip_for_any_target_stays_inside_the_picture() -> None:
    for state, geometry in LAYOUTS[::4]:
        for name, _box in geometry.clickable:
            painter = Painter()
            draw_tooltip(geometry, painter, name, describe_target(name, state))
            for op in painter.ops:
                if op[0] == "rect":
                    _, x, y, w, h = op[:5]
                    assert x >= 0 and x + w <= geometry.width, name
                    assert y >= 0 and y + h <= geometry.height, name
