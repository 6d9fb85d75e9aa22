"""The scoreboard of an evening (a series of games): titles per game, Masta and Shithead counts per
player, games played (RULES.md 6). Pure text from finish orders; the same at `play` and at a LAN table.

Invariant: a game counts once it has an outcome; seats are the table's, named by `names`. Titles are
counted by the engine's (English) titles and shown in the language in use (`render.title_text`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from p2pshithead.cli.fit import shown_width, wrap
from p2pshithead.cli.render import title_text
from p2pshithead.engine import Outcome
from p2pshithead.lang import _, ngettext

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

    def lines(self, max_games: int = 5, width: int = 80) -> list[str]:
        """The board in `width` columns: one row per player with Masta and Shithead counts, then the
        titles of the last games in at most `max_games` lines (a game's titles wrap at words; one line
        then says the earlier games are counted)."""
        n = len(self.games)
        if not n:
            return []
        columns = ("Winner",) if all(o.first_out_wins for o in self.games) else ("Masta", "Shithead")
        heads = "".join(f"{title_text(h):>10}" for h in columns)
        title = ngettext("Scoreboard, {count} game played", "Scoreboard, {count} games played", n).format(count=n)
        left = max(shown_width(name) for name in self.names) + 4
        if max(left, shown_width(title)) + shown_width(heads) <= width:
            left = max(left, shown_width(title))
            rows = [title + " " * (left - shown_width(title)) + heads]
        else:  # narrow: the title over the column heads
            rows = [title, " " * left + heads]
        for seat, name in enumerate(self.names):
            rows.append(f"  {name:<{left - 2}}" + "".join(f"{self.count(seat, h):>10}" for h in columns))
        games: list[str] = []
        for number in range(n, 0, -1):  # the last games that fit, with a line for the earlier ones
            words = _("Game {number}: {titles}").format(number=number, titles=", ".join(
                self._titles(self.games[number - 1]))).split(" ")
            lines = wrap(words, width, len(words), "  ", "    ")
            if games and len(games) + len(lines) + (number > 1) > max(1, max_games):
                earlier = _("(games 1 to {number}: in the counts above)") if number > 1 else _(
                    "(game 1: in the counts above)")
                games.insert(0, "  " + earlier.format(number=number))
                break
            games = lines + games
        return rows + games

    def _titles(self, outcome: Outcome) -> list[str]:
        """"Masta Ann", "Vice-Masta Bob", "Shithead Cy": the named places of one game."""
        out = []
        for seat in outcome.order:
            title = outcome.title(seat)
            if title and not title.startswith("#"):
                out.append(f"{title_text(title)} {self.names[seat]}")
        return out
