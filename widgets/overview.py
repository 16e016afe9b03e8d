"""Pictures that explain the board itself, for lesson 01: the whole board with a numbered
badge on each part and a key naming it, and a legend of the shift clock's 12 segments.

Both are static (SVG and HTML, no kernel needed) and built from the same layout and drawing
as the live widget, so the numbers always sit on the parts they name. The segment facts
(what is counted, VP for 1st and 2nd place, which shifts score) come from the engine.
"""

from __future__ import annotations

import html

from gluckauf.core.components import SEGMENT_POINTS, SEGMENTS, SEGMENTS_AFTER_SHIFT
from gluckauf.core.state import GameState
from gluckauf.text.reference import rule_link
from gluckauf.text.words import shift_name

from .draw import picture
from .geometry import layout
from .labels import say
from .painter import to_svg

# (part of the layout, what it is called, what it is for, the rule that explains it)
PARTS: tuple[tuple[str, str, str], ...] = (
    ("area:tunnel", "overview.tunnel", "R-TUNNEL-1"),
    ("area:mining", "overview.mining", "R-MINE-1"),
    ("area:delivery", "overview.delivery", "R-DELIVER-1"),
    ("area:money", "overview.money", "R-MONEY-1"),
    ("area:orders", "overview.orders", "R-ORDER-1"),
    ("area:bank", "overview.bank", "R-TURN-4"),
    ("area:canteen", "overview.canteen", "R-TURN-2"),
    ("area:supply", "overview.supply", "R-TUNNEL-2"),
    ("area:clock", "overview.clock", "R-SHIFT-1"),
    ("area:scores", "overview.scores", "R-END-5"),
    ("area:panel", "overview.panel", "R-TURN-1"),
    ("mine:{featured}", "overview.mine", "R-MINE-2"),
    ("mine:{other}", "overview.others", "R-TURN-1"),
)
BADGE_R = 9  # sits in the part's title row, clear of its spaces


class Overview:
    """The labelled board: in a notebook the picture (SVG, as wide as the cell) and its key
    (an HTML table) as two outputs; ``_repr_html_`` gives both in one page elsewhere."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.svg = overview_svg(state)
        self.key = overview_key(state)

    def _repr_html_(self) -> str:
        return f"<div>{self.svg}</div><div>{self.key}</div>"

    def _ipython_display_(self) -> None:
        # two outputs: an HTML output has a right padding, so an SVG inside it would be drawn
        # narrower than the cell (and its smallest text under 11 px at 1280×720)
        from IPython.display import HTML, SVG, display

        display(SVG(self.svg), HTML(self.key))


def _parts(state: GameState) -> list[tuple[str, str, str]]:
    geometry = layout(state, view="full")
    other = next(p for p in range(state.players) if p != geometry.featured)
    named = [
        (part.format(featured=geometry.featured, other=other), key, rule)
        for part, key, rule in PARTS
    ]
    return [(part, key, rule) for part, key, rule in named if geometry.has(part)]


def overview_svg(state: GameState) -> str:
    """The full board of ``state`` with a numbered badge at the top right of each part."""
    geometry = layout(state, view="full")
    painter = picture(state, geometry)
    for number, (part, _key, _rule) in enumerate(_parts(state), start=1):
        box = geometry.box(part)
        cx, cy = box.right - BADGE_R - 4, box.y + BADGE_R + 1
        painter.circle(cx, cy, BADGE_R, fill="#1a5fb4", stroke="#ffffff", width=1.5)
        painter.text(cx, cy + 4, str(number), size=11, fill="#ffffff", anchor="middle", bold=True)
    return to_svg(painter, geometry.width, geometry.height, responsive=True)


def overview_key(state: GameState) -> str:
    """The key to the badges: number, name, what it is for, the rule to read."""
    rows = "".join(
        f"<tr><td style='text-align:center'><b>{number}</b></td>"
        f"<td><b>{html.escape(say(key + '.name'))}</b></td>"
        f"<td>{html.escape(say(key + '.what'))}</td><td>{_rule_link(rule)}</td></tr>"
        for number, (_part, key, rule) in enumerate(_parts(state), start=1)
    )
    return (
        f"<table><tr><th>#</th><th>{say('overview.part')}</th><th>{say('overview.for')}</th>"
        f"<th>{say('overview.rule')}</th></tr>{rows}</table>"
    )


def _rule_link(rule_id: str) -> str:
    """A link to the rule in the kit's reference (a notebook beside the lessons: JupyterLab
    opens it at the rule)."""
    return f"<a href='{rule_link(rule_id)}' style='white-space:nowrap'><code>{rule_id}</code></a>"


def overview(state: GameState) -> Overview:
    """``overview(state)`` in a notebook cell: the labelled board and its key."""
    return Overview(state)


def clock_rows() -> list[tuple[int, str, int, int, str]]:
    """Per segment: number, what it counts, VP for 1st and 2nd place, and the shifts that
    score it (R-SHIFT-1 … R-SHIFT-3)."""
    rows = []
    for segment in range(1, SEGMENTS + 1):
        first_shift = next(
            s for s, last in enumerate(SEGMENTS_AFTER_SHIFT, start=1) if segment <= last
        )
        shifts = ", ".join(shift_name(s) for s in range(first_shift, len(SEGMENTS_AFTER_SHIFT) + 1))
        first, second = SEGMENT_POINTS[segment - 1]
        rows.append((segment, say(f"segment.{segment}"), first, second, shifts))
    return rows


class ClockLegend:
    """The shift clock's legend as an HTML table (``_repr_html_``) and plain text."""

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{segment}</td><td>{html.escape(counts)}</td><td>{first}</td>"
            f"<td>{second}</td><td>{shifts}</td></tr>"
            for segment, counts, first, second, shifts in clock_rows()
        )
        head = "".join(
            f"<th>{say(f'legend.{c}')}</th>"
            for c in ("segment", "counts", "first", "second", "shifts")
        )
        return (
            f"<table><tr>{head}</tr>{rows}</table>"
            f"<p><small>{html.escape(say('legend.notes'))}</small></p>"
        )

    def __str__(self) -> str:
        lines = [
            f"{segment:>2}. {counts}: {first} / {second} VP, scored at the end of shift {shifts}"
            for segment, counts, first, second, shifts in clock_rows()
        ]
        return "\n".join([*lines, say("legend.notes")])

    __repr__ = __str__


def clock_legend() -> ClockLegend:
    """``clock_legend()`` in a notebook cell: what each of the 12 segments scores."""
    return ClockLegend()
