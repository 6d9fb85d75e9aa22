"""A key of small order is no one's key: with the identity as public key, R = identity and S = 0 "sign"
every message, so anybody could sign as a seat that sat with it, seal a game as a host that announced it,
or prove it on a link. Such a key never verifies anything: a hello with it is refused (its proof fails),
an announcement signed with it is not listed."""

from __future__ import annotations

import socket

import pytest
from zeroconf.asyncio import AsyncServiceInfo

from p2pshithead.net import PROTOCOL_VERSION, Identity
from p2pshithead.net._discovery import SERVICE_TYPE, TableAd
from p2pshithead.net._identity import _SMALL_ORDER, verify, weak_key
from p2pshithead.net._messages import Refusal, Reject
from p2pshithead.net._session import Send

from .prove import hello
from .test_session import Table

P = 2**255 - 19
D = -121665 * pow(121666, -1, P) % P
IDENTITY_KEY = bytes([1]) + bytes(31)
TRIVIAL = IDENTITY_KEY + bytes(32)  # R = the identity, S = 0


def _decode(data: bytes) -> tuple[int, int] | None:
    """RFC 8032 5.1.3, but taking y >= p (a non-canonical y) as y - p, as a lax verifier may."""
    n = int.from_bytes(data, "little")
    y, sign = (n & ((1 << 255) - 1)) % P, n >> 255
    u, v = (y * y - 1) % P, (D * y * y + 1) % P
    x = u * pow(v, 3, P) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    if v * x * x % P == (-u) % P:
        x = x * pow(2, (P - 1) // 4, P) % P
    if v * x * x % P != u:
        return None
    return ((P - x) % P if x & 1 != sign else x), y


def _add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    (x1, y1), (x2, y2) = a, b
    t = D * x1 * x2 * y1 * y2 % P
    return (x1 * y2 + x2 * y1) * pow(1 + t, -1, P) % P, (y1 * y2 + x1 * x2) * pow(1 - t, -1, P) % P


def _times8(point: tuple[int, int]) -> tuple[int, int]:
    for _ in range(3):
        point = _add(point, point)
    return point


def test_the_list_holds_every_encoding_of_the_eight_points_of_small_order() -> None:
    spelled = [*_SMALL_ORDER, *(key[:31] + bytes([key[31] | 0x80]) for key in _SMALL_ORDER)]
    points = {_decode(key) for key in spelled}
    assert None not in points and len(points) == 8
    assert all(_times8(point) == (0, 1) for point in points if point is not None)
    for x, y in (point for point in points if point is not None):  # y and y + p, either sign of x
        for y_spelled in (y, y + P):
            for sign in (0, 1):
                if y_spelled < 2**255:
                    assert weak_key((y_spelled | sign << 255).to_bytes(32, "little")), (x, y)


def test_a_key_of_small_order_verifies_no_signature() -> None:
    assert not verify(IDENTITY_KEY, TRIVIAL, b"anything at all")
    ann = Identity.generate("ann")
    assert not weak_key(ann.public) and verify(ann.public, ann.sign(b"m"), b"m")


def test_a_hello_with_a_key_of_small_order_is_refused() -> None:
    table = Table()
    link = table.open()
    (challenge,) = [a for a in table.send(link, {**hello(Identity.generate("mallory")), "key": IDENTITY_KEY})
                    if isinstance(a, Send)]  # fmt: skip
    assert challenge.message.T == "challenge"
    answer = table.send(link, {"t": "prove", "sig": TRIVIAL})
    assert [a.message for a in answer if isinstance(a, Send)] == [Reject(Refusal.PROOF)]


def test_an_announcement_signed_with_a_key_of_small_order_is_not_listed() -> None:
    ad = TableAd("ab" * 16, "Friday", "mallory", "classic", "cd" * 32, 1, 3, PROTOCOL_VERSION, ("192.0.2.7",), 5000)
    properties = {**ad.properties, "key": IDENTITY_KEY.hex()}
    properties["sig"] = TRIVIAL.hex()  # the trivial signature, good for any record under that key
    info = AsyncServiceInfo(SERVICE_TYPE, f"t.{SERVICE_TYPE}", port=5000, properties=properties,
                            addresses=[socket.inet_aton("192.0.2.7")])  # fmt: skip
    assert TableAd.from_info(info) is None


@pytest.mark.parametrize("key", sorted(_SMALL_ORDER))
def test_every_listed_key_is_weak_with_either_sign(key: bytes) -> None:
    assert weak_key(key) and weak_key(key[:31] + bytes([key[31] | 0x80]))
