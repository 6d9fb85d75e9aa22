"""Host and joiners over real sockets on 127.0.0.1, in one event loop."""

from __future__ import annotations

import asyncio
import os
import random
import time

import pytest

from p2pshithead.cli.agents import BotAgent
from p2pshithead.net import (
    PROTOCOL_VERSION,
    Host,
    Identity,
    Joiner,
    Progress,
    RemoteProtocolError,
    TableConfig,
    Transcript,
    encode_frame,
)
from p2pshithead.net._connection import Connection
from p2pshithead.net._messages import FROM_HOST, Refusal

from .countdown import APPS, COUNTDOWN, CountdownBot, countdown_bots

CONFIG = TableConfig("loop", COUNTDOWN, "short", 4, "127.0.0.1", announce=False)


def _bot(seed: int) -> BotAgent:
    return CountdownBot(random.Random(seed))


async def _table(
    n_joiners: int, config: TableConfig = CONFIG, ready: bool = False
) -> tuple[Transcript, list[Transcript]]:
    async with Host(Identity.generate("host"), config, _bot(0), table_id=os.urandom(16), secret=b"", host_ready=ready,
                    notify=lambda event: None, clock=time.monotonic) as host:  # fmt: skip
        run = asyncio.ensure_future(host.async_run())
        joiners = [Joiner(Identity.generate(f"j{i}"), ("127.0.0.1",), host.port, APPS, countdown_bots(i + 1), bot=True,
                          bind="127.0.0.1", notify=lambda event: None, clock=time.monotonic)
                   for i in range(n_joiners)]  # fmt: skip
        for j in joiners:
            await j.__aenter__()
        try:
            results = await asyncio.wait_for(asyncio.gather(run, *(j.async_run() for j in joiners)), 10)
        finally:
            for j in joiners:
                await j.async_close()
    return results[0], list(results[1:])


def test_four_peers_finish_with_one_transcript() -> None:
    host, others = asyncio.run(_table(3))
    assert host.phase is Progress.DONE
    assert {t.head for t in others} == {host.head}
    assert sorted(host.app.finish_order() or ()) == [0, 1, 2, 3]


def test_all_ready_starts_before_the_table_is_full() -> None:
    config = TableConfig("loop", COUNTDOWN, "short", 5, "127.0.0.1", announce=False)
    host, others = asyncio.run(_table(1, config, ready=True))
    assert len(host.setup.seats) == 2 and others[0].head == host.head


async def _raw(port: int, frames: list[bytes]) -> dict[str, object]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    async with Connection(reader, writer, FROM_HOST, "host") as conn:
        for frame in frames:
            writer.write(frame)
        return await asyncio.wait_for(conn.async_recv(), 5)


async def _hello_reply(frames: list[bytes]) -> dict[str, object] | Exception:
    async with Host(Identity.generate("host"), CONFIG, _bot(0), table_id=os.urandom(16), secret=b"", host_ready=False,
                    notify=lambda event: None, clock=time.monotonic) as host:  # fmt: skip
        try:
            return await _raw(host.port, frames)
        except RemoteProtocolError as exc:
            return exc


def test_wrong_version_is_rejected_with_a_reason() -> None:
    hello = {"t": "hello", "v": 99, "key": bytes(32), "nick": "x", "ready": True}
    reply = asyncio.run(_hello_reply([encode_frame(hello)]))
    assert reply == {"t": "reject", "why": Refusal.VERSION, "n": PROTOCOL_VERSION}  # the host's version, to word


@pytest.mark.parametrize(
    "frame",
    [
        b"\xff\xff\xff\xff",  # announces more than the size limit
        encode_frame({"t": "hello", "v": 3, "key": b"short", "nick": "x", "ready": True}),
        encode_frame({"t": "hello", "v": 3, "key": bytes(32), "nick": "x", "ready": True, "extra": 1}),
        encode_frame({"t": "submit"}),
    ],
)
def test_bad_first_frames_close_the_connection(frame: bytes) -> None:
    reply = asyncio.run(_hello_reply([frame]))
    assert isinstance(reply, RemoteProtocolError) and "closed" in reply.reason


def test_a_peer_address_is_named_even_when_the_socket_is_gone() -> None:
    from p2pshithead.net._addresses import peer_name

    assert peer_name(("::ffff:10.0.0.2", 4000)) == "10.0.0.2:4000"
    assert peer_name(("fd00::2", 4000, 0, 0)) == "[fd00::2]:4000"
    assert peer_name(None) == "a peer that has gone"  # getpeername after a reset: no traceback
