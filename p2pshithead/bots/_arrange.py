"""Face-up rows worth a playout in the swap phase, and the swaps that lay one out.

Invariants: an arrangement is the set of cards a seat wants face up, drawn from its own hand and
face-up row only (what its view shows it), as many as its face-up row holds; `swaps_to` reaches
it with legal `Swap` moves (one card each way) and ends with `Ready`.
"""

from __future__ import annotations

from collections.abc import Mapping

from p2pshithead.bots._greedy import keep_value
from p2pshithead.engine import Card, Game, Move, Power, Rank, Ready, Swap

__all__ = ["arrangements", "swaps_to"]


def arrangements(view: Game, me: int) -> list[frozenset[Card]]:
    """Face-up rows to try, greedy's first (the cards most worth keeping face up), then: the same but
    the best card kept in hand; plain cards up and power cards kept in hand; the row as dealt."""
    table: Mapping[Rank, Power] = view.power_table
    mine = [c for s in (*view.hand(me), *view.face_up(me)) if (c := view.card(s)) is not None]
    k = len(view.face_up(me))
    best = sorted(mine, key=lambda c: keep_value(table, c), reverse=True)
    plain_first = sorted(mine, key=lambda c: (not table[c.rank].anything, keep_value(table, c)), reverse=True)
    dealt = frozenset(c for s in view.face_up(me) if (c := view.card(s)) is not None)
    rows = [frozenset(best[:k]), frozenset(best[1 : k + 1]), frozenset(plain_first[:k]), dealt]
    seen: set[tuple[Rank, ...]] = set()
    out = []
    for row in rows:
        ranks = tuple(sorted(c.rank for c in row))
        if len(row) == k and ranks not in seen:  # rows alike but for suits play alike
            seen.add(ranks)
            out.append(row)
    return out


def swaps_to(view: Game, me: int, row: frozenset[Card]) -> tuple[Move, ...]:
    """The swaps that lay `row` face up, then `Ready`."""
    up_in = [s for s in view.hand(me) if view.card(s) in row]
    down_out = [s for s in view.face_up(me) if view.card(s) not in row]
    return (*(Swap(me, h, u) for h, u in zip(up_in, down_out, strict=False)), Ready(me))
