# The Terelius-Wikstrom proof of a shuffle, as Haenni, Locher, Koenig and Dubuis give it in "Pseudo-code
# algorithms for verifiable re-encryption mix-nets" (FC 2017 workshops), Algorithms GenShuffle,
# GenShuffleProof and CheckShuffleProof, written additively: their g^a*h^b is our a*G + b*H.
#
# Invariants:
# - `shuffle` outputs out[i] = reencrypt(deck[perm[i]], mask(r_i)) for a uniform permutation `perm` and fresh
#   r_i; its proof is zero knowledge about perm and the r_i. Every secret comes from a `ShufflePlan`, drawn
#   in one fixed order (so a plan made early gives the same shuffle as one made at the turn), used once.
# - `verify_shuffle` accepts only if `out` is a permutation of re-encryptions of `deck` under `table_key`
#   (up to the soundness of the proof): a card swapped in, dropped or duplicated makes it fail.
# - The generators H, H_1..H_N come from hashing to the curve, so nobody knows a relation between them or G.
# - Every challenge is bound to the caller's domain (table, step, peer), to both decks, the table key and
#   every commitment the proof carries.
"""Verifiable re-encryption shuffle of a deck: the Terelius-Wikstrom proof over ristretto255."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from p2pshithead.crypto._elgamal import Ciphertext, mask, reencrypt
from p2pshithead.crypto._errors import LocalDeckError
from p2pshithead.crypto._fiat_shamir import LABEL, challenge
from p2pshithead.crypto._group import (
    ORDER,
    RandBytes,
    add,
    combine,
    hash_to_point,
    mul,
    mul_base,
    point_sum,
    random_scalar,
    scalar_bytes,
    sub,
)

__all__ = ["ShufflePlan", "ShuffleProof", "generators", "plan_shuffle", "shuffle", "verify_shuffle"]


@functools.lru_cache(maxsize=8)
def generators(n: int) -> tuple[bytes, tuple[bytes, ...]]:
    """The independent generators (H, (H_1..H_n)) of the commitments, hashed to the curve."""
    points = [hash_to_point(LABEL, b"generator", i.to_bytes(2, "big")) for i in range(n + 1)]
    return points[0], tuple(points[1:])


@functools.lru_cache(maxsize=8)
def _generator_sum(n: int) -> bytes:
    return point_sum(generators(n)[1])


@dataclass(frozen=True, slots=True)
class ShuffleProof:
    """A proof that one deck is a permutation of re-encryptions of another.

    `commitments` commit to the permutation (c_i in the paper), `chain` is the commitment chain (c^_i),
    `challenge` is c, `responses` are s_1..s_4, `chain_responses` are s^_i and `permutation_responses` s'_i.
    """

    commitments: tuple[bytes, ...]
    chain: tuple[bytes, ...]
    challenge: int
    responses: tuple[int, ...]
    chain_responses: tuple[int, ...]
    permutation_responses: tuple[int, ...]

    def __post_init__(self) -> None:
        n = len(self.commitments)
        if not n or not len(self.chain) == len(self.chain_responses) == len(self.permutation_responses) == n:
            raise LocalDeckError("a shuffle proof has one commitment, link and two responses per card")
        if len(self.responses) != 4:
            raise LocalDeckError("a shuffle proof has four responses s_1..s_4")
        if not all(isinstance(p, bytes) and len(p) == 32 for p in (*self.commitments, *self.chain)):
            raise LocalDeckError("a shuffle proof's commitments are 32-byte points")
        scalars = (self.challenge, *self.responses, *self.chain_responses, *self.permutation_responses)
        if not all(type(k) is int and 0 <= k < ORDER for k in scalars):
            raise LocalDeckError("a shuffle proof's challenge and responses are scalars")


def _points(deck: Sequence[Ciphertext]) -> bytes:
    return b"".join(ct.c1 + ct.c2 for ct in deck)


def _challenges(
    prefix: bytes, deck: Sequence[Ciphertext], out: Sequence[Ciphertext], commitments: Sequence[bytes], key: bytes
) -> tuple[bytes, list[int]]:
    """The paper's GetChallenges: a seed binding the statement, and the vector u_i hashed from it."""
    seed = scalar_bytes(challenge(prefix, _points(deck), _points(out), b"".join(commitments), key))
    return seed, [challenge(seed, i.to_bytes(2, "big")) for i in range(len(deck))]


