"""The tournament runner (gluckauf.analysis.tournament), its command line and the bot registry."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from gluckauf import RandomBot, new_game
from gluckauf.analysis.stats import STAT_KEYS, stat_row, stats
from gluckauf.analysis.tournament import (
    CATEGORIES,
    TournamentError,
    TransportStats,
    line_up,
    play_games,
    run_tournament,
    seating,
    wilson,
)
from gluckauf.bots.registry import (
    FACTORIES,
    UNAVAILABLE,
    UnknownBotError,
    bot_names,
    make_bot,
    register,
    seeded,
)
from gluckauf.cli import derive_seed, main, simulate
from gluckauf.core.actions import Stop
from gluckauf.core.components import ORDERS, START_MONEY, TRANSPORT_NAMES

ROOT = Path(__file__).resolve().parent.parent
ARRAYS = ("seat_bot", "scores", "wins", "marks", "orders", "shifts", "end", "decisions",
          "delivered", "delivered_vp", "stats")  # fmt: skip


class FirstBot:
    """Always the first legal action: plays differently from RandomBot, so seats can be told
    apart."""

    name = "first"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state):
        return state.legal_actions()[0]


class BoomBot(FirstBot):
    name = "boom"

    def choose(self, state):
        raise RuntimeError("boom")


class StopBot(FirstBot):
    name = "stop"

    def choose(self, state):
        return Stop()  # never legal in the draft: the runner checks every action


@pytest.fixture
def test_bots() -> Iterator[None]:
    """Bots registered for one test (in this process; worker processes see them by fork only,
    so the process-pool tests below use 'random' alone)."""
    bots = {"first": FirstBot, "twin": RandomBot, "boom": BoomBot, "stop": StopBot}
    for name, factory in bots.items():
        register(name, factory)
    yield
    for name in bots:
        FACTORIES.pop(name)


def same(a, b) -> None:
    for key in ARRAYS:
        assert np.array_equal(getattr(a, key), getattr(b, key)), key
    assert (a.lineup, a.bots, a.players, a.games, a.seed) == (
        b.lineup, b.bots, b.players, b.games, b.seed
    )  # fmt: skip


# --- the line-up and the seats ---------------------------------------------------------------
def test_the_last_name_fills_the_seats(test_bots: None) -> None:
    assert line_up(["first", "random"], 3) == ("first", "random", "random")
    assert line_up(["first", "random"], 2) == ("first", "random")
    assert line_up(["random"], 4) == ("random",) * 4
    assert line_up(["first", "first", "random"], 4) == ("first", "first", "random", "random")
    assert seating(("a", "b", "c"), 0) == ["a", "b", "c"]
    assert seating(("a", "b", "c"), 1) == ["c", "a", "b"]  # entry i sits at seat (i + g) % n


def test_every_bot_sits_in_every_seat_equally_often(test_bots: None) -> None:
    result = run_tournament(["first", "random"], players=3, games=9, seed=4, workers=1)
    assert result.bots == ("first", "random")
    assert result.seat_counts().tolist() == [[3, 3, 3], [6, 6, 6]]
    for game in range(9):
        names = [result.bots[b] for b in result.seat_bot[game]]
        assert names == seating(result.lineup, game)
    assert "seats unbalanced" not in result.table()
    uneven = run_tournament(["first", "random"], players=3, games=4, seed=4, workers=1)
    assert uneven.seat_counts().tolist() == [[2, 1, 1], [2, 3, 3]]
    assert "seats unbalanced" in uneven.table()


def test_each_game_is_the_seeded_game_with_the_bots_where_the_result_says(
    test_bots: None,
) -> None:
    result = run_tournament(["first", "random"], players=3, games=3, seed=8, workers=1)
    for game in range(3):
        state = new_game(3, derive_seed(8, game, "game"))
        bots = [make_bot(result.bots[b], derive_seed(8, game, "bot", seat))
                for seat, b in enumerate(result.seat_bot[game])]  # fmt: skip
        while not state.is_over:
            state.apply(bots[state.current].choose(state))
        assert result.scores[game].tolist() == state.score
        assert result.decisions[game] == len(state.history)
        counted = stats(state)  # the game replayed and counted: the live counts agree
        assert result.stats[game].tolist() == [stat_row(player) for player in counted]
        for seat in range(3):
            cards = [ORDERS[card] for card in state.delivered[seat]]
            assert result.delivered[game, seat].tolist() == [
                sum(1 for o in cards if o.transport == t) for t in range(4)
            ]
            assert result.delivered_vp[game, seat].tolist() == [
                sum(o.vp for o in cards if o.transport == t) for t in range(4)
            ]


def test_an_all_random_tournament_plays_the_simulate_games() -> None:
    result = run_tournament(["random"], players=3, games=12, seed=5, workers=1)
    stats = simulate(3, 12, 5)
    assert [round(float(x), 2) for x in result.scores.mean(axis=0)] == stats["mean_score_by_seat"]
    assert [round(float(x), 4) for x in result.win_share_by_seat()] == stats["win_share_by_seat"]
    assert int(result.decisions.sum()) == stats["decisions"]


# --- determinism and executors ---------------------------------------------------------------
def test_same_seed_same_result_in_one_process_and_in_two() -> None:
    alone = run_tournament(["random"], players=3, games=16, seed=11, workers=1)
    pool = run_tournament(["random"], players=3, games=16, seed=11, workers=2)
    assert (alone.workers, pool.workers) == (1, 2)
    same(alone, pool)
    assert alone.to_json()["win_rate"] == pool.to_json()["win_rate"]
    other = run_tournament(["random"], players=3, games=16, seed=12, workers=1)
    assert not np.array_equal(alone.scores, other.scores)


def test_any_executor_will_do(test_bots: None) -> None:
    alone = run_tournament(["first", "twin"], players=4, games=8, seed=2, workers=1)
    with ThreadPoolExecutor(max_workers=3) as executor:
        threaded = run_tournament(["first", "twin"], players=4, games=8, seed=2,
                                  executor=executor, workers=3)  # fmt: skip
        assert executor.submit(sum, [1, 2]).result() == 3  # left running for its owner
    same(alone, threaded)


# --- wins, ties, categories ------------------------------------------------------------------
def test_win_rates_share_each_game_and_add_up_to_one(test_bots: None) -> None:
    result = run_tournament(["first", "random"], players=3, games=12, seed=3, workers=1)
    per_game = result.bot_wins()
    assert per_game.shape == (12, 2)
    assert np.allclose(per_game.sum(axis=1), 1.0)
    assert np.allclose(result.wins.sum(axis=1), 1.0)
    rates = result.win_rate()
    assert sum(r.rate for r in rates.values()) == pytest.approx(1.0)
    for r in rates.values():
        assert 0.0 <= r.low <= r.rate <= r.high <= 1.0
    assert sum(result.to_json()["win_rate"].values()) == pytest.approx(1.0, abs=1e-5)


def test_a_shared_victory_splits_the_win(test_bots: None) -> None:
    # game 107 of seed 1 (3 random players) ends in a tie on VP and Marks (R-END-5)
    chunk = play_games(("random",) * 3, 1, 107, 1)
    shares = chunk["wins"][0]
    tied = shares > 0
    assert tied.sum() == 2 and np.allclose(shares[tied], 0.5)
    best = max(zip(chunk["scores"][0], chunk["marks"][0], strict=True))
    assert all((s, m) == best for s, m in zip(chunk["scores"][0][tied], chunk["marks"][0][tied],
                                              strict=True))  # fmt: skip
    # the same game inside a tournament of two names (twin = RandomBot: the same games)
    result = run_tournament(["random", "twin"], players=3, games=108, seed=1, workers=1)
    assert np.array_equal(result.wins[107], shares)
    assert result.bot_wins()[107].sum() == pytest.approx(1.0)
    # every game: the win goes, shared, to the seats with the most (VP, Marks)
    for scores, marks, wins in zip(result.scores, result.marks, result.wins, strict=True):
        best = max(zip(scores, marks, strict=True))
        winners = [s for s in range(3) if (scores[s], marks[s]) == best]
        assert wins.tolist() == [1 / len(winners) if s in winners else 0.0 for s in range(3)]


def test_points_by_category_add_up_to_the_scores(test_bots: None) -> None:
    result = run_tournament(["first", "random"], players=4, games=8, seed=6, workers=1)
    total = result.orders + result.shifts.sum(axis=(2, 3)) + result.end.sum(axis=2)
    assert np.array_equal(total, result.scores)
    assert result.shifts.shape == (8, 4, 3, 12) and result.end.shape == (8, 4, 4)
    stats, points = result.score_stats(), result.points_by_category()
    for name in result.bots:
        assert list(points[name]) == list(CATEGORIES)
        assert sum(points[name].values()) == pytest.approx(stats[name].mean)
        assert result.segment_points(name).sum() == pytest.approx(
            sum(points[name][f"shift_{s}"] for s in (1, 2, 3))
        )
    assert stats["random"].n == 8 * 3 and stats["first"].n == 8


def test_orders_and_points_by_transport() -> None:
    bot = "greedy" if "greedy" in FACTORIES else "random"  # greedy delivers plenty
    result = run_tournament([bot, "random"], players=2, games=2, seed=3, workers=1)
    assert result.delivered.shape == result.delivered_vp.shape == (2, 2, 4)
    assert np.array_equal(result.delivered_vp.sum(axis=2), result.orders)  # R-DELIVER-2
    assert (
        (result.delivered_vp >= 2 * result.delivered)
        & (result.delivered_vp <= 12 * result.delivered)
    ).all()  # orders are worth 2–12 VP
    if bot == "greedy":
        assert result.delivered[result.seat_bot == 0].sum() > 0
    table, points = result.by_transport(), result.points_by_category()
    for name in result.bots:
        rows = table[name]
        assert list(rows) == list(TRANSPORT_NAMES)
        assert sum(r.vp for r in rows.values()) == pytest.approx(points[name]["orders"])
        mask = result.seat_bot == result.bots.index(name)
        assert sum(r.orders for r in rows.values()) == pytest.approx(
            result.delivered[mask].sum() / mask.sum()
        )
        segments = result.segment_points(name).sum(axis=0)  # by segment, over the shifts
        assert [r.clock for r in rows.values()] == pytest.approx(segments[4:8].tolist())
    data = result.to_json()["transports"]
    assert list(data) == list(result.bots) and list(data[bot]) == list(TRANSPORT_NAMES)
    assert data[bot]["train"]["vp"] == round(table[bot]["train"].vp, 3)


def test_statistics_per_bot(test_bots: None) -> None:
    result = run_tournament(["first", "random"], players=3, games=6, seed=9, workers=1)
    assert result.stats.shape == (6, 3, len(STAT_KEYS))
    column = {key: result.stats[:, :, i] for i, key in enumerate(STAT_KEYS)}
    assert np.array_equal(column["points.total"], result.scores)
    assert np.array_equal(column["points.orders"], result.orders)
    assert np.array_equal(column["marks.end"] % 5, result.marks)
    assert np.array_equal(column["orders.delivered"], result.delivered.sum(axis=2))
    means, stats_by_bot = result.mean_stats(), result.score_stats()
    points, transports = result.points_by_category(), result.by_transport()
    for name in result.bots:
        mine = means[name]
        assert mine["points"]["total"] == pytest.approx(stats_by_bot[name].mean)
        assert [mine["points"][key] for key in CATEGORIES] == pytest.approx(
            [points[name][key] for key in CATEGORIES]
        )
        assert list(mine["delivered_by"].values()) == pytest.approx(
            [t.orders for t in transports[name].values()]
        )
        marks = mine["marks"]
        assert marks["start"] == START_MONEY[3]
        assert marks["start"] + marks["in"]["total"] - marks["out"]["total"] == pytest.approx(
            marks["end"]
        )
        assert [shift["workers"] for shift in mine["shifts"]] == [15.0, 15.0, 15.0]
        assert sum(mine["placements"].values()) == pytest.approx(
            sum(shift["placements"] for shift in mine["shifts"])
        )
        assert result.stat_means("mining.used")[name] == mine["mining"]["used"]
    assert means["first"] != means["random"]  # two ways of playing, two sets of numbers
    with pytest.raises(KeyError, match=r"no statistic 'marks.in' \(it has marks.in.money_spaces"):
        result.stat_means("marks.in")
    lines = result.play_table().splitlines()
    assert lines[0].split()[-2:] == ["first", "random"]
    mining = next(line for line in lines if line.startswith("turns: mining")).split()[-2:]
    assert mining == [f"{means[name]['placements']['mining']:.1f}" for name in result.bots]
    steps = next(line for line in lines if line.startswith("mining steps used / granted"))
    assert steps.endswith(
        f"{means['random']['mining']['used']:.1f} / {means['random']['mining']['granted']:.1f}"
    )
    assert result.play_table() in result.table()
    data = json.loads(json.dumps(result.to_json()))["stats"]
    assert list(data) == ["first", "random"]
    assert data["first"]["mining"]["granted"] == round(means["first"]["mining"]["granted"], 3)
    assert len(data["random"]["shifts"]) == 3


def test_transport_stats() -> None:
    stats = TransportStats(orders=2.0, vp=14.0, clock=4.0)
    assert stats.total == 18.0 and stats.per_order == 9.0
    assert TransportStats(0.0, 0.0, 3.0).per_order == 0.0  # nothing delivered


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


# --- bad input and failing bots --------------------------------------------------------------
def test_unknown_bots_and_bad_numbers_are_refused() -> None:
    with pytest.raises(UnknownBotError, match=r"unknown bot 'nobody' \(the bots: .*random"):
        run_tournament(["random", "nobody"], players=3, games=2, seed=1)
    with pytest.raises(ValueError, match=r"3 bots .* do not fit a 2-player game"):
        run_tournament(["random"] * 3, players=2, games=2, seed=1)
    with pytest.raises(ValueError, match="players must be one of 2, 3, 4"):
        run_tournament(["random"], players=5, games=2, seed=1)
    with pytest.raises(ValueError, match="games must be"):
        run_tournament(["random"], players=2, games=0, seed=1)
    with pytest.raises(ValueError, match="workers must be"):
        run_tournament(["random"], players=2, games=2, seed=1, workers=0)
    with pytest.raises(TypeError, match="a list of names"):
        run_tournament("random", players=2, games=2, seed=1)  # type: ignore[arg-type]


def test_a_failing_bot_is_named(test_bots: None) -> None:
    with pytest.raises(TournamentError, match=r"game 0 .*bot 'boom' at seat \d failed: "
                                              r"RuntimeError: boom"):  # fmt: skip
        run_tournament(["boom", "random"], players=2, games=2, seed=1, workers=1)
    with pytest.raises(TournamentError, match=r"bot 'stop' .* IllegalActionError"):
        run_tournament(["stop"], players=2, games=1, seed=1, workers=1)


def test_the_registry() -> None:
    assert bot_names()[0] == "random"
    assert isinstance(make_bot("random", 3), RandomBot)
    if "greedy" in FACTORIES:  # gluckauf.bots.greedy imports: registered
        assert make_bot("greedy", 1).name == "greedy"
    else:
        assert "gluckauf.bots.greedy" in UNAVAILABLE["greedy"]
        with pytest.raises(UnknownBotError, match="bot 'greedy' is not available"):
            make_bot("greedy", 1)
    with pytest.raises(ValueError, match="already a bot called 'random'"):
        register("random", RandomBot)


# --- the command line ------------------------------------------------------------------------
def call(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_json() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gluckauf", "tournament", "--bots", "random", "--players", "3",
         "--games", "6", "--seed", "2", "--workers", "2", "--json"],
        capture_output=True, text=True, encoding="utf-8", cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)  # exactly one JSON object
    assert data["games"] == 6 and data["players"] == 3 and data["seed"] == 2
    assert data["win_rate"] == {"random": 1.0} and data["seats"] == {"random": 3}
    assert data["stats"]["random"]["points"]["total"] == data["score"]["random"]["mean"]
    assert data["stats"]["random"]["shifts"][0]["workers"] == 15  # every worker, every shift
    for key in ("win_rate_ci95", "score", "points", "transports", "seat_counts",
                "win_share_by_seat", "seconds", "wall_seconds", "workers", "lineup"):  # fmt: skip
        assert key in data, key


def test_cli_table(test_bots: None) -> None:
    code, out, err = call("tournament", "--bots", "first,twin", "--players", "3", "--games",
                          "3", "--seed", "1", "--workers", "1")  # fmt: skip
    assert code == 0, err
    assert "line-up first, twin, twin" in out and "seed 1" in out
    for word in ("win rate", "95% interval", "per seat", "score (sd)", "orders", "shift 3",
                 "end", "wins by seat", "1 worker", "how they play", "turns: mining",
                 "Marks in / out", "mining steps used / granted"):  # fmt: skip
        assert word in out, word
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line[:5] in
            ("first", "twin ")}  # fmt: skip
    assert rows["first"][1] == "1" and rows["twin"][1] == "2"  # seats per game


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "nobody"], "gluckauf tournament: --bots: unknown bot 'nobody' (the bots:"),
        (["--bots", "random,,random"], "give bot names separated by commas"),
        (["--bots", "random,random,random,random"], "4 bots (random, random, random, random) "
                                                    "do not fit a 3-player game"),
        (["--bots", "random", "--games", "0"], "--games must be at least 1"),
        (["--bots", "random", "--games", "many"], "'many' is not a whole number"),
        (["--bots", "random", "--workers", "0"], "--workers must be at least 1"),
        (["--bots", "random", "--seed", "-1"], "the seed must be 0 or more"),
    ],
)  # fmt: skip
def test_cli_bad_input_exits_2(args: list[str], message: str) -> None:
    code, out, err = call("tournament", "--players", "3", *args)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_seeded_fits_the_bot_classes_constructor() -> None:
    class Positional:
        def __init__(self, seed: int | None = None) -> None:
            self.seed = seed

    class KeywordOnly:
        def __init__(self, *, seed: int = 0, depth: int = 2) -> None:
            self.seed = seed

    class Plain:
        def __init__(self) -> None:
            self.seed = None

    assert seeded(Positional)(5).seed == 5
    assert seeded(KeywordOnly)(6).seed == 6
    assert seeded(Plain)(7).seed is None


def test_in_the_browser_s_pyodide_a_tournament_plays_in_one_process(monkeypatch) -> None:
    """Pyodide cannot start processes: there the default is to play here."""
    import gluckauf.analysis.tournament as tournament

    def no_processes(*_args, **_kwargs):
        raise AssertionError("a process pool was started")

    monkeypatch.setattr(tournament.sys, "platform", "emscripten")
    monkeypatch.setattr(tournament, "ProcessPoolExecutor", no_processes)
    result = run_tournament(["random"], players=2, games=4, seed=3)
    assert result.workers == 1 and result.scores.shape == (4, 2)
