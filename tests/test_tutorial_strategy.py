"""Lesson 11 (the strategy lab): every check and plot of widgets/tutorial/strategy.py.

The checks' logic is tested on made-up tournament results (numpy arrays written here, so every
case — intervals apart or overlapping, any transport best — is certain), and once on real
tournaments of the kind the notebook runs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import nbformat
import numpy as np
import pytest

from gluckauf.analysis.stats import AREA_NAMES, STAT_KEYS
from gluckauf.analysis.tournament import TournamentResult, run_tournament
from gluckauf.bots.greedy import DEFAULT_WEIGHTS, GreedyBot
from gluckauf.bots.registry import FACTORIES, register
from gluckauf.core.components import SEGMENTS, SHIFTS, TRANSPORT_NAMES
from gluckauf.core.scoring import END_ITEMS
from widgets.tutorial import strategy as lesson

NOT_ANSWERED = "No answer yet"
WHEELBARROW, CARRIAGE, TRUCK, TRAIN = range(4)


def made(
    bots: tuple[str, str],
    games: int,
    wins_first: int,
    per_bot: dict[str, dict[str, object]] | None = None,
) -> TournamentResult:
    """A 2-player result: the first bot wins ``wins_first`` of ``games`` games; every game of a
    bot has the same points (``per_bot[name]``: orders, shifts (3, 12), end (4), delivered,
    delivered_vp (4 each)) and statistics (``"stats"``: {STAT_KEYS path: value})."""
    players = 2
    seat_bot = np.array([[(seat - game) % players for seat in range(players)]
                         for game in range(games)])  # fmt: skip
    arrays = {
        "orders": np.zeros((games, players), dtype=np.int64),
        "shifts": np.zeros((games, players, SHIFTS, SEGMENTS), dtype=np.int64),
        "end": np.zeros((games, players, len(END_ITEMS)), dtype=np.int64),
        "delivered": np.zeros((games, players, 4), dtype=np.int64),
        "delivered_vp": np.zeros((games, players, 4), dtype=np.int64),
        "stats": np.zeros((games, players, len(STAT_KEYS)), dtype=np.int64),
    }
    for b, name in enumerate(bots):
        for key, value in (per_bot or {}).get(name, {}).items():
            if key == "stats":
                for path, number in value.items():
                    arrays["stats"][seat_bot == b, STAT_KEYS.index(path)] = number
            else:
                arrays[key][seat_bot == b] = value
    wins = np.zeros((games, players))
    for game in range(games):
        winner = 0 if game < wins_first else 1
        wins[game, list(seat_bot[game]).index(winner)] = 1.0
    scores = arrays["orders"] + arrays["shifts"].sum(axis=(2, 3)) + arrays["end"].sum(axis=2)
    return TournamentResult(
        lineup=bots, bots=bots, players=players, games=games, seed=0, seat_bot=seat_bot,
        scores=scores, wins=wins, marks=np.zeros((games, players), dtype=np.int64),
        decisions=np.zeros(games, dtype=np.int64), seconds=np.zeros(games), wall_seconds=0.0,
        workers=1, **arrays,
    )  # fmt: skip


def clock(shift: int, segment: int, vp: int) -> np.ndarray:
    """A (3, 12) shift-clock array with ``vp`` in one shift (1–3) and segment (1–12)."""
    out = np.zeros((SHIFTS, SEGMENTS), dtype=np.int64)
    out[shift - 1, segment - 1] = vp
    return out


# --- predicting the win rate ---------------------------------------------------------------
STRONG = made(("greedy", "random"), games=10, wins_first=10)  # interval 72% – 100%
EVEN = made(("greedy", "random"), games=10, wins_first=5)  # interval 24% – 76%


@pytest.mark.parametrize(("answer", "result", "ok", "text"), [
    (0.9, STRONG, True, "Good prediction! greedy won 100% of the 10 games"),
    (1, STRONG, True, "the 95% interval runs from 72% to 100%, and your 100% is inside it"),
    (0.5, STRONG, False, "your 50% is below it. One look ahead beats moves made at random"),
    (0.9, EVEN, False, "your 90% is above it. Even a good bot loses some games"),
    (90, STRONG, False, "not in per cent: for 90% write 0.9"),
    (-0.2, STRONG, False, lesson.TEXT["want_share"]),
    ("a lot", STRONG, False, lesson.TEXT["want_share"]),
    (True, STRONG, False, lesson.TEXT["want_share"]),
])  # fmt: skip
def test_check_prediction(answer, result, ok, text):
    feedback = lesson.check_prediction(answer, result)
    assert feedback.ok is ok and text in feedback.message


def test_check_prediction_none():
    assert NOT_ANSWERED in lesson.check_prediction(None, STRONG).message
    assert lesson.check_prediction(None, STRONG).ok is None


# --- the biggest part of the score ---------------------------------------------------------
POINTS = made(("greedy", "random"), games=4, wins_first=4, per_bot={
    "greedy": {"orders": 50, "shifts": clock(3, 9, 80) + clock(1, 1, 10),
               "end": [4, 0, -1, -2]},
    "random": {"orders": 2, "end": [0, 5, -12, -4]},
})  # fmt: skip


@pytest.mark.parametrize(("answer", "ok", "text"), [
    ("shift III", True, "Right! Shift III brought greedy 80.0 VP per game"),
    ("Shift_3", True, "the empty carts (segments 9–12) pay 10–13 VP each"),
    ("shift iii", True, "R-SHIFT-1, R-SHIFT-3"),
    ("orders", False, "orders brought greedy 50.0 VP per game, but shift III brought more "
                      "(80.0)"),
    ("end: balance", False, "end: balance brought greedy -2.0 VP per game"),
    ("end balance", False, "end: balance brought greedy"),
    ("coal", False, 'Answer with one of the chart\'s labels in quotes: "orders", "shift I"'),
    (3, False, "Answer with one of the chart's labels"),
])  # fmt: skip
def test_check_top_category(answer, ok, text):
    feedback = lesson.check_top_category(answer, POINTS)
    assert feedback.ok is ok and text in feedback.message


def test_check_top_category_none_and_other_bots():
    assert lesson.check_top_category(None, POINTS).ok is None
    feedback = lesson.check_top_category("end: cubes", POINTS, bot="random")
    assert feedback.ok is True and feedback.message == (
        "Right! End: cubes brought random 5.0 VP per game, more than anything else."
    )


# --- the balance experiment ----------------------------------------------------------------
BALANCE = ("greedy", "greedy-nobalance")
OVERLAP = made(BALANCE, games=12, wins_first=7, per_bot={
    "greedy": {"end": [0, 0, 0, -1]}, "greedy-nobalance": {"end": [0, 0, 0, -3]},
})  # fmt: skip
CARELESS_AHEAD = made(BALANCE, games=20, wins_first=0)
CAREFUL_AHEAD = made(BALANCE, games=20, wins_first=20)


def test_balance_cost():
    assert lesson.balance_cost(OVERLAP) == (1.0, 3.0, 2.0)


@pytest.mark.parametrize(("answer", "ok", "text"), [
    (2, True, "cost greedy-nobalance 3.00 VP per game and greedy 1.00"),
    (2.05, True, "ignoring it costs about 2.0 VP per game"),
    (-2, False, "write the VP lost as a positive number (2.0), not -2"),
    (3, False, "That is all that the penalty cost greedy-nobalance"),
    (-3.0, False, "greedy paid some too (1.00 VP per game)"),
    (5, False, "greedy-nobalance lost 3.00 VP per game, greedy 1.00; the cost is the "
               "difference"),
    ("two", False, lesson.TEXT["want_number"]),
    (False, False, lesson.TEXT["want_number"]),
])  # fmt: skip
def test_check_balance_cost(answer, ok, text):
    feedback = lesson.check_balance_cost(answer, OVERLAP)
    assert feedback.ok is ok and text in feedback.message


def test_check_balance_cost_none():
    assert lesson.check_balance_cost(None, OVERLAP).ok is None


@pytest.mark.parametrize(("answer", "result", "ok", "text"), [
    ("B", OVERLAP, True, "greedy-nobalance won 42% and greedy 58%, but the 95% intervals"),
    (" b ", OVERLAP, True, "with 12 games, chance could explain the gap"),
    ("A", OVERLAP, False, "so these games do not show that it wins more"),
    ("C", OVERLAP, False, "so these games do not show that it wins less"),
    ("A", CARELESS_AHEAD, True, "greedy-nobalance's whole 95% interval (84%–100%) lies above "
                                "greedy's (0%–16%)"),
    ("B", CARELESS_AHEAD, False, "do not overlap, so greedy-nobalance is stronger here"),
    ("C", CAREFUL_AHEAD, True, "greedy's whole 95% interval"),
    ("A", CAREFUL_AHEAD, False, "so greedy is stronger here"),
    ("D", OVERLAP, False, lesson.TEXT["want_letter"]),
    (2, OVERLAP, False, lesson.TEXT["want_letter"]),
])  # fmt: skip
def test_check_balance(answer, result, ok, text):
    feedback = lesson.check_balance(answer, result)
    assert feedback.ok is ok and text in feedback.message


def test_check_balance_none():
    assert lesson.check_balance(None, OVERLAP).ok is None


# --- your own weights ----------------------------------------------------------------------
@pytest.mark.parametrize(("answer", "ok", "text"), [
    (replace(DEFAULT_WEIGHTS, balance=(0.5, 0.5, 0.5)), True,
     "counts the balance penalty at 0.5, 0.5, 0.5 in shifts I, II and III (greedy: 0.03, "
     "0.06, 0.2)"),
    (replace(DEFAULT_WEIGHTS, balance=(0.03, 0.06, 1)), True, "at 0.03, 0.06, 1 in shifts"),
    (DEFAULT_WEIGHTS, False, lesson.TEXT["weights_default"]),
    (replace(DEFAULT_WEIGHTS, balance=(0.0, 0.0, 0.0)), False,
     "worries less about balance than greedy in shift I (0 against 0.03)"),
    (replace(DEFAULT_WEIGHTS, balance=(0.5, 0.5, 0.1)), False, "in shift III (0.1 against 0.2)"),
    (replace(DEFAULT_WEIGHTS, balance=(0.5, 0.5, 0.5), worker=2.0), False,
     "You changed worker too"),
    (replace(DEFAULT_WEIGHTS, balance=(0.5, 0.5)), False, "balance needs three numbers"),
    (replace(DEFAULT_WEIGHTS, balance=(0.5, 0.5, 2.0)), False, "Yours is (0.5, 0.5, 2.0)"),
    (replace(DEFAULT_WEIGHTS, balance=0.5), False, "balance needs three numbers"),
    ({"balance": (0.5, 0.5, 0.5)}, False, "replace(DEFAULT_WEIGHTS, balance=(0.5, 0.5, 0.5)) "
                                          "— not dict"),
])  # fmt: skip
def test_check_weights(answer, ok, text):
    feedback = lesson.check_weights(answer)
    assert feedback.ok is ok and text in feedback.message


def test_check_weights_none():
    assert lesson.check_weights(None).ok is None


# --- the best transport --------------------------------------------------------------------
TRANSPORTS = made(BALANCE, games=4, wins_first=2, per_bot={
    "greedy": {"delivered": [2, 1, 1, 2], "delivered_vp": [10, 9, 7, 14],
               "shifts": clock(2, 8, 9) + clock(3, 8, 9) + clock(3, 6, 7),
               "orders": 40},
    "greedy-nobalance": {"delivered": [1, 0, 0, 0], "delivered_vp": [3, 0, 0, 0],
                         "orders": 3},
})  # fmt: skip


@pytest.mark.parametrize(("answer", "ok", "text"), [
    ("train", True, "Right! The train brought greedy 32.0 VP per game: 14.0 from 2.0 "
                    "delivered orders and 18.0 from segment 8"),
    ("The Train", True, "The train brought greedy 32.0 VP"),
    ("carriage", False, "the horse carriage brought greedy 16.0 VP per game (9.0 from orders "
                        "+ 7.0 from segment 6), but the train brought more: 32.0."),
    ("horse-carriage", False, "the horse carriage brought"),
    ("wheelbarrow", False, "(10.0 from orders + 0.0 from segment 5)"),
    ("bicycle", False, 'Answer with a transport in quotes: "wheelbarrow", "horse carriage", '
                       '"truck", "train".'),
    (None, None, NOT_ANSWERED),
    (7, False, "Answer with a transport in quotes"),
])  # fmt: skip
def test_check_best_transport(answer, ok, text):
    feedback = lesson.check_best_transport(answer, TRANSPORTS)
    assert feedback.ok is ok and text in feedback.message


# --- how the bots play --------------------------------------------------------------------------
PLAYING = made(("greedy", "random"), games=4, wins_first=4, per_bot={
    "greedy": {"stats": {"placements.mining": 9, "placements.tunnel": 6, "placements.bank": 1,
                         "marks.in.money_spaces": 30, "marks.out.total": 28,
                         "shifts.0.to_canteen": 1, "shifts.2.to_canteen": 2,
                         "mined.grey": 5, "mined.black": 2, "orders.drafted": 3,
                         "orders.taken": 4, "orders.delivered": 6}},
    "random": {"stats": {"placements.tunnel": 8, "placements.orders": 7, "placements.mining": 2,
                         "mining.granted": 16, "mining.used": 9}},
})  # fmt: skip


@pytest.mark.parametrize(("answer", "bot", "ok", "text"), [
    ("mining", "greedy", True, "Right! greedy took 9.0 turns per game on mining, more than on "
                               "any other area."),
    (" Mining ", "greedy", True, "on mining"),
    ("tunnel expansion", "greedy", False, "Not quite: greedy took 6.0 turns per game on tunnel "
                                          "expansion, but 9.0 on mining."),
    ("the bank building", "greedy", False, "1.0 turns per game on bank building"),
    ("tunnel", "random", True, "random took 8.0 turns per game on tunnel expansion"),
    ("new orders", "random", False, "7.0 turns per game on new orders, but 8.0 on tunnel"),
    ("orders", "random", False, "on new orders"),
    ("coal", "greedy", False, 'Answer with a work area in quotes, as the board names it: '
                              '"tunnel expansion", "mining", "delivery", "money", "new orders", '
                              '"bank building".'),
    (4, "greedy", False, "Answer with a work area in quotes"),
    (None, "greedy", None, NOT_ANSWERED),
])  # fmt: skip
def test_check_top_area(answer, bot, ok, text):
    feedback = lesson.check_top_area(answer, PLAYING, bot=bot)
    assert feedback.ok is ok and text in feedback.message


def test_stats_table():
    rows = {
        line.rsplit(None, 2)[0]: line.rsplit(None, 2)[1:]
        for line in lesson.stats_table(PLAYING).splitlines()
    }
    assert rows["per game"] == ["greedy", "random"]
    assert rows["turns on mining"] == ["9.0", "2.0"]
    assert rows["turns on new orders"] == ["0.0", "7.0"]
    assert rows["workers sent to the canteen"] == ["3.0", "0.0"]  # all shifts together
    assert rows["Marks in: money spaces"] == ["30.0", "0.0"]
    assert rows["Marks out: tiles"] == ["28.0", "0.0"]
    assert rows["mining steps granted"] == ["0.0", "16.0"]
    assert rows["mining steps used"] == ["0.0", "9.0"]
    assert rows["cubes mined"] == ["7.0", "0.0"]  # every colour together
    assert rows["orders taken (draft included)"] == ["7.0", "0.0"]
    assert rows["orders delivered"] == ["6.0", "0.0"]
    assert len(rows) == 1 + len(lesson.STAT_ROWS)
    assert [lesson.row_label(row) for row, _keys in lesson.STAT_ROWS[:6]] == [
        f"turns on {name}" for name in AREA_NAMES
    ]
    assert all(key in STAT_KEYS for _label, keys in lesson.STAT_ROWS for key in keys)


def test_tables():
    assert lesson.win_rate_lines(OVERLAP).splitlines() == [
        "greedy: won 58% of 12 games (95% interval 32% – 81%)",
        "greedy-nobalance: won 42% of 12 games (95% interval 19% – 68%)",
    ]
    rows = lesson.points_table(POINTS).splitlines()
    assert rows[0].split() == ["greedy", "random"]
    assert rows[1].split() == ["orders", "50.00", "2.00"]
    assert rows[-1].split() == ["total", "141.00", "-9.00"]
    assert len(rows) == 2 + len(lesson.CATEGORY_LABELS)
    lines = lesson.transport_table(TRANSPORTS).splitlines()
    assert lines[0].split() == [
        "greedy,",
        "per",
        "game",
        "orders",
        "delivered",
        "VP",
        "from",
        "them",
        "VP",
        "from",
        "its",
        "segment",
        "total",
    ]
    assert lines[4].split() == ["train", "(8)", "2.00", "14.00", "18.00", "32.00"]


# --- on real tournaments -------------------------------------------------------------------
@pytest.fixture(scope="module")
def careless() -> Iterator[None]:
    weights = replace(DEFAULT_WEIGHTS, balance=(0.0, 0.0, 0.0))
    added = lesson.CARELESS not in FACTORIES
    register(lesson.CARELESS, lambda seed: GreedyBot(seed, weights=weights), replace=True)
    yield
    if added:
        FACTORIES.pop(lesson.CARELESS)


@pytest.fixture(scope="module")
def first() -> TournamentResult:
    return run_tournament(["greedy", "random"], players=2, games=2, seed=1, workers=1)


@pytest.fixture(scope="module")
def balance(careless: None) -> TournamentResult:
    return run_tournament([lesson.CAREFUL, lesson.CARELESS], players=2, games=2, seed=2,
                          workers=1)  # fmt: skip


def test_the_checks_on_real_results(first: TournamentResult, balance: TournamentResult) -> None:
    rate = first.win_rate()["greedy"]
    assert lesson.check_prediction(rate.rate, first).ok is True
    points = first.points_by_category()["greedy"]
    best = max(points, key=points.get)
    assert lesson.check_top_category(best, first).ok is True
    assert lesson.check_top_category(lesson.CATEGORY_LABELS[best], first).ok is True
    cost = lesson.balance_cost(balance)[2]
    assert lesson.check_balance_cost(round(cost, 2), balance).ok is True
    assert lesson.check_balance("B", balance).ok is True  # two games tell nothing
    table = balance.by_transport()["greedy"]
    top = max(TRANSPORT_NAMES, key=lambda name: table[name].total)
    assert lesson.check_best_transport(top, balance).ok is True
    others = [name for name in TRANSPORT_NAMES if table[name].total < table[top].total]
    assert all(lesson.check_best_transport(name, balance).ok is False for name in others)
    for bot in first.bots:
        turns = lesson.turns_by_area(first, bot)
        assert sum(turns) > 0
        ranked = sorted(range(len(AREA_NAMES)), key=lambda a: -turns[a])
        assert lesson.check_top_area(AREA_NAMES[ranked[0]], first, bot).ok is True
        if turns[ranked[-1]] < turns[ranked[0]]:
            assert lesson.check_top_area(AREA_NAMES[ranked[-1]], first, bot).ok is False


def test_the_plots(first: TournamentResult, balance: TournamentResult) -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    try:
        ax = lesson.plot_win_rates(first)
        assert ax.get_title() == "Win rate with its 95% interval (2 games)"
        assert [t.get_text() for t in ax.get_yticklabels()] == ["greedy", "random"]
        ax = lesson.plot_scores(first)
        assert sum(len(c.get_offsets()) for c in ax.collections) == 2 * 2  # a dot per seat
        ax = lesson.plot_points(balance)
        assert len(ax.patches) == 2 * len(lesson.CATEGORY_LABELS)
        ax = lesson.plot_segments(balance)
        assert [t.get_text() for t in ax.get_yticklabels()] == list(lesson.SEGMENT_LABELS)
        assert lesson.SEGMENT_LABELS[4] == "5 wheelbarrow" and lesson.SEGMENT_LABELS[5] == (
            "6 carriage")  # fmt: skip
        ax = lesson.plot_transports(balance)
        assert len(ax.patches) == 2 * 2 * 4  # orders and segment, per bot and transport
        ax = lesson.plot_turns(first)
        assert [t.get_text() for t in ax.get_yticklabels()] == list(AREA_NAMES)
        assert len(ax.patches) == 2 * len(AREA_NAMES)
        widths = [bar.get_width() for bar in ax.patches]
        assert widths == pytest.approx(
            [*lesson.turns_by_area(first, "greedy"), *lesson.turns_by_area(first, "random")]
        )
        _figure, axes = plt.subplots(1, 2)
        assert lesson.plot_win_rates(first, ax=axes[0]) is axes[0]  # draws where it is told
    finally:
        plt.close("all")


# --- what the notebook says about its own results ------------------------------------------------
def notebook_cells() -> list:
    path = Path(__file__).resolve().parent.parent / "notebooks" / "11_strategy_lab.ipynb"
    return nbformat.read(path, as_version=4).cells


def stored_output(cells: list, call: str) -> str:
    """The stored text output of the checked cell that prints ``call`` (nbval compares it with
    a fresh run, so it is what the cell prints)."""
    (cell,) = [c for c in cells if c.cell_type == "code" and f"print({call})" in c.source]
    assert "NBVAL_CHECK_OUTPUT" in cell.source
    return "".join(o.get("text", "") for o in cell.outputs)


def said(cells: list, phrase: str) -> str:
    (text,) = [c.source for c in cells if c.cell_type == "markdown" and phrase in c.source]
    return text


def test_what_the_lesson_says_about_its_tournaments() -> None:
    cells = notebook_cells()
    first = stored_output(cells, "lesson.win_rate_lines(first)").splitlines()[0]
    rate, low = re.search(r"greedy: won (\d+)% of 10 games \(95% interval (\d+)%", first).groups()
    said(cells, "Greedy won every game — yet its interval starts near 70%.")
    assert rate == "100" and 65 <= int(low) <= 75

    table = {
        line.rsplit(None, 2)[0]: [float(x) for x in line.rsplit(None, 2)[1:]]
        for line in stored_output(cells, "lesson.points_table(balance)").splitlines()[1:]
    }
    careful, careless = table["end: balance"]
    said(cells, "about **1 VP per game**")
    assert round(careful - careless) == 1
    said(cells, "the total scores differ by more than the balance penalty")
    assert table["total"][0] - table["total"][1] > careful - careless

    rows = {}
    for line in stored_output(cells, "lesson.transport_table(balance)").splitlines()[1:]:
        name, numbers = re.match(r"(\D+) \(\d\)\s+(.*)", line).groups()
        rows[name] = [float(x) for x in numbers.split()]
    text = said(cells, '**"horse carriage"** in these games')
    assert max(rows, key=lambda n: rows[n][3]) == "horse carriage"
    assert (
        "The train, for one, brought the least from its orders here, but\nnearly the most "
        "from the clock" in text
    )
    assert min(rows, key=lambda n: rows[n][1]) == "train"
    assert sorted(rows, key=lambda n: -rows[n][2])[1] == "train"

    overlap = stored_output(cells, "lesson.win_rate_lines(balance)")
    lows_highs = [tuple(map(int, m)) for m in re.findall(r"interval (\d+)% – (\d+)%", overlap)]
    said(cells, "**B**: greedy won more of these games, but the intervals overlap")
    (a_low, a_high), (b_low, b_high) = lows_highs
    assert a_low <= b_high and b_low <= a_high


@pytest.fixture(scope="module")
def lesson_first() -> TournamentResult:
    """The lesson's first tournament, as its cell runs it."""
    return run_tournament(["greedy", "random"], players=2, games=10, seed=1, workers=1)


