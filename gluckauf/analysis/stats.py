"""Statistics per player: what each player did in a game, as the online edition keeps them.

>>> from gluckauf import RandomBot, new_game, record_of
>>> state, bot = new_game(2, seed=5), RandomBot(5)
>>> while not state.is_over:
...     _ = state.apply(bot.choose(state))
>>> game = stats(record_of(state))
>>> [p.score for p in game] == state.score
True

Everything is counted from the events the engine returns (:mod:`gluckauf.core.events`); nothing
here decides a rule. :func:`stats` replays a record (or a state's history) once and counts;
:class:`StatsCollector` counts live, fed with the events of every action as it is played (a
tournament's games; a widget). What the numbers mean, per player:

- ``placements`` — turns in which the player placed workers, per work area, named as the board
  names them (:data:`AREA_NAMES`); ``workers`` — the workers those turns put down, per area.
- ``shifts[s]`` — shift ``s + 1``: ``placements``; ``workers`` placed, each counted once, when
  it was put down (the bank building's included; a worker later sent to the canteen still
  counts, and does not come back that shift, R-TURN-2) — a finished shift places every worker
  (R-TURN-1), so this equals the workers per player (:data:`~gluckauf.core.components.WORKERS`);
  ``to_canteen`` — how many of them others (or the player) sent to the canteen; ``segments`` —
  VP from each of the 12 shift-clock segments after that shift (R-SHIFT-1).
- ``marks`` — at the ``start``; in from the money spaces (R-MONEY-1) and the bank building
  (R-TURN-4); out for tiles bought on F1–F8 (R-TUNNEL-1) and through F★ (R-TUNNEL-5); at the
  ``end`` (read from the state): start + in − out = end.
- ``mining`` — work steps ``granted`` by mining spaces (R-MINE-1) and spent per kind of step
  (R-MINE-2, R-MINE-3: a two-cube fill costs 2); ``unused`` steps were given up by stopping
  (or are still to come, in a mining action under way).
- ``tiles`` — tiles bought, light and dark side (R-TUNNEL-3), and ``tile_colours``.
- ``mined`` — cubes loaded into the cage, per colour; ``stored`` — put into storage;
  ``filled`` — put onto orders (R-MINE-2).
- ``orders`` — ``drafted`` (R-SETUP-4), ``taken`` (O1–O4 and O★), ``delivered``
  (R-DELIVER-1); ``delivered_by`` — delivered orders per transport.
- ``points`` — VP by category: orders (R-DELIVER-2), the shift clock after shifts I, II and III,
  and the end items (R-END-1 … R-END-4); they add up to the score.

``to_json()`` gives the same numbers as plain JSON (the layout of :meth:`PlayerStats.to_json`);
``str()`` a table with a column per player.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.components import (
    AREA_BANK,
    COLOUR_NAMES,
    LIGHT,
    ORDER_BY_CODE,
    SEGMENT_NAMES,
    SEGMENTS,
    SHIFTS,
    SPACE_BY_CODE,
    TILE_BY_CODE,
)
from ..core.errors import GameError
from ..core.scoring import CATEGORIES, END_ITEMS
from ..core.texttable import text_table
from ..text.i18n import ENGINE
from ..text.words import colour_name, shift_name

if TYPE_CHECKING:
    from ..core.events import Event
    from ..core.state import GameState

# The work areas, in the order of AREA_TUNNEL … AREA_BANK, as the board names them.
AREA_NAMES = ("tunnel expansion", "mining", "delivery", "money", "new orders", "bank building")

#: The statistics table's words (catalogue "engine", context "stats.*"; the data keeps English).
TEXT = ENGINE.texts(
    "stats",
    {
        "title.over": "Statistics per player (game over)",
        "title.shift": "Statistics per player (so far, in shift {shift})",
        "areas": "Turns by area",
        **{f"area.{a}": name for a, name in enumerate(AREA_NAMES)},
        "workers": "Workers placed",
        "workers.shift": "shift {shift}",
        "workers.canteen": "sent to the canteen",
        "marks": "Marks",
        "marks.start": "at the start",
        "marks.money": "in: money spaces",
        "marks.bank": "in: bank building",
        "marks.tiles": "out: tiles on F1–F8",
        "marks.star": "out: tiles through F★",
        "marks.end": "at the end",
        "mining": "Mining steps",
        "mining.granted": "granted",
        "mining.used": "used",
        "tiles": "Tiles bought",
        "tiles.light": "light",
        "tiles.dark": "dark",
        "cubes": "Cubes mined",
        "orders": "Orders",
        **{f"orders.{field}": field for field in ("drafted", "taken", "delivered")},
        "vp": "VP",
        "vp.orders": "orders",
        "vp.shift_1": "shift I",
        "vp.shift_2": "shift II",
        "vp.shift_3": "shift III",
        "vp.end_money": "end: money",
        "vp.end_cubes": "end: cubes",
        "vp.end_orders": "end: orders",
        "vp.end_balance": "end: balance",
        "vp.total": "total",
    },
)


def area_label(area: int) -> str:
    """A work area's name (:data:`AREA_NAMES` order) in the current language."""
    return TEXT.say(f"area.{area}")


