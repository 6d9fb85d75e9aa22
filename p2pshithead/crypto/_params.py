# Invariants: a `TableParams` always holds a table id of 1..64 bytes, a peer count in 2..MAX_PEERS and a
# deck size from DECK_SIZES; every proof, card point and message of the table is bound to all three.
"""The fixed parameters of one table's deck: its id, its number of peers and its number of cards."""

from __future__ import annotations

from dataclasses import dataclass

from p2pshithead.crypto._errors import LocalDeckError

__all__ = ["DECK_SIZES", "MAX_PEERS", "MAX_TABLE_ID", "TableParams"]

DECK_SIZES = (52, 54, 104, 108)
"""Deck sizes a table may use: one or two packs, with or without two jokers each."""

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
        if self.n_cards not in DECK_SIZES or type(self.n_cards) is not int:
            raise LocalDeckError(f"a deck has one of {DECK_SIZES} cards, not {self.n_cards!r}")
