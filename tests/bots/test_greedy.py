"""The greedy bot's rules of thumb, on hand-made positions."""

from __future__ import annotations

import random

from p2pshithead.bots import GreedyBot, LocalTable
from p2pshithead.engine import Phase, PickUp, Play, Ready, Ruleset, Show, Swap

from .helpers import position

GREEDY = GreedyBot(wander=0)


def played(game, me=0, seed=0):
    move = GREEDY.decide(game.view(me), me, random.Random(seed))
    assert move is not None and game.is_legal(move)
    return move


def ranks(game, move):
    return sorted(game.card(s).text()[:-1] for s in move.slots)


def test_plays_lowest_plain_rank_with_every_copy():
    game = position([["9h", "5c", "5d", "2s", "10h", "Kc"], ["4c"]], pile=["4h"], stock=["6c"])
    for seed in range(20):
        move = played(game, seed=seed)
        assert isinstance(move, Play) and ranks(game, move) == ["5", "5"]


def test_keeps_power_cards_and_prefers_a_reset_on_a_small_pile():
    game = position([["2s", "10h", "3c"], ["4c"]], pile=["Ah"], stock=["6c"])
    assert ranks(game, played(game)) == ["3"]
    game = position([["2s", "10h"], ["4c"]], pile=["Ah"], stock=["6c"])
    assert ranks(game, played(game)) == ["2"]


def test_burns_a_big_pile_with_a_ten():
    game = position([["2s", "10h", "4d"], ["4c"]], pile=["5h", "6h", "7h", "9h", "Jh", "Ah"], stock=["6c"])
    assert ranks(game, played(game)) == ["10"]


def test_completes_four_of_a_kind_before_a_lower_play():
    game = position([["5d", "9s", "9c"], ["4c"]], pile=["9h", "9d"], stock=["6c"])
    assert ranks(game, played(game)) == ["9", "9"]


def test_picks_up_only_when_nothing_can_be_played():
    game = position([["4d", "5s"], ["4c"]], pile=["Ah"], stock=["6c"])
    assert played(game) == PickUp(0)


def test_swap_phase_lays_power_cards_face_up_then_readies():
    table = LocalTable(Ruleset(), [GREEDY] * 2, random.Random(3))
    game = table.game
    for _ in range(20):
        move = GREEDY.decide(game.view(0), 0, random.Random(0))
        assert isinstance(move, (Swap, Ready))
        game.push(move)
        if isinstance(move, Ready):
            break
    hand = [game.card(s) for s in game.hand(0)]
    up = [game.card(s) for s in game.face_up(0)]
    value = {2: 31, 3: 31, 10: 40}  # power cards above every rank, the burn highest
    worth = lambda c: value.get(int(c.rank), int(c.rank))  # noqa: E731
    assert min(map(worth, up)) >= max(map(worth, hand))


def test_shows_its_lowest_plain_card():
    table = LocalTable(Ruleset(), [GREEDY] * 3, random.Random(5))
    game = table.game
    while game.phase is not Phase.SHOW:
        game.push(table.next_move())
    me = game.turn
    move = GREEDY.decide(game.view(me), me, random.Random(0))
    assert isinstance(move, Show)
    known = game.known  # local play: every card is known
    plain = [int(known[s].rank) for s in game.hand(me) if int(known[s].rank) not in (2, 3, 10)]
    if plain:
        assert move.slot is not None and int(known[move.slot].rank) == min(plain)
    else:
        assert move.slot is None
