"""Keys for Speed: the terminal in raw mode, each keystroke into an asyncio queue, and the terminal
restored on every way out (normal end, Ctrl-C read as a key, an exception, interpreter exit). Invariant:
while a `RawKeys` is open the terminal is raw and nothing else reads stdin; output lines end in CR LF."""

from __future__ import annotations

import asyncio
import atexit
import os
import sys
import termios
import tty
from types import TracebackType
from typing import Any, TextIO

__all__ = ["QUIT_KEYS", "RawKeys", "draw"]

QUIT_KEYS = ("\x03", "\x04")  # Ctrl-C, Ctrl-D (raw mode: they arrive as keys, not as signals)


class RawKeys:
    """`async with RawKeys() as keys: key = await keys.get()` (stdin must be a terminal)."""

    def __init__(self, fd: int | None = None) -> None:
        self._fd = sys.stdin.fileno() if fd is None else fd
        self._saved: list[Any] | None = None
        self._queue: asyncio.Queue[str] = asyncio.Queue()

    async def __aenter__(self) -> RawKeys:
        if not os.isatty(self._fd):
            raise OSError("Speed reads single keys: run it in a terminal (stdin is not one)")
        self._saved = termios.tcgetattr(self._fd)
        atexit.register(self.restore)
        tty.setraw(self._fd, termios.TCSANOW)
        asyncio.get_running_loop().add_reader(self._fd, self._read)
        return self

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:  # fmt: skip
        asyncio.get_running_loop().remove_reader(self._fd)
        self.restore()

    def restore(self) -> None:
        """Put the terminal back as it was (safe to call twice)."""
        if self._saved is not None:
            termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
            self._saved = None
            atexit.unregister(self.restore)

    def _read(self) -> None:
        try:
            data = os.read(self._fd, 64)
        except OSError:
            data = b""
        for char in data.decode(errors="replace") or QUIT_KEYS[1]:
            self._queue.put_nowait(char)

    async def get(self) -> str:
        """The next key."""
        return await self._queue.get()

    def flush(self) -> bool:
        """Drop the keys pressed so far (before play began they meant nothing); whether one was a quit key."""
        quit_key = False
        while not self._queue.empty():
            quit_key |= self._queue.get_nowait() in QUIT_KEYS
        return quit_key


def draw(text: str, out: TextIO | None = None) -> None:
    """Clear the terminal and show `text` (CR LF line ends: the terminal is raw)."""
    stream = out or sys.stdout
    stream.write("\x1b[H\x1b[2J" + text.replace("\n", "\r\n") + "\r\n")
    stream.flush()
