"""`LazyGroup`: a click group whose subcommands are imported when one runs (or its own help is shown), so
`p2pshithead rules` does not pay for the network stack and `--help` for nothing at all. Invariant: each
subcommand's one-line help is written beside its module's name, and tests/cli/test_lazy.py checks that it is
the command's own (so the listing never drifts from the commands). The program's own group (the root) chooses
the language before it parses its command line, so before any command loads; every command it loads takes
`--lang` and `--bidi`, and the root's words (help, summaries, examples), written before the language was
chosen, are translated when shown."""

from __future__ import annotations

import importlib
import os
import shutil
import sys
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import click

from p2pshithead.cli import language
from p2pshithead.cli.helptext import FittedContext, examples
from p2pshithead.cli.vt import use_escape_codes
from p2pshithead.lang import _

__all__ = ["NARROWEST", "Lazy", "LazyGroup"]

NARROWEST = 40
"""The narrowest terminal help is fitted to (the smallest layout, cli/render.py's SMALLEST)."""


def _open_closed_streams() -> None:
    """A standard stream the shell closed (`<&-`, `>&-`: Python makes it None) is the end of input, or
    somewhere that takes what is written and keeps nothing: the program runs on as with /dev/null."""
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))  # noqa: SIM115 (open as long as the process)


class Lazy(NamedTuple):
    """Where a subcommand lives (`module:attribute`) and its one line in the group's help."""

    target: str
    summary: str

    def load(self) -> click.Command:
        module, _colon, attribute = self.target.partition(":")
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command), self.target
        return command


class LazyGroup(click.Group):
    """A group of `lazy` subcommands (name -> `Lazy`), imported on use; `examples` (command lines) end
    its help. Its help and every command's is fitted to the terminal (`FittedHelp`)."""

    context_class = FittedContext

    def __init__(self, *args: Any, lazy: Mapping[str, Lazy], examples: Sequence[str] = (), **kwargs: Any) -> None:
        self._examples = tuple(examples)
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy)
        self.params += language.options()

    @property
    def help(self) -> str | None:
        return _(self._help) if self._help else self._help

    @help.setter
    def help(self, text: str | None) -> None:
        self._help = text

    @property
    def epilog(self) -> str | None:
        return examples(*self._examples) if self._examples else self._epilog

    @epilog.setter
    def epilog(self, text: str | None) -> None:
        self._epilog = text

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if ctx.parent is None:
            _open_closed_streams()
            if os.environ.get("TERM") == "dumb":
                ctx.color = False  # (click.echo takes the colors and cursor moves out of every screen)
            use_escape_codes()  # (a Windows console reads the screens' escape codes only once asked to)
            language.start(args)
            if ctx.terminal_width is None:  # (click writes help at least 50 wide: too wide for 40 columns)
                ctx.terminal_width = max(NARROWEST, min(shutil.get_terminal_size().columns, 80)) - 2
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            self.add_command(self.lazy[cmd_name].load(), cmd_name)
        command = super().get_command(ctx, cmd_name)
        if command is not None and not any(param.name == "lang" for param in command.params):
            command.params += language.options()
            command.context_class = FittedContext
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            # a command not loaded yet is shown by a stand-in with its summary, cut as click cuts its own
            command = self.commands.get(name) or click.Command(name, help=_(self.lazy[name].summary))
            if not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)
