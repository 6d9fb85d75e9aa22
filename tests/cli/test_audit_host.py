"""`host` given places it cannot write: the game is played and kept, and the person is told where, in
words (never a bare errno after the game). Starts the real host with its bots on loopback."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAM = str(Path(sys.executable).with_name("p2pshithead"))


def test_a_transcript_or_stats_path_that_cannot_be_written_keeps_the_game_in_the_config_folder(tmp_path: Path) -> None:
    home, blocked = tmp_path / "home", tmp_path / "a-file"
    blocked.write_text("not a folder\n")
    result = subprocess.run(
        [PROGRAM, "host", "--bind", "127.0.0.1", "--no-announce", "--autoplay", "--bots", "1", "--seats", "2",
         "--games", "1", "--seed", "3", "--transcript", str(blocked / "game.p2ps"), "--stats",
         str(blocked / "stats.json")],
        capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
        env={**os.environ, "P2PSHITHEAD_HOME": str(home), "P2PSHITHEAD_LANG": "en"})  # fmt: skip
    text = " ".join((result.stdout + result.stderr).split())
    assert "Errno" not in text and "Traceback" not in text, text
    saved = list((home / "transcripts").glob("*.p2ps"))
    assert len(saved) == 1, text
    assert re.search(rf"the game could not be saved to {re.escape(str(blocked / 'game.p2ps'))} \(\w[\w ]+\); "
                     rf"it is saved to {re.escape(str(saved[0]))}", text), text
    assert re.search(rf"the statistics could not be written to {re.escape(str(blocked / 'stats.json'))} \(\w[\w ]+\)",
                     text), text
    assert result.returncode == 0
    check = subprocess.run([PROGRAM, "verify", str(saved[0])], capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stdout + check.stderr


def host_says(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PROGRAM, "host", "--bind", "127.0.0.1", "--no-announce", "--autoplay", "--bots", "1", *args],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                          env={**os.environ, "P2PSHITHEAD_HOME": str(home), "P2PSHITHEAD_LANG": "en"})  # fmt: skip


@pytest.mark.parametrize("game", ["shithead", "speed"])
@pytest.mark.parametrize("name", ["a\x1b[31mb", "t" * 300, "", "\u202eevil"])
def test_a_table_name_no_one_should_see_is_refused_as_table_in_words(tmp_path: Path, game: str, name: str) -> None:
    result = host_says(tmp_path, "--game", game, "--table", name)
    text = " ".join((result.stdout + result.stderr).split())
    assert result.returncode == 2 and "Invalid value for '--table'" in text, text
    assert "1 to 40 printable characters" in text, text
    assert "Traceback" not in text and "\x1b" not in text and len(text) < 400, text


def test_a_file_where_the_journals_go_is_named_in_words_when_the_game_starts(tmp_path: Path) -> None:
    (tmp_path / "tables").write_text("a file\n")
    result = host_says(tmp_path, "--seats", "2", "--games", "1")
    text = " ".join((result.stdout + result.stderr).split())
    assert result.returncode == 3 and "Errno" not in text, text
    assert re.search(rf"{re.escape(str(tmp_path / 'tables'))}\S* cannot be used \(Not a directory\): make the config "
                     "folder and its files yours to read and write, or set P2PSHITHEAD_HOME to another", text), text


def _unprivileged() -> bool:
    """Whether this test may run the program as nobody, in a user namespace of its own (`unshare --user`)."""
    return subprocess.run(["unshare", "--user", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _unprivileged(), reason="needs unshare --user (util-linux, user namespaces)")
def test_a_port_the_system_keeps_for_itself_is_refused_in_words(tmp_path: Path) -> None:
    result = subprocess.run(["unshare", "--user", PROGRAM, "host", "--port", "80", "--bind", "127.0.0.1",
                             "--no-announce", "--autoplay", "--bots", "1", "--seats", "2"],
                            capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                            env={**os.environ, "P2PSHITHEAD_HOME": str(tmp_path / "home"), "P2PSHITHEAD_LANG": "en"})
    text = " ".join((result.stdout + result.stderr).split())
    assert result.returncode == 3 and "Errno" not in text, text
    assert "this program may not listen on that port (below 1024, ports are the system's): leave --port out" in text
