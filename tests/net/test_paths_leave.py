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
    host.expect(words("You left the game for good, and a table plays on only with its host: it closes now"),
                timeout=10)
    ann.expect(words("The table closed: there is no next game here. Bye!"), timeout=10)
    assert time.monotonic() - start < 10
    for person in (host, ann):
        person.expect(pexpect.EOF, timeout=10)
        person.close()
        assert person.exitstatus == 0 and "Next game at this table?" not in person.logfile_read.getvalue()


def test_a_host_who_left_for_good_is_not_asked_to_play_the_next_game(lan: Lan) -> None:
    """The host's person leaves a game of three at the swap (Ctrl-C, then y): the two bots play it out,
    and the host's program then says the table closes and ends; it asked "Next game at this table?" of
    the person who had just left (Enter there dealt them into a game they had walked out of)."""
    host = lan.person("host", "host", "--table", "Hostel bar", "--seats", "3", "--bots", "2", "--turn-time", "0",
                      "--name", "hostie", "--ascii")  # fmt: skip
    host.expect("Type:", timeout=60)
    time.sleep(1)  # (the prompt drawn)
    host.sendintr()
    host.expect("Leave the game for good")
    host.sendline("y")
    host.expect(words("Game over. Finish order:"), timeout=120)  # the bots played it out
    host.expect(words("You left the game for good, and a table plays on only with its host: it closes now, and "
                      "the others are told. Bye!"), timeout=10)  # fmt: skip
    host.expect(pexpect.EOF, timeout=20)
    host.close()
    shown = host.logfile_read.getvalue()
    assert host.exitstatus == 0 and "Next game at this table?" not in shown and "Traceback" not in shown


def test_a_host_who_left_a_game_others_play_on_is_told_to_keep_the_program_open(lan: Lan) -> None:
    """The host's person leaves a game of three (Ctrl-C, then y) that Ann and a bot play on: the table
    lives in the host's program, and its screen said only "You left the game; bot's turn", so a person
    closed the laptop and the game stopped for the others. It says to keep the program open."""
    host, ann = lan.at_the_swap("--seats", "3", "--bots", "1")
    host.sendintr()
    host.expect("Leave the game for good")
    host.sendline("y")  # Ann thinks on at her swap prompt: the game waits for her
    host.expect(words("You left the game; keep this program open: it runs the table until the others finish"),
                timeout=10)
    assert host.isalive()


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
