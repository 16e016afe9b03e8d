"""Reading and writing the kit's JSON files safely (game records, positions).

* :func:`write_json_atomic` never leaves a half-written file: it writes a temporary file in the
  same folder, flushes it to disk and then swaps it in with ``os.replace``. The temporary file
  is called ``.<name>.<16 hex digits>.tmp`` (``.game.json.3f9a0c….tmp`` for ``game.json``);
  it is removed if anything goes wrong, and a writer that was killed outright (power cut,
  SIGKILL, a closed notebook kernel) cannot remove its own, so every later save of the same
  file removes those left behind. Saves in one folder take turns: each holds an exclusive lock
  on the folder (``flock``) while it writes, so a temporary file of this target found then is
  certainly a dead writer's, never a live one's. Where the folder cannot be locked (Windows,
  the browser's Pyodide, some network drives) only leftovers older than :data:`STALE_AFTER`
  seconds are removed, which no live save takes.
* :func:`read_json` turns every way a file can be unreadable (missing, too large, not UTF-8,
  not JSON) into a :class:`~gluckauf.core.errors.FormatError` with a message a learner can act on.
  It reads only regular files (a symbolic link to one is fine): a named pipe, a device, a
  socket or a folder is refused without waiting for it, and at most :data:`MAX_BYTES` (5 MB)
  are read.
* :func:`loads` refuses JSON nested more than :data:`MAX_DEPTH` (32) levels deep — arrays and
  objects inside each other; the kit's own files need 6 — before anything that recurses (the
  JSON parser, the schema check, the engine) sees it, so a hostile file cannot exhaust
  Python's recursion limit. The depth is found by one loop over the text, not by recursion.
* :func:`validate` checks data against one of the JSON Schemas in ``gluckauf/files/schemas``
  (with fastjsonschema: pure Python, so also in the browser).

Only JSON is ever read: no pickle, no eval.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import stat
import time
from collections.abc import Iterator
from functools import cache
from importlib import resources
from itertools import accumulate
from pathlib import Path
from typing import Any

from ..core.errors import FormatError, PhrasedError
from ..core.voice import Phrase
from ..text.i18n import ENGINE

MAX_BYTES = 5 * 1024 * 1024  # 5 MB: far more than any real game needs
MAX_DEPTH = 32  # levels of [ ] and { } inside each other: the kit's files need 6
STALE_AFTER = 60.0  # seconds: without a folder lock, younger temporary files may be live
LOCK_WAIT = 10.0  # seconds a save waits for another save in the same folder, then goes ahead
_SCHEMA_PACKAGE = __package__ or "gluckauf.files"
_SCHEMA_FOLDER = "schemas"


# --- writing -----------------------------------------------------------------------------------
def dumps(data: Any) -> str:
    """The kit's JSON text: UTF-8 friendly (no \\u escapes), indent 2, trailing newline."""
    return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def _new_file_mode(target: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual ones (0666 minus umask)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def temp_name_pattern(name: str) -> re.Pattern[str]:
    """The names of the temporary files a save of the file ``name`` writes: ``.<name>.<16 hex
    digits>.tmp`` (and ``.<name>.<8 letters, digits or _>.tmp``, as earlier versions of the kit
    wrote them with ``tempfile.mkstemp``)."""
    return re.compile(rf"\.{re.escape(name)}\.(?:[0-9a-f]{{16}}|[0-9a-z_]{{8}})\.tmp")


def _new_temp_file(folder: Path, name: str) -> tuple[int, Path]:
    """Create ``.<name>.<random>.tmp`` in the folder, only readable by its owner for now."""
    while True:
        temp = folder / f".{name}.{secrets.token_hex(8)}.tmp"
        try:
            return os.open(
                temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600
            ), temp
        except FileExistsError:  # pragma: no cover - 64 random bits
            continue


@contextlib.contextmanager
def _folder_lock(folder: Path) -> Iterator[int | None]:
    """Hold an exclusive ``flock`` on the folder (waiting up to :data:`LOCK_WAIT` seconds for
    another save there). Yields the folder's file descriptor while the lock is held, None where
    the folder cannot be locked (no ``fcntl``, a file system without locks, a save that did not
    let go). Closing the descriptor lets go; so does the death of the process."""
    try:
        from fcntl import LOCK_EX, LOCK_NB, flock
    except ImportError:  # Windows; the browser's Pyodide has fcntl but no flock
        yield None
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        yield None
        return
    try:
        deadline = time.monotonic() + LOCK_WAIT
        locked = False
        while not locked:
            try:
                flock(fd, LOCK_EX | LOCK_NB)
                locked = True
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.002)
            except OSError:
                break
        yield fd if locked else None
    finally:
        os.close(fd)


