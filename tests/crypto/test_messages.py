"""Wire forms of the deck messages: exact round trips, and every bad shape refused naming the sender."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import msgpack
import pytest

from p2pshithead.crypto import (
    MAX_CARDS,
    KeyRelease,
    KeyShare,
    MalformedMessageError,
    Message,
    Reveal,
    Shuffle,
    SimulatedTable,
    message_from_wire,
)
from p2pshithead.crypto._group import ORDER, scalar_bytes

IDENTITY = bytes(32)
# A negative field element (RFC 9496, A.2): 32 bytes that are no ristretto255 encoding.
NOT_A_POINT = bytes.fromhex("ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20")
NON_CANONICAL = bytes.fromhex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")


def wire_of(table: SimulatedTable, kind: str) -> dict[str, Any]:
    """The first message of `kind` in the table's transcript, as a fresh copy."""
    return copy.deepcopy(next(obj for _, obj in table.transcript if isinstance(obj, dict) and obj["kind"] == kind))


@pytest.mark.parametrize("cls", [KeyShare, Shuffle, Reveal])
def test_sent_messages_round_trip(dealt: SimulatedTable, cls: type[Message]) -> None:
    obj = wire_of(dealt, cls.kind)
    message = message_from_wire(0, obj)
    assert isinstance(message, cls)
    assert message.to_wire() == obj
    assert msgpack.unpackb(msgpack.packb(message.to_wire())) == obj


def test_a_deal_reveal_round_trips(fresh_dealt: SimulatedTable) -> None:
    message = fresh_dealt.peers[0].reveal_message([40], draw=True)
    obj = msgpack.unpackb(msgpack.packb(message.to_wire()))
    assert obj["kind"] == "deal_reveal" and message_from_wire(0, obj) == message
    with pytest.raises(MalformedMessageError) as error:
        Reveal.from_wire(1, obj)  # a move's reveal carries no draw share
    assert error.value.peer == 1
    with pytest.raises(MalformedMessageError):
        message_from_wire(1, {**obj, "draw": [obj["draw"][0], obj["draw"][1]]})


def test_key_release_round_trips(dealt: SimulatedTable) -> None:
    release = dealt.peers[0].release_message()
    assert KeyRelease.from_wire(0, msgpack.unpackb(msgpack.packb(release.to_wire()))) == release


Mutation = Callable[[dict[str, Any]], object]


def _set(path: tuple[object, ...], value: object) -> Mutation:
    def mutate(obj: dict[str, Any]) -> object:
        target: Any = obj  # a wire value: nested maps and arrays
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return obj

    return mutate


def _drop(key: str) -> Mutation:
    return lambda obj: {k: v for k, v in obj.items() if k != key}


BAD_KEY_SHARES = {
    "truncated point": _set(("public",), NOT_A_POINT[:31]),
    "oversized point": _set(("public",), NOT_A_POINT + b"\0"),
    "identity point": _set(("public",), IDENTITY),
    "invalid point": _set(("public",), NOT_A_POINT),
    "non-canonical point": _set(("public",), NON_CANONICAL),
    "text for bytes": _set(("public",), "00" * 32),
    "non-canonical scalar": _set(("proof", 1), ORDER.to_bytes(32, "little")),
    "truncated scalar": _set(("proof", 0), bytes(31)),
    "proof too long": _set(("proof",), [bytes(32)] * 3),
    "missing field": _drop("proof"),
    "extra field": _set(("extra",), 1),
    "wrong kind": _set(("kind",), "shuffle"),
    "unknown kind": _set(("kind",), "deal"),
    "not a dict": lambda obj: list(obj.items()),
}
BAD_SHUFFLES = {
    "identity in deck": _set(("deck", 3, 0), IDENTITY),
    "invalid point in deck": _set(("deck", 0, 1), NOT_A_POINT),
    "truncated ciphertext": _set(("deck", 0), [NOT_A_POINT]),
    "oversized deck": lambda obj: {**obj, "deck": obj["deck"] * 3},
    "short commitments": lambda obj: {**obj, "commitments": obj["commitments"][:-1]},
    "invalid point in chain": _set(("chain", 5), NOT_A_POINT),
    "three responses": lambda obj: {**obj, "responses": obj["responses"][:3]},
    "non-canonical response": _set(("chain_responses", 0), (ORDER + 1).to_bytes(32, "little")),
    "oversized challenge": _set(("challenge",), bytes(33)),
}
BAD_REVEALS = {
    "bool slot": _set(("shares", 0, 0), True),
    "negative slot": _set(("shares", 0, 0), -1),
    "slot past any deck": _set(("shares", 0, 0), MAX_CARDS),
    "no shares": _set(("shares",), []),
    "duplicate slot": lambda obj: {**obj, "shares": [obj["shares"][0], obj["shares"][0]]},
    "truncated share": _set(("shares", 0, 1), bytes(31)),
    "share too long": lambda obj: {**obj, "shares": [[*obj["shares"][0], b""]]},
}
BAD_RELEASES = {
    "zero secret": _set(("secret",), scalar_bytes(0)),
    "non-canonical secret": _set(("secret",), ORDER.to_bytes(32, "little")),
}


@pytest.mark.parametrize(
    ("kind", "mutate"),
    [("key_share", m) for m in BAD_KEY_SHARES.values()]
    + [("shuffle", m) for m in BAD_SHUFFLES.values()]
    + [("reveal", m) for m in BAD_REVEALS.values()],
    ids=[*BAD_KEY_SHARES, *BAD_SHUFFLES, *BAD_REVEALS],
)
def test_bad_shapes_are_refused_naming_the_sender(dealt: SimulatedTable, kind: str, mutate: Mutation) -> None:
    obj = mutate(wire_of(dealt, kind))
    with pytest.raises(MalformedMessageError) as error:
        message_from_wire(5, obj)
    assert error.value.peer == 5


@pytest.mark.parametrize("mutate", BAD_RELEASES.values(), ids=list(BAD_RELEASES))
def test_bad_key_releases_are_refused(dealt: SimulatedTable, mutate: Mutation) -> None:
    obj = mutate(dealt.peers[1].release_message().to_wire())
    with pytest.raises(MalformedMessageError) as error:
        message_from_wire(1, obj)
    assert error.value.peer == 1


@pytest.mark.parametrize("value", [NOT_A_POINT[:31], NOT_A_POINT + b"\0", "00" * 32], ids=["short", "long", "text"])
def test_a_point_of_the_wrong_size_says_so(dealt: SimulatedTable, value: object) -> None:
    obj = _set(("public",), value)(wire_of(dealt, "key_share"))
    with pytest.raises(MalformedMessageError, match="must be 32 bytes"):
        message_from_wire(0, obj)


def test_a_refusal_names_the_path_of_the_bad_value(dealt: SimulatedTable) -> None:
    obj = BAD_SHUFFLES["identity in deck"](wire_of(dealt, "shuffle"))
    with pytest.raises(MalformedMessageError) as error:
        message_from_wire(2, obj)
    assert error.value.peer == 2
    assert error.value.reason == "field deck[3][0]: not a valid point (canonical ristretto255, not the identity)"


@pytest.mark.parametrize("cls", [KeyShare, Reveal, KeyRelease])
def test_from_wire_reads_only_its_own_kind(dealt: SimulatedTable, cls: type[Message]) -> None:
    with pytest.raises(MalformedMessageError, match="unknown message type 'shuffle'") as error:
        cls.from_wire(2, wire_of(dealt, "shuffle"))
    assert error.value.peer == 2