def test_random_scores_mostly_below_zero(lesson_first: TournamentResult) -> None:
    """ "Random's scores are mostly below zero" — in the lesson's own first tournament."""
    said(notebook_cells(), "Random's scores are mostly below zero")
    first = lesson_first
    scores = first.scores[first.seat_bot == 1]
    assert (scores < 0).sum() > len(scores) / 2
    assert first.win_rate()["greedy"].rate == 1.0


def test_mcts_rounds_per_placement() -> None:
    """The lesson says how many rounds mcts plays in its head per placement by default."""
    from gluckauf.bots.mcts import DEFAULT_ITERATIONS, MCTSBot

    said(
        notebook_cells(),
        f"mcts plays {DEFAULT_ITERATIONS} rounds in its head per placement (its default)",
    )
    assert MCTSBot(seed=1).iterations == DEFAULT_ITERATIONS


def test_what_the_lesson_says_about_how_the_bots_play(lesson_first: TournamentResult) -> None:
    cells = notebook_cells()
    table = {
        line.rsplit(None, 2)[0]: [float(x) for x in line.rsplit(None, 2)[1:]]
        for line in stored_output(cells, "lesson.stats_table(first)").splitlines()[1:]
    }
    turns = {
        label.removeprefix("turns on "): values
        for label, values in table.items()
        if label.startswith("turns on ")
    }
    assert list(turns) == list(AREA_NAMES)
    greedy = sorted(turns, key=lambda area: -turns[area][0])
    random = sorted(turns, key=lambda area: -turns[area][1])
    said(cells, '**"money"**: about 9 turns per game, a little more than on tunnel expansion.')
    assert greedy[:2] == ["money", "tunnel expansion"] and round(turns["money"][0]) == 9
    said(
        cells,
        "Random spreads its turns over the areas with the most spaces: tunnel\n"
        "expansion and new orders.",
    )
    assert set(random[:2]) == {"tunnel expansion", "new orders"}
    said(cells, "Random uses less than half of the mining steps it gets")
    assert table["mining steps used"][1] < table["mining steps granted"][1] / 2
    said(cells, "It takes many orders but mines only a few cubes, so it delivers\nalmost none")
    assert table["orders taken (draft included)"][1] > table["orders taken (draft included)"][0]
    assert table["cubes mined"][1] < table["cubes mined"][0] / 4
    assert table["orders delivered"][1] < 1
    # the numbers are the ones the tournament of the lesson gives
    stored = stored_output(cells, "lesson.stats_table(first)")
    assert lesson.stats_table(lesson_first) == stored.rstrip()
    assert lesson.check_top_area("money", lesson_first).ok is True


