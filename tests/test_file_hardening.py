"""Hostile files: JSON nested far too deeply, things that are not regular files (a named pipe, a
device, a socket, a folder), huge files, and text that would drive the terminal (escape
sequences, bidi overrides). Every one is refused with a FormatError — on the command line one
plain line on stderr and exit status 2 — or shown harmlessly; never a traceback, never a hang."""

from __future__ import annotations

import io
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from gluckauf import RandomBot, new_game
from gluckauf.cli import main
from gluckauf.core.errors import FormatError
from gluckauf.files import jsonio
from gluckauf.files.jsonio import loads, read_json
from gluckauf.files.positions import load_position, position_to_dict
from gluckauf.files.records import load_record, record_of, replay_file

ROOT = Path(__file__).resolve().parent.parent
POSIX_ONLY = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on Windows")
# What a terminal must never receive raw: C0 controls but tab and newline, DEL, C1 controls,
# and the bidi embeddings, overrides and isolates.
DEEP = "nested far too deeply (more than"  # and the limit: the refusal of deep nesting
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def played(players: int, seed: int, *, names: list[str] | None = None, moves: int | None = None):
    """A game of random bots: to the end, or ``moves`` actions in."""
    state, bot = new_game(players, seed, names=names), RandomBot(seed)
    while not state.is_over and (moves is None or len(state.history) < moves):
        state.apply(bot.choose(state))
    return state


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``python -m gluckauf ARGS`` in a fresh process; a hang fails the test (TimeoutExpired)."""
    return subprocess.run(
        [sys.executable, "-m", "gluckauf", *args],
        capture_output=True, text=True, encoding="utf-8", cwd=ROOT, timeout=timeout, check=False,
    )  # fmt: skip


def call(*args: str) -> tuple[int, str, str]:
    """main() in this process, with injected streams."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdin=io.StringIO(""), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def assert_clean_refusal(code: int, out: str, err: str, *words: str) -> None:
    """Exit status 2, nothing on stdout, one plain line on stderr saying ``words``."""
    assert code == 2, (code, out, err)
    assert out == ""
    assert "Traceback" not in err and "Error(" not in err, err
    assert err.startswith("gluckauf ") and err.count("\n") == 1, err
    for word in words:
        assert word in err, err


# --- deep nesting ------------------------------------------------------------------------------
def nested(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value]
    return value


def deep_record_text(depth: int) -> str:
    """A finished game's record whose result.winners is nested ``depth`` lists deep."""
    record = record_of(played(2, 3))
    marker = "__WINNERS__"
    record["result"]["winners"] = marker
    return json.dumps(record).replace(f'"{marker}"', "[" * depth + "0" + "]" * depth)


def deep_position_text(depth: int) -> str:
    """A position whose board.choice.items holds a list nested ``depth`` deep."""
    data = position_to_dict(played(3, 5, moves=12))
    marker = "__ITEMS__"
    data["board"]["choice"]["items"] = [marker]
    return json.dumps(data).replace(f'"{marker}"', "[" * depth + "]" * depth)


def test_the_depth_limit_is_documented_and_roomy() -> None:
    """The kit's own files are about 6 levels deep: the limit leaves room, and stays far from
    Python's recursion limit (also in the browser)."""
    assert 16 <= jsonio.MAX_DEPTH <= 64
    deepest = jsonio.depth_of(json.dumps(position_to_dict(played(4, 1))))
    assert deepest <= 8 and jsonio.depth_of(json.dumps(record_of(played(2, 1)))) <= 4
    assert f"({jsonio.MAX_DEPTH})" in (jsonio.__doc__ or "")
    notation = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    assert f"at most {jsonio.MAX_DEPTH} levels" in " ".join(notation.split())


@pytest.mark.parametrize("depth", [40, 600, 985, 200_000])
def test_loads_refuses_deep_nesting_before_parsing(depth: int, monkeypatch) -> None:
    def no_parsing(*args: object, **kwargs: object) -> object:
        raise AssertionError("json.loads saw the deeply nested text")

    monkeypatch.setattr(jsonio.json, "loads", no_parsing)
    for text in ("[" * depth + "]" * depth, '{"a": ' * depth + "1" + "}" * depth):
        with pytest.raises(FormatError, match=re.escape(DEEP)) as refused:
            loads(text, source="deep.json")
        assert str(refused.value).startswith("deep.json is not usable JSON")
        assert f"more than {jsonio.MAX_DEPTH} levels" in str(refused.value)


