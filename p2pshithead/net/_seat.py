# The local seat (sans-IO): signs this peer's own messages in counter order against its transcript.
# Invariants: at most one of its messages is in flight (signed, not yet back in the chain), so counters
# never skip and each message's seen head includes the seat's previous entry; it offers to act only when
# the transcript lets it (a move while the application names this seat, a sign-off once it is finished).
"""`LocalSeat`: when this peer's seat must speak, and its signed messages."""

from __future__ import annotations

from p2pshithead.net._identity import Identity
from p2pshithead.net._transcript import END_BODY, Authored, Entry, Phase, Transcript, app_body, author_message


class LocalSeat:
    """This peer's seat in `transcript`, signing with `identity`."""

    __slots__ = ("_identity", "_in_flight", "seat", "transcript")

    def __init__(self, identity: Identity, transcript: Transcript) -> None:
        keys = [s.key for s in transcript.setup.seats]
        if identity.public not in keys:
            raise ValueError("this identity has no seat at the table")
        self._identity = identity
        self.transcript = transcript
        self.seat = keys.index(identity.public)
        self._in_flight = False

    def observe(self, entry: Entry) -> None:
        """Note an entry just appended to the transcript (ours comes back: nothing is in flight)."""
        if entry.msg.seat == self.seat:
            self._in_flight = False

    def may_move(self) -> bool:
        """Whether the application waits for a move from this seat now."""
        t = self.transcript
        return not self._in_flight and t.phase is Phase.PLAYING and self.seat in t.app.who_may_act()

    def must_sign_off(self) -> bool:
        """Whether this seat still owes the final sign-off."""
        t = self.transcript
        return (not self._in_flight and t.phase is Phase.SIGNING and self.seat in t.app.present()
                and not t.has_signed_off(self.seat))  # fmt: skip

    def move(self, payload: object) -> Authored:
        """Sign `payload` as this seat's next move."""
        return self._sign(app_body(payload))

    def sign_off(self) -> Authored:
        """Sign the finished chain off."""
        return self._sign(END_BODY)

    def _sign(self, body: object) -> Authored:
        t = self.transcript
        self._in_flight = True
        return author_message(self._identity, t.setup.table_id, self.seat, t.next_counter(self.seat), t.head, body)
