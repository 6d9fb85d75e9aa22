"""Hand-made positions for bot tests: name the cards of each zone, the rest lie burned."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from p2pshithead.engine import Card, Game, Ruleset, card_at


def position(
    hands: list[list[str]],
    pile: Sequence[str] = (),
    ups: list[list[str]] | None = None,
    stock: Sequence[str] = (),
    turn: int = 0,
    rules: Ruleset | None = None,
    downs: list[list[str]] | None = None,
    shown: Sequence[int] = (),
) -> Game:
    """A play-phase position: hands (those of the seats `shown` public, as after a pick-up), face-up
    rows, face-down cards, stock (next draw first), pile (bottom first); every other card of one pack
    is burned; everything known to the game."""
    rules = rules or Ruleset()
    ups = ups or [[] for _ in hands]
    downs = downs or [[] for _ in hands]
    deck = Counter(card_at(i, 1, 0) for i in range(52))
    slot = 0

    def cards(names: Sequence[str], public: bool) -> str:
        nonlocal slot
        out = []
        for name in names:
            card = Card.from_text(name)
            deck[card] -= 1
            assert deck[card] >= 0, f"{name} twice"
            out.append(f"{slot}{'=' if public else '~'}{card.text()}")
            slot += 1
        return ",".join(out) or "-"

    seats = [
        f"H:{cards(h, seat in shown)} U:{cards(u, True)} D:{cards(d, False)}"
        for seat, (h, u, d) in enumerate(zip(hands, ups, downs, strict=True))
    ]
    stock_text, pile_text = cards(stock, False), cards(pile, True)
    burned = cards([c.text() for c in deck.elements()], True)
    text = " | ".join([f"play d{len(hands) - 1} t{turn} +", *seats, f"S:{stock_text}", f"P:{pile_text}", f"B:{burned}"])
    return Game.from_text(text, rules)


def lone_king() -> Game:
    """Seat 0 holds 5 5 K on a 4, seat 1 holds 6 6 (known to seat 0: every other card is seen). Greedy's
    5 5, a lone 5 or a pick-up let seat 1 go out with its 6 6; only the king wins: seat 1 cannot beat
    it and picks up, and seat 0 goes out with 5 5 on the empty pile."""
    return position([["5c", "5d", "Kh"], ["6c", "6d"]], pile=["4h"])


def king_before_the_tens() -> Game:
    """`lone_king` with seat 1's 6 6 shown (picked up) and a face-down 10 each, the only cards unseen:
    seat 0's 5 5, lone 5 or pick-up let seat 1 shed its 6 6 and go out on its 10 (a burn); only the king
    wins: seat 1 cannot beat it and picks up, and seat 0 sheds 5 5, then its own 10 burns and it is out."""
    return position([["5c", "5d", "Kh"], ["6c", "6d"]], pile=["4h"], downs=[["10c"], ["10d"]], shown=[1])


def king_among_three() -> Game:
    """Three seats, every card known (seats 1 and 2 picked theirs up): seat 0 holds 5 5 K on a 4, seat 1
    6 6, seat 2 Q Q. Seat 0's 5 5, lone 5 or pick-up let seats 1 and 2 go out on it and leave seat 0 the
    Shithead; only the king wins: seat 1 cannot beat it and picks it up, and seat 0 is left against seat
    1's bigger hand."""
    return position([["5c", "5d", "Kh"], ["6c", "6d"], ["Qc", "Qd"]], pile=["4h"], shown=[1, 2])
