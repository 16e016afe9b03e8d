"""What the thing under the mouse is, and what it would do for you now, in plain words.

:func:`describe_target` takes a target id of :func:`widgets.geometry.layout` (``space:F3``,
``cart:0:3:1``, ``slot:0:W7GG:0``, ``choice:top``, ``mine:2`` …) and returns one to three short
sentences for a newcomer: what it is, the facts that matter to the player (Marks, orders
ready, cubes left) and — for the player to act — what a click would do, or the engine's
refusal (``state.why_not``) with its rule IDs when it would do nothing. Every fact and every
yes/no comes from the engine; this module only puts them into words. Orders, tiles and
spaces are named in words (:mod:`gluckauf.text.words`), never by their notation codes.

Every text is keyed in :data:`TEXT` (English) and read through :func:`say`, like
:mod:`widgets.labels`; German and Hungarian are in that module's catalogue (context ``hover.*``).
"""

from __future__ import annotations

from typing import Any

from gluckauf.core.actions import (
    CAGE,
    STOP,
    STORAGE,
    Choose,
    Draft,
    Fill,
    MoveCage,
    Place,
    Store,
    SubstituteCube,
    shown_rest,
)
from gluckauf.core.components import (
    AREA_BANK,
    AREA_DELIVERY,
    AREA_MINING,
    AREA_MONEY,
    AREA_ORDERS,
    AREA_TUNNEL,
    CAGE_CAPACITY,
    ORDER_BY_CODE,
    ORDERS,
    SPACE_BY_CODE,
    STAR_LOOK,
    TILES,
    OrderCard,
    Space,
    TileKind,
)
from gluckauf.core.errors import Refusal
from gluckauf.core.rules import open_spaces, workers_needed
from gluckauf.core.state import CHOOSE, CUBE, DRAFT, MINE, OVER, GameState
from gluckauf.text import messages, words
from gluckauf.text.messages import capital, count, join_words

from .clicks import probe_action, token_of
from .labels import WIDGETS

