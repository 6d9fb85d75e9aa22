# Errors of the Speed rules. Invariant: every one derives from `P2PError` and, being the caller's bad
# value, from `ValueError`; the game layer turns an `IllegalActionError` into a `Fault` naming the author.
"""`SpeedError` and `IllegalActionError`."""

from __future__ import annotations

from p2pshithead.errors import P2PError

__all__ = ["IllegalActionError", "SpeedError"]


class SpeedError(P2PError, ValueError):
    """Base of the Speed rules' errors."""


class IllegalActionError(SpeedError):
    """An action that was never legal (a card not in one's layout, a card that fits no pile top the
    author could have seen, a slap with cards left); `reason` says why, in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
