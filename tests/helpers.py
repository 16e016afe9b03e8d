"""Small helpers shared by the rule tests."""

from __future__ import annotations

import contextlib
import gettext
from collections.abc import Iterator

from gluckauf import RandomBot
from gluckauf.core.components import ORDER_BY_CODE, SPACE_BY_CODE

# How many times longer the fuzzers run: 1 in make test, --fuzz-scale N (make soak: 100).
# tests/conftest.py sets it before collection, so a hypothesis @settings(max_examples=...)
# written at import time can read it through fuzz_examples.
FUZZ_SCALE = 1


def fuzz_examples(default: int) -> int:
    """A fuzzer's number of examples: ``default`` in make test, times --fuzz-scale in soak."""
    return default * FUZZ_SCALE


def workers_on(state, code):
    """(owner, count) of the workers standing on a space."""
    index = SPACE_BY_CODE[code].index
    return state.space_owner[index], state.space_count[index]


def of_kind(events, kind):
    """The events of one kind."""
    return [event for event in events if event.kind == kind]


def card(code):
    """The card index of an order code."""
    return ORDER_BY_CODE[code].index


def random_moves(state, moves: int, seed: int = 0):
    """Play up to ``moves`` random legal actions (fewer if the game ends); return the state."""
    bot = RandomBot(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(bot.choose(state))
    return state


def states_by_phase(games, *, per_phase: int, every: int, history: bool = True) -> list:
    """States of random games, ``games`` = ((players, seed), …): every ``every``-th decision
    up to ``per_phase`` per phase of each game, and each game's end."""
    from gluckauf import new_game

    states = []
    for players, seed in games:
        state = new_game(players, seed=seed)
        bot = RandomBot(seed)
        seen: dict[str, int] = {}
        step = 0
        while not state.is_over:
            if seen.get(state.phase, 0) < per_phase and step % every == 0:
                seen[state.phase] = seen.get(state.phase, 0) + 1
                states.append(state.copy() if history else state.copy(history=False))
            state.apply(bot.choose(state))
            step += 1
        states.append(state)
    return states


@contextlib.contextmanager
def closing_new_widgets() -> Iterator[None]:
    """Close every widget made inside the block (boards and all their parts). A fuzzer makes
    hundreds of boards: unclosed, each stays in ipywidgets' registry with its whole game (a
    soak run of the widget fuzzer grew to 8.7 GB). Module-level widgets are made first."""
    with contextlib.suppress(ImportError):
        import ipycanvas  # noqa: F401  (its one shared canvas manager: never closed here)
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    try:
        yield
    finally:
        for key in [key for key in list(_instances) if key not in before]:
            widget = _instances.get(key)
            if widget is not None:
                widget.close()


def waiting_for_a_cube(players: int = 3, seed: int = 5):
    """A puzzle where grey has run out and a tile just bought needs a cube chosen (R-TUNNEL-2):
    the phase random games rarely reach."""
    from gluckauf.core.builder import PositionBuilder

    builder = PositionBuilder(players=players, seed=seed).tile_space(1, "G1L")
    builder.storage(1, "G" * builder.state.supply[2])
    state = builder.turn(0).build()
    state.apply("place F1")
    assert state.phase == "cube"
    return state


def built_states(players: int = 3, seed: int = 5) -> dict:
    """Decisions random games rarely reach, set up with PositionBuilder, by what they show:
    F★ and O★ open, fills from the cage and the storage with several steps or one, and a cube
    to choose. Seat 0 (Gábor) decides in each."""
    from gluckauf.core.builder import PositionBuilder

    def builder() -> PositionBuilder:
        return PositionBuilder(players=players, seed=seed)

    return {
        "tiles shown": builder().money(0, 9)
        .looking_at(0, "tile", "Y1L", "B2D", "Y1L", "K1L").build(),
        "orders shown": builder().looking_at(0, "order", "W2Y", "C5K", "T3B").build(),
        "cage at level 1 by a yellow cart": builder().orders(0, "W2Y", "T10YBGK")
        .tiles(0, "Y1L").storage(0, "B").mining(0, steps=1).cage(0, 1, "Y").build(),
        "cage up with cubes, cubes in storage": builder().orders(0, "W2Y", "W3YY", "T10YBGK")
        .fill(0, "W3YY", "Y", "").tiles(0, "Y1L").storage(0, "YBK").mining(0, steps=3)
        .cage(0, 0, "YYG").build(),
        "C9KK held, black in storage": builder().orders(0, "C9KK", "T10YBGK")
        .storage(0, "KB").mining(0, steps=1).cage(0, 2, "Y").build(),
        "a cube to choose": waiting_for_a_cube(players, seed),
    }  # fmt: skip


class _Table(gettext.NullTranslations):
    """A translation from a dict of context → template (plural contexts: "x" for "x.one")."""

    def __init__(self, texts: dict[str, str]) -> None:
        super().__init__()
        self.texts = texts

    def pgettext(self, context: str, message: str) -> str:
        return self.texts.get(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        form = "one" if n == 1 else "many"
        return self.texts.get(f"{context}.{form}", singular if n == 1 else plural)


def translate_with(monkeypatch, domain, texts: dict[str, str], lang: str = "de") -> None:
    """Read ``domain`` in ``lang`` from ``texts`` (context → template; English where it has
    none) for one test: the catalogue's place is taken, the kit's language set to ``lang``."""
    from gluckauf.text.i18n import set_language

    monkeypatch.setitem(domain._loaded, lang, _Table(texts))
    set_language(lang)


#: The note before a lesson's optional Python answer, in each language.
CURIOUS = {
    "en": "For the curious — answer in Python",
    "de": "Für Neugierige – Antwort in Python",
    "hu": "Kíváncsiaknak – válasz Pythonban",
}


def lesson_cells(name: str, lang: str) -> tuple[list[dict], list[str]]:
    """The cells of lesson notebook ``name`` in ``lang`` (as JSON) and their ids."""
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "notebooks"
    path = folder / name if lang == "en" else folder / lang / name
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells, [cell["id"] for cell in cells]


def check_exercise_cells(cells, ids, exercises, curious: str) -> list[str]:
    """Assert that each exercise ``(control id, call, folded python ids)`` is the control
    call alone, followed (when it has Python cells) by the "for the curious" note and its
    folded Python cells; return the ids of every folded cell."""
    folded_ids: list[str] = []
    for control, call, python in exercises:
        i = ids.index(control)
        assert "".join(cells[i]["source"]) == call, control
        if not python:
            continue
        assert curious in "".join(cells[i + 1]["source"]), control
        assert ids[i + 2 : i + 2 + len(python)] == python, control
        for folded in cells[i + 2 : i + 2 + len(python)]:
            assert folded["metadata"]["jupyter"]["source_hidden"] is True
            first = "".join(folded["source"]).splitlines()[0]
            assert first.startswith("# ") and "NBVAL" not in first
        folded_ids += python
    return folded_ids


def feedback_seen(question) -> str:
    """An answer control's feedback line as the learner reads it: no markup."""
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", question.feedback.value)).strip()


def click_answer(question, label: str):
    """Click the answer button labelled ``label``; return the check's feedback."""
    next(b for b in question.buttons if b.description == label).click()
    return question.result


def type_answer(question, text: str):
    """Type ``text`` in the control's box and press its button; return the feedback."""
    question.box.value = text
    question.button.click()
    return question.result
