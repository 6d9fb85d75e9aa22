"""Real tables survive real life: separate processes on 127.0.0.1, killed (-9), stopped and resumed.

Every peer keeps its own config folder, as on separate laptops. A killed joiner comes back by running
the same `join` again; a killed host by `host --resume`, and the joiners come back by themselves; a
stopped (frozen) joiner is away, then back; one stopped past the away limit ends the game for everyone
with a verdict that says so; a joiner whose lobby link breaks on its side only (the host still holds it)
gets its seat back, in the lobby or in the game begun meanwhile; a killed joiner whose journal was damaged
is told so by the same `join`, which sets it aside. Each case checks that every honest peer
ends with the same transcript and that `verify` accepts it.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from p2pshithead.cli.home import HOME_ENV
from p2pshithead.cli.main import main
from p2pshithead.net import FrameDecoder, Journal

from .cutlink import CutLink

CLI = [sys.executable, "-c", "from p2pshithead.cli.main import main; main(prog_name='p2pshithead')"]
HELD = [sys.executable, "-c", "import sys; from p2pshithead.cli.main import main; sys.stdin.readline(); "
        "main(prog_name='p2pshithead')"]  # fmt: skip
"""`CLI` that waits for a line on its stdin first: loaded ahead of the moment it is to act (`release`)."""
LOOP = "127.0.0.1"
END_S = 60  # the longest any process of these tables may run


class Table:
    """Processes of one table on loopback, each with its own config folder under `root`; all are killed
    at the end whatever happens."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.procs: list[subprocess.Popen[str]] = []
        self.port = 0

    def env(self, name: str) -> dict[str, str]:
        return {**os.environ, HOME_ENV: str(self.root / name)}

    def start(self, name: str, *args: str, held: bool = False) -> subprocess.Popen[str]:
        stdin = subprocess.PIPE if held else subprocess.DEVNULL
        proc = subprocess.Popen([*(HELD if held else CLI), *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, stdin=stdin, env=self.env(name))  # fmt: skip
        self.procs.append(proc)
        return proc

    def host(self, *args: str, announce: bool = False) -> subprocess.Popen[str]:
        quiet = () if announce else ("--no-announce",)
        proc = self.start("host", "host", "--bind", LOOP, *quiet, "--autoplay", *args)
        assert proc.stdout is not None
        first = proc.stdout.readline()
        self.port = int(first.split(f" on {LOOP}:")[1].split(";")[0].split()[0])
        return proc

    def join(self, name: str, held: bool = False) -> subprocess.Popen[str]:
        return self.start(name, "join", "--bot", "--address", f"{LOOP}:{self.port}", "--bind", LOOP, held=held)

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGCONT)
                proc.kill()
            proc.wait()
        for pid in self.orphans():  # a killed host's bots live on in their own session
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    def orphans(self) -> list[int]:
        """Processes whose config folder is under this table's root (those it started, and their bots)."""
        return processes_under(self.root)


def processes_under(root: Path) -> list[int]:
    """The ids of the processes whose config folder is under `root`."""
    mine = f"{HOME_ENV}={root}".encode()
    found = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        with contextlib.suppress(OSError):
            if mine in environ.read_bytes():
                found.append(int(environ.parent.name))
    return found


def until_playing(folder: Path) -> None:
    """Wait until the peer with config `folder` holds a game (its journal exists)."""
    deadline = time.monotonic() + END_S
    while not list(folder.glob("tables/*/entries.p2ps")):
        assert time.monotonic() < deadline, f"{folder} never got a game"
        time.sleep(0.05)


def release(proc: subprocess.Popen[str]) -> None:
    """Let a `held` process go on."""
    assert proc.stdin is not None
    proc.stdin.write("\n")
    proc.stdin.close()


def until_entries(folder: Path, count: int) -> None:
    """Wait until the peer with config `folder` has journaled `count` entries of its game."""
    until_playing(folder)
    (journal,) = folder.glob("tables/*")
    deadline = time.monotonic() + END_S
    while entries_kept(journal) < count:
        assert time.monotonic() < deadline, f"{folder} never journaled {count} entries"
        time.sleep(0.05)


def ends(*procs: subprocess.Popen[str]) -> list[str]:
    """What each of `procs` says from here to its end (within END_S each). Read through the stream the
    lines before were read from (`communicate` would lose what that stream had read ahead)."""
    return [_rest(proc) for proc in procs]