def test_the_depth_check_does_not_recurse() -> None:
    """Refused within a small recursion budget: the scan is a loop, not a recursion."""
    code = (
        "import sys\n"
        "from gluckauf.files.jsonio import loads\nfrom gluckauf.core.errors import FormatError\n"
        "text = '[' * 100000 + ']' * 100000\n"
        "sys.setrecursionlimit(60)\n"
        "try:\n    loads(text)\nexcept FormatError as e:\n    print('refused:', e)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert DEEP in done.stdout


def test_the_depth_limit_itself_loads() -> None:
    limit = jsonio.MAX_DEPTH
    assert loads("[" * limit + "]" * limit) == nested([], limit - 1)
    with pytest.raises(FormatError, match=f"line 2, column {limit + 1}"):
        loads("[\n " + "[" * limit + "]" * limit + "]")


@pytest.mark.parametrize(
    "text",
    [
        '{"a": "' + "[" * 500 + '"}',  # brackets inside a string are text
        '["\\"' + "[{" * 500 + '", 1]',  # ... also after an escaped quote
        '["\\\\", ' + "[" * 10 + "]" * 10 + "]",  # an escaped backslash ends before the quote
        '{"\\u005b": "' + "{" * 99 + '"}',
    ],
)
def test_brackets_in_strings_do_not_count(text: str) -> None:
    assert loads(text) == json.loads(text)


def test_an_unterminated_string_is_a_json_error_not_a_depth_error() -> None:
    with pytest.raises(FormatError, match="not valid JSON"):
        loads('{"a": "' + "[" * 100)


@pytest.mark.parametrize("depth", [600, 985])
def test_deep_records_are_refused(tmp_path: Path, depth: int) -> None:
    path = tmp_path / "deep.json"
    path.write_text(deep_record_text(depth), encoding="utf-8")
    for reader in (load_record, replay_file):
        with pytest.raises(FormatError, match=re.escape(DEEP)) as refused:
            reader(path)
        assert str(path) in str(refused.value)


def test_deep_positions_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(deep_position_text(700), encoding="utf-8")
    with pytest.raises(FormatError, match=re.escape(DEEP)):
        load_position(path)


@pytest.mark.parametrize("command", ["replay", "show", "review"])
def test_the_command_line_refuses_deep_records(tmp_path: Path, command: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text(deep_record_text(985), encoding="utf-8")
    done = run(command, str(path))
    assert_clean_refusal(done.returncode, done.stdout, done.stderr, DEEP, str(path))


def test_show_refuses_a_deep_position(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(deep_position_text(900), encoding="utf-8")
    assert_clean_refusal(*call("show", str(path)), DEEP)


@pytest.mark.parametrize(
    ("field", "value"), [("shift", 3.0), ("current", 1.0), ("steps_left", 0.5)]
)
def test_a_number_with_a_decimal_point_is_refused_naming_its_field(
    tmp_path: Path, field: str, value: float
) -> None:
    """JSON Schema counts 3.0 as an integer; the kit's numbers are whole, so 'shift': 3.0 must
    not reach the engine (a soak run found it made a message key 'name.shift.3.0')."""
    data = position_to_dict(new_game(3, seed=1))
    data[field] = value
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FormatError, match=re.escape(f"{field}: {value} is not a whole number")):
        load_position(path)
    record = {**record_of(new_game(2, seed=1)), "players": 2.0}
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(FormatError, match=r"players: 2\.0 is not a whole number"):
        replay_file(path)


def test_the_board_widget_reports_a_deep_file(tmp_path: Path) -> None:
    from widgets.session import GameSession

    session = GameSession(new_game(2, seed=1))
    path = tmp_path / "deep.json"
    path.write_text(deep_record_text(985), encoding="utf-8")
    assert not session.load(path)
    assert DEEP in session.message
    assert len(session.state.history) == 0


@pytest.mark.parametrize("command", ["show", "replay", "review"])
def test_an_engine_slip_is_said_plainly(tmp_path: Path, monkeypatch, command: str) -> None:
    """A file the checks let through but the engine cannot use (e.g. a list where a code
    belongs): one plain sentence and exit status 2, never a Python repr like TypeError(...)."""
    import gluckauf.analysis.gamereview
    import gluckauf.files.positions
    import gluckauf.files.records

    def slip(*args: object, **kwargs: object) -> None:
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(gluckauf.files.positions, "position_from_dict", slip)
    monkeypatch.setattr("gluckauf.cli.replay", slip)
    monkeypatch.setattr(gluckauf.analysis.gamereview, "replay", slip)
    position, record = tmp_path / "position.json", tmp_path / "record.json"
    position.write_text(json.dumps(position_to_dict(played(3, 5, moves=12))), encoding="utf-8")
    record.write_text(json.dumps(record_of(played(2, 5, moves=12))), encoding="utf-8")
    paths = [position, record] if command == "show" else [record]
    for path in paths:
        code, out, err = call(command, str(path))
        assert_clean_refusal(code, out, err, str(path), "unhashable type: 'list'")
        assert "TypeError" not in err


def test_a_slip_outside_the_file_commands_is_not_hidden(monkeypatch) -> None:
    def slip(*args: object, **kwargs: object) -> None:
        raise TypeError("a bug")

    monkeypatch.setattr("gluckauf.cli.simulate", slip)
    with pytest.raises(TypeError, match="a bug"):
        call("simulate", "--players", "2", "--games", "1")


# --- things that are not regular files -----------------------------------------------------------
def read_in_child(path: Path, *how: str) -> subprocess.CompletedProcess[str]:
    """read_json(path) in a child process, so that a hang fails the test instead of hanging
    the suite. ``how``: "writing" — something has the pipe open for writing and has written
    to it; "no stat" — os.stat fails, as if the path were swapped between stat and open (only
    the check of the open descriptor is left)."""
    code = (
        "import os, sys\n"
        "from gluckauf.files.jsonio import read_json\n"
        "from gluckauf.core.errors import FormatError\n"
        "if 'writing' in sys.argv[2:]:\n"
        "    reader = os.open(sys.argv[1], os.O_RDONLY | os.O_NONBLOCK)\n"
        "    writer = os.open(sys.argv[1], os.O_WRONLY | os.O_NONBLOCK)\n"
        '    os.write(writer, b\'{"format": "gluckauf-record"}\')\n'
        "if 'no stat' in sys.argv[2:]:\n"
        "    def stat(*args, **kwargs):\n"
        "        raise FileNotFoundError(2, 'gone')\n"
        "    os.stat = stat\n"
        "try:\n"
        "    read_json(sys.argv[1])\n"
        "except FormatError as e:\n"
        "    print('refused:', e)\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code, str(path), *how],
        capture_output=True, text=True, encoding="utf-8", cwd=ROOT, timeout=30, check=False,
    )  # fmt: skip


@POSIX_ONLY
def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    started = time.monotonic()
    done = read_in_child(fifo)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"refused: {fifo}: ") and "named pipe" in done.stdout
    link = tmp_path / "link.json"
    link.symlink_to(fifo)  # a symbolic link to a pipe is a pipe
    assert "named pipe" in read_in_child(link).stdout
    for command in ("replay", "show", "review"):
        done = run(command, str(fifo), timeout=30)
        assert_clean_refusal(done.returncode, done.stdout, done.stderr, "named pipe")
    assert time.monotonic() - started < 30


@POSIX_ONLY
def test_a_named_pipe_with_a_writer_is_refused_too(tmp_path: Path) -> None:
    """Even when something is writing into the pipe, it is not read (nor waited for)."""
    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    for how in (["writing"], ["writing", "no stat"], ["no stat"]):
        done = read_in_child(fifo, *how)
        assert done.returncode == 0, (how, done.stderr)
        assert done.stdout.startswith(f"refused: {fifo}: ") and "named pipe" in done.stdout, how


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on Windows")
def test_a_device_is_refused() -> None:
    with pytest.raises(FormatError, match="is a device, not a file"):
        read_json("/dev/zero")
    with pytest.raises(FormatError, match="is a device, not a file"):
        read_json(os.devnull)
    assert_clean_refusal(*call("show", "/dev/zero"), "device")


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no Unix sockets on Windows")
def test_a_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(str(path))
        with pytest.raises(FormatError, match="is a socket, not a file"):
            read_json(path)
        assert_clean_refusal(*call("replay", str(path)), "socket")
    finally:
        server.close()


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="this is a folder, not a file"):
        read_json(tmp_path)
    assert_clean_refusal(*call("show", str(tmp_path)), "folder")


