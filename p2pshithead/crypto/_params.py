# Invariants: a `TableParams` always holds a table id of 1..64 bytes, a peer count in 2..MAX_PEERS and a
# deck size in 2..MAX_CARDS; every proof, card point and message of the table is bound to all three. The
# deck is card-game agnostic: which sizes a game deals is the rules engine's (`engine.DECK_SIZES`).
"""The fixed parameters of one table's deck: its id, its number of peers and its number of cards."""

from __future__ import annotations

from dataclasses import dataclass

from p2pshithead.crypto._errors import LocalDeckError

__all__ = ["MAX_CARDS", "MAX_PEERS", "MAX_TABLE_ID", "TableParams"]

MAX_CARDS = 256
"""The most cards one deck may hold (it bounds every message's size)."""

MAX_PEERS = 16
"""The most peers one table may seat."""

MAX_TABLE_ID = 64
"""The longest table id, in bytes."""


@dataclass(frozen=True, slots=True)
class TableParams:
    """Who plays with which deck: `table_id` (unique per game), `n_peers` seats, `n_cards` cards."""

    table_id: bytes
    n_peers: int
    n_cards: int

    def __post_init__(self) -> None:
        if not isinstance(self.table_id, bytes) or not 1 <= len(self.table_id) <= MAX_TABLE_ID:
            raise LocalDeckError(f"table id must be 1 to {MAX_TABLE_ID} bytes")
        if type(self.n_peers) is not int or not 2 <= self.n_peers <= MAX_PEERS:
            raise LocalDeckError(f"a table seats 2 to {MAX_PEERS} peers, not {self.n_peers!r}")
        if type(self.n_cards) is not int or not 2 <= self.n_cards <= MAX_CARDS:
            raise LocalDeckError(f"a deck has 2 to {MAX_CARDS} cards, not {self.n_cards!r}")
