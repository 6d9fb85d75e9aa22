# Invariant: every challenge hashes (SHA-512, each part length-prefixed) the protocol label with its version,
# the group's name, the table id, the peer and deck counts, the step, the proving peer, and then every input
# of the statement, so a proof made for one protocol version, group, table, step or peer never verifies for
# another.
"""Fiat-Shamir challenges: domain strings binding table, step and peer, and hashing into scalars."""

from __future__ import annotations

from p2pshithead.crypto._group import GROUP, ORDER, hash_parts
from p2pshithead.crypto._params import TableParams

__all__ = ["LABEL", "challenge", "domain"]

LABEL = b"p2pshithead/deck/v2"
"""The deck protocol's name and version, hashed into every challenge and every hashed point."""


def domain(params: TableParams, step: str, peer: int) -> bytes:
    """The prefix of every challenge that `peer` computes in `step` at the table `params` describes."""
    return hash_parts(
        LABEL,
        GROUP,
        params.table_id,
        params.n_peers.to_bytes(2, "big"),
        params.n_cards.to_bytes(2, "big"),
        step.encode(),
        peer.to_bytes(2, "big"),
    )


def challenge(prefix: bytes, *parts: bytes) -> int:
    """A scalar hashed from a domain `prefix` and the statement's encoded `parts`."""
    return int.from_bytes(hash_parts(prefix, *parts), "little") % ORDER
