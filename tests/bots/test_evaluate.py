"""The playout evaluation: one Shithead among the active seats, likelier the more cards a seat holds."""

from __future__ import annotations

import math

import pytest

from p2pshithead.bots._evaluate import FEATURES, WEIGHTS, chances, features, shithead_chances
from p2pshithead.engine import Phase


def test_the_active_seats_chances_are_probabilities_summing_to_one(preset_positions):
    assert len(WEIGHTS) == len(FEATURES)
    games = [g for g in preset_positions["classic"] if g.phase is Phase.PLAY and len(g.active()) >= 2]
    assert games
    for game in games:
        odds = shithead_chances(game)
        assert sorted(odds) == game.active() and all(len(features(game, p)) == len(FEATURES) for p in odds)
        assert all(0 < c < 1 for c in odds.values()) and sum(odds.values()) == pytest.approx(1)


def test_more_cards_in_hand_make_a_seat_likelier_the_shithead():
    def row(hand: int) -> list[float]:  # a seat with `hand` cards in hand, nothing else, no stock
        return [hand / 5, math.sqrt(hand), hand / 5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]

    for few in range(1, 20):
        for more in range(few + 1, 25):
            assert chances(WEIGHTS, [row(few), row(more)])[1] > 0.5


def test_a_burn_card_in_hand_is_worth_more_than_another_power_card():
    burn = FEATURES.index("burn cards in hand and face up / 2")
    other = FEATURES.index("other power cards in hand and face up / 3")
    base = [3 / 5, math.sqrt(3), 3 / 5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    with_burn, with_other = list(base), list(base)
    with_burn[burn], with_other[other] = 1 / 2, 1 / 3
    assert chances(WEIGHTS, [with_burn, with_other])[0] < 0.5