def _rest(proc: subprocess.Popen[str]) -> str:
    stream = proc.stdout
    assert stream is not None
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.append(stream.read()), daemon=True)  # ended with `proc`
    reader.start()
    reader.join(END_S)
    assert said, f"{proc.args!r} did not end within {END_S} s"
    proc.wait(END_S)
    return said[0]


def heads(outputs: list[str]) -> set[str]:
    return {line.split()[-1] for out in outputs for line in out.splitlines() if line.startswith("transcript:")}


def saved(output: str) -> Path:
    return Path(next(line for line in output.splitlines() if line.startswith("saved to ")).removeprefix("saved to "))


def assert_one_verified_game(outputs: list[str]) -> None:
    assert len(heads(outputs)) == 1, outputs
    for out in outputs:
        result = CliRunner().invoke(main, ["verify", str(saved(out))])
        assert result.exit_code == 0 and "finish order: 1." in result.output, result.output


@pytest.mark.parametrize("seed", [1, 2])
def test_a_killed_joiner_comes_back_by_joining_again(table: Table, seed: int) -> None:
    host = table.host("--seats", "3", "--away-time", "30")
    a, b = table.join("a"), table.join("b")
    until_entries(table.root / "b", random.Random(seed).randrange(1, 60))  # somewhere in setup or play
    b.kill()
    b.wait()
    journal = Journal(next((table.root / "b" / "tables").iterdir()))
    assert journal.record() is not None and journal.entries()  # what a kill -9 left is readable
    outputs = ends(host, a, table.join("b"))
    assert [host.returncode, a.returncode, table.procs[-1].returncode] == [0, 0, 0], outputs
    assert "is away" in outputs[0] and "is back" in outputs[0]
    assert "back at" in outputs[2]  # the same `join` found its unfinished game
    assert_one_verified_game(outputs)


def entries_kept(folder: Path) -> int:
    """How many whole entries a running peer's journal in `folder` holds (read without touching the file)."""
    path = folder / "entries.p2ps"
    return len(FrameDecoder(str(path)).feed(path.read_bytes())) if path.exists() else 0


@pytest.mark.parametrize("damage", ["another secret", "record cut short"])
def test_a_joiner_whose_journal_does_not_fit_is_told_and_the_next_join_goes_on(table: Table, damage: str) -> None:
    """A killed joiner's journal damaged on disk (its secret replaced by another valid one, or its record cut
    short): the same `join` says so in words naming the table and where the journal is set aside, and no
    later `join` reads it again. The next `join` finds the host still holding the seat, whose key is gone
    with the journal, and says that too; once that table is gone, the same `join` sits at a new one there."""
    host = table.host("--seats", "2", "--away-time", "60")  # long enough to hold the seat through two joins
    b = table.join("b")
    until_playing(table.root / "b")
    folder = next((table.root / "b" / "tables").iterdir())
    deadline = time.monotonic() + END_S
    while entries_kept(folder) < 8:  # the keys, the shuffles and the deal: b's hand opens with its key
        assert time.monotonic() < deadline and b.poll() is None, "b never got its hand"
        time.sleep(0.05)
    b.kill()
    b.wait()
    journal = Journal(folder)
    record = journal.record()
    assert record is not None
    if damage == "another secret":
        journal.write_record(replace(record, secret=os.urandom(64)))
    else:
        (folder / "seat.msgpack").write_bytes((folder / "seat.msgpack").read_bytes()[:40])
    (refused,) = ends(table.join("b"))
    assert table.procs[-1].returncode == 1 and "Traceback" not in refused, refused
    said = " ".join(refused.split())
    assert f"the saved game of table {folder.name[:6]} cannot be taken up" in said, said
    assert f"it is set aside in {folder}.set-aside: `join` again sits at a table afresh" in said, said
    assert not folder.exists() and (folder.parent / f"{folder.name}.set-aside" / "entries.p2ps").exists()
    (again,) = ends(table.join("b"))  # the host gives the seat back from the genesis: its key is not here
    assert table.procs[-1].returncode == 3 and "Traceback" not in again, again
    assert "saved game" not in again and "coming back" not in again
    assert "this program cannot play seat 1" in again and "secret does not match the key share" in again, again
    host.kill()  # that game is lost to this seat; the table closes
    host.wait()
    fresh = table.host("--seats", "2", "--port", str(table.port))  # a new table where the old one was
    outputs = ends(fresh, table.join("b"))
    assert [fresh.returncode, table.procs[-1].returncode] == [0, 0], outputs
    assert "saved game" not in outputs[1] and "coming back" not in outputs[1], outputs[1]
    assert_one_verified_game(outputs)


