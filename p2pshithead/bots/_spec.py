"""Bot specs as typed on a command line: "random", "greedy", "smart", "smart:200ms", "smart:64p"; and
the stand-in that plays for a person whose time is up.

Invariant: `make_player(spec)` returns a fresh player or raises `ValueError` naming what is
wrong and what is accepted; `BOT_NAMES` lists the bots; `stand_in()` is a fresh `smart` at
`STAND_IN` playouts, so its move depends only on the view it is shown and its rng.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from p2pshithead.bots._base import Player
from p2pshithead.bots._budget import Budget
from p2pshithead.bots._greedy import GreedyBot
from p2pshithead.bots._random import RandomBot
from p2pshithead.bots._smart import SmartBot
from p2pshithead.lang import N_, _

__all__ = ["BOT_NAMES", "STAND_IN", "make_player", "stand_in"]

BOT_NAMES = ("random", "greedy", "smart")
_HELP = N_("random, greedy, smart or smart:<budget> (200ms, 1s, or 64p playouts)")

STAND_IN = Budget(playouts=128)
"""The stand-in's budget: playouts, not time, so a slow machine gets the same move; about 50 ms of CPU a
searched decision on the compiled engine (docs/bots.md)."""


def stand_in() -> SmartBot:
    """The bot that plays for a person whose time is up (`game.auto_move`): smart at `STAND_IN`."""
    return SmartBot(STAND_IN)


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
            raise ValueError(_("bad bot {spec!r}: {problem}").format(spec=spec, problem=exc)) from None
    if name in BOT_NAMES and not colon:
        return RandomBot() if name == "random" else GreedyBot()
    raise ValueError(_("bad bot {spec!r}: expected {accepted}").format(spec=spec, accepted=_(_HELP)))
