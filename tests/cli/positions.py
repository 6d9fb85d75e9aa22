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
    others: list[Seat] = field(default_factory=lambda: [Seat(3, "Kh Qd 5d"), Seat(3, "Jc 8h 6s"), Seat(3, "8s 3s Ah")])
    pile: str = ""
    stock: int = 10
    turn: int = 0
    phase: str = "play"
    extra: str = ""  # head fields such as "w1:9:-" or "r1,2,3"
    rules: Ruleset = field(default_factory=Ruleset)

    def game(self) -> Game:
        counter = iter(range(self.rules.deck_size(1 + len(self.others))))

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


# Shared positions (seat 0 to act unless said), used by the prompt and render tests.
HAND = Table(Seat("4s 7h 7c 9d Kd", "Qs 5s 7s"), pile="8c 5c")
SEVEN = Table(Seat("4s 9d Kd", "Qs 5s 7s"), pile="8c 7d")
ACES = Table(Seat("As Ad 6c", "Qs 5s 7s"), pile="5c", rules=FRENCH)
DOWN = Table(Seat(0, "", 3), pile="8c", stock=0)
UP = Table(Seat(0, "4h 9c 9s", 3), pile="Kc", stock=0)
UP_OK = Table(Seat(0, "4h Ac As", 3), pile="Kc", stock=0)
SWAP = Table(Seat("3h 8d Ac", "Ks 4c 10d"), phase="swap", extra="r1,2,3")
SHOW = Table(Seat("4c 9h Kd", "Qs 5s 7s"), phase="show")
JOIN = Table(Seat("7h", "7c 7d 9s"), pile="5c", stock=0)
TURBO = Table(Seat("9c 9s 4h", "Qs 5s 7s"), pile="9h", turn=2, extra="w1:9:-", rules=FRENCH)
INTERRUPT = Table(Seat("9c 4h", "Qs 5s 7s"), pile="9h 9s 9d", turn=2, extra="w1:9:-", rules=HEBREW)
EMPTY = Table(Seat("4s 7h", "Qs 5s 7s"), pile="")

# Six seats (two packs), one out, a long hand and a long pile: the layout tests' table.
SIX = Table(Seat("4s 7h 7c 9d Kd Kh 2c 10s Jd", "Qs 5s 7s"),
            others=[Seat(3, "Kh Qd 5d"), Seat(5, "Jc 8h 6s"), Seat(0, "", 0), Seat(12, "8s 3s Ah"),
                    Seat(1, "10c 9s 4h")],
            pile="8c 5c 6d 6h 9c Jh Qc", stock=30, rules=FRENCH, extra="o3")
SIX_NAMES = ["You", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]
KARMA = Table(Seat("4s 9d", "7s 7c Kd"), pile="5c", rules=preset("karma"))
