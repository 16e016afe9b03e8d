"""MCTSBot: its worlds come from public information only, every choice is legal and leaves the
state alone, a seed and an iteration budget fix its play, the search keeps its books, and it
beats RandomBots (a small statistical check; benchmarks/mcts_vs_greedy.py gives the figures
for the issue)."""

from __future__ import annotations

import random

import pytest

from gluckauf import RandomBot, new_game
from gluckauf.bots import Bot, BudgetedBot, greedy, mcts
from gluckauf.bots.greedy import GreedyBot
from gluckauf.bots.hint import HintBot
from gluckauf.bots.lesson import LessonBot
from gluckauf.bots.mcts import MCTSBot, determinize, margins, position_key, public_view
from gluckauf.bots.registry import make_bot
from gluckauf.core.state import PLACE

# small and reproducible (no clock in the loop; under one, no more iterations either)
FAST = {"iterations": 6, "seconds": None, "clock_iterations": None}


def placement_states(seed: int, players: int = 3, every: int = 5) -> list:
    """Placement decisions from a game of GreedyBots, every ``every``-th one."""
    state = new_game(players, seed)
    bots = [GreedyBot(seed + p) for p in range(players)]
    states, placements = [], 0
    while not state.is_over:
        if state.phase == PLACE:
            if placements % every == 0:
                states.append(state.copy())
            placements += 1
        state.apply(bots[state.current].choose(state))
    return states


def with_decks_permuted(state, rng: random.Random):
    """The same position, its hidden deck order shuffled (something no player knows)."""
    other = state.copy()
    rng.shuffle(other.tile_deck)
    rng.shuffle(other.order_deck)
    return other


def test_mcts_bot_follows_the_bot_protocol_and_is_registered() -> None:
    bot = MCTSBot(1)
    assert isinstance(bot, Bot) and bot.name == "mcts"
    assert isinstance(make_bot("mcts", 3), MCTSBot)


@pytest.mark.parametrize(
    "kwargs", [{"iterations": 0}, {"seconds": 0}, {"seconds": -1.0}, {"work": 0}]
)
def test_a_budget_of_nothing_is_refused(kwargs) -> None:
    with pytest.raises(ValueError, match=r"iterations|seconds|work"):
        MCTSBot(1, **kwargs)


# (1) hidden information ------------------------------------------------------------------------
def test_the_worlds_searched_come_from_public_information_only() -> None:
    rng = random.Random(5)
    for state in placement_states(21, every=9):
        twin = with_decks_permuted(state, rng)
        if twin.tile_deck == state.tile_deck and twin.order_deck == state.order_deck:
            continue
        # the view the search starts from knows the decks' contents, not their order ...
        assert position_key(public_view(state)) == position_key(public_view(twin))
        assert public_view(state).tile_deck == sorted(state.tile_deck)
        # ... so every world it samples is the same, whatever the real order is
        for k in range(3):
            a = determinize(public_view(state), random.Random(k))
            b = determinize(public_view(twin), random.Random(k))
            assert a.tile_deck == b.tile_deck and a.order_deck == b.order_deck


def test_a_different_sample_is_a_different_world() -> None:
    """The determinizations really vary (so the check above is not vacuous)."""
    state = new_game(3, seed=4)
    decks = {tuple(determinize(public_view(state), random.Random(k)).tile_deck) for k in range(5)}
    assert len(decks) == 5


