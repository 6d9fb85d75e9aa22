"""The payloads of the networked game, as plain msgpack values, with their one declared wire shape.

Invariants: every payload is a dict with a "t" field naming its kind, checked against `PAYLOAD_SCHEMA`
(`p2pshithead.wire`, with the deck's own message shapes), a move only in its one notation (`Move.text()`);
`parse_payload(seat, obj)` returns a frozen value or raises `Fault` naming `seat`; nothing unchecked reaches
the engine or the deck. Kinds:
    {"t": "deck", "m": <deck message wire form>}            key share, shuffle, deal reveal, reveal, key release
    {"t": "move", "m": "<move notation>", "r": <reveal|None>, "f": <reveal|None>}
                                                            a move, with the mover's own shares, and the
                                                            shares it was handed privately with cards given
                                                            to it (the giver's, forwarded: "Exchange")
    {"t": "give", "m": "<give notation>", "s": <sealed share>} a card given in the French exchange, with the
                                                            giver's share of it sealed for the receiver
    {"t": "dispute", "slot": int, "k": <point>, "c", "s": <scalars>}
                                                            the receiver of a sealed share that does not open:
                                                            its Diffie-Hellman point with the giver, proven
    {"t": "oot", "claim": bool}                             answer to an out-of-turn window
    {"t": "leave", "r": <reveal|None>}                       leaving, with the leaver's shares of the hidden
                                                            cards not its own (docs/protocol.md, "Leaving")
"""

from __future__ import annotations

from dataclasses import dataclass

from p2pshithead.crypto import (
    DECK_PAYLOAD_SCHEMA,
    REVEAL_SCHEMA,
    SEALED_BYTES,
    DeckPayload,
    Point,
    Reveal,
    Scalar,
    SigmaProof,
)
from p2pshithead.engine import Give, Move, move_from_text
from p2pshithead.errors import Fault
from p2pshithead.wire import Bool, Bytes, Int, Into, Opt, Str, Tagged, WireError, fields

__all__ = [
    "PAYLOAD_SCHEMA", "DeckPayload", "DisputePayload", "GivePayload", "LeavePayload", "MovePayload", "Payload",
    "WindowPayload", "parse_payload",
]  # fmt: skip

MAX_MOVE_TEXT = 160


@dataclass(frozen=True, slots=True)
class MovePayload:
    """A move, with the mover's decryption shares for the cards it makes public, and (`forwarded`) the
    shares of those cards that the seat which gave them to the mover handed it privately."""

    move: Move
    reveal: Reveal | None
    forwarded: Reveal | None = None

    def to_wire(self) -> dict[str, object]:
        return {"t": "move", "m": self.move.text(), "r": None if self.reveal is None else self.reveal.to_wire(),
                "f": None if self.forwarded is None else self.forwarded.to_wire()}  # fmt: skip


@dataclass(frozen=True, slots=True)
class GivePayload:
    """A card given in the French exchange: the move, and the giver's decryption share of that card sealed
    for the receiver alone (`crypto.seal_share`), so only giver and receiver learn it."""

    move: Give
    sealed: bytes

    def to_wire(self) -> dict[str, object]:
        return {"t": "give", "m": self.move.text(), "s": self.sealed}


@dataclass(frozen=True, slots=True)
class DisputePayload:
    """The receiver of the card at `slot` could not open the share sealed with it: its Diffie-Hellman
    `point` with the giver and the `proof` that it is its key times the giver's public share."""

    slot: int
    point: bytes
    proof: SigmaProof

    def to_wire(self) -> dict[str, object]:
        return {"t": "dispute", "slot": self.slot, "k": self.point, "c": self.proof.challenge.to_bytes(32, "little"),
                "s": self.proof.response.to_bytes(32, "little")}  # fmt: skip


def _notation(text: str) -> Move:
    """The move `text` is, only when spelled in its one notation (`Move.text()`: `int` alone would read
    "+1", "01" or other scripts' digits, which another reader of the chain may not)."""
    move = move_from_text(text)
    if move.text() != text:
        raise ValueError(f"{text!r} is not in notation (it reads as {move.text()!r})")
    return move


def _give(move: Move) -> Give:
    if not isinstance(move, Give):
        raise ValueError(f"{move.text()!r} is not a card given in the exchange")
    return move


@dataclass(frozen=True, slots=True)
class WindowPayload:
    """An answer to an out-of-turn window: claim it (then play), or pass."""

    claim: bool

    def to_wire(self) -> dict[str, object]:
        return {"t": "oot", "claim": self.claim}


@dataclass(frozen=True, slots=True)
class LeavePayload:
    """Leaving the game, with the leaver's decryption shares of every hidden card that is not its own
    and that it has not shared yet (None when there is none), so that no later step waits on it."""

    reveal: Reveal | None

    def to_wire(self) -> dict[str, object]:
        return {"t": "leave", "r": None if self.reveal is None else self.reveal.to_wire()}


Payload = DeckPayload | MovePayload | GivePayload | DisputePayload | WindowPayload | LeavePayload

PAYLOAD_SCHEMA = Tagged(
    "t",
    {
        "deck": DECK_PAYLOAD_SCHEMA,
        "move": Into(
            fields(m=Into(Str(0, MAX_MOVE_TEXT), _notation), r=Opt(REVEAL_SCHEMA), f=Opt(REVEAL_SCHEMA)),
            lambda d: MovePayload(d["m"], d["r"], d["f"]),
        ),
        "give": Into(
            fields(m=Into(Str(0, MAX_MOVE_TEXT), lambda text: _give(_notation(text))),
                   s=Bytes(SEALED_BYTES, SEALED_BYTES)),
            lambda d: GivePayload(d["m"], d["s"]),
        ),
        "dispute": Into(
            fields(slot=Int(0, 2**16), k=Point(), c=Scalar(), s=Scalar()),
            lambda d: DisputePayload(d["slot"], d["k"], SigmaProof(d["c"], d["s"])),
        ),
        "oot": Into(fields(claim=Bool()), lambda d: WindowPayload(d["claim"])),
        "leave": Into(fields(r=Opt(REVEAL_SCHEMA)), lambda d: LeavePayload(d["r"])),
    },
)
"""The wire shape of any payload; checking it builds the `Payload` (the deck message or the move in it)."""


def parse_payload(seat: int, obj: object) -> Payload:
    """Check the shape of `seat`'s payload and read it.

    Raises:
        Fault: naming `seat`, for any field of the wrong type, size or form, or a move for another player.
    """
    try:
        payload: Payload = PAYLOAD_SCHEMA.check(obj)
    except WireError as exc:
        raise Fault(seat, f"malformed payload: {exc}") from None
    if isinstance(payload, (MovePayload, GivePayload)) and payload.move.player != seat:
        raise Fault(seat, f"sent a move for player {payload.move.player}")
    return payload
