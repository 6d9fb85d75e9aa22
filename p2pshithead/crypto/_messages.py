# Invariants: every deck message is a frozen value whose `to_wire()` is a plain dict of str, int, bytes and
# lists (msgpack-able) with a "kind" field, and `from_wire(peer, obj)` reads exactly that shape back,
# checking every size, count and point, or raises `MalformedMessageError` naming `peer`. Whether a message
# fits the table (deck size, turn, proofs) is `TableDeck.receive`'s business, not this module's.
"""The messages of the deck protocol and their wire form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from p2pshithead.crypto._elgamal import Ciphertext
from p2pshithead.crypto._errors import LocalDeckError
from p2pshithead.crypto._group import scalar_bytes
from p2pshithead.crypto._params import DECK_SIZES
from p2pshithead.crypto._shuffle import ShuffleProof
from p2pshithead.crypto._sigma import SigmaProof
from p2pshithead.crypto._wire import WireReader

__all__ = [
    "DecryptionShare",
    "KeyRelease",
    "KeyShare",
    "Message",
    "Reveal",
    "Shuffle",
    "message_from_wire",
]

_MAX_CARDS = max(DECK_SIZES)
_WireObject = dict[str, object]


def _proof_to_wire(proof: SigmaProof) -> list[bytes]:
    return [scalar_bytes(proof.challenge), scalar_bytes(proof.response)]


def _proof_from_wire(reader: WireReader, value: object, what: str) -> SigmaProof:
    pair = reader.items(value, what, 2, 2)
    return SigmaProof(reader.scalar(pair[0], f"{what} challenge"), reader.scalar(pair[1], f"{what} response"))


@dataclass(frozen=True, slots=True)
class KeyShare:
    """A peer's public key share x_i*G with a Schnorr proof that it knows x_i (no rogue keys)."""

    kind: ClassVar[str] = "key_share"
    public: bytes
    proof: SigmaProof

    def __post_init__(self) -> None:
        if not isinstance(self.public, bytes) or len(self.public) != 32:
            raise LocalDeckError("a public key share is a 32-byte point")

    def to_wire(self) -> _WireObject:
        """This message as plain values."""
        return {"kind": self.kind, "public": self.public, "proof": _proof_to_wire(self.proof)}

    @classmethod
    def from_wire(cls, peer: int, obj: object) -> KeyShare:
        """Read the key share `peer` sent; raises `MalformedMessageError` naming `peer` on a bad shape."""
        reader = WireReader(peer)
        fields = reader.fields(obj, cls.kind, ("public", "proof"))
        public = reader.point(fields["public"], "public key share")
        return cls(public, _proof_from_wire(reader, fields["proof"], "key proof"))


@dataclass(frozen=True, slots=True)
class Shuffle:
    """A peer's re-encrypted, permuted deck with the proof that it is one (Terelius-Wikstrom)."""

    kind: ClassVar[str] = "shuffle"
    deck: tuple[Ciphertext, ...]
    proof: ShuffleProof

    def __post_init__(self) -> None:
        if len(self.deck) != len(self.proof.commitments):
            raise LocalDeckError("a shuffle's proof covers exactly its deck")

    def to_wire(self) -> _WireObject:
        """This message as plain values."""
        proof = self.proof
        return {
            "kind": self.kind,
            "deck": [[ct.c1, ct.c2] for ct in self.deck],
            "commitments": list(proof.commitments),
            "chain": list(proof.chain),
            "challenge": scalar_bytes(proof.challenge),
            "responses": [scalar_bytes(k) for k in proof.responses],
            "chain_responses": [scalar_bytes(k) for k in proof.chain_responses],
            "permutation_responses": [scalar_bytes(k) for k in proof.permutation_responses],
        }

    @classmethod
    def from_wire(cls, peer: int, obj: object) -> Shuffle:
        """Read the shuffle `peer` sent; raises `MalformedMessageError` naming `peer` on a bad shape."""
        reader = WireReader(peer)
        keys = ("deck", "commitments", "chain", "challenge", "responses", "chain_responses", "permutation_responses")
        fields = reader.fields(obj, cls.kind, keys)
        entries = reader.items(fields["deck"], "deck", 1, _MAX_CARDS)
        pairs = [reader.items(pair, "a ciphertext", 2, 2) for pair in entries]
        n = len(pairs)

        def points(key: str) -> tuple[bytes, ...]:
            return tuple(reader.point(p, key) for p in reader.items(fields[key], key, n, n))

        def scalars(key: str, count: int) -> tuple[int, ...]:
            return tuple(reader.scalar(k, key) for k in reader.items(fields[key], key, count, count))

        deck = tuple(
            Ciphertext(reader.point(c1, "ciphertext c1"), reader.point(c2, "ciphertext c2"))
            for c1, c2 in pairs
        )
        with reader.building():
            proof = ShuffleProof(
                commitments=points("commitments"),
                chain=points("chain"),
                challenge=reader.scalar(fields["challenge"], "challenge"),
                responses=scalars("responses", 4),
                chain_responses=scalars("chain_responses", n),
                permutation_responses=scalars("permutation_responses", n),
            )
            return cls(deck, proof)


