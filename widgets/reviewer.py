"""The coach on screen: ``review(record)`` steps through a saved game's placements.

A view of a :class:`gluckauf.analysis.gamereview.GameReview` (the engine decides everything; this
module only shows it): previous/next placement and the big misses, the board at that moment (your
move in a red frame, the greedy bot's first choice in an orange one), the verdict, the greedy
bot's ranking with what each move does, the scores over the whole game and the points by
category, and a deeper look by the searching bot (MCTS) within a time budget, with a
progress bar. Everything fits the 840-px width of a notebook cell; every callback turns a
problem into a message, never a traceback.
"""

from __future__ import annotations

import asyncio
import functools
import html
import io
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from gluckauf.analysis.gamereview import (
    BIG_MISS_VP,
    CATEGORIES,
    Decision,
    DeepAnalysis,
    GameReview,
    RecordLike,
    analyse_deeper,
    category_label,
    margin_note,
    review,
    values_note,
)
from gluckauf.text.i18n import say_number
from gluckauf.text.messages import capital
from gluckauf.text.words import shift_name

from .draw import HIGHLIGHT, SELECTED, TAKEN
from .icons import PLAYER, PLAYER_INK
from .labels import WIDGETS
from .panel import light_panel
from .reporting import reporting
from .show import board_svg

if TYPE_CHECKING:
    from matplotlib.axes import Axes

WIDTH = 840  # CSS px: the board's width, and the widest thing here
SHOWN = 5  # alternatives in the table (and the played move, if it is not among them)
NOTE = "font-size:12px"  # secondary text: smaller, never below the kit's 11 px
BUDGET = (3.0, 0.5, 30.0)  # the deeper look: default, least and most seconds

TEXT = WIDGETS.texts(
    "review",
    {
        "previous": "◀ Previous",
        "next": "Next ▶",
        "previous_miss": "◀ Previous miss",
        "next_miss": "Next miss ▶",
        "biggest_miss": "Biggest miss",
        "where": "Placement {k} of {n} · move {number} · shift {shift} · {name} to place",
        "legend": "<span style='color:{red}'>■</span> red frame: your move · "
        "<span style='color:{orange}'>■</span> orange frame: the greedy bot's first choice",
        "legend_same": "<span style='color:{red}'>■</span> red frame: your move, which is the "
        "greedy bot's first choice too",
        "col_rank": "rank",
        "col_move": "move",
        "col_value": "value (VP)",
        "col_does": "what it does for you",
        "you": "your move",
        "none": "There are no placements to review in this game yet.",
        "no_miss": "No big misses here: every placement was within {vp:g} VP of the greedy bot's "
        "first choice.",
        "no_more": "There is no big miss {where} this one.",
        "before": "before",
        "after": "after",
        "deep_button": "Think deeper (mcts)",
        "deep_seconds": "seconds",
        "deep_thinking": "mcts is thinking about this placement (up to {seconds:g} s)…",
        "deep_busy": "mcts is still thinking: wait for it to finish.",
        "deep_budget": "Give the searching bot between {low:g} and {high:g} seconds.",
        "error": "Something went wrong in the review ({error}); nothing was changed.",
        "plot_title": "Scores over the game (dotted lines: the shift scorings; ×: big misses)",
        "plot_x": "move",
        "plot_y": "VP",
        "plot_here": "this placement",
        "plot_miss": "big miss",
        "shift_scored": "shift {shift} scored",
        "categories_title": "Points by category at the end",
        "categories_so_far": "Points by category so far (the game is not over)",
    },
)

# the bar left of a verdict: a big miss, a fair move, the best move (the verdict says it in words
# too; each bar stands out on the page, 3:1: tests/test_contrast.py)
VERDICT_BARS = (SELECTED, "#a65c00", TAKEN)


def say(key: str, **params: Any) -> str:
    return TEXT.say(key, **params)


def _say_error(widget: ReviewWidget, error: str) -> None:
    widget.say(say("error", error=error), bad=True)


reported = reporting(_say_error)  # a callback's unexpected exception becomes a message


