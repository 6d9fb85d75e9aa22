# The application interface: the pure state machine that the transcript drives (the game: engine and
# deck; or the small `countdown` test game). Invariants every application keeps: `apply` is
# deterministic in the sequence of (seat, payload) it was given, so every peer that replays the same
# transcript holds the same state; a payload that the rules refuse raises `Fault` naming its author and
# leaves the state as it was; `who_may_act` and `finish_order` are functions of that state alone.
"""`Application`, `AppSpec`, `TableSetup`, `SeatInfo` and the registry `app_spec(name)`."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from p2pshithead.net._identity import KEY_BYTES, check_nick


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat: their public key and nickname."""

    key: bytes
    nick: str

    def __post_init__(self) -> None:
        if len(self.key) != KEY_BYTES:
            raise ValueError(f"public key must be {KEY_BYTES} bytes")
        check_nick(self.nick)


@dataclass(frozen=True, slots=True)
class TableSetup:
    """What every peer's application is built from; it is the body of the transcript's genesis entry."""

    table_id: bytes
    name: str
    app: str
    rules: str
    ruleset_hash: bytes
    seats: tuple[SeatInfo, ...]

    def __post_init__(self) -> None:
        if len(self.table_id) != 16:
            raise ValueError("table id must be 16 bytes")
        if not 2 <= len(self.seats) <= 11:
            raise ValueError(f"a table seats 2..11 players, got {len(self.seats)}")
        if len({s.key for s in self.seats}) != len(self.seats):
            raise ValueError("one key sits in two seats")


class Application(Protocol):
    """A pure game state machine driven by transcript entries, one instance per peer."""

    def who_may_act(self) -> frozenset[int]:
        """The seats whose next message the rules expect now (empty once the game is over)."""
        ...

    def apply(self, seat: int, payload: object) -> None:
        """Apply `seat`'s payload (plain msgpack data, not yet schema-checked).

        Raises:
            Fault: naming `seat` when the payload is malformed or not allowed; the state is unchanged.
        """
        ...

    def pending(self) -> object | None:
        """A payload the local seat must send now without a decision (deck steps), else None."""
        ...

    def finish_order(self) -> tuple[int, ...] | None:
        """Seats from first out to the last one left (the Shithead), or None while the game runs."""
        ...

    def in_setup(self) -> bool:
        """Whether the table is still setting up (deck keys, shuffles, deal) rather than playing."""
        ...

    def status(self, seat: int | None, ascii: bool = False) -> str:
        """The screen: the state as `seat` may see it (None: an observer), with the inputs legal now."""
        ...

    def headline(self, seat: int | None) -> str:
        """One line on what the table waits for: setup progress ("shuffling: Ann ... (2/4)") or who acts."""
        ...

    def news(self, ascii: bool = False) -> list[str]:
        """What happened since the last call, one line per event, for a person watching."""
        ...


@dataclass(frozen=True, slots=True)
class AppSpec:
    """How to build and play one application: the registry entry the transcript's genesis names."""

    name: str
    presets: tuple[str, ...]
    make: Callable[[TableSetup, int | None], Application]
    """Build the application for `setup`, holding the secrets of the local seat (None: observer)."""
    ruleset_hash: Callable[[str], bytes]
    """32-byte hash of the full ruleset of a preset, announced in the TXT record and the genesis."""
    describe: Callable[[str], str]
    """The rules of a preset in words, for the lobby."""
    bot: Callable[[Application, int, random.Random, int], object]
    """A computer player's payload for `seat` at `level` (only called when `seat` may act)."""
    parse: Callable[[Application, int, str], object]
    """A person's typed move as a payload; raises ValueError with a hint when it cannot be read."""


def app_spec(name: str) -> AppSpec:
    """The registered application called `name`.

    Raises:
        KeyError: for an unknown name.
    """
    if name == "countdown":
        from p2pshithead.net._countdown import COUNTDOWN

        return COUNTDOWN
    if name == "shithead":
        from p2pshithead.game._netapp import SHITHEAD

        return SHITHEAD
    raise KeyError(f"unknown application {name!r}")


def default_app() -> str:
    """The application a new table plays."""
    return "shithead"
