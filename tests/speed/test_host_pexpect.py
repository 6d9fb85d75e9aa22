"""`p2pshithead host --game speed` at a real terminal against a bot process on loopback: the person plays
single keys, cards are turned by both programs' shares, and the game ends for both with one transcript."""

from __future__ import annotations

import os
import re
import tempfile

import pexpect

from tests.speed.test_play_pexpect import ANSI, ENV, PROGRAM, key_for


def test_a_person_hosts_speed_against_a_bot_on_loopback() -> None:
    with tempfile.TemporaryDirectory() as home:
        child = pexpect.spawn(PROGRAM, ["host", "--game", "speed", "--bots", "1", "--level", "3", "--bind",
                                        "127.0.0.1", "--no-announce", "--ascii", "--rules", "chinese"],
                              dimensions=(30, 110), timeout=20, encoding="utf-8",
                              env={**ENV, "P2PSHITHEAD_HOME": home})  # fmt: skip
        pressed = 0
        while True:
            which = child.expect([r"Ctrl-C leave", r"Transcript: (\S+)"])
            if which == 1:
                final = ANSI.sub("", child.before)
                break
            key = key_for(ANSI.sub("", child.before).split("Speed (")[-1])
            if key is not None and "Ctrl-C leave" not in child.buffer:
                child.send(key)
                pressed += 1
        path = child.match.group(1).strip()
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0 and pressed > 3
        assert os.path.getsize(path) > 1000 and re.search(r"(You|bot-\w+) wins?\.", final), final
