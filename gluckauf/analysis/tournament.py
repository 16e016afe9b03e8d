"""The strategy lab's tournament runner: bots against bots over many seeded games.

>>> result = run_tournament(["random", "random"], players=2, games=4, seed=1, workers=1)
>>> sorted(result.win_rate())
['random']

**The line-up.** ``bots`` names the bots seat by seat; when it names fewer bots than there are
seats, the *last* name fills the remaining seats. So ``["greedy", "random"]`` in a 3-player
game is one greedy bot against two random bots (the last name is "the field"), and
``["greedy", "greedy", "random"]`` spells out two greedy bots. Naming more bots than seats is
an error.

**Seat rotation.** Game ``g`` rotates the line-up by ``g`` seats: line-up entry ``i`` sits at
seat ``(i + g) % players``. Over every ``players`` consecutive games each entry sits in every
seat once, so when ``games`` is a multiple of ``players`` every bot sits in every seat equally
often (:meth:`TournamentResult.seat_counts` shows the counts).

**Seeds.** Game ``g`` is dealt with ``derive_seed(seed, g, "game")`` and the bot at seat ``s``
gets ``derive_seed(seed, g, "bot", s)`` — the same seeds as ``python -m gluckauf simulate``, so
an all-random tournament plays exactly the games ``simulate`` plays. The games are independent:
the result does not depend on how many workers play them, or in which order.

**Parallel.** Games are cut into chunks, and each chunk is one call of :func:`play_games`, a
top-level function of plain data (names and numbers) returning numpy arrays, so it runs on a
``ProcessPoolExecutor`` (the default, ``workers`` processes) or on any
:class:`concurrent.futures.Executor` you pass in — a thread pool, or a cluster's executor
whose workers have this package installed. ``workers=1`` without an executor plays in this
process.

**Transports.** ``delivered`` and ``delivered_vp`` count, per game and seat, the orders
delivered by each transport (``TRANSPORTS`` order: wheelbarrow, horse carriage, truck, train)
and the VP they scored on delivery; :meth:`TournamentResult.by_transport` adds what each
transport's own shift-clock segment (5–8, R-SHIFT-2) paid, to tell which transport pays best.

**Statistics.** Every game is also counted by :class:`~gluckauf.analysis.stats.StatsCollector`, fed
the events of each action as it is played: ``stats[g, s]`` holds seat ``s``'s numbers of game
``g`` in :data:`~gluckauf.analysis.stats.STAT_KEYS` order (the paths of
:meth:`~gluckauf.analysis.stats.PlayerStats.to_json`, e.g. ``"placements.mining"``,
``"marks.in.bank"``, ``"shifts.0.workers"``). :meth:`TournamentResult.mean_stats` gives per bot the
mean of every number per seat, in that same nested layout, and :meth:`TournamentResult.stat_means`
one of them per bot; ``to_json()["stats"]`` is ``mean_stats()`` rounded to 3 decimals::

    "stats": {"greedy": {"placements": {"tunnel": 7.2, "mining": 9.1, ...},
                         "workers": {...}, "shifts": [{"placements": ..., "workers": ...,
                         "to_canteen": ..., "segments": [12 numbers], "vp": ...}, x3],
                         "marks": {"start": ..., "in": {"money_spaces", "bank", "total"},
                                   "out": {"tile_spaces", "tile_star", "total"}, "end": ...},
                         "mining": {"granted", "cage", "load", "store", "fill", "used",
                                    "unused"},
                         "tiles": {"light", "dark", "total"}, "tile_colours": {4 colours},
                         "mined", "stored", "filled": {4 colours each},
                         "orders": {"drafted", "taken", "delivered"},
                         "delivered_by": {4 transports}, "points": {CATEGORIES…, "total"}}}

**Wins.** A shared victory (R-END-5) splits the win evenly between the tied seats, so every
game hands out exactly one win in total; a bot's win rate is its share of those wins (all its
seats together), with a 95% Wilson score interval.

**Bots that fail.** A learner's bot (:class:`~gluckauf.bots.sandbox.SandboxedBot`) that runs
out of time or memory, raises, chooses an illegal move or tries something forbidden raises
:class:`~gluckauf.bots.sandbox.BotFailure`: its seat *forfeits* the game. A random bot plays
the seat's remaining moves, so the others' game goes on, and the win goes to the best seat
that did not forfeit (R-END-5 among them; no win at all if every seat forfeited).
``forfeits[g, s]`` marks such seats and ``failures`` says what happened, game by game. Any
other exception — a built-in bot's bug — stops the tournament with a :class:`TournamentError`.

**Progress.** ``progress(result)`` is called with the games finished so far each time a chunk
of games ends — a live leaderboard's refresh (the last call has every game).
"""

