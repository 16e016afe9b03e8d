"""Fuzzing one game on several screens (widgets.table): random operations by simulated screens.

Three screens (Ada's, Bea's and a third one) and the notebook's own code (no screen) press the
board's buttons in random order: they sit down and stand up, click on the board, press Undo,
Redo, Hint, New game, Start again, Save and Load, and stop or run the bots. The screen a
callback comes from is set by patching ``widgets.board.sender``. After every operation the
rules of the shared table (docs/teaching.md, "One game, two learners") must hold:

* nothing escapes as an exception, and no message says something went wrong inside the widget;
* a screen without a seat changes nothing (the game, the bots, the files), sitting aside;
* a move is played only from the screen of the player to act, an undo only from the screen
  whose decision it takes back (R-TURN-1);
* the game is replaced (New game, Start again, Load) from a screen only when every screen
  seated at the time has pressed that same button since the last such change or change of
  seats — the table's agreement;
* a fair game never goes back past a reveal, by any door (Undo, Start again, Load);
* the engine's invariants hold.

Marked ``fuzz``: a few seconds in make test, ``--fuzz-scale`` times longer in make soak.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

import ipywidgets as w
import pytest
from helpers import closing_new_widgets, fuzz_examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_board_widget import in_fresh_thread

import widgets.board
from gluckauf import new_game
from gluckauf.core.invariants import problems
from gluckauf.core.state import GameState
from widgets import SharedTable
from widgets.board import BoardWidget
from widgets.labels import say
from widgets.session import FAIR, FREE, GameSession

ADA, BEA, THIRD = "screen-ada", "screen-bea", "screen-third"
SCREENS = (ADA, BEA, THIRD, None)  # None: a cell run in the notebook itself
TABLE_WIDE = ("new", "restart", "load")  # the operations that replace the game
# "again": the last operation with the same choices, from a random screen; "agree": from every
# other seated screen in turn
OPERATIONS = (
    "sit",
    "again",
    "agree",
    "agree",
    "agree",
    "click",
    "click",
    "click",
    "undo",
    "redo",
    "hint",
    "new",
    "new",
    "restart",
    "save",
    "save",
    "load",
    "load",
    "bots",
)
FILES = ("a.json", "b.json", "garbage.json")


class Now:
    """The screen the next widget callback comes from."""

    screen: str | None = None


@dataclass
class Before:
    """What an operation may change, taken just before it."""

    state: GameState
    history: list
    current: int
    is_bot_turn: bool
    last_reveal: int
    undo_mode: str
    undo_seat: int | None
    seats: list[str]
    bots_running: bool
    claims: dict[int, str]
    files: dict[str, tuple[int, bytes]]


def files_in(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in sorted(folder.iterdir())}


def snapshot(board: BoardWidget, folder: Path) -> Before:
    s = board.session
    assert board.table is not None
    return Before(
        s.state,
        list(s.state.history),
        s.state.current,
        s.is_bot_turn,
        s.state.last_reveal,
        s.undo_mode,
        s.seat_after_undo(),
        list(s.seats),
        board.bots_running.value,
        dict(board.table.claims),
        files_in(folder),
    )


def buttons(widget: w.Widget) -> dict[str, w.Button]:
    """Every button under ``widget``, by its label."""
    found: dict[str, w.Button] = {}
    if isinstance(widget, w.Button):
        found[widget.description] = widget
    for child in getattr(widget, "children", ()):
        found.update(buttons(child))
    return found


def press(board: BoardWidget, key: str) -> bool:
    """Press the button labelled with ``key``'s text, if the board has one."""
    button = buttons(board).get(say(key))
    if button is None:
        return False
    button.click()
    return True


@dataclass
class Choices:
    """An operation's random choices, drawn beforehand (hypothesis draws in the test's thread;
    the board is driven in a fresh one): ``pick`` chooses among what the board offers then."""

    pick: int
    aim: bool
    x: float
    y: float
    settings: tuple[int, str, str, int, bool] | None
    file: str


