"""A host that stops with its own bots at the table (`host --bots N`), as a person stops it: Ctrl-C (the
program then advises `host --resume`), SIGTERM (a shutdown), SIGHUP (its terminal closed) or kill -9 (a
crash). `host --resume`, typed as advised, plays the game out with the same bots in their seats, and no
bot outlives its table."""

from __future__ import annotations

import os
import signal
import time

import pexpect
import pytest

from p2pshithead.cli.home import HOME_ENV
from p2pshithead.cli.host import _BOT_EXIT_WAIT_S

from .test_rejoin import CLI, END_S, Table, until_entries

ENV = {"TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}


def _host(table: Table, *args: str, background: bool = False) -> pexpect.spawn:
    """`host ARGS` on a terminal; `background`: started as a shell starts `host ... &` from a script (or nohup
    does), its Ctrl-C ignored."""
    env = {**os.environ, **ENV, HOME_ENV: str(table.root / "host")}
    ignore = (lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if background else None
    child = pexpect.spawn(CLI[0], [*CLI[1:], "host", *args], env=env, encoding="utf-8", timeout=END_S,
                          dimensions=(40, 160), preexec_fn=ignore)  # fmt: skip
    child.logfile_read = open(table.root / f"host-{len(list(table.root.glob('host-*.log')))}.log", "w")  # noqa: SIM115
    return child


def _gone(table: Table, within: float) -> list[int]:
    """This table's processes still running after `within` seconds (none, once every bot has left)."""
    deadline = time.monotonic() + within
    while (left := table.orphans()) and time.monotonic() < deadline:
        time.sleep(0.2)
    return left


@pytest.mark.parametrize(("stop", "background"), [
    (signal.SIGINT, False), (signal.SIGTERM, False), (signal.SIGHUP, False), (signal.SIGKILL, False),
    (signal.SIGTERM, True),  # it died of the signal at once, its bots left running, no word
], ids=["ctrl-c", "sigterm", "hangup", "kill-9", "sigterm-started-with-&"])  # fmt: skip
def test_host_resume_brings_its_bots_back_to_their_seats(table: Table, stop: signal.Signals, background: bool) -> None:
    host = _host(table, "--bind", "127.0.0.1", "--no-announce", "--autoplay", "--seats", "3", "--bots", "2",
                 "--away-time", "40", "--turn-time", "0", background=background)  # fmt: skip
    until_entries(table.root / "host", 20)  # its game under way
    stopped = time.monotonic()
    os.kill(host.pid, stop)
    if stop is not signal.SIGKILL:
        host.expect("host --resume")  # what the program advises
    host.expect(pexpect.EOF)
    host.close()
    if stop is not signal.SIGKILL:  # its bots, which would wait for the table in vain, are not waited for
        assert time.monotonic() - stopped < _BOT_EXIT_WAIT_S
    if stop is not signal.SIGKILL:
        assert _gone(table, 15) == []  # a host that stopped in good order takes its bots with it
    resumed = _host(table, "--resume", "--autoplay")
    resumed.expect("resuming the game")
    assert resumed.expect([r"finish order: 1\.", "game stopped"]) == 0, resumed.before
    resumed.expect(pexpect.EOF)
    resumed.close()
    assert resumed.exitstatus == 0
    assert _gone(table, 15) == []  # no bot outlives its table


def test_a_bot_of_the_host_s_killed_in_a_game_is_started_again_and_the_game_plays_out(table: Table) -> None:
    """Its bot process was left a zombie, the table waited for it in vain and stopped at the away limit."""
    host = _host(table, "--bind", "127.0.0.1", "--no-announce", "--autoplay", "--seats", "3", "--bots", "2",
                 "--away-time", "40", "--turn-time", "0")  # fmt: skip
    until_entries(table.root / "host", 20)  # its game under way
    home = table.root / "host" / "bots" / "1"
    killed = int((home / "pid").read_text())
    os.kill(killed, signal.SIGKILL)
    assert host.expect([r"finish order: 1\.", "game stopped"]) == 0, host.before
    host.expect(pexpect.EOF)
    host.close()
    assert host.exitstatus == 0
    assert int((home / "pid").read_text()) != killed  # started again, once
    assert _gone(table, 15) == []  # no bot outlives its table
