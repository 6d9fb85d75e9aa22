"""People at a LAN table, each at a real terminal (pexpect), typing what the README and the program's own
hints say: the table is found by name in the listing (mDNS on 127.0.0.1), never by address. A person who
drops out (Ctrl-C while others play, or a crash) and runs the same `join` again sees the whole table at
once, while the table still waits for another person."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
import time
from pathlib import Path

import pexpect
import pytest

from p2pshithead.cli.home import HOME_ENV

from .pathlan import words

CLI = [sys.executable, "-c", "from p2pshithead.cli.main import main; main(prog_name='p2pshithead')"]
ESC = r"(?:\x1b\[[0-9;?]*[A-Za-z])*"
PROMPT = rf"\n([^\r\n]*)\r\nType: ([^\r\n]*)\r\n{ESC}>"  # the status line, the legal inputs, the prompt
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
LOOP = "127.0.0.1"


class People:
    """Programs of people at one table, each in its own terminal and config folder under `root`."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.children: list[pexpect.spawn] = []

    def run(self, name: str, *args: str, size: tuple[int, int] = (40, 160)) -> pexpect.spawn:
        env = {**os.environ, HOME_ENV: str(self.root / name), "TERM": "xterm-256color",
               "PROMPT_TOOLKIT_NO_CPR": "1"}  # fmt: skip
        child = pexpect.spawn(CLI[0], [*CLI[1:], *args], env=env, encoding="utf-8", timeout=30, dimensions=size)
        child.logfile_read = open(self.root / f"{name}-{len(self.children)}.log", "w", buffering=1)  # noqa: SIM115
        self.children.append(child)
        return child

    def close(self) -> None:
        for child in self.children:
            if child.isalive():
                child.kill(signal.SIGKILL)
            with contextlib.suppress(Exception):
                child.close()


def first_hint(hints: str) -> str:
    """The first input the `Type:` line offers, as a person types it (`fd 1-3`: `fd 1`)."""
    words = [w for w in re.split(r"\s{2,}", ANSI.sub("", hints).split("(? help)")[0].strip()) if w]
    plain = [w for w in words if w not in ("swap H U",) and "N" not in w]
    word = (plain or ["p"])[0]
    return "fd 1" if word.startswith("fd 1-") else word


def at_prompt(child: pexpect.spawn, timeout: float = 0.3) -> tuple[str, str] | None:
    """The status line and the hints when `child` shows its prompt now, else None."""
    try:
        child.expect(PROMPT, timeout=timeout)
    except pexpect.TIMEOUT:
        return None
    return ANSI.sub("", child.match.group(1)), child.match.group(2)


def until_host_must_move(host: pexpect.spawn, ann: pexpect.spawn) -> None:
    """Both people type the first input offered, until the host's turn of play comes after one of Ann's
    plays: the host then types nothing, and the table waits for them."""
    ann_played = False
    for _ in range(200):
        shown = at_prompt(host)
        if shown is not None:
            if shown[0].startswith("Your turn") and ann_played:
                return
            host.sendline(first_hint(shown[1]))
        shown = at_prompt(ann)
        if shown is not None:
            ann_played = ann_played or shown[0].startswith("Your turn")
            ann.sendline(first_hint(shown[1]))
    pytest.fail("the host's turn never came")


@pytest.mark.parametrize("stop", ["ctrl-c", "kill-9"])
def test_a_person_who_comes_back_sees_the_whole_table_at_once(people: People, stop: str) -> None:
    """The table's name typed as people type it: unquoted (two words), then in other case."""
    host = people.run("host", "host", "--bind", LOOP, "--table", "Hostel bar", "--seats", "2", "--turn-time", "0",
                      "--name", "hostie", "--ascii")  # fmt: skip
    host.expect("table 'Hostel bar'")
    ann = people.run("ann", "join", "Hostel", "bar", "--bind", LOOP, "--name", "ann", "--ascii")
    ann.expect("seated at 'Hostel bar'")
    until_host_must_move(host, ann)
    ann.expect("hostie thinking")
    if stop == "ctrl-c":
        ann.sendintr()
        ann.expect("run `join` again to come back")
    else:
        ann.kill(signal.SIGKILL)
    ann.expect(pexpect.EOF)
    host.expect("ann \\(seat 1\\) is away")
    again = people.run("ann", "join", "hostel", "bar", "--bind", LOOP, "--ascii")  # the same `join`, as advised
    again.expect("coming back to your unfinished game")
    again.expect("back at 'Hostel bar'")
    again.expect(r"\[0\] hostie", timeout=10)  # the board, at once: the host still has not moved
    again.expect(r"Hand: ", timeout=5)