from __future__ import annotations

import math
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from ..bots.random_bot import RandomBot
from ..bots.registry import check_bot_name, make_bot
from ..bots.sandbox import BotFailure
from ..core.components import ORDERS, PLAYER_COUNTS, SEGMENTS, SHIFTS, TRANSPORT_NAMES, TRANSPORTS
from ..core.errors import PhrasedError
from ..core.newgame import new_game
from ..core.scoring import CATEGORIES, END_ITEMS, GameResult
from ..core.voice import Phrase
from ..text.i18n import ENGINE, say_number
from .stats import (
    STAT_KEYS,
    Areas,
    StatsCollector,
    area_label,
    stat_row,
    text_table,
    unflatten,
)

#: The tables' words (catalogue "engine", context "tournament.*"; the JSON keeps English keys).
TEXT = ENGINE.texts(
    "tournament",
    {
        "head": "{games} games, {players} players, seed {seed}; line-up {lineup}, rotated one "
        "seat each game",
        "unbalanced": " (games not a multiple of the players: seats unbalanced)",
        "explain": "win rate: share of games won, ties shared, with a 95% Wilson interval; per "
        "seat: divided by the bot's seats (an even share is {fair})",
        "col.bot": "bot",
        "col.seats": "seats",
        "col.win_rate": "win rate",
        "col.interval": "95% interval",
        "col.per_seat": "per seat",
        "col.score": "score (sd)",
        "col.orders": "orders",
        "col.shift": "shift {n}",
        "col.end": "end",
        "play.title": "how they play, per seat and game",
        "play.turns": "turns: {area}",
        "play.marks": "Marks in / out",
        "play.steps": "mining steps used / granted",
        "seat": "seat {seat}: {share}",
        "wins": "wins by seat  {seats}",
        "decisions": "decisions     {n} per game on average",
        "time.one": "time          {wall} s on the clock with {workers} worker ({play} s of play, "
        "{rate} games/s)",
        "time.many": "time          {wall} s on the clock with {workers} workers ({play} s of "
        "play, {rate} games/s)",
    },
)
say = TEXT.say

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval
CHUNKS_PER_WORKER = 4  # several chunks per worker: a slow chunk does not leave others idle
PROGRESS_STEPS = 12  # chunks of a run in this process that reports its progress
TRANSPORT_SEGMENT = 4  # segment index (0-based) of the first transport: segments 5–8 (R-SHIFT-2)


def derive_seed(seed: int, *parts: object) -> int:
    """A seed for one game or one bot, fixed by the run's seed and the game/seat: runs repeat
    (``python -m gluckauf simulate`` and tournaments deal the same games from the same seed)."""
    key = "/".join(str(part) for part in ("gluckauf", seed, *parts))
    return random.Random(key).getrandbits(31)


class LineUpError(PhrasedError):
    """Bots that cannot make a tournament's line-up (none, too many, a game size the rules do
    not have); the message says which, in the current language."""


class TournamentError(RuntimeError):
    """A bot failed during a game (the message names the game, seat, bot and seed)."""


