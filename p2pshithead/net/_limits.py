# Every time limit and resource cap of the transport, in one place (sans-IO). Invariants: `Limits` is a
# frozen value checked on construction, passed to `Host`, `Joiner` and `Connection` (tests inject small
# values); a `ByteBudget` never counts more than `total` bytes: `resize` refuses, naming the peer, the growth
# that would pass it, and a connection gives back what it held when it closes.
"""`Limits` (deadlines, frame sizes, caps, keep-alive) and the shared `ByteBudget`."""

from __future__ import annotations

from dataclasses import dataclass

from p2pshithead.net._errors import RemoteProtocolError
from p2pshithead.net._framing import MAX_FRAME

_KIB = 1024
_MIB = 1024 * _KIB


@dataclass(frozen=True, slots=True)
class Limits:
    """The transport's deadlines (seconds) and caps (bytes, connections).

    hello_s: a connection that has not said hello this long after it opened is closed.
    frame_s: a frame begun must be whole within this (a frame trickled byte by byte is closed).
    hello_frame: the largest frame a connection may send before its hello is accepted.
    frame: the largest frame a seated peer may send (and the most it can have buffered at once).
    connections: connections open at once at the host; one more is told why and closed at once.
    watchers: spectators at once at the host; one more is refused in words. Spectators and peers waiting
        for the next game (at most the table's seats less one) stay connected, so they are capped apart
        from `connections`, leaving room for a seat's rejoin.
    buffered: bytes of incomplete frames buffered across all of the host's connections; the connection
        whose bytes would pass it is closed and named.
    keepalive_s: a ping goes out this often on each seated connection, so silence is measurable.
    silent_s: the silence after which a peer may be taken as gone (a suggestion for the layer above,
        which decides what that means; the transport itself only measures silence).
    tcp_idle_s, tcp_interval_s, tcp_probes: TCP keep-alive, a second net where the OS has it: the
        kernel ends a link dead for about `tcp_idle_s + tcp_interval_s * tcp_probes` seconds.
    """

    hello_s: float = 5.0
    frame_s: float = 30.0
    hello_frame: int = 16 * _KIB
    frame: int = MAX_FRAME
    connections: int = 32
    watchers: int = 8
    buffered: int = 32 * _MIB
    keepalive_s: float = 1.0
    silent_s: float = 5.0
    tcp_idle_s: int = 10
    tcp_interval_s: int = 2
    tcp_probes: int = 3

    def __post_init__(self) -> None:
        for name in ("hello_s", "frame_s", "keepalive_s", "silent_s"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be positive, got {getattr(self, name)}")
        if not 16 <= self.hello_frame <= self.frame <= MAX_FRAME:
            raise ValueError(f"frame limits must satisfy 16 <= hello_frame <= frame <= {MAX_FRAME}")
        if self.connections < 1 or self.buffered < self.hello_frame:
            raise ValueError("need at least one connection and a budget of at least one hello frame")
        if self.watchers < 0:
            raise ValueError(f"watchers must be at least 0, got {self.watchers}")
        if min(self.tcp_idle_s, self.tcp_interval_s, self.tcp_probes) < 1:
            raise ValueError("TCP keep-alive settings must be at least 1")


class ByteBudget:
    """Bytes buffered across connections, shared: each connection `resize`s its share as it buffers."""

    __slots__ = ("total", "used")

    def __init__(self, total: int) -> None:
        self.total = total
        self.used = 0

    def resize(self, held: int, wanted: int, peer: str) -> int:
        """Change a share from `held` to `wanted` bytes; return `wanted`.

        Raises:
            RemoteProtocolError: naming `peer`, when growing the share would pass `total` (nothing changes).
        """
        if wanted > held and self.used - held + wanted > self.total:
            raise RemoteProtocolError(peer, f"would buffer {wanted} bytes, past the host's shared budget "
                                            f"of {self.total} ({self.used - held} held by others)")  # fmt: skip
        self.used += wanted - held
        return wanted