# --- the answer controls (issue 25) ------------------------------------------------------
from helpers import click_answer, feedback_seen, type_answer  # noqa: E402

from widgets.tutorial.ask import TEXT as ASK  # noqa: E402  (the number boxes' words)

seen, click, typed = feedback_seen, click_answer, type_answer


def test_the_prediction_box_saves_first_and_checks_after_the_tournament():
    prediction = lesson.prediction_question()
    assert prediction.button.description == "Save my prediction"
    assert typed(prediction, "").ok is None and "No answer yet" in seen(prediction)
    assert typed(prediction, "lots").ok is False
    assert seen(prediction) == "✘ “lots” is not a whole number: type it in digits, such as 3."
    assert typed(prediction, "160").ok is False
    assert seen(prediction) == f"✘ {lesson.TEXT.say('percent_range', number=160)}"
    assert typed(prediction, "-5").ok is False and prediction.value is None
    assert typed(prediction, "60").ok is None  # saved, not judged: the games are not played yet
    assert prediction.value == 0.6
    assert seen(prediction).startswith("… Saved: greedy wins 60% of the games.")
    assert typed(prediction, "95").ok is None and prediction.value == 0.95
    # the cell after the tournament: checked there and in the box
    feedback = prediction.reveal(STRONG)
    assert feedback.ok is True and "your 95% is inside it" in feedback.message
    assert seen(prediction) == f"✔ {feedback.message}"
    assert typed(prediction, "50").ok is False  # from now on the box checks at once
    assert "your 50% is below it" in seen(prediction)
    assert typed(prediction, "90").ok is True
    assert lesson.prediction_question().reveal(EVEN).ok is None  # nothing saved: words, no error
    unsaved = lesson.prediction_question()
    assert str(unsaved.reveal(EVEN)) == f"… {lesson.TEXT['no_prediction']}"
    assert typed(unsaved, "90").ok is False and "your 90% is above it" in seen(unsaved)


