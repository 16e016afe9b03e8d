"""Every example in README.md and docs/*.md is true: the Python snippets run and print what their
comments say, the command lines are real commands of the kit (the cheap ones are run), the
example game record replays and is the game it says it is, the paths named exist, and the
links into the notebooks open a notebook that is there.

(docs/notation.md's tables of actions and spellings are checked by tests/test_notation_doc.py.)
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

import pytest

from gluckauf import Draft, RandomBot, new_game, parse_action
from gluckauf.cli import build_parser, main
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.errors import FormatError
from gluckauf.core.state import PLACE
from gluckauf.files.records import check_record, record_of, replay, save_record

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TEXTS = {path.name: path.read_text(encoding="utf-8") for path in DOCS}
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def blocks(name: str, language: str) -> list[str]:
    return [body for lang, body in FENCE.findall(TEXTS[name]) if lang == language]


def prose(name: str) -> str:
    """The page without its fenced blocks."""
    return FENCE.sub("", TEXTS[name])


def test_the_pages_have_their_examples() -> None:
    assert len(blocks("README.md", "python")) == 1
    assert len(blocks("README.md", "sh")) >= 3
    assert len(blocks("notation.md", "json")) == 1


# --- README: the engine in a few lines ------------------------------------------------------
def run_python(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<README.md>", "exec"), {"__name__": "readme"})
    return out.getvalue()


def test_readme_python_runs_and_prints_what_its_comments_say() -> None:
    (code,) = blocks("README.md", "python")
    printed = run_python(code)
    first = re.search(r"print\(state\.legal_actions\(\)\)\s+# \[(.+?), …\]", code)
    assert first is not None
    assert printed.startswith(f"[{first.group(1)}, ")
    said = re.findall(r'print\(event\.sentence\(state\.names\)\)\s+# "(.+)"', code)
    assert said and said[0] in printed.splitlines()
    assert "the whole board as text" in code and "Glück Auf — 3 players" in printed
    assert printed.rstrip().endswith(("wins!", "share the victory!"))


def test_readme_position_builder_example() -> None:
    found = re.search(r"`(PositionBuilder\(.*?\.build\(\))`", TEXTS["README.md"], re.S)
    assert found is not None
    code = re.sub(r"\s*\n\s*", "", found.group(1))
    state = eval(code, {"PositionBuilder": PositionBuilder})
    assert state.phase == "mine" and state.steps_left == 6
    assert state.cage_level[0] == 4


# --- command lines --------------------------------------------------------------------------
def command_lines() -> list[tuple[str, str]]:
    """(page, command) for every `python -m gluckauf …` command line of the pages (not the list
    of commands "simulate | tournament | …")."""
    found = []
    for name, text in TEXTS.items():
        for line in text.splitlines():
            for match in re.finditer(r"python -m gluckauf [^`#\n]*", line):
                command = match.group(0).strip().rstrip(".;,)")
                if " | " not in command:
                    found.append((name, command))
    return found


COMMANDS = command_lines()


def arguments(command: str, record: Path) -> list[str]:
    """The command's arguments, with ``[--opt]`` left out and FILE or *.json given a file."""
    command = re.sub(r"\[[^\]]*\]", "", command)
    words = shlex.split(command)[3:]  # after "python -m gluckauf"
    return [str(record) if word == "FILE" or word.endswith(".json") else word for word in words]


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    state, bot = new_game(2, seed=3), RandomBot(3)
    while not state.is_over:
        state.apply(bot.choose(state))
    path = tmp_path_factory.mktemp("docs") / "game.json"
    save_record(state, path)
    return path


def test_the_pages_name_commands() -> None:
    commands = {command.split()[3] for _page, command in COMMANDS}
    assert {"simulate", "tournament", "replay", "show", "play"} <= commands


