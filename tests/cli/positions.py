"""Build positions for CLI tests from a compact description, through the engine's position notation.

Seat 0 is "me": its hand is known here; other seats' hands are unknown. Face-up cards and the
pile are public. Slots not placed anywhere go to the stock (the first `stock` of them) and the
rest to the burned heap, all unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from p2pshithead.engine import Game, Ruleset, preset

NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]


@dataclass
class Seat:
    hand: str | int = 3  # cards ("7h 7c") or a count of unknown cards
    up: str = ""
    down: int = 3


@dataclass
class Table:
    me: Seat
    others: list[Seat] = field(default_factory=lambda: [Seat(3, "Kh Qd 5d"), Seat(3, "Jc 8h 6s"), Seat(3, "9d 4s Ac")])
    pile: str = ""
    stock: int = 10
    turn: int = 0
    phase: str = "play"
    extra: str = ""  # head fields such as "w1:9:-" or "r1,2,3"
    rules: Ruleset = field(default_factory=Ruleset)

    def game(self) -> Game:
        counter = iter(range(52))

        def zone(cards: str | int, mark: str) -> str:
            if isinstance(cards, int):
                return ",".join(str(next(counter)) for _ in range(cards)) or "-"
            return ",".join(f"{next(counter)}{mark}{c}" for c in cards.split()) or "-"

        seats = []
        for i, seat in enumerate([self.me, *self.others]):
            hand = zone(seat.hand, "~" if i == 0 else "=")
            seats.append(f"H:{hand} U:{zone(seat.up, '=')} D:{zone(seat.down, '')}")
        pile = zone(self.pile, "=")
        stock = zone(self.stock, "")
        rest = list(counter)
        burned = ",".join(map(str, rest)) or "-"
        head = f"{self.phase} d3 t{self.turn} +" + (f" {self.extra}" if self.extra else "")
        text = " | ".join([head, *seats, f"S:{stock}", f"P:{pile}", f"B:{burned}"])
        return Game.from_text(text, self.rules)

    def view(self) -> Game:
        return self.game().view(0)


FRENCH = preset("french")
HEBREW = preset("hebrew")
