"""The lessons' exercises by their titles in the lessons: each exercise's heading in the
English, German and Hungarian notebooks (the last ``##`` heading before the cell that makes
it). The teacher's view names exercises by them (widgets.tutorial.exercises.exercise_title).

    .venv/bin/python tests/exercise_titles.py   # writes widgets/tutorial/data/exercise_titles.json

tests/test_teacher_view.py checks that the file is current.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TARGET = REPO / "widgets" / "tutorial" / "data" / "exercise_titles.json"
LANGS = {"en": REPO / "notebooks", "de": REPO / "notebooks" / "de", "hu": REPO / "notebooks" / "hu"}
LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


def titles() -> dict[str, dict[str, str]]:
    """Exercise name → language → its heading (links as their text; a heading two exercises
    share gets "1", "2" after it, in the order of the lesson)."""
    from widgets.tutorial.exercises import LESSON_NUMBERS

    lessons = {number: name for name, number in LESSON_NUMBERS.items()}
    found: dict[str, dict[str, str]] = {}
    for lang, folder in LANGS.items():
        for path in sorted(folder.glob("[01][0-9]_*.ipynb")):
            lesson = lessons[int(path.name[:2])]
            heading, seen = "", {}
            for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
                source = "".join(cell["source"])
                if cell["cell_type"] == "markdown":
                    headings = re.findall(r"^#{2,3} (.+)$", source, re.M)
                    heading = LINK.sub(r"\1", headings[-1]).strip() if headings else heading
                    continue
                for function in re.findall(r"\blesson\.(\w+_(?:question|puzzle))\(", source):
                    name = f"{lesson}.{function}"
                    if lang not in found.setdefault(name, {}):
                        found[name][lang] = heading
                        seen.setdefault(heading, []).append(name)
            for heading, names in seen.items():
                if len(names) > 1:
                    for k, name in enumerate(names, start=1):
                        found[name][lang] = f"{heading} ({k})"
    return dict(sorted(found.items()))


if __name__ == "__main__":
    TARGET.write_text(json.dumps(titles(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {TARGET.relative_to(REPO)}")
