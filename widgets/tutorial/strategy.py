"""Lesson 11 — the strategy lab: checks and plots for tournaments of bots.

The lesson runs small tournaments with :func:`gluckauf.analysis.tournament.run_tournament` and reads
their :class:`~gluckauf.analysis.tournament.TournamentResult`. Every check takes the learner's
answer
*and* the result it is about, and computes the expected answer from that result — never from
numbers typed in here — so the checks stay right whatever the bots or the seeds are.

The plots draw with matplotlib, imported only when a plot is asked for; each plot function
draws on ``ax`` (or on a new figure) and returns the axes.
"""

from __future__ import annotations

import math
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from gluckauf import new_game
from gluckauf.analysis.stats import AREA_NAMES, Areas, area_label
from gluckauf.analysis.tournament import CATEGORIES, TournamentResult
from gluckauf.bots.greedy import GreedyBot
from gluckauf.core.components import COLOUR_NAMES, SHIFTS, TRANSPORT_NAMES
from gluckauf.core.state import PLACE
from gluckauf.files.handin import HandInError, can_hand_in, hand_in
from gluckauf.text import messages
from gluckauf.text.i18n import say_number

from . import Feedback, not_yet, right, wrong
from .ask import DecimalQuestion, PredictionQuestion, Question, ask_choice, read_decimal
from .exercises import exercise
from .phrases import TUTORIAL

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from gluckauf.bots.mcts import MCTSBot
    from gluckauf.core.state import GameState

ROMAN = ("I", "II", "III")
CAREFUL, CARELESS = "greedy", "greedy-nobalance"  # the balance experiment's two bots
TRANSPORT_SEGMENT = 5  # segments 5–8 count the icons per transport (R-SHIFT-2)

# What a category of points_by_category() is called on a chart, and the rule it comes from.
CATEGORY_LABELS = {
    "orders": "orders",
    **{f"shift_{s + 1}": f"shift {ROMAN[s]}" for s in range(SHIFTS)},
    "end_money": "end: money",
    "end_cubes": "end: cubes",
    "end_orders": "end: orders",
    "end_balance": "end: balance",
}
SEGMENT_LABELS = (
    *(f"{s + 1} {colour}" for s, colour in enumerate(COLOUR_NAMES)),
    *(f"{s + 5} {transport.split()[-1]}" for s, transport in enumerate(TRANSPORT_NAMES)),
    *(f"{s + 9} empty {colour}" for s, colour in enumerate(COLOUR_NAMES)),
)
# The rows of stats_table: a row (its label is TEXT's row.<row>, or row.turns for a work area's
# "area.<field>") and the statistics (gluckauf.analysis.stats.STAT_KEYS) it adds up.
STAT_ROWS: tuple[tuple[str, tuple[str, ...]], ...] = (
    *((f"area.{key}", (f"placements.{key}",)) for key in Areas._fields),
    ("canteen", tuple(f"shifts.{s}.to_canteen" for s in range(SHIFTS))),
    ("marks_money", ("marks.in.money_spaces",)),
    ("marks_bank", ("marks.in.bank",)),
    ("marks_tiles", ("marks.out.total",)),
    ("steps_granted", ("mining.granted",)),
    ("steps_used", ("mining.used",)),
    ("tiles_light", ("tiles.light",)),
    ("tiles_dark", ("tiles.dark",)),
    ("cubes", tuple(f"mined.{colour}" for colour in COLOUR_NAMES)),
    ("orders_taken", ("orders.drafted", "orders.taken")),
    ("orders_delivered", ("orders.delivered",)),
)  # fmt: skip

