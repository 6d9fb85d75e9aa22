# A framed TCP connection (thin asyncio around `FrameDecoder` and the schema checker). Invariants: every
# received object is schema-checked for this direction before it is returned; pings are answered and
# pongs dropped here, so neither reaches the caller (a link half-closed by `end_sending` writes nothing
# more, not even a pong); any bytes received make `last_heard` now; any pong answers every ping sent
# before it (`unanswered_for`: a link may pass one way only); a frame
# begun must be whole within `limits.frame_s`; `round_trips` holds the last seconds from a ping of ours to
# the pong that echoes its number (a pong for an older ping, or none, counts nothing); the bytes of an
# incomplete frame are counted in `budget` (shared by the host's connections) and given back on close;
# `bytes_sent` counts every byte written; every frame leaves at once (TCP_NODELAY, set here whatever made
# the socket: asyncio sets it only on sockets whose protocol number says TCP, and a listener made by
# `socket.create_server` gives 0); `async_close` may be called any number of times.
"""`Connection`: send and receive checked message maps over one TCP stream, with keep-alives."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections import deque
from collections.abc import Callable
from types import TracebackType
from typing import Any

from p2pshithead.net._errors import RemoteProtocolError
from p2pshithead.net._framing import FrameDecoder, encode_frame
from p2pshithead.net._limits import ByteBudget, Limits
from p2pshithead.net._messages import PING_NUMBERS, check_message
from p2pshithead.wire import Map

_READ_CHUNK = 65536
_PING_BACKLOG = 65536
"""No ping is queued while this many bytes wait to leave (the peer reads nothing; its silence shows)."""


class Connection:
    """One peer's stream; `peer` names it in errors until a nickname or seat is known.

    `frame_limit` is the largest frame accepted until `admit()` (the host starts strangers at
    `limits.hello_frame`); `budget` is shared by every connection of a host (a private one by default);
    `clock` (monotonic seconds) times `last_heard` and `silent_for`.
    """

    __slots__ = ("_budget", "_clock", "_decoder", "_ended", "_frame_began", "_held", "_inbox", "_pinged", "_pinger",
                 "_reader", "_schemas", "_unanswered", "_writer", "bytes_sent", "last_heard", "limits", "peer",
                 "round_trips")  # fmt: skip

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, schemas: dict[str, Map], peer: str,
                 *, limits: Limits = Limits(), frame_limit: int | None = None, budget: ByteBudget | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self._reader = reader
        self._writer = writer
        self._schemas = schemas
        self.limits = limits
        self._decoder = FrameDecoder(peer, limits.frame if frame_limit is None else frame_limit)
        self._budget = ByteBudget(limits.buffered) if budget is None else budget
        self._held = 0
        self._ended = False  # `end_sending` was called: nothing more is written
        self._frame_began = 0.0
        self._inbox: deque[object] = deque()
        self._clock = clock
        self._pinger: asyncio.Task[None] | None = None
        self.peer = peer
        self.bytes_sent = 0
        self.last_heard = clock()
        self._pinged: tuple[int, float] | None = None  # our last unanswered ping: its number, when it left
        self._unanswered: float | None = None  # when the oldest ping no pong has followed left
        self.round_trips: deque[float] = deque(maxlen=32)
        _set_options(writer.get_extra_info("socket"), limits)

    async def __aenter__(self) -> Connection:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.async_close()

    def rename(self, peer: str) -> None:
        """Name the peer in later errors by `peer` (its seat and nickname, once known)."""
        self.peer = peer
        self._decoder.peer = peer

    def admit(self) -> None:
        """Accept frames up to `limits.frame` from now on (the peer has been seated)."""
        self._decoder.limit = self.limits.frame

    def silent_for(self) -> float:
        """Seconds since any bytes last came from the peer (while someone awaits `async_recv`)."""
        return self._clock() - self.last_heard

    def unanswered_for(self) -> float:
        """Seconds the oldest of our pings that no pong has followed has waited (0 when none waits). A
        peer that hears us and reads keeps it below about a round trip."""
        return 0.0 if self._unanswered is None else self._clock() - self._unanswered

    def start_keepalive(self, interval: float) -> None:
        """Send a ping every `interval` seconds until closed (a second call changes nothing). A live peer's
        pongs keep `silent_for` below about `interval` plus the round trip, while someone reads."""
        if self._pinger is None:
            self._pinger = asyncio.get_running_loop().create_task(self._async_ping(interval))

    async def _async_ping(self, interval: float) -> None:
        number = 0
        while self._sending():
            await asyncio.sleep(interval)
            if self._sending() and self._writer.transport.get_write_buffer_size() < _PING_BACKLOG:
                number = (number + 1) % PING_NUMBERS
                ping = encode_frame({"t": "ping", "n": number})
                self.bytes_sent += len(ping)
                self._writer.write(ping)
                self._pinged = (number, self._clock())
                if self._unanswered is None:
                    self._unanswered = self._pinged[1]

    async def async_wait_silent(self, limit: float) -> float:
        """Return once the peer has been silent for `limit` seconds (at once if it has been already).

        It sleeps until the silence could first reach `limit`, then looks again, so a peer heard from
        meanwhile pushes the wake-up later. The caller decides what the silence means.

        Returns:
            `silent_for()` at that moment.
        """
        while (silent := self.silent_for()) < limit:
            await asyncio.sleep(limit - silent)
        return silent

    def send_nowait(self, message: dict[str, Any]) -> bool:
        """Queue one message frame without waiting for the peer to take it (a relay must not wait on a
        frozen peer). A peer more than `limits.frame` bytes behind is cut off instead: False, and the
        connection closes; it may come back and catch up."""
        if not self._sending():
            return False
        if self._writer.transport.get_write_buffer_size() > self.limits.frame:
            self._writer.close()
            return False
        frame = encode_frame(message)
        self.bytes_sent += len(frame)
        self._writer.write(frame)
        return True

    async def async_send(self, message: dict[str, Any]) -> None:
        """Write one message frame."""
        frame = encode_frame(message)
        self.bytes_sent += len(frame)
        self._writer.write(frame)
        await self._writer.drain()

    async def async_recv(self) -> dict[str, Any]:
        """The next message other than a ping or pong, schema-checked (a ping is answered on the way).

        Raises:
            RemoteProtocolError: naming the peer, on bad bytes, a frame over the limit, a frame not whole
                within `limits.frame_s`, bytes past the shared budget, or a closed stream.
        """
        while True:
            while not self._inbox:
                self._inbox.extend(self._feed(await self._async_read()))
            message = check_message(self._inbox.popleft(), self._schemas, self.peer)
            if message["t"] == "ping":
                if self._sending():  # a half-closed link answers nothing
                    await self.async_send({"t": "pong", "n": message["n"]})
            elif message["t"] != "pong":
                return message
            else:
                self._unanswered = None
                if self._pinged is not None and message["n"] == self._pinged[0]:
                    self.round_trips.append(self._clock() - self._pinged[1])
                    self._pinged = None

    async def _async_read(self) -> bytes:
        loop = asyncio.get_running_loop()
        deadline = self._frame_began + self.limits.frame_s if self._decoder.buffered else None
        try:
            async with asyncio.timeout_at(deadline):
                data = await self._reader.read(_READ_CHUNK)
        except TimeoutError:
            raise RemoteProtocolError(
                self.peer, f"began a frame and did not finish it within {self.limits.frame_s:g} s") from None
        if not data:
            raise RemoteProtocolError(self.peer, "connection closed")
        self.last_heard = self._clock()
        if not self._decoder.buffered:
            self._frame_began = loop.time()
        return data

    def _feed(self, data: bytes) -> list[object]:
        objects = self._decoder.feed(data)
        if objects:  # the bytes left over, if any, begin a new frame now
            self._frame_began = asyncio.get_running_loop().time()
        self._held = self._budget.resize(self._held, self._decoder.buffered, self.peer)
        return objects

    def _sending(self) -> bool:
        """Whether anything may still be written (neither closed nor half-closed)."""
        return not self._ended and not self._writer.is_closing()

    def end_sending(self) -> None:
        """Send nothing more (a half-close): the peer reads all that was sent, then the end of the stream;
        from now on pings are answered nothing and `send_nowait` sends nothing."""
        if self._sending() and self._writer.can_write_eof():
            with contextlib.suppress(ConnectionError, OSError):
                self._writer.write_eof()
        self._ended = True

    async def async_close(self) -> None:
        """Stop pinging, give back the buffered bytes, close the stream (safe to call twice)."""
        if self._pinger is not None:
            self._pinger.cancel()
        self._held = self._budget.resize(self._held, 0, self.peer)
        if self._writer.is_closing():
            return
        self._writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self._writer.wait_closed()


def _set_options(sock: socket.socket | None, limits: Limits) -> None:
    """No Nagle delay (a small frame waiting for the ACK of the last, which the peer may hold back 40 ms);
    TCP keep-alive on with the limits' timing, where the OS has the options (a second net)."""
    if sock is None:
        return
    values = {"TCP_NODELAY": 1, "TCP_KEEPIDLE": limits.tcp_idle_s, "TCP_KEEPALIVE": limits.tcp_idle_s,
              "TCP_KEEPINTVL": limits.tcp_interval_s, "TCP_KEEPCNT": limits.tcp_probes}  # fmt: skip
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        for name, value in values.items():  # TCP_KEEPALIVE is macOS's name for the idle time
            option = getattr(socket, name, None)
            if option is not None:
                sock.setsockopt(socket.IPPROTO_TCP, option, value)
    except OSError:
        pass
