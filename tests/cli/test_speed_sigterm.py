"""A Speed player's program stopped with SIGTERM (a laptop shutting down, `kill`, a session manager
closing the terminal) on the LAN (two laptops: network namespaces; `host --game speed` and
`join --game speed NAME` as typed, at terminals) leaves the table as Ctrl-C does (audit 5)."""

from __future__ import annotations

import signal
import time

import pexpect
import pytest

from tests.net.pathlan import NEEDS_ROOT, Lan, lan, words

__all__ = ["lan"]  # the fixture, used by name

pytestmark = NEEDS_ROOT


@pytest.mark.parametrize(("stopped", "stop"), [("joiner", signal.SIGTERM), ("host", signal.SIGTERM),
                                               ("joiner", signal.SIGHUP)], ids=["joiner", "host", "joiner-hangup"])
def test_a_speed_player_stopped_with_sigterm_leaves_as_its_screen_says(lan: Lan, stopped: str,
                                                                       stop: signal.Signals) -> None:  # fmt: skip
    """SIGTERM (or SIGHUP: its terminal closed) to either player's program: its screen says "Left the
    table (the game stops for both). Bye!", the words of Ctrl-C, and the other person wins ("You win: the
    other player left the game"), as after Ctrl-C. (Audit 5: no leave reached the table; the host's screen
    said "Game over: bob's program ended or lost its link, and was not back within 5 s", the joiner's
    "error: the game is over: ann's program ended"; 3 times in 3.)"""
    host = lan.person("host", "host", "--game", "speed", "--table", "Hostel bar", "--name", "ann", "--ascii")
    host.expect("waiting for the other player")
    joiner = lan.person("joiner", "join", "--game", "speed", "Hostel bar", "--name", "bob", "--ascii")
    host.expect("Ctrl-C leave")
    joiner.expect("Ctrl-C leave")
    time.sleep(3)  # (the deal done: cards on both piles)
    gone, other = (joiner, host) if stopped == "joiner" else (host, joiner)
    gone.kill(stop)
    gone.expect(pexpect.EOF, timeout=10)
    gone.close()
    assert gone.exitstatus == 128 + stop, gone.exitstatus  # a shell's status for a death by that signal
    said = gone.logfile_read.getvalue()
    index = other.expect([words("the other player left the game"), words("was not back within"),
                          words("the game is over")], timeout=20)  # fmt: skip
    assert "Left the table (the game stops for both). Bye!" in said, said[-300:]
    assert index == 0, (said[-300:], other.logfile_read.getvalue()[-400:])
