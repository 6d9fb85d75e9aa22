# Invariants: every message goes through the real wire path (to_wire, msgpack, message_from_wire) before
# any peer receives it; every peer receives every other peer's message of a step before the next step
# starts; the transcript holds every message sent, in order, as (seat, wire value): what `audit` replays.
# Each peer's work in a step runs inside the injected `WorkHook` (the benchmark times it; nothing else here
# touches a clock), and each peer draws its randomness from a seeded `random.Random`, so runs repeat.
"""All peers of one table in one process, joined by an in-memory broadcast: for tests and the benchmark."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

import msgpack

from p2pshithead.crypto._errors import LocalDeckError
from p2pshithead.crypto._messages import Message, message_from_wire
from p2pshithead.crypto._params import TableParams
from p2pshithead.crypto._table_deck import TableDeck

__all__ = ["DealtSlots", "SimulatedTable", "WorkHook", "shithead_deal"]

_T = TypeVar("_T")


class WorkHook(Protocol):
    """Runs one peer's `work` in a named step and returns its result (the benchmark times it)."""

    def __call__(self, step: str, peer: int, work: Callable[[], _T]) -> _T: ...


def _run(step: str, peer: int, work: Callable[[], _T]) -> _T:
    return work()


@dataclass(frozen=True, slots=True)
class DealtSlots:
    """The deal positions one seat receives in a Shithead deal."""

    face_down: tuple[int, ...]
    face_up: tuple[int, ...]
    hand: tuple[int, ...]


def shithead_deal(n_peers: int, n_cards: int) -> tuple[DealtSlots, ...]:
    """Each seat's slots: dealt one at a time round the table, 3 face-down, then 3 face-up, then 3 in hand.

    Raises:
        LocalDeckError: the deck is too small for 9 cards a seat.
    """
    if 9 * n_peers > n_cards:
        raise LocalDeckError(f"{n_peers} players need {9 * n_peers} cards; the deck has {n_cards}")

    def rounds(first: int, seat: int) -> tuple[int, ...]:
        return tuple((first + r) * n_peers + seat for r in range(3))

    return tuple(DealtSlots(rounds(0, seat), rounds(3, seat), rounds(6, seat)) for seat in range(n_peers))


class SimulatedTable:
    """`n_peers` seated `TableDeck`s of one table, each checking every message the others send."""

    def __init__(self, table_id: bytes, n_peers: int, n_cards: int, seed: int, hook: WorkHook = _run) -> None:
        self.params = TableParams(table_id, n_peers, n_cards)
        self.peers = tuple(
            TableDeck(self.params, seat, random.Random(f"{seed}/{seat}").randbytes) for seat in range(n_peers)
        )
        self.transcript: list[tuple[int, object]] = []
        self.sent_bytes = [0] * n_peers
        self._hook = hook

    def broadcast(self, step: str, makers: Mapping[int, Callable[[], Message]], learn: Sequence[int] = ()) -> None:
        """Each seat in `makers` makes its message; every other seat receives it, then looks at `learn`."""
        sent = []
        for seat, make in makers.items():
            data = self._hook(step, seat, lambda make=make: msgpack.packb(make().to_wire()))
            self.sent_bytes[seat] += len(data)
            self.transcript.append((seat, msgpack.unpackb(data)))
            sent.append((seat, data))
        for seat, peer in enumerate(self.peers):
            self._hook(f"{step}/verify", seat, functools.partial(_take, peer, seat, sent, learn))

    def exchange_keys(self) -> None:
        """Every seat publishes its proven key share."""
        self.broadcast("keys", {seat: peer.key_share_message for seat, peer in enumerate(self.peers)})

    def shuffle(self) -> None:
        """Every seat in turn shuffles the deck and proves it."""
        for seat, peer in enumerate(self.peers):
            self.broadcast(f"shuffle {seat}", {seat: peer.shuffle_message})

    def reveal(
        self, public: Sequence[int] = (), private: Mapping[int, Sequence[int]] | None = None, step: str = "reveal"
    ) -> None:
        """Reveal `public` slots to all and each `private[owner]` slot to its owner alone, in one step."""
        private = private or {}
        makers = {}
        for seat, peer in enumerate(self.peers):
            slots = [*public, *(slot for owner, owned in private.items() if owner != seat for slot in owned)]
            if slots:
                makers[seat] = functools.partial(peer.reveal_message, slots)
        self.broadcast(step, makers, [*public, *(slot for owned in private.values() for slot in owned)])

    def deal(self) -> tuple[DealtSlots, ...]:
        """The Shithead deal: face-up cards revealed to all, hands to their owners, face-down kept hidden."""
        layout = shithead_deal(self.params.n_peers, self.params.n_cards)
        public = [slot for seat in layout for slot in seat.face_up]
        self.reveal(public, {seat: dealt.hand for seat, dealt in enumerate(layout)}, step="deal")
        return layout

    def setup(self) -> tuple[DealtSlots, ...]:
        """From an empty table to every seat holding its dealt cards: keys, shuffles, deal."""
        self.exchange_keys()
        self.shuffle()
        return self.deal()


def _take(peer: TableDeck, seat: int, sent: Sequence[tuple[int, bytes]], learn: Sequence[int]) -> None:
    for sender, data in sent:
        if sender != seat:
            peer.receive(sender, message_from_wire(sender, msgpack.unpackb(data)))
    for slot in learn:
        peer.card(slot)
