"""The `play` command through click's CliRunner: options, leaving, help, reproducibility."""

from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

from p2pshithead.cli import play as play_module
from p2pshithead.cli.main import main

FAST = ["play", "--seed", "3", "--delay", "0"]


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def test_listed_and_helped() -> None:
    assert "play" in run("--help").output
    out = run("play", "--help").output
    for option in ("--bots", "--rules", "--seed", "--ascii", "--level", "--name", "--delay"):
        assert option in out


def test_quit_at_the_first_prompt() -> None:
    result = run(*FAST, "--ascii", input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Swap phase" in result.output and "Hand: 1:" in result.output
    assert result.output.rstrip().endswith("Bye!")


def test_end_of_input_leaves_cleanly() -> None:
    result = run(*FAST, "--ascii", input="")
    assert result.exit_code == 0 and "Bye!" in result.output and "Traceback" not in result.output


def test_ctrl_c_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(prompt: str, resized: object = None) -> str:  # Ctrl-C at the move, then at "Quit?"
        raise KeyboardInterrupt

    monkeypatch.setattr(play_module.READER, "read", interrupted)
    result = run(*FAST)
    assert result.exit_code == 130 and "Bye!" in result.output


def test_bad_input_help_and_rules() -> None:
    result = run(*FAST, "--ascii", "--rules", "french", input="zz\n?\n\nrules\n\nswap 9 9\nquit\n")
    out = result.output
    assert result.exit_code == 0
    assert "! 'zz'? swap a hand card with a face-up one (swap 3 k), or r when ready" in out  # the swap phase
    assert "swap 3 K    exchange a hand 3 with your face-up K" in out
    assert "Rules: french" in out and "an ace names who must take the pile" in out
    assert "! you have no 9 in your hand" in out or "! you have no 9 in your face-up cards" in out


def test_same_seed_same_screen_and_names() -> None:
    first = run(*FAST, "--ascii", "--name", "Ann", "--bots", "2", input="r\n-\nquit\n")
    again = run(*FAST, "--ascii", "--name", "Ann", "--bots", "2", input="r\n-\nquit\n")
    assert first.output == again.output and "[0] Ann" in first.output and "[2] Bot 2" in first.output
    assert "[3]" not in first.output


def test_glyphs_unless_ascii() -> None:
    glyphs = set("\u2663\u2666\u2665\u2660")
    assert glyphs & set(run(*FAST, input="quit\n").output)
    assert not glyphs & set(run(*FAST, "--ascii", input="quit\n").output)


def test_big_table_and_bad_options() -> None:
    assert run(*FAST, "--bots", "10", "--ascii", input="quit\n").exit_code == 0
    assert run(*FAST, "--bots", "11").exit_code == 2
    assert run(*FAST, "--rules", "nope").exit_code == 2
    assert run(*FAST, "--level", "genius").exit_code == 2


def test_ascii_when_the_terminal_cannot_show_suits() -> None:
    result = CliRunner(charset="ascii").invoke(main, [*FAST, "--name", "Ann"], input="quit\n")
    assert result.exit_code == 0 and "Hand: 1:" in result.output
    assert not set("\u2663\u2666\u2665\u2660\u25b6") & set(result.output)
