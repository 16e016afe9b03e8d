"""The coach (issue 11, part 2): gluckauf.analysis.gamereview and 'gluckauf review FILE'.

Golden records in tests/data, made by tests/data/make_review_records.py (real games of bots):
a random bot against a greedy bot (2 players, a whole game) and three greedy bots (saved in
shift II). The review must agree with the bots that played: a greedy seat's placements are
the greedy bot's first choices, never flagged; a random seat gets big misses."""

from __future__ import annotations

import copy
import io
import json
import time
from functools import cache
from pathlib import Path

import pytest
from data.make_review_records import play

from gluckauf import FormatError, GameError, new_game, replay
from gluckauf.analysis.gamereview import (
    BIG_MISS_VP,
    CATEGORIES,
    GameReview,
    ReviewError,
    analyse_deeper,
    category_label,
    review,
    reviewed_seats,
    sample_game,
)
from gluckauf.cli import main
from gluckauf.core.components import ORDERS
from gluckauf.files.records import load_record
from gluckauf.text.messages import capital

DATA = Path(__file__).parent / "data"
RANDOM_GREEDY = DATA / "review_2p_random_greedy.json"  # seat 0 random, seat 1 greedy
GREEDY_3P = DATA / "review_3p_greedy.json"  # three greedy bots, stopped in shift II
RANDOM, GREEDY = 0, 1


@cache
def reviewed(path: Path, seats: tuple[int, ...] | None = None) -> GameReview:
    return review(path, seats=seats)


