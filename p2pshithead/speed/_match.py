# Bot matches of Speed in simulated real time (sans-IO: the clock is simulated, the randomness seeded).
# Invariants: each game deals a shuffled deck from `random.Random((seed, g))`, reveals every card being
# turned at once (the deck's shares cost no time here), and lets the seat whose next reaction comes
# first act on the position as it is then; each seat's reaction time varies by +-20%. A game stops at
# the rules' round limit, so every game ends.
"""`SpeedBot`, `BOTS`, `parse_bot`, `play_game`, `play_match` and `MatchResult`."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from p2pshithead.lang import _
from p2pshithead.speed._actions import Action, Event
from p2pshithead.speed._bot import choose, choose_random
from p2pshithead.speed._game import PLAYERS, Speed
from p2pshithead.speed._rules import SpeedRules

__all__ = ["BOTS", "MatchResult", "SeatTally", "SpeedBot", "open_all", "parse_bot", "play_game", "play_match"]


@dataclass(frozen=True, slots=True)
class SpeedBot:
    """A computer player: its strategy ('sound' or 'random') and its reaction time a card, in seconds."""

    strategy: str
    reaction: float

    def __post_init__(self) -> None:
        if self.strategy not in ("sound", "random") or not 0.01 <= self.reaction <= 10:
            raise ValueError(f"bad bot {self!r}")

    def choose(self, game: Speed, seat: int, rng: random.Random) -> Action | None:
        """This bot's action for `seat` now, or None."""
        return choose(game, seat) if self.strategy == "sound" else choose_random(game, seat, rng)

    @property
    def name(self) -> str:
        return f"{self.strategy}:{self.reaction:g}s"


BOTS = {"slow": SpeedBot("sound", 1.5), "steady": SpeedBot("sound", 0.8), "quick": SpeedBot("sound", 0.4),
        "random": SpeedBot("random", 0.8)}  # fmt: skip
"""The bot levels by name: reaction 1.5 s, 0.8 s and 0.4 s a card, and a random player."""


def parse_bot(spec: str) -> SpeedBot:
    """A level name (slow, steady, quick, random) or 'sound:0.3' / 'random:1.2' (seconds a card).

    Raises:
        ValueError: in words, listing the levels.
    """
    if spec in BOTS:
        return BOTS[spec]
    strategy, _colon, seconds = spec.partition(":")
    try:
        return SpeedBot(strategy, float(seconds.removesuffix("s")))
    except ValueError:
        raise ValueError(_("unknown Speed bot {spec!r}: one of {levels}, or sound:SECONDS, random:SECONDS "
                           "(0.01..10)").format(spec=spec, levels=", ".join(BOTS))) from None


def open_all(game: Speed, deal: Sequence[int]) -> list[Event]:
    """Reveal every card being turned, from `deal` (the card at each deck position), until none is
    (a local deck: no shares to wait for); the events."""
    events: list[Event] = []
    while game.awaiting:
        slot = next(iter(game.awaiting))
        events += game.reveal(slot, deal[slot])
    return events


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game: the finish order, the rounds, the plays and the simulated seconds it took."""

    order: tuple[int, ...]
    rounds: int
    plays: int
    seconds: float


def play_game(rules: SpeedRules, bots: Sequence[SpeedBot], rng: random.Random) -> GameResult:
    """Play one game between `bots` (seat order) in simulated real time."""
    deal = list(range(rules.size))
    rng.shuffle(deal)
    game = Speed(rules)
    open_all(game, deal)
    due = [bot.reaction * rng.uniform(0.8, 1.2) for bot in bots]
    now = 0.0
    while game.order is None:
        seat = min(range(PLAYERS), key=due.__getitem__)
        now = due[seat]
        action = bots[seat].choose(game, seat, rng)
        if action is not None:
            game.push(seat, action)
            open_all(game, deal)
        due[seat] = now + bots[seat].reaction * rng.uniform(0.8, 1.2)
    return GameResult(game.order, game.round + 1, sum(game.plays), now)


@dataclass(frozen=True, slots=True)
class SeatTally:
    """One seat's results: its bot, games won, the win rate and its 95% Wilson interval."""

    seat: int
    bot: str
    wins: int
    games: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def ci95(self) -> tuple[float, float]:
        n, p, z = self.games, self.win_rate, 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match: each seat's tally, and the average rounds, plays and simulated seconds a game."""

    results: tuple[SeatTally, ...]
    games: int
    avg_rounds: float
    avg_plays: float
    avg_game_s: float
    games_per_s: float


def play_match(rules: SpeedRules, bots: Sequence[SpeedBot], games: int, seed: int = 0) -> MatchResult:
    """Play `games` games, game g dealt from `random.Random(f"{seed}/{g}")`."""
    if len(bots) != PLAYERS:
        raise ValueError(f"Speed is for {PLAYERS}, not {len(bots)}")
    start = time.perf_counter()
    done = [play_game(rules, bots, random.Random(f"{seed}/{g}")) for g in range(games)]
    elapsed = time.perf_counter() - start
    wins = [sum(1 for r in done if r.order[0] == seat) for seat in range(PLAYERS)]
    return MatchResult(
        tuple(SeatTally(seat, bots[seat].name, wins[seat], games) for seat in range(PLAYERS)), games,
        sum(r.rounds for r in done) / games, sum(r.plays for r in done) / games,
        sum(r.seconds for r in done) / games, games / elapsed if elapsed else 0.0,
    )  # fmt: skip
