"""Build positions for exercises and tests in a few readable lines.

>>> from gluckauf.core.builder import PositionBuilder
>>> state = (PositionBuilder(players=3, seed=1)
...          .orders(0, "C9KK")
...          .tiles(0, "G2L")
...          .cage(0, level=3, cubes="GG")
...          .mining(0, steps=8)
...          .build())

Every item comes from where it really lies (cubes from the supply, tiles and cards from the
deck or a board space), so the result obeys every invariant; :meth:`build` checks them all.
The game starts after the draft (no starting orders: add them with :meth:`orders`).
"""

from __future__ import annotations

from .components import (
    COLOUR_LETTERS,
    F_STAR,
    O_STAR,
    ORDER_BY_CODE,
    ORDERS,
    SPACE_BY_CODE,
    STAR_LOOK,
    TILE_BY_CODE,
    colour_from_letter,
)
from .errors import FormatError
from .newgame import new_game
from .state import CHOOSE, EMPTY_CART, MINE, PLACE, GameState
from .voice import Phrase


class PositionBuilder:
    """A fluent builder: each method changes one thing and returns the builder."""

    def __init__(
        self,
        players: int = 3,
        seed: int = 0,
        *,
        names: list[str] | None = None,
        start_player: int = 0,
    ) -> None:
        state = new_game(players, seed, names=names, start_player=start_player)
        state.order_deck.extend(state.draft_pool)  # skip the draft: cards back under the deck
        state.draft_pool = []
        from .rules import open_spaces

        for space in open_spaces(players):
            if space.code.startswith("O") and space.value >= 0:
                state.order_spaces[space.value] = state.order_deck.pop(0)
        state.phase, state.current = PLACE, start_player
        self.state = state

    # --- helpers ------------------------------------------------------------------------------
    def _take_cube(self, colour: int) -> int:
        if self.state.supply[colour] <= 0:
            raise ValueError(f"the supply has no {COLOUR_LETTERS[colour]} cube left")
        self.state.supply[colour] -= 1
        return colour

    @staticmethod
    def _take(item: int, deck: list[int], spaces: list[int | None], what: str) -> int:
        """Take an item from its deck, else from a board space (refilled from the deck)."""
        if item in deck:
            deck.remove(item)
        elif item in spaces:
            spaces[spaces.index(item)] = deck.pop(0) if deck else None
        else:
            raise ValueError(f"no {what} is left in the deck or on a space")
        return item

    def _take_tile(self, code: str) -> int:
        kind = TILE_BY_CODE[code.upper()].index
        return self._take(kind, self.state.tile_deck, self.state.tile_spaces, f"{code} tile")

    def _take_order(self, code: str) -> int:
        card = ORDER_BY_CODE[code.upper()].index
        return self._take(card, self.state.order_deck, self.state.order_spaces, f"order {code}")

    # --- players ------------------------------------------------------------------------------
    def money(self, player: int, marks: int) -> PositionBuilder:
        self.state.money[player] = marks
        return self

    def score(self, player: int, vp: int) -> PositionBuilder:
        """The player starts with ``vp`` points, shown in results as "before this position"."""
        from .scoring import BEFORE

        state = self.state
        state.ledger[player] = [e for e in state.ledger[player] if e[0] != BEFORE]
        state.ledger[player].append((BEFORE, vp, None))
        state.score[player] = sum(points for _c, points, _d in state.ledger[player])
        return self

    def workers(self, player: int, in_hand: int) -> PositionBuilder:
        """Workers in hand; the others wait in the canteen."""
        state = self.state
        standing = zip(state.space_owner, state.space_count, strict=True)
        on_spaces = sum(n for owner, n in standing if owner == player)
        placed = state.workers_total() - in_hand - state.bank_workers[player] - on_spaces
        if placed < 0 or in_hand < 0:
            raise ValueError(f"a player has only {state.workers_total()} workers")
        state.workers[player], state.canteen[player] = in_hand, placed
        return self

    def on_space(self, space: str, player: int, workers: int) -> PositionBuilder:
        """Stand ``workers`` of the player's workers on a space (taken from their hand)."""
        state, index = self.state, SPACE_BY_CODE[space].index
        if space == "BANK":
            state.bank_workers[player] += workers
        else:
            state.space_owner[index], state.space_count[index] = player, workers
        state.workers[player] -= workers
        return self

    def tiles(self, player: int, *codes: str, cubes: bool = True) -> PositionBuilder:
        """Attach tiles to the player's mine, with a cube on each cart unless ``cubes=False``."""
        for code in codes:
            kind = TILE_BY_CODE[code.upper()]
            self.state.tiles[player].append(self._take_tile(code))
            for _ in range(kind.carts):
                cube = self._take_cube(kind.colour) if cubes else EMPTY_CART
                self.state.carts[player][kind.colour].append(cube)
        return self

    def empty_carts(self, player: int, level: int, count: int = 1) -> PositionBuilder:
        """Return cubes from carts at a level to the supply (as if mined and delivered)."""
        carts = self.state.carts[player][level - 1]
        for _ in range(count):
            full = [i for i, cube in enumerate(carts) if cube != EMPTY_CART]
            if not full:
                raise ValueError(f"level {level} has no full cart left")
            self.state.supply[carts[full[-1]]] += 1
            carts[full[-1]] = EMPTY_CART
        return self

    def cage(self, player: int, level: int = 0, cubes: str = "") -> PositionBuilder:
        """Put the cage at a level with these cubes in it (taken from the supply)."""
        self.state.cage_level[player] = level
        for letter in cubes:
            self.state.cage[player][self._take_cube(colour_from_letter(letter))] += 1
        return self

    def storage(self, player: int, cubes: str) -> PositionBuilder:
        for letter in cubes:
            self.state.storage[player][self._take_cube(colour_from_letter(letter))] += 1
        return self

    def orders(self, player: int, *codes: str) -> PositionBuilder:
        """Give the player outstanding orders (from the deck or an order space)."""
        for code in codes:
            card = self._take_order(code)
            self.state.outstanding[player].append([card, [()] * len(ORDERS[card].slots)])
        return self

    def fill(self, player: int, order: str, *slots: str) -> PositionBuilder:
        """Put cubes on an outstanding order: one string per slot ('' leaves it empty),
        e.g. ``fill(0, "C10YBGK", "Y", "B", "", "YY")``."""
        card = ORDER_BY_CODE[order.upper()].index
        held = next(h for h in self.state.outstanding[player] if h[0] == card)
        held[1] = [tuple(self._take_cube(colour_from_letter(c)) for c in text) for text in slots]
        return self

    def delivered(self, player: int, *codes: str) -> PositionBuilder:
        self.state.delivered[player].extend(self._take_order(code) for code in codes)
        return self

    # --- board and decision ----------------------------------------------------------------
    def tile_space(self, number: int, code: str | None) -> PositionBuilder:
        """Show this tile on F<number> (the old one goes back under the deck)."""
        state = self.state
        old = state.tile_spaces[number - 1]
        if old is not None:
            state.tile_deck.append(old)
        state.tile_spaces[number - 1] = None if code is None else self._take_tile(code)
        return self

    def order_space(self, number: int, code: str | None) -> PositionBuilder:
        state = self.state
        old = state.order_spaces[number - 1]
        if old is not None:
            state.order_deck.append(old)
        state.order_spaces[number - 1] = None if code is None else self._take_order(code)
        return self

    def turn(self, player: int, shift: int | None = None) -> PositionBuilder:
        """It is this player's turn to place workers (optionally in another shift)."""
        self.state.phase, self.state.current = PLACE, player
        if shift is not None:
            self.state.shift = shift
        return self

    def mining(self, player: int, steps: int) -> PositionBuilder:
        """The player is mining with this many work steps left (as if on a mining space)."""
        self.turn(player)
        self.state.phase, self.state.steps_left = MINE, steps
        return self

    def looking_at(self, player: int, kind: str, *codes: str) -> PositionBuilder:
        """The player placed on F★ (``kind="tile"``) or O★ (``"order"``) and sees ``codes``
        (one to five, taken from the deck or a board space).

        The placement is a real one: as many of the player's workers in hand as R-TURN-2 asks
        (1 on an empty space, one more than stand there otherwise) now stand on the space,
        and any workers that stood there are back in their owner's canteen — so the shift
        ends after the choice exactly when it would in the game. Set the workers in hand
        (:meth:`workers`) and any on the space (:meth:`on_space`) *before* this call."""
        from .rules import workers_needed

        if kind not in ("tile", "order"):
            raise ValueError(f"kind is 'tile' (F★) or 'order' (O★), not {kind!r}")
        if not 1 <= len(codes) <= STAR_LOOK:
            raise ValueError(f"F★ and O★ show 1 to {STAR_LOOK} items, not {len(codes)}")
        state = self.state
        space = F_STAR if kind == "tile" else O_STAR
        need, have = workers_needed(state, space), state.workers[player]
        if need > have:
            raise ValueError(
                f"placing on {space.code} takes {need} worker"
                f"{'' if need == 1 else 's'} (R-TURN-2) and player {player} has "
                f"{have} in hand"
            )
        take = self._take_tile if kind == "tile" else self._take_order
        choice = [take(code) for code in codes]
        displaced = state.space_count[space.index]
        if displaced:
            state.canteen[state.space_owner[space.index]] += displaced
        state.space_owner[space.index], state.space_count[space.index] = player, need
        state.workers[player] -= need
        self.turn(player)
        state.choice = choice
        state.phase, state.choice_kind = CHOOSE, kind
        return self

    def build(self) -> GameState:
        """The finished state, checked against every invariant (FormatError if broken)."""
        from .invariants import problem_phrases

        found = problem_phrases(self.state)
        if found:
            raise FormatError(Phrase("position.built_impossible", {"found": tuple(found)}))
        result = self.state.copy(history=False)
        result.keep_undo = True
        result.seed = None  # not a new game from a seed: no deal to replay
        result.begin_here()  # a game played on from here saves this position and the moves since
        return result
