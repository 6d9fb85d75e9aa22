"""The program loads a command when it runs: `--help` lists every command from the summaries written
beside them, each the command's own first paragraph, and loads none of them; each command loads on use."""

from __future__ import annotations

import ast
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from p2pshithead.cli.bench import bench
from p2pshithead.cli.lazy import LazyGroup
from p2pshithead.cli.main import COMMANDS, main

GROUPS = [("main", main), ("bench", bench)]
LOADED = {(group, name): lazy.load() for group in (main, bench) if isinstance(group, LazyGroup)
          for name, lazy in group.lazy.items()}  # fmt: skip
"""Every lazy command, loaded as the tests are collected (as a library imports: conftest.py's quick run)."""


@pytest.mark.parametrize("name,group", GROUPS, ids=[name for name, _ in GROUPS])
def test_each_summary_is_the_commands_own(name: str, group: click.Group) -> None:
    assert isinstance(group, LazyGroup)
    for command_name, lazy in group.lazy.items():
        command = LOADED[group, command_name]
        assert command.name == command_name
        stand_in = click.Command(command_name, help=lazy.summary)
        assert stand_in.get_short_help_str(1000) == command.get_short_help_str(1000), command_name


def test_the_listing_loads_no_command_and_each_loads_on_use() -> None:
    code = (
        "import sys\nfrom click.testing import CliRunner\nfrom p2pshithead.cli.main import main\n"
        "out = CliRunner().invoke(main, ['--help']).output\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('p2pshithead', 'prompt_toolkit', 'zeroconf')))\n"
        "print(out)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    first, listing = done.stdout.split("\n", 1)
    loaded = ast.literal_eval(first)
    for name, lazy in COMMANDS.items():
        assert lazy.target.partition(":")[0] not in loaded, name
        assert f"  {name} " in listing
    for heavy in ("p2pshithead.net", "p2pshithead.game", "p2pshithead.crypto", "prompt_toolkit"):
        assert heavy not in loaded


def test_a_command_runs_once_loaded() -> None:
    result = CliRunner().invoke(main, ["rules", "classic"])
    assert result.exit_code == 0 and "classic" in result.output.lower()
    assert "rules" in main.commands  # loaded on use, kept


def test_an_unknown_command_is_refused_in_words() -> None:
    result = CliRunner().invoke(main, ["hots"])
    assert result.exit_code == 2 and "No such command 'hots'" in result.output


@pytest.mark.parametrize("code", ["he", "pt", "fr"])
def test_each_summary_is_the_commands_own_in_every_language(code: str) -> None:
    """The listing's line of each command is its own help's first line in the language chosen too."""
    check = (
        "import click\nfrom p2pshithead import lang\nfrom p2pshithead.cli.main import COMMANDS\n"
        f"lang.use({code!r})\n"
        "for name, lazy in COMMANDS.items():\n"
        "    own = lazy.load().get_short_help_str(1000)\n"
        "    listed = click.Command(name, help=lang._(lazy.summary)).get_short_help_str(1000)\n"
        "    print(name if own == listed else f'{name}: listed {listed!r}, its own {own!r}')\n"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.split() == list(COMMANDS), done.stdout
