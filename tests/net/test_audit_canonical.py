"""A signed body has one spelling: the msgpack our packer writes for its value. A body spelled otherwise
(an int encoded wide, a map with a key twice, which decoders read differently: the last value wins here,
the first elsewhere) is refused naming its author, so every program that reads the chain reads the same
moves; a genesis spelled otherwise is refused naming the host."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from p2pshithead.net import Entry, Head, RemoteProtocolError, Transcript
from p2pshithead.net._framing import decode_signed, pack
from p2pshithead.net._transcript import Authored, seal

from ..profiles import examples
from .fake_link import APPS, make_group

AUTHOR = 1


def _wide(n: int) -> bytes:
    """`n` as a msgpack uint64 (our packer writes a small int in one byte)."""
    return b"\xcf" + n.to_bytes(8, "big")


# {"k": "app", "p": {"take": 1}} spelled three ways, and a map with "p" twice
_CANONICAL = pack({"k": "app", "p": {"take": 1}})
_SPELLINGS = {
    "int encoded wide": b"\x82\xa1k\xa3app\xa1p\x81\xa4take" + _wide(1),
    "str encoded wide": b"\x82\xd9\x01k\xa3app\xa1p\x81\xa4take\x01",
    "a key twice": b"\x83\xa1k\xa3app\xa1p\x81\xa4take\x02\xa1p\x81\xa4take\x01",
}


def _signed_entry(body: bytes) -> tuple[Transcript, Entry]:
    """An observer of a countdown table after seat 0's first move, and entry 2: seat 1's message with
    `body`, well signed and sealed."""
    group = make_group(3)
    group.sequencer.sequence(group.seats[0].move({"take": 1}), "host")
    genesis, first = group.sequencer.transcript.entries
    author, sequencer = group.ids[AUTHOR], group.ids[0]
    table = group.sequencer.transcript.setup.table_id
    draft = Authored(AUTHOR, 0, Head(1, first.digest), body, bytes(64))
    msg = Authored(AUTHOR, 0, draft.seen, body, author.sign(draft.signed_bytes(table)))
    observer = Transcript.start(genesis, None, APPS)
    observer.append(first)
    return observer, seal(sequencer, 2, first.digest, msg)


def test_the_canonical_spelling_is_taken() -> None:
    transcript, entry = _signed_entry(_CANONICAL)
    transcript.append(entry)
    assert transcript.verdict is None and len(transcript.entries) == 3


@pytest.mark.parametrize("body", list(_SPELLINGS.values()), ids=list(_SPELLINGS))
def test_another_spelling_of_a_body_names_its_author(body: bytes) -> None:
    transcript, entry = _signed_entry(body)
    transcript.append(entry)
    assert transcript.verdict is not None and transcript.verdict.seat == AUTHOR, transcript.verdict
    assert "canonical" in transcript.verdict.reason


def test_another_spelling_of_the_genesis_is_refused_naming_the_host() -> None:
    group = make_group(3)
    genesis = group.sequencer.transcript.entries[0]
    body = genesis.msg.body
    assert b"\xa1v\x06" in body  # the version, 6, in one byte
    wide = body.replace(b"\xa1v\x06", b"\xa1v" + _wide(6), 1)
    host = group.ids[0]
    draft = Authored(0, 0, genesis.msg.seen, wide, bytes(64))
    msg = Authored(0, 0, draft.seen, wide, host.sign(draft.signed_bytes(group.sequencer.transcript.setup.table_id)))
    with pytest.raises(RemoteProtocolError, match="canonical") as refused:
        Transcript.start(seal(host, 0, genesis.prev, msg), None, APPS, "host of t")
    assert refused.value.peer == "host of t"


_PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.binary(max_size=300) | st.text(max_size=300),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)


@examples(100)
@given(_PLAIN)
def test_every_value_our_packer_writes_is_read_back(value: object) -> None:
    assert decode_signed(pack(value), "seat 1") == value


@examples(100)
@given(st.binary(max_size=64) | _PLAIN.map(pack).map(lambda data: data[:1] + b"\xcc" + data[1:]))
def test_any_bytes_are_read_only_in_their_one_spelling(data: bytes) -> None:
    """Random bytes, and values spelled with a stray uint8 marker: refused naming the seat, or read as the
    value whose one spelling they are."""
    refused: RemoteProtocolError | None = None
    try:
        value = decode_signed(data, "seat 1")
    except RemoteProtocolError as exc:
        refused = exc
    if refused is None:
        assert pack(value) == data
    else:
        assert refused.peer == "seat 1"
