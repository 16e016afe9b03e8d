"""Static pictures of a state: SVG text (a pure function) and ``show(state)`` for notebooks,
nbconvert/HTML exports and GitHub — no widget, no kernel needed to look at it. The picture
is vector graphics as wide as the cell (at most its natural width), so it stays crisp at any
zoom and in any export."""

from __future__ import annotations

from collections.abc import Iterable

from gluckauf.core.hidden import table_viewer
from gluckauf.core.state import GameState

from .draw import picture
from .geometry import layout
from .painter import to_svg


def board_svg(
    state: GameState,
    *,
    highlights: Iterable[str] = (),
    selected: Iterable[str] = (),
    featured: int | None = None,
    view: str = "full",
    responsive: bool = True,
    viewer: int | str | None = "table",
) -> str:
    """The board of ``state`` as SVG text (same input, same text). ``featured``, ``view``: as
    for :func:`widgets.geometry.layout`; ``responsive``: scale to the container's width;
    ``viewer``: whose eyes (a seat; None: everything), by default as ``str(state)`` — the
    player to act's with the face-down option (R-DELIVER-2), else everything."""
    if viewer == "table":
        viewer = table_viewer(state)
    assert viewer is None or isinstance(viewer, int)
    geometry = layout(state, featured=featured, view=view)
    painter = picture(state, geometry, highlights=highlights, selected=selected, viewer=viewer)
    return to_svg(painter, geometry.width, geometry.height, responsive=responsive)


class BoardPicture:
    """Displays as SVG in Jupyter (``_repr_svg_``), like python-chess's boards."""

    def __init__(self, state: GameState, **options: object) -> None:
        self.svg = board_svg(state, **options)  # type: ignore[arg-type]

    def _repr_svg_(self) -> str:
        return self.svg


def show(state: GameState, **options: object) -> BoardPicture:
    """``show(state)`` in a notebook cell draws the board (static SVG); options as for
    :func:`board_svg`, e.g. ``show(state, view="mine")``."""
    return BoardPicture(state, **options)
