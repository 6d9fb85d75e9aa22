"""The payloads of the networked game, as plain msgpack values, checked field by field.

Invariants: every payload is a dict with a "t" field naming its kind; `parse_payload(seat, obj)`
returns a frozen value or raises `GameFault` naming `seat`; nothing unchecked reaches the engine or
the deck. Kinds:
    {"t": "deck", "m": <deck message wire form>}            key share, shuffle, reveal, key release
    {"t": "move", "m": "<move notation>", "r": <reveal|None>} a move, with the mover's own shares
    {"t": "oot", "claim": bool}                             answer to an out-of-turn window
"""

from __future__ import annotations

from dataclasses import dataclass

from p2pshithead.crypto import DeckError, Message, RemoteDeckError, Reveal, message_from_wire
from p2pshithead.engine import Move, move_from_text
from p2pshithead.errors import Fault as GameFault

__all__ = ["DeckPayload", "MovePayload", "WindowPayload", "Payload", "parse_payload"]

MAX_MOVE_TEXT = 160


@dataclass(frozen=True, slots=True)
class DeckPayload:
    """A deck-protocol message (keys, shuffles, reveals, key release)."""

    message: Message

    def to_wire(self) -> dict[str, object]:
        return {"t": "deck", "m": self.message.to_wire()}


@dataclass(frozen=True, slots=True)
class MovePayload:
    """A move, with the mover's decryption shares for the cards it makes public."""

    move: Move
    reveal: Reveal | None

    def to_wire(self) -> dict[str, object]:
        return {"t": "move", "m": self.move.text(), "r": None if self.reveal is None else self.reveal.to_wire()}


@dataclass(frozen=True, slots=True)
class WindowPayload:
    """An answer to an out-of-turn window: claim it (then play), or pass."""

    claim: bool

    def to_wire(self) -> dict[str, object]:
        return {"t": "oot", "claim": self.claim}


Payload = DeckPayload | MovePayload | WindowPayload


def _fields(seat: int, obj: object, kind: str, keys: tuple[str, ...]) -> dict[str, object]:
    if not isinstance(obj, dict) or set(obj) != {"t", *keys}:
        raise GameFault(seat, f"malformed {kind} payload: fields must be exactly t, {', '.join(keys)}")
    return obj


def parse_payload(seat: int, obj: object) -> Payload:
    """Check the shape of `seat`'s payload and read it.

    Raises:
        GameFault: naming `seat`, for any field of the wrong type, size or form.
    """
    kind = obj.get("t") if isinstance(obj, dict) else None
    try:
        if kind == "deck":
            return DeckPayload(message_from_wire(seat, _fields(seat, obj, "deck", ("m",))["m"]))
        if kind == "move":
            fields = _fields(seat, obj, "move", ("m", "r"))
            text, raw = fields["m"], fields["r"]
            if not isinstance(text, str) or len(text) > MAX_MOVE_TEXT:
                raise GameFault(seat, f"a move is notation text of at most {MAX_MOVE_TEXT} characters")
            reveal = None if raw is None else Reveal.from_wire(seat, raw)
            move = move_from_text(text)
            if move.player != seat:
                raise GameFault(seat, f"sent a move for player {move.player}")
            return MovePayload(move, reveal)
        if kind == "oot":
            claim = _fields(seat, obj, "oot", ("claim",))["claim"]
            if not isinstance(claim, bool):
                raise GameFault(seat, "an out-of-turn answer is true or false")
            return WindowPayload(claim)
    except RemoteDeckError as exc:
        raise GameFault(seat, exc.reason) from None
    except DeckError as exc:
        raise GameFault(seat, str(exc)) from None
    except ValueError as exc:
        raise GameFault(seat, str(exc)) from None
    raise GameFault(seat, f"unknown payload kind {kind!r}")
