"""A shutdown (`kill`, SIGTERM) of a joiner's program at its prompt, on a laptop at a LAN table (network
namespaces, `join NAME` as typed, a terminal): it drops out as Ctrl-C does away from a prompt, says so
with the next step, and leaves the terminal as it found it; the same `join` comes back."""

from __future__ import annotations

import signal
import termios

import pexpect

from tests.cli.test_audit_signals import until_raw

from .pathlan import NEEDS_ROOT, Lan, lan, words

__all__ = ["lan"]  # the fixture, used by name

pytestmark = NEEDS_ROOT


def test_sigterm_at_a_joiners_prompt_drops_out_in_words_and_puts_the_terminal_back(lan: Lan) -> None:
    """It died of the signal at once: no word, the terminal left raw with bracketed paste on."""
    host = lan.person("host", "host", "--table", "Hostel bar", "--seats", "2", "--turn-time", "0", "--name", "hostie",
                      "--ascii")  # fmt: skip
    host.expect("Hostel bar")
    ann = lan.person("joiner", "join", "Hostel", "bar", "--name", "ann", "--ascii")
    before = termios.tcgetattr(ann.child_fd)
    ann.expect("Type:")
    until_raw(ann, before)
    ann.kill(signal.SIGTERM)
    ann.expect(words("Dropped out."), timeout=10)
    ann.expect(words("run `join` again to come back"), timeout=5)
    ann.expect(pexpect.EOF, timeout=10)
    after = termios.tcgetattr(ann.child_fd)
    shown = ann.logfile_read.getvalue()
    ann.close()
    assert ann.exitstatus == 128 + signal.SIGTERM and after[3] == before[3], (ann.exitstatus, ann.signalstatus)
    assert shown.rfind("\x1b[?2004l") > shown.rfind("\x1b[?2004h") and "Traceback" not in shown
    host.expect(r"ann \(seat 1\) is away")
    again = lan.person("joiner", "join", "Hostel", "bar", "--ascii")  # as it advised
    again.expect("coming back to your unfinished game")
    again.expect(r"hostie \(seat 0\)|\[0\] hostie", timeout=20)
