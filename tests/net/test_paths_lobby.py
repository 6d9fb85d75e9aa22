"""Ctrl-D at the lobby's "press Enter when ready", as people meet it: two laptops (network namespaces),
`host` and `join NAME` as typed at terminals. At a terminal it leaves the table, in words, as Ctrl-D does
at every other prompt (it did nothing: the key was swallowed); input piped from a script that runs out
still keeps the seat, and the table starts when full."""

from __future__ import annotations

import os
import subprocess
import time

import pexpect

from p2pshithead.cli.home import HOME_ENV

from .pathlan import NEEDS_ROOT, PROGRAM, Lan, lan, words

__all__ = ["lan"]  # the fixture, used by name

pytestmark = NEEDS_ROOT


def _lobby(lan: Lan) -> pexpect.spawn:
    """A table of three seats, its host at their ready prompt."""
    host = lan.person("host", "host", "--table", "Hostel bar", "--seats", "3", "--name", "hostie", "--ascii")
    host.expect("press Enter when ready")
    return host


def _with_ann(lan: Lan) -> tuple[pexpect.spawn, pexpect.spawn]:
    """`_lobby`, and Ann seated at her ready prompt."""
    host = _lobby(lan)
    ann = lan.person("joiner", "join", "Hostel", "bar", "--name", "ann", "--ascii")
    ann.expect("press Enter when ready")
    host.expect("ann sits in seat 1")
    time.sleep(0.5)  # (the prompts drawn)
    return host, ann


def _ctrl_d_leaves(person: pexpect.spawn, said: str) -> None:
    """Ctrl-D at `person`'s ready prompt: `said`, and the program ends well (0, no traceback)."""
    person.sendeof()
    person.expect(words(said), timeout=10)
    _ends(person, 0)


def _ends(person: pexpect.spawn, status: int, *unsaid: str) -> None:
    """`person`'s program ends with `status`, having shown no traceback, nor any of `unsaid`."""
    person.expect(pexpect.EOF, timeout=15)
    person.close()
    shown = person.logfile_read.getvalue()
    assert person.exitstatus == status and not any(w in shown for w in ("Traceback", *unsaid)), shown[-800:]


def test_ctrl_d_at_a_joiners_ready_prompt_leaves_the_table(lan: Lan) -> None:
    host, ann = _with_ann(lan)
    _ctrl_d_leaves(ann, "End of input: left the table. Bye!")
    host.expect(words("ann (seat 1) left the lobby"), timeout=10)


def test_ctrl_d_at_the_hosts_ready_prompt_closes_the_table_in_words(lan: Lan) -> None:
    host, ann = _with_ann(lan)
    _ctrl_d_leaves(host, "End of input: you left the table before its first game, so it closes. Bye!")
    _told_closed(ann)


def test_input_piped_that_runs_out_at_the_ready_prompt_keeps_the_seat(lan: Lan) -> None:
    """A script's input (here none at all) ends at the ready prompt: the seat stays, and once a third
    player fills the table the game starts with it."""
    host = _lobby(lan)

    def joiner(home: str, *args: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen(["ip", "netns", "exec", lan.joiner_ns, PROGRAM, "join", "Hostel", "bar", *args],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env={**os.environ, HOME_ENV: str(lan.tmp / home)})  # fmt: skip

    ann = joiner("ann", "--name", "ann")
    try:
        host.expect("ann sits in seat 1", timeout=20)
        kept = host.expect([r"left the lobby", pexpect.TIMEOUT], timeout=3)
        bot = joiner("bot", "--bot", "--name", "bot")
        try:
            host.expect(words("game starts: you are seat 0 of 3 (hostie, ann, bot)"), timeout=20)
        finally:
            bot.kill()
            bot.wait()
    finally:
        ann.kill()
        ann.wait()
    assert kept == 1


def test_ctrl_c_at_the_hosts_ready_prompt_closes_the_table_in_words(lan: Lan) -> None:
    """It said "Stopped hosting", then printed a traceback ("Task exception was never retrieved ...
    KeyboardInterrupt") and "Task was destroyed but it is pending!"."""
    host, ann = _with_ann(lan)
    host.sendintr()
    host.expect(words("Stopped: you left the table before its first game, so it closes. Bye!"), timeout=10)
    _ends(host, 130, "Task")
    _told_closed(ann)


def _told_closed(joiner: pexpect.spawn) -> None:
    """The joiner in the lobby is told its host closed the table, by name, and what to do next; it leaves
    with status 1 (it said "error: host of Hostel bar: the host closed the table", status 3)."""
    joiner.expect(words("The host closed the table 'Hostel bar' before its first game. To play, `p2pshithead join` "
                        "finds another table, or `p2pshithead host` opens one. Bye!"), timeout=10)
    _ends(joiner, 1, "error")


def test_ctrl_c_at_a_joiners_ready_prompt_leaves_the_lobby_in_words(lan: Lan) -> None:
    """It said "Dropped out. If a game was in play, the others wait for you...", while the host freed the seat."""
    host, ann = _with_ann(lan)
    ann.sendintr()
    ann.expect(words("Left the table before the game began. Bye!"), timeout=10)
    _ends(ann, 130, "Task")
    host.expect(words("ann (seat 1) left the lobby"), timeout=10)
