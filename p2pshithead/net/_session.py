# The host's session (sans-IO, h11's `Connection` is the model): every rule of one hosted table, from the
# first hello to the series' next game, in one object that owns no socket, reads no clock and prints
# nothing. The driver (`Host`) tells it what happened, `receive(link, message, now)`, `lost(link, why,
# now)`, `tick(now)`, and carries out the typed actions it returns, in order (send, relay, journal, close,
# announce, notify...). Invariants: a link is one id in one map (`_links`), with its role (greeting,
# proving, lobby seat, game seat, waiting, spectator) and the seat it holds, and the seat's link is found by
# one index (`_seats`, the lobby's seats before the game, the game's during it); every session message
# it sends is a typed value checked by its schema (`HostMessage`); time is only ever the `now` it is handed
# (the driver's one injected clock), and the wall clock a rejoin's signed time is checked against is that
# `now` plus `wall_offset`, which the driver measures afresh before it hands over a rejoin (a machine that
# slept stopped its monotonic clock while the wall clock went on); the host's own seat goes through the same
# sequencer as anyone's; an entry is journaled before it is relayed, and relayed before it is applied (the
# peers check it while the host does: `Apply` hands it back to `apply`, which the driver calls before it
# passes the session anything else); a joiner's seat the game waits on past the turn and away limits, its
# link live, stops the game as one away past the limit would (`_stalled`), and a seat of a game kept by
# nobody (Speed) whose live link closed (its program ended) has `silent_s`, not the away limit; a message
# for a place the chain holds is nothing when it is the same and sealed with the one in the chain as the
# proof of an equivocation when it is another of the same seat's; a peer that breaks the protocol is named in the
# `RemoteProtocolError` that `receive` raises, and the driver then reports the link `lost`.
"""`HostSession` (the rules of one hosted table), `TableConfig`, and the actions the session asks for."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from p2pshithead.lang import _
from p2pshithead.net._app import AWAY_TIME_S, MAX_RULES_TEXT, MAX_SEATS, MAX_WAIT_S, Apps, AppSpec, Previous
from p2pshithead.net._discovery import TableAd
from p2pshithead.net._errors import LocalProtocolError, RemoteProtocolError
from p2pshithead.net._events import Away, Back, Dropped, LeftLobby, LobbySeats, Seated, Stopped, TableEvent
from p2pshithead.net._identity import Identity, verify
from p2pshithead.net._limits import Limits
from p2pshithead.net._lobby import Lobby, LobbyRefusal, Occupant, Seating, seating
from p2pshithead.net._messages import (
    NONCE_BYTES,
    AwayCause,
    AwayNews,
    Bye,
    Challenge,
    Goodbye,
    Hello,
    HostMessage,
    LobbyNews,
    PeerMessage,
    Prove,
    Readiness,
    Refusal,
    Reject,
    Rejoin,
    Resumed,
    Submit,
    TableInfo,
    Wait,
    Watch,
    WatchingTable,
    Welcome,
    rejoin_bytes,
    sit_again_bytes,
)
from p2pshithead.net._sequencer import Sequencer
from p2pshithead.net._transcript import (
    PROTOCOL_VERSION,
    SEQUENCER,
    Authored,
    AwayReport,
    Entry,
    Head,
    Progress,
    Transcript,
    equivocation_problem,
    make_genesis,
    next_link,
)
from p2pshithead.wire import Bool, Int, Str, WireError, fields

REJOIN_CLOCK_SKEW_MS = 10 * 60 * 1000
"""A rejoin signed longer ago (or further ahead) than this is refused."""


_OPTIONS = fields(name=Str(1, 40), rules=Str(1, MAX_RULES_TEXT), seats=Int(2, MAX_SEATS), bind=Str(1, 64),
                  announce=Bool(), turn=Int(0, MAX_WAIT_S), away=Int(1, MAX_WAIT_S))  # fmt: skip
"""The table options `TableConfig.from_options` reads from a journal (a file: its values are checked)."""


@dataclass(frozen=True, slots=True)
class TableConfig:
    """What a host offers: table name, application and preset, seat count, where to listen, and the time
    limits: `turn_time` seconds for a person to decide (0: no
    limit), `away_time` seconds for a gone peer to come back. The application checks preset and seats."""

    name: str
    app: AppSpec
    rules: str
    seats: int
    bind: str
    port: int = 0
    announce: bool = True
    turn_time: int = 60
    away_time: int = AWAY_TIME_S

    def __post_init__(self) -> None:
        if not 1 <= len(self.name) <= 40 or not self.name.isprintable():
            raise ValueError(f"table name must be 1..40 printable characters, got {self.name!r}")
        if not 0 <= self.turn_time <= MAX_WAIT_S or not 1 <= self.away_time <= MAX_WAIT_S:
            raise ValueError("time limits must be 0..86400 s (turn) and 1..86400 s (away)")
        self.app.check(self.rules, self.seats)

    def options(self) -> dict[str, Any]:
        """The configuration as plain data, kept in the journal so `host --resume` can start it again."""
        return {"name": self.name, "app": self.app.name, "rules": self.rules, "seats": self.seats, "bind": self.bind,
                "port": self.port, "announce": self.announce, "turn": self.turn_time,
                "away": self.away_time}  # fmt: skip

    @classmethod
    def from_options(cls, options: dict[str, Any], app: AppSpec, port: int) -> TableConfig:
        """The configuration `options` describes, listening on `port` (the one joiners knew); a journal of
        an earlier program also kept the rules in words, which are not read.

        Raises:
            ValueError: the options are not a configuration (a damaged journal): a value missing, or not
                of its type and range.
        """
        try:
            o = _OPTIONS.check({name: options[name] for name, _ in _OPTIONS.fields})
            return cls(o["name"], app, o["rules"], o["seats"], o["bind"], port, o["announce"], o["turn"], o["away"])
        except KeyError as exc:
            raise ValueError(f"the journal's table options are damaged (no {exc})") from None
        except (WireError, ValueError) as exc:
            raise ValueError(f"the journal's table options are damaged ({exc})") from None

    def info(self) -> TableInfo:
        """The table as the session messages carry it."""
        return TableInfo(PROTOCOL_VERSION, self.name, self.app.name, self.rules, self.turn_time, self.away_time)


# --- actions: what the session asks its driver to do, in the order given ---


@dataclass(frozen=True, slots=True)
class Send:
    """Queue `message` on link `link` (a small message: nobody waits on the peer to take it)."""

    link: int
    message: HostMessage


@dataclass(frozen=True, slots=True)
class CatchUp:
    """Send `first`, then `entries`, on link `link`, each taken by the peer before the next (within
    `limits.frame_s` in all: a peer that reads too slowly is cut off and named)."""

    link: int
    first: HostMessage
    entries: tuple[Entry, ...]


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep `entry` on disk (before any peer holds it)."""

    entry: Entry


