"""Announcements: a shift's scoring and the game's end, told on the board step by step.

When a shift ends, its scoring comes in view one segment at a time — who scores what and why —
and waits for the learner (Next ▸ / Continue); the end of the game likewise. Steps are words
made from the engine's scoring events and result (:mod:`widgets.scorecard` gathers them); the
board draws the current step over its picture (:func:`widgets.draw.draw_announcement`) and
holds the bots until the learner has read it.
"""

from __future__ import annotations

from dataclasses import dataclass

from gluckauf.core.components import SEGMENTS_AFTER_SHIFT
from gluckauf.core.state import GameState
from gluckauf.text.words import shift_name

from .labels import say
from .scorecard import ShiftReport


@dataclass(frozen=True)
class Step:
    """One card of an announcement: a title, a few lines, and the clock segment it is about
    (highlighted on the board), if any."""

    title: str
    lines: tuple[str, ...]
    segment: int | None = None


def shift_steps(report: ShiftReport, names: list[str]) -> list[Step]:
    """A shift's scoring: what scores now, then each segment's awards (R-SHIFT-2 to
    R-SHIFT-6)."""
    roman = shift_name(report.shift)
    last = SEGMENTS_AFTER_SHIFT[report.shift - 1]
    steps = [
        Step(
            say("announce.shift_title", roman=roman),
            (say("announce.shift_intro", roman=roman, last=last),),
        )
    ]
    for segment in report.segments:
        number = segment["segment"]
        counts = ", ".join(f"{names[p]} {n}" for p, n in enumerate(segment["counts"]))
        lines = [say("announce.counts", what=say(f"segment.{number}"), counts=counts)]
        awarded = sorted(segment["awarded"], key=lambda award: award[1])
        for p, place, points in awarded:
            lines.append(say(f"announce.award.{place}", name=names[p], points=points))
        if not awarded:
            lines.append(say("announce.nobody"))
        steps.append(
            Step(
                say("announce.segment_title", n=number, what=say(f"segment.{number}")),
                tuple(lines),
                number,
            )
        )
    return steps


def end_steps(state: GameState) -> list[Step]:
    """The end of the game: each player's total and where it came from, then the winner
    (R-END-1 to R-END-5), in the engine's own words for a result."""
    lines = tuple(line.strip() for line in str(state.result()).splitlines()[1:])
    return [Step(say("announce.over_title"), lines)]


def scores_line(state: GameState) -> str:
    """Everyone's score now, for the last card of a shift."""
    scores = ", ".join(
        f"{name} {say('board.vp', n=vp)}" for name, vp in zip(state.names, state.score, strict=True)
    )
    return say("announce.scores_now", scores=scores)


__all__ = ["Step", "end_steps", "scores_line", "shift_steps"]