TEXT = TUTORIAL.texts(
    "strategy",
    {
        # the tables' words (the numbers are the tournament's)
        "row.turns": "turns on {area}",
        "row.canteen": "workers sent to the canteen",
        "row.marks_money": "Marks in: money spaces",
        "row.marks_bank": "Marks in: bank building",
        "row.marks_tiles": "Marks out: tiles",
        "row.steps_granted": "mining steps granted",
        "row.steps_used": "mining steps used",
        "row.tiles_light": "tiles bought: light",
        "row.tiles_dark": "tiles bought: dark",
        "row.cubes": "cubes mined",
        "row.orders_taken": "orders taken (draft included)",
        "row.orders_delivered": "orders delivered",
        "table.per_game": "per game",
        "table.total": "total",
        "table.bot_per_game": "{bot}, per game",
        "table.delivered": "orders delivered",
        "table.vp_orders": "VP from them",
        "table.vp_segment": "VP from its segment",
        "table.won": "{name}: won {rate} of {games} games (95% interval {low} – {high})",
        "table.placement": "placement",
        "table.visits": "visits",
        "table.prior": "prior",
        "table.greedy_margin": "greedy margin",
        "table.searched_margin": "searched margin",
        "table.no_search": "The bot did not search (only one legal move, or not a placement).",
        # the transports and the clock's segments as this lesson's charts and buttons name them
        **{f"transport.{i}": name for i, name in enumerate(TRANSPORT_NAMES)},
        **{f"segment.{s + 1}": label for s, label in enumerate(SEGMENT_LABELS)},
        # the first prediction: greedy's win rate
        "want_share": "Write your prediction as a number from 0 to 1: 0.6 means “60% of the "
        "games”.",
        "want_share_percent": "Write your prediction as a share from 0 to 1, not in per cent: for "
        "{answer}% write {share:g}.",
        "prediction_in": "Good prediction! {bot} won {rate:.0%} of the {games} games. With so few "
        "games that is only an estimate: the 95% interval runs from {low:.0%} to {high:.0%}, and "
        "your {answer:.0%} is inside it.",
        "prediction_out": "Not this time: {bot} won {rate:.0%} of the {games} games, and the 95% "
        "interval runs from {low:.0%} to {high:.0%} — your {answer:.0%} is {where} it. {why}",
        "below": "below",
        "above": "above",
        "why_low": "One look ahead beats moves made at random far more often than that.",
        "why_high": "Even a good bot loses some games: the deal and the other bots' moves matter.",
        # the biggest part of the score
        "want_category": "Answer with one of the chart's labels in quotes: {labels}.",
        "category_right": "Right! {label} brought {bot} {vp:.1f} VP per game, more than anything "
        "else. {why}",
        "category_wrong": "Not quite: {label} brought {bot} {vp:.1f} VP per game, but "
        "{best_label} brought more ({best_vp:.1f}). Look for the longest bar of {bot}.",
        "why_shift_3": "After shift III the clock scores all twelve segments — the empty carts "
        "(segments 9–12) pay 10–13 VP each, and only then (R-SHIFT-1, R-SHIFT-3).",
        "why_orders": "Delivered orders score their VP at once (R-DELIVER-2).",
        "why_other": "",
        # the cost of ignoring the balance penalty
        "want_number": "Write a number of VP, such as 2.5.",
        "cost_right": "Right! The balance penalty (R-END-4) cost {careless} {lost:.2f} VP per "
        "game and {careful} {kept:.2f}: ignoring it costs about {cost:.1f} VP per game.",
        "cost_sign": "Nearly: write the VP lost as a positive number ({cost:.1f}), not {answer:g}.",
        "cost_total": "That is all that the penalty cost {careless}. {careful} paid some too "
        "({kept:.2f} VP per game): the difference is the price of ignoring it.",
        "cost_wrong": "Not quite. Read the “end: balance” bars (or print "
        "balance.points_by_category()): {careless} lost {lost:.2f} VP per game, {careful} "
        "{kept:.2f}; the cost is the difference.",
        # reading the win rates of the balance experiment
        "want_letter": 'Answer with one letter in quotes: "A", "B" or "C".',
        "overlap_right": "Right! {careless} won {rate_b:.0%} and {careful} {rate_a:.0%}, but the "
        "95% intervals ({low_b:.0%}–{high_b:.0%} and {low_a:.0%}–{high_a:.0%}) overlap: with "
        "{games} games, chance could explain the gap. A few VP a game is a small edge — it takes "
        "hundreds of games to see it in the win rate.",
        "overlap_not_a": "Look at the intervals, not only at the rates: {careless}'s interval "
        "({low_b:.0%}–{high_b:.0%}) overlaps {careful}'s ({low_a:.0%}–{high_a:.0%}), so these "
        "games do not show that it wins more.",
        "overlap_not_c": "Look at the intervals, not only at the rates: {careless}'s interval "
        "({low_b:.0%}–{high_b:.0%}) overlaps {careful}'s ({low_a:.0%}–{high_a:.0%}), so these "
        "games do not show that it wins less.",
        "apart_right": "Right! {winner}'s whole 95% interval ({low_w:.0%}–{high_w:.0%}) lies above "
        "{loser}'s ({low_l:.0%}–{high_l:.0%}): that is more than chance.",
        "apart_wrong": "Look at the intervals: {winner}'s ({low_w:.0%}–{high_w:.0%}) and "
        "{loser}'s ({low_l:.0%}–{high_l:.0%}) do not overlap, so {winner} is stronger here.",
        # your own weights
        "want_weights": "Make your weights from the default ones, e.g. "
        "replace(DEFAULT_WEIGHTS, balance=(0.5, 0.5, 0.5)) — not {kind}.",
        "weights_default": "These are the default weights: change balance, e.g. to "
        "(0.5, 0.5, 0.5).",
        "weights_others": "You changed {names} too. Change only balance, so that your games test "
        "one idea at a time.",
        "weights_shape": "balance needs three numbers from 0 to 1, one per shift: for example "
        "(0.5, 0.5, 0.5). Yours is {balance!r}.",
        "weights_less": "Your bot worries less about balance than greedy in shift {roman} "
        "({mine:g} against {default:g}). Make every number at least greedy's: {defaults}.",
        "weights_right": "Right! Your bot counts the balance penalty at {mine} in shifts I, II and "
        "III (greedy: {defaults}). Run the next cell to see how it does.",
        # the best transport
        "want_transport": "Answer with a transport in quotes: {names}.",
        "transport_right": "Right! The {name} brought {bot} {total:.1f} VP per game: {vp:.1f} from "
        "{orders:.1f} delivered orders and {clock:.1f} from segment {segment} of the shift clock.",
        "transport_wrong": "Not quite: the {name} brought {bot} {total:.1f} VP per game ({vp:.1f} "
        "from orders + {clock:.1f} from segment {segment}), but the {best} brought more: "
        "{best_total:.1f}.",
        # where a bot spends its turns
        "want_area": "Answer with a work area in quotes, as the board names it: {names}.",
        "area_right": "Right! {bot} took {turns:.1f} turns per game on {area}, more than on any "
        "other area.",
        "area_wrong": "Not quite: {bot} took {turns:.1f} turns per game on {area}, but "
        "{best_turns:.1f} on {best}. Look for the longest bar of {bot}.",
        # the answer controls (issue 25): the prediction's box
        "unit_percent": "% of the games",
        "saved_share": "Saved: {bot} wins {percent}% of the games. Now run the tournament below: "
        "the cell after it checks your prediction.",
        "percent_range": "{number}% is not a share of the games: type a number from 0 to 100.",
        "no_prediction": "No prediction yet: type it in the box above and press Save. The "
        "tournament has run, so the box checks it at once.",
        "unit_vp_per_game": "VP per game",
        # the buttons of the win-rate question
        "choice_A": "A — {careless} wins clearly more games",
        "choice_B": "B — the intervals overlap: these games cannot tell",
        "choice_C": "C — {careless} wins clearly fewer games",
        # your own weights: a slider per shift
        "balance_slider": "balance, shift {roman}",
        # your bot, handed in to a class tournament
        "hand_in_bot": "Hand in my bot",
        "hand_in_first": "No weights checked yet: set the sliders above and press Check first.",
        "hand_in_no_class": "There is no class to hand in to here: in a workshop on a hub, "
        "this button sends your bot to your teacher's class tournament.",
        "hand_in_done": "Handed in: your bot plays in your teacher's class tournament.",
        "hand_in_failed": "Your bot could not be handed in: {why}",
        "weights_first": "No weights checked yet: set the sliders above and press Check. When it "
        "says ✔, run this cell again.",
        # chart labels
        "win_rate_title": "Win rate with its 95% interval ({games} games)",
        "win_rate_axis": "share of the games won",
        "fair_share": "an even share",
        "scores_title": "Final scores ({games} games)",
        "scores_axis": "VP at the end of a game",
        "mean": "mean",
        "points_title": "Where the points come from (VP per game)",
        "points_axis": "VP per game (mean)",
        "segments_title": "The shift clock, segment by segment (VP per game, all shifts)",
        "transports_title": "What each transport brought (VP per game)",
        "transport_orders": "{bot}: orders",
        "transport_clock": "{bot}: its segment",
        "turns_title": "Where the bots spend their turns (turns per game)",
        "turns_axis": "turns per game (mean)",
    },
)


