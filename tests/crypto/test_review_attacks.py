"""Review of the deck's cryptography as a hostile seat would attack it, building its payloads with our own
primitives (docs/protocol.md, "Review"): each attack is refused by the honest parties, naming that seat.
These held when tried; they stay as the attacks' record."""

from __future__ import annotations

import copy
import hashlib
import random
from collections.abc import Callable
from typing import Any

import msgpack
import pytest
import rbcl

from p2pshithead.bots import GreedyBot
from p2pshithead.crypto import (
    CheatingError,
    Ciphertext,
    DeckKey,
    DrawShare,
    Reveal,
    Shuffle,
    SimulatedTable,
    TableParams,
    card_points,
)
from p2pshithead.crypto import _shuffle as shuffle_module
from p2pshithead.crypto._elgamal import mask, reencrypt
from p2pshithead.crypto._fiat_shamir import LABEL, domain
from p2pshithead.crypto._group import GENERATOR, add, hash_parts, mul, mul_base
from p2pshithead.crypto._shuffle import generators, shuffle
from p2pshithead.crypto._sigma import prove_same_log, verify_same_log
from p2pshithead.crypto._table_deck import draw_point
from p2pshithead.engine import preset
from p2pshithead.errors import Fault
from p2pshithead.game import next_payload
from tests.crypto.conftest import DEAL
from tests.game.table import MemoryTable

Doctor = Callable[[list[Ciphertext], bytes, bytes], list[Ciphertext]]


def _key(table: SimulatedTable, seat: int) -> DeckKey:
    key = table.peers[seat]._me
    assert key is not None
    return key


@pytest.fixture
def after_first(keyed: SimulatedTable) -> SimulatedTable:
    keyed.broadcast("shuffle 0", {0: keyed.peers[0].shuffle_message})
    return keyed


def _chosen(deck: list[Ciphertext], key: bytes, ace: bytes) -> list[Ciphertext]:
    return [Ciphertext(mul_base(77), add(ace, mul(77, key))), *deck[1:]]


def _twice(deck: list[Ciphertext], key: bytes, ace: bytes) -> list[Ciphertext]:
    return [deck[0], reencrypt(deck[0], mask(5, key)), *deck[2:]]


@pytest.mark.parametrize("doctor", [_chosen, _twice], ids=["a chosen card in", "a card twice"])
def test_a_shuffle_proven_honestly_over_a_doctored_deck_is_named(after_first: SimulatedTable, doctor: Doctor) -> None:
    """Seat 1 stacks its input (the deck seat 0 shuffled) and proves an honest shuffle of that: the proof
    hashes the input deck, and every peer hashes the deck it holds."""
    table, checker = after_first, after_first.peers[2]
    key = checker.table_key
    assert key is not None
    stacked = doctor(list(checker.deck), key, card_points(table.params)[0])
    deck, proof = shuffle(domain(table.params, "shuffle", 1), stacked, key, random.Random(1).randbytes)
    with pytest.raises(CheatingError) as error:
        checker.receive(1, Shuffle(deck, proof))
    assert error.value.peer == 1 and "shuffle proof fails" in error.value.reason


def test_a_shuffle_under_its_own_key_share_is_named(after_first: SimulatedTable) -> None:
    """Seat 1 re-encrypts under its key share alone (it could strip its own layer later) and proves it so."""
    own = _key(after_first, 1).public
    deck, proof = shuffle(domain(after_first.params, "shuffle", 1), after_first.peers[2].deck, own,
                          random.Random(2).randbytes)  # fmt: skip
    with pytest.raises(CheatingError) as error:
        after_first.peers[2].receive(1, Shuffle(deck, proof))
    assert error.value.peer == 1


