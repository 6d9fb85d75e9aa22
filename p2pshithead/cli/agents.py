# Who decides for the local seat of a networked table: a computer player, or a person at this
# terminal who watches the table (`observe`), sees the screen on their turn and types moves. A person's
# waiting line ("Bot 2 thinking... 3 s") is rewritten in place on a terminal, and not printed elsewhere,
# so nothing floods. Invariant: a typed line that cannot be read is answered and asked again; nothing
# typed is lost when a read is cancelled (one shared stdin stream per loop).
"""`BotAgent`, `HumanAgent` and `async_input`: the transport's `Agent`s for a terminal."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol, cast

import click

from p2pshithead.cli.terminal import READER
from p2pshithead.net import Agent, Application

Say = Callable[[str], None]
Bot = Callable[[Application, int, random.Random, int], object]
Parse = Callable[[Application, int, str], object]


class Shown(Protocol):
    """An application as a person sees it (the card game's `NetCardGame`)."""

    def status(self, seat: int | None, ascii: bool = False) -> str: ...
    def headline(self, seat: int | None) -> str: ...
    def news(self, ascii: bool = False) -> list[str]: ...
    def in_setup(self) -> bool: ...


class BotAgent:
    """A computer player: `bot` at `level`, with an injected RNG."""

    is_bot = True

    def __init__(self, bot: Bot, rng: random.Random, level: int = 1) -> None:
        self._bot, self._rng, self._level = bot, rng, level

    async def async_choose(self, app: Application, seat: int) -> object:
        return self._bot(app, seat, self._rng, self._level)

    async def async_wait_ready(self) -> None:
        return None

    def observe(self, app: Application, seat: int, events: Sequence[object]) -> None:
        return None

    def tick(self) -> None:
        return None


async def async_input(prompt: str) -> str:
    """Read one line from the person at this terminal without blocking the loop (`terminal.READER`)."""
    return (await READER.async_read(prompt)).strip()


class HumanAgent:
    """A person at the terminal: watches the table, sees the screen on their turn, types moves.

    Args:
        parse: reads what the person types into a payload (ValueError: a hint to show).
        say: prints one or more lines.
        ask: prints a prompt and reads a line.
        ascii: draw cards with letters instead of suit glyphs.
        clock: seconds, monotonic (injected so tests control time).
        live: the output is a terminal, so the waiting line may be rewritten in place and screens cleared.
        write: writes text without a newline (for the line rewritten in place).
    """

    is_bot = False

    def __init__(self, parse: Parse, say: Say, ask: Callable[[str], Awaitable[str]] = async_input, *,
                 ascii: bool = False, clock: Callable[[], float] | None = None, live: bool = False,
                 write: Say | None = None) -> None:  # fmt: skip
        self._parse, self._say, self._ask, self._ascii, self._live = parse, say, ask, ascii, live
        self._clock = clock
        self._write = write or (lambda text: click.echo(text, nl=False))
        self._app: Shown | None = None
        self._seat = -1
        self._headline = ""
        self._since = 0.0
        self._open = False  # a waiting line is on screen without its newline
        self._choosing = False

    def _close_line(self) -> None:
        if self._open:
            self._write("\r\x1b[K")
            self._open = False

    def observe(self, app: Application, seat: int, events: Sequence[object]) -> None:
        shown = cast(Shown, app)
        self._app, self._seat = shown, seat
        news = shown.news(self._ascii)
        if self._choosing:
            return  # the person is typing: the next screen shows these moves, the prompt stays put
        lines = ["  " + line for line in news]
        headline = shown.headline(seat)
        changed = headline != self._headline
        if changed:
            self._headline, self._since = headline, self._now()
        if shown.in_setup() and changed:
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
        shown = cast(Shown, app)
        self._choosing = True
        self._close_line()
        try:
            if self._live:
                click.clear()
            self._say(shown.status(seat, self._ascii))
            shown.news()  # the screen shows the recent moves already
            while True:
                text = await self._ask("> ")
                try:
                    return self._parse(app, seat, text)
                except ValueError as exc:
                    self._say(str(exc))
        finally:
            self._choosing = False
            self._headline, self._since = shown.headline(seat), self._now()

    async def async_wait_ready(self) -> None:
        """Return once Enter is pressed; never at end of input (the table then starts when full)."""
        try:
            await self._ask("press Enter when ready\n")
        except EOFError:
            await asyncio.Event().wait()

    def final_screen(self) -> str | None:
        """The last screen (the finish order with titles), once the game is over."""
        return None if self._app is None else self._app.status(self._seat, self._ascii)
