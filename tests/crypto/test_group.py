"""The ristretto255 arithmetic: point checks, the identity cases, scalars and randomness."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import rbcl

from p2pshithead.crypto import LocalDeckError, RandBytes
from p2pshithead.crypto._group import (
    GENERATOR,
    IDENTITY,
    ORDER,
    add,
    combine,
    hash_to_point,
    is_point,
    is_scalar,
    mul,
    mul_base,
    point_sum,
    random_scalar,
    scalar_bytes,
    sub,
)

# Encodings ristretto255 decoding refuses (RFC 9496, appendix A.2): non-canonical field elements, negative
# field elements, non-square x^2, and so on; and the identity, which is a valid encoding we refuse.
BAD_ENCODINGS = [
    "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
    "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562",
    "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
    "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
]
RFC_GENERATOR = "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76"


def test_the_generator_is_the_rfc_base_point() -> None:
    assert GENERATOR.hex() == RFC_GENERATOR
    assert rbcl.crypto_scalarmult_ristretto255_base(scalar_bytes(1)) == GENERATOR
    assert mul(7, GENERATOR) == rbcl.crypto_scalarmult_ristretto255(scalar_bytes(7), GENERATOR)


def test_generator_and_hashed_points_are_points() -> None:
    assert is_point(GENERATOR)
    assert is_point(hash_to_point(b"anything"))
    assert hash_to_point(b"a", b"b") != hash_to_point(b"ab")


def test_the_identity_is_refused() -> None:
    assert bytes(32) == IDENTITY
    assert not is_point(IDENTITY)


@pytest.mark.parametrize("hex_data", BAD_ENCODINGS, ids=lambda d: d[:8])
def test_invalid_encodings_are_refused(hex_data: str) -> None:
    assert not is_point(bytes.fromhex(hex_data))


def test_products_that_are_the_identity() -> None:
    assert mul(0, GENERATOR) == IDENTITY
    assert mul(ORDER, GENERATOR) == IDENTITY
    assert mul(5, IDENTITY) == IDENTITY
    assert mul_base(0) == IDENTITY
    assert sub(GENERATOR, GENERATOR) == IDENTITY


def test_arithmetic_agrees_with_itself() -> None:
    p = hash_to_point(b"p")
    assert add(mul(3, p), mul(4, p)) == mul(7, p)
    assert mul(ORDER - 1, p) == sub(IDENTITY, p)
    assert combine([2, 5], [p, GENERATOR]) == add(mul(2, p), mul_base(5))
    assert point_sum([]) == IDENTITY
    assert mul_base(9) == mul(9, GENERATOR)


def test_scalar_encoding_is_canonical() -> None:
    assert is_scalar(scalar_bytes(ORDER - 1))
    assert not is_scalar(ORDER.to_bytes(32, "little"))
    assert not is_scalar(bytes(31))


@pytest.mark.parametrize("rand", [lambda n: bytes(n - 1), lambda n: bytes(n), lambda n: ORDER.to_bytes(n, "little")])
def test_a_broken_random_source_is_a_local_error(rand: RandBytes) -> None:
    with pytest.raises(LocalDeckError):
        random_scalar(rand)


def test_importing_the_deck_leaves_no_copy_of_libsodium_behind(tmp_path: Path) -> None:
    """rbcl writes its bundled library to the temp directory on import and never deletes it; we do."""
    code = "import p2pshithead.crypto._group as g; assert g.mul_base(2) == g.add(g.GENERATOR, g.GENERATOR)"
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=60)
    assert list(tmp_path.iterdir()) == []
