# The one place that reads what a person types. On a console (stdin and stdout both terminals) lines go
# through prompt_toolkit, which works on Linux, macOS and Windows consoles and gives line editing and
# history; elsewhere (a pipe, a file, a terminal that says TERM=dumb) lines are read plainly. The async
# reader never blocks the event loop: a plain line is read by a daemon thread (so a program may exit
# while it waits). Invariants: end of input raises EOFError; a read cancelled while it waits for a plain
# line loses nothing (the next read takes that line); a console read whose caller can draw its screen
# again (`resized`) does so as soon as the terminal's size changes, keeping what was typed (prompt_toolkit
# sees the change by SIGWINCH where the platform has it, by polling the size on Windows); a line printed
# while a console read waits (`echo`) goes above the prompt, never onto its line; a line typed before the screen
# that asks was drawn (`hold_typed_ahead`) is shown in the next prompt, sent only by Enter. A console's prompt is
# drawn by prompt_toolkit past this program's stdout: it is put in visual order here (cli/visual.py).
"""`LineReader`: a person's lines, synchronously (`read`) or from an event loop (`async_read`)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import sys
import threading
from collections.abc import Callable
from functools import partial
from types import FrameType
from typing import TYPE_CHECKING

import click

from p2pshithead.cli.fit import paragraphs, shown_width
from p2pshithead.cli.render import SMALLEST
from p2pshithead.cli.visual import shown

if TYPE_CHECKING:  # loaded when a console asks (start-up: README)
    import asyncio

    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import Application
    from prompt_toolkit.data_structures import Size


def is_console() -> bool:
    """Whether a person types at a terminal that takes escape codes here (stdin and stdout are terminals,
    and it is not one that says TERM=dumb)."""
    return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


def fitted(text: str) -> str:
    """`text` wrapped at word boundaries to the terminal's width when a person reads it there; as it is
    for a pipe (a script reads whole lines)."""
    return paragraphs(text, terminal_size()[0]) if sys.stdout.isatty() else text


def terminal_size() -> tuple[int, int]:
    """The terminal's (columns, lines) now; 80x24 where there is none (a pipe); at least `SMALLEST`."""
    size = shutil.get_terminal_size((80, 24))
    return max(SMALLEST[0], size.columns), max(SMALLEST[1], size.lines)


def end_on_hangup() -> None:
    """From now on SIGTERM (`kill`, a shutdown) and SIGHUP (the terminal closed) end this program as
    `SystemExit(128 + the signal)`, a shell's status for a death by that signal: a prompt that is up ends
    first (as for a line typed, never midway through a redraw), and it or the raw keys in use put the
    terminal back as they found it (by default the signal killed the
    process at once, leaving the terminal raw and bracketed paste on)."""
    for name in ("SIGTERM", "SIGHUP"):  # (Windows has no SIGHUP)
        if (signum := getattr(signal, name, None)) is not None:
            signal.signal(signum, _exit_by)


def stop_on_term() -> None:
    """From now on SIGTERM (a shutdown, `kill`) and SIGHUP (the terminal closed) stop this program as
    Ctrl-C does away from a prompt (a host closes its table in good order and takes its bots with it, a
    joiner drops out, each saying so and putting the terminal back), but for the exit status: 128 + the
    signal (`stopped_status`). Call it from the coroutine `asyncio.run` runs: it takes that run's SIGINT
    handler (which cancels the main task) before a prompt puts its own in place, since at a prompt Ctrl-C
    is a key (it asks to leave) and these must not be. In a program whose Ctrl-C is ignored (started with `&`
    from a script, or by nohup: a bot left running) asyncio.run took none, and these raise KeyboardInterrupt
    where the loop is, which ends the run as Ctrl-C would have, the main task cancelled (before, the signal
    killed the program at once: no leave, no word)."""
    interrupt = signal.getsignal(signal.SIGINT)
    if not callable(interrupt):
        interrupt = signal.default_int_handler
    for name in ("SIGTERM", "SIGHUP"):  # (Windows has no SIGHUP)
        if (signum := getattr(signal, name, None)) is not None:
            signal.signal(signum, partial(_stop, interrupt))


def _stop(interrupt: Callable[[int, FrameType | None], object], signum: int, frame: FrameType | None) -> None:
    stopped_by(signum)
    interrupt(signal.SIGINT, frame)


