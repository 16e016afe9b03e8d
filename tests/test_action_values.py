"""Action values built by hand, good or garbage, get the documented answer (R-NOTATION-1).

Either the constructor refuses the value — an :class:`ActionValueError` (a ValueError and a
:class:`NotationError`) with a rule ID and a plain reason, for a field no action can have — or
the value is a well-formed action, and then ``why_not`` is None exactly when the action is in
the legal-action enumeration, exactly when ``apply`` accepts it; after a refusal the state is
exactly as it was (its JSON and its history)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from helpers import built_states, states_by_phase
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gluckauf import parse_action
from gluckauf.core.actions import (
    ACTION_TYPES,
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
from gluckauf.core.components import ORDERS, SPACES, TILES
from gluckauf.core.errors import (
    ActionValueError,
    GameError,
    IllegalActionError,
    NotationError,
    Refusal,
)
from gluckauf.core.rules import cart_loads
from gluckauf.files.positions import position_to_dict
from gluckauf.text.catalogue import RULES

rule = pytest.mark.rule


# --- the states -------------------------------------------------------------------------------
BUILT = built_states()
STATES = states_by_phase(((2, 1), (3, 2), (4, 3)), per_phase=3, every=7) + list(BUILT.values())
PHASES = {"draft", "place", "mine", "choose", "cube", "over"}


def test_the_states_cover_every_phase() -> None:
    assert {state.phase for state in STATES} == PHASES


# --- the values -------------------------------------------------------------------------------
CODES = [s.code for s in SPACES] + [c.code for c in ORDERS] + [t.code for t in TILES]
garbage = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 7),
    st.integers(),
    st.integers(10**18, 10**40),
    st.integers(-(10**40), -(10**18)),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.sampled_from(["", "-", "none", "top", "bottom", "c", "s", "Y", "k", "f3", "w2y"]),
    st.tuples(),
    st.just([]),
    st.just(()),
    st.just(object()),
    st.sampled_from(CODES),
    st.builds(np.int64, st.integers(-2, 6)),
    st.binary(max_size=3),
)
colours = st.one_of(st.integers(-2, 5), garbage)
codes = st.one_of(st.sampled_from(CODES), st.sampled_from(CODES).map(str.lower), garbage)
sources = st.one_of(st.sampled_from(["c", "s"]), garbage)
cube = st.one_of(
    st.tuples(sources, colours), st.lists(st.one_of(sources, colours), max_size=3), garbage
)
cubes = st.one_of(st.lists(cube, max_size=3).map(tuple), st.lists(cube, max_size=3), garbage)
rest = st.one_of(st.lists(codes, max_size=6).map(tuple), st.lists(codes, max_size=6), garbage)
wheres = st.one_of(st.sampled_from(["top", "bottom"]), garbage)

# one maker per action class: the class and a strategy for its keyword arguments
MAKERS = {
    Draft: st.fixed_dictionaries({"order": codes}),
    Place: st.fixed_dictionaries({"space": codes}),
    Choose: st.fixed_dictionaries(
        {"take": st.one_of(st.none(), codes), "rest": rest, "where": wheres}
    ),
    SubstituteCube: st.fixed_dictionaries({"colour": colours}),
    MoveCage: st.fixed_dictionaries({"level": colours}),
    Load: st.fixed_dictionaries(
        {
            "colour": colours,  # and the cart it empties, if named
            "cart": st.one_of(st.none(), st.integers(-2, 20), garbage),
        }
    ),
    Store: st.fixed_dictionaries({"colour": colours}),
    Fill: st.fixed_dictionaries({"order": codes, "slot": colours, "cubes": cubes}),
    Stop: st.fixed_dictionaries({}),
}
assert set(MAKERS) == set(ACTION_TYPES)


def built(kind, fields):
    """The action, or the ActionValueError its constructor raised (anything else fails)."""
    try:
        return kind(**fields)
    except ActionValueError as error:
        return error


# --- the checks -------------------------------------------------------------------------------
def assert_documented(error: BaseException) -> None:
    """The constructor's refusal: the documented class, a rule ID, a plain reason."""
    assert isinstance(error, ActionValueError), f"{type(error).__name__}: {error}"
    assert isinstance(error, NotationError) and isinstance(error, IllegalActionError)
    assert isinstance(error, GameError) and isinstance(error, ValueError)
    assert error.rule_id == error.rule == "R-NOTATION-1" and error.rule_id in RULES
    assert error.reason.strip() and error.reason.endswith(".")
    assert "R-NOTATION-1" in str(error) and error.detail in error.reason
    assert error.field


