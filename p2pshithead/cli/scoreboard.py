"""The scoreboard of an evening (a series of games): titles per game, Masta and Shithead counts per
player, games played (RULES.md 6). Pure text from finish orders; the same at `play` and at a LAN table.

Invariant: a game counts once it has an outcome; seats are the table's, named by `names`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from p2pshithead.engine import Outcome

__all__ = ["Scoreboard"]


@dataclass
class Scoreboard:
    """Games of a series so far, by outcome, at a table whose seats are named `names`."""

    names: Sequence[str]
    games: list[Outcome] = field(default_factory=list)

    def add(self, outcome: Outcome) -> None:
        """Count a finished game."""
        self.games.append(outcome)

    def count(self, seat: int, title: str) -> int:
        """How many games `seat` finished with `title` ("Masta", "Shithead", "Winner")."""
        return sum(1 for o in self.games if o.title(seat) == title)

    def lines(self, max_games: int = 5) -> list[str]:
        """The board: one row per player with Masta and Shithead counts, then the titles of each game in
        at most `max_games` lines (the last games; one line then says the earlier ones are counted)."""
        n = len(self.games)
        if not n:
            return []
        winner_only = all(o.first_out_wins for o in self.games)
        heads = ("Winner",) if winner_only else ("Masta", "Shithead")
        width = max(len(name) for name in self.names)
        title = f"Scoreboard, {n} game{'s' if n != 1 else ''} played"
        left = max(len(title), width + 4)
        rows = [title.ljust(left) + "".join(f"{h:>10}" for h in heads)]
        for seat, name in enumerate(self.names):
            rows.append(f"  {name:<{left - 2}}" + "".join(f"{self.count(seat, h):>10}" for h in heads))
        room = max(1, max_games)
        shown = self.games if n <= room else self.games[-max(1, room - 1):]
        if len(shown) < n:
            rows.append(f"  (game{'s 1 to' if n - len(shown) > 1 else ''} {n - len(shown)}: in the counts above)")
        for number, outcome in enumerate(shown, n - len(shown) + 1):
            rows.append(f"  Game {number}: " + ", ".join(self._titles(outcome)))
        return rows

    def _titles(self, outcome: Outcome) -> list[str]:
        """"Masta Ann", "Vice-Masta Bob", "Shithead Cy": the named places of one game."""
        out = []
        for seat in outcome.order:
            title = outcome.title(seat)
            if title and not title.startswith("#"):
                out.append(f"{title} {self.names[seat]}")
        return out
