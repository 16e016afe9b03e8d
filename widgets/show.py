"""Static pictures of a state: SVG text (a pure function) and ``show(state)`` for notebooks,
nbconvert/HTML exports and GitHub — no widget, no kernel needed to look at it."""

from __future__ import annotations

from collections.abc import Iterable

from gluckauf.state import GameState

from .draw import draw_highlights, draw_pieces, draw_static
from .geometry import layout
from .painter import Painter, to_svg


def board_svg(state: GameState, *, highlights: Iterable[str] = (),
              selected: Iterable[str] = ()) -> str:
    """The whole board of ``state`` as SVG text (same input, same text)."""
    geometry = layout(state)
    painter = Painter()
    draw_static(geometry, painter)
    draw_pieces(state, geometry, painter)
    draw_highlights(geometry, painter, set(highlights), list(selected))
    return to_svg(painter, geometry.width, geometry.height)


class BoardPicture:
    """Displays as SVG in Jupyter (``_repr_svg_``), like python-chess's boards."""

    def __init__(self, state: GameState, **options: Iterable[str]) -> None:
        self.svg = board_svg(state, **options)

    def _repr_svg_(self) -> str:
        return self.svg


def show(state: GameState, **options: Iterable[str]) -> BoardPicture:
    """``show(state)`` in a notebook cell draws the board (static SVG)."""
    return BoardPicture(state, **options)
