"""The board in words (issue 26, 2): what a learner who cannot see the picture needs to know —
whose turn it is and the scores, your mine, your orders, the other players, the main board
and the shift clock — in the current language.

Every thing is described by the sentence its hover says (:func:`widgets.hover.describe_target`,
from the engine), so the words are the ones a mouse user reads, and a rule changed in the
engine changes them here too. :func:`describe_board` gives the sections as text;
:func:`description_html` as headings and lists for the board's "Describe" panel.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from gluckauf.core.components import ORDER_BY_CODE, ORDERS, SEGMENTS_AFTER_SHIFT, SPACES
from gluckauf.text.words import order_name, shift_name

from .announce import scores_line
from .hover import describe_target
from .labels import say

if TYPE_CHECKING:
    from gluckauf.core.state import GameState

Section = tuple[str, list[str]]  # a heading and its sentences


def _said(*sentences: str) -> list[str]:
    return [s for s in sentences if s]


def _now(state: GameState, status: str) -> Section:
    clock = say(
        "board.clock", roman=shift_name(state.shift), last=SEGMENTS_AFTER_SHIFT[state.shift - 1]
    )
    return say("describe.now"), _said(status, scores_line(state), clock)


def _mine(state: GameState, seat: int) -> Section:
    levels = [describe_target(f"level:{seat}:{level}", state, seat) for level in range(5)]
    cage = [
        describe_target(f"cage:{seat}:{colour}", state, seat)
        for colour in range(4)
        if state.cage[seat][colour]
    ]
    return (
        say("describe.mine", name=state.names[seat]),
        _said(
            describe_target(f"mine:{seat}", state, seat),
            *levels,
            *cage,
            describe_target(f"storage:{seat}", state, seat),
        ),
    )


def _orders(state: GameState, seat: int) -> Section:
    lines = []
    for card, slots in state.outstanding[seat]:
        code = ORDERS[card].code
        filled = sum(1 for cubes in slots if cubes)
        lines.append(
            say(
                "describe.order",
                order=order_name(code, "a"),
                filled=filled,
                slots=len(ORDER_BY_CODE[code].slots),
            )
        )
    return say("describe.orders", n=len(lines)), lines or [say("describe.no_orders")]


def _others(state: GameState, seat: int) -> Section:
    return say("describe.others"), [
        describe_target(f"mine:{p}", state, seat) for p in range(state.players) if p != seat
    ]


def _main_board(state: GameState, seat: int) -> Section:
    spaces = [describe_target(f"space:{space.code}", state, seat) for space in SPACES]
    supply = [describe_target(f"supply:{colour}", state, seat) for colour in range(4)]
    return say("describe.board"), _said(*spaces, *supply)


def describe_board(state: GameState, seat: int, status: str) -> list[Section]:
    """The board as ``seat`` sees it, in sections of sentences; ``status`` is the board's
    own line (whose turn and what to do)."""
    return [
        _now(state, status),
        _mine(state, seat),
        _orders(state, seat),
        _others(state, seat),
        _main_board(state, seat),
    ]


def description_html(sections: list[Section]) -> str:
    """The sections as headings with lists (a screen reader can jump from one to the next)."""
    parts = []
    for heading, sentences in sections:
        items = "".join(f"<li>{html.escape(s)}</li>" for s in sentences)
        parts.append(
            f"<h4 style='margin:6px 0 2px'>{html.escape(heading)}</h4>"
            f"<ul style='margin:0;padding-left:18px'>{items}</ul>"
        )
    return "".join(parts)


__all__ = ["describe_board", "description_html"]