_STOPPED_BY = [int(signal.SIGINT)]  # the signal that stopped this program as Ctrl-C does (Ctrl-C until another)


def stopped_by(signum: int) -> None:
    """Signal `signum` (SIGTERM, SIGHUP) stops this program as Ctrl-C does: `stopped_status` says so."""
    _STOPPED_BY[0] = signum


def stopped_status() -> int:
    """The exit status of a program stopped as Ctrl-C stops it: 128 + the signal that stopped it, a shell's
    status for a death by that signal (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP)."""
    return 128 + _STOPPED_BY[0]


def _exit_by(signum: int, _frame: object) -> None:
    from prompt_toolkit.application.current import get_app_or_none

    app, status = get_app_or_none(), SystemExit(128 + signum)
    if app is not None and app.is_running and app.loop is not None and not app.loop.is_closed():
        app.loop.call_soon_threadsafe(_end_prompt, app, status)  # a prompt is up: it ends as for a line typed,
        return  # its terminal put back, and raises `status` then
    raise status


def _end_prompt(app: Application[object], status: SystemExit) -> None:
    if not app.future.done():  # type: ignore[union-attr]
        app.exit(exception=status)


class _Resized(str):  # (never leaves this module: the read shows its prompt again)
    """What a console read returns, as a value, when the terminal's size changed under it: the text typed."""

    __slots__ = ()


class LineReader:
    """Reads lines from the person at this program's terminal (one reader per program)."""

    def __init__(self) -> None:
        self._session: PromptSession[str] | None = None
        self._waiting: asyncio.Future[str] | None = None  # a plain line being read by the thread
        self._size: Size | None = None  # the terminal's size when the console read began
        self._resizable = False  # the read in progress ends at a resize (its caller draws again)
        self._redraw: Callable[[], None] | None = None  # draws the screen at a resize between reads
        self._held = ""  # a line typed ahead of the screen the next prompt answers, shown in that prompt

    def hold_typed_ahead(self) -> None:
        """A screen that asks the person is about to be drawn: the lines typed before it (while others
        played) answer no screen the person has seen, so the next prompt shows the last of them as typed,
        sent only by Enter. Keys typed from now on are read as ever: a line typed once the screen is up
        is sent as its Enter is pressed, even before the prompt is drawn."""
        session = self._console()
        if session is not None:
            self._held = _typed_ahead(session) or self._held

    def _console(self) -> PromptSession[str] | None:
        if not is_console():
            return None
        if self._session is None:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.history import InMemoryHistory
            from prompt_toolkit.styles import Style

            # (prompt_toolkit underlines a no-break space, which French puts before ? and :, in yellow)
            self._session = PromptSession(history=InMemoryHistory(), style=Style.from_dict({"nbsp": "nounderline"}))
            self._session.app.before_render += self._check_size
        return self._session

    def _check_size(self, app: Application[str]) -> None:
        """Before each render of the prompt: a new terminal size ends a resizable read."""
        size = app.output.get_size()
        if self._size is None:
            self._size = size
        elif size != self._size and self._resizable and not app.future.done():  # type: ignore[union-attr]
            app.exit(result=_Resized(app.current_buffer.text))

    def _begin(self, resized: Callable[[], None] | None) -> None:
        self._size, self._resizable = None, resized is not None

    def read(self, prompt: str, resized: Callable[[], None] | None = None) -> str:
        """Show `prompt` and return the line typed, without its newline; on a console `resized` (the
        caller's screen drawn again) is called at once when the terminal's size changes, and the prompt
        is shown again below it with what was typed.

        Raises:
            EOFError: at end of input (Ctrl-D).
        """
        session = self._console()
        if session is None:
            sys.stdout.write(prompt)
            sys.stdout.flush()
            return _plain_line(sys.stdin.readline())
        typed, self._held = self._held, ""
        while True:
            self._begin(resized)
            import asyncio  # (prompt_toolkit loaded it)

            try:
                got = session.prompt(shown(_wrapped(prompt)), default=typed, rprompt="", refresh_interval=0)
            except asyncio.CancelledError:  # Ctrl-C as the prompt's own event loop began: asyncio.run's
                raise KeyboardInterrupt from None  # handler, not yet the prompt's, cancelled it
            if not isinstance(got, _Resized):
                return got
            typed = str(got)
            assert resized is not None
            resized()

    async def async_read(self, prompt: str, right: Callable[[], str] | None = None,
                         resized: Callable[[], None] | None = None) -> str:  # fmt: skip
        """`read` without blocking the running event loop; on a console `right` (the time left) is shown at
        the right of the prompt line and redrawn every second."""
        session = self._console()
        if session is not None:  # (a session keeps what it was given, None too: each read says it again)
            typed, self._held = self._held, ""
            while True:
                self._begin(resized)
                try:
                    got = await session.prompt_async(shown(_wrapped(prompt)), default=typed, rprompt=right or "",
                                                     refresh_interval=1.0 if right else 0)  # fmt: skip
                finally:
                    self._watch_size()  # the signal back from prompt_toolkit
                if not isinstance(got, _Resized):
                    return got
                typed = str(got)
                assert resized is not None
                resized()
        sys.stdout.write(prompt)
        sys.stdout.flush()
        import asyncio

        loop = asyncio.get_running_loop()
        if self._waiting is None or self._waiting.get_loop() is not loop:
            self._waiting = loop.create_future()
            threading.Thread(target=_read_into, args=(loop, self._waiting), daemon=True).start()
        line = await asyncio.shield(self._waiting)
        self._waiting = None
        return _plain_line(line)

    def on_resize(self, redraw: Callable[[], None]) -> None:
        """Call `redraw` at once whenever the terminal's size changes while no console read waits: by
        SIGWINCH on the running loop where the platform has it (a read's prompt_toolkit takes the signal
        over while it runs, and it is given back after each read); on Windows, which has none, a screen
        is fitted at its next event."""
        self._redraw = redraw
        self._watch_size()

    def _watch_size(self) -> None:
        winch = getattr(signal, "SIGWINCH", None)
        if self._redraw is not None and winch is not None:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # no loop, not main thread
                import asyncio

                asyncio.get_running_loop().add_signal_handler(winch, self._redraw)

    def echo(self, text: str) -> None:
        """Print `text` as lines of its own: above the prompt while a console read waits."""
        if self._session is not None and self._session.app.is_running:
            from prompt_toolkit.application import run_in_terminal

            run_in_terminal(lambda: click.echo(text))
        else:
            click.echo(text)