CHOICES = st.builds(
    Choices,
    pick=st.integers(0, 999),
    aim=st.integers(0, 9).map(bool),
    x=st.floats(0, 1),
    y=st.floats(0, 1),
    settings=st.none()
    | st.tuples(
        st.sampled_from([2, 3]),
        st.sampled_from(["human", "human", "random"]),
        st.sampled_from(["human", "human", "random"]),
        st.integers(0, 50),
        st.booleans(),
    ),
    file=st.sampled_from(FILES),
)


def make_board(players: int, more: list[str], sandbox: bool, controls: bool | str,
               seed: int) -> BoardWidget:  # fmt: skip
    seats = ["human", "human", *more][:players]
    undo = FREE if sandbox and "random" not in seats else FAIR
    state = new_game(players, seed=seed, start_player=0)
    return BoardWidget(
        GameSession(state, seats=seats, undo=undo), controls=controls, table=SharedTable()
    )


def operate(board: BoardWidget, op: str, c: Choices, folder: Path) -> str:
    """Do one operation from ``Now.screen``; returns what was done, for the failure report."""
    s = board.session
    if op == "sit":
        seat_buttons = [b for b in board.seat_bar.children if isinstance(b, w.Button)]
        if not seat_buttons:
            return "sit: no human seat"
        k = c.pick % len(seat_buttons)
        seat_buttons[k].click()
        return f"sit at button {k}"
    if op == "click":
        targets = sorted(s.legal_targets())
        if targets and c.aim:
            target = targets[c.pick % len(targets)]
            box = s.layout.box(target)
            board._on_mouse_down(box.cx, box.cy)
            return f"click {target}"
        x, y = c.x * s.layout.width, c.y * s.layout.height
        board._on_mouse_down(x, y)
        return f"click at ({x:.0f}, {y:.0f})"
    if op in ("undo", "redo", "hint", "restart"):
        return op if press(board, f"button.{op}") else f"{op}: no button"
    if op == "bots":
        if not hasattr(board, "players"):
            return "bots: no button"
        board.bots_running.value = not board.bots_running.value
        return f"bots {'on' if board.bots_running.value else 'off'}"
    if not hasattr(board, "players"):  # new, save, load: only the full controls have them
        return f"{op}: no button"
    if op == "new":
        if c.settings is not None:
            players, second, third, seed, sandbox = c.settings
            board.players.value = players
            board.seat_kinds[1].value, board.seat_kinds[2].value = second, third
            board.seed.value = seed
            board.sandbox.value = sandbox
        press(board, "button.new")
        return f"new game {board.players.value} {board.seed.value}"
    board.path.value = str(folder / c.file)
    press(board, f"button.{op}")
    return f"{op} {c.file}"


def check(board: BoardWidget, op: str, screen: str | None, before: Before,
          pressed: dict[str, set[str]], folder: Path, log: list[str]) -> None:  # fmt: skip
    """The shared table's rules after one operation (see the module docstring)."""
    s = board.session
    state = s.state
    table = board.table
    assert table is not None
    where = "\n  ".join(log)
    assert "Something went wrong" not in s.message and "Traceback" not in s.message, (
        f"{s.message}\n  {where}"
    )
    assert problems(state) == [], where
    assert state.is_over or state.legal_actions(), where
    replaced = state is not before.state
    seat = next((k for k, v in before.claims.items() if v == screen), None) if screen else None
    seated = seat is not None
    if screen is not None and not seated and op != "sit":
        assert not replaced and state.history == before.history, (
            f"a screen without a seat changed the game\n  {where}"
        )
        assert board.bots_running.value == before.bots_running, (
            f"a screen without a seat turned the bots\n  {where}"
        )
        assert files_in(folder) == before.files, f"a screen without a seat wrote a file\n  {where}"
    if replaced and screen is not None:
        assert op in TABLE_WIDE, f"the game was replaced by {op}\n  {where}"
        missing = {who for who in before.claims.values() if who != screen} - pressed[op]
        assert not missing, (
            f"{op} from one screen replaced the game without the agreement "
            f"of {sorted(missing)}\n  {where}"
        )
    if not replaced and screen is not None and seated:
        grew = len(state.history) > len(before.history)
        if op == "click" and grew:
            assert not before.is_bot_turn and seat == before.current, (
                f"a move from the screen of seat {seat} in seat {before.current}'s turn\n  {where}"
            )
        if op == "undo" and len(state.history) < len(before.history):
            assert seat == before.undo_seat, (
                f"seat {seat}'s screen took back seat {before.undo_seat}'s move\n  {where}"
            )
    played = len(state.history)
    same_game = (
        state.seed is not None
        and state.seed == before.state.seed
        and state.players == before.state.players
        and state.history == before.history[:played]
    )
    if before.undo_mode == FAIR and op != "new" and same_game and played < len(before.history):
        assert played >= before.last_reveal, (
            f"{op} went back to {played} actions, past the reveal at {before.last_reveal}\n"
            f"  {where}"
        )


