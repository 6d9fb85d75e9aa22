# The host (thin asyncio around `Lobby`, `Sequencer` and `SeatRunner`): listens, announces the table, seats
# joiners, starts the game, then sequences every submitted message and relays each entry to everyone.
# Invariants: the host's own seat goes through the same sequencer as anyone's; every entry is journaled
# before it is relayed, so a peer never holds an entry the host could lose (nor a message of the host's
# own seat that a resumed host could sign anew); a message for a place the chain holds already is
# nothing when it is the same, and sealed with the one in the chain as the proof of an equivocation
# when it is another, signed by the same seat; a joiner that breaks the
# protocol is dropped; a seat whose link is lost during the game is away and has `away_time` seconds to
# come back (`rejoin`, signed by the seat's key: nobody else can take the seat) before an abort entry
# ends the game with a report naming it; a returning seat gets every entry it lacks before any new one;
# a joiner that leaves the lobby frees its seat; a hello from a key that has a place here (a lobby seat, a
# game seat, a wait) moves that place to the new link only once it signs a fresh nonce (`seating`), and
# the old link is closed; the announcement says the table is playing once the game has started;
# `async_close` closes every socket and may be called twice. A series: after a complete game `async_next`
# offers the next one at the same table over the same connections (seats kept in order, everyone asked
# again; a seat that stood up is free for a newcomer), a fresh game with its own id, keys and journal
# whose genesis links to the previous final head and finish order. Spectators (`watch`) get
# the game in play from its genesis, then every entry, lobby and away message, as a seat does; they never
# hold a seat, and anything but bye from them is a protocol error.
"""`Host` and `TableConfig`: run one table from lobby (or a journal) to saved transcript."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from p2pshithead.net._addresses import open_listener, peer_name, reachable_addresses
from p2pshithead.net._app import AppSpec, Previous
from p2pshithead.net._connection import Connection
from p2pshithead.net._discovery import Announcer, TableAd
from p2pshithead.net._errors import NetError, RemoteProtocolError
from p2pshithead.net._events import Away, Back, Dropped, LeftLobby, LobbySeats, Notify, Seated, Started, Stopped
from p2pshithead.net._framing import encode_frame
from p2pshithead.net._identity import Identity, verify
from p2pshithead.net._journal import Journal, SeatRecord
from p2pshithead.net._limits import Budget, Limits
from p2pshithead.net._lobby import Lobby, LobbyRefusal, Occupant, Seating, seating
from p2pshithead.net._messages import FROM_PEER, NONCE_BYTES, rejoin_bytes, sit_again_bytes
from p2pshithead.net._runner import Agent, SeatRunner
from p2pshithead.net._seat import LocalSeat
from p2pshithead.net._sequencer import Sequencer
from p2pshithead.net._stats import Stats
from p2pshithead.net._transcript import (
    PROTOCOL_VERSION,
    SEQUENCER,
    Authored,
    Entry,
    Phase,
    Transcript,
    authored_from,
    equivocation_problem,
    make_genesis,
    next_link,
)

_REJOIN_CLOCK_SKEW_MS = 10 * 60 * 1000  # a rejoin signed longer ago (or ahead) than this is refused
_WATCH_S = 0.5
ADDRESSES_S = 2.0
"""How often an announced table looks at this machine's addresses (a Wi-Fi that reconnects may give a new one)."""
OWN_DELAY_MAX_S = 0.15
"""The most a real-time host's own entry waits: a joiner answering pings late cannot slow the host
further; a LAN round trip is a few milliseconds, so a fair wait is far below it."""


@dataclass(frozen=True, slots=True)
class TableConfig:
    """What a host offers: table name, application and preset, seat count, where to listen, the rules in
    words for joiners (`words`), and the time limits: `turn_time` seconds for a person to decide (0: no
    limit), `away_time` seconds for a gone peer to come back. The application checks preset and seats."""

    name: str
    app: AppSpec
    rules: str
    seats: int
    bind: str
    port: int = 0
    announce: bool = True
    words: str = ""
    turn_time: int = 60
    away_time: int = 120

    def __post_init__(self) -> None:
        if not 1 <= len(self.name) <= 40 or not self.name.isprintable():
            raise ValueError(f"table name must be 1..40 printable characters, got {self.name!r}")
        if not 0 <= self.turn_time <= 24 * 3600 or not 1 <= self.away_time <= 24 * 3600:
            raise ValueError("time limits must be 0..86400 s (turn) and 1..86400 s (away)")
        self.app.check(self.rules, self.seats)

    def options(self) -> dict[str, Any]:
        """The configuration as plain data, kept in the journal so `host --resume` can start it again."""
        return {"name": self.name, "app": self.app.name, "rules": self.rules, "seats": self.seats, "bind": self.bind,
                "port": self.port, "announce": self.announce, "words": self.words, "turn": self.turn_time,
                "away": self.away_time}  # fmt: skip

    @classmethod
    def from_options(cls, options: dict[str, Any], app: AppSpec, port: int) -> TableConfig:
        """The configuration `options` describes, listening on `port` (the one joiners knew).

        Raises:
            ValueError: the options are not a configuration (a damaged journal).
        """
        try:
            return cls(options["name"], app, options["rules"], options["seats"], options["bind"], port,
                       options["announce"], options["words"], options["turn"], options["away"])  # fmt: skip
        except (KeyError, TypeError) as exc:
            raise ValueError(f"the journal's table options are damaged ({exc})") from None


