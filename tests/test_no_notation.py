"""The board speaks in words (issue 25): no learner-facing line of a game board — its message,
status, the undo/redo/hint sentences, F★/O★'s "So far:" selection, what bots did, the move
log and the hover texts — contains an action's notation (``place $4``, ``fill W9KK:K cK``) or
a card's or tile's code (``B1D``, ``W9KK``), in English, German and Hungarian. The optional
"Show codes" setting (under Game…) adds the notation back, in grey brackets."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from gluckauf import new_game
from gluckauf.core.actions import Action
from gluckauf.core.components import ORDERS, TILES
from gluckauf.text.i18n import get_language, set_language
from gluckauf.text.words import shown_notation
from widgets.board import BoardWidget
from widgets.clicks import sequences, token_of
from widgets.session import GameSession

CODES = sorted(
    {order.code for order in ORDERS} | {tile.code for tile in TILES}, key=len, reverse=True
)
CODE = re.compile(r"(?<![A-Za-z0-9])(?:" + "|".join(CODES) + r")(?![A-Za-z0-9])")
# the notation's verbs with what follows them (docs/notation.md); a sentence in words never
# writes "place M8", "fill W7GG…", "cage 2" or "load G"
NOTATION = re.compile(
    r"\bplace (?:F[1-8*★]|M\d|D[WCTR]|\$\d|O[1-4*★]|BANK)|\bfill [WCTR]\d|\bdraft [WCTR]\d"
    r"|\bchoose (?:-|[WCTRYBGK]\d)|\b(?:cube|load|store) [YBGK]\b|\bcage \d\b|^stop$"
)
LANGUAGES = ("en", "de", "hu")


@pytest.fixture
def language() -> Iterator[None]:
    before = get_language()
    yield
    set_language(before)


def coded(text: str, notations: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """The codes and notation ``text`` contains (none in a sentence in words)."""
    found = [m.group() for m in CODE.finditer(text)] + [m.group() for m in NOTATION.finditer(text)]
    return found + [n for n in notations if n and n in text]


def targets_for(session: GameSession, token: str) -> list[str]:
    return [
        name
        for name, _box in session.layout.clickable
        if token_of(name, session.state) == token and name not in session.pending
    ]


class Lines:
    """Every learner-facing line a session shows, checked as it comes."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self.bad: list[tuple[str, str, list[str]]] = []
        self.notations: set[str] = set()  # of the actions met: none may be shown

    def note(self, action: Action | None) -> None:
        if action is not None:
            self.notations |= {str(action), shown_notation(action)}

    def check(self, where: str) -> None:
        s = self.session
        lines = {"message": s.message, "since": s.since, "status": s.status()}
        for name, text in lines.items():
            # a notation like "stop" or "cage 1" is a word too: only longer ones are searched
            found = coded(text, {n for n in self.notations if len(n) > 8})
            if found:
                self.bad.append((f"{where}/{name}", text, found))

    def check_text(self, where: str, text: str) -> None:
        found = coded(text)
        if found:
            self.bad.append((where, text, found))


def drive(session: GameSession, seed: int, lines: Lines, *, hover_every: int = 4) -> None:
    """Play a whole random game by clicks, with undo, redo, hints, refused clicks and hovers
    along the way, checking every line shown."""
    rng = random.Random(seed)
    step = 0
    while not session.state.is_over:
        step += 1
        if session.is_bot_turn:
            lines.note(session.bot_step())
            lines.check("bot")
            continue
        lines.check("state")
        if step % hover_every == 0:
            for name, _box in session.layout.clickable:
                lines.check_text(f"hover {name}", session.describe(name))
        legal = session.state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        lines.note(action)
        if step % 5 == 0:
            lines.note(session.hint())
            lines.check("hint")
            session.clear_selection()
        options = sequences(action, session.state)
        for token in options[rng.randrange(len(options))]:
            names = targets_for(session, token)
            session.click(names[0])
            lines.check(f"click {token}")
        if step % 3 == 0:
            lines.note(session.undo())
            lines.check("undo")
            lines.note(session.redo())
            lines.check("redo")
        if step % 7 == 0:  # clicks that name no legal action: the refusals in words
            for name, _box in rng.sample(
                session.layout.clickable, min(6, len(session.layout.clickable))
            ):
                session.click(name)
                lines.check(f"refused {name}")
            session.pending = []
    lines.check("over")
    for line in session.log:
        lines.check_text("log", line)
    session.undo()
    lines.check("undo at the end")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_notation_in_a_game_by_clicks(lang: str, players: int, language: None) -> None:
    """Every phase of a whole game (draft, placing, F★/O★, a new cart's cube, mining, the
    end), every click, undo, redo and hint: words only."""
    set_language(lang)
    session = GameSession(new_game(players, seed=100 + players), undo="free")
    lines = Lines(session)
    drive(session, players, lines)
    assert not lines.bad, "\n".join(f"{w}: {f} in {t!r}" for w, t, f in lines.bad[:10])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_notation_with_bots(lang: str, language: None) -> None:
    """What bots did ("since your move"), and an undo that takes back their moves too."""
    set_language(lang)
    session = GameSession(new_game(3, seed=5), seats=["human", "random", "greedy"], seed=5)
    lines = Lines(session)
    drive(session, 5, lines, hover_every=9)
    assert not lines.bad, "\n".join(f"{w}: {f} in {t!r}" for w, t, f in lines.bad[:10])