def _final_challenge(seed: bytes, chain: Sequence[bytes], t: Sequence[bytes], t_hat: Sequence[bytes]) -> int:
    return challenge(seed, b"".join(chain), *t, b"".join(t_hat))


def _random_below(bound: int, rand: RandBytes) -> int:
    """A uniform int in [0, bound) by rejection sampling on 4 random bytes."""
    limit = (1 << 32) - (1 << 32) % bound
    while True:
        value = int.from_bytes(rand(4), "big")
        if value < limit:
            return value % bound


def _random_permutation(n: int, rand: RandBytes) -> list[int]:
    perm = list(range(n))
    for i in range(n - 1, 0, -1):
        j = _random_below(i + 1, rand)
        perm[i], perm[j] = perm[j], perm[i]
    return perm


@dataclass(frozen=True, slots=True)
class ShufflePlan:
    """The half of one shuffle and its proof that no deck enters (the offline phase), for `len(perm)` cards
    under `table_key`: the permutation, the re-encryption masks, the permutation commitment, every nonce,
    and the commitments t_1..t_3 plus w_4*pk and w_4*G. Its secrets serve one proof only (two proofs with
    one nonce would give the permutation away), so whoever holds a plan uses it once and drops it.
    """

    table_key: bytes
    perm: tuple[int, ...]
    reenc: tuple[int, ...]
    masks: tuple[Ciphertext, ...]
    r: tuple[int, ...]
    commitments: tuple[bytes, ...]
    r_hat: tuple[int, ...]
    w: tuple[int, ...]
    w_hat: tuple[int, ...]
    w_prime: tuple[int, ...]
    t_fixed: tuple[bytes, bytes, bytes]
    w4_key: bytes
    w4_base: bytes


def plan_shuffle(n: int, table_key: bytes, rand: RandBytes) -> ShufflePlan:
    """Draw every secret of a shuffle of `n` cards under `table_key` from `rand`, and compute all that
    depends on them alone (the caller may do it while earlier seats shuffle)."""
    _, hs = generators(n)
    perm = _random_permutation(n, rand)
    reenc = [random_scalar(rand) for _ in range(n)]
    # Permutation commitment: c_{perm[i]} = r_{perm[i]}*G + H_i.
    r = [random_scalar(rand) for _ in range(n)]
    commitments = [b""] * n
    for i, j in enumerate(perm):
        commitments[j] = add(mul_base(r[j]), hs[i])
    r_hat = [random_scalar(rand) for _ in range(n)]
    w = [random_scalar(rand) for _ in range(4)]
    w_hat = [random_scalar(rand) for _ in range(n)]
    w_prime = [random_scalar(rand) for _ in range(n)]
    return ShufflePlan(
        table_key=table_key,
        perm=tuple(perm),
        reenc=tuple(reenc),
        masks=tuple(mask(k, table_key) for k in reenc),
        r=tuple(r),
        commitments=tuple(commitments),
        r_hat=tuple(r_hat),
        w=tuple(w),
        w_hat=tuple(w_hat),
        w_prime=tuple(w_prime),
        t_fixed=(mul_base(w[0]), mul_base(w[1]), add(mul_base(w[2]), combine(w_prime, hs))),
        w4_key=mul(w[3], table_key),
        w4_base=mul_base(w[3]),
    )


