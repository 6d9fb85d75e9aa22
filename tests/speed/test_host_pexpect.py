"""`p2pshithead host --game speed` / `join --game speed` at a real terminal against a bot on loopback: the
person plays single keys, cards are turned by both programs' shares, and the game ends for both."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import tempfile
from collections.abc import Iterator

import pexpect
import pytest

from tests.speed.test_play_pexpect import ANSI, ENV, PROGRAM, key_for


def play_out(child: pexpect.spawn) -> str:
    """Press a playing key on each newest screen until the game is over (then, as in `play`, the last
    screen waits for a key: the keys still being hit stay in the program); the transcript's path."""
    pressed = 0
    while True:
        which = child.expect([r"Ctrl-C leave", r"Game over\. Press any key\."])
        if which == 1:
            break
        key = key_for(ANSI.sub("", child.before).split("Speed (")[-1])
        if key is not None and "Ctrl-C leave" not in child.buffer:
            child.send(key)
            pressed += 1
    with pytest.raises(pexpect.TIMEOUT):
        child.expect([pexpect.EOF, "Transcript:"], timeout=1)  # it waits, whatever else is on its way
    child.send("1")
    child.expect(r"Transcript: (\S+)")
    final = ANSI.sub("", child.before)
    path = child.match.group(1).strip()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and pressed > 3
    assert os.path.getsize(path) > 1000 and re.search(r"(You win|\S+ wins)\.", final), final
    return path


def answer_the_first_run(child: pexpect.spawn, nick: str) -> None:
    """A first run asks the person's nickname before it seats them, and they type it."""
    child.expect("Your nickname at the table")
    child.sendline(nick)


def test_a_person_hosts_speed_against_a_bot_on_loopback() -> None:
    with tempfile.TemporaryDirectory() as home:
        child = pexpect.spawn(PROGRAM, ["host", "--game", "speed", "--bots", "1", "--level", "3", "--bind",
                                        "127.0.0.1", "--no-announce", "--ascii", "--rules", "chinese"],
                              dimensions=(30, 110), timeout=20, encoding="utf-8",
                              env={**ENV, "P2PSHITHEAD_HOME": home})  # fmt: skip
        answer_the_first_run(child, "ann")
        play_out(child)


def test_a_person_who_leaves_a_speed_table_is_told_so_and_the_table_closes() -> None:
    """Ctrl-C at a Speed table is a key (raw mode): the person leaves (a value the run watches, not an
    exception), is told the game stops for both, and the host ends with 130, its bot reaped."""
    with tempfile.TemporaryDirectory() as home:
        child = pexpect.spawn(PROGRAM, ["host", "--game", "speed", "--bots", "1", "--level", "3", "--bind",
                                        "127.0.0.1", "--no-announce", "--ascii", "--name", "ann"],
                              dimensions=(30, 110), timeout=20, encoding="utf-8",
                              env={**ENV, "P2PSHITHEAD_HOME": home})  # fmt: skip
        child.expect(r"--address\s+127\.0\.0\.1:\d+")  # how the others join, said as for Shithead (wrapped)
        child.expect("Ctrl-C leave")  # the game is in play
        child.sendcontrol("c")
        child.expect(r"Left the table \(the game stops for both\)\. Bye!")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 130 and "Traceback" not in child.before


def test_a_person_who_waits_in_vain_at_a_speed_table_leaves_with_ctrl_c() -> None:
    """Nobody came: Ctrl-C, as the waiting screen says, closes the table at once (the keys are read raw
    from the start, so it is a key, not a signal)."""
    with tempfile.TemporaryDirectory() as home:
        child = pexpect.spawn(PROGRAM, ["host", "--game", "speed", "--bind", "127.0.0.1", "--no-announce", "--name",
                                        "ann"], dimensions=(30, 110), timeout=20, encoding="utf-8",
                              env={**ENV, "P2PSHITHEAD_HOME": home})  # fmt: skip
        child.expect(r"waiting for the other player\.\.\. \(Ctrl-C stops waiting\)")
        child.sendcontrol("c")
        child.expect(r"Stopped: you left the table before its first game", timeout=5)
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 130 and "Traceback" not in child.before