def say(key: str, **params: Any) -> str:
    return TEXT.say(key, **params)


def transport_name(transport: int) -> str:
    """A transport (:data:`TRANSPORT_NAMES` order) as this lesson names it, in the current
    language."""
    return say(f"transport.{transport}")


def category_label(key: str) -> str:
    """A category of points (``"shift_3"``) as the charts call it, in the current language."""
    return messages.say(f"category.{key}")


def row_label(row: str) -> str:
    """A row of :data:`STAT_ROWS` by its label in the current language ("turns on money")."""
    if row.startswith("area."):
        return say("row.turns", area=area_label(Areas._fields.index(row.removeprefix("area."))))
    return say(f"row.{row}")


def _plain(answer: str) -> str:
    return " ".join(answer.replace("_", " ").replace("-", " ").lower().split())


def _number(answer: Any) -> float | None:
    if isinstance(answer, bool) or not isinstance(answer, (int, float)):
        return None
    return float(answer) if math.isfinite(answer) else None


def _pct(value: float) -> str:
    return say_number(value, ".0%")


# --- checks ---------------------------------------------------------------------------------
def check_prediction(answer: Any, result: TournamentResult, bot: str = "greedy") -> Feedback:
    """Your prediction of ``bot``'s win rate: right when it is inside the 95% interval."""
    if answer is None:
        return not_yet()
    share = _number(answer)
    if share is None:
        return wrong(say("want_share"))
    if 1 < share <= 100:
        return wrong(say("want_share_percent", answer=say_number(share, "g"), share=share / 100))
    if not 0 <= share <= 1:
        return wrong(say("want_share"))
    rate = result.win_rate()[bot]
    params = {"bot": bot, "rate": rate.rate, "games": result.games, "low": rate.low,
              "high": rate.high, "answer": share}  # fmt: skip
    if rate.low <= share <= rate.high:
        return right(say("prediction_in", **params))
    low = share < rate.low
    return wrong(say("prediction_out", where=say("below" if low else "above"),
                       why=say("why_low" if low else "why_high"), **params))  # fmt: skip


def _category(answer: str) -> str | None:
    wanted = _plain(answer)
    for key, label in CATEGORY_LABELS.items():
        names = {_plain(key), _plain(label), _plain(label.replace("end:", "end"))}
        names |= {_plain(category_label(key)), _plain(category_label(key).replace(":", ""))}
        if key.startswith("shift_"):
            names |= {f"shift {key[-1]}", f"shift {ROMAN[int(key[-1]) - 1].lower()}"}
        if wanted in names:
            return key
    return None


