"""A fuzzer of bad files: real records and positions (from random games), mutated — keys
deleted, added or written twice, values of the wrong type, nested, huge or negative numbers,
strings with control characters, bytes cut off, flipped or not UTF-8, byte-order marks — and
loaded the ways a learner loads them: ``records.load_record``, ``records.replay_file``,
``positions.load_position`` and the command line's ``show`` and ``replay``.

The only allowed outcomes are success or a :class:`~gluckauf.core.errors.FormatError`; on the
command line exit status 0, or 2 with one plain line on stderr (no traceback, no Python repr,
not the command line's last-resort "could not make sense of it"), and never a raw control
character on the terminal.

Small in ``make test`` (a few seconds), 100 times longer in ``make soak``
(``--fuzz-scale``): the examples are the same every run, a longer run adds new ones. A failure
lists the loader, what it raised, the mutations and the file's bytes.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from helpers import fuzz_examples

from gluckauf import RandomBot, new_game
from gluckauf.cli import main
from gluckauf.core.errors import FormatError
from gluckauf.files.positions import load_position, position_to_dict
from gluckauf.files.records import load_record, record_of, replay_file

pytestmark = pytest.mark.fuzz

RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
LAST_RESORT = "could not make sense of it"  # the command line's words for an engine slip

# --- the files to start from ---------------------------------------------------------------------


def _played(players: int, seed: int, moves: int | None, face_down: bool = False) -> Any:
    state = new_game(players, seed, face_down=face_down)
    bot = RandomBot(seed)
    while not state.is_over and (moves is None or len(state.history) < moves):
        state.apply(bot.choose(state))
    return state


@cache
def records() -> tuple[dict[str, Any], ...]:
    """Records of random games: a whole 2-player game, games stopped early, table options."""
    return (
        record_of(_played(2, 1, None)),
        record_of(_played(3, 2, 60), seats=["human", "greedy", "random"]),
        record_of(_played(4, 3, 25, face_down=True)),
        record_of(_played(2, 4, 8)),
    )


@cache
def positions() -> tuple[dict[str, Any], ...]:
    """Positions of random games, the first of each phase (draft, place, mine, choose, cube)
    in six games, and a game's end."""
    found: dict[str, dict[str, Any]] = {}
    for players, seed in ((3, 1), (4, 2), (2, 3), (3, 4), (4, 5), (2, 6)):
        state, bot = new_game(players, seed, face_down=seed % 2 == 0), RandomBot(seed)
        while not state.is_over:
            if state.phase not in found:
                found[state.phase] = position_to_dict(state)
            state.apply(bot.choose(state))
        found.setdefault("over", position_to_dict(state))
    return tuple(found[phase] for phase in sorted(found))


# --- writing odd JSON ----------------------------------------------------------------------------
class Pairs:
    """An object written with these (key, value) pairs, a key possibly twice (the other
    mutations leave it alone)."""

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        self.pairs = pairs


class Nested:
    """``value`` inside ``depth`` arrays (or objects), written without recursion."""

    def __init__(self, value: Any, depth: int, objects: bool) -> None:
        self.value, self.depth, self.objects = value, depth, objects


