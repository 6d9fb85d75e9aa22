"""Schnorr and Chaum-Pedersen proofs: complete, sound against a wrong image, bound to their domain."""

from __future__ import annotations

from dataclasses import replace

import pytest

from p2pshithead.crypto import LocalDeckError, RandBytes, SigmaProof
from p2pshithead.crypto._group import GENERATOR, ORDER, add, hash_to_point, mul, mul_base
from p2pshithead.crypto._sigma import prove_same_log, verify_same_log

SECRET = 123456789
C1 = hash_to_point(b"c1")
BASES = [GENERATOR, C1]
IMAGES = [mul_base(SECRET), mul(SECRET, C1)]


def test_schnorr_and_chaum_pedersen_proofs_verify(rand: RandBytes) -> None:
    assert verify_same_log(b"d", BASES[:1], IMAGES[:1], prove_same_log(b"d", BASES[:1], IMAGES[:1], SECRET, rand))
    assert verify_same_log(b"d", BASES, IMAGES, prove_same_log(b"d", BASES, IMAGES, SECRET, rand))


def test_a_wrong_decryption_share_fails(rand: RandBytes) -> None:
    wrong = [IMAGES[0], add(IMAGES[1], GENERATOR)]
    assert not verify_same_log(b"d", BASES, wrong, prove_same_log(b"d", BASES, wrong, SECRET, rand))


def test_a_proof_is_bound_to_its_domain(rand: RandBytes) -> None:
    proof = prove_same_log(b"table A/key/0", BASES, IMAGES, SECRET, rand)
    assert not verify_same_log(b"table B/key/0", BASES, IMAGES, proof)


@pytest.mark.parametrize("field", ["challenge", "response"])
def test_a_tampered_proof_fails(field: str, rand: RandBytes) -> None:
    proof = prove_same_log(b"d", BASES, IMAGES, SECRET, rand)
    assert not verify_same_log(b"d", BASES, IMAGES, replace(proof, **{field: (getattr(proof, field) + 1) % ORDER}))


@pytest.mark.parametrize("value", [-1, ORDER, True, 1.0])
def test_a_proof_holds_scalars_only(value: object) -> None:
    with pytest.raises(LocalDeckError):
        SigmaProof(value, 1)  # type: ignore[arg-type]
