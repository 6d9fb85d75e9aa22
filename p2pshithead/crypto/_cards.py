# Invariants: card i of a table is the point hash_to_point(LABEL, b"card", table id, i); the points of one
# table are pairwise distinct (checked), so a decrypted point names at most one card.
"""The plaintext points that stand for the cards of one table, and the reverse lookup."""

from __future__ import annotations

import functools

from p2pshithead.crypto._errors import LocalDeckError
from p2pshithead.crypto._fiat_shamir import LABEL
from p2pshithead.crypto._group import hash_to_point
from p2pshithead.crypto._params import TableParams

__all__ = ["card_index", "card_points"]


@functools.lru_cache(maxsize=32)
def card_points(params: TableParams) -> tuple[bytes, ...]:
    """The points of cards 0..n_cards-1 at this table."""
    points = tuple(
        hash_to_point(LABEL, b"card", params.table_id, index.to_bytes(2, "big")) for index in range(params.n_cards)
    )
    if len(set(points)) != len(points):
        raise LocalDeckError("two cards of this table hash to one point; choose another table id")
    return points


@functools.lru_cache(maxsize=32)
def card_index(params: TableParams) -> dict[bytes, int]:
    """The card number of each card point of this table."""
    return {point: index for index, point in enumerate(card_points(params))}