def test_a_spectator_watches_a_speed_table_to_its_end() -> None:
    """`join --watch` takes a Speed table by the route a Shithead table takes: the game's start, its
    finish order, no scoreboard of titles (Speed has none)."""
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as mine:
        host = subprocess.Popen([PROGRAM, "host", "--game", "speed", "--autoplay", "--bots", "1", "--level",
                                 "smart:50ms", "--bind", "127.0.0.1", "--no-announce"], stdout=subprocess.PIPE,
                                text=True, env={**os.environ, "P2PSHITHEAD_HOME": home})  # fmt: skip
        try:
            assert host.stdout is not None
            address = re.search(r"--address (\S+)", host.stdout.readline())
            assert address is not None
            watched = subprocess.run([PROGRAM, "join", "--watch", "--address", address.group(1), "--bind", "127.0.0.1"],
                                     capture_output=True, text=True, timeout=90,
                                     env={**os.environ, "P2PSHITHEAD_HOME": mine})  # fmt: skip
            out = watched.stdout
            assert watched.returncode == 0 and "game starts: watching" in out, out + watched.stderr
            assert re.search(r"finish order: 1\. \S+ \(seat \d\), 2\. \S+ \(seat \d\)", out), out
            assert "games played" not in out and "the table closed; watched 1 game" in out, out
            assert host.wait(20) == 0
        finally:
            host.kill()
            host.wait()


def test_a_person_joins_a_bot_hosted_speed_table() -> None:
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as mine:
        host = subprocess.Popen([PROGRAM, "host", "--game", "speed", "--autoplay", "--level", "3", "--bind",
                                 "127.0.0.1", "--no-announce", "--rules", "chinese"], stdout=subprocess.PIPE, text=True,
                                env={**os.environ, "P2PSHITHEAD_HOME": home})  # fmt: skip
        try:
            assert host.stdout is not None
            address = re.search(r"--address (\S+)", host.stdout.readline())
            assert address is not None
            child = pexpect.spawn(PROGRAM, ["join", "--game", "speed", "--address", address.group(1), "--bind",
                                            "127.0.0.1", "--ascii"], dimensions=(30, 110), timeout=20,
                                  encoding="utf-8", env={**ENV, "P2PSHITHEAD_HOME": mine})  # fmt: skip
            answer_the_first_run(child, "bob")
            mine_path = play_out(child)
            assert host.wait(10) == 0
            host_says = host.stdout.read()
            assert "Transcript:" in host_says and os.path.getsize(mine_path) > 1000
        finally:
            if host.poll() is None:
                host.kill()
                host.wait()


@pytest.mark.parametrize("words", [["--game", "speed"], ["Speed bar"]], ids=["join --game speed", "join NAME"])
def test_a_speed_table_is_found_from_its_announcement_without_an_address(words: list[str]) -> None:
    """As people type it: a plain `join --game speed` takes the Speed table announced, and `join NAME`
    sits at a Speed table without being told the game; the listing names no unreadable house rule."""
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as mine:
        host = subprocess.Popen([PROGRAM, "host", "--game", "speed", "--autoplay", "--level", "smart:50ms", "--bind",
                                 "127.0.0.1", "--table", "Speed bar"], stdout=subprocess.PIPE, text=True,
                                env={**os.environ, "P2PSHITHEAD_HOME": home})  # fmt: skip
        try:
            assert host.stdout is not None and "join 'Speed bar'" in host.stdout.readline()
            listed = subprocess.run([PROGRAM, "join", "--list", "--bind", "127.0.0.1", "--wait", "2"],
                                    capture_output=True, text=True, timeout=30,
                                    env={**os.environ, "P2PSHITHEAD_HOME": mine})  # fmt: skip
            assert "Speed bar" in listed.stdout and "cannot read" not in listed.stdout, listed.stdout
            joined = subprocess.run([PROGRAM, "join", *words, "--bot", "--level", "smart:50ms", "--bind", "127.0.0.1",
                                     "--wait", "5"], capture_output=True, text=True, timeout=90,
                                    env={**os.environ, "P2PSHITHEAD_HOME": mine})  # fmt: skip
            assert joined.returncode == 0, joined.stdout + joined.stderr
            assert host.wait(20) == 0
        finally:
            host.kill()
            host.wait()