def test_a_turn_limit_ticks_on_the_prompt_it_binds_and_its_end_is_said_on_every_screen(people: People) -> None:
    host = people.run("host", "host", "--bind", LOOP, "--table", "clock", "--seats", "2", "--turn-time", "5",
                      "--name", "hostie", "--ascii")  # fmt: skip
    host.expect("table 'clock'")
    ann = people.run("ann", "join", "clock", "--bind", LOOP, "--name", "ann", "--ascii")
    ann.expect("seated at 'clock'")
    until_host_must_move(host, ann)  # the host types nothing now
    host.expect(rf"\n{ESC}>[^\r\n(]* 0:0[345] lef")  # the host's own time, beside their prompt (the others' is in
    host.expect(rf"\x1b\[\d+C{ESC}[12]\x1b")  # parentheses), ticking: its last digit redrawn in place
    host.expect(r"time's up: your program [^\r\n]* for you")
    for _ in range(100):  # on the others' screens too (the host's screen read meanwhile, as a terminal does)
        with contextlib.suppress(pexpect.TIMEOUT):
            ann.expect(r"time's up: hostie's program (plays|picks up|flips) ", timeout=0.3)
            return
        with contextlib.suppress(pexpect.TIMEOUT):
            host.read_nonblocking(100_000, timeout=0.1)
    pytest.fail("the others were never told that the host's program played for them")


def test_a_mistake_is_answered_on_the_screen_it_was_made_on(people: People) -> None:
    """Each refused input redraws the screen with the reason in its status line, just above the hints:
    the board stays where it is, however often one mistypes."""
    host = people.run("host", "host", "--bind", LOOP, "--table", "typo", "--seats", "2", "--turn-time", "0",
                      "--name", "hostie", "--ascii", size=(24, 80))  # fmt: skip
    host.expect("table 'typo'")
    ann = people.run("ann", "join", "typo", "--bind", LOOP, "--name", "ann", "--ascii", size=(24, 80))
    ann.expect("seated at 'typo'")
    for _ in range(200):
        shown = at_prompt(host)
        if shown is not None:
            host.sendline(first_hint(shown[1]))
        shown = at_prompt(ann)
        if shown is not None and shown[0].startswith("Your turn"):
            break
        if shown is not None:
            ann.sendline(first_hint(shown[1]))
    else:
        pytest.fail("Ann's turn never came")
    for _ in range(3):
        ann.sendline("zz")
        ann.expect(r"\x1b\[2J")  # the screen drawn again from the top
        status = at_prompt(ann, timeout=10)
        assert status is not None and status[0].startswith("! "), status


@pytest.mark.parametrize("first", [("join", "--watch", "nick"), ("join", "--game", "speed", "nick")],
                         ids=["watch", "speed"])
def test_a_first_run_asks_the_nickname_before_any_seat_is_taken_under_it(people: People,
                                                                         first: tuple[str, ...]) -> None:
    """A first run that watches keeps no nickname (the next `join` asks); one that sits (Speed too) asks."""
    speed = "speed" in first
    table = ("--game", "speed") if speed else ("--seats", "2")  # a Speed table seats two, unasked
    host = people.run("host", "host", "--bind", LOOP, "--table", "nick", *table, "--name", "hostie")
    host.expect("nick" if speed else "table 'nick'")
    person = people.run("ann", *first, "--bind", LOOP)
    if "--watch" in first:
        person.expect("watching 'nick'")
        person.sendintr()
        person.expect("Stopped watching")
        person.expect(pexpect.EOF)
        assert not (people.root / "ann" / "nick").exists()  # nothing kept that the person did not say
        person = people.run("ann", "join", "nick", "--bind", LOOP)
    person.expect("Your nickname at the table")
    person.sendline("ann")
    if not speed:
        person.expect("seated at 'nick'")
    kept = people.root / "ann" / "nick"
    deadline = time.monotonic() + 10
    while not kept.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert kept.read_text().strip() == "ann"


