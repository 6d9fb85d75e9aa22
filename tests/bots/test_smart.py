"""The `smart` search's parts: playouts that draw alike for common random numbers."""

from __future__ import annotations

import random

from p2pshithead.bots import sample_world
from p2pshithead.bots._smart import _playout


def test_playouts_with_the_same_seed_draw_alike(preset_positions):
    games = [g for g in preset_positions["classic"] if g.phase.value == "play"][:5]
    for i, game in enumerate(games):
        me = game.turn
        world = sample_world(game.view(me), random.Random(i))
        option, before = game.moves_for(me)[0], world.to_text()
        first = _playout(world, me, (option,), random.Random(7))
        assert _playout(world, me, (option,), random.Random(7)) == first
        assert world.to_text() == before  # a playout leaves its world as it was