def check_top_category(answer: Any, result: TournamentResult, bot: str = "greedy") -> Feedback:
    """Which category of :meth:`~TournamentResult.points_by_category` gave ``bot`` the most
    VP? Answered with a chart label (``"shift III"``) or a key (``"shift_3"``)."""
    if answer is None:
        return not_yet()
    key = _category(answer) if isinstance(answer, str) else None
    if key is None:
        labels = ", ".join(f'"{category_label(key)}"' for key in CATEGORY_LABELS)
        return wrong(say("want_category", labels=labels))
    points = result.points_by_category()[bot]
    best = max(CATEGORIES, key=lambda k: points[k])
    if math.isclose(points[key], points[best]):
        why = {"shift_3": "why_shift_3", "orders": "why_orders"}.get(key, "why_other")
        label = category_label(key)
        return right(say("category_right", label=label[0].upper() + label[1:], bot=bot,
                           vp=points[key], why=say(why)).rstrip())  # fmt: skip
    return wrong(say("category_wrong", label=category_label(key), bot=bot, vp=points[key],
                       best_label=category_label(best), best_vp=points[best]))  # fmt: skip


def balance_cost(result: TournamentResult, careful: str = CAREFUL,
                 careless: str = CARELESS) -> tuple[float, float, float]:  # fmt: skip
    """VP per game that the balance penalty (R-END-4) cost ``careful`` and ``careless``, both
    as positive numbers, and the difference (what ignoring the penalty cost)."""
    points = result.points_by_category()
    kept, lost = -points[careful]["end_balance"], -points[careless]["end_balance"]
    return kept, lost, lost - kept


def check_balance_cost(answer: Any, result: TournamentResult, careful: str = CAREFUL,
                       careless: str = CARELESS) -> Feedback:  # fmt: skip
    """How many VP per game more did ``careless`` lose to the balance penalty? (± 0.1)"""
    if answer is None:
        return not_yet()
    value = _number(answer)
    if value is None:
        return wrong(say("want_number"))
    kept, lost, cost = balance_cost(result, careful, careless)
    params = {"careful": careful, "careless": careless, "kept": kept, "lost": lost,
              "cost": cost}  # fmt: skip
    near = 0.1 + 1e-9
    if abs(value - cost) <= near:
        return right(say("cost_right", **params))
    if abs(value + cost) <= near and cost:
        return wrong(say("cost_sign", answer=value, **params))
    if kept and (abs(value - lost) <= near or abs(value + lost) <= near):
        return wrong(say("cost_total", **params))
    return wrong(say("cost_wrong", **params))


BALANCE_CHOICES = ("A", "B", "C")  # A: careless wins clearly more; B: can't tell; C: less


def check_balance(answer: Any, result: TournamentResult, careful: str = CAREFUL,
                  careless: str = CARELESS) -> Feedback:  # fmt: skip
    """Reading two win rates with their intervals: A (``careless`` wins clearly more),
    B (the intervals overlap: these games cannot tell) or C (``careless`` wins clearly less).
    The right letter is the one the result shows."""
    if answer is None:
        return not_yet()
    letter = answer.strip().upper() if isinstance(answer, str) else None
    if letter not in BALANCE_CHOICES:
        return wrong(say("want_letter"))
    rates = result.win_rate()
    a, b = rates[careful], rates[careless]
    if b.low > a.high or a.low > b.high:  # apart: one bot is clearly stronger
        winner, loser = (careless, careful) if b.low > a.high else (careful, careless)
        params = {"winner": winner, "loser": loser, "low_w": rates[winner].low,
                  "high_w": rates[winner].high, "low_l": rates[loser].low,
                  "high_l": rates[loser].high}  # fmt: skip
        expected = "A" if winner == careless else "C"
        return right(say("apart_right", **params)) if letter == expected else wrong(
            say("apart_wrong", **params))  # fmt: skip
    params = {"careful": careful, "careless": careless, "games": result.games,
              "rate_a": a.rate, "low_a": a.low, "high_a": a.high,
              "rate_b": b.rate, "low_b": b.low, "high_b": b.high}  # fmt: skip
    if letter == "B":
        return right(say("overlap_right", **params))
    return wrong(say("overlap_not_a" if letter == "A" else "overlap_not_c", **params))


def check_weights(answer: Any) -> Feedback:
    """Your own weights: the greedy bot's, with a ``balance`` at least as high in every shift
    (and higher in one), every other weight left as it is."""
    if answer is None:
        return not_yet()
    from gluckauf.bots.greedy import DEFAULT_WEIGHTS, Weights

    if not isinstance(answer, Weights):
        return wrong(say("want_weights", kind=type(answer).__name__))
    if answer == DEFAULT_WEIGHTS:
        return wrong(say("weights_default"))
    others = [f.name for f in fields(Weights)
              if f.name != "balance" and getattr(answer, f.name) != getattr(DEFAULT_WEIGHTS,
                                                                            f.name)]  # fmt: skip
    if others:
        return wrong(say("weights_others", names=", ".join(others)))
    mine, default = answer.balance, DEFAULT_WEIGHTS.balance
    numbers = [_number(x) for x in mine] if isinstance(mine, (tuple, list)) else []
    if len(numbers) != SHIFTS or any(x is None or not 0 <= x <= 1 for x in numbers):
        return wrong(say("weights_shape", balance=mine))
    defaults = ", ".join(say_number(x, "g") for x in default)
    for shift, (x, d) in enumerate(zip(numbers, default, strict=True)):
        if x is not None and x < d:
            return wrong(say("weights_less", roman=ROMAN[shift], mine=x, default=d,
                               defaults=defaults))  # fmt: skip
    return right(say("weights_right", mine=", ".join(say_number(x, "g") for x in mine),
                       defaults=defaults))  # fmt: skip