def _wrapped(prompt: str) -> str:
    """`prompt` wrapped at words to the terminal's width now, a column left for the cursor, its trailing
    space or newline kept (a long question at 60 columns was cut mid-word by the terminal)."""
    body = prompt.rstrip()
    width = terminal_size()[0] - 1
    if all(shown_width(line) <= width for line in body.splitlines()):
        return prompt
    return paragraphs(body, width) + prompt[len(body):]


def _typed_ahead(session: PromptSession[str]) -> str:
    """The last line typed while no prompt was up (the terminal held it, or the last prompt read it past
    its own Enter), taken from the input; keys typed without an Enter stay there (the next prompt reads
    them as text)."""
    from prompt_toolkit.input.typeahead import get_typeahead

    text = "".join(key.data for key in get_typeahead(session.app.input))
    if os.name == "posix":  # a terminal in its line mode between prompts hands over one whole line a read
        import select

        fd = sys.stdin.fileno()
        for _line in range(_AHEAD_LINES):
            if not select.select([fd], [], [], 0)[0] or not (line := os.read(fd, 4096)):
                break  # (a Ctrl-D typed ahead is let go: it ended no prompt)
            text += line.decode(errors="replace")
    lines = ["".join(c for c in line if c.isprintable()) for line in text.replace("\r", "\n").split("\n")]
    return next((line for line in reversed(lines) if line.strip()), "")


_AHEAD_LINES = 64  # lines typed ahead read at most before a prompt (the last is shown)


def _read_into(loop: asyncio.AbstractEventLoop, future: asyncio.Future[str]) -> None:
    line = sys.stdin.readline()

    def settle() -> None:
        if not future.done():
            future.set_result(line)

    if not loop.is_closed():
        loop.call_soon_threadsafe(settle)


def _plain_line(line: str) -> str:
    if not line:
        raise EOFError("end of input")
    return line.rstrip("\r\n")


READER = LineReader()
"""This program's reader of the person's lines."""
