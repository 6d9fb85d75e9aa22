"""A host closing its table half-closes each link (its goodbye sent, then the end of its stream) and reads
on while the peer closes its end. A peer that still pings then (any peer: its pings go on until it has
read the goodbye) is answered nothing: before, the answer was written after the end of the stream, and
the host's reader died with a RuntimeError that asyncio printed as a traceback on the host's terminal."""

from __future__ import annotations

import asyncio

import pytest

from p2pshithead.net import encode_frame
from p2pshithead.net._connection import Connection
from p2pshithead.net._messages import FROM_PEER, Goodbye


async def _half_closed_host_hears(frames: list[dict[str, object]]) -> tuple[object, bytes]:
    """A host-side connection half-closed, then sent `frames` and the peer's end: what its `async_recv`
    gave (a message, or the error it raised) and every byte the peer read after the half-close."""
    result: asyncio.Future[object] = asyncio.get_running_loop().create_future()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(reader, writer, FROM_PEER, "ann (seat 1)")
        conn.end_sending()
        assert not conn.send_nowait({"t": "bye", "why": "closed", "n": 0})  # nothing more goes out
        try:
            result.set_result(await conn.async_recv())
        except Exception as exc:  # what it raised is the finding
            result.set_result(exc)
        await conn.async_close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    reader, writer = await asyncio.open_connection("127.0.0.1", server.sockets[0].getsockname()[1])
    for frame in frames:
        writer.write(encode_frame(frame))
    writer.write_eof()
    read = await asyncio.wait_for(reader.read(), 5)
    got = await asyncio.wait_for(result, 5)
    writer.close()
    server.close()
    return got, read


@pytest.mark.e2e
def test_a_ping_after_the_half_close_is_answered_nothing_and_the_reader_goes_on() -> None:
    got, read = asyncio.run(_half_closed_host_hears([{"t": "ping", "n": 1}, {"t": "bye", "why": "stood up", "n": 0}]))
    assert got == {"t": "bye", "why": Goodbye.STOOD_UP, "n": 0} and read == b""


@pytest.mark.e2e
def test_a_peer_that_pings_then_closes_ends_the_read_as_a_closed_link() -> None:
    got, read = asyncio.run(_half_closed_host_hears([{"t": "ping", "n": 1}]))
    assert isinstance(got, Exception) and "connection closed" in str(got) and read == b""
