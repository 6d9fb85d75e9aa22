"""Speed's deck steps refuse every malformed point encoding (tests/crypto/ristretto.py) in every point
field, at both seats and an observer, naming the sender as malformed; the honest step is then taken and
the game reaches play as it would untouched."""

from __future__ import annotations

import random

import msgpack
import pytest

from p2pshithead.errors import Fault
from p2pshithead.net import Identity, SeatInfo, TableSetup
from p2pshithead.speed import SpeedRules
from p2pshithead.speedgame import PAYLOAD_SCHEMA, SpeedApp, SpeedStage, SpeedTable

from ..crypto.ristretto import kinds_of_path, malformed_points, point_paths, replaced

SEATS = tuple(SeatInfo(Identity.generate(n).public, n) for n in ("ann", "bob"))


def test_every_point_field_of_speeds_deck_steps_refuses_every_malformed_encoding() -> None:
    rules = SpeedRules.from_text("speed")
    setup = TableSetup(bytes(16), "t", "speed", "speed", rules.digest(), SEATS)
    rngs = [random.Random(f"speed/{seat}") for seat in range(2)]
    apps = [SpeedApp(setup, seat, rand=rngs[seat].randbytes) for seat in range(2)]
    observer = SpeedTable(rules, setup.table_id)
    parties: list[SpeedApp | SpeedTable] = [*apps, observer]
    covered: set[tuple[object, ...]] = set()
    for _ in range(20):
        sent = next(((seat, p) for seat in range(2) if (p := apps[seat].pending()) is not None), None)
        if sent is None:
            break
        seat, payload = sent
        payload = msgpack.unpackb(msgpack.packb(payload))
        for path in point_paths(PAYLOAD_SCHEMA, payload):
            if kinds_of_path(path) in covered:
                continue
            covered.add(kinds_of_path(path))
            for family, bad in malformed_points():
                for party in parties:
                    with pytest.raises(Fault) as caught:
                        party.apply(seat, replaced(payload, path, bad))
                    assert caught.value.seat == seat and "malformed" in caught.value.reason, (family, path)
        for party in parties:  # positive control: the honest step is taken
            party.apply(seat, payload)
    assert {("m", "public"), ("m", "deck"), ("m", "commitments"), ("m", "chain"), ("m", "shares")} <= covered
    assert observer.stage is SpeedStage.PLAY and all(app.state == observer for app in apps)