TEXT: dict[str, str] = {
    # --- worker spaces ---------------------------------------------------------------------
    "space.locked": "{space} is locked in a {players}-player game: nobody can use it (R-SETUP-1).",
    "space.tile": "{tile} for {price}: {cubes} (R-TUNNEL-1).",
    "space.tile_gone": "A tile space of the tunnel expansion, where tiles are for sale "
    "(R-TUNNEL-1).",
    "space.tile_star": "The special tile space F★: look at the top {items} of the deck and buy "
    "one or none (R-TUNNEL-5).",
    "space.mining": "Mining, {steps} work steps: move your cage, load coal and fill orders "
    "(R-MINE-1).",
    "space.delivery": "{transport}: delivers all your complete {kind} orders at once, for "
    "their VP (R-DELIVER-1).",
    "space.money": "Money: take {marks} from the bank (R-MONEY-1).",
    "space.order": "{space} shows {order}: take it into your hand, fill it with coal and "
    "deliver it by {transport} for {vp} VP (R-ORDER-1).",
    "space.order_gone": "An order space, where new orders are shown (R-ORDER-1).",
    "space.order_star": "The special order space O★: look at the top {items} of the deck and "
    "take one or none (R-ORDER-2).",
    "space.bank": "The bank building: 1 worker takes 1 Mark, and workers here are never sent "
    "away (R-TURN-4).",
    "tile.cubes.one": "its cart comes with a {colour} cube",
    "tile.cubes.many": "its carts come with {n} {colour} cubes",
    "tile.cubes.short": "the supply has only {left} left, so a cart may get a cube of another "
    "colour",
    "tile.cubes.none": "the supply has no cubes left, so its carts stay empty",
    # facts about the player
    # facts about a player, one sentence for "you" and one for another player (each language
    # says "you have" and "Zsófi has" its own way)
    "fact.marks.you": "You have {marks}.",
    "fact.marks.other": "{name} has {marks}.",
    "fact.tile_empty": "It is empty: the tile deck has run out (R-TUNNEL-4).",
    "fact.space_empty": "It is empty now.",
    "fact.order_empty": "It is empty: the order deck has run out (R-ORDER-1).",
    "fact.order_after_draft": "It gets its order when the draft is over (R-SETUP-4).",
    "fact.deck": "{items} left in the deck.",
    "fact.tile_deck_empty": "The tile deck is empty.",
    "fact.order_deck_empty": "The order deck is empty.",
    "fact.in_hand.you": "You have {orders} in hand.",
    "fact.in_hand.other": "{name} has {orders} in hand.",
    "fact.deliver_now": "It would deliver {orders} now ({vp} VP).",
    "fact.ready": "Complete and ready: {orders} ({vp} VP).",
    "fact.none_complete.you": "You have none yet.",
    "fact.none_complete.other": "{name} has none yet.",
    "cost.workers": "It takes {need} now: one more than {whose} {there} there, who go to the "
    "canteen (R-TURN-2).",
    "turn.other": "It is {name}'s turn (R-TURN-1).",
    # --- the draft and the F★/O★ choice ------------------------------------------------------
    "draft.order": "{order}, in the draft: take it as one of your starting orders, fill it "
    "with coal and deliver it by {transport} for {vp} VP (R-SETUP-4).",
    "choice.tile": "{tile} for {price}, one of the tiles you are looking at (R-TUNNEL-5).",
    "choice.buy": "Click it to buy it.",
    "choice.order": "{order}, one of the orders you are looking at: take it, fill it with coal "
    "and deliver it by {transport} for {vp} VP (R-ORDER-2).",
    "choice.none.tile": "Take no tile and put back what you are looking at ({items}) (R-TUNNEL-5).",
    "choice.none.order": "Take no order and put back what you are looking at ({items}) "
    "(R-ORDER-2).",
    "choice.top.tile": "Put the tiles you do not take back on top of the deck, in the order "
    "you clicked them, else as shown (R-TUNNEL-5).",
    "choice.top.order": "Put the orders you do not take back on top of the deck, in the "
    "order you clicked them, else as shown (R-ORDER-2).",
    "choice.bottom.tile": "Put the tiles you do not take back at the bottom of the deck, in "
    "the order you clicked them, else as shown (R-TUNNEL-5).",
    "choice.bottom.order": "Put the orders you do not take back at the bottom of the deck, in "
    "the order you clicked them, else as shown (R-ORDER-2).",
    "choice.last": "Click it last, after what you take (or Take none).",
    "choice.you_have": "You have {marks}.",
    # --- the mine ------------------------------------------------------------------------------
    "level.surface": "The surface of {whose} mine: here cubes leave the cage, onto orders or "
    "into storage (R-MINE-2).",
    "level.tunnel": "Level {level} of {whose} mine ({colour} coal): {carts}.",
    "level.carts": "{full} with coal and {empty} empty",
    "level.carts_full": "{full} with coal",
    "level.carts_empty": "no coal left ({empty} empty)",
    "level.cage_here": "The cage is here, with {cubes} in it.",
    "level.cage_here_empty": "The cage is here, empty.",
    "level.move": "Moving the cage here costs 1 step ({steps} left, R-MINE-2).",
    "level.move_later": "While mining, moving the cage here costs 1 step (R-MINE-2).",
    "cart.full": "A cart at level {level} with {cube}.",
    "cart.empty": "An empty cart at level {level}: it is never refilled, and empty carts "
    "score in shift III (R-TUNNEL-6, R-SHIFT-3).",
    "cart.load": "Click it to load the cube into your cage (1 step, R-MINE-2).",
    "cart.cage_elsewhere": "Your cage is at {where}: move it here first (1 step), then load "
    "(R-MINE-2).",
    "cart.later": "Mining loads it into the cage when the cage is at this level, 1 step a "
    "cube (R-MINE-2).",
    "cage.cube": "{Cube} in {whose} cage ({n} of {capacity} places used).",
    "cage.both": "Click it, then an order slot or the storage (R-MINE-2).",
    "cage.fill": "Click it, then an order slot (R-MINE-2).",
    "cage.store": "Click it, then the storage (1 step, R-MINE-2).",
    "cage.later": "When you mine and the cage is at the surface, it can go onto an order or "
    "into storage (R-MINE-2).",
    "stock.cubes": "{cubes} in {whose} storage, waiting to go onto an order (R-MINE-2).",
    "stock.fill": "Click one, then an order slot (R-MINE-2).",
    "stock.no_slot": "None of your orders' empty slots can take it now (R-MINE-2).",
    "stock.later": "When you mine, a storage cube can go onto a slot of its colour wherever "
    "the cage is (R-MINE-2).",
    "storage.box": "{Whose} storage: cubes from the cage wait here until they go onto an "
    "order (R-MINE-2).",
    "storage.holds": "It holds {cubes}.",
    "storage.empty": "It is empty.",
    "storage.store": "Click a cube in your cage, then here (1 step).",
    "slot.empty": "A {colour} slot of {whose} {vp}-VP {transport} order: put a {colour} cube "
    "here, or two cubes of any colours (R-MINE-3).",
    "slot.filled": "A {colour} slot of {whose} {vp}-VP {transport} order, filled with {cubes}; "
    "cubes on an order stay there until it is delivered (R-MINE-4).",
    "slot.still_empty": "It is still empty.",
    "slot.progress.one": "It is still empty; {filled} of the order's {slots} slots is filled.",
    "slot.progress.many": "It is still empty; {filled} of the order's {slots} slots are filled.",
    "slot.complete": "The order is complete: deliver it by {transport} for {vp} VP (R-DELIVER-1).",
    "slot.fill": "To fill it, click a cube in your cage or storage, then this slot.",
    "mine.compact": "{whose} mine: {vp} VP, {marks}, {orders} in hand and {delivered} "
    "delivered, {tiles}, {workers} left.",
    "mine.cage": "The cage is at {where}, {cage}; {stored}.",
    "mine.cage_holds": "with {cubes} in it",
    "mine.cage_empty": "empty",
    "mine.stored": "{cubes} in storage",
    "mine.none_stored": "nothing in storage",
    # --- panel and supply ----------------------------------------------------------------------
    "supply.left": "{cubes} left in the supply: new carts take their coal from here, and "
    "delivered orders' cubes come back (R-TUNNEL-2, R-DELIVER-2).",
    "supply.none": "No {colour} cubes are left in the supply (R-TUNNEL-2).",
    "supply.substitute": "{cubes} left in the supply: click to put one on your new {wanted} "
    "cart instead, as {wanted} has run out (R-TUNNEL-2).",
    "stop.lose": "Stop mining: end your mining now; the {steps} left are lost (R-MINE-1).",
    "stop.plain": "Stop mining: end your mining now (R-MINE-1).",
    # --- words ---------------------------------------------------------------------------------
    "n.cube.one": "{n} {colour} cube",
    "n.cube.many": "{n} {colour} cubes",
    "n.cube_plain.one": "{n} cube",
    "n.cube_plain.many": "{n} cubes",
    "n.cart.one": "{n} cart",
    "n.cart.many": "{n} carts",
    "who.your": "your",
    "who.names": "{name}'s",
    "cubes.two": "{a} and {b}",
    "order.of": "{whose} {vp}-VP {transport} order ({slots})",
}

