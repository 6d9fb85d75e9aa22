# Errors of the net layer, split by who is at fault (STYLE.md 4): `LocalProtocolError` is raised when
# this process misuses the protocol; `RemoteProtocolError` when a peer's bytes break it, and names that
# peer. A fault the transcript proves is the package's one `p2pshithead.errors.Fault`.
"""Errors of the net layer: ours, and a peer's."""

from __future__ import annotations

from p2pshithead.errors import P2PError


class NetError(P2PError):
    """Base of every error raised by `p2pshithead.net`."""


class LocalProtocolError(NetError):
    """This process asked for something the protocol does not allow."""


class RemoteProtocolError(NetError):
    """A peer sent bytes that break the protocol; `peer` names it (an address, a seat, a nickname)."""

    def __init__(self, peer: str, reason: str) -> None:
        super().__init__(f"{peer}: {reason}")
        self.peer = peer
        self.reason = reason


class JournalError(LocalProtocolError):
    """A journal on this machine that cannot be taken up (damaged, or not this identity's game at all):
    nobody else is at fault. `table` names its table (hex id, or the folder's name), `reason` says why."""

    def __init__(self, table: str, reason: str) -> None:
        super().__init__(f"table {table}: {reason}")
        self.table = table
        self.reason = reason