class ReviewWidget(w.VBox):
    """``ReviewWidget(game_review)`` (or a record, a record file's path, a game state): the
    review on screen. ``index`` is the placement shown; the buttons change it."""

    def __init__(
        self,
        game: GameReview | RecordLike,
        *,
        seats: Iterable[int | str] | None = None,
        top: int = SHOWN,
        budget: float = BUDGET[0],
    ) -> None:
        self.game = game if isinstance(game, GameReview) else review(game, seats=seats)
        self.top = top
        self.index = 0
        self.deep: dict[int, DeepAnalysis] = {}  # the searching bot's findings, by move
        self._task: asyncio.Future[Any] | None = None
        button = functools.partial(w.Button, layout=w.Layout(width="auto"))
        self.previous_button = button(description=say("previous"))
        self.next_button = button(description=say("next"))
        self.previous_miss_button = button(description=say("previous_miss"))
        self.next_miss_button = button(description=say("next_miss"))
        self.biggest_button = button(description=say("biggest_miss"), button_style="warning")
        self.where = w.HTML()
        self.verdict = w.HTML()
        self.board = w.HTML(layout=w.Layout(width="100%", max_width=f"{WIDTH}px"))
        self.legend = w.HTML()
        self.ranking = w.HTML()
        self.deep_seconds = w.BoundedFloatText(
            value=budget,
            min=BUDGET[1],
            max=BUDGET[2],
            step=0.5,
            description=say("deep_seconds"),
            layout=w.Layout(width="170px"),
        )
        self.deep_button = button(description=say("deep_button"))
        self.progress = w.FloatProgress(value=0.0, min=0.0, max=1.0, layout=w.Layout(width="220px"))
        self.deep_text = w.HTML()
        self.message = w.HTML()
        self.plot = w.Image(
            value=plot_png(self.game),
            format="png",
            layout=w.Layout(width="100%", max_width=f"{WIDTH}px"),
        )
        self.categories = w.HTML(categories_html(self.game))
        self.previous_button.on_click(lambda _b: self.previous())
        self.next_button.on_click(lambda _b: self.next())
        self.previous_miss_button.on_click(lambda _b: self.previous_miss())
        self.next_miss_button.on_click(lambda _b: self.next_miss())
        self.biggest_button.on_click(lambda _b: self.biggest_miss())
        self.deep_button.on_click(lambda _b: self.think_deeper())
        header = w.HTML(
            f"<b>{html.escape(self.game.summary())}</b><br>"
            f"<span style='{NOTE}'>{html.escape(values_note())}</span>"
        )
        steps = w.HBox(
            [
                self.previous_button,
                self.next_button,
                self.previous_miss_button,
                self.next_miss_button,
                self.biggest_button,
            ],
            layout=w.Layout(flex_flow="row wrap"),
        )
        deeper = w.HBox(
            [self.deep_seconds, self.deep_button, self.progress],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__(
            [
                header,
                steps,
                self.where,
                self.verdict,
                self.message,
                self.board,
                self.legend,
                self.ranking,
                deeper,
                self.deep_text,
                self.plot,
                self.categories,
            ],
            layout=w.Layout(width="100%", max_width=f"{WIDTH}px"),
        )
        light_panel(self)  # on a dark page, a light panel: the board picture is light
        self.show(0)

    # --- what is shown ---------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        decisions = self.game.decisions
        return decisions[self.index] if decisions else None

    def say(self, text: str, *, bad: bool = False) -> None:
        colour = SELECTED if bad else "#8a8276"
        self.message.value = (
            (
                f"<div style='border-left:4px solid {colour};padding:2px 8px'>"
                f"{html.escape(text)}</div>"
            )
            if text
            else ""
        )

    @reported
    def show(self, index: int) -> None:
        """Show placement ``index`` (0 = the first reviewed)."""
        decisions = self.game.decisions
        self.say("")
        if not decisions:
            self.where.value = html.escape(say("none"))
            for b in self._step_buttons():
                b.disabled = True
            self.deep_button.disabled = True
            return
        self.index = max(0, min(index, len(decisions) - 1))
        decision = decisions[self.index]
        self.where.value = html.escape(
            say(
                "where",
                k=self.index + 1,
                n=len(decisions),
                number=decision.number,
                shift=shift_name(decision.shift),
                name=decision.name,
            )
        )
        self.verdict.value = verdict_html(decision)
        self.board.value = decision_svg(decision)
        same = decision.played.rank == 1
        legend = say("legend_same" if same else "legend", red=SELECTED, orange=HIGHLIGHT)
        self.legend.value = f"<span style='{NOTE}'>{legend}</span>"
        self.ranking.value = ranking_html(decision, self.top)
        found = self.deep.get(decision.number)
        self.deep_text.value = deep_html(found) if found is not None else ""
        self.progress.value = 1.0 if found is not None else 0.0
        self.previous_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(decisions) - 1
        self.previous_miss_button.disabled = self._miss(-1) is None
        self.next_miss_button.disabled = self._miss(+1) is None
        self.biggest_button.disabled = not self.game.misses

    def _step_buttons(self) -> list[w.Button]:
        return [
            self.previous_button,
            self.next_button,
            self.previous_miss_button,
            self.next_miss_button,
            self.biggest_button,
        ]

    def _miss(self, direction: int) -> int | None:
        """The index of the nearest big miss before (-1) or after (+1) the one shown."""
        decisions = self.game.decisions
        others = (
            range(self.index - 1, -1, -1)
            if direction < 0
            else range(self.index + 1, len(decisions))
        )
        return next((i for i in others if decisions[i].big_miss), None)

    # --- stepping --------------------------------------------------------------------------
    @reported
    def next(self) -> None:
        self.show(self.index + 1)

    @reported
    def previous(self) -> None:
        self.show(self.index - 1)

    @reported
    def next_miss(self) -> None:
        self._jump(+1)

    @reported
    def previous_miss(self) -> None:
        self._jump(-1)

    def _jump(self, direction: int) -> None:
        found = self._miss(direction)
        if found is None:
            where = say("after" if direction > 0 else "before")
            self.say(
                say("no_more", where=where) if self.game.misses else say("no_miss", vp=BIG_MISS_VP)
            )
            return
        self.show(found)

    @reported
    def biggest_miss(self) -> None:
        worst = self.game.misses[0] if self.game.misses else None
        if worst is None:
            self.say(say("no_miss", vp=BIG_MISS_VP))
            return
        self.show(self.game.decisions.index(worst))

    # --- the deeper look -------------------------------------------------------------------
    def _budget(self) -> float | None:
        seconds = self.deep_seconds.value
        if not BUDGET[1] <= seconds <= BUDGET[2]:
            self.say(say("deep_budget", low=BUDGET[1], high=BUDGET[2]), bad=True)
            return None
        return float(seconds)

    @reported
    def think_deeper(self) -> None:
        """Let the searching bot think about the placement shown: in the background when an
        event loop runs (a notebook), else at once."""
        decision = self.decision
        if decision is None:
            return
        if self._task is not None and not self._task.done():
            self.say(say("deep_busy"))
            return
        seconds = self._budget()
        if seconds is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # plain Python: think now
            self._found(decision, analyse_deeper(decision, seconds))
            return
        self._task = loop.create_task(self.think_in_background(decision, seconds))

    async def think_in_background(self, decision: Decision, seconds: float) -> None:
        """The search in a worker thread; the progress bar shows the time used of the budget."""
        loop = asyncio.get_running_loop()
        self.deep_button.disabled = True
        self.deep_text.value = html.escape(say("deep_thinking", seconds=seconds))
        started = time.perf_counter()
        work = loop.run_in_executor(None, functools.partial(analyse_deeper, decision, seconds))
        try:
            while not work.done():
                self.progress.value = min(1.0, (time.perf_counter() - started) / seconds)
                await asyncio.wait({work}, timeout=0.1)
            self._found(decision, work.result())
        except Exception as error:
            self.deep_text.value = ""
            self.say(say("error", error=f"{type(error).__name__}: {error}"), bad=True)
        finally:
            self.deep_button.disabled = False

    def _found(self, decision: Decision, found: DeepAnalysis) -> None:
        self.deep[decision.number] = found
        self.progress.value = 1.0
        if self.decision is decision:
            self.deep_text.value = deep_html(found)


# --- pieces of the view (pure functions of the review) --------------------------------------------
def decision_svg(decision: Decision) -> str:
    """The board before the placement: the reviewed player's mine at full size, the played
    space framed red and the greedy bot's first choice orange."""
    played = f"space:{decision.played.action.space}"  # type: ignore[union-attr]
    best = f"space:{decision.best.action.space}"  # type: ignore[union-attr]
    highlights = [best] if decision.played.rank > 1 else []
    return board_svg(
        decision.state,
        featured=decision.seat,
        view="turn",
        highlights=highlights,
        selected=[played],
    )


def verdict_html(decision: Decision) -> str:
    colour = VERDICT_BARS[0 if decision.big_miss else 1 if decision.played.rank > 1 else 2]
    return (
        f"<div style='border-left:6px solid {colour};padding:4px 10px;font-size:1.05em'>"
        f"{html.escape(decision.verdict)}</div>"
    )


def ranking_html(decision: Decision, top: int = SHOWN) -> str:
    """The greedy bot's best ``top`` placements (and yours), as a table that fits 840 px."""
    head = "".join(
        f"<th style='text-align:{align};padding:2px 6px'>{html.escape(say(k))}</th>"
        for k, align in (
            ("col_rank", "right"),
            ("col_move", "left"),
            ("col_value", "right"),
            ("col_does", "left"),
        )
    )
    rows = []
    for alternative in decision.table(top):
        mine = alternative is decision.played
        style = " style='background:#fde8e6;font-weight:bold'" if mine else ""
        you = f" <span style='{NOTE}'>← {html.escape(say('you'))}</span>" if mine else ""
        value = say_number(alternative.value, ".1f")
        rows.append(
            f"<tr{style}><td style='text-align:right;padding:2px 6px'>{alternative.rank}</td>"
            f"<td style='padding:2px 6px'>{html.escape(capital(alternative.words))} "
            f"<span style='{NOTE};color:#6b6357'>{html.escape(alternative.notation)}</span>"
            f"{you}</td>"
            f"<td style='text-align:right;padding:2px 6px'>{value}</td>"
            f"<td style='padding:2px 6px'>{html.escape(capital(alternative.effect))}</td></tr>"
        )
    return (
        f"<table style='width:100%;max-width:{WIDTH}px;border-collapse:collapse;"
        f"font-size:0.95em'><tr>{head}</tr>{''.join(rows)}</table>"
    )


def deep_html(found: DeepAnalysis) -> str:
    return (
        f"<div style='padding:2px 0'>{html.escape(str(found))}<br>"
        f"<span style='{NOTE}'>{html.escape(margin_note())}</span></div>"
    )


def categories_html(game: GameReview) -> str:
    """Points by category per player, and the total (which is the score)."""
    title = say("categories_title" if game.result.over else "categories_so_far")
    keys = [*CATEGORIES, "total"]
    head = "".join(
        f"<th style='text-align:right;padding:2px 5px'>{html.escape(category_label(k))}</th>"
        for k in keys
    )
    rows = []
    for seat, (name, points) in enumerate(zip(game.names, game.categories(), strict=True)):
        cells = [*(points[k] for k in CATEGORIES), sum(points.values())]
        bold = "font-weight:bold;" if seat in game.seats else ""
        rows.append(
            f"<tr><td style='{bold}padding:2px 5px;color:{PLAYER_INK[seat]}'>"
            f"{html.escape(name)}</td>"
            + "".join(f"<td style='text-align:right;padding:2px 5px'>{c}</td>" for c in cells)
            + "</tr>"
        )
    return (
        f"<b>{html.escape(title)}</b><table style='width:100%;max-width:{WIDTH}px;"
        f"border-collapse:collapse;font-size:0.9em'><tr><th></th>{head}</tr>"
        f"{''.join(rows)}</table>"
    )


def plot_scores(game: GameReview, ax: Axes | None = None, *, at: int | None = None) -> Axes:
    """Every player's VP after every move (a step line in the player's colour), dotted lines
    where a shift was scored, the reviewed players' big misses marked, and ``at`` (a move
    number) as a grey line. Without ``ax``, on a new figure 840 px wide (not pyplot's)."""
    if ax is None:
        from matplotlib.figure import Figure

        figure = Figure(figsize=(WIDTH / 100, 3.0))
        figure.subplots_adjust(left=0.07, right=0.99, top=0.91, bottom=0.15)
        ax = figure.subplots()
    last = len(game.scores) - 1  # moves played
    pad = max(2, last // 40)  # the last scores stand a little to the right of the last move
    moves = [*range(last + 1), last + pad]
    for seat, name in enumerate(game.names):
        scores = [*game.scores[:, seat].tolist(), int(game.scores[-1, seat])]
        ax.plot(
            moves,
            scores,
            drawstyle="steps-post",
            color=PLAYER[seat],
            lw=2.2 if seat in game.seats else 1.4,
            label=name,
        )
    top = max(1, int(game.scores.max()))
    for shift, move in enumerate(game.shift_ends, start=1):
        ax.axvline(move, color="#8a8276", ls=":", lw=1)
        ax.text(
            move - pad / 2,
            top,
            say("shift_scored", shift=shift_name(shift)),
            ha="right",
            va="top",
            fontsize=8,
            color="#6b6357",
        )
    misses = game.misses
    if misses:
        ax.scatter(
            [d.number for d in misses],
            [game.scores[d.number - 1, d.seat] for d in misses],
            marker="x",
            color=SELECTED,
            s=50,
            zorder=3,
            label=say("plot_miss"),
        )
    if at is not None:
        ax.axvline(at, color="#444", lw=1, alpha=0.6, label=say("plot_here"))
    ax.set_xlim(0, last + pad)
    ax.set_xlabel(say("plot_x"))
    ax.set_ylabel(say("plot_y"))
    ax.set_title(say("plot_title"), fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    return ax


def plot_png(game: GameReview, *, at: int | None = None) -> bytes:
    """:func:`plot_scores` as PNG bytes (twice the CSS size, for sharp text). Drawn once per
    widget: matplotlib takes a few tenths of a second for it."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    ax = plot_scores(game, at=at)
    figure = ax.get_figure()
    FigureCanvasAgg(figure)  # type: ignore[arg-type]
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=200)  # type: ignore[union-attr]
    return out.getvalue()


__all__ = [
    "TEXT",
    "ReviewWidget",
    "categories_html",
    "decision_svg",
    "deep_html",
    "plot_png",
    "plot_scores",
    "ranking_html",
    "verdict_html",
]