@dataclass(frozen=True, slots=True)
class DecryptionShare:
    """A peer's share x_i*c1 of the card at deal position `slot`, with a Chaum-Pedersen proof."""

    slot: int
    share: bytes
    proof: SigmaProof

    def __post_init__(self) -> None:
        if type(self.slot) is not int or not 0 <= self.slot < _MAX_CARDS:
            raise LocalDeckError(f"a slot is a deal position from 0 to {_MAX_CARDS - 1}")
        if not isinstance(self.share, bytes) or len(self.share) != 32:
            raise LocalDeckError("a decryption share is a 32-byte point")


@dataclass(frozen=True, slots=True)
class Reveal:
    """A peer's decryption shares for one or more slots, each with its proof."""

    kind: ClassVar[str] = "reveal"
    shares: tuple[DecryptionShare, ...]

    def __post_init__(self) -> None:
        slots = [share.slot for share in self.shares]
        if not slots or len(set(slots)) != len(slots):
            raise LocalDeckError("a reveal carries shares for one or more distinct slots")

    def to_wire(self) -> _WireObject:
        """This message as plain values."""
        shares = [[s.slot, s.share, *_proof_to_wire(s.proof)] for s in self.shares]
        return {"kind": self.kind, "shares": shares}

    @classmethod
    def from_wire(cls, peer: int, obj: object) -> Reveal:
        """Read the reveal `peer` sent; raises `MalformedMessageError` naming `peer` on a bad shape."""
        reader = WireReader(peer)
        fields = reader.fields(obj, cls.kind, ("shares",))
        shares = []
        for item in reader.items(fields["shares"], "shares", 1, _MAX_CARDS):
            slot, share, challenge, response = reader.items(item, "a decryption share", 4, 4)
            shares.append(
                DecryptionShare(
                    reader.integer(slot, "slot", 0, _MAX_CARDS - 1),
                    reader.point(share, "decryption share"),
                    _proof_from_wire(reader, [challenge, response], "share proof"),
                )
            )
        with reader.building():
            return cls(tuple(shares))


@dataclass(frozen=True, slots=True)
class KeyRelease:
    """A peer that is out of the game publishes its key share so the others can finish without it."""

    kind: ClassVar[str] = "key_release"
    secret: int

    def __post_init__(self) -> None:
        if type(self.secret) is not int or self.secret <= 0:
            raise LocalDeckError("a released key share is a non-zero scalar")

    def to_wire(self) -> _WireObject:
        """This message as plain values."""
        return {"kind": self.kind, "secret": scalar_bytes(self.secret)}

    @classmethod
    def from_wire(cls, peer: int, obj: object) -> KeyRelease:
        """Read the key release `peer` sent; raises `MalformedMessageError` naming `peer` on a bad shape."""
        reader = WireReader(peer)
        fields = reader.fields(obj, cls.kind, ("secret",))
        with reader.building():
            return cls(reader.scalar(fields["secret"], "released key share"))


Message = KeyShare | Shuffle | Reveal | KeyRelease
"""Any message of the deck protocol."""

_KINDS: dict[str, type[KeyShare] | type[Shuffle] | type[Reveal] | type[KeyRelease]] = {
    cls.kind: cls for cls in (KeyShare, Shuffle, Reveal, KeyRelease)
}


def message_from_wire(peer: int, obj: object) -> Message:
    """Read any deck message `peer` sent, by its "kind".

    Raises:
        MalformedMessageError: naming `peer`, for an unknown kind or any bad field.
    """
    kind = obj.get("kind") if isinstance(obj, dict) else None
    if not isinstance(kind, str) or kind not in _KINDS:
        raise WireReader(peer).fail("not a deck message (unknown kind)")
    return _KINDS[kind].from_wire(peer, obj)
