"""The two-player endgame's tree: kept for that endgame, deterministic under a playout budget."""

from __future__ import annotations

import random

from p2pshithead.bots import Budget, SmartBot
from p2pshithead.bots._endgame import in_endgame

from .helpers import lone_king, position


def test_the_tree_is_kept_for_two_seats_with_the_stock_gone():
    assert in_endgame(lone_king())
    assert not in_endgame(position([["5c"], ["6c"], ["7c"]]))  # three seats left
    assert not in_endgame(position([["5c"], ["6c"]], stock=["7c"]))  # cards left to draw


def test_the_tree_runs_its_playout_budget_exactly_and_repeats_its_choice():
    game = lone_king()
    moves = []
    for _ in range(2):
        bot = SmartBot(Budget(playouts=32), tree=True)
        moves.append(bot.decide(game.view(0), 0, random.Random(5)))
        assert bot.thinking.searches == 1 and bot.thinking.playouts == 32
    assert moves[0] == moves[1]
