"""Table news at a LAN terminal: each message on a line of its own, once, never run into the waiting line
("Ana thinking... 3 s") nor onto a prompt."""

from __future__ import annotations

import pytest

from p2pshithead.cli import agents
from p2pshithead.cli.agents import HumanAgent, Shown
from p2pshithead.cli.session import notifier, table_words
from p2pshithead.cli.shithead import read_line
from p2pshithead.net import Away, Dropped


class _Reader:
    """The terminal's reader as the agent uses it for news: what it was asked to print."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    def echo(self, text: str) -> None:
        self.log.append(f"echo:{text}")


def _itself(app: object) -> Shown:
    raise AssertionError("no screen is asked for: these agents only hear news")


def test_news_wipes_the_waiting_line_and_goes_through_the_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    log: list[str] = []
    monkeypatch.setattr(agents, "READER", _Reader(log))
    said: list[str] = []
    agent = HumanAgent(_itself, read_line, said.append, clock=lambda: 0.0, live=True, write=log.append)
    agent._write("Ana thinking... 3 s")  # the waiting line, open (as `tick` leaves it)
    agent._open = True
    notifier(said.append, agent)(Away(2, "Ben", 120.0))
    assert log == ["Ana thinking... 3 s", "\r\x1b[K", "echo:Ben (seat 2) is away: 120 s to come back"]
    assert said == []  # not printed past the reader (which puts it above a prompt that waits)


def test_news_off_a_terminal_is_a_plain_line() -> None:
    said: list[str] = []
    agent = HumanAgent(_itself, read_line, said.append, live=False)
    notifier(lambda text: pytest.fail("said past the agent"), agent)(Away(2, "Ben", 120.0))
    assert said == ["Ben (seat 2) is away: 120 s to come back"]


def test_a_drop_names_the_peer_once() -> None:
    assert table_words(Dropped("Ben (seat 2)", "Ben (seat 2): connection closed")) == (
        "Ben (seat 2) dropped: connection closed")
    assert table_words(Dropped("Ben (seat 2)", "silent for 30 s")) == "Ben (seat 2) dropped: silent for 30 s"


_PROGRAM = """
import asyncio
from p2pshithead.cli.terminal import READER

async def main():
    asyncio.get_running_loop().call_later(0.5, READER.echo, "Ben (seat 2) is away")
    print("typed:", await READER.async_read("> "))

asyncio.run(main())
"""


@pytest.mark.e2e
def test_news_while_a_prompt_waits_goes_above_it_and_the_typing_goes_on() -> None:
    import os
    import sys

    import pexpect

    env = {**os.environ, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}
    child = pexpect.spawn(sys.executable, ["-c", _PROGRAM], env=env, encoding="utf-8", timeout=10, dimensions=(24, 80))
    child.expect(">")
    child.send("sw")
    child.expect("sw")
    child.expect(r"\x1b\[J(?:\x1b\[[0-9;?]*[A-Za-z])*Ben \(seat 2\) is away\r\n")  # prompt erased: own line
    child.expect(r">[^\r\n]*sw")  # ... and the prompt below it again, with what was typed
    child.sendline("ap 3 K")
    child.expect("typed: swap 3 K")
    child.expect(pexpect.EOF)
