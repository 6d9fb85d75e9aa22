# The joiner (thin asyncio around `Transcript` and `SeatRunner`): connects to a host, says hello, waits in
# the lobby, then checks and applies every entry the host relays, and sends its own seat's messages.
# Invariants: nothing from the host is used before its schema check; every entry goes through the
# same transcript checks as at every other peer, so a lying host is named by the verdict; `async_close`
# may be called twice.
"""`Joiner`: sit at a table reached by address, play it out, return the transcript."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any

from p2pshithead.net._addresses import async_dial, peer_name
from p2pshithead.net._app import Apps
from p2pshithead.net._connection import Connection
from p2pshithead.net._errors import RemoteProtocolError
from p2pshithead.net._events import Connected, LobbySeats, Notify, Started, Stopped, Welcomed
from p2pshithead.net._identity import Identity
from p2pshithead.net._limits import Limits
from p2pshithead.net._messages import FROM_HOST
from p2pshithead.net._runner import Agent, SeatRunner
from p2pshithead.net._seat import LocalSeat
from p2pshithead.net._stats import Stats
from p2pshithead.net._transcript import PROTOCOL_VERSION, Authored, Entry, Phase, Transcript, authored_to_wire, setup_from_genesis


class Joiner:
    """A seat at a remote table: `async with Joiner(...) as j: transcript = await j.async_run()`."""

    def __init__(self, identity: Identity, addresses: Sequence[str], port: int, apps: Apps,
                 agent_for: Callable[[str], Agent], *, bot: bool, bind: str | None, notify: Notify,
                 clock: Callable[[], float], limits: Limits = Limits()) -> None:  # fmt: skip
        self._identity, self._addresses, self._port, self._agent_for, self._bot = identity, addresses, port, agent_for, bot
        self._apps, self._bind, self._notify = apps, bind, notify
        self._conn: Connection | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._agent: Agent | None = None
        self.stats = Stats(clock)
        self._clock, self._limits = clock, limits
        self.transcript: Transcript | None = None
        self._failure: BaseException | None = None

    async def __aenter__(self) -> Joiner:
        reader, writer, address = await async_dial(self._addresses, self._port, self._bind)
        self._conn = Connection(reader, writer, FROM_HOST, peer_name(writer.get_extra_info("peername")),
                                limits=self._limits, clock=self._clock)  # fmt: skip
        self._conn.start_keepalive(self._limits.keepalive_s)
        self._notify(Connected(address, self._port))
        return self

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.async_close()

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def async_run(self) -> Transcript:
        """Sit, wait in the lobby, play; return the transcript once complete or stopped.

        Raises:
            RemoteProtocolError: naming the host, when it refuses the seat, breaks the protocol or leaves
                before the transcript is complete or stopped.
        """
        conn = self._conn
        assert conn is not None, "use Joiner as an async context manager"
        me = self._identity
        await conn.async_send({"t": "hello", "v": PROTOCOL_VERSION, "key": me.public, "nick": me.nick,
                               "ready": self._bot})  # fmt: skip
        welcome = await conn.async_recv()
        if welcome["t"] != "welcome":
            raise RemoteProtocolError(conn.peer, f"refused the seat: {welcome.get('reason', welcome['t'])}")
        conn.rename(f"host of {welcome['name']}")
        if welcome["app"] not in self._apps:
            raise RemoteProtocolError(conn.peer, f"plays {welcome['app']!r}, which this program does not know")
        self._agent = self._agent_for(welcome["app"])
        self._notify(Welcomed(welcome["name"], welcome["seat"], welcome["words"]))
        if not self._bot:
            self._spawn(self._async_send_ready())
        player: SeatRunner | None = None
        while self.transcript is None or self.transcript.phase not in (Phase.DONE, Phase.STOPPED):
            try:
                message = await conn.async_recv()
            except RemoteProtocolError:
                if self._failure is not None:
                    raise self._failure from None
                raise
            kind = message["t"]
            if kind == "lobby":
                self._notify(LobbySeats(tuple(None if s is None else (s["nick"], s["ready"]) for s in message["seats"])))
            elif kind == "entry":
                entry = Entry.from_wire(conn.peer, message)
                if self.transcript is None:
                    player, events = self._start(entry), ()
                else:
                    events = self._append(entry)
                assert player is not None and self.transcript is not None
                self.stats.on_validated(entry, self.transcript.app.in_setup())
                player.observe(entry, events)
            elif kind == "bye":
                raise RemoteProtocolError(conn.peer, f"left: {message['reason']}")
            else:
                raise RemoteProtocolError(conn.peer, f"sent {kind!r} out of place")
        return self.transcript

    def _start(self, genesis: Entry) -> SeatRunner:
        for task in list(self._tasks):
            task.cancel()
        peer = self._conn.peer if self._conn else "host"
        seats = setup_from_genesis(genesis, peer, self._apps).seats
        keys = [s.key for s in seats]
        if self._identity.public not in keys:
            raise RemoteProtocolError(peer, "the genesis gives this peer no seat")
        self.transcript = Transcript.start(genesis, keys.index(self._identity.public), self._apps, peer)
        local = LocalSeat(self._identity, self.transcript)
        self._notify(Started(tuple(s.nick for s in seats), local.seat))
        assert self._agent is not None
        player = SeatRunner(local, self._agent, self._async_submit)
        self._spawn(player.async_run()).add_done_callback(self._on_player_done)
        return player

    def _on_player_done(self, task: asyncio.Task[None]) -> None:
        """The local player stopped: if it failed, stop reading too, so `async_run` raises its error."""
        if not task.cancelled() and task.exception() is not None and self._conn is not None:
            self._failure = task.exception()
            self._spawn(self._conn.async_close())

    def _append(self, entry: Entry) -> Sequence[object]:
        assert self.transcript is not None
        events = self.transcript.append(entry)
        if self.transcript.verdict is not None:
            self._notify(Stopped(self.transcript.verdict))
        return events

    async def _async_send_ready(self) -> None:
        assert self._agent is not None
        await self._agent.async_wait_ready()
        if self._conn is not None and self.transcript is None:
            await self._conn.async_send({"t": "ready", "ready": True})

    async def _async_submit(self, msg: Authored) -> None:
        assert self._conn is not None
        self.stats.on_sent(msg)
        await self._conn.async_send(authored_to_wire(msg))

    async def async_close(self) -> None:
        """Stop playing and close the connection (safe to call twice)."""
        for task in list(self._tasks):
            task.cancel()
        if self._conn is not None:
            conn, self._conn = self._conn, None
            self.stats.bytes_sent = conn.bytes_sent
            await conn.async_close()
