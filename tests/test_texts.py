"""Every text true (issue 10, part 3): checks that keep whole classes of mistakes out of the
lessons, the docs and the message tables.

- spelling: codespell over the notebooks' markdown, README.md, docs/*.md and every message table,
  with the project's word list (.codespell-words.txt, configured in pyproject.toml);
- rule IDs: every ``R-…`` named anywhere learners read exists in
``gluckauf.text.catalogue.RULE_IDS``;
- links: every relative link in the notebooks' markdown (and the docs) opens a file that is there,
  and its ``#anchor`` a heading or a cell that is there (``reference.ipynb#cell-id=R-…`` a rule that
  exists);
- lessons: "Lesson N of M" at the top and the bottom of every lesson, with previous/next links
  that chain 00 → 01 → … → 12 → play.ipynb; the first mention of each rule ID in a lesson links
  to its cell in the rules reference (``gluckauf.text.reference.rule_link``: JupyterLab scrolls to a
  cell id also when the link opens the reference, to a heading only when it is open); lesson 00
  is the index and points to the reference, its glossary and the quick reference;
- numbers: no lesson states how long the kit's cells take (such numbers go stale: a cell prints
  them instead).

Each check is a function that returns the problems it finds, and each has a test that plants a
mistake and sees it caught, so none of them can pass by finding nothing.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import nbformat
import pytest

from gluckauf.text.catalogue import RULE_IDS
from gluckauf.text.reference import rule_link

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
ALL_NOTEBOOKS = sorted(NOTEBOOKS.glob("*.ipynb"))
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))  # 00 (start here, the index) … 12
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MESSAGE_TABLES = [
    ROOT / "gluckauf" / "text" / "messages.py",
    ROOT / "widgets" / "labels.py",
    ROOT / "gluckauf" / "analysis" / "gamereview.py",  # the review's sentences
    ROOT / "widgets" / "reviewer.py",
    *sorted((ROOT / "widgets" / "tutorial").glob("*.py")),  # phrases.py and the lessons' TEXT
]


def markdown(path: Path) -> list[str]:
    return [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown"]


def sources(path: Path) -> list[str]:
    return [c.source for c in nbformat.read(path, as_version=4).cells]


# --- spelling ---------------------------------------------------------------------------------
def misspellings(files: list[Path]) -> str:
    """codespell's report on ``files`` (empty if it finds nothing), with the project's settings."""
    from codespell_lib import main as codespell

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = codespell(
            "--toml",
            str(ROOT / "pyproject.toml"),
            "--ignore-words",
            str(ROOT / ".codespell-words.txt"),
            *map(str, files),
        )
    return out.getvalue() if code else ""


def markdown_files(tmp_path: Path) -> list[Path]:
    """Each notebook's markdown as a file of its own (outputs and code are not prose)."""
    files = []
    for path in ALL_NOTEBOOKS:
        target = tmp_path / f"{path.name}.md"
        target.write_text("\n\n".join(markdown(path)), encoding="utf-8")
        files.append(target)
    return files


def test_spelling_of_every_learner_facing_text(tmp_path: Path) -> None:
    files = [*markdown_files(tmp_path), *DOCS, *MESSAGE_TABLES]
    assert len(files) >= 30
    report = misspellings(files)
    assert not report, f"codespell (add a real word to .codespell-words.txt):\n{report}"


def test_spelling_check_catches_a_typo(tmp_path: Path) -> None:
    planted = tmp_path / "planted.md"
    planted.write_text("Zsófi and Gábor recieve the pont.\n", encoding="utf-8")
    report = misspellings([planted])
    assert "recieve ==> receive" in report and "pont" not in report


def test_the_word_list_is_small_and_sorted_out() -> None:
    words = (ROOT / ".codespell-words.txt").read_text(encoding="utf-8").split()
    assert 0 < len(words) <= 30 and all(w == w.lower() for w in words)


# --- rule IDs ---------------------------------------------------------------------------------
RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")
RULE_FAMILY = re.compile(r"\bR-([A-Z]+)\b(?!-\d)")
FAMILIES = {rule.split("-")[1] for rule in RULE_IDS}


def unknown_rule_ids(text: str) -> list[str]:
    """Rule IDs in ``text`` that the catalogue does not have (also families such as R-MIME)."""
    bad = [rule for rule in RULE_ID.findall(text) if rule not in RULE_IDS]
    bad += [f"R-{family}" for family in RULE_FAMILY.findall(text) if family not in FAMILIES]
    return bad