def call(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# --- the golden records ---------------------------------------------------------------------
def test_the_golden_records_are_the_bot_games_they_say() -> None:
    for path in (RANDOM_GREEDY, GREEDY_3P, sample_game()):
        record = load_record(path)
        assert len(record["options"]["seats"]) == record["players"]
    assert load_record(RANDOM_GREEDY)["options"]["seats"] == ["random", "greedy"]
    assert replay(load_record(RANDOM_GREEDY)).is_over
    assert not replay(load_record(GREEDY_3P)).is_over


# --- rankings --------------------------------------------------------------------------------
@cache
def greedy_game() -> dict:
    """A game played now by the greedy bot against itself (3 players, stopped after 45
    placements): the review ranks with the same bot, so its moves must come first (a golden
    file would go stale whenever the bot changes)."""
    return play(["greedy", "greedy", "greedy"], 3, placements=45)


def test_a_greedy_seat_plays_the_first_choice_and_is_never_flagged() -> None:
    found = review(greedy_game())
    assert found.seats == (0, 1, 2)  # the record names no human seat: every seat
    assert {d.seat for d in found.decisions} == {0, 1, 2} and len(found.decisions) == 45
    for decision in found.decisions:
        assert decision.played.rank == 1
        assert decision.lost < 0.05 and not decision.big_miss
        assert decision.verdict.startswith("Good choice")
    assert found.misses == [] and found.biggest_miss is None
    assert "no big misses" in found.summary()


def test_a_random_seat_gets_big_misses_with_plain_verdicts() -> None:
    found = reviewed(RANDOM_GREEDY, (RANDOM,))
    misses = found.misses
    assert len(misses) >= 5
    assert [d.lost for d in misses] == sorted((d.lost for d in misses), reverse=True)
    assert found.biggest_miss is misses[0]
    for decision in misses:
        assert decision.lost >= BIG_MISS_VP and decision.played.rank > 1
        verdict = decision.verdict
        assert verdict.startswith(f"Big miss: you chose to {decision.played.words}; ")
        assert f"the greedy bot would rather {decision.best.words}" in verdict
        assert f"about {decision.lost:.0f} VP more by its estimate." in verdict
    assert f"{len(misses)} big misses" in found.summary()
    small = [d for d in found.decisions if 0.05 <= d.lost < BIG_MISS_VP]
    assert all(d.verdict.startswith("A fair choice") for d in small)


def test_the_ranking_holds_every_legal_placement_best_first() -> None:
    for decision in reviewed(RANDOM_GREEDY, (RANDOM,)).decisions:
        alternatives = decision.alternatives
        assert {a.action for a in alternatives} == set(decision.state.legal_actions())
        values = [a.value for a in alternatives]
        assert values == sorted(values, reverse=True)
        assert [a.rank for a in alternatives] == sorted(a.rank for a in alternatives)
        assert alternatives[0].rank == 1 and decision.played in alternatives
        better = [a for a in alternatives if a.value > decision.played.value + 0.05]
        assert decision.played.rank == len(better) + 1
        assert decision.lost == pytest.approx(max(0.0, values[0] - decision.played.value))
        table = decision.table(3)
        assert table[:3] == list(alternatives[:3]) and decision.played in table


def test_the_position_of_a_decision_is_the_one_before_the_move() -> None:
    record = load_record(RANDOM_GREEDY)
    for decision in reviewed(RANDOM_GREEDY, (RANDOM,)).decisions[:8]:
        assert str(decision.played.action) == record["actions"][decision.number - 1]
        assert decision.state.current == decision.seat and decision.state.phase == "place"
        assert decision.name == record["names"][decision.seat]


def test_what_an_alternative_does_is_true() -> None:
    """'delivers … for N VP', 'gives you N Marks (T in all)', 'adds … to the light/dark side':
    played on a copy, the position after the move says the same."""
    checked = set()
    decisions = [
        *reviewed(RANDOM_GREEDY, (RANDOM,)).decisions,
        *review(greedy_game(), seats=[0]).decisions,
    ]
    for decision in decisions:
        me = decision.seat
        for alternative in decision.alternatives:
            after = decision.state.copy(history=False)
            after.apply(alternative.action)
            effect = alternative.effect
            if effect.startswith("delivers "):
                cards = after.delivered[me][len(decision.state.delivered[me]) :]
                vp = sum(ORDERS[card].vp for card in cards)
                assert effect.endswith(f" for {vp} VP") and vp > 0
                scored = after.ledger[me][len(decision.state.ledger[me]) :]
                assert sum(points for kind, points, _ in scored if kind == "order") == vp
                checked.add("deliver")
            elif effect.startswith("gives you "):
                assert effect.endswith(f"({after.money[me]} in all)")
                checked.add("money")
            elif effect.startswith("adds "):
                assert len(after.tiles[me]) == len(decision.state.tiles[me]) + 1
                checked.add("tile")
            elif effect.startswith("then you hold "):
                assert effect.startswith(f"then you hold {len(after.outstanding[me])} order")
                checked.add("order")
    assert checked == {"deliver", "money", "tile", "order"}


def test_mining_alternatives_say_what_the_plan_reaches() -> None:
    effects = [
        a.effect
        for d in review(greedy_game(), seats=[1]).decisions
        for a in d.alternatives
        if a.notation.startswith("place M")
    ]
    assert any(e.startswith("its best mining steps complete the ") for e in effects)
    assert all(e.startswith(("its best mining steps", "there is little to mine")) for e in effects)


# --- scores over time and points by category --------------------------------------------------
def test_the_score_series_ends_at_the_result() -> None:
    record = load_record(RANDOM_GREEDY)
    found = reviewed(RANDOM_GREEDY, (GREEDY,))
    assert found.scores.shape == (len(record["actions"]) + 1, record["players"])
    assert found.scores[0].tolist() == [0, 0]
    assert found.scores[-1].tolist() == record["result"]["scores"] == found.result.scores
    assert len(found.shift_ends) == 3 and found.shift_ends[-1] == len(record["actions"])


def test_an_unfinished_game_ends_at_its_scores_so_far() -> None:
    found = reviewed(GREEDY_3P)
    state = replay(load_record(GREEDY_3P))
    assert found.scores[-1].tolist() == state.score
    assert len(found.shift_ends) == state.shift - 1 >= 1
    assert not found.result.over


@pytest.mark.parametrize("path", [RANDOM_GREEDY, GREEDY_3P], ids=lambda p: p.name)
def test_categories_add_up_to_the_score(path: Path) -> None:
    found = reviewed(path, (0,))
    for row, points in zip(found.result.players, found.categories(), strict=True):
        assert list(points) == list(CATEGORIES)
        assert sum(points.values()) == row.score
        assert points["orders"] == row.orders
        assert [points[f"shift_{s}"] for s in (1, 2, 3)] == [sum(s) for s in row.shifts]
    assert [category_label(key) for key in CATEGORIES[:4]] == [
        "orders",
        "shift I",
        "shift II",
        "shift III",
    ]


# --- whose decisions ------------------------------------------------------------------------
def test_the_records_human_seats_are_reviewed() -> None:
    record = load_record(RANDOM_GREEDY)
    record["options"]["seats"] = ["greedy", "human"]
    found = review(record)
    assert found.seats == (1,)
    assert [d.number for d in found.decisions] == [
        d.number for d in reviewed(RANDOM_GREEDY, (GREEDY,)).decisions
    ]
    assert all(d.seat == GREEDY for d in found.decisions)


@pytest.mark.parametrize(("seats", "options", "expected"), [
    (None, {"seats": ["human", "random", "human"]}, (0, 2)),
    (None, {"seats": ["greedy", "random", "mcts"]}, (0, 1, 2)),
    (None, {}, (0, 1, 2)),
    ([1], {"seats": ["human", "random", "human"]}, (1,)),
    (["péter", " Zsófi "], {}, (1, 2)),
    (["2", 0, 2], {}, (0, 2)),
])  # fmt: skip
def test_reviewed_seats(seats: list | None, options: dict, expected: tuple) -> None:
    record = {"names": ["Gábor", "Zsófi", "Péter"], "options": options}
    assert reviewed_seats(record, seats) == expected


@pytest.mark.parametrize("seat", [3, -1, "Anna", True, 1.0])
def test_an_unknown_seat_is_refused(seat: object) -> None:
    record = {"names": ["Gábor", "Zsófi", "Péter"], "options": {}}
    with pytest.raises(
        ReviewError,
        match=r"there is no player .* the players are 0 \(Gábor\), "
        r"1 \(Zsófi\), 2 \(Péter\)",
    ) as caught:
        reviewed_seats(record, [seat])
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, GameError)


