# Invariants: reads a clock (the bench package may); the measured message is a real, proven shuffle of a
# seeded table, sent as the game sends it (a deck payload inside a transcript body, msgpack), and each
# figure is the best of `repeat` runs of the same bytes, so runs compare across versions of the checks.
"""Benchmark of the wire checks: decoding and checking one shuffle message as a peer receives it."""

from __future__ import annotations

import time
from collections.abc import Callable

import msgpack

from p2pshithead.crypto import SimulatedTable
from p2pshithead.game import DeckPayload, parse_payload

__all__ = ["bench_wire"]


def _best_ms(work: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return 1e3 * best


def bench_wire(players: int, cards: int, repeat: int) -> dict[str, float | int]:
    """Time how long a peer takes to decode and check one shuffle of a `players`-seat, `cards`-card table.

    Returns:
        `bytes`: the message's msgpack size; `decode_ms`: msgpack alone; `check_ms`: the wire checks alone
        (shape, sizes, every point through libsodium, building the message); `total_ms`: both, as received.
        Each is the best of `repeat` runs.

    Raises:
        LocalDeckError: the table parameters are invalid.
    """
    table = SimulatedTable(b"bench/wire", players, cards, seed=0)
    table.exchange_keys()
    data = msgpack.packb({"k": "app", "p": DeckPayload(table.peers[0].shuffle_message()).to_wire()})
    body = msgpack.unpackb(data)
    return {
        "players": players,
        "cards": cards,
        "bytes": len(data),
        "decode_ms": _best_ms(lambda: msgpack.unpackb(data), repeat),
        "check_ms": _best_ms(lambda: parse_payload(0, body["p"]), repeat),
        "total_ms": _best_ms(lambda: parse_payload(0, msgpack.unpackb(data)["p"]), repeat),
    }
