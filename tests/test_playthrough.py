"""The golden playthroughs still come out the same (see tests/playthrough.py)."""

from __future__ import annotations

import pytest
from playthrough import DATA, GAMES, playthrough


@pytest.mark.parametrize("name", sorted(GAMES))
def test_playthrough_matches_the_golden_file(name: str) -> None:
    players, seed = GAMES[name]
    expected = (DATA / name).read_text(encoding="utf-8").splitlines()
    actual = playthrough(players, seed).splitlines()
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        assert got == want, f"{name} line {number} differs (regenerate if intended)"
    assert len(actual) == len(expected)
