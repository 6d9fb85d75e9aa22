# Invariants:
# - A point is the 32-byte canonical encoding of an element of the prime-order subgroup of Ed25519. Bytes
#   from outside become points only after `is_point` (libsodium's is_valid_point: canonical, on the curve,
#   in the main subgroup, not of small order, hence never the identity). `IDENTITY` appears only as an
#   intermediate value (a sum, or a product by zero), never on the wire.
# - A scalar is an int in [0, ORDER); bytes become scalars only after `is_scalar` (canonical encoding).
# - libsodium refuses to output the identity from a scalar multiplication; for subgroup points that happens
#   exactly when the scalar is 0 mod ORDER or the point is the identity, and `mul`/`mul_base` return
#   `IDENTITY` for those cases, so every function here is the plain group operation.
"""Arithmetic in the prime-order subgroup of Ed25519 over libsodium: points are bytes, scalars are ints."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from hashlib import sha512

from nacl import bindings

from p2pshithead.crypto._errors import LocalDeckError

__all__ = [
    "GENERATOR",
    "IDENTITY",
    "ORDER",
    "RandBytes",
    "add",
    "combine",
    "hash_parts",
    "hash_to_point",
    "is_point",
    "is_scalar",
    "mul",
    "mul_base",
    "point_sum",
    "random_scalar",
    "scalar_bytes",
    "sub",
]

ORDER = 2**252 + 27742317777372353535851937790883648493
"""The order L of the prime-order subgroup."""

IDENTITY = b"\x01" + bytes(31)
"""The neutral element's encoding."""

RandBytes = Callable[[int], bytes]
"""An injected source of randomness: `rand(n)` returns n uniformly random bytes (`os.urandom` in play)."""


def scalar_bytes(k: int) -> bytes:
    """The canonical 32-byte little-endian encoding of scalar `k` (already reduced)."""
    return k.to_bytes(32, "little")


def is_scalar(data: object) -> bool:
    """Whether `data` is the canonical 32-byte encoding of a scalar."""
    return isinstance(data, bytes) and len(data) == 32 and int.from_bytes(data, "little") < ORDER


def is_point(data: object) -> bool:
    """Whether `data` encodes a point of the prime-order subgroup other than the identity."""
    return isinstance(data, bytes) and len(data) == 32 and bindings.crypto_core_ed25519_is_valid_point(data)


def mul(k: int, point: bytes) -> bytes:
    """The product `k * point`."""
    k %= ORDER
    if k == 0 or point == IDENTITY:
        return IDENTITY
    return bindings.crypto_scalarmult_ed25519_noclamp(scalar_bytes(k), point)


def mul_base(k: int) -> bytes:
    """The product `k * GENERATOR`, using libsodium's precomputed table."""
    k %= ORDER
    if k == 0:
        return IDENTITY
    return bindings.crypto_scalarmult_ed25519_base_noclamp(scalar_bytes(k))


def add(p: bytes, q: bytes) -> bytes:
    """The sum `p + q`."""
    return bindings.crypto_core_ed25519_add(p, q)


def sub(p: bytes, q: bytes) -> bytes:
    """The difference `p - q`."""
    return bindings.crypto_core_ed25519_sub(p, q)


def point_sum(points: Iterable[bytes]) -> bytes:
    """The sum of `points` (the identity for none)."""
    total = IDENTITY
    for point in points:
        total = point if total == IDENTITY else add(total, point)
    return total


def combine(scalars: Sequence[int], points: Sequence[bytes]) -> bytes:
    """The linear combination `sum(k_i * P_i)` of equally long sequences."""
    return point_sum(mul(k, point) for k, point in zip(scalars, points, strict=True))


def hash_parts(*parts: bytes) -> bytes:
    """SHA-512 of `parts`, each prefixed with its 4-byte length so that no two part lists collide."""
    digest = sha512()
    for part in parts:
        digest.update(len(part).to_bytes(4, "big"))
        digest.update(part)
    return digest.digest()


def hash_to_point(*parts: bytes) -> bytes:
    """A point nobody knows the discrete log of: libsodium's from_uniform on `hash_parts(*parts)`."""
    return bindings.crypto_core_ed25519_from_uniform(hash_parts(*parts)[:32])


def random_scalar(rand: RandBytes) -> int:
    """A uniform non-zero scalar drawn from 64 bytes of `rand`, reduced mod ORDER.

    Raises:
        LocalDeckError: `rand` returned the wrong number of bytes or a degenerate (zero) value.
    """
    data = rand(64)
    if not isinstance(data, bytes) or len(data) != 64:
        raise LocalDeckError("the random source must return exactly the bytes asked for")
    k = int.from_bytes(data, "little") % ORDER
    if k == 0:
        raise LocalDeckError("the random source returned a degenerate value")
    return k


GENERATOR = mul_base(1)
"""The Ed25519 base point."""
