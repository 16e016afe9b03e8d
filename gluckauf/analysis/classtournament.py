"""A class tournament (issue 30): the learners' bots and the built-in ones, on a leaderboard.

**The format: one field, the same games for everyone.** A game has two to four seats and a
class has twenty-five bots, so the bots do not all meet at one table. Each entry — every
learner's bot and the built-in bots the teacher adds — plays the same seeded games against
the same *field* (by default two greedy bots: ``[entry, "greedy"]`` in a 3-player game, seats
rotated; :mod:`gluckauf.analysis.tournament`). The same deals and the same opponents make the
win rates comparable, and each comes with its 95% interval; a built-in entry shows where the
field itself stands (greedy against two greedy bots wins about a third).

**Learners' bots** are Python files (``<learner>/bot.py`` in a collected class folder, see
:mod:`gluckauf.files.classfolder`), each run by :class:`~gluckauf.bots.sandbox.SandboxedBot`
in worker processes with a time and memory limit per move: a bot that fails forfeits the
game and the tournament goes on. A file that is not a bot (too big, not text, bad syntax) is
listed with the reason and left out.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..bots.registry import FACTORIES, bot_names, register
from ..bots.sandbox import BotFailure, Limits, SandboxedBot, check_limits, read_bot_source
from ..files.classfolder import ClassFolder
from ..text.i18n import ENGINE, say_number
from .tournament import TournamentResult, WinRate, run_tournament

FIELD = "greedy"  # the bots every entry plays against, by default


@dataclass(frozen=True)
class Entry:
    """One line of the leaderboard: a bot and its games against the field."""

    name: str
    learner: bool  # a learner's bot (else a built-in one)
    result: TournamentResult
    key: str  # its name in the tournament (a built-in entry's differs from the field's)

    @property
    def win(self) -> WinRate:
        return self.result.win_rate()[self.key]

    @property
    def mean_score(self) -> float:
        return self.result.score_stats()[self.key].mean

    @property
    def forfeits(self) -> int:
        return self.result.forfeit_counts()[self.key]

    def points(self) -> dict[str, float]:
        """Its mean points by category (orders, shift I–III, the end items)."""
        return self.result.points_by_category()[self.key]

    def failures(self) -> Counter[str]:
        """Why this bot lost games by failing: reason → games."""
        return Counter(f["reason"] for f in self.result.failures if f["bot"] == self.key)

    def details(self) -> list[str]:
        """The failures in words (the bot's own error messages where it had any)."""
        seen = dict.fromkeys(
            str(BotFailure(self.name, f["reason"], f["detail"]))
            for f in self.result.failures
            if f["bot"] == self.key
        )
        return list(seen)


@dataclass
class ClassTournament:
    """The entries so far (a live leaderboard fills in entry by entry) and the files left
    out."""

    players: int
    games: int
    seed: int
    field_bots: tuple[str, ...]
    entries: list[Entry] = field(default_factory=list)
    left_out: dict[str, str] = field(default_factory=dict)  # learner → why their bot is not in
    wall_seconds: float = 0.0

    def leaderboard(self) -> list[Entry]:
        """The entries, best win rate first, then fewest games lost by failing, then the mean
        score (a stand-in's points do not lift a bot that failed above one that played)."""
        return sorted(self.entries, key=lambda e: (-e.win.rate, e.forfeits, -e.mean_score, e.name))

    def games_played(self) -> int:
        return sum(entry.result.games for entry in self.entries)

    def games_per_minute(self) -> float:
        return 60 * self.games_played() / max(self.wall_seconds, 1e-9)

    def table(self) -> str:
        """The leaderboard as text, in the current language."""
        say = TEXTS.say
        header = [say("col.rank"), say("col.bot"), say("col.games"), say("col.win_rate"),
                  say("col.interval"), say("col.score"), say("col.forfeits")]  # fmt: skip
        rows = [
            [
                str(rank),
                entry.name if entry.learner else say("builtin", name=entry.name),
                str(entry.result.games),
                say_number(entry.win.rate, ".1%"),
                f"{say_number(entry.win.low, '.1%')} – {say_number(entry.win.high, '.1%')}",
                say_number(entry.mean_score, ".1f"),
                str(entry.forfeits),
            ]
            for rank, entry in enumerate(self.leaderboard(), start=1)
        ]
        widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
        lines = [
            say(
                "head",
                games=self.games,
                players=self.players,
                seed=self.seed,
                field=", ".join(self.field_bots),
            ),
            "",
            *(
                "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
                for row in [header, *rows]
            ),
        ]
        for entry in self.leaderboard():
            lines += [say("failed", bot=entry.name, detail=d) for d in entry.details()[:3]]
        lines += [say("left_out", learner=n, why=why) for n, why in sorted(self.left_out.items())]
        rate = say_number(self.games_per_minute(), ".0f")
        lines += ["", say("time", games=self.games_played(), rate=rate)]
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players, "games": self.games, "seed": self.seed,
            "field": list(self.field_bots),
            "leaderboard": [
                {"bot": e.name, "learner": e.learner, "games": e.result.games,
                 "win_rate": round(e.win.rate, 6),
                 "win_rate_ci95": [round(e.win.low, 6), round(e.win.high, 6)],
                 "score": round(e.mean_score, 3), "forfeits": e.forfeits,
                 "failures": dict(e.failures()),
                 "points": {k: round(v, 3) for k, v in e.points().items()}}
                for e in self.leaderboard()
            ],
            "left_out": self.left_out,
            "games_played": self.games_played(),
            "wall_seconds": round(self.wall_seconds, 3),
        }  # fmt: skip