@pytest.mark.parametrize(
    ("text", "value"), [("2.5", 2.5), (" 2,5 ", 2.5), ("\u22122", -2.0), ("3", 3.0)]
)
def test_read_decimal(text, value):
    assert lesson.read_decimal(text) == value


@pytest.mark.parametrize("text", ["two", "1.2.3", "nan", "inf", "2 VP"])
def test_read_decimal_refuses_what_is_not_a_number(text):
    feedback = lesson.read_decimal(text)
    assert feedback.ok is False and feedback.message == ASK.say("not_a_decimal", text=text)


def test_the_balance_cost_box():
    question = lesson.balance_cost_question(OVERLAP)
    assert typed(question, "2,0").ok is True
    assert seen(question).startswith("✔ Right! The balance penalty (R-END-4) cost")
    assert typed(question, "-2").ok is False and "as a positive number" in seen(question)
    assert typed(question, "3").ok is False and "That is all that the penalty" in seen(question)
    assert typed(question, "5").ok is False and "the cost is the difference" in seen(question)
    assert typed(question, "").ok is None
    assert seen(question) == f"… {ASK['empty_decimal']}"
    assert typed(question, "two").ok is False
    assert seen(question) == "✘ “two” is not a number: type it in digits, such as 2.5."


def test_the_top_category_buttons():
    question = lesson.top_category_question(POINTS)
    assert [b.description for b in question.buttons] == list(lesson.CATEGORY_LABELS.values())
    assert click(question, "shift III").ok is True
    assert seen(question).startswith("✔ Right! Shift III brought greedy 80.0 VP per game")
    assert click(question, "orders").ok is False and "but shift III brought more" in seen(question)
    assert click(question, "end: balance").ok is False
    for label in lesson.CATEGORY_LABELS.values():  # every button is a label the check reads
        assert question.answer(label).ok is not None
    assert question.answer(None).ok is None  # what no button sends: words, no traceback
    assert question.answer(3).ok is False


