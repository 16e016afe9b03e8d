"""Refresh the stored outputs that nbval compares (cells marked ``# NBVAL_CHECK_OUTPUT``) after
an intended change of wording or results:

    .venv/bin/python tests/refresh_notebooks.py [notebooks/07_end_of_shift.ipynb …]

Runs each notebook in a fresh kernel and stores the new text outputs of the checked cells only;
every other cell keeps no output (widgets are never stored). Review the diff like any change.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def refresh(path: Path) -> int:
    original = nbformat.read(path, as_version=4)
    executed = nbformat.read(path, as_version=4)
    NotebookClient(
        executed,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    changed = 0
    count = 0
    for old, new in zip(original.cells, executed.cells, strict=True):
        if old.cell_type != "code":
            continue
        count += 1
        old.execution_count = count
        if "NBVAL_CHECK_OUTPUT" in old.source:
            outputs = [o for o in new.outputs if o.output_type == "stream"]
            if outputs != old.outputs:
                old.outputs = outputs
                changed += 1
        else:
            old.outputs = []
    nbformat.write(original, path)
    return changed


if __name__ == "__main__":
    paths = [Path(p) for p in sys.argv[1:]] or sorted(NOTEBOOKS.glob("*.ipynb"))
    for notebook in paths:
        print(f"{notebook.name}: {refresh(notebook)} checked output(s) changed")
