# Speed's cards (docs/speed.md, "Cards"). Invariants: a card is its number in the deck, 0..size-1, the
# same number the mental-poker deck opens; a pack is 52 cards (ranks A..K in four suits), plus two jokers
# when the rules have them; two packs number the second after the first. Pure functions, no state.
"""Card numbers, ranks and names."""

from __future__ import annotations

__all__ = ["JOKER", "RANK_NAMES", "adjacent", "card_text", "pack_size", "rank"]

JOKER = 0
"""The rank of a joker (A is 1, K is 13)."""
RANK_NAMES = ("*", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUITS = ("\u2663", "\u2666", "\u2665", "\u2660")
_ASCII_SUITS = ("c", "d", "h", "s")


def pack_size(jokers: bool) -> int:
    """Cards in one pack: 52, or 54 with two jokers."""
    return 54 if jokers else 52


def rank(card: int, jokers: bool) -> int:
    """The rank of card number `card`: 1 (A) .. 13 (K), or `JOKER`."""
    i = card % pack_size(jokers)
    return JOKER if i >= 52 else i // 4 + 1


def card_text(card: int, jokers: bool, unicode: bool = True) -> str:
    """`card` as people write it: 'A\u2660', '10\u2665', 'joker' (ascii: 'As', '10h')."""
    i = card % pack_size(jokers)
    if i >= 52:
        return "joker"
    return RANK_NAMES[i // 4 + 1] + (_SUITS if unicode else _ASCII_SUITS)[i % 4]


def adjacent(a: int, b: int, wrap: bool) -> bool:
    """Whether ranks `a` and `b` are one apart (K and A too, with `wrap`); jokers are judged by the caller."""
    gap = abs(a - b)
    return gap == 1 or (wrap and gap == 12)
