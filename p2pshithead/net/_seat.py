# The local seat (sans-IO): signs this peer's own messages in counter order against its transcript.
# Invariants: at most one of its messages is in flight (signed, not yet back in the chain), so counters
# never skip and each message's seen head includes the seat's previous entry; it never signs a second
# message for a place (a seat that comes back after a crash is given the message it had in flight, and
# waits for it to come back); it offers to act only when the transcript lets it (a move while the
# application names this seat, a sign-off once it is finished).
"""`SeatSigner`: when this peer's seat must speak, and its signed messages."""

from __future__ import annotations

from p2pshithead.net._identity import Identity
from p2pshithead.net._transcript import (
    END_BODY,
    Authored,
    Entry,
    Progress,
    Transcript,
    app_body,
    author_message,
)


class SeatSigner:
    """This peer's seat in `transcript`, signing with `identity`; `in_flight`: the message this seat signed
    and sent before (a crash), not yet in the transcript: no other is signed for its place."""

    __slots__ = ("_identity", "_in_flight", "seat", "transcript")

    def __init__(self, identity: Identity, transcript: Transcript, in_flight: Authored | None = None) -> None:
        keys = [s.key for s in transcript.setup.seats]
        if identity.public not in keys:
            raise ValueError("this identity has no seat at the table")
        self._identity = identity
        self.transcript = transcript
        self.seat = keys.index(identity.public)
        if in_flight is not None and (in_flight.seat, in_flight.counter) != (self.seat, self.next_counter):
            in_flight = None  # placed already, or not this seat's next message
        self._in_flight = in_flight

    @property
    def next_counter(self) -> int:
        """The counter of this seat's next message in the transcript."""
        return self.transcript.next_counter(self.seat)

    @property
    def in_flight(self) -> Authored | None:
        """The message this seat signed that is not back in the chain yet, or None."""
        return self._in_flight

    def observe(self, entry: Entry) -> None:
        """Note an entry just appended to the transcript (ours comes back: nothing is in flight)."""
        if entry.msg.seat == self.seat and self._in_flight is not None and entry.msg.counter >= self._in_flight.counter:
            self._in_flight = None

    def may_move(self) -> bool:
        """Whether the application waits for a move from this seat now."""
        t = self.transcript
        return self._in_flight is None and t.phase is Progress.PLAYING and self.seat in t.app.who_may_act()

    def must_sign_off(self) -> bool:
        """Whether this seat still owes the final sign-off."""
        t = self.transcript
        return (self._in_flight is None and t.phase is Progress.SIGNING and self.seat in t.app.present()
                and not t.has_signed_off(self.seat))  # fmt: skip

    def move(self, payload: object) -> Authored:
        """Sign `payload` as this seat's next move."""
        return self._sign(app_body(payload))

    def sign_off(self) -> Authored:
        """Sign the finished chain off."""
        return self._sign(END_BODY)

    def _sign(self, body: object) -> Authored:
        t = self.transcript
        self._in_flight = author_message(self._identity, t.setup.table_id, self.seat, self.next_counter, t.head, body)
        return self._in_flight
