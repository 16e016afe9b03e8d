"""GreedyBot: hidden information stays hidden, every choice is legal and leaves the state alone,
a seed fixes its play, explain() names what it does, its mining planner finds good plans, and
it beats RandomBots (a small statistical check; benchmarks/greedy_vs_random.py gives the
figure for the issue)."""

from __future__ import annotations

import random

import pytest

from gluckauf import GreedyBot, RandomBot, new_game
from gluckauf.bots import Bot
from gluckauf.bots.greedy import TEXT, MiningPlanner, make_context
from gluckauf.core.actions import Choose, Draft, Fill, Load, MoveCage, Place, SubstituteCube
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import ORDER_BY_CODE
from gluckauf.core.state import CHOOSE, MINE
from gluckauf.text.words import describe_action, order_name, space_name


def play(state, bots, *, check=None, limit=None):
    """Play on with one bot per seat; ``check(state, bot, action)`` sees every decision."""
    moves = 0
    while not state.is_over and (limit is None or moves < limit):
        bot = bots[state.current]
        action = bot.choose(state)
        if check is not None:
            check(state, bot, action)
        state.apply(action)
        moves += 1
    return state


def sample_states(seed: int, players: int = 3, every: int = 4):
    """States from a game of one GreedyBot (seat 0) and RandomBots: every ``every``-th
    decision, plus every decision of the greedy seat in phases other than place."""
    state = new_game(players, seed)
    bots = [GreedyBot(seed)] + [RandomBot(seed + p) for p in range(1, players)]
    states = []
    moves = 0
    while not state.is_over:
        if moves % every == 0 or (state.current == 0 and state.phase not in ("place", MINE)):
            states.append(state.copy())
        state.apply(bots[state.current].choose(state))
        moves += 1
    return states


def test_greedy_bot_follows_the_bot_protocol() -> None:
    bot = GreedyBot(1)
    assert isinstance(bot, Bot) and bot.name == "greedy"
    assert TEXT.english and all(text for text in TEXT.english.values())