TEXTS = ENGINE.texts(
    "classtournament.",
    {
        "head": "Class tournament: each bot plays {games} games of {players} players against "
        "{field} (seed {seed})",
        "col.rank": "#",
        "col.bot": "bot",
        "col.games": "games",
        "col.win_rate": "win rate",
        "col.interval": "95% interval",
        "col.score": "mean score",
        "col.forfeits": "lost by failing",
        "builtin": "{name} (built in)",
        "failed": "{bot}: {detail}",
        "left_out": "{learner}'s bot is not in the tournament: {why}",
        "time": "{games} games, {rate} games a minute",
    },
)


def learner_bot_name(learner: str) -> str:
    """A learner's bot's name: the learner's (without commas), unless a built-in bot has it."""
    name = learner.replace(",", " ").strip() or "?"
    builtin = name in bot_names() or name.endswith(" (entry)")
    return f"{name} (learner)" if builtin else name


def register_learner_bots(
    sources: dict[str, str], limits: Limits, builtins: Iterable[str] = ()
) -> None:
    """Make each learner's bot (name → source) a bot of the registry, run in a sandbox, and
    each built-in entry a bot of its own name (:func:`entry_key`).

    Also the initializer of the tournament's worker processes, so it works however they
    start (fork or spawn)."""
    for name, source in sources.items():
        register(name, _factory(name, source, limits), replace=True)
    for name in builtins:
        register(entry_key(name), FACTORIES[name], replace=True)


def entry_key(builtin: str) -> str:
    """A built-in entry's name in its games: not the field's, so its seat counts alone."""
    return f"{builtin} (entry)"


def _factory(name: str, source: str, limits: Limits) -> Callable[[int], SandboxedBot]:
    return lambda seed: SandboxedBot(name, source, seed, limits)


def read_learner_bots(folder: ClassFolder) -> tuple[dict[str, str], dict[str, str]]:
    """The class's bots (bot name → source) and the learners whose file is not a bot."""
    sources, left_out = {}, {}
    for learner, path in folder.bots().items():
        name = learner_bot_name(learner)
        try:
            sources[name] = read_bot_source(path, name)
        except BotFailure as failure:
            left_out[learner] = str(failure)
    return sources, left_out


def class_tournament(
    sources: dict[str, str],
    *,
    builtins: Iterable[str] = ("greedy",),
    field_bots: Iterable[str] = (FIELD,),
    players: int = 3,
    games: int = 12,
    seed: int = 1,
    workers: int | None = None,
    limits: Limits | None = None,
    left_out: dict[str, str] | None = None,
    progress: Callable[[ClassTournament], None] | None = None,
) -> ClassTournament:
    """Every learner's bot (name → source) and every built-in entry against the field.

    ``progress(tournament)`` is called as games finish (a live leaderboard); the entry being
    played is in it with its games so far."""
    limits = limits or Limits()
    check_limits(limits)
    builtins, field_bots = tuple(builtins), tuple(field_bots)
    tournament = ClassTournament(players, games, seed, field_bots, left_out=dict(left_out or {}))
    entries = [(name, True) for name in sources] + [(name, False) for name in builtins]
    workers = workers or os.cpu_count() or 1
    started = time.perf_counter()

    def play(name: str, learner: bool, pool: ProcessPoolExecutor | None) -> None:
        key = name if learner else entry_key(name)

        def partial(result: TournamentResult) -> None:
            kept = [entry for entry in tournament.entries if entry.key != key]
            tournament.entries = [*kept, Entry(name, learner, result, key)]
            tournament.wall_seconds = time.perf_counter() - started
            if progress is not None:
                progress(tournament)

        run_tournament([key, *field_bots], players, games, seed, executor=pool,
                       workers=1 if pool is None else workers, progress=partial)  # fmt: skip

    with _registered(sources, limits, builtins), contextlib.ExitStack() as stack:
        pool = None
        if workers > 1:
            pool = stack.enter_context(ProcessPoolExecutor(
                workers, initializer=register_learner_bots, initargs=(sources, limits, builtins)
            ))  # fmt: skip
        for name, learner in entries:
            play(name, learner, pool)
    tournament.wall_seconds = time.perf_counter() - started
    return tournament


@contextlib.contextmanager
def _registered(sources: dict[str, str], limits: Limits, builtins: tuple[str, ...]) -> Any:
    """The learners' bots and the built-in entries in the registry for the tournament only:
    afterwards the registry is as it was (a play app in the same kernel lists no learner)."""
    before = dict(FACTORIES)
    register_learner_bots(sources, limits, builtins)
    try:
        yield
    finally:
        FACTORIES.clear()
        FACTORIES.update(before)


__all__ = ["FIELD", "ClassTournament", "Entry", "class_tournament", "learner_bot_name",
           "read_learner_bots", "register_learner_bots"]  # fmt: skip
