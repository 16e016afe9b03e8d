"""MCTSBot: Monte Carlo tree search over the engine, seeded, within an iteration or time budget.

**What is searched.** The tree holds the bot's own *placements* (phase ``place``); the other
players answer the way a :class:`~gluckauf.bots.greedy.GreedyBot` would (the model of the
opponents). One edge of the tree is one turn: the placement, the decisions it leads to for
the same player — mining steps (the plan the GreedyBot's
:class:`~gluckauf.bots.greedy.MiningPlanner` found when it valued the placement), an F★/O★
choice, substitute cubes — and then everybody else's turns until the bot places again. So a
mining turn of many small steps is one decision, and every node is a position in which the
bot is about to place.

**One iteration** (determinized UCT, cf. Cowling, Powley and Whitehouse 2012, "Information
Set Monte Carlo Tree Search"):

1. *Determinize*: the tile and order decks' **contents** are public (the tiles and orders not
   seen on the board yet), their **order** is hidden. The search starts from
   :func:`public_view` (both decks sorted: the real order is gone) and samples ``WORLDS``
   possible orders with the bot's seeded RNG; iteration ``i`` plays in world ``i mod WORLDS``.
2. *Select*: from the root, follow the edge with the best PUCT score among the edges legal in
   this world, and play its turn, down to the first edge without a node below it. Below the
   root the exploration is a fifth (``deep_exploration``): deeper nodes mostly follow their
   best line, so what a root edge is worth is not dragged down by weak later moves tried.
3. *Expand*: a node for the position reached; a GreedyBot values every placement there, and
   those values become the edges' priors (softmax with ``temperature``) and first estimates.
4. *Evaluate*: the position — the bot about to place again, or the end of the game — is
   valued by :func:`margins`: the bot's :func:`~gluckauf.bots.greedy.evaluate` minus the best
   other player's (the final scores at the end). Every edge on the path adds that margin.

Every leaf is valued at the same point of the turn order (the bot to place), so margins from
different lines compare fairly. The bot plays the root edge visited most; with the values of
the GreedyBot as priors, a search that finds nothing better plays what the GreedyBot plays.

**Reproducible by default; a time budget when someone waits.** By default a decision runs
``iterations`` iterations and nothing else stops it, so it depends only on the seed and the
position: tournaments, tests and experiments repeat on any machine. A time budget is optional:
``seconds=`` for every decision, or :meth:`MCTSBot.choose_within` for one decision (the board
gives one, so that a learner never waits long for a bot's move; ``widgets/botturns.py``). A
budgeted search uses its time: it stops when the time is up, or at ``clock_iterations``
(``CLOCK_ITERATIONS``, far more than ``iterations``) in a position so light that even those end
sooner. So its play also depends on the machine's speed (``benchmarks/mcts_vs_greedy.py
--seconds 0.7`` plays the board's budget; ``benchmarks/bot_latency.py`` measures the wait at
the board).
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any

from ..core.state import CHOOSE, CUBE, MINE, PLACE
from .greedy import GreedyBot, Option, evaluate, make_context

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..core.actions import Action
    from ..core.state import GameState

DEFAULT_ITERATIONS = 60  # iterations per decision with no clock (about 1.1 s on the reference
# machine: with the board's 0.7 s the clock stops most of them)
CLOCK_ITERATIONS = 400  # at most, in a search with a time budget: the clock is the budget. At the
# board's 0.7 s against two greedy bots (3 players, seats rotated, 120 games per seed): 64.2% won
# with seed 11 and 59.6% with seed 12 (61.9% of 240), where a budgeted search also stopped at
# DEFAULT_ITERATIONS won 53.3% and 55.8% on the same seeds (54.6%): that cap ended a quarter of
# the searches early, in light positions (benchmarks/mcts_vs_greedy.py --seconds 0.7)
WORLDS = 4  # determinizations per search, taken in turn: a world seen again finds the
# opponents' answers already computed (most positions repeat), so iterations cost less
EXPLORATION = 6.0  # PUCT constant, in VP: how far a likely edge is tried beyond its value
DEEP_EXPLORATION = 0.2  # below the root, this share of it: deeper nodes follow their best
# line, so a root edge's mean is not dragged down by exploring weak later moves (against two
# GreedyBots, 90 games, same seeds: 70% won, where the full constant everywhere won 51%)
TEMPERATURE = 4.0  # VP: priors are softmax(greedy value / temperature)
ROLLOUT_ROUNDS = 0  # rounds of greedy play from a new leaf before it is valued
SEARCH_NODE_LIMIT = 300  # mining-planner positions per valuation inside the search
FOLLOW_UP = (MINE, CHOOSE, CUBE)  # phases in which a placement's own player decides more


def _check_budget(seconds: float | None) -> None:
    if seconds is not None and not seconds > 0:
        raise ValueError(f"seconds must be positive (or None for no limit), not {seconds}")


def public_view(state: GameState) -> GameState:
    """What every player at the table knows: ``state`` with both decks in sorted order.

    The contents of the decks are public (every tile and order not seen on the board yet);
    their order is not. Everything the bot computes starts from this view."""
    view = state.copy(history=False)
    view.keep_undo = False
    view.tile_deck = sorted(view.tile_deck)
    view.order_deck = sorted(view.order_deck)
    return view


def determinize(view: GameState, rng: random.Random) -> GameState:
    """One possible world: ``view`` with its decks shuffled by ``rng``."""
    world = view.copy(history=False)
    world.keep_undo = False
    rng.shuffle(world.tile_deck)
    rng.shuffle(world.order_deck)
    return world


def values(state: GameState) -> list[float]:
    """Per player: their value (:func:`evaluate`, the score once the game is over), in VP."""
    return [evaluate(state, p, make_context(state, p)) for p in range(state.players)]


def margins(state: GameState) -> list[float]:
    """Per player: their value minus the best value among the other players, in VP."""
    result = []
    values_now = values(state)
    for p, value in enumerate(values_now):
        best_other = max(v for q, v in enumerate(values_now) if q != p)
        result.append(value - best_other)
    return result


def position_key(state: GameState) -> tuple[Any, ...]:
    """Everything public about a position, hashable: two positions with the same key have the
    same legal actions and the same GreedyBot values (the decks count by their sorted
    contents, the only part of them a player knows)."""
    return (
        state.phase, state.current, state.start_player, state.shift, state.steps_left,
        state.choice_kind, tuple(state.choice), tuple(state.pending_carts),
        tuple(state.tile_spaces), tuple(state.order_spaces), tuple(state.space_owner),
        tuple(state.space_count), tuple(state.bank_workers), tuple(state.canteen),
        tuple(state.supply), tuple(state.money), tuple(state.workers), tuple(state.score),
        tuple(state.cage_level), tuple(map(tuple, state.cage)), tuple(map(tuple, state.storage)),
        tuple(map(tuple, state.tiles)), tuple(map(tuple, state.delivered)),
        tuple(tuple(map(tuple, levels)) for levels in state.carts),
        tuple(tuple((card, tuple(slots)) for card, slots in held) for held in state.outstanding),
        tuple(sorted(state.tile_deck)), tuple(sorted(state.order_deck)),
    )  # fmt: skip


class Opponents:
    """The model of play inside the search: a GreedyBot, its valuations cached by position
    (the same position comes up in many iterations)."""

    def __init__(self, seed: int, node_limit: int) -> None:
        self.bot = GreedyBot(seed, node_limit=node_limit)
        self.ranks: dict[tuple[Any, ...], list[Option]] = {}

    def rank(self, world: GameState) -> list[Option]:
        """The GreedyBot's value of every placement in ``world`` (phase ``place``)."""
        key = position_key(world)
        options = self.ranks.get(key)
        if options is None:
            options = self.ranks[key] = self.bot.rank(world)
        return options

    def play(self, world: GameState, option: Option) -> None:
        """Play a placement and the same player's decisions that follow it."""
        player = world.current
        self.bot.adopt(option)
        world.apply(option.action, check=False)
        while world.phase in FOLLOW_UP and world.current == player:
            world.apply(self.bot.choose(world), check=False)

    def play_until(self, world: GameState, me: int) -> None:
        """Everybody plays the GreedyBot's way until ``me`` is about to place, or the end."""
        while not world.is_over and not (world.phase == PLACE and world.current == me):
            if world.phase == PLACE:
                options = self.rank(world)
                self.play(world, max(options, key=lambda o: o.value))
            else:
                world.apply(self.bot.choose(world), check=False)


