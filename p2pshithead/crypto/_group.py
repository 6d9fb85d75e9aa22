# Invariants:
# - The group is ristretto255 (RFC 9496): prime order ORDER by construction, no cofactor, so there is no
#   subgroup to check and no torsion to clear. A point is the 32-byte canonical encoding of a group element.
#   Bytes from outside become points only through `is_point`, the one gate: RFC 9496's decoding (4.3.1),
#   its canonical-encoding steps here (libsodium 1.0.18, bundled by rbcl 1.1.2, ignores bit 255, so a
#   point would have two spellings) and its curve steps by libsodium, plus a refusal of the identity.
#   So every accepted point has exactly one encoding, whatever libsodium runs, and anything hashed from
#   points hashes values, not spellings. Every point libsodium outputs is canonical. `IDENTITY` appears
#   only as an intermediate value (a sum, or a product by zero), never on the wire.
# - A scalar is an int in [0, ORDER); bytes become scalars only after `is_scalar` (canonical encoding).
# - libsodium refuses to output the identity from a scalar multiplication; in a prime-order group that
#   happens exactly when the scalar is 0 mod ORDER or the point is the identity, and `mul`/`mul_base`
#   return `IDENTITY` for those cases, so every function here is the plain group operation.
"""Arithmetic in ristretto255 over libsodium (bundled by rbcl): points are bytes, scalars are ints."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from hashlib import sha512
from pathlib import Path

import rbcl

from p2pshithead.crypto._errors import LocalDeckError

__all__ = [
    "FIELD_PRIME",
    "GENERATOR",
    "GROUP",
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

GROUP = b"ristretto255"
"""The group's name, hashed into every Fiat-Shamir domain and every hashed point."""

ORDER = 2**252 + 27742317777372353535851937790883648493
"""The group order L (prime)."""

FIELD_PRIME = 2**255 - 19
"""The prime p of the field that encodings are elements of (RFC 9496 section 4)."""

IDENTITY = bytes(32)
"""The neutral element's encoding."""

GENERATOR = bytes.fromhex("e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76")
"""The ristretto255 base point (RFC 9496); `mul_base(1)` gives it back (a test checks)."""

RandBytes = Callable[[int], bytes]
"""An injected source of randomness: `rand(n)` returns n uniformly random bytes (`os.urandom` in play)."""


def _forget_library_file() -> None:
    """Remove the copy of libsodium that importing rbcl writes to the temp directory and never deletes.

    The library stays mapped once loaded; without this every process would leave 2.8 MB behind. Where the
    system refuses (a loaded DLL on Windows) the file stays, as it would without us.
    """
    path = Path(getattr(sys.modules.get("rbcl._sodium"), "lib_path", None) or "")
    if path.parent == Path(tempfile.gettempdir()) and path.suffix in (".so", ".pyd"):
        with contextlib.suppress(OSError):
            os.unlink(path)


_forget_library_file()


def scalar_bytes(k: int) -> bytes:
    """The canonical 32-byte little-endian encoding of scalar `k` (already reduced)."""
    return k.to_bytes(32, "little")


def is_scalar(data: object) -> bool:
    """Whether `data` is the canonical 32-byte encoding of a scalar."""
    return isinstance(data, bytes) and len(data) == 32 and int.from_bytes(data, "little") < ORDER


def is_point(data: object) -> bool:
    """Whether `data` is the canonical encoding of a group element other than the identity: RFC 9496
    section 4.3.1, steps 1 and 2 here (32 bytes; the field element s below p, so bit 255 clear; s not
    negative, i.e. even; s = 0 is the identity), the rest (a square root exists, t not negative, y not 0)
    by libsodium, whose every version does those steps alike."""
    if type(data) is not bytes or len(data) != 32 or data[0] & 1:  # s odd: negative
        return False
    if data[31] >= 0x7F and int.from_bytes(data, "little") >= FIELD_PRIME:  # only then can s reach p
        return False
    return data != IDENTITY and rbcl.crypto_core_ristretto255_is_valid_point(data)


def mul(k: int, point: bytes) -> bytes:
    """The product `k * point` (through `mul_base`'s table, three times faster, when the point is `GENERATOR`)."""
    if point == GENERATOR:
        return mul_base(k)
    k %= ORDER
    if k == 0 or point == IDENTITY:
        return IDENTITY
    return rbcl.crypto_scalarmult_ristretto255(scalar_bytes(k), point)


def mul_base(k: int) -> bytes:
    """The product `k * GENERATOR`, using libsodium's precomputed table."""
    k %= ORDER
    if k == 0:
        return IDENTITY
    return rbcl.crypto_scalarmult_ristretto255_base(scalar_bytes(k))


def add(p: bytes, q: bytes) -> bytes:
    """The sum `p + q`."""
    return rbcl.crypto_core_ristretto255_add(p, q)


def sub(p: bytes, q: bytes) -> bytes:
    """The difference `p - q`."""
    return rbcl.crypto_core_ristretto255_sub(p, q)


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
    """A point nobody knows the discrete log of: ristretto255's from_hash (RFC 9496 one-way map) of
    `hash_parts(GROUP, *parts)`, all 64 bytes."""
    return rbcl.crypto_core_ristretto255_from_hash(hash_parts(GROUP, *parts))


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


