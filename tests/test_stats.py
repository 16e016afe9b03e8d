"""Statistics per player (gluckauf.analysis.stats): counted from the events, they agree with the
result and with the final state, for random games of every player count and for bot games.

Each check counts its side on its own — from the result's ledger, the final state or the
events the test collected while playing — never from the statistics themselves."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gluckauf.analysis.stats as stats_module
from gluckauf import GreedyBot, RandomBot, new_game, record_of
from gluckauf.analysis.stats import (
    AREA_NAMES,
    STAT_KEYS,
    GameStats,
    StatsCollector,
    StatsError,
    flatten,
    stat_row,
    stats,
    unflatten,
)
from gluckauf.core.actions import Place
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import (
    AREA_BANK,
    LIGHT,
    ORDERS,
    SPACE_BY_CODE,
    START_MONEY,
    TILES,
    WORKERS,
)
from gluckauf.core.errors import FormatError
from gluckauf.core.scoring import CATEGORIES


def play(players: int, seed: int, bots: list | None = None, *, until: int | None = None):
    """Play a game (or its first ``until`` actions) with a live collector; return the state,
    the collector and every event, each with the shift it happened in."""
    state = new_game(players, seed)
    bots = bots or [RandomBot(seed * 10 + p) for p in range(players)]
    collector = StatsCollector(state)
    events = []
    while not state.is_over and (until is None or len(state.history) < until):
        shift = state.shift
        happened = state.apply(bots[state.current].choose(state))
        collector.add(happened)
        events += [(shift, event) for event in happened]
    return state, collector, events


def check_game(state, collector, events) -> GameStats:
    """Every check that must hold for a game (over or not); returns its statistics."""
    game = stats(state)
    assert game == collector.stats(state), "the live counts differ from the replayed ones"
    if state.seed is not None and state.is_over:
        assert stats(record_of(state)) == game
    result = state.result()
    assert game.over == state.is_over and game.shift == state.shift
    for p, (mine, theirs) in enumerate(zip(game, result.players, strict=True)):
        assert (mine.seat, mine.name) == (p, state.names[p])
        # VP: by category as the result's ledger has them, adding up to the score
        assert mine.points._asdict() == theirs.by_category()
        assert mine.score == state.score[p] == sum(mine.points)
        assert mine.segments == theirs.shifts  # per shift and segment (R-SHIFT-1)
        assert [s.vp for s in mine.shifts] == [sum(s) for s in theirs.shifts]
        # Marks: start + in − out = end (R-MONEY-1, R-TURN-4, R-TUNNEL-1)
        marks = mine.marks
        assert marks.start == START_MONEY[state.players]
        assert marks.start + marks.income - marks.spent == marks.end == state.money[p]
        assert marks.bank == mine.workers.bank  # 1 Mark per worker on the bank building
        # mining steps (R-MINE-1 … R-MINE-3)
        assert 0 <= mine.mining.used <= mine.mining.granted
        granted = sum(e.data["steps"] for _s, e in events if e.kind == "mining" and e.player == p)
        assert mine.mining.granted == granted
        stopped = sum(1 for _s, e in events if e.kind == "stop" and e.player == p)
        mining_now = state.phase == "mine" and state.current == p
        assert mine.mining.unused >= (state.steps_left if mining_now else 0)
        # steps are lost only by stopping (R-MINE-1), or still to come in a mining action
        assert (mine.mining.unused > 0) <= (stopped > 0 or mining_now)
        # workers per shift: at most the workers per player, all of them once a shift is over
        ended = sum(1 for _s, e in events if e.kind == "shift_end")
        for s, shift in enumerate(mine.shifts):
            assert shift.workers <= WORKERS[state.players]
            if s < ended:
                assert shift.workers == WORKERS[state.players]  # R-TURN-1
            assert shift.to_canteen <= shift.workers
            assert shift.placements <= shift.workers
        placed = [e for _s, e in events if e.kind == "place" and e.player == p]
        assert sum(mine.placements) == len(placed) == sum(s.placements for s in mine.shifts)
        assert sum(mine.workers) == sum(e.data["workers"] for e in placed)
        assert sum(mine.workers) == sum(s.workers for s in mine.shifts)
        by_area = Counter(AREA_NAMES[SPACE_BY_CODE[e.data["space"]].area] for e in placed)
        assert dict(zip(AREA_NAMES, mine.placements, strict=True)) == {
            name: by_area[name] for name in AREA_NAMES
        }
        canteen: Counter[int] = Counter()
        for s, e in events:
            if e.kind == "canteen" and e.player == p:
                canteen[s] += e.data["workers"]
        assert [s.to_canteen for s in mine.shifts] == [canteen[s] for s in (1, 2, 3)]
        # tiles: light + dark = tiles bought (R-TUNNEL-3)
        kinds = [TILES[k] for k in state.tiles[p]]
        assert mine.tiles.total == len(kinds) == mine.tiles.light + mine.tiles.dark
        assert mine.tiles.light == sum(1 for kind in kinds if kind.side == LIGHT)
        assert list(mine.tile_colours) == [sum(1 for k in kinds if k.colour == c) for c in range(4)]
        # cubes mined per colour = the load events
        loads = Counter(e.data["cube"] for _s, e in events if e.kind == "load" and e.player == p)
        assert list(mine.mined) == [loads[c] for c in range(4)]
        assert sum(mine.mined) == mine.mining.load
        assert sum(mine.stored) == mine.mining.store and sum(mine.filled) == mine.mining.fill
        # orders
        assert mine.orders.held == len(state.outstanding[p])
        assert mine.orders.delivered == len(state.delivered[p]) == sum(mine.delivered_by)
        assert list(mine.delivered_by) == [
            sum(1 for c in state.delivered[p] if ORDERS[c].transport == t) for t in range(4)
        ]
        numbers = flatten(mine.to_json())
        assert stat_row(mine) == [numbers[key] for key in STAT_KEYS]  # the tournament's row
    return game


# --- many games -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_add_up(players: int) -> None:
    for seed in range(10):
        check_game(*play(players, 700 + seed))


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31 - 1),
       until=st.one_of(st.none(), st.integers(0, 400)))  # fmt: skip
def test_any_game_adds_up_whole_or_half_played(players: int, seed: int, until: int | None) -> None:
    check_game(*play(players, seed, until=until))


def test_bot_games_add_up() -> None:
    for players, seed in ((2, 3), (3, 4)):
        bots = [GreedyBot(seed + p) if p % 2 == 0 else RandomBot(seed + p)
                for p in range(players)]  # fmt: skip
        game = check_game(*play(players, seed, bots))
        greedy = game[0]
        assert greedy.orders.delivered > 0 and greedy.mining.used > 0  # it really plays
        assert greedy.points.orders > 0


def test_a_shift_of_a_game_in_progress() -> None:
    state, collector, events = play(3, 12, until=60)
    assert not state.is_over
    game = check_game(state, collector, events)
    assert not game.over and "so far, in shift I" in str(game)
    assert all(p.shifts[1].workers == 0 for p in game)


# --- the numbers mean what they say ----------------------------------------------------------
def test_marks_by_source_and_use() -> None:
    state = new_game(2, seed=1, start_player=0)
    collector = StatsCollector(state)
    while state.phase == "draft":
        collector.add(state.apply(state.legal_actions()[0]))
    money = state.money[:]
    collector.add(state.apply(Place("$6")))
    collector.add(state.apply(Place("BANK")))
    affordable = [a for a in state.legal_actions() if a.space.startswith("F") and
                  a.space != "F*"]  # fmt: skip
    tile = TILES[state.tile_spaces[SPACE_BY_CODE[affordable[0].space].value]]
    collector.add(state.apply(affordable[0]))
    first, second = collector.stats(state)
    assert (first.marks.money_spaces, first.marks.bank) == (6, 0)
    assert (second.marks.bank, second.marks.money_spaces, second.workers.bank) == (1, 0, 1)
    assert (first.marks.tile_spaces, first.marks.tile_star) == (tile.price, 0)
    assert first.marks.end == money[0] + 6 - tile.price
    assert first.placements.money == 1 and first.placements.tunnel == 1
    assert first.shifts[0].placements == 2 and first.shifts[0].workers == 2
    assert AREA_NAMES.index("bank building") == AREA_BANK


def test_area_names_are_the_boards() -> None:
    from widgets.labels import EN

    keys = ("tunnel", "mining", "delivery", "money", "orders", "bank")
    assert tuple(EN[f"area.{key}"].lower() for key in keys) == AREA_NAMES
    assert stats_module.Areas._fields == keys


# --- output -----------------------------------------------------------------------------------
def test_json_and_text() -> None:
    state, _collector, _events = play(3, 21)
    game = stats(state)
    data = json.loads(json.dumps(game.to_json()))
    assert data["over"] is True and len(data["players"]) == 3
    first = data["players"][0]
    assert first["name"] == state.names[0] and first["points"]["total"] == state.score[0]
    assert first["marks"]["in"]["total"] == game[0].marks.income
    assert list(first["points"])[:-1] == list(CATEGORIES)
    assert len(first["shifts"]) == 3 and len(first["shifts"][2]["segments"]) == 12
    # flatten / unflatten: the tournament's columns
    row = stat_row(game[1])
    assert len(row) == len(STAT_KEYS) and "name" not in STAT_KEYS and "seat" not in STAT_KEYS
    assert dict(zip(STAT_KEYS, row, strict=True))["points.total"] == state.score[1]
    again = unflatten(dict(zip(STAT_KEYS, row, strict=True)))
    expected = game[1].to_json()
    del expected["seat"], expected["name"]
    assert again == expected
    assert flatten({"a": [1, {"b": 2}], "c": "text", "d": True}) == {"a.0": 1, "a.1.b": 2}
    text = str(game)
    lines = text.splitlines()
    assert lines[0].split()[-3:] == state.names and "(game over)" in lines[0]
    for heading in ("Turns by area", "Workers placed", "Marks", "Mining steps", "Tiles bought",
                    "Cubes mined", "Orders", "VP"):  # fmt: skip
        assert heading in lines
    total = next(line for line in lines if line.startswith("  total"))
    assert total.split()[1:] == [str(s) for s in state.score]


def test_result_breakdown() -> None:
    state, _collector, _events = play(3, 8)
    result = state.result()
    for r in result.players:
        assert sum(r.by_category().values()) == r.score
        assert list(r.by_category()) == list(CATEGORIES)
    lines = result.breakdown().splitlines()
    assert lines[0].split()[-3:] == state.names
    total = next(line for line in lines if line.startswith("  total"))
    assert total.split()[1:] == [str(s) for s in result.scores]
    scored = [line for line in lines if line[:3].strip().isdigit()]
    vp = [sum(int(x) for x in line.split()[-3:]) for line in scored]
    assert sum(vp) == sum(r.shift_total for r in result.players)  # every segment that scored
    assert str(result).startswith("Scores")  # str(result) is unchanged
    built = PositionBuilder(2).score(0, 7).build()
    assert built.result().players[0].by_category()["before"] == 7
    assert "before this position" in built.result().breakdown()


# --- bad input --------------------------------------------------------------------------------
def test_what_cannot_be_counted() -> None:
    built = PositionBuilder(2).build()
    with pytest.raises(StatsError, match="set up by hand"):
        stats(built)
    assert issubclass(StatsError, ValueError)
    state, _collector, _events = play(2, 5, until=40)
    changed = state.copy()
    changed.money[0] += 3
    with pytest.raises(StatsError, match="not the game its seed and actions make"):
        stats(changed)
    record = record_of(state)
    record["actions"][-1] = "place F9"
    with pytest.raises(FormatError, match=r"action 40 \('place F9'\)"):
        stats(record)
    with pytest.raises(StatsError, match="2-player game, not of a 3-player one"):
        StatsCollector(state).stats(new_game(3, seed=1))
