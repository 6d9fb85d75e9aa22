"""A host that comes back (`host --resume`) at a table with a turn limit, as people meet it: every
screen counts the same time down for the person whose turn it is."""

from __future__ import annotations

import re
import signal

import pexpect
import pytest

from .test_people import ANSI, ESC, LOOP, People, at_prompt, first_hint


def _until_host_shows(host: pexpect.spawn, ann: pexpect.spawn) -> None:
    """Both type the first input offered (the swap's `r`), until the host is asked to show a card."""
    for _ in range(100):
        shown = at_prompt(host)
        if shown is not None:
            if "show" in shown[1].split("(? help)")[0] and "ready" not in shown[1]:
                return
            host.sendline(first_hint(shown[1]))
        shown = at_prompt(ann)
        if shown is not None:
            ann.sendline(first_hint(shown[1]))
    pytest.fail("the host was never asked to show")


def _left(child: pexpect.spawn, who: str) -> int:
    """Seconds left on `who`'s turn as `child`'s screen counts them now ("hostie thinking (0:27 left)"
    on another's screen, "0:27 left" beside one's own prompt)."""
    child.expect(rf"{who}(\d):(\d\d) lef", timeout=15)  # (the prompt's own may write the last letter apart)
    return int(child.match.group(1)) * 60 + int(child.match.group(2))


def test_a_host_back_on_its_show_turn_gets_the_same_time_on_every_screen(people: People) -> None:
    """The host crashes when it is its turn to show a card, and `host --resume` brings it back: its
    program gives its person the whole limit again; the joiner's screen said the time from before the
    crash (0:40 there, 0:56 at the host), since only turns of play were counted afresh."""
    host = people.run("host", "host", "--bind", LOOP, "--table", "Night train", "--seats", "2", "--turn-time", "30",
                      "--name", "hostie", "--ascii")  # fmt: skip
    host.expect("table 'Night train'")
    ann = people.run("ann", "join", "Night", "train", "--bind", LOOP, "--name", "ann", "--ascii")
    ann.expect("seated at 'Night train'")
    _until_host_shows(host, ann)
    host.kill(signal.SIGKILL)
    ann.expect(r"hostie \(seat 0\) is away")
    ann.expect(r"hostie thinking \(0:1\d left\)", timeout=25)  # the time running out while the host is away
    again = people.run("host", "host", "--resume", "--bind", LOOP, "--ascii")
    again.expect("resuming the game")
    ann.expect(r"hostie \(seat 0\) is back", timeout=20)
    mine = _left(again, rf"\n{ESC}>[^\r\n(]* ")
    theirs = _left(ann, r"hostie thinking \(")
    assert abs(mine - theirs) <= 3 and theirs >= 25, (mine, theirs, ANSI.sub("", ann.before)[-300:])
    assert re.search(r"show|ready", ANSI.sub("", again.before) + again.buffer) is not None
