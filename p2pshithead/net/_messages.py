# Every map net sends or signs, declared once with `p2pshithead.wire`: the session messages (each
# direction's `t`-tagged set, the keep-alive pair ping/pong in both), the transcript's submit and entry,
# and the `k`-tagged bodies an author signs (genesis, app, end, abort, equivocation). Invariants: every map a peer
# sends is checked against the schema of its direction (`FROM_PEER` at the host, `FROM_HOST` at a
# joiner) before any field is used, and every signed body against `BODY_SCHEMA` or `GENESIS_SCHEMA`
# before the transcript reads it; `checked` is net's one conversion of a `WireError` into a
# `RemoteProtocolError` naming the peer. The wire carries no words (issue 23): a refusal or a goodbye is a
# code from a closed set (`Refusal`, `Goodbye`) and a number, the rules are their text (preset and house
# rules), and each program words them in its own person's language; the only free text a session message
# carries is a name a person typed (nickname, table name).
"""Schemas of the session messages and transcript bodies, the codes `Refusal` and `Goodbye`, and
`checked` / `check_message`."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from p2pshithead.net._app import MAX_RULES_TEXT, MAX_SEATS, MAX_WAIT_S
from p2pshithead.net._errors import RemoteProtocolError
from p2pshithead.net._framing import MAX_FRAME, pack
from p2pshithead.net._identity import KEY_BYTES, NICK_MAX, SIG_BYTES
from p2pshithead.wire import Bool, Bytes, Field, Int, Into, List, Map, Opaque, Opt, Str, Tagged, WireError, fields

MAX_COUNTER = 2**32
"""Counters of an author's messages stay below this."""
HASH_BYTES = 32
"""The size of a chain digest (SHA-256)."""
REASON_MAX = 200
"""The longest reason an abort carries."""
COUNT_MAX = 2**32 - 1
"""The largest number a reject or bye carries beside its code."""


class Refusal(enum.Enum):
    """Why a host refuses a hello, rejoin or watch (`REJECT`'s `why`); `n` beside it where one is named."""

    VERSION = "version"
    """The peer speaks another protocol version; `n`: the host's."""
    FULL = "full"
    """Every seat is taken."""
    SEATED = "seated"
    """The key already sits at the table (or is the host's own)."""
    LIVE = "live"
    """The key sits here on a link that is still live (the same identity playing in another window)."""
    WAITERS = "waiters"
    """`n` peers wait for the next game already, as many as it could seat."""
    WATCHERS = "watchers"
    """`n` spectators watch already, the most the table takes."""
    NOT_STARTED = "not started"
    """A rejoin, but no game is in play."""
    NO_SEAT = "no seat"
    """A rejoin for a table or seat this host's game does not have."""
    UNSIGNED = "unsigned"
    """A rejoin not signed by the seat's key."""
    STALE = "stale"
    """A rejoin signed too long ago (or the clocks differ by more than ten minutes)."""
    AHEAD = "ahead"
    """A rejoin that claims entries this host never sent."""
    PROOF = "proof"
    """The proof is not the key's signature of the challenge."""


class Goodbye(enum.Enum):
    """Why the sender closes the link (`BYE`'s `why`); `n` beside it where one is named."""

    CLOSED = "closed"
    """The host closes its table."""
    LEFT = "left"
    """The host's next game goes on without this peer, which left the last one."""
    BUSY = "busy"
    """The host has `n` connections open, the most it takes."""
    STOOD_UP = "stood up"
    """The peer stands up after a game instead of playing the next one."""


class AwayCause(enum.Enum):
    """How a seat the host reports away went (`away`'s `cause`)."""

    LOST = "lost"
    """Its link was lost (closed, cut off, or it broke the protocol)."""
    SILENT = "silent"
    """Its link fell silent past `Limits.silent_s` (frozen, lid closed, cable out), or, its link live, it
    sent nothing the game waited on past the table's turn and away limits (it stalled the table)."""
    RESTART = "restart"
    """It was not back after the host restarted."""