def _transport(answer: str) -> str | None:
    wanted = _plain(answer)
    for index, name in enumerate(TRANSPORT_NAMES):
        said = _plain(transport_name(index))
        if wanted in {name, name.split()[-1], f"the {name}", f"the {name.split()[-1]}", said}:
            return name
    return None


def _area(answer: str) -> int | None:
    wanted = _plain(answer)
    for index, (key, name) in enumerate(zip(Areas._fields, AREA_NAMES, strict=True)):
        if wanted in {key, name, f"the {name}", f"the {key}", _plain(area_label(index))}:
            return index
    return None


def turns_by_area(result: TournamentResult, bot: str) -> list[float]:
    """``bot``'s mean turns per game on each work area (:data:`AREA_NAMES` order)."""
    return [result.stat_means(f"placements.{key}")[bot] for key in Areas._fields]


def check_top_area(answer: Any, result: TournamentResult, bot: str = "greedy") -> Feedback:
    """On which work area did ``bot`` spend the most turns? Answered with the area's name as
    the board has it (``"mining"``, ``"new orders"``, …)."""
    if answer is None:
        return not_yet()
    index = _area(answer) if isinstance(answer, str) else None
    if index is None:
        names = ", ".join(f'"{area_label(a)}"' for a in range(len(AREA_NAMES)))
        return wrong(say("want_area", names=names))
    turns = turns_by_area(result, bot)
    best = max(range(len(AREA_NAMES)), key=turns.__getitem__)
    params = {"bot": bot, "area": area_label(index), "turns": turns[index]}
    if math.isclose(turns[index], turns[best]):
        return right(say("area_right", **params))
    return wrong(say("area_wrong", best=area_label(best), best_turns=turns[best], **params))


def check_best_transport(answer: Any, result: TournamentResult,
                         bot: str = "greedy") -> Feedback:  # fmt: skip
    """Which transport brought ``bot`` the most VP per game — its orders' VP plus its own
    shift-clock segment (5–8)?"""
    if answer is None:
        return not_yet()
    name = _transport(answer) if isinstance(answer, str) else None
    if name is None:
        names = ", ".join(f'"{transport_name(i)}"' for i in range(len(TRANSPORT_NAMES)))
        return wrong(say("want_transport", names=names))
    table = result.by_transport()[bot]
    best = max(TRANSPORT_NAMES, key=lambda n: table[n].total)
    row = table[name]
    params = {
        "name": transport_name(TRANSPORT_NAMES.index(name)),
        "bot": bot,
        "total": row.total,
        "vp": row.vp,
        "orders": row.orders,
        "clock": row.clock,
        "segment": TRANSPORT_SEGMENT + TRANSPORT_NAMES.index(name),
    }
    if math.isclose(row.total, table[best].total):
        return right(say("transport_right", **params))
    best_name = transport_name(TRANSPORT_NAMES.index(best))
    return wrong(say("transport_wrong", best=best_name, best_total=table[best].total, **params))


# --- the answer controls (issue 25): buttons, boxes and sliders, no Python to edit ---------------
def _percent_problem(number: int) -> Feedback | None:
    return None if 0 <= number <= 100 else wrong(say("percent_range", number=number))


@exercise
def prediction_question(bot: str = "greedy") -> PredictionQuestion:
    """The first prediction: ``bot``'s win rate in per cent, saved before the tournament;
    ``prediction.reveal(first)`` checks it with :func:`check_prediction`."""
    return PredictionQuestion(
        lambda share, result: check_prediction(share, result, bot),
        unit=say("unit_percent"),
        missing=say("no_prediction"),
        problem=_percent_problem,
        convert=lambda number: number / 100,
        saved=lambda share: say("saved_share", bot=bot, percent=say_number(share * 100, "g")),
    )


@exercise
def top_category_question(result: TournamentResult, bot: str = "greedy") -> Any:
    """A button per label of the points chart, for :func:`check_top_category`."""
    return ask_choice(
        lambda key: check_top_category(key, result, bot),
        [(category_label(key), key) for key in CATEGORY_LABELS],
    )


@exercise
def top_area_question(result: TournamentResult, bot: str = "greedy") -> Any:
    """A button per work area, named as the board names it, for :func:`check_top_area`."""
    areas = [(area_label(a), name) for a, name in enumerate(AREA_NAMES)]
    return ask_choice(lambda area: check_top_area(area, result, bot), areas)


@exercise
def balance_cost_question(result: TournamentResult, careful: str = CAREFUL,
                          careless: str = CARELESS) -> DecimalQuestion:  # fmt: skip
    """A box for the VP per game, decimals allowed, for :func:`check_balance_cost`."""
    return DecimalQuestion(
        lambda vp: check_balance_cost(vp, result, careful, careless), unit=say("unit_vp_per_game")
    )


