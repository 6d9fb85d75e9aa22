"""Turning a decision-maker's choice into the local seat's next payload.

Invariant: the decision-maker sees only the local engine's view of its own seat, and the result is
a payload `CardGame.apply` accepts from that seat when the decision-maker chose a legal move.
"""

from __future__ import annotations

import random

from p2pshithead.bots import Player
from p2pshithead.game._protocol import CardGame

__all__ = ["next_payload"]


def next_payload(table: CardGame, player: Player, rng: random.Random) -> dict[str, object] | None:
    """The local seat's next payload: a pending protocol step, else `player`'s decision.

    Returns None when the local seat has nothing to send now.
    """
    me = table.seat
    if me is None or me not in table.who_may_act():
        return None
    pending = table.pending()
    if pending is not None:
        return pending
    game = table.game
    if game is None:
        return None
    view = game.view(me)
    if table.window_open_to(me):
        return table.window_payload(player.decide(view, me, rng))
    move = player.decide(view, me, rng)
    if move is None:
        raise RuntimeError(f"{player.name} gave no move for seat {me}")
    return table.move_payload(move)