def _code(kind: type[enum.Enum]) -> Into:
    """A code of `kind` on the wire (its value); one outside the closed set is refused by name."""
    return Into(Str(1, max(len(c.value) for c in kind)), kind)

_REJOIN_DOMAIN = b"p2pshithead/rejoin/v1"
_SIT_AGAIN_DOMAIN = b"p2pshithead/sit-again/v1"
NONCE_BYTES = 32
"""The size of the host's challenge to a peer sitting again."""

HELLO = fields(v=Int(0, 2**16), key=Bytes(KEY_BYTES, KEY_BYTES), nick=Str(1, NICK_MAX), ready=Bool())
"""Peer to host, first: protocol version, public key, nickname, whether it is ready already (bots)."""

_TIMES = {"turn": Int(0, MAX_WAIT_S), "away": Int(1, MAX_WAIT_S)}
WELCOME = fields(
    v=Int(0, 2**16), seat=Int(0, MAX_SEATS - 1), name=Str(1, 40), app=Str(1, 40), rules=Str(1, MAX_RULES_TEXT),
    **_TIMES,
)
"""Host to peer, after a good hello: the seat given in the lobby, the rules (preset and house rules, which
the peer puts in words itself, in its person's language), and
the table's time limits: seconds a person has to decide (`turn`, 0 for none) and a gone peer has to
come back (`away`)."""

WATCH = fields(v=Int(0, 2**16))
"""Peer to host, first, instead of a hello: watch the table (a spectator: never a seat, never a move)."""

WATCHING = fields(
    v=Int(0, 2**16), name=Str(1, 40), app=Str(1, 40), rules=Str(1, MAX_RULES_TEXT), **_TIMES,
)
"""Host to a spectator, after a good watch: the table; the entries of the game in play follow from its
genesis (the spectator checks them all as it catches up), then every entry, lobby and away message."""

WAIT = WATCHING
"""Host to a peer whose hello came while a game is in play: the table; it waits, told nothing more, for the
lobby of the next game, where it takes a free seat (a `welcome` then), else waits on."""

REJOIN = fields(
    v=Int(0, 2**16), key=Bytes(KEY_BYTES, KEY_BYTES), table=Bytes(16, 16), have=Int(1, 2**40),
    time=Int(0, 2**63), sig=Bytes(SIG_BYTES, SIG_BYTES),
)
"""Peer to host, first, to come back to a game in play: its seat's key, the table, how many entries it
holds already, the time (ms since the epoch) and its signature over them (`rejoin_bytes`)."""

RESUMED = fields(
    v=Int(0, 2**16), seat=Int(0, MAX_SEATS - 1), name=Str(1, 40), app=Str(1, 40), rules=Str(1, MAX_RULES_TEXT),
    entries=Int(1, 2**40), **_TIMES,
)
"""Host to a peer that came back: its game seat and the table; the entries it lacks follow, up to
`entries` in all, then play goes on."""

CHALLENGE = fields(table=Bytes(16, 16), host=Bytes(KEY_BYTES, KEY_BYTES), nonce=Bytes(NONCE_BYTES, NONCE_BYTES))
"""Host to peer, in answer to every hello and rejoin: prove the key by signing a fresh nonce, the table
and the host's own key (`sit_again_bytes`); the answer to the hello follows the proof. A proof is good
only at the host it names: a host that passes on another host's challenge gets a proof for that host,
whose games the peer then takes only sealed by that host's key."""

PROVE = fields(sig=Bytes(SIG_BYTES, SIG_BYTES))
"""Peer to host, right after a `challenge`: its key's signature over `sit_again_bytes(table, host, key, nonce,
nick)`."""

AWAY = fields(seat=Int(0, MAX_SEATS - 1), left=Int(0, MAX_WAIT_S))
"""Host to peers: game seat `seat` is gone and has `left` seconds to come back (0: it is back)."""

REJECT = fields(why=_code(Refusal), n=Int(0, COUNT_MAX))
"""Host to peer, instead of a welcome: why it may not sit, a `Refusal` (wrong version, table full...), and
the number it names (0 when none)."""

