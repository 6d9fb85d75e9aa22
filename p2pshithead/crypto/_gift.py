# A card given from one hand to another (the French exchange) stays hidden from everyone but giver and
# receiver. A hand card of seat g lacks exactly g's decryption share (every other seat gave its share to
# open the card to g), so handing g's share of it, with its Chaum-Pedersen proof, to the receiver r alone
# opens it to r: g seals the share under a key only g and r hold, the Diffie-Hellman point x_g*Y_r =
# x_r*Y_g of their key shares, hashed with the table, both seats and the slot (one key per gift, so a
# fixed nonce is safe). Invariants: a sealed share opens only to the receiver's key; what opens is checked
# against the giver's public key share exactly as a public share is (`TableDeck` share domain); the
# receiver can later publish the share it holds (`forward`: the share is the giver's, bound to giver and
# slot, so anyone checks it), which is how the card is opened when the receiver plays it.
"""`seal_share`, `open_share` and `card_with`: a decryption share handed privately to one seat."""

from __future__ import annotations

from nacl.exceptions import CryptoError
from nacl.secret import SecretBox

from p2pshithead.crypto._cards import card_index
from p2pshithead.crypto._elgamal import remove_shares
from p2pshithead.crypto._fiat_shamir import domain
from p2pshithead.crypto._group import GENERATOR, ORDER, hash_parts, is_point, mul, scalar_bytes
from p2pshithead.crypto._messages import DecryptionShare
from p2pshithead.crypto._sigma import SigmaProof, prove_same_log, verify_same_log
from p2pshithead.crypto._table_deck import DeckKey, TableDeck

__all__ = ["SEALED_BYTES", "card_with", "open_share", "seal_share"]

_NONCE = bytes(SecretBox.NONCE_SIZE)
SEALED_BYTES = 96 + SecretBox.MACBYTES
"""The size of a sealed share: the share point and its proof's two scalars, with the box's tag."""


def _box(key: DeckKey, deck: TableDeck, giver: int, receiver: int, slot: int) -> SecretBox:
    other = receiver if key.seat == giver else giver
    shared = mul(key._secret, deck._public_keys[other])
    step = domain(key.params, "gift", giver) + receiver.to_bytes(2, "big") + slot.to_bytes(2, "big")
    return SecretBox(hash_parts(step, shared)[:SecretBox.KEY_SIZE])


def seal_share(key: DeckKey, deck: TableDeck, slot: int, receiver: int) -> bytes:
    """`key`'s decryption share of `slot`, with its proof, sealed so that only seat `receiver` opens it.

    Raises:
        LocalDeckError: the deck is not final, or the slot is not in it.
    """
    (slot,) = deck._check_slots([slot])
    c1 = deck.deck[slot].c1
    share = mul(key._secret, c1)
    own = deck._public_keys[key.seat]
    proof = prove_same_log(deck._share_domain(key.seat, slot), [GENERATOR, c1], [own, share], key._secret, key._rand)
    plain = share + scalar_bytes(proof.challenge) + scalar_bytes(proof.response)
    return bytes(_box(key, deck, key.seat, receiver, slot).encrypt(plain, _NONCE).ciphertext)


def open_share(key: DeckKey, deck: TableDeck, sealed: bytes, giver: int, slot: int) -> DecryptionShare | None:
    """The share of `slot` that seat `giver` sealed for this key's seat, once its proof holds; None when it
    does not open or does not hold (a giver that cheats; the card then stays hidden from this seat)."""
    try:
        plain = _box(key, deck, giver, key.seat, slot).decrypt(sealed, _NONCE)
    except (CryptoError, ValueError):
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
    another share is still missing)."""
    shares = dict(deck._shares.get(slot, {}))
    shares.setdefault(giver, share.share)
    secrets = {**deck._released, key.seat: key._secret}
    if any(p not in shares and p not in secrets for p in range(key.params.n_peers)):
        return None
    ciphertext = deck.deck[slot]
    points = [shares[p] if p in shares else mul(secrets[p], ciphertext.c1) for p in range(key.params.n_peers)]
    return card_index(key.params)[remove_shares(ciphertext, points)]
