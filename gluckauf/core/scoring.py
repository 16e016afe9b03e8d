"""Scoring: shift-clock segments (R-SHIFT), the start-player change, end of game (R-END)
and the final result with its breakdown."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .components import (
    COLOURS,
    LIGHT,
    ORDERS,
    SEGMENT_POINTS,
    SEGMENTS,
    SEGMENTS_AFTER_SHIFT,
    SHIFTS,
    TILES,
    TRANSPORTS,
    TUNNEL_AREA_SPACES,
)
from .events import Event, new_event
from .phases import OVER, PLACE
from .voice import speak

if TYPE_CHECKING:
    import numpy as np

    from .state import GameState

# Ledger categories (each ledger entry is (category, points, detail)).
ORDER, SHIFT, END_MONEY, END_CUBES, END_ORDERS, END_BALANCE, BEFORE = (
    "order",
    "shift",
    "end_money",
    "end_cubes",
    "end_orders",
    "end_balance",
    "before",
)  # fmt: skip  (BEFORE: points a built position starts with, see builder.PositionBuilder.score)
END_ITEMS = (END_MONEY, END_CUBES, END_ORDERS, END_BALANCE)
# VP by category, as PlayerResult.by_category, the tournament and the statistics name them.
CATEGORIES = ("orders", *(f"shift_{s + 1}" for s in range(SHIFTS)), *END_ITEMS)
CATEGORY_LABELS = {
    "orders": "orders", "shift_1": "shift I", "shift_2": "shift II", "shift_3": "shift III",
    END_MONEY: "end: money", END_CUBES: "end: cubes", END_ORDERS: "end: orders",
    END_BALANCE: "end: balance",
}  # fmt: skip


def add_points(state: GameState, player: int, points: int, category: str, detail: Any) -> None:
    state.score[player] += points
    state.ledger[player].append((category, points, detail))


# --- shift clock -----------------------------------------------------------------------------
# The counts and places are worked out on plain lists (a few dozen numbers: faster than numpy
# for arrays this small, and the lessons run where numpy cannot, in the browser's Pyodide);
# segment_counts and segment_places give them as numpy arrays.
def segment_rows(state: GameState) -> list[list[int]]:
    """Counts for all 12 segments, one list per player (R-SHIFT-2, R-SHIFT-3)."""
    rows = []
    for p in range(state.players):
        row = [0] * SEGMENTS
        for card in state.delivered[p]:
            order = ORDERS[card]
            for colour in order.slots:
                row[colour] += 1  # segments 1–4: icons per colour
            row[4 + order.transport] += len(order.slots)  # 5–8: icons per transport
        for level, carts in enumerate(state.carts[p]):
            row[8 + level] = carts.count(-1)  # 9–12: empty carts per colour
        rows.append(row)
    return rows


def column_places(column: list[int], players: int) -> list[int]:
    """Place per player in one segment, given each player's count: 1 first, 2 second,
    0 nothing (R-SHIFT-4…6)."""
    best = max(column)
    if best < 1:  # R-SHIFT-4: only a count of at least 1 scores
        return [0] * len(column)
    places = [1 if c == best else 0 for c in column]
    # R-SHIFT-5: a tie for first leaves no second; R-SHIFT-6: with two players only first scores
    if players > 2 and places.count(1) == 1:
        runner = max([c for c in column if c < best], default=0)
        if runner >= 1:  # R-SHIFT-4 again
            places = [2 if c == runner else 1 if c == best else 0 for c in column]
    return places


def segment_counts(state: GameState) -> np.ndarray:
    """Counts for all 12 segments, shape (players, 12) (R-SHIFT-2, R-SHIFT-3)."""
    import numpy as np

    return np.array(segment_rows(state), dtype=np.int64).reshape(state.players, SEGMENTS)


def segment_places(counts: np.ndarray, players: int) -> np.ndarray:
    """Place per player and segment: 1 first, 2 second, 0 nothing (R-SHIFT-4…6)."""
    import numpy as np

    columns = np.asarray(counts).T.tolist()
    places = [column_places(column, players) for column in columns]
    return np.array(places, dtype=np.int64).T.reshape(np.shape(counts))


def score_shift(state: GameState, events: list[Event]) -> None:
    """Score segments 1 … 4·shift of the shift clock (R-SHIFT-1)."""
    shift, players = state.shift, state.players
    columns = list(zip(*segment_rows(state), strict=True))  # columns[seg][p], per segment
    for seg in range(SEGMENTS_AFTER_SHIFT[shift - 1]):
        column = list(columns[seg])
        awarded = []
        if max(column) >= 1:  # else nobody scores the segment (R-SHIFT-4)
            for p, place in enumerate(column_places(column, players)):
                if place:
                    points = SEGMENT_POINTS[seg][place - 1]
                    add_points(state, p, points, SHIFT, [shift, seg + 1, column[p]])
                    awarded.append([p, place, points])
        events.append(
            new_event(
                (
                    "segment",
                    None,
                    {"shift": shift, "segment": seg + 1, "counts": column, "awarded": awarded},
                )
            )
        )


def next_start_player(state: GameState) -> int:
    """R-SHIFT-7: most workers on F1–F8 and F★; ties go to the tied player closest clockwise
    after the previous start player, who never keeps the marker through a tie. Nobody there:
    the next player clockwise (Reading)."""
    players, previous = state.players, state.start_player
    on_tunnel = [0] * players
    for space in TUNNEL_AREA_SPACES:
        if state.space_count[space.index]:
            on_tunnel[state.space_owner[space.index]] += state.space_count[space.index]
    best = max(on_tunnel)
    if best == 0:
        return (previous + 1) % players
    tied = [p for p in range(players) if on_tunnel[p] == best]
    if tied == [previous]:
        return previous
    order = [(previous + k) % players for k in range(1, players)]  # previous player excluded
    return next(p for p in order if p in tied)


def end_shift(state: GameState, events: list[Event]) -> None:
    """All workers are placed: score, then a new shift (or the end of the game)."""

    events.append(new_event(("shift_end", None, {"shift": state.shift})))
    score_shift(state, events)
    if state.shift == SHIFTS:
        score_end_of_game(state, events)
        state.phase = OVER
        events.append(new_event(("game_over", None, {"winners": winners(state)})))
        return
    state.start_player = next_start_player(state)
    events.append(new_event(("start_player", state.start_player, {})))
    total = state.workers_total()
    for p in range(state.players):
        state.workers[p] = total
        state.canteen[p] = 0
        state.bank_workers[p] = 0
    state.space_count = [0] * len(state.space_count)
    state.space_owner = [-1] * len(state.space_owner)
    state.shift += 1
    state.current = state.start_player
    state.phase = PLACE


# --- end of the game -----------------------------------------------------------------------
def end_counts(state: GameState, player: int) -> dict[str, int]:
    """What the end-of-game items count for one player (R-END-1…4): Marks, coal cubes
    anywhere in the mine and on open orders, open orders, light-side and dark-side tiles."""
    light = sum(1 for kind in state.tiles[player] if TILES[kind].side == LIGHT)
    return {
        "marks": state.money[player],
        "cubes": (
            sum(state.cubes_in_mine(player))
            + sum(state.cage[player])
            + sum(state.storage[player])
            + sum(state.cubes_on_orders(player))
        ),
        "open_orders": len(state.outstanding[player]),
        "light": light,
        "dark": len(state.tiles[player]) - light,
    }


def marks_left(state: GameState, player: int) -> int:
    """The Marks no 5 of which make a VP (R-END-1): they break a tie (R-END-5)."""
    return state.money[player] % 5


def end_items(state: GameState, player: int) -> dict[str, int]:
    """The four end-of-game items (R-END-1…4) for one player, as VP."""
    counts = end_counts(state, player)
    return {
        END_MONEY: counts["marks"] // 5,
        END_CUBES: counts["cubes"] // 3,
        END_ORDERS: -counts["open_orders"],
        END_BALANCE: -2 * abs(counts["light"] - counts["dark"]),
    }


def score_end_of_game(state: GameState, events: list[Event]) -> None:
    for p in range(state.players):
        items = end_items(state, p)  # adding points changes none of what the items count
        for item, points in items.items():
            add_points(state, p, points, item, None)
        events.append(new_event(("end_scoring", p, {**items, "marks_left": marks_left(state, p)})))


# --- the result ------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerResult:
    """One player's score and where it came from."""

    seat: int
    name: str
    score: int
    orders: int
    shifts: list[list[int]]  # shifts[s][k] = VP from segment k+1 after shift s+1
    end: dict[str, int]
    tie_break_marks: int
    before: int = 0  # points a built position started with (not from a played game)

    @property
    def shift_total(self) -> int:
        return sum(map(sum, self.shifts))

    def by_category(self) -> dict[str, int]:
        """VP by category (:data:`CATEGORIES`; and ``before``, for a built position that
        started with points): they add up to :attr:`score`."""
        values = [self.orders, *map(sum, self.shifts), *(self.end[item] for item in END_ITEMS)]
        points = dict(zip(CATEGORIES, values, strict=True))
        if self.before:
            points[BEFORE] = self.before
        return points