@exercise
def balance_question(result: TournamentResult, careful: str = CAREFUL,
                     careless: str = CARELESS) -> Any:  # fmt: skip
    """A button per answer, A, B and C in words, for :func:`check_balance`."""
    return ask_choice(lambda letter: check_balance(letter, result, careful, careless),
                      [(say(f"choice_{letter}", careless=careless, careful=careful), letter)
                       for letter in BALANCE_CHOICES])  # fmt: skip


@exercise
def best_transport_question(result: TournamentResult, bot: str = "greedy") -> Any:
    """A button per transport, for :func:`check_best_transport`."""
    transports = [(transport_name(i), name) for i, name in enumerate(TRANSPORT_NAMES)]
    return ask_choice(lambda name: check_best_transport(name, result, bot), transports)


class WeightsQuestion(Question):
    """Your own weights: one slider per shift for greedy's ``balance`` (from greedy's own
    numbers), and a Check button that checks greedy's weights with that ``balance``
    (:func:`check_weights`). :attr:`weights` holds them once the check said ✔ (else None);
    :meth:`use` checks weights made in Python, and moves the sliders to them."""

    def __init__(self) -> None:
        import ipywidgets as w

        from gluckauf.bots.greedy import DEFAULT_WEIGHTS

        from .ask import TEXT as ASK

        self.weights: Any = None
        self.sliders = [w.FloatSlider(value=x, min=0.0, max=1.0, step=0.01, readout_format=".2f",
                                      description=say("balance_slider", roman=ROMAN[s]),
                                      style={"description_width": "initial"},
                                      layout=w.Layout(width="420px"))
                        for s, x in enumerate(DEFAULT_WEIGHTS.balance)]  # fmt: skip
        for slider in self.sliders:
            slider.observe(lambda _change: self._moved(), names="value")
        self.button = w.Button(
            description=ASK["check"], icon="check", layout=w.Layout(width="auto")
        )
        self.button.on_click(lambda _button: self.submit())
        super().__init__(self._check, [], beside=False)
        row = w.HBox([self.button, self.feedback],
                     layout=w.Layout(flex_flow="row wrap", align_items="center",
                                     margin="6px 0 0 0"))  # fmt: skip
        self.children = [*self.sliders, row]

    def _moved(self) -> None:
        self.weights = None
        self.clear()

    def balance(self) -> tuple[float, ...]:
        return tuple(round(float(slider.value), 2) for slider in self.sliders)

    def _check(self, weights: Any) -> Feedback:
        feedback = check_weights(weights)
        self.weights = weights if feedback.ok else None
        return feedback

    def submit(self) -> Feedback:
        """Check greedy's weights with the sliders' ``balance``."""
        from gluckauf.bots.greedy import DEFAULT_WEIGHTS

        return self.answer(replace(DEFAULT_WEIGHTS, balance=self.balance()))

    def use(self, weights: Any) -> Feedback:
        """Check weights written in Python; good ones move the sliders to their balance."""
        feedback = self.answer(weights)
        if feedback.ok:
            chosen = weights
            for slider, x in zip(self.sliders, weights.balance, strict=True):
                slider.value = float(x)  # clears the weights …
            self.weights = chosen  # … which are still the ones checked
            self.show(feedback)
        return feedback


@exercise
def weights_question() -> WeightsQuestion:
    """Sliders for greedy's ``balance``, one per shift, and a Check button."""
    return WeightsQuestion()


# --- your bot, handed in to a class tournament (issue 30) -----------------------------------
BOT_FILE = """\"\"\"My bot: greedy, with my own balance weights (lesson 11).\"\"\"

from dataclasses import replace

from gluckauf.bots.greedy import DEFAULT_WEIGHTS, GreedyBot

WEIGHTS = replace(DEFAULT_WEIGHTS, balance=({balance}))


def make_bot(seed):
    return GreedyBot(seed, weights=WEIGHTS)
"""


def bot_file(weights: Any) -> str:
    """The bot file of greedy with ``weights``' balance: what "Hand in my bot" hands in."""
    return BOT_FILE.format(balance=", ".join(repr(float(x)) for x in weights.balance))


class HandInBot(w.VBox):
    """A "Hand in my bot" button for the bot of :class:`WeightsQuestion`, and what came of it.
    In a class (a hub with the class service) the bot goes to the teacher's tournament."""

    def __init__(self, question: WeightsQuestion) -> None:
        self.question = question
        self.button = w.Button(description=say("hand_in_bot"), icon="upload",
                               layout=w.Layout(width="auto"))  # fmt: skip
        self.button.on_click(lambda _button: self.hand_in())
        self.said = w.HTML(layout=w.Layout(margin="0 0 0 8px"))
        super().__init__([w.HBox([self.button, self.said],
                                 layout=w.Layout(align_items="center"))])  # fmt: skip

    def hand_in(self) -> Feedback:
        """Hand the checked weights in as a bot file; the feedback says what happened."""
        if self.question.weights is None:
            feedback = not_yet(say("hand_in_first"))
        elif not can_hand_in():
            feedback = not_yet(say("hand_in_no_class"))
        else:
            try:
                hand_in("bot", bot_file(self.question.weights).encode())
                feedback = right(say("hand_in_done"))
            except HandInError as error:
                feedback = wrong(say("hand_in_failed", why=error))
        self.said.value = feedback._repr_html_()
        return feedback