def test_a_new_table_after_a_killed_one_gets_its_bots(table: Table) -> None:
    # the host's own bots keep journals in its config folder: the dead table's game is unfinished for them
    host = table.host("--seats", "2", "--bots", "1")
    until_playing(table.root / "host")
    host.kill()
    host.wait()
    fresh = table.host("--seats", "2", "--bots", "1")  # a new table, not --resume
    (output,) = ends(fresh)
    assert fresh.returncode == 0 and "sits in seat 1" in output, output
    assert_one_verified_game([output])


def test_a_killed_host_resumes_and_the_joiners_come_back_by_themselves(table: Table) -> None:
    host = table.host("--seats", "3", "--away-time", "30")
    a, b = table.join("a"), table.join("b")
    until_entries(table.root / "host", 16)
    host.kill()
    host.wait()
    resumed = table.start("host", "host", "--resume", "--autoplay")
    outputs = ends(resumed, a, b)
    assert [p.returncode for p in (resumed, a, b)] == [0, 0, 0], outputs
    assert "resuming the game" in outputs[0]
    assert all("root" not in out or "is back" in out for out in outputs[1:])
    assert_one_verified_game(outputs)


def test_a_frozen_joiner_is_away_then_back_and_the_game_goes_on(table: Table) -> None:
    host = table.host("--seats", "3", "--away-time", "30")
    a, b = table.join("a"), table.join("b")
    until_playing(table.root / "b")
    os.kill(b.pid, signal.SIGSTOP)  # a closed laptop lid
    away = said_until(host, "is away")  # the silence that marks a peer away (5 s), well within the away limit
    os.kill(b.pid, signal.SIGCONT)
    outputs = ends(host, a, b)
    outputs[0] = "".join(away) + outputs[0]
    assert [p.returncode for p in (host, a, b)] == [0, 0, 0], outputs
    frozen = (table.root / "b" / "nick").read_text().strip()
    assert f"{frozen} (seat" in outputs[0]
    for text in ("is away", "is back"):
        assert any(frozen in line and text in line for line in outputs[0].splitlines()), outputs[0]
    assert any(frozen in line and "is away" in line for line in outputs[1].splitlines())  # the others see it too
    assert_one_verified_game(outputs)


def test_a_joiner_frozen_past_the_away_limit_ends_the_game_for_everyone(table: Table) -> None:
    host = table.host("--seats", "3", "--away-time", "3")
    a, b = table.join("a"), table.join("b")
    until_playing(table.root / "b")
    os.kill(b.pid, signal.SIGSTOP)
    outputs = ends(host, a)  # (the verdict below names the limit that ended it: not END_S)
    assert [host.returncode, a.returncode] == [1, 1], outputs
    frozen = (table.root / "b" / "nick").read_text().strip()
    for out in outputs:
        assert f"seat {frozen}" not in out  # (the nickname is what names it, with its seat)
        assert any(frozen in line and "away for more than 3 s" in line and "reported by the host" in line
                   for line in out.splitlines()), out  # fmt: skip
    assert len(heads(outputs)) == 1


def test_a_table_in_play_stays_listed_as_playing_with_who_is_away(table: Table) -> None:
    host = table.host("--seats", "2", "--away-time", "30", "--table", "listed", announce=True)
    b = table.join("b")
    until_playing(table.root / "b")
    b.kill()
    b.wait()
    listing = None
    for _ in range(20):  # the announcement follows the away mark within a second or two
        command = [*CLI, "join", "--list", "--json", "--bind", LOOP, "--wait", "1.5"]
        listed = subprocess.run(command, capture_output=True, text=True, timeout=30, env=table.env("lister"))
        listing = next((t for t in json.loads(listed.stdout) if t["name"] == "listed"), None)
        if listing is not None and listing["away"]:
            break
    assert listing is not None and listing["playing"] and listing["free"] == 0
    assert listing["away"] == [(table.root / "b" / "nick").read_text().strip()]
    outputs = ends(host, table.join("b"))
    assert_one_verified_game(outputs)


