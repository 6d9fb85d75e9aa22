"""Sampled worlds: consistent with the view, every slot known, no card dealt twice."""

from __future__ import annotations

import random
from collections import Counter

from p2pshithead.bots import sample_world, unseen_cards
from p2pshithead.engine import card_at


def test_worlds_keep_what_the_view_knows_and_deal_the_rest(preset_positions):
    rng = random.Random(1)
    for games in preset_positions.values():
        for game in games[::5]:
            seat = game.awaited()[0]
            view = game.view(seat)
            world = sample_world(view, rng)
            deck = Counter(card_at(i, game.decks, game.rules.jokers) for i in range(game.size))
            assert Counter(world.card(s) for s in range(world.size)) == deck
            assert all(world.card(s) == c for s, c in view.known.items())
            assert world.to_text().split("|")[0] == view.to_text().split("|")[0]
            hidden = sum(1 for s in range(view.size) if view.card(s) is None)
            assert len(unseen_cards(view)) == hidden


def test_worlds_follow_the_rng(preset_positions):
    game = preset_positions["classic"][5]
    view = game.view(game.awaited()[0])
    one = sample_world(view, random.Random(4)).to_text()
    assert sample_world(view, random.Random(4)).to_text() == one
    assert any(sample_world(view, random.Random(s)).to_text() != one for s in range(5, 10))
