"""Game records (gluckauf.files.records) and the JSON helpers (gluckauf.files.jsonio): round trips,
atomic saving, and a clear FormatError for every kind of bad file."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest

from gluckauf import FormatError, RandomBot, new_game
from gluckauf.core.state import GameState
from gluckauf.files.jsonio import read_json, validate, write_json_atomic
from gluckauf.files.records import load_record, record_of, replay, replay_file, save_record


def play(players: int, seed: int, *, upto: int | None = None, **options: Any) -> GameState:
    state = new_game(players, seed, **options)
    bot = RandomBot(seed + 100)
    while not state.is_over and (upto is None or len(state.history) < upto):
        state.apply(bot.choose(state))
    return state


@pytest.fixture(scope="module")
def finished() -> GameState:
    return play(3, seed=11)


@pytest.fixture
def record(finished: GameState) -> dict[str, Any]:
    return copy.deepcopy(record_of(finished))


# --- round trips ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_game_replays_to_the_identical_state(players: int) -> None:
    state = play(players, seed=players * 7)
    data = json.loads(json.dumps(record_of(state)))  # through real JSON text
    again = replay(data)
    assert again == state
    assert again._fields() == state._fields()
    assert again.history == state.history
    assert again.is_over and again.result().scores == state.result().scores


def test_the_record_has_the_documented_shape(finished: GameState, record: dict) -> None:
    assert record["format"] == "gluckauf-record" and record["version"] == 1
    assert record["players"] == 3 and record["names"] == finished.names
    assert record["seed"] == 11
    assert record["options"] == {"start_player": finished.first_start_player}
    assert record["actions"] == [str(a) for a in finished.history]
    result = finished.result()
    assert record["result"] == {
        "scores": result.scores,
        "winners": result.winners,
        "marks_left": [row.tie_break_marks for row in result.players],
    }
    validate(record, "record")


def test_a_game_in_progress_round_trips_without_a_result() -> None:
    state = play(4, seed=3, upto=60)
    record = record_of(state)
    assert "result" not in record and len(record["actions"]) == 60
    assert replay(record) == state


def test_a_named_start_player_is_kept() -> None:
    for seat in range(3):
        state = play(3, seed=8, upto=40, start_player=seat)
        record = record_of(state)
        assert record["options"]["start_player"] == seat
        assert replay(record) == state


def test_without_first_start_player_the_seed_decides() -> None:
    """A state object without ``first_start_player`` gets the seat new_game draws from the seed."""
    from types import SimpleNamespace

    from gluckauf.files.records import first_start_player

    for seed in range(5):
        drawn = new_game(4, seed).start_player
        old = SimpleNamespace(players=4, seed=seed, names=["a", "b", "c", "d"])
        assert first_start_player(old) == drawn  # type: ignore[arg-type]


def test_the_options_may_be_left_out() -> None:
    state = new_game(2, seed=4)  # start player drawn from the seed
    state.apply(state.legal_actions()[0])
    record = record_of(state)
    del record["options"]
    assert replay(record) == state


def test_friendly_spellings_replay_too(record: dict) -> None:
    record["actions"] = [a.replace("place ", "") if a.startswith("place F") else a
                         for a in record["actions"]]  # fmt: skip
    assert any(a.startswith("F") for a in record["actions"])
    replay(record)


def test_a_state_without_a_seed_cannot_be_a_record() -> None:
    state = play(2, seed=5, upto=20)
    state.seed = None
    with pytest.raises(ValueError, match="save it as a position"):
        record_of(state)


# --- files ---------------------------------------------------------------------------------------
def test_save_and_load(tmp_path: Path, finished: GameState) -> None:
    path = tmp_path / "game.json"
    save_record(finished, path)
    text = path.read_text(encoding="utf-8")
    assert text.endswith("}\n") and '\n  "format": "gluckauf-record"' in text
    assert "Gábor" in text  # UTF-8, not \u escapes
    assert load_record(path) == record_of(finished)
    assert replay_file(path) == finished
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_saving_replaces_the_old_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    os.chmod(path, 0o640)
    write_json_atomic(path, {"a": "ü", "b": [1, 2]})
    assert path.read_text(encoding="utf-8") == '{\n  "a": "ü",\n  "b": [\n    1,\n    2\n  ]\n}\n'
    assert path.stat().st_mode & 0o777 == 0o640  # permissions kept
    assert read_json(path) == {"a": "ü", "b": [1, 2]}


def test_a_failed_save_leaves_the_old_file_and_no_litter(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"keep": true}\n', encoding="utf-8")
    with pytest.raises(TypeError):
        write_json_atomic(path, {"bad": object()})
    with pytest.raises(ValueError):
        write_json_atomic(path, {"bad": float("nan")})
    assert path.read_text(encoding="utf-8") == '{"keep": true}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_crash_during_the_swap_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"keep": true}\n', encoding="utf-8")

    def crash(src: str, dst: str) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_json_atomic(path, {"new": 1})
    assert path.read_text(encoding="utf-8") == '{"keep": true}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# --- malformed files: each gives a FormatError that says what is wrong ---------------------------
def write(tmp_path: Path, content: str | bytes, name: str = "bad.json") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("", "empty"),
        ("   \n", "empty"),
        ("{", "not valid JSON: Expecting property name enclosed in double quotes at line 1, col"),
        ('{\n  "format": "gluckauf-record",\n  "players": 3,,\n}', "line 3, column 16"),
        ("{'format': 'gluckauf-record'}", "not valid JSON"),
        ('{"players": NaN}', "NaN is not allowed"),
        ('{"a": 1, "a": 2}', "appears twice"),
        ("[" * 100_000, "nested far too deeply"),
        (b'{"names": ["G\xe1bor"]}', "not UTF-8 text (bad byte 0xe1 at line 1, column 14)"),
        (b'{"n":\n ["\xc3\xa9\xff"]}', "not UTF-8 text (bad byte 0xff at line 2, column 5)"),
    ],
)
def test_unreadable_files(tmp_path: Path, content: str | bytes, expected: str) -> None:
    path = write(tmp_path, content)
    with pytest.raises(FormatError) as info:
        load_record(path)
    assert expected in str(info.value)
    assert str(path) in str(info.value)


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="no such file"):
        load_record(tmp_path / "nope.json")
    with pytest.raises(FormatError, match="folder, not a file"):
        load_record(tmp_path)


def test_a_file_too_large(tmp_path: Path) -> None:
    path = write(tmp_path, '{"actions": ["' + "x" * (5 * 1024 * 1024) + '"]}')
    with pytest.raises(FormatError, match="too large"):
        load_record(path)


def test_a_byte_order_mark_is_fine(tmp_path: Path, record: dict) -> None:
    path = write(tmp_path, b"\xef\xbb\xbf" + json.dumps(record).encode("utf-8"))
    assert load_record(path) == record


def change(record: dict, **changes: Any) -> dict:
    data = copy.deepcopy(record)
    for key, value in changes.items():
        if value is DELETE:
            del data[key]
        else:
            data[key] = value
    return data


DELETE = object()


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"format": "gluckauf-position"}, "this is a position file, not a game record"),
        ({"format": "chess-pgn"}, 'format: a game record has "format": "gluckauf-record"'),
        ({"format": DELETE}, 'no "format" field'),
        ({"version": 2}, "version 2 record, from a newer kit; this kit reads version 1"),
        ({"version": "1"}, "this kit reads version 1 records, not '1'"),
        ({"players": 5}, "players: 5 is greater than the maximum of 4"),
        ({"players": 1}, "players: 1 is less than the minimum of 2"),
        ({"players": "3"}, "players: '3' is not of type 'integer'"),
        ({"players": DELETE}, "'players' is a required property"),
        ({"seed": DELETE}, "'seed' is a required property"),
        ({"actions": DELETE}, "'actions' is a required property"),
        ({"seed": -1}, "seed: -1 is less than the minimum of 0"),
        ({"seed": 1.5}, "seed: 1.5 is not a whole number"),
        ({"seed": 7.0}, "seed: 7.0 is not a whole number"),  # JSON Schema's integer allows it
        ({"names": ["A", "B"]}, "names: a 3-player game needs 3 names, the record has 2"),
        ({"names": ["A", " ", "C"]}, "names[1]: ' ' is not allowed here"),
        ({"names": ["A", 7, "C"]}, "names[1]: 7 is not of type 'string'"),
        ({"options": {"start_player": 3}}, "options.start_player: there is no seat 3"),
        ({"options": {"start_player": -1}}, "options.start_player: -1 is less than the minimum"),
        ({"options": {"starter": 1}}, "options: Additional properties are not allowed"),
        ({"comment": "hi"}, "Additional properties are not allowed ('comment' was unexpected)"),
        ({"actions": "place M8"}, "actions: 'place M8' is not of type 'array'"),
        ({"actions": ["draft W2Y", 17]}, "actions[1]: 17 is not of type 'string'"),
        ({"actions": [""]}, "actions[0]: '' should be non-empty"),
        ({"result": {"scores": [1, 2, 3]}}, "result: 'winners' is a required property"),
        ({"result": {"scores": [1, 2], "winners": [0]}}, "result.scores: gives 2 values for 3"),
    ],
)
def test_malformed_records(tmp_path: Path, record: dict, changes: dict, expected: str) -> None:
    data = change(record, **changes)
    with pytest.raises(FormatError) as info:
        replay(data)
    assert expected in str(info.value)
    path = write(tmp_path, json.dumps(data))
    with pytest.raises(FormatError) as info:
        replay_file(path)
    assert str(info.value).startswith(f"{path}: ") and expected in str(info.value)


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ([], "a game record is a JSON object {...}, but the file holds a list"),
        ("gluckauf-record", "but the file holds a string"),
        (3, "but the file holds a number"),
        (None, "but the file holds null"),
    ],
)
def test_not_an_object(data: Any, expected: str) -> None:
    with pytest.raises(FormatError, match=expected.replace("{...}", r"\{\.\.\.\}")):
        replay(data)


def test_bad_action_text_names_the_action(record: dict) -> None:
    record["actions"][16] = "place F9"
    with pytest.raises(FormatError) as info:
        replay(record)
    message = str(info.value)
    assert message.startswith("action 17 ('place F9'): ")
    assert "no space called 'F9'" in message and "R-NOTATION-1" in message


@pytest.mark.parametrize("text", ["fly to the moon", "cage 9", "cage x", "fill", "load Q",
                                  "choose X middle Y", "fill W3YY:Y zz", "draft"])  # fmt: skip
def test_every_kind_of_nonsense_is_a_format_error(record: dict, text: str) -> None:
    record["actions"][3] = text
    with pytest.raises(FormatError, match=r"^action 4 \("):
        replay(record)


def test_an_illegal_action_gives_the_engine_s_reason(record: dict) -> None:
    # The first action is a draft: placing workers is not allowed yet (R-SETUP-4).
    record["actions"][0] = "place M8"
    with pytest.raises(FormatError) as info:
        replay(record)
    assert str(info.value) == (
        "action 1 ('place M8'): First everyone takes their starting orders in the draft. "
        "(R-SETUP-4)"
    )


def test_an_illegal_action_mid_game(finished: GameState, record: dict) -> None:
    """Find a real refusal mid-game: a placement on a space that is legal for nobody now."""
    state = new_game(3, 11, names=finished.names, start_player=record["options"]["start_player"])
    for number, text in enumerate(record["actions"], start=1):
        if state.phase == "place":
            illegal = next((s for s in ("M4", "F8", "$3") if not state.is_legal(
                __import__("gluckauf").parse_action(s))), None)  # fmt: skip
            if illegal:
                bad = copy.deepcopy(record)
                bad["actions"][number - 1] = f"place {illegal}"
                with pytest.raises(FormatError) as info:
                    replay(bad)
                assert str(info.value).startswith(f"action {number} ('place {illegal}'): ")
                assert "(R-" in str(info.value)  # the rule that forbids it
                return
        state.apply(text)
    pytest.fail("no illegal placement found")


def test_actions_after_the_end(record: dict) -> None:
    record["actions"].append("place M8")
    del record["result"]
    n = len(record["actions"])
    with pytest.raises(FormatError, match=rf"^action {n} \('place M8'\): The game is over"):
        replay(record)


def test_a_result_that_does_not_match(record: dict) -> None:
    record["result"]["scores"][0] += 1
    with pytest.raises(FormatError, match=r"result.scores: the record says \[.*\], but replaying"):
        replay(record)
    record["result"] = {"scores": [0, 0, 0], "winners": [0]}
    record["actions"] = record["actions"][:10]
    with pytest.raises(FormatError, match="the game is not over"):
        replay(record)


def test_validate_names_the_path() -> None:
    with pytest.raises(FormatError, match=r"^players: 5 is greater than the maximum of 4"):
        validate({"format": "gluckauf-record", "version": 1, "players": 5, "names": ["a", "b"],
                  "seed": 1, "actions": []}, "record")  # fmt: skip
    with pytest.raises(ValueError, match="no schema"):
        validate({}, "no-such-thing")