LOBBY = fields(seats=List(Opt(fields(nick=Str(1, NICK_MAX), ready=Bool())), 2, MAX_SEATS))
"""Host to peers, whenever the lobby changes: each seat's nickname and ready flag, or nil."""

READY = fields(ready=Bool())
"""Peer to host, in the lobby: set this peer's ready flag."""

BYE = fields(why=_code(Goodbye), n=Int(0, COUNT_MAX))
"""Either way, last: why the sender closes, a `Goodbye`, and the number it names (0 when none)."""

PING_NUMBERS = 2**32
PING = fields(n=Int(0, PING_NUMBERS - 1))
"""Either way, every `Limits.keepalive_s`: show that the sender is alive; answered by a pong. `n` numbers
the sender's pings, so a pong is matched to its own ping."""

PONG = fields(n=Int(0, PING_NUMBERS - 1))
"""Either way, at once, in answer to a ping, echoing its `n`. `Connection` handles both; neither reaches the
application."""

KEEPALIVE: dict[str, Map] = {"ping": PING, "pong": PONG}

_AUTHORED: dict[str, Field] = {
    "seat": Int(0, MAX_SEATS - 1), "ctr": Int(0, MAX_COUNTER - 1), "si": Int(-1, 2**40),
    "sh": Bytes(HASH_BYTES, HASH_BYTES),
    "body": Bytes(1, MAX_FRAME), "sig": Bytes(SIG_BYTES, SIG_BYTES),
}  # fmt: skip
SUBMIT_SCHEMA = fields(**_AUTHORED)
"""Peer to host: a message its author signed, for the sequencer to append."""

ENTRY_SCHEMA = fields(
    i=Int(0, 2**40), prev=Bytes(HASH_BYTES, HASH_BYTES), **_AUTHORED, seal=Bytes(SIG_BYTES, SIG_BYTES),
)
"""Host to peers: transcript entry `i`, an authored message chained to `prev` and sealed by the sequencer."""

GENESIS_SCHEMA = Tagged(
    "k",
    {
        "genesis": fields(
            v=Int(0, 2**16), table=Bytes(16, 16), name=Str(1, 40), app=Str(1, 40), rules=Str(1, MAX_RULES_TEXT),
            ruleset=Bytes(HASH_BYTES, HASH_BYTES), seats=List(Bytes(KEY_BYTES, KEY_BYTES), 2, MAX_SEATS),
            nicks=List(Str(1, NICK_MAX), 2, MAX_SEATS),
            prev=Opt(fields(game=Int(2, 2**16 - 1), head=Bytes(HASH_BYTES, HASH_BYTES),
                            order=List(Bytes(KEY_BYTES, KEY_BYTES), 1, MAX_SEATS))),
        ),  # fmt: skip
    },
)
"""The body of entry 0: the table's id, name, application, rules, who sits where, and (a game of a series
after the first) the link to the previous game: its number, the previous final head, its finish order."""

MAX_EVIDENCE = (MAX_FRAME - 4096) // 2
"""The longest body an equivocation entry carries of each of its two messages (both fit in one frame)."""
EVIDENCE = fields(**{**_AUTHORED, "body": Bytes(1, MAX_EVIDENCE)})
"""A message as its author signed it (seat, counter, seen head, body, signature), carried as evidence."""

BODY_SCHEMA = Tagged(
    "k",
    {
        "app": fields(p=Opaque()),
        "end": fields(),
        "abort": fields(seat=Int(0, MAX_SEATS - 1), reason=Str(0, REASON_MAX, control=True)),
        "away": fields(seat=Int(0, MAX_SEATS - 1), limit=Int(1, MAX_WAIT_S), cause=_code(AwayCause),
                       last=Int(-1, 2**40), seen=Int(-1, 2**40), entries=Int(1, 2**40)),
        "equivocation": fields(a=EVIDENCE, b=EVIDENCE),
    },
)
"""The body of every later entry: an application payload (the application checks `p`), a sign-off, the
sequencer's report of a seat it could not prove at fault (an equivocation too long to carry whole, or an
earlier program's report: the reason text it passes on, cut to size), its report of a seat away past the
table's limit in values (`away`, transcript version 6 on: the limit, how it went, the entry it last sent
and the one it had seen then, -1 for none, and the entries the table held), or
the sequencer's proof that a seat signed two different messages for one place (`a` the one in the chain,
`b` the other; transcript version 5 on)."""