@dataclass(frozen=True, slots=True)
class Relay:
    """Send `entry` to each of `links` without waiting for any (a frozen peer's backlog grows until it is
    cut off)."""

    entry: Entry
    links: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Apply:
    """Hand `entry` (placed, journaled, relayed) back to `HostSession.apply` before anything else."""

    entry: Entry


@dataclass(frozen=True, slots=True)
class Appended:
    """`entry` is in the host's transcript, with the application's `events`; `in_setup`: the application
    was still in its setup after it (for the stats)."""

    entry: Entry
    events: tuple[object, ...]
    in_setup: bool


@dataclass(frozen=True, slots=True)
class Close:
    """Close link `link` (its reader then reports it `lost`, unless the session has forgotten it already)."""

    link: int


@dataclass(frozen=True, slots=True)
class Admit:
    """Link `link` holds a place now: name it `name` in errors, take full-size frames, start its pings."""

    link: int
    name: str


@dataclass(frozen=True, slots=True)
class Rename:
    """Name link `link` `name` in errors from now on."""

    link: int
    name: str


@dataclass(frozen=True, slots=True)
class Announce:
    """Announce the table anew (`HostSession.ad`): seats, players away, spectators or playing changed."""


@dataclass(frozen=True, slots=True)
class Notify:
    """Tell the local person `event`."""

    event: TableEvent


Action = Send | CatchUp | Keep | Relay | Apply | Appended | Close | Admit | Rename | Announce | Notify


class Role(enum.Enum):
    """What a link is to the table."""

    GREETING = "greeting"
    """Opened, nothing said yet: a hello, rejoin or watch must come first."""
    PROVING = "proving"
    """Challenged: its proof of the key must come next."""
    LOBBY = "lobby"
    """A lobby seat's link."""
    GAME = "game"
    """A seat of the game in play."""
    WAITING = "waiting"
    """Came during a game: seated at the next one's lobby."""
    WATCHER = "watcher"
    """A spectator: never a seat, never a move."""


def _seated(nick: str, seat: int) -> str:
    """A seat's link as the host's person reads its name: "ann (seat 1)" (words only shown, never sent)."""
    return _("{nick} (seat {seat})").format(nick=nick, seat=seat)


@dataclass(slots=True)
class _Link:
    peer: str  # the link's name in the host's messages, in the host's language
    heard: float
    role: Role = Role.GREETING
    seat: int = -1  # a lobby seat (LOBBY) or a game seat (GAME)
    occupant: Occupant | None = None  # the hello being proven (PROVING), or the one waiting (WAITING)
    key: bytes = b""  # the key being proven
    nick: str = ""  # the nickname the proof signs (empty for a rejoin)
    nonce: bytes = b""
    have: int = -1  # a rejoin being proven: the entries it holds (-1: a hello)


