"""Saving is atomic and leaves no litter: killed for real at random moments, a save leaves the
previous good file (or the new one) whole, and the next save removes the temporary files the
killed ones left behind; a save that fails removes its own."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gluckauf import RandomBot, new_game
from gluckauf.files import jsonio
from gluckauf.files.jsonio import read_json, temp_name_pattern, write_json_atomic
from gluckauf.files.positions import load_position, position_to_dict, save_position

KILLS = 48  # about 10 s: each kill starts a fresh Python (0.2 s) and lets it save for ≤ 30 ms

# The writer: saves the two positions it is given, turn about, until it is killed. It says
# "ready" after its first complete save, so every kill lands in the middle of the loop.
WRITER = """
import sys
from gluckauf.files.jsonio import read_json
from gluckauf.files.positions import position_from_dict, save_position
target, *sources = sys.argv[1:]  # (the schema check would take a second to start: skip it)
states = [position_from_dict(read_json(source), check_schema=False) for source in sources]
save_position(states[0], target)
print("ready", flush=True)
n = 0
while True:
    n += 1
    save_position(states[n % len(states)], target)
"""


def finished_game(players: int = 4, seed: int = 11):
    state = new_game(players, seed)
    bot = RandomBot(seed)
    while not state.is_over:
        state.apply(bot.choose(state))
    return state


def halfway(state):
    half = state.copy()
    for _ in range(len(state.history) // 2):
        half.undo()
    return half


def temp_files(folder: Path, name: str) -> list[str]:
    pattern = temp_name_pattern(name)
    return sorted(n for n in os.listdir(folder) if pattern.fullmatch(n))


@pytest.fixture(scope="module")
def two_positions(tmp_path_factory):
    """Two good saves of one 4-player game (its middle and its end, 10 KB), files holding them,
    and the finished game."""
    folder = tmp_path_factory.mktemp("positions")
    final = finished_game()
    positions = [position_to_dict(halfway(final)), position_to_dict(final)]
    paths = []
    for number, position in enumerate(positions):
        path = folder / f"source{number}.json"
        write_json_atomic(path, position)
        paths.append(str(path))
    return final, positions, paths


def good_save(target: Path, positions: list) -> bool:
    """The file parses, validates and is one of the good saves."""
    load_position(target)  # JSON, schema and invariants, or FormatError
    return read_json(target) in positions


def start_writer(target: Path, sources: list[str]) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(target), *sources],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_killed_saves_leave_a_good_file_and_the_next_save_cleans_up(tmp_path, two_positions):
    """SIGKILL a process that saves a big position over and over, KILLS times at random
    moments: the file is always one of the two good saves, at most the one temporary file of
    the save just killed is left, and one more save leaves none."""
    final, positions, sources = two_positions
    assert len(jsonio.dumps(positions[1])) > 8000  # a big file: writing it takes a while
    target = tmp_path / "game.json"
    save_position(final, target)
    rng = random.Random(7)
    left_behind = 0
    started = time.monotonic()
    for _kill in range(KILLS):
        writer = start_writer(target, sources)
        assert writer.stdout.readline() == b"ready\n", writer.stderr.read().decode()
        time.sleep(rng.uniform(0, 0.03))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        writer.stderr.close()
        assert writer.returncode == -signal.SIGKILL
        assert good_save(target, positions)
        found = temp_files(tmp_path, "game.json")
        assert len(found) <= 1, found  # the killed save's own, if any: older ones are gone
        left_behind += len(found)
    seconds = time.monotonic() - started
    assert left_behind > 0, "no kill landed mid-write: the test proved nothing"
    print(f"{KILLS} kills in {seconds:.1f} s; {left_behind} left a temporary file; ", end="")
    save_position(final, target)
    assert temp_files(tmp_path, "game.json") == []
    assert sorted(os.listdir(tmp_path)) == ["game.json"]
    assert read_json(target) == positions[1]
    print("after one more save: 0")


def test_two_live_writers_of_one_file_never_break_each_other(tmp_path, two_positions):
    """Saves of the same file at the same time take turns: neither fails, neither deletes the
    other's temporary file, and the file ends as one of the two good saves."""
    _final, positions, sources = two_positions
    target = tmp_path / "game.json"
    script = WRITER.replace("while True:", "for _ in range(150):")
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(target), *order],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for order in (sources, sources[::-1])
    ]
    for writer in writers:
        _out, err = writer.communicate(timeout=60)
        assert writer.returncode == 0, err.decode()
    assert good_save(target, positions)
    assert temp_files(tmp_path, "game.json") == []


# --- a save that fails --------------------------------------------------------------------------
def _fail(*_args, **_kwargs):
    raise OSError("the disk is full")


def _interrupt(*_args, **_kwargs):
    raise KeyboardInterrupt


