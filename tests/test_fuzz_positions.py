"""A fuzzer for position files: mutate saved positions; every one that loads plays on.

Positions come from random games in every phase and from built puzzles (a cube to choose, F★
and O★ open). Each example changes one to three things — a number, a phase, a seat, a cube or a
card moved elsewhere, a worker moved, a pending cart, a ledger entry, a value of another type —
and loads the result. Loading either refuses it with a FormatError naming the field, or
accepts it; an accepted position must then keep every invariant while random moves play it to
the end, score without an exception, and save and load back as the same game.

``make test`` tries a few hundred mutations; ``make soak`` (``--fuzz-scale 100``) a hundred
times more.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from helpers import built_states, fuzz_examples, states_by_phase

from gluckauf import RandomBot
from gluckauf.core.components import ORDERS, TILES
from gluckauf.core.errors import FormatError
from gluckauf.core.invariants import problems
from gluckauf.core.state import PHASES
from gluckauf.files.positions import position_from_dict, position_to_dict
from gluckauf.files.savefiles import game_data, game_from_data, same_game

pytestmark = pytest.mark.fuzz

LETTERS = "YBGK"
ODD_VALUES = [
    None,
    True,
    -1,
    0,
    3,
    99,
    10**30,
    2.5,
    "",
    "Y",
    "M8",
    "\x1b[2J",
    [],
    [[]],
    {},
    {"a": 1},
]


SEEDS = [
    position_to_dict(state)
    for state in states_by_phase(((2, 11), (3, 12), (4, 13)), per_phase=3, every=9, history=False)
]
SEEDS += [position_to_dict(state) for state in built_states().values()]


# --- mutations ---------------------------------------------------------------------------------
def _leaves(data: Any, path: tuple = ()) -> list[tuple]:
    """Every path into the JSON tree (containers too)."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _leaves(value, (*path, index))
    return found


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: tuple, value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def _strings(data: dict, pattern: str) -> list[tuple]:
    """Paths of string leaves that hold cubes (letters) or a card list."""
    return [
        path
        for path in _leaves(data)
        if path and isinstance(_get(data, path), str) and path[-1] in pattern
    ]


def nudge_number(data: dict, rng: random.Random) -> str:
    paths = [
        p
        for p in _leaves(data)
        if p and isinstance(_get(data, p), int) and not isinstance(_get(data, p), bool)
    ]
    path = rng.choice(paths)
    value = _get(data, path) + rng.choice((-2, -1, 1, 2, 5))
    _set(data, path, value)
    return f"{'.'.join(map(str, path))} = {value}"


def other_phase(data: dict, rng: random.Random) -> str:
    data["phase"] = rng.choice(PHASES)
    return f"phase = {data['phase']}"


def other_seat(data: dict, rng: random.Random) -> str:
    field = rng.choice(("current", "start_player", "first_start_player"))
    data[field] = rng.randrange(4)
    return f"{field} = {data[field]}"


def move_cube(data: dict, rng: random.Random) -> str:
    """A cube from one place to another (the 16 of each colour stay 16)."""
    places = [("board", "supply")] + [
        ("seats", p, key) for p in range(data["players"]) for key in ("cage", "storage")
    ]
    carts = [("seats", p, "carts", level) for p in range(data["players"]) for level in range(4)]
    source = rng.choice(places + carts)
    text = _get(data, source)
    cubes = [i for i, ch in enumerate(text) if ch in LETTERS]
    if not cubes:
        return "no cube to move"
    at = rng.choice(cubes)
    cube = text[at]
    _set(data, source, text[:at] + ("." if source in carts else "") + text[at + 1 :])
    target = rng.choice(places + carts)
    _set(data, target, _get(data, target) + cube)
    return f"{cube} from {source} to {target}"


def move_card(data: dict, rng: random.Random) -> str:
    board = data["board"]
    lists = {"tile": ["tile_deck"], "order": ["order_deck", "draft_pool"]}
    kind = rng.choice(("tile", "order"))
    source = rng.choice(lists[kind])
    if not board[source]:
        return f"{source} is empty"
    card = board[source].pop(rng.randrange(len(board[source])))
    where = rng.choice(
        (
            "choice",
            "draft_pool",
            "tile_spaces",
            "order_spaces",
            "deck",
            "outstanding",
            "delivered",
            "tiles",
        )
    )
    seat = data["seats"][rng.randrange(data["players"])]
    if where == "choice":
        board["choice"] = {"kind": kind, "items": [*board["choice"]["items"], card][:5]}
    elif where in ("tile_spaces", "order_spaces"):
        board[where][rng.randrange(len(board[where]))] = card
    elif where == "deck":
        board[f"{kind}_deck"].insert(0, card)
    elif where == "outstanding":
        seat["outstanding"].append({"order": card, "slots": [""] * (len(card) - 2)})
    elif where == "tiles":
        seat["tiles"].append(card)
    else:
        (board if where == "draft_pool" else seat)[where].append(card)
    return f"{kind} {card} from {source} to {where}"


def move_worker(data: dict, rng: random.Random) -> str:
    seat = data["seats"][rng.randrange(data["players"])]
    keys = ["workers", "canteen", "bank_building"]
    source, target = rng.sample(keys, 2)
    if seat[source] > 0:
        seat[source] -= 1
        seat[target] += 1
    return f"a worker from {source} to {target}"


