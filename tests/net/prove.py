"""A raw link that says hello answers the host's challenge as a joiner does: every hello is proven by its key
(a fresh nonce, signed)."""

from __future__ import annotations

from typing import Any

from p2pshithead.net import PROTOCOL_VERSION, Identity
from p2pshithead.net._connection import Connection
from p2pshithead.net._messages import sit_again_bytes


def hello(who: Identity, ready: bool = False) -> dict[str, Any]:
    return {"t": "hello", "v": PROTOCOL_VERSION, "key": who.public, "nick": who.nick, "ready": ready}


def proof(signer: Identity, key: bytes, challenge: dict[str, Any], nick: str | None = None) -> dict[str, Any]:
    """`signer`'s answer to `challenge` for `key` (a proof only when `signer` holds `key`), under `nick`
    (by default the signer's own, as its hello gives it; empty for a rejoin)."""
    assert challenge["t"] == "challenge", challenge
    signed = sit_again_bytes(challenge["table"], challenge["host"], key, challenge["nonce"],
                             signer.nick if nick is None else nick)
    return {"t": "prove", "sig": signer.sign(signed)}


async def async_seated(conn: Connection, who: Identity, ready: bool = False) -> dict[str, Any]:
    """Say hello as `who` on `conn`, prove the key; the host's answer (a welcome, a wait, a refusal)."""
    await conn.async_send(hello(who, ready))
    await conn.async_send(proof(who, who.public, await conn.async_recv()))
    return await conn.async_recv()