TEXTS = WIDGETS.texts("hover", TEXT)


def say(key: str, **params: Any) -> str:
    """The text for ``key`` in the current language (:mod:`gluckauf.text.i18n`), English as the
    fallback, filled in."""
    return TEXTS.say(key, **params)


def _count(n: int, word: str, **params: Any) -> str:
    return say(f"n.{word}.{'one' if n == 1 else 'many'}", n=n, **params)


def _sentences(*parts: str | None) -> str:
    return " ".join(part for part in parts if part)


# --- who -------------------------------------------------------------------------------------
class _Who:
    """How to address the owner of a thing: "you"/"your" for the seat, else by name."""

    def __init__(self, state: GameState, player: int, seat: int) -> None:
        self.me = player == seat
        self.name = name = state.names[player]
        self.whose = say("who.your") if self.me else say("who.names", name=name)

    def fact(self, key: str, **params: Any) -> str:
        """The fact ``key`` about this player: its "you" sentence, or its sentence with the
        player's name."""
        return say(f"{key}.{'you' if self.me else 'other'}", name=self.name, **params)


# --- the engine's refusal, in words -----------------------------------------------------------
def _refusal_text(refusal: Refusal) -> str:
    """The engine's refusal, its reason and rule IDs (it names spaces, tiles and orders in
    words itself)."""
    return capital(str(refusal))  # the engine names them in words (gluckauf.text.words)