class StatsError(GameError):
    """The game cannot be counted: a position set up by hand has no history to count from, or
    a state is not the game its seed and actions make."""


# --- the numbers -------------------------------------------------------------------------------
class Areas(NamedTuple):
    """A count per work area (:data:`AREA_NAMES`)."""

    tunnel: int
    mining: int
    delivery: int
    money: int
    orders: int
    bank: int


class Colours(NamedTuple):
    """A count per coal colour."""

    yellow: int
    brown: int
    grey: int
    black: int


class Transports(NamedTuple):
    """A count per transport."""

    wheelbarrow: int
    carriage: int
    truck: int
    train: int


class ShiftStats(NamedTuple):
    """One shift of one player (see the module's docstring)."""

    placements: int
    workers: int
    to_canteen: int
    segments: tuple[int, ...]  # VP from segments 1–12 after this shift

    @property
    def vp(self) -> int:
        """VP from the shift clock after this shift."""
        return sum(self.segments)


class Marks(NamedTuple):
    """Marks at the start, in by source, out by use, and at the end."""

    start: int
    money_spaces: int  # in: $3–$6 (R-MONEY-1)
    bank: int  # in: the bank building (R-TURN-4)
    tile_spaces: int  # out: tiles bought on F1–F8 (R-TUNNEL-1)
    tile_star: int  # out: tiles bought through F★ (R-TUNNEL-5)
    end: int

    @property
    def income(self) -> int:
        return self.money_spaces + self.bank

    @property
    def spent(self) -> int:
        return self.tile_spaces + self.tile_star


class Mining(NamedTuple):
    """Work steps granted by mining spaces and spent, per kind of step."""

    granted: int
    cage: int  # moves of the pit cage (R-MINE-2.1)
    load: int  # cubes loaded (R-MINE-2.2)
    store: int  # cubes stored (R-MINE-2.4)
    fill: int  # steps filling order slots (R-MINE-2.3/2.5; 2 per two-cube fill, R-MINE-3)

    @property
    def used(self) -> int:
        return self.cage + self.load + self.store + self.fill

    @property
    def unused(self) -> int:
        """Steps given up by stopping early (R-MINE-1), and those still to come when a mining
        action is under way."""
        return self.granted - self.used


class Tiles(NamedTuple):
    """Tiles bought, by side (R-TUNNEL-3)."""

    light: int
    dark: int

    @property
    def total(self) -> int:
        return self.light + self.dark


class Orders(NamedTuple):
    """Orders drafted (R-SETUP-4), taken from O1–O4 or O★, and delivered (R-DELIVER-1)."""

    drafted: int
    taken: int
    delivered: int

    @property
    def held(self) -> int:
        """Outstanding orders now."""
        return self.drafted + self.taken - self.delivered


class Points(NamedTuple):
    """VP by category (the keys of :data:`~gluckauf.core.scoring.CATEGORIES`)."""

    orders: int
    shift_1: int
    shift_2: int
    shift_3: int
    end_money: int
    end_cubes: int
    end_orders: int
    end_balance: int

    @property
    def total(self) -> int:
        return sum(self)


assert Points._fields == CATEGORIES


