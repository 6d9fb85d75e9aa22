# The application interface: the pure state machine that the transcript drives. The transport knows no
# application by name: the composition root hands `Host`, `Joiner` and `Transcript.start` a registry
# (`Apps`: name -> `AppSpec`), and the genesis names the entry to build. Invariants every application
# keeps: `apply` is deterministic in the sequence of (seat, payload) it was given, so every peer that
# replays the same transcript holds the same state; a payload the rules refuse raises `Fault` naming
# its author and leaves the state as it was; `who_may_act` and `finish_order` are functions of that
# state alone. The events `apply` returns are the application's own: the transport only passes them on.
"""`Application`, `AppSpec`, `Apps`, `TableSetup`, `Previous`, `SeatInfo` and the transport's seat limit."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from p2pshithead.net._identity import KEY_BYTES, check_nick

MAX_SEATS = 16
"""The most seats the transport carries (an application may allow fewer: `AppSpec.seats`)."""
MAX_RULES_TEXT = 200
"""The longest rules text a table carries (a preset, with any house rules the application reads in it)."""
MAX_WAIT_S = 24 * 3600
"""The longest time limit a table may set (seconds)."""
AWAY_TIME_S = 120
"""How long a player who dropped has to come back when the host sets no other limit (`host --away-time`;
Speed sets none), in seconds."""


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
class Previous:
    """The game before this one at the same table (a series): this game's number in the series (2 or
    more), the previous game's final head digest (the link `verify` checks), and its finish order as the
    seats' public keys, each once (the application reads titles from it: who deals, who gives whom a card)."""

    game: int
    head: bytes
    order: tuple[bytes, ...]

    def __post_init__(self) -> None:
        if not 2 <= self.game < 2**16 or len(self.head) != 32:
            raise ValueError(f"bad link to the previous game (game {self.game})")
        if not 1 <= len(self.order) <= MAX_SEATS or any(len(k) != KEY_BYTES for k in self.order):
            raise ValueError("the previous finish order must name 1..16 seats by key")
        if len(set(self.order)) != len(self.order):
            raise ValueError("the previous finish order names a key twice")


@dataclass(frozen=True, slots=True)
class TableSetup:
    """What every peer's application is built from; it is the body of the transcript's genesis entry.
    `previous` links a game of a series to the one before it (None: the first game)."""

    table_id: bytes
    name: str
    app: str
    rules: str
    ruleset_hash: bytes
    seats: tuple[SeatInfo, ...]
    previous: Previous | None = None

    def __post_init__(self) -> None:
        if len(self.table_id) != 16:
            raise ValueError("table id must be 16 bytes")
        if not 2 <= len(self.seats) <= MAX_SEATS:
            raise ValueError(f"a table seats 2..{MAX_SEATS} peers, got {len(self.seats)}")
        if len({s.key for s in self.seats}) != len(self.seats):
            raise ValueError("one key sits in two seats")

    @property
    def game(self) -> int:
        """This game's number in its series (1 for a first game)."""
        return 1 if self.previous is None else self.previous.game


class Application(Protocol):
    """A pure state machine driven by transcript entries, one instance per peer."""

    def who_may_act(self) -> frozenset[int]:
        """The seats whose next message the rules expect now (empty once the game is over)."""
        ...

    def apply(self, seat: int, payload: object) -> Sequence[object]:
        """Apply `seat`'s payload (plain msgpack data, not yet checked) and return what happened.

        Raises:
            Fault: naming `seat` when the payload is malformed or not allowed; the state is unchanged.
        """
        ...

    def pending(self) -> object | None:
        """A payload the local seat must send now without a decision (e.g. deck steps), else None."""
        ...

    def finish_order(self) -> tuple[int, ...] | None:
        """Seats from first out to the last one left, or None while the game runs."""
        ...

    def in_setup(self) -> bool:
        """Whether the table is still setting up rather than playing."""
        ...

    def present(self) -> frozenset[int]:
        """The seats still taking part: the transport waits only on them (to come back when away, to sign
        the finished game off); a seat that left for good is not among them."""
        ...


@dataclass(frozen=True, slots=True)
class AppSpec:
    """How the transport builds one application: the registry entry the transcript's genesis names."""

    name: str
    presets: tuple[str, ...]
    """Named rulesets, the first the default."""
    check_rules: Callable[[str], None]
    """Refuse a rules text this application cannot play (a preset, with any house rules it reads in it):
    ValueError, in words."""
    make: Callable[[TableSetup, int | None, bytes], Application]
    """Build the application for `setup` at the local seat (None: an observer), its secrets drawn from
    the given `secret_size` bytes (empty for an observer): a peer that keeps them comes back after a
    crash holding the same keys."""
    ruleset_hash: Callable[[str], bytes]
    """32-byte hash of the full ruleset of a preset, announced in the TXT record and the genesis."""
    seats: tuple[int, int] = (2, MAX_SEATS)
    """The fewest and the most seats the application plays."""
    secret_size: int = 0
    """How many secret random bytes the local seat's application is built from."""
    realtime: bool = False
    """Seats act at any moment and the transcript's order decides who was first (Speed): the host's own
    messages then wait the lower quartile of the round trips to the others (at most 0.15 s) before they
    are sequenced (docs/speed.md)."""
    kept: bool = True
    """Its games are kept in journals, so a program that ended (a crash, kill -9) comes back to its game
    (`host --resume`, `join`); False (Speed): nobody keeps them, and a host that ended is gone for good."""

    def check(self, rules: str, seats: int) -> None:
        """Refuse a table this application cannot play.

        Raises:
            ValueError: an unknown preset or a seat count out of range, in words.
        """
        if not 1 <= len(rules) <= MAX_RULES_TEXT:
            raise ValueError(f"rules text of {len(rules)} characters; at most {MAX_RULES_TEXT}")
        self.check_rules(rules)
        low, high = self.seats
        if not low <= seats <= high:
            raise ValueError(f"{self.name} seats {low}..{high} players, got {seats}")


Apps = Mapping[str, AppSpec]
"""The applications a peer may run, by name (wired by the composition root)."""
