"""The worker process of a learner's bot (:mod:`gluckauf.bots.sandbox` starts it).

Run as ``python -m gluckauf.bots.sandbox_worker``; it speaks JSON lines on the file descriptor
named by its first argument, never on stdout (what the bot prints goes to stderr):

- in: ``{"source": "...python...", "name": "ada"}`` once. The worker runs the source as a
  module and answers ``{"ready": true}``, or ``{"error": "..."}`` and ends.
- in: ``{"game": {"players": 3, "seed": 123, "bot_seed": 45}}`` starts a game: a fresh bot
  (the module's ``make_bot(seed)``, or its ``choose(state)`` function) and a fresh state.
- in: ``{"actions": ["place M8", ...]}`` — the actions played since the bot last moved;
  the worker plays them on its state, asks the bot and answers ``{"action": "place B1"}``,
  or ``{"error": "..."}`` when the bot raised.

Before the bot's source runs, the worker forbids (PEP 578 audit hooks) what a bot has no
business doing: opening a file outside the Python installation and this kit, listing
folders, starting processes, opening sockets, loading ctypes. A forbidden attempt ends the
process at once with :data:`FORBIDDEN` as its exit code: the bot cannot catch it. This stops
the curious; it is not a security boundary on its own (see ``docs/teaching.md``, "Learners'
bots": the limits of the process and the Unix user do the rest).
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from types import ModuleType
from typing import Any

from ..core.newgame import new_game  # loaded before the guard: the bot's game needs it

FORBIDDEN = 86  # the exit code of a bot that tried something forbidden
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC

#: Audit events a bot may not cause, by prefix (``socket.connect`` falls under ``socket.``).
FORBIDDEN_EVENTS = (
    "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty",
    "subprocess.", "pty.", "socket.", "ctypes.", "os.listdir", "os.scandir", "glob.",
    "os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.link",
    "os.symlink", "os.truncate", "os.chdir", "os.kill", "os.putenv", "os.unsetenv",
    "shutil.", "urllib.", "http.client.", "ftplib.", "smtplib.", "webbrowser.", "mmap.",
    "sys.setprofile", "sys.settrace", "code.__new__", "marshal.load", "winreg.",
)  # fmt: skip
#: Modules a bot may not import (their import is an audit event too).
FORBIDDEN_MODULES = frozenset(
    {"ctypes", "_ctypes", "socket", "_socket", "subprocess", "_posixsubprocess",
     "multiprocessing", "_multiprocessing", "mmap", "pty", "resource", "signal"}
)  # fmt: skip


def _readable_roots() -> tuple[str, ...]:
    """Folders a bot may read from (for imports): Python's own and this kit's package."""
    kit = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    prefixes = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    return (kit + os.sep, *(os.path.realpath(p) + os.sep for p in prefixes))


def path_is_source_name(path: object) -> bool:
    """``<ada's bot>``: the name the bot's source was compiled under, not a file."""
    return isinstance(path, str) and path.startswith("<") and os.sep not in path


def guard() -> None:
    """From now on, end the process (:data:`FORBIDDEN`) on a forbidden audit event."""
    roots = _readable_roots()

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if event == "open":
            path, mode, flags = args
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or bool(
                (flags or 0) & WRITE_FLAGS
            )
            if path_is_source_name(path):  # a syntax error quotes "<ada's bot>": none such
                return
            if not isinstance(path, str) or writing or not os.path.realpath(path).startswith(roots):
                os._exit(FORBIDDEN)
        elif event == "import":
            if args[0].partition(".")[0] in FORBIDDEN_MODULES:
                os._exit(FORBIDDEN)
        elif event.startswith(FORBIDDEN_EVENTS):
            os._exit(FORBIDDEN)

    sys.addaudithook(hook)


def _last_line(exc: BaseException) -> str:
    """An exception in one line. (A syntax error is not formatted by :mod:`traceback`, which
    would open the source "file" to quote the line: a forbidden read.)"""
    if isinstance(exc, SyntaxError):
        return f"{type(exc).__name__}: {exc.msg} (line {exc.lineno})"
    return "".join(traceback.format_exception_only(type(exc), exc)).strip()[-500:]


class Worker:
    """One learner's bot and the game it is playing."""

    def __init__(self, module: ModuleType) -> None:
        self.module = module
        self.bot: Any = None
        self.state: Any = None

    def start_game(self, players: int, seed: int, bot_seed: int) -> None:
        self.state = new_game(players, seed)
        self.state.keep_undo = False
        make = getattr(self.module, "make_bot", None)
        self.bot = make(bot_seed) if callable(make) else self.module

    def move(self, actions: list[str]) -> str:
        for action in actions:
            self.state.apply(action)
        view = self.state.copy(history=False)  # the bot cannot change the worker's state
        return str(self.bot.choose(view))


def serve(channel: int) -> None:
    """Answer the tournament's messages on ``channel`` until it closes."""
    reader = os.fdopen(channel, "r", encoding="utf-8", closefd=False)
    writer = os.fdopen(os.dup(channel), "w", encoding="utf-8")

    def answer(**message: Any) -> None:
        writer.write(json.dumps(message) + "\n")
        writer.flush()

    hello = json.loads(reader.readline())
    module = ModuleType(f"learner_bot_{hello.get('name', 'bot')}")
    guard()
    try:
        exec(compile(hello["source"], f"<{hello.get('name', 'bot')}'s bot>", "exec"),
             module.__dict__)  # fmt: skip
        if not callable(getattr(module, "make_bot", None)) and not callable(
            getattr(module, "choose", None)
        ):
            raise NameError("the bot defines neither make_bot(seed) nor choose(state)")
    except BaseException as exc:  # the learner's code: any error is theirs
        answer(error=_last_line(exc))
        return
    answer(ready=True)
    worker = Worker(module)
    for line in reader:
        message = json.loads(line)
        try:
            if "game" in message:
                worker.start_game(**message["game"])
                answer(ready=True)
            else:
                answer(action=worker.move(message["actions"]))
        except BaseException as exc:
            answer(error=_last_line(exc))


if __name__ == "__main__":
    fd = int(sys.argv[1])
    os.dup2(2, 1)  # whatever the bot prints goes to stderr, never into the channel
    sys.stdout = sys.stderr
    serve(fd)
