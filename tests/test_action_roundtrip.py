"""Fuzzers: every action value that exists has a notation that reads back as itself, and the
state answers any value at all — action, near miss, notation or garbage — consistently.

* Round trip (R-NOTATION-1): arbitrary fields for every action class, valid and invalid, are
  either refused by the constructor with an :class:`ActionValueError` (a ValueError) or make
  an action whose ``str()`` is canonical text that ``parse_action`` reads back, with or
  without a state, as an equal action. Issue 23, item 7: ``Fill("C9KK", 3, ())`` printed
  ``'fill C9KK:K '`` (read back as a fill from the cage) and a three-cube Fill printed text
  the parser refuses (R-MINE-3).
* API values: anything given to ``state.why_not``/``state.apply`` in states of random games is
  either accepted by both or refused by both, with an IllegalActionError (NotationError for
  text) citing catalogued rule IDs, and a refused apply leaves the state as it was.

Both are marked ``fuzz``: a few seconds in make test, ``--fuzz-scale`` times longer in make soak.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
from helpers import built_states, fuzz_examples, random_moves, states_by_phase
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gluckauf import new_game, parse_action
from gluckauf.core.actions import (
    ACTION_TYPES,
    LAST_CART,
    Choose,
    Draft,
    Fill,
    Load,
    MoveCage,
    Place,
    Stop,
    Store,
    SubstituteCube,
)
from gluckauf.core.components import ORDER_BY_CODE, ORDERS, SPACE_BY_CODE, TILE_BY_CODE
from gluckauf.core.errors import ActionValueError, IllegalActionError, NotationError
from gluckauf.core.rules import cart_loads
from gluckauf.text.catalogue import RULES

fuzz = pytest.mark.fuzz
rule = pytest.mark.rule


# --- the states -------------------------------------------------------------------------------
BUILT = built_states(seed=7)
STATES = states_by_phase(((2, 21), (3, 22), (4, 23)), per_phase=2, every=11) + list(BUILT.values())


def test_the_states_cover_every_phase() -> None:
    assert {state.phase for state in STATES} == {"draft", "place", "mine", "choose", "cube", "over"}


def random_state(players: int, seed: int, moves: int):
    """A state of a random game: ``moves`` random decisions into it (fewer if it ends)."""
    return random_moves(new_game(players, seed=seed), moves, seed=seed)


known = st.sampled_from(STATES)
states = st.one_of(  # mostly the states above; sometimes a fresh random game (slower)
    known,
    known,
    known,
    st.builds(random_state, st.integers(2, 4), st.integers(0, 2**16), st.integers(0, 250)),
)


# --- arbitrary field values -------------------------------------------------------------------
class Odd(str):
    """Text that is not plain ``str``: it formats and prints itself in lower case."""

    def __format__(self, spec: str) -> str:
        return str.__format__(self.lower(), spec)

    def __str__(self) -> str:
        return self.lower()

    def __repr__(self) -> str:
        return f"Odd({str.__repr__(self)})"


ORDER_CODES = sorted(ORDER_BY_CODE)
TILE_CODES = sorted(TILE_BY_CODE)
SPACE_CODES = sorted(SPACE_BY_CODE)
CODES = SPACE_CODES + ORDER_CODES + TILE_CODES
ODD_WORDS = "- none None top bottom c s C S cage storage Y k fill stop F★ O★ bank 1 + :"
ODD_TEXT = ["", " ", "\t", "W2Y ", " M8", *ODD_WORDS.split()]

garbage = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 7),
    st.integers(-(10**40), 10**40),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.sampled_from(ODD_TEXT),
    st.just(()),
    st.just([]),
    st.just({}),
    st.just(object()),
    st.builds(np.int64, st.integers(-2, 6)),
    st.binary(max_size=3),
    st.sampled_from(CODES).map(lambda code: (code,)),
)


def _spelled(codes: list[str]) -> st.SearchStrategy[Any]:
    """A real code, or one spelled wrong (lower case, padded, not plain str)."""
    code = st.sampled_from(codes)
    return st.one_of(
        code,
        code,
        code.map(str.lower),
        code.map(lambda c: f" {c}"),
        code.map(np.str_),
        code.map(Odd),
    )


codes = st.one_of(_spelled(CODES), garbage)
items = st.one_of(_spelled(ORDER_CODES), _spelled(TILE_CODES), garbage)
numbers = st.one_of(
    st.integers(-2, 5),
    st.integers(-2, 5).map(np.int8),
    st.integers(0, 4).map(float),
    st.sampled_from("YBGKybgk"),
    garbage,
)
sources = st.one_of(st.sampled_from(["c", "s"]), st.sampled_from(["c", "s"]), garbage)
cube = st.one_of(
    st.tuples(sources, numbers),
    st.tuples(st.sampled_from(["c", "s"]), st.integers(0, 3)),
    st.lists(st.one_of(sources, numbers), max_size=3),
    garbage,
)
cubes = st.one_of(
    st.lists(st.tuples(st.sampled_from(["c", "s"]), st.integers(0, 3)), max_size=4).map(tuple),
    st.lists(cube, max_size=4).map(tuple),
    st.lists(cube, max_size=4),
    garbage,
)
rests = st.one_of(
    st.lists(st.sampled_from(TILE_CODES), max_size=5).map(tuple),
    st.lists(st.sampled_from(ORDER_CODES), max_size=5, unique=True),
    st.lists(items, max_size=6).map(tuple),
    garbage,
)
wheres = st.one_of(st.sampled_from(["top", "bottom"]), st.sampled_from(["Top", "BOTTOM"]), garbage)


# one maker per action class: a strategy for its keyword arguments, valid values often
def _often(valid: st.SearchStrategy[Any], other: st.SearchStrategy[Any]) -> st.SearchStrategy:
    return st.one_of(valid, valid, other)


orders = _often(st.sampled_from(ORDER_CODES), codes)
colours = _often(st.integers(0, 3), numbers)
FIELDS = {
    Draft: st.fixed_dictionaries({"order": orders}),
    Place: st.fixed_dictionaries({"space": _often(st.sampled_from(SPACE_CODES), codes)}),
    Choose: st.fixed_dictionaries(
        {
            "take": st.one_of(st.none(), st.sampled_from(ORDER_CODES + TILE_CODES), items),
            "rest": rests,
            "where": wheres,
        }
    ),
    SubstituteCube: st.fixed_dictionaries({"colour": colours}),
    MoveCage: st.fixed_dictionaries({"level": _often(st.integers(0, 4), numbers)}),
    # the cart a Load empties: None (the engine's choice) or an index, 0..LAST_CART (issue 24)
    Load: st.fixed_dictionaries(
        {
            "colour": colours,
            "cart": _often(
                st.one_of(st.none(), st.integers(0, LAST_CART)),
                st.one_of(numbers, st.integers(LAST_CART - 1, LAST_CART + 2)),
            ),
        }
    ),
    Store: st.fixed_dictionaries({"colour": colours}),
    Fill: st.fixed_dictionaries({"order": orders, "slot": colours, "cubes": cubes}),
    Stop: st.fixed_dictionaries({}),
}
assert set(FIELDS) == set(ACTION_TYPES)
kinds = st.sampled_from(sorted(FIELDS, key=lambda kind: kind.__name__))


def made(kind: type, fields: dict[str, Any]) -> Any:
    """The action, or the ActionValueError its constructor raised (anything else fails)."""
    try:
        return kind(**fields)
    except ActionValueError as error:
        return error


def assert_refused_by_constructor(kind: type, error: ActionValueError) -> None:
    """A constructor's refusal: a ValueError citing R-NOTATION-1 that names the bad field."""
    assert isinstance(error, ValueError) and isinstance(error, NotationError)
    assert error.rules == ("R-NOTATION-1",)
    assert error.field in {field.name for field in dataclasses.fields(kind)}
    assert error.detail and error.detail in error.reason and "R-NOTATION-1" in str(error)