FROM_PEER: dict[str, Map] = {"hello": HELLO, "watch": WATCH, "rejoin": REJOIN, "prove": PROVE, "ready": READY,
                             "submit": SUBMIT_SCHEMA, "bye": BYE, **KEEPALIVE}  # fmt: skip
FROM_HOST: dict[str, Map] = {"welcome": WELCOME, "watching": WATCHING, "wait": WAIT, "resumed": RESUMED,
                             "challenge": CHALLENGE, "reject": REJECT, "lobby": LOBBY, "entry": ENTRY_SCHEMA,
                             "away": AWAY, "bye": BYE, **KEEPALIVE}  # fmt: skip


def rejoin_bytes(table_id: bytes, key: bytes, have: int, time_ms: int) -> bytes:
    """What a returning peer signs: nobody but the seat's key can take the seat back."""
    return pack([_REJOIN_DOMAIN, table_id, key, have, time_ms])


def sit_again_bytes(table_id: bytes, host: bytes, key: bytes, nonce: bytes, nick: str) -> bytes:
    """What a peer signs to prove `key` on a link: only the key's holder answers, only the challenge it was
    sent, only for the host whose key `host` is, and under the nickname its hello gave (empty for a
    rejoin), which nobody on the way can change."""
    return pack([_SIT_AGAIN_DOMAIN, table_id, host, key, nonce, nick])


def checked(schema: Field, obj: object, peer: str) -> Any:
    """`obj`, received from `peer`, checked by `schema`.

    Raises:
        RemoteProtocolError: naming `peer` and the path of the first bad field.
    """
    try:
        return schema.check(obj)
    except WireError as exc:
        raise RemoteProtocolError(peer, str(exc)) from None


def check_message(obj: object, schemas: dict[str, Map], peer: str) -> dict[str, Any]:
    """Check a session message: a map whose `t` names one of `schemas`, then every other field of it.

    Returns:
        The checked map, `t` included.
    Raises:
        RemoteProtocolError: naming `peer` and the first bad field.
    """
    message: dict[str, Any] = checked(Tagged("t", schemas), obj, peer)
    return message


# The session messages the host sends, typed (h11 types what it sends as well as what it reads): each is a
# frozen value whose `to_wire` is the map its schema above declares, checked before it leaves, so a map
# the host builds wrong is a local bug caught here, never a peer's fault.
_FROM_HOST_TAGGED = Tagged("t", FROM_HOST)


@dataclass(frozen=True, slots=True)
class TableInfo:
    """The table as `welcome`, `wait`, `watching` and `resumed` carry it: the protocol version `v`, name,
    application, rules text (preset and house rules) and the time limits (`turn` seconds to decide, `away` seconds
    to come back)."""

    v: int
    name: str
    app: str
    rules: str
    turn: int
    away: int

    def fields(self) -> dict[str, Any]:
        return {"v": self.v, "name": self.name, "app": self.app, "rules": self.rules, "turn": self.turn,
                "away": self.away}  # fmt: skip


class HostMessage:
    """A session message from host to peer; `to_wire` gives its map, checked by `FROM_HOST`."""

    __slots__ = ()
    T: ClassVar[str]

    def body(self) -> dict[str, Any]:
        """The fields but `t`."""
        raise NotImplementedError

    def to_wire(self) -> dict[str, Any]:
        """The map as it goes on the wire, checked by its schema.

        Raises:
            WireError: the value does not fit its schema (a bug of the host's, never a peer's fault).
        """
        message = {"t": self.T, **self.body()}
        _FROM_HOST_TAGGED.check(message)
        return message