def readable_texts() -> list[tuple[str, str]]:
    texts = [(p.name, "\n".join(sources(p))) for p in ALL_NOTEBOOKS]
    texts += [
        (str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")) for p in [*DOCS, *MESSAGE_TABLES]
    ]
    return texts


@pytest.mark.parametrize(
    ("name", "text"),
    readable_texts(),
    ids=lambda x: x if isinstance(x, str) and len(x) < 60 else "",
)
def test_every_rule_id_named_exists(name: str, text: str) -> None:
    assert not unknown_rule_ids(text), f"{name}: {unknown_rule_ids(text)}"


def test_unknown_rule_ids_are_caught() -> None:
    assert unknown_rule_ids("see R-MINE-3, R-MINE-9 and R-MIME-1 (R-SHIFT, R-SHIFTS)") == [
        "R-MINE-9",
        "R-MIME-1",
        "R-SHIFTS",
    ]
    assert unknown_rule_ids("R-NOTATION-1, R-END-5") == []


# --- links ------------------------------------------------------------------------------------
LINK = re.compile(r"(?<!!)\[([^\]]*)\]\(([^)\s]+)\)|href=[\"']([^\"']+)[\"']")


def anchors(path: Path) -> set[str]:
    """The anchors JupyterLab gives the headings of a notebook (spaces become hyphens)."""
    found = set()
    for source in markdown(path):
        for line in source.splitlines():
            heading = re.match(r"#+\s+(.*)", line)
            if heading:
                text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.group(1)).strip()
                found.add(text.replace(" ", "-"))
    return found


def links(text: str) -> list[str]:
    return [m.group(2) or m.group(3) for m in LINK.finditer(text)]