def assert_round_trip(action: Any, state) -> None:
    """``str(action)`` is canonical (one space between words) and reads back, with no state
    and with ``state``, as an equal action of the same class with the same hash and text."""
    text = str(action)
    assert type(text) is str and text == " ".join(text.split()), f"{text!r}: not canonical"
    for context in (None, state):
        try:
            back = parse_action(text, context)
        except NotationError as error:
            raise AssertionError(f"{action!r} prints {text!r}, which is refused: {error}") from None
        assert back == action and type(back) is type(action), (
            f"{action!r} prints {text!r}, which reads back as {back!r}"
        )
        assert hash(back) == hash(action) and str(back) == text


SETTINGS = settings(
    max_examples=fuzz_examples(250),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@fuzz
@rule("R-NOTATION-1", "R-MINE-3")
@settings(SETTINGS, max_examples=fuzz_examples(500))
@given(kinds, st.data(), st.sampled_from(STATES))
def test_every_action_value_is_refused_or_round_trips(kind, data, state) -> None:
    """R-NOTATION-1: any fields for any action class are refused by the constructor with an
    ActionValueError, or make an action whose notation reads back as itself."""
    action = made(kind, data.draw(FIELDS[kind], label="fields"))
    if isinstance(action, ActionValueError):
        assert_refused_by_constructor(kind, action)
        return
    assert type(action) is kind
    assert_round_trip(action, state)


@fuzz
@rule("R-NOTATION-1")
@SETTINGS
@given(states, st.data())
def test_legal_actions_with_one_field_changed_are_refused_or_round_trip(state, data) -> None:
    """R-NOTATION-1: the near misses of the legal actions (one field replaced by a plausible or
    a garbage value) are refused by the constructor, or have notation that reads back."""
    legal = [*state.legal_actions(), *cart_loads(state)]
    if not legal:
        assert state.is_over
        return
    action = data.draw(st.sampled_from(legal), label="legal")
    assert_round_trip(action, state)
    fields = {field.name: getattr(action, field.name) for field in dataclasses.fields(action)}
    if fields:
        name = data.draw(st.sampled_from(sorted(fields)), label="field")
        fields[name] = data.draw(FIELDS[type(action)], label="other")[name]
    changed = made(type(action), fields)
    if isinstance(changed, ActionValueError):
        assert_refused_by_constructor(type(action), changed)
    else:
        assert_round_trip(changed, state)


# --- the reported cases -----------------------------------------------------------------------
@rule("R-MINE-3", "R-NOTATION-1")
@pytest.mark.parametrize("count", [3, 4, 7])
def test_a_fill_of_three_or_more_cubes_cannot_be_made(count: int) -> None:
    """R-MINE-3: a slot takes one matching cube (R-MINE-2) or two cubes — never three; such a
    Fill had notation the parser refused. Now no such value exists."""
    with pytest.raises(ActionValueError) as caught:
        Fill("C9KK", 3, (("c", 3),) * count)
    assert_refused_by_constructor(Fill, caught.value)
    assert caught.value.field == "cubes"
    assert "R-MINE-3" in caught.value.detail and f"not {count}" in caught.value.detail
    with pytest.raises(NotationError):
        parse_action("fill C9KK:K " + "+".join(["cK"] * count))


@rule("R-MINE-3", "R-NOTATION-1")
def test_a_slot_alone_prints_what_reads_back() -> None:
    """R-MINE-3: ``Fill(order, slot, ())`` asks about a slot before its cubes are chosen (the
    board's clicks do); it prints ``fill C9KK:K -``, not ``'fill C9KK:K '`` (a fill from the
    cage), and the state refuses it whatever the state."""
    alone = Fill("C9KK", 3, ())
    assert str(alone) == "fill C9KK:K -"
    for state in STATES:
        assert_round_trip(alone, state)
        assert parse_action("fill c9kk:k -", state) == alone
        refusal = state.why_not(alone)
        assert refusal is not None and state.why_not(str(alone)) == refusal
    mining = BUILT["C9KK held, black in storage"]  # a legal one-cube fill
    assert mining.why_not(Fill("C9KK", 3, (("s", 3),))) is None
    assert mining.why_not(alone).rules == ("R-MINE-3",)
    assert parse_action("fill C9KK:K", mining) == Fill("C9KK", 3, (("s", 3),))  # friendly form


# --- API values: anything given to why_not and apply --------------------------------------------
class Liar:
    """Claims to equal everything, with the hash of ``stop``. (``state.is_legal`` trusts its
    ``==``, so where ``stop`` is legal why_not and apply both accept it — they agree.)"""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return hash(Stop())


class Unprintable:
    """A value whose ``repr`` and ``str`` raise: a refusal must still say what it was."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    __str__ = __repr__


VERB_WORDS = "place draft choose cube cage load store fill stop PLACE Fill go"
OTHER_WORDS = (
    "- none top bottom from cage storage surface 0 1 4 5 -1 cY sK cY+sB cG+cG+cG + , ★ "
    "@ @1 G@0 Y@18 K@19 cart"
)
VERBS = ["", *VERB_WORDS.split()]
WORDS = [*CODES, *"YBGKybgk", "bank building", "horse carriage", *OTHER_WORDS.split()]


@st.composite
def notation(draw: st.DrawFn, state) -> str:
    """Text near the notation: the legal actions' own text bent, and words of the state."""
    legal = [str(action) for action in [*list(state.legal_actions())[:200], *cart_loads(state)]]
    held = [ORDERS[card].code for card, _slots in state.outstanding[state.current]]
    vocabulary = WORDS + held + [f"{code}:{c}" for code in held for c in "YBGK"]
    word = st.sampled_from(vocabulary)
    made_up = st.builds(
        lambda verb, args: " ".join([verb, *args]),
        st.sampled_from(VERBS),
        st.lists(word, max_size=4),
    )
    choices = [made_up, st.text(max_size=12)]
    if legal:
        text = st.sampled_from(legal)
        choices += [
            text,
            text.map(str.lower),
            text.map(str.upper),
            text.map(lambda t: " , ".join(t.split())),
            st.tuples(text, word).map(" ".join),
            text.map(lambda t: t.rsplit(" ", 1)[0]),
            text.map(lambda t: t.replace("+", " ")),
            text.map(lambda t: t.replace(":", " ")),
        ]
    return draw(st.one_of(choices))


others = st.one_of(
    garbage,
    st.builds(Liar),
    st.builds(Unprintable),
    st.just(Fill),
    st.just(Stop),
    st.builds(lambda: ActionValueError("Load", {"colour": 9}, "colour", "not 9")),
    st.builds(lambda: {"verb": "stop"}),
)


@st.composite
def api_values(draw: st.DrawFn, state) -> Any:
    """An action (legal or not), a near miss, text or anything else."""
    kind = draw(kinds)
    choices = [
        st.builds(made, st.just(kind), FIELDS[kind]),
        notation(state),
        others,
    ]
    legal = [*state.legal_actions(), *cart_loads(state)]
    if legal:
        choices.append(st.sampled_from(legal))
    return draw(st.one_of(choices))


def shown(value: Any) -> str:
    """``repr(value)`` for a failure message, even for a value that cannot print itself."""
    try:
        return repr(value)
    except Exception:
        return f"a {type(value).__name__}"


def assert_agree(state, value: Any) -> None:
    """why_not is None exactly when apply accepts ``value``; a refusal (of both) is an
    IllegalActionError citing catalogued rules, and leaves the state as it was."""
    fields, history = state._fields(), list(state.history)
    refusal = state.why_not(value)
    assert state._fields() == fields and state.history == history  # asking changes nothing
    trial = state.copy()
    try:
        trial.apply(value)
    except Exception as error:
        assert isinstance(error, IllegalActionError) and isinstance(error, ValueError), (
            f"apply({shown(value)}) raised {type(error).__name__}: {error}"
        )
        if isinstance(value, str) and error.rules == ("R-NOTATION-1",):
            assert isinstance(error, NotationError)
        assert refusal is not None, f"why_not({shown(value)}) is None, but apply refused: {error}"
        assert error.refusal == refusal
        assert error.rules and all(rule_id in RULES for rule_id in error.rules)
        assert all(rule_id in str(error) for rule_id in error.rules)
        assert trial._fields() == fields and trial.history == history
        return
    assert refusal is None, f"apply({shown(value)}) succeeded, but why_not says {refusal}"
    assert len(trial.history) == len(history) + 1 and trial.history[:-1] == history
    played = parse_action(value, state) if isinstance(value, str) else value
    assert trial.history[-1] == played


@fuzz
@rule("R-NOTATION-1")
@SETTINGS
@given(states, st.data())
def test_why_not_and_apply_agree_on_any_value(state, data) -> None:
    """R-NOTATION-1 and the rule that forbids it: any value given to why_not and apply gets
    one answer from both; a refusal names catalogued rules and changes nothing."""
    assert_agree(state, data.draw(api_values(state), label="value"))


@fuzz
@rule("R-NOTATION-1")
@SETTINGS
@given(states, st.data())
def test_any_text_is_refused_or_reads_as_an_action_that_round_trips(state, data) -> None:
    """R-NOTATION-1: text is refused with a NotationError, or read (with the state, as the
    friendly forms need) into an action whose canonical notation reads back as itself."""
    text = data.draw(notation(state), label="text")
    try:
        action = parse_action(text, state)
    except NotationError as error:
        assert error.rules == ("R-NOTATION-1",) and error.detail
        assert state.why_not(text) == error.refusal
        return
    assert type(action) in ACTION_TYPES
    assert_round_trip(action, state)