def remove_stale_temp_files(target: Path, *, locked: bool) -> int:
    """Remove the temporary files of ``target`` that killed saves left in its folder; returns
    how many. With the folder ``locked`` by this save every one is stale; otherwise only those
    older than :data:`STALE_AFTER` seconds are taken to be. Never the target itself, nor
    anything that is not a regular file matching :func:`temp_name_pattern`."""
    folder = target.parent
    pattern = temp_name_pattern(target.name)
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    now = time.time()
    for name in names:
        if not pattern.fullmatch(name):
            continue
        path = folder / name
        try:
            info = os.lstat(path)
            if not stat.S_ISREG(info.st_mode):
                continue
            if not locked and now - info.st_mtime < STALE_AFTER:
                continue
            os.unlink(path)
            removed += 1
        except OSError:  # gone already, or still open (Windows): leave it
            continue
    return removed


def write_json_atomic(path: str | os.PathLike[str], data: Any) -> None:
    """Write ``data`` as JSON to ``path`` so that the file is either the old one or the complete
    new one, never something in between (:func:`write_text_atomic`)."""
    text = dumps(data)  # serialise first: a TypeError must not leave a temporary file behind
    write_text_atomic(path, text)


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that the file is either the old one or the complete
    new one, never something in between (temporary file + flush + fsync + ``os.replace``).

    The temporary file ``.<name>.<random>.tmp`` is removed on any error; the ones killed saves
    of the same path left behind are removed too (see the module's notes), so after a save
    no temporary file of ``path`` remains."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    target = folder / target.name
    with _folder_lock(folder) as folder_fd:
        remove_stale_temp_files(target, locked=folder_fd is not None)
        fd, temp = _new_temp_file(folder, target.name)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(temp, _new_file_mode(target))
            os.replace(temp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        if folder_fd is not None:
            with contextlib.suppress(OSError):
                os.fsync(folder_fd)  # the rename itself, durable
        else:
            _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the OS allows it (POSIX); harmless elsewhere."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


# --- reading -----------------------------------------------------------------------------------
def _reject_constant(name: str) -> Any:
    raise PhrasedError(Phrase("file.json.constant", {"constant": name}))


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise PhrasedError(Phrase("file.json.duplicate", {"field": repr(key)}))
        result[key] = value
    return result


# What Python's JSON parser says (json.decoder's messages), as the kit's keyed phrases.
_DECODER_SAYS = {
    "Expecting value": "expecting_value",
    "Expecting property name enclosed in double quotes": "expecting_name",
    "Expecting ':' delimiter": "expecting_colon",
    "Expecting ',' delimiter": "expecting_comma",
    "Unterminated string starting at": "unterminated",
    "Invalid control character": "control",
    "Invalid \\escape": "escape",
    "Invalid \\uXXXX escape": "escape",
    "Extra data": "extra",
    "Illegal trailing comma": "trailing_comma",
}


def _decoder_phrase(message: str) -> Phrase:
    """The JSON parser's complaint in the kit's words (its own, quoted, if it is a new one)."""
    for said, key in _DECODER_SAYS.items():
        if message.startswith(said):
            return Phrase(f"file.json.{key}")
    return Phrase("file.json.parser", {"message": message})


def _line_col(before: str) -> tuple[int, int]:
    """Line and column (both from 1) of the character just after ``before``."""
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


# A JSON string (escapes skipped; an unterminated one runs to the end of the text).
_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"?'
_STRINGS = re.compile(_STRING, re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_TOKENS = re.compile(_STRING + r"|([\[{])|[\]}]", re.DOTALL)  # a string, [ or {, ] or }
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def depth_of(text: str) -> int:
    """How deep JSON ``text`` is nested: 0 for a bare value, 1 for ``[1, 2]``, 2 for
    ``{"a": [1]}``; brackets inside strings do not count. Found without recursion (and in C
    loops: strings and everything but brackets are cut out, then the brackets are counted)."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets), initial=0))


def _first_too_deep(text: str, limit: int) -> int | None:
    """The index of the first ``[`` or ``{`` in JSON ``text`` more than ``limit`` levels deep,
    or None. (A stray closing bracket is the parser's to report: it stops there.)"""
    if depth_of(text) <= limit:
        return None
    depth = 0
    for token in _TOKENS.finditer(text):  # a loop, only to say where
        if token.lastindex:  # an opening bracket
            depth += 1
            if depth > limit:
                return token.start()
        elif text[token.start()] != '"':
            depth -= 1
    return None  # pragma: no cover - depth_of found it


def loads(text: str, *, source: str | None = None) -> Any:
    """Parse JSON text strictly (no NaN/Infinity, no duplicate keys, nested at most
    :data:`MAX_DEPTH` levels deep); FormatError otherwise, naming ``source`` (a file name; by
    default "the text")."""
    where: str | Phrase = Phrase("file.the_text") if source is None else source
    too_deep = _first_too_deep(text, MAX_DEPTH)
    if too_deep is not None:
        line, col = _line_col(text[:too_deep])
        raise FormatError(
            Phrase(
                "file.too_deep_at",
                {"source": where, "depth": MAX_DEPTH, "line": line, "column": col},
            )
        )
    try:
        return json.loads(
            text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicate_keys
        )
    except json.JSONDecodeError as exc:
        detail = _decoder_phrase(exc.msg)
        raise FormatError(
            Phrase(
                "file.not_json",
                {"source": where, "detail": detail, "line": exc.lineno, "column": exc.colno},
            )
        ) from None
    except RecursionError:  # pragma: no cover - the depth check above comes first
        raise FormatError(Phrase("file.unusable", {"source": where, "detail": _DEEP})) from None
    except PhrasedError as exc:  # from the hooks above (they have no position of their own)
        raise FormatError(
            Phrase("file.unusable", {"source": where, "detail": exc.phrase})
        ) from None


_DEEP = Phrase("file.json.deep")


# What a path is when it is not a regular file, for the message (``file.kind.*``).
_KINDS = (
    (stat.S_ISDIR, "folder"),
    (stat.S_ISFIFO, "pipe"),
    (stat.S_ISSOCK, "socket"),
    (stat.S_ISCHR, "device"),
    (stat.S_ISBLK, "device"),
)


def _not_a_file(name: str, mode: int) -> FormatError:
    kind = next((kind for test, kind in _KINDS if test(mode)), "other")
    return FormatError(
        Phrase("file.not_a_file", {"name": name, "what": Phrase(f"file.kind.{kind}")})
    )


def _size(count: int) -> Phrase:
    mb = count / (1024 * 1024)
    if mb >= 1:
        return Phrase("file.megabytes", {"mb": mb})
    return Phrase("file.bytes", {"count": count})


def _too_large(name: str, max_bytes: int) -> FormatError:
    return FormatError(Phrase("file.too_large", {"name": name, "size": _size(max_bytes)}))


def _file_says(key: str, name: str, **params: Any) -> FormatError:
    """The file ``name`` cannot be used: ``file.<key>``."""
    return FormatError(Phrase(f"file.{key}", {"name": name, **params}))


def _read_regular_file(name: str, max_bytes: int) -> bytes:
    """At most ``max_bytes + 1`` bytes of the regular file ``name``, never waiting: it is opened
    non-blocking (a named pipe opens at once, without a writer) and then checked through the
    open descriptor (``fstat``: no gap between checking and reading for the path to change
    in); anything else is refused unread. OSError for the usual failures (missing, no
    permission)."""
    try:
        mode = os.stat(name).st_mode  # refuse a device or a pipe without even opening it
    except OSError:
        mode = None  # open() says why (or the race is lost: fstat below still decides)
    if mode is not None and not stat.S_ISREG(mode):
        raise _not_a_file(name, mode)
    flags = (
        os.O_RDONLY
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_NOCTTY", 0)
        | getattr(os, "O_BINARY", 0)
    )
    fd = os.open(name, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _not_a_file(name, info.st_mode)
        if info.st_size > max_bytes:
            raise _too_large(name, max_bytes)
        if hasattr(os, "set_blocking"):  # a regular file: back to ordinary reads
            with contextlib.suppress(OSError):
                os.set_blocking(fd, True)
        chunks, left = [], max_bytes + 1
        while left > 0:  # read() may return less than asked for before the end
            chunk = os.read(fd, min(left, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_json(path: str | os.PathLike[str], *, max_bytes: int = MAX_BYTES) -> Any:
    """The JSON value stored in ``path``. Raises :class:`FormatError` — never a bare OSError or
    JSONDecodeError — if the file is missing, unreadable, not a regular file (a named pipe, a
    device, a socket, a folder: refused at once, never waited for), larger than ``max_bytes``
    (5 MB), not UTF-8, not JSON (the message gives the line and column) or nested more than
    :data:`MAX_DEPTH` levels deep."""
    name = os.fspath(path)
    try:
        raw = _read_regular_file(name, max_bytes)
    except FileNotFoundError:
        raise _file_says("missing", name) from None
    except IsADirectoryError:
        raise _file_says("folder", name) from None
    except PermissionError:
        if os.path.isdir(name):  # Windows refuses to open a folder with "permission denied"
            raise _file_says("folder", name) from None
        raise _file_says("forbidden", name) from None
    except OSError as exc:  # the system's own words for a rare failure, quoted
        raise _file_says("unreadable", name, reason=str(exc.strerror or exc)) from None
    if len(raw) > max_bytes:
        raise _too_large(name, max_bytes)
    try:
        text = raw.decode("utf-8-sig")  # a UTF-8 byte-order mark (Windows editors) is fine
    except UnicodeDecodeError as exc:
        line, col = _line_col(raw[: exc.start].decode("utf-8", "replace"))
        byte = f"0x{raw[exc.start]:02x}"
        raise _file_says("not_utf8", name, byte=byte, line=line, column=col) from None
    if not text.strip():
        raise _file_says("empty", name)
    return loads(text, source=name)


# --- validation --------------------------------------------------------------------------------
@cache
def load_schema(schema_name: str) -> dict[str, Any]:
    """The JSON Schema ``gluckauf/files/schemas/<schema_name>.schema.json`` (from the package)."""
    if not schema_name.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"not a schema name: {schema_name!r}")
    resource = resources.files(_SCHEMA_PACKAGE).joinpath(
        _SCHEMA_FOLDER, f"{schema_name}.schema.json"
    )
    try:
        text = resource.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"the kit has no schema called {schema_name!r}") from None
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator(schema_name: str) -> Any:
    """The schema as a checking function. fastjsonschema (pure Python, so it also runs in the
    browser's Pyodide) writes that function's Python code from the kit's own schema file; the
    data being checked is only compared, never run, and no schema is fetched from anywhere."""
    import fastjsonschema

    def no_fetching(uri: str) -> Any:
        raise ValueError(f"the kit's schemas refer to nothing outside themselves, not {uri}")

    return fastjsonschema.compile(
        load_schema(schema_name),
        use_default=False,
        handlers={"http": no_fetching, "https": no_fetching},
    )


def validate(data: Any, schema_name: str) -> None:
    """Check ``data`` against ``gluckauf/files/schemas/<schema_name>.schema.json``. The first
    problem found becomes a :class:`FormatError` naming where it is, e.g.
    ``players: 5 is greater than the maximum of 4``."""
    import fastjsonschema

    where = _first_fraction(data)
    if where is not None:  # JSON Schema counts 3.0 as an integer; the kit's numbers never are
        path, number = where
        problem = FormatError(Phrase("file.fraction", {"number": repr(number)}))
        raise problem.within(path) if path else problem
    try:
        _validator(schema_name)(data)
    except fastjsonschema.JsonSchemaValueException as error:
        raise FormatError(_describe(error, schema_name)) from None
    except RecursionError:  # data built in Python, not read by loads (which limits the depth)
        raise FormatError(Phrase("file.too_deep", {"depth": MAX_DEPTH})) from None


def _first_fraction(data: Any) -> tuple[str, float] | None:
    """Where the first number written with a decimal point or exponent is (``seats[1].money``)
    and what it is; None if there is none. Walks without recursing."""
    todo: list[tuple[str, Any]] = [("", data)]
    while todo:
        path, value = todo.pop()
        if isinstance(value, float):
            return path, value
        if isinstance(value, dict):
            todo += [
                (f"{path}.{key}" if path else str(key), item)
                for key, item in reversed(value.items())
            ]
        elif isinstance(value, list):
            todo += [(f"{path}[{index}]", item) for index, item in reversed(list(enumerate(value)))]
    return None


# These rules report on the object that holds the problem, whose description is no help.
_ABOUT_THE_PARENT = frozenset(
    ("additionalProperties", "required", "minProperties", "maxProperties", "dependencies")
)


def _listed(names: list[str]) -> str:
    return ", ".join(repr(name) for name in names)


def _quoted(value: Any) -> str:
    """A value of the file as the message shows it (its ``repr``, cut if long)."""
    shown = repr(value)
    return shown if len(shown) <= 120 else shown[:117] + "..."


def _what(rule: str, value: Any, wanted: Any, definition: dict[str, Any]) -> Phrase | None:
    """What is wrong, as a keyed phrase (``file.schema.*``: in English the sentences jsonschema
    uses, which the tests and the notation guide quote); None for a rule without its own."""
    if rule == "required":
        missing = [name for name in wanted if name not in value]
        return Phrase("file.schema.required", {"name": repr(missing[0])}) if missing else None
    if rule == "additionalProperties":
        known = definition.get("properties", {})
        extra = [name for name in value if name not in known]
        key = "file.schema.extra_one" if len(extra) == 1 else "file.schema.extra_many"
        return Phrase(key, {"names": _listed(extra)})
    shown = _quoted(value)
    if rule == "type":
        wanted = _listed(wanted) if isinstance(wanted, list) else repr(wanted)
    elif rule in ("minLength", "minItems"):
        rule = "empty" if wanted == 1 else "short"
    elif rule in ("maxLength", "maxItems"):
        rule = "long"
    elif rule in ("const", "enum"):
        wanted = repr(wanted)
    if rule not in _SCHEMA_RULES:
        return None
    return Phrase(f"file.schema.{rule}", {"shown": shown, "wanted": wanted})


# The JSON Schema rules with a sentence of their own (``file.schema.<rule>``); "pattern" says
# only "not allowed here" — the regex means little to a learner.
_SCHEMA_RULES = frozenset(
    ("type", "maximum", "minimum", "empty", "short", "long", "uniqueItems", "const", "enum",
     "pattern", "anyOf")
)  # fmt: skip


def _describe(error: Any, schema_name: str) -> Phrase:
    """``where: what`` (and what the field is, from the schema's description)."""
    where = error.name.removeprefix("data").lstrip(".")  # "data.names[1]": "names[1]"
    definition = error.definition if isinstance(error.definition, dict) else {}
    message = _what(error.rule, error.value, error.rule_definition, definition)
    if message is None:  # fastjsonschema's own words, quoted: "data.players must be …"
        own = error.message.removeprefix(error.name).strip()
        message = Phrase(
            "file.schema.other", {"message": own[:197] + "..." if len(own) > 200 else own}
        )
    if not where:
        return message  # the top level: the caller adds the file name
    description = definition.get("description")
    if error.rule in _ABOUT_THE_PARENT or not description:
        return Phrase("file.within", {"where": where, "detail": message})
    about = Phrase(f"schema.{schema_name}.{_DESCRIBED[schema_name].get(description, '')}")
    if about.key.endswith("."):  # pragma: no cover - every description is in the table
        about = Phrase("file.said", {"text": description})
    field = where.rsplit(".", 1)[-1]
    return Phrase(
        "file.described", {"where": where, "detail": message, "field": field, "about": about}
    )


def schema_descriptions(schema_name: str) -> dict[str, str]:
    """Every ``description`` of a schema by where it stands (``properties.players``): the
    English texts of the ``schema.<name>.*`` table, which the text layer translates."""
    found: dict[str, str] = {}
    todo: list[tuple[str, Any]] = [("", load_schema(schema_name))]
    while todo:
        path, node = todo.pop()
        if isinstance(node, dict):
            if isinstance(node.get("description"), str) and path:
                found[path] = node["description"]
            todo += [
                (f"{path}.{k}" if path else k, v) for k, v in node.items() if k != "description"
            ]
        elif isinstance(node, list):
            todo += [(f"{path}.{i}", v) for i, v in enumerate(node)]
    return dict(sorted(found.items()))


SCHEMAS = ("record", "position")

#: What each field of the kit's files is (the schemas' descriptions), to be said in the
#: learner's language when a file gets a field wrong: ``schema.<schema>.<where>``.
SCHEMA_TEXTS = ENGINE.texts(
    "schema",
    {
        f"{name}.{where}": text
        for name in SCHEMAS
        for where, text in schema_descriptions(name).items()
    },
)


class _Described(dict[str, dict[str, str]]):
    """A schema's descriptions → where they stand, read once per schema."""

    def __missing__(self, schema_name: str) -> dict[str, str]:
        by_text = {text: path for path, text in schema_descriptions(schema_name).items()}
        self[schema_name] = by_text
        return by_text


_DESCRIBED = _Described()


__all__ = [
    "MAX_BYTES", "MAX_DEPTH", "STALE_AFTER", "depth_of", "dumps", "load_schema", "loads",
    "read_json", "remove_stale_temp_files", "temp_name_pattern", "validate",
    "write_json_atomic", "write_text_atomic",
]  # fmt: skip
