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

from p2pshithead.bots import GreedyBot, LocalTable, play_game
from p2pshithead.engine import preset

__all__ = ["bench_engine"]


def bench_engine(games: int = 200, seed: int = 0, clock: Callable[[], float] = time.process_time) -> dict[str, object]:
    """Play `games` greedy games (4 players, classic) in this process; their speed, by default in
    CPU seconds of this process (one core: other work on a busy machine does not count).

    Returns:
        games_per_s, us_per_move (every pushed move, swap phase included, all included),
        engine_us_per_move (`Game.push` alone), decide_us (a seat's view and the bot's decision,
        per move), view_us (what a view of the seat to act costs, a part of decide_us), moves_per_game, games.

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
        table = LocalTable(rules, players, random.Random(f"{seed}:{g}"))
        game = table.game
        while not game.is_over():
            t0 = clock()
            game.view(game.turn)  # what the table's view of the seat to act costs, measured apart
            t1 = clock()
            move = table.next_move()
            t2 = clock()
            game.push(move)
            pushing += clock() - t2
            deciding += t2 - t1
            viewing += t1 - t0
    per_move = 1e6 / max(moves, 1)
    return {
        "games_per_s": games / seconds,
        "us_per_move": seconds * per_move,
        "engine_us_per_move": pushing * per_move,
        "decide_us": deciding * per_move,
        "view_us": viewing * per_move,
        "moves_per_game": moves / games,
        "games": games,
    }
