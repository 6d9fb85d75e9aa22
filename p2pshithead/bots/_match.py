"""Matches between bots: many games with rotating seats, tallied per bot.

Invariants: game `g` of a match seeded `seed` is dealt from `random.Random(f"{seed}:{g}")`, so a
match is reproducible game by game; bot `i` sits at seat `(i + g) % players` in game `g`, so
every bot plays every seat equally often over a multiple of `players` games; a game that reaches
`limit` moves stops and is counted apart, never as anyone's loss; a match played in parts (`first`)
and pooled (`MatchResult.pooled`) counts exactly what the whole match played at once counts.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from p2pshithead.bots._base import Player
from p2pshithead.bots._table import LocalTable
from p2pshithead.engine import Flip, Outcome, PickUp, Play, Ruleset

__all__ = ["BotTally", "MatchResult", "play_match", "play_game", "wilson"]

_TURNS = (Play, Flip, PickUp)  # the moves that are turns (one tuple, not one built per move)

MOVE_LIMIT = 5_000
"""Moves after which a game is abandoned (a loop between bots would otherwise never end)."""


def wilson(hits: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% for the default `z`); (0, 1) with no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = hits / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class BotTally:
    """One bot's record in a match: how often it was the Shithead out of the finished games."""

    bot: str
    losses: int
    games: int

    @property
    def loss_rate(self) -> float:
        return self.losses / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.losses, self.games)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match's figures; `results` are in the order the bots were given."""

    results: tuple[BotTally, ...]
    games: int
    finished: int
    turns: int  # turns played (plays, flips, pick-ups) in finished games
    seconds: float

    def __post_init__(self) -> None:
        if not 0 <= self.finished <= self.games:
            raise ValueError("finished games: 0 to games")

    @classmethod
    def pooled(cls, parts: Sequence[MatchResult], seconds: float) -> MatchResult:
        """The parts of one match (same bots, disjoint games) as one result taking `seconds`.

        Raises:
            ValueError: no parts, or parts of different bots.
        """
        if not parts or len({tuple(t.bot for t in p.results) for p in parts}) != 1:
            raise ValueError("pool at least one part, all of the same bots")
        tallies = tuple(
            BotTally(tally.bot, sum(p.results[i].losses for p in parts), sum(p.results[i].games for p in parts))
            for i, tally in enumerate(parts[0].results)
        )
        return cls(tallies, sum(p.games for p in parts), sum(p.finished for p in parts),
                   sum(p.turns for p in parts), seconds)  # fmt: skip

    @property
    def limited(self) -> int:
        """Games stopped at the move limit."""
        return self.games - self.finished

    @property
    def avg_turns(self) -> float:
        return self.turns / self.finished if self.finished else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def play_game(
    rules: Ruleset, players: Sequence[Player], rng: random.Random, limit: int = MOVE_LIMIT
) -> tuple[Outcome | None, int, int]:
    """Play one game on a `LocalTable`: (its outcome, None at the `limit`; turns played, that is
    plays, flips and pick-ups; moves pushed)."""
    table = LocalTable(rules, players, rng, undo=False)  # nobody undoes a move here
    turns = moves = 0
    for move in table.moves(limit):
        moves += 1
        turns += isinstance(move, _TURNS)
    return table.game.outcome(), turns, moves


def play_match(
    rules: Ruleset,
    players: Sequence[Player],
    games: int,
    seed: int = 0,
    limit: int = MOVE_LIMIT,
    clock: Callable[[], float] = time.perf_counter,
    first: int = 0,
) -> MatchResult:
    """Play games `first` to `first + games - 1` of the match between `players` (one per seat),
    with rotating seats.

    Raises:
        ValueError: fewer than one game, or a negative `first`.
    """
    if games < 1 or first < 0:
        raise ValueError("games: at least 1, from game 0 on")
    n = len(players)
    losses = [0] * n
    finished = turns = 0
    start = clock()
    for g in range(first, first + games):
        seated = [players[(s - g) % n] for s in range(n)]  # bot i at seat (i + g) % n
        outcome, played, _ = play_game(rules, seated, random.Random(f"{seed}:{g}"), limit)
        if outcome is None:
            continue
        finished += 1
        turns += played
        if outcome.shithead is not None:
            losses[(outcome.shithead - g) % n] += 1
    tallies = tuple(BotTally(p.name, losses[i], finished) for i, p in enumerate(players))
    return MatchResult(tallies, games, finished, turns, clock() - start)
