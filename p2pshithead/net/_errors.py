# Errors of the net layer, split by who is at fault (STYLE.md 4): `LocalProtocolError` is raised when
# this process misuses the protocol; `RemoteProtocolError` when a peer's bytes break it, and names that
# peer. A `Fault` is a fault proven by the transcript itself: every honest peer derives the same one.
"""Errors of the net layer: ours, a peer's, and faults the transcript proves."""

from __future__ import annotations


class NetError(Exception):
    """Base of every error raised by `p2pshithead.net`."""


class LocalProtocolError(NetError):
    """This process asked for something the protocol does not allow."""


class RemoteProtocolError(NetError):
    """A peer sent bytes that break the protocol; `peer` names it (an address, a seat, a nickname)."""

    def __init__(self, peer: str, reason: str) -> None:
        super().__init__(f"{peer}: {reason}")
        self.peer = peer
        self.reason = reason


class Fault(NetError):
    """A fault that the transcript proves against `seat`; the same at every honest peer.

    Raised by applications (an illegal move names its author) and by transcript checks (a forged,
    reordered or forked entry names the sequencer).
    """

    def __init__(self, seat: int, reason: str) -> None:
        super().__init__(f"seat {seat}: {reason}")
        self.seat = seat
        self.reason = reason
