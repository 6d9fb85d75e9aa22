"""The move a person's own program sends when their time is up (`auto_move`): the stand-in bot's
choice from that seat's own view, the same every time for a position, and a move every other peer
and an observer accept and agree on."""

from __future__ import annotations

import random

import msgpack

from p2pshithead.bots import GreedyBot, stand_in
from p2pshithead.engine import Phase
from p2pshithead.game import SHITHEAD, SeatedTable, ShitheadApp, auto_move, next_payload
from p2pshithead.net import SeatInfo, TableSetup


def _apps(players: int) -> list[ShitheadApp]:
    """One peer's application per seat, then an observer's, of one classic table."""
    seats = tuple(SeatInfo(bytes([s + 1]) * 32, f"p{s}") for s in range(players))
    setup = TableSetup(bytes(16), "t", "shithead", "classic", SHITHEAD.ruleset_hash("classic"), seats)
    rand = random.Random(5)
    return [ShitheadApp(setup, seat, rand=rand.randbytes) for seat in range(players)] + [ShitheadApp(setup, None)]


def test_a_timed_out_seat_plays_the_stand_ins_move_and_every_peer_agrees():
    apps = _apps(2)
    peers, observer = apps[:2], apps[2]
    rngs = [random.Random(s) for s in range(2)]
    timed_out = 0
    for _ in range(5_000):
        acting = sorted(observer.who_may_act())
        if not acting:
            break
        seat = acting[0]
        app = peers[seat]
        if seat == 0 and app.thinking() == 0:  # seat 0's person always lets the time run out on their turn
            view = app.view(0)
            payload, move = auto_move(app, stand_in())
            # a bot of its own, its rng seeded by the position: the same position, the same move
            assert move == stand_in().decide(view, 0, random.Random(view.to_text()))
            timed_out += 1
        else:
            assert isinstance(app.table, SeatedTable)
            payload = next_payload(app.table, GreedyBot(wander=0), rngs[seat])
        assert payload is not None
        wire = msgpack.unpackb(msgpack.packb(payload, use_bin_type=True), raw=False)
        for party in apps:
            party.apply(seat, wire)  # a move another peer would not accept raises its Fault here
    assert observer.finish_order() is not None and timed_out >= 5
    games = [a.state.game for a in apps]
    assert all(g is not None and g.phase is Phase.OVER for g in games)
    assert len({a.finish_order() for a in apps}) == 1

