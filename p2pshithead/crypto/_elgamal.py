# Invariants: a `Ciphertext` (c1, c2) = (r*G, M + r*pk) encrypts the point M under the table key pk; the
# deck before any shuffle is every card with the public randomness r = 1, and each shuffle only adds fresh
# randomness, so M = c2 - sum of the peers' decryption shares x_i * c1.
"""ElGamal on ristretto255 points: ciphertexts, re-encryption, removing decryption shares."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from p2pshithead.crypto._errors import LocalDeckError
from p2pshithead.crypto._group import GENERATOR, add, mul, mul_base, point_sum, sub

__all__ = ["Ciphertext", "initial_deck", "mask", "reencrypt", "remove_shares"]


@dataclass(frozen=True, slots=True)
class Ciphertext:
    """One encrypted card: `c1 = r*G`, `c2 = M + r*pk` (points; curve checks happen at the wire)."""

    c1: bytes
    c2: bytes

    def __post_init__(self) -> None:
        if not (isinstance(self.c1, bytes) and isinstance(self.c2, bytes) and len(self.c1) == len(self.c2) == 32):
            raise LocalDeckError("a ciphertext is two 32-byte points")


def initial_deck(cards: Sequence[bytes], table_key: bytes) -> tuple[Ciphertext, ...]:
    """Every card encrypted with randomness 1, so that any peer computes the same deck."""
    return tuple(Ciphertext(GENERATOR, add(card, table_key)) for card in cards)


def mask(r: int, table_key: bytes) -> Ciphertext:
    """(r*G, r*pk): the identity encrypted with randomness `r`; adding it to a ciphertext re-encrypts it."""
    return Ciphertext(mul_base(r), mul(r, table_key))


def reencrypt(ciphertext: Ciphertext, by: Ciphertext) -> Ciphertext:
    """`ciphertext` plus the mask `by`: (c1 + r*G, c2 + r*pk), the same card with `r` more randomness."""
    return Ciphertext(add(ciphertext.c1, by.c1), add(ciphertext.c2, by.c2))


def remove_shares(ciphertext: Ciphertext, shares: Iterable[bytes]) -> bytes:
    """The plaintext point: c2 minus every peer's decryption share of `ciphertext`."""
    return sub(ciphertext.c2, point_sum(shares))
