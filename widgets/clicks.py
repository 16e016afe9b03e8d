"""Clicks ↔ engine actions. Each legal action has one or more *click sequences* of tokens;
a click on a target id (from the geometry) becomes a token. Matching a growing sequence of
tokens against the legal actions' sequences is all the widgets do: legality stays the engine's.

Tokens abstract away which of several identical things was clicked: any empty yellow slot of an
order means that slot (``slot:0:W3YY:0``) and any shown copy of a tile means that tile
(``choice:Y1L``). A cube in a cart is not abstracted: its token names the cart
(``cube@0:3:2:1``: seat, level, colour, cart), and a click on any cube at the cage's level —
either side, printed carts included — loads that very cube (R-MINE-2: any cart will do). The
engine lists one ``load`` per colour, which empties its own choice of cart
(:func:`gluckauf.core.rules.cart_to_load`); a click on that cube plays it (``load G``), a click on
another cube of the colour plays the Load naming its cart (``load G@1``,
:func:`gluckauf.core.rules.cart_loads`), which empties that cart and is otherwise the same move.

A refused click is explained by the engine: :func:`probe_action` picks the action the clicks
most plausibly mean and ``state.why_not`` gives the rule and the reason. Only where no action
says what was meant (a cube at a level the cage is not at, a slot before a cube) does
:func:`widget_reason` give the widget's own sentence, citing a rule only where one applies.
"""

from __future__ import annotations

