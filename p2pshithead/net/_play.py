# Playing the local seat (thin asyncio): an agent (a computer player, or a person at the terminal)
# decides; `Player` asks it whenever the transcript gives this seat something to say, signs, and hands the
# message to `submit`. Invariants: it never signs while a message of its own is in flight; deck steps the
# application computes itself (`pending`) are sent without asking the agent; it stops once the transcript
# is complete or stopped.
"""`Agent`, `BotAgent`, `HumanAgent` and `Player`."""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Awaitable, Callable
from typing import Protocol

from p2pshithead.net._app import AppSpec, Application
from p2pshithead.net._seat import LocalSeat
from p2pshithead.net._transcript import Authored, Entry, Phase

Say = Callable[[str], None]


class Agent(Protocol):
    """Who decides for the local seat."""

    is_bot: bool

    async def async_choose(self, app: Application, seat: int) -> object:
        """The payload of `seat`'s next move."""
        ...

    async def async_wait_ready(self) -> None:
        """Return once the player says they are ready to start."""
        ...


class BotAgent:
    """A computer player: the application's bot at `level`, with an injected RNG."""

    is_bot = True

    def __init__(self, spec: AppSpec, rng: random.Random, level: int = 1) -> None:
        self._spec, self._rng, self._level = spec, rng, level

    async def async_choose(self, app: Application, seat: int) -> object:
        return self._spec.bot(app, seat, self._rng, self._level)

    async def async_wait_ready(self) -> None:
        return None


_stdin: dict[asyncio.AbstractEventLoop, asyncio.StreamReader] = {}


async def async_input(prompt: str) -> str:
    """Read one line from the terminal without blocking the loop ("" at end of input).

    Cancelling the read loses no typed line: every read of one loop shares one stdin stream.
    """
    sys.stdout.write(prompt)
    sys.stdout.flush()
    loop = asyncio.get_running_loop()
    if loop not in _stdin:
        _stdin.clear()  # a reader belongs to the loop that made it
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        _stdin[loop] = reader
    return (await _stdin[loop].readline()).decode(errors="replace").strip()


class HumanAgent:
    """A person at the terminal: shows the state, reads a move, explains what could not be read."""

    is_bot = False

    def __init__(self, spec: AppSpec, say: Say, ask: Callable[[str], Awaitable[str]] = async_input) -> None:
        self._spec, self._say, self._ask = spec, say, ask

    async def async_choose(self, app: Application, seat: int) -> object:
        self._say(app.status(seat))
        while True:
            text = await self._ask("your move> ")
            try:
                return self._spec.parse(app, seat, text)
            except ValueError as exc:
                self._say(str(exc))

    async def async_wait_ready(self) -> None:
        await self._ask("press Enter when ready\n")


class Player:
    """Acts for `local`: call `observe(entry)` after every appended entry; `async_run` until the game ends."""

    __slots__ = ("_agent", "_changed", "_local", "_submit")

    def __init__(self, local: LocalSeat, agent: Agent, submit: Callable[[Authored], Awaitable[None]]) -> None:
        self._local, self._agent, self._submit = local, agent, submit
        self._changed = asyncio.Event()
        self._changed.set()

    def observe(self, entry: Entry) -> None:
        """`entry` was appended to the transcript: look again whether this seat must act."""
        self._local.observe(entry)
        self._changed.set()

    async def async_run(self) -> None:
        """Act whenever the transcript asks this seat to, until it is complete or stopped."""
        local = self._local
        while local.transcript.phase not in (Phase.DONE, Phase.STOPPED):
            await self._changed.wait()
            self._changed.clear()
            if local.may_move():
                app = local.transcript.app
                payload = app.pending()
                if payload is None:
                    payload = await self._agent.async_choose(app, local.seat)
                if local.may_move():
                    await self._submit(local.move(payload))
            elif local.must_sign_off():
                await self._submit(local.sign_off())
