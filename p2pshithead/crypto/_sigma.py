# Invariants: a `SigmaProof` (e, s) shows knowledge of one secret x with images[k] == x * bases[k] for every
# k. The prover sends s = w + e*x; the verifier recomputes each commitment w*B_k as s*B_k - e*Y_k and accepts
# only if hashing domain, bases, images and commitments gives back e. With the generator as the only base
# it is Schnorr's proof of knowledge of a key share; with bases (G, c1) and images (pk_i, share) it is
# Chaum-Pedersen's proof that log_G(pk_i) == log_c1(share), i.e. that a decryption share is correct.
"""Schnorr and Chaum-Pedersen proofs of one discrete log shared by several bases."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from p2pshithead.crypto._errors import LocalDeckError
from p2pshithead.crypto._fiat_shamir import challenge
from p2pshithead.crypto._group import ORDER, RandBytes, mul, random_scalar, sub

__all__ = ["SigmaProof", "prove_same_log", "verify_same_log"]


@dataclass(frozen=True, slots=True)
class SigmaProof:
    """A non-interactive proof (challenge e, response s) that several images share one discrete log."""

    challenge: int
    response: int

    def __post_init__(self) -> None:
        for value in (self.challenge, self.response):
            if type(value) is not int or not 0 <= value < ORDER:
                raise LocalDeckError("a proof's challenge and response are scalars")


def _challenge(prefix: bytes, bases: Sequence[bytes], images: Sequence[bytes], commits: Sequence[bytes]) -> int:
    return challenge(prefix, *bases, *images, *commits)


def prove_same_log(
    prefix: bytes, bases: Sequence[bytes], images: Sequence[bytes], secret: int, rand: RandBytes
) -> SigmaProof:
    """Prove knowledge of `secret` with `images[k] == secret * bases[k]`, bound to domain `prefix`."""
    nonce = random_scalar(rand)
    commits = [mul(nonce, base) for base in bases]
    e = _challenge(prefix, bases, images, commits)
    return SigmaProof(e, (nonce + e * secret) % ORDER)


def verify_same_log(prefix: bytes, bases: Sequence[bytes], images: Sequence[bytes], proof: SigmaProof) -> bool:
    """Whether `proof` shows that all `images` are one secret times their `bases`, in domain `prefix`."""
    commits = [
        sub(mul(proof.response, base), mul(proof.challenge, image))
        for base, image in zip(bases, images, strict=True)
    ]
    return _challenge(prefix, bases, images, commits) == proof.challenge
