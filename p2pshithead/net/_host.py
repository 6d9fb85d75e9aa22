# The host (thin asyncio around `Lobby`, `Sequencer` and `SeatRunner`): listens, announces the table, seats
# joiners, starts the game, then sequences every submitted message and relays each entry to everyone.
# Invariants: the host's own seat goes through the same sequencer as anyone's; a joiner that breaks the
# protocol or drops during the game is reported in an abort entry, which stops the game everywhere; a
# joiner that leaves the lobby frees its seat; the announcement is withdrawn once the table is full or
# the game has started; `async_close` closes every socket and may be called twice.
"""`Host`: run one table from lobby to saved transcript."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from p2pshithead.net._addresses import open_listener, peer_name, reachable_addresses
from p2pshithead.net._app import AppSpec
from p2pshithead.net._connection import Connection
from p2pshithead.net._discovery import Announcer, TableAd
from p2pshithead.net._errors import NetError, RemoteProtocolError
from p2pshithead.net._events import Dropped, LeftLobby, Notify, Seated, Started, Stopped
from p2pshithead.net._framing import encode_frame
from p2pshithead.net._identity import Identity
from p2pshithead.net._limits import Budget, Limits
from p2pshithead.net._lobby import Lobby, LobbyRefusal, Occupant
from p2pshithead.net._messages import FROM_PEER
from p2pshithead.net._runner import Agent, SeatRunner
from p2pshithead.net._seat import LocalSeat
from p2pshithead.net._sequencer import Sequencer
from p2pshithead.net._stats import Stats
from p2pshithead.net._transcript import PROTOCOL_VERSION, Authored, Entry, Phase, Transcript, authored_from, make_genesis


@dataclass(frozen=True, slots=True)
class TableConfig:
    """What a host offers: table name, application and preset, seat count, where to listen, and the
    rules in words for joiners (`words`). The application checks the preset and seat count."""

    name: str
    app: AppSpec
    rules: str
    seats: int
    bind: str
    port: int = 0
    announce: bool = True
    words: str = ""

    def __post_init__(self) -> None:
        if not 1 <= len(self.name) <= 40 or not self.name.isprintable():
            raise ValueError(f"table name must be 1..40 printable characters, got {self.name!r}")
        self.app.check(self.rules, self.seats)


class Host:
    """One table, hosted: `async with Host(...) as host: transcript = await host.async_run()`."""

    def __init__(self, identity: Identity, config: TableConfig, agent: Agent, *, table_id: bytes,
                 host_ready: bool, notify: Notify, clock: Callable[[], float], limits: Limits = Limits()) -> None:  # fmt: skip
        self._identity, self._config, self._agent, self._notify = identity, config, agent, notify
        self._table_id = table_id
        self._host_ready = host_ready
        self._spec = config.app
        self._lobby = Lobby(config.seats, Occupant(identity.public, identity.nick))
        self._peers: dict[int, Connection] = {}  # lobby seat -> connection
        self._lobby_changed = asyncio.Event()
        self._server: asyncio.Server | None = None
        self._announcer: Announcer | None = None
        self._sequencer: Sequencer | None = None
        self._game_seat: dict[int, int] = {}  # lobby seat -> game seat
        self._player: SeatRunner | None = None
        self._finished = asyncio.Event()
        self._order = asyncio.Lock()
        self._seated: list[Connection] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self.stats = Stats(clock)
        self._clock, self._limits, self._budget, self._open = clock, limits, Budget(limits.buffered), 0
        self.port = 0
        self.addresses: tuple[str, ...] = ()
        self._closing = False

    async def __aenter__(self) -> Host:
        cfg = self._config
        self._server = await asyncio.start_server(self._async_serve, sock=open_listener(cfg.bind, cfg.port))
        self.port = self._server.sockets[0].getsockname()[1]
        self.addresses = reachable_addresses(cfg.bind)
        if cfg.announce:
            self._announcer = await Announcer(f"{cfg.name} {self._table_id.hex()[:6]}", cfg.bind).__aenter__()
            await self._async_announce()
        return self

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.async_close()

    @property
    def ad(self) -> TableAd:
        """The table as announced now."""
        cfg, lobby = self._config, self._lobby
        free = 0 if self._sequencer else lobby.free
        ruleset = self._spec.ruleset_hash(cfg.rules).hex()
        return TableAd(self._table_id.hex(), cfg.name, self._identity.nick, cfg.rules, ruleset, lobby.taken, free,
                       PROTOCOL_VERSION, self.addresses, self.port)  # fmt: skip

    async def _async_announce(self) -> None:
        if self._announcer is not None:
            await self._announcer.async_update(self.ad)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def async_run(self) -> Transcript:
        """Wait for the lobby to fill (or be ready), play the game, and return the final transcript."""
        if self._host_ready:
            self._spawn(self._async_host_ready())
        while not self._lobby.can_start():
            self._lobby_changed.clear()
            await self._lobby_changed.wait()
        for task in list(self._tasks):
            task.cancel()  # the ready prompt: the game starts, the person's next input is a move
        cfg = self._config
        setup = self._lobby.setup(self._table_id, cfg.name, self._spec.name, cfg.rules, self._spec.ruleset_hash(cfg.rules))
        genesis = make_genesis(self._identity, setup)
        transcript = Transcript.start(genesis, 0, {self._spec.name: self._spec})
        self._sequencer = Sequencer(self._identity, transcript)
        keys = [s.key for s in setup.seats]
        self._game_seat = {seat: keys.index(o.key) for seat, o in enumerate(self._lobby.occupants) if o is not None}
        await self._async_announce()
        self._notify(Started(tuple(s.nick for s in setup.seats), 0))
        local = LocalSeat(self._identity, transcript)
        self._player = SeatRunner(local, self._agent, self._async_submit_local)
        await self._async_broadcast(genesis, ())
        await self._player.async_run()
        await self._finished.wait()
        return transcript

    async def _async_host_ready(self) -> None:
        await self._agent.async_wait_ready()
        self._lobby.set_ready(0, True)
        await self._async_lobby_changed()

    async def _async_lobby_changed(self) -> None:
        self._lobby_changed.set()
        if self._sequencer is None:
            await self._async_announce()
            message = {"t": "lobby", "seats": self._lobby.to_wire()}
            for conn in list(self._peers.values()):
                await _async_send_quietly(conn, message)

    async def _async_submit_local(self, msg: Authored) -> None:
        self.stats.on_sent(msg)
        await self._async_sequence(msg, "host")

    async def _async_sequence(self, msg: Authored, peer: str) -> None:
        assert self._sequencer is not None
        async with self._order:  # entries leave in chain order on every connection
            transcript = self._sequencer.transcript
            if transcript.phase not in (Phase.DONE, Phase.STOPPED):
                entry = self._sequencer.place(msg, peer)
                await self._async_relay(entry)  # the peers check it while this host does
                self._on_appended(entry, transcript.append(entry))

    async def _async_broadcast(self, entry: Entry, events: Sequence[object]) -> None:
        """Send an entry already in the host's transcript (the genesis, an abort) and note it."""
        await self._async_relay(entry)
        self._on_appended(entry, events)

    async def _async_relay(self, entry: Entry) -> None:
        message = entry.to_wire()
        for conn in list(self._peers.values()):
            await _async_send_quietly(conn, message)

    def _on_appended(self, entry: Entry, events: Sequence[object]) -> None:
        assert self._sequencer is not None and self._player is not None
        transcript = self._sequencer.transcript
        self.stats.on_validated(entry, transcript.app.in_setup())
        self._player.observe(entry, events)
        if transcript.verdict is not None:
            self._notify(Stopped(transcript.verdict))
        if transcript.phase in (Phase.DONE, Phase.STOPPED):
            self._finished.set()

    async def _async_serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        limits = self._limits
        if self._open >= limits.connections:  # told why in one small frame, never read
            writer.write(encode_frame({"t": "bye", "reason": f"busy: {limits.connections} connections open"}))
            writer.close()
            return
        self._open += 1
        try:
            async with Connection(reader, writer, FROM_PEER, peer_name(writer.get_extra_info("peername")), limits=limits,
                                  frame_limit=limits.hello_frame, budget=self._budget, clock=self._clock) as conn:  # fmt: skip
                seat = None
                try:
                    seat = await self._async_seat(conn)
                    if seat is not None:
                        await self._async_follow(conn, seat)
                except (NetError, ConnectionError, OSError) as exc:
                    await self._async_drop(conn, seat, exc)
        finally:
            self._open -= 1

    async def _async_seat(self, conn: Connection) -> int | None:
        try:
            async with asyncio.timeout(self._limits.hello_s):
                hello = await conn.async_recv()
        except TimeoutError:
            raise RemoteProtocolError(conn.peer, f"said no hello within {self._limits.hello_s:g} s") from None
        if hello["t"] != "hello":
            raise RemoteProtocolError(conn.peer, f"sent {hello['t']!r} before hello")
        cfg = self._config
        try:
            if hello["v"] != PROTOCOL_VERSION:
                raise LobbyRefusal(f"protocol version {hello['v']} (this table speaks {PROTOCOL_VERSION})")
            if self._sequencer is not None:
                raise LobbyRefusal("the game has started")
            seat = self._lobby.sit(hello["key"], hello["nick"], hello["ready"])
        except LobbyRefusal as refusal:
            await conn.async_send({"t": "reject", "reason": str(refusal)})
            return None
        conn.rename(f"{hello['nick']} (seat {seat})")
        conn.admit()
        conn.start_keepalive(self._limits.keepalive_s)
        self._peers[seat] = conn
        self._seated.append(conn)
        await conn.async_send({"t": "welcome", "v": PROTOCOL_VERSION, "seat": seat, "name": cfg.name,
                               "app": self._spec.name, "rules": cfg.rules, "words": cfg.words})  # fmt: skip
        self._notify(Seated(seat, hello["nick"]))
        await self._async_lobby_changed()
        return seat

    async def _async_follow(self, conn: Connection, seat: int) -> None:
        while True:
            message = await conn.async_recv()
            kind = message["t"]
            if kind == "ready" and self._sequencer is None:
                self._lobby.set_ready(seat, message["ready"])
                await self._async_lobby_changed()
            elif kind == "submit" and self._sequencer is not None and message["seat"] == self._game_seat.get(seat):
                await self._async_sequence(authored_from(message), conn.peer)
            elif kind == "bye":
                raise RemoteProtocolError(conn.peer, f"left: {message['reason']}")
            else:
                raise RemoteProtocolError(conn.peer, f"sent {kind!r} out of place")

    async def _async_drop(self, conn: Connection, seat: int | None, exc: BaseException) -> None:
        if seat is None or self._closing:
            return
        self._peers.pop(seat, None)
        if self._sequencer is None:
            occupant = self._lobby.occupants[seat]
            self._lobby.leave(seat)
            self._notify(LeftLobby(seat, occupant.nick if occupant else "?"))
            await self._async_lobby_changed()
            return
        async with self._order:
            if self._sequencer.transcript.phase not in (Phase.DONE, Phase.STOPPED):
                self._notify(Dropped(conn.peer, str(exc)))
                await self._async_broadcast(self._sequencer.abort(self._game_seat[seat], f"dropped: {exc}"), ())

    async def async_close(self) -> None:
        """Say goodbye, close every connection, the listener and the announcement (safe to call twice)."""
        self._closing = True  # connections closed from here on are not drops
        self.stats.bytes_sent = sum(c.bytes_sent for c in self._seated)
        peers, self._peers = list(self._peers.values()), {}
        for conn in peers:
            await _async_send_quietly(conn, {"t": "bye", "reason": "table closed"})
            await conn.async_close()
        for task in list(self._tasks):
            task.cancel()
        if self._server is not None:
            self._server.close()
            self._server = None
        if self._announcer is not None:
            announcer, self._announcer = self._announcer, None
            await announcer.async_close()


async def _async_send_quietly(conn: Connection, message: dict[str, Any]) -> None:
    """Send, ignoring a connection that has gone (its reader reports the drop)."""
    try:
        await conn.async_send(message)
    except (ConnectionError, OSError):
        pass
