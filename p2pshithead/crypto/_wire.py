# Invariants: a `WireReader` turns plain wire values (what msgpack gives back: dict, list, bytes, int) into
# protocol values only if they have exactly the shape the protocol sends: a dict with exactly the expected
# keys, points of exactly 32 bytes that pass libsodium's is_valid_point, canonical 32-byte scalars, ints
# (not bools) in range, lists within bounds. Anything else raises `MalformedMessageError` naming the
# sending peer, before any value is used; so does a value a protocol type rejects on construction.
"""Checked reading of a peer's wire values into points, scalars, ints and lists."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from p2pshithead.crypto._errors import LocalDeckError, MalformedMessageError
from p2pshithead.crypto._group import is_point, is_scalar

__all__ = ["WireReader"]


@dataclass(frozen=True, slots=True)
class WireReader:
    """Reads wire values sent by `peer`, raising `MalformedMessageError(peer, ...)` on any bad shape."""

    peer: int

    def fail(self, reason: str) -> MalformedMessageError:
        """The error to raise for a malformed value from this peer."""
        return MalformedMessageError(self.peer, reason)

    def fields(self, obj: object, kind: str, keys: tuple[str, ...]) -> Mapping[str, object]:
        """`obj` as a dict of kind `kind` with exactly `keys` (besides "kind")."""
        if not isinstance(obj, Mapping) or obj.get("kind") != kind:
            raise self.fail(f"expected a {kind!r} message")
        if set(obj) != {"kind", *keys}:
            raise self.fail(f"a {kind!r} message has the fields {sorted(keys)}, got {sorted(map(str, obj))}")
        return obj

    def point(self, value: object, what: str) -> bytes:
        """`value` as a point: 32 bytes encoding a non-identity element of the prime-order subgroup."""
        if not isinstance(value, bytes) or len(value) != 32:
            raise self.fail(f"{what} must be 32 bytes")
        if not is_point(value):
            raise self.fail(f"{what} is not a valid point of the prime-order subgroup")
        return value

    def scalar(self, value: object, what: str) -> int:
        """`value` as a scalar: the canonical 32-byte little-endian encoding of an int below the order."""
        if not isinstance(value, bytes) or len(value) != 32:
            raise self.fail(f"{what} must be 32 bytes")
        if not is_scalar(value):
            raise self.fail(f"{what} is not a canonical scalar")
        return int.from_bytes(value, "little")

    def integer(self, value: object, what: str, low: int, high: int) -> int:
        """`value` as an int in [low, high]."""
        if type(value) is not int or not low <= value <= high:
            raise self.fail(f"{what} must be an integer from {low} to {high}")
        return value

    def items(self, value: object, what: str, low: int, high: int) -> list[object]:
        """`value` as a list of `low` to `high` items."""
        if not isinstance(value, list | tuple) or not low <= len(value) <= high:
            raise self.fail(f"{what} must be a list of {low} to {high} items")
        return list(value)

    @contextmanager
    def building(self) -> Iterator[None]:
        """Turn a protocol type's refusal of the values read into this peer's `MalformedMessageError`."""
        try:
            yield
        except LocalDeckError as error:
            raise self.fail(str(error)) from None
