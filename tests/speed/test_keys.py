"""`RawKeys` on a real pseudo-terminal: keys come one at a time; `flush` drops what was typed before play
began (and says whether a quit key was among it), and the terminal is put back as it was."""

from __future__ import annotations

import asyncio
import os
import pty
import termios

from p2pshithead.cli.speedkeys import QUIT_KEYS, RawKeys


async def _typed(text: bytes) -> tuple[bool, str, bool]:
    leader, follower = pty.openpty()
    before = termios.tcgetattr(follower)
    try:
        async with RawKeys(follower) as keys:
            os.write(leader, text)
            await asyncio.sleep(0.2)  # the event loop reads them in
            dropped_quit = keys.flush()
            os.write(leader, b"w")
            after_flush = await asyncio.wait_for(keys.get(), 5)
        return dropped_quit, after_flush, termios.tcgetattr(follower) == before
    finally:
        os.close(leader)
        os.close(follower)


def test_keys_typed_before_play_are_dropped_and_a_quit_among_them_is_kept() -> None:
    assert asyncio.run(_typed(b"12q")) == (False, "w", True)  # "q" plays (the right pile), it does not quit
    assert asyncio.run(_typed(b"1" + QUIT_KEYS[0].encode())) == (True, "w", True)
