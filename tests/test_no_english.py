"""No English reaches a German or Hungarian learner from the engine (issue 29, 4).

Seeded games are played in each language and everything the engine says is collected: every
event's sentence, refusals of a wide set of actions at many points (every refusal kind the
rules have), mistyped actions and action values made wrongly in Python, ``str(state)``, the
result and its breakdown. A word of the English table that no translation of the table uses
(``the``, ``left``, ``cage`` …) must not appear in any of it. The notation (``place F9``,
``cY``, ``take=None``) is the same in every language: quoted text and a value's field names are
left out, and the notation's own words are in the translations too.
"""

from __future__ import annotations

import io
import json
import re

import pytest
from test_explain import candidate_actions

from gluckauf import Choose, Fill, Load, MoveCage, Place, RandomBot, new_game
from gluckauf.bots.registry import bot_names
from gluckauf.cli import main
from gluckauf.core.errors import GameError
from gluckauf.text.i18n import ENGINE, language
from gluckauf.text.i18n import LANGUAGES as LANGUAGES_BY_CODE

LANGUAGES = ("de", "hu")
MISTYPED = (
    "place F9", "cage 7", "cage x", "foo", "", "fill X1:Y", "fill", "fill W3YY", "load G@x",
    "load G H", "fill W3YY:Q cY", "fill W3YY:Y zz", "choose Y1L sideways", "draft X1",
    "choose -", "store Q", "cube 9",
)  # fmt: skip
BAD_VALUES = (
    lambda: Fill("W3YY", "Y", (("c", 0),)),
    lambda: Fill("W3YY", 0, (("c", 0),) * 3),
    lambda: Fill("W3YY", 0, "cY"),
    lambda: Fill("W3YY", 0, ("c",)),
    lambda: Fill("W3YY", 0, (("x", 0),)),
    lambda: Fill("W3YY", 0, (("c", 7),)),
    lambda: Fill("w3yy", 0, (("c", 0),)),
    lambda: Load(7),
    lambda: Load(0, 99),
    lambda: MoveCage(9),
    lambda: Choose("-", ()),
    lambda: Choose(3, ()),
    lambda: Choose("Y1L", "K2D"),
    lambda: Choose("Y1L", ("K2D",), "sideways"),
    lambda: Place(3),
    lambda: Place("m8"),
)
WORD = re.compile(r"[^\W\d_]+")
PLACEHOLDER = re.compile(r"\{[^}]*\}|%\(\w+\)[sr]|%s")
# what is notation, not words: quoted text ('…', „…“, „…”, a file's JSON "…"), a value's fields
# (slot=…) and type, rule IDs, codes with a digit (F1:K1D, W3YY, a player's initial and count:
# A1), and the command line's own: options (--face-down), their placeholders (NAME), commands
# (gluckauf play, and the commands listed under the help's heading)
CODE = re.compile(
    r"'[^']*'|„[^“”]*[“”]|\"[^\"]*\"|\b\w+=|\b[A-Z]\w*\(|\bR-[A-Z]+-\d+|\b\w*\d\w*"
    r"|--[\w-]+|\b[A-Z]{2,}\b|gluckauf [\w-]+|(?m:^ {4}[\w-]+(?= ))"
)


# what a translation quotes of a file's JSON ("shift") and its rule IDs (R-SHIFT-1): code
QUOTED_CODE = re.compile(r'"[^"]*"|\bR-[A-Z]+-\d+')

# the bots' names are typed as they are (--bots greedy,random), in every language
BOT_NAMES = re.compile(r"\b(?:" + "|".join(map(re.escape, bot_names())) + r")\b")


# each language is named in its own language (the language menu: English, Deutsch, Magyar)
LANGUAGE_NAMES = re.compile(
    r"\b(?:" + "|".join(map(re.escape, LANGUAGES_BY_CODE.values())) + r")\b"
)


def words(text: str) -> set[str]:
    text = LANGUAGE_NAMES.sub(" ", BOT_NAMES.sub(" ", text))
    return {word.lower() for word in WORD.findall(PLACEHOLDER.sub(" ", text))}


def english_only(lang: str, catalogues=(ENGINE,)) -> set[str]:
    """The words of the English tables of ``catalogues`` (by default the engine's: sentences,
    bots, reviews, the command line) that none of their ``lang`` texts uses (as words: a rule
    ID and a file's JSON code in a translation do not count)."""
    tables = [table for catalogue in catalogues for table in catalogue.tables.values()]
    english = set().union(*(words(text) for table in tables for text in table.english.values()))
    with language(lang):
        translated = set().union(
            *(
                words(QUOTED_CODE.sub(" ", table.template(key)))
                for table in tables
                for key in table.english
            )
        )
    return english - translated


