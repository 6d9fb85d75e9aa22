# Speed's actions and events (docs/speed.md). Invariants: every action carries the round its author saw,
# and a play the pile length its author saw, so that any peer can tell a late play (legal on what its
# author saw, beaten by another play) from an illegal one; values are frozen and check their fields.
"""`Play`, `Slap`, `Burn` and the events `Speed.push` and `Speed.reveal` return."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Action", "Burned", "Event", "Finished", "Late", "Moved", "Play", "Played", "RoundStarted", "Slap", "Slapped",
    "Stuck", "TurnedUp",
]  # fmt: skip

_PILES = (0, 1)


@dataclass(frozen=True, slots=True)
class Play:
    """Play the face-up card at deck position `slot` of one's layout onto centre pile `pile` (0 left,
    1 right), whose length the author saw as `seen`, in round `round`."""

    slot: int
    pile: int
    seen: int
    round: int

    def __post_init__(self) -> None:
        if self.pile not in _PILES or min(self.slot, self.seen, self.round) < 0:
            raise ValueError(f"bad play {self!r}")


@dataclass(frozen=True, slots=True)
class Slap:
    """Slap centre pile `pile` (one's layout being empty) in round `round`: take it into one's stock."""

    pile: int
    round: int

    def __post_init__(self) -> None:
        if self.pile not in _PILES or self.round < 0:
            raise ValueError(f"bad slap {self!r}")


@dataclass(frozen=True, slots=True)
class Burn:
    """Burn three face-up cards of rank `rank` from one's layout (rules with `burn`), in round `round`."""

    rank: int
    round: int

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13 or self.round < 0:
            raise ValueError(f"bad burn {self!r}")


Action = Play | Slap | Burn


@dataclass(frozen=True, slots=True)
class TurnedUp:
    """Card `card` (deck position `slot`) of `seat` was turned: onto its stack `stack`, or centre pile `pile`."""

    seat: int
    slot: int
    card: int
    stack: int | None
    pile: int | None


@dataclass(frozen=True, slots=True)
class Played:
    """`seat` played `card` (deck position `slot`) onto centre pile `pile`."""

    seat: int
    slot: int
    card: int
    pile: int


@dataclass(frozen=True, slots=True)
class Late:
    """`seat`'s action was legal on what it saw but another came first: refused, nothing moved."""

    seat: int
    action: Action
    reason: str


@dataclass(frozen=True, slots=True)
class Moved:
    """`count` face-up cards of `seat` moved from stack `source` to stack `target` (a merge of equal
    ranks, a gap filled, a joker or king set aside)."""

    seat: int
    source: int
    target: int
    count: int


@dataclass(frozen=True, slots=True)
class Stuck:
    """Nobody could play: `seats` each turn a stock card onto their own centre pile."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Slapped:
    """`seat` slapped pile `pile`, taking `taken` cards into its stock; the other took the other pile
    (`given` cards) and its layout back; the round is over."""

    seat: int
    pile: int
    taken: int
    given: int


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """Round `round` is laid out (the first is 0)."""

    round: int


@dataclass(frozen=True, slots=True)
class Burned:
    """`seat` burned three cards (deck positions `slots`): out of the game."""

    seat: int
    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Finished:
    """The game is over: `order` from winner to loser, and why in words."""

    order: tuple[int, ...]
    why: str


Event = TurnedUp | Played | Late | Moved | Stuck | Slapped | RoundStarted | Burned | Finished