def hand_in_bot(question: WeightsQuestion) -> HandInBot:
    """The button that hands the bot of ``question`` in to the class tournament."""
    return HandInBot(question)


# --- tables ---------------------------------------------------------------------------------
def _columns(rows: list[list[str]]) -> str:
    """Rows of cells as text: the first column to the left, the others to the right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join([row[0].ljust(widths[0]),
                                *(cell.rjust(w) for cell, w in zip(row[1:], widths[1:],
                                                                    strict=True))]).rstrip()
                     for row in rows)  # fmt: skip


def win_rate_lines(result: TournamentResult) -> str:
    """One line per bot: its win rate and 95% interval, in per cent."""
    return "\n".join(say("table.won", name=name, rate=_pct(r.rate), games=result.games,
                         low=_pct(r.low), high=_pct(r.high))
                     for name, r in result.win_rate().items())  # fmt: skip


def points_table(result: TournamentResult) -> str:
    """Mean VP per game by category, one column per bot (the numbers of :func:`plot_points`)."""
    points = result.points_by_category()
    rows = [["", *result.bots]]
    rows += [[category_label(key), *(say_number(points[name][key], ".2f") for name in result.bots)]
             for key in CATEGORY_LABELS]  # fmt: skip
    rows.append([say("table.total"),
                 *(say_number(sum(points[name].values()), ".2f")
                   for name in result.bots)])  # fmt: skip
    return _columns(rows)


def transport_table(result: TournamentResult, bot: str = "greedy") -> str:
    """Per transport: orders delivered, their VP and the segment's VP, per game, for ``bot``."""
    rows = [[say("table.bot_per_game", bot=bot), say("table.delivered"), say("table.vp_orders"),
             say("table.vp_segment"), say("table.total")]]  # fmt: skip
    for t, (_name, row) in enumerate(result.by_transport()[bot].items()):
        rows.append([
            f"{transport_name(t)} ({TRANSPORT_SEGMENT + t})",
            *(say_number(value, ".2f") for value in (row.orders, row.vp, row.clock, row.total)),
        ])  # fmt: skip
    return _columns(rows)


def stats_table(result: TournamentResult) -> str:
    """How each bot plays, per game (:data:`STAT_ROWS`): its turns per work area, the Marks in
    and out, mining steps, tiles, cubes and orders — one column per bot."""
    rows = [[say("table.per_game"), *result.bots]]
    for row, keys in STAT_ROWS:
        label = row_label(row)
        values = [result.stat_means(key) for key in keys]
        rows.append(
            [label, *(say_number(sum(v[name] for v in values), ".1f") for name in result.bots)]
        )
    return _columns(rows)


def position_after(placements: int, seed: int = 1, players: int = 3) -> GameState:
    """A position of a game of GreedyBots: the ``placements``-th worker placement is next."""
    state = new_game(players, seed)
    bots = [GreedyBot(seed + p) for p in range(players)]
    placed = 0
    while not state.is_over:
        if state.phase == PLACE:
            if placed == placements:
                return state
            placed += 1
        state.apply(bots[state.current].choose(state))
    raise ValueError(f"the game had only {placed} placements, not {placements}")


def search_table(bot: MCTSBot, top: int = 5) -> str:
    """The placements the bot's last search visited most: its visits, the greedy value's share
    (prior) and the mean margin over the best opponent it found, in VP."""
    root = bot.last_root
    if root is None:
        return say("table.no_search")
    edges = sorted(root.edges, key=lambda e: (-e.visits, -e.prior))[:top]
    rows = [[say(f"table.{key}") for key in
             ("placement", "visits", "prior", "greedy_margin", "searched_margin")]]  # fmt: skip
    rows += [[str(e.action), str(e.visits), say_number(e.prior, ".2f"),
              say_number(e.prior_margin, "+.1f"),
              say_number(e.mean(), "+.1f") if e.visits else "–"] for e in edges]  # fmt: skip
    return _columns(rows)


# --- plots ----------------------------------------------------------------------------------
def _axes(ax: Axes | None, size: tuple[float, float]) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _figure, new = plt.subplots(figsize=size, layout="constrained")
    return new


def plot_win_rates(result: TournamentResult, ax: Axes | None = None) -> Axes:
    """Each bot's win rate as a bar with its 95% Wilson interval as an error bar, and a dashed
    line where an even share would be."""
    ax = _axes(ax, (7.5, 1 + 0.6 * len(result.bots)))
    rates = result.win_rate()
    names = list(result.bots)
    values = [rates[n].rate for n in names]
    errors = [[rates[n].rate - rates[n].low for n in names],
              [rates[n].high - rates[n].rate for n in names]]  # fmt: skip
    colours = [f"C{i}" for i in range(len(names))]
    ax.barh(names, values, xerr=errors, color=colours, alpha=0.8, capsize=6)
    for i, name in enumerate(names):
        fair = result.copies(name) / result.players
        ax.plot([fair, fair], [i - 0.4, i + 0.4], "k--", lw=1,
                label=say("fair_share") if i == 0 else None)  # fmt: skip
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(lambda x, _pos: _pct(x))
    ax.invert_yaxis()
    ax.set_xlabel(say("win_rate_axis"))
    ax.set_title(say("win_rate_title", games=result.games))
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
    return ax


