"""The `random` bot: a uniformly random legal move, never a voluntary pick-up when it can play."""

from __future__ import annotations

import random

from p2pshithead.engine import Game, Move, PickUp, Ready

__all__ = ["RandomBot"]


class RandomBot:
    """Uniform over plays; picks up only when nothing else is legal (so games end)."""

    name = "random"

    def decide(self, view: Game, me: int, rng: random.Random) -> Move | None:
        moves = view.moves_for(me)
        if me != view.turn and view.phase.value == "play":
            return rng.choice(moves) if moves and rng.random() < 0.5 else None
        if not moves:
            return None
        if Ready(me) in moves:
            return Ready(me)
        plays = [m for m in moves if not isinstance(m, PickUp)]
        return rng.choice(plays or moves)
