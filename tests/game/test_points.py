"""Every malformed point encoding (tests/crypto/ristretto.py, from RFC 9496) in every point field of every
payload a seat sends at a table, through msgpack, at every peer and the observer: each is refused as a
malformed payload naming its author, nothing changes, and the honest payload is then taken as before (the
game ends exactly as the same game played untouched)."""

from __future__ import annotations

import copy
import functools
import random
from typing import Any

import msgpack
import pytest

from p2pshithead.bots import GreedyBot
from p2pshithead.crypto import SEALED_BYTES, dispute_key
from p2pshithead.crypto._gift import _NONCE, _box
from p2pshithead.crypto._group import scalar_bytes
from p2pshithead.engine import Give, preset
from p2pshithead.errors import Fault
from p2pshithead.game import DisputePayload, GivePayload, LocalSeat, SeatedTable, next_payload
from p2pshithead.game._payloads import PAYLOAD_SCHEMA

from ..crypto.ristretto import kinds_of_path, malformed_points, point_paths, replaced, spellings
from .table import MemoryTable, seeded_rand

CLASSIC, FRENCH = preset("classic"), preset("french")
LAST = (1, 0, 2)  # the last game's order: seat 1 Masta, seat 2 Shithead, so the exchange opens
MALFORMED = malformed_points()


def _wire(payload: object) -> object:
    return msgpack.unpackb(msgpack.packb(payload, use_bin_type=True), raw=False)


def _refused_everywhere(table: MemoryTable, seat: int, payload: object) -> None:
    """Every point field of `payload` (its first and last place), spelled every malformed way, is refused
    by every party as malformed, naming `seat`."""
    paths = point_paths(PAYLOAD_SCHEMA, payload)
    chosen = {kinds_of_path(p): [p] for p in reversed(paths)}  # the last place of each field...
    for p in paths:
        chosen[kinds_of_path(p)].insert(0, p)  # ...and the first
    for path in {p for places in chosen.values() for p in (places[0], places[-1])}:
        for family, bad in MALFORMED:
            tampered = _wire(replaced(payload, path, bad))
            for party in table.parties:
                with pytest.raises(Fault) as caught:
                    party.apply(seat, tampered)
                fault = caught.value
                assert fault.seat == seat and "malformed" in fault.reason, (family, path, fault)


def _play(tamper: bool) -> tuple[MemoryTable, set[tuple[str, ...]]]:
    """A French game with the exchange, every payload checked tampered first when `tamper`; returns the
    table and the fields tampered with ((payload kind, field) pairs)."""
    table = MemoryTable(FRENCH, [GreedyBot(), GreedyBot(), GreedyBot()], seed=5, previous=LAST)
    fields: set[tuple[str, ...]] = set()
    for _ in range(20_000):
        actors = sorted(table.observer.who_may_act())
        sent = None
        for seat in actors:
            sent = next_payload(table.peers[seat], table.players[seat], table.rngs[seat])
            if sent is not None:
                break
        if sent is None:
            break
        kinds = {(str(sent["t"]), *map(str, kinds_of_path(p))) for p in point_paths(PAYLOAD_SCHEMA, sent)}
        if tamper and not kinds <= fields:
            _refused_everywhere(table, seat, _wire(sent))
            fields |= kinds
        table.broadcast(seat, sent)
    return table, fields


@functools.cache
def _played() -> tuple[MemoryTable, MemoryTable, set[tuple[str, ...]]]:
    tampered, fields = _play(tamper=True)
    untouched, _ = _play(tamper=False)
    return tampered, untouched, fields


def test_every_point_field_of_a_whole_game_refuses_every_malformed_encoding() -> None:
    tampered, untouched, fields = _played()
    assert {("deck", "m", "public"), ("deck", "m", "deck"), ("deck", "m", "commitments"), ("deck", "m", "chain"),
            ("deck", "m", "shares"), ("deck", "m", "draw"), ("move", "r", "shares")} <= fields, fields  # fmt: skip
    # positive control: the honest payloads after the refusals made the very same game
    assert tampered.observer.finish_order() == untouched.observer.finish_order() is not None
    assert tampered.transcript == untouched.transcript
    assert tampered.observer.deck.known_cards() == untouched.observer.deck.known_cards()


def _at_the_exchange() -> MemoryTable:
    table = MemoryTable(FRENCH, [GreedyBot(), GreedyBot(), GreedyBot()], seed=5, previous=LAST)
    while table.observer.game is None or table.observer.game.exchange is None:
        assert table.step()
    return table


@functools.cache
def _exchange() -> MemoryTable:
    return _at_the_exchange()