def engine_output(players: int, seed: int) -> list[str]:
    """Everything the engine says in one seeded game, in the current language."""
    said: list[str] = []
    state = new_game(players, seed=seed)
    bot = RandomBot(seed)
    step = 0
    while not state.is_over:
        if step % 9 == 0:
            said.append(str(state))
            for action in candidate_actions(state):
                refusal = state.why_not(action)
                if refusal is not None:
                    said.append(str(refusal))
        said += [event.sentence() for event in state.apply(bot.choose(state))]
        step += 1
    result = state.result()
    return [*said, str(state), str(result), result.breakdown()]


def mistakes(state) -> list[str]:
    said = []
    for text in MISTYPED:
        with pytest.raises(GameError) as caught:
            state.apply(text)
        said.append(str(caught.value))
    for make in BAD_VALUES:
        with pytest.raises(GameError) as caught:
            make()
        said.append(str(caught.value))
    return said


def english_in(lines: list[str], lang: str, catalogues=(ENGINE,)) -> list[tuple[str, str]]:
    forbidden = english_only(lang, catalogues)
    return [
        (word, line) for line in lines for word in sorted(words(CODE.sub(" ", line)) & forbidden)
    ]


def test_the_english_only_words_are_the_ones_to_look_for() -> None:
    for lang in LANGUAGES:
        forbidden = english_only(lang)
        assert {"the", "left", "canteen", "storage", "shift", "players"} <= forbidden, lang
        # the notation's words are in every language's texts, so they never count as English
        assert not {"place", "fill", "load", "cy", "none"} & forbidden, lang
    # and the check sees English where it is
    assert english_in(["Gábor: 3 VP, cage@2 [Y], storage [-]"], "de")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 1), (4, 7)])
def test_a_game_in_german_and_hungarian_has_no_english(lang, players, seed) -> None:
    with language(lang):
        lines = engine_output(players, seed)
    assert len(lines) > 200
    assert english_in(lines, lang) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mistyped_actions_and_bad_values_are_refused_in_the_learners_language(lang) -> None:
    with language(lang):
        lines = mistakes(new_game(3, seed=1))
    assert len(lines) == len(MISTYPED) + len(BAD_VALUES)
    assert english_in(lines, lang) == []
    assert all("R-NOTATION-1" in line or "R-" in line for line in lines)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_seat_menu_names_the_bots_in_the_learners_language(lang) -> None:
    from gluckauf.bots.registry import bot_names
    from gluckauf.text.words import bot_name
    from widgets.board import BoardWidget

    with language(lang):
        choices = dict(BoardWidget._seat_choices())
    named = [label for label, name in choices.items() if name in bot_names()]
    assert len(named) == len(bot_names()) >= 4
    assert english_in(named, lang) == []
    with language("en"):
        assert not set(named) & {bot_name(name) for name in bot_names()}  # translated
    with language(lang):
        assert bot_name("mine") != bot_name("greedy") and "mine" in bot_name("mine")


TERMINAL_GAME = (
    "help", "legal", "why place F9", "why M8", "M8", "legal all", "99", "undo", "undo", "rules",
    "rules R-MINE-3", "rules R-NOPE-1", "save", "why", "board", "cage 9", "quit",
)  # fmt: skip
COMMAND_LINES = (
    ["--help"], ["play", "--help"], ["review", "--help"], ["hub-link", "--help"],
    ["play", "--players", "5"], ["play", "--players", "2", "--seat", "4"], ["play", "--seed", "x"],
    ["simulate", "--players", "2", "--games", "0"], ["frobnicate"], ["replay"],
    ["simulate", "--players", "3", "--games", "2", "--seed", "1"],
    ["tournament", "--bots", "greedy,nobody", "--players", "2"],
    ["tournament", "--bots", "greedy,random,greedy", "--players", "2"],
    ["tournament", "--bots", "greedy,random", "--players", "2", "--games", "2", "--seed", "1",
     "--workers", "1"],
)  # fmt: skip


