"""The scoring panel: after each shift, the 12 segments of the shift clock (counts per player,
places, points); at the end, the final breakdown, the winner and the game's statistics per
player. Built from the engine's events, result and statistics — the widgets compute no score
themselves."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from gluckauf.core.errors import GameError
from gluckauf.core.events import Event
from gluckauf.core.state import GameState
from gluckauf.text.words import shift_name

from .labels import say


@dataclass
class ShiftReport:
    """What one shift scoring said: per segment, every player's count and award."""

    shift: int
    at: int  # the number of actions played when it happened (undo drops later reports)
    segments: list[dict[str, Any]] = field(default_factory=list)


def collect(reports: list[ShiftReport], events: list[Event], actions_played: int) -> None:
    """Add the shift scorings found in ``events`` to ``reports``."""
    for event in events:
        if event.kind == "shift_end":
            reports.append(ShiftReport(event.data["shift"], actions_played))
        elif event.kind == "segment" and reports:
            reports[-1].segments.append(event.data)


def report_html(report: ShiftReport, names: list[str]) -> str:
    head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
    rows = []
    for segment in report.segments:
        awarded = {p: (place, points) for p, place, points in segment["awarded"]}
        cells = []
        for p, count in enumerate(segment["counts"]):
            if p in awarded:
                place, points = awarded[p]
                text = say("score.counts", count=count, points=points)
                cells.append(f"<td style='font-weight:bold'>{text} ({place})</td>")
            else:
                cells.append(f"<td>{say('score.count_only', count=count)}</td>")
        number = segment["segment"]
        rows.append(f"<tr><td>{number}. {say(f'segment.{number}')}</td>{''.join(cells)}</tr>")
    title = say("score.title", roman=shift_name(report.shift))
    return (
        f"<details><summary><b>{title}</b></summary><table><tr><th>{say('score.segment')}"
        f"</th>{head}</tr>{''.join(rows)}</table><p><small>{say('score.rules')}</small></p>"
        "</details>"
    )


def final_html(state: GameState) -> str:
    result = state.result()
    players = result.players
    head = "".join(f"<th>{html.escape(r.name)}</th>" for r in players)

    def row(label: str, values: list[Any]) -> str:
        return f"<tr><td>{label}</td>{''.join(f'<td>{v}</td>' for v in values)}</tr>"

    rows = [
        row(say("score.orders"), [r.orders for r in players]),
        row(say("score.shifts"), [r.shift_total for r in players]),
    ]
    for item in ("end_money", "end_cubes", "end_orders", "end_balance"):
        rows.append(row(say(f"score.{item}"), [r.end[item] for r in players]))
    rows.append(row(f"<b>{say('score.total')}</b>", [f"<b>{r.score}</b>" for r in players]))
    rows.append(row(say("score.marks_left"), [r.tie_break_marks for r in players]))
    winners = " & ".join(html.escape(players[w].name) for w in result.winners)
    return (
        f"<div><b>{say('score.final')}</b><table><tr><th></th>{head}</tr>{''.join(rows)}"
        f"</table><p><b>{say('score.winner', names=winners)}.</b></p>"
        f"<p><small>{say('score.end_rules')}</small></p></div>"
    )


def stats_html(state: GameState) -> str:
    """The game's statistics per player (:func:`gluckauf.analysis.stats.stats`), folded under a
    summary line; "" for a state that has no game to count (a position set up by hand)."""
    from gluckauf.analysis.stats import stats

    try:
        table = str(stats(state))
    except GameError:
        return ""
    return (
        f"<details><summary><b>{say('score.stats')}</b></summary>"
        f'<pre style="font-size:12px;line-height:1.35">{html.escape(table)}</pre></details>'
    )
