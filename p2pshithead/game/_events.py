# Invariants: every event is a frozen value that says what one transcript entry did, in the order it
# happened; a `TableState` emits the same events at every peer and at an observer; the only events that
# differ between peers are `Revealed(to=seat)`, which a `SeatedTable` adds for its own seat alone.
"""What happened at a table, as typed events: what `TableState.apply` returns, for screens and logs."""

from __future__ import annotations

from dataclasses import dataclass

from p2pshithead.engine import Card, Move

__all__ = [
    "Aimed",
    "Audited",
    "Burned",
    "Dealt",
    "Drew",
    "Event",
    "Finished",
    "Flipped",
    "KeyShared",
    "Led",
    "Left",
    "Out",
    "PickedUp",
    "Played",
    "Received",
    "Released",
    "Revealed",
    "Shared",
    "Shuffled",
    "Skipped",
    "WindowAnswered",
    "WindowClosed",
    "WindowOpened",
]


@dataclass(frozen=True, slots=True)
class KeyShared:
    """`seat` published its proven key share."""

    seat: int


@dataclass(frozen=True, slots=True)
class Shuffled:
    """`seat` shuffled the deck, the `count`-th shuffle (1 to the number of seats)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Shared:
    """`seat` sent its decryption shares of `slots` (the deal, or cards it owed)."""

    seat: int
    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Dealt:
    """Every deal share is in: the game starts, `dealer` deals (drawn from every seat's draw share)."""

    dealer: int


@dataclass(frozen=True, slots=True)
class Revealed:
    """Identities opened by this entry: to everyone (`to` None) or to seat `to` alone (its hand)."""

    cards: tuple[tuple[int, Card], ...]
    to: int | None = None


@dataclass(frozen=True, slots=True)
class Flipped:
    """`seat` turns its face-down card at `slot`; it is played once every seat's share is in."""

    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class Played:
    """The engine took `seat`'s `move` (any kind); `cards`: the identities it put in sight, in slot order
    of the move; `out_of_turn`: played while another seat had the turn (RULES.md 5)."""

    seat: int
    move: Move
    cards: tuple[Card, ...]
    out_of_turn: bool = False


@dataclass(frozen=True, slots=True)
class Led:
    """The move just played ended the show phase: `seat` leads, the first to play (RULES.md 2)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Received:
    """The card the `Give` just played went into `seat`'s hand (the French exchange, RULES.md 6)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Aimed:
    """The ace the move just played names `seat` to take the pile or answer it (French, RULES.md 7): the
    play's target, or after a flipped ace the seat to play then."""

    seat: int


@dataclass(frozen=True, slots=True)
class Skipped:
    """The move just played passed over `seats` (its 8s, RULES.md 4), in the order passed: a seat twice
    when only two players are in and two 8s fell; never the mover nor the seat to play now."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Drew:
    """`seat` drew `slots` from the stock into its hand (identities go to it alone, later)."""

    seat: int
    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PickedUp:
    """`seat` took the pile's `slots` into its hand."""

    seat: int
    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Burned:
    """The pile's `slots` left the game."""

    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Out:
    """`seat` has no cards left and is out of the game."""

    seat: int


@dataclass(frozen=True, slots=True)
class Left:
    """`seat` left the game: its cards leave play unseen (after the flip it had made, if one was being
    opened) and it finishes last among the seats still in; nothing waits on it from now on."""

    seat: int


@dataclass(frozen=True, slots=True)
class Released:
    """`seat`, out of the game, published its key share: its shares are anyone's to compute."""

    seat: int


@dataclass(frozen=True, slots=True)
class WindowOpened:
    """An out-of-turn window opened: `seats` answer claim or pass, ranked in this order (RULES.md 5)."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class WindowAnswered:
    """`seat` answered the open window: `claim` (it wants to play) or pass."""

    seat: int
    claim: bool


@dataclass(frozen=True, slots=True)
class WindowClosed:
    """Every answer is in: `claimant` plays now, or None (nobody claimed; play goes on)."""

    claimant: int | None


@dataclass(frozen=True, slots=True)
class Audited:
    """The exchange's audit passed: `seat` gave its best card; `cards` is its hand when it gave, now open
    to all (RULES.md 6)."""

    seat: int
    cards: tuple[tuple[int, Card], ...]


@dataclass(frozen=True, slots=True)
class Finished:
    """The game is over: `order` from first out to the Shithead."""

    order: tuple[int, ...]


Event = (
    KeyShared | Shuffled | Shared | Dealt | Revealed | Flipped | Played | Received | Led | Aimed | Skipped
    | Drew | PickedUp | Burned | Out | Left | Released | WindowOpened | WindowAnswered | WindowClosed | Audited
    | Finished
)