# (1) hidden information ------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [11, 12])
def test_the_choice_does_not_depend_on_the_hidden_deck_order(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for state in sample_states(seed, players=3 if seed % 2 else 4, every=6):
        if state.phase == CHOOSE:  # the five shown items are the chooser's own information
            continue
        if len(state.tile_deck) < 2 and len(state.order_deck) < 2:
            continue
        shuffled = state.copy()
        while shuffled.tile_deck == state.tile_deck and len(set(state.tile_deck)) > 1:
            rng.shuffle(shuffled.tile_deck)
        while shuffled.order_deck == state.order_deck and len(set(state.order_deck)) > 1:
            rng.shuffle(shuffled.order_deck)
        assert GreedyBot(7).choose(state) == GreedyBot(7).choose(shuffled), (
            f"the hidden deck order changed the choice in\n{state}"
        )
        checked += 1
    assert checked > 25


# (2) always legal, never changes the state ------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_choice_is_legal_and_leaves_the_state_unchanged(players: int) -> None:
    seen = set()

    def check(state, bot, action) -> None:
        assert state.is_legal(action), f"{bot.name} chose the illegal {action} in\n{state}"
        seen.add(type(action))

    def checked_bot(bot):
        class Checked:
            name = bot.name

            def choose(self, state):
                before = state.copy()
                action = bot.choose(state)
                assert state == before and state.history == before.history, "choose() changed it"
                return action

        return Checked()

    # greedy in every seat with 2 players; with 3 and 4, greedy bots and a random one
    bots = [checked_bot(GreedyBot(players * 10 + p)) for p in range(players)]
    if players > 2:
        bots[-1] = RandomBot(players)
    state = play(new_game(players, seed=100 + players), bots, check=check)
    assert state.is_over and state.result().winners
    assert {Draft, Place, MoveCage, Load, Fill} <= seen


def test_substitute_cubes_and_shown_items_are_chosen_legally() -> None:
    # a grey cart whose colour has run out: the bot picks a substitute cube (R-TUNNEL-2)
    state = (
        PositionBuilder(players=2, seed=3)
        .tiles(1, "G2L", "G2L", "G2L", "G2D", "G2D", "G2D", "G1L", "G1L")
        .tile_space(1, "G1D")
        .orders(0, "C9KK")
        .build()
    )
    assert state.supply[2] == 0
    state.apply("place F1")
    assert state.phase == "cube"
    action = GreedyBot(1).choose(state)
    assert type(action) is SubstituteCube and state.is_legal(action)
    # F★ and O★: one of the (up to 480) Choose actions, built without listing them
    for kind, codes in (
        ("tile", ("K2L", "G1D", "Y1L", "B2D", "K1D")),
        ("order", ("C9KK", "W2Y", "R10YBGK", "T3B", "C12KKK")),
    ):
        state = (
            PositionBuilder(players=3, seed=4)
            .orders(0, "T9KK")
            .money(0, 9)
            .looking_at(0, kind, *codes)
            .build()
        )
        action = GreedyBot(2).choose(state)
        assert type(action) is Choose and state.is_legal(action)


# (3) a seed fixes the play ----------------------------------------------------------------------
def test_a_seed_fixes_the_play() -> None:
    def game() -> list:
        state = new_game(2, seed=5)
        play(state, [GreedyBot(1), GreedyBot(2)], limit=120)
        return state.history

    assert game() == game()


def test_explain_does_not_change_the_play() -> None:
    quiet, talking = new_game(3, seed=6), new_game(3, seed=6)
    bots_quiet = [GreedyBot(p) for p in range(3)]
    bots_talking = [GreedyBot(p) for p in range(3)]
    for _ in range(80):
        sentence = bots_talking[talking.current].explain(talking)
        assert sentence
        quiet.apply(bots_quiet[quiet.current].choose(quiet))
        talking.apply(bots_talking[talking.current].choose(talking))
    assert quiet.history == talking.history


# (4) explain() names the action ------------------------------------------------------------------
def test_explain_is_one_sentence_naming_the_space_or_step() -> None:
    kinds = set()
    for state in sample_states(21, players=3, every=5)[:70]:
        bot = GreedyBot(3)
        action = bot.choose(state)
        sentence = bot.explain(state)
        assert sentence.endswith(".") and sentence[0].isupper(), sentence
        assert ". " not in sentence.rstrip("."), f"more than one sentence: {sentence}"
        assert "{" not in sentence, sentence
        words = describe_action(action, state)  # it starts with the move in words …
        assert sentence.startswith(words[:1].upper() + words[1:] + " — "), (sentence, action)
        assert str(action) not in sentence  # … and no notation (the hint adds that)
        assert GreedyBot(3).explain(state) == sentence  # explaining first says the same
        kinds.add(type(action))
    assert {Place, Draft, MoveCage, Load, Fill} <= kinds


def test_explain_says_what_a_mining_plan_completes() -> None:
    position = PositionBuilder(players=3, seed=1).orders(0, "C9KK", "W2Y").tiles(0, "K1L")
    state = position.turn(0).build()
    bot = GreedyBot(1)
    action = bot.choose(state)
    assert type(action) is Place and action.space.startswith("M")
    sentence = bot.explain(state)
    assert sentence.startswith(f"Place workers on {space_name(action.space)} — it completes ")
    assert order_name("C9KK") in sentence and "C9KK" not in sentence
    # 9 steps are just enough for both orders: cage 1, load Y, cage 4, load K ×2, cage 0, fill ×3
    state = position.mining(0, steps=9).build()
    first = bot.choose(state)
    assert str(first) == "cage 1"
    assert bot.explain(state) == (
        "Move the cage down to level 1 (yellow) — the mining plan completes the 9-VP carriage "
        "order (black, black) and the 2-VP wheelbarrow order (yellow) this turn, for 11 VP."
    )


# the mining planner ------------------------------------------------------------------------------
def test_the_planner_finds_a_plan_with_a_two_cube_fill() -> None:
    # the builder's docstring position: two grey cubes in the cage at level 3, C9KK to fill
    state = (
        PositionBuilder(players=3, seed=1)
        .orders(0, "C9KK")
        .tiles(0, "G2L")
        .cage(0, level=3, cubes="GG")
        .mining(0, steps=8)
        .build()
    )
    bot = GreedyBot(1)
    steps = []
    while state.phase == MINE and state.current == 0:
        action = bot.choose(state)
        steps.append(str(action))
        state.apply(action)
    held = dict((card, slots) for card, slots in state.outstanding[0])
    assert all(held[ORDER_BY_CODE["C9KK"].index]), steps  # complete
    assert "load K" in steps, steps
    assert any(step.startswith("fill C9KK:K c") and "+" in step for step in steps), steps


def test_the_planner_plays_the_rulebook_example_e3() -> None:
    # E3: two grey slots to fill with 8 steps; the planner fills both
    state = (
        PositionBuilder(players=3, seed=2)
        .orders(0, "C7GG")
        .tiles(0, "G2L")
        .mining(0, steps=8)
        .build()
    )
    planner = MiningPlanner(make_context(state, 0))
    planner.search(state.copy(history=False))
    plan = planner.best_within(8)
    assert [str(s) for s in plan.steps[:4]] == ["cage 3", "load G", "load G", "cage 0"]
    assert all(plan.end.outstanding[0][0][1])
    assert planner.nodes < 2000


# (5) strength ------------------------------------------------------------------------------------
def test_greedy_beats_two_random_bots_most_of_the_time() -> None:
    games, wins = 30, 0
    for game in range(games):
        seat = game % 3
        bots = [RandomBot(1000 + 3 * game + p) for p in range(3)]
        bots[seat] = GreedyBot(game)
        state = play(new_game(3, seed=500 + game), bots)
        wins += seat in state.result().winners
    assert wins >= 0.8 * games, f"GreedyBot won only {wins} of {games} games"
