# A framed TCP connection (thin asyncio around `FrameDecoder` and the schema checker). Invariants: every
# received object is schema-checked for this direction before it is returned; `bytes_sent` counts every
# byte written; `async_close` may be called any number of times.
"""`Connection`: send and receive checked message maps over one TCP stream."""

from __future__ import annotations

import asyncio
from types import TracebackType
from typing import Any

from p2pshithead.net._errors import RemoteProtocolError
from p2pshithead.net._framing import FrameDecoder, encode_frame
from p2pshithead.net._messages import check_message
from p2pshithead.wire import Map

_READ_CHUNK = 65536


class Connection:
    """One peer's stream; `peer` names it in errors until a nickname or seat is known."""

    __slots__ = ("_decoder", "_inbox", "_reader", "_schemas", "_writer", "bytes_sent", "peer")

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, schemas: dict[str, Map], peer: str) -> None:
        self._reader = reader
        self._writer = writer
        self._schemas = schemas
        self._decoder = FrameDecoder(peer)
        self._inbox: list[object] = []
        self.peer = peer
        self.bytes_sent = 0

    async def __aenter__(self) -> Connection:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.async_close()

    def rename(self, peer: str) -> None:
        """Name the peer in later errors by `peer` (its seat and nickname, once known)."""
        self.peer = peer
        self._decoder.peer = peer

    async def async_send(self, message: dict[str, Any]) -> None:
        """Write one message frame."""
        frame = encode_frame(message)
        self.bytes_sent += len(frame)
        self._writer.write(frame)
        await self._writer.drain()

    async def async_recv(self) -> dict[str, Any]:
        """The next message, schema-checked.

        Raises:
            RemoteProtocolError: naming the peer, on bad bytes or a closed stream.
        """
        while not self._inbox:
            data = await self._reader.read(_READ_CHUNK)
            if not data:
                raise RemoteProtocolError(self.peer, "connection closed")
            self._inbox.extend(self._decoder.feed(data))
        return check_message(self._inbox.pop(0), self._schemas, self.peer)

    async def async_close(self) -> None:
        """Close the stream (safe to call twice)."""
        if self._writer.is_closing():
            return
        self._writer.close()
        try:
            await self._writer.wait_closed()
        except (ConnectionError, OSError):
            pass

