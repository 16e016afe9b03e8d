"""Shared pytest options and fixtures."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--games", type=int, default=120,
        help="random games per player count in tests/test_random_games.py (make soak: 10000)",
    )  # fmt: skip


@pytest.fixture
def games(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--games"))
