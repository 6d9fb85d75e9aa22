"""Engine speed: greedy 4-player classic games per second on one core (not a test).

    .venv/bin/python tests/engine/speed.py [games] [--profile]

Each game is dealt with `Game.deal_known` and played through `moves_for` / `push` only (no
views, no notation) by a greedy policy: the lowest plain rank, the most cards, power cards last,
a pick-up only when nothing else is legal.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from p2pshithead.engine import Card, Flip, Game, Move, PickUp, Play, Ready, Ruleset, Show, preset


def _known(game: Game, slot: int) -> Card:
    card = game.card(slot)
    assert card is not None, "deal_known: every card is known"
    return card


def greedy(game: Game) -> Move:
    moves = game.moves_for(game.awaited()[-1])
    best, key = moves[0], (9, 0, 0)
    for m in moves:
        if isinstance(m, Ready):
            return m
        if isinstance(m, Play):
            rank = _known(game, m.slots[0]).rank
            k = (0, rank if rank not in (2, 3, 10) else 20 + rank, -len(m.slots))
        elif isinstance(m, Show):
            k = (0, _known(game, m.slot).rank if m.slot is not None else 99, 0)
        elif isinstance(m, Flip):
            k = (0, 0, 0)
        else:
            assert isinstance(m, PickUp)
            k = (1, 0, 0)
        if k < key:
            best, key = m, k
    return best


def play(rules: Ruleset, players: int, seed: int) -> int:
    """One greedy game; the number of moves."""
    rng = random.Random(seed)
    order = list(range(Game(rules, players, 0).size))
    rng.shuffle(order)
    game = Game.deal_known(rules, players, rng.randrange(players), order)
    moves = 0
    while not game.is_over():
        game.push(greedy(game))
        moves += 1
    return moves


def games_per_second(games: int = 300, players: int = 4, rules: str = "classic") -> float:
    start = time.process_time()
    for seed in range(games):
        play(preset(rules), players, seed)
    return games / (time.process_time() - start)


if __name__ == "__main__":
    count = int(next((a for a in sys.argv[1:] if a.isdigit()), 300))
    if "--profile" in sys.argv:
        import cProfile
        import pstats

        cProfile.run(f"games_per_second({count})", "/tmp/engine-speed.prof")
        pstats.Stats("/tmp/engine-speed.prof").sort_stats("tottime").print_stats(20)
    else:
        print(f"{games_per_second(count):.0f} greedy 4-player classic games/s (CPU time, one core)")