def plot_scores(result: TournamentResult, ax: Axes | None = None) -> Axes:
    """Every final score as a dot, one column per bot, with the bot's mean as a bar."""
    import numpy as np

    ax = _axes(ax, (6, 3.2))
    rng = np.random.default_rng(0)  # the same spread of the dots every time
    for i in range(len(result.bots)):
        scores = result.scores[result.seat_bot == i]
        x = i + rng.uniform(-0.15, 0.15, size=scores.size)
        ax.scatter(x, scores, color=f"C{i}", alpha=0.7, s=25)
        ax.plot([i - 0.3, i + 0.3], [scores.mean()] * 2, color="k", lw=2,
                label=say("mean") if i == 0 else None)  # fmt: skip
    ax.set_xticks(range(len(result.bots)), result.bots)
    ax.set_ylabel(say("scores_axis"))
    ax.set_title(say("scores_title", games=result.games))
    ax.legend(loc="best")
    ax.grid(axis="y", alpha=0.3)
    return ax


def _grouped_bars(ax: Axes, labels: list[str], series: dict[str, list[float]]) -> None:
    """Horizontal bars, one group per label, one bar per series (bot)."""
    n = len(series)
    height = 0.8 / n
    for k, (name, values) in enumerate(series.items()):
        ys = [i - 0.4 + height * (k + 0.5) for i in range(len(labels))]
        ax.barh(ys, values, height=height, color=f"C{k}", label=name)
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.axvline(0, color="k", lw=0.8)
    ax.grid(axis="x", alpha=0.3)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))


def plot_points(result: TournamentResult, ax: Axes | None = None) -> Axes:
    """Mean VP per game by category: orders, the clock after each shift, the end items."""
    ax = _axes(ax, (8, 4))
    points = result.points_by_category()
    _grouped_bars(ax, [category_label(key) for key in CATEGORY_LABELS],
                  {name: [points[name][key] for key in CATEGORY_LABELS]
                   for name in result.bots})  # fmt: skip
    ax.set_xlabel(say("points_axis"))
    ax.set_title(say("points_title"))
    return ax


def plot_segments(result: TournamentResult, ax: Axes | None = None) -> Axes:
    """Mean VP per game from each of the 12 shift-clock segments, all shifts together."""
    ax = _axes(ax, (8, 5))
    labels = [say(f"segment.{s + 1}") for s in range(len(SEGMENT_LABELS))]
    _grouped_bars(ax, labels,
                  {name: result.segment_points(name).sum(axis=0).tolist()
                   for name in result.bots})  # fmt: skip
    ax.set_xlabel(say("points_axis"))
    ax.set_title(say("segments_title"))
    return ax


def plot_turns(result: TournamentResult, ax: Axes | None = None) -> Axes:
    """Mean turns per game on each work area, one bar per bot."""
    ax = _axes(ax, (8, 3.5))
    _grouped_bars(ax, [area_label(a) for a in range(len(AREA_NAMES))],
                  {name: turns_by_area(result, name) for name in result.bots})  # fmt: skip
    ax.set_xlabel(say("turns_axis"))
    ax.set_title(say("turns_title"))
    return ax


def plot_transports(result: TournamentResult, ax: Axes | None = None) -> Axes:
    """Per transport and bot: the VP of its delivered orders, and on top of them the VP of the
    transport's own shift-clock segment (5–8)."""
    ax = _axes(ax, (8.5, 3.5))
    table = result.by_transport()
    n = len(result.bots)
    height = 0.8 / n
    for k, name in enumerate(result.bots):
        ys = [i - 0.4 + height * (k + 0.5) for i in range(len(TRANSPORT_NAMES))]
        vp = [table[name][t].vp for t in TRANSPORT_NAMES]
        clock = [table[name][t].clock for t in TRANSPORT_NAMES]
        ax.barh(ys, vp, height=height, color=f"C{k}", label=say("transport_orders", bot=name))
        ax.barh(ys, clock, left=vp, height=height, color=f"C{k}", alpha=0.45, hatch="//",
                label=say("transport_clock", bot=name))  # fmt: skip
    labels = [f"{transport_name(i)} ({TRANSPORT_SEGMENT + i})" for i in range(len(TRANSPORT_NAMES))]
    ax.set_yticks(range(len(TRANSPORT_NAMES)), labels)
    ax.invert_yaxis()
    ax.grid(axis="x", alpha=0.3)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small")
    ax.set_xlabel(say("points_axis"))
    ax.set_title(say("transports_title"))
    return ax


__all__ = [
    "BALANCE_CHOICES", "CAREFUL", "CARELESS", "CATEGORY_LABELS", "SEGMENT_LABELS", "STAT_ROWS",
    "TEXT", "DecimalQuestion", "PredictionQuestion", "WeightsQuestion", "balance_cost",
    "balance_cost_question", "balance_question", "best_transport_question", "check_balance",
    "check_balance_cost", "check_best_transport", "check_prediction", "check_top_area",
    "check_top_category", "check_weights", "plot_points", "plot_scores", "plot_segments",
    "plot_transports", "plot_turns", "plot_win_rates", "points_table", "prediction_question",
    "read_decimal", "row_label", "stats_table", "top_area_question", "top_category_question",
    "transport_table", "turns_by_area", "weights_question", "win_rate_lines",
]  # fmt: skip
