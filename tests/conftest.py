"""Shared pytest options and fixtures."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--games", type=int, default=120,
        help="random games per player count in tests/test_random_games.py (make soak: 10000)",
    )  # fmt: skip
    parser.addoption(
        "--fuzz-scale", type=int, default=1,
        help="how many times longer the fuzzers (tests marked 'fuzz') run; make soak: 100",
    )  # fmt: skip


def pytest_configure(config: pytest.Config) -> None:
    import helpers

    helpers.FUZZ_SCALE = max(1, int(config.getoption("--fuzz-scale")))


@pytest.fixture
def fuzz_scale() -> int:
    """The fuzzers' length: 1 in make test (seconds each), larger in make soak."""
    import helpers

    return helpers.FUZZ_SCALE


@pytest.fixture
def games(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--games"))


@pytest.fixture(autouse=True, scope="session")
def progress_of_the_tests(tmp_path_factory: pytest.TempPathFactory):
    """The answers tests give are kept in a progress file of the test run, never in the
    tester's own (~/.gluckauf/progress.json): also for the notebook servers the browser tests
    start, which inherit the environment."""
    import os

    from gluckauf.files.progress import ENV_VAR

    before = os.environ.get(ENV_VAR)
    os.environ[ENV_VAR] = str(tmp_path_factory.mktemp("progress") / "progress.json")
    yield
    if before is None:
        os.environ.pop(ENV_VAR, None)
    else:
        os.environ[ENV_VAR] = before


@pytest.fixture(autouse=True)
def english_unless_asked():
    """Every test starts in English (whatever GLUCKAUF_LANG says) and leaves the kit in it: the
    language is one setting for the whole process (gluckauf.text.i18n)."""
    from gluckauf.text.i18n import set_language

    set_language("en")
    yield
    set_language("en")
