# Invariants: the figures come from one `SimulatedTable` run, every peer checking everything. Each peer's
# work in a step is measured in CPU seconds of this process (at a real table every peer has its own machine,
# so time the OS gives to other programs here is not the table's). `setup_s` charges each step its slowest
# peer and adds the steps up (steps follow one another, peers work in parallel within one); `cpu_s` adds up
# every peer's work.
"""Benchmark of the mental-poker deck: from an empty table to dealt hands, with every peer checking all."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable
from statistics import fmean
from typing import TypeVar

from p2pshithead.crypto import Deal, SimulatedTable

__all__ = ["bench_deck"]

_T = TypeVar("_T")


class _StepTimer:
    """A `WorkHook` recording each peer's CPU seconds per step."""

    def __init__(self) -> None:
        self.seconds: dict[str, dict[int, float]] = defaultdict(dict)

    def __call__(self, step: str, peer: int, work: Callable[[], _T]) -> _T:
        start = time.process_time()
        result = work()
        self.seconds[step][peer] = time.process_time() - start
        return result


def bench_deck(players: int, cards: int, seed: int, deal: Deal) -> dict[str, float | int]:
    """Run a simulated table from keys to `deal` (the caller's game decides its slots) and measure it.

    Returns:
        `cards`: the deck's size;
        `prove_ms` and `verify_ms`: mean CPU time to shuffle-and-prove at a seat's turn (its plan, the
            deck-free half, is made when the keys are in and counts in that step), and to check one shuffle;
        `reveal_ms`: one decryption share made with its proof plus its check by one peer;
        `bytes_per_peer`: the most any peer broadcasts (msgpack) during setup;
        `cpu_s`: CPU seconds of all peers during setup; `setup_s`: the setup's wall time at a real table,
        each step costing its slowest peer.

    Raises:
        LocalDeckError: the table parameters are invalid, or the deck is too small for the deal.
    """
    deal.check(cards)
    timer = _StepTimer()
    table = SimulatedTable(b"bench/%d" % seed, players, cards, seed, timer)
    table.setup(deal)
    setup_steps = list(timer.seconds)
    bytes_per_peer = max(table.sent_bytes)

    dealt = {*deal.public, *(slot for owned in deal.private.values() for slot in owned)}
    turned = [slot for slot in range(cards) if slot not in dealt][:3]  # three cards still hidden
    table.reveal(turned, step="turn")
    make = fmean(timer.seconds["turn"].values()) / len(turned)
    check = fmean(t for seat, t in timer.seconds["turn/verify"].items() if seat) / (len(turned) * (players - 1))

    return {
        "cards": cards,
        "prove_ms": 1e3 * fmean(timer.seconds[f"shuffle {seat}"][seat] for seat in range(players)),
        "verify_ms": 1e3 * fmean(
            t for seat in range(players) for peer, t in timer.seconds[f"shuffle {seat}/verify"].items() if peer != seat
        ),
        "reveal_ms": 1e3 * (make + check),
        "bytes_per_peer": bytes_per_peer,
        "cpu_s": sum(sum(timer.seconds[step].values()) for step in setup_steps),
        "setup_s": sum(max(timer.seconds[step].values()) for step in setup_steps),
    }
