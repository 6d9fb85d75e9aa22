# The payloads of networked Speed, as plain msgpack values with one declared wire shape. Invariants:
# every payload is a map whose "t" names its kind, checked against `PAYLOAD_SCHEMA` before anything is
# built from it; `parse_speed_payload` returns a frozen value or raises `Fault` naming the author. Kinds:
#     {"t": "deck", "m": <deck message>}                     key share, shuffle, or the shares that turn cards
#     {"t": "play", "s": slot, "p": pile, "n": seen, "r": round}  a card onto a centre pile (seen: its length)
#     {"t": "slap", "p": pile, "r": round}                   slap a centre pile (one's layout played out)
#     {"t": "burn", "k": rank, "r": round}                   burn three of a kind (rules with burn)
#     {"t": "done"}                                          this seat saw the game end
#     {"t": "leave"}                                         this seat leaves the game: the other wins
"""`DeckPayload`, `ActionPayload`, `DonePayload`, `ResignPayload`, `PAYLOAD_SCHEMA`, `parse_speed_payload` and
`action_wire`."""

from __future__ import annotations

from dataclasses import dataclass

from p2pshithead.crypto import DECK_PAYLOAD_SCHEMA, MAX_CARDS, DeckPayload
from p2pshithead.errors import Fault
from p2pshithead.speed import Action, Burn, Play, Slap
from p2pshithead.wire import Int, Into, Tagged, WireError, fields

__all__ = [
    "PAYLOAD_SCHEMA", "ActionPayload", "DeckPayload", "DonePayload", "ResignPayload", "Payload", "action_wire",
    "parse_speed_payload",
]  # fmt: skip

_ROUND = Int(0, 1000)
_PILE = Int(0, 1)


@dataclass(frozen=True, slots=True)
class ActionPayload:
    """A play, slap or burn."""

    action: Action


@dataclass(frozen=True, slots=True)
class DonePayload:
    """This seat saw the game end (every action it sent before is applied by then)."""

    def to_wire(self) -> dict[str, object]:
        return {"t": "done"}


@dataclass(frozen=True, slots=True)
class ResignPayload:
    """This seat leaves the game for good, at any stage: the other wins (a person's Ctrl-C)."""

    def to_wire(self) -> dict[str, object]:
        return {"t": "leave"}


Payload = DeckPayload | ActionPayload | DonePayload | ResignPayload


def action_wire(action: Action) -> dict[str, object]:
    """The wire form of an action."""
    if isinstance(action, Play):
        return {"t": "play", "s": action.slot, "p": action.pile, "n": action.seen, "r": action.round}
    if isinstance(action, Slap):
        return {"t": "slap", "p": action.pile, "r": action.round}
    return {"t": "burn", "k": action.rank, "r": action.round}


PAYLOAD_SCHEMA = Tagged(
    "t",
    {
        "deck": DECK_PAYLOAD_SCHEMA,
        "play": Into(fields(s=Int(0, MAX_CARDS - 1), p=_PILE, n=Int(0, MAX_CARDS), r=_ROUND),
                     lambda d: ActionPayload(Play(d["s"], d["p"], d["n"], d["r"]))),
        "slap": Into(fields(p=_PILE, r=_ROUND), lambda d: ActionPayload(Slap(d["p"], d["r"]))),
        "burn": Into(fields(k=Int(1, 13), r=_ROUND), lambda d: ActionPayload(Burn(d["k"], d["r"]))),
        "done": Into(fields(), lambda d: DonePayload()),
        "leave": Into(fields(), lambda d: ResignPayload()),
    },
)  # fmt: skip
"""The wire shape of any Speed payload; checking it builds the `Payload`."""


def parse_speed_payload(seat: int, obj: object) -> Payload:
    """Check the shape of `seat`'s payload and read it.

    Raises:
        Fault: naming `seat`, for any field of the wrong type, size or form.
    """
    try:
        payload: Payload = PAYLOAD_SCHEMA.check(obj)
    except WireError as exc:
        raise Fault(seat, f"malformed payload: {exc}") from None
    return payload