@dataclass(frozen=True, slots=True)
class Welcome(HostMessage):
    """A lobby seat given (`WELCOME`)."""

    T: ClassVar[str] = "welcome"
    table: TableInfo
    seat: int

    def body(self) -> dict[str, Any]:
        return {**self.table.fields(), "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Wait(HostMessage):
    """A hello while a game is in play: wait for the next game's lobby (`WAIT`)."""

    T: ClassVar[str] = "wait"
    table: TableInfo

    def body(self) -> dict[str, Any]:
        return self.table.fields()


@dataclass(frozen=True, slots=True)
class WatchingTable(HostMessage):
    """A spectator taken (`WATCHING`)."""

    T: ClassVar[str] = "watching"
    table: TableInfo

    def body(self) -> dict[str, Any]:
        return self.table.fields()


@dataclass(frozen=True, slots=True)
class Resumed(HostMessage):
    """A game seat taken back; the entries it lacks follow, up to `entries` in all (`RESUMED`)."""

    T: ClassVar[str] = "resumed"
    table: TableInfo
    seat: int
    entries: int

    def body(self) -> dict[str, Any]:
        return {**self.table.fields(), "seat": self.seat, "entries": self.entries}


@dataclass(frozen=True, slots=True)
class Challenge(HostMessage):
    """Prove the key on this link (`CHALLENGE`)."""

    T: ClassVar[str] = "challenge"
    table: bytes
    host: bytes
    nonce: bytes

    def body(self) -> dict[str, Any]:
        return {"table": self.table, "host": self.host, "nonce": self.nonce}


@dataclass(frozen=True, slots=True)
class Reject(HostMessage):
    """Why the peer may not sit, come back or watch, and the number that names (`REJECT`)."""

    T: ClassVar[str] = "reject"
    why: Refusal
    n: int = 0

    def body(self) -> dict[str, Any]:
        return {"why": self.why.value, "n": self.n}


@dataclass(frozen=True, slots=True)
class LobbyNews(HostMessage):
    """The lobby's seats, each a nickname and ready flag or None (`LOBBY`)."""

    T: ClassVar[str] = "lobby"
    seats: tuple[dict[str, Any] | None, ...]

    def body(self) -> dict[str, Any]:
        return {"seats": list(self.seats)}


@dataclass(frozen=True, slots=True)
class AwayNews(HostMessage):
    """Game seat `seat` is gone with `left` seconds to come back; 0: it is back (`AWAY`)."""

    T: ClassVar[str] = "away"
    seat: int
    left: int

    def body(self) -> dict[str, Any]:
        return {"seat": self.seat, "left": self.left}


@dataclass(frozen=True, slots=True)
class Bye(HostMessage):
    """The sender closes this link, why, and the number that names (`BYE`; a peer sends it too)."""

    T: ClassVar[str] = "bye"
    why: Goodbye
    n: int = 0

    def body(self) -> dict[str, Any]:
        return {"why": self.why.value, "n": self.n}


def _table(m: dict[str, Any]) -> TableInfo:
    return TableInfo(m["v"], m["name"], m["app"], m["rules"], m["turn"], m["away"])


_HOST_TYPED: dict[str, Callable[[dict[str, Any]], HostMessage]] = {
    "welcome": lambda m: Welcome(_table(m), m["seat"]),
    "wait": lambda m: Wait(_table(m)),
    "watching": lambda m: WatchingTable(_table(m)),
    "resumed": lambda m: Resumed(_table(m), m["seat"], m["entries"]),
    "challenge": lambda m: Challenge(m["table"], m["host"], m["nonce"]),
    "reject": lambda m: Reject(m["why"], m["n"]),
    "lobby": lambda m: LobbyNews(tuple(m["seats"])),
    "away": lambda m: AwayNews(m["seat"], m["left"]),
    "bye": lambda m: Bye(m["why"], m["n"]),
}


def host_message(message: dict[str, Any]) -> HostMessage:
    """The typed value of `message`, a map `FROM_HOST` has checked (`check_message`): the inverse of
    `HostMessage.to_wire`.

    Raises:
        ValueError: `message` is an entry (`Entry.from_wire` reads those) or a keep-alive (`Connection`'s).
    """
    make = _HOST_TYPED.get(message["t"])
    if make is None:
        raise ValueError(f"{message['t']!r} is not a session message from a host")
    return make(message)


# The session messages a peer sends, typed: `peer_message` turns a map `FROM_PEER` has checked (never a
# ping or pong: `Connection` answers those) into one of these, which the host's session dispatches on by
# type; a joiner sends them by `to_wire` (their fields are the map's keys). `Bye` goes both ways.
_FROM_PEER_TAGGED = Tagged("t", FROM_PEER)


class ToHost:
    """A session message from peer to host; `to_wire` gives its map, checked by `FROM_PEER`."""

    __slots__ = ()
    T: ClassVar[str]
    __dataclass_fields__: ClassVar[dict[str, Any]]  # each is a dataclass

    def to_wire(self) -> dict[str, Any]:
        """The map as it goes on the wire, checked by its schema.

        Raises:
            WireError: the value does not fit its schema (a bug of this peer's).
        """
        message = {"t": self.T, **{f.name: getattr(self, f.name) for f in dataclasses.fields(self)}}
        _FROM_PEER_TAGGED.check(message)
        return message


@dataclass(frozen=True, slots=True)
class Hello(ToHost):
    """First: sit at the table (`HELLO`)."""

    T: ClassVar[str] = "hello"
    v: int
    key: bytes
    nick: str
    ready: bool


@dataclass(frozen=True, slots=True)
class Watch(ToHost):
    """First, instead of a hello: watch the table (`WATCH`)."""

    T: ClassVar[str] = "watch"
    v: int


@dataclass(frozen=True, slots=True)
class Rejoin(ToHost):
    """First, to come back to a game in play (`REJOIN`, signed over `rejoin_bytes`)."""

    T: ClassVar[str] = "rejoin"
    v: int
    key: bytes
    table: bytes
    have: int
    time: int
    sig: bytes


@dataclass(frozen=True, slots=True)
class Prove(ToHost):
    """Right after a challenge: the key's signature of it (`PROVE`)."""

    T: ClassVar[str] = "prove"
    sig: bytes


@dataclass(frozen=True, slots=True)
class Readiness(ToHost):
    """In the lobby: this peer's ready flag (`READY`)."""

    T: ClassVar[str] = "ready"
    ready: bool


@dataclass(frozen=True, slots=True)
class Submit:
    """A message its author signed, for the sequencer (`SUBMIT_SCHEMA`): seat, counter, the head it saw
    (index and digest), body and signature."""

    T: ClassVar[str] = "submit"
    seat: int
    counter: int
    seen_index: int
    seen_digest: bytes
    body: bytes
    sig: bytes


PeerMessage = Hello | Watch | Rejoin | Prove | Readiness | Submit | Bye
"""What a peer may send the host, but the keep-alives."""

_FROM_PEER_TYPED: dict[str, Any] = {
    "hello": lambda m: Hello(m["v"], m["key"], m["nick"], m["ready"]),
    "watch": lambda m: Watch(m["v"]),
    "rejoin": lambda m: Rejoin(m["v"], m["key"], m["table"], m["have"], m["time"], m["sig"]),
    "prove": lambda m: Prove(m["sig"]),
    "ready": lambda m: Readiness(m["ready"]),
    "submit": lambda m: Submit(m["seat"], m["ctr"], m["si"], m["sh"], m["body"], m["sig"]),
    "bye": lambda m: Bye(m["why"], m["n"]),
}


def peer_message(message: dict[str, Any]) -> PeerMessage:
    """The typed value of `message`, a map `FROM_PEER` has checked (`check_message`).

    Raises:
        ValueError: `message` is a keep-alive, which `Connection` handles and never passes on.
    """
    try:
        typed: PeerMessage = _FROM_PEER_TYPED[message["t"]](message)
    except KeyError:
        raise ValueError(f"{message.get('t')!r} is not a session message from a peer") from None
    return typed