def _turn_of_other(state: GameState, seat: int) -> str | None:
    """Whose turn it is, when it is not the seat's (and the game goes on)."""
    if state.phase != OVER and seat != state.current:
        return say("turn.other", name=state.names[state.current])
    return None


# --- worker spaces ---------------------------------------------------------------------------
def _space(state: GameState, code: str, seat: int) -> str:
    space = SPACE_BY_CODE[code]
    who = _Who(state, seat, seat)
    if space not in open_spaces(state.players):
        return say("space.locked", space=capital(words.space_name(code)), players=state.players)
    body, facts = _space_body(state, space, seat, who)
    other = _turn_of_other(state, seat)
    refusal = None if other else state.why_not(Place(code))
    if space.area == AREA_DELIVERY:
        facts = _delivery_facts(
            state, space.value, seat, who, usable=refusal is None and other is None
        )
    if refusal is not None and refusal.rule == "R-TURN-3":
        facts = []  # the refusal names what is missing itself
    if other:
        now = other
    elif refusal is not None:
        now = _refusal_text(refusal)
    else:
        now = _cost(state, space, seat)
    return _sentences(body, *facts, now)


def _space_body(state: GameState, space: Space, seat: int, who: _Who) -> tuple[str, list[str]]:
    """What the space is, and the facts about the seat that go with it."""
    area, value, code = space.area, space.value, space.code
    marks = who.fact("fact.marks", marks=count(state.money[seat], "mark"))
    if area == AREA_TUNNEL and value < 0:
        deck = len(state.tile_deck)
        items = count(min(STAR_LOOK, deck) or STAR_LOOK, "tile")
        fact = (
            say("fact.deck", items=capital(count(deck, "tile")))
            if deck
            else say("fact.tile_deck_empty")
        )
        return say("space.tile_star", items=items), [fact]
    if area == AREA_TUNNEL:
        kind = state.tile_spaces[value]
        if kind is None:
            empty = "fact.space_empty" if state.tile_deck else "fact.tile_empty"
            return say("space.tile_gone"), [say(empty)]
        tile = TILES[kind]
        body = say(
            "space.tile",
            tile=capital(words.tile_name(tile.code, "a")),
            price=count(tile.price, "mark"),
            cubes=_tile_cubes(state, tile),
        )
        return body, [marks]
    if area == AREA_MINING:
        return say("space.mining", steps=value), []
    if area == AREA_DELIVERY:
        return say(
            "space.delivery",
            transport=capital(words.transport_name(value)),
            kind=words.transport_name(value),
        ), []
    if area == AREA_MONEY:
        return say("space.money", marks=count(value, "mark")), [marks]
    if area == AREA_ORDERS and value < 0:
        deck = len(state.order_deck)
        items = count(min(STAR_LOOK, deck) or STAR_LOOK, "order")
        fact = (
            say("fact.deck", items=capital(count(deck, "order")))
            if deck
            else say("fact.order_deck_empty")
        )
        return say("space.order_star", items=items), [fact]
    hand = who.fact("fact.in_hand", orders=count(len(state.outstanding[seat]), "order"))
    if area == AREA_ORDERS:
        card = state.order_spaces[value]
        if card is None:
            if state.phase == DRAFT:
                fact = "fact.order_after_draft"
            else:
                fact = "fact.space_empty" if state.order_deck else "fact.order_empty"
            return say("space.order_gone"), [say(fact)]
        order = ORDERS[card]
        return say(
            "space.order",
            space=capital(words.space_name(code)),
            order=words.order_name(order.code, "a"),
            transport=words.transport_name(order.transport),
            vp=order.vp,
        ), [hand]
    assert area == AREA_BANK
    return say("space.bank"), [marks]


