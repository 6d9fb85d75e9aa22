# The lobby (sans-IO): who sits where before the game, with a nickname and a ready flag each. Invariants:
# at most `seats` occupants, one key per seat, nicknames distinct, seat 0 is the host for the lobby's whole
# life; the game may start when every seat is taken, or when at least two sit and all of them are ready
# (the lobby of a next game in a series, `Lobby.again`: only the latter, so everyone is asked again).
# `setup` seats the occupants in seat order, closing gaps, so a seat number is final only in the genesis.
# `seating` decides what a hello gets: a key that already has a place at the table (a lobby seat, a seat of
# the game in play, a place among those waiting) gets it back on the new link only once it has proven the
# key, and the host's own key never.
"""`Lobby`, `Occupant`, `LobbyRefusal`, and `seating` / `Seating` (what a hello gets)."""

from __future__ import annotations

import enum
from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Any

from p2pshithead.net._app import MAX_SEATS, Previous, SeatInfo, TableSetup
from p2pshithead.net._errors import NetError
from p2pshithead.net._identity import KEY_BYTES, NICK_MAX, check_nick
from p2pshithead.net._messages import Refusal


class LobbyRefusal(NetError):
    """A request the host refuses (table full, key already seated): `why`, with the number `n` it names, is
    sent to the peer, which words it in its own language (the text is for logs)."""

    def __init__(self, why: Refusal, n: int = 0) -> None:
        super().__init__(f"refused: {why.value}" + (f" ({n})" if n else ""))
        self.why, self.n = why, n


@dataclass(frozen=True, slots=True)
class Occupant:
    """Someone seated in the lobby."""

    key: bytes
    nick: str
    ready: bool = False

    def __post_init__(self) -> None:
        if len(self.key) != KEY_BYTES:
            raise ValueError(f"public key must be {KEY_BYTES} bytes")
        check_nick(self.nick)


class Lobby:
    """Seats before the game: `sit`, `leave`, `set_ready`, then `can_start` and `setup`."""

    __slots__ = ("_full_starts", "_seats")

    def __init__(self, seats: int, host: Occupant) -> None:
        if not 2 <= seats <= MAX_SEATS:
            raise ValueError(f"a table seats 2..{MAX_SEATS} peers, got {seats}")
        self._seats: list[Occupant | None] = [host] + [None] * (seats - 1)
        self._full_starts = True

    @classmethod
    def again(cls, seats: int, kept: list[Occupant | None]) -> Lobby:
        """The lobby of the next game of a series: the occupants `kept` stay in their seats in order
        (None: a seat now free; `kept[0]` is the host), none of them ready; the game starts once at least
        two sit and all are ready (a full table is asked too).

        Raises:
            ValueError: more occupants than seats, or no host.
        """
        host = kept[0] if kept else None
        if host is None or len(kept) > seats:
            raise ValueError(f"the next game keeps the host and at most {seats} seats")
        lobby = cls(seats, replace(host, ready=False))
        for seat, occupant in enumerate(kept[1:], 1):
            lobby._seats[seat] = None if occupant is None else replace(occupant, ready=False)
        lobby._full_starts = False
        return lobby

    def __repr__(self) -> str:
        return f"<Lobby {self.taken}/{len(self._seats)} {[o.nick if o else None for o in self._seats]}>"

    @property
    def occupants(self) -> tuple[Occupant | None, ...]:
        """Each seat's occupant, or None."""
        return tuple(self._seats)

    @property
    def taken(self) -> int:
        """How many seats are occupied."""
        return sum(o is not None for o in self._seats)

    @property
    def free(self) -> int:
        """How many seats are empty."""
        return len(self._seats) - self.taken

    def sit(self, key: bytes, nick: str, ready: bool = False) -> int:
        """Seat a newcomer in the lowest free seat and return it. A nickname already at the table gets a
        number ("ann" -> "ann 2"), so everyone at one table is told apart by name.

        Raises:
            LobbyRefusal: when the table is full or the key already sits here.
            ValueError: when the key or nickname is malformed.
        """
        occupant = Occupant(key, self._distinct(check_nick(nick)), ready)
        if any(o is not None and o.key == key for o in self._seats):
            raise LobbyRefusal(Refusal.SEATED)
        if not self.free:
            raise LobbyRefusal(Refusal.FULL)
        seat = self._seats.index(None)
        self._seats[seat] = occupant
        return seat

    def _distinct(self, nick: str) -> str:
        taken = {o.nick for o in self._seats if o is not None}
        number, name = 1, nick
        while name in taken:
            number += 1
            suffix = f" {number}"
            name = nick[: NICK_MAX - len(suffix)] + suffix
        return name

    def leave(self, seat: int) -> None:
        """Free `seat` (not the host's)."""
        if seat == 0:
            raise ValueError("the host cannot leave its own lobby")
        self._seats[seat] = None

    def set_ready(self, seat: int, ready: bool) -> None:
        """Set the ready flag of the occupant of `seat`."""
        occupant = self._seats[seat]
        if occupant is None:
            raise ValueError(f"seat {seat} is empty")
        self._seats[seat] = replace(occupant, ready=ready)

    def can_start(self) -> bool:
        """Every seat taken (a first game), or at least two seated and all of them ready."""
        seated = [o for o in self._seats if o is not None]
        return (self._full_starts and not self.free) or (len(seated) >= 2 and all(o.ready for o in seated))

    def to_wire(self) -> list[dict[str, Any] | None]:
        """The seats as the `lobby` message carries them."""
        return [None if o is None else {"nick": o.nick, "ready": o.ready} for o in self._seats]

    def setup(self, table_id: bytes, name: str, app: str, rules: str, ruleset_hash: bytes,
              previous: Previous | None = None) -> TableSetup:  # fmt: skip
        """The table the game starts with: the occupants in seat order, gaps closed (`previous`: the link
        of a next game in a series)."""
        seats = tuple(SeatInfo(o.key, o.nick) for o in self._seats if o is not None)
        return TableSetup(table_id, name, app, rules, ruleset_hash, seats, previous)


class Seating(enum.Enum):
    """What the host gives a hello (`seating`)."""

    SIT = "sit"
    """A newcomer in the lobby: the lowest free seat."""
    WAIT = "wait"
    """A newcomer while a game is in play: a place among those waiting for the next game."""
    LOBBY = "lobby"
    """A key with a lobby seat: that seat, on the new link (the old link is closed, the seat kept as it was)."""
    GAME = "game"
    """A key with a seat in the game in play: that seat, from the first entry (the old link is closed)."""
    WAITING = "waiting"
    """A key waiting for the next game: its place, on the new link (the old link is closed)."""
    REFUSE = "refuse"
    """The host's own key: nobody else sits in the host's seat."""


def seating(key: bytes, *, host: bytes, lobby: Collection[bytes], game: Collection[bytes] | None,
            waiting: Collection[bytes]) -> Seating:  # fmt: skip
    """What a hello from `key` gets, once it has signed this host's challenge on its link.

    Args:
        host: the host's key.
        lobby: the keys seated in the lobby.
        game: the seats' keys of the game in play (None: no game is in play).
        waiting: the keys waiting for the next game.
    """
    if key == host:
        return Seating.REFUSE
    if key in waiting:
        return Seating.WAITING
    if game is not None and key in game:
        return Seating.GAME
    if game is None and key in lobby:
        return Seating.LOBBY
    return Seating.SIT if game is None else Seating.WAIT