class Host:
    """One table, hosted: `async with Host(...) as host: transcript = await host.async_run()`.

    Args:
        secret: the local seat's secret bytes for the application (`AppSpec.secret_size`).
        journal: where the table is kept on disk (None: nowhere; tests).
        resume: the journal's entries, to go on with a game this host ran before it stopped.
        limits: deadlines, sizes and caps for the connections (`Limits`).
        random: `n` -> `n` random bytes (the nonces a peer sitting again signs).
    """

    def __init__(self, identity: Identity, config: TableConfig, agent: Agent, *, table_id: bytes, secret: bytes,
                 host_ready: bool, notify: Notify, clock: Callable[[], float], journal: Journal | None = None,
                 resume: Sequence[Entry] = (), limits: Limits = Limits(),
                 random: Callable[[int], bytes] = os.urandom) -> None:  # fmt: skip
        self._identity, self._config, self._agent, self._notify = identity, config, agent, notify
        self._table_id, self._secret = table_id, secret
        self._host_ready = host_ready
        self._journal, self._resume = journal, list(resume)
        self._spec = config.app
        self._lobby = Lobby(config.seats, Occupant(identity.public, identity.nick))
        self._lobby_peers: dict[int, Connection] = {}  # lobby seat -> connection, before the game
        self._links: dict[int, Connection] = {}  # game seat -> its current connection, during the game
        self._away: dict[int, tuple[float, str]] = {}  # game seat -> (deadline, why), while gone
        self._lobby_changed = asyncio.Event()
        self._server: asyncio.Server | None = None
        self._announcer: Announcer | None = None
        self._follow: asyncio.Task[None] | None = None  # the announcement following this machine's addresses
        self._announcing = asyncio.Lock()
        self._sequencer: Sequencer | None = None
        self._player: SeatRunner | None = None
        self._finished = asyncio.Event()
        self._order = asyncio.Lock()
        self._seen: list[Connection] = []
        self._watchers: list[Connection] = []
        self._waiting: dict[Connection, Occupant] = {}  # came during a game: seated at the next one's lobby
        self._tasks: set[asyncio.Task[None]] = set()
        self._previous: Previous | None = None  # the link of a next game of a series
        self.stats = Stats(clock, lambda: sum(c.bytes_sent for c in self._seen))
        self._clock, self._limits, self._budget, self._open = clock, limits, Budget(limits.buffered), 0
        self._random = random
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
        """The table as announced now (a game in play shows the seats it leaves free: a newcomer waits
        for the next game and takes one then)."""
        cfg, lobby = self._config, self._lobby
        taken = len(self._sequencer.transcript.setup.seats) if self._sequencer else lobby.taken
        free = cfg.seats - taken if self._sequencer else lobby.free  # in play: seats for the next game
        ruleset = self._spec.ruleset_hash(cfg.rules).hex()
        seats = self._sequencer.transcript.setup.seats if self._sequencer else ()
        away = tuple(seats[s].nick for s in sorted(self._away))
        return TableAd(self._table_id.hex(), cfg.name, self._identity.nick, cfg.rules, ruleset, taken, free,
                       PROTOCOL_VERSION, self.addresses, self.port, self._sequencer is not None, away,
                       cfg.turn_time, cfg.away_time, len(self._watchers)).signed_by(self._identity)  # fmt: skip

    async def _async_announce(self) -> None:
        async with self._announcing:  # one announcement at a time, never one on a zeroconf being replaced
            if self._announcer is not None:
                await self._announcer.async_update(self.ad)

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    async def async_run(self) -> Transcript:
        """Wait for the lobby to fill (or be ready) and start the game, or go on with the journaled one;
        play it out and return the final transcript."""
        apps = {self._spec.name: self._spec}
        if self._resume:
            if self._journal is not None:  # joiners look for the table where it listens now
                self._journal.write_record(SeatRecord(self._table_id, "host", self._secret, self.addresses, self.port,
                                                      self._config.options()))  # fmt: skip
            transcript = Transcript.start(self._resume[0], SEQUENCER, apps, "journal", self._secret)
            for entry in self._resume[1:]:
                transcript.append(entry)
            self._sequencer = Sequencer(self._identity, transcript)
            for seat in range(1, len(transcript.setup.seats)):  # everyone must come back to this host
                self._mark_away(seat, "not back after the host restarted", self._now())
        else:
            transcript = await self._async_lobby(apps, self._host_ready)
        return await self._async_play(transcript)

    async def async_next(self, table_id: bytes, secret: bytes, journal: Journal | None) -> Transcript:
        """Offer the next game of a series at this table, once the last one is complete: its seats stay
        in order (the host's seat 0; a joiner still connected and in the game keeps its place), every one
        asked again (`ready`, which a joiner sends once its player says yes; one that stands up says
        bye); a free seat takes a newcomer. It starts once at least two sit and all are ready, as game
        `table_id` (fresh keys from `secret`, kept in `journal`), linked to the last; returns it played out.

        Raises:
            LocalProtocolError: the last game is not complete.
        """
        assert self._sequencer is not None, "a next game follows a game"
        previous = self._sequencer.transcript
        self._previous = next_link(previous)
        seats, present = previous.setup.seats, previous.app.present()
        kept = [Occupant(s.key, s.nick) if seat == SEQUENCER or (seat in self._links and seat in present) else None
                for seat, s in enumerate(seats)]  # fmt: skip
        for task in list(self._tasks):
            task.cancel()  # the last game's watch
        self._lobby = Lobby.again(self._config.seats, kept)
        self._lobby_peers = {seat: conn for seat, conn in self._links.items() if kept[seat] is not None}
        for seat, conn in self._links.items():
            if kept[seat] is None:
                await _async_send_quietly(conn, {"t": "bye", "reason": "you left the last game"})
                await conn.async_close()
        self._links, self._away, self._sequencer, self._player = {}, {}, None, None
        self._finished = asyncio.Event()
        self._table_id, self._secret, self._journal, self._resume = table_id, secret, journal, []
        self._lobby.set_ready(SEQUENCER, True)  # the host's own player chose to play on
        await self._async_seat_waiting()
        await self._async_lobby_changed()  # tells every kept joiner that the next game is offered
        return await self._async_play(await self._async_lobby({self._spec.name: self._spec}, False))

    async def _async_play(self, transcript: Transcript) -> Transcript:
        """Play `transcript` out (from its genesis, or from where a resumed journal stands)."""
        setup = transcript.setup
        self._notify(Started(tuple(s.nick for s in setup.seats), SEQUENCER))
        self._player = SeatRunner(LocalSeat(self._identity, transcript), self._agent, self._async_submit_local)
        if not self._resume:  # journaled before any await since the game's record: a kill between loses no game
            await self._async_broadcast(transcript.entries[0], ())
        await self._async_announce()
        self._spawn(self._async_watch())
        if transcript.phase not in (Phase.DONE, Phase.STOPPED):
            await self._player.async_run()
            await self._finished.wait()
        if self._journal is not None:
            self._journal.finish()
        return transcript

    async def _async_lobby(self, apps: dict[str, AppSpec], ask_host: bool) -> Transcript:
        if ask_host:
            self._spawn(self._async_host_ready())
        self._spawn(self._async_watch_lobby())
        while not self._lobby.can_start():
            self._lobby_changed.clear()
            await self._lobby_changed.wait()
        for task in list(self._tasks):
            task.cancel()  # the ready prompt: the game starts, the person's next input is a move
        cfg = self._config
        ruleset = self._spec.ruleset_hash(cfg.rules)
        setup = self._lobby.setup(self._table_id, cfg.name, self._spec.name, cfg.rules, ruleset, self._previous)
        genesis = make_genesis(self._identity, setup)
        if self._journal is not None:
            self._journal.write_record(SeatRecord(self._table_id, "host", self._secret, self.addresses, self.port,
                                                  cfg.options()))  # fmt: skip
        transcript = Transcript.start(genesis, SEQUENCER, apps, "host", self._secret)
        self._sequencer = Sequencer(self._identity, transcript)
        keys = [s.key for s in setup.seats]
        occupants = enumerate(self._lobby.occupants)
        self._links = {keys.index(o.key): self._lobby_peers[seat]
                       for seat, o in occupants if o is not None and seat in self._lobby_peers}  # fmt: skip
        for seat, conn in self._links.items():
            conn.rename(f"{setup.seats[seat].nick} (seat {seat})")
        self._lobby_peers = {}
        return transcript

    async def _async_host_ready(self) -> None:
        await self._agent.async_wait_ready()
        self._lobby.set_ready(0, True)
        await self._async_lobby_changed()

    async def _async_lobby_changed(self) -> None:
        self._lobby_changed.set()
        if self._sequencer is None:
            await self._async_announce()
            self._notify(LobbySeats(tuple(None if o is None else (o.nick, o.ready) for o in self._lobby.occupants)))
            message = {"t": "lobby", "seats": self._lobby.to_wire()}
            for conn in [*self._lobby_peers.values(), *self._watchers]:
                await _async_send_quietly(conn, message)

    async def _async_submit_local(self, msg: Authored) -> None:
        self.stats.on_sent(msg)
        if self._spec.realtime:  # no head start: the others' entries reach this queue a round trip after they see
            await asyncio.sleep(self.own_delay())
        await self._async_sequence(msg, "host")

    def own_delay(self) -> float:
        """Seconds the host's own entries wait in a real-time game: the lower quartile of the round trips
        to the others, at most `OWN_DELAY_MAX_S` (the joiners time their own pongs)."""
        return fair_wait([t for conn in self._links.values() for t in conn.round_trips])

    async def _async_sequence(self, msg: Authored, peer: str) -> None:
        assert self._sequencer is not None
        async with self._order:  # entries leave in chain order on every connection
            transcript = self._sequencer.transcript
            if transcript.phase in (Phase.DONE, Phase.STOPPED):
                return
            placed = transcript.placed(msg.seat, msg.counter)
            if placed is not None:
                await self._async_taken(placed, msg, peer)
                return
            entry = self._sequencer.place(msg, peer)
            await self._async_relay(entry)  # the peers check it while this host does
            self._on_appended(entry, transcript.append(entry))

    async def _async_taken(self, placed: Authored, msg: Authored, peer: str) -> None:
        """`msg` is for a place the chain holds `placed` at: the same message sent again after a reconnection
        is nothing; another, signed by the same seat, is the proof that it equivocated, sealed for all.

        Raises:
            RemoteProtocolError: naming `peer`, when `msg`'s signature is not its seat's.
        """
        assert self._sequencer is not None
        table = self._sequencer.transcript.setup.table_id
        if msg.signed_bytes(table) == placed.signed_bytes(table):
            return  # sent again after a reconnection: it is in the chain already
        problem = equivocation_problem(self._sequencer.transcript.setup, placed, msg)
        if problem is not None:
            raise RemoteProtocolError(peer, f"sent seat {msg.seat}'s message {msg.counter} again: {problem}")
        await self._async_broadcast(self._sequencer.equivocation(placed, msg), ())

    async def _async_broadcast(self, entry: Entry, events: Sequence[object]) -> None:
        """Send an entry already in the host's transcript (the genesis, an abort) and note it."""
        await self._async_relay(entry)
        self._on_appended(entry, events)

    async def _async_relay(self, entry: Entry) -> None:
        if self._journal is not None:
            self._journal.append(entry)
        message = entry.to_wire()
        for conn in [*self._links.values(), *self._watchers]:
            conn.send_nowait(message)  # a frozen peer's backlog grows until it is cut off; nobody waits on it

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
            name = peer_name(writer.get_extra_info("peername"))
            async with Connection(reader, writer, FROM_PEER, name, limits=limits, frame_limit=limits.hello_frame,
                                  budget=self._budget, clock=self._clock) as conn:  # fmt: skip
                self._seen.append(conn)
                try:
                    if await self._async_seat(conn):
                        await self._async_follow(conn)
                except (NetError, ConnectionError, OSError) as exc:
                    await self._async_drop(conn, exc)
        finally:
            self._open -= 1

    async def _async_seat(self, conn: Connection) -> bool:
        """Read the first message (within the hello deadline): a hello (a seat in the lobby) or a rejoin
        (a seat of the game in play). Returns whether the connection now holds a seat."""
        try:
            async with asyncio.timeout(self._limits.hello_s):
                first = await conn.async_recv()
        except TimeoutError:
            raise RemoteProtocolError(conn.peer, f"said no hello within {self._limits.hello_s:g} s") from None
        if first["t"] == "rejoin":
            return await self._async_rejoin(conn, first)
        if first["t"] == "watch":
            return await self._async_watcher(conn, first)
        if first["t"] != "hello":
            raise RemoteProtocolError(conn.peer, f"sent {first['t']!r} before hello")
        try:
            if first["v"] != PROTOCOL_VERSION:
                raise LobbyRefusal(f"protocol version {first['v']} (this table speaks {PROTOCOL_VERSION})")
            return await self._async_hello(conn, Occupant(first["key"], first["nick"], first["ready"]))
        except LobbyRefusal as refusal:
            await conn.async_send({"t": "reject", "reason": str(refusal)})
            return False

    async def _async_hello(self, conn: Connection, occupant: Occupant) -> bool:
        """A hello, once its key is proven on this link (every link signs a fresh nonce: nobody sits, or
        takes a place, in another key's name): a lobby seat, a wait for the next game, or the place that key
        holds already, moved to this link when its old link is silent (`_live_refusal`).

        Raises:
            LobbyRefusal: the seat cannot be given (full table, the host's key, a failed proof, a place held
                on a live link).
        """
        await self._async_challenge(conn, occupant.key, occupant.nick)
        how = self._seating(occupant.key)
        if how is Seating.SIT:
            return await self._async_sit(conn, occupant)
        if how is Seating.LOBBY:
            return await self._async_lobby_again(conn, occupant.key)
        if how is Seating.GAME:
            assert self._sequencer is not None
            seat = [s.key for s in self._sequencer.transcript.setup.seats].index(occupant.key)
            if (refusal := self._live_refusal(self._links.get(seat))) is not None:
                raise LobbyRefusal(refusal)
            return await self._async_take_back(conn, seat, 0)
        if how is Seating.WAITING:
            old = next(c for c, o in self._waiting.items() if o.key == occupant.key)
            if (refusal := self._live_refusal(old)) is not None:
                raise LobbyRefusal(refusal)
            del self._waiting[old]  # its drop is nobody's loss now
            await old.async_close()
        if how in (Seating.WAIT, Seating.WAITING):
            return await self._async_wait(conn, occupant)
        raise LobbyRefusal("this key already sits at the table")

    def _seating(self, key: bytes) -> Seating:
        game = [s.key for s in self._sequencer.transcript.setup.seats] if self._sequencer is not None else None
        return seating(key, host=self._identity.public, game=game,
                       lobby=[o.key for o in self._lobby.occupants if o is not None],
                       waiting=[o.key for o in self._waiting.values()])  # fmt: skip

    def _live_refusal(self, old: Connection | None) -> str | None:
        """Why a proven key's place may not move off `old`, its link now, or None: `old` was heard within
        two pings, so it is live (the same identity playing in another program), not a link its peer lost."""
        if old is not None and old.silent_for() <= 2 * self._limits.keepalive_s:
            return ("this key sits at the table on a link that is still live: one identity plays one seat "
                    "(is it playing in another window?)")
        return None

    async def _async_challenge(self, conn: Connection, key: bytes, nick: str) -> None:
        """Have the peer prove `key` on this link: sign a fresh nonce within the hello deadline, with the
        nickname its hello gave (`nick`; empty for a rejoin).

        Raises:
            LobbyRefusal: the answer is not `key`'s signature of this nonce (another key, a replayed proof).
            RemoteProtocolError: it answers with anything but a proof, or not in time.
        """
        nonce = self._random(NONCE_BYTES)
        host = self._identity.public
        await conn.async_send({"t": "challenge", "table": self._table_id, "host": host, "nonce": nonce})
        try:
            async with asyncio.timeout(self._limits.hello_s):
                answer = await conn.async_recv()
        except TimeoutError:
            raise RemoteProtocolError(conn.peer, f"did not prove its key within {self._limits.hello_s:g} s") from None
        if answer["t"] != "prove":
            raise RemoteProtocolError(conn.peer, f"sent {answer['t']!r} instead of proving its key")
        if not verify(key, answer["sig"], sit_again_bytes(self._table_id, host, key, nonce, nick)):
            raise LobbyRefusal("the proof is not this key's signature of the challenge")

    async def _async_sit(self, conn: Connection, occupant: Occupant) -> bool:
        """A newcomer takes the lowest free lobby seat; everyone is told."""
        seat = self._lobby.sit(occupant.key, occupant.nick, occupant.ready)
        nick = self._lobby.occupants[seat].nick  # type: ignore[union-attr]  # made distinct at the table
        self._seat_link(conn, seat, nick)
        await conn.async_send(self._welcome(seat))
        self._notify(Seated(seat, nick))
        await self._async_lobby_changed()
        return True

    async def _async_lobby_again(self, conn: Connection, key: bytes) -> bool:
        """A proven key's lobby seat moves to this link, kept as it was (nickname, ready); the old link is
        closed, and nobody else is told: for them nothing changed."""
        seat = [o.key if o is not None else None for o in self._lobby.occupants].index(key)
        nick = self._lobby.occupants[seat].nick  # type: ignore[union-attr]
        old = self._lobby_peers.get(seat)
        if (refusal := self._live_refusal(old)) is not None:
            raise LobbyRefusal(refusal)
        self._seat_link(conn, seat, nick)  # before any wait: a game starting meanwhile takes this link
        await conn.async_send(self._welcome(seat))
        if self._sequencer is None:  # else the game began meanwhile: its genesis says who sits
            await conn.async_send({"t": "lobby", "seats": self._lobby.to_wire()})
        if old is not None:
            await old.async_close()  # its drop frees nothing: the seat is this link's
        self._notify(Back(seat, nick))
        return True

    def _seat_link(self, conn: Connection, seat: int, nick: str) -> None:
        conn.rename(f"{nick} (seat {seat})")
        conn.admit()
        conn.start_keepalive(self._limits.keepalive_s)
        self._lobby_peers[seat] = conn

    def _welcome(self, seat: int) -> dict[str, Any]:
        cfg = self._config
        return {"t": "welcome", "v": PROTOCOL_VERSION, "seat": seat, "name": cfg.name, "app": self._spec.name,
                "rules": cfg.rules, "words": cfg.words, "turn": cfg.turn_time, "away": cfg.away_time}

    async def _async_wait(self, conn: Connection, occupant: Occupant) -> bool:
        """A hello while a game is in play: the peer waits for the next game's lobby (`_seat_waiting`)."""
        cfg = self._config
        if len(self._waiting) >= cfg.seats - 1:  # more could never all sit at the next game
            raise LobbyRefusal(f"{len(self._waiting)} peers already wait for the next game, as many as it "
                               f"could seat; try again after it")  # fmt: skip
        conn.rename(f"{occupant.nick} (waiting)")
        conn.admit()
        conn.start_keepalive(self._limits.keepalive_s)
        self._waiting[conn] = occupant
        await conn.async_send({"t": "wait", "v": PROTOCOL_VERSION, "name": cfg.name, "app": self._spec.name,
                               "rules": cfg.rules, "words": cfg.words, "turn": cfg.turn_time,
                               "away": cfg.away_time})  # fmt: skip
        return True

    async def _async_seat_waiting(self) -> None:
        """The next game's lobby seats the peers that came during the last game, first come first seated,
        while seats are free (the others wait on)."""
        for conn, occupant in list(self._waiting.items()):
            try:
                seat = self._lobby.sit(occupant.key, occupant.nick, occupant.ready)
            except (LobbyRefusal, ValueError):
                continue
            del self._waiting[conn]
            nick = self._lobby.occupants[seat].nick  # type: ignore[union-attr]
            conn.rename(f"{nick} (seat {seat})")
            self._lobby_peers[seat] = conn
            await _async_send_quietly(conn, self._welcome(seat))
            self._notify(Seated(seat, nick))

    async def _async_watcher(self, conn: Connection, message: dict[str, Any]) -> bool:
        """A spectator: the table, then the game in play from its genesis (so it checks everything as it
        catches up), then everything the seats get."""
        if message["v"] != PROTOCOL_VERSION:
            await conn.async_send({"t": "reject", "reason": f"protocol version {message['v']} "
                                                            f"(this table speaks {PROTOCOL_VERSION})"})  # fmt: skip
            return False
        if len(self._watchers) >= self._limits.watchers:
            await conn.async_send({"t": "reject", "reason": f"the table has {len(self._watchers)} spectators, "
                                                            "the most it takes; try again later"})  # fmt: skip
            return False
        conn.rename(f"spectator {len(self._watchers) + 1}")
        conn.admit()
        conn.start_keepalive(self._limits.keepalive_s)
        frame_s = self._limits.frame_s
        async with self._order:  # no entry is relayed while the spectator catches up, so it gets `frame_s`
            try:
                async with asyncio.timeout(frame_s):
                    await self._async_catch_up(conn)
            except TimeoutError:
                raise RemoteProtocolError(conn.peer, f"did not take the game so far within {frame_s:g} s") from None
            self._watchers.append(conn)
        self._spawn(self._async_announce())  # the listing says how many watch
        return True

    async def _async_catch_up(self, conn: Connection) -> None:
        cfg = self._config
        await conn.async_send({"t": "watching", "v": PROTOCOL_VERSION, "name": cfg.name, "app": self._spec.name,
                               "rules": cfg.rules, "words": cfg.words, "turn": cfg.turn_time,
                               "away": cfg.away_time})  # fmt: skip
        if self._sequencer is not None:
            for entry in self._sequencer.transcript.entries:
                await conn.async_send(entry.to_wire())
        else:
            await conn.async_send({"t": "lobby", "seats": self._lobby.to_wire()})

    def _rejoin_refusal(self, message: dict[str, Any]) -> str | None:
        """Why a rejoin cannot be taken, or None: it must be this table's game, a joiner's seat, signed by
        that seat's key, recent, and claim no more entries than the chain holds."""
        if self._sequencer is None:
            return "the game has not started"
        setup = self._sequencer.transcript.setup
        keys = [s.key for s in setup.seats]
        if message["table"] != self._table_id or message["key"] not in keys[1:]:
            return "this table has no such seat"
        if message["v"] != PROTOCOL_VERSION:
            return f"protocol version {message['v']} (this table speaks {PROTOCOL_VERSION})"
        if not verify(message["key"], message["sig"],
                      rejoin_bytes(message["table"], message["key"], message["have"], message["time"])):  # fmt: skip
            return "the rejoin is not signed by the seat's key"
        if abs(message["time"] - int(time.time() * 1000)) > _REJOIN_CLOCK_SKEW_MS:
            return "the rejoin is too old (or the clocks differ by more than ten minutes)"
        if message["have"] > len(self._sequencer.transcript.entries):
            return "the rejoin claims entries this host never sent"
        return None

    async def _async_rejoin(self, conn: Connection, message: dict[str, Any]) -> bool:
        """A seat of the game comes back: a good rejoin, its key proven on this link (a fresh nonce: a rejoin
        seen on the air and replayed proves nothing), its old link silent (`_live_refusal`)."""
        try:
            if (refusal := self._rejoin_refusal(message)) is not None:
                raise LobbyRefusal(refusal)
            await self._async_challenge(conn, message["key"], "")
            assert self._sequencer is not None
            seat = [s.key for s in self._sequencer.transcript.setup.seats].index(message["key"])
            if (refusal := self._live_refusal(self._links.get(seat))) is not None:
                raise LobbyRefusal(refusal)
        except LobbyRefusal as refused:
            await conn.async_send({"t": "reject", "reason": str(refused)})
            return False
        return await self._async_take_back(conn, seat, message["have"])

    async def _async_take_back(self, conn: Connection, seat: int, have: int) -> bool:
        """Game seat `seat` comes back on this link holding `have` entries: the old link is closed, and the
        entries it lacks go out before any new one."""
        assert self._sequencer is not None
        transcript, cfg = self._sequencer.transcript, self._config
        setup = transcript.setup
        async with self._order:  # no entry is relayed while the returning seat catches up
            old = self._links.pop(seat, None)
            if old is not None:
                await old.async_close()
            conn.rename(f"{setup.seats[seat].nick} (seat {seat})")
            conn.admit()
            conn.start_keepalive(self._limits.keepalive_s)
            await conn.async_send({"t": "resumed", "v": PROTOCOL_VERSION, "seat": seat, "name": cfg.name,
                                   "app": self._spec.name, "rules": cfg.rules, "words": cfg.words,
                                   "entries": len(transcript.entries), "turn": cfg.turn_time,
                                   "away": cfg.away_time})  # fmt: skip
            async with asyncio.timeout(self._limits.frame_s):  # a seat that reads slowly holds nobody up long
                for entry in transcript.entries[have:]:
                    await conn.async_send(entry.to_wire())
            self._links[seat] = conn
        self._mark_back(seat)
        return True

    def _mark_away(self, seat: int, why: str, since: float) -> None:
        """Seat `seat` is gone since `since` (loop time): it has `away_time` from then to come back."""
        assert self._sequencer is not None
        left = since + self._config.away_time - self._now()
        self._away[seat] = (since + self._config.away_time, why)
        self._notify(Away(seat, self._sequencer.transcript.setup.seats[seat].nick, left))
        self._tell_away(seat, left)
        self._spawn(self._async_announce())  # the listing says who is away

    def _mark_back(self, seat: int) -> None:
        assert self._sequencer is not None
        if self._away.pop(seat, None) is not None:
            self._notify(Back(seat, self._sequencer.transcript.setup.seats[seat].nick))
            self._tell_away(seat, 0)
            self._spawn(self._async_announce())

    def _tell_away(self, seat: int, left: float) -> None:
        message = {"t": "away", "seat": seat, "left": max(0, round(left))}
        for other, conn in [*self._links.items(), *((-1, c) for c in self._watchers)]:
            if other != seat:
                conn.send_nowait(message)

    async def _async_follow(self, conn: Connection) -> None:
        while True:
            message = await conn.async_recv()
            kind = message["t"]
            if (conn in self._watchers or conn in self._waiting) and kind != "bye":
                raise RemoteProtocolError(conn.peer, f"sent {kind!r} while it only watches or waits")
            lobby_seat = next((s for s, c in self._lobby_peers.items() if c is conn), None)
            if kind == "ready" and lobby_seat is not None:
                self._lobby.set_ready(lobby_seat, message["ready"])
                await self._async_lobby_changed()
            elif kind == "submit" and self._links.get(message["seat"]) is conn:
                await self._async_sequence(authored_from(message), conn.peer)
            elif kind == "submit" and self._sequencer is not None and conn not in self._links.values():
                return  # a connection replaced by the seat's rejoin: its last words do not count
            elif kind == "bye":
                raise RemoteProtocolError(conn.peer, f"left: {message['reason']}")
            else:
                raise RemoteProtocolError(conn.peer, f"sent {kind!r} out of place")

    async def _async_drop(self, conn: Connection, exc: BaseException) -> None:
        if self._closing:
            return
        if conn in self._watchers:
            self._watchers.remove(conn)
            await self._async_announce()
            return
        if self._waiting.pop(conn, None) is not None:
            return
        lobby_seat = next((s for s, c in self._lobby_peers.items() if c is conn), None)
        if lobby_seat is not None:
            del self._lobby_peers[lobby_seat]
            occupant = self._lobby.occupants[lobby_seat]
            self._lobby.leave(lobby_seat)
            self._notify(LeftLobby(lobby_seat, occupant.nick if occupant else "?"))
            await self._async_lobby_changed()
            return
        seat = next((s for s, c in self._links.items() if c is conn), None)
        if seat is None or self._sequencer is None or self._finished.is_set():
            return
        del self._links[seat]
        if seat not in self._sequencer.transcript.app.present():
            return  # it left the game for good: nobody waits on it
        self._notify(Dropped(conn.peer, str(exc)))
        if seat not in self._away:
            self._mark_away(seat, f"connection lost ({exc})", self._now())

    async def _async_watch_lobby(self) -> None:
        """Before the game: a lobby seat's link (or a waiting peer's) silent past `limits.silent_s` is closed,
        which frees the seat; the peer, if it is alive, sits again on a new link."""
        while True:
            await asyncio.sleep(_WATCH_S)
            self._close_silent([*self._lobby_peers.values(), *self._waiting])

    def _close_silent(self, conns: Sequence[Connection]) -> None:
        for conn in conns:
            if conn.silent_for() > self._limits.silent_s:
                self._spawn(conn.async_close())  # its reader sees the link closed and drops it

    async def _async_watch(self) -> None:
        """Once in a while: a seat whose link is silent past `limits.silent_s` (frozen, lid closed, cable
        out) is away from when it was last heard, and back once heard again; a seat away past the limit
        ends the game with a report naming it; a waiting peer's silent link is closed."""
        silent_s = self._limits.silent_s
        while not self._finished.is_set():
            await asyncio.sleep(_WATCH_S)
            now = self._now()
            self._close_silent(list(self._waiting))
            present = self._sequencer.transcript.app.present() if self._sequencer else frozenset()
            for seat in [s for s in self._away if s not in present]:
                self._mark_back(seat)  # left for good meanwhile: nobody waits on it
            for seat, conn in list(self._links.items()):
                if seat not in present:
                    continue
                silent = conn.silent_for()
                if silent > silent_s and seat not in self._away:
                    self._mark_away(seat, f"silent for {silent:.0f} s (frozen or cut off)", now - silent)
                elif silent <= silent_s and seat in self._away:
                    self._mark_back(seat)
            for seat, (deadline, why) in list(self._away.items()):
                if now >= deadline:
                    await self._async_abort(seat, why)

    async def _async_abort(self, seat: int, why: str) -> None:
        assert self._sequencer is not None
        async with self._order:
            transcript = self._sequencer.transcript
            if transcript.phase in (Phase.DONE, Phase.STOPPED):
                return
            last = max((e for e in transcript.entries if e.msg.seat == seat), key=lambda e: e.index, default=None)
            heard = "it sent nothing" if last is None else (
                f"its last message is entry {last.index}, when it had seen entry {last.msg.seen.index}")
            reason = (f"away for more than {self._config.away_time} s: {why}; {heard}; "
                      f"the table holds {len(transcript.entries)} entries")  # fmt: skip
            entry = self._sequencer.abort(seat, reason)
            self._away.pop(seat, None)
            await self._async_broadcast(entry, ())

    async def async_close(self) -> None:
        """Say goodbye, close every connection, the listener and the announcement (safe to call twice)."""
        self._closing = True  # connections closed from here on are not drops
        peers = [*self._lobby_peers.values(), *self._links.values(), *self._watchers, *self._waiting]
        self._lobby_peers, self._links, self._watchers, self._waiting = {}, {}, [], {}
        for conn in peers:
            await _async_send_quietly(conn, {"t": "bye", "reason": "table closed"})
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