@dataclass(frozen=True)
class PlayerStats:
    """One player's statistics (see the module's docstring for what each number counts)."""

    seat: int
    name: str
    placements: Areas
    workers: Areas
    shifts: tuple[ShiftStats, ...]  # one per shift, I to III (zeros for shifts not played)
    marks: Marks
    mining: Mining
    tiles: Tiles
    tile_colours: Colours
    mined: Colours
    stored: Colours
    filled: Colours
    orders: Orders
    delivered_by: Transports
    points: Points

    @property
    def score(self) -> int:
        return self.points.total

    @property
    def segments(self) -> list[list[int]]:
        """VP per shift and segment, like :attr:`~gluckauf.core.scoring.PlayerResult.shifts`."""
        return [list(shift.segments) for shift in self.shifts]

    def to_json(self) -> dict[str, Any]:
        """The numbers as plain JSON; totals (``in``/``out``, ``used``, ``total``) included."""
        marks, mining = self.marks, self.mining
        return {
            "seat": self.seat,
            "name": self.name,
            "placements": self.placements._asdict(),
            "workers": self.workers._asdict(),
            "shifts": [{"placements": s.placements, "workers": s.workers,
                        "to_canteen": s.to_canteen, "segments": list(s.segments), "vp": s.vp}
                       for s in self.shifts],
            "marks": {"start": marks.start,
                      "in": {"money_spaces": marks.money_spaces, "bank": marks.bank,
                             "total": marks.income},
                      "out": {"tile_spaces": marks.tile_spaces, "tile_star": marks.tile_star,
                              "total": marks.spent},
                      "end": marks.end},
            "mining": {**mining._asdict(), "used": mining.used, "unused": mining.unused},
            "tiles": {**self.tiles._asdict(), "total": self.tiles.total},
            "tile_colours": self.tile_colours._asdict(),
            "mined": self.mined._asdict(),
            "stored": self.stored._asdict(),
            "filled": self.filled._asdict(),
            "orders": self.orders._asdict(),
            "delivered_by": self.delivered_by._asdict(),
            "points": {**self.points._asdict(), "total": self.points.total},
        }  # fmt: skip


@dataclass(frozen=True)
class GameStats:
    """Every player's statistics (``stats[seat]``), as far as the game has gone."""

    players: tuple[PlayerStats, ...]
    shift: int  # the shift being played (3 once the game is over)
    over: bool

    def __getitem__(self, seat: int) -> PlayerStats:
        return self.players[seat]

    def __iter__(self) -> Iterator[PlayerStats]:
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)

    def to_json(self) -> dict[str, Any]:
        return {"shift": self.shift, "over": self.over,
                "players": [p.to_json() for p in self.players]}  # fmt: skip

    def __str__(self) -> str:
        title = (
            TEXT["title.over"]
            if self.over
            else TEXT.say("title.shift", shift=shift_name(self.shift))
        )
        rows = [[title, *(p.name for p in self)]]
        for title, lines in _sections(self):
            rows.append([title])
            rows += [[f"  {label}", *map(str, values)] for label, values in lines]
        return text_table(rows)


def _sections(game: GameStats) -> list[tuple[str, list[tuple[str, list[int]]]]]:
    """The table of ``str(GameStats)``: (title, [(row label, a value per player)])."""
    ps = list(game)

    def per(get: Any) -> list[int]:
        return [get(p) for p in ps]

    t = TEXT.__getitem__
    return [
        (t("areas"), [(t(f"area.{a}"), per(lambda p, a=a: p.placements[a]))
                      for a in range(len(AREA_NAMES))]),
        (t("workers"), [
            *((TEXT.say("workers.shift", shift=shift_name(s + 1)),
               per(lambda p, s=s: p.shifts[s].workers)) for s in range(SHIFTS)),
            (t("workers.canteen"), per(lambda p: sum(s.to_canteen for s in p.shifts))),
        ]),
        (t("marks"), [
            (t("marks.start"), per(lambda p: p.marks.start)),
            (t("marks.money"), per(lambda p: p.marks.money_spaces)),
            (t("marks.bank"), per(lambda p: p.marks.bank)),
            (t("marks.tiles"), per(lambda p: p.marks.tile_spaces)),
            (t("marks.star"), per(lambda p: p.marks.tile_star)),
            (t("marks.end"), per(lambda p: p.marks.end)),
        ]),
        (t("mining"), [(t("mining.granted"), per(lambda p: p.mining.granted)),
                       (t("mining.used"), per(lambda p: p.mining.used))]),
        (t("tiles"), [(t("tiles.light"), per(lambda p: p.tiles.light)),
                      (t("tiles.dark"), per(lambda p: p.tiles.dark))]),
        (t("cubes"), [(colour_name(c), per(lambda p, c=c: p.mined[c]))
                      for c in range(len(COLOUR_NAMES))]),
        (t("orders"), [(t(f"orders.{field}"), per(lambda p, f=f: p.orders[f]))
                       for f, field in enumerate(Orders._fields)]),
        (t("vp"), [*((t(f"vp.{key}"), per(lambda p, k=k: p.points[k]))
                     for k, key in enumerate(CATEGORIES)),
                   (t("vp.total"), per(lambda p: p.score))]),
    ]  # fmt: skip


