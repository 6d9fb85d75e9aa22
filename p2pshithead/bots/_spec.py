"""Bot specs as typed on a command line: "random", "greedy", "smart", "smart:200ms", "smart:64p".

Invariant: `make_player(spec)` returns a fresh player or raises `ValueError` naming what is
wrong and what is accepted; `BOT_NAMES` lists the bots.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from p2pshithead.bots._base import Player
from p2pshithead.bots._budget import Budget
from p2pshithead.bots._greedy import GreedyBot
from p2pshithead.bots._random import RandomBot
from p2pshithead.bots._smart import SmartBot

__all__ = ["BOT_NAMES", "make_player"]

BOT_NAMES = ("random", "greedy", "smart")
_HELP = "random, greedy, smart or smart:<budget> (200ms, 1s, or 64p playouts)"


def make_player(spec: str, clock: Callable[[], float] = time.perf_counter) -> Player:
    """The player a spec names; a thinking bot reads `clock` for its time budget.

    Raises:
        ValueError: an unknown bot, or a bad budget.
    """
    name, colon, budget = spec.strip().lower().partition(":")
    if name == "smart":
        if not colon:
            return SmartBot(clock=clock)
        try:
            return SmartBot(Budget.from_text(budget), clock)
        except ValueError as exc:
            raise ValueError(f"bad bot {spec!r}: {exc}") from None
    if name in BOT_NAMES and not colon:
        return RandomBot() if name == "random" else GreedyBot()
    raise ValueError(f"bad bot {spec!r}: expected {_HELP}")
