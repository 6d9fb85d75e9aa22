"""`RawKeys`: keys come one at a time; `flush` drops what was typed before play began (and says whether
a quit key was among it); the end of input reads as Ctrl-D. Through prompt_toolkit's pipe input (any
platform), and on a real pseudo-terminal (POSIX only: pty and termios), which is put back as it was.
`draw` clears the screen through prompt_toolkit's output: the console's own calls where it has them."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable

import pytest
from prompt_toolkit.input import Input, create_input, create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pshithead.cli.speedkeys import QUIT_KEYS, RawKeys, draw


async def _typed(source: Input, send: Callable[[str], object], text: str) -> tuple[bool, str]:
    async with RawKeys(source) as keys:
        send(text)
        await asyncio.sleep(0.2)  # the event loop reads them in
        dropped_quit = keys.flush()
        send("w")
        return dropped_quit, await asyncio.wait_for(keys.get(), 5)


def _through_pipe(text: str) -> tuple[bool, str]:
    with create_pipe_input() as pipe:
        return asyncio.run(_typed(pipe, pipe.send_text, text))


def test_keys_typed_before_play_are_dropped_and_a_quit_among_them_is_kept() -> None:
    assert _through_pipe("12q") == (False, "w")  # "q" plays (the right pile), it does not quit
    assert _through_pipe("1" + QUIT_KEYS[0]) == (True, "w")


def test_the_end_of_input_reads_as_ctrl_d() -> None:
    async def ended() -> str:
        with create_pipe_input() as pipe:
            async with RawKeys(pipe) as keys:
                pipe.close()
                return await asyncio.wait_for(keys.get(), 5)

    assert asyncio.run(ended()) == QUIT_KEYS[1]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX only: a pseudo-terminal (pty, termios)")
def test_a_real_terminal_is_raw_while_open_and_put_back_after() -> None:
    import pty
    import termios

    leader, follower = pty.openpty()
    before = termios.tcgetattr(follower)

    async def typed(source: Input) -> tuple[tuple[bool, str], bool]:
        async with RawKeys(source):
            raw = termios.tcgetattr(follower) != before
        return await _typed(source, lambda text: os.write(leader, text.encode()), "1" + QUIT_KEYS[0]), raw

    try:
        with os.fdopen(follower, "r", closefd=False) as stdin:
            assert asyncio.run(typed(create_input(stdin))) == ((True, "w"), True)
        assert termios.tcgetattr(follower) == before
    finally:
        os.close(leader)
        os.close(follower)


class _Console(DummyOutput):
    """An older Windows console as prompt_toolkit's Win32Output drives it: clearing and moving the cursor
    are console calls (recorded here), and whatever is written shows as it is, escape codes too."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def erase_screen(self) -> None:
        self.calls.append("erase")

    def cursor_goto(self, row: int = 0, column: int = 0) -> None:
        self.calls.append(f"goto {row},{column}")

    def write_raw(self, data: str) -> None:
        self.calls.append(data)


def test_a_screen_is_drawn_by_the_consoles_own_calls_never_by_escape_codes() -> None:
    console = _Console()
    draw("Speed\n1:5h", console)
    assert console.calls == ["erase", "goto 0,0", "Speed\r\n1:5h\r\n"]
