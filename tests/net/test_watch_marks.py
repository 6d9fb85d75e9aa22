"""A spectator at a table with a turn limit, at a real terminal (pexpect), the table found by name (mDNS
on 127.0.0.1): when a person's time runs out, the spectator's screen says their program played for them,
as the players' screens do."""

from __future__ import annotations

import contextlib

import pexpect
import pytest

from .test_people import LOOP, People, until_host_must_move

pytestmark = pytest.mark.e2e


def test_a_spectator_is_told_when_a_program_plays_for_its_person(people: People) -> None:
    host = people.run("host", "host", "--bind", LOOP, "--table", "marks", "--seats", "2", "--turn-time", "3",
                      "--name", "hostie", "--ascii")  # fmt: skip
    host.expect("table 'marks'")
    watcher = people.run("watcher", "join", "--watch", "marks", "--bind", LOOP, "--ascii")
    watcher.expect("watching 'marks'")
    ann = people.run("ann", "join", "marks", "--bind", LOOP, "--name", "ann", "--ascii")
    ann.expect("seated at 'marks'")
    until_host_must_move(host, ann)  # the host types nothing now
    host.expect(r"time's up: your program [^\r\n]* for you")
    for _ in range(100):  # the screens read meanwhile, as terminals do
        with contextlib.suppress(pexpect.TIMEOUT):
            watcher.expect(r"time's up: hostie's program (plays|picks up|flips) ", timeout=0.3)
            return
        for child in (host, ann):
            with contextlib.suppress(pexpect.TIMEOUT):
                child.read_nonblocking(100_000, timeout=0.05)
    pytest.fail("the spectator was never told that the host's program played for them")
