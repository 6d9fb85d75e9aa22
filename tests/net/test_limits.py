"""Time limits, caps and keep-alives over real sockets on 127.0.0.1, with small injected `Limits`."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import socket
import struct
import time
from collections.abc import AsyncIterator

import pytest

from p2pshithead.net import (
    ByteBudget,
    Host,
    Identity,
    Joiner,
    Limits,
    Progress,
    RemoteProtocolError,
    TableConfig,
    encode_frame,
)
from p2pshithead.net._addresses import open_listener
from p2pshithead.net._connection import Connection
from p2pshithead.net._messages import FROM_HOST, FROM_PEER

from .countdown import APPS, COUNTDOWN, CountdownBot, countdown_bots
from .prove import async_seated, hello, proof

CONFIG = TableConfig("limits", COUNTDOWN, "short", 4, "127.0.0.1", announce=False)
FAST = Limits(hello_s=0.4, frame_s=0.4, hello_frame=1024, frame=64 * 1024, connections=4, buffered=64 * 1024,
              keepalive_s=0.05)  # fmt: skip
RAW = Identity.generate("raw")
HELLO = hello(RAW)


@contextlib.asynccontextmanager
async def _host(limits: Limits = FAST) -> AsyncIterator[Host]:
    async with Host(Identity.generate("host"), CONFIG, CountdownBot(random.Random(0)), table_id=os.urandom(16),
                    secret=b"", host_ready=False, notify=lambda event: None, clock=time.monotonic,
                    limits=limits) as host:  # fmt: skip
        yield host


async def _open(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection("127.0.0.1", port)


async def _until_closed(reader: asyncio.StreamReader, within: float) -> tuple[float, bytes]:
    """Seconds until the other end closed (read everything meanwhile), and what it sent."""
    start, got = time.monotonic(), b""
    async with asyncio.timeout(within):
        while True:
            try:
                data = await reader.read(65536)
            except ConnectionError:
                data = b""
            if not data:
                return time.monotonic() - start, got
            got += data


async def _is_open(reader: asyncio.StreamReader, for_s: float) -> bool:
    try:
        await _until_closed(reader, for_s)
    except TimeoutError:
        return True
    return False


def _frames(data: bytes) -> list[object]:
    from p2pshithead.net import FrameDecoder

    return FrameDecoder("host").feed(data)


def test_limits_are_checked() -> None:
    with pytest.raises(ValueError, match="hello_s"):
        Limits(hello_s=0)
    with pytest.raises(ValueError, match="frame limits"):
        Limits(hello_frame=2 * Limits().frame)


def test_an_idle_stranger_is_closed_by_the_hello_deadline() -> None:
    async def run() -> float:
        async with _host() as host:
            reader, writer = await _open(host.port)
            elapsed, _ = await _until_closed(reader, 3)
            writer.close()
            return elapsed

    assert asyncio.run(run()) >= FAST.hello_s * 0.8  # (and before `_until_closed`'s deadline)


def test_a_hello_trickled_byte_by_byte_is_closed_by_the_hello_deadline() -> None:
    async def run() -> tuple[float, int]:
        async with _host() as host:
            reader, writer = await _open(host.port)
            frame, sent = encode_frame(HELLO), 0

            async def trickle() -> None:
                nonlocal sent
                for byte in frame:
                    writer.write(bytes([byte]))
                    sent += 1
                    await asyncio.sleep(0.05)

            task = asyncio.ensure_future(trickle())
            elapsed, _ = await _until_closed(reader, 3)
            task.cancel()
            writer.close()
            return elapsed, sent

    _, sent = asyncio.run(run())
    assert sent < len(encode_frame(HELLO))  # closed before the trickle was done


def test_a_seated_peer_trickling_a_frame_is_closed_by_the_frame_deadline() -> None:
    async def run() -> tuple[float, list[object]]:
        async with _host(Limits(hello_s=0.4, frame_s=0.3, keepalive_s=10)) as host:
            reader, writer = await _open(host.port)
            writer.write(encode_frame(HELLO))
            await asyncio.sleep(0.2)
            writer.write(encode_frame(proof(RAW, RAW.public, _frames(await reader.read(65536))[0])))  # type: ignore[arg-type]
            await asyncio.sleep(0.5)  # seated: the hello deadline no longer applies
            first = await reader.read(65536)
            frame = encode_frame({"t": "ready", "ready": True})
            writer.write(frame[:3])  # half a header, then one byte a tenth of a second
            for byte in frame[3:6]:
                await asyncio.sleep(0.1)
                writer.write(bytes([byte]))
            elapsed, _ = await _until_closed(reader, 3)
            writer.close()
            return elapsed, _frames(first)

    _, first = asyncio.run(run())  # closed within `_until_closed`'s deadline: no other limit was near
    assert first and isinstance(first[0], dict) and first[0]["t"] == "welcome"


def test_connections_past_the_cap_are_told_and_closed_at_once() -> None:
    async def run() -> tuple[list[bool], float, bytes]:
        async with _host(Limits(hello_s=3, connections=3)) as host:
            held = [await _open(host.port) for _ in range(3)]
            await asyncio.sleep(0.1)
            reader, writer = await _open(host.port)
            elapsed, said = await _until_closed(reader, 1)
            open_ = [await _is_open(r, 0.05) for r, _ in held]
            for _, w in [*held, (reader, writer)]:
                w.close()
            return open_, elapsed, said

    open_, _, said = asyncio.run(run())  # closed within 1 s: before its hello deadline (3 s)
    assert open_ == [True, True, True]
    assert _frames(said) == [{"t": "bye", "why": "busy", "n": 3}]


def test_a_freed_place_under_the_cap_serves_again() -> None:
    async def run() -> dict[str, object]:
        async with _host(Limits(hello_s=3, connections=1)) as host:
            reader, writer = await _open(host.port)
            writer.close()
            await asyncio.sleep(0.1)
            reader, writer = await _open(host.port)
            async with Connection(reader, writer, FROM_HOST, "host") as conn:
                return await asyncio.wait_for(async_seated(conn, RAW), 2)

    assert asyncio.run(run())["t"] == "welcome"


@pytest.mark.parametrize("length", [0xFFFFFFFF, FAST.hello_frame + 1])
def test_a_giant_length_prefix_is_refused_at_once(length: int) -> None:
    async def run() -> None:
        async with _host(Limits(hello_s=5, hello_frame=FAST.hello_frame)) as host:
            reader, writer = await _open(host.port)
            writer.write(struct.pack(">I", length))
            await _until_closed(reader, 2)  # before its hello deadline (5 s)
            writer.close()

    asyncio.run(run())


def test_the_shared_budget_closes_the_connection_that_would_pass_it() -> None:
    limits = Limits(hello_s=3, hello_frame=16 * 1024, buffered=40 * 1024)
    half = struct.pack(">I", 16 * 1024 - 8) + bytes(15 * 1024)  # most of a frame, never finished

    async def run() -> tuple[list[bool], float]:
        async with _host(limits) as host:
            held = []
            for _ in range(2):
                reader, writer = await _open(host.port)
                writer.write(half)
                held.append((reader, writer))
            await asyncio.sleep(0.1)
            reader, writer = await _open(host.port)
            writer.write(half)
            elapsed, _ = await _until_closed(reader, 2)
            open_ = [await _is_open(r, 0.05) for r, _ in held]
            for _, w in [*held, (reader, writer)]:
                w.close()
            return open_, elapsed

    open_, _ = asyncio.run(run())  # closed within 2 s: before its hello deadline (3 s)
    assert open_ == [True, True]


def test_a_budget_names_the_peer_and_takes_back_what_is_given() -> None:
    budget = ByteBudget(100)
    held = budget.resize(0, 60, "a")
    with pytest.raises(RemoteProtocolError, match="shared budget") as caught:
        budget.resize(0, 50, "b")
    assert caught.value.peer == "b" and budget.used == 60
    budget.resize(held, 0, "a")
    assert budget.resize(0, 100, "b") == 100 and budget.used == 100


async def _served_error(data: bytes, limits: Limits = FAST) -> tuple[RemoteProtocolError | None, str]:
    """What a server's `Connection` raises reading `data` from a real client, and the client's name."""
    done: asyncio.Future[RemoteProtocolError | None] = asyncio.get_running_loop().create_future()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        host, port = writer.get_extra_info("peername")
        name = f"{host}:{port}"
        async with Connection(reader, writer, FROM_PEER, name, limits=limits, frame_limit=limits.hello_frame) as conn:
            try:
                await conn.async_recv()
                done.set_result(None)
            except RemoteProtocolError as exc:
                done.set_result(exc)

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    async with server:
        reader, writer = await _open(server.sockets[0].getsockname()[1])
        writer.write(data)
        error = await asyncio.wait_for(done, 3)
        host, port = writer.get_extra_info("sockname")
        name = f"{host}:{port}"
        writer.close()
    return error, name


GARBAGE = {
    "random bytes": bytes(random.Random(1).randrange(256) for _ in range(600)),
    "nested msgpack": struct.pack(">I", 1000) + b"\x91" * 999 + b"\xc0",
    "nested past the depth limit": struct.pack(">I", 41) + b"\x91" * 40 + b"\xc0",
    "wrong schema": encode_frame({"t": "hello", "v": "one", "key": bytes(32), "nick": "x", "ready": True}),
    "unknown message": encode_frame({"t": "shout"}),
    "not a map": encode_frame([1, 2, 3]),
    "two objects in one frame": struct.pack(">I", 2) + b"\xc0\xc0",
    "giant prefix": b"\xff\xff\xff\xff",
    "ext type": struct.pack(">I", 3) + b"\xd4\x01\x00",
}


@pytest.mark.parametrize("kind", sorted(GARBAGE))
def test_garbage_names_its_source(kind: str) -> None:
    error, name = asyncio.run(_served_error(GARBAGE[kind]))
    assert isinstance(error, RemoteProtocolError) and error.peer == name and name in str(error)


def test_garbage_never_stops_the_host_from_seating_a_real_peer() -> None:
    async def run() -> dict[str, object]:
        async with _host(Limits(hello_s=2)) as host:
            for data in GARBAGE.values():
                reader, writer = await _open(host.port)
                writer.write(data)
                await _until_closed(reader, 1)
                writer.close()
            reader, writer = await _open(host.port)
            async with Connection(reader, writer, FROM_HOST, "host") as conn:
                return await asyncio.wait_for(async_seated(conn, RAW), 2)

    assert asyncio.run(run())["t"] == "welcome"


def test_keepalive_shows_a_peer_that_reads_nothing_as_silent_and_a_live_one_not() -> None:
    interval = 0.05

    async def run() -> tuple[float, float, list[object]]:
        server = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        live: list[Connection] = []

        async def serve_live(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            live.append(Connection(reader, writer, FROM_PEER, "live peer"))

        live_server = await asyncio.start_server(serve_live, "127.0.0.1", 0)
        raw = socket.create_connection(("127.0.0.1", port))  # accepted by the kernel, read by nobody
        dead_conn = Connection(*await _open(port), FROM_HOST, "dead peer")
        live_conn = Connection(*await _open(live_server.sockets[0].getsockname()[1]), FROM_HOST, "live host")
        await asyncio.sleep(0.05)
        returned: list[asyncio.Task[object]] = []
        readers = [asyncio.ensure_future(c.async_recv()) for c in (dead_conn, live_conn, live[0])]
        for task in readers:
            task.add_done_callback(lambda t: returned.append(t))
        dead_conn.start_keepalive(interval)
        live_conn.start_keepalive(interval)
        await asyncio.sleep(interval * 10)
        silences = dead_conn.silent_for(), live_conn.silent_for()
        for task in readers:
            task.cancel()
        for conn in (dead_conn, live_conn, live[0]):
            await conn.async_close()
        raw.close()
        server.close()
        live_server.close()
        return *silences, [t for t in returned if not t.cancelled()]

    dead, alive, returned = asyncio.run(run())
    assert dead > interval * 8 and alive < interval * 3
    assert returned == []  # pings and pongs never reach the caller


def test_wait_silent_returns_once_the_peer_has_been_silent_that_long() -> None:
    async def run() -> tuple[float, float]:
        server = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
        conn = Connection(*await _open(server.sockets[0].getsockname()[1]), FROM_HOST, "quiet")
        start = time.monotonic()
        silent = await asyncio.wait_for(conn.async_wait_silent(0.2), 2)
        elapsed = time.monotonic() - start
        await conn.async_close()
        server.close()
        return silent, elapsed

    silent, elapsed = asyncio.run(run())  # (within `wait_for`'s 2 s)
    assert silent >= 0.2 and elapsed >= 0.15


def test_silence_is_measured_on_the_injected_clock_and_any_bytes_reset_it() -> None:
    now = [100.0]

    async def run() -> tuple[float, float]:
        server = await asyncio.start_server(lambda r, w: w.write(encode_frame({"t": "lobby", "seats": [None, None]})),
                                            "127.0.0.1", 0)  # fmt: skip
        conn = Connection(*await _open(server.sockets[0].getsockname()[1]), FROM_HOST, "h", clock=lambda: now[0])
        now[0] = 107.5
        before = conn.silent_for()
        await asyncio.wait_for(conn.async_recv(), 2)
        after = conn.silent_for()
        await conn.async_close()
        server.close()
        return before, after

    assert asyncio.run(run()) == (7.5, 0.0)


def test_tcp_keepalive_is_set_on_every_connection() -> None:
    limits = Limits(tcp_idle_s=7, tcp_interval_s=3, tcp_probes=4)

    async def run() -> list[int]:
        server = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
        reader, writer = await _open(server.sockets[0].getsockname()[1])
        conn = Connection(reader, writer, FROM_HOST, "h", limits=limits)
        sock = writer.get_extra_info("socket")
        got = [sock.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE)]
        if hasattr(socket, "TCP_KEEPIDLE"):
            options = (socket.TCP_KEEPIDLE, socket.TCP_KEEPINTVL, socket.TCP_KEEPCNT)
            got += [sock.getsockopt(socket.IPPROTO_TCP, o) for o in options]
        await conn.async_close()
        server.close()
        return got

    got = asyncio.run(run())
    assert got[0] != 0 and got[1:] in ([], [7, 3, 4])


def test_a_hosts_connection_sends_each_frame_at_once() -> None:
    """The host's listener comes from `socket.create_server` (protocol number 0), whose accepted sockets
    asyncio leaves to Nagle: a relayed entry then waited for the joiner's delayed ACK, up to 40 ms."""

    async def run() -> tuple[int, int]:
        accepted: asyncio.Queue[asyncio.StreamWriter] = asyncio.Queue()
        server = await asyncio.start_server(lambda r, w: accepted.put_nowait(w), sock=open_listener("127.0.0.1", 0))
        _, writer = await _open(server.sockets[0].getsockname()[1])
        theirs = await accepted.get()
        sock = theirs.get_extra_info("socket")
        before = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        conn = Connection(asyncio.StreamReader(), theirs, FROM_PEER, "p")
        after = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        await conn.async_close()
        writer.close()
        server.close()
        return before, after

    before, after = asyncio.run(run())
    assert before == 0 and after != 0  # (before: what asyncio left, so the test sees the case it guards)


