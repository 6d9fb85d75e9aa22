"""A person at the terminal (pexpect): a host with a bot in one process, a human joining from another."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from p2pshithead.net import HOME_ENV

CLI = [sys.executable, "-c", "from p2pshithead.cli.main import main; main(prog_name='p2pshithead')"]


def test_a_person_joins_by_address_and_plays_to_the_end(tmp_path: Path) -> None:
    env = {**os.environ, HOME_ENV: str(tmp_path / "host")}
    person_env = {**os.environ, HOME_ENV: str(tmp_path / "alice")}
    host = subprocess.Popen([*CLI, "host", "--bind", "127.0.0.1", "--no-announce", "--seats", "3", "--bots", "1",
                             "--autoplay", "--name", "pexpect"], stdout=subprocess.PIPE, text=True, env=env)  # fmt: skip
    try:
        assert host.stdout is not None
        port = host.stdout.readline().split(" on 127.0.0.1:")[1].split(";")[0]
        person = pexpect.spawn(CLI[0], [*CLI[1:], "join", "--address", f"127.0.0.1:{port}", "--nick", "alice"],
                               env=person_env, encoding="utf-8", timeout=10)  # fmt: skip
        person.expect("seated at 'pexpect'")
        person.expect(r"game starts: you are seat \d of 3")
        typed_wrong = False
        for _ in range(60):
            index = person.expect(["your move> ", r"finish order: [^\r\n]*", "cannot take|type how many"])
            if index == 1:
                break
            if index == 0 and not typed_wrong:
                person.sendline("lots")  # the program explains instead of sending nonsense
                person.expect("type how many chips to take")
                typed_wrong = True
                person.expect("your move> ")
            person.sendline("1")
        else:
            pytest.fail("the game did not end")
        person.expect("saved to")
        person.expect(pexpect.EOF)
        person.close()
        assert person.exitstatus == 0
        assert host.wait(15) == 0
    finally:
        host.kill()
        host.wait()