def _tile_cubes(state: GameState, tile: TileKind) -> str:
    """What the carts of a tile bought now would get from the supply (R-TUNNEL-2)."""
    colour = words.colour_name(tile.colour)
    left = state.supply[tile.colour]
    if left >= tile.carts:
        if tile.carts == 1:
            return say("tile.cubes.one", colour=colour)
        return say("tile.cubes.many", n=tile.carts, colour=colour)
    if any(state.supply):
        return say("tile.cubes.short", left=_count(left, "cube", colour=colour))
    return say("tile.cubes.none")


def _delivery_facts(
    state: GameState, transport: int, seat: int, who: _Who, *, usable: bool
) -> list[str]:
    """The seat's complete orders of this transport: what the space would deliver."""
    ready = [
        ORDERS[card]
        for card, slots in state.outstanding[seat]
        if ORDERS[card].transport == transport and state.order_is_complete(seat, [card, slots])
    ]
    if not ready:
        return [who.fact("fact.none_complete")]
    names = join_words([_order_of(order, who) for order in ready])
    vp = sum(order.vp for order in ready)
    return [say("fact.deliver_now" if usable else "fact.ready", orders=names, vp=vp)]


def _order_of(order: OrderCard, who: _Who) -> str:
    """An order by its owner: "your 9-VP truck order (black, black)"."""
    slots = messages.say("word.list_sep").join(words.colour_name(colour) for colour in order.slots)
    return say(
        "order.of",
        whose=who.whose,
        vp=order.vp,
        transport=words.transport_name(order.transport),
        slots=slots,
    )


def _cost(state: GameState, space: Space, seat: int) -> str | None:
    """The workers a usable space takes, when it is more than one (R-TURN-2)."""
    need = workers_needed(state, space)
    if need <= 1:
        return None
    owner = state.space_owner[space.index]
    whose = _Who(state, owner, seat).whose
    return say(
        "cost.workers",
        need=count(need, "worker"),
        whose=whose,
        there=state.space_count[space.index],
    )


# --- the draft and the F★/O★ choice ----------------------------------------------------------
def _draft(state: GameState, code: str, seat: int) -> str:
    order = ORDER_BY_CODE[code]
    body = say(
        "draft.order",
        order=capital(words.order_name(code, "a")),
        transport=words.transport_name(order.transport),
        vp=order.vp,
    )
    other = _turn_of_other(state, seat)
    refusal = None if other else state.why_not(Draft(code))
    return _sentences(body, other or (_refusal_text(refusal) if refusal else None))


def _choice(state: GameState, which: str, seat: int) -> str:
    kind = state.choice_kind or "tile"
    other = _turn_of_other(state, seat)
    if which in ("none", "top", "bottom"):
        if which == "none":
            body = say(f"choice.none.{kind}", items=count(len(state.choice), kind))
        else:
            body = say(f"choice.{which}.{kind}")
        return _sentences(body, other or (say("choice.last") if which != "none" else None))
    item = state.choice[int(which)]
    if kind == "tile":
        tile = TILES[item]
        body = say(
            "choice.tile",
            tile=capital(words.tile_name(tile.code, "a")),
            price=count(tile.price, "mark"),
        )
        code = tile.code
    else:
        order = ORDERS[item]
        body = say(
            "choice.order",
            order=capital(words.order_name(order.code, "a")),
            transport=words.transport_name(order.transport),
            vp=order.vp,
        )
        code = order.code
    if other:
        return _sentences(body, other)
    refusal = state.why_not(Choose(code, shown_rest(state, code)))
    if refusal is not None:
        return _sentences(body, _refusal_text(refusal))
    if kind == "tile":
        return _sentences(
            body, say("choice.buy"), say("choice.you_have", marks=count(state.money[seat], "mark"))
        )
    return body


