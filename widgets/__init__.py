"""Board widgets for Glück Auf: they render engine state and send engine actions — legality,
costs and explanations all come from the engine (``gluckauf``); no rule is decided here.

- :class:`BoardWidget` — the live, clickable game (ipycanvas), with undo/redo, hints, bots,
  save and load.
- :class:`GameSession` — the controller behind it, usable (and tested) without a browser;
  ``undo=FAIR`` (a game: undo stops where hidden cards were shown) or ``undo=FREE`` (a lesson,
  a sandbox, a look back at a saved game).
- :class:`SharedTable` — one game on several screens (two learners' browsers on one Jupyter
  server): ``BoardWidget(session, table=SharedTable())``; each screen plays only its own seat.
- :func:`show` — a static SVG picture of any state, for exports and quick looks.
"""

from .session import FAIR, FREE, GameSession
from .show import board_svg, show
from .table import SharedTable


def __getattr__(name: str) -> object:
    if name == "BoardWidget":  # imported lazily: it needs ipywidgets and ipycanvas
        from .board import BoardWidget

        return BoardWidget
    raise AttributeError(name)


__all__ = ["FAIR", "FREE", "BoardWidget", "GameSession", "SharedTable", "board_svg", "show"]
