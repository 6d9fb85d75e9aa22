"""Keys for Speed: the console in raw mode, each keystroke into an asyncio queue, and the console restored
on every way out (normal end, Ctrl-C read as a key, an exception). The keys are read through
prompt_toolkit's own input, which knows Linux and macOS terminals and Windows consoles alike (termios
there, the console API here), and the screen is drawn through its output (`draw`: no raw escape codes
reach a console that would show them), so nothing of this module is POSIX-only. Invariant: while a `RawKeys` is
open the console is raw and nothing else reads its input; output lines end in CR LF."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import sys
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

from p2pshithead.lang import _

if TYPE_CHECKING:  # loaded when keys are read and the screen drawn (start-up: README)
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

__all__ = ["QUIT_KEYS", "RawKeys", "draw"]

QUIT_KEYS = ("\x03", "\x04")  # Ctrl-C, Ctrl-D (raw mode: they arrive as keys, not as signals)


class RawKeys:
    """`async with RawKeys() as keys: key = await keys.get()`: from the console on stdin (which must be
    one), or from `source`, any prompt_toolkit input (a pipe input in tests)."""

    def __init__(self, source: Input | None = None) -> None:
        self._source = source
        self._queue: asyncio.Queue[str] = asyncio.Queue()
        self.quit = asyncio.Event()  # a quit key was pressed (it is queued as well)
        self._open = contextlib.ExitStack()

    async def __aenter__(self) -> RawKeys:
        if self._source is None:
            if not sys.stdin.isatty():
                raise OSError(_("Speed reads single keys: run it in a terminal (stdin is not one)"))
            from prompt_toolkit.input import create_input

            self._source = create_input()
        self._open.enter_context(self._source.raw_mode())
        self._open.enter_context(self._source.attach(self._read))
        return self

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:  # fmt: skip
        self.restore()

    def restore(self) -> None:
        """Stop reading and put the console back as it was (safe to call twice)."""
        self._open.close()

    def _read(self) -> None:
        assert self._source is not None  # attached only once there is one
        for press in self._source.read_keys():
            for char in press.data:  # an escape sequence comes as its characters, as a terminal sends them
                self.press(char)
        if self._source.closed:  # end of input: as Ctrl-D
            self.press(QUIT_KEYS[1])

    def press(self, char: str) -> None:
        """Key `char`, as if pressed at the console (a signal that means a quit key passes one this way)."""
        self._queue.put_nowait(char)
        if char in QUIT_KEYS:
            self.quit.set()

    async def get(self) -> str:
        """The next key."""
        return await self._queue.get()

    def flush(self) -> bool:
        """Drop the keys pressed so far (before play began they meant nothing); whether one was a quit key."""
        quit_key = False
        while not self._queue.empty():
            quit_key |= self._queue.get_nowait() in QUIT_KEYS
        return quit_key


def draw(text: str, out: Output | None = None) -> None:
    """Clear the terminal and show `text` (CR LF line ends: the terminal is raw) through `out`, by default
    prompt_toolkit's output on stdout: VT100 codes where the terminal takes them (Windows 10+ consoles
    too, switched to them), the console API on an older Windows console (which would show the codes)."""
    screen = out or _output(sys.stdout)
    if os.environ.get("TERM") != "dumb":  # (a dumb terminal would show the codes: its screens follow one another)
        screen.erase_screen()
        screen.cursor_goto(0, 0)
    screen.write_raw(text.replace("\n", "\r\n") + "\r\n")
    screen.flush()


@functools.lru_cache(maxsize=1)
def _output(stream: TextIO) -> Output:
    """prompt_toolkit's output for `stream`, made once (it asks the console what it takes)."""
    from prompt_toolkit.output import create_output

    return create_output(stream)