class Edge:
    """One of my placements from a node, with the greedy option it came with and the
    statistics of the iterations through it."""

    __slots__ = ("child", "option", "prior", "prior_margin", "total", "visits")

    def __init__(self, option: Option, prior: float, prior_margin: float) -> None:
        self.option = option
        self.prior = prior  # share of the softmax of the greedy values at the node
        self.prior_margin = prior_margin  # the greedy value minus the best opponent's value
        self.visits = 0
        self.total = 0.0  # sum of my margins over the visits
        self.child: Node | None = None

    @property
    def action(self) -> Action:
        return self.option.action

    def mean(self) -> float:
        return self.total / self.visits


class Node:
    """A position in which I place a worker, with an edge per legal placement."""

    __slots__ = ("edges", "visits")

    def __init__(self, edges: list[Edge]) -> None:
        self.edges = edges
        self.visits = 0


class MCTSBot:
    """Monte Carlo tree search with determinization (see the module docstring)."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        deep_exploration: float = DEEP_EXPLORATION,
        temperature: float = TEMPERATURE,
        node_limit: int = SEARCH_NODE_LIMIT,
        rollout_rounds: int = ROLLOUT_ROUNDS,
        work: int | None = None,
        clock_iterations: int | None = CLOCK_ITERATIONS,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if clock_iterations is not None and clock_iterations < 1:
            raise ValueError(f"clock_iterations must be at least 1, not {clock_iterations}")
        if work is not None and work < 1:
            raise ValueError(f"work must be at least 1 (or None for no limit), not {work}")
        _check_budget(seconds)
        self.work = work
        self.rng = random.Random(seed)
        self.iterations = iterations
        # the iterations a search with a time budget may run (None: as many as without one)
        self.clock_iterations = max(iterations, clock_iterations or iterations)
        self.seconds = seconds
        self.exploration = exploration
        self.deep_exploration = deep_exploration
        self.temperature = temperature
        self.node_limit = node_limit
        self.rollout_rounds = rollout_rounds
        # plays the phases the search does not: the draft, and the steps after a placement
        self.helper = GreedyBot(self.rng.getrandbits(32))
        self.last_iterations = 0  # iterations of the last search
        self.last_work = 0  # positions it valued
        self.last_seconds = 0.0  # and how long it took
        self.last_root: Node | None = None

    def __repr__(self) -> str:
        return f"MCTSBot(iterations={self.iterations}, seconds={self.seconds})"

    # --- the protocol ---------------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        """One of ``state.legal_actions()``; the state is not changed."""
        return self._choose(state, self.seconds)

    def choose_within(self, state: GameState, seconds: float) -> Action:
        """As :meth:`choose`, but this decision searches for about ``seconds`` (or the bot's
        own ``seconds``, if shorter): for a player waiting at the board. The clock is its
        budget, up to ``clock_iterations`` iterations."""
        _check_budget(seconds)
        return self._choose(state, seconds if self.seconds is None else min(seconds, self.seconds))

    def _choose(self, state: GameState, seconds: float | None) -> Action:
        if state.is_over:
            raise ValueError("the game is over: there is nothing to choose")
        if state.phase != PLACE or len(state.legal_actions()) == 1:
            self.last_root = None
            return self.helper.choose(state)
        root = self._search(state, seconds)
        best = max(root.edges, key=lambda e: (e.visits, e.mean() if e.visits else -math.inf))
        self.helper.adopt(best.option)  # its mining plan, if it is a mining space
        return best.action

    # --- the search -----------------------------------------------------------------------
    def search(self, state: GameState) -> Node:
        """Run the iterations from ``state`` (phase ``place``) and return the root node."""
        return self._search(state, self.seconds)

    def _search(self, state: GameState, seconds: float | None) -> Node:
        me = state.current
        view = public_view(state)
        model = Opponents(self.rng.getrandbits(32), self.node_limit)
        started = time.perf_counter()
        valued = self._valued(model)  # the work so far (the root's ranking counts too)
        limit = self.iteration_limit(seconds)
        worlds = [determinize(view, self.rng) for _ in range(min(WORLDS, limit))]
        # the root's own options at full strength (its mining plans are the ones played)
        root = self._expand(worlds[0].copy(history=False), model, self.helper.rank)
        done = 0
        while done < limit:
            elapsed = time.perf_counter() - started
            if seconds is not None and done and elapsed + 2 * elapsed / done > seconds:
                break  # the next iteration might end after the time budget: stop in time
            spent = self._valued(model) - valued
            if self.work is not None and done and spent + spent / done > self.work:
                break  # the next iteration would likely go beyond the work budget
            world = worlds[done % len(worlds)].copy(history=False)
            world.keep_undo = False
            self._iterate(root, world, model, me)
            done += 1
        self.last_iterations = done
        self.last_work = self._valued(model) - valued
        self.last_seconds = time.perf_counter() - started
        self.last_root = root
        return root

    def iteration_limit(self, seconds: float | None) -> int:
        """The iterations a search runs at most: its ``iterations`` without a time budget,
        ``clock_iterations`` with one (the clock then stops it, mostly sooner)."""
        return self.iterations if seconds is None else self.clock_iterations

    def _valued(self, model: Opponents) -> int:
        """Positions valued so far by the search's model and this bot's own GreedyBot."""
        return model.bot.tally.count + self.helper.tally.count

    def _iterate(self, root: Node, world: GameState, model: Opponents, me: int) -> None:
        node, path = root, []
        while True:
            edge = self._select(node, world, node is root)
            if edge is None:  # none of the known turns is legal in this world: value it here
                break
            path.append((node, edge))
            model.play(world, edge.option)
            model.play_until(world, me)
            if world.is_over:
                break
            if edge.child is None:
                edge.child = self._expand(world, model)
                for _round in range(self.rollout_rounds):  # my greedy turn, their answers
                    if world.is_over:
                        break
                    model.play(world, max(model.rank(world), key=lambda o: o.value))
                    model.play_until(world, me)
                break
            node = edge.child
        value = margins(world)[me]
        for node, edge in path:
            node.visits += 1
            edge.visits += 1
            edge.total += value

    def _expand(
        self,
        world: GameState,
        model: Opponents,
        rank: Callable[[GameState], list[Option]] | None = None,
    ) -> Node:
        """A node for ``world``: the GreedyBot values every placement; the values become
        priors, and (less the best opponent's value) first estimates of my margin."""
        me = world.current
        options = (rank or model.rank)(world)
        best_other = max(v for p, v in enumerate(values(world)) if p != me)
        top = max(o.value for o in options)
        weights = [math.exp((o.value - top) / self.temperature) for o in options]
        total = sum(weights)
        return Node(
            [
                Edge(o, w / total, o.value - best_other)
                for o, w in zip(options, weights, strict=True)
            ]
        )

    def _select(self, node: Node, world: GameState, at_root: bool) -> Edge | None:
        """PUCT among the edges legal in ``world``. An unvisited edge is worth its greedy
        margin, lowered by how much the search has lowered the visited edges' margins."""
        legal = set(world.legal_actions())
        edges = [e for e in node.edges if e.action in legal]
        if not edges:
            return None
        visited = [e for e in edges if e.visits]
        drop = sum(e.prior_margin - e.mean() for e in visited) / len(visited) if visited else 0.0
        share = 1.0 if at_root else self.deep_exploration
        scale = share * self.exploration * math.sqrt(node.visits + 1)
        return max(
            edges,
            key=lambda e: (
                (e.mean() if e.visits else e.prior_margin - drop) + scale * e.prior / (1 + e.visits)
            ),
        )
