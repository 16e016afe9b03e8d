"""PositionBuilder builds positions the game really reaches: F★/O★ choices (``looking_at``)
have the player's workers on the space, so worker counts and the end of the shift are right."""

from __future__ import annotations

import pytest
from helpers import of_kind, workers_on

from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import ORDERS, TILES
from gluckauf.core.invariants import problems
from gluckauf.files.positions import position_to_dict

rule = pytest.mark.rule
GABOR, ZSOFI, PETER = 0, 1, 2
STAR = {"tile": "F*", "order": "O*"}


def builder(players: int = 3) -> PositionBuilder:
    return PositionBuilder(players=players, seed=5)


def shown_codes(state) -> list[str]:
    table = TILES if state.choice_kind == "tile" else ORDERS
    return [table[i].code for i in state.choice]


def last_workers(b: PositionBuilder, hand: int) -> PositionBuilder:
    """Gábor has ``hand`` workers in hand, Zsófi and Péter none: the end of the shift."""
    return b.workers(GABOR, hand).workers(ZSOFI, 0).workers(PETER, 0)


@rule("R-TURN-2", "R-TUNNEL-5", "R-ORDER-2")
@pytest.mark.parametrize("kind", ["tile", "order"])
def test_looking_at_stands_a_worker_of_the_player_on_the_star_space(kind):
    """R-TURN-2: the empty F★/O★ takes 1 worker, from the player's hand."""
    b = builder()
    total, hand = b.state.workers_total(), b.state.workers[GABOR]
    codes = ("Y1L", "B2D") if kind == "tile" else ("W2Y", "C5K")
    state = b.looking_at(GABOR, kind, *codes).build()
    assert workers_on(state, STAR[kind]) == (GABOR, 1)
    assert state.workers[GABOR] == hand - 1 and state.canteen[GABOR] == total - hand
    assert state.workers[ZSOFI] == state.workers[PETER] == hand
    assert state.phase == "choose" and state.current == GABOR and shown_codes(state) == [*codes]
    assert problems(state) == []


@rule("R-TURN-2")
@pytest.mark.parametrize("kind", ["tile", "order"])
def test_looking_at_an_occupied_star_space_takes_one_more_worker(kind):
    """R-TURN-2: with 2 of Zsófi's workers on the space, Gábor needs 3; hers go back to her
    canteen."""
    b = builder().on_space(STAR[kind], ZSOFI, 2)
    hand = b.state.workers[GABOR]
    zsofi_hand, zsofi_canteen = b.state.workers[ZSOFI], b.state.canteen[ZSOFI]
    state = b.looking_at(GABOR, kind, "Y1L" if kind == "tile" else "W2Y").build()
    assert workers_on(state, STAR[kind]) == (GABOR, 3)
    assert state.workers[GABOR] == hand - 3
    assert state.workers[ZSOFI] == zsofi_hand and state.canteen[ZSOFI] == zsofi_canteen + 2


@rule("R-TURN-2", "R-TUNNEL-5", "R-ORDER-2")
@pytest.mark.parametrize("kind", ["tile", "order"])
@pytest.mark.parametrize("others", [0, 2])
def test_the_built_choice_is_the_position_the_game_reaches(kind, others):
    """Placing on F★/O★ in the game and building the same choice give the same position."""

    def start() -> PositionBuilder:
        b = builder().money(GABOR, 9)
        if others:
            b.on_space(STAR[kind], PETER, others)
        return b.turn(GABOR)

    played = start().build()
    played.apply(f"place {STAR[kind]}")
    assert played.phase == "choose"
    built = start().looking_at(GABOR, kind, *shown_codes(played)).build()
    assert position_to_dict(built) == position_to_dict(played)
    assert list(built.legal_actions()) == list(played.legal_actions())


@rule("R-SHIFT-1", "R-TURN-2")
@pytest.mark.parametrize("kind", ["tile", "order"])
def test_the_shift_ends_after_the_choice_when_the_last_worker_was_placed(kind):
    """R-SHIFT-1: Gábor placed his last worker on F★/O★ and nobody has any left: once he has
    chosen, the shift is scored and shift II begins."""
    codes = ("Y1L", "B2D") if kind == "tile" else ("W2Y", "C5K")
    state = last_workers(builder(), 1).looking_at(GABOR, kind, *codes).build()
    assert state.workers == [0, 0, 0] and state.shift == 1
    events = state.apply(f"choose - top {' '.join(codes)}")
    assert of_kind(events, "shift_end") and state.shift == 2
    assert state.phase == "place"


@rule("R-SHIFT-1", "R-TURN-1")
@pytest.mark.parametrize("kind", ["tile", "order"])
def test_the_shift_goes_on_after_the_choice_while_the_player_has_workers(kind):
    """R-SHIFT-1, R-TURN-1: with a worker still in hand Gábor plays on after the choice (the
    others have none); placing that one ends the shift, as in the game."""
    codes = ("Y1L",) if kind == "tile" else ("W2Y",)
    state = last_workers(builder(), 2).looking_at(GABOR, kind, *codes).build()
    assert state.workers == [1, 0, 0]
    events = state.apply(f"choose - top {codes[0]}")
    assert not of_kind(events, "shift_end") and state.shift == 1
    assert state.phase == "place" and state.current == GABOR
    events = state.apply("place BANK")
    assert of_kind(events, "shift_end") and state.shift == 2


@rule("R-TURN-2")
def test_looking_at_needs_the_workers_in_hand():
    """R-TURN-2: the placement needs its workers; the builder says so instead of building an
    impossible position."""
    with pytest.raises(ValueError, match=r"F\* takes 1 worker \(R-TURN-2\) and player 0 has 0"):
        last_workers(builder(), 0).looking_at(GABOR, "tile", "Y1L")
    with pytest.raises(ValueError, match="takes 3 workers"):
        builder().on_space("O*", ZSOFI, 2).workers(GABOR, 2).looking_at(GABOR, "order", "W2Y")


@pytest.mark.parametrize(
    ("kind", "codes", "words"),
    [
        ("tiles", ("Y1L",), "'tile' .F★. or 'order'"),
        ("tile", (), "1 to 5 items, not 0"),
        ("order", ("W2Y", "C5K", "T3B", "R5BB", "W3YY", "C9KK"), "not 6"),
    ],
)
def test_looking_at_refuses_what_the_star_spaces_never_show(kind, codes, words):
    with pytest.raises(ValueError, match=words):
        builder().looking_at(GABOR, kind, *codes)
