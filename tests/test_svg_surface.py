"""The board's SVG surface (widgets.svgboard), used where ipycanvas cannot run (JupyterLite's
Pyodide): the same board, the same clicks. tests/test_lite_notebooks.py runs the lessons
without ipycanvas; tests/browser/test_lite.py draws and clicks it in Chromium."""

from __future__ import annotations

import sys

import pytest
from test_board_widget import centre, first_draft

from gluckauf import new_game
from widgets import surface
from widgets.board import BoardWidget
from widgets.session import GameSession
from widgets.svgboard import SvgBoard


def svg_board(seed: int = 1) -> BoardWidget:
    return BoardWidget(GameSession(new_game(2, seed=seed), view="full"), surface="svg")


def send(widget: BoardWidget, content: object) -> None:
    """A message from svgboard.js, as the kernel hands it to the widget."""
    widget.surface.widget._handle_custom_msg(content, [])


def test_the_svg_board_draws_every_layer_from_the_session() -> None:
    widget = svg_board()
    assert isinstance(widget.surface.widget, SvgBoard)
    static, pieces, marks = widget.surface.widget.layers
    assert all(layer.startswith("<svg") for layer in (static, pieces, marks))
    assert widget.surface.widget.width == widget.session.layout.width
    assert widget.surface.widget.height == round(widget.session.layout.height)
    assert all(f">{name}" in pieces for name in widget.session.state.names)  # the mats


def test_a_click_on_the_svg_board_plays_the_action() -> None:
    widget = svg_board()
    before = len(widget.session.state.history)
    pieces = widget.surface.widget.layers[1]
    x, y = centre(widget, first_draft(widget))
    send(widget, {"event": "down", "x": x, "y": y})
    after = len(widget.session.state.history)
    assert after == before + 1
    assert widget.surface.widget.layers[1] != pieces  # the move is drawn


def test_pointing_at_a_space_draws_its_tooltip_and_leaving_clears_it() -> None:
    widget = svg_board()
    marks = widget.surface.widget.layers[2]
    send(
        widget,
        {"event": "move", "x": centre(widget, "space:M6")[0], "y": centre(widget, "space:M6")[1]},
    )
    assert widget._hovered == "space:M6"
    assert widget.surface.widget.layers[2] != marks
    send(widget, {"event": "out", "x": 0, "y": 0})
    assert widget._hovered is None
    assert widget.surface.widget.layers[2] == marks


@pytest.mark.parametrize(
    "content",
    [
        None,
        "down",
        {"event": "down"},
        {"event": "down", "x": "left", "y": 3},
        {"event": "explode", "x": 1, "y": 2},
    ],
)
def test_a_message_svgboard_js_never_sends_changes_nothing(content: object) -> None:
    widget = svg_board()
    layers, history = list(widget.surface.widget.layers), len(widget.session.state.history)
    send(widget, content)
    assert widget.surface.widget.layers == layers
    assert len(widget.session.state.history) == history


def test_a_new_view_gets_the_whole_board_again() -> None:
    widget = svg_board()
    widget.surface.widget.layers = ["", "", ""]  # as if nothing had been drawn
    send(widget, {"event": "ready"})
    assert all(layer.startswith("<svg") for layer in widget.surface.widget.layers)


def test_without_ipycanvas_the_board_is_svg(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ipycanvas", None)  # `import ipycanvas` fails
    assert surface.default_kind() == surface.SVG
    monkeypatch.undo()
    assert surface.default_kind() == surface.CANVAS  # the test environment has ipycanvas


def test_an_unknown_surface_is_refused() -> None:
    with pytest.raises(ValueError, match="canvas, svg"):
        BoardWidget(GameSession(new_game(2, seed=1)), surface="paper")
