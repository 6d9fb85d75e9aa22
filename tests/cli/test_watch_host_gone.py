"""Audit 5: a spectator (`join --watch NAME`) whose table's host is killed and never comes back (two
laptops: network namespaces; `host` and `join --watch NAME` as typed, at terminals)."""

from __future__ import annotations

import re
import time

import pexpect

from tests.net.pathlan import NEEDS_ROOT, Lan, lan, words

__all__ = ["lan"]  # the fixture, used by name

pytestmark = NEEDS_ROOT


def test_a_spectator_whose_host_is_gone_says_so_on_lines_of_their_own(lan: Lan) -> None:
    """The host's program is killed (kill -9) while the host's person thinks. The spectator's words were
    glued to the ticking status line, twice: "Hana thinking... 4 slost the link to the table; trying to
    reach it again for 60 s (Ctrl-C stops)", then "Hana thinking... 64 sgave up: no link brought the game
    on for 60 s; watched 1 game" (the status line also went on counting Hana's thinking, never saying
    the host was gone). Now the waiting line stops with the link, and the last words say the host is gone. The
    spectator tries as long as the table waits for a dropped player (`--away-time`, which the host's answer says)."""
    host = lan.person("host", "host", "--table", "Hostel bar", "--seats", "2", "--bots", "1", "--turn-time", "0",
                      "--away-time", "7", "--name", "hana", "--ascii")  # fmt: skip
    host.expect("Type:", timeout=60)
    watcher = lan.person("joiner", "join", "--watch", "Hostel", "bar", "--ascii")
    watcher.expect(words("waiting for hana"), timeout=30)
    time.sleep(2)  # (the status line ticking)
    host.kill(9)
    watcher.expect(words("trying to reach it again for 7 s"), timeout=30)
    watcher.expect(words("gave up"), timeout=30)
    watcher.expect(pexpect.EOF, timeout=10)
    shown = watcher.logfile_read.getvalue()
    assert not re.search(r"\d s(\x1b\[[0-9;?]*[A-Za-z])*(lost the link|gave up)", shown), shown[-600:]
    since_lost = shown[shown.index("lost the link"):]
    assert not re.search(r"\.\.\. \d+ s", since_lost), since_lost[:600]  # nobody counted as thinking any more
    assert re.search(words("the host's program is gone (nothing answers where it was) and was not back within 7 s"),
                     since_lost), since_lost[-600:]
