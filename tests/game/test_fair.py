"""Fair setup (docs/protocol.md, "Fair setup"): the dealer is drawn from every seat's draw share, which
its key share fixes before any shuffle, so re-shuffling cannot choose it; a draw share that does not match
its key names its author; the deal is taken in seat order, so the host (seat 0) is never the last to send."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any

import msgpack
import pytest

from p2pshithead.bots import make_player
from p2pshithead.engine import preset
from p2pshithead.errors import Fault
from p2pshithead.game import SeatedTable, Stage, TableState
from tests.game.table import MemoryTable

RULES = preset("classic")


def key_then(key_seed: int, other_seed: int) -> Callable[[int], bytes]:
    """A random source whose first draw (the seat's key share) comes from `key_seed`, every later one
    (proof nonces, the shuffle) from `other_seed`."""
    key, rest = random.Random(key_seed), random.Random(other_seed)
    draws = [key.randbytes]
    return lambda n: (draws.pop() if draws else rest.randbytes)(n)


def table_with(seat: int, rand: Callable[[int], bytes], players: int = 3, seed: int = 4) -> MemoryTable:
    """A table whose seat `seat` draws its secrets from `rand`."""
    mt = MemoryTable(RULES, [make_player("greedy") for _ in range(players)], seed=seed)
    mt.peers[seat] = SeatedTable.join(RULES, b"test-table-%d" % seed, players, seat, rand)
    return mt


def run_to(mt: MemoryTable, stage: Stage) -> None:
    while mt.observer.stage is not stage:
        assert mt.step()


def deck_hash_dealer(state: TableState) -> int:
    """The dealer as it was drawn before: from the final deck's hash, which the last shuffler chooses."""
    digest = hashlib.sha256(b"p2pshithead/dealer")
    for ct in state.deck.deck:
        digest.update(ct.c1 + ct.c2)
    return int.from_bytes(digest.digest()[:8], "big") % state.players


def test_the_last_shuffler_reshuffling_cannot_change_the_dealer() -> None:
    decks, old, dealers = set(), set(), set()
    for attempt in range(5):
        mt = table_with(2, key_then(77, attempt))  # seat 2 shuffles last; same key, another shuffle
        run_to(mt, Stage.PLAY)
        decks.add(mt.observer.deck.deck)
        old.add(deck_hash_dealer(mt.observer))
        dealers.add(mt.observer.dealer)
    assert len(decks) == 5, "each attempt is another final deck"
    assert len(old) > 1, "drawn from the final deck, the last shuffler could pick the dealer"
    assert len(dealers) == 1, "drawn from the draw shares, it cannot"


def test_the_dealer_is_drawn_from_the_key_shares_of_every_seat() -> None:
    for seat in (0, 2):
        dealers = set()
        for key_seed in range(4):
            mt = table_with(seat, key_then(key_seed, 5))
            run_to(mt, Stage.PLAY)
            coin = mt.observer.deck.coin
            assert coin is not None and all(p.state.deck.coin == coin for p in mt.peers)
            assert mt.observer.dealer == int.from_bytes(coin[:8], "big") % 3
            dealers.add(mt.observer.dealer)
        assert len(dealers) > 1, f"seat {seat}'s key share enters the draw"


def _at_deal_turn(seat: int) -> MemoryTable:
    mt = table_with(0, key_then(1, 1))
    run_to(mt, Stage.DEAL)
    while mt.observer.who_may_act() != {seat}:
        assert mt.step()
    return mt


def _refused(mt: MemoryTable, seat: int, payload: object) -> Fault:
    """`payload` from `seat` is refused by every peer and the observer, naming `seat`, changing nothing."""
    before = TableState(RULES, b"test-table-4", 3)
    for author, wire in mt.transcript:
        before.apply(author, msgpack.unpackb(wire))
    faults = []
    for state in mt.parties:
        with pytest.raises(Fault) as err:
            state.apply(seat, msgpack.unpackb(msgpack.packb(payload)))
        faults.append(err.value)
    assert mt.observer == before
    assert {f.seat for f in faults} == {seat}
    return faults[-1]


def test_a_draw_share_that_does_not_match_its_key_names_its_author() -> None:
    mt = _at_deal_turn(1)
    honest: dict[str, Any] | None = mt.peers[1].pending()
    assert honest is not None and honest["m"]["kind"] == "deal_reveal"
    copied = msgpack.unpackb(mt.transcript[-1][1])["m"]["draw"]  # seat 0's draw share, valid as a point
    fault = _refused(mt, 1, {**honest, "m": {**honest["m"], "draw": copied}})
    assert "draw share does not match its key share" in fault.reason
    response = bytearray(honest["m"]["draw"][2])
    response[0] ^= 1
    share, c, _ = honest["m"]["draw"]
    fault = _refused(mt, 1, {**honest, "m": {**honest["m"], "draw": [share, c, bytes(response)]}})
    assert "draw share" in fault.reason
    mt.broadcast(1, honest)  # the honest one is still taken
    assert mt.observer.who_may_act() == {2}


def test_a_draw_share_goes_with_the_deal_shares_and_no_other() -> None:
    mt = _at_deal_turn(1)
    honest: dict[str, Any] | None = mt.peers[1].pending()
    assert honest is not None
    bare = {"t": "deck", "m": {"kind": "reveal", "shares": honest["m"]["shares"]}}
    assert "draw share" in _refused(mt, 1, bare).reason
    run_to(mt, Stage.PLAY)
    for _ in range(2000):
        owing = [p for p in range(3) if mt.observer.owed(p)]
        if owing:
            break
        assert mt.step()
    seat, state = owing[0], mt.observer
    with_draw = mt.peers[seat].local.key.reveal_message(state.deck, state.owed(seat), draw=True)
    assert "draw share" in _refused(mt, seat, {"t": "deck", "m": with_draw.to_wire()}).reason


def test_deal_shares_are_taken_in_seat_order_so_the_host_is_never_last() -> None:
    mt = table_with(0, key_then(1, 1))
    run_to(mt, Stage.DEAL)
    assert mt.observer.who_may_act() == {0}
    state = mt.peers[2].state
    early_shares = mt.peers[2].local.key.reveal_message(state.deck, state.deal_slots(2), draw=True)
    early = {"t": "deck", "m": early_shares.to_wire()}
    assert "out of turn" in _refused(mt, 2, early).reason
    authors = []
    while mt.observer.stage is Stage.DEAL:
        seat = min(mt.observer.who_may_act())
        local = mt.peers[seat].local
        hand = mt.observer.deal.private[seat]
        known = [local.key.card(mt.observer.deck, slot) for slot in hand]
        # only the last seat to send sees its hand (and the face-up cards and the dealer) before sending
        assert all(c is not None for c in known) if seat == 2 else all(c is None for c in known), seat
        assert mt.observer.deck.coin is None
        assert mt.step()
        authors.append(mt.transcript[-1][0])
    assert authors == [0, 1, 2]
