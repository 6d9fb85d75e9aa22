# The package's one base error and the one fault a transcript proves. Invariants: every error a
# p2pshithead package raises derives from `P2PError`; a `Fault` names a seat that exists (an int >= 0),
# and every honest peer that applies the same entries derives the same one; a `LocalSecretError` is
# never turned into a `Fault` (it is this process's, and no other peer would raise it).
"""`P2PError`, the base of every p2pshithead error, `Fault`, a seat's proven misbehaviour, and
`LocalSecretError`, this process's own secret that does not fit its game."""

from __future__ import annotations

__all__ = ["Fault", "LocalSecretError", "P2PError"]


class P2PError(Exception):
    """Base of every error raised by p2pshithead."""


class Fault(P2PError):
    """Seat `seat` sent something the protocol or the rules refuse; `reason` says what.

    Raised by an application for a payload it refuses (naming the payload's author) and by the
    transcript's chain checks (naming the sequencer).

    Raises:
        ValueError: on construction, when `seat` is not an int >= 0 (a fault always has an author).
    """

    def __init__(self, seat: int, reason: str) -> None:
        if type(seat) is not int or seat < 0:
            raise ValueError(f"a fault names a seat >= 0, not {seat!r}")
        super().__init__(f"seat {seat}: {reason}")
        self.seat = seat
        self.reason = reason


class LocalSecretError(P2PError):
    """The secret this process holds for its seat is not the one the seat committed to (a journal of
    another game, a key lost): raised by an application while it applies an entry, it is this process's
    fault alone, so the transport never makes it a verdict naming a seat; it stops this process instead."""