def test_a_shuffle_committed_with_generators_of_known_logs_is_named(
    after_first: SimulatedTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 1 commits to its permutation with generators whose logs it knows (the Swiss Post trapdoor):
    every peer checks against the generators hashed to the curve, whatever the prover used."""
    key, before = after_first.peers[2].table_key, after_first.peers[2].deck
    assert key is not None
    n = len(before)
    rigged = (mul_base(1000), tuple(mul_base(1001 + i) for i in range(n)))
    with monkeypatch.context() as m:
        m.setattr(shuffle_module, "generators", lambda size: rigged)
        deck, proof = shuffle(domain(after_first.params, "shuffle", 1), before, key, random.Random(3).randbytes)
    with pytest.raises(CheatingError) as error:
        after_first.peers[2].receive(1, Shuffle(deck, proof))
    assert error.value.peer == 1


def test_the_generators_are_hashed_to_the_curve_in_the_open() -> None:
    """H, H_1..H_n are RFC 9496's one-way map of SHA-512 over public labels: nothing up a sleeve, nobody
    knows a log between them; libsodium's map gives the ristretto255 draft's hash-to-group vectors."""
    vectors = {  # SHA-512 of each line -> the point (draft-irtf-cfrg-ristretto255-decaf448, hash-to-group)
        "Ristretto is traditionally a short shot of espresso coffee":
            "3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46",
        "made with the normal amount of ground coffee but extracted with":
            "f26e5b6f7d362d2d2a94c5d0e7602cb4773c95a2e5c31a64f133189fa76ed61b",
    }  # fmt: skip
    for line, point in vectors.items():
        assert rbcl.crypto_core_ristretto255_from_hash(hashlib.sha512(line.encode()).digest()).hex() == point
    h, hs = generators(108)
    labels = [hash_parts(b"ristretto255", LABEL, b"generator", i.to_bytes(2, "big")) for i in range(109)]
    expected = [rbcl.crypto_core_ristretto255_from_hash(label) for label in labels]
    assert [h, *hs] == expected
    cards = set(card_points(TableParams(b"t", 11, 108)))
    assert len({h, *hs, GENERATOR, *cards}) == 109 + 1 + 108


@pytest.mark.parametrize("cards", [2, 54, 104, 108])
def test_edge_deck_sizes_shuffle_and_a_reordered_output_is_named(cards: int) -> None:
    table = SimulatedTable(b"edge", 2, cards, seed=cards)
    table.exchange_keys()
    table.broadcast("shuffle 0", {0: table.peers[0].shuffle_message})
    honest = table.peers[1].shuffle_message()
    swapped = Shuffle((honest.deck[1], honest.deck[0], *honest.deck[2:]), honest.proof)
    with pytest.raises(CheatingError) as error:
        table.peers[0].receive(1, swapped)
    assert error.value.peer == 1
    table.peers[0].receive(1, honest)  # positive control: the honest one is taken
    assert table.peers[0].deck == honest.deck


def _statement(deck: Any, seat: int, slot: int) -> dict[str, Any]:
    """What seat `seat`'s share of `slot` at `deck` claims: its domain, bases (G, c1), images (Y, share)."""
    return {"prefix": deck._share_domain(seat, slot), "bases": [GENERATOR, deck.deck[slot].c1],
            "images": [deck._public_keys[seat], deck._shares[slot][seat]]}  # fmt: skip


@pytest.fixture(scope="module")
def other_table() -> SimulatedTable:
    """The same seats and seeds as `dealt`, at another table id."""
    table = SimulatedTable(b"other-table", 3, 52, seed=7)
    table.setup(DEAL)
    return table


@pytest.mark.parametrize("what", ["another table", "another seat", "another card", "another step", "another key"])
def test_a_decryption_share_proof_holds_only_for_its_whole_statement(
    dealt: SimulatedTable, other_table: SimulatedTable, what: str
) -> None:
    """Weak Fiat-Shamir (Bernhard, Pereira, Warinschi 2012): a challenge that leaves out part of the
    statement lets a proof pass for another. Seat 1's proof of its share of a face-up card is checked
    against its statement changed in one part: it holds for none."""
    deck, slot, other = dealt.peers[0], DEAL.public[0], DEAL.public[1]
    (wire,) = [w for sender, w in dealt.transcript if sender == 1 and w["kind"] == "reveal"]  # type: ignore[index]
    (proof,) = [s.proof for s in Reveal.from_wire(1, wire).shares if s.slot == slot]
    statement = _statement(deck, 1, slot)
    assert verify_same_log(**statement, proof=proof)  # positive control
    changed = copy.deepcopy(statement)
    if what == "another table":
        changed["prefix"] = other_table.peers[0]._share_domain(1, slot)
    elif what == "another seat":
        changed["prefix"] = deck._share_domain(2, slot)
    elif what == "another card":
        changed["prefix"], changed["bases"][1] = deck._share_domain(1, other), deck.deck[other].c1
    elif what == "another step":
        changed["prefix"] = domain(dealt.params, "draw", 1)
    else:
        changed["images"][0] = deck._public_keys[2]
    assert not verify_same_log(**changed, proof=proof)


def test_a_draw_share_for_another_tables_point_is_named(fresh_dealt: SimulatedTable) -> None:
    """The right key times another table's draw point, proven: it would let the last seat choose between
    coins; the proof binds D, so every peer names it."""
    key, deck = _key(fresh_dealt, 1), fresh_dealt.peers[0]
    other = draw_point(TableParams(b"another", 3, 52))
    share = mul(key._secret, other)
    proof = prove_same_log(domain(fresh_dealt.params, "draw", 1), [GENERATOR, other], [key.public, share],
                           key._secret, random.Random(4).randbytes)  # fmt: skip
    honest = fresh_dealt.peers[1].reveal_message([40])  # a stock card, not shared yet
    with pytest.raises(CheatingError) as error:
        deck.receive(1, Reveal(honest.shares, DrawShare(share, proof)))
    assert error.value.peer == 1 and "draw share" in error.value.reason


def _wire(payload: object) -> Any:
    return msgpack.unpackb(msgpack.packb(payload, use_bin_type=True), raw=False)


def _reveals(payload: dict[str, Any]) -> list[dict[str, Any]]:
    if payload.get("t") == "deck":
        return [payload["m"]] if "shares" in payload["m"] else []
    return [payload[k] for k in ("r", "f") if payload.get(k)]


def _next(table: MemoryTable) -> tuple[int, dict[str, object] | None]:
    """The next payload as `MemoryTable.step` picks it: the lowest acting seat that has one."""
    for seat in sorted(table.observer.who_may_act()):
        payload = next_payload(table.peers[seat], table.players[seat], table.rngs[seat])
        if payload is not None:
            return seat, payload
    return -1, None


def test_a_whole_game_refuses_every_replayed_and_spliced_deck_payload() -> None:
    """A French game with the exchange; before each payload its author instead sends (a) earlier deck,
    give and leave payloads of any seat, and (b) its own payload with one share, or its draw share, taken
    from another seat's payload for the same slot. Each is refused by the observer naming the author
    (a shuffle at its proof's check, the last shuffle), and the game then ends as played untouched."""
    table = MemoryTable(preset("french"), [GreedyBot()] * 3, seed=5, previous=(1, 0, 2))
    rng, refused = random.Random(0), 0
    history: list[tuple[int, dict[str, Any]]] = []
    seen: dict[int, list[Any]] = {}  # slot -> the shares of it sent so far
    for _ in range(3000):
        observer = table.observer
        seat, payload = _next(table)
        if payload is None:
            break
        sent = _wire(payload)
        attacks = [old for _, old in history if old.get("t") in ("deck", "give", "leave") and old != sent]
        attacks = rng.sample(attacks, min(3, len(attacks)))
        for i, reveal in enumerate(_reveals(sent)):
            for j, item in enumerate(reveal["shares"]):
                for other in seen.get(item[0], [])[:1]:
                    spliced = copy.deepcopy(sent)
                    _reveals(spliced)[i]["shares"][j] = other
                    attacks.append(spliced)
        for attack in attacks:
            party = copy.deepcopy(observer) if observer.stage.value == "shuffle" else observer
            try:
                party.apply(seat, _wire(attack))
                party.verify_shuffles()  # a shuffle taken unchecked: its fault comes at the proof's check
                fault = party._shuffle_fault
            except Fault as caught:
                fault = caught
            assert fault is not None and fault.seat == seat, (attack, fault)
            refused += 1
        for reveal in _reveals(sent):
            for item in reveal["shares"]:
                seen.setdefault(item[0], []).append(item)
        history.append((seat, sent))
        table.broadcast(seat, sent)
    assert refused > 500
    untouched = MemoryTable(preset("french"), [GreedyBot()] * 3, seed=5, previous=(1, 0, 2))
    assert table.observer.finish_order() == untouched.run() is not None
