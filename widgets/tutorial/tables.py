"""Scores and game records as small tables for the lessons, in words (issue 25).

A lesson shows what the engine counts — the end-of-game items, a final result, what a saved
game holds — as a table whose rows are named in the current language (row names from
:mod:`widgets.labels`), never as a dictionary or in the notation. Each function returns a
:class:`Table`: a notebook shows it as HTML, and its text form (``repr``) is a plain text table
that nbval can compare.
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass, field
from pathlib import Path

from gluckauf.core.actions import Place
from gluckauf.core.components import AREA_MONEY, SPACES
from gluckauf.core.scoring import END_ITEMS
from gluckauf.core.state import GameState
from gluckauf.core.texttable import text_table
from gluckauf.files.records import game_start, load_record, replay
from gluckauf.text.words import describe_action, shift_name

from ..labels import say

MINUS = "−"  # a penalty is printed with a real minus sign, as in the rulebook


@dataclass
class Table:
    """A table with a first column of row names: ``head`` the column titles, ``rows`` each a
    row name and its cells, ``caption`` a sentence above it and ``note`` one under it."""

    head: list[str]
    rows: list[tuple[str, list[str]]]
    caption: str = ""
    note: str = ""
    bold: set[int] = field(default_factory=set)  # the rows (by index) shown in bold
    words: bool = False  # cells of words (left-aligned), not numbers

    def _repr_html_(self) -> str:
        def cell(text: str, tag: str, bold: bool, left: bool = False) -> str:
            style = "text-align:left" if left or self.words else "text-align:right"
            text = html.escape(text)
            return f"<{tag} style='{style}'>{f'<b>{text}</b>' if bold else text}</{tag}>"

        head = "".join(cell(text, "th", False, left=i == 0) for i, text in enumerate(self.head))
        body = "".join(
            "<tr>"
            + cell(name, "td", i in self.bold, left=True)
            + "".join(cell(value, "td", i in self.bold) for value in values)
            + "</tr>"
            for i, (name, values) in enumerate(self.rows)
        )
        caption = f"<p><b>{html.escape(self.caption)}</b></p>" if self.caption else ""
        note = f"<p>{html.escape(self.note)}</p>" if self.note else ""
        return (
            f"<div class='gluckauf-table'>{caption}<table><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>{note}</div>"
        )

    def __repr__(self) -> str:
        lines = [self.caption] if self.caption else []
        if self.words:  # a sentence per row, after its row name
            width = max(len(name) for name, _values in self.rows)
            lines += [f"{name.ljust(width)}  {'  '.join(values)}" for name, values in self.rows]
        else:
            lines.append(
                text_table([list(self.head)] + [[name, *values] for name, values in self.rows])
            )
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)


def signed(points: int) -> str:
    """VP as a table shows them: +1, 0, −6."""
    return f"+{points}" if points > 0 else f"{MINUS}{-points}" if points < 0 else "0"


def _seats(state: GameState, players: list[int] | None) -> list[int]:
    return list(range(state.players)) if players is None else list(players)


def holdings(state: GameState, players: list[int] | None = None) -> Table:
    """What the end-of-game items count, per player: Marks, coal cubes anywhere in the mine
    and on open orders, open orders, light-side and dark-side tiles (R-END-1 … R-END-4)."""
    from gluckauf.core.scoring import end_counts

    seats = _seats(state, players)
    counts = [end_counts(state, p) for p in seats]  # the engine counts them
    keys = ("marks", "cubes", "open_orders", "light", "dark")
    return Table(
        ["", *(state.names[p] for p in seats)],
        [(say(f"table.{key}"), [str(count[key]) for count in counts]) for key in keys],
    )


def end_items(state: GameState, players: list[int] | None = None) -> Table:
    """The four end-of-game items of each player (R-END-1 … R-END-4), their sum, and the
    Marks kept for the tie-break: "Money +1, Coal left +1, Open orders −1, Balance −6"."""
    from gluckauf.core.scoring import end_items as score_items
    from gluckauf.core.scoring import marks_left

    seats = _seats(state, players)
    items = [score_items(state, p) for p in seats]
    rows = [
        (say(f"score.{item}"), [signed(points[item]) for points in items]) for item in END_ITEMS
    ]
    rows.append((say("table.end_total"), [signed(sum(points.values())) for points in items]))
    rows.append((say("score.marks_left"), [str(marks_left(state, p)) for p in seats]))
    return Table(["", *(state.names[p] for p in seats)], rows, bold={len(rows) - 2})


def final_scores(state: GameState, *, caption: str = "") -> Table:
    """A game's result player by player: VP from delivered orders, the shift clock after each
    shift, the four end-of-game items, the total, the Marks left for a tie-break, and the
    winner (R-END-5) under the table."""
    result = state.result()
    players = result.players
    rows = [(say("score.orders"), [str(r.orders) for r in players])]
    for s in range(3):
        rows.append(
            (
                say("table.shift", roman=shift_name(s + 1)),
                [str(sum(r.shifts[s])) if s < len(r.shifts) else "0" for r in players],
            )
        )
    rows += [(say(f"score.{item}"), [signed(r.end[item]) for r in players]) for item in END_ITEMS]
    rows.append((say("score.total"), [str(r.score) for r in players]))
    rows.append((say("score.marks_left"), [str(r.tie_break_marks) for r in players]))
    winners = " & ".join(players[w].name for w in result.winners)
    note = say("score.winner", names=winners) + "." if winners else ""
    return Table(
        ["", *(r.name for r in players)], rows, caption=caption, note=note, bold={len(rows) - 2}
    )


def take_marks(state: GameState, marks: int) -> GameState:
    """A copy of ``state`` after the player to act places on the money space that gives
    ``marks`` Marks (R-MONEY-1): for a lesson's "what if" without the notation."""
    space = next(s for s in SPACES if s.area == AREA_MONEY and s.value == marks)
    after = state.copy()
    after.apply(Place(space.code))
    return after


def record_summary(path: str | os.PathLike[str], first: int = 5) -> Table:
    """What a saved game record holds, in words: the players, the seed, how many moves, the
    first ``first`` moves as sentences, and the winner."""
    record = load_record(path)
    state = game_start(replay(record))
    rows = [
        (say("table.players"), [", ".join(record["names"])]),
        (say("table.seed"), [str(record["seed"])]),
        (say("table.moves"), [str(len(record["actions"]))]),
    ]
    for n, action in enumerate(replay(record).history[:first], start=1):
        who = state.names[state.current]
        rows.append((say("table.move", n=n), [f"{who}: {describe_action(action, state)}"]))
        state.apply(action)
    winners = record.get("result", {}).get("winners") or []
    if winners:
        rows.append((say("table.winner"), [" & ".join(record["names"][w] for w in winners)]))
    return Table(["", ""], rows, caption=say("table.record", file=Path(path).name), words=True)


def replay_summary(path: str | os.PathLike[str]) -> Table:
    """A saved game replayed move by move by the rules (as ``python -m gluckauf replay``):
    how many moves, every one legal, and the final scores."""
    record = load_record(path)
    state = replay(record)
    return final_scores(
        state, caption=say("table.replayed", n=len(state.history), file=Path(path).name)
    )


__all__ = [
    "Table",
    "end_items",
    "final_scores",
    "holdings",
    "record_summary",
    "replay_summary",
    "signed",
    "take_marks",
]