def bad_links(text: str, page: Path) -> list[str]:
    """The relative links of ``text`` (on ``page``) that lead nowhere."""
    bad = []
    for target in links(text):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto: …
            continue
        file, _, anchor = target.partition("#")
        path = (page.parent / file) if file else page
        if not path.is_file():
            bad.append(target)
        elif anchor and path.suffix == ".ipynb":
            cell = anchor.removeprefix("cell-id=")
            if cell.startswith("R-") and cell not in RULE_IDS:
                bad.append(target)
            elif anchor.startswith("cell-id="):  # JupyterLab's link to a cell by its id
                if cell not in {c.get("id") for c in nbformat.read(path, as_version=4).cells}:
                    bad.append(target)
            elif anchor not in anchors(path):
                bad.append(target)
    return bad


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_every_relative_link_in_a_notebook_opens(path: Path) -> None:
    text = "\n".join(markdown(path))
    assert not bad_links(text, path), f"{path.name}: {bad_links(text, path)}"


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_relative_link_in_the_docs_opens(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not bad_links(text, path)


def test_broken_links_are_caught() -> None:
    page = NOTEBOOKS / "00_start_here.ipynb"
    text = (
        "[a](01_setup_and_board.ipynb) [b](01_setup.ipynb) [c](reference.ipynb#R-MINE-3) "
        "[d](reference.ipynb#R-MINE-9) [e](reference.ipynb#Glossary) [f](#The-course) "
        "[g](#Nowhere) [h](https://example.org/x) <a href='missing.html'>i</a> "
        "[j](reference.ipynb#cell-id=R-END-5) [k](reference.ipynb#cell-id=R-END-9)"
    )
    assert bad_links(text, page) == [
        "01_setup.ipynb",
        "reference.ipynb#R-MINE-9",
        "#Nowhere",
        "missing.html",
        "reference.ipynb#cell-id=R-END-9",
    ]


# --- the lessons: progress and previous/next ----------------------------------------------------
NAV = re.compile(
    r"\[← ([^\]]+)\]\(([^)]+)\) · \*\*Lesson (\d+) of (\d+)\*\* · "
    r"\[([^\]]+) →\]\(([^)]+)\)"
)


def title(path: Path) -> str:
    """A lesson's title, from its heading "# 4 · Mining"."""
    for source in markdown(path):
        for line in source.splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    raise AssertionError(f"{path.name} has no title")


def expected_nav(index: int) -> tuple[str, str, int, int, str, str]:
    """(previous text, previous file, N, M, next text, next file) for lesson ``index``."""
    prev = LESSONS[index - 1]
    prev_text = "Start here" if index == 1 else title(prev)
    if index + 1 < len(LESSONS):
        nxt, next_text = LESSONS[index + 1].name, title(LESSONS[index + 1])
    else:
        nxt, next_text = "play.ipynb", "Play a game"
    return prev_text, prev.name, index, len(LESSONS) - 1, next_text, nxt


def nav_problems(path: Path, index: int) -> list[str]:
    """What is wrong with the progress lines of lesson ``index`` (``path``)."""
    cells = markdown(path)
    problems = []
    for where, source in (("top", cells[0]), ("bottom", cells[-1])):
        found = NAV.search(source)
        if found is None:
            problems.append(f"no 'Lesson N of M' line with previous/next links at the {where}")
            continue
        got = (
            found.group(1),
            found.group(2),
            int(found.group(3)),
            int(found.group(4)),
            found.group(5),
            found.group(6),
        )
        if got != expected_nav(index):
            problems.append(f"{where}: {got} should be {expected_nav(index)}")
    number = title(path).split(" · ")[0]
    if number != str(index):
        problems.append(f"the title's number {number} is not the lesson's number {index}")
    return problems


def test_the_lessons_are_numbered_00_to_12() -> None:
    assert [p.name[:2] for p in LESSONS] == [f"{n:02}" for n in range(len(LESSONS))]
    assert len(LESSONS) == 13


@pytest.mark.parametrize("index", range(1, len(LESSONS)), ids=lambda i: LESSONS[i].name)
def test_every_lesson_says_where_it_is_and_links_its_neighbours(index: int) -> None:
    assert nav_problems(LESSONS[index], index) == []


def test_a_wrong_progress_line_is_caught(tmp_path: Path) -> None:
    nb = nbformat.read(LESSONS[4], as_version=4)
    nb.cells[0].source = nb.cells[0].source.replace("Lesson 4 of", "Lesson 3 of")
    nb.cells[-1].source = nb.cells[-1].source.replace("05_delivery", "06_money_and_orders")
    planted = tmp_path / LESSONS[4].name
    nbformat.write(nb, planted)
    problems = nav_problems(planted, 4)
    assert len(problems) == 2 and problems[0].startswith("top:")
    assert problems[1].startswith("bottom:")
    nb.cells.pop(0)
    nbformat.write(nb, planted)
    assert "no 'Lesson N of M' line" in nav_problems(planted, 4)[0]


def test_start_here_is_the_index() -> None:
    start = LESSONS[0]
    cells = markdown(start)
    for source in (cells[0], cells[-1]):
        assert f"[{title(LESSONS[1])} →]({LESSONS[1].name})" in source
        assert "Lesson" not in source.split("·")[0] and "←" not in source
        assert f"all {len(LESSONS) - 1} lessons" in source
    text = "\n".join(cells)
    targets = links(text)
    for lesson in LESSONS[1:]:
        assert lesson.name in targets, f"00 does not list {lesson.name}"
        number, name = title(lesson).split(" · ", 1)
        assert f"{int(number)}. [{name}]({lesson.name})" in text
    for target in (
        "reference.ipynb",
        "reference.ipynb#cell-id=Glossary",
        "quick_reference.html",
        "play.ipynb",
    ):
        assert target in targets, f"00 does not point to {target}"


# --- the lessons: rule IDs link to the reference ----------------------------------------------
def unlinked_first_mentions(text: str) -> list[str]:
    """Rule IDs whose first mention in ``text`` is not a link to the rules reference."""
    bad, seen = [], set()
    for match in RULE_ID.finditer(text):
        rule = match.group(0)
        if rule in seen or text[: match.start()].endswith(("#", "=")):  # a link's target
            continue
        seen.add(rule)
        linked = text[: match.start()].endswith("[") and text[match.end() :].startswith(
            f"]({rule_link(rule)})"
        )
        if not linked:
            bad.append(rule)
    return bad


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_the_first_mention_of_each_rule_links_to_the_reference(path: Path) -> None:
    text = "\n\n".join(markdown(path))
    assert RULE_ID.search(text), f"{path.name} cites no rule"
    assert unlinked_first_mentions(text) == []


def test_an_unlinked_rule_is_caught() -> None:
    text = (
        "[R-MINE-3](reference.ipynb#cell-id=R-MINE-3) and R-MINE-3; R-END-4 then "
        "[R-END-4](reference.ipynb#cell-id=R-END-4); "
        "[R-TURN-2](reference.ipynb#cell-id=R-TURN-3) [R-SHIFT-1](reference.ipynb#R-SHIFT-1)"
    )
    assert unlinked_first_mentions(text) == ["R-END-4", "R-TURN-2", "R-SHIFT-1"]


# --- numbers that go stale ----------------------------------------------------------------------
DURATION = re.compile(
    r"\b(?:about|around|roughly|nearly|approximately|almost|takes?|took|in|under|over|within|"
    r"only)\s+(?:\d[\d.,]*(?:\s*[–-]\s*\d[\d.,]*)?|an?|one|half an?|a few|a couple of|several|"
    r"ten|twenty|thirty)\s+(?:seconds?|secs?|s|minutes?|mins?|hours?|ms)\b",
    re.I,
)
LEARNER_TIME = re.compile(r"\*\*In this (?:first notebook|lesson) \(about \d+ minutes\)")


def stale_numbers(text: str) -> list[str]:
    """Claims of how long something takes: the kit's timings depend on the machine, so a cell
    prints them (the time the lesson takes the learner, in its first lines, is allowed)."""
    return DURATION.findall(LEARNER_TIME.sub("", text))


@pytest.mark.parametrize("path", [*LESSONS, NOTEBOOKS / "play.ipynb"], ids=lambda p: p.name)
def test_no_lesson_says_how_long_the_kit_takes(path: Path) -> None:
    text = "\n\n".join(markdown(path))
    assert stale_numbers(text) == [], f"{path.name}: print the time in a cell instead"


def test_stale_numbers_are_caught() -> None:
    text = (
        "**In this lesson (about 15 minutes) you will:** run 12 games, about 10 seconds; "
        "48 games take 40 s; mcts thinks (about a second); a game takes about half a "
        "minute; it takes a few seconds; under a minute"
    )
    assert stale_numbers(text) == [
        "about 10 seconds",
        "take 40 s",
        "about a second",
        "about half a minute",
        "takes a few seconds",
        "under a minute",
    ]
