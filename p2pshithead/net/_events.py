# What the transport tells the composition root about a table, as typed values (h11's events): the
# lobby, the start, drops and the end. Invariant: these carry facts only (seats, nicknames, reasons as
# the protocol states them); turning them into words for a person is the CLI's job.
"""`TableEvent`s: `Connected`, `Welcomed`, `LobbySeats`, `Seated`, `LeftLobby`, `Started`, `Away`, `Back`,
`Dropped`, `Stopped`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from p2pshithead.net._errors import RemoteProtocolError
from p2pshithead.net._transcript import Verdict


@dataclass(frozen=True, slots=True)
class Connected:
    """This joiner reached the table at `address` (the first announced address that answered)."""

    address: str
    port: int


@dataclass(frozen=True, slots=True)
class Welcomed:
    """The host gave this joiner lobby seat `seat` at table `name` (`resumed`: its game seat, back in a game
    in play), whose application `app` plays by `rules` (preset and house rules, as the host gave them: the
    program puts them in words); the table's limits: `turn_time` seconds for a person to decide (0: none),
    `away_time` for a gone peer to come back."""

    name: str
    seat: int
    app: str
    rules: str
    turn_time: int
    away_time: int
    resumed: bool = False


@dataclass(frozen=True, slots=True)
class Watching:
    """This spectator watches table `name` (its application `app`, its `rules` text; `turn_time`: seconds a
    person has to decide, 0 for no limit); it never sits or acts."""

    name: str
    app: str
    rules: str
    turn_time: int = 0


@dataclass(frozen=True, slots=True)
class Waiting:
    """This joiner came while a game is in play at table `name`: it takes a free seat at the next game."""

    name: str


@dataclass(frozen=True, slots=True)
class LobbySeats:
    """The lobby as it stands: each seat's (nickname, ready), or None for a free seat."""

    seats: tuple[tuple[str, bool] | None, ...]


@dataclass(frozen=True, slots=True)
class Seated:
    """At the host: `nick` sat down in lobby seat `seat`."""

    seat: int
    nick: str


@dataclass(frozen=True, slots=True)
class LeftLobby:
    """At the host: the occupant of lobby seat `seat` left before the game."""

    seat: int
    nick: str


@dataclass(frozen=True, slots=True)
class Started:
    """The game started with `nicks` in seat order; this peer sits in `seat` (None: it only watches)."""

    nicks: tuple[str, ...]
    seat: int | None


@dataclass(frozen=True, slots=True)
class Away:
    """Game seat `seat` (`nick`) is gone (connection lost, or silent) and has `left` seconds to come back."""

    seat: int
    nick: str
    left: float


@dataclass(frozen=True, slots=True)
class Back:
    """Seat `seat` (`nick`) came back (a game seat; or a lobby seat, on a new link)."""

    seat: int
    nick: str


def away_event(peer: str, message: dict[str, Any], nicks: Sequence[str]) -> Away | Back:
    """The event an `away` message from the host `peer` means, in a game whose seats are `nicks`.

    Raises:
        RemoteProtocolError: naming `peer`, when the message names a seat the game does not have.
    """
    seat, left = message["seat"], message["left"]
    if seat >= len(nicks):
        raise RemoteProtocolError(peer, f"said seat {seat} is away, but the game has {len(nicks)} seats")
    return Away(seat, nicks[seat], left) if left else Back(seat, nicks[seat])


@dataclass(frozen=True, slots=True)
class Dropped:
    """At the host: `peer` (a seat's nickname) left during the game; `reason` is what the link said."""

    peer: str
    reason: str


@dataclass(frozen=True, slots=True)
class Stopped:
    """The transcript's verdict stopped the game."""

    verdict: Verdict


TableEvent = (
    Connected | Welcomed | Watching | Waiting | LobbySeats | Seated | LeftLobby | Started | Away | Back | Dropped
    | Stopped
)
Notify = Callable[[TableEvent], None]
"""How `Host` and `Joiner` report table events to whoever shows them."""