def shuffle(
    prefix: bytes, deck: Sequence[Ciphertext], table_key: bytes, rand: RandBytes, plan: ShufflePlan | None = None
) -> tuple[tuple[Ciphertext, ...], ShuffleProof]:
    """Permute and re-encrypt `deck`, and prove it (GenShuffle and GenShuffleProof).

    Args:
        prefix: the Fiat-Shamir domain of this step (table, step and shuffling peer).
        deck: the input deck.
        table_key: the ElGamal key the deck is encrypted under.
        rand: the random source; every secret of the shuffle and proof comes from it.
        plan: the secrets and deck-free commitments made beforehand by `plan_shuffle` (used if it fits
            this deck's size and key), else they are made here.

    Returns:
        The shuffled deck and its proof.
    """
    n = len(deck)
    if plan is None or plan.table_key != table_key or len(plan.perm) != n:
        plan = plan_shuffle(n, table_key, rand)
    h, _ = generators(n)
    perm, r, r_hat, w, w_hat, w_prime = plan.perm, plan.r, plan.r_hat, plan.w, plan.w_hat, plan.w_prime
    out = tuple(reencrypt(deck[perm[i]], plan.masks[i]) for i in range(n))
    seed, u = _challenges(prefix, deck, out, plan.commitments, table_key)
    u_out = [u[j] for j in perm]

    # Commitment chain: c^_0 = H, c^_i = r^_i*G + u'_i*c^_{i-1}.
    chain: list[bytes] = []
    previous = h
    for k, u_i in zip(r_hat, u_out, strict=True):
        previous = add(mul_base(k), mul(u_i, previous))
        chain.append(previous)

    r_bar = sum(r) % ORDER
    v, weight = [0] * n, 1
    for i in range(n - 1, -1, -1):
        v[i] = weight
        weight = weight * u_out[i] % ORDER
    r_chain = sum(k * x for k, x in zip(r_hat, v, strict=True)) % ORDER
    r_tilde = sum(k * x for k, x in zip(r, u, strict=True)) % ORDER
    r_prime = sum(k * x for k, x in zip(plan.reenc, u_out, strict=True)) % ORDER

    t = (
        *plan.t_fixed,
        sub(combine(w_prime, [ct.c2 for ct in out]), plan.w4_key),
        sub(combine(w_prime, [ct.c1 for ct in out]), plan.w4_base),
    )
    t_hat = [
        add(mul_base(a), mul(b, link)) for a, b, link in zip(w_hat, w_prime, [h, *chain[:-1]], strict=True)
    ]
    c = _final_challenge(seed, chain, t, t_hat)
    proof = ShuffleProof(
        commitments=plan.commitments,
        chain=tuple(chain),
        challenge=c,
        responses=tuple((wk + c * xk) % ORDER for wk, xk in zip(w, (r_bar, r_chain, r_tilde, r_prime), strict=True)),
        chain_responses=tuple((a + c * k) % ORDER for a, k in zip(w_hat, r_hat, strict=True)),
        permutation_responses=tuple((b + c * k) % ORDER for b, k in zip(w_prime, u_out, strict=True)),
    )
    return out, proof


def verify_shuffle(
    prefix: bytes, deck: Sequence[Ciphertext], out: Sequence[Ciphertext], table_key: bytes, proof: ShuffleProof
) -> bool:
    """Whether `proof` shows `out` is a permutation of re-encryptions of `deck` (CheckShuffleProof).

    All points must already be valid points (the wire layer checks them).
    """
    n = len(deck)
    if not len(out) == len(proof.commitments) == n:
        return False
    h, hs = generators(n)
    seed, u = _challenges(prefix, deck, out, proof.commitments, table_key)
    c = proof.challenge
    s1, s2, s3, s4 = proof.responses
    s_prime = proof.permutation_responses

    c_bar = sub(point_sum(proof.commitments), _generator_sum(n))
    u_product = functools.reduce(lambda a, b: a * b % ORDER, u, 1)
    c_chain = sub(proof.chain[-1], mul(u_product, h))
    c_tilde = combine(u, proof.commitments)
    a_prime = combine(u, [ct.c2 for ct in deck])
    b_prime = combine(u, [ct.c1 for ct in deck])
    t = (
        sub(mul_base(s1), mul(c, c_bar)),
        sub(mul_base(s2), mul(c, c_chain)),
        sub(add(mul_base(s3), combine(s_prime, hs)), mul(c, c_tilde)),
        sub(combine(s_prime, [ct.c2 for ct in out]), add(mul(c, a_prime), mul(s4, table_key))),
        sub(combine(s_prime, [ct.c1 for ct in out]), add(mul(c, b_prime), mul_base(s4))),
    )
    t_hat = [
        sub(add(mul_base(a), mul(b, previous)), mul(c, link))
        for a, b, previous, link in zip(
            proof.chain_responses, s_prime, [h, *proof.chain[:-1]], proof.chain, strict=True
        )
    ]
    return _final_challenge(seed, proof.chain, t, t_hat) == c