def test_seat_kinds_of_the_wrong_shape_are_refused() -> None:
    record = {"names": ["Gábor", "Zsófi"], "options": {"seats": "human"}}
    with pytest.raises(FormatError, match=r"options\.seats: a record gives one seat kind"):
        reviewed_seats(record)


# --- what it reviews: a dict, a file, a state --------------------------------------------------
def test_a_record_a_file_and_a_state_give_the_same_review() -> None:
    record = load_record(GREEDY_3P)
    state = replay(record)
    by_file = reviewed(GREEDY_3P, (0,))
    for other in (review(record, seats=[0]), review(state, seats=[0])):
        assert [(d.number, d.played.action, d.played.rank) for d in other.decisions] == [
            (d.number, d.played.action, d.played.rank) for d in by_file.decisions
        ]
        assert (other.scores == by_file.scores).all()


def test_progress_is_reported_after_each_placement() -> None:
    seen: list[tuple[int, int]] = []
    found = review(GREEDY_3P, seats=[2], progress=lambda done, total: seen.append((done, total)))
    n = len(found.decisions)
    assert seen == [(k, n) for k in range(1, n + 1)]


def test_a_game_without_placements_yet_says_so() -> None:
    found = review(new_game(2, 1), seats=[0])
    assert (
        found.decisions == () and found.summary() == "Review of Gábor: no placements to review yet."
    )


BAD = [
    ("{not json", "is not valid JSON"),
    ('{"format": "gluckauf-record", "version": 1, "players": 5, "names": ["a", "b"], '
     '"seed": 1, "actions": []}', "players: 5 is greater than the maximum of 4"),
    ('{"format": "gluckauf-record", "version": 1, "players": 2, "names": ["a", "b"], '
     '"seed": 1, "actions": ["place F9"]}', "action 1 ('place F9'):"),
    ("[1, 2]", "a game record is a JSON object"),
    ('{"format": "gluckauf-position"}', "this is a position file, not a game record"),
]  # fmt: skip


