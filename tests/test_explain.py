"""Explanations agree with legality: for every candidate action in states from random games,
``why_not`` finds a reason exactly when the action is not in ``legal_actions``; every reason
cites catalogue rules and reads as a sentence."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from gluckauf import (
    Choose,
    Draft,
    Fill,
    Load,
    MoveCage,
    Place,
    RandomBot,
    Stop,
    Store,
    SubstituteCube,
    new_game,
)
from gluckauf.core.components import COLOURS, ORDERS, SPACES, TILES
from gluckauf.core.explain import diagnose
from gluckauf.core.state import GameState
from gluckauf.text.catalogue import RULES


def candidate_actions(state: GameState) -> list:
    """A wide universe of actions, legal or not, for the current decision and others."""
    actions: list = [Place(space.code) for space in SPACES]
    actions += [Draft(card.code) for card in ORDERS[::3]]
    actions += [MoveCage(level) for level in range(5)] + [Stop()]
    actions += [kind(colour) for kind in (Load, Store, SubstituteCube) for colour in COLOURS]
    sources = [(src, colour) for src in "cs" for colour in COLOURS]
    player = max(state.current, 0)
    for card, _slots in state.outstanding[player]:
        code = ORDERS[card].code
        for slot in COLOURS:
            actions += [Fill(code, slot, (source,)) for source in sources]
            pairs = combinations_with_replacement(sources, 2)
            actions += [Fill(code, slot, pair) for pair in pairs]
    actions.append(Fill("W2Y", 0, (("c", 0),)))
    if state.choice:
        codes = [
            (TILES[i] if state.choice_kind == "tile" else ORDERS[i]).code for i in state.choice
        ]
        actions += [
            Choose(codes[0], tuple(codes[1:]), "bottom"),
            Choose(None, tuple(codes)),
            Choose(None, tuple(codes[1:])),
            Choose("Y1L", tuple(codes)),
        ]
    else:
        actions.append(Choose(None, ()))
    return actions


@pytest.mark.rule("R-TURN-3")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_diagnosis_agrees_with_legal_actions(players: int) -> None:
    for seed in range(4):
        state = new_game(players, seed)
        bot = RandomBot(seed)
        while True:
            legal = state.legal_actions()
            for action in candidate_actions(state) + list(legal)[:50]:
                refusal = diagnose(state, action)
                assert (refusal is None) == state.is_legal(action), (
                    f"{action} in phase {state.phase}: legal={state.is_legal(action)}, "
                    f"diagnosis={refusal}"
                )
                if refusal is not None:
                    assert all(rule in RULES for rule in refusal.rules)
                    assert refusal.reason.strip().endswith((".", ")")), refusal.reason
            if state.is_over:
                break
            state.apply(bot.choose(state))


def test_why_not_changes_nothing() -> None:
    state = new_game(3, seed=5)
    before = state._fields()
    for action in candidate_actions(state):
        state.why_not(action)
    assert state._fields() == before
