"""An in-memory group of seated peers and an observer, joined by a msgpack broadcast."""

from __future__ import annotations

import random
from collections.abc import Callable

import msgpack

from p2pshithead.bots import Player
from p2pshithead.engine import Ruleset
from p2pshithead.game import Event, LocalSeat, Revealed, SeatedTable, TableState, next_payload


def seeded_rand(seed: int) -> Callable[[int], bytes]:
    rng = random.Random(seed)
    return lambda n: rng.randbytes(n)


class MemoryTable:
    """Every payload goes through msgpack to every peer and the observer, in one global order.
    `events[i]` holds what each peer's `apply` returned for the last entry (the observer's last)."""

    def __init__(self, rules: Ruleset, players: list[Player], seed: int = 0, previous: tuple[int, ...] = (),
                 last_players: int | None = None) -> None:
        """`previous`: the last game's finish order (a game of a series: its Shithead deals, and the
        French exchange opens when every seat played it and nobody else did: `last_players`, by default
        as many as `previous` names)."""
        last = len(previous) if last_players is None else last_players
        n = len(players)
        tid = b"test-table-%d" % seed
        self.players = players
        states = [TableState(rules, tid, n, previous, last) for _ in range(n)]
        self.peers = [SeatedTable(st, LocalSeat(st, s, seeded_rand(seed * 100 + s))) for s, st in enumerate(states)]
        self.observer = TableState(rules, tid, n, previous, last)
        self.rngs = [random.Random(seed * 1000 + s) for s in range(n)]
        self.transcript: list[tuple[int, bytes]] = []
        self.events: list[list[Event]] = []

    @property
    def parties(self) -> list[SeatedTable | TableState]:
        """Every peer, then the observer: each of them applies every payload."""
        return [*self.peers, self.observer]

    def broadcast(self, seat: int, payload: object) -> None:
        wire = msgpack.packb(payload, use_bin_type=True)
        self.transcript.append((seat, wire))
        self.events = [party.apply(seat, msgpack.unpackb(wire, raw=False)) for party in self.parties]

    def step(self) -> bool:
        """Send the next payload (lowest acting seat first); False once nobody may act."""
        actors = self.observer.who_may_act()
        assert all(p.who_may_act() == actors for p in self.peers), "peers disagree on who may act"
        for seat in sorted(actors):
            payload = next_payload(self.peers[seat], self.players[seat], self.rngs[seat])
            if payload is not None:
                self.broadcast(seat, payload)
                return True
        assert not actors, f"seats {sorted(actors)} may act but none sent anything"
        return False

    def run(self, limit: int = 20_000) -> tuple[int, ...] | None:
        for _ in range(limit):
            if not self.step():
                break
        return self.observer.finish_order()


def public_events(events: list[Event]) -> list[Event]:
    """The events every peer shares: all but the private reveals."""
    return [e for e in events if not (isinstance(e, Revealed) and e.to is not None)]
