"""A thinking budget: how long a searching bot may think, as typed in a spec ("200ms", "64p").

Invariant: a budget is exactly one of a positive time (at most 60 s) or a positive number of
playouts; `Budget.from_text(b.text()) == b`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from p2pshithead.lang import _

__all__ = ["Budget", "Deadline"]


@dataclass(frozen=True, slots=True)
class Budget:
    """How long the bot thinks: a time in seconds, or a number of playouts (deterministic)."""

    seconds: float | None = None
    playouts: int | None = None

    def __post_init__(self) -> None:
        if (self.seconds is None) == (self.playouts is None):
            raise ValueError("a budget is a time or a number of playouts, exactly one")
        if self.seconds is not None and not 0 < self.seconds <= 60:
            raise ValueError(_("a thinking time is more than 0 and at most 60 s"))
        if self.playouts is not None and not 1 <= self.playouts <= 1_000_000:
            raise ValueError(_("playouts: 1 to 1,000,000"))

    def text(self) -> str:
        """The budget as written in a bot spec: "200ms", "2s", "64p"."""
        if self.playouts is not None:
            return f"{self.playouts}p"
        assert self.seconds is not None
        ms = self.seconds * 1000
        return f"{ms:g}ms" if ms < 1000 else f"{self.seconds:g}s"

    @classmethod
    def from_text(cls, text: str) -> Budget:
        """Inverse of `text()`: "<N>ms", "<N>s" or "<N>p" (playouts).

        Raises:
            ValueError: anything else, or a value out of range.
        """
        match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ms|s|p)\s*", text.lower())
        if not match:
            raise ValueError(_("not a thinking budget: {text!r} (e.g. 200ms, 1s, 64p)").format(text=text))
        value, unit = float(match[1]), match[2]
        if unit == "p":
            if not value.is_integer():
                raise ValueError(_("playouts must be a whole number: {text!r}").format(text=text))
            return cls(playouts=int(value))
        return cls(seconds=value / 1000 if unit == "ms" else value)


@dataclass(frozen=True, slots=True)
class Deadline:
    """When a decision that began at `start` (by `clock`) must stop playing out, under a time budget of
    `seconds` (None: a playout budget, never late): so that the whole decision, not only its search,
    keeps within the budget, a playout is not begun when the time left is less than twice the mean
    playout so far (a playout runs longer than the mean now and then, and the choice takes a moment)."""

    seconds: float | None
    clock: Callable[[], float]
    start: float

    def late(self, played: int) -> bool:
        """Whether to stop before the next playout, `played` having been played in this decision."""
        if self.seconds is None:
            return False
        now = self.clock()
        return now + (2 * (now - self.start) / played if played else 0.0) >= self.start + self.seconds