@dataclass(frozen=True)
class GameResult:
    """Final (or so-far) scores. ``winners`` is empty until the game is over (R-END-5)."""

    players: list[PlayerResult]
    winners: list[int] = field(default_factory=list)
    over: bool = False

    @property
    def scores(self) -> list[int]:
        return [p.score for p in self.players]

    def winners_among(self, seats: Iterable[int]) -> list[int]:
        """The winners (R-END-5) if only ``seats`` counted — a tournament's seats whose bots
        did not forfeit the game."""
        counted = set(seats)
        return _best({p.seat: (p.score, p.tie_break_marks) for p in self.players
                      if p.seat in counted})  # fmt: skip

    def __str__(self) -> str:
        """The scores in words (the text layer's: :func:`gluckauf.text.words.result_in_words`)."""
        return speak("result", self)

    def breakdown(self) -> str:
        """Where each player's points came from, as a table with a column per player: VP by
        category (orders, the shift clock after each shift, the end items), then the shift
        clock's segments that scored, shift by shift (R-SHIFT-1 … R-SHIFT-3); in the current
        language (the text layer's: :func:`gluckauf.text.render.breakdown_text`)."""
        return speak("breakdown", self)


def game_result(state: GameState) -> GameResult:

    rows = []
    for p in range(state.players):
        shifts = [[0] * SEGMENTS for _ in range(SHIFTS)]
        end = dict.fromkeys(END_ITEMS, 0)
        orders = before = 0
        for category, points, detail in state.ledger[p]:
            if category == ORDER:
                orders += points
            elif category == BEFORE:
                before += points
            elif category == SHIFT:
                shifts[detail[0] - 1][detail[1] - 1] += points
            else:
                end[category] += points
        rows.append(
            PlayerResult(
                p, state.names[p], state.score[p], orders, shifts, end, marks_left(state, p), before
            )
        )
    over = state.phase == OVER
    return GameResult(rows, winners(state) if over else [], over)


def winners(state: GameState) -> list[int]:
    """R-END-5: the seats with the most VP, then the most Marks left over (R-END-1); players
    still tied share the victory."""
    return _best({p: (state.score[p], marks_left(state, p)) for p in range(state.players)})


def _best(ranks: dict[int, tuple[int, int]]) -> list[int]:
    """R-END-5: the seats of the best (VP, Marks left); none if no seat counts."""
    best = max(ranks.values(), default=None)
    return [seat for seat, rank in ranks.items() if rank == best]


__all__ = [
    "CATEGORIES",
    "CATEGORY_LABELS",
    "COLOURS",
    "TRANSPORTS",
    "GameResult",
    "PlayerResult",
    "game_result",
]
