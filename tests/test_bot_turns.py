"""widgets.botturns: a bot thinks while the delay runs (the wait is what is left of it), a
budgeted bot gets its time budget, Stop bots and undo drop a thought in progress (no stale move
is played), a bot never thinks twice at once, and errors become messages. No browser: the
asyncio loop runs in a fresh thread, with a fake clock where durations matter."""

from __future__ import annotations

import asyncio
import threading

import pytest

from gluckauf import RandomBot, new_game
from gluckauf.bots.mcts import MCTSBot
from widgets.botturns import THINK_SECONDS, BotTurns
from widgets.session import HUMAN, GameSession


def in_fresh_thread(scenario):
    """``asyncio.run(scenario())`` in a new thread (no other test's loop runs there)."""
    result: dict[str, object] = {}

    def target() -> None:
        try:
            result["value"] = asyncio.run(scenario())
        except BaseException as error:  # re-raised in the test's thread
            result["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(timeout=120)
    if "error" in result:
        raise result["error"]  # type: ignore[misc]
    return result.get("value")


def bot_to_act(seed: int = 3, players: int = 2) -> GameSession:
    """A session whose player to act is a bot seat (the others are human)."""
    state = new_game(players, seed)
    seats = [HUMAN] * players
    seats[state.current] = "random"
    return GameSession(state, seats=seats)


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)


class SlowBot:
    """Plays like a RandomBot; each choice takes ``seconds`` on the fake clock, optionally
    holds until ``gate`` opens, and the bot records what it was asked."""

    name = "slow"

    def __init__(
        self,
        clock: FakeClock | None = None,
        seconds: float = 0.0,
        gate: threading.Event | None = None,
    ) -> None:
        self.clock, self.seconds, self.gate = clock, seconds, gate
        self.inner = RandomBot(1)
        self.calls = 0
        self.decisions: list[tuple[object, object]] = []  # (the state given, the choice)
        self.thinking = 0
        self.most_at_once = 0
        self.started = threading.Event()

    def choose(self, state):
        self.calls += 1
        self.thinking += 1
        self.most_at_once = max(self.most_at_once, self.thinking)
        self.started.set()
        try:
            if self.gate is not None:
                assert self.gate.wait(30), "the test never opened the gate"
            if self.clock is not None:
                self.clock.now += self.seconds
            action = self.inner.choose(state)
            self.decisions.append((state.copy(), action))
            return action
        finally:
            self.thinking -= 1


class BudgetBot(SlowBot):
    """A SlowBot that takes a time budget (the BudgetedBot protocol)."""

    def __init__(self) -> None:
        super().__init__()
        self.budgets: list[float] = []

    def choose_within(self, state, seconds: float):
        self.budgets.append(seconds)
        return self.choose(state)


async def until(condition, seconds: float = 20.0) -> None:
    """Let the loop run until ``condition()`` (fails the test after ``seconds``)."""
    for _ in range(int(seconds / 0.005)):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("timed out waiting")


async def gate_open(gate: threading.Event, bot: SlowBot) -> None:
    await until(bot.started.is_set)
    gate.set()


@pytest.mark.parametrize(
    ("delay", "thought", "wait"), [(0.5, 0.2, 0.3), (0.5, 0.9, 0.0), (0.0, 0.1, 0.0)]
)
def test_the_bot_thinks_while_the_delay_runs(delay: float, thought: float, wait: float) -> None:
    async def scenario():
        session = bot_to_act()
        clock = FakeClock()
        bot = session.bots[session.state.current] = SlowBot(clock, thought)
        turns = BotTurns(session, delay=lambda: delay, clock=clock, sleep=clock.sleep)
        start, played = clock.now, len(session.state.history)
        turns.schedule()
        await until(lambda: len(session.state.history) > played)
        return turns, clock, bot, clock.now - start

    turns, clock, bot, elapsed = in_fresh_thread(scenario)
    assert bot.calls == 1  # thought once, then the human is to act
    assert turns.last_thought == pytest.approx(thought)
    assert turns.last_wait == pytest.approx(wait)
    assert sum(clock.sleeps) == pytest.approx(wait)  # only what was left of the delay
    assert elapsed == pytest.approx(max(delay, thought))  # not delay + thought
    assert not turns.busy


