"""Signals at awkward moments for `play`, in a real pseudo-terminal: a `kill` (SIGTERM) or a closed
terminal (SIGHUP) at a prompt ends the program with the terminal as it found it (line mode, echo,
bracketed paste off) and the exit status of the signal, and the next run plays as before."""

from __future__ import annotations

import io
import os
import signal
import sys
import termios
import time
from pathlib import Path

import pexpect
import pytest

PROGRAM = str(Path(sys.executable).with_name("p2pshithead"))
ENV = {**os.environ, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1", "P2PSHITHEAD_LANG": "en"}


def spawn(home: Path, *args: str) -> pexpect.spawn:
    return pexpect.spawn(PROGRAM, ["play", "--delay", "0", "--seed", "1", *args], dimensions=(24, 80), timeout=20,
                         encoding="utf-8", env={**ENV, "P2PSHITHEAD_HOME": str(home)})  # fmt: skip


def until_raw(child: pexpect.spawn, before: list[object], within: float = 15.0) -> None:
    """Once the prompt (or the keys) put the terminal in raw mode, `before` being its line mode."""
    deadline = time.monotonic() + within
    while termios.tcgetattr(child.child_fd)[3] == before[3]:
        assert time.monotonic() < deadline, "the terminal never left line mode"
        time.sleep(0.02)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("where", ["move", "help"])
def test_a_signal_at_a_prompt_puts_the_terminal_back_and_the_next_run_plays(tmp_path: Path, signum: int,
                                                                            where: str) -> None:
    child = spawn(tmp_path)
    before = termios.tcgetattr(child.child_fd)
    child.expect("Type:")
    child.expect_exact("\x1b[?2004h")  # the move's prompt is drawn (bracketed paste on)
    if where == "help":
        child.sendline("?")
        child.expect(r"\(Enter to go back\)")  # the help's prompt, drawn as the move's was
    until_raw(child, before)
    child.kill(signum)
    child.expect(pexpect.EOF)
    after = termios.tcgetattr(child.child_fd)
    shown = child.before
    child.close()
    assert child.exitstatus == 128 + signum and child.signalstatus is None, (child.exitstatus, child.signalstatus)
    assert after[3] == before[3], "the terminal is left in raw mode"
    assert shown.rfind("\x1b[?2004l") > shown.rfind("\x1b[?2004h"), "bracketed paste is left on"
    assert "Traceback" not in shown
    again = spawn(tmp_path)
    again.expect("Type:")
    again.sendline("quit")
    again.expect("y quits")
    again.sendline("y")
    again.expect("Bye!")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_in_a_game_of_speed_puts_the_keys_back_in_line_mode(tmp_path: Path, signum: int) -> None:
    child = spawn(tmp_path, "--game", "speed", "--level", "smart:5s")
    before = termios.tcgetattr(child.child_fd)
    child.expect("Ctrl-C leave")
    until_raw(child, before)  # (one key a card: raw)
    child.kill(signum)
    child.expect(pexpect.EOF)
    after = termios.tcgetattr(child.child_fd)
    child.close()
    assert child.exitstatus == 128 + signum and after[3] == before[3]


@pytest.mark.parametrize("key,said,status", [("d", "End of input: no table was opened. Bye!", 0),
                                             ("c", "Stopped: no table was opened. Bye!", 130)])
def test_ctrl_d_or_ctrl_c_at_the_hosts_first_nickname_question_opens_no_table_in_words(
        tmp_path: Path, key: str, said: str, status: int) -> None:  # fmt: skip
    child = pexpect.spawn(PROGRAM, ["host", "--bind", "127.0.0.1", "--no-announce"], dimensions=(24, 80), timeout=20,
                          encoding="utf-8", env={**ENV, "P2PSHITHEAD_HOME": str(tmp_path)})  # fmt: skip
    before = termios.tcgetattr(child.child_fd)
    child.expect("Your nickname at the table")
    until_raw(child, before)  # the question's prompt is up
    child.sendcontrol(key)
    child.expect(pexpect.EOF)
    child.close()
    assert said in child.before and "Aborted!" not in child.before and child.exitstatus == status, child.before
    assert not (tmp_path / "tables").exists()


def test_a_dumb_terminal_is_sent_no_escape_code(tmp_path: Path) -> None:
    child = pexpect.spawn(PROGRAM, ["play", "--delay", "0", "--seed", "2"], dimensions=(24, 80), timeout=20,
                          encoding="utf-8", env={**ENV, "TERM": "dumb", "P2PSHITHEAD_HOME": str(tmp_path),
                                                 "PROMPT_TOOLKIT_NO_CPR": ""})  # fmt: skip
    child.logfile_read = io.StringIO()
    child.expect(r"Type:.*\n> ")
    child.sendline("r")
    child.expect(r"Type:.*\n> ")
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    shown = child.logfile_read.getvalue()
    assert "\x1b" not in shown and "♦" in shown and child.exitstatus == 0, repr(shown[-300:])


def test_a_game_of_speed_on_a_dumb_terminal_is_sent_no_escape_code(tmp_path: Path) -> None:
    child = pexpect.spawn(PROGRAM, ["play", "--game", "speed", "--level", "smart:5s", "--seed", "1"],
                          dimensions=(24, 80), timeout=20, encoding="utf-8",
                          env={**ENV, "TERM": "dumb", "P2PSHITHEAD_HOME": str(tmp_path)})  # fmt: skip
    child.logfile_read = io.StringIO()
    child.expect("Ctrl-C leave")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    shown = child.logfile_read.getvalue()
    assert "\x1b" not in shown and "LEFT" in shown and child.exitstatus == 130, repr(shown[:300])
