"""Plain text tables for the terminal and ``str()``: a first column of labels, then numbers.

Formatting only: it knows nothing of the game, so any module may use it (the result's
breakdown, the statistics, the tournament).
"""

from __future__ import annotations


def text_table(rows: list[list[str]]) -> str:
    """Rows of cells as text: the first column to the left, the others to the right; a row of
    one cell is a heading."""
    width = max((len(row) for row in rows), default=0)
    widths = [max((len(row[i]) for row in rows if len(row) > 1 and i < len(row)), default=0)
              for i in range(width)]  # fmt: skip
    lines = []
    for row in rows:
        if len(row) == 1:
            lines.append(row[0])
            continue
        rest = zip(row[1:], widths[1:], strict=False)
        cells = [row[0].ljust(widths[0]), *(cell.rjust(w) for cell, w in rest)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


__all__ = ["text_table"]
