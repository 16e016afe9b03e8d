"""HintBot (the board's Hint button): registered as ``hint``, a seed fixes its hints, every
hint is legal and leaves the state alone, explain() says it in words (English, German,
Hungarian) without notation codes, and late in shift III it never hints an order that cannot
be delivered before the game ends. Its strength and its time per decision are measured by
benchmarks/hint_vs_greedy.py, not asserted here."""

from __future__ import annotations

import re

import pytest

from gluckauf import GreedyBot, RandomBot, new_game
from gluckauf.bots import Bot
from gluckauf.bots.hint import HintBot, hopeless, order_can_finish
from gluckauf.bots.registry import bot_names, make_bot
from gluckauf.core.actions import PLACE as PLACE_ACTIONS
from gluckauf.core.actions import Choose
from gluckauf.core.components import ORDER_BY_CODE, ORDERS, SHIFTS, TILES
from gluckauf.core.state import CHOOSE, PLACE
from gluckauf.text.i18n import language

FAST = 2  # search iterations in these tests (the play is the same code at any count)
CODES = re.compile(
    "|".join(
        sorted(
            {re.escape(o.code) for o in ORDERS} | {re.escape(t.code) for t in TILES},
            key=len,
            reverse=True,
        )
    )
)


def sample_states(seed: int, every: int = 7) -> list:
    """Every ``every``-th position of a 3-player game of a GreedyBot and two RandomBots."""
    state = new_game(3, seed)
    bots = [GreedyBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]
    states, moves = [], 0
    while not state.is_over:
        if moves % every == 0:
            states.append(state.copy())
        state.apply(bots[state.current].choose(state))
        moves += 1
    return states


def late_states(seed: int) -> list:
    """Placement positions in shift III with few workers left, from GreedyBots' games."""
    state = new_game(3, seed)
    bots = [GreedyBot(seed + p) for p in range(3)]
    states = []
    while not state.is_over:
        if state.shift == SHIFTS and state.phase == PLACE and state.workers[state.current] <= 6:
            states.append(state.copy())
        state.apply(bots[state.current].choose(state))
    return states


def test_hint_is_registered_and_follows_the_protocol() -> None:
    assert "hint" in bot_names()
    bot = make_bot("hint", 3)
    assert isinstance(bot, HintBot) and isinstance(bot, Bot) and bot.name == "hint"


def test_a_seed_fixes_the_hints() -> None:
    def game(seed: int) -> list:
        state = new_game(3, 40)
        bots = [HintBot(seed, iterations=FAST), GreedyBot(1), GreedyBot(2)]
        for _ in range(120):
            state.apply(bots[state.current].choose(state))
        return state.history

    assert game(5) == game(5)
    state = sample_states(8)[6]
    assert HintBot(9).choose(state) == HintBot(9).choose(state)  # the default search too


@pytest.mark.parametrize("seed", [3, 4])
def test_every_hint_is_legal_and_leaves_the_state_alone(seed: int) -> None:
    bot = HintBot(seed, iterations=FAST)
    for state in sample_states(seed):
        before = state.copy()
        action = bot.choose(state)
        assert action in state.legal_actions(), (action, state.phase)
        assert state == before


@pytest.mark.parametrize("code", ["en", "de", "hu"])
def test_the_hint_is_explained_in_words_without_codes(code: str) -> None:
    states = sample_states(12, every=9)[:12]
    with language("en"):
        english = [HintBot(2, iterations=FAST).explain(s) for s in states]
    with language(code):
        for state, in_english in zip(states, english, strict=True):
            bot = HintBot(2, iterations=FAST)
            bot.choose(state)
            sentence = bot.explain(state)
            assert sentence and not sentence[0].islower() and "{" not in sentence, sentence
            assert not CODES.search(sentence), sentence
            assert "★)" not in sentence and "(place" not in sentence, sentence
            if code != "en":
                assert sentence != in_english, sentence  # translated
            assert HintBot(2, iterations=FAST).explain(state) == sentence  # same unasked


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_late_in_shift_three_no_hint_takes_an_order_that_cannot_be_delivered(seed: int) -> None:
    checked = shown = 0
    for state in late_states(seed):
        me = state.current
        action = HintBot(seed, iterations=FAST).choose(state)
        assert not hopeless(state, action), (action, state.workers[me])
        checked += 1
        if state.is_legal(PLACE_ACTIONS["O*"]) and state.order_deck:  # the shown orders too
            shown_state = state.copy()
            shown_state.apply(PLACE_ACTIONS["O*"])
            if shown_state.phase != CHOOSE:
                continue
            choice = HintBot(seed, iterations=FAST).choose(shown_state)
            assert isinstance(choice, Choose)
            if choice.take is not None:
                card = ORDER_BY_CODE[choice.take].index
                after = shown_state.copy()
                after.apply(choice)
                slots = dict(after.outstanding[me])[card]
                assert order_can_finish(after, me, card, slots), choice
            shown += 1
    assert checked > 5


def test_an_order_needs_its_actions_before_the_end() -> None:
    state = late_states(21)[-1].copy()
    me = state.current
    black_three = ORDER_BY_CODE["C12KKK"].index
    state.carts[me] = [[-1 for _ in level] for level in state.carts[me]]  # no coal left
    state.cage[me] = [0, 0, 0, 0]
    state.storage[me] = [0, 0, 0, 0]
    state.workers[me] = 2  # a tile, a mining action and a delivery would take 3
    assert not order_can_finish(state, me, black_three)
    state.workers[me] = 3
    assert order_can_finish(state, me, black_three)


def _reason_key(state) -> str:
    bot = GreedyBot(1)
    bot.choose(state)
    return bot._last[1].key


def test_the_bank_with_open_orders_says_whether_they_can_still_be_finished() -> None:
    state = late_states(21)[-1].copy()
    me = state.current
    bank = PLACE_ACTIONS["BANK"]
    black_three = ORDER_BY_CODE["C12KKK"].index
    state.outstanding[me] = [(black_three, [(), (), ()])]
    state.carts[me] = [[-1 for _ in level] for level in state.carts[me]]  # no coal left
    state.cage[me], state.storage[me] = [0, 0, 0, 0], [0, 0, 0, 0]
    bot = GreedyBot(1)
    for workers, key in [(1, "bank.stuck"), (5, "bank.wait")]:
        state.workers[me] = workers
        decision = bot._place_reason(state, None, bank)  # type: ignore[arg-type]
        assert decision.key == key, workers
    state.outstanding[me] = []
    assert bot._place_reason(state, None, bank).key == "bank"  # type: ignore[arg-type]
    with language("de"):
        state.outstanding[me] = [(black_three, [(), (), ()])]
        state.workers[me] = 1
        bot._last = (state.copy(history=False), bot._place_reason(state, None, bank))  # type: ignore[arg-type]
        words = bot.explain(state)
    assert "1 SP" in words or "Siegpunkt" in words or "SP" in words, words


def test_o_star_with_no_coal_for_any_order_says_a_tile_must_bring_it() -> None:
    state = late_states(22)[0].copy()
    me = state.current
    state.carts[me] = [[-1 for _ in level] for level in state.carts[me]]
    state.cage[me], state.storage[me] = [0, 0, 0, 0], [0, 0, 0, 0]
    assert GreedyBot(1)._place_reason(state, None, PLACE_ACTIONS["O*"]).key == "ostar.tile"  # type: ignore[arg-type]
    state.storage[me] = [3, 3, 3, 3]
    assert GreedyBot(1)._place_reason(state, None, PLACE_ACTIONS["O*"]).key == "ostar"  # type: ignore[arg-type]
