"""The command line (python -m gluckauf): simulate, replay, show and play."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gluckauf import RandomBot, new_game
from gluckauf.cli import main
from gluckauf.core.state import GameState
from gluckauf.files.records import load_record, replay, save_record
from gluckauf.text.words import order_name

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gluckauf", *args],
        capture_output=True, text=True, encoding="utf-8", cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip


def call(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """main() in this process, with injected streams."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def finished_game(players: int = 3, seed: int = 2) -> GameState:
    state = new_game(players, seed)
    bot = RandomBot(seed)
    while not state.is_over:
        state.apply(bot.choose(state))
    return state


# --- simulate ------------------------------------------------------------------------------------
def test_simulate_json() -> None:
    done = run("simulate", "--players", "2", "--games", "3", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    stats = json.loads(done.stdout)  # exactly one JSON object
    keys = ["games", "players", "seconds", "games_per_second", "decisions_per_second",
            "mean_winning_score", "min_winning_score", "max_winning_score",
            "mean_score"]  # fmt: skip
    for key in keys:
        assert key in stats, key
    assert stats["games"] == 3 and stats["players"] == 2
    assert stats["seconds"] > 0 and stats["games_per_second"] > 0
    assert stats["min_winning_score"] <= stats["mean_winning_score"] <= stats["max_winning_score"]
    assert abs(sum(stats["win_share_by_seat"]) - 1) < 1e-3


def test_simulate_is_reproducible_and_prints_a_table() -> None:
    first = call("simulate", "--players", "3", "--games", "2", "--seed", "9", "--json")
    again = call("simulate", "--players", "3", "--games", "2", "--seed", "9", "--json")
    drop = ("seconds", "games_per_second", "decisions_per_second")
    a, b = (json.loads(x[1]) for x in (first, again))
    assert {k: v for k, v in a.items() if k not in drop} == {
        k: v for k, v in b.items() if k not in drop
    }
    code, out, _ = call("simulate", "--players", "4", "--games", "2", "--seed", "1")
    assert code == 0
    words = ["games", "players", "seconds", "games_per_second", "decisions_per_second",
             "winning score", "mean", "min", "max"]  # fmt: skip
    for word in words:
        assert word in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--players", "5", "--games", "1"], "invalid choice"),
        (["simulate", "--players", "2", "--games", "0"], "--games must be at least 1"),
        (["simulate", "--players", "2", "--seed", "-3"], "the seed must be 0 or more"),
        (["simulate", "--players", "2", "--seed", "x"], "the seed must be a whole number"),
        (["fly"], "invalid choice"),
        (["play", "--players", "3", "--seat", "3"], "--seat is a seat from 0 to 2"),
        (["play", "--players", "2", "--names", "A"], "--names needs 2 names"),
        (["play", "--players", "2", "--names", "A", " "], "non-empty player names"),
    ],
)
def test_bad_arguments_exit_2(args: list[str], message: str) -> None:
    code, out, err = call(*args)
    assert code == 2
    assert message in err and "Traceback" not in err + out


def test_no_command_prints_help() -> None:
    code, out, _ = call()
    assert code == 2 and "simulate" in out and "replay" in out
    code, out, _ = call("--help")
    assert code == 0 and "play" in out


# --- replay and show -----------------------------------------------------------------------------
def test_replay_prints_the_breakdown(tmp_path: Path) -> None:
    state = finished_game()
    path = tmp_path / "game.json"
    save_record(state, path)
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert f"{len(state.history)} actions replayed, every one legal" in done.stdout
    assert str(state.result()) in done.stdout
    assert "Scores (VP from orders" in done.stdout and "Marks left" in done.stdout


