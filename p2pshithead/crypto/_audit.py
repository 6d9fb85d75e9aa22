# Invariant: the audit trusts nothing but the transcript: it replays every message through the same checks
# a seated peer runs (as an observer that holds no key), so it accepts a transcript only if every peer
# would have, and it can learn only cards whose every decryption share the transcript holds.
"""End-of-game audit: re-check a table's whole deck protocol from its transcript alone."""

from __future__ import annotations

from collections.abc import Iterable

from p2pshithead.crypto._messages import message_from_wire
from p2pshithead.crypto._params import TableParams
from p2pshithead.crypto._table_deck import TableDeck

__all__ = ["audit"]


def audit(params: TableParams, transcript: Iterable[tuple[int, object]]) -> dict[int, int]:
    """Replay and verify every deck message of a table, in order.

    Args:
        params: the table's id, number of peers and deck size.
        transcript: (sender seat, wire value) for every deck message sent, in the order sent.

    Returns:
        The card number at each slot (deal position) the transcript reveals to everyone.

    Raises:
        RemoteDeckError: naming the first peer whose message is malformed or fails a check.
    """
    observer = TableDeck(params)
    for peer, obj in transcript:
        observer.receive(peer, message_from_wire(peer, obj))
    return observer.known_cards()
