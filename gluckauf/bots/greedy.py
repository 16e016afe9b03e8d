"""GreedyBot: one decision of look-ahead and a readable evaluation of the position.

For every legal action the bot plays it on a copy of the state (``copy(history=False)``, so
no undo stack) and scores the position that follows with :func:`evaluate` — the victory points
the player has, plus what its orders, cubes, money, shift-clock standing and remaining workers
are likely to be worth, minus the end-of-game penalties it is heading for. It plays the action
with the best score. Three decisions need more than one look:

* **Mining** (phase ``mine``) is many small steps. :class:`MiningPlanner` searches the sequences
  of steps (cage moves, loads, fills — two-cube fills too — and stores) within the steps left,
  depth first, with the useless and the merely reordered sequences pruned, and keeps the best
  plan. The bot caches that plan and plays it one step per decision, planning again only if the
  state is not the one the plan expected. The same search values the mining spaces when the bot
  places its workers (one search serves M4 … M10).
* **F★ / O★** show five hidden items. Placing there is valued by the expected best of five
  items drawn from the deck's public *contents* (which tiles or orders are left is public; their
  order is not). Once the items are shown, the bot values taking each of them (or none) and puts
  the rest back best first: on top if it still has workers to come back for them, else at the
  bottom.
* **Substitute cubes** (phase ``cube``) and the **draft** are valued one option at a time.

Hidden information: the bot never looks at the order of ``tile_deck`` or ``order_deck``. Every
copy it plays an action on gets empty decks (a refilled space then stays empty in the copy)
and F★/O★ are valued from the decks' contents only, so permuting the decks never changes its
choice (tests/test_greedy_bot.py checks this).

Every sentence :meth:`GreedyBot.explain` says is in :data:`TEXT`, keyed, ready for translation:
the move in words (:func:`gluckauf.text.words.describe_action`), a dash, and why — with order cards,
tiles and spaces named in words, never by their codes.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from math import comb
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.actions import (
    CAGE,
    PLACE,
    STOP,
    STORAGE,
    Choose,
    Fill,
    Load,
    MoveCage,
    Store,
    fill_cubes,
)
from ..core.components import (
    AREA_BANK,
    AREA_DELIVERY,
    AREA_MINING,
    AREA_MONEY,
    AREA_ORDERS,
    AREA_TUNNEL,
    CAGE_CAPACITY,
    COLOURS,
    LIGHT,
    ORDER_BY_CODE,
    ORDERS,
    SEGMENT_POINTS,
    SEGMENTS,
    SEGMENTS_AFTER_SHIFT,
    SHIFTS,
    SPACE_BY_CODE,
    STAR_LOOK,
    TILES,
    WORKERS,
)
from ..core.rules import workers_needed
from ..core.scoring import segment_rows
from ..core.state import CHOOSE, CUBE, DRAFT, MINE, OVER
from ..text.i18n import ENGINE
from ..text.messages import capital
from ..text.words import describe_action, order_name
from .outlook import order_can_finish

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import GameState

# --- what the bot says (keyed; translated in the catalogue "engine", context "bot.*") --------
TEXT = ENGINE.texts(
    "bot",
    {
        # {action} is the decision in words (gluckauf.text.words.describe_action), e.g. "place
        # workers on the 8-step mining space"; {orders} names order cards in words.
        "mine.complete": "{action} — it completes {orders} this turn, for {vp} VP.",
        "mine.fill": "{action} — it puts {cubes} on your orders this turn.",
        "mine.load": "{action} — it brings {cubes} up towards your orders.",
        "mine.carts": "{action} — it empties {carts} for the shift clock.",
        "mine.idle": "{action} — there is little to mine, but nothing else is worth a worker now.",
        "step.complete": "{action} — the mining plan completes {orders} this turn, for {vp} VP.",
        "step.fill": "{action} — the mining plan puts {cubes} on your orders this turn.",
        "step.load": "{action} — the mining plan brings {cubes} closer to your orders.",
        "step.carts": "{action} — the mining plan empties {carts} for the shift clock.",
        "step.idle": "{action} — it puts the cage where your next turn needs it.",
        "step.stop": "{action} — no step left this turn is worth making.",
        "deliver": "{action} — it scores {vp} VP now: {orders}.",
        "money": "{action} — you need money for the tiles you want.",
        "bank": "{action} — nothing else is worth a worker now.",
        "bank.stuck": "{action} — your open orders can no longer be finished before the end "
        "(each costs 1 VP then), and nothing else is worth a worker now.",
        "bank.wait": "{action} — your open orders still need work, but no space that helps "
        "them is worth a worker right now.",
        "tile.orders": "{action} — its coal feeds your orders.",
        "tile.balance": "{action} — it evens out your light and dark tiles.",
        "tile.carts": "{action} — more coal and carts in your mine are worth more than the Marks.",
        "fstar": "{action} — a tile you can use is likely among them.",
        "ostar": "{action} — an order your mine can fill is likely among them.",
        "ostar.tile": "{action} — a good order is likely among them, but your mine has no "
        "coal for it yet: a new tile will have to bring it.",
        "order.ready": "{action} — your coal can fill it soon.",
        "order.vp": "{action} — its {vp} VP are worth the worker.",
        "draft.ready": "{action} — your mine already holds the coal for it.",
        "draft.vp": "{action} — it promises the most VP for the coal you can get.",
        "choose.take": "{action} — it helps you most, and {where}.",
        "choose.none": "{action} — nothing shown is worth it, and {where}.",
        "cube": "{action} — it serves your orders best.",
        "where.top": "the best of the rest come up first for your next workers",
        "where.bottom": "the rest are worth no more workers",
        "count.cubes.one": "1 cube",
        "count.cubes.many": "{n} cubes",
        "count.carts.one": "a cart",
        "count.carts.many": "{n} carts",
        "join.and": " and ",
    },
)


def say(key: str, **params: Any) -> str:
    return TEXT.say(key, **params)


def _say(decision: _Decision, state: GameState) -> str:
    """The decision's sentence: its action in words, order codes named in words."""
    params = dict(decision.params)
    if "orders" in params:
        params["orders"] = say("join.and").join(order_name(code) for code in params["orders"])
    return capital(say(decision.key, action=describe_action(decision.action, state), **params))


