"""The `smart` search's parts: playouts that draw alike for common random numbers; face-up rows to try."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator

import pytest

from p2pshithead.bots import Budget, GreedyBot, SmartBot, sample_world
from p2pshithead.bots._arrange import arrangements, swaps_to
from p2pshithead.bots._smart import _playout
from p2pshithead.engine import Game, Phase, Ready, preset


def test_playouts_with_the_same_seed_draw_alike(preset_positions):
    games = [g for g in preset_positions["classic"] if g.phase.value == "play"][:5]
    for i, game in enumerate(games):
        me = game.turn
        world = sample_world(game.view(me), random.Random(i))
        option, before = game.moves_for(me)[0], world.to_text()
        first = _playout(world, me, (option,), random.Random(7))
        assert _playout(world, me, (option,), random.Random(7)) == first
        assert world.to_text() == before  # a playout leaves its world as it was


def test_face_up_rows_to_try_start_with_greedys_and_swaps_lay_them_out(preset_positions):
    swapping = [g for g in preset_positions["classic"] if g.phase is Phase.SWAP]
    game = swapping[0] if swapping else Game.deal_known(preset("classic"), 4, 0, list(range(52)))
    for seat in range(game.players):
        view = game.view(seat)
        mine = {view.card(s) for s in (*view.hand(seat), *view.face_up(seat))}
        rows = arrangements(view, seat)
        assert rows and all(len(r) == len(view.face_up(seat)) and r <= mine for r in rows)
        for row in rows:
            world = game.copy()
            for move in swaps_to(view, seat, row):
                world.push(move)
            assert {world.card(s) for s in world.face_up(seat)} == row
        greedy = game.copy()
        while (step := GreedyBot(wander=0).decide(greedy.view(seat), seat, random.Random(0))) != Ready(seat):
            assert step is not None
            greedy.push(step)
        assert {greedy.card(s) for s in greedy.face_up(seat)} == rows[0]


def test_smart_lays_out_a_row_it_tried_in_the_swap_phase():
    game = Game.deal_known(preset("classic"), 3, 0, list(range(51, -1, -1)))
    bot = SmartBot(Budget(playouts=9))
    tried = arrangements(game.view(0), 0)
    while 0 not in game.ready:
        move = bot.decide(game.view(0), 0, random.Random(1))
        assert move is not None
        game.push(move)
    assert {game.card(s) for s in game.face_up(0)} in tried


def test_a_smart_bot_made_afresh_for_each_move_ends_its_swaps():
    """As at a LAN table, where each move asks a new bot: the swaps still end in Ready."""
    game = Game.deal_known(preset("classic"), 3, 0, list(range(51, -1, -1)))
    for _ in range(10):
        move = SmartBot(Budget(playouts=9)).decide(game.view(0), 0, random.Random(1))
        assert move is not None
        game.push(move)
        if move == Ready(0):
            return
    raise AssertionError("no Ready after 10 swaps")


@pytest.fixture
def collections() -> Iterator[list[int]]:
    """The generation of each garbage collection from here to the test's end, collected at every tenth net
    allocation (the collector's settings as they were after)."""
    seen: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    threshold = gc.get_threshold()
    gc.set_threshold(10, 2, 2)
    gc.callbacks.append(count)
    try:
        yield seen
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*threshold)


def test_no_garbage_collection_runs_within_a_decision_and_the_collector_is_on_again_after(
        collections: list[int]) -> None:  # fmt: skip
    """A collection in the middle of a search walked every position it held, up to 50 ms of CPU at generation 2:
    `smart:100ms` overran 0.1 s in some 8% of games."""
    game = Game.deal_known(preset("classic"), 3, 0, list(range(51, -1, -1)))
    bot, view, rng = SmartBot(Budget(playouts=64)), game.view(0), random.Random(1)
    collections.clear()
    assert bot.decide(view, 0, rng) is not None  # a searched swap
    assert len(collections) <= 2 and gc.isenabled(), collections  # (one may come as it is called or returns)
    gc.disable()  # a program that turned the collector off has it off after a decision too
    try:
        SmartBot(Budget(playouts=64)).decide(game.view(0), 0, random.Random(1))
        assert not gc.isenabled()
    finally:
        gc.enable()
    allocated: list[list[int]] = [[] for _ in range(100)]  # (tracked objects: the collector runs again)
    assert collections and allocated
