"""Setting up a new game (the R-SETUP rules). All chance happens here: the tile and order
shuffles and the start player come from ``random.Random(seed)``; afterwards the decks are part
of the state, so (seed, options, actions) replays exactly."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .components import (
    COLOURS,
    CUBES_PER_COLOUR,
    ORDERS,
    PLAYER_COUNTS,
    SPACES,
    START_MONEY,
    TILE_COPIES,
    TILE_SPACES,
    TILES,
    WORKERS,
    draft_size,
)
from .state import DRAFT, GameState

DEFAULT_NAMES = ("Gábor", "Zsófi", "Péter", "Anna")


def new_game(
    players: int = 3,
    seed: int | None = None,
    *,
    names: Sequence[str] | None = None,
    start_player: int | None = None,
    face_down: bool = False,
) -> GameState:
    """A new game at its first decision (the order draft, R-SETUP-4).

    ``seed`` fixes the shuffles and, unless ``start_player`` is given, the start player
    (R-SETUP-5). ``seed=None`` picks a random seed, kept in ``state.seed``. ``face_down=True``
    is the table option of playing from memory: delivered orders lie face down and each player
    sees only their own (R-DELIVER-2); the rules are the same."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Glück Auf is for 2 to 4 players, not {players!r}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"the seed must be a whole number ≥ 0, not {seed!r}")
    names = list(names) if names is not None else list(DEFAULT_NAMES[:players])
    if len(names) != players or not all(isinstance(n, str) and n.strip() for n in names):
        raise ValueError(f"give {players} non-empty player names, not {names!r}")
    if start_player is not None and start_player not in range(players):
        raise ValueError(f"the start player is a seat from 0 to {players - 1}")

    state = GameState()
    state.players, state.names, state.seed = players, names, seed
    state.face_down = bool(face_down)
    state.tile_deck = [kind.index for kind in TILES for _ in range(TILE_COPIES)]
    state.order_deck = [card.index for card in ORDERS]
    rng = random.Random(seed)
    rng.shuffle(state.tile_deck)  # R-SETUP-2
    rng.shuffle(state.order_deck)  # R-SETUP-4
    drawn = rng.randrange(players)  # drawn even when named, so the decks never depend on it
    if start_player is None:
        start_player = drawn
    state.tile_spaces = [None] * len(TILE_SPACES)
    for space in TILE_SPACES:  # R-SETUP-1, R-SETUP-2
        if players not in space.locked_with:
            state.tile_spaces[space.value] = state.tile_deck.pop(0)
    state.order_spaces = [None] * 4
    state.draft_pool = state.order_deck[: draft_size(players)]
    del state.order_deck[: draft_size(players)]

    state.space_owner = [-1] * len(SPACES)
    state.space_count = [0] * len(SPACES)
    state.bank_workers = [0] * players
    state.canteen = [0] * players
    state.supply = [CUBES_PER_COLOUR - players] * len(COLOURS)  # R-SETUP-3: printed carts
    state.money = [START_MONEY[players]] * players
    state.workers = [WORKERS[players]] * players
    state.score = [0] * players
    state.cage_level = [0] * players
    state.cage = [[0, 0, 0, 0] for _ in range(players)]
    state.storage = [[0, 0, 0, 0] for _ in range(players)]
    state.carts = [[[colour] for colour in COLOURS] for _ in range(players)]
    state.tiles = [[] for _ in range(players)]
    state.outstanding = [[] for _ in range(players)]
    state.delivered = [[] for _ in range(players)]
    state.ledger = [[] for _ in range(players)]
    state.choice, state.choice_kind, state.pending_carts = [], None, []

    state.phase, state.shift, state.steps_left = DRAFT, 1, 0  # R-SETUP-5
    state.start_player = state.first_start_player = start_player
    state.draft_turn = 0
    state.current = (start_player - 1) % players  # the player to the start player's right
    return state
