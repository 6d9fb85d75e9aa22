# The host's driver (thin asyncio around `HostSession`, which holds every rule of the table): listens,
# announces the table (following this machine's addresses), reads each link and hands what it reads to the
# session with the one clock it is given (`clock`, read once per event), and carries out what the session
# returns: sends, relays, journal appends, closes, announcements, notices; it runs the host's own seat
# (`SeatRunner`) as a client of the same session. Invariants: the session is called, and its actions
# carried out, one batch at a time (`_order`), so entries leave in chain order on every link and a seat
# or spectator catching up gets every entry it lacks before any new one; the driver decides no rule, only
# the I/O deadlines (a hello and its proof within `limits.hello_s`, a catch-up within `limits.frame_s`);
# `async_close` closes every socket and may be called twice. See `_session.py` for the table's rules
# (seating, rejoin, away, abort, spectators, waiters, the series, sequencing).
"""`Host` (the asyncio driver of a `HostSession`) and `TableConfig`."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import statistics
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any

from p2pshithead.net._addresses import link_words, open_listener, peer_name, reachable_addresses
from p2pshithead.net._connection import Connection
from p2pshithead.net._discovery import Announcer, TableAd
from p2pshithead.net._errors import NetError, RemoteProtocolError
from p2pshithead.net._events import Notify, Started
from p2pshithead.net._framing import encode_frame
from p2pshithead.net._identity import Identity
from p2pshithead.net._journal import Journal, SeatRecord
from p2pshithead.net._limits import ByteBudget, Limits
from p2pshithead.net._messages import FROM_PEER, Bye, Goodbye, Rejoin, peer_message
from p2pshithead.net._runner import Agent, SeatRunner
from p2pshithead.net._seat import SeatSigner
from p2pshithead.net._session import (
    Action,
    Admit,
    Announce,
    Appended,
    Apply,
    CatchUp,
    Close,
    HostSession,
    Keep,
    Relay,
    Rename,
    Send,
    TableConfig,
)
from p2pshithead.net._session import Notify as Tell
from p2pshithead.net._stats import Stats
from p2pshithead.net._transcript import SEQUENCER, Authored, Entry, Progress, Transcript

_WATCH_S = 0.5
ADDRESSES_S = 2.0
"""How often an announced table looks at this machine's addresses (a Wi-Fi that reconnects may give a new one)."""
OWN_DELAY_MAX_S = 0.15
"""The most a real-time host's own entry waits: a joiner answering pings late cannot slow the host
further; a LAN round trip is a few milliseconds, so a fair wait is far below it."""


_LINGER_S = 2.0
"""How long a closing table waits for each peer to close its end after the goodbye."""
_LINGER_POLL_S = 0.02

