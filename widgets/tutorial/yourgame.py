"""Lesson 12 — review your game: which game to review, the lesson's checks and its plot.

The lesson reviews the game the learner saved in lesson 9 (the Save button's file,
``game.json`` next to the notebooks) or, when there is none, the kit's sample game
(:func:`gluckauf.analysis.gamereview.sample_game`). Every check takes the learner's answer *and* the
:class:`~gluckauf.analysis.gamereview.GameReview` it is about and works the expected answer out from
it, so the checks are right for any game.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from gluckauf.analysis.gamereview import (
    BIG_MISS_VP,
    CATEGORIES,
    HUMAN,
    SAME_VP,
    GameReview,
    category_label,
    sample_game,
)
from gluckauf.analysis.stats import area_label
from gluckauf.core.components import (
    AREA_BANK,
    AREA_DELIVERY,
    AREA_MINING,
    AREA_MONEY,
    AREA_ORDERS,
    AREA_TUNNEL,
    SPACE_BY_CODE,
)
from gluckauf.core.errors import GameError
from gluckauf.files.records import load_record, replay
from gluckauf.text import messages

from . import Feedback, not_yet, right, whole_number, wrong
from .exercises import exercise
from .phrases import TUTORIAL

if TYPE_CHECKING:
    from matplotlib.axes import Axes

SAVED_GAME = "game.json"  # the name in the board's File box (lesson 9): saved next to the notebook
YOUR_SEAT = 0  # the seat you played in lesson 9 (Gábor), when a record does not say

AREAS = {  # a work area of the board by the words a learner may use for it
    AREA_TUNNEL: ("tunnel expansion", "tunnel", "tiles", "tile"),
    AREA_MINING: ("mining", "mine"),
    AREA_DELIVERY: ("delivery", "deliver"),
    AREA_MONEY: ("money", "marks"),
    AREA_ORDERS: ("new orders", "orders", "order"),
    AREA_BANK: ("bank building", "bank"),
}

TEXT = TUTORIAL.texts(
    "review",
    {
        # which game
        "yours": "Reviewing your game from {path}: {players} players, {moves} moves.",
        "no_file": "There is no {path} here yet, so this lesson reviews the kit's sample game "
        "({players} players, {moves} moves). Save a game in lesson 9 to review your own.",
        "bad_file": "{path} could not be read ({why}), so this lesson reviews the kit's sample "
        "game ({players} players, {moves} moves).",
        "you_played": "The review looks at the placements of: {names}.",
        # predict first
        "want_count": "Write your prediction as a whole number without quotes, such as 3.",
        "count_close": "Good guess! The coach found {found} — you said {answer}.",
        "count_more": "The coach found {found} — more than your {answer}. Step through them "
        "below: some moves that looked fine may have given away a lot.",
        "count_fewer": "The coach found only {found} — fewer than your {answer}. You played "
        "better than you thought!",
        "big_misses.zero": "no big misses",
        "big_misses.one": "1 big miss",
        "big_misses.many": "{n} big misses",
        # the biggest miss
        "want_move": "Write the move's number without quotes, such as 42: the line above the board "
        "says “move …”.",
        "biggest_right": "Right! At move {number} you chose to {played}; the greedy bot's first "
        "choice, {best}, was about {lost:.0f} VP better by its estimate.",
        "biggest_other": "Move {number} is a miss too ({lost:.1f} VP), but move {worst} gave away "
        "more ({worst_lost:.1f} VP). Try the Biggest miss button.",
        "biggest_good": "At move {number} you played {rank_words}. Look for a red verdict, or "
        "press Biggest miss.",
        "biggest_not_yours": "Move {number} is not one of the reviewed placements: use the move "
        "number on the line above the board.",
        "biggest_none": "The coach found no placement to improve in this game: every one was the "
        "greedy bot's first choice. Answer 0.",
        "biggest_none_right": "Right: every placement was the greedy bot's first choice.",
        "first_choice": "the greedy bot's first choice",
        "rank_words": "its choice number {rank}",
        # the better move's area
        "want_area": "Answer with a work area of the board in quotes: {areas}.",
        "area_right": "Right! The greedy bot would rather {best}: that is the {area} area{why}",
        "area_wrong": "Not quite: the greedy bot's first choice at move {number} was to {best}, "
        "in the {area} area.",
        "area_none": "There is no miss to look at in this game; any answer will do.",
        "why.delivery": ": a delivery scores its orders' VP at once (R-DELIVER-2).",
        "why.mining": ": mining brings the coal your orders need (R-MINE-1).",
        "why.other": ".",
        # the biggest category
        "want_category": "Answer with a label of the table in quotes: {labels}.",
        "category_right": "Right! {label} brought {name} {vp} VP — no other category brought more.",
        "category_wrong": "Not quite: {label} brought {name} {vp} VP, but {best} brought more "
        "({best_vp}). Look along {name}'s row for the biggest number.",
        # the answer controls (issue 25): the prediction's box
        "unit_misses": "big misses",
        "saved_count": "Saved: you predict {misses}. Now run the review below: the cell after it "
        "checks your prediction.",
        "count_negative": "{number} is not a number of big misses: type a whole number from 0 up, "
        "such as 3.",
        "no_prediction": "No prediction yet: type it in the box above and press Save. The review "
        "has run, so the box checks it at once.",
        # the plot
        "plot_title": "{names}: scores over the game",
    },
)

AREA_NAMES = {area: names[0] for area, names in AREAS.items()}


def say(key: str, **params: Any) -> str:
    return TEXT.say(key, **params)


def _plain(answer: str) -> str:
    return " ".join(answer.replace("_", " ").replace("-", " ").replace(":", " ").lower().split())


# --- which game ------------------------------------------------------------------------------
def game_to_review(path: str | Path = SAVED_GAME) -> tuple[dict[str, Any], str]:
    """Your saved game if ``path`` holds a good record, else the sample game; and a sentence
    saying which (and why, if your file could not be read)."""
    path = Path(path)
    if path.is_file():
        try:
            record = load_record(path)
            moves = len(replay(record, keep_undo=False).history)
        except GameError as error:
            return _sample("bad_file", path, why=str(error).removeprefix(f"{path}: "))
        return record, say("yours", path=path, players=record["players"], moves=moves)
    return _sample("no_file", path)


def _sample(key: str, path: Path, **params: Any) -> tuple[dict[str, Any], str]:
    record = load_record(sample_game())
    return record, say(
        key, path=path, players=record["players"], moves=len(record["actions"]), **params
    )


def your_seats(record: dict[str, Any]) -> list[int]:
    """The seats played by a person (the record's ``options.seats``), else seat 0 — Gábor,
    whom you played in lesson 9 (and a learner-like bot played in the sample game)."""
    kinds = (record.get("options") or {}).get("seats") or []
    humans = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
    return humans or [YOUR_SEAT]


def who_is_reviewed(game: GameReview) -> str:
    return say("you_played", names=messages.say("word.and").join(game.names[s] for s in game.seats))


# --- checks ----------------------------------------------------------------------------------
def _misses(n: int) -> str:
    return say(f"big_misses.{'zero' if n == 0 else 'one' if n == 1 else 'many'}", n=n)


def check_prediction(answer: Any, game: GameReview) -> Feedback:
    """How many big misses did you predict? Right within one of what the coach found."""
    if answer is None:
        return not_yet()
    number = whole_number(answer)
    if number is None or number < 0:
        return wrong(say("want_count"))
    found = len(game.misses)
    params = {"found": _misses(found), "answer": number}
    if abs(number - found) <= 1:
        return right(say("count_close", **params))
    return wrong(say("count_more" if found > number else "count_fewer", **params))


def check_biggest_miss(answer: Any, game: GameReview) -> Feedback:
    """The move number of your biggest miss (the placement that gave away the most)."""
    if answer is None:
        return not_yet()
    number = whole_number(answer)
    if number is None:
        return wrong(say("want_move"))
    worst = game.biggest_miss
    if worst is None:
        return right(say("biggest_none_right")) if number == 0 else wrong(say("biggest_none"))
    by_move = {d.number: d for d in game.decisions}
    if number == worst.number:
        return right(
            say(
                "biggest_right",
                number=number,
                played=worst.played.words,
                best=worst.best.words,
                lost=worst.lost,
            )
        )
    if number not in by_move:
        return wrong(say("biggest_not_yours", number=number))
    chosen = by_move[number]
    if chosen.lost > SAME_VP:
        return wrong(
            say(
                "biggest_other",
                number=number,
                lost=chosen.lost,
                worst=worst.number,
                worst_lost=worst.lost,
            )
        )
    rank = chosen.played.rank
    words = say("first_choice") if rank == 1 else say("rank_words", rank=rank)
    return wrong(say("biggest_good", number=number, rank_words=words))


def _area(answer: str) -> int | None:
    wanted = _plain(answer)
    for area, names in AREAS.items():
        said = _plain(area_label(area))  # the learner's language too
        if wanted in names or wanted in {f"the {name}" for name in names} or wanted == said:
            return area
    return None


def check_better_area(answer: Any, game: GameReview) -> Feedback:
    """In which work area of the board was the greedy bot's first choice at your biggest
    miss? (tunnel expansion, mining, delivery, money, new orders, bank)"""
    if answer is None:
        return not_yet()
    area = _area(answer) if isinstance(answer, str) else None
    if area is None:
        names = ", ".join(f'"{area_label(area)}"' for area in AREAS)
        return wrong(say("want_area", areas=names))
    worst = game.biggest_miss
    if worst is None:
        return right(say("area_none"))
    best = worst.best
    expected = SPACE_BY_CODE[best.action.space].area  # type: ignore[union-attr]
    if area == expected:
        why = {AREA_DELIVERY: "why.delivery", AREA_MINING: "why.mining"}.get(expected, "why.other")
        return right(say("area_right", best=best.words, area=area_label(expected), why=say(why)))
    return wrong(say("area_wrong", number=worst.number, best=best.words, area=area_label(expected)))


def _category(answer: str) -> str | None:
    wanted = _plain(answer)
    for key in CATEGORIES:
        label = category_label(key)
        names = {_plain(key), _plain(label), _plain(label.replace("end:", ""))}
        if wanted in names:
            return key
    return None


def check_top_category(answer: Any, game: GameReview) -> Feedback:
    """Which category (a label of the points table) brought the reviewed player the most?"""
    if answer is None:
        return not_yet()
    key = _category(answer) if isinstance(answer, str) else None
    if key is None:
        labels = ", ".join(f'"{category_label(k)}"' for k in CATEGORIES)
        return wrong(say("want_category", labels=labels))
    seat = game.seats[0]
    points = game.categories()[seat]
    best = max(CATEGORIES, key=lambda k: points[k])
    name = game.names[seat]
    if points[key] == points[best]:
        label = category_label(key)
        return right(
            say("category_right", label=label[:1].upper() + label[1:], name=name, vp=points[key])
        )
    return wrong(
        say(
            "category_wrong",
            label=category_label(key),
            name=name,
            vp=points[key],
            best=category_label(best),
            best_vp=points[best],
        )
    )


# --- the answer controls (issue 25): a box and buttons, no Python to edit ------------------------
def _count_problem(number: int) -> Feedback | None:
    return wrong(say("count_negative", number=number)) if number < 0 else None


@exercise
def prediction_question() -> Any:
    """How many big misses you predict, saved before the review runs (the box of lesson 11's
    prediction); ``prediction.reveal(game_review)`` checks it with :func:`check_prediction`."""
    from .ask import PredictionQuestion

    return PredictionQuestion(
        check_prediction,
        unit=say("unit_misses"),
        missing=say("no_prediction"),
        problem=_count_problem,
        saved=lambda n: say("saved_count", misses=_misses(n)),
    )


@exercise
def biggest_miss_question(game: GameReview) -> Any:
    """A box for the move number, for :func:`check_biggest_miss`."""
    from .ask import ask_number

    return ask_number(lambda number: check_biggest_miss(number, game))


@exercise
def better_area_question(game: GameReview) -> Any:
    """A button per work area of the board, for :func:`check_better_area`."""
    from .ask import ask_choice

    areas = [(area_label(area), name) for area, name in AREA_NAMES.items()]
    return ask_choice(lambda area: check_better_area(area, game), areas)


@exercise
def top_category_question(game: GameReview) -> Any:
    """A button per label of the points table, for :func:`check_top_category`."""
    from .ask import ask_choice

    return ask_choice(
        lambda key: check_top_category(key, game), [(category_label(k), k) for k in CATEGORIES]
    )


# --- the plot --------------------------------------------------------------------------------
def plot_scores(game: GameReview, ax: Axes | None = None) -> Axes:
    """The scores over the game (:func:`widgets.reviewer.plot_scores`) on pyplot's figure."""
    from ..reviewer import plot_scores as draw

    if ax is None:
        import matplotlib.pyplot as plt

        _figure, ax = plt.subplots(figsize=(8.4, 3.2), layout="constrained")
    draw(game, ax)
    return ax


__all__ = [
    "AREAS",
    "BIG_MISS_VP",
    "SAVED_GAME",
    "TEXT",
    "better_area_question",
    "biggest_miss_question",
    "check_better_area",
    "check_biggest_miss",
    "check_prediction",
    "check_top_category",
    "game_to_review",
    "plot_scores",
    "prediction_question",
    "top_category_question",
    "who_is_reviewed",
    "your_seats",
]