def test_the_top_area_buttons():
    question = lesson.top_area_question(PLAYING)
    assert [b.description for b in question.buttons] == list(AREA_NAMES)
    assert click(question, "mining").ok is True
    assert click(question, "tunnel expansion").ok is False
    assert "but 9.0 on mining" in seen(question)
    for area in AREA_NAMES:
        assert question.answer(area).ok is not None
    assert question.answer(None).ok is None and question.answer("coal").ok is False


def test_the_balance_buttons():
    question = lesson.balance_question(OVERLAP)
    assert [b.description for b in question.buttons] == [
        "A — greedy-nobalance wins clearly more games",
        "B — the intervals overlap: these games cannot tell",
        "C — greedy-nobalance wins clearly fewer games",
    ]
    assert click(question, question.buttons[1].description).ok is True
    assert click(question, question.buttons[0].description).ok is False
    assert "do not show that it wins more" in seen(question)
    assert click(question, question.buttons[2].description).ok is False
    assert lesson.balance_question(CARELESS_AHEAD).choose("A").ok is True
    assert question.answer(None).ok is None and question.answer("D").ok is False


def test_the_best_transport_buttons():
    question = lesson.best_transport_question(TRANSPORTS)
    assert [b.description for b in question.buttons] == list(TRANSPORT_NAMES)
    assert click(question, "train").ok is True
    assert click(question, "horse carriage").ok is False
    assert "but the train brought more: 32.0." in seen(question)
    assert question.answer(None).ok is None and question.answer(7).ok is False