# --- counting ----------------------------------------------------------------------------------
class _Tally:
    """One player's running counts (lists, for speed), made into a PlayerStats at the end."""

    __slots__ = ("canteen", "delivered_by", "filled", "marks", "mined", "orders", "placements",
                 "points", "segments", "shift_placements", "shift_workers", "space", "steps",
                 "stored", "tile_colours", "tiles", "workers")  # fmt: skip

    def __init__(self) -> None:
        self.placements, self.workers = [0] * len(AREA_NAMES), [0] * len(AREA_NAMES)
        self.shift_placements, self.shift_workers = [0] * SHIFTS, [0] * SHIFTS
        self.canteen = [0] * SHIFTS
        self.segments = [[0] * SEGMENTS for _ in range(SHIFTS)]
        self.marks = [0] * 4  # money spaces, bank, tile spaces, F★
        self.steps = [0] * 5  # granted, cage, load, store, fill
        self.tiles, self.tile_colours = [0, 0], [0] * 4
        self.mined, self.stored, self.filled = [0] * 4, [0] * 4, [0] * 4
        self.orders, self.delivered_by = [0] * 3, [0] * 4
        self.points = [0] * len(CATEGORIES)
        self.space = ""  # the space of the player's last placement


_AREA_OF = {code: space.area for code, space in SPACE_BY_CODE.items()}