def first_choice(session: GameSession) -> None:
    """Play until F★ or O★ shows its cards to the human at the board."""
    rng = random.Random(3)
    for _ in range(400):
        state = session.state
        if state.phase == "choose":
            return
        star = [a for a in state.legal_actions() if str(a) in ("place F*", "place O*")]
        legal = star or state.legal_actions()
        session.play(legal[rng.randrange(len(legal))])
    pytest.fail("no F★/O★ choice came")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_show_codes_adds_the_notation(lang: str, language: None) -> None:
    """With Show codes on, undo, redo and hint end with the move's notation in brackets, and
    F★/O★'s "So far:" names each card with its code; off again, words only."""
    set_language(lang)
    session = GameSession(new_game(3, seed=8), undo="free")
    action = session.state.legal_actions()[0]
    session.play(action)
    session.show_codes = True
    assert session.undo() == action
    assert session.message.endswith(f"({shown_notation(action)})"), session.message
    assert session.codes == shown_notation(action)
    session.redo()
    assert session.message.endswith(f"({shown_notation(action)})"), session.message
    hinted = session.hint()
    assert hinted is not None and f"({shown_notation(hinted)})" in session.message
    first_choice(session)
    shown = token_of("choice:0", session.state).partition(":")[2]
    session.click("choice:0")
    assert f"({shown})" in session.status(), session.status()
    session.show_codes = False
    assert not coded(session.status()), session.status()
    session.hint()
    assert not coded(session.message) and session.codes == ""


def test_show_codes_checkbox_under_game(language: None) -> None:
    """The "Show codes" checkbox sits in the Game… panel, off by default; ticked, the board's
    answer line shows the notation in grey."""
    set_language("en")
    board = BoardWidget(GameSession(new_game(2, seed=4), undo="free"))
    assert board.show_codes.value is False and board.session.show_codes is False
    assert any(board.show_codes in box.children for box in board.settings.children)
    assert board.show_codes.description == "Show codes"
    action = board.session.state.legal_actions()[0]
    board.session.play(action)
    board.session.undo()
    assert shown_notation(action) not in board.message.value
    board.show_codes.value = True
    assert board.session.show_codes is True
    board.session.redo()
    assert "gluckauf-codes" in board.message.value
    assert html_escaped(shown_notation(action)) in board.message.value
    set_language("de")
    board.show_language()
    assert board.show_codes.description == "Codes zeigen"


def html_escaped(text: str) -> str:
    import html

    return html.escape(text)


# --- lessons 8 and 9: scores and records in words and tables ------------------------------
CURIOUS = {"en": "For the curious", "de": "Für Neugierige", "hu": "Kíváncsiaknak"}
CODE_ONLY = re.compile(r"apply\(\"|import json|subprocess|\.result\(\)")


def lesson_cells(lang: str, name: str) -> list[dict]:
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "notebooks"
    path = folder / name if lang == "en" else folder / lang / name
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["08_end_of_game.ipynb", "09_full_game.ipynb"])
def test_lessons_keep_code_for_the_curious(lang: str, name: str) -> None:
    """Lessons 8 and 9: a cell of code to read (the notation, JSON, the shell command, the
    result's one-line form) comes only after a markdown cell that marks it "for the curious"
    (optional); the main path shows tables (widgets.tutorial.tables); the result, the record and
    the end items are never printed as a dictionary or in the notation outside a folded part."""
    cells = lesson_cells(lang, name)
    for i, cell in enumerate(cells):
        text = "".join(cell["source"])
        if cell["cell_type"] == "code" and CODE_ONLY.search(text):
            before = "".join(cells[i - 1]["source"])
            assert cells[i - 1]["cell_type"] == "markdown" and CURIOUS[lang] in before, text
        if cell["cell_type"] == "markdown" and CURIOUS[lang] not in text.split("\n")[0]:
            main = re.sub(r"<details>.*?</details>", "", text, flags=re.S)
            assert "end_money" not in main and "place $" not in main, text
            assert "python -m" not in main, text
    sources = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert "tables." in sources


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_tables_in_words(lang: str, language: None, tmp_path) -> None:
    """The lessons' tables: E7's end items as "Money +1, Coal left +1, Open orders −1,
    Balance −6" (in the language of the lesson), a saved record's first moves in words."""
    from widgets.labels import say
    from widgets.tutorial import endgame, fullgame, tables

    set_language(lang)
    e7 = tables.end_items(endgame.e7_position(), [endgame.GABOR])
    rows = dict((name, values) for name, values in e7.rows)
    assert rows[say("score.end_money")] == ["+1"] and rows[say("score.end_cubes")] == ["+1"]
    assert rows[say("score.end_orders")] == ["−1"] and rows[say("score.end_balance")] == ["−6"]
    assert rows[say("table.end_total")] == ["−5"] and rows[say("score.marks_left")] == ["2"]
    assert "<table>" in e7._repr_html_() and "end_money" not in repr(e7)
    four = tables.final_scores(tables.take_marks(endgame.final_position(), 4))
    assert dict(four.rows)[say("score.total")] == ["2", "2", "0"]
    assert "Gábor & Zsófi" in four.note
    holdings = dict(tables.holdings(endgame.final_position()).rows)
    assert holdings[say("table.marks")] == ["3", "7", "11"]
    path = tmp_path / "bot_game.json"
    assert GameSession(fullgame.bot_game()).save(path)
    for table in (tables.record_summary(path), tables.replay_summary(path)):
        shown = repr(table) + table._repr_html_()
        assert not coded(shown), coded(shown)
    assert "Péter" in dict(tables.record_summary(path).rows)[say("table.winner")][0]
