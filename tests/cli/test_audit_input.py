"""What a person's shell and keyboard can hand the program at its prompts: closed streams, pipes, bytes
that are no text, endless lines, EOF at each prompt. Each gets words or the end of input, never a traceback;
driven through the real command as typed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAM = str(Path(sys.executable).with_name("p2pshithead"))


def shell(home: Path, line: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """`line` as a shell runs it (`$P` the program), with `home` as the config folder."""
    environ = {**os.environ, "P2PSHITHEAD_HOME": str(home), "P2PSHITHEAD_LANG": "en", "P": PROGRAM}
    return subprocess.run(["sh", "-c", line], input=stdin, capture_output=True, env=environ, timeout=60)


@pytest.mark.parametrize("closed", ["<&-", ">&-", "2>&- <&-"])
def test_a_stream_the_shell_closed_is_the_end_of_input_or_nowhere_to_write(tmp_path: Path, closed: str) -> None:
    result = shell(tmp_path, f'"$P" play --delay 0 --seed 1 {closed}')
    assert b"Traceback" not in result.stderr and result.returncode == 0, result.stderr.decode()
    assert closed.startswith(">") or result.stdout.rstrip().endswith(b"Bye!")


@pytest.mark.parametrize("line", ['"$P" play --delay nan', '"$P" join --list --wait nan', '"$P" play --delay -nan'])
def test_a_number_that_is_not_a_number_is_out_of_every_range(tmp_path: Path, line: str) -> None:
    result = shell(tmp_path, line)
    assert result.returncode == 2 and b"is not in the range" in result.stderr, result.stdout + result.stderr


@pytest.mark.parametrize("game", ["shithead", "speed"])
def test_a_name_with_escape_codes_or_a_bell_is_refused_at_play(tmp_path: Path, game: str) -> None:
    result = shell(tmp_path, f'"$P" play --game {game} --delay 0 --name "$(printf "a\\033[2Jb\\007")"')
    said = result.stdout.decode() + result.stderr.decode()
    assert result.returncode == 2 and "Invalid value for '--name'" in said, said
    assert "'a\\x1b[2Jb\\x07' is not a name: give printable characters" in said and "\x07" not in said, said


def test_a_line_of_thousands_of_characters_at_the_prompt_is_answered_in_words_that_fit(tmp_path: Path) -> None:
    result = shell(tmp_path, '"$P" play --delay 0 --seed 1 --bots 1', stdin=b"z" * 5000 + b"\n")
    screen = result.stdout.decode().split("Hand:")[-1]
    assert "a move is a few characters, not 5000: type ? for help" in " ".join(screen.split()), screen[:500]
    assert "zzzz" not in screen and result.returncode == 0


@pytest.mark.parametrize("address,said", [
    ("999.1.1.1:5", "Invalid value for --address: no machine called 999.1.1.1 is known here"),
    ("a\x1b[31m:5", "Invalid value for --address: expected HOST:PORT (e.g. 192.168.1.20:40000), got 'a\\x1b[31m:5'"),
    ("127.0.0.1:\u00b2", "Invalid value for --address: expected HOST:PORT (e.g. 192.168.1.20:40000), got "
                         "'127.0.0.1:\u00b2'"),  # (a superscript two is a digit to str.isdigit, not to int)
    ("127.0.0.1:65536", "Invalid value for --address: expected HOST:PORT (e.g. 192.168.1.20:40000), got "
                        "'127.0.0.1:65536'"),
])  # fmt: skip
def test_an_address_no_machine_has_is_refused_as_address_in_words(tmp_path: Path, address: str, said: str) -> None:
    for command in ("join", "join --watch"):
        result = subprocess.run([PROGRAM, *command.split(), "--name", "ana", "--address", address],
                                capture_output=True, timeout=60,
                                env={**os.environ, "P2PSHITHEAD_HOME": str(tmp_path), "P2PSHITHEAD_LANG": "en"})
        text = " ".join(result.stderr.decode().split())
        assert result.returncode == 2 and said in text, text
