"""The mutable position behind a `Game`: zones of slots and the bookkeeping of turns.

Invariants: every slot of the deck is in exactly one zone (a seat's hand, face-up or face-down
row, the stock, the pile, the burned heap, or `gone`: the cards of players who left); `stock[-1]`
is the next card drawn; `pile[-1]` is the top; `public` holds the slots every player has seen;
`left` (in leaving order) is part of `finished`; `vis[slot]` is 255 exactly for the slots in
`public` (the mask a view applies to the card codes; `show` keeps the two together). `copy()` shares
no mutable part. `shares` counts the games (a game, its views and copies) holding this state: a
game changes a state in place only while it holds it alone, else it copies it first (copy on write).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import NamedTuple

__all__ = ["Phase", "Seat", "Window", "Exchange", "State"]


class Phase(enum.Enum):
    """Where the game stands."""

    SWAP = "swap"
    """Players exchange hand and face-up cards, then say they are ready (section 2)."""
    SHOW = "show"
    """In seat order, each player may show a hand card to claim the lead (section 2)."""
    PLAY = "play"
    """Turns are played (sections 3-6)."""
    OVER = "over"
    """The game has ended; `Game.outcome()` tells the finish order."""


@dataclass(slots=True)
class Seat:
    """One player's cards, as slots."""

    hand: list[int] = field(default_factory=list)
    up: list[int] = field(default_factory=list)
    down: list[int] = field(default_factory=list)

    def copy(self) -> Seat:
        return Seat(self.hand[:], self.up[:], self.down[:])

    def empty(self) -> bool:
        return not (self.hand or self.up or self.down)


class Window(NamedTuple):
    """The last play, open to out-of-turn answers until the player to act moves (section 5).
    A named tuple, not a frozen dataclass like the other values: one is made for nearly every play,
    and a tuple is made without a Python-level `__setattr__` per field."""

    player: int
    rank: int
    drawn: tuple[int, ...]  # slots the player drew after that play


@dataclass(frozen=True, slots=True)
class Exchange:
    """A card gift due before the swap phase (French card exchange, section 6)."""

    giver: int
    receiver: int
    best: bool  # the Shithead's gift: their best card; the Masta's answer: any card


@dataclass(slots=True)
class State:
    """Everything a move can change; see the module invariants."""

    phase: Phase
    seats: list[Seat]
    stock: list[int]
    pile: list[int] = field(default_factory=list)
    burned: list[int] = field(default_factory=list)
    turn: int = 0
    direction: int = 1
    ready: set[int] = field(default_factory=set)
    shows: list[tuple[int, int | None]] = field(default_factory=list)
    window: Window | None = None
    pile_last: int | None = None  # who played last onto the current pile (pickup_returns)
    finished: list[int] = field(default_factory=list)
    public: set[int] = field(default_factory=set)
    exchange: Exchange | None = None
    gone: list[int] = field(default_factory=list)  # slots that left play with a player who left
    left: list[int] = field(default_factory=list)  # players who left, in order (also in `finished`)
    vis: bytearray = field(default_factory=bytearray)  # 255 at each public slot (module invariants)
    shares: int = 1

    def show(self, slot: int) -> None:
        """Make `slot` public."""
        self.public.add(slot)
        self.vis[slot] = 255

    def hide(self, slot: int) -> None:
        """Undo `show(slot)`."""
        self.public.discard(slot)
        self.vis[slot] = 0

    def copy(self) -> State:
        return State(
            self.phase,
            [s.copy() for s in self.seats],
            self.stock[:],
            self.pile[:],
            self.burned[:],
            self.turn,
            self.direction,
            set(self.ready),
            self.shows[:],
            self.window,
            self.pile_last,
            self.finished[:],
            set(self.public),
            self.exchange,
            self.gone[:],
            self.left[:],
            self.vis[:],
        )