@POSIX_ONLY
def test_a_symbolic_link_to_a_record_is_read(tmp_path: Path) -> None:
    record = record_of(played(2, 4))
    (tmp_path / "game.json").write_text(json.dumps(record), encoding="utf-8")
    (tmp_path / "link.json").symlink_to(tmp_path / "game.json")
    assert load_record(tmp_path / "link.json") == record


def test_a_huge_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(jsonio.MAX_BYTES + 1)  # sparse: takes no room
    with pytest.raises(FormatError, match="too large"):
        read_json(path)
    assert_clean_refusal(*call("replay", str(path)), "too large", "more than 5 MB")
    small = tmp_path / "small.json"
    small.write_bytes(b"[" + b"1, " * 400 + b"1]")  # 1203 bytes
    with pytest.raises(FormatError, match="too large") as refused:
        read_json(small, max_bytes=1202)
    assert "more than 1202 bytes" in str(refused.value)
    assert len(read_json(small, max_bytes=1203)) == 401


# --- text that would drive the terminal ---------------------------------------------------
HOSTILE = ["Eve\x1b]0;pwned\x07", "\x1b[2JMallory", "Bob\u202egnp.exe", "C1\x9b31m"]
FRIENDLY = ["Gábor", "Zsófi Ödön", "Péter ★ – “ő ü”", "Ágnes\tÉva"]


