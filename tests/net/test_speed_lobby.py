"""Leaving a Speed table before its game began, as people do it at a terminal (pexpect, on this machine
only): Ctrl-C (a key in Speed's raw mode) or SIGTERM says what happened, as the Shithead lobby does, and
ends with 128 + the signal (130, 143). It said "Left the table (the game stops for both). Bye!": no game had
begun, and no one else sat there."""

from __future__ import annotations

import re
import signal
import socket
from collections.abc import Callable

import pexpect
import pytest

from .pathlan import words
from .test_people import LOOP, People


def _ctrl_c(child: pexpect.spawn) -> int:
    child.sendintr()
    return signal.SIGINT


def _sigterm(child: pexpect.spawn) -> int:
    child.kill(signal.SIGTERM)
    return signal.SIGTERM


def _ends(child: pexpect.spawn, said: str, signum: int) -> None:
    """`child`, stopped by `signum` (sent, or its key typed), says `said` and ends with 128 + `signum`."""
    child.expect(words(said), timeout=15)
    child.expect(pexpect.EOF, timeout=15)
    child.close()
    shown = child.before or ""
    assert child.exitstatus == 128 + signum and "Traceback" not in shown and "game stops for both" not in shown, shown


@pytest.mark.parametrize("stop", [_ctrl_c, _sigterm], ids=["ctrl-c", "sigterm"])
def test_a_speed_host_stopped_before_anyone_sat_says_it_closed_the_table(
        people: People, stop: Callable[[pexpect.spawn], int]) -> None:
    host = people.run("host", "host", "--game", "speed", "--bind", LOOP, "--no-announce", "--name", "ann")
    host.expect("waiting for the other player")
    _ends(host, "Stopped: you left the table before its first game, so it closes. Bye!", stop(host))


@pytest.mark.parametrize("stop", [_ctrl_c, _sigterm], ids=["ctrl-c", "sigterm"])
def test_a_speed_joiner_that_leaves_before_the_game_began_says_so(
        people: People, stop: Callable[[pexpect.spawn], int]) -> None:
    with socket.create_server((LOOP, 0)) as silent:  # a table that takes the link and never answers
        port = silent.getsockname()[1]
        joiner = people.run("bob", "join", "--game", "speed", "--address", f"{LOOP}:{port}", "--bind", LOOP,
                            "--name", "bob")  # fmt: skip
        joiner.expect(re.escape(f"connected to {LOOP} port {port}"))
        joiner.expect("waiting for the other player")
        _ends(joiner, "Left the table before the game began. Bye!", stop(joiner))
