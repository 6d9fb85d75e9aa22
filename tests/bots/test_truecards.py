"""The measuring stick `truecards`: smart's search shown the whole deal at a local table, made only by
`measuring_player`, never by `make_player` (the product's tables)."""

from __future__ import annotations

import random

import pytest

from p2pshithead.bots import Budget, GreedyBot, LocalTable, TrueCardsBot, make_player, measuring_player
from p2pshithead.engine import Game, Move, preset


class _Recording(TrueCardsBot):
    """A true-cards bot that keeps how many slots of each view it was shown it could not see."""

    unseen: list[int] = []  # one list for the test's one table

    def decide(self, view: Game, me: int, rng: random.Random) -> Move | None:
        self.unseen.append(sum(view.card(s) is None for s in range(view.size)))
        return super().decide(view, me, rng)


def test_a_local_table_shows_a_truecards_bot_every_card():
    table = LocalTable(preset("classic"), [_Recording(Budget(playouts=2)), GreedyBot(), GreedyBot()], random.Random(3))
    table.play(60)
    assert _Recording.unseen and set(_Recording.unseen) == {0}


def test_only_the_measuring_spec_makes_a_truecards_bot():
    bot = measuring_player("truecards:64p")
    assert isinstance(bot, TrueCardsBot) and bot.name == "truecards:64p"
    assert measuring_player("truecards").name == "truecards:200ms"
    assert measuring_player("smart:64p").name == "smart:64p"
    with pytest.raises(ValueError, match="bad bot 'truecards'"):
        make_player("truecards")
    with pytest.raises(ValueError, match=r"bad bot 'truecards:fast': not a thinking budget"):
        measuring_player("truecards:fast")