def line_up(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """The bots seat by seat before rotation: ``bots`` padded with its last name."""
    if isinstance(bots, str):
        raise TypeError("bots is a list of names, e.g. ['greedy', 'random'], not one string")
    names = list(bots)
    if players not in PLAYER_COUNTS:
        counts = ", ".join(map(str, PLAYER_COUNTS))
        raise LineUpError(Phrase("bots.players", {"counts": counts, "players": repr(players)}))
    if not names:
        raise LineUpError(Phrase("bots.none"))
    if len(names) > players:
        too_many = {"n": len(names), "names": ", ".join(names), "players": players}
        raise LineUpError(Phrase("bots.too_many", too_many))
    for name in names:
        check_bot_name(name)
    return (*names, *[names[-1]] * (players - len(names)))


def seating(lineup: Sequence[str], game: int) -> list[str]:
    """Game ``game``'s bots by seat: line-up entry ``i`` sits at seat ``(i + game) % n``."""
    n = len(lineup)
    return [lineup[(seat - game) % n] for seat in range(n)]


# --- the work: one chunk of games, in any process -----------------------------------------------
def play_games(lineup: Sequence[str], seed: int, first: int, count: int) -> dict[str, Any]:
    """Play games ``first … first+count-1`` of a tournament; plain data in, numpy arrays out.

    Top-level and free of shared state so that any executor can run it (pickled by name)."""
    players = len(lineup)
    out: dict[str, Any] = {
        "first": first,
        "scores": np.zeros((count, players), dtype=np.int64),
        "wins": np.zeros((count, players), dtype=np.float64),
        "marks": np.zeros((count, players), dtype=np.int64),
        "orders": np.zeros((count, players), dtype=np.int64),
        "shifts": np.zeros((count, players, SHIFTS, SEGMENTS), dtype=np.int64),
        "end": np.zeros((count, players, len(END_ITEMS)), dtype=np.int64),
        "delivered": np.zeros((count, players, len(TRANSPORTS)), dtype=np.int64),
        "delivered_vp": np.zeros((count, players, len(TRANSPORTS)), dtype=np.int64),
        "decisions": np.zeros(count, dtype=np.int64),
        "seconds": np.zeros(count, dtype=np.float64),
        "stats": np.zeros((count, players, len(STAT_KEYS)), dtype=np.int64),
        "forfeits": np.zeros((count, players), dtype=bool),
        "failures": [],
    }
    for row, game in enumerate(range(first, first + count)):
        names = seating(lineup, game)
        game_seed = derive_seed(seed, game, "game")
        started = time.perf_counter()
        bots = [make_bot(name, derive_seed(seed, game, "bot", seat))
                for seat, name in enumerate(names)]  # fmt: skip
        state = new_game(players, game_seed)
        state.keep_undo = False  # no snapshots: nobody will undo
        counts = StatsCollector(state)
        while not state.is_over:
            seat = state.current
            try:  # apply checks the action: a buggy bot must not count
                events = state.apply(bots[seat].choose(state))
            except BotFailure as failure:  # a learner's bot: it forfeits, a stand-in plays on
                out["forfeits"][row, seat] = True
                out["failures"].append(
                    {"game": game, "seat": seat, "bot": names[seat],
                     "reason": failure.reason, "detail": failure.detail}
                )  # fmt: skip
                bots[seat] = RandomBot(derive_seed(seed, game, "stand-in", seat))
                continue
            except Exception as exc:
                raise TournamentError(
                    f"game {game} (deal seed {game_seed}), move {len(state.history) + 1}: "
                    f"bot {names[seat]!r} at seat {seat} failed: {type(exc).__name__}: {exc}"
                ) from exc
            counts.add(events)
        out["seconds"][row] = time.perf_counter() - started
        for player in counts.stats(state):
            out["stats"][row, player.seat] = stat_row(player)
        result = state.result()
        out["decisions"][row] = len(state.history)
        winners = _winners(result, out["forfeits"][row])
        out["wins"][row, winners] = 1.0 / max(len(winners), 1)
        for p in result.players:
            out["scores"][row, p.seat] = p.score
            out["marks"][row, p.seat] = p.tie_break_marks
            out["orders"][row, p.seat] = p.orders
            out["shifts"][row, p.seat] = p.shifts
            out["end"][row, p.seat] = [p.end[item] for item in END_ITEMS]
            for card in state.delivered[p.seat]:  # the delivered cards (R-DELIVER-2)
                order = ORDERS[card]
                out["delivered"][row, p.seat, order.transport] += 1
                out["delivered_vp"][row, p.seat, order.transport] += order.vp
    return out


def _winners(result: GameResult, forfeits: np.ndarray) -> list[int]:
    """The winners (R-END-5) among the seats that did not forfeit."""
    if not forfeits.any():
        return result.winners
    return result.winners_among(seat for seat in range(len(forfeits)) if not forfeits[seat])


# --- the result ---------------------------------------------------------------------------------
class WinRate(NamedTuple):
    """A win rate (ties shared) and its 95% Wilson score interval."""

    rate: float
    low: float
    high: float


class TransportStats(NamedTuple):
    """What one transport brought a bot, as means per seat: ``orders`` delivered by it,
    ``vp`` scored by delivering them, and ``clock``: VP from its shift-clock segment (5–8)."""

    orders: float
    vp: float
    clock: float

    @property
    def total(self) -> float:
        """VP from this transport in all: its orders plus its shift-clock segment."""
        return self.vp + self.clock

    @property
    def per_order(self) -> float:
        """VP in all per delivered order, its segment's VP included (0 when none was
        delivered)."""
        return self.total / self.orders if self.orders else 0.0


class ScoreStats(NamedTuple):
    """Score over all the seats a bot played (``std``: population standard deviation)."""

    mean: float
    std: float
    n: int


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``n`` (fractional successes — shared
    wins — are used as they are)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0)) / denominator
    return (min(max(0.0, centre - half), p), max(min(1.0, centre + half), p))  # exact at 0, 1


