"""Turning a decision-maker's choice into the local seat's next payload.

Invariant: the decision-maker sees only `LocalSeat.view()` (public cards and its own hand), and the
result is a payload `TableState.apply` accepts from that seat when the decision-maker chose a legal move.
A card due in the French exchange (RULES.md 6) is given here when the decision-maker does not give one:
the weakest card the rules allow (for the Shithead every legal gift is its best card).
"""

from __future__ import annotations

import random
from typing import Protocol

from p2pshithead.engine import Game, Give, Move, strength
from p2pshithead.game._local import SeatedTable

__all__ = ["Decider", "next_payload"]


class Decider(Protocol):
    """Anything that picks a move for a seat from its view (the bots' `Player`, structurally)."""

    def decide(self, view: Game, seat: int, rng: random.Random) -> Move | None: ...


def next_payload(table: SeatedTable, decider: Decider, rng: random.Random) -> dict[str, object] | None:
    """The local seat's next payload: a pending protocol step, else `decider`'s decision.

    Returns None when the local seat has nothing to send now.

    Raises:
        RuntimeError: the decider gave no move when one is due.
    """
    local = table.local
    me = local.seat
    if me not in table.who_may_act():
        return None
    pending = local.pending()
    if pending is not None:
        return pending
    if table.state.game is None:
        return None
    view = local.view()
    if local.window_open():
        return local.window_payload(decider.decide(view, me, rng))
    move = decider.decide(view, me, rng)
    exchange = view.exchange
    if exchange is not None and exchange.giver == me and not isinstance(move, Give):
        gifts = [m for m in view.moves_for(me) if isinstance(m, Give)]
        move = min(gifts, key=lambda m: strength(view.rules, view.card(m.slot)))  # type: ignore[arg-type]
    if move is None:
        raise RuntimeError(f"{decider!r} gave no move for seat {me}")
    return local.move_payload(move)
