"""Sampling the cards a player cannot see: one possible world consistent with its view.

Invariants: a world is a copy of the view with every unrevealed slot revealed; the identities
used are exactly the deck's cards less those the view knows (so a card seen in a hand, a pile
or a burned heap is never dealt twice, and a card known to sit in someone's hand stays there);
beliefs (`avoid`: slot -> cards it is believed not to hold) are met where the unseen cards
allow, else dropped for that slot; nothing but the view, the beliefs and the injected `rng` is read.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from p2pshithead.engine import Card, Game, card_at

__all__ = ["Unseen", "reveal", "sample_deal", "sample_world", "unseen_cards"]


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


@dataclass(frozen=True, slots=True)
class Unseen:
    """What a view has not seen, listed once for the many worlds sampled from it: its unrevealed
    slots in slot order, and the identities they hide (`unseen_cards`)."""

    slots: tuple[int, ...]
    cards: tuple[Card, ...]

    @classmethod
    def of(cls, view: Game) -> Unseen:
        """What `view` has not seen (raises as `unseen_cards`)."""
        codes = view.codes(range(view.size))
        return cls(tuple(slot for slot, code in enumerate(codes) if not code), tuple(unseen_cards(view)))


def sample_world(
    view: Game, rng: random.Random, avoid: Mapping[int, Collection[Card]] | None = None,
    unseen: Unseen | None = None,
) -> Game:
    """A copy of `view` with each unseen slot given an identity (`sample_deal`'s)."""
    return reveal(view.copy(), sample_deal(view, rng, avoid, unseen))


def sample_deal(
    view: Game, rng: random.Random, avoid: Mapping[int, Collection[Card]] | None = None,
    unseen: Unseen | None = None,
) -> list[tuple[int, Card]]:
    """An identity for each unseen slot of `view`, as (slot, card). Without `avoid`, uniformly among the
    ways the unseen cards can be dealt to the unseen slots; with it, each slot it names (in a random
    order) first draws a card uniformly among those left that it does not avoid (any card left, if
    none is), then the other slots are dealt the rest uniformly. `unseen`: `Unseen.of(view)`, if
    the caller keeps it for many worlds of one view."""
    if unseen is None:
        unseen = Unseen.of(view)
    hidden = unseen.slots
    pool = list(unseen.cards)
    rng.shuffle(pool)
    deal: dict[int, Card] = {}
    if avoid:
        constrained = [slot for slot in hidden if slot in avoid]
        rng.shuffle(constrained)
        for slot in constrained:
            shunned = avoid[slot]
            i = next((i for i, card in enumerate(pool) if card not in shunned), 0)
            deal[slot] = pool.pop(i)
    return [*zip((s for s in hidden if s not in deal), pool, strict=True), *deal.items()]


def reveal(game: Game, deal: Iterable[tuple[int, Card]]) -> Game:
    """`game`, its slots given the identities of `deal` (as `sample_deal` draws it)."""
    for slot, card in deal:
        game.reveal(slot, card)
    return game
