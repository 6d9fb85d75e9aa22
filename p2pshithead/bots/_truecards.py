"""A measuring stick, never a player at a table: `smart`'s search shown every card of the deal.

Invariants: a `TrueCardsBot` is a `SmartBot` that a `LocalTable` shows the whole game (`sees_all`),
so every world it samples is the true deal (nothing is left unseen) and it searches with
perfect information: an upper bound for a searcher that, like `smart`, plays its candidates out
with greedy players; in the two-player endgame its tree is a perfect-information Monte Carlo tree
search, as DeeperShit's endgame is (which begins at two seats left, so not at three: `tree_seats` 2),
kept as it was measured against (`quick` off: every world is the true deal, so `smart`'s quicker tree
would make the stick itself stronger; `trust` 0: it searches every reply, as a strong searcher does,
and does not read its opponents' habits). Only
`measuring_player` makes one (`bench bots`, `simulate`); `make_player`, which the product's tables
use, never does, and a table that shows a player its view (a LAN seat) would leave it no better
than `smart`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from p2pshithead.bots._base import Player
from p2pshithead.bots._budget import Budget
from p2pshithead.bots._smart import SmartBot
from p2pshithead.bots._spec import make_player
from p2pshithead.lang import _

__all__ = ["TrueCardsBot", "measuring_player"]

_NAME = "truecards"


@dataclass(frozen=True, slots=True)
class TrueCardsBot(SmartBot):
    """`smart`'s search over the true deal (see the module docstring)."""

    sees_all: ClassVar[bool] = True

    @property
    def name(self) -> str:
        return f"{_NAME}:{self.budget.text()}"


def measuring_player(spec: str, clock: Callable[[], float] = time.perf_counter) -> Player:
    """The player a spec names, as `make_player`, or `truecards:<budget>`: the searcher that sees the deal.

    Raises:
        ValueError: an unknown bot, or a bad budget (in words, naming what is accepted).
    """
    name, colon, budget = spec.strip().lower().partition(":")
    if name != _NAME:
        return make_player(spec, clock)
    try:
        made = Budget.from_text(budget) if colon else SmartBot().budget
        return TrueCardsBot(made, clock, quick=False, tree_seats=2, trust=0)
    except ValueError as exc:
        raise ValueError(_("bad bot {spec!r}: {problem}").format(spec=spec, problem=exc)) from None