def test_replay_of_an_unfinished_game(tmp_path: Path) -> None:
    state = new_game(2, 3)
    for _ in range(10):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "half.json"
    save_record(state, path)
    code, out, _ = call("replay", str(path))
    assert code == 0 and "not over yet" in out and "scores so far" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not valid JSON: Expecting property name enclosed in double quotes"),
        ('{"format": "gluckauf-record", "version": 1, "players": 5, "names": ["a", "b"], '
         '"seed": 1, "actions": []}', "players: 5 is greater than the maximum of 4"),
        ('{"format": "gluckauf-record", "version": 1, "players": 2, "names": ["a", "b"], '
         '"seed": 1, "actions": ["place F9"]}', "action 1 ('place F9'):"),
        ("[1, 2]", "a game record is a JSON object"),
    ],
)  # fmt: skip
def test_replay_of_a_bad_file_exits_2(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    done = run("replay", str(path))
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert done.stderr.count("\n") == 1  # one line


def test_replay_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    code, out, err = call("replay", str(tmp_path / "missing.json"))
    assert code == 2 and "there is no such file" in err and out == ""


def test_show_a_record(tmp_path: Path) -> None:
    state = finished_game(2, 4)
    path = tmp_path / "game.json"
    save_record(state, path)
    done = run("show", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == str(state) + "\n"


def test_show_a_position(tmp_path: Path) -> None:
    positions = pytest.importorskip("gluckauf.files.positions")
    state = new_game(3, 5)
    for _ in range(12):
        state.apply(state.legal_actions()[-1])
    path = tmp_path / "pos.json"
    positions.save_position(state, path)
    code, out, err = call("show", str(path))
    assert code == 0, err
    assert out == str(state) + "\n"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"format": "chess"}', "format 'chess' is not a Glück Auf file"),
        ('{"players": 3}', 'no "format" field'),
        ('{"format": "gluckauf-position", "version": 1}', "bad.json: "),
        ("", "the file is empty"),
    ],
)
def test_show_of_a_bad_file_exits_2(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = call("show", str(path))
    assert code == 2 and message in err and out == ""
    assert "Traceback" not in err


# --- play ----------------------------------------------------------------------------------------
def first_drafter(players: int, seed: int) -> tuple[int, GameState]:
    state = new_game(players, seed)
    return state.current, state


def test_play_session(tmp_path: Path) -> None:
    seat, state = first_drafter(3, 6)  # the human drafts first: the draft pool is known
    take = state.legal_actions()[0]
    one, none = tmp_path / "one.json", tmp_path / "none.json"
    script = "\n".join([
        "help",
        "legal",
        "why place F9",
        f"why {take}",
        "place M8",  # illegal: the draft comes first
        "draft W99Z",  # no such order at all: a notation error
        str(take),  # legal
        "rules R-TURN-2",
        "rules nonsense",
        f"save {one}",
        "undo",
        f"save {none}",
        "undo",
        "quit",
        "legal",  # never read
    ]) + "\n"  # fmt: skip
    code, out, err = call("play", "--players", "3", "--seat", str(seat), "--seed", "6",
                          stdin=script)  # fmt: skip
    assert code == 0, err
    assert "Traceback" not in out + err
    assert "Type an action in the notation" in out  # help
    assert "  1. draft " in out  # legal, numbered
    assert "there is no space called 'F9' (R-NOTATION-1)" in out  # why
    assert f"'{take}' is legal." in out
    assert "First everyone takes their starting orders in the draft. (R-SETUP-4)" in out
    assert "there is no order 'W99Z' (codes like 'C9KK') (R-NOTATION-1)" in out
    assert f"took {order_name(take.order)} in the draft." in out  # event sentences, in words
    assert "R-TURN-2 How many workers:" in out
    assert "There is no rule 'nonsense'" in out
    assert "Took back" in out and "Nothing to undo" in out
    assert out.rstrip().endswith("Bye — Glück auf!")
    # The first save holds the human's draft and the bots' drafts after it; after the undo
    # the second save is back at the start.
    saved = load_record(one)
    assert saved["actions"][0] == str(take) and len(saved["actions"]) == 3
    assert replay(saved).history[0] == take
    assert load_record(none)["actions"] == []


def test_play_picks_by_number_and_ends_at_eof() -> None:
    seat, state = first_drafter(2, 8)
    code, out, _ = call("play", "--players", "2", "--seat", str(seat), "--seed", "8",
                        "--names", "Ann", "Bob", stdin="2\n99\n")  # fmt: skip
    assert code == 0
    assert f"({state.legal_actions()[1]})" in out
    assert "There is no action number 99" in out
    assert "Ann" in out and "Bob" in out
    assert out.rstrip().endswith("Bye — Glück auf!")  # EOF ends cleanly


def test_play_a_whole_game_by_numbers(tmp_path: Path) -> None:
    """Every decision (F★/O★ choices and mining included) through 'legal' and numbers, up to
    the end of the game; then save, and the record replays."""
    path = tmp_path / "whole.json"
    picks = [str(1 + (i * 7) % 11) for i in range(1500)]  # too large a number: asked again
    script = "".join(f"legal\n{n}\n" for n in picks) + f"save {path}\nquit\n"
    code, out, err = call("play", "--players", "2", "--seat", "0", "--seed", "5", stdin=script)
    assert code == 0, err
    assert "The game is over" in out and ("wins!" in out or "share the victory" in out)
    assert "you are looking at" in out and "you are mining" in out
    assert "Traceback" not in out
    assert replay(load_record(path)).is_over


def test_play_in_a_subprocess() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gluckauf", "play", "--players", "4", "--seat", "2", "--seed", "1"],
        input="legal\nwhy M8\nquit\n", capture_output=True, text=True, encoding="utf-8",
        cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Glück Auf — 4 players" in done.stdout and "Traceback" not in done.stderr


def test_a_searching_bot_in_the_terminal_game_thinks_within_a_budget() -> None:
    """A human waits in the terminal: a bot that takes a time budget gets THINK_SECONDS."""
    from gluckauf.cli import THINK_SECONDS, PlaySession

    class Budgeted(RandomBot):
        def __init__(self, seed: int) -> None:
            super().__init__(seed)
            self.budgets: list[float] = []

        def choose_within(self, state, seconds):
            self.budgets.append(seconds)
            return self.choose(state)

    state = new_game(2, seed=4, start_player=0)  # the draft starts at seat 1, the bot's
    bot = Budgeted(4)
    session = PlaySession(state, 0, {1: bot}, io.StringIO(""), io.StringIO())
    assert session.bots_move() and state.current == 0
    assert bot.budgets and set(bot.budgets) == {THINK_SECONDS}
