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
    assert result.exit_code == 0 and "Examples:" in result.output
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
