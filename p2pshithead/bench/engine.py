"""The engine benchmark: greedy 4-player classic games on one core, as `bench engine` prints it.

Invariant: the games are those of a seeded match (game `g` dealt from `random.Random(f"{seed}:{g}")`),
so two runs play the same moves and differ only in time; `clock` is injected. The games are played
twice: once as a table plays them (`play_game`: the speed), once with a clock around each part of a
move (the split: the engine's push, and the bot's decision with the view it decides on).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from p2pshithead import compiled
from p2pshithead.bots import GreedyBot, LocalTable, play_game
from p2pshithead.engine import preset

__all__ = ["bench_engine"]


def bench_engine(games: int = 200, seed: int = 0, clock: Callable[[], float] = time.process_time) -> dict[str, object]:
    """Play `games` greedy games (4 players, classic) in this process; their speed, by default in
    CPU seconds of this process (one core: other work on a busy machine does not count).

    Returns:
        games_per_s, us_per_move (every pushed move, swap phase included, all included),
        engine_us_per_move (`Game.push` alone), decide_us (asking the table's seats: the bot's
        decision on the seat's lens, as a table shows greedy), view_us (what a fresh view of the seat
        to act would cost on top, for a player shown views: not in decide_us), table_us (the rest of
        us_per_move: the table's loop and its deals), moves_per_game, games, engine ("compiled", or
        "source": p2pshithead/compiled.py). The split's parts are each less one clock reading (what
        timing a part adds to it).

    Raises:
        ValueError: fewer than one game.
    """
    if games < 1:
        raise ValueError("games: at least 1")
    rules, players = preset("classic"), [GreedyBot()] * 4
    moves = 0
    start = clock()
    for g in range(games):
        moves += play_game(rules, players, random.Random(f"{seed}:{g}"))[2]
    seconds = max(clock() - start, 1e-9)
    pushing = deciding = viewing = 0.0
    for g in range(games):
        table = LocalTable(rules, players, random.Random(f"{seed}:{g}"), undo=False)  # as `play_game`
        game = table.game
        while not game.is_over():
            t0 = clock()
            game.view(game.turn)  # what a fresh view of the seat to act costs, measured apart
            t1 = clock()
            move = table.next_move()
            t2 = clock()
            game.push(move)
            pushing += clock() - t2
            deciding += t2 - t1
            viewing += t1 - t0
    reading = _reading(clock)
    per_move = 1e6 / max(moves, 1)
    engine, decide = max(pushing * per_move - reading, 0.0), max(deciding * per_move - reading, 0.0)
    return {
        "games_per_s": games / seconds,
        "us_per_move": seconds * per_move,
        "engine_us_per_move": engine,
        "decide_us": decide,
        "view_us": max(viewing * per_move - reading, 0.0),
        "table_us": max(seconds * per_move - engine - decide, 0.0),
        "moves_per_game": moves / games,
        "games": games,
        "engine": compiled.running(),
    }


def _reading(clock: Callable[[], float], times: int = 2000) -> float:
    """Microseconds one reading of `clock` takes (the least of a few tries)."""
    best = float("inf")
    for _ in range(5):
        start = clock()
        for _ in range(times):
            clock()
        best = min(best, (clock() - start) / times)
    return best * 1e6
