# A user-space delay line for TCP on loopback (the kernel's netem is not available here). Invariants:
# every chunk read from one side is written to the other `delay` seconds after it was read, in order;
# closing either side closes both; `async_close` closes the listener and every link, twice is safe.
"""`DelayProxy`: listen on 127.0.0.1 and forward to a target, each way `delay` seconds late."""

from __future__ import annotations

import asyncio
import contextlib
from types import TracebackType


class DelayProxy:
    """`async with DelayProxy(port, delay) as proxy:` dial `proxy.port` to reach `target_port` late."""

    def __init__(self, target_port: int, delay: float, target_host: str = "127.0.0.1") -> None:
        self._target = (target_host, target_port)
        self.delay = delay
        self.port = 0
        self._server: asyncio.Server | None = None
        self._writers: list[asyncio.StreamWriter] = []
        self._links: set[asyncio.Task[None]] = set()

    async def __aenter__(self) -> DelayProxy:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:  # fmt: skip
        await self.async_close()

    def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.get_running_loop().create_task(self._async_link(reader, writer))
        self._links.add(task)
        task.add_done_callback(self._links.discard)

    async def _async_link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self._target)
        self._writers += [writer, up_writer]
        await asyncio.gather(self._async_pump(reader, up_writer), self._async_pump(up_reader, writer),
                             return_exceptions=True)  # fmt: skip
        for w in (writer, up_writer):
            w.close()

    async def _async_pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        try:
            while data := await reader.read(65536):
                loop.call_later(self.delay, _write, writer, data)
        finally:
            loop.call_later(self.delay, writer.close)  # what is on the line still arrives

    async def async_close(self) -> None:
        """Close the listener and every link (safe to call twice)."""
        if self._server is not None:
            self._server.close()
            self._server = None
        for writer in self._writers:
            writer.close()
        self._writers = []
        for task in list(self._links):
            task.cancel()
        await asyncio.gather(*self._links, return_exceptions=True)


def _write(writer: asyncio.StreamWriter, data: bytes) -> None:
    with contextlib.suppress(ConnectionError, OSError, RuntimeError):
        if not writer.is_closing():
            writer.write(data)
