# The joiner (thin asyncio around `Transcript` and `SeatRunner`): connects to a host, says hello, waits in
# the lobby, then checks and applies every entry the host relays, and sends its own seat's messages. It
# comes back by itself: when the link to the host breaks during the game, it dials the host again (the
# addresses it knew, then wherever `find` says the table is now) until the table's away limit, sends a
# signed `rejoin` with the number of entries it holds, and takes the ones it lacks. A joiner started
# from a journal (`resume`) does the same from its first connection. When the link breaks before its game
# began (in the lobby, or told to `wait`), it dials again and says hello again for `SIT_AGAIN_S`, paced and
# at most `SIT_AGAIN_LINKS` times: a host that still holds its place challenges it to prove its key and gives
# the place back (its lobby seat, or its seat in the game begun meanwhile, from the genesis); one that freed
# it seats it afresh (a "ready" said before is said again). A lobby is kept by nobody: when every place
# refuses the connection (nothing listens: the host's program ended), it is given up at once (`LobbyGone`);
# a peer told to wait is dialled on, since the game in play is kept and `host --resume` takes it up there.
# Invariants: nothing from the host is used before its schema check; every entry goes through the same
# transcript checks as at every other peer, so a lying or forking host is named by the verdict; every
# entry is journaled before this seat acts on it; each of this seat's messages is journaled before it is
# sent, and a seat that comes back (a link lost, or a crash: `resume`) sends that very message again and
# signs no other for its place, so an honest seat never equivocates; a message signed by this seat's key
# that the chain holds at the place of the one it sent is a proven fault (`Transcript.witness`); this
# seat's messages are sent only while the link is up and it holds every entry the host had when it came
# back; `async_close` may be called twice. A series: after a complete game `async_next` waits for the
# host to offer the next one (a `lobby` message on the same connection), asks the agent whether to play
# it, and plays it as a fresh game whose genesis must link to the game it played last (`link_problem`:
# else the host is named). What it decides (the host it proves itself to, what a lost link means) is
# decided in `_joining.py`, sans-IO; what the host says is read typed (`host_message`); a game whose genesis
# states another application, rules or name than the host's welcome offered is refused naming the host.
"""`Joiner`: sit at a table reached by address (or come back to one), play it out, return the transcript."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Sequence
from types import TracebackType
from typing import Any

from p2pshithead.errors import LocalSecretError
from p2pshithead.lang import _
from p2pshithead.net._addresses import async_dial, link_words, peer_name
from p2pshithead.net._app import AWAY_TIME_S, MAX_WAIT_S, Apps
from p2pshithead.net._connection import Connection
from p2pshithead.net._errors import LocalProtocolError, NetError, RemoteProtocolError
from p2pshithead.net._events import (
    Away,
    Back,
    Connected,
    Notify,
    Started,
    Stopped,
    Waiting,
    Welcomed,
    away_event,
)
from p2pshithead.net._identity import Identity, verify
from p2pshithead.net._joining import (
    AfterLoss,
    HostGone,
    HostPin,
    LobbyGone,
    OtherGame,
    Refused,
    after_loss,
    from_host,
    gone_for_good,
    lobby_seats,
    offer_problem,
    said,
    unexpected,
)
from p2pshithead.net._journal import Journal, SeatRecord, replay_journal
from p2pshithead.net._limits import Limits
from p2pshithead.net._messages import (
    FROM_HOST,
    AwayNews,
    Bye,
    Challenge,
    Goodbye,
    Hello,
    HostMessage,
    LobbyNews,
    Prove,
    Readiness,
    Rejoin,
    Resumed,
    TableInfo,
    Wait,
    Welcome,
    rejoin_bytes,
    sit_again_bytes,
)
from p2pshithead.net._runner import Agent, SeatRunner
from p2pshithead.net._seat import SeatSigner
from p2pshithead.net._stats import Stats
from p2pshithead.net._transcript import (
    PROTOCOL_VERSION,
    SEQUENCER,
    Authored,
    Entry,
    Progress,
    Transcript,
    authored_to_wire,
    link_problem,
    setup_from_genesis,
)

Find = Callable[[bytes], Awaitable[tuple[tuple[str, ...], int] | None]]
"""Where table `table_id` is announced now (addresses, port), or None: how a joiner finds a moved host."""
_RETRY_S = 1.0
_WATCH_S = 0.5
SIT_AGAIN_S = 60.0
"""How long a peer whose link broke before its game began (lobby, waiting) tries to sit again."""
_QUIET_ROUNDS = 2
"""Rounds of dials (`_RETRY_S` apart) after a lobby link broke before the person is told the host is away: a
link back at once, or a host found gone, is said with nothing before it."""
SIT_AGAIN_LINKS = 100
"""How often a peer sits again at one table at most (a host that keeps dropping it is let go)."""


async def _async_recv(conn: Connection) -> HostMessage | Entry:
    """The host's next message, typed."""
    return from_host(conn.peer, await conn.async_recv())


