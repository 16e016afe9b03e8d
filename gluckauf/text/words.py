"""Plain words for the game's things and actions, for every sentence a learner reads.

The notation (``C9KK``, ``G2L``, ``M8``, ``fill W7GG:G cG``) is exact and short, but a newcomer
cannot read it. These small pure functions name the same things in words — "the 9-VP carriage
order (black, black)", "a light-side tile with 2 yellow carts", "the 8-step mining space" —
and :func:`describe_action` says what an action does, in the context of a state. Every text
comes from :data:`gluckauf.text.messages.EN` (``name.*``, ``word.*``, ``do.*`` keys), so that a
translation only adds a table. The notation itself stays in ``str(action)`` and the records.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.actions import (
    CAGE,
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
from ..core.components import (
    AREA_BANK,
    AREA_DELIVERY,
    AREA_MINING,
    AREA_MONEY,
    AREA_ORDERS,
    AREA_TUNNEL,
    COLOUR_NAMES,
    ORDER_BY_CODE,
    ORDERS,
    SPACE_BY_CODE,
    STAR_LOOK,
    TILE_BY_CODE,
    TILES,
    TRANSPORT_NAMES,
)
from ..core.hidden import EVERYONE
from ..core.rules import workers_needed
from ..core.voice import Amount, Phrase, register
from .i18n import ENGINE
from .messages import EN, capital, count, say

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.errors import Refusal
    from ..core.hidden import Reveal
    from ..core.scoring import GameResult
    from ..core.state import GameState


# --- things ----------------------------------------------------------------------------------
def colour_name(colour: int) -> str:
    """A coal colour: 0 → "yellow" … 3 → "black"."""
    return say(f"name.colour.{colour}")


def transport_name(transport: int) -> str:
    """A transport as it stands in a sentence: 1 → "carriage"."""
    return say(f"name.transport.{transport}")


def transport_title(transport: int) -> str:
    """A transport as a label: 1 → "Carriage"."""
    return say(f"name.transport_title.{transport}")


def cube_name(colour: int) -> str:
    """One cube: "a grey cube"."""
    return say("name.cube", colour=colour_name(colour))


def cube_from(source: str, colour: int) -> str:
    """A cube and where it comes from: "a grey cube from the cage" / "… from storage"."""
    key = "word.cage_cube" if source == CAGE else "word.storage_cube"
    return say(key, colour=colour_name(colour))


def cubes_from(cubes: tuple[tuple[str, int], ...]) -> str:
    """The cubes of a fill, each ``(source, colour)``: "a grey cube from the cage", "two yellow
    cubes from the cage", "a yellow cube from the cage and a brown cube from storage"."""
    if len(cubes) == 2 and cubes[0] == cubes[1]:
        source, colour = cubes[0]
        key = "word.two_cage_cubes" if source == CAGE else "word.two_storage_cubes"
        return say(key, colour=colour_name(colour))
    return say("word.and").join(cube_from(source, colour) for source, colour in cubes)


def shift_name(shift: int) -> str:
    """A shift's number as the board prints it: 1 → "I"."""
    return say(f"name.shift.{shift}")


def level_name(level: int) -> str:
    """A cage level: 0 → "the surface", 3 → "level 3 (grey)"."""
    if level == 0:
        return say("word.surface")
    return say("name.level", level=level, colour=colour_name(level - 1))


def order_name(code: str, article: str = "the", *, as_object: bool = False) -> str:
    """An order card as it reads: "the 9-VP carriage order (black, black)" (``article`` is
    "the" or "a"). Transport, VP and coal colours together name exactly one card.
    ``as_object``: the form for the object of a verb ("Zsófi took …"), which a language with
    cases says in its own case (Hungarian: the accusative)."""
    card = ORDER_BY_CODE[code]
    slots = say("word.list_sep").join(colour_name(c) for c in card.slots)
    key = f"name.order.{article}{'_object' if as_object else ''}"
    return say(key, vp=card.vp, transport=transport_name(card.transport), slots=slots)


def order_short(code: str) -> str:
    """An order card's short label: "Carriage · 9 VP" (its coal shows as icons beside it)."""
    card = ORDER_BY_CODE[code]
    return say("name.order.short", transport=transport_title(card.transport), vp=card.vp)


