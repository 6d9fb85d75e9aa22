# Timing records for the benchmark (the clock is injected). Invariant: a peer's record names entries by
# (author seat, author counter), the same at every peer, so records from several processes can be joined.
"""`Stats`: when this peer signed its messages and validated each entry; `bytes_sent`."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from p2pshithead.net._transcript import Authored, Entry


class Stats:
    """Collects send and validation times from `clock` and writes them as one JSON object; `sent_bytes`
    tells how many bytes the peer has sent so far, on every link it opened or took."""

    __slots__ = ("_clock", "_sent_bytes", "sent", "validated")

    def __init__(self, clock: Callable[[], float], sent_bytes: Callable[[], int]) -> None:
        self._clock, self._sent_bytes = clock, sent_bytes
        self.sent: list[tuple[int, int, float]] = []
        self.validated: list[tuple[int, int, int, float, bool]] = []

    @property
    def bytes_sent(self) -> int:
        """Bytes this peer has sent so far (read when the record is written, before or after its links close)."""
        return self._sent_bytes()

    def on_sent(self, msg: Authored) -> None:
        """This peer signed and sent `msg`."""
        self.sent.append((msg.seat, msg.counter, self._clock()))

    def on_validated(self, entry: Entry, in_setup: bool = False) -> None:
        """This peer checked and applied `entry`; `in_setup`: the table was still setting up after it."""
        self.validated.append((entry.index, entry.msg.seat, entry.msg.counter, self._clock(), in_setup))

    def write(self, path: Path) -> None:
        """Save the records to `path`."""
        path.write_text(json.dumps({"sent": self.sent, "validated": self.validated, "bytes_sent": self.bytes_sent}))
