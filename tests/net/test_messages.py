"""The session messages, typed both ways: what the host sends (`to_wire`) a joiner reads back, after
`FROM_HOST` has checked it, as the very value sent (`host_message`); and what a peer sends, the host."""

from __future__ import annotations

import enum
from collections.abc import Iterator

import pytest

from p2pshithead.net._errors import RemoteProtocolError
from p2pshithead.net._messages import (
    BODY_SCHEMA,
    FROM_HOST,
    FROM_PEER,
    GENESIS_SCHEMA,
    AwayNews,
    Bye,
    Challenge,
    Goodbye,
    Hello,
    HostMessage,
    LobbyNews,
    Prove,
    Readiness,
    Refusal,
    Reject,
    Rejoin,
    Resumed,
    TableInfo,
    ToHost,
    Wait,
    Watch,
    WatchingTable,
    Welcome,
    check_message,
    host_message,
    peer_message,
)
from p2pshithead.net._transcript import PROTOCOL_VERSION
from p2pshithead.wire import Into, List, Map, Opt, Str, Tagged, Tuple, WireError

INFO = TableInfo(PROTOCOL_VERSION, "kitchen", "shithead", "classic", 60, 120)
SENT: list[HostMessage] = [
    Welcome(INFO, 2), Wait(INFO), WatchingTable(INFO), Resumed(INFO, 1, 40),
    Challenge(bytes(16), bytes(range(32)), bytes(32)), Reject(Refusal.FULL), Reject(Refusal.WAITERS, 3),
    LobbyNews(({"nick": "ann", "ready": True}, None)), AwayNews(1, 30), AwayNews(1, 0), Bye(Goodbye.CLOSED),
    Bye(Goodbye.BUSY, 64),
]  # fmt: skip


@pytest.mark.parametrize("sent", SENT, ids=lambda m: m.T)
def test_a_hosts_message_is_read_back_as_the_value_sent(sent: HostMessage) -> None:
    assert host_message(check_message(sent.to_wire(), FROM_HOST, "host")) == sent


def test_every_kind_of_host_message_is_covered() -> None:
    assert {m.T for m in SENT} == set(FROM_HOST) - {"entry", "ping", "pong"}


@pytest.mark.parametrize("kind", ["entry", "ping"])
def test_an_entry_or_a_keepalive_is_no_session_message(kind: str) -> None:
    with pytest.raises(ValueError, match=f"'{kind}' is not a session message from a host"):
        host_message({"t": kind})


TO_HOST: list[ToHost] = [
    Hello(PROTOCOL_VERSION, bytes(32), "ann", False), Watch(PROTOCOL_VERSION),
    Rejoin(PROTOCOL_VERSION, bytes(32), bytes(16), 12, 1_700_000_000_000, bytes(64)), Prove(bytes(64)), Readiness(True),
]  # fmt: skip


@pytest.mark.parametrize("sent", TO_HOST, ids=lambda m: m.T)
def test_a_peers_message_is_read_back_by_the_host_as_the_value_sent(sent: ToHost) -> None:
    assert peer_message(check_message(sent.to_wire(), FROM_PEER, "ann")) == sent


def test_a_peers_message_is_checked_by_its_schema_before_it_leaves() -> None:
    with pytest.raises(WireError):
        Hello(PROTOCOL_VERSION, bytes(31), "ann", False).to_wire()  # a key one byte short


# --- the wire carries no words (issue 23): each free-text field of every schema, and why it may be one ---

_TABLE = ("welcome", "wait", "watching", "resumed", "genesis")  # each carries the table's name, app and rules
FREE_TEXT = {
    "hello.nick": "a nickname, as its person typed it",
    "lobby.seats.nick": "a nickname, as its person typed it",
    "genesis.nicks": "the nicknames, as their people typed them",
    **{f"{t}.name": "the table's name, as its host typed it" for t in _TABLE},
    **{f"{t}.app": "the application's name, a key (`shithead`, `speed`) that stays as typed in every language"
       for t in _TABLE},
    **{f"{t}.rules": "the rules text: a preset and rule keys (`classic; burn=on`), which stay as typed; each "
                     "program puts them in words itself" for t in _TABLE},
    "abort.reason": "the host's technical detail of an equivocation too long to carry whole (what two signed "
                    "messages differ in), or an earlier program's report: shown only after the translated sentence "
                    "`reported by the host, not provable: seat N (nick)`; a seat away past the limit is `away`, values",
}  # fmt: skip


def _texts(field: object, path: str) -> Iterator[str]:
    """The path of each free-text field under `field`: a `Str` not behind an `Into` of an enum (a code from a
    closed set, refused by name when unknown)."""
    match field:
        case Str():
            yield path
        case Into(inner, build) if not (isinstance(build, type) and issubclass(build, enum.Enum)):
            yield from _texts(inner, path)
        case Map(fields=items):
            for name, inner in items:
                yield from _texts(inner, f"{path}.{name}".lstrip("."))
        case Tagged(variants=variants):
            for tag, inner in variants.items():
                yield from _texts(inner, tag)
        case List(item=inner) | Opt(inner=inner):
            yield from _texts(inner, path)
        case Tuple(items=items):
            for inner in items:
                yield from _texts(inner, path)


def test_no_message_carries_a_sentence_for_another_peer_to_print() -> None:
    schemas = [Tagged("t", FROM_PEER), Tagged("t", FROM_HOST), GENESIS_SCHEMA, BODY_SCHEMA]
    texts = {path for schema in schemas for path in _texts(schema, "")}
    assert texts == set(FREE_TEXT), texts ^ set(FREE_TEXT)


@pytest.mark.parametrize("kind, map_", [("reject", {"why": "bored", "n": 0}), ("bye", {"why": "gone", "n": 0})])
def test_a_code_outside_the_closed_set_is_refused_naming_the_peer(kind: str, map_: dict[str, object]) -> None:
    with pytest.raises(RemoteProtocolError, match=r"^host of kitchen: field why: '\w+' is not a valid"):
        check_message({"t": kind, **map_}, FROM_HOST, "host of kitchen")
