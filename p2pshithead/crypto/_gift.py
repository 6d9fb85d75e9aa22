# A card given from one hand to another (the French exchange) stays hidden from everyone but giver and
# receiver. A hand card of seat g lacks exactly g's decryption share (every other seat gave its share to
# open the card to g), so handing g's share of it, with its Chaum-Pedersen proof, to the receiver r alone
# opens it to r: g seals the share under a key only g and r hold, the Diffie-Hellman point x_g*Y_r =
# x_r*Y_g of their key shares, hashed with the table, both seats and the slot (ChaCha20-Poly1305; one
# key per gift and one plaintext per key: a gift sealed again is the same box, so a fixed nonce is safe).
# Invariants: a sealed share opens only to the receiver's key; what opens is checked against the giver's
# public key share exactly as a public share is (`TableDeck` share domain); the receiver can later publish
# the share it holds (forwarded: the share is the giver's, bound to giver and slot, so anyone checks it),
# which is how the card opens when the receiver plays it. A sealed share that does not open (or does not
# hold) is disputed: the receiver publishes the Diffie-Hellman point with a proof that it is its key times
# the giver's public share (`dispute_key`), and anyone then opens the sealed share (`judge_dispute`) and
# sees whose fault it is. That point is the two seats' one key material both ways: it opens every share
# either sealed for the other in this game (the game ends with the verdict).
"""`seal_share`, `open_share`, `card_with`, `dispute_key`, `judge_dispute`: a decryption share handed
privately to one seat, and the dispute when it does not open."""

from __future__ import annotations

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from p2pshithead.crypto._cards import card_index
from p2pshithead.crypto._elgamal import remove_shares
from p2pshithead.crypto._errors import WrongKeyError
from p2pshithead.crypto._fiat_shamir import domain
from p2pshithead.crypto._group import GENERATOR, ORDER, hash_parts, is_point, mul, scalar_bytes
from p2pshithead.crypto._messages import DecryptionShare
from p2pshithead.crypto._sigma import SigmaProof, prove_same_log, verify_same_log
from p2pshithead.crypto._table_deck import DeckKey, TableDeck

__all__ = ["SEALED_BYTES", "card_with", "dispute_key", "judge_dispute", "open_share", "seal_share"]

_NONCE = bytes(12)
SEALED_BYTES = 96 + 16
"""The size of a sealed share: the share point and its proof's two scalars, with the box's tag."""


def _box(key: DeckKey, deck: TableDeck, giver: int, receiver: int, slot: int) -> ChaCha20Poly1305:
    other = receiver if key.seat == giver else giver
    return _box_of(deck, mul(key._secret, deck._public_keys[other]), giver, receiver, slot)


def _box_of(deck: TableDeck, shared: bytes, giver: int, receiver: int, slot: int) -> ChaCha20Poly1305:
    step = domain(deck.params, "gift", giver) + receiver.to_bytes(2, "big") + slot.to_bytes(2, "big")
    return ChaCha20Poly1305(hash_parts(step, shared)[:32])


def _dispute_domain(deck: TableDeck, giver: int, receiver: int) -> bytes:
    return domain(deck.params, "dispute", receiver) + giver.to_bytes(2, "big")


def seal_share(key: DeckKey, deck: TableDeck, slot: int, receiver: int) -> bytes:
    """`key`'s decryption share of `slot`, with its proof, sealed so that only seat `receiver` opens it.

    Raises:
        LocalDeckError: the deck is not final, or the slot is not in it.
    """
    (slot,) = deck._check_slots([slot])
    if (slot, receiver) not in key._sealed:  # one plaintext per key and fixed nonce: sealed again, the same box
        c1 = deck.deck[slot].c1
        share = mul(key._secret, c1)
        own = deck._public_keys[key.seat]
        proof = prove_same_log(deck._share_domain(key.seat, slot), [GENERATOR, c1], [own, share], key._secret,
                               key._rand)  # fmt: skip
        plain = share + scalar_bytes(proof.challenge) + scalar_bytes(proof.response)
        key._sealed[slot, receiver] = _box(key, deck, key.seat, receiver, slot).encrypt(_NONCE, plain, None)
    return key._sealed[slot, receiver]


