"""Fuzzing the board widget without a table: random operations as a learner could make them.

Clicks at random pixels, on random targets of the board's layout and on the targets the board
highlights; Undo, Redo, Hint, Start again; New game with random field values (negative and
huge seeds, player counts the game does not have, bots, sandbox, face-down orders); Save and
Load to a temporary folder, also of garbage files; language switches. After every operation:

* the message never says that something went wrong inside the widget, and shows no traceback
  (in any language);
* the game has a legal action until it is over, and the engine's invariants hold.

Marked ``fuzz``: a few seconds in make test, ``--fuzz-scale`` times longer in make soak.
"""

from __future__ import annotations

import contextlib
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import closing_new_widgets, fuzz_examples, random_moves
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_board_widget import in_fresh_thread
from test_fuzz_table import buttons
from traitlets import TraitError

from gluckauf import new_game
from gluckauf.core.invariants import problems
from gluckauf.files.positions import save_position
from gluckauf.files.records import record_of
from gluckauf.text.i18n import LANGUAGES, get_language, set_language
from widgets.board import BoardWidget
from widgets.labels import say
from widgets.session import FAIR, FREE, GameSession

OPERATIONS = (
    "click",
    "click",
    "click",
    "target",
    "play",
    "play",
    "undo",
    "undo",
    "redo",
    "hint",
    "restart",
    "new",
    "new",
    "save",
    "load",
    "load",
    "language",
)
FILES = (
    "a.json",
    "a.json",
    "a.json",
    "b.json",
    "garbage.json",
    "wrong.json",
    "list.json",
    "illegal.json",
    "position.json",
    "random.json",
    "folder.json",
    "missing.json",
    "",
)


def went_wrong() -> list[str]:
    """What the board says when a callback failed, in every language (its text before the
    error's name), and the word of a Python traceback."""
    said = []
    language = get_language()
    for code in LANGUAGES:
        set_language(code)
        said.append(say("msg.error", error="\0").split("\0")[0])
    set_language(language)
    return [*said, "Traceback"]


WENT_WRONG = went_wrong()


def garbage(folder: Path, noise: bytes) -> None:
    """Files no game is in, and two that are: a position and a record with an illegal move."""
    (folder / "garbage.json").write_text('{"format": "gluckauf-record", "actions": [1, 2')
    (folder / "wrong.json").write_text(
        '{"format": "gluckauf-record", "version": 1, '
        '"players": 9, "names": [], "seed": -1, "actions": {}}'
    )
    (folder / "list.json").write_text("[1, 2, 3]")
    (folder / "random.json").write_bytes(noise)
    (folder / "folder.json").mkdir()
    save_position(random_moves(new_game(3, seed=4), 30, seed=4), folder / "position.json")
    record = record_of(random_moves(new_game(2, seed=5), 12, seed=5))
    record["actions"][5] = "place M8"  # in the draft: refused by the engine on replay
    (folder / "illegal.json").write_text(json.dumps(record))


@dataclass
class Choices:
    """An operation's random choices, drawn beforehand (hypothesis draws in the test's thread;
    the board is driven in a fresh one)."""

    pick: int
    x: float
    y: float
    moves: int
    players: int
    seats: tuple[str, str, str, str]
    seed: int
    loosen: bool
    sandbox: bool
    face_down: bool
    file: str
    language: str


CHOICES = st.builds(
    Choices,
    pick=st.integers(0, 10**6),
    x=st.floats(-50, 900),
    y=st.floats(-50, 1800),
    moves=st.integers(1, 25),
    players=st.integers(-1, 6),
    # the first seat human: a table of bots only plays its whole game at once in plain Python
    seats=st.tuples(st.just("human"), *[st.sampled_from(["human", "human", "random"])] * 3),
    seed=st.integers(-(2**40), -1) | st.integers(0, 100) | st.integers(2**31 - 2, 2**64),
    loosen=st.integers(0, 7).map(lambda n: n == 0),
    sandbox=st.booleans(),
    face_down=st.booleans(),
    file=st.sampled_from(FILES),
    language=st.sampled_from(list(LANGUAGES)),
)