def _count(n: int, word: str) -> str:
    return say(f"count.{word}.{'one' if n == 1 else 'many'}", n=n)


# --- the weights of the evaluation (in VP; reasoned out, then tuned in greedy-vs-greedy games) --
@dataclass(frozen=True)
class Weights:
    """The named constants of :func:`evaluate`, in VP. A bot takes another set to play
    differently (e.g. for tuning, or a weaker opponent)."""

    worker: float = 0.96  # a worker still to place this game: an action at the margin (so
    # displacing, which takes more workers, must gain more than this per extra worker)
    time_full: float = 6.0  # with this many actions left, cubes and money keep their full value
    time_order: float = 3.0  # an incomplete order needs a few more actions (mine, deliver) to pay
    complete_share: float = 0.85  # a complete, undelivered order: this share of its VP
    partial_share: float = 0.7  # an incomplete order: this share of its VP × its slots' readiness
    # How ready an empty slot is (a filled slot is 1), by where a cube of its colour is:
    rd_storage: float = 0.96  # in storage: one step, from anywhere
    rd_cage_up: float = 0.94  # in the cage at the surface: one step
    rd_cage_down: float = 0.92  # in the cage below: a cage move, then one step
    rd_mine: float = 0.9  # in a cart: needs a mining action (cage down, load, up, fill) —
    # most of an order's value comes with having the cubes; the rest when it is complete
    rd_pair: float = 0.7  # two spare cubes can fill any slot (R-MINE-3): this × their readiness
    rd_buyable: float = 0.25  # no cube yet, but an affordable tile of its colour is on display …
    rd_none: float = 0.1  # … or not: a tile still has to be found and paid for …
    none_slots: int = 3  # … for this many such slots; more of them are worth only
    rd_none_more: float = 0.03  # this (orders beyond what one can hope to fill)
    vp_per_cube: tuple[float, ...] = (1.4, 2.4, 3.3, 4.4)  # what a cube typically earns, by colour
    spare_share: float = 0.2  # a cube no order needs yet: this share of vp_per_cube
    end_cube: float = 1 / 3  # R-END-2: 1 VP per 3 cubes
    money_end: float = 0.2  # R-END-1: 1 VP per 5 Marks
    money_use: float = 0.1  # more per Mark up to the price of the tiles worth buying (budget)
    budget_default: int = 6  # Marks worth having when no useful tile is on display
    undelivered: tuple[float, ...] = (0.3, 0.6, 0.8)  # R-END-3 (−1 per order) by shift …
    balance: tuple[float, ...] = (0.03, 0.06, 0.2)  # R-END-4 (−2 per tile of difference) by shift:
    # while there is time one more tile fixes it; both rise to 1 over the last time_full actions.
    seg_now_min: float = 0.5  # this shift's coming scoring counts from 0.5 (shift start) to 1
    seg_later: float = 0.35  # a later scoring of segments 1–8: standings change before then
    seg_carts: tuple[float, ...] = (0.05, 0.15)  # segments 9–12 (empty carts, scored once at the
    # end) in shifts I and II: everyone empties carts by then, so leading early means little


DEFAULT_WEIGHTS = Weights()
JITTER = 1e-6  # random tie-break between equal actions (the seed decides)

# --- the mining search ------------------------------------------------------------------------
NODE_LIMIT = 800  # positions the planner looks at for one mining action, at most (more
# found no stronger plans in self-play; the search tries fills first, then the cage moves)
PAIR_MIN_SLOT = 1  # two-cube fills are considered for slots of this colour (brown) and up

_RANK_STORAGE_FILL, _RANK_FILL, _RANK_PAIR, _RANK_STORE, _RANK_LOAD = -1, 0, 1, 2, 3


# --- the evaluation ---------------------------------------------------------------------------
class Tally:
    """How many positions :func:`evaluate` has valued for one bot: a measure of a search's
    work that, unlike the clock, is the same on every machine."""

    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0


@dataclass
class Context:
    """What the evaluation needs about the position the decision is made in, fixed for the
    whole decision: whose view, the opponents' shift-clock standings, the useful budget."""

    me: int
    players: int
    # per segment: best opponent count, how many opponents have it, best of the others
    seg_top: list[int]
    seg_top_n: list[int]
    seg_second: list[int]
    budget: int
    tiles_left: bool
    cheapest: list[int | None]  # per colour: the cheapest tile on display
    weights: Weights = DEFAULT_WEIGHTS
    later_weight: dict[int, list[float]] = field(default_factory=dict)
    tally: Tally = field(default_factory=Tally)  # evaluate counts here (the bot's own)