def test_the_weight_sliders():
    question = lesson.weights_question()
    assert [s.value for s in question.sliders] == list(DEFAULT_WEIGHTS.balance)
    assert [s.description for s in question.sliders] == [
        "balance, shift I",
        "balance, shift II",
        "balance, shift III",
    ]
    question.button.click()  # not moved: greedy's own weights
    assert question.result.ok is False and question.weights is None
    assert seen(question) == f"✘ {lesson.TEXT['weights_default']}"
    question.sliders[0].value = 0.0  # less than greedy
    question.button.click()
    assert question.result.ok is False and "in shift I (0 against 0.03)" in seen(question)
    question.sliders[0].value = 0.5
    assert seen(question) == ""  # moving a slider clears the last verdict
    question.button.click()
    assert question.result.ok is True and "at 0.5, 0.06, 0.2 in shifts" in seen(question)
    assert question.weights == replace(DEFAULT_WEIGHTS, balance=(0.5, 0.06, 0.2))
    question.sliders[2].value = 0.1  # moved again: not checked any more
    assert question.weights is None


def test_the_weights_written_in_python():
    question = lesson.weights_question()
    assert question.use(None).ok is None and question.weights is None
    assert question.use(3).ok is False  # not weights: words, no traceback
    assert "— not int" in seen(question)
    assert question.use(replace(DEFAULT_WEIGHTS, balance=(0.5, 0.5, 0.5), worker=2.0)).ok is False
    assert question.weights is None
    mine = replace(DEFAULT_WEIGHTS, balance=(0.5, 0.5, 0.5))
    assert question.use(mine).ok is True
    assert question.weights == mine and [s.value for s in question.sliders] == [0.5, 0.5, 0.5]
    assert seen(question).startswith("✔ Right! Your bot counts the balance penalty at 0.5")