def open_share(key: DeckKey, deck: TableDeck, sealed: bytes, giver: int, slot: int) -> DecryptionShare | None:
    """The share of `slot` that seat `giver` sealed for this key's seat, once its proof holds; None when it
    does not open or does not hold (a giver that cheats; the card then stays hidden from this seat)."""
    return _opened(deck, _box(key, deck, giver, key.seat, slot), sealed, giver, slot)


def _opened(deck: TableDeck, box: ChaCha20Poly1305, sealed: bytes, giver: int, slot: int) -> DecryptionShare | None:
    try:
        plain = box.decrypt(_NONCE, sealed, None)
    except (InvalidTag, ValueError):
        return None
    share, e, s = plain[:32], int.from_bytes(plain[32:64], "little"), int.from_bytes(plain[64:96], "little")
    if len(plain) != 96 or not is_point(share) or e >= ORDER or s >= ORDER:
        return None
    c1 = deck.deck[slot].c1
    proof = SigmaProof(e, s)
    if not verify_same_log(deck._share_domain(giver, slot), [GENERATOR, c1], [deck._public_keys[giver], share], proof):
        return None
    return DecryptionShare(slot, share, proof)


def card_with(key: DeckKey, deck: TableDeck, slot: int, giver: int, share: DecryptionShare) -> int | None:
    """The card at `slot` as this key's seat knows it with `giver`'s privately handed `share` (None while
    another share is still missing).

    Raises:
        WrongKeyError: the shares open no card: the share is proven, so this key is not the one its seat
            committed to (a wrong local secret).
    """
    shares = dict(deck._shares.get(slot, {}))
    shares.setdefault(giver, share.share)
    secrets = {**deck._released, key.seat: key._secret}
    if any(p not in shares and p not in secrets for p in range(key.params.n_peers)):
        return None
    ciphertext = deck.deck[slot]
    points = [shares[p] if p in shares else mul(secrets[p], ciphertext.c1) for p in range(key.params.n_peers)]
    card = card_index(key.params).get(remove_shares(ciphertext, points))
    if card is None:
        raise WrongKeyError(f"slot {slot} opens to no card of this table: the key share this process holds for "
                             f"seat {key.seat} is not the one that seat committed to (a wrong local secret)")
    return card


def dispute_key(key: DeckKey, deck: TableDeck, giver: int) -> tuple[bytes, SigmaProof]:
    """This seat's Diffie-Hellman point with `giver` (the key of every share `giver` sealed for it), with a
    proof that it is this seat's key times the giver's public share: published to dispute a sealed share
    that does not open (it opens every share the giver sealed for this seat in this game)."""
    point = mul(key._secret, deck._public_keys[giver])
    bases, images = [GENERATOR, deck._public_keys[giver]], [deck._public_keys[key.seat], point]
    return point, prove_same_log(_dispute_domain(deck, giver, key.seat), bases, images, key._secret, key._rand)


def judge_dispute(deck: TableDeck, giver: int, receiver: int, slot: int, sealed: bytes, point: bytes,
                  proof: SigmaProof) -> int:  # fmt: skip
    """The seat at fault in `receiver`'s dispute of the share of `slot` that `giver` sealed: the receiver
    when its point's proof fails or the sealed share opens and holds after all, else the giver."""
    bases, images = [GENERATOR, deck._public_keys[giver]], [deck._public_keys[receiver], point]
    if not verify_same_log(_dispute_domain(deck, giver, receiver), bases, images, proof):
        return receiver
    opened = _opened(deck, _box_of(deck, point, giver, receiver, slot), sealed, giver, slot)
    return receiver if opened is not None else giver