def test_control_characters_are_shown_escaped(tmp_path: Path) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record_of(played(4, 6, names=HOSTILE))), encoding="utf-8")
    for command in (["replay"], ["show"], ["review", "--seat", "0"]):
        code, out, err = call(*command, str(path))
        assert code == 0, err
        assert RAW_CONTROL.search(out + err) is None, command
        assert "Eve\\x1b]0;pwned\\x07" in out and "\\x1b[2JMallory" in out, command
        assert "Bob\\u202egnp.exe" in out and "C1\\x9b31m" in out, command


def test_review_json_stays_json_and_keeps_the_names(tmp_path: Path) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record_of(played(4, 6, names=HOSTILE))), encoding="utf-8")
    code, out, err = call("review", "--seat", "1", "--json", str(path))
    assert code == 0, err
    assert RAW_CONTROL.search(out) is None
    assert json.loads(out)["names"] == HOSTILE


def test_control_characters_in_an_error_are_escaped(tmp_path: Path) -> None:
    record = record_of(played(2, 6, moves=3))
    record["actions"][2] = "place \x1b[2J\u202e"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = call("replay", str(path))
    assert_clean_refusal(code, out, err, "action 3")
    assert RAW_CONTROL.search(err) is None and "\\x1b[2J\\u202e" in err


def test_a_terminal_gets_escapes_in_a_subprocess_too(tmp_path: Path) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record_of(played(4, 6, names=HOSTILE))), encoding="utf-8")
    done = run("show", str(path))
    assert done.returncode == 0, done.stderr
    assert RAW_CONTROL.search(done.stdout + done.stderr) is None
    assert "Eve\\x1b]0;pwned\\x07" in done.stdout


def test_normal_text_prints_unchanged(tmp_path: Path) -> None:
    state = played(4, 7, names=FRIENDLY)
    path = tmp_path / "friendly.json"
    path.write_text(json.dumps(record_of(state)), encoding="utf-8")
    code, out, err = call("show", str(path))
    assert code == 0, err
    assert out == str(state) + "\n"
    code, out, err = call("replay", str(path))
    assert code == 0 and str(state.result()) in out


def test_the_engine_keeps_the_names_as_they_are(tmp_path: Path) -> None:
    """Only the terminal output is escaped: the record and the state keep every character."""
    state = played(4, 6, names=HOSTILE)
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record_of(state)), encoding="utf-8")
    call("show", str(path))
    assert replay_file(path).names == HOSTILE and load_record(path)["names"] == HOSTILE


def test_printable_escapes_control_characters_only() -> None:
    from gluckauf.cli import printable

    assert printable("a\x1b[2Jb\x07\x00\x7f\x9b\u202e\u2066\r") == (
        "a\\x1b[2Jb\\x07\\x00\\x7f\\x9b\\u202e\\u2066\\x0d"
    )
    normal = "Gábor, Zsófi, Ödön: ő ü ★ – “quoted” ‘x’ …\n\tnext line © 10 Marks"
    assert printable(normal) == normal


def test_names_given_to_play_are_escaped_too() -> None:
    out, err = io.StringIO(), io.StringIO()
    names = ["Eve\x1b]0;pwned\x07", "Bob"]
    code = main(["play", "--players", "2", "--seed", "1", "--names", *names],
                stdin=io.StringIO("quit\n"), stdout=out, stderr=err)  # fmt: skip
    assert code == 0, err.getvalue()
    assert RAW_CONTROL.search(out.getvalue() + err.getvalue()) is None
    assert "Eve\\x1b]0;pwned\\x07" in out.getvalue()