@pytest.mark.parametrize("leaver", ["host", "joiner"])
def test_a_person_who_leaves_speed_ends_it_for_both_and_the_other_wins_at_once(leaver: str) -> None:
    """Two people at a Speed table (`host --game speed`, `join --game speed NAME`, as typed): one presses
    Ctrl-C. Their program says the game stops for both and ends (130); the other's screen says at once
    that they win because the other player left, and the game ends there as any game does (0), with its
    transcript: nobody waits for a seat that cannot come back."""
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as mine:
        people = {
            "host": pexpect.spawn(PROGRAM, ["host", "--game", "speed", "--bind", "127.0.0.1", "--table", "Speed duo",
                                            "--name", "ann", "--ascii"], dimensions=(30, 110), timeout=20,
                                  encoding="utf-8", env={**ENV, "P2PSHITHEAD_HOME": home}),
        }  # fmt: skip
        try:
            people["host"].expect("waiting for the other player")
            people["joiner"] = pexpect.spawn(PROGRAM, ["join", "--game", "speed", "Speed", "duo", "--bind", "127.0.0.1",
                                                       "--name", "bob", "--ascii"], dimensions=(30, 110), timeout=20,
                                             encoding="utf-8", env={**ENV, "P2PSHITHEAD_HOME": mine})  # fmt: skip
            for child in people.values():
                child.expect("slap left / right")  # the game is in play on both screens (its keys are said)
            other = people["joiner" if leaver == "host" else "host"]
            people[leaver].sendcontrol("c")
            people[leaver].expect(r"Left the table \(the game stops for both\)\. Bye!", timeout=10)
            people[leaver].expect(pexpect.EOF)
            people[leaver].close()
            assert people[leaver].exitstatus == 130
            other.expect("You win: the other player left the game", timeout=10)
            other.expect(r"Game over\. Press any key\.", timeout=10)
            with pytest.raises(pexpect.TIMEOUT):  # (as `play_out`: the last screen waits for a key)
                other.expect([pexpect.EOF, "Transcript:"], timeout=1)
            other.send("1")
            other.expect(r"You win\. Transcript: \S+")
            other.expect(pexpect.EOF)
            other.close()
            assert other.exitstatus == 0
        finally:
            for child in people.values():
                if child.isalive():
                    child.kill(9)


def test_the_readmes_table_of_two_speed_bots_is_told_as_it_goes_and_ctrl_c_ends_it() -> None:
    """The README's `host --game speed --bots 1 ... --autoplay` printed "game starts" and then nothing for the
    minute and more a game of two bots lasts: now each play is told as it lands (the words of a person's screen)."""
    with tempfile.TemporaryDirectory() as home:
        readme = ["host", "--game", "speed", "--bots", "1", "--bind", "127.0.0.1", "--no-announce", "--autoplay"]
        child = pexpect.spawn(PROGRAM, readme, env={**os.environ, **ENV, "P2PSHITHEAD_HOME": home}, encoding="utf-8",
                              timeout=30, dimensions=(24, 80))  # fmt: skip
        try:
            child.expect("game starts: you are seat 0 of 2")
            child.expect(r"(You|bot-\w+): \S+ on the (LEFT|RIGHT) pile")
            child.expect(r"(You|bot-\w+): \S+ on the (LEFT|RIGHT) pile")
            child.sendintr()
            child.expect(r"Left the table \(the game stops for both\)\. Bye!")
            child.expect(pexpect.EOF)
            child.close()
            assert child.exitstatus == 130 and "Traceback" not in child.before
        finally:
            child.close(force=True)


