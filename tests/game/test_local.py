"""`LocalSeat`: a seat replayed with a secret that is not the one it committed to refuses its own key share."""

from __future__ import annotations

import msgpack
import pytest

from p2pshithead.bots import RandomBot
from p2pshithead.crypto import WrongKeyError
from p2pshithead.engine import preset
from p2pshithead.game import KeyShared, LocalSeat, SeatedTable, Stage, TableState
from tests.game.table import MemoryTable, seeded_rand


def _played(seed: int) -> MemoryTable:
    """Two seats, dealt and some turns in: every key share and the deal are in the transcript."""
    mt = MemoryTable(preset("classic"), [RandomBot()] * 2, seed=seed)
    while mt.observer.stage is not Stage.PLAY or len(mt.transcript) < 12:
        assert mt.step()
    return mt


def _seat_again(seed: int, seat: int, rand_seed: int) -> SeatedTable:
    """Seat `seat` of `_played(seed)`'s table once more, its secret from `rand_seed`."""
    state = TableState(preset("classic"), b"test-table-%d" % seed, 2)
    return SeatedTable(state, LocalSeat(state, seat, seeded_rand(rand_seed)))


def test_a_seat_replayed_with_its_own_secret_holds_its_hand_again() -> None:
    mt = _played(3)
    again = _seat_again(3, 1, 3 * 100 + 1)  # the same secret, as a journal keeps it
    for seat, wire in mt.transcript:
        again.apply(seat, msgpack.unpackb(wire, raw=False))
    assert again.local.view().to_text() == mt.peers[1].local.view().to_text()


def test_a_seat_replayed_with_another_secret_refuses_its_own_key_share_before_it_is_applied() -> None:
    """The secret is checked against the key share the seat committed to, when that share is applied: a
    wrong one is this process's error (never a Fault naming the seat, never a KeyError when a card opens)."""
    mt = _played(3)
    again = _seat_again(3, 1, 999)  # another valid secret
    own = next(i for i, (seat, _) in enumerate(mt.transcript) if seat == 1)
    for seat, wire in mt.transcript[:own]:
        again.apply(seat, msgpack.unpackb(wire, raw=False))
    before = again.state.who_may_act()
    with pytest.raises(WrongKeyError, match="secret does not match the key share seat 1 committed to"):
        again.apply(1, msgpack.unpackb(mt.transcript[own][1], raw=False))
    assert again.state.stage is Stage.KEYS and again.state.who_may_act() == before  # nothing applied


def test_another_seats_key_share_is_not_checked_against_this_key() -> None:
    mt = _played(3)
    again = _seat_again(3, 0, 999)
    seat, wire = next((s, w) for s, w in mt.transcript if s == 1)
    assert KeyShared(1) in again.apply(seat, msgpack.unpackb(wire, raw=False))
