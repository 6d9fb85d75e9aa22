"""An evening at a table seen by those who were not there all along, as real processes on 127.0.0.1: a
player killed in game two who runs the same `join` again, and a spectator who came in game two, end
with the host's scoreboard (the spectator saying which game it did not see); a person who quits a game
for good and sits again for the next has an evening `verify` checks whole."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from p2pshithead.cli.main import main

from .test_rejoin import END_S, LOOP, Table, ends
from .test_terminal import PROMPT, _play_to_the_end, person_at_table

pytestmark = pytest.mark.e2e


def _until_started(host_lines: list[str], host_out: object, games: int) -> None:
    """Read the host's output into `host_lines` until `games` games have started."""
    deadline = time.monotonic() + END_S
    while sum(line.startswith("game starts") for line in host_lines) < games:
        assert time.monotonic() < deadline, "".join(host_lines)
        line = host_out.readline()  # type: ignore[attr-defined]
        assert line, "the host ended early: " + "".join(host_lines)
        host_lines.append(line)


def _final_board(output: str) -> list[str]:
    """The evening's scoreboard at the end of `output`: its count line and each player's tally."""
    lines = output.splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("the evening: "))
    return [lines[start], *(line for line in lines[start + 1:] if line.startswith("  ") and " played, " in line)]


def test_a_rejoined_player_and_a_late_spectator_count_the_evening_as_the_host_does(table: Table) -> None:
    host = table.host("--seats", "3", "--bots", "1", "--games", "3", "--turn-time", "0", "--away-time", "40")
    b = table.join("b")
    assert host.stdout is not None
    lines: list[str] = []
    _until_started(lines, host.stdout, 2)
    watcher = table.start("watcher", "join", "--watch", "--address", f"{LOOP}:{table.port}", "--bind", LOOP)
    time.sleep(0.5)  # game two is under way
    b.kill()  # a crash in game two: its first game is saved, its second in its journal
    b.wait()
    again = table.join("b")  # the same `join` again
    out, b_out, seen = ends(host, again, watcher)
    out = "".join(lines) + out
    assert [host.returncode, again.returncode, watcher.returncode] == [0, 0, 0], (out, b_out, seen)
    assert "back at" in b_out  # it came back to game two
    board = _final_board(out)
    assert board[0] == "the evening: 3 games played" and len(board) == 4, out
    assert _final_board(b_out) == board  # all three games, the one before the crash too
    spectator = _final_board(seen)
    assert spectator[0] == "the evening: 3 games played (game 1 not seen here: the counts below are of the other 2)"
    games = [line for line in out.splitlines() if re.match(r"game [23]: ", line)]
    assert games and all(line in seen.splitlines() for line in games)  # the games it saw, titled as the host did


def test_an_evening_with_a_game_quit_for_good_verifies_whole(tmp_path: Path) -> None:
    # the bots think 50 ms a card, so that game two waits for the person who sits again (fast bots end it first)
    with person_at_table(tmp_path, "--seats", "3", "--bots", "1", "--games", "2", "--turn-time", "0",
                         "--level", "smart:50ms") as (host, ann):  # fmt: skip
        ann.expect(PROMPT)
        ann.sendline("quit")  # at the first prompt (the swap phase): leave for good
        ann.expect("Leave the game for good?")
        ann.sendline("y")
        ann.expect("you left the game for good: the others play on without you")
        ann.expect(pexpect.EOF)
        ann.close()
        command = [os.fsdecode(arg) for arg in ann.args]  # the same `join` again, typed as before
        again = pexpect.spawn(command[0], command[1:], env=ann.env, encoding="utf-8", timeout=30, dimensions=(40, 200))
        again.logfile_read = open(tmp_path / "screen-2.log", "w")  # noqa: SIM115 (closed with the process)
        again.expect("you take a free seat when the next one begins")  # not the seat it left: a new one
        if again.expect(["press Enter when ready", pexpect.EOF]) == 1:  # (the host's words say why)
            pytest.fail("not seated for the next game; the host said:\n" + host.communicate(timeout=5)[0][-3000:])
        again.sendline("")
        _play_to_the_end(again)
        again.expect(pexpect.EOF, timeout=END_S)  # the host's two games are played
        host.wait(timeout=END_S)
    saved = sorted((tmp_path / "ann" / "transcripts").glob("*.p2ps"), key=lambda p: p.stat().st_mtime)
    assert len(saved) == 2
    result = CliRunner().invoke(main, ["verify", *map(str, saved)])
    assert result.exit_code == 0, result.output
    assert "ann (seat" in result.output and "left this game for good here" in result.output
    assert "follows game 1, which this file's player left before its end" in result.output
    assert "the evening: 2 games played (game 1 not seen here: the counts below are of the other 1)" in result.output