def in_enumeration(state, action) -> bool:
    """Membership in the enumeration, by equality, without is_legal's set (a Load naming its
    cart: in the enumeration of those, ``cart_loads``)."""
    return any(action == legal for legal in [*state.legal_actions(), *cart_loads(state)])


def assert_agree(state, action) -> None:
    """why_not, the enumeration and apply agree; a refusal changes nothing."""
    before, history = position_to_dict(state), list(state.history)
    fields, undo = state._fields(), len(state._undo)
    legal = in_enumeration(state, action)
    refusal = state.why_not(action)
    assert state._fields() == fields  # asking changes nothing
    assert (refusal is None) == legal == state.is_legal(action), (
        f"{action!r} in phase {state.phase}: enumerated={legal}, why_not={refusal}"
    )
    if legal:
        trial = state.copy()
        trial.apply(action)
        assert trial.history == [*history, action]
        assert trial.undo() == action and trial == state
        return
    assert isinstance(refusal, Refusal)
    assert refusal.rules and all(rule_id in RULES for rule_id in refusal.rules)
    assert refusal.key != "refuse.not_legal", f"no particular reason for {action!r}"
    assert refusal.reason.strip()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    error = caught.value
    assert isinstance(error, ValueError) and error.refusal == refusal
    assert error.rule_id == refusal.rules[0] and error.reason == refusal.reason
    assert position_to_dict(state) == before and state._fields() == fields
    assert state.history == history and len(state._undo) == undo


def check_value(state, kind, fields) -> None:
    action = built(kind, fields)
    if isinstance(action, ActionValueError):
        assert_documented(action)
        return
    assert type(action) is kind
    assert_agree(state, action)
    assert parse_action(str(action)) == action  # a value that exists has its notation


SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@rule("R-NOTATION-1")
@SETTINGS
@given(st.sampled_from(range(len(STATES))), st.sampled_from(sorted(MAKERS, key=str)), st.data())
def test_any_value_of_any_action_class(index, kind, data) -> None:
    """R-NOTATION-1: garbage in any field is refused by the constructor with the documented
    error; a value that is constructed gets the same answer from why_not, the enumeration and
    apply, in states of every phase."""
    check_value(STATES[index], kind, data.draw(MAKERS[kind]))


@rule("R-NOTATION-1")
@SETTINGS
@given(st.sampled_from(range(len(STATES))), st.data())
def test_legal_actions_with_one_field_changed(index, data) -> None:
    """R-NOTATION-1: the near misses — a legal action with one field replaced by another value
    (plausible or garbage) — are refused or accepted consistently."""
    state = STATES[index]
    legal = list(state.legal_actions())
    if not legal:
        assert state.is_over
        return
    action = data.draw(st.sampled_from(legal))
    assert_agree(state, action)
    names = [f.name for f in dataclasses.fields(action)]
    if not names:
        return
    name = data.draw(st.sampled_from(names))
    fields = {n: getattr(action, n) for n in names}
    fields[name] = data.draw(MAKERS[type(action)])[name]
    check_value(state, type(action), fields)


@rule("R-NOTATION-1")
@SETTINGS
@given(st.sampled_from(range(len(STATES))), garbage.filter(lambda v: not isinstance(v, str)))
def test_values_that_are_not_actions(index, value) -> None:
    """R-NOTATION-1: anything else given to why_not/apply (text aside: that is notation) is
    refused, citing R-NOTATION-1."""
    state = STATES[index]
    assert_agree(state, value)
    assert state.why_not(value).rules == ("R-NOTATION-1",)


# --- the reported cases -----------------------------------------------------------------------
@rule("R-NOTATION-1")
@pytest.mark.parametrize(
    ("make", "field", "words"),
    [
        (lambda: Fill(order="W3YY", slot=0, cubes=(("c", 9),)), "cubes", "not 9"),
        (lambda: Fill("W3YY", 0, ("c", 0)), "cubes", "pair (source, colour)"),
        (lambda: Fill("W3YY", "Y", (("c", 0),)), "slot", "for the letter 'Y' write 0"),
        (lambda: Fill("W3YY", 0, (("x", 0),)), "cubes", "'c' (the cage) or 's'"),
        (lambda: Fill("W9Q", 0, (("c", 0),)), "order", "there is no order 'W9Q'"),
        (lambda: Load(colour=-1), "colour", "3 (black), not -1"),
        (lambda: Store(4), "colour", "not 4"),
        (lambda: SubstituteCube(True), "colour", "not True"),
        (lambda: Load(None), "colour", "not None"),
        (lambda: MoveCage(5), "level", "from 0 (the surface) to 4, not 5"),
        (lambda: MoveCage(-(10**30)), "level", "not -1000"),
        (lambda: MoveCage(2.0), "level", "not 2.0"),
        (lambda: Place("f3"), "space", "codes are upper case: 'F3'"),
        (lambda: Place(8), "space", "a code (text)"),
        (lambda: Draft("X1"), "order", "there is no order 'X1'"),
        (lambda: Choose("-", ()), "take", "take=None"),
        (lambda: Choose("Y1L", "B1D"), "rest", "a tuple of the codes"),
        (lambda: Choose(None, ("Y1L", 3)), "rest", "not 3"),
        (lambda: Choose("Y1L", ("B1D",), "sideways"), "where", "'top' or 'bottom'"),
    ],
)
def test_a_bad_field_is_named_in_plain_words(make, field, words) -> None:
    """R-NOTATION-1: the reason names the bad field's value and what it should be."""
    with pytest.raises(ActionValueError) as caught:
        make()
    assert_documented(caught.value)
    assert caught.value.field == field
    assert words in caught.value.reason


