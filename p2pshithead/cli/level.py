"""`--level`'s click type, one vocabulary for `play`, `host` and `join` (its own module: `play` loads no
network to read it)."""

from __future__ import annotations

import click

from p2pshithead.bots import make_player

__all__ = ["LEVEL", "LevelType"]

_LEGACY_LEVELS = ("random", "greedy", "smart", "smart:200ms")  # `--level 0..3` (older scripts)


class LevelType(click.ParamType):
    """`--level`, one vocabulary for `play`, `host` and `join`: random, greedy, smart or smart:BUDGET
    (200ms, 1s, 64p playouts); the value is the checked spec text (`bots.make_player` reads it). The old
    numbers 0..3 still read as random, greedy, smart, smart:200ms (the smart bot's default budget)."""

    name = "level"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value).strip().lower()
        if text in ("0", "1", "2", "3"):
            return _LEGACY_LEVELS[int(text)]
        try:
            make_player(text)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)
        return text

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "random|greedy|smart[:BUDGET]"


LEVEL = LevelType()
"""The click type of every `--level` option."""
