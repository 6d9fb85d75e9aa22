"""Speed on the LAN after trouble, as people meet it: two laptops (network namespaces), the host's
`host --game speed --table NAME` and the other's `join --game speed NAME`, each at a terminal."""

from __future__ import annotations

import time

import pexpect
import pytest

from .pathlan import NEEDS_ROOT, Lan, lan, words

__all__ = ["lan"]  # the fixture, used by name

pytestmark = NEEDS_ROOT


def _in_play(lan: Lan) -> tuple[pexpect.spawn, pexpect.spawn]:
    host = lan.person("host", "host", "--game", "speed", "--table", "Hostel bar", "--name", "ann", "--ascii")
    host.expect("waiting for the other player")
    joiner = lan.person("joiner", "join", "--game", "speed", "Hostel bar", "--name", "bob", "--ascii")
    for child in (host, joiner):
        child.expect("Ctrl-C leave")
    return host, joiner


def test_a_speed_host_killed_is_known_gone_at_once(lan: Lan) -> None:
    """The host's program is killed (kill -9, a crash): its laptop answers that nothing listens there
    any more, and a Speed host never comes back (it keeps no journal). The other person is told at once
    that the game is over, why, and what to do next; not left on "ann is away" for two minutes."""
    host, joiner = _in_play(lan)
    host.kill(9)
    start = time.monotonic()
    joiner.expect(words("the game is over: ann's program ended"), timeout=10)
    joiner.expect(words("the other `join --game speed`."), timeout=5)
    joiner.expect(pexpect.EOF, timeout=10)
    joiner.close()
    assert time.monotonic() - start < 10
    assert joiner.exitstatus == 3 and "Traceback" not in joiner.before


def test_a_spectator_of_a_speed_host_killed_is_told_at_once(lan: Lan) -> None:
    """`join --watch NAME` beside a Speed game whose host's program is killed: nothing more to watch, said
    at once; it tried for a minute to reach a host that could never come back."""
    host, joiner = _in_play(lan)
    watcher = lan.person("joiner", "join", "--watch", "Hostel", "bar", "--ascii")
    watcher.expect("game starts: watching")
    host.kill(9)
    watcher.expect(words("the host's program ended, and a Speed game is kept by nobody"), timeout=10)
    watcher.expect(pexpect.EOF, timeout=5)
    watcher.close()
    assert watcher.exitstatus == 0 and "Traceback" not in watcher.logfile_read.getvalue()


def test_a_speed_joiner_killed_ends_the_game_at_the_host_in_seconds(lan: Lan) -> None:
    """The joiner's program is killed: its link closed while live, and a Speed seat never comes back
    (nobody keeps the game), so the host's person learns in seconds that the game stopped and why; they
    sat on "bob is away: 120 s to come back" for two minutes."""
    host, joiner = _in_play(lan)
    joiner.kill(9)
    start = time.monotonic()
    host.expect(r"bob \(seat 1\) is away", timeout=5)
    host.expect(words("Game over. Press any key."), timeout=15)
    time.sleep(1.5)  # the last screen waits for a key (one pressed in the first second is the last race's)
    host.send(" ")
    host.expect(words("The game stopped:"), timeout=5)
    host.expect(words("connection lost"), timeout=5)
    host.expect(pexpect.EOF, timeout=10)
    host.close()
    shown = host.logfile_read.getvalue()
    assert time.monotonic() - start < 15 and host.exitstatus == 1 and "Traceback" not in shown
    assert "Errno" not in shown, shown  # the link's end in words ("bob (seat 1) dropped: [Errno 104] ...")


@pytest.mark.parametrize("outage", [3, 8])
def test_a_speed_link_lost_for_a_few_seconds_comes_back(lan: Lan, outage: int) -> None:
    """The joiner's Wi-Fi drops for a few seconds while both programs live (shorter than the silence
    after which a link is let go, then longer): no program ends, the game goes on once the link is back,
    and what one does reaches the other (a leave: the other wins at once)."""
    host, joiner = _in_play(lan)
    lan.link(up=False)
    time.sleep(outage)
    lan.link(up=True)
    if outage > 5:  # the silent link was let go: the joiner dialled again and came back
        joiner.expect(r"ann \(seat 0\) is back", timeout=20)
    joiner.sendcontrol("c")
    joiner.expect(words("Left the table (the game stops for both)."), timeout=10)
    host.expect(words("the other player left"), timeout=10)
