"""A learner's bot in a process of its own, with a time and a memory limit per move.

A class tournament (issue 30) runs bots the learners wrote: code the teacher did not read. Each
such bot plays through a :class:`SandboxedBot`, which starts a worker process
(:mod:`gluckauf.bots.sandbox_worker`) and hands it the bot's source. The worker keeps its own
copy of the game, gets the actions played since the bot last moved, and answers with the
bot's move in the kit's notation; this side checks the move with the engine like any other.

Whatever goes wrong is a :class:`BotFailure` — data naming what happened (``reason``:
``load``, ``timeout``, ``memory``, ``crash``, ``error``, ``illegal``, ``forbidden``) — and the
tournament turns it into a lost game (:func:`gluckauf.analysis.tournament.play_games`):

- **time:** each move must come within :attr:`Limits.seconds` (the worker is killed after);
  a CPU-time limit on the whole process backs it up;
- **memory:** the process's address space is limited (:attr:`Limits.memory_mb`), so a bot that
  allocates too much gets a ``MemoryError`` or dies, alone;
- **files, processes, network:** the worker starts in an empty temporary folder with an empty
  environment, may not write files, and forbids (audit hooks) reading files outside Python and
  the kit, listing folders, starting processes and opening sockets; a bot that tries ends at
  once. Started as root, the worker can also run as another Unix user (:attr:`Limits.user`,
  e.g. ``nobody``), which the operating system then keeps out of the learners' homes.

The trust model is in ``docs/teaching.md`` ("Learners' bots").
"""

from __future__ import annotations

import json
import os
import pwd
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.actions import parse_action
from ..core.errors import FormatError, GameError, PhrasedError
from ..core.state import DEAL
from ..core.voice import Phrase
from ..files.classfolder import check_bot_source
from .sandbox_worker import FORBIDDEN

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import GameState

REASONS = ("load", "timeout", "memory", "crash", "error", "illegal", "forbidden")


@dataclass(frozen=True)
class Limits:
    """What a learner's bot may use."""

    seconds: float = 2.0  # per move (wall clock)
    start_seconds: float = 30.0  # to start the worker and load the bot
    memory_mb: int = 1024  # the worker's address space
    cpu_seconds: int = 900  # the worker's whole life (a backstop for the per-move limit)
    user: str | None = None  # run the worker as this Unix user (only root can)


class BotFailure(PhrasedError):
    """A learner's bot could not make a move: ``reason`` (one of :data:`REASONS`) says why,
    ``detail`` the bot's own words (an exception's last line) where there are any."""

    def __init__(self, bot: str, reason: str, detail: str = "") -> None:
        super().__init__(Phrase(f"sandbox.{reason}", {"bot": bot, "detail": detail}))
        self.bot, self.reason, self.detail = bot, reason, detail


def read_bot_source(path: str | os.PathLike[str], name: str) -> str:
    """A bot's source from a file, checked as text and as Python *syntax* — nothing of it
    runs here (:func:`~gluckauf.files.classfolder.check_bot_source`). Raises
    :class:`BotFailure` (``load``) when it cannot be a bot."""
    try:
        return check_bot_source(Path(path).read_bytes().decode("utf-8"), name)
    except (OSError, UnicodeDecodeError, FormatError) as exc:
        raise BotFailure(name, "load", str(exc)) from exc


def _limit(limits: Limits) -> None:
    """In the worker, before it runs Python: the limits, and the user (``preexec_fn``)."""
    memory = limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 5))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))  # no file of any size
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if limits.user is not None:
        entry = pwd.getpwnam(limits.user)
        os.setgroups([])
        os.setgid(entry.pw_gid)
        os.setuid(entry.pw_uid)


