"""One `WireError`, converted once at each boundary where a peer's bytes enter, into an error naming the peer."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from p2pshithead.bench.wire import bench_wire
from p2pshithead.crypto import MalformedMessageError, Point, Scalar, Shuffle, SimulatedTable, message_from_wire
from p2pshithead.engine import Ready, preset
from p2pshithead.errors import Fault
from p2pshithead.game import MovePayload, TableState, parse_payload
from p2pshithead.net import RemoteProtocolError
from p2pshithead.net._messages import FROM_HOST, check_message
from p2pshithead.wire import WireError

ORDER_EIGHT = bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")


@pytest.fixture(scope="module")
def shuffle() -> dict[str, Any]:
    """A real shuffle's wire form (two seats, 52 cards)."""
    table = SimulatedTable(b"wire-boundaries", 2, 52, seed=3)
    table.exchange_keys()
    return table.peers[0].shuffle_message().to_wire()


def _small_order_in_deck(shuffle: dict[str, Any]) -> dict[str, Any]:
    bad = copy.deepcopy(shuffle)
    bad["deck"][3][0] = ORDER_EIGHT
    return bad


def test_curve_fields_are_checked_by_libsodium(shuffle: dict[str, Any]) -> None:
    point = shuffle["commitments"][0]
    assert Point().check(point) == point
    assert Scalar().check(shuffle["challenge"]) == int.from_bytes(shuffle["challenge"], "little")
    bad_points = [
        (ORDER_EIGHT, "not a valid point"), (b"\x01" + bytes(31), "not a valid point"), (point[:31], "must be 32"),
    ]
    for bad, reason in bad_points:
        with pytest.raises(WireError, match=reason):
            Point().check(bad)
    with pytest.raises(WireError, match="not a canonical scalar"):
        Scalar().check(b"\xff" * 32)


def test_the_deck_names_the_peer(shuffle: dict[str, Any]) -> None:
    assert isinstance(message_from_wire(1, shuffle), Shuffle)
    with pytest.raises(MalformedMessageError) as error:
        message_from_wire(1, _small_order_in_deck(shuffle))
    assert error.value.peer == 1 and error.value.reason.startswith("field deck[3][0]: not a valid point")


def test_the_game_names_the_seat(shuffle: dict[str, Any]) -> None:
    with pytest.raises(Fault) as error:
        parse_payload(1, {"t": "deck", "m": _small_order_in_deck(shuffle)})
    assert error.value.seat == 1 and "field m.deck[3][0]: not a valid point" in error.value.reason
    with pytest.raises(Fault) as error:
        parse_payload(1, {"t": "move", "m": "0 nonsense", "r": None, "f": None})
    assert error.value.seat == 1 and "field m:" in error.value.reason
    with pytest.raises(Fault, match="for player 0") as error:
        parse_payload(1, {"t": "move", "m": Ready(0).text(), "r": None, "f": None})
    assert error.value.seat == 1
    assert parse_payload(0, {"t": "move", "m": Ready(0).text(), "r": None, "f": None}) == MovePayload(Ready(0), None)


@pytest.mark.parametrize("payload", [{"t": "move", "m": Ready(1).text(), "r": None, "f": None},
                                     {"t": "oot", "claim": True}])
def test_a_move_before_the_deal_names_its_author(payload: dict[str, Any]) -> None:
    table = TableState(preset("classic"), bytes(16), 3)
    with pytest.raises(Fault) as error:
        table.apply(1, payload)
    assert error.value.seat == 1


def test_the_connection_names_the_address() -> None:
    with pytest.raises(RemoteProtocolError) as error:
        check_message({"t": "lobby", "seats": [None, {"nick": "ann", "ready": "yes"}]}, FROM_HOST, "10.0.0.2:7777")
    assert error.value.peer == "10.0.0.2:7777"
    assert error.value.reason == "field seats[1].ready: expected a bool, got str"


def test_the_wire_bench_measures_a_real_shuffle() -> None:
    figures = bench_wire(2, 52, 1)
    assert figures["points"] == 4 * 52 and figures["bytes"] > 32 * 4 * 52
    assert figures["points_ms"] > 0 and figures["decode_ms"] > 0 and figures["check_ms"] > 0 and figures["total_ms"] > 0
