"""A class's progress (issue 30, 2 and 5): the learners' progress files read together — the grid,
the exercises most often answered wrong with the wrong answers, who seems stuck — and
``gluckauf class progress FOLDER`` in the teacher's language."""

from __future__ import annotations

import io
import json
import time

import pytest

from gluckauf.analysis.classroom import STUCK_TRIES, read_class, sample_class
from gluckauf.cli import main
from gluckauf.files.progress import record_answer
from gluckauf.text.i18n import language

NOW = 1_800_000_000.0  # "now" in these tests


@pytest.fixture
def class_folder(tmp_path):
    """Five learners: all solve lesson 01's question, most need tries on lesson 03's, and emil
    has been failing lesson 04's for the last minutes; one file is broken."""
    for k, name in enumerate(["ada", "bela", "csilla", "dora", "emil"]):
        path = tmp_path / f"{name}.json"
        at = NOW - 3600
        for lesson, exercise, wrong in [
            (1, "setup.locked_question", 0),
            (3, "tunnels.black_price_question", k),
        ]:
            for answer in [7, 9, 9, 5][:wrong]:
                at += 30
                record_answer(lesson, exercise, False, answer, path=path, now=at)
            at += 30
            record_answer(lesson, exercise, True, 8, path=path, now=at)
        if name == "emil":
            for tries in range(STUCK_TRIES + 1):
                record_answer(4, "mining.most_cubes_question", False, tries, path=path,
                              now=NOW - 120 + tries)  # fmt: skip
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    return tmp_path


def test_the_class_is_read_together_and_a_broken_file_is_only_listed(class_folder) -> None:
    found = read_class(class_folder)
    assert sorted(found.learners) == ["ada", "bela", "csilla", "dora", "emil"]
    assert list(found.unreadable) == ["broken.json"]
    grid = found.grid()
    assert grid["ada"][(3, "tunnels.black_price_question")].attempts == 1
    assert grid["emil"][(3, "tunnels.black_price_question")].attempts == 5
    assert (4, "mining.most_cubes_question") not in grid["ada"]


def test_the_hardest_exercises_come_first_with_the_wrong_answers_given(class_folder) -> None:
    hardest = read_class(class_folder).hardest()
    assert [h.exercise for h in hardest] == [
        "tunnels.black_price_question",  # 0+1+2+3+4 = 10 wrong
        "mining.most_cubes_question",  # 4 wrong
    ]
    tunnels = hardest[0]
    assert (tunnels.wrong, tunnels.learners, tunnels.solved) == (10, 5, 5)
    assert tunnels.answers[0] == ("9", 5)  # the most frequent wrong answer first


def test_only_a_learner_failing_lately_is_stuck(class_folder) -> None:
    found = read_class(class_folder)
    (emil,) = found.stuck(now=NOW)
    assert (emil.learner, emil.exercise, emil.tries) == ("emil", "mining.most_cubes_question", 4)
    assert found.stuck(now=NOW + 3600) == []  # an hour later: gone home, not stuck


def _class(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_the_teacher_sees_it_in_the_terminal(class_folder, monkeypatch) -> None:
    monkeypatch.setattr(time, "time", lambda: NOW)
    code, out, err = _class("class", "progress", str(class_folder))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[1].split() == ["learner", "L01", "L03", "L04"]
    assert lines[2].split() == ["ada", "1/1", "1/1", "·"]
    assert lines[6].split() == ["emil", "1/1", "1/1", "0/1"]
    assert "9 (5×)" in out and "emil: lesson 4, mining.most_cubes_question, 4 tries" in out
    assert "broken.json" in out
    data = json.loads(_class("class", "progress", str(class_folder), "--json")[1])
    assert sorted(data["learners"]) == ["ada", "bela", "csilla", "dora", "emil"]
    code, _out, err = _class("class", "progress", str(class_folder / "nowhere"))
    assert code == 2 and "nowhere" in err


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_the_class_view_speaks_the_teachers_language(class_folder, monkeypatch, lang) -> None:
    from test_no_english import english_in

    monkeypatch.setattr(time, "time", lambda: NOW)
    with language(lang):
        _code, out, _err = _class("class", "progress", str(class_folder))
    words = out.replace(str(class_folder), "")
    for code in ("tunnels.black_price_question", "mining.most_cubes_question",
                 "setup.locked_question", "broken.json"):  # fmt: skip
        words = words.replace(code, "")
    assert english_in([words], lang) == []


# --- the class folder's layout, collect and the tournament from the command line -------------
def test_a_collected_class_folder_is_read_learner_by_learner() -> None:
    found = read_class(sample_class())
    assert sorted(found.learners) == ["ada", "bea", "cy", "dan", "eve"]
    grid = found.grid()
    assert grid["cy"][(1, "setup.locked_question")].attempts == 3
    assert grid["cy"][(1, "setup.locked_question")].solved_at is None
    assert found.hardest()[0].exercise == "setup.locked_question"


def test_the_class_tournament_runs_from_the_terminal(monkeypatch) -> None:
    monkeypatch.setenv("GLUCKAUF_LANG", "en")
    args = ["--games", "2", "--workers", "1", "--builtins", "random", "--field", "random"]
    code, out, err = _class("class", "tournament", str(sample_class()), *args)
    assert (code, err) == (0, "")
    assert "Class tournament: each bot plays 2 games of 3 players against random" in out
    assert "random (built in)" in out and "bea's bot raised an error: NotImplementedError" in out
    code, out, err = _class("class", "tournament", str(sample_class()), "--games", "1",
                            "--workers", "1", "--field", "random", "--json")  # fmt: skip
    board = json.loads(out)["leaderboard"]
    assert code == 0 and {row["bot"] for row in board} == {"ada", "bea", "eve", "greedy"}
    assert [row["failures"] for row in board if row["bot"] == "bea"] == [{"error": 1}]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["class", "tournament", "/no/such/folder"], "there is no folder /no/such/folder"),
        (["class", "tournament", "FOLDER", "--field", "nobody"], "unknown bot 'nobody'"),
        (["class", "tournament", "FOLDER", "--as-user", "no-such-user-here"], "no user"),
        (["class", "collect", "FOLDER"], "no class to hand in to"),
    ],
)
def test_a_class_command_that_cannot_work_says_why(args, words, monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("GLUCKAUF_CLASS_URL", raising=False)
    code, _out, err = _class(*[str(tmp_path) if a == "FOLDER" else a for a in args])
    assert code == 2 and words in err and "Traceback" not in err


def test_the_hub_configuration_for_the_class_service_is_python_the_hub_can_read() -> None:
    code, out, err = _class("class", "hub-config", "--folder", "/srv/gluckauf/class",
                            "--teachers", "tess,tom", "--url", "http://hub:10101")  # fmt: skip
    assert (code, err) == (0, "")

    class Config(dict):
        def __getattr__(self, name):
            return self.setdefault(name, Config())

        def __setattr__(self, name, value):
            self[name] = value

    c = Config()
    exec(compile(out, "gluckauf.py", "exec"), {"c": c})
    (service,) = c["JupyterHub"]["services"]
    assert service["url"] == "http://hub:10101"
    assert service["command"][-4:] == ["--folder", "/srv/gluckauf/class", "--teachers", "tess,tom"]
    assert c["Spawner"]["environment"] == {
        "GLUCKAUF_CLASS_URL": "http://hub:10101/services/gluckauf/"
    }
    assert "access:services!service=gluckauf" in c["Spawner"]["server_token_scopes"]
