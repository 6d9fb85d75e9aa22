"""The one gate for a peer's group elements (`is_point`) against RFC 9496's own decoding (written out in
tests/crypto/ristretto.py): the same answer on every family of malformed encodings and on random bytes,
whatever libsodium's version does with bit 255; and at the deck's wire boundary every point field of every
message refuses every family, naming the sender, while the honest message still passes."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import rbcl
from hypothesis import given
from hypothesis import strategies as st

from p2pshithead.crypto import MESSAGE_SCHEMA, MalformedMessageError, SimulatedTable, _group, message_from_wire
from p2pshithead.crypto._group import IDENTITY, is_point

from .ristretto import (
    P,
    decode,
    honest_points,
    kinds_of_path,
    malformed_families,
    malformed_points,
    point_paths,
    replaced,
)
from .test_messages import wire_of

MALFORMED = malformed_points()


def _rfc(data: object) -> bool:
    """RFC 9496's answer for a point field: a valid encoding, and not the identity."""
    return isinstance(data, bytes) and data != IDENTITY and decode(data) is not None


@pytest.mark.parametrize(("family", "bad"), MALFORMED, ids=[f"{f}-{i}" for i, (f, _) in enumerate(MALFORMED)])
def test_every_malformed_encoding_is_refused(family: str, bad: object) -> None:
    assert not is_point(bad)
    assert not _rfc(bad)


def test_the_families_are_what_they_say() -> None:
    families = malformed_families()
    for honest in honest_points():
        assert _rfc(honest) and is_point(honest)
    for bad in families["bit 255 set (same point, second spelling)"]:
        assert isinstance(bad, bytes) and bad[31] & 0x80 and _rfc(bad[:31] + bytes([bad[31] & 0x7F]))
    for bad in families["no square root (not on the curve)"] + families["negative t = x*y"]:
        assert isinstance(bad, bytes) and int.from_bytes(bad, "little") < P and not bad[0] & 1
    assert decode(IDENTITY) == (0, 1)  # a valid encoding: refused only as meaningless here


def _old_libsodium(data: bytes) -> bool:
    """libsodium 1.0.18's check: decoding that ignores bit 255."""
    return decode(data[:31] + bytes([data[31] & 0x7F])) is not None


def _new_libsodium(data: bytes) -> bool:
    """A libsodium that follows RFC 9496 whole."""
    return decode(data) is not None


@pytest.mark.parametrize("binding", [_old_libsodium, _new_libsodium, rbcl.crypto_core_ristretto255_is_valid_point])
def test_the_gate_gives_one_answer_whatever_libsodium_does_with_bit_255(
    binding: Callable[[bytes], bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_group.rbcl, "crypto_core_ristretto255_is_valid_point", binding)
    for _, bad in MALFORMED:
        assert not is_point(bad)
    for honest in honest_points():
        assert is_point(honest)


@given(st.binary(min_size=32, max_size=32))
def test_the_gate_agrees_with_the_rfc_on_any_32_bytes(data: bytes) -> None:
    assert is_point(data) == _rfc(data)


@given(st.integers(0, P // 2 - 1))
def test_the_gate_agrees_with_the_rfc_on_even_field_elements(half: int) -> None:
    """Even s below p: the inputs that reach the curve steps (a square root exists, t, y)."""
    data = (2 * half).to_bytes(32, "little")
    assert is_point(data) == _rfc(data)


@pytest.mark.parametrize("kind", ["key_share", "shuffle", "reveal", "deal_reveal"])
def test_every_point_field_of_every_deck_message_refuses_every_family(kind: str, dealt: SimulatedTable) -> None:
    honest = wire_of(dealt, kind) if kind != "deal_reveal" else dealt.peers[0].reveal_message([40], draw=True).to_wire()
    paths = point_paths(MESSAGE_SCHEMA, honest)
    fields = {kinds_of_path(p) for p in paths}
    assert fields, kind
    for field in fields:
        places = [p for p in paths if kinds_of_path(p) == field]
        for path in {places[0], places[-1]}:
            for family, bad in MALFORMED:
                with pytest.raises(MalformedMessageError) as caught:
                    message_from_wire(2, replaced(honest, path, bad))
                assert caught.value.peer == 2, (family, path)
                assert "point" in caught.value.reason, (family, path, caught.value.reason)
    assert message_from_wire(2, honest).to_wire() == honest  # positive control

