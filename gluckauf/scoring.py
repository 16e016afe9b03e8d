"""Scoring: shift-clock segments (R-SHIFT), the start-player change, end of game (R-END)
and the final result with its breakdown."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

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
from .events import Event

if TYPE_CHECKING:
    from .state import GameState

# Ledger categories (each ledger entry is (category, points, detail)).
ORDER, SHIFT, END_MONEY, END_CUBES, END_ORDERS, END_BALANCE, BEFORE = (
    "order", "shift", "end_money", "end_cubes", "end_orders", "end_balance", "before",
)  # fmt: skip  (BEFORE: points a built position starts with, see builder.PositionBuilder.score)
END_ITEMS = (END_MONEY, END_CUBES, END_ORDERS, END_BALANCE)


def add_points(state: GameState, player: int, points: int, category: str, detail: Any) -> None:
    state.score[player] += points
    state.ledger[player].append((category, points, detail))


# --- shift clock -----------------------------------------------------------------------------
def segment_counts(state: GameState) -> np.ndarray:
    """Counts for all 12 segments, shape (players, 12) (R-SHIFT-2, R-SHIFT-3)."""
    counts = np.zeros((state.players, SEGMENTS), dtype=np.int64)
    for p in range(state.players):
        for card in state.delivered[p]:
            order = ORDERS[card]
            for colour in order.slots:
                counts[p, colour] += 1  # segments 1–4: icons per colour
            counts[p, 4 + order.transport] += len(order.slots)  # 5–8: icons per transport
        for level, carts in enumerate(state.carts[p]):
            counts[p, 8 + level] = carts.count(-1)  # 9–12: empty carts per colour
    return counts


def segment_places(counts: np.ndarray, players: int) -> np.ndarray:
    """Place per player and segment: 1 first, 2 second, 0 nothing (R-SHIFT-4…6)."""
    places = np.zeros(counts.shape, dtype=np.int64)
    eligible = counts >= 1  # R-SHIFT-4
    best = np.where(eligible, counts, 0).max(axis=0)
    first = eligible & (counts == best)
    places[first] = 1
    single_winner = first.sum(axis=0) == 1  # R-SHIFT-5: a tie for first leaves no second
    if players > 2:  # R-SHIFT-6: with two players only first place scores
        rest = eligible & ~first
        runner = np.where(rest, counts, 0).max(axis=0)
        second = rest & (counts == runner) & single_winner
        places[second] = 2
    return places


def score_shift(state: GameState, events: list[Event]) -> None:
    """Score segments 1 … 4·shift of the shift clock (R-SHIFT-1)."""
    upto = SEGMENTS_AFTER_SHIFT[state.shift - 1]
    counts = segment_counts(state)
    places = segment_places(counts, state.players)
    for seg in range(upto):
        awarded = []
        for p in range(state.players):
            place = int(places[p, seg])
            if place:
                points = SEGMENT_POINTS[seg][place - 1]
                add_points(state, p, points, SHIFT, [state.shift, seg + 1, int(counts[p, seg])])
                awarded.append([p, place, points])
        events.append(Event("segment", None, {
            "shift": state.shift, "segment": seg + 1,
            "counts": [int(c) for c in counts[:, seg]], "awarded": awarded}))


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
    from .state import OVER, PLACE

    events.append(Event("shift_end", None, {"shift": state.shift}))
    score_shift(state, events)
    if state.shift == SHIFTS:
        score_end_of_game(state, events)
        state.phase = OVER
        events.append(Event("game_over", None, {"winners": game_result(state).winners}))
        return
    state.start_player = next_start_player(state)
    events.append(Event("start_player", state.start_player, {}))
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
def end_items(state: GameState, player: int) -> dict[str, int]:
    """The four end-of-game items (R-END-1…4) for one player, as VP."""
    cubes = (
        sum(state.cubes_in_mine(player)) + sum(state.cage[player])
        + sum(state.storage[player]) + sum(state.cubes_on_orders(player))
    )  # fmt: skip
    light = sum(1 for kind in state.tiles[player] if TILES[kind].side == LIGHT)
    dark = len(state.tiles[player]) - light
    return {
        END_MONEY: state.money[player] // 5,
        END_CUBES: cubes // 3,
        END_ORDERS: -len(state.outstanding[player]),
        END_BALANCE: -2 * abs(light - dark),
    }


def score_end_of_game(state: GameState, events: list[Event]) -> None:
    for p in range(state.players):
        for item, points in end_items(state, p).items():
            add_points(state, p, points, item, None)
        events.append(Event("end_scoring", p, {**end_items(state, p),
                                               "marks_left": state.money[p] % 5}))


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


@dataclass(frozen=True)
class GameResult:
    """Final (or so-far) scores. ``winners`` is empty until the game is over (R-END-5)."""

    players: list[PlayerResult]
    winners: list[int] = field(default_factory=list)
    over: bool = False

    @property
    def scores(self) -> list[int]:
        return [p.score for p in self.players]

    def __str__(self) -> str:
        from .messages import count, say

        lines = [say("result.header")]
        for r in self.players:
            line = say("result.line", name=r.name, score=r.score, orders=r.orders,
                       shifts=" + ".join(str(sum(s)) for s in r.shifts),
                       end=f"{sum(r.end.values()):+d}", marks=count(r.tie_break_marks, "mark"))
            if r.before:
                line += say("result.before", points=r.before)
            lines.append(line)
        if self.over:
            names = [self.players[w].name for w in self.winners]
            lines.append(say("result.winners" if len(names) > 1 else "result.winner",
                             names=" and ".join(names)))
        return "\n".join(lines)


def game_result(state: GameState) -> GameResult:
    from .state import OVER

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
        rows.append(PlayerResult(p, state.names[p], state.score[p], orders, shifts, end,
                                 state.money[p] % 5, before))
    over = state.phase == OVER
    winners: list[int] = []
    if over:  # R-END-5: most VP, then most Marks left over (R-END-1), else shared
        best = max((r.score, r.tie_break_marks) for r in rows)
        winners = [r.seat for r in rows if (r.score, r.tie_break_marks) == best]
    return GameResult(rows, winners, over)


__all__ = ["COLOURS", "TRANSPORTS", "GameResult", "PlayerResult", "game_result"]