def test_a_table_plays_out_with_pings_flying_both_ways() -> None:
    limits = Limits(keepalive_s=0.005)

    async def run() -> tuple[Progress, set[object]]:
        async with Host(Identity.generate("host"), CONFIG, CountdownBot(random.Random(0)), table_id=os.urandom(16),
                        secret=b"", host_ready=False, notify=lambda e: None, clock=time.monotonic,
                        limits=limits) as host:  # fmt: skip
            run_host = asyncio.ensure_future(host.async_run())
            joiners = [Joiner(Identity.generate(f"j{i}"), ["127.0.0.1"], host.port, APPS, countdown_bots(i + 1),
                              bot=True, bind="127.0.0.1", notify=lambda e: None, clock=time.monotonic, limits=limits)
                       for i in range(3)]  # fmt: skip
            for j in joiners:
                await j.__aenter__()
            try:
                results = await asyncio.wait_for(asyncio.gather(run_host, *(j.async_run() for j in joiners)), 10)
            finally:
                for j in joiners:
                    await j.async_close()
        return results[0].phase, {t.head for t in results}

    phase, heads = asyncio.run(run())
    assert phase is Progress.DONE and len(heads) == 1


def test_a_link_cancelled_as_the_program_stops_is_not_reported_as_an_error() -> None:
    """At a stop (Ctrl-C at "Leave the game for good?") `asyncio.run` cancels what still runs, a link's
    handler too; Python 3.11's `start_server` then asked that task for its exception, which raised, and the
    loop printed it: a traceback on the host's screen ("Unhandled exception in client_connected_cb")."""
    reported: list[dict[str, object]] = []

    async def run() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda loop, context: reported.append(context))
        async with _host() as host:
            _, writer = await _open(host.port)
            async with asyncio.timeout(5):
                while not (links := [t for t in asyncio.all_tasks() if "_async_serve" in repr(t.get_coro())]):
                    await asyncio.sleep(0.01)
            for link in links:  # waiting for a hello, as `asyncio.run` finds it at a stop
                link.cancel()
            await asyncio.wait(links, timeout=5)
            await asyncio.sleep(0.05)  # (the done callbacks run)
            writer.close()

    asyncio.run(run())
    assert reported == []