from gluckauf.core.actions import (
    CAGE,
    STORAGE,
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
from gluckauf.core.components import ORDER_BY_CODE, ORDERS, TILES
from gluckauf.core.rules import cart_loads, cart_to_load
from gluckauf.core.state import CHOOSE, MINE, GameState
from gluckauf.text.messages import count
from gluckauf.text.words import colour_name

from .labels import Message, message, say

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
        return f"cube@{p}:{level}:{cube}:{index}"  # this cart's cube (R-MINE-2: any cart will do)
    if kind == "slot":
        p, code, index = rest.split(":")
        return f"slot:{p}:{code}:{ORDER_BY_CODE[code].slots[int(index)]}"
    if kind in ("cage", "stock"):  # a second yellow cube (cage:p:0:1) means a yellow one too
        return f"{kind}:" + ":".join(rest.split(":")[:2])
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
        return _load_sequences(action, state)  # type: ignore[arg-type]
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


def _load_sequences(action: Load, state: GameState) -> list[Sequence_]:
    """The click on the cube the Load takes: the cart it names, else the engine's choice."""
    p, level = state.current, state.cage_level[state.current]
    carts = state.carts[p][level - 1] if level else []
    cart = action.cart
    if cart is None:
        if action.colour not in carts:
            return []
        cart = cart_to_load(carts, action.colour)
    return [(f"cube@{p}:{level}:{action.colour}:{cart}",)]


def _load_of(state: GameState, player: int, level: int, colour: int, cart: int) -> Load:
    """The Load a click on this cube plays: the colour-only load when it takes this very cube
    (records keep ``load G`` where that is the move), else the Load naming the cart."""
    carts = state.carts[player][level - 1]
    return Load(colour) if cart_to_load(carts, colour) == cart else Load(colour, cart)


def click_actions(state: GameState) -> list[Action]:
    """The actions clicks can play: the legal actions, and for every other cube at the cage's
    level whose colour may be loaded the Load naming its cart (R-MINE-2: any cart will do)."""
    actions = list(state.legal_actions())
    loads = cart_loads(state)
    if loads:  # the cage is at a tunnel level: the cubes the colour-only loads do not take
        carts = state.carts[state.current][state.cage_level[state.current] - 1]
        actions += [load for load in loads if load.cart != cart_to_load(carts, load.colour)]
    return actions


def _choose_sequences(action: Choose, state: GameState) -> list[Sequence_]:
    first = f"choice:{action.take}" if action.take else "choice:none"
    wheres = ("top", "bottom") if not action.rest else (action.where,)
    result = [
        (first, *(f"choice:{code}" for code in action.rest), f"choice:{where}") for where in wheres
    ]
    shown = [(TILES[i] if state.choice_kind == "tile" else ORDERS[i]).code for i in state.choice]
    if action.take:
        shown.remove(action.take)
    if action.rest and list(action.rest) == shown:  # short form: put back in the shown order
        result.append((first, f"choice:{action.where}"))
    return result


class ClickTable:
    """All click sequences of the actions clicks can play in one state (:func:`click_actions`),
    for prefix matching."""

    def __init__(self, state: GameState) -> None:
        self.complete: dict[Sequence_, Action] = {}
        self.prefixes: set[Sequence_] = set()
        for action in click_actions(state):
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
    """The action a refused click sequence most plausibly means, to ask the engine why not
    (``state.why_not``); None where no action says what was meant (then
    :func:`widget_reason`). Outside mining, a click in the mine asks about the mining step it
    would be, so the engine names the decision at hand."""
    last = tokens[-1]
    kind, _, rest = last.partition(":")
    player, mining = state.current, state.phase == MINE
    try:
        if kind == "space":
            return Place(rest)
        if kind == "draft":
            return Draft(rest)
        if kind == "level":
            return MoveCage(int(rest.split(":")[1]))
        if kind == "supply":
            return SubstituteCube(int(rest))
        if kind == "stop":
            return Stop()
        if kind.startswith("cube@"):
            owner, level, colour, cart = int(kind[5:]), *map(int, rest.split(":"))
            if mining and level != state.cage_level[player] and state.cage_room(player) > 0:
                return None  # the cage is elsewhere: no load names this cube (widget_reason)
            return _load_of(state, owner, level, colour, cart)  # the engine says why not
        if kind == "emptycart":
            return None if mining else Load(int(rest.split(":")[1]) - 1)
        if kind == "cage":
            colour = int(rest.split(":")[1])
            if mining:  # below the surface: the cube may leave the cage only up there
                return _fill_probe(state, CAGE, colour) or Store(colour)
            return Store(colour)
        if kind == "stock":
            colour = int(rest.split(":")[1])
            if mining:
                return None  # no order has a slot for it (widget_reason)
            return _fill_probe(state, STORAGE, colour) or Fill(
                ORDERS[0].code, colour, ((STORAGE, colour),)
            )
        if kind == "storage":
            before = tokens[-2] if len(tokens) >= 2 else ""
            if before.startswith("cage:"):
                return Store(int(before.split(":")[2]))
            if before.startswith("stock:"):
                return None  # already in storage
            cage = state.cage[player]
            if mining and state.cage_level[player] == 0:
                return None  # at the surface: first a cube of the cage (widget_reason)
            return Store(next((c for c, n in enumerate(cage) if n), 0))
        if kind == "choice":
            return _choice_probe(tokens, state)
        if kind == "slot":
            _p, code, slot = rest.split(":")
            cubes = tuple(
                (CAGE if tok.startswith("cage:") else STORAGE, int(tok.split(":")[2]))
                for tok in tokens[:-1]
                if tok.startswith(("cage:", "stock:"))
            )
            if cubes:
                return Fill(code, int(slot), cubes)
            probe = Fill(code, int(slot), ())  # a slot alone: what is wrong with the slot?
            refusal = state.why_not(probe)
            if refusal is None or refusal.key == "refuse.one_or_two":
                return None  # nothing but the missing cube (widget_reason)
            return probe
    except (ValueError, IndexError, KeyError):
        return None
    return None


def _fill_probe(state: GameState, source: str, colour: int) -> Fill | None:
    """A one-cube fill of ``colour`` from ``source`` onto the first outstanding order of the
    player to act with an empty slot of that colour, if any."""
    for card, slots in state.outstanding[state.current]:
        order = ORDERS[card]
        if any(not cubes and c == colour for cubes, c in zip(slots, order.slots, strict=True)):
            return Fill(order.code, colour, ((source, colour),))
    return None


def _choice_probe(tokens: Sequence_, state: GameState) -> Choose | None:
    """F★/O★: the item clicked first is taken; the items clicked after it go back, in that
    order (the shown order if none was clicked), on top or at the bottom as clicked last."""
    clicked = [tok.partition(":")[2] for tok in tokens if tok.startswith("choice:")]
    ends = ("top", "bottom")
    take = None if clicked[0] in ("none", *ends) else clicked[0]
    if clicked[-1] not in ends:  # an item that cannot be taken
        return Choose(take, shown_rest(state, take))
    if len(clicked) == 1:
        return None  # top or bottom before the item taken (widget_reason)
    rest = tuple(code for code in clicked[1:-1] if code not in ("none", *ends))
    return Choose(take, rest or shown_rest(state, take), clicked[-1])


def widget_reason(tokens: Sequence_, state: GameState) -> Message | None:
    """The widget's own sentence for a refused click that no engine action describes
    (:func:`probe_action` gave None); None if there is nothing better than "not now"."""
    last = tokens[-1]
    kind, _, rest = last.partition(":")
    player, mining = state.current, state.phase == MINE
    if state.phase == CHOOSE and len(tokens) == 1 and rest in ("top", "bottom"):
        tile = state.choice_kind == "tile"
        return message("msg.choose_first_tile" if tile else "msg.choose_first_order")
    if not mining:
        return None
    if kind.startswith("cube@"):
        level = int(last.split(":")[1])
        cage = state.cage_level[player]
        return message(
            "msg.cage_elsewhere" if cage else "msg.cage_up",
            level=level,
            cage=cage,
            steps=count(state.steps_left, "step"),
        )
    if kind == "emptycart":
        return message("msg.empty_cart")
    if kind == "stock":
        return message("msg.no_slot_for", colour=colour_name(int(rest.split(":")[1])))
    if kind == "storage":
        if len(tokens) >= 2 and tokens[-2].startswith("stock:"):
            return message("msg.already_stored")
        return message("msg.first_a_cage_cube" if any(state.cage[player]) else "msg.cage_empty")
    if kind == "slot":
        return message("msg.first_a_cube")
    return None


def describe(target: str, state: GameState) -> str:
    """A selected target in words, for the status line ("a black cube from the cage")."""
    kind, _, rest = target.partition(":")
    if kind in ("cage", "stock"):
        return say(f"describe.{kind}", colour=colour_name(int(rest.split(":")[1])))
    if kind == "choice":
        return token_of(target, state).partition(":")[2]
    return target
