"""Every `--help` of play, rules, simulate and bench (and its benchmarks) ends with examples that the
command itself accepts."""

from __future__ import annotations

import shlex

import click
import pytest
from click.testing import CliRunner

from p2pshithead.cli.helptext import EXAMPLE_PREFIX
from p2pshithead.cli.main import main

BENCHES = ["deck", "engine", "garbage", "net", "soak", "speed", "start", "wire"]
COMMANDS = [[], ["play"], ["rules"], ["simulate"], ["bench"], *(["bench", b] for b in BENCHES)]


@pytest.mark.parametrize("path", COMMANDS, ids=lambda path: " ".join(path) or "main")
def test_help_has_examples_the_command_accepts(path: list[str]) -> None:
    result = CliRunner().invoke(main, [*path, "--help"], terminal_width=100)
    assert result.exit_code == 0  # (its words are in the language its module was first imported in, by another
    # test perhaps: a program speaks one language; the examples, below, are in every language alike)
    lines = [line.strip() for line in result.output.splitlines() if line.strip().startswith(EXAMPLE_PREFIX.strip())]
    assert lines
    for line in lines:
        args = shlex.split(line.removeprefix(EXAMPLE_PREFIX.strip()))
        assert args[: len(path)] == path, line
        command: click.Command = main
        while isinstance(command, click.Group):  # down to the command the example runs
            found = command.get_command(click.Context(command), args.pop(0))
            assert found is not None, line
            command = found
        command.make_context(command.name or "", args)  # parses: every option and value is known


@pytest.mark.parametrize("code", ["en", "he", "pt", "fr"])
@pytest.mark.parametrize("path", [["host"], ["join"], ["play"], ["simulate"], ["bench", "bots"], ["rules"]],
                         ids=" ".join)  # fmt: skip
def test_help_fits_the_narrowest_terminal_with_every_word_whole(path: list[str], code: str) -> None:
    """At 40 columns an option's words keep most of the width (not 8 columns beside a 30-column option), and
    an example too wide is written as a shell takes it (what it does as a comment, `\\` between words)."""
    result = CliRunner().invoke(main, ["--lang", code, *path, "--help"], terminal_width=38)  # (a 40-column terminal)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 40, result.output
    command: click.Command = main
    for name in path:
        assert isinstance(command, click.Group)
        found = command.get_command(click.Context(command), name)
        assert found is not None
        command = found
    words = result.output.split()
    shown = [option for p in command.params if isinstance(p, click.Option) and not p.hidden for option in p.opts]
    assert all(option in words or f"{option}," in words for option in shown), result.output
    assert "$P2PSHITHEAD_BIDI)." in words or "$P2PSHITHEAD_BIDI)" in " ".join(words), result.output
    examples = [line for line in lines if line.lstrip().startswith("$ p2pshithead")]
    assert examples and all(len(line) <= 40 for line in examples)