# --- the mine --------------------------------------------------------------------------------
def _mining_now(state: GameState, player: int, seat: int) -> bool:
    """The owner of the mine is the seat, and mining now."""
    return player == seat == state.current and state.phase == MINE


def _level(state: GameState, player: int, level: int, seat: int) -> str:
    who = _Who(state, player, seat)
    here = state.cage_level[player] == level
    if level == 0:
        body = say("level.surface", whose=who.whose)
    else:
        carts = state.carts[player][level - 1]
        full = sum(1 for cube in carts if cube >= 0)
        empty = len(carts) - full
        if not empty:
            what = say("level.carts_full", full=_count(full, "cart"))
        elif not full:
            what = say("level.carts_empty", empty=_count(empty, "cart"))
        else:
            what = say("level.carts", full=_count(full, "cart"), empty=empty)
        body = say(
            "level.tunnel",
            level=level,
            whose=who.whose,
            colour=words.colour_name(level - 1),
            carts=what,
        )
    if here:
        held = sum(state.cage[player])
        now = (
            say("level.cage_here", cubes=_count(held, "cube_plain"))
            if held
            else say("level.cage_here_empty")
        )
    elif _mining_now(state, player, seat):
        refusal = state.why_not(MoveCage(level))
        now = (
            _refusal_text(refusal)
            if refusal
            else say("level.move", steps=count(state.steps_left, "step"))
        )
    else:
        now = say("level.move_later") if who.me else None
    return _sentences(body, now)


def _cart(state: GameState, player: int, level: int, index: int, seat: int) -> str:
    who = _Who(state, player, seat)
    cube = state.carts[player][level - 1][index]
    if cube < 0:
        return say("cart.empty", level=level)
    body = say("cart.full", level=level, cube=words.cube_name(cube))
    now = None
    if _mining_now(state, player, seat):
        token = token_of(f"cart:{player}:{level}:{index}", state)
        probe = probe_action((token,), state)  # what a click would ask the engine
        if probe is None:  # no load names this cube: the cage is at another level
            now = say("cart.cage_elsewhere", where=words.level_name(state.cage_level[player]))
        else:
            refusal = state.why_not(probe)
            now = _refusal_text(refusal) if refusal else say("cart.load")
    elif who.me:
        now = say("cart.later")
    return _sentences(body, now)


def _legal_with(state: GameState, source: str, colour: int) -> tuple[bool, bool]:
    """(a legal fill uses such a cube, a legal store moves one) — from the legal actions."""
    fill = store = False
    for action in state.legal_actions():
        if type(action) is Fill and (source, colour) in action.cubes:
            fill = True
        elif source == CAGE and type(action) is Store and action.colour == colour:
            store = True
    return fill, store


def _cage(state: GameState, player: int, colour: int, seat: int) -> str:
    who = _Who(state, player, seat)
    body = say(
        "cage.cube",
        Cube=capital(words.cube_name(colour)),
        whose=who.whose,
        n=sum(state.cage[player]),
        capacity=CAGE_CAPACITY,
    )
    now = None
    if _mining_now(state, player, seat):
        fill, store = _legal_with(state, CAGE, colour)
        if fill and store:
            now = say("cage.both")
        elif fill or store:
            now = say("cage.fill" if fill else "cage.store")
        else:
            refusal = state.why_not(Store(colour))
            now = _refusal_text(refusal) if refusal else None
    elif who.me:
        now = say("cage.later")
    return _sentences(body, now)


def _stock(state: GameState, player: int, colour: int, seat: int) -> str:
    who = _Who(state, player, seat)
    n = state.storage[player][colour]
    body = capital(
        say(
            "stock.cubes",
            cubes=_count(n, "cube", colour=words.colour_name(colour)),
            whose=who.whose,
        )
    )
    now = None
    if _mining_now(state, player, seat):
        fill, _store = _legal_with(state, STORAGE, colour)
        now = say("stock.fill" if fill else "stock.no_slot")
    elif who.me:
        now = say("stock.later")
    return _sentences(body, now)


