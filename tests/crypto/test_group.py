"""The Ed25519 subgroup arithmetic: point checks, the identity cases, scalars and randomness."""

from __future__ import annotations

import pytest

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

# Points of order 1, 2, 4 and 8 (libsodium's blocklist), and a non-canonical encoding (y = p).
SMALL_ORDER = [
    IDENTITY,
    bytes.fromhex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
    bytes(32),
    bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"),
    bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"),
]
NON_CANONICAL = bytes.fromhex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")


def test_generator_and_hashed_points_are_points() -> None:
    assert is_point(GENERATOR)
    assert is_point(hash_to_point(b"anything"))


@pytest.mark.parametrize("data", SMALL_ORDER, ids=lambda d: d.hex()[:8])
def test_small_order_points_are_refused(data: bytes) -> None:
    assert not is_point(data)


def test_points_outside_the_subgroup_are_refused() -> None:
    order_two = SMALL_ORDER[1]
    assert not is_point(add(GENERATOR, order_two))


@pytest.mark.parametrize("data", [NON_CANONICAL, GENERATOR[:31], GENERATOR + b"\0", bytearray(GENERATOR), "x" * 32])
def test_malformed_encodings_are_refused(data: object) -> None:
    assert not is_point(data)


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