def pending_cart(data: dict, rng: random.Random) -> str:
    entry = [rng.randrange(4), rng.randrange(4), rng.randrange(4)]
    data["board"]["pending_carts"].append(entry)
    return f"pending cart {entry}"


def ledger_entry(data: dict, rng: random.Random) -> str:
    category = rng.choice(("order", "shift", "end_money", "before", "bonus"))
    detail = {"order": rng.choice(ORDERS).code, "shift": [rng.randint(1, 3),
              rng.randint(1, 12), rng.randint(0, 4)]}.get(category)  # fmt: skip
    points = rng.randint(-3, 13)
    seat = data["seats"][rng.randrange(data["players"])]
    seat["ledger"].append([category, points, detail])
    if rng.random() < 0.7:
        seat["score"] += points
    return f"ledger {[category, points, detail]}"


def new_choice(data: dict, rng: random.Random) -> str:
    kind = rng.choice(("tile", "order", None))
    pool = [t.code for t in TILES] if kind == "tile" else [o.code for o in ORDERS]
    items = [rng.choice(pool) for _ in range(rng.randrange(0, 6))] if kind else []
    data["board"]["choice"] = {"kind": kind, "items": items}
    return f"choice {kind} {items}"


def odd_value(data: dict, rng: random.Random) -> str:
    path = rng.choice([p for p in _leaves(data) if p])
    value = copy.deepcopy(rng.choice(ODD_VALUES))
    _set(data, path, value)
    return f"{'.'.join(map(str, path))} = {value!r}"


def drop_item(data: dict, rng: random.Random) -> str:
    paths = [p for p in _leaves(data) if p and isinstance(_get(data, p[:-1]), list | dict)]
    path = rng.choice(paths)
    parent = _get(data, path[:-1])
    del parent[path[-1]]
    return f"deleted {'.'.join(map(str, path))}"


MUTATIONS = [
    nudge_number,
    nudge_number,
    other_phase,
    other_seat,
    move_cube,
    move_cube,
    move_card,
    move_card,
    move_worker,
    pending_cart,
    ledger_entry,
    new_choice,
    odd_value,
    drop_item,
]


def _mutate(data: dict, rng: random.Random) -> str:
    mutation = rng.choice(MUTATIONS)
    try:
        return mutation(data, rng)
    except (LookupError, TypeError, AttributeError, ValueError):  # an earlier change broke its way
        return f"({mutation.__name__} found nothing to change)"


def play_to_the_end(data: dict, seed: int, what: str) -> None:
    state = position_from_dict(data)
    bot = RandomBot(seed)
    moves = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert len(legal) > 0, f"{what}: stuck in phase {state.phase} after {moves} moves"
        state.apply(bot.choose(state))
        moves += 1
        if moves % 4 == 0 or state.is_over:
            found = problems(state)
            assert not found, f"{what}: after {moves} moves: {found}"
        assert moves < 2000, f"{what}: the game does not end"
    result = state.result()
    assert result.over and result.winners and str(result) and result.breakdown()
    again = game_from_data(json.loads(json.dumps(game_data(state))))
    assert same_game(again, state), what


def test_every_seed_position_loads_and_plays_to_the_end() -> None:
    assert {data["phase"] for data in SEEDS} == set(PHASES)
    for number, data in enumerate(SEEDS):
        play_to_the_end(copy.deepcopy(data), number, f"seed position {number}")


def test_mutated_positions_are_refused_in_words_or_play_to_the_end() -> None:
    rng = random.Random(2026)
    accepted = refused = 0
    for example in range(fuzz_examples(400)):
        data = copy.deepcopy(rng.choice(SEEDS))
        changes = [_mutate(data, rng) for _ in range(rng.choice((1, 1, 2, 3)))]
        what = f"example {example}: " + "; ".join(changes)
        try:
            position_from_dict(copy.deepcopy(data))
        except FormatError as error:
            refused += 1
            text = str(error)
            assert text and "Traceback" not in text and "Error(" not in text, f"{what}: {text}"
            continue
        accepted += 1
        play_to_the_end(data, example, what)
    assert accepted > 20 and refused > 100, (accepted, refused)  # the fuzzer tries both sides


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d["board"]["pending_carts"].append([4, 5, 3]), "board.pending_carts"),
    (lambda d: d["seats"][0]["ledger"].append(["bonus", 3, None]), "ledger"),
    (lambda d: d["board"]["choice"].update(items=[["Y1L"]]), "board.choice.items"),
])  # fmt: skip
def test_the_audits_positions_are_refused_naming_the_field(change, field) -> None:
    data = copy.deepcopy(SEEDS[1])
    change(data)
    with pytest.raises(FormatError, match=field.replace(".", r"\.")):
        position_from_dict(data)


def test_a_finished_game_relabelled_as_placing_is_refused() -> None:
    over = next(data for data in SEEDS if data["phase"] == "over")
    data = {**copy.deepcopy(over), "phase": "place"}
    with pytest.raises(FormatError, match=r"current: .* has none in hand"):
        position_from_dict(data)


def test_a_pending_cart_that_does_not_exist_is_refused() -> None:
    waiting = next(data for data in SEEDS if data["phase"] == "cube")
    data = copy.deepcopy(waiting)
    data["board"]["pending_carts"][0][2] = 9
    with pytest.raises(FormatError, match=r"board\.pending_carts\[0\]: .* has no such cart"):
        position_from_dict(data)
