# Invariants: every deck message is a frozen value whose `to_wire()` is a plain dict of str, int, bytes and
# lists (msgpack-able) with a "kind" field, and whose wire shape is declared once below (`MESSAGE_SCHEMA`,
# `REVEAL_SCHEMA`: `p2pshithead.wire` field types with the curve's `Point` and `Scalar`); `from_wire(peer, obj)`
# reads exactly that shape back, every size, count and point checked, or raises `MalformedMessageError`
# naming `peer`. Whether a message fits the table (deck size, turn, proofs) is `TableDeck.receive`'s
# business, not this module's.
"""The messages of the deck protocol and their wire form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from p2pshithead.crypto._elgamal import Ciphertext
from p2pshithead.crypto._errors import LocalDeckError
from p2pshithead.crypto._group import scalar_bytes
from p2pshithead.crypto._params import MAX_CARDS
from p2pshithead.crypto._shuffle import ShuffleProof
from p2pshithead.crypto._sigma import SigmaProof
from p2pshithead.crypto._wire import Point, Scalar, read
from p2pshithead.wire import Field, Int, Into, List, Tagged, Tuple, fields

__all__ = [
    "DECK_PAYLOAD_SCHEMA",
    "MESSAGE_SCHEMA",
    "REVEAL_SCHEMA",
    "DecryptionShare",
    "DeckPayload",
    "DrawShare",
    "KeyRelease",
    "KeyShare",
    "Message",
    "Reveal",
    "Shuffle",
    "message_from_wire",
]

DEAL_REVEAL = "deal_reveal"
"""The wire kind of a `Reveal` that carries a draw share (the deal's)."""
_WireObject = dict[str, object]


def _proof_to_wire(proof: SigmaProof) -> list[bytes]:
    return [scalar_bytes(proof.challenge), scalar_bytes(proof.response)]


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
        result: KeyShare = read(peer, _ONE_KIND[cls.kind], obj)
        return result


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
        result: Shuffle = read(peer, _ONE_KIND[cls.kind], obj)
        return result


@dataclass(frozen=True, slots=True)
class DecryptionShare:
    """A peer's share x_i*c1 of the card at deal position `slot`, with a Chaum-Pedersen proof."""

    slot: int
    share: bytes
    proof: SigmaProof

    def __post_init__(self) -> None:
        if type(self.slot) is not int or not 0 <= self.slot < MAX_CARDS:
            raise LocalDeckError(f"a slot is a deal position from 0 to {MAX_CARDS - 1}")
        if not isinstance(self.share, bytes) or len(self.share) != 32:
            raise LocalDeckError("a decryption share is a 32-byte point")


@dataclass(frozen=True, slots=True)
class DrawShare:
    """A peer's share x_i*D of the table's draw point D, with a Chaum-Pedersen proof that it uses the key
    x_i of its public key share: fixed by that key, unknown to the others until sent."""

    share: bytes
    proof: SigmaProof

    def __post_init__(self) -> None:
        if not isinstance(self.share, bytes) or len(self.share) != 32:
            raise LocalDeckError("a draw share is a 32-byte point")


@dataclass(frozen=True, slots=True)
class Reveal:
    """A peer's decryption shares for one or more slots, each with its proof; the deal's reveal also
    carries the peer's `draw` share (wire kind "deal_reveal")."""

    kind: ClassVar[str] = "reveal"
    shares: tuple[DecryptionShare, ...]
    draw: DrawShare | None = None

    def __post_init__(self) -> None:
        slots = [share.slot for share in self.shares]
        if not slots or len(set(slots)) != len(slots):
            raise LocalDeckError("a reveal carries shares for one or more distinct slots")

    def to_wire(self) -> _WireObject:
        """This message as plain values."""
        shares = [[s.slot, s.share, *_proof_to_wire(s.proof)] for s in self.shares]
        if self.draw is None:
            return {"kind": self.kind, "shares": shares}
        return {"kind": DEAL_REVEAL, "shares": shares, "draw": [self.draw.share, *_proof_to_wire(self.draw.proof)]}

    @classmethod
    def from_wire(cls, peer: int, obj: object) -> Reveal:
        """Read the reveal `peer` sent; raises `MalformedMessageError` naming `peer` on a bad shape."""
        result: Reveal = read(peer, _ONE_KIND[cls.kind], obj)
        return result


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
        result: KeyRelease = read(peer, _ONE_KIND[cls.kind], obj)
        return result


Message = KeyShare | Shuffle | Reveal | KeyRelease
"""Any message of the deck protocol."""

# -- wire shapes -----------------------------------------------------------------------------------------

_POINT, _SCALAR = Point(), Scalar()
_PROOF = Into(Tuple(_SCALAR, _SCALAR), lambda pair: SigmaProof(*pair))
_SHARE = Into(
    Tuple(Int(0, MAX_CARDS - 1), _POINT, _SCALAR, _SCALAR),
    lambda s: DecryptionShare(s[0], s[1], SigmaProof(s[2], s[3])),
)
_SHARES = List(_SHARE, 1, MAX_CARDS)
_DRAW = Into(Tuple(_POINT, _SCALAR, _SCALAR), lambda d: DrawShare(d[0], SigmaProof(d[1], d[2])))
_POINTS = List(_POINT, 1, MAX_CARDS)
_SCALARS = List(_SCALAR, 1, MAX_CARDS)


def _shuffle(d: dict[str, Any]) -> Shuffle:
    proof = ShuffleProof(
        tuple(d["commitments"]), tuple(d["chain"]), d["challenge"], tuple(d["responses"]),
        tuple(d["chain_responses"]), tuple(d["permutation_responses"]),
    )  # fmt: skip
    return Shuffle(tuple(d["deck"]), proof)


_KINDS: dict[str, Field] = {
    KeyShare.kind: Into(fields(public=_POINT, proof=_PROOF), lambda d: KeyShare(d["public"], d["proof"])),
    Shuffle.kind: Into(
        fields(
            deck=List(Into(Tuple(_POINT, _POINT), lambda pair: Ciphertext(*pair)), 1, MAX_CARDS),
            commitments=_POINTS, chain=_POINTS, challenge=_SCALAR, responses=List(_SCALAR, 4, 4),
            chain_responses=_SCALARS, permutation_responses=_SCALARS,
        ),  # fmt: skip
        _shuffle,
    ),
    Reveal.kind: Into(fields(shares=_SHARES), lambda d: Reveal(tuple(d["shares"]))),
    DEAL_REVEAL: Into(fields(shares=_SHARES, draw=_DRAW), lambda d: Reveal(tuple(d["shares"]), d["draw"])),
    KeyRelease.kind: Into(fields(secret=_SCALAR), lambda d: KeyRelease(d["secret"])),
}
_ONE_KIND = {kind: Tagged("kind", {kind: schema}) for kind, schema in _KINDS.items()}

MESSAGE_SCHEMA = Tagged("kind", _KINDS)
"""The wire shape of any deck message (a map tagged by "kind"); checking it builds the `Message`."""

REVEAL_SCHEMA = _ONE_KIND[Reveal.kind]
"""The wire shape of a `Reveal` without a draw share; checking it builds the `Reveal`."""


@dataclass(frozen=True, slots=True)
class DeckPayload:
    """A deck message as a card game's payload, `{"t": "deck", "m": <message>}`: one envelope for every
    game played on this deck (each game's payload schema tags it "deck")."""

    message: Message

    def to_wire(self) -> dict[str, object]:
        return {"t": "deck", "m": self.message.to_wire()}


DECK_PAYLOAD_SCHEMA = Into(fields(m=MESSAGE_SCHEMA), lambda d: DeckPayload(d["m"]))
"""The wire shape of a `DeckPayload` under its "t" tag; checking it builds the payload."""


def message_from_wire(peer: int, obj: object) -> Message:
    """Read any deck message `peer` sent, by its "kind".

    Raises:
        MalformedMessageError: naming `peer`, for an unknown kind or any bad field.
    """
    result: Message = read(peer, MESSAGE_SCHEMA, obj)
    return result