class Host:
    """One table, hosted: `async with Host(...) as host: transcript = await host.async_run()`.

    Args:
        secret: the local seat's secret bytes for the application (`AppSpec.secret_size`).
        clock: monotonic seconds, the one clock of the table (links' silences, away times, stats).
        wall: seconds since the epoch, read only to check a rejoin's signed time (its offset from `clock`).
        journal: where the table is kept on disk (None: nowhere; tests).
        resume: the journal's entries, to go on with a game this host ran before it stopped.
        limits: deadlines, sizes and caps for the connections (`Limits`).
        random: `n` -> `n` random bytes (the nonces a peer sitting again signs).
    """

    def __init__(self, identity: Identity, config: TableConfig, agent: Agent, *, table_id: bytes, secret: bytes,
                 host_ready: bool, notify: Notify, clock: Callable[[], float], journal: Journal | None = None,
                 resume: Sequence[Entry] = (), limits: Limits = Limits(), random: Callable[[int], bytes] = os.urandom,
                 wall: Callable[[], float] = time.time) -> None:  # fmt: skip
        self._identity, self._config, self._agent, self._notify = identity, config, agent, notify
        self._table_id, self._secret = table_id, secret
        self._host_ready = host_ready
        self._journal, self._resume = journal, list(resume)
        self._spec = config.app
        self._wall = wall
        self._session = HostSession(identity, config, table_id=table_id, secret=secret, limits=limits, random=random,
                                    wall_offset=wall() - clock())  # fmt: skip
        self._conns: dict[int, Connection] = {}  # the session's link id -> its connection
        self._changed = asyncio.Event()
        self._server: asyncio.Server | None = None
        self._announcer: Announcer | None = None
        self._follow: asyncio.Task[None] | None = None  # the announcement following this machine's addresses
        self._ticker: asyncio.Task[None] | None = None
        self._announcing = asyncio.Lock()
        self._player: SeatRunner | None = None
        self._finished = asyncio.Event()
        self._order = asyncio.Lock()
        self._seen: list[Connection] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self.stats = Stats(clock, lambda: sum(c.bytes_sent for c in self._seen))
        self._clock, self._limits, self._budget, self._open = clock, limits, ByteBudget(limits.buffered), 0
        self.port = 0
        self.addresses: tuple[str, ...] = ()
        self._closing = False

    async def __aenter__(self) -> Host:
        cfg = self._config
        try:
            listener = open_listener(cfg.bind, cfg.port)
        except OSError as exc:
            if not self._resume or exc.errno != errno.EADDRINUSE:
                raise
            listener = open_listener(cfg.bind, 0)  # the old port is taken: joiners find the table by its id
        self._server = await asyncio.start_server(self._async_serve, sock=listener)
        self.port = self._server.sockets[0].getsockname()[1]
        self.addresses = reachable_addresses(cfg.bind)
        if cfg.announce:
            self._announcer = await self._open_announcer()
            await self._async_announce()
            self._follow = asyncio.get_running_loop().create_task(self._async_follow_addresses())
        return self

    async def _open_announcer(self) -> Announcer:
        return await Announcer(f"{self._config.name} {self._table_id.hex()[:6]}", self._config.bind).__aenter__()

    async def _async_follow_addresses(self) -> None:
        """While the table is announced: once this machine's addresses change (a Wi-Fi that reconnected with
        a new lease, or after none for a while), the table is announced from the new ones, by a zeroconf
        opened afresh (the old one's sockets belong to the old addresses); joiners that lost the host find
        it there by its id. The listener, bound to every address, takes them as they are. A zeroconf that
        cannot open now is tried again at the next look."""
        seen = self.addresses
        while True:
            await asyncio.sleep(ADDRESSES_S)
            now = reachable_addresses(self._config.bind)
            if now == seen or not now:  # no network for now: announced again once there is one
                continue
            async with self._announcing:
                old, self._announcer = self._announcer, None
                if old is not None:
                    with contextlib.suppress(OSError):  # its goodbye may find no way out
                        await old.async_close()
                try:
                    self._announcer = await self._open_announcer()
                except OSError:
                    continue
                seen = self.addresses = now
            await self._async_announce()

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.async_close()

    @property
    def ad(self) -> TableAd:
        """The table as announced now (`HostSession.ad`)."""
        return self._session.ad(self.addresses, self.port)

    @property
    def table_id(self) -> bytes:
        """The id of the table's game now (each game of a series has its own: `async_next`)."""
        return self._table_id

    async def _async_announce(self) -> None:
        async with self._announcing:  # one announcement at a time, never one on a zeroconf being replaced
            if self._announcer is not None:
                await self._announcer.async_update(self.ad)

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # --- the one way into the session ---

    async def _async_step(self, step: Callable[..., list[Action]], *args: Any) -> None:
        """Call `step(*args, now)` on the session and carry out its actions, one batch at a time."""
        async with self._order:
            for link, conn in self._conns.items():
                self._session.hear(link, conn.last_heard)
            await self._async_carry_out(step(*args, self._clock()))

    async def _async_carry_out(self, actions: Sequence[Action]) -> None:
        failure: BaseException | None = None
        announce = False
        for action in actions:
            if isinstance(action, Relay):
                message = action.entry.to_wire()
                for link in action.links:
                    if (conn := self._conns.get(link)) is not None:
                        conn.send_nowait(message)  # a frozen peer's backlog grows until it is cut off
            elif isinstance(action, Send):
                if (conn := self._conns.get(action.link)) is not None:
                    conn.send_nowait(action.message.to_wire())
            elif isinstance(action, Keep):
                if self._journal is not None:
                    self._journal.append(action.entry)
            elif isinstance(action, Apply):
                await self._async_carry_out(self._session.apply(action.entry))
            elif isinstance(action, Appended):
                assert self._player is not None
                self.stats.on_validated(action.entry, action.in_setup)
                self._player.observe(action.entry, action.events)
            elif isinstance(action, Tell):
                self._notify(action.event)
            elif isinstance(action, Announce):
                announce = True
            elif isinstance(action, CatchUp):
                failure = await self._async_catch_up(action) or failure
            elif (conn := self._conns.get(action.link)) is None:
                continue
            elif isinstance(action, Close):
                self._spawn(conn.async_close())  # its reader sees the link closed
            elif isinstance(action, Admit):
                conn.rename(action.name)
                conn.admit()
                conn.start_keepalive(self._limits.keepalive_s)
            elif isinstance(action, Rename):
                conn.rename(action.name)
        if announce:
            self._spawn(self._async_announce())
        self._changed.set()
        if self._session.finished:
            self._finished.set()
        if failure is not None:
            raise failure

    async def _async_catch_up(self, action: CatchUp) -> BaseException | None:
        """Send a catch-up, each frame taken before the next; a peer that does not take it all within
        `limits.frame_s` is cut off (the error is returned, to be raised once the batch is carried out)."""
        conn = self._conns.get(action.link)
        if conn is None:
            return None
        frame_s = self._limits.frame_s
        try:
            async with asyncio.timeout(frame_s):  # a seat that reads slowly holds nobody up long
                await conn.async_send(action.first.to_wire())
                for entry in action.entries:
                    await conn.async_send(entry.to_wire())
        except TimeoutError:
            self._spawn(conn.async_close())
            return RemoteProtocolError(conn.peer, f"did not take the game so far within {frame_s:g} s")
        except (ConnectionError, OSError):
            pass  # its reader reports the drop
        return None

    # --- the game ---

    async def async_run(self) -> Transcript:
        """Wait for the lobby to fill (or be ready) and start the game, or go on with the journaled one;
        play it out and return the final transcript."""
        if self._resume:
            if self._journal is not None:  # joiners look for the table where it listens now
                self._journal.write_record(SeatRecord(self._table_id, "host", self._secret, self.addresses, self.port,
                                                      self._config.options()))  # fmt: skip
            transcript = self._session.resume(self._resume)
            await self._async_step(self._session.resume_away)
            self._begin(transcript)
        else:
            transcript = await self._async_lobby(self._host_ready)
        return await self._async_play(transcript)

    async def async_next(self, table_id: bytes, secret: bytes, journal: Journal | None) -> Transcript:
        """Offer the next game of a series at this table, once the last one is complete: its seats stay
        in order (the host's seat 0; a joiner still connected and in the game keeps its place), every one
        asked again (`ready`, which a joiner sends once its player says yes; one that stands up says
        bye); a free seat takes a newcomer. It starts once at least two sit and all are ready, as game
        `table_id` (fresh keys from `secret`, kept in `journal`), linked to the last; returns it played out.

        Raises:
            LocalProtocolError: no game has been played here.
        """
        async with self._order:
            self._player, self._finished = None, asyncio.Event()
            self._table_id, self._secret, self._journal, self._resume = table_id, secret, journal, []
            await self._async_carry_out(self._session.next_game(table_id, secret))
        return await self._async_play(await self._async_lobby(False))

    def _begin(self, transcript: Transcript) -> None:
        self._notify(Started(tuple(s.nick for s in transcript.setup.seats), SEQUENCER))
        self._player = SeatRunner(SeatSigner(self._identity, transcript), self._agent, self._async_submit_local)

    async def _async_play(self, transcript: Transcript) -> Transcript:
        """Play `transcript` out (from its genesis, or from where a resumed journal stands)."""
        assert self._player is not None
        await self._async_announce()
        self._start_ticker()
        if transcript.phase not in (Progress.DONE, Progress.STOPPED):
            await self._player.async_run()
            await self._finished.wait()
        if self._journal is not None:
            self._journal.finish()
        return transcript

    def _start_ticker(self) -> None:
        if self._ticker is None:
            self._ticker = self._spawn(self._async_tick())

    async def _async_tick(self) -> None:
        while True:
            await asyncio.sleep(_WATCH_S)
            await self._async_step(self._session.tick)

    async def _async_lobby(self, ask_host: bool) -> Transcript:
        """Wait until the lobby may start, then start the game: its record, its genesis journaled and sent
        in one batch with the start (a kill between loses no game). The host's player failing to say it is
        ready (a person who leaves the table at the prompt: EOFError) ends the lobby with that error."""
        prompt = self._spawn(self._async_host_ready()) if ask_host else None
        if prompt is not None:
            prompt.add_done_callback(lambda task: self._changed.set())
        self._start_ticker()
        while True:
            while not self._session.can_start():
                failed = prompt.exception() if prompt is not None and prompt.done() and not prompt.cancelled() else None
                if failed is not None:
                    raise failed
                self._changed.clear()
                await self._changed.wait()
            async with self._order:
                if not self._session.can_start():
                    continue
                if prompt is not None:
                    prompt.cancel()  # the ready prompt: the game starts, the person's next input is a move
                transcript = self._session.start()
                if self._journal is not None:
                    self._journal.write_record(SeatRecord(self._table_id, "host", self._secret, self.addresses,
                                                          self.port, self._config.options()))  # fmt: skip
                self._begin(transcript)
                await self._async_carry_out([*self._session.renames(), *self._session.genesis()])
                return transcript

    async def _async_host_ready(self) -> None:
        await self._agent.async_wait_ready()
        await self._async_step(lambda now: self._session.host_ready())

    async def _async_submit_local(self, msg: Authored) -> None:
        self.stats.on_sent(msg)
        if self._spec.realtime:  # no head start: the others' entries reach this queue a round trip after they see
            await asyncio.sleep(self.own_delay())
        await self._async_step(lambda now: self._session.submit(msg, "host"))

    def own_delay(self) -> float:
        """Seconds the host's own entries wait in a real-time game: the lower quartile of the round trips
        to the others, at most `OWN_DELAY_MAX_S` (the joiners time their own pongs)."""
        conns = [self._conns.get(link) for link in self._session.game_links().values()]
        return fair_wait([t for conn in conns if conn is not None for t in conn.round_trips])

    # --- the links ---

    async def _async_serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await self._async_serve_link(reader, writer)
        except asyncio.CancelledError:  # the program stopping (`asyncio.run` cancels what is left): ends quietly,
            writer.close()  # since Python 3.11's `start_server` asks a cancelled link's task for its exception,
            # and what that raises is printed as an error on the person's screen (3.12 checks first)

    async def _async_serve_link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        limits = self._limits
        if self._open >= limits.connections:  # told why in one small frame, never read
            writer.write(encode_frame(Bye(Goodbye.BUSY, limits.connections).to_wire()))
            writer.close()
            return
        self._open += 1
        try:
            name = peer_name(writer.get_extra_info("peername"))
            async with Connection(reader, writer, FROM_PEER, name, limits=limits, frame_limit=limits.hello_frame,
                                  budget=self._budget, clock=self._clock) as conn:  # fmt: skip
                self._seen.append(conn)
                link = self._session.connect(conn.peer, self._clock())
                self._conns[link] = conn
                try:
                    await self._async_read(link, conn)
                except (NetError, ConnectionError, OSError) as exc:
                    if not self._closing:
                        await self._async_step(self._session.lost, link, link_words(exc))
                finally:
                    self._conns.pop(link, None)
        finally:
            self._open -= 1

    async def _async_read(self, link: int, conn: Connection) -> None:
        """Hand everything `link` sends to the session while it holds the link; a hello, and the proof of
        its key, must each come within `limits.hello_s`."""
        hello_s = self._limits.hello_s
        while self._session.holds(link):
            expects = self._session.expects(link)
            if expects is None:
                message = await conn.async_recv()
            else:
                try:
                    async with asyncio.timeout(hello_s):
                        message = await conn.async_recv()
                except TimeoutError:
                    said = "said no hello" if expects == "hello" else "did not prove its key"
                    raise RemoteProtocolError(conn.peer, f"{said} within {hello_s:g} s") from None
            typed = peer_message(message)
            if isinstance(typed, Rejoin):  # signed in wall-clock time: a machine that slept stopped `clock`
                self._session.set_wall(self._wall() - self._clock())
            await self._async_step(self._session.receive, link, typed)

    async def async_close(self) -> None:
        """Say goodbye, close every connection, the listener and the announcement (safe to call twice)."""
        self._closing = True  # connections closed from here on are not drops
        closing = []
        for action in self._session.close():
            conn = self._conns.get(action.link) if isinstance(action, (Send, Close)) else None
            if conn is None:
                continue
            if isinstance(action, Send):
                await _async_send_quietly(conn, action.message.to_wire())
            elif isinstance(action, Close):
                conn.end_sending()
                closing.append(action.link)
        # A socket closed while its peer still sends (a ping) answers with a reset, which can throw away the
        # goodbye the peer has not read yet: each peer is given `_LINGER_S` to read it and close its end first
        # (its link's reader then ends, taking the link out of `_conns`).
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(_LINGER_S):
                while any(link in self._conns for link in closing):
                    await asyncio.sleep(_LINGER_POLL_S)
        for link in closing:
            if (conn := self._conns.get(link)) is not None:
                await conn.async_close()
        for task in list(self._tasks):
            task.cancel()
        if self._server is not None:
            self._server.close()
            self._server = None
        if self._follow is not None:
            self._follow.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._follow
        async with self._announcing:
            announcer, self._announcer = self._announcer, None
            if announcer is not None:
                await announcer.async_close()
        if self._journal is not None:
            self._journal.close()


def fair_wait(trips: Sequence[float]) -> float:
    """The lower quartile of round trips `trips` (seconds; 0 for none), at most `OWN_DELAY_MAX_S`."""
    quartile = statistics.quantiles(trips, n=4, method="inclusive")[0] if len(trips) > 1 else sum(trips)
    return min(quartile, OWN_DELAY_MAX_S)


async def _async_send_quietly(conn: Connection, message: dict[str, Any]) -> None:
    """Send, ignoring a connection that has gone (its reader reports the drop)."""
    with contextlib.suppress(ConnectionError, OSError):
        await conn.async_send(message)