def command_line(lang: str, words: list[str], typed: str = "") -> str:
    out, err = io.StringIO(), io.StringIO()
    main(["--lang", lang, *words], stdin=io.StringIO(typed), stdout=out, stderr=err)
    return out.getvalue() + err.getvalue()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_command_line_speaks_the_learners_language(lang) -> None:
    game = command_line(lang, ["play", "--players", "2", "--seed", "3"], "\n".join(TERMINAL_GAME))
    assert game.count("\n") > 60 and "R-MINE-3" in game
    screens = [game, *(command_line(lang, words) for words in COMMAND_LINES)]
    assert all(screens)
    assert english_in(screens, lang) == []
    assert english_in([command_line("en", ["--help"])], lang)  # English is seen where it is


# --- the board (issue 29, 4): what a learner reads on and around the picture -------------------
def board_catalogues() -> tuple:
    """The engine's and the widgets' catalogues (the hover's table included)."""
    import widgets.hover  # noqa: F401  (its table registers when it is imported)
    from widgets.labels import WIDGETS

    return (ENGINE, WIDGETS)


def _controls(widget) -> list[str]:
    """Every label, option and text of a widget tree (tags left out)."""
    import ipywidgets as w

    found = []
    for name in ("description", "placeholder", "tooltip"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            found.append(value)
    if isinstance(widget, w.HTML | w.Label):
        shown = re.sub(r"<style\b.*?</style>", " ", widget.value, flags=re.S)  # CSS is no text
        found.append(re.sub(r"<[^>]+>", " ", shown))
    for option in getattr(widget, "options", ()) or ():
        found.append(option[0] if isinstance(option, tuple) else str(option))
    for child in getattr(widget, "children", ()) or ():
        found += _controls(child)
    return found


def board_output(players: int, seed: int) -> list[str]:
    """What the board says in one seeded game at seat 0, in the current language: its controls,
    the status line and the message after each move and click (refused ones too), every
    target's hover text and the board in words."""
    import random

    from widgets.board import BoardWidget
    from widgets.describe import describe_board
    from widgets.hover import describe_target
    from widgets.session import GameSession

    session = GameSession(new_game(players, seed=seed))
    said = _controls(BoardWidget(session))
    chance = random.Random(seed)
    bot = RandomBot(seed)
    step = 0
    while not session.state.is_over:
        state = session.state
        if step % 25 == 0:
            targets = sorted(session._layout.targets())
            said += [describe_target(target, state, 0) for target in targets]
            said.append(session.status())
            for heading, lines in describe_board(state, 0, session.status()):
                said += [heading, *lines]
            for target in chance.sample(targets, min(6, len(targets))):  # refused clicks too
                session.click(target)
                said += [session.message, session.status()]
                session.clear_selection()
        session.play(bot.choose(state))
        said += [session.message, session.since]
        step += 1
    return [line for line in said if line]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_speaks_the_learners_language(lang) -> None:
    with language(lang):
        lines = board_output(3, 5)
    assert len(lines) > 500
    assert {"the", "you", "cage", "storage"} & english_only(lang, board_catalogues())
    found = sorted(
        {(word, line[:120]) for word, line in english_in(lines, lang, board_catalogues())}
    )
    assert found == [], found[:15]


# --- a file that cannot be used (issue 29, 1): what the Load line and the command line say ------
def _mutated(data: dict, change) -> dict:
    copy = json.loads(json.dumps(data))
    change(copy)
    return copy


# Record changes, each refused for a different reason (the schema's, the record's own facts,
# an illegal action, a result the replay does not give).
RECORD_CHANGES = (
    lambda r: r.update(players=5),
    lambda r: r.update(names=[]),
    lambda r: r.update(extra=1),
    lambda r: r.update(names=["A", "B"]),
    lambda r: r.update(seed="x"),
    lambda r: r.update(seed=1.5),
    lambda r: r.pop("format"),
    lambda r: r.update(format="gluckauf-position"),
    lambda r: r.update(format="chess"),
    lambda r: r.update(version=9),
    lambda r: r.update(version="one"),
    lambda r: r.pop("seed"),
    lambda r: r.update(start={}),
    lambda r: r.setdefault("options", {}).update(start_player=3),
    lambda r: r.setdefault("options", {}).update(seats=["human"]),
    lambda r: r["actions"].insert(3, "place F9"),
    lambda r: r["actions"].insert(3, "cage 4"),
    lambda r: r.update(actions=r["actions"][:20]),
    lambda r: r["result"].update(scores=[1, 2, 3]),
    lambda r: r["result"].update(winners=[7]),
    lambda r: r["result"].update(scores=[0] * len(r["result"]["scores"])),
)  # fmt: skip
# Position changes that break what the rules could present (gluckauf.core.invariants).
POSITION_CHANGES = (
    lambda p: p["seats"][0].update(money=p["seats"][0]["money"] + 5, score=999),
    lambda p: p["seats"][1].update(workers=p["seats"][1]["workers"] + 1),
    lambda p: p["board"].update(supply=p["board"]["supply"] + "YY"),
    lambda p: p["board"]["tile_deck"].append("K2D"),
    lambda p: p["board"]["order_deck"].pop(),
    lambda p: p.update(phase="place", steps_left=4),
    lambda p: p.update(shift=3, phase="draft"),
    lambda p: p["board"].update(pending_carts=[[0, 0, 0]]),
    lambda p: p["board"]["spaces"].update(ZZ={"player": 0, "workers": 1}),
    lambda p: p["board"].update(draft_pool=["W2Y"]),
    lambda p: p["seats"][0]["tiles"].append("Y2L"),
    lambda p: p["seats"][0]["ledger"].append(["orders", 3, "W2Y"]),
    lambda p: p["board"]["tile_deck"].__setitem__(0, "Y3L"),
    lambda p: p["seats"][0]["outstanding"].append({"order": "X1", "slots": []}),
)  # fmt: skip
BAD_TEXTS = (
    b"", b"   ", b"\xff\xfe{", b"{", b"[1,]", b'{"a" 1}', b'{"a": 1,}', b'"\\q"', b"1 2",
    b'{"a": NaN}', b'{"a": 1, "a": 2}', b"[" * 40 + b"]" * 40, b"[1, 2]", b'"text"', b"null",
)  # fmt: skip


def file_refusals(tmp_path) -> list[str]:
    """What the kit says about bad files, in the current language: read by the board's loader
    (``load_game``), ``replay_file``, the position loader, the command line's ``show`` and
    ``replay``, and ``hub-link``'s refusals."""
    from gluckauf.core.builder import PositionBuilder
    from gluckauf.files.positions import position_from_dict, position_to_dict
    from gluckauf.files.records import record_of, replay_file
    from gluckauf.files.savefiles import load_game

    said: list[str] = []
    path = tmp_path / "file.json"

    def refused(load, *args) -> None:
        with pytest.raises(GameError) as caught:
            load(*args)
        said.append(str(caught.value))

    def file_says(raw: bytes) -> None:
        path.write_bytes(raw)
        refused(load_game, path)
        refused(replay_file, path)
        said.append(command_line_here(["show", str(path)]))

    def command_line_here(words: list[str]) -> str:
        out, err = io.StringIO(), io.StringIO()
        assert main(words, stdout=out, stderr=err) != 0
        return out.getvalue() + err.getvalue()

    refused(load_game, tmp_path / "missing.json")
    refused(load_game, tmp_path)
    for raw in BAD_TEXTS:
        file_says(raw)
    state = new_game(3, seed=2)
    bot = RandomBot(2)
    while not state.is_over:
        state.apply(bot.choose(state))
    record = record_of(state)
    for change in RECORD_CHANGES:
        file_says(json.dumps(_mutated(record, change)).encode())
    middle, bot = new_game(3, seed=4), RandomBot(4)
    for _ in range(40):  # mining, in shift I
        middle.apply(bot.choose(middle))
    position = position_to_dict(middle)
    for change in POSITION_CHANGES:
        refused(position_from_dict, _mutated(position, change))
    file_says(json.dumps(_mutated(position, POSITION_CHANGES[0])).encode())
    refused(PositionBuilder(3).money(0, -3).build)
    for words in (
        ["hub-link", "--hub", "hub", "--repo", "https://github.com/o/r"],
        ["hub-link", "--hub", "https://h.org?x", "--repo", "https://github.com/o/r"],
        ["hub-link", "--hub", "https://h.org", "--repo", "kit"],
        ["hub-link", "--hub", "https://h.org", "--repo", "https://github.com/o/r", "--branch", " "],
        [
            "hub-link",
            "--hub",
            "https://h.org",
            "--repo",
            "https://github.com/o/r",
            "--notebook",
            "x",
        ],
    ):
        said.append(command_line_here(words))
    return said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_file_is_refused_in_the_learners_language(lang, tmp_path) -> None:
    with language(lang):
        lines = file_refusals(tmp_path)
    with language("en"):
        english = file_refusals(tmp_path)
    assert len(lines) == len(english) > 100
    assert all(lines) and lines != english
    assert english_in(lines, lang) == []
    assert english_in(english, lang)  # the same check finds the English ones
