"""Sampling the cards a player cannot see: one possible world consistent with its view.

Invariants: a world is a copy of the view with every unrevealed slot revealed; the identities
used are exactly the deck's cards less those the view knows (so a card seen in a hand, a pile
or a burned heap is never dealt twice, and a card known to sit in someone's hand stays there);
nothing but the view and the injected `rng` is read.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from p2pshithead.engine import Card, Game, card_at

__all__ = ["sample_world", "unseen_cards"]


@lru_cache(maxsize=16)
def _deck(decks: int, jokers: int, size: int) -> tuple[Card, ...]:
    return tuple(card_at(i, decks, jokers) for i in range(size))


def unseen_cards(view: Game) -> list[Card]:
    """The identities of the slots `view` has not seen, as a multiset in deck order.

    Raises:
        ValueError: the view knows more copies of a card than the deck holds.
    """
    left = Counter(_deck(view.decks, view.rules.jokers, view.size))
    left.subtract(view.known.values())
    if any(n < 0 for n in left.values()):
        raise ValueError("the view knows a card more often than the deck holds it")
    return list(left.elements())


def sample_world(view: Game, rng: random.Random) -> Game:
    """A copy of `view` with each unseen slot given an identity, uniformly among the ways the
    unseen cards can be dealt to the unseen slots."""
    hidden = [slot for slot in range(view.size) if view.card(slot) is None]
    cards = unseen_cards(view)
    rng.shuffle(cards)
    world = view.copy()
    for slot, card in zip(hidden, cards, strict=True):
        world.reveal(slot, card)
    return world