def to_text(value: Any) -> str:
    """JSON text, with :class:`Pairs` and :class:`Nested` written as they say."""
    if isinstance(value, Nested):
        opening, closing = ('{"k": ', "}") if value.objects else ("[", "]")
        return opening * value.depth + to_text(value.value) + closing * value.depth
    if isinstance(value, dict):
        value = Pairs(list(value.items()))
    if isinstance(value, Pairs):
        return "{" + ", ".join(f"{json.dumps(k)}: {to_text(v)}" for k, v in value.pairs) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(to_text(item) for item in value) + "]"
    return json.dumps(value)  # also NaN and Infinity, which the kit refuses


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in the data (the root excluded), parents before their children."""
    found = []
    items = (
        value.items()
        if isinstance(value, dict)
        else (enumerate(value) if isinstance(value, list) else ())
    )
    for key, child in items:
        found.append((*path, key))
        found.extend(_paths(child, (*path, key)))
    return found


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, -1, 7, 2**31, 2**63, -(2**63), 10**30, 1.5, -0.0, 1e308,
    float("inf"), float("nan"), "", " ", "x", "Y", "F3", "W3YY", "G2L", "place M8", [], {},
    [0], [None], ["Y"], {"": None}, "\x00", "\x1b[2J", "\u202e", "\ud800", "A" * 300,
    "é" * 70, "1" * 5000,
]  # fmt: skip
ODD_STRINGS = [
    "\x1b]0;pwned\x07", "\x1b[2J", "\x9b31m", "ab\u202ecd", "\u2066x\u2069", "\x00", "\r\n",
    "\x7f", "\ud800", "\ufeff", "  ", "\t", "Ödön ő ü ★", "", "-", "x" * 100_000,
]  # fmt: skip
NUMBERS = [-1, -(10**9), 10**9, 2**31, 2**63, 10**30, -(10**30), int("9" * 4299), 1e300, 3.0]


# --- the mutations -------------------------------------------------------------------------------
# Each takes the data (or the bytes) and the example's random.Random: places are picked
# uniformly, so that a few hundred examples reach every corner of a file.
Rng = random.Random


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _objects(data: Any) -> list[tuple[Any, ...]]:
    """The places of the JSON objects in the data, the root included."""
    return [p for p in [(), *_paths(data)] if isinstance(_get(data, p), dict)]


def delete_key(data: Any, rng: Rng) -> Any:
    places = [p for p in _paths(data) if isinstance(p[-1], str)]
    if places:
        place = rng.choice(places)
        del _get(data, place[:-1])[place[-1]]
    return data


def add_key(data: Any, rng: Rng) -> Any:
    objects = _objects(data)
    if objects:
        key = rng.choice(["extra", "format", "", "__class__", "é", "seats", "board"])
        _get(data, rng.choice(objects))[key] = rng.choice(ODD_VALUES)
    return data


def duplicate_key(data: Any, rng: Rng) -> Any:
    objects = [p for p in _objects(data) if _get(data, p)]
    if not objects:
        return data
    place = rng.choice(objects)
    target = _get(data, place)
    key = rng.choice(sorted(target))
    again = rng.choice([copy.deepcopy(target[key]), rng.choice(ODD_VALUES)])
    pairs = Pairs([*target.items(), (key, again)])
    if not place:
        return pairs
    _get(data, place[:-1])[place[-1]] = pairs
    return data


def _replace(
    data: Any,
    rng: Rng,
    new: Callable[[Any], Any],
    where: Callable[[Any], bool] = lambda value: True,
) -> Any:
    places = [p for p in _paths(data) if where(_get(data, p))]
    if places:
        place = rng.choice(places)
        _get(data, place[:-1])[place[-1]] = new(_get(data, place))
    return data


def change_type(data: Any, rng: Rng) -> Any:
    return _replace(data, rng, lambda old: copy.deepcopy(rng.choice(ODD_VALUES)))


def nest(data: Any, rng: Rng) -> Any:
    depth, objects = rng.choice([1, 2, 5, 31, 33, 100, 985, 5000]), rng.random() < 0.5
    return _replace(data, rng, lambda old: Nested(old, depth, objects))


def wrap(data: Any, rng: Rng) -> Any:
    """A value put in a one-item list (a list where a code belongs)."""
    return _replace(data, rng, lambda old: [old])


def odd_number(data: Any, rng: Rng) -> Any:
    return _replace(data, rng, lambda old: rng.choice(NUMBERS), _is_int)


def negative(data: Any, rng: Rng) -> Any:
    return _replace(data, rng, lambda old: -old - 1, _is_int)


def odd_string(data: Any, rng: Rng) -> Any:
    def change(old: str) -> str:
        odd = rng.choice(ODD_STRINGS)
        return rng.choice([odd, old + odd, odd + old, old[: len(old) // 2]])

    return _replace(data, rng, change, lambda value: isinstance(value, str))


def shuffle_list(data: Any, rng: Rng) -> Any:
    """A list with an item dropped, doubled, or two items swapped."""
    lists = [p for p in _paths(data) if isinstance(_get(data, p), list) and _get(data, p)]
    if not lists:
        return data
    items = _get(data, rng.choice(lists))
    i, j = rng.randrange(len(items)), rng.randrange(len(items))
    how = rng.choice(["drop", "double", "swap"])
    if how == "drop":
        del items[i]
    elif how == "double":
        items.insert(i, copy.deepcopy(items[i]))
    else:
        items[i], items[j] = items[j], items[i]
    return data


STRUCTURE = {
    "delete_key": delete_key, "add_key": add_key, "duplicate_key": duplicate_key,
    "change_type": change_type, "nest": nest, "wrap": wrap, "odd_number": odd_number,
    "negative": negative, "odd_string": odd_string, "shuffle_list": shuffle_list,
}  # fmt: skip


def truncate(raw: bytes, rng: Rng) -> bytes:
    return raw[: rng.randrange(len(raw))]


def flip_bytes(raw: bytes, rng: Rng) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 4)):
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data)


ODD_BYTES = [b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf", b"\x00", b"\x1b", b"\xe2\x80\xae",
             b"\xf4\x90\x80\x80", b"\x80", b"\xc2\x9b"]  # fmt: skip


def insert_bytes(raw: bytes, rng: Rng) -> bytes:
    """Bytes that are not UTF-8, or odd ones that are (NUL, ESC, U+202E, a C1 control)."""
    at = rng.randrange(len(raw) + 1)
    return raw[:at] + rng.choice(ODD_BYTES) + raw[at:]


BOMS = [b"\xef\xbb\xbf", b"\xef\xbb\xbf\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff"]


def byte_order_mark(raw: bytes, rng: Rng) -> bytes:
    bom = rng.choice(BOMS)
    if bom == b"\xff\xfe":  # a UTF-16 file, as some Windows editors save it
        with contextlib.suppress(UnicodeDecodeError):
            return bom + raw.decode("utf-8", "surrogatepass").encode("utf-16-le", "surrogatepass")
    return bom + raw


BYTES = {
    "truncate": truncate, "flip_bytes": flip_bytes, "insert_bytes": insert_bytes,
    "byte_order_mark": byte_order_mark,
}  # fmt: skip

STRUCTURE_KINDS, BYTE_KINDS = sorted(STRUCTURE), sorted(BYTES)


def mutated(base: dict[str, Any], kinds: list[str], seed: int) -> bytes:
    """``base`` as file bytes after the mutations ``kinds`` (structural ones first, then
    those of the bytes), their choices made by ``random.Random(seed)``."""
    rng = random.Random(seed)
    data: Any = copy.deepcopy(base)
    for kind in kinds:
        if kind in STRUCTURE:
            data = STRUCTURE[kind](data, rng)
    raw = to_text(data).encode("utf-8", "surrogatepass")
    for kind in kinds:
        if kind in BYTES and raw:
            raw = BYTES[kind](raw, rng)
    return raw


# --- loading them --------------------------------------------------------------------------------
def loads_or_refuses(load: Callable[[Path], Any], path: Path) -> None:
    """The load succeeds or raises FormatError; anything else fails the fuzzer."""
    with contextlib.suppress(FormatError):
        load(path)


def command_line(*args: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdin=io.StringIO(""), stdout=out, stderr=err)
    said = err.getvalue()
    assert code in (0, 2), (code, said)
    assert RAW_CONTROL.search(out.getvalue() + said) is None
    if code == 2:
        assert said.startswith(f"gluckauf {args[0]}: ") and said.count("\n") == 1, said
        assert out.getvalue() == "", said
        assert "Traceback" not in said and "Error(" not in said, said
        assert LAST_RESORT not in said, said


LOADERS: dict[str, Callable[[Path], None]] = {
    "load_record": lambda path: loads_or_refuses(load_record, path),
    "replay_file": lambda path: loads_or_refuses(lambda p: replay_file(p, keep_undo=False), path),
    "load_position": lambda path: loads_or_refuses(load_position, path),
    "cli show": lambda path: command_line("show", str(path)),
    "cli replay": lambda path: command_line("replay", str(path)),
}


def examples(bases: tuple[dict[str, Any], ...], count: int, salt: str) -> Iterator[Example]:
    """``count`` mutated files, the same ones every run (example ``n`` of a longer run is
    example ``n`` of a shorter one): mostly the structure mutated (the bytes are quickly
    refused), sometimes the bytes too, or the bytes alone."""
    for number in range(count):
        rng = random.Random(f"{salt}/{number}")
        base = rng.randrange(len(bases))
        mix = rng.randrange(6)  # 0-3: structure, 4: structure and bytes, 5: bytes
        kinds = [] if mix == 5 else [rng.choice(STRUCTURE_KINDS) for _ in range(rng.randint(1, 3))]
        if mix >= 4 or not kinds:
            kinds.append(rng.choice(BYTE_KINDS))
        seed = rng.getrandbits(32)
        yield Example(number, base, kinds, seed, mutated(bases[base], kinds, seed))


class Example(NamedTuple):
    number: int
    base: int
    kinds: list[str]
    seed: int
    raw: bytes

    def shown(self) -> str:
        raw = self.raw if len(self.raw) < 4000 else self.raw[:4000] + b"..."
        return f"example {self.number} (base {self.base}, {self.kinds}, seed {self.seed}): {raw!r}"


def fuzz(tmp_path: Path, bases: tuple[dict[str, Any], ...], count: int, salt: str) -> None:
    """Load every example every way; fail listing the first few that went wrong (each with
    its loader, what it raised and the file)."""
    path = tmp_path / "file.json"
    failures: dict[tuple[str, str], str] = {}
    for example in examples(bases, count, salt):
        path.write_bytes(example.raw)
        for name, load in LOADERS.items():
            try:
                load(path)
            except Exception as exc:  # AssertionError from the command line's checks too
                key = (name, type(exc).__name__)
                failures.setdefault(key, f"{name} raised {exc!r} on {example.shown()}")
    assert not failures, "\n\n".join(list(failures.values())[:6])


def test_bad_record_files(tmp_path: Path) -> None:
    fuzz(tmp_path, records(), fuzz_examples(300), "records")


def test_bad_position_files(tmp_path: Path) -> None:
    fuzz(tmp_path, positions(), fuzz_examples(300), "positions")


@pytest.mark.parametrize("kind", sorted(set(STRUCTURE) | set(BYTES)))
def test_each_mutation_changes_the_file(kind: str) -> None:
    """No mutation is quietly a no-op (which would make the fuzzer's green mean nothing)."""
    base = records()[3]
    changed = [mutated(base, [kind], seed) != to_text(base).encode() for seed in range(8)]
    assert sum(changed) >= 6, changed  # a swap of two equal items changes nothing, say


def test_the_odd_writers_write_what_they_say() -> None:
    assert to_text(Pairs([("a", 1), ("a", 2)])) == '{"a": 1, "a": 2}'
    assert to_text(Nested([1], 3, objects=False)) == "[[[[1]]]]"
    assert to_text(Nested(1, 2, objects=True)) == '{"k": {"k": 1}}'