def _storage(state: GameState, player: int, seat: int) -> str:
    who = _Who(state, player, seat)
    held = [
        _count(n, "cube", colour=words.colour_name(c))
        for c, n in enumerate(state.storage[player])
        if n
    ]
    holds = say("storage.holds", cubes=join_words(held)) if held else say("storage.empty")
    now = None
    if _mining_now(state, player, seat) and any(state.cage[player]):
        colour = next(c for c, n in enumerate(state.cage[player]) if n)
        refusal = state.why_not(Store(colour))
        now = _refusal_text(refusal) if refusal else say("storage.store")
    return _sentences(say("storage.box", Whose=capital(who.whose)), holds, now)


def _slot(state: GameState, player: int, code: str, index: int, seat: int) -> str:
    who = _Who(state, player, seat)
    order = ORDER_BY_CODE[code]
    slots = next(held[1] for held in state.outstanding[player] if held[0] == order.index)
    want = order.slots[index]
    params = {
        "colour": words.colour_name(want),
        "whose": who.whose,
        "vp": order.vp,
        "transport": words.transport_name(order.transport),
    }
    cubes = slots[index]
    if cubes:
        if len(cubes) == 2:
            filled = say("cubes.two", a=words.cube_name(cubes[0]), b=words.cube_name(cubes[1]))
        else:
            filled = words.cube_name(cubes[0])
        body = say("slot.filled", cubes=filled, **params)
        if all(slots):
            return _sentences(
                body, say("slot.complete", transport=params["transport"], vp=order.vp)
            )
        return body
    body = say("slot.empty", **params)
    done = sum(1 for held in slots if held)
    progress = (
        say(f"slot.progress.{'one' if done == 1 else 'many'}", filled=done, slots=len(slots))
        if done
        else say("slot.still_empty")
    )
    now = None
    if _mining_now(state, player, seat) and any(
        type(action) is Fill and action.order == code and action.slot == want
        for action in state.legal_actions()
    ):
        now = say("slot.fill")
    return _sentences(body, progress, now)


def _compact_mine(state: GameState, player: int, seat: int) -> str:
    who = _Who(state, player, seat)
    here = state.cage_level[player]
    where = words.level_name(here)
    first = say(
        "mine.compact",
        whose=capital(who.whose),
        vp=state.score[player],
        marks=count(state.money[player], "mark"),
        orders=count(len(state.outstanding[player]), "order"),
        delivered=len(state.delivered[player]),
        tiles=count(len(state.tiles[player]), "tile"),
        workers=count(state.workers[player], "worker"),
    )
    held, stored = sum(state.cage[player]), sum(state.storage[player])
    cage = (
        say("mine.cage_holds", cubes=_count(held, "cube_plain")) if held else say("mine.cage_empty")
    )
    stock = (
        say("mine.stored", cubes=_count(stored, "cube_plain"))
        if stored
        else say("mine.none_stored")
    )
    second = say("mine.cage", where=where, cage=cage, stored=stock)
    return _sentences(first, second)


# --- panel and supply ------------------------------------------------------------------------
def _supply(state: GameState, colour: int, seat: int) -> str:
    name = words.colour_name(colour)
    left = state.supply[colour]
    cubes = capital(_count(left, "cube", colour=name))
    if state.phase == CUBE and seat == state.current:
        refusal = state.why_not(SubstituteCube(colour))
        if refusal is not None:
            return _refusal_text(refusal)
        wanted = words.colour_name(state.pending_carts[0][1])
        return say("supply.substitute", cubes=cubes, wanted=wanted)
    if not left:
        return say("supply.none", colour=name)
    return say("supply.left", cubes=cubes)


def _stop(state: GameState, seat: int) -> str:
    if state.phase == MINE and state.steps_left > 0:
        body = say("stop.lose", steps=count(state.steps_left, "step"))
    else:
        body = say("stop.plain")
    other = _turn_of_other(state, seat)
    refusal = None if other else state.why_not(STOP)
    return _sentences(body, other or (_refusal_text(refusal) if refusal else None))


