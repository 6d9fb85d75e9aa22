"""A person leaves a LAN card table for good while the other sits at a prompt (two laptops: network
namespaces; `host` and `join NAME` as typed, at terminals): the game is over for the one left, at once."""

from __future__ import annotations

import re
import time

import pexpect

from .pathlan import NEEDS_ROOT, Lan, lan, words

__all__ = ["lan"]  # the fixture, used by name

pytestmark = NEEDS_ROOT


def test_the_host_leaving_ends_the_game_on_the_screen_of_a_joiner_at_their_prompt(lan: Lan) -> None:
    """No turn limit: Ann thinks at her swap prompt while the host leaves the game (Ctrl-C, then y). Ann
    wins, and her program signs the game off and says so at once; it sat on her prompt (the screen not
    drawn again), the host on "game over... 12 s", until Ann typed something."""
    host, ann = lan.at_the_swap()
    host.sendintr()
    host.expect("Leave the game for good")
    host.sendline("y")
    start = time.monotonic()
    ann.expect(words("1. ann"), timeout=10)  # the finish order on her screen
    ann.expect(words("so far: 1 game played"), timeout=10)  # signed off: the evening's scoreboard
    host.expect(words("Next game at this table?"), timeout=10)
    assert time.monotonic() - start < 10


def test_ctrl_d_at_a_joiners_prompt_leaves_the_game_for_good(lan: Lan) -> None:
    """Ctrl-D, the end of input, leaves the game for good at a LAN table as in `play` (and as `quit` and
    y): the others play on at once, and the leaver keeps the whole game. It said "End of input: left the
    table. Bye!" while the table held the seat, "ann is away: 120 s to come back", and the game stopped
    for everyone two minutes later; with `quit` and y in a game of two, the leaver's transcript stopped
    while signing ("incomplete", status 1)."""
    host, ann = lan.at_the_swap()
    ann.sendeof()
    host.expect(words("ann leaves the game for good"), timeout=10)
    host.expect(words("Next game at this table?"), timeout=10)
    ann.expect(pexpect.EOF, timeout=15)
    ann.close()
    shown = ann.logfile_read.getvalue()
    assert ann.exitstatus == 0 and "incomplete" not in shown and "Traceback" not in shown, shown[-600:]
    heads = [re.findall(r"head ([0-9a-f]{64})", person.logfile_read.getvalue()) for person in (host, ann)]
    assert heads[0] and heads[0] == heads[1], heads
