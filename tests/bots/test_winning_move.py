"""The search at a fixed playout budget finds the one winning move of a position (issue 24): the flat
search, and the endgame's tree (two seats left, and three)."""

from __future__ import annotations

import random

import pytest

from p2pshithead.bots import Budget, GreedyBot, SmartBot
from p2pshithead.engine import Card, Game, Move, Play

from .helpers import king_among_three, king_before_the_tens, lone_king


def _king(game: Game, move: Move | None) -> bool:
    return isinstance(move, Play) and [game.card(s) for s in move.slots] == [Card.from_text("Kh")]


def test_greedy_plays_the_losing_pair_where_only_the_king_wins():
    game = lone_king()
    assert not _king(game, GreedyBot(wander=0).decide(game.view(0), 0, random.Random(0)))


@pytest.mark.parametrize("made", [lone_king, king_before_the_tens, king_among_three])
@pytest.mark.parametrize("tree", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_the_search_finds_the_one_winning_move(seed, tree, made):
    game = made()
    bot = SmartBot(Budget(playouts=64), tree=tree, tree_seats=3)
    assert _king(game, bot.decide(game.view(0), 0, random.Random(seed)))
    assert bot.thinking.searches == 1 and bot.thinking.playouts >= 64
    assert bool(bot.trees) is tree  # the tree searched it, or the flat search