def _carts(n: int, colour: int) -> str:
    return say(f"name.carts.{'one' if n == 1 else 'many'}", n=n, colour=colour_name(colour))


def tile_name(code: str, article: str = "a", *, as_object: bool = False) -> str:
    """A tunnel tile as it reads: "a light-side tile with 2 yellow carts" (``article`` is "a"
    or "the"). The side is part of the name: lantern tiles go on the light side.
    ``as_object`` as for :func:`order_name`."""
    tile = TILE_BY_CODE[code]
    return say(
        f"name.tile.{article}{'_object' if as_object else ''}",
        side=say(f"name.side.{tile.side}"),
        carts=_carts(tile.carts, tile.colour),
    )


def tile_short(code: str) -> str:
    """A tile's short label: "2 yellow carts · light"."""
    tile = TILE_BY_CODE[code]
    return say(
        "name.tile.short", carts=_carts(tile.carts, tile.colour), side=say(f"name.side.{tile.side}")
    )


def item_name(code: str, kind: str, article: str = "the") -> str:
    """A tile (``kind`` "tile") or an order (``kind`` "order") by its code, in words."""
    if kind == "tile":
        return tile_name(code, article)
    return order_name(code, article)


def space_name(code: str) -> str:
    """A worker space: "the 8-step mining space", "the 4-Mark money space", "tile space F3",
    "the truck delivery space", "the special order space O★", "the bank building"."""
    return say(f"space.{code}")


def params_in_words(params: dict[str, Any]) -> dict[str, Any]:
    """A message's parameters with the codes of real spaces, orders and tiles (``space``,
    ``order``, ``tile``, ``item``), the colours (``colour``, ``slot``, ``cube``: "yellow" …) and
    the transports (``transport``: "horse carriage" …), as refusals keep them, in words of the
    current language; anything else, such as a
    mistyped code that names nothing, as it is."""
    out = dict(params)
    if "reveals" in params:  # an undo refused: what the moves since showed (gluckauf.core.hidden)
        names = params.get("names", ())
        out["what"] = say("word.and").join(
            reveal_in_words(reveal, names) for reveal in params["reveals"]
        )
    for name, value in params.items():
        if isinstance(value, Amount):
            out[name] = count(value.n, value.unit)
            continue
        if isinstance(value, Phrase):
            out[name] = phrase_in_words(value)
            continue
        if isinstance(value, tuple) and value and all(isinstance(v, Phrase) for v in value):
            out[name] = "; ".join(map(phrase_in_words, value))  # a list of problems
            continue
        if not isinstance(value, str):
            continue
        if name in ("colour", "slot", "cube") and value in COLOUR_NAMES:
            out[name] = colour_name(COLOUR_NAMES.index(value))
        elif name == "transport" and value in TRANSPORT_NAMES:
            out[name] = transport_name(TRANSPORT_NAMES.index(value))
        elif name == "space" and value in SPACE_BY_CODE:
            out[name] = space_name(value)
        elif name in ("order", "item", "space") and value in ORDER_BY_CODE:
            out[name] = order_name(value)
        elif name in ("tile", "item", "space") and value in TILE_BY_CODE:
            out[name] = tile_name(value, "the")
        elif (
            name == "items"
            and value.split()
            and all(code in ORDER_BY_CODE or code in TILE_BY_CODE for code in value.split())
        ):
            out[name] = say("word.and").join(
                order_name(code) if code in ORDER_BY_CODE else tile_name(code, "the")
                for code in value.split()
            )
    return out


def bot_name(name: str) -> str:
    """A registered bot's name in words: "greedy" → "greedy bot"; a bot a learner registered
    keeps its own name (bot “mine”)."""
    key = f"botname.{name}"
    return say(key) if key in EN else say("botname.other", name=name)


def segment_name(segment: int) -> str:
    """What a shift-clock segment (1–12) counts: 3 → "grey icons", 9 → "empty yellow carts"."""
    return say(f"name.segment.{segment}")


def shown_notation(action: Action | str) -> str:
    """An action's notation as the board shows it: with F★ and O★ for the special spaces
    (which the parser reads as F* and O*; records keep the plain ASCII form, R-NOTATION-1)."""
    return str(action).replace("F*", "F★").replace("O*", "O★")


