"""Framing, schemas, identities and the lobby: the pieces below the transcript."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from p2pshithead.net import (
    FrameDecoder,
    Identity,
    Lobby,
    LobbyRefusal,
    Occupant,
    RemoteProtocolError,
    encode_frame,
    load_identity,
)
from p2pshithead.net._identity import verify
from p2pshithead.net._messages import FROM_PEER, Refusal, check_message

from ..profiles import examples

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text(max_size=20) | st.binary(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@examples(40)
@given(objs=st.lists(plain, max_size=5), cut=st.integers(1, 7))
def test_frames_survive_any_split(objs: list[object], cut: int) -> None:
    data = b"".join(encode_frame(o) for o in objs)
    decoder = FrameDecoder("peer")
    out = [o for i in range(0, len(data), cut) for o in decoder.feed(data[i : i + cut])]
    assert out == objs and decoder.buffered == 0


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"\x00\x10\x00\x00", "exceeds"),
        (b"\x00\x00\x00\x01\xc1", "undecodable"),
        (b"\x00\x00\x00\x03\x81\x01\x02", "undecodable"),
    ],
)
def test_bad_frames_name_the_peer(data: bytes, reason: str) -> None:
    with pytest.raises(RemoteProtocolError, match=f"mallory: .*{reason}"):
        FrameDecoder("mallory", limit=1024).feed(data)


HELLO = {"t": "hello", "v": 4, "key": bytes(32), "nick": "ann", "ready": False}


@pytest.mark.parametrize(
    ("change", "says"),
    [({"v": True}, "field v: expected an integer"), ({"key": b"x"}, "field key: 1 bytes"),
     ({"nick": "a\nb"}, "field nick: contains control"), ({"nick": ""}, "field nick: 0 characters"),
     ({"t": "nope"}, "field t: unknown message type 'nope'"), ({"ready": 1}, "field ready: expected a bool"),
     ({"x": 1}, r"unexpected keys \['x'\]")],
)  # fmt: skip
def test_schema_names_the_peer_and_the_first_bad_field(change: dict[str, object], says: str) -> None:
    with pytest.raises(RemoteProtocolError, match=f"^bob: {says}"):
        check_message({**HELLO, **change}, FROM_PEER, "bob")


def test_identity_persists_and_signs(tmp_path: Path) -> None:
    first = load_identity(tmp_path, nick="ann")
    again = load_identity(tmp_path)
    assert again.public == first.public and again.nick == "ann"
    assert (tmp_path / "identity.pem").stat().st_mode & 0o777 == 0o600
    assert verify(first.public, first.sign(b"m"), b"m") and not verify(first.public, first.sign(b"m"), b"n")


def test_lobby_seats_refuses_and_starts() -> None:
    host = Identity.generate("host")
    lobby = Lobby(3, Occupant(host.public, "host", ready=True))
    a = lobby.sit(bytes([1]) * 32, "a")
    with pytest.raises(LobbyRefusal) as seated:
        lobby.sit(bytes([1]) * 32, "again")
    assert seated.value.why is Refusal.SEATED
    assert not lobby.can_start()
    lobby.set_ready(a, True)
    assert lobby.can_start()  # two seated, all ready
    lobby.set_ready(a, False)
    lobby.sit(bytes([2]) * 32, "b")
    assert lobby.can_start() and lobby.free == 0  # full
    with pytest.raises(LobbyRefusal) as full:
        lobby.sit(bytes([3]) * 32, "c")
    assert full.value.why is Refusal.FULL
    lobby.leave(a)
    setup = lobby.setup(bytes(16), "t", "countdown", "short", bytes(32))
    assert [s.nick for s in setup.seats] == ["host", "b"]
