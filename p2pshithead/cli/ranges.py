"""`FloatRange`: click's range of decimal numbers, which lets "nan" through (every comparison with it is
false), without it: a delay or a wait of "nan" seconds is refused in click's own words."""

from __future__ import annotations

import math
from typing import Any

import click

from p2pshithead.lang import _

__all__ = ["FloatRange"]


class FloatRange(click.FloatRange):
    """A `click.FloatRange` that refuses nan as out of the range."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(_("{value} is not in the range {range}.").format(value=value, range=self._describe_range()),
                      param, ctx)  # fmt: skip
        return number
