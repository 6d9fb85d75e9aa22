"""A local table: one `Game` with every identity known, and a decision-maker per seat.

Invariants: each player decides on `game.view(seat)` only; every move goes through
`Game.push` (so it is judged by the rules); the deal comes from the injected `rng`; out-of-turn
chances are offered in `Game.awaited()` order, the first taker wins.
"""

from __future__ import annotations

import random
from typing import Iterator, Sequence

from p2pshithead.bots._base import Player
from p2pshithead.engine import Game, Move, Outcome, Ruleset

__all__ = ["LocalTable", "NoMoveError"]


class NoMoveError(RuntimeError):
    """A seat whose turn it is returned no move."""


class LocalTable:
    """Runs a game between `players` (index = seat) on one machine."""

    def __init__(self, rules: Ruleset, players: Sequence[Player], rng: random.Random, dealer: int | None = None) -> None:
        self.rules = rules
        self.players = list(players)
        self.rng = rng
        n = len(players)
        first = Game(rules, n, 0)
        order = list(range(first.size))
        rng.shuffle(order)
        self.game = Game.deal_known(rules, n, rng.randrange(n) if dealer is None else dealer, order)

    def next_move(self) -> Move:
        """Ask the awaited seats in order; return the first move given (not yet pushed)."""
        game = self.game
        awaited = game.awaited()
        for seat in awaited:
            if seat != game.turn and not game.moves_for(seat):
                continue
            move = self.players[seat].decide(game.view(seat), seat, self.rng)
            if move is not None:
                return move
        raise NoMoveError(f"seat {game.turn} ({self.players[game.turn].name}) gave no move")

    def moves(self, limit: int = 100_000) -> Iterator[Move]:
        """Play to the end, yielding each move after it is pushed; stop after `limit` moves."""
        for _ in range(limit):
            if self.game.is_over():
                return
            move = self.next_move()
            self.game.push(move)
            yield move

    def play(self, limit: int = 100_000) -> Outcome | None:
        """Play to the end (or `limit` moves); the outcome, or None if the limit was reached."""
        for _ in self.moves(limit):
            pass
        return self.game.outcome()