def with_notation(text: str, action: Action | str) -> str:
    """A sentence with the action's notation after it, as a small secondary part:
    "Took back: take 4 Marks." → "Took back: take 4 Marks. (place $4)"."""
    return say("word.with_notation", text=text, notation=shown_notation(action))


# --- actions ---------------------------------------------------------------------------------
def describe_action(action: Action, state: GameState) -> str:
    """What ``action`` does in ``state``, in words, as a lower-case phrase without a full stop:
    ``place M8`` → "place workers on the 8-step mining space", ``cage 1`` → "move the cage up
    to level 1 (yellow)", ``fill W7GG:G cG`` → "put a grey cube from the cage on a grey slot of
    the 7-VP wheelbarrow order (grey, grey)". The state supplies what the notation leaves out
    (the tile on a space, the cage's level, the workers a crowded space takes); an action that
    is not legal in it is still described as well as the state allows."""
    kind = type(action)
    if kind is Place:
        return _describe_place(action.space, state)  # type: ignore[union-attr]
    if kind is Draft:
        return say("do.draft", order=order_name(action.order))  # type: ignore[union-attr]
    if kind is Choose:
        return _describe_choose(action, state)  # type: ignore[arg-type]
    if kind is SubstituteCube:
        cube = cube_name(action.colour)  # type: ignore[union-attr]
        if state.pending_carts:
            wanted = colour_name(state.pending_carts[0][1])
            return say("do.cube", cube=cube, wanted=wanted)
        return say("do.cube_plain", cube=cube)
    if kind is MoveCage:
        level = action.level  # type: ignore[union-attr]
        now = state.cage_level[state.current] if 0 <= state.current < state.players else None
        key = (
            "do.cage"
            if now is None or now == level
            else ("do.cage_down" if level > now else "do.cage_up")
        )
        return say(key, level=level_name(level))
    if kind is Load:
        cube = cube_name(action.colour)  # type: ignore[union-attr]
        level = state.cage_level[state.current] if 0 <= state.current < state.players else 0
        if level:
            return say("do.load_at", cube=cube, level=level)
        return say("do.load", cube=cube)
    if kind is Store:
        return say("do.store", cube=cube_name(action.colour))  # type: ignore[union-attr]
    if kind is Fill:
        cubes = cubes_from(action.cubes)  # type: ignore[union-attr]
        key = "do.fill" if len(action.cubes) == 1 else "do.fill_two"  # type: ignore[union-attr]
        return say(
            key,
            cubes=cubes,
            slot=colour_name(action.slot),  # type: ignore[union-attr]
            order=order_name(action.order),
        )  # type: ignore[union-attr]
    if kind is Stop:
        if state.steps_left > 0:
            return say("do.stop_lose", steps=count(state.steps_left, "step"))
        return say("do.stop")
    return str(action)


def _describe_place(code: str, state: GameState) -> str:
    space = SPACE_BY_CODE[code]
    name = space_name(code)
    area, value = space.area, space.value
    need = workers_needed(state, space)
    if area == AREA_MINING:
        if need > 1:
            return say("do.mine_n", workers=count(need, "worker"), space=name)
        return say("do.mine", space=name)
    if value < 0 and area in (AREA_TUNNEL, AREA_ORDERS):  # F★ or O★
        deck, kind = (
            (state.tile_deck, "tile") if area == AREA_TUNNEL else (state.order_deck, "order")
        )
        items = count(min(STAR_LOOK, len(deck)), kind)
        if need > 1:
            return say("do.look_n", space=name, workers=count(need, "worker"), items=items)
        return say("do.look", space=name, items=items)
    if area == AREA_TUNNEL and state.tile_spaces[value] is not None:
        tile = TILES[state.tile_spaces[value]]  # type: ignore[index]
        text = say(
            "do.buy", tile=tile_name(tile.code, "the"), space=name, price=count(tile.price, "mark")
        )
    elif area == AREA_ORDERS and state.order_spaces[value] is not None:
        card = ORDERS[state.order_spaces[value]]  # type: ignore[index]
        text = say("do.take_order", order=order_name(card.code), space=name)
    elif area == AREA_DELIVERY:
        text = say("do.deliver", transport=transport_name(value))
    elif area == AREA_MONEY:
        text = say("do.money", marks=count(value, "mark"))
    elif area == AREA_BANK:
        text = say("do.bank", marks=count(value, "mark"))
    else:  # an empty tile or order space: nothing to name but the space
        text = say("do.place", space=name)
    if need > 1:
        text = say("do.with_workers", what=text, workers=count(need, "worker"))
    return text


