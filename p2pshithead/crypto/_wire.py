# Invariants: the deck's own field types for `p2pshithead.wire`: a `Point` passes only as 32 bytes that
# decode to a ristretto255 element other than the identity (canonical encoding, RFC 9496: `is_point`), a
# `Scalar` only as the canonical 32-byte encoding of an int below the group order. A peer's
# value becomes a deck value only through `read`, whose every refusal is a `MalformedMessageError` naming
# that peer.
"""The curve field types `Point` and `Scalar`, and `read`: the deck's one conversion of a `WireError`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from p2pshithead.crypto._errors import MalformedMessageError
from p2pshithead.crypto._group import is_point, is_scalar
from p2pshithead.wire import Field, WireError

__all__ = ["Point", "Scalar", "read"]


def _thirty_two(value: object, what: str) -> bytes:
    if type(value) is not bytes or len(value) != 32:
        raise WireError("", f"{what} must be 32 bytes")
    return value


@dataclass(frozen=True, slots=True)
class Point:
    """A ristretto255 point other than the identity, in its one canonical encoding (`is_point`)."""

    def check(self, value: object) -> bytes:
        if not is_point(value):
            _thirty_two(value, "a point")
            raise WireError("", "not a valid point (canonical ristretto255, not the identity)")
        return value  # type: ignore[return-value]  # `is_point` holds: 32 bytes


@dataclass(frozen=True, slots=True)
class Scalar:
    """A scalar, read as an int from its canonical 32-byte little-endian encoding."""

    def check(self, value: object) -> int:
        data = _thirty_two(value, "a scalar")
        if not is_scalar(data):
            raise WireError("", "not a canonical scalar")
        return int.from_bytes(data, "little")


def read(peer: int, schema: Field, obj: object) -> Any:
    """`obj`, sent by `peer`, checked and built by `schema`.

    Raises:
        MalformedMessageError: naming `peer` and the path of the first bad value.
    """
    try:
        return schema.check(obj)
    except WireError as exc:
        raise MalformedMessageError(peer, str(exc)) from None
