# Invariants: `setup_s` comes from the game as it runs: one `SeatedTable` per seat in this process, each
# with its own virtual clock, driven the way the transport drives it (apply every transcript entry in
# order, then offer its pending payload, one in flight). An entry reaches the sequencer (seat 0, the host)
# one hop after its author sends it, or at once from the host; it is appended in the order it reaches the
# sequencer and reaches every seat one hop later (the host at once). A seat applies entry i at
# max(its clock, the entry's arrival), and the CPU seconds its `apply` and `pending` take in this process
# (`time.process_time`, so time the OS gives other programs is not the table's) move its clock on; an entry
# leaves when its author's clock reaches it. `setup_s` is when the last seat holds its dealt cards.
# The per-operation figures and `setup_s_serial` come from a `SimulatedTable` run, the old lock-step model
# (every step a broadcast that every peer checks before the next starts, each charged its slowest peer).
"""Benchmark of the mental-poker deck: from an empty table to dealt hands, with every peer checking all."""

from __future__ import annotations

import heapq
import random
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from statistics import fmean
from typing import TypeVar

import msgpack

from p2pshithead.crypto import Deal, SimulatedTable
from p2pshithead.engine import Ruleset, deck_size
from p2pshithead.game import SeatedTable, Stage, opening_deal

__all__ = ["HOP_S", "bench_deck", "clocked_setup", "ruleset_for"]

HOP_S = 0.0005
"""One LAN hop, one way (a peer to the host's sequencer, or the sequencer to a peer)."""

_T = TypeVar("_T")


