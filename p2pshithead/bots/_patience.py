"""How often each seat of a bot has picked up the pile by choice since the stock ran out.

A searcher that sees a loss ahead takes the pile rather than play into it (a line cut at the horizon
scores above a loss), and the rules have no draw: against a player who never errs, or another such
searcher, it would drag the endgame out for ever (2,174 turns of one game seen against three greedy).
So after `BY_CHOICE` pick-ups by choice it takes the pile only when it cannot play, and the game ends.

Invariants: only this bot's own moves are counted, each once (`moved`, after it decided); a seat's count
lasts while the stock is empty, and a view with stock (a new game, or the first turns of one) clears it.
"""

from __future__ import annotations

from p2pshithead.engine import Game, Move, PickUp, Play

__all__ = ["BY_CHOICE", "Patience", "by_choice"]

BY_CHOICE = 8
"""Pick-ups by choice a seat makes once the stock is gone, at most (games of `smart:100ms` against greedy
made 0 to 5 in two-seat endgames, but for the ones it dragged out)."""


def by_choice(view: Game, me: int, move: Move | None) -> bool:
    """Whether `move` picks up the pile though seat `me` could play."""
    return isinstance(move, PickUp) and any(isinstance(m, Play) for m in view.moves_for(me))


class Patience:
    """Per seat, the pick-ups by choice made since the stock ran out."""

    def __init__(self) -> None:
        self._taken: dict[int, int] = {}

    def spent(self, view: Game, me: int) -> bool:
        """Whether seat `me` has made its `BY_CHOICE` pick-ups by choice (a view with stock clears its count)."""
        if view.stock:
            self._taken.pop(me, None)
        return self._taken.get(me, 0) >= BY_CHOICE

    def moved(self, view: Game, me: int, move: Move | None) -> None:
        """Seat `me` plays `move` from `view`: counted if it is a pick-up by choice with the stock gone."""
        if not view.stock and by_choice(view, me, move):
            self._taken[me] = self._taken.get(me, 0) + 1