@pytest.mark.parametrize("seed", [31, 32])
def test_the_choice_does_not_depend_on_the_hidden_deck_order(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for state in placement_states(seed, players=3 if seed % 2 else 4, every=7):
        twin = with_decks_permuted(state, rng)
        if twin.tile_deck == state.tile_deck and twin.order_deck == state.order_deck:
            continue
        assert MCTSBot(7, **FAST).choose(state) == MCTSBot(7, **FAST).choose(twin), (
            f"the hidden deck order changed the choice in\n{state}"
        )
        checked += 1
    assert checked >= 4


# (2) legal, harmless, reproducible -------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_of_legal_choices_that_leave_the_state_alone(players: int) -> None:
    state = new_game(players, seed=40 + players)
    bots = [MCTSBot(players, iterations=3, seconds=None)] + [
        RandomBot(p) for p in range(1, players)
    ]
    searched = 0
    while not state.is_over:
        bot = bots[state.current]
        before = state.copy()
        action = bot.choose(state)
        assert state == before, "choose() changed the state"
        assert state.is_legal(action), f"{bot.name} chose an illegal {action}"
        searched += bot is bots[0] and bot.last_root is not None
        state.apply(action)
    assert searched >= 10  # the search really ran, not only its greedy helper


def test_rollouts_after_a_leaf_keep_the_choices_legal() -> None:
    for state in placement_states(71, every=17):
        bot = MCTSBot(4, iterations=4, seconds=None, rollout_rounds=1)
        assert state.is_legal(bot.choose(state))
        assert bot.last_iterations == 4


def test_a_seed_and_an_iteration_budget_fix_the_play() -> None:
    for state in placement_states(51, every=11):
        choices = {MCTSBot(3, **FAST).choose(state) for _ in range(2)}
        assert len(choices) == 1


# (3) the search's books ------------------------------------------------------------------------
def test_every_iteration_is_counted_once_at_the_root() -> None:
    state = placement_states(61, every=13)[2]
    bot = MCTSBot(2, iterations=12, seconds=None)
    chosen = bot.choose(state)
    root = bot.last_root
    assert bot.last_iterations == 12 and root is not None
    assert root.visits == 12 == sum(edge.visits for edge in root.edges)
    assert {edge.action for edge in root.edges} == set(state.legal_actions())
    assert abs(sum(edge.prior for edge in root.edges) - 1.0) < 1e-9
    most = max(edge.visits for edge in root.edges)
    assert chosen in {edge.action for edge in root.edges if edge.visits == most}


def test_the_time_budget_stops_the_search() -> None:
    state = placement_states(62, every=13)[1]
    bot = MCTSBot(2, iterations=10_000, seconds=0.05)
    bot.choose(state)
    assert 1 <= bot.last_iterations < 10_000


def test_by_default_only_the_iterations_stop_the_search() -> None:
    """Seeded play repeats on any machine (tournaments): no clock decides by default."""
    bot = make_bot("mcts", 5)
    assert isinstance(bot, BudgetedBot) and bot.seconds is None
    state = placement_states(64, every=13)[1]
    bot.choose(state)
    assert bot.last_iterations == bot.iterations


def test_a_budget_for_one_decision_stops_that_search_only() -> None:
    state = placement_states(65, every=13)[1]
    bot = MCTSBot(2, iterations=10_000, seconds=None)
    assert state.is_legal(bot.choose_within(state, 0.05))
    assert 1 <= bot.last_iterations < 10_000 and bot.last_seconds < 5
    assert bot.seconds is None  # the next decision has no clock again


def test_with_a_clock_the_search_uses_its_time_not_its_iterations() -> None:
    """At the board the clock is the budget: a light position is searched beyond the
    iterations of a search without a clock, up to ``clock_iterations``."""
    state = placement_states(65, every=13)[1]
    bot = MCTSBot(2, iterations=3, clock_iterations=7)
    bot.choose_within(state, 600.0)
    assert bot.last_iterations == 7
    bot.choose(state)
    assert bot.last_iterations == 3  # no clock: exactly its iterations, as tournaments play
    assert MCTSBot(2, iterations=3).clock_iterations == mcts.CLOCK_ITERATIONS
    assert MCTSBot(2, iterations=500).clock_iterations == 500  # never fewer than without
    assert MCTSBot(2, iterations=3, clock_iterations=None).clock_iterations == 3
    with pytest.raises(ValueError, match="clock_iterations must be at least 1"):
        MCTSBot(2, clock_iterations=0)


def test_the_hint_and_the_lesson_bot_search_as_far_under_a_clock() -> None:
    """Their budgets are their own (the Hint's work, the lesson's iterations): a clock only
    stops them sooner, so the board hints what the bot would."""
    assert HintBot(1).clock_iterations == HintBot(1).iterations
    assert LessonBot(1).clock_iterations == LessonBot(1).iterations


def test_the_tally_counts_every_position_the_greedy_bot_values(monkeypatch) -> None:
    """The work budget's measure: one per call of evaluate, in every kind of decision."""
    calls = []
    real = greedy.evaluate
    monkeypatch.setattr(greedy, "evaluate", lambda *args: calls.append(1) or real(*args))
    bot = GreedyBot(3)
    state = new_game(3, 12)
    phases = set()
    while not state.is_over and len(phases) < 4:
        before, calls[:] = bot.tally.count, []
        phases.add(state.phase)
        state.apply(bot.choose(state))
        assert bot.tally.count - before == len(calls)
    assert phases >= {"draft", "place", "mine"}


def test_a_work_budget_stops_the_search_the_same_way_on_any_machine(monkeypatch) -> None:
    state = placement_states(63, every=13)[2]
    bot = MCTSBot(2, iterations=10_000, work=3_000)
    chosen = bot.choose(state)
    assert 1 < bot.last_iterations < 10_000
    assert 3_000 // 2 < bot.last_work < 3_000 + 3_000 // bot.last_iterations * 3
    ticks = iter(range(10**9))  # a clock a hundred times slower changes nothing
    monkeypatch.setattr(mcts.time, "perf_counter", lambda: next(ticks) * 100.0)
    again = MCTSBot(2, iterations=10_000, work=3_000)
    assert again.choose(state) == chosen
    assert (again.last_iterations, again.last_work) == (bot.last_iterations, bot.last_work)


def test_within_a_generous_budget_the_choice_is_the_seeded_one() -> None:
    for state in placement_states(66, every=17)[:3]:
        assert MCTSBot(4, **FAST).choose_within(state, 600.0) == MCTSBot(4, **FAST).choose(state)


@pytest.mark.parametrize("seconds", [0, -0.5, float("nan")])
def test_a_budget_of_no_time_for_one_decision_is_refused(seconds: float) -> None:
    state = placement_states(67, every=30)[0]
    with pytest.raises(ValueError, match="seconds must be positive"):
        MCTSBot(1, **FAST).choose_within(state, seconds)


def test_margins_are_relative_to_the_best_other_player() -> None:
    state = placement_states(63, every=20)[-1]
    values = margins(state)
    leader = max(range(state.players), key=values.__getitem__)
    assert values[leader] >= 0 and all(v <= 0 for p, v in enumerate(values) if p != leader)
    over = new_game(2, seed=1)
    bots = [RandomBot(1), RandomBot(2)]
    while not over.is_over:
        over.apply(bots[over.current].choose(over))
    a, b = over.score
    assert [round(m) for m in margins(over)] == [a - b, b - a]  # the final scores, exactly


# (4) strength ----------------------------------------------------------------------------------
def test_mcts_beats_two_random_bots_most_of_the_time() -> None:
    games, wins = 6, 0.0
    for game in range(games):
        seat = game % 3
        bots = [RandomBot(2000 + 3 * game + p) for p in range(3)]
        bots[seat] = MCTSBot(game, iterations=4, seconds=None)
        state = new_game(3, seed=700 + game)
        while not state.is_over:
            state.apply(bots[state.current].choose(state))
        winners = state.result().winners
        wins += 1 / len(winners) if seat in winners else 0
    assert wins >= 5, f"MCTSBot won only {wins} of {games} games against random bots"