def check_limits(limits: Limits) -> None:
    """Refuse limits that cannot work here, in words (before any game starts)."""
    if limits.user is None:
        return
    try:
        pwd.getpwnam(limits.user)
    except KeyError:
        raise BotFailure("", "user", limits.user) from None
    if os.geteuid() != 0:
        raise BotFailure("", "not_root", limits.user)
    try:  # can that user run this Python and import the kit? (not if it sits in a private home)
        subprocess.run(
            [sys.executable, "-B", "-c", "import gluckauf.bots.sandbox_worker"],
            cwd="/", env=_worker_env("/"), preexec_fn=lambda: _limit(limits),
            stdin=subprocess.DEVNULL, capture_output=True, timeout=60, check=True,
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        raise BotFailure("", "user_cannot", f"{limits.user}: {sys.executable}") from None


def _worker_env(home: str) -> dict[str, str]:
    """A worker's whole environment: nothing of the teacher's but where the kit is."""
    kit = str(Path(__file__).resolve().parents[2])
    return {"PATH": os.defpath, "PYTHONPATH": kit, "PYTHONDONTWRITEBYTECODE": "1",
            "OPENBLAS_NUM_THREADS": "1", "HOME": home, "LANG": "C.UTF-8"}  # fmt: skip


class _Worker:
    """One worker process and the socket to it."""

    def __init__(self, name: str, source: str, limits: Limits) -> None:
        self.name, self.limits = name, limits
        self.folder = tempfile.mkdtemp(prefix="gluckauf-bot-")
        mine, theirs = socket.socketpair()
        env = _worker_env(self.folder)
        if limits.user is not None:
            os.chown(self.folder, pwd.getpwnam(limits.user).pw_uid, -1)
        self.process = subprocess.Popen(
            [sys.executable, "-B", "-m", "gluckauf.bots.sandbox_worker", str(theirs.fileno())],
            pass_fds=(theirs.fileno(),), cwd=self.folder, env=env,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=lambda: _limit(limits), start_new_session=True,
        )  # fmt: skip
        theirs.close()
        self.socket = mine
        self.buffer = b""
        self.finalizer = weakref.finalize(self, _stop, self.process, mine, self.folder)
        self.ask({"source": source, "name": name}, limits.start_seconds, on_error="load")

    def ask(self, message: dict[str, Any], seconds: float, on_error: str = "error") -> Any:
        """Send ``message``, wait up to ``seconds`` for the answer; :class:`BotFailure` else."""
        try:
            self.socket.sendall((json.dumps(message) + "\n").encode())
            deadline = time.monotonic() + seconds
            while b"\n" not in self.buffer:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                self.socket.settimeout(left)
                chunk = self.socket.recv(65536)
                if not chunk:
                    raise self.ended()
                self.buffer += chunk
                if len(self.buffer) > 1_000_000:
                    raise BotFailure(self.name, "illegal", "an answer of more than 1 MB")
        except TimeoutError:
            self.stop()
            raise BotFailure(self.name, "timeout", f"{seconds:g}") from None
        except (BrokenPipeError, ConnectionResetError):
            raise self.ended() from None
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            answer = json.loads(line)
        except ValueError:
            raise BotFailure(self.name, "illegal", line[:200].decode(errors="replace")) from None
        if not isinstance(answer, dict):
            raise BotFailure(self.name, "illegal", line[:200].decode(errors="replace"))
        if "error" in answer:
            detail = str(answer["error"])
            reason = "memory" if detail.startswith("MemoryError") else on_error
            raise BotFailure(self.name, reason, detail)
        return answer

    def ended(self) -> BotFailure:
        """Why the worker is gone: forbidden, out of CPU time or memory, or crashed."""
        try:
            code = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.stop()
            code = self.process.returncode
        if code == FORBIDDEN:
            return BotFailure(self.name, "forbidden")
        if code in (-signal.SIGXCPU, -signal.SIGKILL):
            return BotFailure(self.name, "timeout", f"{self.limits.cpu_seconds}")
        return BotFailure(self.name, "crash", f"exit code {code}")

    def stop(self) -> None:
        self.finalizer()


def _stop(process: subprocess.Popen[bytes], channel: socket.socket, folder: str) -> None:
    channel.close()
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    shutil.rmtree(folder, ignore_errors=True)


class SandboxedBot:
    """A learner's bot (its Python source) playing one game from its own process.

    The source defines ``make_bot(seed)`` returning an object with ``choose(state)``, or a
    function ``choose(state)`` (see lesson 11, "Your own bot"). It plays games dealt by
    :func:`~gluckauf.core.newgame.new_game` from a seed, as tournaments deal them."""

    def __init__(self, name: str, source: str, seed: int, limits: Limits | None = None) -> None:
        self.name, self.source, self.seed = name, source, seed
        self.limits = limits or Limits()
        self._worker: _Worker | None = None
        self._told = 0  # how many of the game's actions the worker has played

    def choose(self, state: GameState) -> Action:
        if state.origin != DEAL or state.seed is None:
            raise ValueError("a learner's bot plays games dealt from a seed (a tournament's)")
        if self._worker is None:
            self._worker = _Worker(self.name, self.source, self.limits)
            game = {"players": state.players, "seed": state.seed, "bot_seed": self.seed}
            self._worker.ask({"game": game}, self.limits.start_seconds)
        new = [str(action) for action in state.history[self._told :]]
        answer = self._worker.ask({"actions": new}, self.limits.seconds)
        self._told = len(state.history)
        text = answer.get("action")
        if not isinstance(text, str):
            raise BotFailure(self.name, "illegal", repr(text)[:200])
        try:
            action = parse_action(text, state)
        except GameError as exc:
            raise BotFailure(self.name, "illegal", str(exc)) from None
        refusal = state.why_not(action)
        if refusal is not None:
            raise BotFailure(self.name, "illegal", f"{text}: {refusal}")
        return action

    def close(self) -> None:
        """Stop the worker (also done when the bot is garbage-collected)."""
        if self._worker is not None:
            self._worker.stop()


__all__ = ["REASONS", "BotFailure", "Limits", "SandboxedBot", "check_limits",
           "read_bot_source"]  # fmt: skip
