"""Audit 5: a Speed player's program stopped with SIGTERM (a laptop shutting down, `kill`, a session
manager closing the terminal) on the LAN (two laptops: network namespaces; `host --game speed` and
`join --game speed NAME` as typed, at terminals)."""

from __future__ import annotations

import signal
import time

import pexpect

from tests.net.pathlan import NEEDS_ROOT, Lan, lan, words

__all__ = ["lan"]  # the fixture, used by name

pytestmark = NEEDS_ROOT


def test_a_speed_joiner_stopped_with_sigterm_leaves_as_its_screen_says(lan: Lan) -> None:
    """SIGTERM to the joiner's program: its screen says "Left the table (the game stops for both). Bye!",
    the words of Ctrl-C, after which the host's person wins ("You win: the other player left the game").
    But no leave reaches the table: the host's screen says "Game over: bob's program ended or lost its
    link, and was not back within 5 s" and its transcript is a stopped game (the same with the host
    stopped so: the joiner's says "error: the game is over: ann's program ended"; 3 times in 3)."""
    host = lan.person("host", "host", "--game", "speed", "--table", "Hostel bar", "--name", "ann", "--ascii")
    host.expect("waiting for the other player")
    joiner = lan.person("joiner", "join", "--game", "speed", "Hostel bar", "--name", "bob", "--ascii")
    host.expect("Ctrl-C leave")
    joiner.expect("Ctrl-C leave")
    time.sleep(3)  # (the deal done: cards on both piles)
    joiner.kill(signal.SIGTERM)
    joiner.expect(pexpect.EOF, timeout=10)
    said = joiner.logfile_read.getvalue()
    index = host.expect([words("the other player left the game"), words("was not back within")], timeout=20)
    if "Left the table" in said:
        assert index == 0, (said[-300:], host.logfile_read.getvalue()[-400:])
