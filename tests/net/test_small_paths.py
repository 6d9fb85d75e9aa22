"""Small paths a person walks at a LAN table (pexpect, as typed): a listing that finds nothing says so, Ctrl-C while
looking for tables says what it did, Ctrl-C between games says that no game waits and how to sit again, `n` at
"press Enter when ready" keeps the seat without readying it, a refused swap-phase input offers no pick-up, an
address that cannot be reached is said in words. Where no other table may be seen, the program runs in a network
namespace this test makes (only `lo` up: no traffic leaves it)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from .pathlan import words
from .test_people import CLI, LOOP, People

ENV = {"TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}
needs_root = pytest.mark.skipif(os.geteuid() != 0 or shutil.which("ip") is None,
                                reason="network namespaces need root and iproute2 (`ip`)")  # fmt: skip


@pytest.fixture
def alone() -> Iterator[str]:
    """A network namespace of its own, with only `lo` up (no other table, no route anywhere)."""
    name = f"p2psmall{os.getpid() % 100000}"
    subprocess.run(["ip", "netns", "add", name], check=True, capture_output=True, timeout=10)
    try:
        subprocess.run(["ip", "-n", name, "link", "set", "lo", "up"], check=True, capture_output=True, timeout=10)
        yield name
    finally:
        subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=10)


def _in(ns: str, tmp_path: Path, *args: str) -> pexpect.spawn:
    env = {**os.environ, **ENV, "P2PSHITHEAD_HOME": str(tmp_path / "me")}
    (tmp_path / "me").mkdir(exist_ok=True)
    (tmp_path / "me" / "nick").write_text("me\n")
    return pexpect.spawn("ip", ["netns", "exec", ns, *CLI, *args], env=env, encoding="utf-8", timeout=20)


@needs_root
def test_a_listing_that_finds_no_table_says_so(alone: str, tmp_path: Path) -> None:
    child = _in(alone, tmp_path, "join", "--list", "--wait", "1", "--bind", LOOP)
    child.expect("no table found on this network in 1 s")
    child.expect(pexpect.EOF)


@needs_root
def test_join_that_finds_no_table_says_so_with_the_next_step_and_asks_nothing(alone: str, tmp_path: Path) -> None:
    """It asked "join which table?" over an empty list, for as long as the person waited."""
    child = _in(alone, tmp_path, "join", "--wait", "1", "--bind", LOOP)
    child.expect("looking for tables on this network")
    child.expect(words("Error: no table found on this network in 1 s: `p2pshithead host` opens one; or check that "
                       "you are on the same Wi-Fi as the host, and try --wait SECONDS or --address HOST:PORT"),
                 timeout=10)
    assert "which table" not in (child.before or "")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


@needs_root
def test_ctrl_c_while_looking_for_tables_says_nothing_was_joined(alone: str, tmp_path: Path) -> None:
    child = _in(alone, tmp_path, "join", "--bind", LOOP)
    child.expect("looking for tables on this network")
    child.sendintr()
    child.expect("Stopped looking for tables: you sat nowhere. Bye!")
    child.expect(pexpect.EOF)
    assert "If a game was in play" not in (child.before or "")


def _ip(ns: str, *args: str) -> None:
    subprocess.run(["ip", "-n", ns, *args], check=True, capture_output=True, timeout=10)


@needs_root
def test_an_address_that_cannot_be_reached_is_said_in_words(alone: str, tmp_path: Path) -> None:
    _ip(alone, "link", "add", "v0", "type", "veth", "peer", "name", "v1")  # a LAN with nobody at .99 on it
    _ip(alone, "addr", "add", "10.79.1.1/24", "dev", "v0")
    _ip(alone, "link", "set", "v0", "up")
    _ip(alone, "link", "set", "v1", "up")
    child = _in(alone, tmp_path, "join", "--address", "10.79.1.99:4000")
    child.expect(words("10.79.1.99 port 4000: cannot be reached (is that machine up, and on this network?)"))
    child.expect(pexpect.EOF)
    assert "Connect call failed" not in (child.before or "")


def test_n_at_the_ready_question_keeps_the_seat_unready(tmp_path: Path) -> None:
    people = People(tmp_path)
    try:
        host = people.run("host", "host", "--bind", LOOP, "--table", "ready-n", "--seats", "3", "--name", "hostie")
        host.expect("table 'ready-n'")
        ann = people.run("ann", "join", "ready-n", "--bind", LOOP, "--name", "ann")
        ann.expect("press Enter when ready")
        ann.sendline("n")
        ann.expect("not ready yet: you keep your seat")
        ann.expect("press Enter when ready")
        host.expect("lobby: hostie, ann, -\r\n")  # seated, not ready
        ann.sendline("")
        host.expect(r"lobby: hostie, ann \(ready\), -")
    finally:
        people.close()


def test_a_mistyped_swap_offers_no_pick_up() -> None:
    child = pexpect.spawn(str(Path(CLI[0]).with_name("p2pshithead")), ["play", "--bots", "1", "--seed", "3", "--ascii"],
                          env={**os.environ, **ENV}, encoding="utf-8", timeout=20, dimensions=(24, 80))  # fmt: skip
    child.expect("Type: r")
    child.sendline("zz")
    child.expect(r"! 'zz'\? swap a hand card with a face-up one \(swap 3 k\), or r when ready")
    child.sendintr()
    child.expect("Quit\\? This game ends")  # Ctrl-C asks first, as at a LAN table
    child.sendline("y")
    child.expect(pexpect.EOF)


def _ann_asked_for_the_next_game(people: People, table: str,
                                 size: tuple[int, int] = (40, 160)) -> tuple[pexpect.spawn, pexpect.spawn]:  # fmt: skip
    """A host (its own program playing) and Ann at `table` (typed unquoted, word by word, as people do) on a
    terminal of `size`, one game played: Ann at "Next game at this table?"."""
    host = people.run("host", "host", "--bind", LOOP, "--table", table, "--seats", "2", "--autoplay",
                      "--games", "2", "--turn-time", "1")  # fmt: skip
    host.expect(f"table '{table}'")
    ann = people.run("ann", "join", *table.split(), "--bind", LOOP, "--name", "ann", "--ascii", size=size)
    ann.expect("press Enter when ready")
    ann.sendline("")  # then ann types nothing: her program plays each turn for her, a second in
    ann.expect(r"Next game at this table\? Enter to play, n to stand up", timeout=240)
    return host, ann


def test_standing_up_after_a_game_says_so(tmp_path: Path) -> None:
    people = People(tmp_path)
    try:
        _, ann = _ann_asked_for_the_next_game(people, "stand")
        ann.sendline("n")
        ann.expect("You stood up: the others play on without you. Bye!")
        ann.expect(pexpect.EOF)
    finally:
        people.close()


def test_a_host_stopped_between_games_says_the_table_closes_not_that_a_game_waits(tmp_path: Path) -> None:
    """Ctrl-C at the host's "Next game at this table?" said "If a game was in play, the others wait for the table
    to come back: `host --resume` goes on with it", though no game was in play and `host --resume` had none."""
    people = People(tmp_path)
    try:
        host = people.run("host", "host", "--bind", LOOP, "--table", "shut", "--seats", "2", "--bots", "1",
                          "--games", "2", "--turn-time", "1", "--ascii", "--name", "hostie")  # fmt: skip
        host.expect("table 'shut'")  # then the host types nothing: their program plays each turn for them
        host.expect(r"Next game at this table\? Enter to play, n to stand up", timeout=240)
        host.sendintr()
        host.expect(r"Stopped between games: the table closes, and the others are told; the games played are saved\. "
                    r"Bye!")  # fmt: skip
        host.expect(pexpect.EOF)
        host.close()
        assert host.exitstatus == 130 and "host --resume" not in host.before
    finally:
        people.close()