def make_context(
    state: GameState, me: int, weights: Weights = DEFAULT_WEIGHTS, tally: Tally | None = None
) -> Context:
    counts = segment_rows(state)
    others = [counts[p] for p in range(state.players) if p != me]
    top, top_n, second = [], [], []
    for s in range(SEGMENTS):
        values = sorted((row[s] for row in others), reverse=True)
        top.append(values[0])
        top_n.append(values.count(values[0]))
        second.append(values[1] if len(values) > 1 else 0)
    # Marks worth holding: the dearest tile on display whose colour an order of mine wants.
    wanted = {
        colour
        for card, slots in state.outstanding[me]
        for colour, cubes in zip(ORDERS[card].slots, slots, strict=True)
        if not cubes
    }
    prices = [
        TILES[k].price for k in state.tile_spaces if k is not None and TILES[k].colour in wanted
    ]
    budget = max(prices) if prices else weights.budget_default
    tiles_left = bool(state.tile_deck) or any(k is not None for k in state.tile_spaces)
    cheapest: list[int | None] = [None] * len(COLOURS)
    for k in state.tile_spaces:
        if k is not None:
            c, price = TILES[k].colour, TILES[k].price
            cheapest[c] = price if cheapest[c] is None else min(price, cheapest[c])
    return Context(
        me, state.players, top, top_n, second, budget, tiles_left, cheapest, weights,
        tally=tally or Tally(),
    )  # fmt: skip


def _later_weights(ctx: Context, shift: int) -> list[float]:
    """Per segment: the weight of its scorings after the current shift's."""
    if shift not in ctx.later_weight:
        w = ctx.weights
        weights = []
        for s in range(SEGMENTS):
            later = [k for k in range(shift + 1, SHIFTS + 1) if s < SEGMENTS_AFTER_SHIFT[k - 1]]
            if s >= SEGMENTS_AFTER_SHIFT[1]:  # empty carts: scored once, after shift III
                weights.append(w.seg_carts[shift - 1] if later else 0.0)
            else:
                weights.append(w.seg_later * len(later))
        ctx.later_weight[shift] = weights
    return ctx.later_weight[shift]


# per order card and tile kind, what evaluate reads of it (plain tuples: it runs very often)
_ORDER_SLOTS = tuple(order.slots for order in ORDERS)
_ORDER_VP = tuple(order.vp for order in ORDERS)
_ORDER_TRANSPORT = tuple(order.transport for order in ORDERS)
_TILE_IS_LIGHT = tuple(tile.side == LIGHT for tile in TILES)