# --- the entry point -------------------------------------------------------------------------
def _seat(value: str, state: GameState) -> int:
    player = int(value)
    if not 0 <= player < state.players:
        raise ValueError(value)
    return player


def _parse(target: str, state: GameState) -> tuple[str, tuple[Any, ...]] | None:
    """The kind of a target id and its checked parts, or None if this state has no such
    thing."""
    kind, _, rest = target.partition(":")
    parts = rest.split(":") if rest else []
    try:
        if kind == "space" and len(parts) == 1 and parts[0] in SPACE_BY_CODE:
            return kind, (parts[0],)
        if kind == "level" and len(parts) == 2:
            player, level = _seat(parts[0], state), int(parts[1])
            return (kind, (player, level)) if 0 <= level <= 4 else None
        if kind == "cart" and len(parts) == 3:
            player, level, index = _seat(parts[0], state), int(parts[1]), int(parts[2])
            if 1 <= level <= 4 and 0 <= index < len(state.carts[player][level - 1]):
                return kind, (player, level, index)
            return None
        if kind in ("cage", "stock") and len(parts) == 3:  # a second cube of a colour
            player, colour, k = _seat(parts[0], state), int(parts[1]), int(parts[2])
            pool = state.cage if kind == "cage" else state.storage
            if 0 < k < (pool[player][colour] if 0 <= colour < 4 else 0):
                return kind, (player, colour)
            return None
        if kind in ("cage", "stock") and len(parts) == 2:
            player, colour = _seat(parts[0], state), int(parts[1])
            pool = state.cage if kind == "cage" else state.storage
            return (kind, (player, colour)) if 0 <= colour < 4 and pool[player][colour] else None
        if kind in ("storage", "mine") and len(parts) == 1:
            return kind, (_seat(parts[0], state),)
        if kind == "slot" and len(parts) == 3:
            player, code, index = _seat(parts[0], state), parts[1], int(parts[2])
            order = ORDER_BY_CODE.get(code)
            held = order is not None and any(
                card == order.index for card, _ in state.outstanding[player]
            )
            if held and 0 <= index < len(order.slots):  # type: ignore[union-attr]
                return kind, (player, code, index)
            return None
        if kind == "draft" and len(parts) == 1:
            order = ORDER_BY_CODE.get(parts[0])
            if state.phase == DRAFT and order is not None and order.index in state.draft_pool:
                return kind, (parts[0],)
            return None
        if kind == "choice" and len(parts) == 1 and state.phase == CHOOSE:
            which = parts[0]
            if which in ("none", "top", "bottom") or (
                which.isdigit() and int(which) < len(state.choice)
            ):
                return kind, (which,)
            return None
        if kind == "supply" and len(parts) == 1:
            colour = int(parts[0])
            return (kind, (colour,)) if 0 <= colour < 4 else None
        if kind == "stop" and not parts:
            return kind, ()
    except ValueError:
        return None
    return None


_DESCRIBE = {
    "space": _space, "level": _level, "cart": _cart, "cage": _cage, "stock": _stock,
    "storage": _storage, "slot": _slot, "mine": _compact_mine, "draft": _draft,
    "choice": _choice, "supply": _supply, "stop": _stop,
}  # fmt: skip


def describe_target(target: str, state: GameState, seat: int | None = None) -> str:
    """What the thing with this target id (see :mod:`widgets.geometry`) is and what it would
    do for ``seat`` (default: the player to act) right now, in one to three short sentences
    of plain English with the rule IDs they rest on. Where a click would do nothing, the
    engine's refusal (``state.why_not``) says why, in words. "" for an id this state has no
    thing for."""
    if seat is None:
        seat = state.current
    parsed = _parse(target, state)
    if parsed is None:
        return ""
    kind, parts = parsed
    return _DESCRIBE[kind](state, *parts, seat)


__all__ = ["TEXT", "TEXTS", "describe_target"]
