# Playing the local seat (thin asyncio): an agent (a computer player, or a person at the terminal)
# decides; `Player` asks it whenever the transcript gives this seat something to say, signs, and hands the
# message to `submit`. Invariants: it never signs while a message of its own is in flight; deck steps the
# application computes itself (`pending`) are sent without asking the agent; it stops once the transcript
# is complete or stopped. A person also watches: after every entry the agent is shown what happened
# (`observe`), and once a second (`tick`, clock injected) how long the table has waited for whom; on a
# terminal that line is rewritten in place, elsewhere it is not printed, so nothing floods.
"""`Agent`, `BotAgent`, `HumanAgent` and `Player`."""

from __future__ import annotations

import asyncio
import os
import random
import sys
from collections.abc import Awaitable, Callable
from typing import Protocol

import click

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

    def observe(self, app: Application, seat: int) -> None:
        """An entry was applied to `app` (the local seat is `seat`)."""
        ...

    def tick(self) -> None:
        """Called about once a second while the game runs."""
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

    def observe(self, app: Application, seat: int) -> None:
        return None

    def tick(self) -> None:
        return None


_stdin: dict[asyncio.AbstractEventLoop, asyncio.Task[asyncio.StreamReader]] = {}


async def _async_open_stdin() -> asyncio.StreamReader:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    # a duplicate descriptor: closing the transport (at the end of a loop) must not close sys.stdin
    pipe = os.fdopen(os.dup(sys.stdin.fileno()), "rb", buffering=0)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), pipe)
    return reader


async def async_input(prompt: str) -> str:
    """Read one line from the terminal without blocking the loop.

    Cancelling the read loses no typed line: every read of one loop shares one stdin stream, opened
    once (shielded, so a read cancelled while it opens does not leave it half made).
    """
    sys.stdout.write(prompt)
    sys.stdout.flush()
    loop = asyncio.get_running_loop()
    if loop not in _stdin:
        _stdin.clear()  # a reader belongs to the loop that made it
        _stdin[loop] = loop.create_task(_async_open_stdin())
    reader = await asyncio.shield(_stdin[loop])
    line = await reader.readline()
    if not line:
        raise EOFError("end of input")
    return line.decode(errors="replace").strip()


class HumanAgent:
    """A person at the terminal: watches the table, sees the screen on their turn, types moves.

    Args:
        spec: the application (its `parse` reads what the person types).
        say: prints one or more lines.
        ask: prints a prompt and reads a line.
        ascii: draw cards with letters instead of suit glyphs.
        clock: seconds, monotonic (injected so tests control time).
        live: the output is a terminal, so the waiting line may be rewritten in place and screens cleared.
        write: writes text without a newline (for the line rewritten in place).
    """

    is_bot = False

    def __init__(self, spec: AppSpec, say: Say, ask: Callable[[str], Awaitable[str]] = async_input, *,
                 ascii: bool = False, clock: Callable[[], float] | None = None, live: bool = False,
                 write: Say | None = None) -> None:  # fmt: skip
        self._spec, self._say, self._ask, self._ascii, self._live = spec, say, ask, ascii, live
        self._clock = clock
        self._write = write or (lambda text: click.echo(text, nl=False))
        self._app: Application | None = None
        self._seat = -1
        self._headline = ""
        self._since = 0.0
        self._open = False  # a waiting line is on screen without its newline
        self._choosing = False

    def _close_line(self) -> None:
        if self._open:
            self._write("\r\x1b[K")
            self._open = False

    def observe(self, app: Application, seat: int) -> None:
        self._app, self._seat = app, seat
        news = app.news(self._ascii)
        if self._choosing:
            return  # the person is typing: the next screen shows these moves, the prompt stays put
        lines = ["  " + line for line in news]
        headline = app.headline(seat)
        changed = headline != self._headline
        if changed:
            self._headline, self._since = headline, self._now()
        if app.in_setup() and changed:
            if self._live:
                self._close_line()
                self._write(headline)
                self._open = True
            else:
                lines.append(headline)
        if lines:
            self._close_line()
            self._say("\n".join(lines))

    def _now(self) -> float:
        return self._clock() if self._clock is not None else 0.0

    def waiting_line(self) -> str | None:
        """"Bot 2 thinking... 3 s": whom the table waits for and how long, or None (nobody else, < 1 s)."""
        if self._app is None or self._choosing or self._headline.startswith("your") or self._clock is None:
            return None
        waited = int(self._now() - self._since)
        return f"{self._headline}... {waited} s" if waited >= 1 else None

    def tick(self) -> None:
        line = self.waiting_line()
        if line is not None and self._live:
            self._write("\r\x1b[K" + line)
            self._open = True

    async def async_choose(self, app: Application, seat: int) -> object:
        self._choosing = True
        self._close_line()
        try:
            if self._live:
                click.clear()
            self._say(app.status(seat, self._ascii))
            app.news()  # the screen shows the recent moves already
            while True:
                text = await self._ask("> ")
                try:
                    return self._spec.parse(app, seat, text)
                except ValueError as exc:
                    self._say(str(exc))
        finally:
            self._choosing = False
            self._headline, self._since = app.headline(seat), self._now()

    async def async_wait_ready(self) -> None:
        """Return once Enter is pressed; never at end of input (the table then starts when full)."""
        try:
            await self._ask("press Enter when ready\n")
        except EOFError:
            await asyncio.Event().wait()

    def final_screen(self) -> str | None:
        """The last screen (the finish order with titles), once the game is over."""
        return None if self._app is None else self._app.status(self._seat, self._ascii)


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
        self._agent.observe(self._local.transcript.app, self._local.seat)
        self._changed.set()

    async def async_run(self) -> None:
        """Act whenever the transcript asks this seat to, until it is complete or stopped."""
        ticker = asyncio.get_running_loop().create_task(self._async_tick())
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