@pytest.mark.parametrize(("page", "command"), COMMANDS)
def test_every_command_line_is_a_command_of_the_kit(page: str, command: str, record: Path) -> None:
    args = arguments(command, record)
    try:
        build_parser().parse_args(args)
    except SystemExit as exc:  # argparse refuses it
        raise AssertionError(f"{page}: {command!r} is not a valid command line") from exc


def cheap(args: list[str]) -> list[str]:
    """The same command, small enough to run in a test: at most 2 games."""
    out = list(args)
    if "--games" in out:
        out[out.index("--games") + 1] = "2"
    elif out[0] in ("simulate", "tournament"):
        out += ["--games", "2"]
    return out


@pytest.mark.parametrize(
    ("page", "command"),
    [
        (page, command)
        for page, command in COMMANDS
        if command.split()[3] in ("simulate", "replay", "show")
        or (command.split()[3] == "tournament" and "mcts" not in command)
    ],
)
def test_the_cheap_commands_run(page: str, command: str, record: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(cheap(arguments(command, record)), stdout=out, stderr=err)
    assert code == 0, f"{page}: {command!r}: {err.getvalue()}"
    assert out.getvalue()


@pytest.mark.parametrize(
    ("page", "command"),
    [(page, command) for page, command in COMMANDS if command.split()[3] == "play"],
)
def test_the_play_commands_start_a_game_and_quit(page: str, command: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(
        [*arguments(command, Path("unused")), "--seed", "1"],
        stdin=io.StringIO("quit\n"),
        stdout=out,
        stderr=err,
    )
    assert code == 0, f"{page}: {command!r}: {err.getvalue()}"
    assert "Glück Auf" in out.getvalue()


def test_every_make_target_named_exists() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([\w-]+):", makefile, re.M))
    named = {
        target for text in TEXTS.values() for target in re.findall(r"\bmake ([a-z][\w-]*)", text)
    }
    assert named and named <= targets, named - targets


# --- docs/notation.md: the example record ---------------------------------------------------
def example_record() -> dict:
    (block,) = blocks("notation.md", "json")
    return json.loads(block)


def greedy_game(record: dict):
    """The game the page says the record is: two greedy bots, seeded like a GameSession."""
    from gluckauf.bots.registry import make_bot

    state = new_game(record["players"], record["seed"], names=record["names"])
    bots = [make_bot("greedy", record["seed"] + seat) for seat in range(record["players"])]
    while not state.is_over:
        state.apply(bots[state.current].choose(state))
    return state


def test_the_example_record_is_well_formed_and_its_actions_replay() -> None:
    record = example_record()
    check_record(record)
    started = dict(record)
    del started["result"]  # shortened: the game is not over after these actions
    state = replay(started)
    assert len(state.history) == len(record["actions"])


def test_the_example_record_is_the_game_the_page_names() -> None:
    record = example_record()
    text = prose("notation.md")
    said = re.search(r'GameSession\(seats=\["greedy", "greedy"\], seed=(\d+)\)', text)
    assert said is not None and int(said.group(1)) == record["seed"]
    full = record_of(greedy_game(record), seats=["greedy", "greedy"])  # as Save writes it
    shown = re.search(
        r"shortened to its first (\d+) actions \(the real one lists all (\d+)\)", text
    )
    assert shown is not None
    assert int(shown.group(1)) == len(record["actions"])
    assert int(shown.group(2)) == len(full["actions"])
    assert full["actions"][: len(record["actions"])] == record["actions"]
    assert full["result"] == record["result"]
    assert {k: v for k, v in full.items() if k not in ("actions", "result")} == {
        k: v for k, v in record.items() if k not in ("actions", "result")
    }


def test_the_story_of_the_example_record() -> None:
    """What the page tells about the record's first actions."""
    record = example_record()
    state = new_game(
        record["players"],
        record["seed"],
        names=record["names"],
        start_player=record["options"]["start_player"],
    )
    assert state.names[state.start_player] == "Zsófi" and state.current == 0  # Gábor drafts
    actors = []
    for text in record["actions"]:
        actors.append(state.names[state.current])
        state.apply(text)
    drafts = sum(1 for text in record["actions"] if text.startswith("draft "))
    assert drafts == 6 and actors[:drafts] == ["Gábor", "Zsófi"] * 3
    assert set(actors[drafts:]) == {"Zsófi"}
    assert record["actions"][drafts] == "place M10" and state.phase == PLACE  # all 10 steps used


def test_the_reported_refusal_is_the_real_one() -> None:
    record = example_record()
    shown = re.search(r"`(action (\d+) \('([^']+)'\): [^`]+)`", prose("notation.md"))
    assert shown is not None
    message, number, action = shown.group(1), int(shown.group(2)), shown.group(3)
    bad = {k: v for k, v in record.items() if k != "result"}
    bad["actions"] = [*record["actions"][: number - 1], action]
    with pytest.raises(FormatError) as refused:
        replay(bad)
    assert str(refused.value) == message


def test_a_line_that_is_not_an_action_is_refused_as_the_page_says() -> None:
    shown = re.search(r"e\.g\.\s+`('([^']+)' is not an action: [^`]+)`", TEXTS["notation.md"])
    assert shown is not None
    with pytest.raises(ValueError) as refused:
        parse_action(shown.group(2))
    assert shown.group(1) in str(refused.value)


def test_the_first_legal_action_of_the_readme_game() -> None:
    assert new_game(players=3, seed=1).legal_actions()[0] == Draft(order="T10YBGK")


# --- docs/architecture.md ----------------------------------------------------------------------
def test_every_module_in_the_architecture_tables_exists() -> None:
    text = TEXTS["architecture.md"]
    section = None
    named = []
    for line in text.splitlines():
        heading = re.match(r"## `(\w+)/`", line)
        if heading:
            section = heading.group(1)
        elif line.startswith("| `") and section:
            for module in re.findall(r"`([\w/]+(?:\.py|/))`", line.split("|")[1]):
                named.append(ROOT / section / module)
    assert len(named) >= 25
    missing = [str(p.relative_to(ROOT)) for p in named if not p.exists()]
    assert not missing, missing


def test_the_architecture_action_examples_are_actions() -> None:
    from gluckauf.core import actions

    for code in re.findall(r"`((?:Place|Fill)\(.+?\))`", TEXTS["architecture.md"]):
        action = eval(code, vars(actions))
        assert parse_action(str(action)) == action


# --- paths and links --------------------------------------------------------------------------
TOP = {p.name for p in ROOT.iterdir()}


def named_paths() -> list[tuple[str, str]]:
    """(page, path) for every `code` span that names a file or folder of the repository."""
    found = []
    for name in TEXTS:
        for span in re.findall(r"`([^`\s]+)`", prose(name)):
            path = span.rstrip(".,;:")
            if "/" in path and path.split("/")[0] in TOP and "*" not in path:
                found.append((name, path))
    return found


@pytest.mark.parametrize(("page", "path"), named_paths())
def test_every_path_named_exists(page: str, path: str) -> None:
    assert (ROOT / path).exists(), f"{page} names {path}, which is not in the repository"


def launch_links() -> list[str]:
    return [
        url
        for text in TEXTS.values()
        for url in re.findall(r"https://[^\s)\]]+urlpath[^\s)\]]*", text)
    ]


def test_every_launch_link_opens_a_notebook_that_is_there() -> None:
    links = launch_links()
    assert len(links) >= 3
    for url in links:
        query = parse_qs(urlparse(url).query)
        urlpath = unquote(query["urlpath"][0])
        assert urlpath.startswith(("lab/tree/", "voila/render/")), url
        path = urlpath.removeprefix("lab/tree/").removeprefix("voila/render/")
        if "repo" in query:  # nbgitpuller: the folder it creates is named after the repository
            path = path.split("/", 1)[1]
        assert (ROOT / path).is_file(), url
