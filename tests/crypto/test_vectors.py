"""Deterministic test vectors for the deck protocol, kept in vectors.json for other implementations.

The file holds a 2-seat, 52-card table run from fixed seeds: card points, commitment generators, a
Fiat-Shamir domain, the whole transcript (each message as msgpack, hex), what the audit reveals, and
what each owner sees of its own hand. Regenerate it with `python tests/crypto/test_vectors.py` only when the
protocol changes on purpose.
"""

from __future__ import annotations

import json
from pathlib import Path

import msgpack

from p2pshithead.crypto import Deal, SimulatedTable, TableParams, audit, card_points
from p2pshithead.crypto._fiat_shamir import domain
from p2pshithead.crypto._shuffle import generators

VECTORS = Path(__file__).with_name("vectors.json")
HANDS = ((12, 14, 16), (13, 15, 17))
FACE_UP = (6, 8, 10, 7, 9, 11)
"""The deal the vectors were made with: these hands to their owners, these slots face up, in this order."""
DEAL = Deal(FACE_UP, dict(enumerate(HANDS)))


def make_vectors() -> dict[str, object]:
    """Run the fixed table and describe it as plain JSON values."""
    table = SimulatedTable(b"p2pshithead test vector table", 2, 52, seed=2024)
    table.setup(DEAL)
    played = HANDS[1][0]
    table.broadcast("play", {1: lambda: table.peers[1].reveal_message([played])})
    h, hs = generators(4)
    return {
        "about": __doc__,
        "table_id": table.params.table_id.hex(),
        "n_peers": table.params.n_peers,
        "n_cards": table.params.n_cards,
        "seed": 2024,
        "card_points": [point.hex() for point in card_points(table.params)],
        "generators": [point.hex() for point in (h, *hs)],
        "key_domain_seat_1": domain(table.params, "key", 1).hex(),
        "transcript": [{"peer": peer, "msgpack": msgpack.packb(obj).hex()} for peer, obj in table.transcript],
        "revealed": {str(slot): card for slot, card in audit(table.params, table.transcript).items()},
        "hands": [
            {str(slot): peer.card(slot) for slot in hand} for peer, hand in zip(table.peers, HANDS, strict=True)
        ],
    }


def test_the_vectors_regenerate_exactly() -> None:
    assert make_vectors() == json.loads(VECTORS.read_text())


def test_the_stored_transcript_audits_to_the_stored_cards() -> None:
    stored = json.loads(VECTORS.read_text())
    params = TableParams(bytes.fromhex(stored["table_id"]), stored["n_peers"], stored["n_cards"])
    transcript = [(e["peer"], msgpack.unpackb(bytes.fromhex(e["msgpack"]))) for e in stored["transcript"]]
    assert {str(slot): card for slot, card in audit(params, transcript).items()} == stored["revealed"]


if __name__ == "__main__":
    VECTORS.write_text(json.dumps(make_vectors(), indent=1) + "\n")
