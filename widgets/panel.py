"""A light panel under the kit's widgets when the page has a dark theme (Voilà's ``?theme=dark``,
JupyterLab Dark).

The board is drawn in the game's own light colours and its messages use dark text on light
paper, so on a dark page the widget keeps a deliberate light panel rather than half following
the theme: :func:`light_panel` tags a box and adds a stylesheet that, only under a dark theme
(``data-jp-theme-light="false"`` on the page's body, set by JupyterLab and Voilà alike), gives
the box a light background and sets the light theme's colours for every control inside it. On
a light page nothing changes.
"""

from __future__ import annotations

import ipywidgets as w

PANEL_CLASS = "gluckauf-panel"
PANEL_BACKGROUND = "#fdfbf6"  # the board's paper, a shade lighter
_DARK_PAGE = 'body[data-jp-theme-light="false"]'

# JupyterLab's light-theme values for the variables ipywidgets' controls are drawn with.
_LIGHT_VARIABLES = {
    "--jp-layout-color0": "#ffffff",
    "--jp-layout-color1": "#ffffff",
    "--jp-layout-color2": "#eeeeee",
    "--jp-layout-color3": "#bdbdbd",
    "--jp-border-color0": "#bdbdbd",
    "--jp-border-color1": "#bdbdbd",
    "--jp-border-color2": "#e0e0e0",
    "--jp-ui-font-color0": "rgba(0, 0, 0, 1)",
    "--jp-ui-font-color1": "rgba(0, 0, 0, 0.87)",
    "--jp-ui-font-color2": "rgba(0, 0, 0, 0.54)",
    "--jp-ui-font-color3": "rgba(0, 0, 0, 0.38)",
    "--jp-content-font-color0": "rgba(0, 0, 0, 1)",
    "--jp-content-font-color1": "rgba(0, 0, 0, 0.87)",
    "--jp-content-link-color": "#1a5fb4",
    "--jp-brand-color1": "#1976d2",
    "--jp-widgets-color": "rgba(0, 0, 0, 0.87)",
    "--jp-widgets-label-color": "rgba(0, 0, 0, 0.87)",
    "--jp-widgets-readout-color": "rgba(0, 0, 0, 0.87)",
    "--jp-widgets-input-color": "rgba(0, 0, 0, 0.87)",
    "--jp-widgets-input-background-color": "#ffffff",
    "--jp-widgets-input-border-color": "#9e9e9e",
    "--jp-widgets-input-focus-border-color": "#64b5f6",
    "--jp-widgets-slider-handle-border-color": "#9e9e9e",
    "--jp-widgets-slider-handle-background-color": "#ffffff",
    "--jp-widgets-slider-active-handle-color": "#1976d2",
}


def panel_css() -> str:
    """The stylesheet: the light panel, for dark pages only."""
    variables = "".join(f"{name}: {value}; " for name, value in _LIGHT_VARIABLES.items())
    return (
        f"{_DARK_PAGE} .{PANEL_CLASS} {{ {variables}"
        f"color-scheme: light; color: rgba(0, 0, 0, 0.87); background: {PANEL_BACKGROUND}; "
        "border-radius: 6px; padding: 8px; }"
    )


def light_panel(box: w.Box) -> w.Box:
    """Tag ``box`` as a light panel and add the panel's stylesheet as its last (hidden) child."""
    style = w.HTML(f"<style>{panel_css()}</style>", layout=w.Layout(display="none"))
    box.children = (*box.children, style)
    box.add_class(PANEL_CLASS)
    return box
