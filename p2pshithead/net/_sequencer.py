# The sequencer (sans-IO), run by the host: gives each submitted message the next place in the chain and
# seals it. Invariant: it appends only what passes the same signature/counter/chain checks that every
# peer will run, so an honest sequencer is never named by a verdict; a message that is well signed but
# that the rules refuse is appended all the same, as the evidence that names its author; so is a second,
# different message its author signed for a place already taken (`equivocation`, both messages in one
# entry that every peer checks again).
"""`Sequencer`: checks, places and seals submitted messages."""

from __future__ import annotations

from p2pshithead.net._errors import LocalProtocolError, RemoteProtocolError
from p2pshithead.net._identity import Identity
from p2pshithead.net._transcript import (
    SEQUENCER,
    Authored,
    AwayReport,
    Entry,
    Progress,
    Transcript,
    abort_body,
    author_message,
    away_body,
    equivocation_body,
    equivocation_problem,
    equivocation_reason,
    seal,
)


class Sequencer:
    """Appends submitted messages to `transcript` (the host's own copy), sealing with `identity`."""

    __slots__ = ("_identity", "transcript")

    def __init__(self, identity: Identity, transcript: Transcript) -> None:
        if transcript.setup.seats[SEQUENCER].key != identity.public:
            raise LocalProtocolError("only seat 0 sequences")
        self._identity = identity
        self.transcript = transcript

    def sequence(self, msg: Authored, peer: str) -> Entry:
        """Place `msg` as the next entry, append it to the transcript and return it for broadcast
        (the application's events for it are not needed by the one caller: the host's own abort).

        Raises:
            RemoteProtocolError: naming `peer` when the message fails a signature, counter or chain check.
            LocalProtocolError: when the transcript is complete or stopped.
        """
        entry = self.place(msg, peer)
        self.transcript.append(entry)
        return entry

    def place(self, msg: Authored, peer: str) -> Entry:
        """Check and seal `msg` as the next entry without applying it; the caller must `append` it to the
        transcript before placing another. (A relay may send it on first: the peers then check the
        application's rules and proofs while the host does, instead of after.)

        Raises:
            RemoteProtocolError: naming `peer` when the message fails a signature, counter or chain check.
            LocalProtocolError: when the transcript is complete or stopped.
        """
        t = self.transcript
        if t.phase in (Progress.DONE, Progress.STOPPED):
            raise LocalProtocolError(f"transcript is {t.phase.value}")
        problem = t.problem(msg)
        if problem is not None:
            raise RemoteProtocolError(peer, problem)
        return seal(self._identity, len(t.entries), t.head.digest, msg)

    def abort(self, seat: int, reason: str) -> Entry:
        """Append the host's own report that `seat` dropped or broke the protocol, which stops the game."""
        return self._own(abort_body(seat, reason))

    def away(self, seat: int, report: AwayReport) -> Entry:
        """Append the host's own report that `seat` was away past the table's limit, which stops the game."""
        return self._own(away_body(seat, report))

    def equivocation(self, placed: Authored, other: Authored) -> Entry:
        """Append the proof that the author of `placed` (its message in the chain) signed `other` too for the
        same place, which stops the game with a proven verdict naming it at every peer. Messages too long
        for one entry to carry both are reported as an abort instead (not provable).

        Raises:
            LocalProtocolError: when the two prove nothing, or the transcript is complete or stopped.
        """
        problem = equivocation_problem(self.transcript.setup, placed, other)
        if problem is not None:
            raise LocalProtocolError(f"no equivocation: {problem}")
        try:
            body = equivocation_body(placed, other)
        except ValueError as exc:
            return self.abort(placed.seat, f"{equivocation_reason(placed, other)}; not carried: {exc}")
        return self._own(body)

    def _own(self, body: object) -> Entry:
        t = self.transcript
        msg = author_message(self._identity, t.setup.table_id, SEQUENCER, t.next_counter(SEQUENCER), t.head, body)
        return self.sequence(msg, "host")
