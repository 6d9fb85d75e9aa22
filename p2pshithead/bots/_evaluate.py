"""How likely a seat is to end the Shithead, read off a position every card of which is known.

Invariants: `shithead_chances` reads only the game it is given (a sampled world: every slot
revealed) and gives each active seat a probability, strictly between 0 and 1, summing to 1 (one
of them ends the Shithead): a conditional logit, exp(score) over the active seats' sum, each
seat's score the weighted sum of its own `features`. The weights are fitted to greedy self-play
(`scripts/fit-evaluation` prints `WEIGHTS`), so a truncated playout scored by it is, on average,
scored as the rest of the playout would have scored it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from p2pshithead.engine import Game

__all__ = ["FEATURES", "WEIGHTS", "features", "shithead_chances"]

FEATURES = (
    "held / 5",
    "sqrt(held)",
    "hand / 5",
    "face-down / 3",
    "burn cards in hand and face up / 2",
    "other power cards in hand and face up / 3",
    "(mean rank of plain cards in hand and face up - 8) / 4",
    "held * stock / 50",
    "to play * pile / 10",
)
"""What `features` returns for a seat, in order; "held": its cards in hand, face up and face down."""

WEIGHTS = (-0.2910, 1.7386, -0.6015, 0.9235, -1.1382, -0.1112, -0.5327, -0.3364, -0.0260)
"""The weights of `FEATURES` in a seat's score, as `scripts/fit-evaluation` printed them."""


def features(game: Game, seat: int) -> tuple[float, ...]:
    """The features of `seat` in `game`, as `FEATURES` lists them."""
    table = game.power_table
    burn = power = plain = ranks = 0
    for slot in (*game.hand(seat), *game.face_up(seat)):
        card = game.card(slot)
        if card is None:
            continue
        if table[card.rank].burn:
            burn += 1
        elif table[card.rank].anything:
            power += 1
        else:
            plain += 1
            ranks += int(card.rank)
    held = len(game.hand(seat)) + len(game.face_up(seat)) + len(game.face_down(seat))
    return (
        held / 5,
        math.sqrt(held),
        len(game.hand(seat)) / 5,
        len(game.face_down(seat)) / 3,
        burn / 2,
        power / 3,
        (ranks / plain - 8) / 4 if plain else 0.0,
        held * len(game.stock) / 50,
        len(game.pile) / 10 if game.turn == seat else 0.0,
    )


def chances(weights: Sequence[float], rows: Sequence[Sequence[float]]) -> list[float]:
    """The conditional logit: each row's exp(weights . row) over their sum."""
    scores = [sum(w * v for w, v in zip(weights, row, strict=True)) for row in rows]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def shithead_chances(game: Game) -> dict[int, float]:
    """P(each active seat ends the Shithead) in `game` by the fitted `WEIGHTS`."""
    active = game.active()
    return dict(zip(active, chances(WEIGHTS, [features(game, p) for p in active]), strict=True))