class StatsCollector:
    """Counts a game's statistics from its events, action by action.

    Make it with the state the counting starts from (a new game, for a whole game's numbers),
    give it the events of every action (``collector.add(state.apply(action))``) and ask for
    :meth:`stats` at any time. It cannot take an action back: after an undo, count again with
    :func:`stats`."""

    def __init__(self, state: GameState) -> None:
        self.players = state.players
        self.names = tuple(state.names)
        self.start_marks = tuple(state.money)
        self.shift = state.shift
        self.over = state.is_over
        self._tallies = [_Tally() for _ in range(state.players)]
        self._handlers = {
            "draft": self._draft, "place": self._place, "canteen": self._canteen,
            "money": self._money, "buy_tile": self._buy_tile, "take_order": self._take_order,
            "mining": self._mining, "cage": self._cage, "load": self._load, "store": self._store,
            "fill": self._fill, "deliver": self._deliver, "shift_end": self._shift_end,
            "segment": self._segment, "end_scoring": self._end_scoring,
            "game_over": self._game_over,
        }  # fmt: skip

    def add(self, events: Iterable[Event]) -> None:
        """Count the events of one action (or of several); kinds that count nothing (refill,
        look, put_back, stop, …) are passed over."""
        handlers = self._handlers
        for kind, player, data in events:
            handler = handlers.get(kind)
            if handler is not None:
                handler(player, data)

    # one method per event kind: (player, data) → counts
    def _draft(self, player: int, data: dict[str, Any]) -> None:
        self._tallies[player].orders[0] += 1

    def _place(self, player: int, data: dict[str, Any]) -> None:
        tally = self._tallies[player]
        tally.space = space = data["space"]
        area, workers, shift = _AREA_OF[space], data["workers"], self.shift - 1
        tally.placements[area] += 1
        tally.workers[area] += workers
        tally.shift_placements[shift] += 1
        tally.shift_workers[shift] += workers

    def _canteen(self, player: int, data: dict[str, Any]) -> None:
        self._tallies[player].canteen[self.shift - 1] += data["workers"]

    def _money(self, player: int, data: dict[str, Any]) -> None:
        tally = self._tallies[player]
        tally.marks[1 if _AREA_OF[tally.space] == AREA_BANK else 0] += data["marks"]

    def _buy_tile(self, player: int, data: dict[str, Any]) -> None:
        tally = self._tallies[player]
        tally.marks[3 if tally.space == "F*" else 2] += data["marks"]
        kind = TILE_BY_CODE[data["tile"]]
        tally.tiles[0 if kind.side == LIGHT else 1] += 1
        tally.tile_colours[kind.colour] += 1

    def _take_order(self, player: int, data: dict[str, Any]) -> None:
        self._tallies[player].orders[1] += 1

    def _mining(self, player: int, data: dict[str, Any]) -> None:
        self._tallies[player].steps[0] += data["steps"]

    def _cage(self, player: int, data: dict[str, Any]) -> None:
        self._tallies[player].steps[1] += 1

    def _load(self, player: int, data: dict[str, Any]) -> None:
        tally = self._tallies[player]
        tally.steps[2] += 1
        tally.mined[data["cube"]] += 1

    def _store(self, player: int, data: dict[str, Any]) -> None:
        tally = self._tallies[player]
        tally.steps[3] += 1
        tally.stored[data["cube"]] += 1

    def _fill(self, player: int, data: dict[str, Any]) -> None:
        tally = self._tallies[player]
        cubes = data["cubes"]
        tally.steps[4] += len(cubes)  # a step per cube, as Fill.steps (R-MINE-2, R-MINE-3)
        for _source, colour in cubes:
            tally.filled[colour] += 1

    def _deliver(self, player: int, data: dict[str, Any]) -> None:
        tally = self._tallies[player]
        tally.orders[2] += 1
        tally.delivered_by[ORDER_BY_CODE[data["order"]].transport] += 1
        tally.points[0] += data["vp"]

    def _shift_end(self, player: None, data: dict[str, Any]) -> None:
        self.shift = min(data["shift"] + 1, SHIFTS)

    def _segment(self, player: None, data: dict[str, Any]) -> None:
        shift, segment = data["shift"], data["segment"]
        for seat, _place, points in data["awarded"]:
            tally = self._tallies[seat]
            tally.segments[shift - 1][segment - 1] += points
            tally.points[shift] += points  # categories 1–3: shift_1 … shift_3

    def _end_scoring(self, player: int, data: dict[str, Any]) -> None:
        points = self._tallies[player].points
        for k, item in enumerate(END_ITEMS, start=1 + SHIFTS):
            points[k] += data[item]

    def _game_over(self, player: None, data: dict[str, Any]) -> None:
        self.over = True

    # the result
    def stats(self, state: GameState) -> GameStats:
        """The counts so far; the Marks at the end are ``state``'s (the game being counted)."""
        if state.players != self.players:
            raise StatsError(f"these counts are of a {self.players}-player game, not of a "
                             f"{state.players}-player one")  # fmt: skip
        players = tuple(self._player(seat, state.money[seat]) for seat in range(self.players))
        return GameStats(players, self.shift, self.over)

    def _player(self, seat: int, marks_now: int) -> PlayerStats:
        t = self._tallies[seat]
        shifts = tuple(ShiftStats(t.shift_placements[s], t.shift_workers[s], t.canteen[s],
                                  tuple(t.segments[s])) for s in range(SHIFTS))  # fmt: skip
        return PlayerStats(
            seat=seat, name=self.names[seat], placements=Areas(*t.placements),
            workers=Areas(*t.workers), shifts=shifts,
            marks=Marks(self.start_marks[seat], *t.marks, marks_now), mining=Mining(*t.steps),
            tiles=Tiles(*t.tiles), tile_colours=Colours(*t.tile_colours),
            mined=Colours(*t.mined), stored=Colours(*t.stored), filled=Colours(*t.filled),
            orders=Orders(*t.orders), delivered_by=Transports(*t.delivered_by),
            points=Points(*t.points),
        )  # fmt: skip