def said_until(proc: subprocess.Popen[str], *texts: str, seconds: float = END_S) -> list[str]:
    """`proc`'s output lines up to the first that holds one of `texts`, read as `_rest` reads (a thread joined
    for at most `seconds`: a line that never comes fails the test, never hangs it; lines already read ahead
    into the stream's buffer count, as a select on its descriptor would not see them)."""
    stream = proc.stdout
    assert stream is not None
    lines: list[str] = []

    def read() -> None:
        while (line := stream.readline()) and not any(text in line for text in texts):
            lines.append(line)
        lines.append(line)

    reader = threading.Thread(target=read, daemon=True)  # (left blocked in a read, it ends with the test's process)
    reader.start()
    reader.join(seconds)
    assert not reader.is_alive() and any(text in lines[-1] for text in texts), \
        f"none of {texts} within {seconds} s: {lines}"
    return lines


def test_a_joiner_whose_link_drops_in_the_lobby_sits_again_and_plays(table: Table) -> None:
    host = table.host("--seats", "3", "--games", "1")
    with CutLink(table.port) as link:
        a = table.start("a", "join", "--bot", "--address", f"{LOOP}:{link.port}", "--bind", LOOP)
        before = said_until(a, "seated at")
        link.cut()  # in the lobby: the table waits for a third player; the link is back at once
        again = said_until(a, "seated at")
        b = table.join("b")
        outputs = ends(host, a, b)
    assert [p.returncode for p in (host, a, b)] == [0, 0, 0], outputs
    assert not any("is away" in line or "is back" in line for line in again), again  # (nothing for the person to do)
    assert sum("seated at" in line for line in before + again) == 2 and link.links == 2
    assert "finish order: 1." in outputs[1]
    assert_one_verified_game(outputs)


def test_a_lobby_link_broken_only_on_the_joiners_side_gives_the_joiner_its_seat_back(table: Table) -> None:
    host = table.host("--seats", "3", "--games", "1")
    with CutLink(table.port) as link:
        a = table.start("a", "join", "--bot", "--address", f"{LOOP}:{link.port}", "--bind", LOOP)
        said_until(a, "seated at")
        link.half_cut()  # the host still holds its side of the link, open and silent
        again = said_until(a, "seated at")
        b = table.join("b")
        outputs = ends(host, a, b)
    assert [p.returncode for p in (host, a, b)] == [0, 0, 0], outputs
    assert "(seat 1)" in again[-1] and link.links >= 2, again  # refused while the old link still looked live
    assert "(seat 1) is back" in outputs[0] and "left the lobby" not in outputs[0], outputs[0]
    assert_one_verified_game(outputs)


def test_a_joiner_cut_off_in_the_lobby_comes_back_into_the_game_begun_without_it(table: Table) -> None:
    host = table.host("--seats", "3", "--games", "1")
    b = table.join("b", held=True)  # it sits before the host sees the dead link as silent (5 s), under load too
    with CutLink(table.port) as link:
        a = table.start("a", "join", "--bot", "--address", f"{LOOP}:{link.port}", "--bind", LOOP)
        said_until(a, "seated at")
        link.refusing = True  # a dials again in vain while the game begins with its seat on the dead link
        link.half_cut()
        release(b)
        until_playing(table.root / "b")
        link.refusing = False
        back = said_until(a, "back at")
        outputs = ends(host, a, b)
    assert [p.returncode for p in (host, a, b)] == [0, 0, 0], outputs
    assert "(seat 1): catching up" in back[-1] and "game starts: you are seat 1 of 3" in outputs[1], outputs[1]
    assert_one_verified_game(outputs)


def test_a_host_resumed_mid_evening_counts_the_games_before_the_crash(table: Table) -> None:
    host = table.host("--seats", "2", "--bots", "1", "--games", "3", "--away-time", "30")
    said_until(host, "game 1: ")  # the first game's scoreboard line: it is over and saved
    deadline = time.monotonic() + END_S
    while len(list((table.root / "host").glob("tables/*/entries.p2ps"))) < 2:  # the second game is journaled
        assert time.monotonic() < deadline, "the host never began a second game"
        time.sleep(0.05)
    host.kill()
    host.wait()
    resumed = table.start("host", "host", "--resume", "--autoplay", "--games", "3")
    (output,) = ends(resumed)
    assert resumed.returncode == 0, output
    final = output[output.index("the evening: "):]
    assert final.startswith("the evening: 3 games played"), output
    assert re.search(r"^game 1: .*\n(.*\n)*game 2: .*\n(.*\n)*game 3: ", output, re.MULTILINE), output
