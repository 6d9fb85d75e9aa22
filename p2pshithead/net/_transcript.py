# The signed, hash-chained transcript (sans-IO). Every message is signed by its author over
# (table id, seat, counter, the head the author last saw, body); the sequencer appends it as entry i,
# chaining entry i's digest to entry i-1's, and signs the digest. Invariants checked at every peer for
# every entry (any failure is a `Fault` naming seat 0, the sequencer, since an honest sequencer checks
# the same before appending): the index is the next one and `prev` is the last digest; the sequencer's
# and the author's signatures hold; the author's counter is one more than its last; the author's seen
# head lies in this chain (index below i, not before its own previous entry, same digest) so a relay
# that shows two peers two histories is caught by the first message that crosses them. Then the body,
# read only in its canonical msgpack spelling (one value, one spelling, for every reader), drives the
# application: a refusal is a `Fault` naming the author, and so is any other error the
# application raises on the author's payload (a crash there would stop honest peers unblamed, each at
# its own point), except a `LocalSecretError`: this process's own secret is wrong, which no other peer
# would find, so it blames nobody and stops this process. Two messages signed by one seat for one place
# (table, seat, counter) that differ are a proof against that seat wherever they meet: in a sequencer's
# equivocation entry (which every peer checks: one that proves nothing names seat 0), in an entry that
# takes a place this copy holds already, or against a copy this peer held apart (`witness`). The first
# fault is the verdict and nothing is appended after it, so the verdict is a function of the entries
# alone (and, for `witness`, of the message held apart).
"""`Head`, `Authored`, `Entry`, `Transcript`, `Verdict`, and `make_genesis` / `author_message`."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from p2pshithead.errors import Fault, LocalSecretError
from p2pshithead.net._app import MAX_SEATS, Application, Apps, Previous, SeatInfo, TableSetup
from p2pshithead.net._errors import LocalProtocolError, RemoteProtocolError
from p2pshithead.net._framing import decode_signed, pack
from p2pshithead.net._identity import SIG_BYTES, Identity, verify
from p2pshithead.net._messages import (
    BODY_SCHEMA,
    ENTRY_SCHEMA,
    GENESIS_SCHEMA,
    HASH_BYTES,
    MAX_COUNTER,
    MAX_EVIDENCE,
    REASON_MAX,
    AwayCause,
    check_message,
    checked,
)  # fmt: skip
from p2pshithead.wire import WireError

PROTOCOL_VERSION = 9
"""What a peer and its host speak on their link (every hello, rejoin, watch and answer says it; 6: the
host may relay an equivocation entry, which a program of 5 would take for the host's fault; 7: no words
on the wire: a reject or bye is a code and a number, the table's answers carry no rules in words)."""
TRANSCRIPT_VERSION = 6
"""What a transcript holds and means (its genesis says it): raised only when that changes, so that a
change of the link alone (version 5: the challenge names the host) leaves saved games verifiable.
Version 5 adds the equivocation entry; 6 reports a seat away past the table's limit in values (`away`),
which each program words in its person's language, not in a sentence."""
TRANSCRIPT_VERSIONS = (4, 5, TRANSCRIPT_VERSION)
"""The versions a transcript may be of (the older ones: games saved by earlier programs)."""
SEQUENCER = 0
"""The seat that sequences (the host's seat)."""
ZERO = bytes(HASH_BYTES)
_MSG_DOMAIN = b"p2pshithead/msg/v1"
_ENTRY_DOMAIN = b"p2pshithead/entry/v1"
_SEQ_DOMAIN = b"p2pshithead/seq/v1"


@dataclass(frozen=True, slots=True)
class Head:
    """A point in the chain: entry `index` and its digest (index -1 and zeros before the genesis)."""

    index: int
    digest: bytes

    def __post_init__(self) -> None:
        if self.index < -1 or len(self.digest) != HASH_BYTES:
            raise ValueError(f"bad head {self.index}/{self.digest.hex()}")


EMPTY = Head(-1, ZERO)


@dataclass(frozen=True, slots=True)
class Authored:
    """A message as its author signs it, before the sequencer gives it a place."""

    seat: int
    counter: int
    seen: Head
    body: bytes
    sig: bytes

    def __post_init__(self) -> None:
        if not 0 <= self.seat < MAX_SEATS or not 0 <= self.counter < MAX_COUNTER or len(self.sig) != SIG_BYTES:
            raise ValueError("bad authored message header")

    def signed_bytes(self, table_id: bytes) -> bytes:
        """What the author signs."""
        return pack([_MSG_DOMAIN, table_id, self.seat, self.counter, self.seen.index, self.seen.digest, self.body])


@dataclass(frozen=True, slots=True)
class Entry:
    """Entry `index` of the transcript: an authored message, the digest before it, the sequencer's seal."""

    index: int
    prev: bytes
    msg: Authored
    seal: bytes

    def __post_init__(self) -> None:
        if self.index < 0 or len(self.prev) != HASH_BYTES or len(self.seal) != SIG_BYTES:
            raise ValueError("bad entry header")

    @property
    def digest(self) -> bytes:
        """This entry's chain digest (it covers the previous digest, so it covers the whole history)."""
        m = self.msg
        data = pack(
            [_ENTRY_DOMAIN, self.index, self.prev, m.seat, m.counter, m.seen.index, m.seen.digest, m.body, m.sig])
        return hashlib.sha256(data).digest()

    def to_wire(self) -> dict[str, Any]:
        """The entry as a message map."""
        m = self.msg
        return {
            "t": "entry", "i": self.index, "prev": self.prev, "seat": m.seat, "ctr": m.counter,
            "si": m.seen.index, "sh": m.seen.digest, "body": m.body, "sig": m.sig, "seal": self.seal,
        }  # fmt: skip

    @classmethod
    def from_wire(cls, peer: str, obj: object) -> Entry:
        """Check `obj` against the entry schema and build the entry.

        Raises:
            RemoteProtocolError: naming `peer`.
        """
        d = check_message(obj, {"entry": ENTRY_SCHEMA}, peer)
        return cls(d["i"], d["prev"], authored_from(d), d["seal"])


def _seal_bytes(digest: bytes) -> bytes:
    return _SEQ_DOMAIN + digest


def authored_from(d: dict[str, Any]) -> Authored:
    """Build an `Authored` from a schema-checked submit or entry map."""
    return Authored(d["seat"], d["ctr"], Head(d["si"], d["sh"]), d["body"], d["sig"])


def authored_to_wire(msg: Authored) -> dict[str, Any]:
    """The submit message carrying `msg` to the sequencer."""
    return {"t": "submit", "seat": msg.seat, "ctr": msg.counter, "si": msg.seen.index, "sh": msg.seen.digest,
            "body": msg.body, "sig": msg.sig}  # fmt: skip


def evidence_to_wire(msg: Authored) -> dict[str, Any]:
    """`msg` as an equivocation entry carries it (`EVIDENCE`)."""
    return {"seat": msg.seat, "ctr": msg.counter, "si": msg.seen.index, "sh": msg.seen.digest, "body": msg.body,
            "sig": msg.sig}  # fmt: skip


def author_message(identity: Identity, table_id: bytes, seat: int, counter: int, seen: Head, body: object) -> Authored:
    """Sign `body` (plain data) as `seat`'s message number `counter`, having seen the chain up to `seen`."""
    draft = Authored(seat, counter, seen, pack(body), bytes(SIG_BYTES))
    return Authored(seat, counter, seen, draft.body, identity.sign(draft.signed_bytes(table_id)))


def genesis_body(setup: TableSetup) -> dict[str, Any]:
    """The genesis body that states the table: id, name, application, rules, and who sits where."""
    return {
        "k": "genesis", "v": TRANSCRIPT_VERSION, "table": setup.table_id, "name": setup.name, "app": setup.app,
        "rules": setup.rules, "ruleset": setup.ruleset_hash,
        "seats": [s.key for s in setup.seats], "nicks": [s.nick for s in setup.seats],
        "prev": None if (p := setup.previous) is None else {"game": p.game, "head": p.head, "order": list(p.order)},
    }  # fmt: skip


def seal(identity: Identity, index: int, prev: bytes, msg: Authored) -> Entry:
    """Give `msg` place `index` after digest `prev`, sealed with the sequencer's key."""
    draft = Entry(index, prev, msg, bytes(SIG_BYTES))
    return Entry(index, prev, msg, identity.sign(_seal_bytes(draft.digest)))


def make_genesis(identity: Identity, setup: TableSetup) -> Entry:
    """The sequencer's entry 0, authored and sealed by seat 0 (which must be `identity`).

    Raises:
        LocalProtocolError: when `identity` does not sit in seat 0 of `setup`.
    """
    if setup.seats[SEQUENCER].key != identity.public:
        raise LocalProtocolError("the sequencer must sit in seat 0")
    msg = author_message(identity, setup.table_id, SEQUENCER, 0, EMPTY, genesis_body(setup))
    return seal(identity, 0, ZERO, msg)


def setup_from_genesis(entry: Entry, peer: str, apps: Apps) -> TableSetup:
    """Read and check the genesis entry, returning the table it states (an application of `apps`).

    Raises:
        RemoteProtocolError: naming `peer` when entry 0 is not a well-formed genesis sealed by seat 0,
            or names an application or ruleset this peer does not know.
    """
    msg = entry.msg
    if entry.index != 0 or entry.prev != ZERO or msg.seat != SEQUENCER or msg.counter != 0 or msg.seen != EMPTY:
        raise RemoteProtocolError(peer, "entry 0 is not a genesis")
    body = checked(GENESIS_SCHEMA, decode_signed(msg.body, peer), peer)
    if body["v"] not in TRANSCRIPT_VERSIONS:
        raise RemoteProtocolError(peer, f"genesis of version {body['v']}, expected {TRANSCRIPT_VERSION}")
    try:
        seats = tuple(SeatInfo(key, nick) for key, nick in zip(body["seats"], body["nicks"], strict=True))
        link = body["prev"]
        previous = None if link is None else Previous(link["game"], link["head"], tuple(link["order"]))
        setup = TableSetup(body["table"], body["name"], body["app"], body["rules"], body["ruleset"], seats, previous)
    except ValueError as exc:
        raise RemoteProtocolError(peer, f"genesis: {exc}") from None
    spec = apps.get(setup.app)
    if spec is None:
        raise RemoteProtocolError(peer, f"genesis: plays {setup.app!r}, which this program does not know")
    try:
        spec.check(setup.rules, len(seats))
    except ValueError as exc:
        raise RemoteProtocolError(peer, f"genesis: {exc}") from None
    if spec.ruleset_hash(setup.rules) != setup.ruleset_hash:
        raise RemoteProtocolError(peer, f"genesis: ruleset {setup.rules!r} differs from this program's")
    key = seats[SEQUENCER].key
    signed = verify(key, msg.sig, msg.signed_bytes(setup.table_id))
    if not signed or not verify(key, entry.seal, _seal_bytes(entry.digest)):
        raise RemoteProtocolError(peer, "genesis signature does not hold")
    return setup


class Progress(Enum):
    """Where a transcript stands."""

    PLAYING = "playing"
    """The application runs; seats send moves."""
    SIGNING = "signing"
    """The application has a finish order; seats sign the final chain off."""
    DONE = "done"
    """Every seat signed off: the transcript is complete."""
    STOPPED = "stopped"
    """A verdict stopped the game."""


@dataclass(frozen=True, slots=True)
class AwayReport:
    """The host's report of a seat away past the table's limit (an `away` entry): it had `limit` seconds,
    went as `cause` says, and last sent entry `last` having seen entry `seen` (-1, -1: it sent nothing);
    the table held `entries` entries. Its text is English, for logs; a program words it itself."""

    limit: int
    cause: AwayCause
    last: int
    seen: int
    entries: int

    def __str__(self) -> str:
        how = {AwayCause.LOST: "connection lost", AwayCause.SILENT: "silent (frozen or cut off)",
               AwayCause.RESTART: "not back after the host restarted"}[self.cause]  # fmt: skip
        heard = "it sent nothing" if self.last < 0 else (
            f"its last message is entry {self.last}, when it had seen entry {self.seen}")
        return f"away for more than {self.limit} s: {how}; {heard}; the table holds {self.entries} entries"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Why a game stopped: the seat at fault and what it did (`proven` False for a relay's report; `away`:
    the host's report of a seat away past the table's limit, in values)."""

    seat: int
    nick: str
    reason: str
    proven: bool = True
    away: AwayReport | None = None

    def __str__(self) -> str:
        if self.proven:
            return f"seat {self.seat} ({self.nick}) at fault: {self.reason}"
        return f"reported by the host, not provable: seat {self.seat} ({self.nick}) {self.reason}"


@dataclass(slots=True)
class Transcript:
    """One peer's copy of the transcript: checks each entry, drives the application, finds the verdict."""

    setup: TableSetup
    app: Application
    entries: list[Entry] = field(default_factory=list)
    verdict: Verdict | None = None
    version: int = TRANSCRIPT_VERSION
    _counters: dict[int, int] = field(default_factory=dict)
    _last_index: dict[int, int] = field(default_factory=dict)
    _signed_off: set[int] = field(default_factory=set)

    @classmethod
    def start(cls, genesis: Entry, local_seat: int | None, apps: Apps, peer: str = "host",
              secret: bytes = b"") -> Transcript:  # fmt: skip
        """Begin with a checked genesis, building its application from `apps` for `local_seat` (None: an
        observer) with the local seat's `secret`.

        Raises:
            RemoteProtocolError: naming `peer`, for a bad genesis, an application not in `apps`, or a table the
                application refuses as it is built (a `ValueError` of its own).
            LocalSecretError: the application found `secret` is not the local seat's (nobody else's fault).
        """
        setup = setup_from_genesis(genesis, peer, apps)
        version: int = checked(GENESIS_SCHEMA, decode_signed(genesis.msg.body, peer), peer)["v"]  # checked above
        try:
            app = apps[setup.app].make(setup, local_seat, secret)
        except LocalSecretError:
            raise
        except ValueError as exc:  # the table the host's signed genesis states, refused: the host's doing
            raise RemoteProtocolError(peer, f"genesis: {exc}") from None
        t = cls(setup, app, [genesis], version=version)
        t._counters[SEQUENCER], t._last_index[SEQUENCER] = 0, 0
        return t

    @property
    def head(self) -> Head:
        """The last entry's place and digest."""
        return Head(len(self.entries) - 1, self.entries[-1].digest)

    @property
    def phase(self) -> Progress:
        """Playing, signing off, done or stopped."""
        if self.verdict is not None:
            return Progress.STOPPED
        if self.app.finish_order() is None:
            return Progress.PLAYING
        return Progress.DONE if self.app.present() <= self._signed_off else Progress.SIGNING

    def next_counter(self, seat: int) -> int:
        """The counter `seat`'s next message must carry."""
        return self._counters.get(seat, -1) + 1

    def has_signed_off(self, seat: int) -> bool:
        """Whether `seat`'s sign-off is in the chain."""
        return seat in self._signed_off

    def placed(self, seat: int, counter: int) -> Authored | None:
        """The message of `seat` with `counter` in the chain, or None when that place is not taken yet."""
        if counter >= self.next_counter(seat):
            return None
        return next((e.msg for e in reversed(self.entries) if e.msg.seat == seat and e.msg.counter == counter), None)

    def witness(self, msg: Authored) -> Verdict | None:
        """Hold `msg`, a message of this table kept apart from the chain (this seat's own, in flight; a copy
        received before), against the chain: when the chain's message at its place differs and both are
        well signed, its author equivocated, and the transcript stops with that proven verdict.

        Returns:
            The verdict then, else None (the same message, a place not taken yet, a bad signature, or a
            transcript stopped already).
        """
        placed = self.placed(msg.seat, msg.counter)
        if self.verdict is not None or placed is None or equivocation_problem(self.setup, placed, msg) is not None:
            return None
        self.verdict = self._verdict(Fault(msg.seat, equivocation_reason(placed, msg)))
        return self.verdict

    def problem(self, msg: Authored) -> str | None:
        """What is wrong with `msg` as the next entry, as far as signatures and the chain go (None: fine)."""
        if not 0 <= msg.seat < len(self.setup.seats):
            return f"no seat {msg.seat}"
        if msg.counter != self.next_counter(msg.seat):
            return f"seat {msg.seat} counter {msg.counter}, expected {self.next_counter(msg.seat)}"
        if not verify(self.setup.seats[msg.seat].key, msg.sig, msg.signed_bytes(self.setup.table_id)):
            return f"seat {msg.seat}'s signature does not hold"
        seen = msg.seen
        if not self._last_index.get(msg.seat, -1) <= seen.index < len(self.entries):
            return f"seat {msg.seat} saw entry {seen.index}, outside this chain"
        if seen.index >= 0 and self.entries[seen.index].digest != seen.digest:
            return f"seat {msg.seat} saw a different entry {seen.index}: the histories forked"
        return None

    def append(self, entry: Entry) -> Sequence[object]:
        """Check `entry` and apply it; return the application's events for it (none for a sign-off, an
        abort or a fault). A fault found here becomes `verdict`, which stops the transcript.

        Raises:
            LocalProtocolError: when called after the transcript is complete or stopped.
            LocalSecretError: the application found this process's own secret wrong (no verdict: nobody
                else is at fault); the transcript is of no more use to this process.
        """
        if self.phase in (Progress.DONE, Progress.STOPPED):
            raise LocalProtocolError(f"transcript is {self.phase.value}; nothing more may be appended")
        try:
            self._check_chain(entry)
            self.entries.append(entry)
            self._counters[entry.msg.seat] = entry.msg.counter
            self._last_index[entry.msg.seat] = entry.index
            return self._apply(entry.msg)
        except Fault as fault:
            self.verdict = self._verdict(fault)
        return ()

    def _verdict(self, fault: Fault, proven: bool = True) -> Verdict:
        return Verdict(fault.seat, self.setup.seats[fault.seat].nick, fault.reason, proven)

    def chain_problem(self, entry: Entry) -> str | None:
        """What is wrong with `entry` as the next link of this chain (place, seal, author's signature,
        counter, seen head), or None. Live, it is the sequencer's fault; in a saved file, damage."""
        if entry.index != len(self.entries) or entry.prev != self.entries[-1].digest:
            return f"entry {entry.index} does not extend the chain at {len(self.entries)}"
        if not verify(self.setup.seats[SEQUENCER].key, entry.seal, _seal_bytes(entry.digest)):
            return f"entry {entry.index}: seal does not hold"
        problem = self.problem(entry.msg)
        return None if problem is None else f"entry {entry.index}: {problem}"

    def _check_chain(self, entry: Entry) -> None:
        problem = self.chain_problem(entry)
        if problem is not None:
            placed = self.placed(entry.msg.seat, entry.msg.counter)  # a place taken: the seat's, if it signed both
            if placed is not None and equivocation_problem(self.setup, placed, entry.msg) is None:
                raise Fault(entry.msg.seat, equivocation_reason(placed, entry.msg))
            raise Fault(SEQUENCER, problem)

    def _apply(self, msg: Authored) -> Sequence[object]:
        try:
            body = BODY_SCHEMA.check(decode_signed(msg.body, f"seat {msg.seat}"))
        except RemoteProtocolError as exc:
            raise Fault(msg.seat, exc.reason) from None
        except WireError as exc:
            raise Fault(msg.seat, f"malformed body: {exc}") from None
        kind = body["k"]
        if kind == "app" and self.phase is Progress.PLAYING:
            try:
                return self.app.apply(msg.seat, body["p"])
            except (Fault, LocalSecretError):  # the latter: this process's own secret is wrong, no seat's fault
                raise
            except Exception as exc:  # the one conversion: what a peer's bytes raise is that peer's fault
                raise Fault(msg.seat, f"sent a payload that could not be checked ({type(exc).__name__})") from None
        present = self.app.present()
        signing = self.phase is Progress.SIGNING
        if kind == "end" and signing and msg.seat in present and msg.seat not in self._signed_off:
            self._signed_off.add(msg.seat)
        elif kind == "abort" and msg.seat == SEQUENCER and body["seat"] < len(self.setup.seats):
            self.verdict = self._verdict(Fault(body["seat"], body["reason"]), proven=False)
        elif kind == "away" and msg.seat == SEQUENCER and self.version >= 6 and body["seat"] < len(self.setup.seats):
            report = AwayReport(body["limit"], body["cause"], body["last"], body["seen"], body["entries"])
            self.verdict = Verdict(body["seat"], self.setup.seats[body["seat"]].nick, str(report), False, report)
        elif kind == "equivocation" and msg.seat == SEQUENCER and self.version >= 5:
            raise _proof(self.setup, authored_from(body["a"]), authored_from(body["b"]))
        else:
            raise Fault(msg.seat, f"message {kind!r} not allowed while {self.phase.value}")
        return ()


def link_problem(previous: Transcript, setup: TableSetup) -> str | None:
    """What is wrong with `setup` as the game after `previous` at the same table, or None: it must name
    the next game number, the previous final head, and the previous finish order by key; and the previous
    game must be complete (every seat signed it off)."""
    link = setup.previous
    if link is None:
        return "it does not say it follows a game"
    if previous.phase is not Progress.DONE:
        return f"the game before it is {previous.phase.value}, not complete"
    order = previous.app.finish_order() or ()
    keys = tuple(previous.setup.seats[seat].key for seat in order)
    if link.game != previous.setup.game + 1:
        return f"it says it is game {link.game}, after game {previous.setup.game}"
    if link.head != previous.head.digest:
        return "its link to the previous game names another final head"
    if link.order != keys:
        return "it states another finish order of the previous game"
    return None


def next_link(previous: Transcript) -> Previous:
    """The link the next game of a series carries to `previous` (a complete game)."""
    order = previous.app.finish_order()
    if previous.phase is not Progress.DONE or order is None:
        raise LocalProtocolError("only a complete game has a next one")
    keys = tuple(previous.setup.seats[seat].key for seat in order)
    return Previous(previous.setup.game + 1, previous.head.digest, keys)


def app_body(payload: object) -> dict[str, Any]:
    """The body of an application message."""
    return {"k": "app", "p": payload}


END_BODY = {"k": "end"}
"""The body with which a seat signs the final chain off once the application has a finish order."""


def abort_body(seat: int, reason: str) -> dict[str, Any]:
    """The sequencer's report that `seat` dropped or misbehaved in a way the chain cannot prove."""
    return {"k": "abort", "seat": seat, "reason": reason[:REASON_MAX]}


def away_body(seat: int, report: AwayReport) -> dict[str, Any]:
    """The sequencer's report that `seat` was away past the table's limit, in values."""
    return {"k": "away", "seat": seat, "limit": report.limit, "cause": report.cause.value, "last": report.last,
            "seen": report.seen, "entries": report.entries}


def equivocation_body(placed: Authored, other: Authored) -> dict[str, Any]:
    """The sequencer's proof that the author of `placed` (its message in the chain) signed `other` too for
    the same place.

    Raises:
        ValueError: when a body is longer than an equivocation entry carries (`MAX_EVIDENCE`).
    """
    if max(len(placed.body), len(other.body)) > MAX_EVIDENCE:
        raise ValueError(f"a message of {max(len(placed.body), len(other.body))} bytes is too long to carry")
    return {"k": "equivocation", "a": evidence_to_wire(placed), "b": evidence_to_wire(other)}


def equivocation_problem(setup: TableSetup, first: Authored, second: Authored) -> str | None:
    """Why `first` and `second` do not prove that their author signed two messages for one place of the
    table `setup` states (None: they do): the same seat and counter, different signed bytes (body or
    seen head), and both signatures that seat's."""
    if first.seat != second.seat or first.counter != second.counter:
        return (f"messages of seat {first.seat} counter {first.counter} and seat {second.seat} counter "
                f"{second.counter}, not of one place")  # fmt: skip
    if not 0 <= first.seat < len(setup.seats):
        return f"no seat {first.seat}"
    table, key = setup.table_id, setup.seats[first.seat].key
    if first.signed_bytes(table) == second.signed_bytes(table):
        return f"the same message of seat {first.seat} twice"
    if not verify(key, first.sig, first.signed_bytes(table)) or not verify(key, second.sig, second.signed_bytes(table)):
        return f"a signature that is not seat {first.seat}'s"
    return None


def equivocation_reason(first: Authored, second: Authored) -> str:
    """The proven verdict's reason: what the two messages that one seat signed for one place differ in."""
    what = [name for name, differs in (("body", first.body != second.body), ("seen head", first.seen != second.seen))
            if differs]  # fmt: skip
    return f"signed two different messages as its message {first.counter} (they differ in {' and '.join(what)})"


def _proof(setup: TableSetup, first: Authored, second: Authored) -> Fault:
    """The fault an equivocation entry proves: its seat's, or the sequencer's when it proves nothing."""
    problem = equivocation_problem(setup, first, second)
    if problem is not None:
        return Fault(SEQUENCER, f"an equivocation entry that proves nothing: {problem}")
    return Fault(first.seat, equivocation_reason(first, second))
