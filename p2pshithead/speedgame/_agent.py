# A computer player of networked Speed (thin asyncio: the one module of this package that waits). It
# reacts as a person would: once it sees a play it can make, it takes its reaction time, then plays
# what is best on the position as it is by then. Invariants: the seat's pending deck step is returned
# the moment it appears, even while the bot is counting down (the transport asks the agent only once it
# may send, and a card being turned must not wait on a decision); randomness comes from the given rng.
"""`SpeedBotAgent`."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Sequence

from p2pshithead.speed import Action, SpeedBot, choose
from p2pshithead.speedgame._app import SpeedApp

__all__ = ["SpeedBotAgent"]


class SpeedBotAgent:
    """Plays with `bot`'s strategy and reaction time (+- `jitter` of it, drawn from `rng`); `pile`: prefer
    plays onto that centre pile (a racing bias for measuring races)."""

    is_bot = True

    def __init__(self, bot: SpeedBot, rng: random.Random, jitter: float = 0.2, pile: int | None = None) -> None:
        self.bot, self._rng, self._jitter, self._pile = bot, rng, jitter, pile
        self._changed = asyncio.Event()

    async def async_wait_ready(self) -> None:
        return

    def observe(self, app: object, seat: int, events: Sequence[object]) -> None:
        self._changed.set()

    def tick(self) -> None:
        return

    def _choice(self, app: SpeedApp, seat: int) -> Action | None:
        if self.bot.strategy == "sound":
            return choose(app.game, seat, self._pile)
        return self.bot.choose(app.game, seat, self._rng)

    async def async_choose(self, app: object, seat: int) -> object:
        """The next payload: the pending deck step, or a play after the reaction time."""
        assert isinstance(app, SpeedApp)
        loop = asyncio.get_running_loop()
        due: float | None = None
        while True:
            pending = app.pending()
            if pending is not None:
                return pending
            if due is None and self._choice(app, seat) is not None:
                due = loop.time() + self.bot.reaction * self._rng.uniform(1 - self._jitter, 1 + self._jitter)
            if due is not None and loop.time() >= due:
                due = None
                action = self._choice(app, seat)
                if action is not None:
                    return app.action_payload(action)
                continue
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(due):  # not `wait_for`: in 3.11 it may swallow a cancellation
                    await self._changed.wait()