def evaluate(state: GameState, me: int, ctx: Context) -> float:
    """What the position is worth to player ``me``, in VP: the score so far plus the likely
    value of everything else (orders, cubes, money, shift clock, workers) minus the end-of-game
    penalties it is heading for. The final position is worth exactly its score.

    The bots' look-ahead calls this hundreds of thousands of times a decision, so it is
    written for speed: lookups hoisted, one pass over each list."""
    ctx.tally.count += 1
    if state.phase == OVER:
        return state.score[me] + 0.01 * (state.money[me] % 5)
    w = ctx.weights
    shift = state.shift
    left = state.workers[me] + WORKERS[state.players] * (SHIFTS - shift)  # my actions to come
    final = shift == SHIFTS and left == 0
    tf = min(1.0, left / w.time_full)
    value = state.score[me] + w.worker * left

    # orders, and the cubes that can fill them (matched colour by colour, readiest first)
    storage, cage = state.storage[me], state.cage[me]
    mine = [0, 0, 0, 0]
    cubes_total = 0
    carts_emptied = []  # per level: its empty carts (for the shift clock below)
    for level in state.carts[me]:
        emptied = 0
        for cube in level:
            if cube >= 0:
                mine[cube] += 1
            else:
                emptied += 1
        carts_emptied.append(emptied)
    rd_cage = w.rd_cage_up if state.cage_level[me] == 0 else w.rd_cage_down
    pools = [[storage[0], cage[0], mine[0]], [storage[1], cage[1], mine[1]],
             [storage[2], cage[2], mine[2]], [storage[3], cage[3], mine[3]]]  # fmt: skip
    pool_rd = (w.rd_storage, rd_cage, w.rd_mine)
    held = state.outstanding[me]
    ready = []  # per order: the readiness summed over its slots
    empty = []  # (priority, order index, colour) of every empty slot, nearest-done first
    for i, (card, slots) in enumerate(held):
        n = len(slots)
        filled = 0
        wanting = []
        for colour, cubes in zip(_ORDER_SLOTS[card], slots, strict=True):
            if cubes:
                filled += 1
                cubes_total += len(cubes)
            else:
                wanting.append(colour)
        ready.append(float(filled))
        if wanting:
            done, worth = -filled / n, -_ORDER_VP[card] / n
            for colour in wanting:
                empty.append((done, worth, i, colour))
    empty.sort()
    unmatched = []
    for _p, _v, i, colour in empty:
        pool = pools[colour]
        if pool[0]:
            pool[0] -= 1
            ready[i] += pool_rd[0]
        elif pool[1]:
            pool[1] -= 1
            ready[i] += pool_rd[1]
        elif pool[2]:
            pool[2] -= 1
            ready[i] += pool_rd[2]
        else:
            unmatched.append((i, colour))
    if unmatched:
        spare_ready = sum(p[0] + p[1] for p in pools)
        spare_mine = sum(p[2] for p in pools)
        hopeful = w.none_slots
        for i, colour in unmatched:
            if colour >= PAIR_MIN_SLOT and spare_ready >= 2:  # R-MINE-3: two cubes fill any
                spare_ready -= 2
                ready[i] += w.rd_pair * rd_cage
                _take_spares(pools, 2, (0, 1))
            elif colour >= PAIR_MIN_SLOT and spare_ready + spare_mine >= 2:
                spare_mine -= 2 - min(spare_ready, 2)
                spare_ready -= min(spare_ready, 2)
                ready[i] += w.rd_pair * w.rd_mine
                _take_spares(pools, 2, (0, 1, 2))
            elif hopeful:
                hopeful -= 1
                price = ctx.cheapest[colour]
                buyable = price is not None and price <= state.money[me]
                ready[i] += w.rd_buyable if buyable else w.rd_none
            else:
                ready[i] += w.rd_none_more
    if held:
        deliverable = min(1.0, float(left))
        order_time = min(1.0, left / w.time_order)
        for i, (card, slots) in enumerate(held):
            vp = _ORDER_VP[card]
            if all(slots):
                value += vp * w.complete_share * deliverable
            else:
                value += vp * w.partial_share * order_time * ready[i] / len(slots)
    spare_share, vp_per_cube = w.spare_share, w.vp_per_cube
    for c in COLOURS:
        pool = pools[c]
        value += spare_share * vp_per_cube[c] * tf * (pool[0] + pool[1] + pool[2])
    cubes_total += sum(storage) + sum(cage) + sum(mine)
    value += (cubes_total // 3) if final else cubes_total * w.end_cube  # R-END-2

    # money: its end value, and more while it can still buy tiles
    money = state.money[me]
    value += (money // 5) if final else money * w.money_end  # R-END-1
    if ctx.tiles_left:
        value += min(money, ctx.budget) * w.money_use * tf

    # end-of-game penalties, weighted by how certain they are by now
    certain = 1 - tf if shift == SHIFTS else 0.0
    w_orders, w_balance = w.undelivered[shift - 1], w.balance[shift - 1]
    value -= len(held) * (w_orders + (1 - w_orders) * certain)  # R-END-3
    tiles = state.tiles[me]
    light = sum(map(_TILE_IS_LIGHT.__getitem__, tiles))
    dark = len(tiles) - light
    value -= 2 * abs(light - dark) * (w_balance + (1 - w_balance) * certain)  # R-END-4

    # shift clock: the places my counts would earn against the opponents' (R-SHIFT)
    counts = [0] * SEGMENTS  # as scoring.segment_counts (R-SHIFT-2/3)
    for card in state.delivered[me]:
        slots = _ORDER_SLOTS[card]
        for colour in slots:
            counts[colour] += 1
        counts[4 + _ORDER_TRANSPORT[card]] += len(slots)
    for level, emptied in enumerate(carts_emptied):
        counts[8 + level] = emptied
    in_hand = sum(state.workers)
    total = WORKERS[state.players] * state.players
    w_now = w.seg_now_min + (1 - w.seg_now_min) * (1 - in_hand / total)
    now_upto = SEGMENTS_AFTER_SHIFT[shift - 1]
    later = _later_weights(ctx, shift)
    seg_top = ctx.seg_top
    for s in range(SEGMENTS):
        n = counts[s]
        if n < 1:
            continue
        weight = later[s] + (w_now if s < now_upto else 0.0)
        if not weight:
            continue
        if n >= seg_top[s]:
            value += SEGMENT_POINTS[s][0] * weight
        elif ctx.players > 2 and ctx.seg_top_n[s] == 1 and n >= ctx.seg_second[s]:
            value += SEGMENT_POINTS[s][1] * weight
    return value


def _take_spares(pools: list[list[int]], n: int, where: tuple[int, ...]) -> None:
    """Use up ``n`` spare cubes (cheapest colours first) from the given pool places."""
    for k in where:
        for c in COLOURS:
            while n and pools[c][k]:
                pools[c][k] -= 1
                n -= 1


# --- look-ahead helpers -----------------------------------------------------------------------
def _scratch(state: GameState) -> GameState:
    """A copy for look-ahead: no history or undo stack, and no hidden deck order (empty decks:
    a refilled space stays empty, so nothing the copy shows depends on the hidden order)."""
    copy = state.copy(history=False)
    copy.keep_undo = False
    copy.tile_deck = []
    copy.order_deck = []
    return copy


def _settle(state: GameState, me: int, ctx: Context) -> float:
    """Value of a look-ahead copy after resolving my pending substitute-cube choices."""
    if state.phase == CUBE and state.current == me:
        return max(_settle(_after(state, action), me, ctx) for action in state.legal_actions())
    return evaluate(state, me, ctx)


def _best_substitute(state: GameState, me: int, ctx: Context) -> tuple[float, Action]:
    options = [
        (_settle(_after(state, a), me, ctx), i, a) for i, a in enumerate(state.legal_actions())
    ]
    best = max(options, key=lambda o: (o[0], -o[1]))
    return best[0], best[2]


def _after(state: GameState, action: Action) -> GameState:
    copy = state.copy(history=False)
    copy.keep_undo = False
    copy.apply(action, check=False)
    return copy


def _mine_key(state: GameState, me: int) -> tuple[Any, ...]:
    """Everything a mining step of ``me`` can change (for the search's transposition table)."""
    return (
        state.phase, state.cage_level[me], tuple(state.cage[me]), tuple(state.storage[me]),
        tuple(map(tuple, state.carts[me])),
        tuple((card, tuple(slots)) for card, slots in state.outstanding[me]),
    )  # fmt: skip


def _plan_key(state: GameState) -> tuple[Any, ...]:
    me = state.current
    return (me, state.shift, state.workers[me], state.steps_left, *_mine_key(state, me))


def _star_expectation(values: list[float], nothing: float) -> float:
    """Expected best of a uniformly random draw of five from ``values`` (or ``nothing``)."""
    n = len(values)
    if n == 0:
        return nothing
    m = min(STAR_LOOK, n)
    ordered = sorted(values, reverse=True)
    total = comb(n, m)
    return sum(max(nothing, v) * comb(n - j - 1, m - 1) / total for j, v in enumerate(ordered))


# --- the mining planner -----------------------------------------------------------------------
@dataclass
class Plan:
    """A mining plan: its steps, the value it reaches and the position after it."""

    steps: tuple[Action, ...]
    value: float
    start: GameState
    end: GameState


class MiningPlanner:
    """Depth-first search over the steps of one mining action, for the player to act.

    Pruned: a cage move right after a cage move; a move down with one step left, to a level
    with no cube, or with a full cage; on a trip down from the surface, a move up to a level
    above (the levels of one trip are visited deepest last: the order changes nothing); a move
    up with an empty cage; single fills from storage except at the start (they can be made
    anywhere, so making them first loses nothing); dominated two-cube fills
    (:func:`~gluckauf.bots.pruning.dominated`), and of the others all but the cheapest pair of
    spare cubes for a slot no single cube can fill; stores except to make room in a full cage
    for another trip; reorderings of the steps made at one cage position (they are kept in one
    canonical order); positions already reached with as many steps left. At most
    ``node_limit`` positions are looked at, fills first.
    """

    def __init__(self, ctx: Context, node_limit: int = NODE_LIMIT) -> None:
        self.ctx = ctx
        self.node_limit = node_limit
        self.nodes = 0

    def search(self, root: GameState) -> list[Plan | None]:
        """The best plan for every number of steps used (index = steps used, 0 … steps left):
        ``best[k]`` uses exactly k steps; take the best of ``best[:k+1]`` for a budget k."""
        self.me = root.current
        self.root = root
        self.best: list[Plan | None] = [None] * (root.steps_left + 1)
        self.seen: dict[tuple[Any, ...], int] = {}
        self.nodes = 0
        self._visit(root, (), 0, None, None, True, root.cage_level[self.me] == 0)
        return self.best

    def best_within(self, steps: int) -> Plan:
        plans = [p for p in self.best[: steps + 1] if p is not None]
        return max(plans, key=lambda p: (p.value, -len(p.steps)))

    def _visit(
        self,
        node: GameState,
        path: tuple[Action, ...],
        used: int,
        last: Action | None,
        run: tuple[Any, ...] | None,
        prefix: bool,
        surfaced: bool,
    ) -> None:
        self.nodes += 1
        value = evaluate(node, self.me, self.ctx)
        best = self.best[used]
        if best is None or value > best.value:
            self.best[used] = Plan(path, value, self.root, node)
        if node.phase != MINE or self.nodes >= self.node_limit:
            return
        for action, key in self._candidates(node, last, run, prefix, surfaced):
            child = node.copy(history=False)
            child.apply(action, check=False)
            mark = _mine_key(child, self.me)
            left = child.steps_left if child.phase == MINE else 0
            if self.seen.get(mark, -1) >= left:
                continue
            self.seen[mark] = left
            steps = action.steps if type(action) is Fill else 1
            self._visit(
                child,
                (*path, action),
                used + steps,
                action,
                key,
                prefix and key is not None and key[0] == _RANK_STORAGE_FILL,
                surfaced or child.cage_level[self.me] == 0,
            )
            if self.nodes >= self.node_limit:
                return

    def _candidates(
        self,
        node: GameState,
        last: Action | None,
        run: tuple[Any, ...] | None,
        prefix: bool,
        surfaced: bool,
    ) -> list[tuple[Action, tuple[Any, ...] | None]]:
        """The steps worth trying next, each with its ordering key (None for cage moves,
        which start a new run of steps at the new position)."""
        me = self.me
        level = node.cage_level[me]
        cage, storage = node.cage[me], node.storage[me]
        in_cage = sum(cage)
        wanted = [0, 0, 0, 0]  # empty slots per colour
        for card, slots in node.outstanding[me]:
            for colour, cubes in zip(ORDERS[card].slots, slots, strict=True):
                if not cubes:
                    wanted[colour] += 1
        at_surface = level == 0
        ready = [storage[c] + (cage[c] if at_surface else 0) for c in COLOURS]
        fills: list[tuple[Action, tuple[Any, ...] | None]] = []
        moves: list[tuple[Action, tuple[Any, ...] | None]] = []
        loads: list[tuple[Action, tuple[Any, ...] | None]] = []
        stores: list[tuple[Action, tuple[Any, ...] | None]] = []
        pair: tuple[tuple[str, int], ...] | None = None  # the cheapest two spare cubes
        pairs: list[Fill] = []
        for action in node.legal_actions():
            kind = type(action)
            if kind is Fill:
                if len(action.cubes) == 2:  # R-MINE-3
                    # only the cheapest pair of spare cubes, for a slot (brown and up) that
                    # no single cube can fill; so never a dominated one (bots.pruning): a
                    # cube of the slot's colour in the pair is a ready single cube
                    if action.slot < PAIR_MIN_SLOT or ready[action.slot]:
                        continue
                    if pair is None:
                        pair = self._cheapest_pair(
                            cage if at_surface else [0, 0, 0, 0], storage, wanted
                        )
                    if action.cubes == pair:
                        pairs.append(action)
                    continue
                if action.cubes[0][0] == STORAGE:
                    if not prefix:
                        continue
                    key = (_RANK_STORAGE_FILL, action.order, action.slot, action.cubes)
                else:
                    key = (_RANK_FILL, action.order, action.slot, action.cubes)
                if run is None or key >= run:
                    fills.append((action, key))
            elif kind is Load:
                key = (_RANK_LOAD, "", action.colour, ())
                if run is None or key >= run:
                    loads.append((action, key))
            elif kind is Store:  # only to make room in a full cage for another trip down
                key = (_RANK_STORE, "", action.colour, ())
                roomy = in_cage < CAGE_CAPACITY or node.steps_left < 3
                if not roomy and (run is None or key >= run):
                    stores.append((action, key))
            elif kind is MoveCage:
                if type(last) is MoveCage:
                    continue  # two moves in a row: one move does it
                to = action.level
                if to == 0:
                    if in_cage:
                        moves.insert(0, (action, None))
                elif (
                    in_cage < CAGE_CAPACITY
                    and node.steps_left >= 2
                    and (not surfaced or level == 0 or to > level)
                    and any(c >= 0 for c in node.carts[me][to - 1])
                ):
                    # on one trip down, levels in increasing order: the order does not matter
                    moves.append((action, None))
        for action in pairs:  # after the single fills
            from_storage = all(src == STORAGE for src, _c in action.cubes)
            if from_storage and not at_surface and not prefix:
                continue
            rank = _RANK_STORAGE_FILL if from_storage and prefix else _RANK_PAIR
            key = (rank, action.order, action.slot, action.cubes)
            if run is None or key >= run:
                fills.append((action, key))
        return fills + moves[:1] + loads + moves[1:] + stores

    @staticmethod
    def _cheapest_pair(
        cage: list[int], storage: list[int], wanted: list[int]
    ) -> tuple[tuple[str, int], ...] | None:
        """The two cubes a two-cube fill should use: spare ones (no empty slot of their colour
        left for them) first, cheaper colours first, the cage before storage."""
        cubes = []
        for c in COLOURS:
            spare = max(0, cage[c] + storage[c] - wanted[c])  # the first `spare` cubes of c
            for k in range(cage[c] + storage[c]):
                source = CAGE if k < cage[c] else STORAGE
                cubes.append((k >= spare, c, source == STORAGE, (source, c)))
        if len(cubes) < 2:
            return None
        cubes.sort()
        return fill_cubes(cubes[0][3], cubes[1][3])


# --- the bot ----------------------------------------------------------------------------------
class Option(NamedTuple):
    """A placement as the bot sees it: its value, the action, and the mining plan it would
    follow (``None`` off the mining spaces)."""

    value: float
    action: Action
    plan: Plan | None


@dataclass
class _Decision:
    action: Action
    key: str
    params: dict[str, Any]


class GreedyBot:
    """Plays the action whose resulting position :func:`evaluate` likes best (see the module
    docstring); ``explain(state)`` says why in one sentence."""

    name = "greedy"

    def __init__(
        self,
        seed: int | None = None,
        *,
        weights: Weights = DEFAULT_WEIGHTS,
        node_limit: int = NODE_LIMIT,
    ) -> None:
        self.rng = random.Random(seed)
        self.weights = weights
        self.node_limit = node_limit
        self._plan: list[tuple[tuple[Any, ...], Action]] = []  # (state key, step) to play
        self._plan_reason: tuple[str, dict[str, Any]] | None = None
        self._last: tuple[GameState, _Decision] | None = None
        self.nodes = 0  # positions the mining planner looked at in the last decision
        self.tally = Tally()  # positions valued so far, all decisions (the work done)

    def __repr__(self) -> str:
        return "GreedyBot()"

    # --- the protocol ---------------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        """One of ``state.legal_actions()``; the state is not changed."""
        if state.is_over:
            raise ValueError("the game is over: there is nothing to choose")
        decision = self._decide(state)
        self._last = (state.copy(history=False), decision)
        return decision.action

    def explain(self, state: GameState) -> str:
        """One plain sentence: why the bot plays what it plays in ``state``."""
        if self._last is not None and self._last[0] == state:
            decision = self._last[1]
        else:  # think it through without disturbing the bot's own course of play
            saved = self.rng.getstate(), list(self._plan), self._plan_reason
            decision = self._decide(state)
            self.rng.setstate(saved[0])
            self._plan, self._plan_reason = saved[1], saved[2]
        return _say(decision, state)

    # --- deciding -------------------------------------------------------------------------
    def _decide(self, state: GameState) -> _Decision:
        self.nodes = 0
        phase = state.phase
        if phase == MINE:
            return self._mining_step(state)
        ctx = make_context(state, state.current, self.weights, self.tally)
        if phase == DRAFT:
            return self._draft(state, ctx)
        if phase == CHOOSE:
            return self._choose_shown(state, ctx)
        if phase == CUBE:
            _value, action = _best_substitute(_scratch(state), state.current, ctx)
            return _Decision(action, "cube", {})
        return self._place(state, ctx)

    def _pick(self, scored: list[tuple[float, Action]]) -> tuple[float, Action]:
        """The best-valued option; exact ties broken by the bot's seeded RNG."""
        jittered = [(value + JITTER * self.rng.random(), i) for i, (value, _a) in enumerate(scored)]
        _v, best = max(jittered)
        return scored[best]

    # placement
    def rank(self, state: GameState) -> list[Option]:
        """Every legal placement of the player to act with the value the bot gives it (and
        the mining plan it would follow), in ``legal_actions()`` order. A search built on
        this bot (the MCTS bot) uses these values as its priors."""
        return self._rank(state, make_context(state, state.current, self.weights, self.tally))

    def adopt(self, option: Option) -> None:
        """Play ``option``'s mining plan in the steps that follow (as after choosing it)."""
        if option.plan is not None:
            self._store_plan(option.plan)

    def _rank(self, state: GameState, ctx: Context) -> list[Option]:
        me = state.current
        legal = state.legal_actions()
        mining = [a for a in legal if SPACE_BY_CODE[a.space].area == AREA_MINING]  # type: ignore[union-attr]
        plans: dict[Action, Plan] = {}
        if mining:
            plans = self._plan_mining_spaces(state, ctx, mining)
        options = []
        base = _scratch(state)  # one look-ahead copy; _after copies it again for each action
        for action in legal:
            space = SPACE_BY_CODE[action.space]  # type: ignore[union-attr]
            plan = plans.get(action)
            if plan is not None:
                value = plan.value
            elif space.code == "F*":
                value = self._star_value(state, ctx, "tile")
            elif space.code == "O*":
                value = self._star_value(state, ctx, "order")
            else:
                value = _settle(_after(base, action), me, ctx)
            options.append(Option(value, action, plan))
        return options

    def _place(self, state: GameState, ctx: Context) -> _Decision:
        options = self._rank(state, ctx)
        plans = {o.action: o.plan for o in options if o.plan is not None}
        _value, action = self._pick([(o.value, o.action) for o in options])
        if action in plans:
            plan = plans[action]
            self._store_plan(plan)
            key, params = _plan_summary(plan, "mine")
            return _Decision(action, key, params)
        return self._place_reason(state, ctx, action)

    def _plan_mining_spaces(
        self, state: GameState, ctx: Context, mining: list[Action]
    ) -> dict[Action, Plan]:
        """One search from the biggest mining space serves all of them: a smaller space takes
        the best plan that fits its steps, valued with the workers it needs instead."""
        me = state.current
        biggest = max(mining, key=lambda a: SPACE_BY_CODE[a.space].value)  # type: ignore[union-attr]
        root = _after(_scratch(state), biggest)
        planner = MiningPlanner(ctx, self.node_limit)
        planner.search(root)
        self.nodes += planner.nodes
        need_big = workers_needed(state, SPACE_BY_CODE[biggest.space])  # type: ignore[union-attr]
        plans = {}
        for action in mining:
            space = SPACE_BY_CODE[action.space]  # type: ignore[union-attr]
            plan = planner.best_within(space.value)
            if action != biggest:
                saved = [(plan.end, plan.end.workers[me])]
                extra = need_big - workers_needed(state, space)
                if plan.end.phase != OVER:
                    plan.end.workers[me] += extra
                    value = evaluate(plan.end, me, ctx)
                    plan.end.workers[me] = saved[0][1]
                else:
                    value = plan.value
                start = _after(_scratch(state), action)
                plan = Plan(plan.steps, value, start, plan.end)
            plans[action] = plan
        return plans

    def _star_value(self, state: GameState, ctx: Context, kind: str) -> float:
        """Expected value of F★/O★ from the deck's public contents (never its order).

        The space is taken once, on a copy with one item shown; each item is then valued on a
        copy of that with the item shown instead (the placement does the same either way)."""
        me = state.current
        deck = sorted(state.tile_deck if kind == "tile" else state.order_deck)
        if not deck:
            return float("-inf")
        is_tile = kind == "tile"
        shown = _scratch(state)
        if is_tile:
            shown.tile_deck = [deck[0]]
        else:
            shown.order_deck = [deck[0]]
        shown.apply(PLACE["F*" if is_tile else "O*"], check=False)
        skip = shown.copy(history=False)
        first = TILES[deck[0]].code if is_tile else ORDERS[deck[0]].code
        skip.apply(Choose(None, (first,), "bottom"), check=False)
        nothing = evaluate(skip, me, ctx)
        money = shown.money[me]
        by_item: dict[int, float] = {}
        for item in sorted(set(deck)):
            if is_tile and TILES[item].price > money:
                by_item[item] = nothing
                continue
            copy = shown.copy(history=False)
            copy.choice = [item]
            copy.apply(Choose(TILES[item].code if is_tile else ORDERS[item].code, ()), check=False)
            by_item[item] = _settle(copy, me, ctx)
        return _star_expectation([by_item[item] for item in deck], nothing)

    def _place_reason(self, state: GameState, ctx: Context, action: Action) -> _Decision:
        me = state.current
        space = SPACE_BY_CODE[action.space]  # type: ignore[union-attr]
        area = space.area
        if area == AREA_DELIVERY:
            done = [
                ORDERS[card]
                for card, slots in state.outstanding[me]
                if ORDERS[card].transport == space.value and all(slots)
            ]
            return _Decision(
                action,
                "deliver",
                {"orders": tuple(o.code for o in done), "vp": sum(o.vp for o in done)},
            )
        if area == AREA_MONEY:
            return _Decision(action, "money", {})
        if area == AREA_BANK:
            return _Decision(action, _bank_reason(state, me), {})
        if area == AREA_TUNNEL and space.value < 0:
            return _Decision(action, "fstar", {})
        if area == AREA_ORDERS and space.value < 0:
            servable = any(_order_is_served(state, me, ORDERS[card]) for card in state.order_deck)
            return _Decision(action, "ostar" if servable else "ostar.tile", {})
        if area == AREA_TUNNEL:
            tile = TILES[state.tile_spaces[space.value]]  # type: ignore[index]
            return _Decision(action, _tile_reason(state, me, tile), {})
        card = state.order_spaces[space.value]
        order = ORDERS[card]  # type: ignore[index]
        key = "order.ready" if _order_is_served(state, me, order) else "order.vp"
        return _Decision(action, key, {"vp": order.vp})

    # mining
    def _store_plan(self, plan: Plan) -> None:
        """Remember a plan as (state key before the step, step) pairs, checked as played."""
        node = plan.start.copy(history=False)
        node.keep_undo = False
        steps = []
        for action in plan.steps:
            steps.append((_plan_key(node), action))
            node.apply(action, check=False)
        if node.phase == MINE:
            steps.append((_plan_key(node), STOP))
        self._plan = steps
        self._plan_reason = _plan_summary(plan, "step")

    def _mining_step(self, state: GameState) -> _Decision:
        if not (
            self._plan and self._plan[0][0] == _plan_key(state) and state.is_legal(self._plan[0][1])
        ):
            ctx = make_context(state, state.current, self.weights, self.tally)
            planner = MiningPlanner(ctx, self.node_limit)
            planner.search(_scratch(state))
            self.nodes += planner.nodes
            plan = planner.best_within(state.steps_left)
            self._store_plan(plan)
        _key, action = self._plan.pop(0)
        reason_key, params = self._plan_reason  # type: ignore[misc]
        if action == STOP:
            reason_key, params = "step.stop", {}
        return _Decision(action, reason_key, dict(params))

    # F★ / O★ once shown, the draft
    def _choose_shown(self, state: GameState, ctx: Context) -> _Decision:
        me = state.current
        kind = state.choice_kind
        table = TILES if kind == "tile" else ORDERS
        codes = [table[i].code for i in state.choice]
        base = _scratch(state)
        values: dict[str | None, float] = {}
        for take in [None, *dict.fromkeys(codes)]:
            rest = list(codes)
            if take is not None:
                rest.remove(take)
            action = Choose(take, tuple(rest), "bottom")
            if action not in state.legal_actions():
                continue  # a tile the player cannot pay for
            values[take] = _settle(_after(base, action), me, ctx)
        _value, take = self._pick([(v, t) for t, v in values.items()])  # type: ignore[misc]
        rest = list(codes)
        if take is not None:
            rest.remove(take)
        nothing = values[None]
        rest.sort(key=lambda code: -values.get(code, nothing))  # best first, nearest the top
        workers_after = state.workers[me]
        come_back = workers_after >= 2 and any(values.get(c, nothing) > nothing + 1.0 for c in rest)
        where = "top" if come_back else "bottom"
        action = Choose(take, tuple(rest), where)
        return _Decision(
            action, "choose.take" if take else "choose.none", {"where": say(f"where.{where}")}
        )

    def _draft(self, state: GameState, ctx: Context) -> _Decision:
        me = state.current
        base = _scratch(state)
        scored = [
            (_settle(_after(base, action), me, ctx), action) for action in state.legal_actions()
        ]
        _value, action = self._pick(scored)
        order = ORDER_BY_CODE[action.order]  # type: ignore[union-attr]
        key = "draft.ready" if _order_is_served(state, me, order) else "draft.vp"
        return _Decision(action, key, {})


# --- reasons ----------------------------------------------------------------------------------
def _plan_summary(plan: Plan, prefix: str) -> tuple[str, dict[str, Any]]:
    """The headline of a mining plan: orders it completes, else cubes it puts on orders, else
    cubes it loads, else carts it empties."""
    me = plan.start.current
    before = {card: all(slots) for card, slots in plan.start.outstanding[me]}
    completed = [
        ORDERS[card]
        for card, slots in plan.end.outstanding[me]
        if all(slots) and not before.get(card, True)
    ]
    fills = sum(len(a.cubes) for a in plan.steps if type(a) is Fill)
    loads = sum(1 for a in plan.steps if type(a) is Load)
    if completed:
        return f"{prefix}.complete", {
            "orders": tuple(o.code for o in completed),
            "vp": sum(o.vp for o in completed),
        }
    if fills:
        return f"{prefix}.fill", {"cubes": _count(fills, "cubes")}
    if loads and sum(plan.end.cage[me]) + sum(plan.end.storage[me]):
        return f"{prefix}.load", {"cubes": _count(loads, "cubes")}
    if loads:
        return f"{prefix}.carts", {"carts": _count(loads, "carts")}
    return f"{prefix}.idle", {}


def _order_is_served(state: GameState, me: int, order: Any) -> bool:
    """Whether the player's cubes (mine, cage, storage) could fill every slot of the order."""
    have = [state.cubes_in_mine(me)[c] + state.cage[me][c] + state.storage[me][c] for c in COLOURS]
    need = Counter(order.slots)
    return all(have[c] >= n for c, n in need.items())


def _bank_reason(state: GameState, me: int) -> str:
    """Why the bank building, when orders are still open: the bot either cannot finish them
    (R-END-3 will cost 1 VP each) or waits for a space to come free (R-TURN-2)."""
    held = state.outstanding[me]
    if all(all(slots) for _card, slots in held):
        return "bank"
    after = _after(_scratch(state), PLACE["BANK"])
    if any(order_can_finish(after, me, card, slots) for card, slots in held):
        return "bank.wait"
    return "bank.stuck"


def _tile_reason(state: GameState, me: int, tile: Any) -> str:
    wanted = Counter(
        colour
        for card, slots in state.outstanding[me]
        for colour, cubes in zip(ORDERS[card].slots, slots, strict=True)
        if not cubes
    )
    have = [state.cubes_in_mine(me)[c] + state.cage[me][c] + state.storage[me][c] for c in COLOURS]
    if wanted[tile.colour] > have[tile.colour]:
        return "tile.orders"
    light = sum(1 for kind in state.tiles[me] if TILES[kind].side == LIGHT)
    dark = len(state.tiles[me]) - light
    if (tile.side == LIGHT and dark > light) or (tile.side != LIGHT and light > dark):
        return "tile.balance"
    return "tile.carts"


__all__ = [
    "TEXT",
    "Context",
    "GreedyBot",
    "MiningPlanner",
    "Plan",
    "Tally",
    "evaluate",
    "make_context",
]
