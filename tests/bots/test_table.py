"""A local table: a seat that gives no move on its turn stops the game with `NoMoveError`, whether it
is shown its lens (the table's inline path) or fresh views (`ask`)."""

from __future__ import annotations

import random

import pytest

from p2pshithead.bots import GreedyBot, LocalTable, NoMoveError
from p2pshithead.engine import Game, Move, Phase, preset


class _Mute:
    """Plays as greedy until its first turn of the play phase, where it gives no move; `live_view`
    says whether a table may show it a lens."""

    def __init__(self, live_view: bool) -> None:
        self.live_view = live_view

    @property
    def name(self) -> str:
        return "mute"

    def decide(self, view: Game, me: int, rng: random.Random) -> Move | None:
        if view.phase is Phase.PLAY and me == view.turn:
            return None
        return GreedyBot().decide(view, me, rng)


@pytest.mark.parametrize("live", [True, False])
def test_a_seat_that_gives_no_move_stops_the_table(live):
    table = LocalTable(preset("classic"), [GreedyBot(), _Mute(live), GreedyBot()], random.Random(2), undo=False)
    with pytest.raises(NoMoveError, match=r"seat 1 \(mute\) gave no move"):
        table.play()
    assert table.game.phase is Phase.PLAY and table.game.turn == 1