def test_a_forwarded_share_and_a_leave_refuse_every_malformed_encoding() -> None:
    table = copy.deepcopy(_exchange())
    assert table.step()  # the Shithead (seat 2) gives; the Masta (seat 1) holds its share privately
    while True:  # play on until the Masta's move forwards the giver's share, or the game is over
        seat = next(iter(sorted(table.observer.who_may_act())), None)
        assert seat is not None, "the gift was never played"
        sent = next_payload(table.peers[seat], table.players[seat], table.rngs[seat])
        if sent is not None and sent.get("t") == "move" and sent.get("f") is not None:
            _refused_everywhere(table, seat, _wire(sent))
            break
        if sent is not None:
            table.broadcast(seat, sent)
    leaver = next(s for s in sorted(table.observer.who_may_act()))
    leave = _wire(table.peers[leaver].local.leave_payload())
    assert point_paths(PAYLOAD_SCHEMA, leave), "the leave carries shares"
    _refused_everywhere(table, leaver, leave)
    table.broadcast(leaver, leave)  # positive control: the honest leave is taken
    assert leaver in table.observer.game.left  # type: ignore[union-attr]


def test_a_dispute_refuses_every_malformed_point_and_is_judged_when_honest() -> None:
    table = copy.deepcopy(_exchange())
    assert table.step()
    (slot,) = table.observer.gifts
    receiver = table.peers[1].local
    point, proof = dispute_key(receiver.key, receiver.state.deck, 2)
    dispute = _wire(DisputePayload(slot, point, proof).to_wire())
    _refused_everywhere(table, 1, dispute)
    with pytest.raises(Fault) as caught:  # the honest dispute of a card that opens: judged, names its author
        table.broadcast(1, dispute)
    assert caught.value.seat == 1 and "which opens" in caught.value.reason


SEALABLE = [(family, bad) for family, bad in MALFORMED if isinstance(bad, bytes) and len(bad) == 32]
"""The malformed spellings that fit a sealed share (its size is fixed: only 32-byte ones)."""


@pytest.mark.parametrize(("family", "bad"), SEALABLE, ids=[f"{f}-{i}" for i, (f, _) in enumerate(SEALABLE)])
def test_a_malformed_point_sealed_in_a_gift_is_disputed_and_names_the_giver(family: str, bad: bytes) -> None:
    """Sealed, the point passes no wire check: the receiver's program finds it when it opens the gift, and
    disputes; every peer then judges the giver."""
    table = copy.deepcopy(_exchange())
    giver = table.peers[2].local
    move = next(m for m in giver.view().moves_for(2) if isinstance(m, Give))
    plain = bad + scalar_bytes(1) + scalar_bytes(2)
    sealed = _box(giver.key, giver.state.deck, 2, 1, move.slot).encrypt(_NONCE, plain, None)
    assert len(sealed) == SEALED_BYTES
    table.broadcast(2, GivePayload(move, sealed).to_wire())
    with pytest.raises(Fault) as caught:
        table.run()  # the receiver's own program disputes it as soon as it may speak
    assert caught.value.seat == 2 and "does not open to seat 1" in caught.value.reason


def _first_game(shuffles: int = 0, keys: int | None = None) -> MemoryTable:
    """A first game (the dealer comes from the coin); with `keys`, each seat's key share is drawn from
    seed `keys` and its shuffles from randomness of their own (`shuffles`)."""
    table = MemoryTable(CLASSIC, [GreedyBot(), GreedyBot(), GreedyBot()], seed=3)
    if keys is not None:
        for s, peer in enumerate(table.peers):
            seed = random.Random(f"{keys}/{s}").randbytes(64)
            table.peers[s] = SeatedTable(peer.state, LocalSeat(peer.state, s, seeded_rand(1000 * shuffles + s), seed))
    return table


def _dealer(table: MemoryTable) -> int:
    while table.observer.game is None:
        assert table.step()
    dealer = table.observer.dealer
    assert dealer is not None and all(p.state.dealer == dealer for p in table.peers)
    return dealer


def test_no_spelling_of_the_last_draw_share_moves_the_dealer() -> None:
    """The last seat to send its draw share sees all the others first: every other spelling of its share
    is refused as malformed (so it has one coin to give, or none), and the honest one deals as before."""
    table = _first_game()
    last = len(table.peers) - 1
    while True:
        sent = next_payload(table.peers[last], table.players[last], table.rngs[last])
        if sent is not None and sent["m"].get("draw") is not None:  # type: ignore[attr-defined]
            break
        assert table.step()
    honest: dict[str, Any] = _wire(sent)  # type: ignore[assignment]
    share = honest["m"]["draw"][0]
    for bad in spellings(share):
        tampered = _wire(replaced(honest, ("m", "draw", 0), bad))
        for party in table.parties:
            with pytest.raises(Fault) as caught:
                party.apply(last, tampered)
            assert caught.value.seat == last and "malformed" in caught.value.reason
    table.broadcast(last, honest)
    assert _dealer(table) == _dealer(_first_game())
