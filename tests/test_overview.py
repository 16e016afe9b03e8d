"""The labelled board of lesson 01 and the shift-clock legend (issue 10, part 2)."""

from __future__ import annotations

import re

import pytest

from gluckauf import new_game
from gluckauf.core.components import SEGMENT_POINTS
from gluckauf.text.catalogue import RULES
from widgets.geometry import Box, layout
from widgets.overview import BADGE_R, _parts, clock_legend, clock_rows, overview


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_part_has_one_badge_and_one_line_of_the_key(players: int) -> None:
    state = new_game(players, seed=2024)
    picture = overview(state)
    parts = _parts(state)
    assert len(parts) == 13
    badges = re.findall(r">(\d+)</text>", picture.svg)
    assert [int(b) for b in badges[-len(parts) :]] == list(range(1, len(parts) + 1))
    assert picture.key.count("<tr>") == len(parts) + 1  # the header and a row per part
    for _part, _key, rule in parts:
        assert rule in RULES and f"reference.ipynb#cell-id={rule}" in picture.key


@pytest.mark.parametrize("players", [2, 3, 4])
def test_badges_sit_inside_their_part_and_cover_nothing_clickable(players: int) -> None:
    state = new_game(players, seed=2024)
    geometry = layout(state, view="full")
    for part, _key, _rule in _parts(state):
        box = geometry.box(part)
        badge = Box(box.right - 2 * BADGE_R - 4, box.y + 1, 2 * BADGE_R, 2 * BADGE_R)
        assert box.x <= badge.x and badge.right <= box.right and badge.bottom <= box.bottom
        covered = [
            name
            for name, target in geometry.clickable
            if target.overlaps(badge) and not name.startswith("mine:")
        ]
        assert covered == [], f"the badge of {part} covers {covered}"


def test_the_clock_legend_is_the_engines_table() -> None:
    rows = clock_rows()
    assert [(first, second) for _s, _c, first, second, _sh in rows] == list(SEGMENT_POINTS)
    shifts = [s for *_rest, s in rows]
    assert shifts[:4] == ["I, II, III"] * 4 and shifts[4:8] == ["II, III"] * 4
    assert shifts[8:] == ["III"] * 4  # R-SHIFT-1: colours 3 times, transports twice, carts once
    text = str(clock_legend())
    assert "12. empty black carts: 13 / 6 VP" in text and "R-SHIFT-4" in text
    assert clock_legend()._repr_html_().count("<tr>") == 13