@pytest.mark.parametrize(
    ("where", "failure", "error"),
    [
        ("dumps", _fail, OSError),
        ("fsync", _fail, OSError),
        ("fsync", _interrupt, KeyboardInterrupt),
        ("chmod", _fail, OSError),
        ("replace", _fail, OSError),
        ("write", _fail, OSError),
    ],
)
def test_a_failure_during_the_save_leaves_the_old_file_and_no_temporary_file(
    tmp_path, monkeypatch, where, failure, error
):
    """Whatever fails — the JSON, the write, the flush to disk, the permissions, the swap, or
    Ctrl-C — the old file stays as it was and the temporary file is gone."""
    target = tmp_path / "position.json"
    state = finished_game(3, seed=2)
    save_position(state, target)
    old = target.read_bytes()
    seen: list[str] = []
    if where == "dumps":
        monkeypatch.setattr(jsonio.json, "dumps", failure)
    elif where == "write":
        real_fdopen = os.fdopen

        def fdopen(fd, *args, **kwargs):
            seen.extend(temp_files(tmp_path, "position.json"))  # the temporary file exists
            handle = real_fdopen(fd, *args, **kwargs)
            handle.write = failure
            return handle

        monkeypatch.setattr(jsonio.os, "fdopen", fdopen)
    else:
        real = getattr(os, where)

        def spy(*args, **kwargs):
            seen.extend(temp_files(tmp_path, "position.json"))
            return failure(*args, **kwargs)

        monkeypatch.setattr(jsonio.os, where, spy)
        assert real is not spy
    with pytest.raises(error):
        save_position(halfway(state), target)
    monkeypatch.undo()
    if where != "dumps":
        assert len(seen) == 1  # the failure came while the temporary file was there...
    assert temp_files(tmp_path, "position.json") == []  # ...and it is gone
    assert sorted(os.listdir(tmp_path)) == ["position.json"]
    assert target.read_bytes() == old
    assert position_to_dict(load_position(target)) == position_to_dict(state)


# --- cleaning up after killed saves --------------------------------------------------------------
def _leave(folder: Path, name: str, age: float = 0.0) -> Path:
    path = folder / name
    path.write_text('{"half": ', encoding="utf-8")
    if age:
        then = time.time() - age
        os.utime(path, (then, then))
    return path


def test_the_next_save_removes_only_this_files_leftovers(tmp_path):
    """Leftovers of this file (this version's names and the older mkstemp ones) go; another
    file's temporary files, look-alikes and folders stay."""
    target = tmp_path / "game.json"
    target.write_text("{}", encoding="utf-8")
    mine = [".game.json.0123456789abcdef.tmp", ".game.json.k2_9xq0a.tmp"]
    others = [
        ".other.json.0123456789abcdef.tmp",
        ".game.json.tmp",
        "game.json.bak",
        ".game.json.0123456789abcdef.tmp.old",
        "notes.tmp",
        ".game.json2.abcdefgh.tmp",
    ]
    for name in mine + others:
        _leave(tmp_path, name)
    (tmp_path / ".game.json.fedcba9876543210.tmp").mkdir()  # not a file: left alone
    write_json_atomic(target, {"new": True})
    assert read_json(target) == {"new": True}
    assert sorted(os.listdir(tmp_path)) == sorted(
        [*others, "game.json", ".game.json.fedcba9876543210.tmp"]
    )


def test_without_a_folder_lock_only_old_leftovers_are_removed(tmp_path, monkeypatch):
    """Where the folder cannot be locked (Windows, some network drives), a young temporary
    file may be a live save's: it stays; one older than STALE_AFTER goes."""
    from contextlib import contextmanager

    @contextmanager
    def no_lock(folder):
        yield None

    monkeypatch.setattr(jsonio, "_folder_lock", no_lock)
    target = tmp_path / "game.json"
    young = _leave(tmp_path, ".game.json.00000000000000aa.tmp", age=1)
    old = _leave(tmp_path, ".game.json.00000000000000bb.tmp", age=jsonio.STALE_AFTER + 5)
    write_json_atomic(target, [1, 2])
    assert young.exists() and not old.exists()
    assert read_json(target) == [1, 2]


def test_an_fcntl_without_flock_saves_without_a_folder_lock(tmp_path, monkeypatch):
    """The browser's Pyodide has an fcntl module but no flock: a save still goes through,
    as where the folder cannot be locked."""
    import types

    monkeypatch.setitem(sys.modules, "fcntl", types.ModuleType("fcntl"))
    with jsonio._folder_lock(tmp_path) as fd:
        assert fd is None
    target = tmp_path / "game.json"
    write_json_atomic(target, {"saved": True})
    assert read_json(target) == {"saved": True}


@pytest.mark.skipif(sys.platform == "win32", reason="folder locks are POSIX flock")
def test_a_save_waits_for_another_save_in_the_folder_then_goes_ahead(tmp_path, monkeypatch):
    """A save holding the folder's lock makes the next one wait (LOCK_WAIT); should it never
    let go, the next save goes ahead anyway, leaving young temporary files alone."""
    import fcntl

    monkeypatch.setattr(jsonio, "LOCK_WAIT", 0.05)
    target = tmp_path / "game.json"
    young = _leave(tmp_path, ".game.json.00000000000000cc.tmp")
    holder = os.open(tmp_path, os.O_RDONLY)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)
        started = time.monotonic()
        write_json_atomic(target, {"waited": True})
        assert time.monotonic() - started >= 0.05
        assert young.exists()
    finally:
        os.close(holder)
    write_json_atomic(target, {"waited": False})  # the lock is free: now the leftover goes
    assert not young.exists() and read_json(target) == {"waited": False}


def test_positions_are_saved_the_same_way(tmp_path):
    """save_position uses the same atomic write: no litter, the position round-trips."""
    state = finished_game(2, seed=3)
    target = tmp_path / "end.json"
    _leave(tmp_path, ".end.json.abcdef0123456789.tmp")
    save_position(state, target)
    assert os.listdir(tmp_path) == ["end.json"]
    assert read_json(target) == position_to_dict(state)
