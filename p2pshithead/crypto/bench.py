# Invariants: this is the only module of the package that reads a clock. The figures come from one
# `SimulatedTable` run, every peer checking everything; `setup_s` charges each step its slowest peer and adds
# the steps up (steps follow one another, peers work in parallel within one), `cpu_s` adds every peer's work.
"""Benchmark of the mental-poker deck: from an empty table to dealt hands, with every peer checking all."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable
from statistics import fmean
from typing import TypeVar

from p2pshithead.crypto._table_sim import SimulatedTable, shithead_deal

__all__ = ["bench_deck"]

_T = TypeVar("_T")


class _StepTimer:
    """A `WorkHook` recording each peer's wall and CPU seconds per step."""

    def __init__(self) -> None:
        self.wall: dict[str, dict[int, float]] = defaultdict(dict)
        self.cpu: dict[str, dict[int, float]] = defaultdict(dict)

    def __call__(self, step: str, peer: int, work: Callable[[], _T]) -> _T:
        wall, cpu = time.perf_counter(), time.process_time()
        result = work()
        self.wall[step][peer] = time.perf_counter() - wall
        self.cpu[step][peer] = time.process_time() - cpu
        return result


def bench_deck(players: int, cards: int = 52, seed: int = 0) -> dict[str, float | int]:
    """Run a simulated table from keys to dealt hands and measure it.

    Returns:
        `prove_ms` and `verify_ms`: mean time to shuffle-and-prove, and to check one shuffle;
        `reveal_ms`: one decryption share made with its proof plus its check by one peer;
        `bytes_per_peer`: the most any peer broadcasts (msgpack) during setup;
        `cpu_s`: CPU seconds of all peers during setup; `setup_s`: the setup's wall time at a real table.

    Raises:
        LocalDeckError: the table parameters are invalid, or the deck is too small for the deal.
    """
    shithead_deal(players, cards)
    timer = _StepTimer()
    table = SimulatedTable(b"bench/%d" % seed, players, cards, seed, timer)
    layout = table.setup()
    setup_steps = list(timer.wall)
    bytes_per_peer = max(table.sent_bytes)

    turned = layout[0].face_down
    table.reveal(turned, step="turn")
    make = fmean(timer.wall["turn"].values()) / len(turned)
    check = fmean(t for seat, t in timer.wall["turn/verify"].items() if seat) / (len(turned) * (players - 1))

    return {
        "prove_ms": 1e3 * fmean(timer.wall[f"shuffle {seat}"][seat] for seat in range(players)),
        "verify_ms": 1e3 * fmean(
            t for seat in range(players) for peer, t in timer.wall[f"shuffle {seat}/verify"].items() if peer != seat
        ),
        "reveal_ms": 1e3 * (make + check),
        "bytes_per_peer": bytes_per_peer,
        "cpu_s": sum(sum(timer.cpu[step].values()) for step in setup_steps),
        "setup_s": sum(max(timer.wall[step].values()) for step in setup_steps),
    }
