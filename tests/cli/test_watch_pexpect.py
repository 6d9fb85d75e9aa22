"""At real terminals (pexpect): a spectator (`join --watch`, 80x24) sees the table screen a bystander
sees, redrawn on every event, while a person plays the host's bot; the person then stands up and the
host, left alone between games, says so; the host's process dies, and the spectator tries to reach the
table again until Ctrl-C."""

from __future__ import annotations

import os
import re
import threading
import time
from pathlib import Path

import pexpect

from p2pshithead.cli.home import HOME_ENV
from p2pshithead.cli.host import Alone
from p2pshithead.net import LobbySeats, Started
from tests.net.test_terminal import CLI, _play_to_the_end, person_at_table


def _screens(log: str) -> list[list[str]]:
    """Each whole screen drawn (from the top left, "\\x1b[H", to "\\x1b[J"), as its lines."""
    return [part.split("\x1b[J")[0].split("\x1b[K\r\n")[:-1] for part in log.split("\x1b[H")[1:]]


def test_a_spectator_sees_the_table_redrawn_and_the_host_left_alone_says_so(tmp_path: Path) -> None:
    with person_at_table(tmp_path, "--seats", "2", "--games", "2", "--away-time", "30") as (host, person):
        person.expect(r"connected to 127\.0\.0\.1 port (\d+)")
        env = {**os.environ, HOME_ENV: str(tmp_path / "bea"), "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}
        address = f"127.0.0.1:{person.match.group(1)}"
        spectator = pexpect.spawn(CLI[0], [*CLI[1:], "join", "--watch", "--address", address, "--bind", "127.0.0.1",
                                           "--ascii"],
                                  env=env, encoding="utf-8", timeout=60, dimensions=(24, 80))  # fmt: skip
        spectator.logfile_read = open(tmp_path / "spectator.log", "w")  # noqa: SIM115 (closed with the process)
        reading = threading.Thread(target=spectator.expect, args=(pexpect.EOF,), daemon=True)  # drains its screen
        reading.start()
        watchdog = threading.Timer(60, host.kill)  # a host that never says the line ends the test
        watchdog.start()
        try:
            _play_to_the_end(person)
            person.expect("Next game at this table\\? Enter to play, n to stand up")
            person.sendline("n")
            person.expect(pexpect.EOF)
            assert host.stdout is not None
            said = [host.stdout.readline()]
            while said[-1] and said[-1] != Alone.ALONE + "\n":
                said.append(host.stdout.readline())
            assert said[-1] == Alone.ALONE + "\n", said
        finally:
            watchdog.cancel()
            host.kill()  # the host's laptop dies: the spectator tries to reach the table again until Ctrl-C
            for _ in range(300):
                if "lost the link to the table" in (tmp_path / "spectator.log").read_text():
                    break
                time.sleep(0.1)
            spectator.sendintr()
            reading.join(30)
            if spectator.isalive():
                spectator.kill(9)
    log = (tmp_path / "spectator.log").read_bytes().decode()
    screens = [lines for lines in _screens(log) if lines and lines[0].startswith("Shithead - ")]
    assert len(screens) > 10  # redrawn as the game goes
    for lines in screens:
        assert len(lines) <= 23 and max(len(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line)) for line in lines) <= 80
        assert sum(re.match(r"[ >]\[[01]\] ", line) is not None for line in lines) == 2  # every seat's row
        assert not any(line.startswith(("Hand:", "Type:")) for line in lines)
    assert any(lines[-1].startswith("watching: ") and lines[-1].endswith("'s turn") for lines in screens)
    assert "Game over. Finish order:" in log
    tried = "lost the link to the table; trying to reach it again for 30 s (Ctrl-C stops)"  # the table's away time
    assert log.index(tried) < log.index("Stopped watching. Bye!")
    assert "game over..." not in log  # the waiting line is not ticked once the game is over


def test_the_host_left_alone_between_games_hears_it_once() -> None:
    said: list[str] = []
    alone = Alone(lambda event: None, said.append)
    alone(LobbySeats((("ann", True), None)))  # before the next game is offered: the first lobby
    assert said == []
    alone.between = True
    alone(LobbySeats((("ann", True), ("bob", False))))
    alone(LobbySeats((("ann", True), None)))  # bob stood up
    alone(LobbySeats((("ann", True), None)))
    assert said == [Alone.ALONE]
    alone(LobbySeats((("ann", True), ("cy", False))))  # cy sits, then leaves again
    alone(LobbySeats((("ann", True), None)))
    assert said == [Alone.ALONE, Alone.ALONE]
    alone(Started(("ann", "cy"), 0))
    alone(LobbySeats((("ann", True), None)))  # a game started: no longer between games
    assert len(said) == 2
