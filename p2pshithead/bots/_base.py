"""What a seat's decision-maker is: anything that maps its own view of a game to a move.

Invariant: a player sees only `Game.view(me)` (public cards and its own hand), or the same through
`Game.lens(me)` when it keeps nothing it was shown after deciding (`shown_live`); it returns a legal
move of its own, or None to let an out-of-turn chance pass.
"""

from __future__ import annotations

import random
from typing import Protocol

from p2pshithead.engine import Game, Move

__all__ = ["Player", "sees_all", "shown_live"]


class Player(Protocol):
    """A decision-maker for one seat: a bot or a person at a terminal."""

    @property
    def name(self) -> str:
        """A short label for tables and reports ("greedy", "smart:200ms")."""
        ...

    def decide(self, view: Game, me: int, rng: random.Random) -> Move | None:
        """Choose a move for seat `me` from `view.moves_for(me)`.

        When `me` is not the player to act, the call offers an out-of-turn play (section 5);
        None passes. In the swap phase, returning `Ready(me)` ends this seat's swapping.
        """
        ...


def shown_live(player: Player) -> bool:
    """Whether a table may show `player` a live `Game.lens` of its seat instead of a fresh view per
    decision (cheaper; the same cards): a player says so with a true `live_view` attribute, a
    promise that it keeps no reference to what it is shown once `decide` returns."""
    return getattr(player, "live_view", False) is True


def sees_all(player: Player) -> bool:
    """Whether a local table shows `player` the whole game instead of its seat's view: only a measuring
    stick says so (`TrueCardsBot`), with a true `sees_all` attribute; no table of the product has one."""
    return getattr(player, "sees_all", False) is True