@pytest.mark.parametrize(("content", "message"), BAD)
def test_a_bad_file_is_refused_as_replay_refuses_it(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        review(path)
    assert str(caught.value).startswith(str(path)) and message in str(caught.value)
    assert call("replay", str(path))[2] == call("review", str(path))[2].replace(
        "gluckauf review:", "gluckauf replay:"
    )


def test_a_stored_result_that_disagrees_is_refused() -> None:
    record = copy.deepcopy(load_record(RANDOM_GREEDY))
    record["result"]["scores"] = [1, 2]
    with pytest.raises(FormatError, match=r"result.scores: the record says \[1, 2\]"):
        review(record)


# --- the deeper look (MCTS) -------------------------------------------------------------------
def test_the_searching_bot_keeps_to_its_time_budget() -> None:
    decision = reviewed(RANDOM_GREEDY, (RANDOM,)).misses[0]
    started = time.perf_counter()
    found = analyse_deeper(decision, 0.5)
    elapsed = time.perf_counter() - started
    assert elapsed < 0.5 + 1.0  # the budget, and at most one round and the first look over it
    assert found.rounds >= 1 and found.number == decision.number
    assert sum(move.visits for move in found.moves) == found.rounds
    assert {move.action for move in found.moves} == set(decision.state.legal_actions())
    assert found.played.action == decision.played.action
    text = str(found)
    assert text.startswith("mcts played the game on in its head ")
    assert f"Its first choice: {found.best.words}" in text
    assert ("Your move, " in text) != ("That is your move." in text)


@pytest.mark.parametrize("seconds", [0, -1, "3", None])
def test_a_bad_time_budget_is_refused(seconds: object) -> None:
    decision = reviewed(GREEDY_3P, (0,)).decisions[0]
    with pytest.raises(ReviewError, match="the time budget must be more than 0 seconds"):
        analyse_deeper(decision, seconds)  # type: ignore[arg-type]


# --- the command line ----------------------------------------------------------------------
def test_cli_review_prints_verdicts_rankings_and_categories() -> None:
    code, out, err = call("review", str(sample_game()), "--seat", "0")
    found = reviewed(sample_game(), (0,))
    assert code == 0 and err == "" and found.misses
    assert out.startswith(f"{sample_game()}: {found.summary()}")
    mine = [line for line in out.splitlines() if line.startswith("  you ")]
    big = [d for d in found.decisions if d.big_miss]  # in the order of the game
    assert len(mine) == len(big)  # the played move, under each big miss
    for decision, line in zip(big, mine, strict=True):
        assert line.startswith(
            f"  you {decision.played.rank}. {capital(decision.played.words)[:8]}"
        )
    assert out.count("Move ") == len(found.decisions)
    total = [line for line in out.splitlines() if line.startswith(tuple(found.names))]
    assert [int(line.split()[-1]) for line in total] == found.result.scores


def test_cli_review_json_by_name() -> None:
    code, out, _ = call("review", str(RANDOM_GREEDY), "--seat", "zsófi", "--json", "--top", "2")
    data = json.loads(out)
    found = reviewed(RANDOM_GREEDY, (GREEDY,))
    assert code == 0 and data["seats"] == [GREEDY]
    assert [d["move"] for d in data["decisions"]] == [d.number for d in found.decisions]
    assert not any(d["big_miss"] for d in data["decisions"])
    assert all(len(d["alternatives"]) == 2 for d in data["decisions"])
    assert data["final_scores"] == data["scores"][-1] == found.result.scores
    assert [sum(c.values()) for c in data["categories"]] == found.result.scores


def test_cli_review_with_mcts_thinks_over_each_big_miss() -> None:
    code, out, _ = call("review", str(sample_game()), "--seat", "Gábor", "--json", "--mcts", "0.2")
    data = json.loads(out)
    misses = [d for d in data["decisions"] if d["big_miss"]]
    assert code == 0 and misses
    assert all(d["mcts"].startswith("mcts played the game on") for d in misses)
    assert not any("mcts" in d for d in data["decisions"] if not d["big_miss"])


@pytest.mark.parametrize(("args", "message"), [
    (["--seat", "9"], "gluckauf review: --seat: there is no player 9 in this game"),
    (["--mcts", "0"], "gluckauf review: --mcts takes a time in seconds, more than 0"),
    (["--top", "0"], "gluckauf review: --top must be at least 1"),
])  # fmt: skip
def test_cli_review_refuses_bad_options(args: list[str], message: str) -> None:
    code, out, err = call("review", str(GREEDY_3P), *args)
    assert code == 2 and out == "" and err.startswith(message) and err.count("\n") == 1