@rule("R-NOTATION-1")
def test_values_are_normalised_so_equal_actions_are_equal() -> None:
    """R-NOTATION-1: numpy integers and lists become plain ints and tuples; a Fill's cubes are
    kept in canonical order."""
    assert Load(np.int64(2)) == Load(2) and type(Load(np.int64(2)).colour) is int
    assert hash(MoveCage(np.int8(3))) == hash(MoveCage(3))
    fill = Fill("T10YBGK", np.int64(3), [["s", 1], ["c", np.int16(0)]])
    assert fill == Fill("T10YBGK", 3, (("c", 0), ("s", 1))) and str(fill) == "fill T10YBGK:K cY+sB"
    assert Choose("Y1L", ["B1D"], "bottom").rest == ("B1D",)


@rule("R-NOTATION-1")
@pytest.mark.parametrize(
    "text", ["draft x1", "choose ZZZ top Y1L", "fill X9:Y cY", "choose - top Q5Q"]
)
def test_notation_gets_the_same_checks(text) -> None:
    """R-NOTATION-1: the notation is read into the same checked values: a code that names
    nothing is a NotationError with the reason, not a rule refusal."""
    state = STATES[0]
    with pytest.raises(NotationError) as caught:
        parse_action(text, state)
    error = caught.value
    assert error.rule_id == "R-NOTATION-1"
    assert error.reason.startswith(f"'{text}' is not an action: ")
    assert "R-NOTATION-1" not in error.reason  # the rule once, in str(error)
    assert state.why_not(text) == error.refusal


@rule("R-MINE-2")
def test_a_well_formed_load_of_an_absent_colour_is_refused_by_why_not_and_apply() -> None:
    """R-MINE-2: Load(colour) is checked against the carts: why_not and apply agree."""
    mining = BUILT["cage at level 1 by a yellow cart"]
    for colour in range(4):
        assert_agree(mining, Load(colour))
    assert mining.why_not(Load(0)) is None
    assert mining.why_not(Load(1)).rules == ("R-MINE-2", "R-TUNNEL-6")


@rule("R-MINE-3")
def test_a_fill_with_no_cube_is_a_state_refusal_and_three_cubes_no_action() -> None:
    """R-MINE-3: a slot alone (no cube yet, ``fill W2Y:Y -``) can be asked about: the state
    refuses it with the rule and a reason, unchanged; three cubes never fill a slot, so the
    constructor refuses them (R-NOTATION-1)."""
    state = BUILT["cage up with cubes, cubes in storage"]
    alone = Fill("W2Y", 0, ())
    assert_agree(state, alone)
    assert state.why_not(alone).rules == ("R-MINE-3",)
    assert str(alone) == "fill W2Y:Y -" and parse_action(str(alone)) == alone
    with pytest.raises(ActionValueError) as caught:
        Fill("W2Y", 0, (("c", 0),) * 3)
    assert_documented(caught.value)
    assert caught.value.field == "cubes" and "R-MINE-3" in caught.value.reason


def test_a_broken_application_leaves_the_state_as_it_was(monkeypatch) -> None:
    """Should carrying out a legal action ever fail, apply() still leaves the state as it was."""
    from gluckauf.core import rules

    state = STATES[1].copy()
    before, history = state._fields(), list(state.history)

    def broken(state, action):
        state.money[0] += 99
        raise RuntimeError("a bug")

    monkeypatch.setattr(rules, "apply_action", broken)
    with pytest.raises(RuntimeError):
        state.apply(state.legal_actions()[0])
    assert state._fields() == before and state.history == history