def test_a_budgeted_bot_thinks_within_the_budget_or_the_delay_if_longer() -> None:
    def budget(delay: float) -> float:
        async def scenario():
            session = bot_to_act()
            bot = session.bots[session.state.current] = BudgetBot()
            clock = FakeClock()
            turns = BotTurns(session, delay=lambda: delay, clock=clock, sleep=clock.sleep)
            turns.schedule()
            await until(lambda: not turns.busy)
            return bot.budgets

        budgets = in_fresh_thread(scenario)
        assert len(budgets) == 1
        return budgets[0]

    assert budget(0.5) == THINK_SECONDS
    assert budget(2.0) == 2.0


def test_the_mcts_bot_is_held_to_the_budget_at_the_board() -> None:
    async def scenario():
        session = bot_to_act(5)
        while session.state.phase != "place":  # the draft: the MCTSBot's helper decides it
            session.play(session.state.legal_actions()[0])
        session.seats[session.state.current] = "mcts"
        bot = session.bots[session.state.current] = MCTSBot(1, iterations=500)
        turns = BotTurns(session, delay=lambda: 0.0, think_seconds=0.1)
        played = len(session.state.history)
        turns.schedule()
        await until(lambda: len(session.state.history) > played, 60)
        turns.cancel()
        return bot

    bot = in_fresh_thread(scenario)
    assert 1 <= bot.last_iterations < 500 and bot.seconds is None


def test_stop_bots_while_a_bot_thinks_plays_no_move() -> None:
    async def scenario():
        session = bot_to_act()
        gate = threading.Event()
        bot = session.bots[session.state.current] = SlowBot(gate=gate)
        running = {"on": True}
        turns = BotTurns(session, delay=lambda: 0.0, running=lambda: running["on"])
        before = session.state.copy()
        turns.schedule()
        await until(bot.started.is_set)
        running["on"] = False  # the learner presses Stop bots ...
        turns.cancel()
        gate.set()  # ... and the thought ends after that
        await asyncio.sleep(0.1)
        return session, before, turns

    session, before, turns = in_fresh_thread(scenario)
    assert session.state == before and len(session.state.history) == len(before.history)
    assert not turns.busy


def test_undo_while_a_bot_thinks_drops_the_stale_move() -> None:
    async def scenario():
        session = bot_to_act(4)
        human = 1 - session.state.current
        session.bots[session.state.current] = RandomBot(2)
        turns = BotTurns(session, delay=lambda: 0.0)
        turns.schedule()  # the bot drafts; now the human
        await until(lambda: session.state.current == human and not turns.busy)
        gate = threading.Event()
        bot = session.bots[1 - human] = SlowBot(gate=gate)
        session.play(session.state.legal_actions()[0])  # the human drafts: the bot's turn
        turns.schedule()
        await until(bot.started.is_set)
        session.undo()  # back to the human's decision while the bot thinks
        after_undo = session.state.copy()
        turns.schedule()  # what the board does after every button
        gate.set()
        await asyncio.sleep(0.1)
        return session, after_undo, turns, bot

    session, after_undo, turns, bot = in_fresh_thread(scenario)
    assert session.state == after_undo  # the bot's move for the undone position: not played
    assert len(session.state.history) == len(after_undo.history)
    assert not session.is_bot_turn and not turns.busy and bot.calls == 1


def test_undo_with_bots_only_drops_the_stale_move_and_thinks_again() -> None:
    async def scenario():
        session = GameSession(new_game(2, seed=9), seats=["random", "random"])
        for _ in range(3):
            session.play(session.state.legal_actions()[0])
        gate = threading.Event()
        bot = SlowBot(gate=gate)
        session.bots = {0: bot, 1: bot}
        turns = BotTurns(session, delay=lambda: 0.0)
        turns.schedule()
        await until(bot.started.is_set)
        given = bot.calls
        session.undo()  # no schedule() after it: the turn under way must notice
        after_undo = session.state.copy()
        bot.gate = None  # the next thoughts do not wait
        gate.set()
        await until(
            lambda: bot.calls > given and len(session.state.history) > len(after_undo.history)
        )
        turns.cancel()
        return session, after_undo, bot.decisions[given:]

    session, after_undo, fresh = in_fresh_thread(scenario)
    moves = len(after_undo.history)
    assert session.state.history[:moves] == after_undo.history
    # the first move after the undo is the one thought out on the position after it
    seen, chosen = fresh[0]
    assert seen == after_undo and session.state.history[moves] == chosen