@dataclass(frozen=True, eq=False)
class TournamentResult:
    """Every game's outcome as numpy arrays (``games`` rows, one column per seat).

    ``seat_bot[g, s]`` is the index in ``bots`` of the bot at seat ``s`` in game ``g``;
    ``scores`` = ``orders`` + ``shifts`` summed over (shift, segment) + ``end`` summed over
    ``END_ITEMS``; ``wins`` are win shares (each row sums to 1); ``delivered_vp`` summed over
    the transports = ``orders``."""

    lineup: tuple[str, ...]  # before rotation (game 0)
    bots: tuple[str, ...]  # distinct names, in line-up order
    players: int
    games: int
    seed: int
    seat_bot: np.ndarray  # (games, players) int
    scores: np.ndarray  # (games, players) int
    wins: np.ndarray  # (games, players) float
    marks: np.ndarray  # (games, players) Marks left (the tie-breaker)
    orders: np.ndarray  # (games, players) VP from delivered orders
    shifts: np.ndarray  # (games, players, 3, 12) VP by shift and segment
    end: np.ndarray  # (games, players, 4) VP by end item, in END_ITEMS order
    decisions: np.ndarray  # (games,) actions per game
    seconds: np.ndarray  # (games,) seconds per game (dealing, bots and engine)
    wall_seconds: float  # the whole run, as the clock on the wall saw it
    workers: int
    delivered: np.ndarray  # (games, players, 4) orders delivered, by transport (TRANSPORTS)
    delivered_vp: np.ndarray  # (games, players, 4) VP scored by delivering them, by transport
    stats: (
        np.ndarray
    )  # (games, players, len(STAT_KEYS)) each seat's statistics (gluckauf.analysis.stats)
    forfeits: np.ndarray | None = None  # (games, players) bool: the seat's bot failed
    failures: tuple[dict[str, Any], ...] = ()  # what failed: game, seat, bot, reason, detail

    # -- per bot -------------------------------------------------------------------------------
    def _mask(self, name: str) -> np.ndarray:
        if name not in self.bots:
            raise KeyError(f"no bot {name!r} in this tournament (the bots: {', '.join(self.bots)})")
        return self.seat_bot == self.bots.index(name)

    def forfeit_counts(self) -> dict[str, int]:
        """Per bot: the games it lost because it failed (a learner's bot, see the module)."""
        if self.forfeits is None:
            return dict.fromkeys(self.bots, 0)
        return {name: int((self.forfeits & self._mask(name)).sum()) for name in self.bots}

    def copies(self, name: str) -> int:
        """How many seats ``name`` takes in every game."""
        return self.lineup.count(name)

    def bot_wins(self) -> np.ndarray:
        """Win share per game and bot, shape (games, len(bots)); every row sums to 1."""
        return np.stack([np.where(self._mask(name), self.wins, 0.0).sum(axis=1)
                         for name in self.bots], axis=1)  # fmt: skip

    def win_rate(self) -> dict[str, WinRate]:
        """Per bot name: the fraction of games won (ties shared; all its seats together) with
        its 95% Wilson interval. The rates add up to 1."""
        shares = self.bot_wins().sum(axis=0)
        return {name: WinRate(float(won) / self.games, *wilson(float(won), self.games))
                for name, won in zip(self.bots, shares, strict=True)}  # fmt: skip

    def score_stats(self) -> dict[str, ScoreStats]:
        """Per bot name: mean and standard deviation of its score, over all its seats."""
        stats = {}
        for name in self.bots:
            values = self.scores[self._mask(name)]
            stats[name] = ScoreStats(float(values.mean()), float(values.std()), int(values.size))
        return stats

    def points_by_category(self) -> dict[str, dict[str, float]]:
        """Per bot name: mean VP per seat from orders, from each shift's scoring and from each
        end item (``CATEGORIES``); they add up to the mean score."""
        table = {}
        for name in self.bots:
            mask = self._mask(name)
            by_shift = self.shifts[mask].sum(axis=2).mean(axis=0)  # (3,)
            values = [self.orders[mask].mean(), *by_shift, *self.end[mask].mean(axis=0)]
            table[name] = {key: float(v) for key, v in zip(CATEGORIES, values, strict=True)}
        return table

    def segment_points(self, name: str) -> np.ndarray:
        """Mean VP per seat of ``name`` by shift and segment, shape (3, 12)."""
        return self.shifts[self._mask(name)].mean(axis=0)

    def by_transport(self) -> dict[str, dict[str, TransportStats]]:
        """Per bot name and transport (``TRANSPORT_NAMES``): orders delivered, their VP and
        the VP of the transport's shift-clock segment, as means per seat (all shifts)."""
        table = {}
        for name in self.bots:
            mask = self._mask(name)
            orders = self.delivered[mask].mean(axis=0)
            vp = self.delivered_vp[mask].mean(axis=0)
            clock = self.shifts[mask].sum(axis=1).mean(axis=0)  # (12,) by segment
            table[name] = {
                transport: TransportStats(float(orders[t]), float(vp[t]),
                                          float(clock[TRANSPORT_SEGMENT + t]))
                for t, transport in enumerate(TRANSPORT_NAMES)
            }  # fmt: skip
        return table

    def mean_stats(self) -> dict[str, dict[str, Any]]:
        """Per bot name: the mean per seat of every statistic (see the module's docstring), in
        the nested layout of :meth:`gluckauf.analysis.stats.PlayerStats.to_json` (without seat and
        name)."""
        table = {}
        for name in self.bots:
            means = self.stats[self._mask(name)].mean(axis=0)
            table[name] = unflatten(
                {key: float(v) for key, v in zip(STAT_KEYS, means, strict=True)}
            )
        return table

    def stat_means(self, key: str) -> dict[str, float]:
        """Per bot name: the mean per seat of one statistic, by its path in
        :data:`~gluckauf.analysis.stats.STAT_KEYS` (e.g. ``"mining.used"``)."""
        if key not in STAT_KEYS:
            close = [k for k in STAT_KEYS if k.startswith(key + ".")][:6]
            hint = f" (it has {', '.join(close)}, …)" if close else ""
            raise KeyError(
                f"no statistic {key!r}{hint}; the keys are in gluckauf.analysis.stats."
                "STAT_KEYS, e.g. 'placements.mining' or 'marks.in.total'"
            )
        column = STAT_KEYS.index(key)
        return {name: float(self.stats[self._mask(name)][:, column].mean())
                for name in self.bots}  # fmt: skip

    def seat_counts(self) -> np.ndarray:
        """How often each bot sat in each seat, shape (len(bots), players)."""
        return np.stack([(self.seat_bot == b).sum(axis=0) for b in range(len(self.bots))])

    def win_share_by_seat(self) -> np.ndarray:
        """The share of wins per seat, whoever sat there, shape (players,)."""
        return self.wins.mean(axis=0)

    def play_table(self) -> str:
        """How each bot played, per seat and game: its turns per work area, its Marks in and
        out, and its mining steps used of those granted (one column per bot)."""
        means = self.mean_stats()
        rows = [[say("play.title"), *self.bots]]
        rows += [
            [
                say("play.turns", area=area_label(area)),
                *(say_number(means[b]["placements"][key], ".1f") for b in self.bots),
            ]
            for area, key in enumerate(Areas._fields)
        ]
        rows.append(
            [
                say("play.marks"),
                *(
                    say_number(means[b]["marks"]["in"]["total"], ".1f")
                    + " / "
                    + say_number(means[b]["marks"]["out"]["total"], ".1f")
                    for b in self.bots
                ),
            ]
        )
        rows.append(
            [
                say("play.steps"),
                *(
                    say_number(means[b]["mining"]["used"], ".1f")
                    + " / "
                    + say_number(means[b]["mining"]["granted"], ".1f")
                    for b in self.bots
                ),
            ]
        )
        return text_table(rows)

    # -- output --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary (no per-game arrays)."""
        rates, stats, points = self.win_rate(), self.score_stats(), self.points_by_category()
        transports = self.by_transport()
        elapsed = max(float(self.seconds.sum()), 1e-9)
        return {
            "games": self.games,
            "players": self.players,
            "seed": self.seed,
            "lineup": list(self.lineup),
            "bots": list(self.bots),
            "seats": {name: self.copies(name) for name in self.bots},
            "win_rate": {name: round(r.rate, 6) for name, r in rates.items()},
            "win_rate_ci95": {
                name: [round(r.low, 6), round(r.high, 6)] for name, r in rates.items()
            },
            "score": {
                name: {"mean": round(s.mean, 3), "std": round(s.std, 3)}
                for name, s in stats.items()
            },
            "points": {
                name: {k: round(v, 3) for k, v in row.items()} for name, row in points.items()
            },
            "transports": {
                name: {
                    t: {
                        "orders": round(x.orders, 3),
                        "vp": round(x.vp, 3),
                        "clock": round(x.clock, 3),
                    }
                    for t, x in row.items()
                }
                for name, row in transports.items()
            },
            "stats": _rounded(self.mean_stats()),
            "seat_counts": {
                name: [int(c) for c in row]
                for name, row in zip(self.bots, self.seat_counts(), strict=True)
            },
            "win_share_by_seat": [round(float(x), 6) for x in self.win_share_by_seat()],
            "decisions": int(self.decisions.sum()),
            "mean_decisions_per_game": round(float(self.decisions.mean()), 2),
            "seconds": round(elapsed, 4),
            "wall_seconds": round(self.wall_seconds, 4),
            "games_per_second": round(self.games / max(self.wall_seconds, 1e-9), 2),
            "workers": self.workers,
        }

    def table(self) -> str:
        """The results as a text table, one row per bot."""
        rates, stats, points = self.win_rate(), self.score_stats(), self.points_by_category()
        fair = 1 / self.players
        counts = self.seat_counts()
        balanced = bool((counts == counts[:, :1]).all())
        lineup = ", ".join(self.lineup)
        head = [
            say("head", games=self.games, players=self.players, seed=self.seed, lineup=lineup)
            + ("" if balanced else say("unbalanced")),
            say("explain", fair=say_number(fair, ".1%")),
            "",
        ]
        header = [
            *(say(f"col.{key}") for key in ("bot", "seats", "win_rate", "interval", "per_seat")),
            say("col.score"),
            say("col.orders"),
            *(say("col.shift", n=k + 1) for k in range(SHIFTS)),
            say("col.end"),
        ]
        rows = []
        for name in self.bots:
            r, s, p = rates[name], stats[name], points[name]
            rows.append([
                name, str(self.copies(name)), say_number(r.rate, ".1%"),
                f"{say_number(r.low, '.1%')} – {say_number(r.high, '.1%')}",
                say_number(r.rate / self.copies(name), ".1%"),
                f"{say_number(s.mean, '.2f')} ({say_number(s.std, '.2f')})",
                say_number(p["orders"], ".2f"),
                *(say_number(p[f"shift_{k + 1}"], ".2f") for k in range(SHIFTS)),
                say_number(sum(p[item] for item in END_ITEMS), "+.2f"),
            ])  # fmt: skip
        widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

        def line(cells: list[str]) -> str:
            first = cells[0].ljust(widths[0])
            rest = (cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))
            return "  ".join([first, *rest]).rstrip()

        shares = enumerate(self.win_share_by_seat())
        seats = "  ".join(say("seat", seat=s, share=say_number(x, ".1%")) for s, x in shares)
        elapsed = float(self.seconds.sum())
        clock = {
            "wall": say_number(self.wall_seconds, ".2f"),
            "workers": self.workers,
            "play": say_number(elapsed, ".2f"),
            "rate": say_number(self.games / max(self.wall_seconds, 1e-9), ",.1f"),
        }
        tail = [
            "",
            self.play_table(),
            "",
            say("wins", seats=seats),
            say("decisions", n=say_number(self.decisions.mean(), ".1f")),
            say("time.one" if self.workers == 1 else "time.many", **clock),
        ]
        return "\n".join([*head, line(header), *(line(row) for row in rows), *tail])