def ruleset_for(cards: int) -> Ruleset:
    """The classic rules with the packs (and jokers) that make a deck of `cards`.

    Raises:
        ValueError: no number of packs makes `cards`.
    """
    jokers = 0 if cards % 52 == 0 else 2
    decks = max(1, cards // (52 + jokers))
    if deck_size(decks, jokers) != cards:
        raise ValueError(f"no number of packs makes a deck of {cards} cards")
    return Ruleset(decks=decks, jokers=jokers)


@dataclass
class _Seat:
    """One seat of the clocked table: its game objects, its clock and what it has done."""

    table: SeatedTable
    cpu_clock: Callable[[], float]
    clock: float = 0.0  # virtual seconds
    cpu: float = 0.0
    read: int = 0  # transcript entries applied
    in_flight: bool = False  # its payload is sent and not yet applied
    sent: int = 0  # bytes
    reached: dict[Stage, float] = field(default_factory=dict)  # stage -> when this seat entered it

    @property
    def dealt_at(self) -> float | None:
        return self.reached.get(Stage.PLAY)

    def run(self, work: Callable[[], _T]) -> _T:
        start = self.cpu_clock()
        result = work()
        spent = self.cpu_clock() - start
        self.clock += spent
        self.cpu += spent
        return result


@dataclass(frozen=True, slots=True)
class _Entry:
    seat: int
    data: bytes
    at_host: float


def _hop(seat: int, latency: float) -> float:
    return 0.0 if seat == 0 else latency


def clocked_setup(
    rules: Ruleset, players: int, seed: int, latency: float = HOP_S, cpu_clock: Callable[[], float] = time.process_time
) -> dict[str, float | int]:
    """Run a table of `players` seats under `rules` from keys to dealt hands, in virtual time (module note):
    `latency` seconds a hop, and each seat's work costing what `cpu_clock` says it took.

    Returns:
        `setup_s`: when the last seat holds its dealt cards; `keys_s`: when the last seat has taken every
        key share (and planned its shuffle); `shuffled_s`: when the last seat holds every shuffle, each proof
        checked; `cpu_s`: every seat's CPU seconds in setup; `bytes_per_peer`: the most payload bytes
        (msgpack) any seat sends in setup.
    """
    seats = [
        _Seat(SeatedTable.join(rules, b"bench/%d" % seed, players, seat, random.Random(f"{seed}/{seat}").randbytes),
              cpu_clock)
        for seat in range(players)
    ]
    transcript: list[_Entry] = []
    queue: list[tuple[float, int, _Entry]] = []  # sent, not yet appended: (time at the host, tie, entry)

    def offer(seat: int) -> None:
        me = seats[seat]
        if me.in_flight or not me.table.in_setup():
            return
        payload = me.run(me.table.pending)
        if payload is not None:
            data = me.run(lambda: msgpack.packb(payload))
            me.in_flight, me.sent = True, me.sent + len(data)
            entry = _Entry(seat, data, me.clock + _hop(seat, latency))
            heapq.heappush(queue, (entry.at_host, len(transcript) + len(queue), entry))

    def apply(seat: int, start: float) -> None:
        me, entry = seats[seat], transcript[seats[seat].read]
        me.clock = start
        me.run(lambda: me.table.apply(entry.seat, msgpack.unpackb(entry.data)))
        me.read += 1
        me.reached.setdefault(me.table.state.stage, me.clock)
        if entry.seat == seat:
            me.in_flight = False
        offer(seat)

    for seat in range(players):
        offer(seat)
    while any(me.dealt_at is None for me in seats):
        ready = [(max(me.clock, transcript[me.read].at_host + _hop(seat, latency)), seat)
                 for seat, me in enumerate(seats) if me.dealt_at is None and me.read < len(transcript)]  # fmt: skip
        start, seat = min(ready, default=(float("inf"), -1))
        if queue and queue[0][0] <= start:
            transcript.append(heapq.heappop(queue)[2])  # nothing sent later can reach the host before it
        elif ready:
            apply(seat, start)
        else:
            raise AssertionError("the table waits with nothing in flight")  # a game that cannot set up
    return {
        "keys_s": max(me.reached[Stage.SHUFFLE] for me in seats),
        "shuffled_s": max(me.reached[Stage.DEAL] for me in seats),
        "setup_s": max(me.reached[Stage.PLAY] for me in seats),
        "cpu_s": sum(me.cpu for me in seats),
        "bytes_per_peer": max(me.sent for me in seats),
    }


class _StepTimer:
    """A `WorkHook` recording each peer's CPU seconds per step."""

    def __init__(self) -> None:
        self.seconds: dict[str, dict[int, float]] = defaultdict(dict)

    def __call__(self, step: str, peer: int, work: Callable[[], _T]) -> _T:
        start = time.process_time()
        result = work()
        self.seconds[step][peer] = time.process_time() - start
        return result


def _serial_setup(players: int, cards: int, seed: int, deal: Deal) -> dict[str, float]:
    """The per-operation figures, from a lock-step `SimulatedTable` run, and its `setup_s_serial`."""
    timer = _StepTimer()
    table = SimulatedTable(b"bench/%d" % seed, players, cards, seed, timer)
    table.setup(deal)
    setup_steps = list(timer.seconds)
    dealt = {*deal.public, *(slot for owned in deal.private.values() for slot in owned)}
    turned = [slot for slot in range(cards) if slot not in dealt][:3]  # three cards still hidden
    table.reveal(turned, step="turn")
    make = fmean(timer.seconds["turn"].values()) / len(turned)
    check = fmean(t for seat, t in timer.seconds["turn/verify"].items() if seat) / (len(turned) * (players - 1))
    return {
        "prove_ms": 1e3 * fmean(timer.seconds[f"shuffle {seat}"][seat] for seat in range(players)),
        "verify_ms": 1e3 * fmean(
            t for seat in range(players) for peer, t in timer.seconds[f"shuffle {seat}/verify"].items() if peer != seat
        ),
        "reveal_ms": 1e3 * (make + check),
        "setup_s_serial": sum(max(timer.seconds[step].values()) for step in setup_steps),
    }


def bench_deck(rules: Ruleset, players: int, seed: int, latency: float = HOP_S) -> dict[str, float | int]:
    """Measure the deck of a table of `players` under `rules`, from keys to dealt hands.

    Returns:
        `cards`: the deck's size;
        `setup_s`, `cpu_s`, `bytes_per_peer`: the game's own setup in virtual time (`clocked_setup`), with
            `latency` seconds a hop;
        `prove_ms` and `verify_ms`: mean CPU time to shuffle-and-prove at a seat's turn (its plan, the
            deck-free half, is made when the keys are in and counts in that step), and to check one shuffle;
        `reveal_ms`: one decryption share made with its proof plus its check by one peer;
        `setup_s_serial`: the setup in lock step (each step waits for every peer's checks, each step
            charged its slowest peer), the model this benchmark used before it ran the game.

    Raises:
        ValueError: the rules cannot deal `players` (too few cards).
    """
    cards = rules.deck_size(players)
    serial = _serial_setup(players, cards, seed, opening_deal(rules, players))
    return {"cards": cards, **clocked_setup(rules, players, seed, latency), **serial}
