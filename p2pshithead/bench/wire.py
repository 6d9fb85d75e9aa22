# Invariants: the only clock read here is this process's CPU time (other programs on the machine do not
# count); the measured message is a real, proven shuffle of a seeded table, as the game sends it (a deck
# payload inside a transcript body, msgpack), and each figure is the best of `repeat` runs on the same
# bytes, so figures compare across versions of the checks.
"""Benchmark of the wire checks: decoding and checking one shuffle message as a peer receives it."""

from __future__ import annotations

import time
from collections.abc import Callable

import msgpack

from p2pshithead.crypto import Point, SimulatedTable
from p2pshithead.game import DeckPayload, parse_payload

__all__ = ["bench_wire"]


def _best_ms(work: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(max(1, repeat)):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return 1e3 * best


def bench_wire(players: int, cards: int, repeat: int) -> dict[str, float | int]:
    """Time how a peer decodes and checks one shuffle of a `players`-seat table with a `cards`-card deck.

    Returns:
        `bytes`: the transcript body's msgpack size; `points`: the curve points in it; `decode_ms`: msgpack
        alone; `check_ms`: the wire checks alone (`parse_payload`: shape, sizes, every point, building the
        message); `total_ms`: both, as a peer receives it; `points_ms`: libsodium's point check alone on
        every point, the part no schema library can take off. Each is the best CPU time of `repeat` runs.

    Raises:
        LocalDeckError: the table parameters are invalid.
    """
    table = SimulatedTable(b"bench/wire", players, cards, seed=0)
    table.exchange_keys()
    data = msgpack.packb({"k": "app", "p": DeckPayload(table.peers[0].shuffle_message()).to_wire()})
    body = msgpack.unpackb(data)
    shuffle = body["p"]["m"]
    points = [p for pair in shuffle["deck"] for p in pair] + shuffle["commitments"] + shuffle["chain"]
    point = Point()
    return {
        "players": players,
        "cards": cards,
        "bytes": len(data),
        "points": len(points),
        "decode_ms": _best_ms(lambda: msgpack.unpackb(data), repeat),
        "check_ms": _best_ms(lambda: parse_payload(0, body["p"]), repeat),
        "total_ms": _best_ms(lambda: parse_payload(0, msgpack.unpackb(data)["p"]), repeat),
        "points_ms": _best_ms(lambda: [point.check(p) for p in points], repeat),
    }