def _describe_choose(action: Choose, state: GameState) -> str:
    kind = state.choice_kind or (
        "tile"
        if action.take in TILE_BY_CODE or any(code in TILE_BY_CODE for code in action.rest)
        else "order"
    )
    if action.take is None:
        what = say(f"do.choose_none_{kind}")
    elif kind == "tile":
        tile = TILE_BY_CODE[action.take]
        what = say(
            "do.choose_buy", tile=tile_name(tile.code, "the"), price=count(tile.price, "mark")
        )
    else:
        what = say("do.choose_take", order=order_name(action.take))
    if not action.rest:
        return what
    items = count(len(action.rest), kind)
    where = say(f"do.where.{action.where}")
    key = "do.put_back_all" if action.take is None else "do.put_back"
    text = say(key, what=what, items=items, where=where)
    if action.where == "top" and len(action.rest) > 1:
        text = say("do.first_on_top", what=text, item=item_name(action.rest[0], kind))
    return text


def refusal_in_words(refusal: Refusal) -> str:
    """A refusal's sentence: its key said with its parameters in words."""
    return capital(say(refusal.key, **params_in_words(refusal.params)))


def phrase_in_words(phrase: Phrase) -> str:
    """A keyed sentence (what is wrong with a mistyped action, a file …), its own parameters in
    words too. A key whose first part names another of the engine's tables (``schema.…``) is
    that table's."""
    head, _dot, rest = phrase.key.partition(".")
    table = ENGINE.tables.get(head) if head else None
    if table is not None and rest in table:
        return table.say(rest, **params_in_words(phrase.params))
    return say(phrase.key, **params_in_words(phrase.params))


def reveal_in_words(reveal: Reveal, names: Sequence[str]) -> str:
    """What a reveal showed, as a phrase: "Zsófi looked at the top 5 orders of the deck"."""
    name = names[reveal.by] if reveal.by is not None else say("word.nobody")
    if reveal.seen_by is not EVERYONE:
        return say("reveal.look", name=name, items=count(reveal.count, reveal.what))
    if reveal.space is not None and reveal.item is not None:
        item = tile_name(reveal.item, "a") if reveal.what == "tile" else order_name(reveal.item)
        return say("reveal.refill", name=name, space=space_name(reveal.space), item=item)
    return say("reveal.draft", items=count(reveal.count, reveal.what))


def result_in_words(result: GameResult) -> str:
    """The scores, one line per player (orders, shifts, end, Marks left), and the winners."""
    lines = [say("result.header")]
    for r in result.players:
        line = say(
            "result.line",
            name=r.name,
            score=r.score,
            orders=r.orders,
            shifts=" + ".join(str(sum(s)) for s in r.shifts),
            end=f"{sum(r.end.values()):+d}",
            marks=count(r.tie_break_marks, "mark"),
        )
        if r.before:
            line += say("result.before", points=r.before)
        lines.append(line)
    if result.over:
        names = [result.players[w].name for w in result.winners]
        lines.append(
            say(
                "result.winners" if len(names) > 1 else "result.winner",
                names=say("word.and").join(names),
            )
        )
    return "\n".join(lines)


register("refusal", refusal_in_words)
register("phrase", phrase_in_words)
register("result", result_in_words)


__all__ = [
    "colour_name",
    "cube_from",
    "cube_name",
    "cubes_from",
    "describe_action",
    "item_name",
    "level_name",
    "order_name",
    "order_short",
    "refusal_in_words",
    "result_in_words",
    "reveal_in_words",
    "segment_name",
    "shift_name",
    "shown_notation",
    "space_name",
    "tile_name",
    "tile_short",
    "transport_name",
    "transport_title",
    "with_notation",
]
