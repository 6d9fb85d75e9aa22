"""Matches: rotating seats, the Wilson interval, and a statistical sanity check."""

from __future__ import annotations

import pytest

from p2pshithead.bots import GreedyBot, RandomBot, play_match, wilson
from p2pshithead.engine import preset


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(25, 100)
    assert lo == pytest.approx(0.1754, abs=1e-3) and hi == pytest.approx(0.3430, abs=1e-3)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.2 < hi < 0.4


def test_match_counts_every_finished_game_once():
    ticks = iter(range(100))
    bots = [GreedyBot(), GreedyBot(), GreedyBot()]
    result = play_match(preset("classic"), bots, 12, seed=3, clock=lambda: float(next(ticks)))
    assert result.finished + result.limited == 12
    assert sum(t.losses for t in result.results) == result.finished
    assert result.seconds == 1.0 and result.games_per_s == 12.0
    assert result.avg_turns > 10


def test_a_move_limit_stops_games_and_counts_them_apart():
    result = play_match(preset("classic"), [RandomBot(), RandomBot()], 3, seed=1, limit=20)
    assert result.limited == 3 and result.finished == 0
    assert all(t.losses == 0 for t in result.results)


def test_greedy_beats_random():
    result = play_match(preset("classic"), [GreedyBot(), RandomBot()], 200, seed=2024)
    greedy, random_bot = result.results
    assert greedy.ci95[1] < 0.5 < random_bot.ci95[0]
    assert greedy.loss_rate < 0.25
