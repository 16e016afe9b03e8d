"""The bots' turns at the board: a bot thinks while the delay runs, not after it.

:class:`BotTurns` plays a :class:`~widgets.session.GameSession`'s bot seats in an asyncio task.
For each decision it hands the bot a copy of the state in a worker thread (the kernel keeps
answering clicks meanwhile; in the browser's Pyodide, which has no threads, it thinks on the
event loop), waits what is left of the delay — ``max(delay − thought, 0)`` —
and then plays the move through the session, on the event loop. So the delay paces the bots (a
learner can follow each move) without adding to a slow bot's thinking: a move is drawn
``max(delay, thought)`` after the previous one, or after the human's click.

A bot that takes a time budget (:class:`~gluckauf.bots.base.BudgetedBot`, the MCTSBot) thinks
within ``max(think_seconds, delay)``: with the drawing, its move is on screen within about a
second of the click (``benchmarks/bot_latency.py``); a longer delay is thinking time for free.

A move is played only if the game is still where the bot saw it: after an undo, a new game or a
load while a bot thinks, the thought is dropped (and the bot to act then, if any, thinks anew).
:meth:`BotTurns.cancel` ("Stop bots") drops it too. A thought cannot be cut short, so one
worker thread runs them in turn: a bot never thinks twice at once. Whatever goes
wrong becomes the session's message, never a traceback.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from gluckauf.bots.base import decide

from .reporting import error_text

if TYPE_CHECKING:
    from gluckauf.bots import Bot
    from gluckauf.core.actions import Action
    from gluckauf.core.state import GameState

    from .session import GameSession

THINK_SECONDS = 0.7  # a budgeted bot's time per decision at the board (with the drawing, its
# move is on screen within 1 s of the click, in the browser too), or the delay if longer


class BotTurns:
    """Plays the bots' turns of ``session`` (see the module docstring).

    ``delay()`` is the pause before each bot move in seconds (read when the bot starts to
    think), ``running()`` whether bots may play now (False after "Stop bots"). ``clock`` and
    ``sleep`` are for tests."""

    def __init__(
        self,
        session: GameSession,
        *,
        delay: Callable[[], float],
        running: Callable[[], bool] = lambda: True,
        think_seconds: float = THINK_SECONDS,
        clock: Callable[[], float] = time.perf_counter,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        if not think_seconds > 0:
            raise ValueError(f"think_seconds must be positive, not {think_seconds}")
        self.session = session
        self.delay = delay
        self.running = running
        self.think_seconds = think_seconds
        self.clock = clock
        self.sleep = sleep
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-turn")
        self._task: asyncio.Task | None = None
        self._threads = True  # False once a thread could not start (see _thought)
        self.last_thought = 0.0  # seconds the last bot move took to think
        self.last_wait = 0.0  # and the rest of the delay waited after it

    # --- control ---------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Whether a bot turn is under way (thinking or waiting)."""
        return self._task is not None and not self._task.done()

    def schedule(self) -> None:
        """Start playing if a bot is to act, bots may play and no turn is under way (a turn
        under way notices by itself when the position changed under it)."""
        if self.busy or not self._bot_to_act():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (plain Python): play at once, up to a human
            self._play_now()
            return
        self._task = loop.create_task(self._play())

    def cancel(self) -> None:
        """Stop the turn under way: its move is not played (the thought runs out unseen)."""
        if self._task is not None:
            self._task.cancel()
        self._task = None

    def close(self) -> None:
        """Cancel, and let the worker thread end once its thought is done."""
        self.cancel()
        self._worker.shutdown(wait=False, cancel_futures=True)

    # --- playing ---------------------------------------------------------------------------
    def _bot_to_act(self) -> bool:
        return self.session.is_bot_turn and bool(self.running())

    def _is_current(self, seen: tuple[GameState, GameState]) -> bool:
        """Whether the session is still at the position the bot was given."""
        state, copy = seen
        return self.session.state is state and state == copy

    def _budget(self, delay: float) -> float:
        return max(self.think_seconds, delay)

    def _think(self, bot: Bot, state: GameState, budget: float) -> Action:
        """The bot's choice on its own copy of the state (runs in the worker thread)."""
        return decide(bot, state, budget)

    async def _play(self) -> None:
        try:
            while self._bot_to_act():
                await self._turn()
        except asyncio.CancelledError:
            raise
        except Exception as error:  # a bot's or the session's bug: a message, no traceback
            self._report(error)
        finally:
            if self._task is asyncio.current_task():
                self._task = None

    async def _turn(self) -> None:
        """One bot decision: think on a copy while the delay runs, then play it if the game
        is still where the bot saw it."""
        session = self.session
        state = session.state
        seen = (state, state.copy(history=False))
        delay = max(0.0, float(self.delay()))
        bot = session.bots[state.current]
        started = self.clock()
        action = await self._thought(bot, state.copy(history=False), self._budget(delay))
        self.last_thought = self.clock() - started
        self.last_wait = max(delay - self.last_thought, 0.0)
        if self.last_wait:
            await self.sleep(self.last_wait)
        if self._bot_to_act() and self._is_current(seen):  # else: dropped, think again
            session.play(action)  # the engine checks it (IllegalActionError: reported)

    async def _thought(self, bot: Bot, state: GameState, budget: float) -> Action:
        """The bot's choice, thought in the worker thread; where no thread can start (the
        browser's Pyodide kernel), here, while the page waits (within the budget)."""
        if self._threads:
            try:
                thinking = self._worker.submit(self._think, bot, state, budget)
            except RuntimeError:  # "can't start new thread"
                self._threads = False
            else:
                return await asyncio.wrap_future(thinking)
        return self._think(bot, state, budget)

    def _play_now(self) -> None:
        try:
            while self._bot_to_act():
                state = self.session.state
                bot = self.session.bots[state.current]
                budget = self._budget(max(0.0, float(self.delay())))
                self.session.play(self._think(bot, state.copy(history=False), budget))
        except Exception as error:
            self._report(error)

    def _report(self, error: Exception) -> None:
        self.session.tell("msg.error", error=error_text(error))


__all__ = ["THINK_SECONDS", "BotTurns"]
