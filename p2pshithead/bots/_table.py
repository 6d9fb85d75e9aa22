"""A local table: one `Game` with every identity known, and a decision-maker per seat.

Invariants: each player decides on `game.view(seat)` only (or the seat's `game.lens(seat)`, the same
cards, for a player that keeps nothing it is shown: `shown_live`), but a measuring stick that sees
all (`sees_all`: `TrueCardsBot`) is shown the game itself; every move goes through
`Game.push` (so it is judged by the rules); the deal comes from the injected `rng`; out-of-turn
chances are offered in `Game.awaited()` order, the first taker wins.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from p2pshithead.bots._base import Player, sees_all, shown_live
from p2pshithead.engine import Game, Move, Outcome, Phase, Ruleset
from p2pshithead.errors import P2PError

__all__ = ["LocalTable", "NoMoveError", "ask"]


class NoMoveError(P2PError, RuntimeError):
    """A seat whose turn it is returned no move."""


def ask(
    game: Game,
    players: Sequence[Player],
    rng: random.Random,
    see: Callable[[Game, int], Game] = Game.view,
    passed: int | None = None,
) -> Move:
    """Ask the awaited seats of `game` in order; return the first move given (not yet pushed).

    Args:
        game: the position.
        players: one decision-maker per seat.
        rng: handed to each decision.
        see: what a seat is shown; `Game.view` at a real table. A search that has already
            sampled every hidden card (a world of its own) may show the world itself.
        passed: a seat that has already let this out-of-turn chance pass; it is not asked.

    Raises:
        NoMoveError: the player to act gave no move.
    """
    awaited = game.awaited()
    if len(awaited) == 1 and awaited[0] != passed:  # the common case: one seat to ask
        seat = awaited[0]
        move = players[seat].decide(see(game, seat), seat, rng)
        if move is not None:
            return move
    else:
        turn = game.turn
        for seat in awaited:  # out of the play phase, every seat awaited has a move (Ready, a gift)
            if seat != turn and (seat == passed or (game.phase is Phase.PLAY and not game.moves_for(seat))):
                continue
            move = players[seat].decide(see(game, seat), seat, rng)
            if move is not None:
                return move
    raise _no_move(game, players)


def _no_move(game: Game, players: Sequence[Player]) -> NoMoveError:
    return NoMoveError(f"seat {game.turn} ({players[game.turn].name}) gave no move")


class LocalTable:
    """Runs a game between `players` (index = seat) on one machine."""

    def __init__(
        self,
        rules: Ruleset,
        players: Sequence[Player],
        rng: random.Random,
        dealer: int | None = None,
        undo: bool = True,
    ) -> None:
        """Deal; with `undo` false the game keeps no undo records (`Game.drop_undo`: cheaper pushes)."""
        self.rules = rules
        self.players = list(players)
        self.rng = rng
        n = len(players)
        order = list(range(rules.deck_size(n)))
        rng.shuffle(order)
        self.game = Game.deal_known(rules, n, rng.randrange(n) if dealer is None else dealer, order)
        if not undo:
            self.game.drop_undo()
        self._lenses = [self.game if sees_all(p) else self.game.lens(seat) if shown_live(p) else None
                        for seat, p in enumerate(self.players)]  # fmt: skip

    def _see(self, game: Game, seat: int) -> Game:
        """What `seat` is shown of this table's game: its lens (or the game), or a fresh view."""
        lens = self._lenses[seat]
        return game.view(seat) if lens is None else lens

    def next_move(self) -> Move:
        """Ask the awaited seats in order; return the first move given (not yet pushed)."""
        return ask(self.game, self.players, self.rng, see=self._see)

    def moves(self, limit: int = 100_000) -> Iterator[Move]:
        """Play to the end, yielding each move after it is pushed; stop after `limit` moves."""
        game, players, rng, lenses = self.game, self.players, self.rng, self._lenses
        for _ in range(limit):
            if game.is_over():
                return
            awaited = game.awaited()
            lens = lenses[awaited[0]] if len(awaited) == 1 else None
            if lens is not None:  # `ask` of the common case, one seat shown its lens, inline
                seat = awaited[0]
                move = players[seat].decide(lens, seat, rng)
                if move is None:
                    raise _no_move(game, players)
            else:
                move = ask(game, players, rng, see=self._see)
            game.push(move)
            yield move

    def play(self, limit: int = 100_000) -> Outcome | None:
        """Play to the end (or `limit` moves); the outcome, or None if the limit was reached."""
        for _ in self.moves(limit):
            pass
        return self.game.outcome()
