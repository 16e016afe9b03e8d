"""Clicks ↔ engine actions. Each legal action has one or more *click sequences* of tokens;
a click on a target id (from the geometry) becomes a token. Matching a growing sequence of
tokens against the legal actions' sequences is all the widgets do: legality stays the engine's.

Tokens abstract away which of several identical things was clicked: any empty yellow slot of an
order means that slot (``slot:0:W3YY:0``), any shown copy of a tile means that tile
(``choice:Y1L``). A load is the one cube the engine would take (``cube@0:1:0``,
:func:`gluckauf.rules.cart_to_load`), so the cube you click is the cube that moves.
"""

from __future__ import annotations

from gluckauf.actions import (
    CAGE,
    Action,
    Choose,
    Draft,
    Fill,
    Load,
    MoveCage,
    Place,
    Stop,
    Store,
    SubstituteCube,
    shown_rest,
)
from gluckauf.components import ORDER_BY_CODE, ORDERS, TILES
from gluckauf.rules import cart_to_load
from gluckauf.state import GameState

Sequence_ = tuple[str, ...]


def token_of(target: str, state: GameState) -> str:
    """The meaning of a click on ``target`` (a geometry id) in this state."""
    kind, _, rest = target.partition(":")
    if kind == "cart":
        p, level, index = map(int, rest.split(":"))
        carts = state.carts[p][level - 1]
        cube = carts[index]
        if cube < 0:
            return f"emptycart:{p}:{level}"
        if index != cart_to_load(carts, cube):  # a load takes the engine's chosen cube only
            return f"cube@{p}:{level}:{cube}:behind"
        return f"cube@{p}:{level}:{cube}"
    if kind == "slot":
        p, code, index = rest.split(":")
        return f"slot:{p}:{code}:{ORDER_BY_CODE[code].slots[int(index)]}"
    if kind == "choice" and rest.isdigit():
        item = state.choice[int(rest)]
        return "choice:" + (TILES[item].code if state.choice_kind == "tile" else ORDERS[item].code)
    return target


def _source(player: int, cube: tuple[str, int]) -> str:
    source, colour = cube
    return f"{'cage' if source == CAGE else 'stock'}:{player}:{colour}"


def sequences(action: Action, state: GameState) -> list[Sequence_]:
    """Every click sequence (of tokens) that means ``action`` for the player to act."""
    p = state.current
    kind = type(action)
    if kind is Place:
        return [(f"space:{action.space}",)]  # type: ignore[union-attr]
    if kind is MoveCage:
        return [(f"level:{p}:{action.level}",)]  # type: ignore[union-attr]
    if kind is Load:
        return [(f"cube@{p}:{state.cage_level[p]}:{action.colour}",)]  # type: ignore[union-attr]
    if kind is Store:
        return [(f"cage:{p}:{action.colour}", f"storage:{p}")]  # type: ignore[union-attr]
    if kind is Fill:
        slot = f"slot:{p}:{action.order}:{action.slot}"  # type: ignore[union-attr]
        cubes = [_source(p, cube) for cube in action.cubes]  # type: ignore[union-attr]
        orders = {tuple(cubes), tuple(reversed(cubes))}
        return [(*order, slot) for order in sorted(orders)]
    if kind is Stop:
        return [("stop",)]
    if kind is Draft:
        return [(f"draft:{action.order}",)]  # type: ignore[union-attr]
    if kind is SubstituteCube:
        return [(f"supply:{action.colour}",)]  # type: ignore[union-attr]
    if kind is Choose:
        return _choose_sequences(action, state)  # type: ignore[arg-type]
    raise TypeError(f"not an action: {action!r}")


def _choose_sequences(action: Choose, state: GameState) -> list[Sequence_]:
    first = f"choice:{action.take}" if action.take else "choice:none"
    wheres = ("top", "bottom") if not action.rest else (action.where,)
    result = [(first, *(f"choice:{code}" for code in action.rest), f"choice:{where}")
              for where in wheres]
    shown = [(TILES[i] if state.choice_kind == "tile" else ORDERS[i]).code for i in state.choice]
    if action.take:
        shown.remove(action.take)
    if action.rest and list(action.rest) == shown:  # short form: put back in the shown order
        result.append((first, f"choice:{action.where}"))
    return result


class ClickTable:
    """All click sequences of the legal actions of one state, for prefix matching."""

    def __init__(self, state: GameState) -> None:
        self.complete: dict[Sequence_, Action] = {}
        self.prefixes: set[Sequence_] = set()
        for action in state.legal_actions():
            for sequence in sequences(action, state):
                self.complete[sequence] = action
                for n in range(1, len(sequence)):
                    self.prefixes.add(sequence[:n])

    def next_tokens(self, pending: Sequence_) -> set[str]:
        """Tokens that continue ``pending`` towards some legal action."""
        n = len(pending)
        found = {seq[n] for seq in self.complete if len(seq) > n and seq[:n] == pending}
        return found

    def match(self, sequence: Sequence_) -> Action | bool:
        """The action a complete sequence means; True if it is a proper prefix; else False."""
        if sequence in self.complete:
            return self.complete[sequence]
        return sequence in self.prefixes


def probe_action(tokens: Sequence_, state: GameState) -> Action | None:
    """The action a (refused) click sequence would most plausibly mean, to ask the engine
    why not; None if it means no action at all."""
    last = tokens[-1]
    kind, _, rest = last.partition(":")
    try:
        if kind == "space":
            return Place(rest)
        if kind == "draft":
            return Draft(rest)
        if kind == "level":
            return MoveCage(int(rest.split(":")[1]))
        if kind.startswith("cube@"):
            return Load(int(last.split(":")[2]))
        if kind == "supply":
            return SubstituteCube(int(rest))
        if kind == "stop":
            return Stop()
        if kind in ("cage", "stock") and len(tokens) == 1:
            colour = int(rest.split(":")[1])
            return Store(colour) if kind == "cage" else None
        if kind == "storage" and len(tokens) == 2 and tokens[0].startswith("cage:"):
            return Store(int(tokens[0].split(":")[2]))
        if kind == "choice":  # F★/O★: ask about the first click's item, the rest as shown
            first = tokens[0].partition(":")[2]
            take = None if first in ("none", "top", "bottom") else first
            return Choose(take, shown_rest(state, take))
        if kind == "slot" and len(tokens) >= 2:
            _p, code, slot = rest.split(":")
            cubes = tuple((CAGE if tok.startswith("cage:") else "s", int(tok.split(":")[2]))
                          for tok in tokens[:-1] if tok.startswith(("cage:", "stock:")))
            return Fill(code, int(slot), cubes) if cubes else None
    except (ValueError, IndexError):
        return None
    return None


def describe(target: str, state: GameState) -> str:
    """A selected target in words, for the status line ("a black cube from the cage")."""
    from gluckauf.components import COLOUR_NAMES

    from .texts import t

    kind, _, rest = target.partition(":")
    if kind in ("cage", "stock"):
        colour = COLOUR_NAMES[int(rest.split(":")[1])]
        return t(f"describe.{kind}", colour=colour)
    if kind == "choice":
        return token_of(target, state).partition(":")[2]
    return target