@pytest.mark.parametrize(("table", "stop", "status", "size"), [
    ("between", signal.SIGINT, 130, (40, 160)),  # Ctrl-C on a laptop's terminal
    ("Bus stop", signal.SIGTERM, 143, (20, 60)),  # `kill` (a closed laptop's session), phone-sized, two words
])
def test_stopped_between_games_says_no_game_waits_and_the_command_it_gives_sits_the_person_again(
        tmp_path: Path, table: str, stop: signal.Signals, status: int, size: tuple[int, int]) -> None:  # fmt: skip
    """Ctrl-C at "Next game at this table?" said "Dropped out. If a game was in play, the others wait for you",
    though no game was in play and none waited. The table's name is typed unquoted, word by word, and the words
    give the command back as typed."""
    people = People(tmp_path)
    try:
        host, ann = _ann_asked_for_the_next_game(people, table, size)
        ann.sendintr() if stop is signal.SIGINT else ann.kill(stop)
        typed = r"\s+".join(table.split())
        ann.expect(rf"Left\s+the\s+table\s+'{typed}'\s+between\s+games:\s+the\s+games\s+you\s+played\s+are\s+saved\."
                   rf"\s+`p2pshithead\s+join\s+{typed}`\s+sits\s+you\s+there\s+again\.\s+Bye!")  # fmt: skip
        ann.expect(pexpect.EOF)
        ann.close()
        assert ann.exitstatus == status
        host.expect(r"ann \(seat 1\) left the lobby")
        again = people.run("ann", "join", *table.split(), "--bind", LOOP, "--ascii", size=size)  # as the words say
        again.expect("press Enter when ready")
        host.expect("ann sits in seat 1")
    finally:
        people.close()


