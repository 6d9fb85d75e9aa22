# Playing the local seat (thin asyncio): an `Agent` (a computer player or a person, wired by the
# composition root) decides; `SeatRunner` asks it whenever the transcript gives this seat something to
# say, signs, and hands the message to `submit`. Invariants: it never signs while a message of its own is
# in flight; steps the application computes itself (`pending`) are sent without asking the agent; it
# stops once the transcript is complete or stopped; an agent still choosing once the game ended (or was
# stopped) is cancelled, so that the seat signs off at once. The
# agent also watches: when it starts (no events: the table as it stands, as after a (re)connection) and
# after every entry it is given the application's events (`observe`), and about once a second `tick`.
# Nothing here prints.
"""`Agent` and `SeatRunner`."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from p2pshithead.net._app import Application
from p2pshithead.net._seat import SeatSigner
from p2pshithead.net._transcript import Authored, Entry, Progress

_OVER = (Progress.DONE, Progress.STOPPED)


class Agent(Protocol):
    """Who decides for the local seat: a computer player, or a person at a terminal."""

    is_bot: bool

    async def async_choose(self, app: Application, seat: int) -> object:
        """The payload of `seat`'s next move."""
        ...

    async def async_wait_ready(self) -> None:
        """Return once the player says they are ready to start; raise (EOFError: a person left the table at
        the prompt) to end the run with that error."""
        ...

    def observe(self, app: Application, seat: int, events: Sequence[object]) -> None:
        """An entry was applied to `app` (the local seat is `seat`); `events` is what happened (none: the
        seat starts to play, on a table that may be in play already, e.g. after a crash)."""
        ...

    def tick(self) -> None:
        """Called about once a second while the game runs."""
        ...


class SeatRunner:
    """Acts for `local`: call `observe(entry, events)` after every appended entry; `async_run` until the end."""

    __slots__ = ("_agent", "_changed", "_choice", "_local", "_submit")

    def __init__(self, local: SeatSigner, agent: Agent, submit: Callable[[Authored], Awaitable[None]]) -> None:
        self._local, self._agent, self._submit = local, agent, submit
        self._changed = asyncio.Event()
        self._changed.set()
        self._choice: asyncio.Future[object] | None = None  # the agent's choice under way

    def observe(self, entry: Entry, events: Sequence[object]) -> None:
        """`entry` was appended to the transcript: look again whether this seat must act."""
        self._local.observe(entry)
        self._agent.observe(self._local.transcript.app, self._local.seat, events)
        self._changed.set()
        if self._choice is not None and self._local.transcript.phase is not Progress.PLAYING:
            self._choice.cancel()  # the game ended while a person chose: nobody waits for their answer

    async def async_run(self) -> None:
        """Act whenever the transcript asks this seat to, until it is complete or stopped."""
        ticker = asyncio.get_running_loop().create_task(self._async_tick())
        self._agent.observe(self._local.transcript.app, self._local.seat, ())  # the table as it stands
        try:
            await self._async_act()
        finally:
            ticker.cancel()

    async def _async_tick(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            self._agent.tick()

    async def _async_act(self) -> None:
        local = self._local
        while local.transcript.phase not in _OVER:
            await self._changed.wait()
            self._changed.clear()
            if local.may_move():
                app = local.transcript.app
                payload = app.pending()
                if payload is None:
                    self._choice = choice = asyncio.ensure_future(self._agent.async_choose(app, local.seat))
                    try:
                        await asyncio.wait({choice})
                    finally:
                        choice.cancel()  # (when this run is cancelled)
                        self._choice = None
                    if choice.cancelled():
                        continue  # the game is over: sign it off
                    payload = choice.result()
                if local.may_move():
                    await self._submit(local.move(payload))
            elif local.must_sign_off():
                await self._submit(local.sign_off())