class Joiner:
    """A seat at a remote table: `async with Joiner(...) as j: transcript = await j.async_run()`.

    Args:
        secret: the local seat's secret bytes for the application (`AppSpec.secret_size`).
        keep: opens the journal of a table by id (None: keep nothing on disk; tests).
        resume: a journal and its record, to come back to that table's game (the addresses and port
            given are then the record's); it is replayed here, before any link is made.
        find: looks the table up by id when the host is not where it was (None: only the known addresses).
        limits: deadlines, sizes and keep-alives of the connection (`Limits`).
        host_key: the key that signed the announcement of the table the person picked (`TableAd.host_key`):
            this peer proves itself only to that host. None: its first challenge pins the key.

    Raises (on construction):
        JournalError: the journal of `resume` cannot be taken up (`replay_journal`): nothing is dialled.
    """

    def __init__(self, identity: Identity, addresses: Sequence[str], port: int, apps: Apps,
                 agent_for: Callable[[str], Agent], *, bot: bool, bind: str | None, notify: Notify,
                 clock: Callable[[], float], secret: bytes = b"", keep: Callable[[bytes], Journal] | None = None,
                 resume: tuple[Journal, SeatRecord] | None = None, find: Find | None = None,
                 limits: Limits = Limits(), host_key: bytes | None = None) -> None:  # fmt: skip
        self._identity, self._addresses, self._port = identity, tuple(addresses), port
        self._agent_for, self._bot = agent_for, bot
        self._apps, self._bind, self._notify, self._secret = apps, bind, notify, secret
        self._keep, self._find = keep, find
        self._journal: Journal | None = None
        self._conn: Connection | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._agent: Agent | None = None
        self._player: SeatRunner | None = None
        self._playing = False  # the player runs (from the first moment this seat holds the whole table)
        self._live = asyncio.Event()  # the link is up and this seat holds what the host had on (re)joining
        self._caught_up_at = 0  # entries to hold before this seat may speak again
        self._last_sent: Authored | None = None  # this seat's last message, sent again if the host lost it
        self._away_time = 0
        self._host = "host"
        self._table_name = ""  # the table's name, as the host's welcome gave it (kept in the journal's record)
        self._offered: TableInfo | None = None  # the table the host's welcome offered: its games must be that
        self._links: list[Connection] = []  # every link this peer opened (what it sent on them: `stats`)
        self.stats = Stats(clock, lambda: sum(c.bytes_sent for c in self._links))
        self._clock, self._limits = clock, limits
        self.transcript: Transcript | None = None
        self._previous: Transcript | None = None  # the game this seat played last at this table (a series)
        self._failure: BaseException | None = None
        self._hello_answered = False  # the host took this peer (a link lost before a game is sat again at)
        self._waiting = False  # told to wait for the next game (not yet welcomed to its lobby)
        self._sat_again = 0  # times this peer said hello again after a lost link
        self._ready: asyncio.Task[None] | None = None  # a person's "ready", once asked
        self._watch: asyncio.Task[None] | None = None  # the host's silence, watched while connected
        self._table_hint: bytes | None = None  # the host's table id, as its last challenge named it
        self._pin = HostPin(host_key)  # the ad's key, else the first challenge's: every later one, every game's too
        if resume is not None:
            self._journal, record = resume
            self._secret = record.secret
            away = record.options.get("away")
            self._away_time = away if type(away) is int and 0 < away <= MAX_WAIT_S else AWAY_TIME_S
            self.transcript = replay_journal(record, self._journal.entries(), identity.public, apps)
            self._pin.key = self._pin.key or self.transcript.setup.seats[SEQUENCER].key  # the host of its game
            self._last_sent = self._in_flight(self._journal.sent())

    @property
    def table_name(self) -> str:
        """The table's name, as the host's welcome gave it ("" before one came)."""
        return self._table_name

    async def __aenter__(self) -> Joiner:
        try:
            await self._async_connect(self._addresses, self._port)
        except OSError:
            if self.transcript is None:
                raise  # a seat coming back keeps looking for its host in `async_run`
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.async_close()

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _in_flight(self, sent: Authored | None) -> Authored | None:
        """`sent`, this seat's last message kept in the journal, if the transcript has not placed it yet (and
        it is this seat's next message of this table, signed by its key): sent again on coming back."""
        t = self.transcript
        assert t is not None
        seat = [s.key for s in t.setup.seats].index(self._identity.public)
        if sent is None or sent.seat != seat or sent.counter != t.next_counter(seat):
            return None
        return sent if verify(self._identity.public, sent.sig, sent.signed_bytes(t.setup.table_id)) else None

    async def _async_connect(self, addresses: Sequence[str], port: int) -> None:
        reader, writer, address = await async_dial(addresses, port, self._bind)
        self._conn = Connection(reader, writer, FROM_HOST, peer_name((address, port)),
                                limits=self._limits, clock=self._clock)  # fmt: skip
        self._conn.start_keepalive(self._limits.keepalive_s)
        self._links.append(self._conn)
        self._addresses, self._port = (address, *(a for a in addresses if a != address)), port
        self._notify(Connected(address, port))

    async def async_run(self) -> Transcript:
        """Sit, wait in the lobby, play (or come back and play on); return the transcript once complete or stopped.

        Raises:
            RemoteProtocolError: naming the host, when it refuses the seat, breaks the protocol, or is gone
                longer than the table's away limit before the transcript is complete or stopped (`HostGone`
                at once, when its program ended in a game kept by nobody).
        """
        if self.transcript is None:
            assert self._conn is not None, "use Joiner as an async context manager"
            self._watch_host()  # a host gone silent while this peer waits for a seat is dialled again
            try:
                await self._async_hello(self._limits.hello_s)
            except (NetError, ConnectionError, OSError) as exc:
                if after_loss(exc, answered=self._hello_answered, in_game=False, over=False) is AfterLoss.GIVE_UP:
                    raise
                await self._async_sit_again(exc)  # lost while told to wait for the next game
        elif self._conn is None:
            await self._async_come_back(OSError("the host is not where it was"))
        else:
            await self._async_rejoin()
        return await self._async_play_out()

    async def async_next(self, secret: bytes, play_again: Callable[[], Awaitable[bool]]) -> Transcript | None:
        """After a complete game: wait for the host to offer the next game at this table, ask the player
        whether to play it (`play_again`: False stands up), and play it with fresh keys from `secret`.
        Returns its transcript, or None when this seat stood up or the host closed the table instead.

        Raises:
            RemoteProtocolError: as `async_run` (a next game that does not link to the last one names the host).
        """
        conn, previous, agent = self._conn, self.transcript, self._agent
        assert previous is not None and previous.phase is Progress.DONE and agent is not None, "a next game follows one"
        for task in list(self._tasks):
            task.cancel()  # the last game's host watch
        if conn is None:
            return None
        try:
            while not isinstance(message := await _async_recv(conn), LobbyNews):
                if isinstance(message, Bye):
                    return None
                if not isinstance(message, AwayNews):
                    raise RemoteProtocolError(conn.peer, f"sent {said(message)!r} after the game")
        except (NetError, ConnectionError, OSError):
            return None  # the table closed
        self._notify(lobby_seats(message))
        if not await play_again():
            with contextlib.suppress(ConnectionError, OSError):
                await conn.async_send(Bye(Goodbye.STOOD_UP).to_wire())
            return None
        self._previous, self.transcript, self._player, self._journal = previous, None, None, None
        self._playing, self._caught_up_at, self._last_sent, self._secret = False, 0, None, secret
        self._live.clear()
        self._agent = self._agent_for(previous.setup.app)  # a fresh player for a fresh game
        await conn.async_send(Readiness(True).to_wire())
        return await self._async_play_out()

    async def _async_play_out(self) -> Transcript:
        self._watch_host()
        while self.transcript is None or self.transcript.phase is Progress.SIGNING or (
                self.transcript.phase is Progress.PLAYING and self._seat_in(self.transcript)):  # fmt: skip
            try:
                await self._async_read()
            except (NetError, ConnectionError, OSError) as exc:
                if self._failure is not None:
                    raise self._failure from None
                t = self.transcript
                then = after_loss(exc, answered=self._hello_answered, in_game=t is not None,
                                  over=t is not None and t.phase in (Progress.DONE, Progress.STOPPED))  # fmt: skip
                if then is AfterLoss.GIVE_UP:
                    raise
                await (self._async_sit_again(exc) if then is AfterLoss.SIT_AGAIN else self._async_come_back(exc))
        if self._journal is not None:
            self._journal.finish()
        return self.transcript

    def _seat_in(self, transcript: Transcript) -> bool:
        """Whether this peer still takes part (it has not left the game for good: then it reads on only
        while the game it ended is signed off, so that it keeps the whole transcript)."""
        return [s.key for s in transcript.setup.seats].index(self._identity.public) in transcript.app.present()

    async def _async_hello(self, answer_s: float | None = None) -> None:
        """Say hello and take the answer (within `answer_s`, if given: `wait`, then `welcome` whenever the
        next game begins).

        Raises:
            RemoteProtocolError: naming the host, when it refuses the seat, breaks the protocol or does not
                answer within `answer_s`.
        """
        conn, me = self._conn, self._identity
        assert conn is not None
        await conn.async_send(Hello(PROTOCOL_VERSION, me.public, me.nick, self._bot).to_wire())
        welcome = await self._async_proven(conn, await self._async_answer(conn, answer_s), answer_s, me.nick)
        if isinstance(welcome, Resumed):  # the game began meanwhile, with this seat: it comes from the genesis
            self._welcome(welcome)
            self._caught_up_at = welcome.entries
            return
        if isinstance(welcome, Wait):  # a game is in play: a free seat at the next one
            self._hello_answered = self._waiting = True
            self._notify(Waiting(welcome.table.name))
            welcome = await _async_recv(conn)
        if not isinstance(welcome, Welcome):
            raise unexpected(conn.peer, "refused the seat", welcome)
        self._welcome(welcome)
        if self._ready is None:
            if not self._bot:
                self._ready = self._spawn(self._async_send_ready())
                self._ready.add_done_callback(self._on_player_done)  # a player who leaves at the prompt
        elif self._ready.done():  # said before the link was lost: the host forgot it with the seat
            await conn.async_send(Readiness(True).to_wire())

    async def _async_proven(self, conn: Connection, answer: HostMessage | Entry, answer_s: float | None,
                            nick: str) -> HostMessage | Entry:  # fmt: skip
        """The host's answer after this peer proved its key, when `answer` is the host's challenge (every
        hello and rejoin is challenged: a fresh nonce signed by this key, with the hello's `nick`, empty
        for a rejoin); else `answer`."""
        if not isinstance(answer, Challenge):
            return answer
        host = answer.host
        self._pin.challenge(host, conn.peer)
        self._table_hint = answer.table  # where to look for the host by mDNS should its address change
        sig = self._identity.sign(sit_again_bytes(answer.table, host, self._identity.public, answer.nonce, nick))
        await conn.async_send(Prove(sig).to_wire())
        return await self._async_answer(conn, answer_s)

    @staticmethod
    async def _async_answer(conn: Connection, answer_s: float | None) -> HostMessage | Entry:
        try:
            async with asyncio.timeout(answer_s):  # not `wait_for`: in 3.11 it may swallow a cancellation
                return await _async_recv(conn)
        except TimeoutError:
            raise RemoteProtocolError(conn.peer, f"did not answer the hello within {answer_s:.3g} s") from None

    async def _async_sit_again(self, exc: BaseException) -> None:
        """The link broke before this seat's game began (in the lobby, or waiting for the next game): dial
        the host again and say hello again, every `_RETRY_S` for `SIT_AGAIN_S`. A host that still holds this
        key's place (it has not seen the old link break) gives it back once the key is proven, in the lobby
        or in the game begun meanwhile; one that freed it seats this peer afresh. A refusal is tried again.

        Raises:
            RemoteProtocolError: naming the host, when it has not seated this peer again within the limit.
            LobbyGone: at once, when this peer sat in the lobby and nothing listens where the host was.
        """
        if self._conn is not None:
            await self._conn.async_close()
            self._conn = None
        self._sat_again += 1
        if self._sat_again > SIT_AGAIN_LINKS:
            raise RemoteProtocolError(self._host, f"dropped this peer {SIT_AGAIN_LINKS} times before a game "
                                                  f"({link_words(exc)})")  # fmt: skip
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SIT_AGAIN_S
        rounds, told = 0, False  # the host is said to be away only after `_QUIET_ROUNDS` rounds of dials that
        # neither reached it nor found it gone (a killed host's port refuses only once its process is wholly gone)
        if self._sat_again > 1:  # a host that seats and drops this peer is not dialled in a tight loop
            await asyncio.sleep(_RETRY_S)
        while (left := deadline - loop.time()) > 0:
            tries: list[BaseException] = []
            for addresses, port in await self._async_places(self._table_hint):
                one_try = max(0.1, min(left, self._limits.hello_s))  # the host may be found elsewhere meanwhile
                try:
                    async with asyncio.timeout(one_try):
                        await self._async_connect(addresses, port)
                    await self._async_hello(max(0.1, deadline - loop.time()))
                except (NetError, ConnectionError, OSError, TimeoutError) as again:
                    exc = again
                    tries.append(again)
                    if self._conn is not None:
                        await self._conn.async_close()
                        self._conn = None
                    continue
                if told:
                    self._notify(Back(SEQUENCER, self._host))
                return
            if gone_for_good(tries, kept=self._waiting):
                raise LobbyGone(self._host, self._table_name)
            rounds += 1
            if not told and rounds >= _QUIET_ROUNDS:
                self._notify(Away(SEQUENCER, self._host, max(0.0, deadline - loop.time())))
                told = True
            await asyncio.sleep(min(_RETRY_S, max(0.0, deadline - loop.time())))
        raise RemoteProtocolError(self._host, f"did not come back within {SIT_AGAIN_S:g} s ({link_words(exc)})")

    async def _async_places(self, table_id: bytes | None) -> list[tuple[Sequence[str], int]]:
        """Where to dial the host again: where mDNS announces table `table_id` now (a host whose address
        changed announces itself from the new one), then where this peer found it first."""
        places: list[tuple[Sequence[str], int]] = [(self._addresses, self._port)]
        if self._find is not None and table_id is not None and (found := await self._find(table_id)) is not None:
            places.insert(0, found)
        return places

    def _welcome(self, welcome: Welcome | Resumed) -> None:
        conn, table = self._conn, welcome.table
        assert conn is not None
        self._hello_answered, self._waiting = True, False
        self._offered = table
        self._host, self._table_name = _("host of {table}").format(table=table.name), table.name
        conn.rename(self._host)
        if table.app not in self._apps:
            raise OtherGame(conn.peer, table.app)
        if self._agent is None:
            self._agent = self._agent_for(table.app)
        self._away_time = table.away
        self._notify(Welcomed(table.name, welcome.seat, table.app, table.rules, table.turn, table.away,
                              isinstance(welcome, Resumed)))  # fmt: skip

    async def _async_rejoin(self) -> None:
        """Say who comes back and how much it holds; take the host's answer (the entries follow)."""
        conn, transcript = self._conn, self.transcript
        assert conn is not None and transcript is not None
        table, key, have = transcript.setup.table_id, self._identity.public, len(transcript.entries)
        now = int(time.time() * 1000)
        sig = self._identity.sign(rejoin_bytes(table, key, have, now))
        await conn.async_send(Rejoin(PROTOCOL_VERSION, key, table, have, now, sig).to_wire())
        answer = await self._async_proven(conn, await _async_recv(conn), None, "")
        if not isinstance(answer, Resumed):
            raise unexpected(conn.peer, "refused to take this seat back", answer)
        if answer.entries < have:
            raise RemoteProtocolError(conn.peer, f"holds {answer.entries} entries, fewer than the {have} it sent")
        self._welcome(answer)
        self._caught_up_at = answer.entries
        if self._player is None:
            self._start_player()
        self._check_live()

    async def _async_read(self) -> None:
        conn = self._conn
        assert conn is not None
        message = await _async_recv(conn)
        if isinstance(message, LobbyNews) and self.transcript is None:
            self._notify(lobby_seats(message))
        elif isinstance(message, Entry):
            entry = message
            events = self._begin(entry) if self.transcript is None else self._append(entry)
            assert self._player is not None and self.transcript is not None
            self.stats.on_validated(entry, self.transcript.app.in_setup())
            self._player.observe(entry, events)
            self._check_live()
        elif isinstance(message, AwayNews) and self.transcript is not None:
            self._notify(away_event(conn.peer, message.body(), [s.nick for s in self.transcript.setup.seats]))
        elif isinstance(message, Bye):
            raise Refused(conn.peer, "left", message)
        else:
            raise RemoteProtocolError(conn.peer, f"sent {said(message)!r} out of place")

    def _check_live(self) -> None:
        """Speak again once this seat holds what the host had when it came back; a message of this seat's
        that the host never placed (lost with the old link) is sent again then."""
        t = self.transcript
        if t is None or self._live.is_set() or len(t.entries) < self._caught_up_at:
            return
        self._live.set()
        if self._player is not None and not self._playing:  # a seat decides on what the table holds now
            self._playing = True
            self._spawn(self._player.async_run()).add_done_callback(self._on_player_done)
        lost = self._last_sent
        if lost is not None and lost.counter >= t.next_counter(lost.seat) and self._conn is not None:
            self._spawn(self._conn.async_send(authored_to_wire(lost)))

    def _watch_host(self) -> None:
        if self._watch is None or self._watch.done() or self._watch.cancelling():  # cancelled with the last game
            self._watch = self._spawn(self._async_watch_host())

    async def _async_watch_host(self) -> None:
        """A host silent past `limits.silent_s` (frozen, cut off, or this peer's address changed under the
        link), or deaf past `silent_s + frame_s` (its pongs stopped: a link that passes one way only, the
        host waiting for this seat while this peer still hears it; a host may leave a seat unread for up
        to `frame_s` while it sends another seat its catch-up): its link is dropped, so this peer sits
        again (lobby, waiting) or comes back (in the game: `_async_come_back` dials again until the away
        limit), on a new link; a dead link is never waited on, since nothing but a new one can carry the
        game on."""
        limits = self._limits
        while True:
            await asyncio.sleep(_WATCH_S)
            conn = self._conn
            if conn is not None and (conn.silent_for() > limits.silent_s
                                     or conn.unanswered_for() > limits.silent_s + limits.frame_s):  # fmt: skip
                await conn.async_close()

    async def _async_come_back(self, exc: BaseException) -> None:
        """The link to the host broke: dial it again until the away limit (counted from when the host was
        last heard), then rejoin.

        Raises:
            RemoteProtocolError: naming the host, when it is not back within the limit.
            HostGone: at once, when its game is kept by nobody and nothing listens where it was.
        """
        self._live.clear()
        silent = self._conn.silent_for() if self._conn is not None else 0.0
        if self._conn is not None:
            await self._conn.async_close()
            self._conn = None
        assert self.transcript is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._away_time - silent
        host_nick = self.transcript.setup.seats[SEQUENCER].nick
        self._notify(Away(SEQUENCER, host_nick, deadline - loop.time()))
        table_id = self.transcript.setup.table_id
        kept = self._apps[self.transcript.setup.app].kept
        while (left := deadline - loop.time()) > 0:
            tries: list[BaseException] = []
            for addresses, port in await self._async_places(table_id):
                one_try = max(0.1, min(left, self._limits.hello_s))  # the host may be found elsewhere meanwhile
                try:
                    async with asyncio.timeout(one_try):
                        await self._async_connect(addresses, port)
                    async with asyncio.timeout(one_try):
                        await self._async_rejoin()
                except (NetError, ConnectionError, OSError, TimeoutError) as again:
                    tries.append(again)
                    if self._conn is not None:
                        await self._conn.async_close()
                        self._conn = None
                    continue
                self._notify(Back(SEQUENCER, host_nick))
                return
            if gone_for_good(tries, kept):
                raise HostGone(self._host, host_nick)
            await asyncio.sleep(min(_RETRY_S, max(0.0, deadline - loop.time())))
        raise RemoteProtocolError(self._host, f"did not come back within {self._away_time} s ({link_words(exc)})")

    def _begin(self, genesis: Entry) -> Sequence[object]:
        if self._ready is not None:
            self._ready.cancel()  # the ready prompt: the game starts, the person's next input is a move
        peer = self._conn.peer if self._conn else "host"
        setup = setup_from_genesis(genesis, peer, self._apps)
        keys = [s.key for s in setup.seats]
        if self._identity.public not in keys:
            raise RemoteProtocolError(peer, "the genesis gives this peer no seat")
        self._pin.seal(keys[SEQUENCER], peer)
        if self._offered is not None and (problem := offer_problem(self._offered, setup)) is not None:
            raise RemoteProtocolError(peer, f"the game is not the table it offered: {problem}")
        if self._previous is not None and (problem := link_problem(self._previous, setup)) is not None:
            raise RemoteProtocolError(peer, f"the next game does not follow the last one: {problem}")
        self.transcript = Transcript.start(genesis, keys.index(self._identity.public), self._apps, peer, self._secret)
        table_id = self.transcript.setup.table_id
        if self._keep is not None:
            self._journal = self._keep(table_id)
            self._journal.write_record(SeatRecord(table_id, "join", self._secret, self._addresses, self._port,
                                                  {"away": self._away_time, "name": self._table_name}))  # fmt: skip
            self._journal.append(genesis)
        self._start_player()
        return ()

    def _start_player(self) -> None:
        assert self.transcript is not None and self._agent is not None
        local = SeatSigner(self._identity, self.transcript, self._last_sent)  # a message sent before a crash waits
        self._notify(Started(tuple(s.nick for s in self.transcript.setup.seats), local.seat))
        self._player = SeatRunner(local, self._agent, self._async_submit)  # it runs once `_check_live` says so

    def _on_player_done(self, task: asyncio.Task[None]) -> None:
        """The local player stopped (its moves, or its "ready" before the game): if it failed (a person left
        the table at the ready prompt: EOFError), stop reading too, so `async_run` raises its error."""
        if not task.cancelled() and task.exception() is not None and self._conn is not None:
            self._failure = task.exception()
            self._spawn(self._conn.async_close())

    def _append(self, entry: Entry) -> Sequence[object]:
        assert self.transcript is not None
        try:
            events = self.transcript.append(entry)
        except LocalSecretError as exc:  # this process's secret is not its seat's (a seat taken back, its key lost)
            self._failure = self._cannot_play(exc)
            raise self._failure from None
        if self._journal is not None and self.transcript.entries[-1] is entry:
            self._journal.append(entry)
        sent = self._last_sent
        if sent is not None and (entry.msg.seat, entry.msg.counter) == (sent.seat, sent.counter):
            self.transcript.witness(sent)  # another message in its place, signed by this seat's key
        if self.transcript.verdict is not None:
            self._notify(Stopped(self.transcript.verdict))
        return events

    def _cannot_play(self, exc: LocalSecretError) -> LocalProtocolError:
        """This seat cannot go on: its application found this process's secret is not the seat's (a seat
        taken back from the host, whose key was lost with its journal). The journal of this try is finished: it
        holds a secret that is not the seat's, and is never offered for resuming."""
        assert self.transcript is not None
        if self._journal is not None:
            self._journal.finish()
            self._journal = None
        table = self.transcript.setup.table_id.hex()
        seat = [s.key for s in self.transcript.setup.seats].index(self._identity.public)
        return LocalProtocolError(f"table {table[:6]}: this program cannot play seat {seat} ({exc}); the key that "
                                  "seat played with is not on this machine any more, and the table waits for it "
                                  "until its away limit")  # fmt: skip

    async def _async_send_ready(self) -> None:
        assert self._agent is not None
        await self._agent.async_wait_ready()
        if self._conn is not None and self.transcript is None:
            await self._conn.async_send(Readiness(True).to_wire())

    async def _async_submit(self, msg: Authored) -> None:
        self._last_sent = msg
        if self._journal is not None:
            self._journal.write_sent(msg)  # before it can leave: after a crash this very message is sent again
        await self._live.wait()  # while the host is away, the message waits (a second copy is ignored)
        if self._conn is None:
            return  # the link broke again: sent on coming back
        self.stats.on_sent(msg)
        with contextlib.suppress(ConnectionError, OSError):  # the reader notices a broken link and comes back
            await self._conn.async_send(authored_to_wire(msg))

    async def async_close(self) -> None:
        """Stop playing and close the connection (safe to call twice)."""
        for task in list(self._tasks):
            task.cancel()
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.async_close()
        if self._journal is not None:
            self._journal.close()