class HostSession:
    """The rules of one hosted table; see the module comment.

    Args:
        identity: the host's key (seat 0, the sequencer).
        config: the table offered.
        table_id: the game's id (a next game of a series has its own, `next_game`).
        secret: the host's secret bytes for the application.
        limits: the caps and silences the rules use (watchers, `silent_s`, `keepalive_s`).
        random: `n` -> `n` random bytes (the challenge nonces).
        wall_offset: seconds since the epoch at `now` == 0 (`set_wall` measures it again).
    """

    def __init__(self, identity: Identity, config: TableConfig, *, table_id: bytes, secret: bytes, limits: Limits,
                 random: Callable[[int], bytes], wall_offset: float) -> None:  # fmt: skip
        self._identity, self._config, self._limits, self._random = identity, config, limits, random
        self.table_id, self._secret, self._wall_offset = table_id, secret, wall_offset
        self._apps: Apps = {config.app.name: config.app}
        self._info = config.info()
        self.lobby = Lobby(config.seats, Occupant(identity.public, identity.nick))
        self._links: dict[int, _Link] = {}
        self._seats: dict[int, int] = {}  # seat -> link id: the lobby's before the game, the game's during it
        self._away: dict[int, tuple[float, AwayCause, int]] = {}  # game seat -> (deadline, how it went, its limit)
        self._awaited: dict[int, tuple[float, int]] = {}  # game seat the game waits on -> (since, its next counter)
        self._next_id = 0
        self._sequencer: Sequencer | None = None
        self._pending: Entry | None = None  # placed and relayed, not yet applied
        self._previous: Previous | None = None

    # --- what the driver asks ---

    @property
    def transcript(self) -> Transcript | None:
        """The game in play (or played out), or None before it starts."""
        return None if self._sequencer is None else self._sequencer.transcript

    @property
    def finished(self) -> bool:
        """The game is complete or stopped."""
        return self._sequencer is not None and self._sequencer.transcript.phase in (Progress.DONE, Progress.STOPPED)

    def can_start(self) -> bool:
        """The lobby may start the game (`start`)."""
        return self._sequencer is None and self.lobby.can_start()

    def holds(self, link: int) -> bool:
        """The session knows `link` (it has not forgotten it: rejected, replaced, gone)."""
        return link in self._links

    def expects(self, link: int) -> str | None:
        """What `link` must send next within the hello deadline: "hello", "proof", or None."""
        state = self._links.get(link)
        if state is None:
            return None
        return {Role.GREETING: "hello", Role.PROVING: "proof"}.get(state.role)

    def peer(self, link: int) -> str:
        """The name of `link` in errors."""
        return self._links[link].peer

    def game_links(self) -> dict[int, int]:
        """Each game seat's link, during the game."""
        return dict(self._seats) if self._sequencer is not None else {}

    def ad(self, addresses: tuple[str, ...], port: int) -> TableAd:
        """The table as announced now (a game in play shows the seats it leaves free: a newcomer waits for
        the next game and takes one then), signed."""
        cfg, lobby = self._config, self.lobby
        transcript = self.transcript
        seats = transcript.setup.seats if transcript is not None else ()
        taken = len(seats) if transcript is not None else lobby.taken
        free = cfg.seats - taken if transcript is not None else lobby.free
        away = tuple(seats[s].nick for s in sorted(self._away))
        watchers = sum(state.role is Role.WATCHER for state in self._links.values())
        return TableAd(self.table_id.hex(), cfg.name, self._identity.nick, cfg.rules,
                       cfg.app.ruleset_hash(cfg.rules).hex(), taken, free, PROTOCOL_VERSION, addresses, port,
                       transcript is not None, away, cfg.turn_time, cfg.away_time,
                       watchers).signed_by(self._identity)  # fmt: skip

    def connect(self, peer: str, now: float) -> int:
        """A link opened, named `peer` until it holds a place; returns its id."""
        link = self._next_id
        self._next_id += 1
        self._links[link] = _Link(peer, now)
        return link

    def set_wall(self, offset: float) -> None:
        """The wall clock (seconds since the epoch) is `offset` ahead of `now` (the driver measures it before
        it hands over a rejoin, whose signed time is wall-clock time)."""
        self._wall_offset = offset

    def hear(self, link: int, at: float) -> None:
        """Bytes last came on `link` at `at` (the driver's reading of the link)."""
        state = self._links.get(link)
        if state is not None:
            state.heard = at

    # --- the lobby and the start ---

    def host_ready(self) -> list[Action]:
        """The host's own person is ready."""
        self.lobby.set_ready(SEQUENCER, True)
        return self._lobby_changed()

    def start(self) -> Transcript:
        """Start the game the lobby seats (`can_start`): its genesis, its transcript; the lobby's links
        become the game's seats' (by key: the genesis closes the lobby's gaps). The driver sends the
        genesis with `genesis()`."""
        cfg = self._config
        setup = self.lobby.setup(self.table_id, cfg.name, cfg.app.name, cfg.rules, cfg.app.ruleset_hash(cfg.rules),
                                 self._previous)  # fmt: skip
        transcript = Transcript.start(make_genesis(self._identity, setup), SEQUENCER, self._apps, "host", self._secret)
        self._sequencer = Sequencer(self._identity, transcript)
        keys = [s.key for s in setup.seats]
        seats: dict[int, int] = {}
        for seat, link in self._seats.items():
            occupant = self.lobby.occupants[seat]
            if occupant is not None:
                seats[keys.index(occupant.key)] = link
        self._seats = seats
        for seat, link in seats.items():
            state = self._links[link]
            state.role, state.seat, state.peer = Role.GAME, seat, _seated(setup.seats[seat].nick, seat)
        return transcript

    def renames(self) -> list[Action]:
        """The game's links named by seat (after `start`)."""
        return [Rename(link, self._links[link].peer) for link in self._seats.values()]

    def genesis(self) -> list[Action]:
        """The genesis of the game `start` began, sent to everyone."""
        assert self._sequencer is not None
        return self._broadcast(self._sequencer.transcript.entries[0])

    def resume(self, entries: Sequence[Entry]) -> Transcript:
        """Go on with the journaled game `entries` (then `resume_away`: everyone must come back)."""
        transcript = Transcript.start(entries[0], SEQUENCER, self._apps, "journal", self._secret)
        for entry in entries[1:]:
            transcript.append(entry)
        self._sequencer = Sequencer(self._identity, transcript)
        return transcript

    def resume_away(self, now: float) -> list[Action]:
        """Every joiner of a resumed game is away from `now`."""
        assert self._sequencer is not None
        actions: list[Action] = []
        for seat in range(1, len(self._sequencer.transcript.setup.seats)):
            actions += self._mark_away(seat, AwayCause.RESTART, now, now)
        return actions

    def next_game(self, table_id: bytes, secret: bytes) -> list[Action]:
        """The lobby of the next game of a series, once the last one is complete: its seats stay in order
        (the host's seat 0; a joiner still connected and in the game keeps its place), every one asked
        again; a seat that stood up is free for a newcomer, and those who waited sit in free seats.

        Raises:
            LocalProtocolError: no game has been played here yet.
        """
        if self._sequencer is None:
            raise LocalProtocolError("a next game follows a game")
        previous = self._sequencer.transcript
        self._previous = next_link(previous)
        seats, present = previous.setup.seats, previous.app.present()
        kept = [Occupant(s.key, s.nick) if seat == SEQUENCER or (seat in self._seats and seat in present) else None
                for seat, s in enumerate(seats)]  # fmt: skip
        self.lobby = Lobby.again(self._config.seats, kept)
        actions: list[Action] = []
        lobby_seats: dict[int, int] = {}
        for seat, link in self._seats.items():
            if kept[seat] is not None:
                lobby_seats[seat] = link
                self._links[link].role, self._links[link].seat = Role.LOBBY, seat
            else:
                actions += self._forget(link, Bye(Goodbye.LEFT))
        self._seats, self._away, self._awaited, self._sequencer, self._pending = lobby_seats, {}, {}, None, None
        self.table_id, self._secret = table_id, secret
        self.lobby.set_ready(SEQUENCER, True)  # the host's own player chose to play on
        actions += self._seat_waiting()
        return actions + self._lobby_changed()  # tells every kept joiner that the next game is offered

    def _seat_waiting(self) -> list[Action]:
        """The next game's lobby seats the peers that came during the last game, first come first seated,
        while seats are free (the others wait on)."""
        actions: list[Action] = []
        for link, state in list(self._links.items()):
            if state.role is not Role.WAITING or state.occupant is None:
                continue
            occupant = state.occupant
            try:
                seat = self.lobby.sit(occupant.key, occupant.nick, occupant.ready)
            except (LobbyRefusal, ValueError):
                continue
            nick = self._nick(seat)
            state.role, state.seat, state.occupant, state.peer = Role.LOBBY, seat, None, _seated(nick, seat)
            self._seats[seat] = link
            actions += [Rename(link, state.peer), Send(link, Welcome(self._info, seat)), Notify(Seated(seat, nick))]
        return actions

    def _lobby_changed(self) -> list[Action]:
        if self._sequencer is not None:
            return []
        seats = tuple(None if o is None else (o.nick, o.ready) for o in self.lobby.occupants)
        news = LobbyNews(tuple(self.lobby.to_wire()))
        return [Announce(), Notify(LobbySeats(seats)),
                *(Send(link, news) for link, s in self._links.items() if s.role in (Role.LOBBY, Role.WATCHER))]

    # --- what a link sends ---

    def _silent_yet(self, seat: int) -> bool:
        """Whether `seat` has no entry in the game in play (its "ready" may still cross the start)."""
        transcript = self.transcript
        return transcript is not None and all(entry.msg.seat != seat for entry in transcript.entries[1:])

    def receive(self, link: int, message: PeerMessage, now: float) -> list[Action]:
        """`message` (`peer_message`) came on `link` at `now`.

        Raises:
            RemoteProtocolError: naming the link's peer, which broke the protocol (the driver then reports
                the link `lost`).
        """
        state = self._links.get(link)
        if state is None:
            return []  # a link forgotten meanwhile (replaced, rejected): its last words do not count
        if state.role is Role.GREETING:
            return self._greeting(link, state, message, now)
        if state.role is Role.PROVING:
            return self._proof(link, state, message, now)
        if state.role in (Role.WATCHER, Role.WAITING) and not isinstance(message, Bye):
            raise RemoteProtocolError(state.peer, f"sent {message.T!r} while it only watches or waits")
        if isinstance(message, Readiness) and state.role is Role.LOBBY:
            self.lobby.set_ready(state.seat, message.ready)
            return self._lobby_changed()
        if isinstance(message, Readiness) and state.role is Role.GAME and self._silent_yet(state.seat):
            return []  # sent as the table, full, started: the start crossed it (then it means nothing)
        if isinstance(message, Submit) and state.role is Role.GAME and state.seat == message.seat:
            msg = Authored(message.seat, message.counter, Head(message.seen_index, message.seen_digest), message.body,
                           message.sig)  # fmt: skip
            return self.submit(msg, state.peer)
        if isinstance(message, Bye):
            raise RemoteProtocolError(state.peer, f"left ({message.why.value})")
        raise RemoteProtocolError(state.peer, f"sent {message.T!r} out of place")

    def _greeting(self, link: int, state: _Link, message: PeerMessage, now: float) -> list[Action]:
        """The first message: a hello (a seat in the lobby), a rejoin (a seat of the game in play) or a
        watch (a spectator)."""
        if isinstance(message, Watch):
            return self._watch(link, state, message)
        if isinstance(message, Rejoin):
            refusal = self._rejoin_refusal(message, now)
            if refusal is not None:
                return self._forget(link, refusal)
            return self._challenge(link, state, message.key, "", message.have, None)
        if not isinstance(message, Hello):
            raise RemoteProtocolError(state.peer, f"sent {message.T!r} before hello")
        if message.v != PROTOCOL_VERSION:
            return self._forget(link, Reject(Refusal.VERSION, PROTOCOL_VERSION))
        occupant = Occupant(message.key, message.nick, message.ready)
        return self._challenge(link, state, occupant.key, occupant.nick, -1, occupant)

    def _challenge(self, link: int, state: _Link, key: bytes, nick: str, have: int,
                   occupant: Occupant | None) -> list[Action]:  # fmt: skip
        """Have the peer prove `key` on this link: sign a fresh nonce, with the nickname its hello gave
        (empty for a rejoin); nobody sits, or takes a place, in another key's name."""
        state.role, state.key, state.nick, state.have, state.occupant = Role.PROVING, key, nick, have, occupant
        state.nonce = self._random(NONCE_BYTES)
        return [Send(link, Challenge(self.table_id, self._identity.public, state.nonce))]

    def _proof(self, link: int, state: _Link, message: PeerMessage, now: float) -> list[Action]:
        if not isinstance(message, Prove):
            raise RemoteProtocolError(state.peer, f"sent {message.T!r} instead of proving its key")
        signed = sit_again_bytes(self.table_id, self._identity.public, state.key, state.nonce, state.nick)
        try:
            if not verify(state.key, message.sig, signed):
                raise LobbyRefusal(Refusal.PROOF)
            if state.occupant is None:
                return self._rejoin(link, state, now)
            return self._hello(link, state, state.occupant, now)
        except LobbyRefusal as refusal:
            return self._forget(link, Reject(refusal.why, refusal.n))

    def _hello(self, link: int, state: _Link, occupant: Occupant, now: float) -> list[Action]:
        """A proven hello: a lobby seat, a wait for the next game, or the place the key holds already, moved
        to this link when its old link is silent (`_live_refusal`).

        Raises:
            LobbyRefusal: the seat cannot be given (full table, the host's key, a place held on a live link).
        """
        how = self._seating(occupant.key)
        if how is Seating.SIT:
            seat = self.lobby.sit(occupant.key, occupant.nick, occupant.ready)
            nick = self._nick(seat)  # made distinct at the table
            return [*self._seat_link(link, state, seat, nick), Send(link, Welcome(self._info, seat)),
                    Notify(Seated(seat, nick)), *self._lobby_changed()]  # fmt: skip
        if how is Seating.LOBBY:
            return self._lobby_again(link, state, occupant.key, now)
        if how is Seating.GAME:
            assert self._sequencer is not None
            seat = [s.key for s in self._sequencer.transcript.setup.seats].index(occupant.key)
            self._live_refusal(self._seats.get(seat), now)
            return self._take_back(link, state, seat, 0, now)
        actions: list[Action] = []
        if how is Seating.WAITING:
            old = next(i for i, s in self._links.items() if s.role is Role.WAITING and s.occupant is not None
                       and s.occupant.key == occupant.key)  # fmt: skip
            self._live_refusal(old, now)
            actions = self._forget(old)  # its drop is nobody's loss now
        if how in (Seating.WAIT, Seating.WAITING):
            return actions + self._wait(link, state, occupant)
        raise LobbyRefusal(Refusal.SEATED)

    def _seating(self, key: bytes) -> Seating:
        transcript = self.transcript
        game = None  # the keys still in the game in play (one that left it for good waits for the next)
        if transcript is not None:
            game = [s.key for seat, s in enumerate(transcript.setup.seats) if seat in transcript.app.present()]
        waiting = [s.occupant.key for s in self._links.values() if s.role is Role.WAITING and s.occupant is not None]
        return seating(key, host=self._identity.public, game=game,
                       lobby=[o.key for o in self.lobby.occupants if o is not None], waiting=waiting)  # fmt: skip

    def _live_refusal(self, old: int | None, now: float) -> None:
        """A proven key's place may not move off `old`, its link now, when `old` was heard within two pings:
        it is live (the same identity playing in another program), not a link its peer lost.

        Raises:
            LobbyRefusal: `old` is live.
        """
        state = None if old is None else self._links.get(old)
        if state is not None and now - state.heard <= 2 * self._limits.keepalive_s:
            raise LobbyRefusal(Refusal.LIVE)

    def _seat_link(self, link: int, state: _Link, seat: int, nick: str) -> list[Action]:
        state.role, state.seat, state.occupant, state.peer = Role.LOBBY, seat, None, _seated(nick, seat)
        self._seats[seat] = link
        return [Admit(link, state.peer)]

    def _lobby_again(self, link: int, state: _Link, key: bytes, now: float) -> list[Action]:
        """A proven key's lobby seat moves to this link, kept as it was (nickname, ready); the old link is
        closed, and nobody else is told: for them nothing changed."""
        seat = [o.key if o is not None else None for o in self.lobby.occupants].index(key)
        nick = self._nick(seat)
        old = self._seats.get(seat)
        self._live_refusal(old, now)
        actions = self._seat_link(link, state, seat, nick)
        actions += [Send(link, Welcome(self._info, seat)), Send(link, LobbyNews(tuple(self.lobby.to_wire())))]
        if old is not None:
            actions += self._forget(old)  # its drop frees nothing: the seat is this link's
        return [*actions, Notify(Back(seat, nick))]

    def _wait(self, link: int, state: _Link, occupant: Occupant) -> list[Action]:
        """A hello while a game is in play: the peer waits for the next game's lobby (`_seat_waiting`)."""
        waiting = sum(s.role is Role.WAITING for s in self._links.values())
        if waiting >= self._config.seats - 1:  # more could never all sit at the next game
            raise LobbyRefusal(Refusal.WAITERS, waiting)
        state.role, state.occupant = Role.WAITING, occupant
        state.peer = _("{nick} (waiting)").format(nick=occupant.nick)
        return [Admit(link, state.peer), Send(link, Wait(self._info))]

    def _watch(self, link: int, state: _Link, message: Watch) -> list[Action]:
        """A spectator: the table, then the game in play from its genesis (so it checks everything as it
        catches up), then everything the seats get."""
        if message.v != PROTOCOL_VERSION:
            return self._forget(link, Reject(Refusal.VERSION, PROTOCOL_VERSION))
        watchers = sum(s.role is Role.WATCHER for s in self._links.values())
        if watchers >= self._limits.watchers:
            return self._forget(link, Reject(Refusal.WATCHERS, watchers))
        state.role, state.peer = Role.WATCHER, _("spectator {number}").format(number=watchers + 1)
        transcript = self.transcript
        if transcript is not None:
            catch_up = CatchUp(link, WatchingTable(self._info), tuple(transcript.entries))
        else:
            catch_up = CatchUp(link, WatchingTable(self._info), ())
        actions: list[Action] = [Admit(link, state.peer), catch_up]
        if transcript is None:
            actions.append(Send(link, LobbyNews(tuple(self.lobby.to_wire()))))
        return [*actions, Announce()]  # the listing says how many watch

    def _rejoin_refusal(self, message: Rejoin, now: float) -> Reject | None:
        """Why a rejoin cannot be taken, or None: it must be this table's game, a joiner's seat, signed by
        that seat's key, recent (its time against the wall clock at `now`), and claim no more entries than
        the chain holds."""
        transcript = self.transcript
        if transcript is None:
            return Reject(Refusal.NOT_STARTED)
        keys = [s.key for s in transcript.setup.seats]
        if message.table != self.table_id or message.key not in keys[1:]:
            return Reject(Refusal.NO_SEAT)
        if message.v != PROTOCOL_VERSION:
            return Reject(Refusal.VERSION, PROTOCOL_VERSION)
        if not verify(message.key, message.sig, rejoin_bytes(message.table, message.key, message.have, message.time)):
            return Reject(Refusal.UNSIGNED)
        if abs(message.time - int((now + self._wall_offset) * 1000)) > REJOIN_CLOCK_SKEW_MS:
            return Reject(Refusal.STALE)
        if message.have > len(transcript.entries):
            return Reject(Refusal.AHEAD)
        return None

    def _rejoin(self, link: int, state: _Link, now: float) -> list[Action]:
        """A seat of the game comes back, its key proven on this link (a rejoin seen on the air and replayed
        proves nothing), its old link silent (`_live_refusal`)."""
        transcript = self.transcript
        keys = [] if transcript is None else [s.key for s in transcript.setup.seats]
        if state.key not in keys[1:]:
            raise LobbyRefusal(Refusal.NO_SEAT)  # the game ended meanwhile
        seat = keys.index(state.key)
        self._live_refusal(self._seats.get(seat), now)
        return self._take_back(link, state, seat, state.have, now)

    def _take_back(self, link: int, state: _Link, seat: int, have: int, now: float) -> list[Action]:
        """Game seat `seat` comes back on this link holding `have` entries: the old link is closed, and the
        entries it lacks go out before any new one."""
        transcript = self.transcript
        assert transcript is not None
        actions: list[Action] = []
        old = self._seats.pop(seat, None)
        if old is not None:
            actions += self._forget(old)
        state.role, state.seat, state.occupant = Role.GAME, seat, None
        state.peer = _seated(transcript.setup.seats[seat].nick, seat)
        self._seats[seat] = link
        resumed = Resumed(self._info, seat, len(transcript.entries))
        actions += [Admit(link, state.peer), CatchUp(link, resumed, tuple(transcript.entries[have:]))]
        return actions + self._mark_back(seat)

    def _forget(self, link: int, last: HostMessage | None = None) -> list[Action]:
        """Forget `link` (rejected, replaced, left behind) and close it, after `last` if given: its drop is
        nobody's loss now."""
        state = self._links.pop(link, None)
        if state is not None and self._seats.get(state.seat) == link and state.role in (Role.LOBBY, Role.GAME):
            del self._seats[state.seat]
        return [*(() if last is None else (Send(link, last),)), Close(link)]

    # --- a link lost, and time passing ---

    def lost(self, link: int, why: str, now: float) -> list[Action]:
        """`link` is gone (closed, cut off, broke the protocol: `why`)."""
        state = self._links.get(link)
        if state is None:
            return []
        if state.role is Role.GAME and (self._sequencer is None or self.finished):
            return []  # the game is over: the seat stays as it was for the series' next lobby
        del self._links[link]
        if state.role is Role.WATCHER:
            return [Announce()]
        if state.role is Role.LOBBY and self._seats.get(state.seat) == link:
            del self._seats[state.seat]
            occupant = self.lobby.occupants[state.seat]
            self.lobby.leave(state.seat)
            return [Notify(LeftLobby(state.seat, occupant.nick if occupant else "?")), *self._lobby_changed()]
        if state.role is not Role.GAME or self._seats.get(state.seat) != link:
            return []
        assert self._sequencer is not None
        seat = state.seat
        del self._seats[seat]
        if seat not in self._sequencer.transcript.app.present():
            return []  # it left the game for good: nobody waits on it
        actions: list[Action] = [Notify(Dropped(state.peer, why))]
        if seat not in self._away:
            # a game kept by nobody, its link closed while live (heard within two pings: its program ended,
            # never to come back to that game): `silent_s` to come back, in case a link cut says so late
            ended = not self._config.app.kept and now - state.heard <= 2 * self._limits.keepalive_s
            limit = max(1, round(self._limits.silent_s)) if ended else None
            actions += self._mark_away(seat, AwayCause.LOST, now, now, limit)
        return actions

    def tick(self, now: float) -> list[Action]:
        """Once in a while. Before the game: a lobby seat's link (or a waiting peer's) silent past
        `limits.silent_s` is closed, which frees the seat; the peer, if it is alive, sits again on a new
        link. During it: a waiting peer's silent link is closed; a seat whose link is silent past
        `limits.silent_s` (frozen, lid closed, cable out) is away from when it was last heard, and back once
        heard again; a seat away past `away_time` ends the game with a report naming it, and so does one
        heard all along that the game has waited on past its limit (`_stalled`)."""
        silent_s = self._limits.silent_s
        if self.finished:
            return []
        roles = (Role.WAITING,) if self._sequencer is not None else (Role.WAITING, Role.LOBBY)
        actions: list[Action] = [Close(link) for link, s in self._links.items()
                                 if s.role in roles and now - s.heard > silent_s]  # fmt: skip
        if self._sequencer is None:
            return actions  # its reader sees the link closed and reports it lost, which frees the seat
        present = self._sequencer.transcript.app.present()
        for seat in [s for s in self._away if s not in present]:
            actions += self._mark_back(seat)  # left for good meanwhile: nobody waits on it
        for seat, link in list(self._seats.items()):
            if seat not in present:
                continue
            silent = now - self._links[link].heard
            if silent > silent_s and seat not in self._away:
                actions += self._mark_away(seat, AwayCause.SILENT, now - silent, now)
            elif silent <= silent_s and seat in self._away:
                actions += self._mark_back(seat)
        for seat, (deadline, cause, limit) in list(self._away.items()):
            if now >= deadline:
                actions += self._abort(seat, cause, limit)
        return actions + self._stalled(now)

    def _stalled(self, now: float) -> list[Action]:
        """A joiner's seat that the game has waited on, while it was not away, for longer than `turn_time`
        (its program decides for a person then) and `away_time` more, without a word from it in the game:
        its link is live, so it is not away, but it stalls the table, which it stops with the report naming
        it (cause silent: nothing came from it). What its program sends unasked (the setup's steps, the
        sign-off) is waited on so at every table; a decision in play only at a turn-based table with a
        turn limit (with none, a person may think as long as they like; a real-time game waits on no one)."""
        assert self._sequencer is not None
        transcript, cfg = self._sequencer.transcript, self._config
        if transcript.phase is Progress.SIGNING:
            waited = {s for s in transcript.app.present() if not transcript.has_signed_off(s)}
        elif transcript.app.in_setup() or (cfg.turn_time > 0 and not cfg.app.realtime):
            waited = set(transcript.app.who_may_act())
        else:
            waited = set()
        limit = min(cfg.turn_time + cfg.away_time, MAX_WAIT_S)
        awaited: dict[int, tuple[float, int]] = {}
        for seat in sorted(waited - {SEQUENCER} - self._away.keys()):
            counter = transcript.next_counter(seat)
            since, known = self._awaited.get(seat, (now, counter))
            awaited[seat] = (since, counter) if known == counter else (now, counter)  # it sent something: afresh
        self._awaited = awaited
        late = [seat for seat, (since, _) in awaited.items() if now - since > limit]
        return self._abort(late[0], AwayCause.SILENT, limit) if late else []

    def _mark_away(self, seat: int, cause: AwayCause, since: float, now: float,
                   limit: int | None = None) -> list[Action]:  # fmt: skip
        """Seat `seat` is gone since `since`: it has `limit` (else `away_time`) from then to come back."""
        assert self._sequencer is not None
        limit = self._config.away_time if limit is None else limit
        left = since + limit - now
        self._away[seat] = (since + limit, cause, limit)
        nick = self._sequencer.transcript.setup.seats[seat].nick
        return [Notify(Away(seat, nick, left)), *self._tell_away(seat, left), Announce()]

    def _mark_back(self, seat: int) -> list[Action]:
        assert self._sequencer is not None
        if self._away.pop(seat, None) is None:
            return []
        nick = self._sequencer.transcript.setup.seats[seat].nick
        return [Notify(Back(seat, nick)), *self._tell_away(seat, 0), Announce()]

    def _tell_away(self, seat: int, left: float) -> list[Action]:
        news = AwayNews(seat, max(0, round(left)))
        return [Send(link, news) for link, s in self._links.items()
                if (s.role is Role.GAME and s.seat != seat and self._seats.get(s.seat) == link)
                or s.role is Role.WATCHER]  # fmt: skip

    def _abort(self, seat: int, cause: AwayCause, limit: int | None = None) -> list[Action]:
        """Stop the game with the report that `seat` was away (or stalled) past `limit` (the away limit)."""
        assert self._sequencer is not None
        transcript = self._sequencer.transcript
        if transcript.phase in (Progress.DONE, Progress.STOPPED):
            return []
        last = max((e for e in transcript.entries if e.msg.seat == seat), key=lambda e: e.index, default=None)
        report = AwayReport(self._config.away_time if limit is None else limit, cause,
                            -1 if last is None else last.index, -1 if last is None else last.msg.seen.index,
                            len(transcript.entries))  # fmt: skip
        entry = self._sequencer.away(seat, report)
        self._away.pop(seat, None)
        return self._broadcast(entry)

    # --- sequencing ---

    def submit(self, msg: Authored, peer: str) -> list[Action]:
        """A message signed for the chain, from `peer` (the host's own seat: "host"): placed as the next
        entry, journaled, relayed, then applied (`Apply`); for a place the chain holds already, nothing
        when it is the same message, the proof of an equivocation when it is another of the same seat's.

        Raises:
            RemoteProtocolError: naming `peer`, when the message fails a signature, counter or chain check.
        """
        if self._sequencer is None or self.finished:
            return []
        if self._pending is not None:
            raise LocalProtocolError(f"entry {self._pending.index} is placed and not yet applied")
        transcript = self._sequencer.transcript
        placed = transcript.placed(msg.seat, msg.counter)
        if placed is not None:
            table = transcript.setup.table_id
            if msg.signed_bytes(table) == placed.signed_bytes(table):
                return []  # sent again after a reconnection: it is in the chain already
            problem = equivocation_problem(transcript.setup, placed, msg)
            if problem is not None:
                raise RemoteProtocolError(peer, f"sent seat {msg.seat}'s message {msg.counter} again: {problem}")
            return self._broadcast(self._sequencer.equivocation(placed, msg))
        entry = self._sequencer.place(msg, peer)
        self._pending = entry
        return [Keep(entry), Relay(entry, self._relay_links()), Apply(entry)]

    def apply(self, entry: Entry) -> list[Action]:
        """Append `entry`, which `submit` placed and the driver relayed (`Apply`)."""
        if self._pending is None or self._pending is not entry or self._sequencer is None:
            raise LocalProtocolError("only the entry placed last is applied")
        self._pending = None
        return self._appended(entry, self._sequencer.transcript.append(entry))

    def _broadcast(self, entry: Entry) -> list[Action]:
        """An entry already in the transcript (the genesis, an abort, an equivocation), sent to everyone."""
        return [Keep(entry), Relay(entry, self._relay_links()), *self._appended(entry, ())]

    def _appended(self, entry: Entry, events: Sequence[object]) -> list[Action]:
        assert self._sequencer is not None
        transcript = self._sequencer.transcript
        actions: list[Action] = [Appended(entry, tuple(events), transcript.app.in_setup())]
        if transcript.verdict is not None:
            actions.append(Notify(Stopped(transcript.verdict)))
        return actions

    def _relay_links(self) -> tuple[int, ...]:
        return (*self._seats.values(), *(link for link, s in self._links.items() if s.role is Role.WATCHER))

    # --- closing ---

    def close(self) -> list[Action]:
        """The table closes: a goodbye to every link, and each closed."""
        actions: list[Action] = []
        for link, state in list(self._links.items()):
            if state.role not in (Role.GREETING, Role.PROVING):
                actions += self._forget(link, Bye(Goodbye.CLOSED))
        self._seats = {}
        return actions

    def _nick(self, seat: int) -> str:
        occupant = self.lobby.occupants[seat]
        assert occupant is not None
        return occupant.nick