def test_a_new_position_gets_a_new_thought_and_never_two_at_once() -> None:
    async def scenario():
        session = bot_to_act(6)
        gate = threading.Event()
        bot = SlowBot(gate=gate)
        seat = session.state.current
        session.bots[seat] = bot
        turns = BotTurns(session, delay=lambda: 0.0)
        turns.schedule()
        await until(bot.started.is_set)
        first = session.state
        session.new_game(2, seats=session.seats, seed=6)  # the same deal, a new state object
        session.bots[seat] = bot
        turns.schedule()  # the old thought is dropped, a new one follows it
        gate.set()
        await until(lambda: len(session.state.history) > 0 and not turns.busy)
        return session, first, bot

    session, first, bot = in_fresh_thread(scenario)
    assert bot.calls == 2 and bot.most_at_once == 1  # thought again, never twice at once
    assert len(first.history) == 0  # the old state got no move
    assert len(session.state.history) == 1 and not session.is_bot_turn


def test_a_turn_under_way_on_the_same_position_is_kept() -> None:
    async def scenario():
        session = bot_to_act(7)
        gate = threading.Event()
        bot = session.bots[session.state.current] = SlowBot(gate=gate)
        turns = BotTurns(session, delay=lambda: 0.0)
        turns.schedule()
        await until(bot.started.is_set)
        turns.schedule()  # e.g. a refused click while the bot thinks
        turns.schedule()
        gate.set()
        await until(lambda: not turns.busy)
        return session, bot

    session, bot = in_fresh_thread(scenario)
    assert bot.calls == 1 and len(session.state.history) == 1


class BrokenBot:
    name = "broken"

    def choose(self, state):
        raise RuntimeError("the bot broke")


class CheatingBot:
    name = "cheat"

    def choose(self, state):
        from gluckauf.core.actions import PLACE

        return PLACE["M10"]  # not a draft: illegal now


@pytest.mark.parametrize(
    ("bot", "words"), [(BrokenBot(), "the bot broke"), (CheatingBot(), "R-SETUP-4")]
)
def test_a_failing_bot_becomes_a_message_and_changes_nothing(bot, words: str) -> None:
    async def scenario():
        session = bot_to_act(8)
        session.bots[session.state.current] = bot
        before = session.state.copy()
        turns = BotTurns(session, delay=lambda: 0.0)
        turns.schedule()
        await until(lambda: not turns.busy)
        return session, before

    session, before = in_fresh_thread(scenario)
    assert words in session.message and "Something went wrong" in session.message
    assert session.state == before


def test_without_an_event_loop_the_bots_play_at_once_up_to_a_human() -> None:
    state = new_game(3, seed=2, start_player=0)
    session = GameSession(state, seats=[HUMAN, "random", "random"])
    turns = BotTurns(session, delay=lambda: 0.5)
    turns.schedule()
    assert len(session.state.history) == 2  # seats 2 and 1 drafted before seat 0 (R-SETUP-4)
    assert session.state.current == 0 and not session.is_bot_turn and not turns.busy


@pytest.mark.parametrize("seconds", [0.0, -1.0, float("nan")])
def test_no_thinking_time_is_refused(seconds: float) -> None:
    with pytest.raises(ValueError, match="think_seconds"):
        BotTurns(bot_to_act(), delay=lambda: 0.5, think_seconds=seconds)


class NoThreads:
    """An executor that cannot start a thread, as in the browser's Pyodide kernel."""

    def __init__(self) -> None:
        self.tries = 0

    def submit(self, *_args: object) -> None:
        self.tries += 1
        raise RuntimeError("can't start new thread")


def test_without_threads_the_bot_thinks_on_the_event_loop_and_still_waits_the_delay() -> None:
    clock = FakeClock()

    async def scenario():
        state = new_game(3, seed=2, start_player=0)
        session = GameSession(state, seats=[HUMAN, "random", "random"])
        turns = BotTurns(session, delay=lambda: 0.5, clock=clock, sleep=clock.sleep)
        turns._worker = NoThreads()
        turns.schedule()
        await until(lambda: not turns.busy)
        return session, turns

    session, turns = in_fresh_thread(scenario)
    assert len(session.state.history) == 2 and session.state.current == 0
    assert turns._worker.tries == 1  # tried once, then thought on the loop
    assert clock.sleeps == [0.5, 0.5]  # each move still waits the delay