EXERCISES = {  # control cell → (its call, the folded Python cells after the note)
    "3ae986dc": ("prediction = lesson.prediction_question()\nprediction", []),
    "7c21e8c3": ("# NBVAL_CHECK_OUTPUT\nprint(prediction.reveal(first))", ["7c21e8c3-python"]),
    "2c5b36a9": ("lesson.top_category_question(first)", ["2c5b36a9-python"]),
    "stats-check": ("lesson.top_area_question(first)", ["stats-check-python"]),
    "1830d59b": ("lesson.balance_cost_question(balance)", ["1830d59b-python"]),
    "58fbb53e": ("lesson.balance_question(balance)", ["58fbb53e-python"]),
    "fb367e6d": ("my_bot = lesson.weights_question()\nmy_bot", ["fb367e6d-python"]),
    "e02e5a74": ("lesson.best_transport_question(balance)", ["e02e5a74-python"]),
}


def test_lesson_11_answers_with_controls_and_folds_the_python():
    """Every exercise of lesson 11 is a control; the Python answers follow a "for the curious"
    note, folded; no cell of the main path has an answer to write in."""
    from helpers import CURIOUS, check_exercise_cells, lesson_cells

    cells, ids = lesson_cells("11_strategy_lab.ipynb", "en")
    folded_ids = check_exercise_cells(
        cells, ids, [(c, call, py) for c, (call, py) in EXERCISES.items()], CURIOUS["en"]
    )
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and cell["id"] not in folded_ids:
            assert "= None" not in source and "replace None" not in source, cell["id"]
        if cell["cell_type"] == "markdown" and CURIOUS["en"] not in source:
            main = re.sub(r"<details>.*?</details>", "", source, flags=re.S)
            assert "answer =" not in main and "my_weights =" not in main, cell["id"]
    # the play cell runs the weights the sliders (or the Python cell) checked
    play = "".join(cells[ids.index("3983761c")]["source"])
    assert play.startswith("my_weights = my_bot.weights") and "weights_first" in play
    # the hint names the numbers the sliders start at: greedy's own
    hint = "".join(cells[ids.index("ded4f2cc")]["source"])
    a, b, c = (f"{x:g}" for x in DEFAULT_WEIGHTS.balance)
    assert f"The sliders start at greedy's own numbers: {a}, {b} and {c}." in hint


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_the_lab_speaks_the_learners_language(lang):
    """Issue 29: buttons, tables and feedback in German and Hungarian — and the checks take the
    buttons' answers in any language."""
    from gluckauf.text.i18n import language

    english = {
        "buttons": [b.description for b in lesson.best_transport_question(TRANSPORTS).buttons],
        "areas": [b.description for b in lesson.top_area_question(PLAYING).buttons],
        "categories": [b.description for b in lesson.top_category_question(POINTS).buttons],
        "tables": lesson.points_table(POINTS)
        + lesson.stats_table(PLAYING)
        + lesson.transport_table(TRANSPORTS)
        + lesson.win_rate_lines(POINTS),
    }
    with language(lang):
        transports = lesson.best_transport_question(TRANSPORTS)
        areas = lesson.top_area_question(PLAYING)
        categories = lesson.top_category_question(POINTS)
        shown = {
            "buttons": [b.description for b in transports.buttons],
            "areas": [b.description for b in areas.buttons],
            "categories": [b.description for b in categories.buttons],
            "tables": lesson.points_table(POINTS)
            + lesson.stats_table(PLAYING)
            + lesson.transport_table(TRANSPORTS)
            + lesson.win_rate_lines(POINTS),
        }
        for key in ("buttons", "areas", "categories"):
            assert not set(shown[key]) & set(english[key]) - {"Bank", "bank"}, (key, shown[key])
        words = set(re.findall(r"[a-z]+", shown["tables"]))
        assert not words & {
            "per",
            "game",
            "games",
            "total",
            "orders",
            "delivered",
            "turns",
            "won",
            "interval",
            "mined",
            "bought",
        }, shown["tables"]
        # a button's answer is understood, whatever the language
        assert click_answer(transports, shown["buttons"][3]).ok is True  # the train
        assert "Right" not in seen(transports) and "train" not in seen(transports)
        assert click_answer(categories, shown["categories"][0]).ok is not None
        assert click_answer(areas, shown["areas"][1]).ok is not None
