# A spectator (thin asyncio around `Transcript`): connects to a host, says `watch`, and checks and applies
# every entry the host relays, as an observer that holds no seat and no secret (the application is built
# for local seat None), from the genesis of the game in play (it catches up entry by entry, every
# signature and proof checked) to the end of the table, game after game. Invariants: it never signs or
# sends anything but keep-alives and bye; nothing from the host is used before its schema check; a next
# game must link to the game it watched whole before (else the host is named); it stops at the host's
# bye (`closed`) or a lost link (a host silent past `limits.silent_s` counts as lost: a link can die with no
# error on either side), returning the games it saw; `async_close` may be called twice. Given the
# games a lost link cut short (`games`), it takes the game in play up again: the entries it holds must come
# again unchanged (else the host is named) and are not observed twice; a game after one whose end it
# missed must be the same host's, and later (`_later_problem`); every game is of the application, rules
# and name the host's answer told (`offer_problem`).
"""`Watcher`: watch a table reached by address."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from types import TracebackType

from p2pshithead.lang import _
from p2pshithead.net._addresses import async_dial, peer_name
from p2pshithead.net._app import Apps
from p2pshithead.net._connection import Connection
from p2pshithead.net._errors import RemoteProtocolError
from p2pshithead.net._events import Connected, Notify, Started, Stopped, Watching, away_event
from p2pshithead.net._joining import from_host, lobby_seats, offer_problem, said, unexpected
from p2pshithead.net._limits import Limits
from p2pshithead.net._messages import FROM_HOST, AwayNews, Bye, HostMessage, LobbyNews, TableInfo, Watch, WatchingTable
from p2pshithead.net._transcript import (
    PROTOCOL_VERSION,
    SEQUENCER,
    Entry,
    Progress,
    TableSetup,
    Transcript,
    link_problem,
)

_WATCH_S = 0.5  # how often the host's silence is looked at

Observe = Callable[[Transcript, Sequence[object]], None]
"""Told after every entry the spectator applied: the game's transcript and the application's events."""


class Watcher:
    """A spectator: `async with Watcher(...) as w: games = await w.async_run()`. With `host_key` (the key that
    signed the announcement picked, `TableAd.host_key`) it watches only games sealed by that key."""

    def __init__(self, addresses: Sequence[str], port: int, apps: Apps, *, bind: str | None, notify: Notify,
                 observe: Observe, clock: Callable[[], float], limits: Limits = Limits(),
                 games: Sequence[Transcript] = (), host_key: bytes | None = None) -> None:  # fmt: skip
        self._addresses, self._port, self._apps, self._bind = tuple(addresses), port, apps, bind
        self._host_key = host_key
        self._notify, self._observe, self._clock, self._limits = notify, observe, clock, limits
        self._conn: Connection | None = None
        self.games: list[Transcript] = list(games)
        self.closed = False  # the host said bye: the table is closed (else the link was lost)
        self.fresh = 0  # entries this link brought that were not held before
        self._held = 0  # entries of the game in play held from before a lost link, coming again
        self._resumed = bool(games)  # until this link's first entry: the end of the last game may be missed
        self._offered: TableInfo | None = None  # the table the host's answer named: its games must be that

    @property
    def table(self) -> TableInfo | None:
        """The table as the host's answer named it (None before the answer)."""
        return self._offered

    async def __aenter__(self) -> Watcher:
        reader, writer, address = await async_dial(self._addresses, self._port, self._bind)
        self._conn = Connection(reader, writer, FROM_HOST, peer_name((address, self._port)), limits=self._limits,
                                clock=self._clock)  # fmt: skip
        self._conn.start_keepalive(self._limits.keepalive_s)
        self._notify(Connected(address, self._port))
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.async_close()

    async def async_run(self) -> list[Transcript]:
        """Watch until the host closes the table (or the link is lost); return every game seen.

        Raises:
            RemoteProtocolError: naming the host, when it refuses, breaks the protocol, or starts a next
                game that does not follow the one watched before.
        """
        conn = self._conn
        assert conn is not None, "use Watcher as an async context manager"
        silence = asyncio.ensure_future(self._async_close_when_silent(conn))
        try:
            await conn.async_send(Watch(PROTOCOL_VERSION).to_wire())
            answer = from_host(conn.peer, await conn.async_recv())
            if not isinstance(answer, WatchingTable):
                raise unexpected(conn.peer, "refused a spectator", answer)
            self._offered = answer.table
            conn.rename(_("host of {table}").format(table=answer.table.name))
            self._notify(Watching(answer.table.name, answer.table.app, answer.table.rules, answer.table.turn))
            while not isinstance(message := from_host(conn.peer, await conn.async_recv()), Bye):
                self._take(conn.peer, message)
            self.closed = True
        except (ConnectionError, OSError):
            pass  # the table is gone: the games seen so far are what there is
        except RemoteProtocolError as exc:
            if exc.reason != "connection closed":
                raise
        finally:
            silence.cancel()
        return self.games

    async def _async_close_when_silent(self, conn: Connection) -> None:
        """Close the link once the host has been silent past `limits.silent_s` (frozen, cut off, or this
        peer's address changed under the link): the watch then ends as at a lost link."""
        while conn.silent_for() <= self._limits.silent_s:
            await asyncio.sleep(_WATCH_S)
        await conn.async_close()

    def _take(self, peer: str, message: HostMessage | Entry) -> None:
        current = self.games[-1] if self.games else None
        if isinstance(message, Entry):
            entry = message
            resumed, self._resumed = self._resumed, False
            if current is not None and entry.index == 0 and entry.digest == current.entries[0].digest:
                self._held = len(current.entries)  # the game in play, taken up again after a lost link
            elif 0 < entry.index < self._held:
                assert current is not None
                if entry.digest != current.entries[entry.index].digest:
                    raise RemoteProtocolError(peer, f"sent entry {entry.index} unlike the one it sent before")
            elif entry.index == 0:
                missed = resumed and current is not None and current.phase in (Progress.PLAYING, Progress.SIGNING)
                self._begin(peer, entry, current, missed)
            elif current is None or current.phase in (Progress.DONE, Progress.STOPPED):
                raise RemoteProtocolError(peer, f"sent entry {entry.index} outside a game")
            else:
                events = current.append(entry)
                self.fresh += 1
                self._observe(current, events)
                if current.verdict is not None:
                    self._notify(Stopped(current.verdict))
        elif isinstance(message, LobbyNews):
            self._notify(lobby_seats(message))
        elif isinstance(message, AwayNews) and current is not None:
            self._notify(away_event(peer, message.body(), [s.nick for s in current.setup.seats]))
        else:
            raise RemoteProtocolError(peer, f"sent {said(message)!r} out of place")

    def _begin(self, peer: str, genesis: Entry, current: Transcript | None, missed: bool = False) -> None:
        """Start watching the game of `genesis`, which must follow `current`; when the end of `current` was
        missed while the link was down (`missed`), it must be a later game of the same host's evening."""
        if current is not None and current.phase is not Progress.DONE and not missed:
            raise RemoteProtocolError(peer, "began a game before the last one was complete")
        transcript = Transcript.start(genesis, None, self._apps, peer)
        if self._host_key is not None and transcript.setup.seats[SEQUENCER].key != self._host_key:
            raise RemoteProtocolError(peer, "its game is sealed by another key than the host of the table picked "
                                            "(is it passing on another table?)")
        if self._offered is not None and (problem := offer_problem(self._offered, transcript.setup)) is not None:
            raise RemoteProtocolError(peer, f"the game is not the table it offered: {problem}")
        if current is None:
            problem = None
        elif missed:
            problem = _later_problem(current, transcript.setup)
        else:
            problem = link_problem(current, transcript.setup)
        if problem is not None:
            raise RemoteProtocolError(peer, f"the next game does not follow the last one: {problem}")
        self.games.append(transcript)
        self._held = 0
        self._notify(Started(tuple(s.nick for s in transcript.setup.seats), None))
        self._observe(transcript, ())

    async def async_close(self) -> None:
        """Stop watching and close the connection (safe to call twice)."""
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.async_close()


def _later_problem(current: Transcript, setup: TableSetup) -> str | None:
    """What is wrong with `setup` as a later game of `current`'s evening (its end missed, so the link to
    the game just before cannot be checked): the same host, and a game number past `current`'s."""
    if setup.seats[SEQUENCER].key != current.setup.seats[SEQUENCER].key:
        return "another host's game"
    if setup.previous is None or setup.game <= current.setup.game:
        return f"it is not a game after game {current.setup.game}"
    return None
