"""Cards, ranks, suits and the mapping between a deck index and a card.

Invariants: a deck of `decks` standard packs plus `jokers` jokers per pack has indices
0..size-1; index i < 52*decks is rank 2 + (i % 52) // 4, suit i % 4; the rest are jokers.
Card text is rank then suit letter ("Kh", "10s", "2c"), jokers are "Jo".
A card's integer code (the engine's inner form) is `rank << 3 | suit`, suit 1-4 for c d h s and 0
for a joker: always 16-127, so 0 means "unknown" and a code fits a byte; `CARD_OF[code]` is the card.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["PACK_SIZE", "Rank", "Suit", "Card", "deck_size", "card_at", "parse_rank", "code_of", "CARD_OF"]

PACK_SIZE = 52
"""Cards in one standard pack, jokers not counted (RULES.md 1)."""


class Rank(enum.IntEnum):
    """A card's rank; the value is its face value, ace high, joker above all."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    __hash__ = int.__hash__  # as its int (equal to it); Enum's own hash is slow Python code

    @property
    def symbol(self) -> str:
        return _RANK_TEXT[self]


class Suit(enum.Enum):
    """A card's suit; jokers have none."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    __hash__ = object.__hash__  # members are singletons compared by identity; faster than Enum's

    @property
    def glyph(self) -> str:
        return _GLYPHS[self]


_RANK_TEXT = {r: str(r.value) for r in Rank if 2 <= r.value <= 10}
_RANK_TEXT.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "Jo"})
_TEXT_RANK = {v.upper(): k for k, v in _RANK_TEXT.items()}
_TEXT_RANK.update({"T": Rank.TEN, "JOKER": Rank.JOKER, "X": Rank.JOKER})
_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_GLYPHS = {Suit.CLUBS: "\u2663", Suit.DIAMONDS: "\u2666", Suit.HEARTS: "\u2665", Suit.SPADES: "\u2660"}


def parse_rank(text: str) -> Rank:
    """Parse a rank as typed by a person ("7", "10", "t", "q", "jo").

    Raises:
        ValueError: the text names no rank.
    """
    try:
        return _TEXT_RANK[text.strip().upper()]
    except KeyError:
        raise ValueError(f"not a rank: {text!r} (2-10, J, Q, K, A, Jo)") from None


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card's identity; two packs hold equal cards, told apart only by their slot."""

    rank: Rank
    suit: Suit | None

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank):
            raise TypeError(f"rank must be a Rank, not {self.rank!r}")
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise ValueError("jokers, and only jokers, have no suit")

    def text(self) -> str:
        """The card in notation: "Kh", "10s", "Jo"."""
        return self.rank.symbol + (self.suit.value if self.suit else "")

    def pretty(self, unicode: bool = True) -> str:
        """The card for people: "K\u2665" (or "Kh" when `unicode` is false)."""
        if self.suit is None:
            return "Jo"
        return self.rank.symbol + (self.suit.glyph if unicode else self.suit.value)

    @classmethod
    def from_text(cls, text: str) -> Card:
        """Inverse of `text()`.

        Raises:
            ValueError: not a card.
        """
        t = text.strip()
        if t.upper() in ("JO", "JOKER"):
            return cls(Rank.JOKER, None)
        if len(t) < 2:
            raise ValueError(f"not a card: {text!r}")
        try:
            suit = Suit(t[-1].lower())
        except ValueError:
            raise ValueError(f"not a card: {text!r} (suit must be c, d, h or s)") from None
        return cls(parse_rank(t[:-1]), suit)

    def __repr__(self) -> str:
        return f"Card.from_text({self.text()!r})"


def deck_size(decks: int, jokers: int) -> int:
    """Number of cards in `decks` packs with `jokers` jokers per pack."""
    return decks * (PACK_SIZE + jokers)


def card_at(index: int, decks: int, jokers: int) -> Card:
    """The card at deck `index` (see the module invariant).

    Raises:
        ValueError: index outside the deck.
    """
    if not 0 <= index < deck_size(decks, jokers):
        raise ValueError(f"card index {index} outside a deck of {deck_size(decks, jokers)}")
    if index >= PACK_SIZE * decks:
        return Card(Rank.JOKER, None)
    i = index % PACK_SIZE
    return Card(Rank(2 + i // 4), _SUIT_ORDER[i % 4])


_SUIT_CODE = {suit: i + 1 for i, suit in enumerate(_SUIT_ORDER)}


def code_of(card: Card) -> int:
    """The integer code of `card` (see the module invariants)."""
    return int(card.rank) << 3 | (_SUIT_CODE[card.suit] if card.suit else 0)


CARD_OF: tuple[Card | None, ...] = tuple(
    Card(Rank(code >> 3), _SUIT_ORDER[(code & 7) - 1] if code & 7 else None)
    if 2 <= code >> 3 <= 15 and ((code & 7) == 0) == (code >> 3 == 15) and (code & 7) <= 4 else None
    for code in range(128)
)
"""The card of each code, None for codes that name no card (0: unknown)."""
