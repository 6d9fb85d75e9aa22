# The session messages between a peer and the host, with their schemas. Invariant: every map a peer
# receives is checked against the schema of its direction (`FROM_PEER` at the host, `FROM_HOST` at a
# joiner) before any field is used; transcript entries and submissions carry their own schemas.
"""Schemas of the session messages: hello, welcome, reject, lobby, ready, submit, entry, bye."""

from __future__ import annotations

from p2pshithead.net._identity import KEY_BYTES, NICK_MAX
from p2pshithead.net._schema import Bool, Bytes, Int, List, Map, Opt, Str, fields
from p2pshithead.net._transcript import ENTRY_SCHEMA, SUBMIT_SCHEMA

HELLO = fields(v=Int(0, 2**16), key=Bytes(KEY_BYTES, KEY_BYTES), nick=Str(1, NICK_MAX), ready=Bool())
"""Peer to host, first: protocol version, public key, nickname, whether it is ready already (bots)."""

WELCOME = fields(
    v=Int(0, 2**16), seat=Int(0, 10), name=Str(1, 40), app=Str(1, 40), rules=Str(1, 40), words=Str(0, 2000, lines=True)
)
"""Host to peer, after a good hello: the seat given in the lobby and the rules (preset and in words)."""

REJECT = fields(reason=Str(0, 200))
"""Host to peer, instead of a welcome: why it may not sit (wrong version, table full...)."""

LOBBY = fields(seats=List(Opt(fields(nick=Str(1, NICK_MAX), ready=Bool())), 2, 11))
"""Host to peers, whenever the lobby changes: each seat's nickname and ready flag, or nil."""

READY = fields(ready=Bool())
"""Peer to host, in the lobby: set this peer's ready flag."""

BYE = fields(reason=Str(0, 200))
"""Either way, last: why the sender closes."""

FROM_PEER: dict[str, Map] = {"hello": HELLO, "ready": READY, "submit": SUBMIT_SCHEMA, "bye": BYE}
FROM_HOST: dict[str, Map] = {"welcome": WELCOME, "reject": REJECT, "lobby": LOBBY, "entry": ENTRY_SCHEMA, "bye": BYE}
