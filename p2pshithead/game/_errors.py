"""The game protocol's error: a fault the transcript proves against one seat."""

from __future__ import annotations

__all__ = ["GameFault"]


class GameFault(Exception):
    """Seat `seat` sent something the protocol or the rules refuse; every honest peer agrees."""

    def __init__(self, seat: int, reason: str) -> None:
        super().__init__(f"seat {seat}: {reason}")
        self.seat = seat
        self.reason = reason
