"""`LazyGroup`: a click group whose subcommands are imported when one runs (or its own help is shown),
so `p2pshithead rules` does not pay for the network stack and `--help` for nothing at all. Invariant:
each subcommand's one-line help is written beside its module's name, and tests/cli/test_lazy.py checks that
it is the command's own (so the listing never drifts from the commands)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, NamedTuple

import click

__all__ = ["Lazy", "LazyGroup"]


class Lazy(NamedTuple):
    """Where a subcommand lives (`module:attribute`) and its one line in the group's help."""

    target: str
    summary: str

    def load(self) -> click.Command:
        module, _, attribute = self.target.partition(":")
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command), self.target
        return command


class LazyGroup(click.Group):
    """A group of `lazy` subcommands (name -> `Lazy`), imported on use."""

    def __init__(self, *args: Any, lazy: Mapping[str, Lazy], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            self.add_command(self.lazy[cmd_name].load(), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            # a command not loaded yet is shown by a stand-in with its summary, cut as click cuts its own
            command = self.commands.get(name) or click.Command(name, help=self.lazy[name].summary)
            if not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)
