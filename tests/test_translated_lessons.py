"""The German and Hungarian lessons (notebooks/de, notebooks/hu) are the English ones, translated:
the same cells with the same ids, types and checks, one more cell that sets the language, the
prose in that language, and links that lead somewhere. nbval runs them like the English ones
(`make test`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
# every lesson (00–12), the play app, the table for two screens and the class's table are
# translated
LESSONS = [
    *sorted(p.name for p in NOTEBOOKS.glob("[01][0-9]_*.ipynb")),
    "play.ipynb",
    "table.ipynb",
    "class_table.ipynb",
]
LANGS = ("de", "hu")
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)\s]*)?\)")
NBVAL = re.compile(r"#\s*NBVAL_\w+")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_and_the_play_app_are_translated(lang: str) -> None:
    present = sorted(p.name for p in (NOTEBOOKS / lang).glob("*.ipynb"))
    assert set(LESSONS) <= set(present), sorted(set(LESSONS) - set(present))
    assert "reference.ipynb" in present


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", LESSONS)
def test_a_translation_has_the_english_cells_and_sets_its_language(lang: str, name: str) -> None:
    path = NOTEBOOKS / lang / name
    if not path.exists():
        pytest.fail(f"{path} is missing")
    english, translated = cells(NOTEBOOKS / name), cells(path)
    ids = [c["id"] for c in translated]
    assert [c["id"] for c in english] == [i for i in ids if i != "language"]
    by_id = {c["id"]: c for c in translated}
    for cell in english:
        twin = by_id[cell["id"]]
        assert twin["cell_type"] == cell["cell_type"], cell["id"]
        if cell["cell_type"] == "code":  # the same checks on the same cells
            assert NBVAL.findall(source(twin)) == NBVAL.findall(source(cell)), cell["id"]
    setting = source(by_id["language"])
    assert f'set_language("{lang}")' in setting
    first_code = next(c for c in translated if c["cell_type"] == "code")
    assert first_code["id"] == "language", "the language is set before any other code runs"
    prose = [(source(c), source(by_id[c["id"]])) for c in english if c["cell_type"] == "markdown"]
    same = [en for en, tr in prose if en == tr and len(en) > 40]
    assert not same, f"still in English: {same[:2]}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_link_of_a_translated_lesson_leads_to_a_file(lang: str) -> None:
    broken = []
    for path in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
        for cell in cells(path):
            for target, _anchor in LINK.findall(source(cell)):
                if "://" not in target and not (path.parent / target).exists():
                    broken.append(f"{path.name}: {target}")
    assert not broken, broken