@contextlib.contextmanager
def _autoplay_speed_table() -> Iterator[tuple[pexpect.spawn, str, str]]:
    """A Speed table on loopback whose host's own program plays (`--autoplay`), waiting for a joiner: the
    host, its address, and a config folder for the joiner."""
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as mine:
        host = pexpect.spawn(PROGRAM, ["host", "--game", "speed", "--bind", "127.0.0.1", "--no-announce", "--autoplay"],
                             env={**os.environ, **ENV, "P2PSHITHEAD_HOME": home}, encoding="utf-8", timeout=30,
                             dimensions=(24, 80))  # fmt: skip
        try:
            host.expect(r"--address (\S+)")
            yield host, host.match.group(1), mine
        finally:
            host.close(force=True)


def test_a_quiet_speed_bot_joiner_prints_nothing_while_the_game_is_told_at_the_host() -> None:
    """`join --bot --quiet` ("Print nothing") at a Speed table: the plays the bot's seat tells go nowhere."""
    with _autoplay_speed_table() as (host, address, mine):
        joiner = subprocess.Popen([PROGRAM, "join", "--game", "speed", "--bot", "--quiet", "--address", address,
                                   "--bind", "127.0.0.1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env={**os.environ, "P2PSHITHEAD_HOME": mine})  # fmt: skip
        try:
            for _ in range(3):
                host.expect(r"(You|bot-\w+|\w+): \S+ on the (LEFT|RIGHT) pile")
            host.sendintr()
            host.expect(pexpect.EOF)
            out, _errors = joiner.communicate(timeout=30)
            assert out == "", out
        finally:
            joiner.kill()


def test_join_by_address_without_game_at_a_speed_table_plays_speed() -> None:
    """`join --address` takes the game from nothing (no announcement): it said "plays 'speed', which this program
    does not know", of a game this program plays, then "run the same `join` with `--game speed`"; the table's
    welcome now decides, as an announcement does for `join NAME`. Under `--quiet` (as a host starts its bots) it
    said nothing at all, errors included."""
    with _autoplay_speed_table() as (host, address, mine):
        joiner = subprocess.Popen([PROGRAM, "join", "--bot", "--quiet", "--address", address, "--bind", "127.0.0.1"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env={**os.environ, "P2PSHITHEAD_HOME": mine})  # fmt: skip
        try:
            host.expect(r"bot-\w+: \S+ on the (LEFT|RIGHT) pile")  # the joiner plays Speed
            host.sendintr()
            host.expect(pexpect.EOF)
            _out, errors = joiner.communicate(timeout=30)  # (it says the host's program ended: its Ctrl-C)
            assert "this table plays" not in errors and "Traceback" not in errors, errors
        finally:
            joiner.kill()


def test_join_by_address_with_the_other_game_says_which_game_the_table_plays() -> None:
    """`--game shithead` given at a Speed table: the words name the table's game and the option that joins it,
    under `--quiet` too (a host's bot writes them to its errors.log)."""
    with _autoplay_speed_table() as (_host, address, mine):
        joined = subprocess.run([PROGRAM, "join", "--bot", "--quiet", "--game", "shithead", "--address", address,
                                 "--bind", "127.0.0.1"], capture_output=True, text=True, timeout=60,
                                env={**os.environ, "P2PSHITHEAD_HOME": mine})  # fmt: skip
        assert joined.returncode == 3, joined
        assert "this table plays speed: run the same `join` with `--game speed`" in joined.stderr, joined.stderr
        assert "Traceback" not in joined.stderr
