"""A class's handed-in files, one folder per learner (issue 30).

The class service (:mod:`gluckauf.hubservice`) keeps what learners hand in, and ``gluckauf
class collect`` copies it to the teacher, in this layout::

    <class folder>/
        <learner>/progress.json          the learner's progress (gluckauf.files.progress)
        <learner>/bot.py                 the bot they handed in last (lesson 11)
        <learner>/games/<when>.json      each game they handed in (a game record)

:meth:`ClassFolder.store` checks a file before it keeps it, form *and* sense — a progress file
of that learner, a game record that replays, a bot's source that parses as Python (parsed,
never run) — and writes atomically. A learner's name must be a plain folder name.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import FormatError
from ..core.voice import Phrase
from .jsonio import dumps, loads, read_json, write_text_atomic
from .progress import Progress, load_progress, progress_from_json
from .records import check_record, replay

KINDS = ("progress", "game", "bot")
MAX_HANDED_IN = 1_000_000  # bytes of one handed-in file
MAX_BOT = 100_000  # characters of a bot's source
FILE_OF = {"progress": "progress.json", "bot": "bot.py"}  # the kinds kept once per learner
#: A game's file name in a learner's folder.
GAME_FILE = re.compile(r"games/\d{8}T\d{6}Z(-\d{1,4})?\.json")
#: A learner's name as a folder: what hub user names look like, and nothing like ``..``.
LEARNER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.@+-]{0,63}")


@dataclass(frozen=True)
class HandedInGame:
    """A game a learner handed in."""

    learner: str
    path: Path
    at: str  # when it was handed in (UTC, from its file name)


def check_learner_name(name: str) -> str:
    """``name`` if it can name a learner's folder; FormatError otherwise."""
    if not isinstance(name, str) or not LEARNER_NAME.fullmatch(name) or ".." in name:
        raise FormatError(Phrase("handin.learner", {"name": repr(name)[:80]}))
    return name


def kind_of(name: str) -> str:
    """What a file of this layout holds, from its name (FormatError for any other name)."""
    for kind, file_name in FILE_OF.items():
        if name == file_name:
            return kind
    if GAME_FILE.fullmatch(name):
        return "game"
    raise FormatError(Phrase("handin.file", {"name": repr(name)[:80]}))


def check_bot_source(source: str, name: str = "bot") -> str:
    """A bot's source, if it is short enough and parses as Python (nothing of it runs)."""
    if len(source) > MAX_BOT:
        raise FormatError(Phrase("handin.bot_size", {"most": MAX_BOT}))
    try:
        compile(source, f"<{name}'s bot>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        line = getattr(exc, "lineno", None) or "?"
        raise FormatError(
            Phrase("handin.bot_syntax", {"line": line, "why": getattr(exc, "msg", str(exc))})
        ) from None
    return source


def _checked(kind: str, learner: str, content: bytes) -> str:
    """The file's text if it is a good file of ``kind`` for ``learner``; FormatError else."""
    if kind not in KINDS:
        raise FormatError(
            Phrase("handin.kind", {"kind": repr(kind)[:40], "kinds": ", ".join(KINDS)})
        )
    if len(content) > MAX_HANDED_IN:
        raise FormatError(Phrase("handin.size", {"most": MAX_HANDED_IN}))
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        raise FormatError(Phrase("handin.not_text")) from None
    if kind == "bot":
        return check_bot_source(text, learner)
    data = loads(text, source=kind)
    if kind == "progress":
        progress = progress_from_json(data)
        if progress.user not in (None, learner):
            raise FormatError(Phrase("handin.not_yours", {"user": progress.user}))
        data["user"] = learner
    else:
        replay(data, keep_undo=False)  # checks its form, then that it replays: sense too
    return dumps(data)


class ClassFolder:
    """The handed-in files of a class, in the layout of this module."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    def learners(self) -> list[str]:
        if not self.path.is_dir():
            return []
        return sorted(p.name for p in self.path.iterdir()
                      if p.is_dir() and LEARNER_NAME.fullmatch(p.name))  # fmt: skip

    def store(self, learner: str, kind: str, content: bytes, now: float | None = None) -> Path:
        """Check and keep one handed-in file; returns where it went. A game gets a new name
        (when it came), a progress file or a bot replaces the one before."""
        folder = self.path / check_learner_name(learner)
        if kind == "game":
            when = time.gmtime(time.time() if now is None else now)
            stamp = time.strftime("%Y%m%dT%H%M%SZ", when)
            name, n = f"games/{stamp}.json", 1
            while (folder / name).exists():
                n += 1
                name = f"games/{stamp}-{n}.json"
        else:
            name = FILE_OF.get(kind, kind)  # an unknown kind: refused by the check in put
        self.put(learner, name, content, kind=kind)
        return folder / name

    def put(self, learner: str, name: str, content: bytes, *, kind: str | None = None) -> bool:
        """Check ``content`` and keep it as ``<learner>/<name>`` (a name of this layout);
        False if that file holds it already (nothing written)."""
        target = self.path / check_learner_name(learner) / name
        text = _checked(kind or kind_of(name), learner, content)
        if target.is_file() and target.read_text(encoding="utf-8") == text:
            return False
        target.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(target, text)
        return True

    def files(self) -> dict[str, list[str]]:
        """Every learner's files, by name in this layout (what the class service lists)."""
        found = {}
        for learner in self.learners():
            folder = self.path / learner
            names = [name for name in FILE_OF.values() if (folder / name).is_file()]
            names += sorted(f"games/{p.name}" for p in (folder / "games").glob("*.json"))
            found[learner] = names
        return found

    def progress(self) -> tuple[dict[str, Progress], dict[str, str]]:
        """Every learner's progress, and the files that could not be read (name → why)."""
        found, unreadable = {}, {}
        for learner in self.learners():
            path = self.path / learner / FILE_OF["progress"]
            if path.is_file():
                try:
                    found[learner] = load_progress(path)
                except (FormatError, OSError) as error:
                    unreadable[f"{learner}/{FILE_OF['progress']}"] = str(error)
        return found, unreadable

    def bots(self) -> dict[str, Path]:
        """The bots handed in, by learner."""
        return {name: self.path / name / FILE_OF["bot"] for name in self.learners()
                if (self.path / name / FILE_OF["bot"]).is_file()}  # fmt: skip

    def games(self) -> list[HandedInGame]:
        """Every game handed in, newest first."""
        found = []
        for learner in self.learners():
            for path in (self.path / learner / "games").glob("*.json"):
                stamp = path.stem.partition("-")[0]
                at = f"{stamp[0:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[9:11]}:{stamp[11:13]}"
                found.append(HandedInGame(learner, path, at))
        return sorted(found, key=lambda g: (g.path.stem, g.learner), reverse=True)

    def game(self, handed_in: HandedInGame) -> dict[str, Any]:
        """A handed-in game's record (checked again: the folder is a teacher's to edit)."""
        data = read_json(handed_in.path)
        check_record(data)
        return data


__all__ = [
    "FILE_OF",
    "GAME_FILE",
    "KINDS",
    "MAX_BOT",
    "MAX_HANDED_IN",
    "ClassFolder",
    "HandedInGame",
    "check_bot_source",
    "check_learner_name",
    "kind_of",
]  # fmt: skip
