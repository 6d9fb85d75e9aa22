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

__all__ = ["Deal", "SimulatedTable", "WorkHook"]

_T = TypeVar("_T")


class WorkHook(Protocol):
    """Runs one peer's `work` in a named step and returns its result (the benchmark times it)."""

    def __call__(self, step: str, peer: int, work: Callable[[], _T]) -> _T: ...


def _run(step: str, peer: int, work: Callable[[], _T]) -> _T:
    return work()


@dataclass(frozen=True, slots=True)
class Deal:
    """Which slots a deal opens: `public` to every seat, `private[seat]` to that seat alone (the caller's
    card game decides; this package knows no game's layout)."""

    public: tuple[int, ...]
    private: Mapping[int, tuple[int, ...]]

    def check(self, n_cards: int) -> None:
        """Raises `LocalDeckError` when a slot of the deal lies past a deck of `n_cards`."""
        need = 1 + max((*self.public, *(slot for owned in self.private.values() for slot in owned)), default=-1)
        if need > n_cards:
            raise LocalDeckError(f"the deal needs {need} cards; the deck has {n_cards}")


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
            data = self._hook(step, seat, functools.partial(_pack, make))
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
            slots = _shares_of(seat, public, private)
            if slots:
                makers[seat] = functools.partial(peer.reveal_message, slots)
        self.broadcast(step, makers, [*public, *(slot for owned in private.values() for slot in owned)])

    def deal(self, deal: Deal) -> None:
        """Open `deal`: its public slots to all, each private slot to its owner alone, one seat after the
        other in seat order (as the card game takes the deal, so that seat 0 is never the last to send).

        Raises:
            LocalDeckError: a slot of the deal is not in the deck.
        """
        deal.check(self.params.n_cards)
        opened = [*deal.public, *(slot for owned in deal.private.values() for slot in owned)]
        for seat, peer in enumerate(self.peers):
            slots = _shares_of(seat, deal.public, deal.private)
            self.broadcast(f"deal {seat}", {seat: functools.partial(peer.reveal_message, slots)}, opened)

    def setup(self, deal: Deal) -> None:
        """From an empty table to every seat holding its dealt cards: keys, shuffles, `deal`."""
        deal.check(self.params.n_cards)
        self.exchange_keys()
        self.shuffle()
        self.deal(deal)


def _shares_of(seat: int, public: Sequence[int], private: Mapping[int, Sequence[int]]) -> list[int]:
    """The slots whose shares `seat` sends to open `public` to all and each `private[owner]` to its owner."""
    return [*public, *(slot for owner, owned in private.items() if owner != seat for slot in owned)]


def _pack(make: Callable[[], Message]) -> bytes:
    return msgpack.packb(make().to_wire())


def _take(peer: TableDeck, seat: int, sent: Sequence[tuple[int, bytes]], learn: Sequence[int]) -> None:
    for sender, data in sent:
        if sender != seat:
            peer.receive(sender, message_from_wire(sender, msgpack.unpackb(data)))
    for slot in learn:
        peer.card(slot)