@pytest.mark.fuzz
@settings(
    max_examples=fuzz_examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_operations_by_several_screens_keep_the_tables_rules(data) -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        mock.patch.object(widgets.board, "sender", lambda: Now.screen),
        closing_new_widgets(),
    ):
        folder = Path(tmp)
        (folder / "garbage.json").write_text('{"format": "nonsense", "actions": [1, 2')
        Now.screen = None
        setup = (
            data.draw(st.sampled_from([2, 3]), label="players"),
            data.draw(
                st.lists(st.sampled_from(["human", "random"]), min_size=1, max_size=1),
                label="third seat",
            ),
            data.draw(st.booleans(), label="sandbox"),
            data.draw(st.sampled_from([True, True, "learner"]), label="controls"),
            data.draw(st.integers(0, 50), label="seed"),
        )
        board = in_fresh_thread(lambda: make_board(*setup))
        log: list[str] = [f"seats {board.session.seats}, undo {board.session.undo_mode}"]
        sitters = st.just([ADA, BEA]) | st.lists(st.sampled_from(SCREENS), max_size=3)
        for k, who in enumerate(data.draw(sitters, label="first sitters")):
            Now.screen = who
            seat_buttons = [b for b in board.seat_bar.children if isinstance(b, w.Button)]
            in_fresh_thread(seat_buttons[k % len(seat_buttons)].click)
            log.append(f"{who}: sit at button {k % len(seat_buttons)}")
        Now.screen = None
        pressed: dict[str, set[str]] = {op: set() for op in TABLE_WIDE}

        def step(op: str, screen: str | None, choices: Choices) -> None:
            nonlocal pressed
            assert board.table is not None
            before = snapshot(board, folder)
            Now.screen = screen
            done = in_fresh_thread(lambda: operate(board, op, choices, folder))
            Now.screen = None
            log.append(f"{screen}: {done} -> {board.session.message[:90]!r}")
            check(board, op, screen, before, pressed, folder, log)
            if board.session.state is not before.state or board.table.claims != before.claims:
                pressed = {kind: set() for kind in TABLE_WIDE}  # a change: agree afresh
            elif op in TABLE_WIDE and screen is not None:
                pressed[op].add(screen)

        last: tuple[str, Choices, str | None] = ("click", data.draw(CHOICES, label="choices"), None)
        for _ in range(data.draw(st.integers(5, 40), label="operations")):
            op = data.draw(st.sampled_from(OPERATIONS), label="operation")
            screen = data.draw(st.sampled_from(SCREENS), label="screen")
            choices = data.draw(CHOICES, label="choices")
            if op == "agree":  # every other seated screen presses what was pressed last
                for who in [who for _seat, who in sorted(board.table.claims.items())]:
                    if who != last[2]:
                        step(last[0], who, last[1])
                continue
            if op == "again":
                op, choices = last[:2]
            last = (op, choices, screen)
            step(op, screen, choices)