# --- the runner ---------------------------------------------------------------------------------
def run_tournament(
    bots: list[str],
    players: int,
    games: int,
    seed: int,
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Callable[[TournamentResult], None] | None = None,
) -> TournamentResult:
    """Play ``games`` seeded games of the line-up ``bots`` (see the module's docstring).

    ``workers``: processes to start (default ``os.cpu_count()``, 1 in the browser's Pyodide;
    1 plays here, in this process). With an ``executor``, no processes are started:
    ``workers`` then only says how many the executor runs, to cut the games into chunks
    (default ``os.cpu_count()``); the executor is left running. ``progress``: called with the
    games so far whenever a chunk of games is done (see the module's docstring)."""
    lineup = line_up(bots, players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number, at least 1, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    if workers is None:  # a browser's Pyodide cannot start processes: one, here
        workers = 1 if sys.platform == "emscripten" else os.cpu_count() or 1
    elif isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number, at least 1, not {workers!r}")

    started = time.perf_counter()
    here = executor is None and workers == 1
    # in this process: one chunk, or several to report progress after each
    pieces = (PROGRESS_STEPS // CHUNKS_PER_WORKER if progress else 1) if here else workers
    chunks = _chunks(games, pieces)
    parts: list[dict[str, Any]] = []

    def finished(part: dict[str, Any], used: int) -> None:
        parts.append(part)
        if progress is not None:
            progress(_result(lineup, players, seed, parts, time.perf_counter() - started, used))

    if here:
        used = 1
        for first, count in chunks:
            finished(play_games(lineup, seed, first, count), used)
    elif executor is None:
        used = min(workers, len(chunks))
        with ProcessPoolExecutor(max_workers=used) as pool:
            _gather(pool, lineup, seed, chunks, lambda part: finished(part, used))
    else:
        used = workers
        _gather(executor, lineup, seed, chunks, lambda part: finished(part, used))
    return _result(lineup, players, seed, parts, time.perf_counter() - started, used)


def _result(
    lineup: tuple[str, ...],
    players: int,
    seed: int,
    parts: list[dict[str, Any]],
    wall: float,
    used: int,
) -> TournamentResult:
    """The games of ``parts`` (chunks from :func:`play_games`, in any order) as one result."""
    parts = sorted(parts, key=lambda part: part["first"])

    def joined(key: str) -> np.ndarray:
        return np.concatenate([part[key] for part in parts])

    played = [
        game
        for part in parts
        for game in range(part["first"], part["first"] + len(part["seconds"]))
    ]
    distinct = tuple(dict.fromkeys(lineup))
    seat_bot = np.array(
        [[distinct.index(name) for name in seating(lineup, g)] for g in played],
        dtype=np.int64,
    ).reshape(len(played), players)
    return TournamentResult(
        lineup=lineup, bots=distinct, players=players, games=len(played), seed=seed,
        seat_bot=seat_bot, scores=joined("scores"), wins=joined("wins"), marks=joined("marks"),
        orders=joined("orders"), shifts=joined("shifts"), end=joined("end"),
        decisions=joined("decisions"), seconds=joined("seconds"), wall_seconds=wall,
        workers=used, delivered=joined("delivered"), delivered_vp=joined("delivered_vp"),
        stats=joined("stats"), forfeits=joined("forfeits"),
        failures=tuple(failure for part in parts for failure in part["failures"]),
    )  # fmt: skip


def _rounded(data: Any) -> Any:
    """Nested JSON with every float rounded to 3 decimals."""
    if isinstance(data, dict):
        return {key: _rounded(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_rounded(value) for value in data]
    return round(data, 3) if isinstance(data, float) else data


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """(first game, count) pieces: about CHUNKS_PER_WORKER per worker, none empty."""
    pieces = min(games, workers * CHUNKS_PER_WORKER) if workers > 1 else 1
    size, extra = divmod(games, pieces)
    out, first = [], 0
    for i in range(pieces):
        count = size + (i < extra)
        out.append((first, count))
        first += count
    return out


def _gather(
    executor: Executor,
    lineup: tuple[str, ...],
    seed: int,
    chunks: list[tuple[int, int]],
    finished: Callable[[dict[str, Any]], None],
) -> None:
    """Play the chunks on ``executor``; ``finished(part)`` as each one ends."""
    futures: list[Future[dict[str, Any]]] = [
        executor.submit(play_games, lineup, seed, first, count) for first, count in chunks
    ]
    try:
        for future in as_completed(futures):
            finished(future.result())
    except BaseException:  # a failed game or Ctrl-C: do not start the rest
        for future in futures:
            future.cancel()
        raise


__all__ = ["CATEGORIES", "LineUpError", "ScoreStats", "TournamentError", "TournamentResult",
           "TransportStats", "WinRate", "line_up", "play_games", "run_tournament", "seating",
           "wilson"]  # fmt: skip