# --- from a record or a state ------------------------------------------------------------------
def stats(game: GameState | Mapping[str, Any]) -> GameStats:
    """Every player's statistics of a game: a game record (checked move by move, as
    :func:`~gluckauf.files.records.replay` does) or a state played from a new game (its history is
    replayed from its seed and counted)."""
    from ..core.state import DEAL
    from ..files.records import record_of, replay

    if isinstance(game, Mapping):
        state = replay(game, keep_undo=False)  # FormatError for a bad record
        record: Mapping[str, Any] = game
    else:
        state = game
        record = record_of(state) if state.origin is DEAL else {}
    if state.origin is not DEAL:  # a position set up by hand (a puzzle, a position file)
        raise StatsError("this game began at a position set up by hand, so it has no whole game "
                         "to count: statistics count the actions of a game from the deal (a "
                         "record, or a state played from new_game)")  # fmt: skip
    # The opening as the record's own replay makes it (players, names, seed and options).
    opening = {key: value for key, value in record.items() if key not in ("actions", "result")}
    start = replay({**opening, "actions": []}, keep_undo=False)
    collector = StatsCollector(start)
    try:
        for action in state.history:
            collector.add(start.apply(action, check=False))  # legal: replayed or played
    except Exception:  # a history that is not this game's: told apart below
        start = None
    if start != state:
        raise StatsError("this state is not the game its seed and actions make (was it changed "
                         "by hand?), so its statistics cannot be counted")  # fmt: skip
    return collector.stats(state)


# --- numbers for arrays (the tournament's means) ---------------------------------------------
def flatten(data: Any, prefix: str = "") -> dict[str, float]:
    """The numbers of nested JSON (dicts and lists) by path: ``{"marks.in.bank": 2, …}``; list
    items are numbered from 0 (``"shifts.0.workers"``). Texts are left out."""
    if isinstance(data, Mapping):
        items: Iterable[tuple[Any, Any]] = data.items()
    elif isinstance(data, list | tuple):
        items = enumerate(data)
    elif isinstance(data, bool) or not isinstance(data, int | float):
        return {}
    else:
        return {prefix: data}
    out: dict[str, float] = {}
    for key, value in items:
        out.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
    return out


def unflatten(flat: Mapping[str, Any]) -> dict[str, Any]:
    """The nested JSON of :func:`flatten`'s paths again (numbered items back into lists)."""
    root: dict[str, Any] = {}
    for path, value in flat.items():
        node = root
        *parents, last = path.split(".")
        for key in parents:
            node = node.setdefault(key, {})
        node[last] = value
    return _lists(root)


def _lists(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    if node and all(key.isdigit() for key in node):
        return [_lists(node[str(i)]) for i in range(len(node))]
    return {key: _lists(value) for key, value in node.items()}


def _keys() -> tuple[str, ...]:
    from ..core.newgame import new_game

    sample = StatsCollector(new_game(2, seed=0)).stats(new_game(2, seed=0))[0].to_json()
    del sample["seat"]
    return tuple(flatten(sample))


STAT_KEYS: tuple[str, ...] = _keys()
"""The paths of every number of :meth:`PlayerStats.to_json` but the seat, in order: the
columns of :func:`stat_row` (and of the tournament's ``stats`` array)."""


def stat_row(player: PlayerStats) -> list[int]:
    """The player's numbers in :data:`STAT_KEYS` order: ``flatten(player.to_json())``'s values
    (tested so), put together directly — the tournament stores a row for every seat."""
    p, m, k = player, player.marks, player.mining
    row = [*p.placements, *p.workers]
    for shift in p.shifts:
        row += [*shift[:3], *shift.segments, shift.vp]
    row += [
        m.start,
        m.money_spaces,
        m.bank,
        m.income,
        m.tile_spaces,
        m.tile_star,
        m.spent,
        m.end,
        *k,
        k.used,
        k.unused,
        *p.tiles,
        p.tiles.total,
        *p.tile_colours,
        *p.mined,
        *p.stored,
        *p.filled,
        *p.orders,
        *p.delivered_by,
        *p.points,
        p.points.total,
    ]
    return row


__all__ = [
    "AREA_NAMES",
    "SEGMENT_NAMES",
    "STAT_KEYS",
    "Areas",
    "Colours",
    "GameStats",
    "Marks",
    "Mining",
    "Orders",
    "PlayerStats",
    "Points",
    "ShiftStats",
    "StatsCollector",
    "StatsError",
    "Tiles",
    "Transports",
    "area_label",
    "flatten",
    "stat_row",
    "stats",
    "text_table",
    "unflatten",
]  # fmt: skip
