"""Audit 5: the question before leaving a LAN game for good ("Leave the game for good? ... y to leave,
Enter to stay"), met with Ctrl-C at a person's prompt, and a joiner whose host never comes back (two
laptops: network namespaces; `host` and `join NAME` as typed, at terminals)."""

from __future__ import annotations

import contextlib
import re
import time

import pexpect

from tests.net.pathlan import NEEDS_ROOT, Lan, lan, words

__all__ = ["lan"]  # the fixture, used by name

pytestmark = NEEDS_ROOT


def test_the_turn_clock_runs_on_at_the_question_before_leaving(lan: Lan) -> None:
    """`host --turn-time 5`: Ann presses Ctrl-C at her prompt and then thinks about the question. The
    turn limit should still hold there (her own program plays for her, as at the prompt): it read the
    answer with no clock at all, so the whole table stood still for as long as the question stayed open
    (seen for more than a minute; the host's screen: "ann thinking (0:00 left)")."""
    host = lan.person("host", "host", "--table", "Hostel bar", "--seats", "2", "--turn-time", "5", "--autoplay",
                      "--name", "hostie", "--ascii")  # fmt: skip
    host.expect("Hostel bar")
    ann = lan.person("joiner", "join", "Hostel", "bar", "--name", "ann", "--ascii")
    ann.expect("Type:", timeout=60)
    time.sleep(0.5)  # (the prompt drawn)
    ann.sendintr()
    ann.expect(words("Leave the game for good?"), timeout=10)
    ann.expect(words("time's up: your program"), timeout=15)  # 5 s of turn, and some to spare


def test_ctrl_d_at_the_question_before_leaving_does_what_it_says(lan: Lan) -> None:
    """Ctrl-C at Ann's prompt, then Ctrl-D at "Leave the game for good? y to leave, Enter to stay". Ann's
    screen says "End of input: left the table. Bye!", but the table holds her seat: the host's says
    "ann (seat 1) dropped: connection closed; ... is away: 120 s to come back", the game is kept in
    Ann's config folder, and the game stops for everyone two minutes later. (Ctrl-D at the prompt itself
    leaves for good: tests/net/test_paths_leave.py.) There too it leaves for good, as it says."""
    host, ann = lan.at_the_swap()
    ann.sendintr()
    ann.expect(words("Leave the game for good?"), timeout=10)
    time.sleep(0.5)
    ann.sendeof()
    ann.expect(pexpect.EOF, timeout=15)
    said = ann.logfile_read.getvalue()
    time.sleep(3)  # (the host hears of it)
    with contextlib.suppress(pexpect.EOF):
        host.expect(pexpect.TIMEOUT, timeout=0.5)
    seen = host.logfile_read.getvalue()
    # Ctrl-D there leaves for good, as Ctrl-D at the prompt itself does: the table hears that she left
    assert re.search(words("ann leaves the game for good"), seen), (said[-300:], seen[-500:])
    assert "End of input" not in said and "Traceback" not in said, said[-300:]


def test_a_joiner_whose_host_never_comes_back_ends_on_a_line_of_its_own(lan: Lan) -> None:
    """The host's program is killed (kill -9) mid-game and never comes back (`--away-time 5`): Ann's last
    words were glued to her ticking status line, "hostie is away (0:01 to come back)error: host of
    Hostel bar: did not come back within 5 s (host of Hostel bar: connection closed)"."""
    host, ann = lan.at_the_swap("--away-time", "5")
    ann.sendline("r")  # ready: the host's turn now, so Ann's screen shows who is away, ticking
    time.sleep(1)
    host.kill(9)
    ann.expect(words("did not come back"), timeout=30)
    ann.expect(pexpect.EOF, timeout=10)
    shown = ann.logfile_read.getvalue()
    assert not re.search(r"to come back\)(\x1b\[[0-9;?]*[A-Za-z])*error", shown), shown[-400:]


def test_ctrl_c_at_the_hosts_question_before_leaving_ends_in_words_only(lan: Lan) -> None:
    """The host presses Ctrl-C at their prompt, then Ctrl-C again at "Leave the game for good?": the
    screen fills with some 60 lines of traceback ("Exception in callback StreamReaderProtocol.
    connection_made... KeyboardInterrupt ... During handling of the above exception, another exception
    occurred ... CancelledError"), then the table stops as it says ("Stopped hosting... `host --resume`
    goes on with it. Bye!"), then more of Python's own (5 times in 5): "Task was destroyed but it is pending! task:
    <Task pending name='Task-46' coro=<Zeroconf._async_broadcast_service() done, defined at .../zeroconf/
    _core.py:735> ...>" (the KeyboardInterrupt escapes the question's task, as it once did at the ready
    prompt: `HumanAgent.async_wait_ready`)."""
    host = lan.person("host", "host", "--table", "Hostel bar", "--seats", "2", "--bots", "1", "--turn-time", "0",
                      "--name", "hostie", "--ascii")  # fmt: skip
    host.expect("Type:", timeout=60)
    time.sleep(1)  # (the prompt drawn)
    _ctrl_c_twice(host, "host --resume")


def test_ctrl_c_at_a_joiners_question_before_leaving_drops_out_in_words_only(lan: Lan) -> None:
    """Ctrl-C at Ann's prompt, then Ctrl-C again at "Leave the game for good?": she drops out as by Ctrl-C
    away from a prompt (the table waits for her seat), and says so, with nothing of Python's own."""
    host, ann = lan.at_the_swap()
    _ctrl_c_twice(ann, "Dropped out.")


def _ctrl_c_twice(person: pexpect.spawn, said: str) -> None:
    """Ctrl-C at `person`'s prompt, then at "Leave the game for good?": `said`, and the program ends with
    status 130, with nothing of Python's own."""
    person.sendintr()
    person.expect(words("Leave the game for good?"), timeout=10)
    time.sleep(0.5)
    person.sendintr()
    person.expect(words(said), timeout=10)
    person.expect(pexpect.EOF, timeout=15)
    person.close()
    shown = person.logfile_read.getvalue()
    assert person.exitstatus == 130 and "Traceback" not in shown and "Task was destroyed" not in shown, shown[-500:]