@needs_root
def test_ctrl_d_at_the_question_which_table_says_nothing_was_joined(alone: str, tmp_path: Path) -> None:
    """It said "End of input: left the table", to a person who never sat."""
    (tmp_path / "host").mkdir()
    host = _in(alone, tmp_path / "host", "host", "--table", "Lone", "--seats", "2", "--bind", LOOP)
    try:
        host.expect("Lone")
        child = _in(alone, tmp_path, "join", "--bind", LOOP)
        child.expect("join which table")
        child.sendeof()
        child.expect("End of input: you sat nowhere. Bye!")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0 and "left the table" not in (child.before or "")
    finally:
        host.close(force=True)


def test_a_bot_started_in_the_background_and_killed_in_the_lobby_leaves_in_words(tmp_path: Path) -> None:
    """`p2pshithead join --bot ... &` from a script (or under nohup) has its Ctrl-C ignored; `kill` then ended it at
    once, without a word (and a host so started left its bots running: tests/net/test_host_stops.py). In the lobby
    it said "Dropped out. If a game was in play, the others wait for you", though no game was in play."""
    people = People(tmp_path)
    try:
        host = people.run("host", "host", "--bind", LOOP, "--no-announce", "--table", "bg", "--seats", "3",
                          "--autoplay")  # fmt: skip
        host.expect(r"table 'bg' on 127\.0\.0\.1:(\d+)")
        address = f"{LOOP}:{host.match[1]}"
        home = {**os.environ, "P2PSHITHEAD_HOME": str(tmp_path / "b")}
        bot = subprocess.Popen([*CLI, "join", "--bot", "--address", address, "--bind", LOOP], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, env=home,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))  # fmt: skip
        try:
            host.expect(r"sits in seat 1")
            bot.terminate()
            said, _ = bot.communicate(timeout=30)
        finally:
            bot.kill()
        assert bot.returncode == 128 + signal.SIGTERM, said
        assert said.endswith("\nLeft the table before the game began. Bye!\n"), said
        host.expect(r"\(seat 1\) left the lobby")
    finally:
        people.close()
