"""Building Speed positions for tests: a deal with chosen cards at chosen deck positions.

Seat 0 is dealt positions 0..25 (26..51 for seat 1) as its stock, top last: stack i takes the next i+1
from the top (the first taken at the bottom), then one more goes to its centre pile. `SLOTS[seat]`
names those positions, so a test says "seat 0's stack 2 top is a 7" without counting.
"""

from __future__ import annotations

from p2pshithead.speed import Speed, SpeedRules, open_all


def card(rank: int, suit: int = 0) -> int:
    """The card number of rank 1 (A) .. 13 (K) in suit 0..3 (of a pack without jokers)."""
    return (rank - 1) * 4 + suit


def layout_slots(seat: int, half: int = 26, sizes: tuple[int, ...] = (1, 2, 3, 4, 5)) -> tuple[list[list[int]], int]:
    """The deck positions of `seat`'s stacks (bottom to top) and of its opening pile card."""
    top = (seat + 1) * half - 1
    stacks = []
    for size in sizes:
        stacks.append(list(range(top, top - size, -1)))
        top -= size
    return stacks, top


def deal(rules: SpeedRules, fixed: dict[int, int]) -> list[int]:
    """A deal (the card at each deck position) with `fixed` cards where given, the rest in order."""
    rest = iter(c for c in range(rules.size) if c not in fixed.values())
    return [fixed[slot] if slot in fixed else next(rest) for slot in range(rules.size)]


def tops(rules: SpeedRules, seat0: list[int], seat1: list[int], piles: tuple[int, int]) -> dict[int, int]:
    """Fixed cards: each seat's stack tops (left to right) and its opening pile card."""
    fixed: dict[int, int] = {}
    sizes = (1, 1, 1, 1) if rules.chinese else (1, 2, 3, 4, 5)
    for seat, cards in enumerate((seat0, seat1)):
        stacks, pile = layout_slots(seat, rules.size // 2, sizes)
        for stack, c in zip(stacks, cards, strict=False):
            fixed[stack[-1]] = c
        fixed[pile] = piles[seat]
    return fixed


def started(rules: SpeedRules, fixed: dict[int, int]) -> tuple[Speed, list[int]]:
    """A game dealt with `fixed`, every card being turned opened."""
    cards = deal(rules, fixed)
    game = Speed(rules)
    open_all(game, cards)
    return game, cards