def test_a_shutdown_stops_a_host_whose_person_is_at_the_prompt_and_resume_goes_on(people: People) -> None:
    """SIGTERM (a shutdown, `kill`) while the host's person sits at their prompt stops the host as Ctrl-C
    does away from a prompt: it advises `host --resume`, which, typed as advised, brings the table back
    with the joiner still in their program."""
    host = people.run("host", "host", "--bind", LOOP, "--table", "Hostel bar", "--seats", "2", "--turn-time", "0",
                      "--name", "hostie", "--ascii", size=(24, 60))  # fmt: skip
    host.expect("table 'Hostel bar'")
    ann = people.run("ann", "join", "Hostel", "bar", "--bind", LOOP, "--name", "ann", "--ascii")
    ann.expect("seated at 'Hostel bar'")
    until_host_must_move(host, ann)  # the host's person at their prompt, the table waiting for them
    host.kill(signal.SIGTERM)
    host.expect("Stopped hosting")
    host.expect(pexpect.EOF)
    said = ANSI.sub("", host.before).replace("\r", "")
    assert "`host --resume` goes on with it" in " ".join(said.split()), said  # wrapped at words, never cut
    assert max(map(len, said.split("\n"))) <= 60, said
    host.close()
    assert host.exitstatus == 128 + signal.SIGTERM
    again = people.run("host", "host", "--resume", "--bind", LOOP)
    again.expect("resuming the game")
    again.expect(r"\[1\] ann", timeout=20)  # the board, with Ann back by herself
    assert at_prompt(again, timeout=20) is not None


def test_a_joiner_whose_host_is_killed_in_the_lobby_is_told_at_once_what_to_do(people: People) -> None:
    """The host's program is killed (kill -9) while Ann waits in the lobby: her program dialled a port where
    nothing listened for 60 s, then said "error: host of Hostel bar: did not come back within 60 s (127.0.0.1
    port N: refused the connection (no table on that port))", with no next step. Nobody keeps a lobby, so
    the refusal says at once that the table is gone."""
    host = people.run("host", "host", "--bind", LOOP, "--table", "Lobby bar", "--seats", "3", "--turn-time", "0",
                      "--name", "hostie", "--ascii")  # fmt: skip
    host.expect("table 'Lobby bar'")
    ann = people.run("ann", "join", "Lobby", "bar", "--bind", LOOP, "--name", "ann", "--ascii")
    ann.expect("seated at 'Lobby bar'")
    ann.expect("press Enter when ready")
    host.kill(signal.SIGKILL)
    ann.expect(words("error: the host of 'Lobby bar' is gone"), timeout=10)
    assert "is away" not in ann.before, ann.before  # (it said "60 s to come back" first, then that it was gone)
    ann.expect(words("Ask the host to open the table again, then run `p2pshithead join Lobby bar`."), timeout=5)
    ann.expect(pexpect.EOF, timeout=10)
    ann.close()
    assert ann.exitstatus == 3 and "Traceback" not in ann.before, ann.before


def test_two_tables_of_one_name_are_listed_and_the_person_picks_one_by_its_number(people: People) -> None:
    """`join NAME` where two tables share the name: both listed, the question says what to type (it said
    "which one?" again and again to anything else)."""
    for nick in ("hostie", "bob"):
        host = people.run(nick, "host", "--bind", LOOP, "--table", "Twin table", "--seats", "2", "--name", nick,
                          "--ascii")  # fmt: skip
        host.expect("table 'Twin table'")
    ann = people.run("ann", "join", "twin", "table", "--bind", LOOP, "--name", "ann", "--ascii")
    ann.expect("2 tables are called 'twin table':")
    ann.expect(r"which one\? \(its number, 1 to 2; Ctrl-C to leave\)")
    ann.sendline("x")
    ann.expect(r"which one\? \(its number, 1 to 2")
    ann.sendline("2")
    ann.expect("seated at 'Twin table'")
