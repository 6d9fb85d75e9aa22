"""The Terelius-Wikstrom shuffle proof: complete, and failing on every way to stack the deck."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from p2pshithead.crypto import Ciphertext, RandBytes, ShuffleProof
from p2pshithead.crypto._elgamal import mask, reencrypt
from p2pshithead.crypto._group import GENERATOR, ORDER, add, hash_to_point, mul_base
from p2pshithead.crypto._shuffle import plan_shuffle, shuffle, verify_shuffle

KEY = mul_base(987654321)
CARDS = [hash_to_point(b"card", bytes([i])) for i in range(8)]
DECK = tuple(Ciphertext(GENERATOR, add(card, KEY)) for card in CARDS)


@pytest.fixture
def shuffled(rand: RandBytes) -> tuple[tuple[Ciphertext, ...], ShuffleProof]:
    return shuffle(b"table/shuffle/1", DECK, KEY, rand)


def test_an_honest_shuffle_verifies(shuffled: tuple[tuple[Ciphertext, ...], ShuffleProof]) -> None:
    out, proof = shuffled
    assert verify_shuffle(b"table/shuffle/1", DECK, out, KEY, proof)
    assert set(out).isdisjoint(DECK)


def test_a_chosen_card_swapped_in_fails(shuffled: tuple[tuple[Ciphertext, ...], ShuffleProof]) -> None:
    out, proof = shuffled
    chosen = Ciphertext(mul_base(5), add(hash_to_point(b"ace of spades"), mul_base(5 * 987654321)))
    assert not verify_shuffle(b"table/shuffle/1", DECK, (chosen, *out[1:]), KEY, proof)


def test_a_duplicated_card_fails(shuffled: tuple[tuple[Ciphertext, ...], ShuffleProof]) -> None:
    out, proof = shuffled
    assert not verify_shuffle(b"table/shuffle/1", DECK, (out[0], reencrypt(out[0], mask(3, KEY)), *out[2:]), KEY, proof)


def test_a_dropped_card_fails(shuffled: tuple[tuple[Ciphertext, ...], ShuffleProof]) -> None:
    out, proof = shuffled
    assert not verify_shuffle(b"table/shuffle/1", DECK, out[:-1], KEY, proof)


def test_reordering_after_proving_fails(shuffled: tuple[tuple[Ciphertext, ...], ShuffleProof]) -> None:
    out, proof = shuffled
    assert not verify_shuffle(b"table/shuffle/1", DECK, (out[1], out[0], *out[2:]), KEY, proof)


@pytest.mark.parametrize("prefix", [b"other table/shuffle/1", b"table/shuffle/2", b"table/key/1"])
def test_a_proof_replayed_in_another_domain_fails(
    shuffled: tuple[tuple[Ciphertext, ...], ShuffleProof], prefix: bytes
) -> None:
    out, proof = shuffled
    assert not verify_shuffle(prefix, DECK, out, KEY, proof)


def test_a_proof_under_another_key_fails(shuffled: tuple[tuple[Ciphertext, ...], ShuffleProof]) -> None:
    out, proof = shuffled
    assert not verify_shuffle(b"table/shuffle/1", DECK, out, mul_base(2), proof)


def _bump(proof: ShuffleProof, field: str) -> ShuffleProof:
    value = getattr(proof, field)
    changed: dict[str, Any]  # the field named at run time, so its type is the field's
    if isinstance(value, int):
        changed = {field: (value + 1) % ORDER}
    else:
        first = add(value[0], GENERATOR) if isinstance(value[0], bytes) else (value[0] + 1) % ORDER
        changed = {field: (first, *value[1:])}
    return replace(proof, **changed)


@pytest.mark.parametrize(
    "field", ["commitments", "chain", "challenge", "responses", "chain_responses", "permutation_responses"]
)
def test_every_part_of_the_proof_is_checked(
    shuffled: tuple[tuple[Ciphertext, ...], ShuffleProof], field: str
) -> None:
    out, proof = shuffled
    assert not verify_shuffle(b"table/shuffle/1", DECK, out, KEY, _bump(proof, field))


def test_every_response_is_checked(shuffled: tuple[tuple[Ciphertext, ...], ShuffleProof]) -> None:
    out, proof = shuffled
    for i in range(4):
        responses = list(proof.responses)
        responses[i] = (responses[i] + 1) % ORDER
        assert not verify_shuffle(b"table/shuffle/1", DECK, out, KEY, replace(proof, responses=tuple(responses)))


def test_a_plan_made_early_gives_the_same_shuffle_as_one_made_at_the_turn() -> None:
    at_turn = shuffle(b"table/shuffle/1", DECK, KEY, random.Random("same").randbytes)
    early_rand = random.Random("same").randbytes
    plan = plan_shuffle(len(DECK), KEY, early_rand)
    assert shuffle(b"table/shuffle/1", DECK, KEY, early_rand, plan) == at_turn


@pytest.mark.parametrize("size, key", [(len(DECK) - 1, KEY), (len(DECK), mul_base(5))], ids=["size", "key"])
def test_a_plan_that_does_not_fit_is_not_used(rand: RandBytes, size: int, key: bytes) -> None:
    stale = plan_shuffle(size, key, rand)
    out, proof = shuffle(b"table/shuffle/1", DECK, KEY, rand, stale)
    assert verify_shuffle(b"table/shuffle/1", DECK, out, KEY, proof)
    assert proof.commitments != stale.commitments[: len(DECK)]
