"""A seat's live lens on a game: what `Game.view(player)` would show, at every moment, without a copy.

Invariants: a lens reads its game's current state object (never a copy of it; the game hands it a
new one when it takes one, `Game._take`) and the game's card codes
masked by what its player may see (`Game._seen_by`), remade only after the game changed (each
change gives the game a fresh `_judged`: that dict's identity is the lens's clock). So at every
moment a lens and a fresh `view(player)` show the same position, the same cards and the same
moves. A lens never changes its game: push, pop and reveals are refused, and `copy()` / `view()`
give detached views. Moves of its player that it accepts are remembered by its game (as a fresh
view's are, see `_game`), so the game's `push` trusts them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NoReturn

from p2pshithead.engine._cards import Card
from p2pshithead.engine._game import Game, Outcome
from p2pshithead.engine._moves import Move, Play

__all__ = ["Lens"]

_LIVE = frozenset({"_state", "_code", "_judged", "_up", "_stack", "_owner", "_lenses"})  # the lens's own


class Lens(Game):
    """`game.lens(player)`: see the module invariants."""

    def __init__(self, game: Game, player: int) -> None:  # no deal: it looks at `game`
        game._check_player(player)
        self.__dict__.update(game.__dict__)
        for name in _LIVE:  # the lens's own, set below or read through its properties
            self.__dict__.pop(name, None)
        self._game, self._owner, self._stack, self._state = game, player, [], game._state  # kept: `Game._take`
        self._clock: dict[int, Move] | None = None  # the game's `_judged` when `_masked` was made
        self._masked = bytearray()

    def __del__(self) -> None:
        pass  # a lens holds no share of its game's state (`State.shares`): nothing to give back

    @property
    def _code(self) -> bytearray:
        game = self._game
        if self._clock is not game._judged:
            self._masked = game._seen_by(self._owner)
            self._clock = game._judged
        return self._masked

    @_code.setter
    def _code(self, value: bytearray) -> NoReturn:
        raise _read_only()

    @property
    def _judged(self) -> dict[int, Move]:
        return {}  # a lens pushes nothing: what it judges is kept by its game (`_up`)

    @_judged.setter
    def _judged(self, value: dict[int, Move]) -> NoReturn:
        raise _read_only()

    @property
    def _up(self) -> dict[int, Move]:
        return self._game._judged

    @_up.setter
    def _up(self, value: dict[int, Move] | None) -> NoReturn:
        raise _read_only()

    # Reads of what its player may see, answered by the game without masking its codes (the hot
    # path of a bot's decision): the same answers, since they depend only on that player's hand
    # and the public cards (module invariants of `_game`, on what a view trusts).

    def codes(self, slots: Sequence[int]) -> list[int]:
        game = self._game
        s, code = game._state, game._code
        vis, hand = s.vis, s.seats[self._owner].hand
        return [code[x] if vis[x] or x in hand else 0 for x in slots]

    def top_code(self) -> int:
        return self._game.top_code()  # the pile is public

    def top_run(self) -> tuple[int, int]:
        return self._game.top_run()  # the pile is public

    def rank_groups(self, player: int) -> tuple[int, Mapping[int, tuple[int, ...]], frozenset[int]] | None:
        if player != self._owner:
            return super().rank_groups(player)
        return self._game.rank_groups(player)  # its own hand and the face-up cards: all in sight

    def legal_play(self, player: int, slots: tuple[int, ...]) -> Play | None:
        if player != self._owner:
            return super().legal_play(player, slots)
        return self._game.legal_play(player, slots)  # remembered by the game, as `_up` would

    def rank_play(self, player: int, rank: int, count: int) -> Play | None:
        if player != self._owner:
            return super().rank_play(player, rank, count)
        return self._game.rank_play(player, rank, count)  # remembered by the game, as `_up` would

    def moves_for(self, player: int) -> list[Move]:
        if player != self._owner:
            return super().moves_for(player)
        return self._game.moves_for(player)  # remembered by the game, as `_up` would

    def _clone(self, with_history: bool, code: bytearray | None = None) -> Game:
        return self._game.view(self._owner)._clone(with_history, code)  # detached: a view of this moment

    def lens(self, player: int) -> NoReturn:
        raise TypeError("a seat lens has no lenses: take them from its game")

    def push(self, move: Move) -> NoReturn:
        raise _read_only()

    def pop(self) -> NoReturn:
        raise _read_only()

    def reveal(self, slot: int, card: Card) -> NoReturn:
        raise _read_only()

    def begin_exchange(self, previous: Outcome) -> NoReturn:
        raise _read_only()


def _read_only() -> TypeError:
    return TypeError("a seat lens is read-only: push on its game, or work on lens.copy()")