def operate(board: BoardWidget, op: str, c: Choices, folder: Path) -> str:
    """Do one operation; returns what was done, for the failure report."""
    s = board.session
    full = hasattr(board, "players")  # a game's controls (else a puzzle's: no New game …)
    if op == "click":
        board._on_mouse_down(c.x, c.y)
        return f"click at ({c.x:.0f}, {c.y:.0f})"
    if op == "target":  # anything the board has a box for, clickable now or not
        names = sorted(s.layout.boxes)
        name = names[c.pick % len(names)]
        box = s.layout.box(name)
        board._on_mouse_down(box.cx, box.cy)
        return f"click {name}"
    if op == "play":  # a few moves on the highlighted targets
        done = []
        for _ in range(c.moves):
            targets = sorted(s.legal_targets())
            if not targets:
                break
            target = targets[(c.pick + len(done)) % len(targets)]
            box = s.layout.box(target)
            board._on_mouse_down(box.cx, box.cy)
            done.append(target)
        return f"play {' '.join(done)}"
    if op == "language":
        board.language.value = c.language
        return f"language {c.language}"
    if op in ("undo", "redo", "hint"):
        buttons(board)[say(f"button.{op}")].click()
        return op
    if op == "restart":
        if full:
            board._run(board._restart)  # (a game's board has no button: the handler)
        else:
            buttons(board)[say("button.restart")].click()
        return "start again"
    if not full:
        return f"{op}: no button"
    if op == "new":
        with contextlib.suppress(TraitError):  # the field holds only 2, 3 and 4
            board.players.value = c.players
        for box, kind in zip(board.seat_kinds, c.seats, strict=True):
            box.value = kind
        if c.loosen:  # code opened the field's bounds: a bad seed can arrive
            board.seed.max, board.seed.min = 2**70, -(2**70)
        board.seed.value = c.seed
        board.sandbox.value = c.sandbox
        board.face_down.value = c.face_down
        buttons(board)[say("button.new")].click()
        return (
            f"new game {board.players.value} {[b.value for b in board.seat_kinds]} seed "
            f"{board.seed.value} sandbox {board.sandbox.value}"
        )
    board.path.value = str(folder / c.file) if c.file else ""
    buttons(board)[say(f"button.{op}")].click()
    return f"{op} {c.file!r}"


def check(board: BoardWidget, log: list[str]) -> None:
    s = board.session
    state = s.state
    where = "\n  ".join(log)
    for words in WENT_WRONG:
        assert words not in s.message and words not in s.since, f"{s.message}\n  {where}"
    assert problems(state) == [], f"{problems(state)}\n  {where}"
    assert state.is_over or state.legal_actions(), f"no legal action\n  {where}"


@pytest.mark.fuzz
@settings(
    max_examples=fuzz_examples(8),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_widget_operations_never_break_the_board(data) -> None:
    players = data.draw(st.sampled_from([2, 3, 4]), label="players")
    others = st.lists(
        st.sampled_from(["human", "random"]), min_size=players - 1, max_size=players - 1
    )
    seats = ["human", *data.draw(others, label="seats")]
    undo = FREE if data.draw(st.booleans(), label="free undo") else FAIR
    controls: bool | str = data.draw(st.sampled_from([True, True, "learner"]), label="controls")
    seed = data.draw(st.integers(0, 10**6), label="seed")
    noise = data.draw(st.binary(max_size=64), label="noise")
    try:
        with tempfile.TemporaryDirectory() as tmp, closing_new_widgets():
            folder = Path(tmp)
            garbage(folder, noise)
            board = in_fresh_thread(
                lambda: BoardWidget(
                    GameSession(new_game(players, seed=seed), seats=seats, undo=undo),
                    controls=controls,
                )
            )
            log = [f"{players} players {seats}, seed {seed}, undo {undo}, controls {controls}"]
            check(board, log)
            for _ in range(data.draw(st.integers(3, 20), label="operations")):
                op = data.draw(st.sampled_from(OPERATIONS), label="operation")
                choices = data.draw(CHOICES, label="choices")
                done = in_fresh_thread(lambda: operate(board, op, choices, folder))  # noqa: B023
                log.append(f"{done} -> {board.session.message[:100]!r}")
                check(board, log)
    finally:
        set_language("en")
