"""A tournament with learners' bots (issue 30): a bot that fails forfeits its game, the game
goes on with a stand-in and the win goes to the best seat that did not fail; the class
tournament puts every learner's bot and the built-in ones against one field."""

from __future__ import annotations

import numpy as np
import pytest

from gluckauf.analysis.classroom import sample_class
from gluckauf.analysis.classtournament import class_tournament, learner_bot_name, read_learner_bots
from gluckauf.analysis.tournament import _winners, run_tournament
from gluckauf.bots.sandbox import Limits
from gluckauf.core.scoring import GameResult, PlayerResult
from gluckauf.files.classfolder import ClassFolder

FAILING = "def choose(state):\n    raise RuntimeError('not finished')\n"
FIRST = "def choose(state):\n    return state.legal_actions()[0]\n"


def result(scores: list[int], marks: list[int]) -> GameResult:
    players = [PlayerResult(seat, f"P{seat}", score, 0, [], {}, left)
               for seat, (score, left) in enumerate(zip(scores, marks, strict=True))]  # fmt: skip
    return GameResult(players, winners=[scores.index(max(scores))], over=True)


def test_the_win_goes_to_the_best_seat_that_did_not_forfeit():
    game = result([90, 80, 80], [3, 5, 2])
    assert _winners(game, np.array([False, False, False])) == [0]
    assert _winners(game, np.array([True, False, False])) == [1]  # R-END-5: Marks break the tie
    assert _winners(result([90, 80, 80], [3, 2, 2]), np.array([True, False, False])) == [1, 2]
    assert _winners(game, np.array([True, True, True])) == []


@pytest.fixture
def learners():
    sources = {"fay": FAILING, "gus": FIRST}
    return sources


def test_a_failing_bot_forfeits_every_game_and_the_tournament_finishes(learners):
    tournament = class_tournament(learners, builtins=["random"], field_bots=["random"],
                                  players=2, games=4, seed=3, workers=1)  # fmt: skip
    board = {entry.name: entry for entry in tournament.entries}
    assert sorted(board) == ["fay", "gus", "random"]
    fay = board["fay"]
    assert fay.forfeits == 4 and fay.win.rate == 0 and set(fay.failures()) == {"error"}
    assert fay.result.wins.sum() == pytest.approx(4)  # the field won every game
    assert all(g["reason"] == "error" and "not finished" in g["detail"]
               for g in fay.result.failures)  # fmt: skip
    assert board["gus"].forfeits == 0
    assert int(fay.result.decisions.min()) > 50  # the game was played on to its end
    assert "fay's bot raised an error: RuntimeError: not finished" in tournament.table()
    data = tournament.to_json()
    assert [row["bot"] for row in data["leaderboard"]][-1] == "fay"
    assert data["leaderboard"][-1]["failures"] == {"error": 4}


def test_the_leaderboard_fills_in_as_games_end_the_same_with_more_workers(learners):
    seen = []

    def note(tournament):
        seen.append(tournament.games_played())

    one = class_tournament(learners, builtins=[], field_bots=["random"], players=2, games=6,
                           seed=5, workers=1, progress=note)  # fmt: skip
    two = class_tournament(learners, builtins=[], field_bots=["random"], players=2, games=6,
                           seed=5, workers=2)  # fmt: skip
    assert seen == sorted(seen) and seen[-1] == 12 and len(seen) > 2
    for a, b in zip(one.leaderboard(), two.leaderboard(), strict=True):
        assert a.name == b.name and (a.result.scores == b.result.scores).all()


def test_run_tournament_reports_its_progress_and_ends_with_every_game():
    seen = []
    final = run_tournament(["random", "random"], 2, 5, 1, workers=1,
                           progress=lambda r: seen.append(r.games))  # fmt: skip
    assert seen[-1] == 5 == final.games and seen == sorted(seen)


def test_the_sample_class_bots_are_read_and_a_learner_named_like_a_bot_is_renamed(tmp_path):
    sources, left_out = read_learner_bots(ClassFolder(sample_class()))
    assert sorted(sources) == ["ada", "bea", "eve"] and left_out == {}
    assert learner_bot_name("greedy") == "greedy (learner)"
    assert learner_bot_name("a,b") == "a b"
    (tmp_path / "zed").mkdir()
    (tmp_path / "zed" / "bot.py").write_text("def choose(state:\n")
    _sources, left_out = read_learner_bots(ClassFolder(tmp_path))
    assert "zed" in left_out and "could not be loaded" in left_out["zed"]


def test_a_built_in_entry_counts_its_own_seat_not_the_fields():
    tournament = class_tournament({}, builtins=["random"], field_bots=["random"], players=3,
                                  games=3, seed=2, workers=1, limits=Limits())  # fmt: skip
    (entry,) = tournament.entries
    assert entry.result.copies(entry.key) == 1
    assert 0 <= entry.win.rate <= 1 and entry.win.rate < 1
